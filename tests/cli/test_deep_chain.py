#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A chain of 200,000 objects closed into a cycle, and an object array with
100,000 elements: nothing may recurse over the heap.

4-byte ids, A = 8. ChainNode {Object next}: alignUp(4 + 8, 4) = 12 -> 16.
L0 (JNI global) -> L1 -> ... -> L199999 -> L0.
  idom(L_k) = L_(k-1); retained(L_k) = 16 * (200000 - k), count 200000 - k.
WIDE (JNI global) = Object[100000] of 100000 distinct int[1] (12 + 4 = 16 each):
  shallow alignUp(12 + 400000, 8) = 400016; retained 400016 + 1600000 = 2000016.
Objects: 5 classes + 200000 + 1 + 100000 = 300006;
shallow 3200000 + 400016 + 1600000 = 5200016, all reachable.
"""

from clitest import CliTest, g, hexid, main

N = 200000
M = 100000
OBJ, CLS, NODE, INTS, OBJS = 0x1000, 0x1008, 0x1010, 0x1018, 0x1020
CHAIN = [0x1000000 + 16 * i for i in range(N)]
WIDE = 0x1000000 + 16 * N
ELEMS = [WIDE + 400016 + 16 * i for i in range(M)]


def build():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True, segment_every=40000)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(NODE, 'com/example/ChainNode', super_id=OBJ, fields=[('next', g.OBJECT)])
    d.cls(INTS, '[I', super_id=OBJ)
    d.cls(OBJS, '[Ljava/lang/Object;', super_id=OBJ)
    for i, o in enumerate(CHAIN):
        d.instance(o, NODE, data=g.u4(CHAIN[(i + 1) % N]))
    d.obj_array(WIDE, OBJS, ELEMS)
    for i, e in enumerate(ELEMS):
        d.prim_array(e, g.INT, data=g.u4(i))
    for c in (OBJ, CLS, NODE, INTS, OBJS):
        d.sticky(c)
    d.jni_global(CHAIN[0])
    d.jni_global(WIDE)
    return h


class DeepChain(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.file = build().write(cls.path('chain.hprof'))

    def test_summary(self):
        s = self.summary(self.file)
        self.assertSummary(s, objects=300006, reachable_objects=300006, unreachable_objects=0,
                           shallow_bytes=5200016, reachable_bytes=5200016, gc_roots=7)

    def test_dominators(self):
        top = self.dominators(self.file, 3)
        self.assertEqual([(hexid(o['id']), o['retained'], o['retained_count']) for o in top],
                         [(CHAIN[0], 16 * N, N), (CHAIN[1], 16 * (N - 1), N - 1), (CHAIN[2], 16 * (N - 2), N - 2)])
        self.assertObject(top, CHAIN[0], dominator='root', shallow=16)
        self.assertObject(top, CHAIN[2], dominator=CHAIN[1])

    def test_wide_array(self):
        objs = self.objects(self.file, 'java.lang.Object[]')
        self.assertEqual(len(objs), 1)
        self.assertObject(objs, WIDE, shallow=400016, retained=2000016, retained_count=M + 1,
                          dominator='root', reachable=True)

    def test_class_retained(self):
        rows = {r['name']: r for r in self.classes(self.file)}
        # Only L0 has no ChainNode above it: 3200000. int[]: every element, 1600000.
        self.assertEqual(rows['com.example.ChainNode']['retained'], 16 * N)
        self.assertEqual(rows['int[]']['retained'], 16 * M)
        r = self.retained_set(self.file, 'com.example.ChainNode')
        self.assertEqual((r['count'], r['retained'], r['retained_count']), (N, 16 * N, N))


if __name__ == '__main__':
    main()
