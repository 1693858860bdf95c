#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dump of tests/ui/test-dom-paging.c: a dominator tree whose
top level and one node's children are longer than the view's page (1000).

paging.hprof (4-byte ids, HotSpot, addresses 8 apart so A = 8):
- TOP = 2,100 byte[] at 0x100000 + 8 i, each a JNI global root, of
  length (i * 37) mod 200 + 1: a byte[n] is align(12 + n, 8) bytes
  (docs/semantics.md) and holds nothing, so it retains that; the sizes tie
  (16 to 216 bytes), which the tree breaks by object index, i.e. address;
- HOLDER: an Object[1200] at 0x200000 (a JNI global, align(12 + 4800, 8)
  = 4816 bytes) holding KIDS = 1,200 byte[] at 0x300000 + 8 j of length
  (j * 13) mod 97 + 1, which only it reaches: it retains 4816 + theirs,
  more than any other top-level object;
- the three base classes (sticky roots, no statics: 0 bytes).
So the top level has 2,104 entries and HOLDER 1,200 children.

Usage: make-paging-dump.py OUT"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), 'suspects'))

import hprofgen as g  # noqa: E402
import test_suspects as ts  # noqa: E402

TOP, KIDS = 2100, 1200


def paging():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    ts.base_classes(d)
    for i in range(TOP):
        a = 0x100000 + 8 * i
        d.prim_array(a, g.BYTE, data=bytes((i * 37) % 200 + 1))
        d.jni_global(a)
    kids = [0x300000 + 8 * j for j in range(KIDS)]
    for j, a in enumerate(kids):
        d.prim_array(a, g.BYTE, data=bytes((j * 13) % 97 + 1))
    d.obj_array(0x200000, ts.OBJARR, kids)
    d.jni_global(0x200000)
    return h


def main():
    paging().write(sys.argv[1])


if __name__ == '__main__':
    main()
