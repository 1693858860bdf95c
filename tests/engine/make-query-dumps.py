#!/usr/bin/env python3
"""Writes the dump test-query.c reads (with ../hprofgen.py).

    make-query-dumps.py OUTDIR

query.hprof (HotSpot, 4-byte ids, object alignment 8 from the address gaps
24 and 40; sizes as SEMANTICS.md gives them: instance = align(8 + fields),
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


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    build().write(os.path.join(out, 'query.hprof'))


if __name__ == '__main__':
    main()
