#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dumps test-retained-selection.c reads (with ../hprofgen.py).

    make-selection-dumps.py OUTDIR

selection.hprof (HotSpot, 4-byte ids, A = 8; Root and Parent {Object a,
Object b}: 8 + 8 = 16; Node {Object a}: 12 -> 16; int[1]: 16; int[4]:
12 + 16 = 28 -> 32; class objects 0):

  ROOT[JNI global] -> P1, P2
  P1 -> SHARED, L1      P2 -> SHARED, L2      SHARED -> SC
  U (unreachable Parent) -> L3

Precise retained sizes: {P1} = P1 + L1 = 32 bytes, 2 objects; {P2} the
same; {P1, P2} = P1 P2 L1 L2 SHARED SC = 16 * 5 + 32 = 112, 6 (the shared
child goes only with both); {P1, L1} = 32, 2; {P1, P2, U} = 112, 6 (U
selected, not retained); the class Parent: 3 objects, 48 bytes shallow,
112 retained in 6.

wide.hprof: a root Object[150000] of 150,000 int[1]: enough objects for
the walk to report progress and look at its cancellable (every 64 Ki
objects). The array alone retains 12 + 4 * 150000 = 600012 -> 600016 plus
150000 * 16 = 2400000: 3000016 bytes in 150001 objects.

filter.hprof (the instance filter; 4-byte ids, A = 8): String {Object
value, int hash} 16 bytes; Holder {Object name, int n} 16 bytes; char[5]
12 + 10 = 22 -> 24, char[6] 24, char[7] 12 + 14 = 26 -> 32.
  S1 "hello" (char[5])  S2 "world!" (char[6])  S3 "help me" (char[7])
  H1 {name=S1, n=1}  H2 {name=S2, n=22}  H3 {name=null, n=3}
  roots: H1, H2, H3, S3 (JNI globals)
Retained: H1 = 16 + 16 + 24 = 56, H2 = 16 + 16 + 24 = 56, H3 = 16,
S3 = 16 + 32 = 48, S1 = S2 = 16 + 24 = 40 (each holder dominates its
String, each String its array).

suspect.hprof (a class suspect's members; 4-byte ids, A = 8): ten
com.example.Big {Object own, Object shared} (16 bytes), each a JNI global
holding its own byte[100] (12 + 100 = 112) and one byte[200] they all
share (212 -> 216). Reachable: 10 x (16 + 112) + 216 = 1496 bytes; T =
10 % = 150 (rounded up). Each Big retains 128 < T; the shared array, a
child of the virtual root, retains 216 >= T: an object suspect. The Bigs,
the virtual root's other children, add up to 1280 >= T: the class suspect
com.example.Big, 10 members. Together they retain 1280 + 216 = 1496
bytes in 21 objects (10 objects of 160 bytes selected).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import hprofgen as g  # noqa: E402

OBJ, CLS, ROOTC, PARENT, NODE, INTS, OBJS = (0x1000 + 8 * i for i in range(7))
ROOT, P1, P2, SHARED, SC, L1, L2, U, L3 = (0x10000 + 0x10 * i for i in range(9))
WIDE = 0x20000
N_WIDE = 150000


def selection():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump()
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(ROOTC, 'com/example/Root', super_id=OBJ, fields=[('a', g.OBJECT), ('b', g.OBJECT)])
    d.cls(PARENT, 'com/example/Parent', super_id=OBJ, fields=[('a', g.OBJECT), ('b', g.OBJECT)])
    d.cls(NODE, 'com/example/Node', super_id=OBJ, fields=[('a', g.OBJECT)])
    d.cls(INTS, '[I', super_id=OBJ)
    d.instance(ROOT, ROOTC, {'a': P1, 'b': P2})
    d.instance(P1, PARENT, {'a': SHARED, 'b': L1})
    d.instance(P2, PARENT, {'a': SHARED, 'b': L2})
    d.instance(U, PARENT, {'a': L3, 'b': 0})
    d.instance(SHARED, NODE, {'a': SC})
    d.prim_array(SC, g.INT, [1, 2, 3, 4])
    for oid in (L1, L2, L3):
        d.prim_array(oid, g.INT, [7])
    for c in (OBJ, CLS, ROOTC, PARENT, NODE, INTS):
        d.sticky(c)
    d.jni_global(ROOT)
    return h


def wide():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump()
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(INTS, '[I', super_id=OBJ)
    d.cls(OBJS, '[Ljava/lang/Object;', super_id=OBJ)
    elems = [WIDE + 0x1000000 + 16 * i for i in range(N_WIDE)]
    d.obj_array(WIDE, OBJS, elems)
    for i, e in enumerate(elems):
        d.prim_array(e, g.INT, [i])
    for c in (OBJ, CLS, INTS, OBJS):
        d.sticky(c)
    d.jni_global(WIDE)
    return h


STR, CHARS, HOLDER = 0x1100, 0x1108, 0x1110
S1, S2, S3, C1, C2, C3 = (0x30000 + 0x20 * i for i in range(6))
H1, H2, H3 = (0x31000 + 0x10 * i for i in range(3))


def filtered():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump()
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(STR, 'java/lang/String', super_id=OBJ, fields=[('value', g.OBJECT), ('hash', g.INT)])
    d.cls(CHARS, '[C', super_id=OBJ)
    d.cls(HOLDER, 'com/example/Holder', super_id=OBJ, fields=[('name', g.OBJECT), ('n', g.INT)])
    for sid, cid, text in ((S1, C1, 'hello'), (S2, C2, 'world!'), (S3, C3, 'help me')):
        d.instance(sid, STR, {'value': cid, 'hash': 0})
        d.prim_array(cid, g.CHAR, [ord(ch) for ch in text])
    d.instance(H1, HOLDER, {'name': S1, 'n': 1})
    d.instance(H2, HOLDER, {'name': S2, 'n': 22})
    d.instance(H3, HOLDER, {'name': 0, 'n': 3})
    for c in (OBJ, CLS, STR, CHARS, HOLDER):
        d.sticky(c)
    for r in (H1, H2, H3, S3):
        d.jni_global(r)
    return h


BIG, BYTES = 0x1200, 0x1208
BIGS = [0x40000 + 0x100 * i for i in range(10)]
SHARED_BYTES = 0x50000


def suspect():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump()
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(BIG, 'com/example/Big', super_id=OBJ, fields=[('own', g.OBJECT), ('shared', g.OBJECT)])
    d.cls(BYTES, '[B', super_id=OBJ)
    d.prim_array(SHARED_BYTES, g.BYTE, [0] * 200)
    for b in BIGS:
        d.instance(b, BIG, {'own': b + 0x10, 'shared': SHARED_BYTES})
        d.prim_array(b + 0x10, g.BYTE, [1] * 100)
        d.jni_global(b)
    for c in (OBJ, CLS, BIG, BYTES):
        d.sticky(c)
    return h


def main():
    out = sys.argv[1]
    selection().write(os.path.join(out, 'selection.hprof'))
    wide().write(os.path.join(out, 'wide.hprof'))
    filtered().write(os.path.join(out, 'filter.hprof'))
    suspect().write(os.path.join(out, 'suspect.hprof'))


if __name__ == '__main__':
    main()
