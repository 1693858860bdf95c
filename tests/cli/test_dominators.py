#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Dominator tree, retained sizes, class retained sizes and the precise
retained set, on a hand-made graph. 4-byte ids (P = R = 4), A = 8.

Sizes: Node {Object a, Object b}: alignUp(8 + 8, 4) = 16. Holder {Object a}
and X {Object s}: alignUp(4 + 8, 4) = 12 -> 16. int[10]: 12 + 40 = 52 -> 56.
int[4]: 12 + 16 = 28 -> 32. int[1]: 12 + 4 = 16. Object[200]: 12 + 800 = 812 -> 816.
Class objects: no statics, 0 bytes; all sticky roots.

Graph (-> is a reference; [root] a GC root):
  diamond + chain: R[root] -> A, B;  A -> C;  B -> C;  C -> D -> E -> F
  shared:          R1[root] -> Y;  R2[root] -> Y;  Y -> Z
  cycle:           R3[root] -> P;  P -> Q;  Q -> P, W (int[10])
  island:          U1 <-> U2 (no root: unreachable)
  class set:       H1[root] -> X1;  H2[root] -> X2;  X1 -> S;  X2 -> S (S: int[4])
  wide array:      WARR[root] = Object[200] of 200 distinct int[1]
Dominators and retained (bytes, count):
  F 16,1 (idom E)  E 32,2 (D)  D 48,3 (C)  C 64,4 (R: both paths go through R)
  A 16,1 (R)  B 16,1 (R)  R 16*7 = 112,7 (root)
  Y 32,2 (root: reachable from two roots)  Z 16,1 (Y)  R1, R2 16,1 (root)
  W 56,1 (Q)  Q 16+56 = 72,2 (P)  P 88,3 (R3)  R3 104,4 (root)
  X1 16,1 (H1)  X2 16,1 (H2)  H1, H2 32,2 (root)  S 32,1 (root: X1 and X2 both reach it)
  WARR 816 + 200*16 = 4016,201 (root); each int[1] 16,1 (WARR)
