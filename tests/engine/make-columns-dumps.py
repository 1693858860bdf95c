#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dumps test-heap-columns.c reads (with ../hprofgen.py): the
reader's narrow per-object columns at their limits.

    make-columns-dumps.py OUTDIR

HotSpot, 4-byte ids (P = R = 4), object alignment A = 8 (address gaps 24
and 40); primitive array size = align(alignUp(P + R + 4, R) + n * e, 8) =
align(12 + n * e, 8) (docs/semantics.md). Sizes are kept in units of A in 16
bits, so 0xfffe * 8 = 524272 bytes is the largest one the column holds;
bigger sizes, and sizes that are no multiple of 8, go to a table.

columns-sizes.hprof, by address (= object index):
    0    class object java.lang.Object            0 bytes (no statics)
    1..200  byte[10]                             align(12 + 10) = 24 each
    201  int[131065]     12 + 524260 = 524272 = 0xfffe units: in the column
    202  int[131067]     12 + 524268 = 524280 = 0xffff units: in the table
    203  byte[600000]    align(12 + 600000) = 600016: in the table
    204  long[100000]    12 + 800000 = 800012, aligned 800016: in the table
  byte[] = 200 * 24 + 600016 = 604816, int[] = 1048552, long[] = 800016,
  all = 2453384; 3 table entries (<= 205 / 8, so the column stays 16-bit).

columns-few.hprof: class object java.lang.Object (0), byte[10] (24), int[131067]
    (524280) and byte[600000] (600016): 2 of 4 sizes in the table, more than
    4 / 8, so the reader keeps plain 32-bit sizes; the same values.

columns-classes.hprof: 70000 classes C0 .. C69999 (each a subclass of
    java.lang.Object, with a class object), more than a 16-bit class index
    holds. One instance each of C0, C65534, C65535 and C69999, in that order
    after the class objects; C69999 declares an int field: instance size
    align(alignUp(4 + 8, 4), 8) = 16, the others align(8, 8) = 8.

columns-edges.hprof: the edge to the class object, which the graph derives
    from the class column instead of storing it, for each kind of object, by
    object index: class objects 0 java/lang/Object, 1 java/lang/Class, 2 Node
    (field "next"), 3 [LNode;, 4 [I (1 to 4: super 0); 5 Node a (next = 6), 6 Node b
    (next = its class object 2), 7 Node[] {5, 6}, 8 int[3], 9 an instance of a
    class id the dump never defines, 10 an object array of such a class
    {5}, 11 byte[2] (no byte[] class object), 12 an instance of
    java/lang/Class (whose instances are otherwise the class objects).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from hprofgen import Hprof, Addresses, BYTE, INT, LONG, OBJECT  # noqa: E402


def sizes():
    h = Hprof(version='1.0.2', id_size=4, timestamp_ms=1767225600000)
    d = h.heap_dump(segmented=True)
    addr = Addresses(0x10000, [24, 40])
    obj = addr()
    d.cls(obj, 'java/lang/Object')
    d.sticky(obj)
    for _ in range(200):
        d.prim_array(addr(), BYTE, [0] * 10)
    d.prim_array(addr(), INT, length=131065, data=b'\0' * (4 * 131065))
    d.prim_array(addr(), INT, length=131067, data=b'\0' * (4 * 131067))
    d.prim_array(addr(), BYTE, length=600000, data=b'\0' * 600000)
    d.prim_array(addr(), LONG, length=100000, data=b'\0' * 800000)
    return h


def few():
    h = Hprof(version='1.0.2', id_size=4, timestamp_ms=1767225600000)
    d = h.heap_dump(segmented=True)
    addr = Addresses(0x10000, [24, 40])
    obj = addr()
    d.cls(obj, 'java/lang/Object')
    d.prim_array(addr(), BYTE, [0] * 10)
    d.prim_array(addr(), INT, length=131067, data=b'\0' * (4 * 131067))
    d.prim_array(addr(), BYTE, length=600000, data=b'\0' * 600000)
    return h


def classes():
    h = Hprof(version='1.0.2', id_size=4, timestamp_ms=1767225600000)
    d = h.heap_dump(segmented=True, segment_every=10000)
    addr = Addresses(0x10000, [24, 40])
    obj = addr()
    d.cls(obj, 'java/lang/Object')
    ids = []
    for i in range(70000):
        cid = addr()
        ids.append(cid)
        d.cls(cid, 'C%d' % i, super_id=obj, fields=[('v', INT)] if i == 69999 else ())
    for i in (0, 65534, 65535, 69999):
        d.instance(addr(), ids[i], {'v': 7} if i == 69999 else None)
    return h


def edges():
    h = Hprof(version='1.0.2', id_size=4, timestamp_ms=1767225600000)
    d = h.heap_dump(segmented=True)
    addr = Addresses(0x10000, [24, 40])
    obj, klass, node, node_arr, int_arr = addr(), addr(), addr(), addr(), addr()
    d.cls(obj, 'java/lang/Object')
    d.cls(klass, 'java/lang/Class', super_id=obj)
    d.cls(node, 'Node', super_id=obj, fields=[('next', OBJECT)])
    d.cls(node_arr, '[LNode;', super_id=obj)
    d.cls(int_arr, '[I', super_id=obj)
    a, b = addr(), addr()
    d.instance(a, node, {'next': b})
    d.instance(b, node, {'next': node})
    d.obj_array(addr(), node_arr, [a, b])
    d.prim_array(addr(), INT, [1, 2, 3])
    d.instance(addr(), 0x7777000, data=b'')
    d.obj_array(addr(), 0x7777000, [a])
    d.prim_array(addr(), BYTE, [0, 0])
    d.instance(addr(), klass, data=b'')
    d.sticky(obj)
    return h


def main():
    out = sys.argv[1]
    sizes().write(os.path.join(out, 'columns-sizes.hprof'))
    few().write(os.path.join(out, 'columns-few.hprof'))
    classes().write(os.path.join(out, 'columns-classes.hprof'))
    edges().write(os.path.join(out, 'columns-edges.hprof'))


if __name__ == '__main__':
    main()
