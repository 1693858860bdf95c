#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dump of tests/ui/test-sorting.c into OUT_DIR:

instances.hprof: 252,000 byte[] of lengths (i * 7919) mod 61 (0 to 60
  bytes: thousands of ties on every size, which the instance order breaks
  by object index), every ninth unreachable and the others held by one
  Object[] (a JNI global): enough instances for the instance list's scan,
  first page and sort to run on two threads (200,000 or more), and a
  first page (1000) far shorter than the list. Beside them a JNI-global
  Object[] at 0x7000000 holds an Object[] at 0x7000008 that holds three
  byte[]: 0x7000010 (10 bytes), 0x7000018 (30) and 0x7000020 (20), a child
  list of three that is not on the dominator tree's top level.

Usage: make-sorting-dumps.py OUT_DIR"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), 'suspects'))

import hprofgen as g  # noqa: E402
import test_suspects as ts  # noqa: E402

N_ARRAYS = 252000


def instances():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    new = g.Addresses(0x10000, [8])
    ts.base_classes(d)
    held = []
    for i in range(N_ARRAYS):
        a = new()
        d.prim_array(a, g.BYTE, data=bytes((i * 7919) % 61))
        if i % 9 != 0:
            held.append(a)
    holder = new()
    d.obj_array(holder, ts.OBJARR, held)
    d.jni_global(holder)
    d.obj_array(0x7000000, ts.OBJARR, [0x7000008])
    d.obj_array(0x7000008, ts.OBJARR, [0x7000010, 0x7000018, 0x7000020])
    for oid, length in ((0x7000010, 10), (0x7000018, 30), (0x7000020, 20)):
        d.prim_array(oid, g.BYTE, data=bytes(length))
    d.jni_global(0x7000000)
    return h


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    instances().write(os.path.join(out, 'instances.hprof'))


if __name__ == '__main__':
    main()
