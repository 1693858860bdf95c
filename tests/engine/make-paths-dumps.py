#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dumps test-paths.c reads (with ../hprofgen.py).

    make-paths-dumps.py OUTDIR

paths.hprof: the dump of ../cli/pathsdump.py (its docstring gives the
routes and every size).

chain.hprof: a chain of N = 200,000 com.example.Node {next} from one JNI
global: node 0 -> node 1 -> ... -> node N-1. Every node is a target, so
the merged tree is the chain itself: a top (node 0, JNI Global) and N - 1
nodes below it, one per depth, each "com.example.Node.next"; the node at
depth k is reached by N - k targets. Node i's address is 0x100000 + 16 i.

fields.hprof: the names of references from instances with many fields.
A com.example.Pair {a, b} at 0x200000 (JNI global) whose a and b both
hold the com.example.Leaf at 0x300000: its reference is the first field,
"com.example.Pair.a". A com.example.Wide with W = 3000 object fields
f0 .. f2999 at 0x210000 (JNI global): f0 null, f1 an id no object has
(0xdead00), fi for i >= 2 the Leaf at 0x400000 + 16 i, so the reference
to the leaf at 0x400000 + 16 i is "com.example.Wide.fi".
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..'))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))

import hprofgen as g  # noqa: E402
import pathsdump  # noqa: E402

N = 200000


def chain():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(0x1000, 'java/lang/Object')
    d.cls(0x1010, 'com/example/Node', super_id=0x1000, fields=[('next', g.OBJECT)])
    for i in range(N):
        d.instance(0x100000 + 16 * i, 0x1010, {'next': 0x100000 + 16 * (i + 1) if i + 1 < N else 0})
    d.sticky(0x1000)
    d.sticky(0x1010)
    d.jni_global(0x100000)
    return h


W = 3000


def fields():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(0x1000, 'java/lang/Object')
    d.cls(0x1010, 'com/example/Leaf', super_id=0x1000)
    d.cls(0x1020, 'com/example/Pair', super_id=0x1000, fields=[('a', g.OBJECT), ('b', g.OBJECT)])
    d.cls(0x1030, 'com/example/Wide', super_id=0x1000, fields=[('f%d' % i, g.OBJECT) for i in range(W)])
    d.instance(0x300000, 0x1010, {})
    d.instance(0x200000, 0x1020, {'a': 0x300000, 'b': 0x300000})
    values = {'f0': 0, 'f1': 0xdead00}
    for i in range(2, W):
        values['f%d' % i] = 0x400000 + 16 * i
        d.instance(0x400000 + 16 * i, 0x1010, {})
    d.instance(0x210000, 0x1030, values)
    for c in (0x1000, 0x1010, 0x1020, 0x1030):
        d.sticky(c)
    d.jni_global(0x200000)
    d.jni_global(0x210000)
    return h


def main():
    out = sys.argv[1]
    pathsdump.build().write(os.path.join(out, 'paths.hprof'))
    chain().write(os.path.join(out, 'chain.hprof'))
    fields().write(os.path.join(out, 'fields.hprof'))


if __name__ == '__main__':
    main()
