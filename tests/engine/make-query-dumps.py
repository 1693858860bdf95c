#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dumps test-query.c reads (with ../hprofgen.py).

    make-query-dumps.py OUTDIR

query.hprof (HotSpot, 4-byte ids, object alignment 8 from the address gaps
24 and 40; sizes as docs/semantics.md gives them: instance = align(8 + fields),
primitive array = align(12 + n * element), class object = align(statics) = 0):

    JNI global root
         |
         A  com.example.Node {next=B, other=C}   16 bytes
        / \\
       B   C  C: com.example.Leaf {data=null}     16 bytes
       |      B: com.example.Node {next=D}        16 bytes
       D      com.example.Leaf {data=F}           16 bytes
       |  \\
       F   E  (E: com.example.Node {next=D}, unreachable: no path from a root)
  byte[100]  112 bytes

  H = byte[10] (24 bytes) and I = byte[40] (56 bytes), both unreachable,
  H at the lower address (so a smaller index) than I.
  J = com.example.Loader (8 bytes), unreachable, the loader of a second
  class com.example.Node with no instances.

Retained (dominator tree): F 112; D = 16 + 112 = 128 (E does not count, it
is unreachable); B = 16 + 128 = 144; C 16; A = 16 + 144 + 16 = 176.
Class retained: Node = A's 176 (A dominates B); Leaf = C + D = 144;
byte[] = F's 112; Loader 0.

toplevel.hprof (same layout rules; test_top_level_objects reads it because
query.hprof has only one instance no other object retains): five JNI global
roots and one array two of them share,

    P  com.example.Node {next=byte[100]}  16 + 112 = 128 retained
    R  byte[40] (a root itself)           56
    Q  com.example.Leaf {data=byte[10]}   16 + 24  = 40
    X  byte[20], referred to by S and T   align(12 + 20) = 32: neither S nor
                                          T dominates it, so it is top-level
    S, T  com.example.Node {next=X}       16 each (S at the lower address)

so the top-level instances by retained size are P, R, Q, X, S, T (S before T
on the tie: smaller index); every other top-level object is a class object
of 0 bytes (no statics).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from hprofgen import Hprof, Addresses, OBJECT, BYTE  # noqa: E402


def build():
    h = Hprof(version='1.0.2', id_size=4, timestamp_ms=1767225600000)
    d = h.heap_dump(segmented=True)
    addr = Addresses(0x10000, [24, 40])

    obj = addr()
    d.cls(obj, 'java/lang/Object')
    byte_arr = addr()
    d.cls(byte_arr, '[B', obj)
    node = addr()
    d.cls(node, 'com/example/Node', obj, fields=[('next', OBJECT), ('other', OBJECT)])
    leaf = addr()
    d.cls(leaf, 'com/example/Leaf', obj, fields=[('data', OBJECT)])
    loader = addr()
    d.cls(loader, 'com/example/Loader', obj)

    a, b, c, dd, e, f, hh, i, j = (addr() for _ in range(9))
    d.instance(a, node, {'next': b, 'other': c})
    d.instance(b, node, {'next': dd, 'other': 0})
    d.instance(c, leaf, {'data': 0})
    d.instance(dd, leaf, {'data': f})
    d.instance(e, node, {'next': dd, 'other': 0})
    d.prim_array(f, BYTE, [1] * 100)
    d.prim_array(hh, BYTE, [2] * 10)
    d.prim_array(i, BYTE, [3] * 40)
    d.instance(j, loader, {})
    node2 = addr()
    d.cls(node2, 'com/example/Node', obj, loader_id=j,
          fields=[('next', OBJECT), ('other', OBJECT)])
    d.jni_global(a)
    return h


def build_toplevel():
    h = Hprof(version='1.0.2', id_size=4, timestamp_ms=1767225600000)
    d = h.heap_dump(segmented=True)
    addr = Addresses(0x20000, [24, 40])

    obj = addr()
    d.cls(obj, 'java/lang/Object')
    byte_arr = addr()
    d.cls(byte_arr, '[B', obj)
    node = addr()
    d.cls(node, 'com/example/Node', obj, fields=[('next', OBJECT), ('other', OBJECT)])
    leaf = addr()
    d.cls(leaf, 'com/example/Leaf', obj, fields=[('data', OBJECT)])

    p, p_data, q, q_data, r, s, t, x = (addr() for _ in range(8))
    d.instance(p, node, {'next': p_data, 'other': 0})
    d.prim_array(p_data, BYTE, [1] * 100)
    d.instance(q, leaf, {'data': q_data})
    d.prim_array(q_data, BYTE, [2] * 10)
    d.prim_array(r, BYTE, [3] * 40)
    d.instance(s, node, {'next': x, 'other': 0})
    d.instance(t, node, {'next': x, 'other': 0})
    d.prim_array(x, BYTE, [4] * 20)
    for root in (p, q, r, s, t):
        d.jni_global(root)
    return h


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    build().write(os.path.join(out, 'query.hprof'))
    build_toplevel().write(os.path.join(out, 'toplevel.hprof'))


if __name__ == '__main__':
    main()