Objects: 7 classes + 16 Nodes + 2 Holders + 2 X + W + S + WARR + 200 int[1] = 230.
Shallow: 16*16 + 4*16 + 56 + 32 + 816 + 3200 = 4424; unreachable U1, U2: 32;
reachable 4392 = 112 + 32 + 16 + 16 + 104 + 32 + 32 + 32 + 4016 (the roots' retained sizes).
"""

from clitest import CliTest, g, hexid, main

OBJ, CLS, NODE, HOLDER, X, INTS, OBJS = (0x1000 + 8 * i for i in range(7))
(R, A_, B, C, D, E, F, R1, R2, Y, Z, R3, P, Q, U1, U2) = (0x10000 + 0x10 * i for i in range(16))
W = 0x10100           # int[10], 56 bytes
H1, H2, X1, X2 = 0x10140, 0x10150, 0x10160, 0x10170
S = 0x10180           # int[4], 32 bytes
WARR = 0x101a0        # Object[200], 816 bytes
ELEMS = [0x104d0 + 0x10 * i for i in range(200)]


def build():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True, segment_every=50)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(NODE, 'com/example/Node', super_id=OBJ, fields=[('a', g.OBJECT), ('b', g.OBJECT)])
    d.cls(HOLDER, 'com/example/Holder', super_id=OBJ, fields=[('a', g.OBJECT)])
    d.cls(X, 'com/example/X', super_id=OBJ, fields=[('s', g.OBJECT)])
    d.cls(INTS, '[I', super_id=OBJ)
    d.cls(OBJS, '[Ljava/lang/Object;', super_id=OBJ)
    edges = {R: (A_, B), A_: (C, 0), B: (C, 0), C: (D, 0), D: (E, 0), E: (F, 0), F: (0, 0),
             R1: (Y, 0), R2: (Y, 0), Y: (Z, 0), Z: (0, 0),
             R3: (P, 0), P: (Q, 0), Q: (P, W), U1: (U2, 0), U2: (U1, 0)}
    for n, (a, b) in edges.items():
        d.instance(n, NODE, {'a': a, 'b': b})
    d.prim_array(W, g.INT, range(10))
    d.instance(H1, HOLDER, {'a': X1})
    d.instance(H2, HOLDER, {'a': X2})
    d.instance(X1, X, {'s': S})
    d.instance(X2, X, {'s': S})
    d.prim_array(S, g.INT, [1, 2, 3, 4])
    d.obj_array(WARR, OBJS, ELEMS)
    for i, e in enumerate(ELEMS):
        d.prim_array(e, g.INT, [i])
    for c in (OBJ, CLS, NODE, HOLDER, X, INTS, OBJS):
        d.sticky(c)
    for r in (R, R1, R2, R3, WARR):
        d.jni_global(r)
    d.java_frame(H1, 1, 0)
    d.java_frame(H2, 1, 1)
    return h


# id -> (shallow, retained, retained_count, dominator)
EXPECTED = {
    R: (16, 112, 7, 'root'), A_: (16, 16, 1, R), B: (16, 16, 1, R), C: (16, 64, 4, R),
    D: (16, 48, 3, C), E: (16, 32, 2, D), F: (16, 16, 1, E),
    R1: (16, 16, 1, 'root'), R2: (16, 16, 1, 'root'), Y: (16, 32, 2, 'root'), Z: (16, 16, 1, Y),
    R3: (16, 104, 4, 'root'), P: (16, 88, 3, R3), Q: (16, 72, 2, P), W: (56, 56, 1, Q),
    H1: (16, 32, 2, 'root'), H2: (16, 32, 2, 'root'), X1: (16, 16, 1, H1), X2: (16, 16, 1, H2),
    S: (32, 32, 1, 'root'), WARR: (816, 4016, 201, 'root'),
}


class Dominators(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.file = build().write(cls.path('dominators.hprof'))

    def test_summary(self):
        s = self.summary(self.file)
        self.assertSummary(s, objects=230, instances=20, object_arrays=1, primitive_arrays=202,
                           classes=7, gc_roots=14,   # 7 classes + R R1 R2 R3 H1 H2 WARR
                           reachable_objects=228, unreachable_objects=2,
                           shallow_bytes=4424, reachable_bytes=4392, unreachable_bytes=32)

    def test_top(self):
        top = self.dominators(self.file, 6)
        self.assertEqual([(hexid(o['id']), o['retained']) for o in top],
                         [(WARR, 4016), (R, 112), (R3, 104), (P, 88), (Q, 72), (C, 64)])

    def test_every_object(self):
        top = self.dominators(self.file, 1000)
        self.assertEqual(len(top), 228)           # every reachable object, no more
        for oid, (shallow, retained, count, dom) in EXPECTED.items():
            self.assertObject(top, oid, shallow=shallow, retained=retained, retained_count=count,
                              dominator=dom)
        for e in ELEMS[:3] + ELEMS[-3:]:
            self.assertObject(top, e, shallow=16, retained=16, retained_count=1, dominator=WARR,
                              cls='int[]')
        self.assertObject(top, R, cls='com.example.Node')
        self.assertObject(top, WARR, cls='java.lang.Object[]')
        roots = [o for o in top if o['dominator'] == 'root']
        self.assertEqual(sum(o['retained'] for o in roots), 4392)
        self.assertEqual(sum(o['retained_count'] for o in roots), 228)
        retained = [o['retained'] for o in top]
        self.assertEqual(retained, sorted(retained, reverse=True))

    def test_objects_of_class(self):
        nodes = self.objects(self.file, 'com.example.Node')
        self.assertEqual(len(nodes), 16)
        self.assertEqual({hexid(o['id']) for o in nodes if not o['reachable']}, {U1, U2})
        self.assertObject(nodes, C, shallow=16, retained=64, retained_count=4, dominator=R, reachable=True)
        xs = self.objects(self.file, 'com.example.X')
        self.assertEqual(len(xs), 2)
        self.assertObject(xs, X1, shallow=16, retained=16, retained_count=1, dominator=H1, reachable=True,
                          cls='com.example.X')

    def test_class_retained(self):
        rows = {r['name']: (r['count'], r['reachable_count'], r['shallow'], r['retained'])
                for r in self.classes(self.file)}
        # Node: instances without a Node above them in the dominator tree:
        #   R 112 + R1 16 + R2 16 + Y 32 + R3 104 = 280
        # Holder: H1 32 + H2 32 = 64.  X: X1 16 + X2 16 = 32 (S is not dominated by either)
        # int[]: W 56 (under Nodes, not int[]) + S 32 + 200 x 16 = 3288
        self.assertEqual(rows['com.example.Node'], (16, 14, 256, 280))
        self.assertEqual(rows['com.example.Holder'], (2, 2, 32, 64))
        self.assertEqual(rows['com.example.X'], (2, 2, 32, 32))
        self.assertEqual(rows['int[]'], (202, 202, 3288, 3288))
        self.assertEqual(rows['java.lang.Object[]'], (1, 1, 816, 4016))
        self.assertEqual(rows['java.lang.Class'], (7, 7, 0, 0))
        ranked = self.classes(self.file, '--sort', 'retained', '--limit', '3')
        self.assertEqual([r['name'] for r in ranked], ['java.lang.Object[]', 'int[]', 'com.example.Node'])

    def test_retained_set_precise(self):
        # X: walking from the roots without entering X1, X2 leaves X1, X2 and S
        # unvisited: 16 + 16 + 32 = 64 bytes, 3 objects (class retained: 32).
        r = self.retained_set(self.file, 'com.example.X')
        self.assertEqual((r['class'], r['count'], r['retained'], r['retained_count']),
                         ('com.example.X', 2, 64, 3))
        # Holder: X1, X2, S and the holders: 16 * 4 + 32 = 96, 5 objects (class retained: 64).
        r = self.retained_set(self.file, 'com.example.Holder')
        self.assertEqual((r['count'], r['retained'], r['retained_count']), (2, 96, 5))
        # Node: the 14 reachable Nodes and W (only reachable through Q):
        # 14 * 16 + 56 = 280, 15 objects (U1, U2 are unreachable: not retained).
        r = self.retained_set(self.file, 'com.example.Node')
        self.assertEqual((r['retained'], r['retained_count']), (280, 15))


if __name__ == '__main__':
    main()
