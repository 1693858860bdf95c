#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dump of tests/ui/test-class-sort.c: 12,000 classes
p.C00000 to p.C11999 (more than HS_CLASS_ORDER_WORKER_MIN, so that the
class table sorts on a worker), class p.C<i> with (i * 7919) mod 13
instances (0 to 12: about 900 classes share each count, so the order's ties
are broken by name), every instance held by one Object[] (a JNI global).

Usage: make-many-classes-dump.py OUT.hprof"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), 'suspects'))

import hprofgen as g  # noqa: E402
import test_suspects as ts  # noqa: E402

N_CLASSES = 12000


def count(i):
    return (i * 7919) % 13


def build():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    new = g.Addresses(0x10000, [8])
    ts.base_classes(d)
    held = []
    for i in range(N_CLASSES):
        cid = 0x4000000 + 8 * i
        d.cls(cid, 'p/C%05d' % i, super_id=ts.OBJ, instance_size=0)
        for _ in range(count(i)):
            o = new()
            d.instance(o, cid)
            held.append(o)
    holder = new()
    d.obj_array(holder, ts.OBJARR, held)
    d.jni_global(holder)
    return h


if __name__ == '__main__':
    build().write(sys.argv[1])
