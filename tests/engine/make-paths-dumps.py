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


def main():
    out = sys.argv[1]
    pathsdump.build().write(os.path.join(out, 'paths.hprof'))
    chain().write(os.path.join(out, 'chain.hprof'))


if __name__ == '__main__':
    main()
