#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Reference rules: Reference.referent (and --follow-weak), dangling
references, two classes of one name from two loaders. 4-byte ids, A = 8."""

from clitest import CliTest, g, hexid, main

# --- the referent rule ----------------------------------------------------------
OBJ, CLS, REF, WEAK, SOFT, MYWEAK, SHADOW, HOLDER, LEAF = (0x1000 + 8 * i for i in range(9))
W, S, H, SH = 0x2000, 0x2020, 0x2040, 0x2060
E, X1, X2, X3, X4, X5 = 0x2080, 0x2090, 0x20a0, 0x20b0, 0x20c0, 0x20d0
CLASSES = [OBJ, CLS, REF, WEAK, SOFT, MYWEAK, SHADOW, HOLDER, LEAF]

# Shallow sizes (P = R = 4, A = 8; S(Object) = 8):
#   Reference {referent, queue}: alignUp(8 + 8, 4) = 16 (no instances)
#   WeakReference {}: 16      SoftReference {long timestamp}: alignUp(8 + 16, 4) = 24 -> 24
#   MyWeak extends WeakReference {Object extra}: alignUp(4 + 16, 4) = 20 -> 24
#   Shadowing extends WeakReference {Object referent}: 20 -> 24
#   Holder {Object referent} (not a Reference): alignUp(4 + 8, 4) = 12 -> 16
#   Leaf {int v}: alignUp(4 + 8, 4) = 12 -> 16
# Objects: w: MyWeak (extra -> E, Reference.referent -> X1)
#          s: SoftReference (referent -> X2)
#          h: Holder (referent -> X3: an ordinary field, Holder is no Reference)
#          sh: Shadowing (its own field referent -> X4, Reference.referent -> X5)
#          E, X1..X5: Leaf.  Roots: w, s, h, sh (JNI global), the 9 classes (sticky).
# Default: X1, X2, X5 unreachable (3 x 16 = 48 bytes); E, X3, X4 reachable.
#   objects 9 + 4 + 6 = 19; shallow 24 + 24 + 16 + 24 + 6*16 = 184 (classes 0).
#   w retains w + E = 24 + 16 = 40; sh retains sh + X4 = 40; s retains 24; h retains h + X3 = 32.
# --follow-weak: everything reachable; w retains 24 + 16 + 16 = 56, s 24 + 16 = 40,
#   sh 24 + 16 + 16 = 56.


def build_weak():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(REF, 'java/lang/ref/Reference', super_id=OBJ, fields=[('referent', g.OBJECT), ('queue', g.OBJECT)])
    d.cls(WEAK, 'java/lang/ref/WeakReference', super_id=REF)
    d.cls(SOFT, 'java/lang/ref/SoftReference', super_id=REF, fields=[('timestamp', g.LONG)])
    d.cls(MYWEAK, 'com/example/MyWeak', super_id=WEAK, fields=[('extra', g.OBJECT)])
    d.cls(SHADOW, 'com/example/Shadowing', super_id=WEAK, fields=[('referent', g.OBJECT)])
    d.cls(HOLDER, 'com/example/Holder', super_id=OBJ, fields=[('referent', g.OBJECT)])
    d.cls(LEAF, 'com/example/Leaf', super_id=OBJ, fields=[('v', g.INT)])
    d.instance(W, MYWEAK, {'extra': E, 'referent': X1})
    d.instance(S, SOFT, {'timestamp': 5, 'referent': X2})
    d.instance(H, HOLDER, {'referent': X3})
    d.instance(SH, SHADOW, {('com/example/Shadowing', 'referent'): X4,
                            ('java/lang/ref/Reference', 'referent'): X5})
    for i, leaf in enumerate((E, X1, X2, X3, X4, X5)):
        d.instance(leaf, LEAF, {'v': i})
    for c in CLASSES:
        d.sticky(c)
    for r in (W, S, H, SH):
        d.jni_global(r)
    return h


# --- dangling references ----------------------------------------------------------
# Holder2 {Object a, Object b}: alignUp(8 + 8, 4) = 16. Stat2: static Object s.
# h2.a -> 0x7770 (no such object), h2.b -> leaf2; arr = Object[3] {0x8880, leaf2, 0x9990};
# Stat2.s -> 0xaaa0. Four values naming no object: dangling_references = 4.
# Sizes: h2 16, leaf2 16, Object[3] 4+4+4+12 = 24, Stat2 class: static Object 4 -> 8.
D_OBJ, D_CLS, D_HOLDER, D_LEAF, D_STAT, D_ARRC = (0x1000 + 8 * i for i in range(6))
D_H2, D_LEAF2, D_ARR = 0x3000, 0x3010, 0x3020


def build_dangling():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=False)
    d.cls(D_OBJ, 'java/lang/Object')
    d.cls(D_CLS, 'java/lang/Class', super_id=D_OBJ)
    d.cls(D_HOLDER, 'Holder2', super_id=D_OBJ, fields=[('a', g.OBJECT), ('b', g.OBJECT)])
    d.cls(D_LEAF, 'Leaf2', super_id=D_OBJ, fields=[('v', g.INT)])
    d.cls(D_STAT, 'Stat2', super_id=D_OBJ, statics=[('s', g.OBJECT, 0xaaa0)])
    d.cls(D_ARRC, '[Ljava/lang/Object;', super_id=D_OBJ)
    d.instance(D_H2, D_HOLDER, {'a': 0x7770, 'b': D_LEAF2})
    d.instance(D_LEAF2, D_LEAF, {'v': 1})
    d.obj_array(D_ARR, D_ARRC, [0x8880, D_LEAF2, 0x9990])
    for c in (D_OBJ, D_CLS, D_HOLDER, D_LEAF, D_STAT, D_ARRC):
        d.sticky(c)
    d.jni_global(D_H2)
    d.jni_global(D_ARR)
    return h


# --- two loaders --------------------------------------------------------------------
# Two CLASS_DUMPs named com.example.Dup, loaded by L1 and L2 (instances of
# com.example.MyLoader {}: 8 -> 8 bytes each).
#   Dup@L1 {int v}: alignUp(4 + 8, 4) = 12 -> 16; 2 instances: 32 bytes
#   Dup@L2 {long a, long b}: alignUp(16 + 8, 4) = 24 -> 24; 3 instances: 72 bytes
L_OBJ, L_CLS, L_LOADER, DUP1, DUP2 = 0x1000, 0x1008, 0x1010, 0x1018, 0x1020
L1, L2 = 0x4000, 0x4008
DUP1_I = [0x5000, 0x5010]
DUP2_I = [0x6000, 0x6018, 0x6030]


def build_loaders():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(L_OBJ, 'java/lang/Object')
    d.cls(L_CLS, 'java/lang/Class', super_id=L_OBJ)
    d.cls(L_LOADER, 'com/example/MyLoader', super_id=L_OBJ)
    d.cls(DUP1, 'com/example/Dup', super_id=L_OBJ, loader_id=L1, fields=[('v', g.INT)])
    d.cls(DUP2, 'com/example/Dup', super_id=L_OBJ, loader_id=L2, fields=[('a', g.LONG), ('b', g.LONG)])
    d.instance(L1, L_LOADER)
    d.instance(L2, L_LOADER)
    for i in DUP1_I:
        d.instance(i, DUP1, {'v': 1})
    for i in DUP2_I:
        d.instance(i, DUP2, {'a': 1, 'b': 2})
    for c in (L_OBJ, L_CLS, L_LOADER, DUP1, DUP2):
        d.sticky(c)
    for i in DUP1_I + DUP2_I:
        d.root(g.ROOT_JAVA_FRAME, i, 1, 0)
    return h


class References(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.weak = build_weak().write(cls.path('weak.hprof'))

    def test_referent_not_followed(self):
        s = self.summary(self.weak)
        self.assertSummary(s, objects=19, reachable_objects=16, unreachable_objects=3,
                           shallow_bytes=184, reachable_bytes=136, unreachable_bytes=48,
                           dangling_references=0)
        leaves = self.objects(self.weak, 'com.example.Leaf')
        got = {hexid(o['id']): o['reachable'] for o in leaves}
        self.assertEqual(got, {E: True, X1: False, X2: False, X3: True, X4: True, X5: False})
        top = self.dominators(self.weak, 100)
        self.assertObject(top, W, shallow=24, retained=40, retained_count=2, dominator='root')
        self.assertObject(top, S, shallow=24, retained=24, retained_count=1)
        self.assertObject(top, H, shallow=16, retained=32, retained_count=2)
        self.assertObject(top, SH, shallow=24, retained=40, retained_count=2)
        self.assertObject(top, X4, dominator=SH)
        self.assertEqual(set(self.by_id(top)) & {X1, X2, X5}, set())

    def test_follow_weak(self):
        s = self.summary(self.weak, '--follow-weak')
        self.assertSummary(s, objects=19, reachable_objects=19, unreachable_objects=0,
                           shallow_bytes=184, reachable_bytes=184, unreachable_bytes=0)
        leaves = self.objects(self.weak, 'com.example.Leaf', '--follow-weak')
        self.assertTrue(all(o['reachable'] for o in leaves), leaves)
        top = self.dominators(self.weak, 100, '--follow-weak')
        self.assertObject(top, W, retained=56, retained_count=3)
        self.assertObject(top, S, retained=40, retained_count=2)
        self.assertObject(top, SH, retained=56, retained_count=3)
        self.assertObject(top, X1, dominator=W)
        rows = self.classes(self.weak, '--follow-weak')
        self.assertEqual(self.row(rows, 'com.example.Leaf')['reachable_count'], 6)
        rows = self.classes(self.weak)
        self.assertEqual(self.row(rows, 'com.example.Leaf')['reachable_count'], 3)

    def test_dangling(self):
        f = build_dangling().write(self.path('dangling.hprof'))
        s = self.summary(f)
        # objects: 6 classes + h2 + leaf2 + arr = 9; shallow 16 + 16 + 24 + 8 (Stat2) = 64
        self.assertSummary(s, dangling_references=4, objects=9, reachable_objects=9,
                           shallow_bytes=64, reachable_bytes=64)
        top = self.dominators(f, 100)
        # leaf2 is referenced by h2 and arr (both roots): dominated by the virtual root.
        self.assertObject(top, D_LEAF2, dominator='root', retained=16)
        self.assertObject(top, D_H2, retained=16, retained_count=1)
        self.assertObject(top, D_ARR, retained=24, retained_count=1)

    def test_two_loaders(self):
        f = build_loaders().write(self.path('loaders.hprof'))
        rows = self.classes(f)
        dups = sorted((hexid(r['loader']), r['count'], r['reachable_count'], r['shallow'])
                      for r in rows if r['name'] == 'com.example.Dup')
        self.assertEqual(dups, [(L1, 2, 2, 32), (L2, 3, 3, 72)])
        s = self.summary(f)
        # 5 classes + 2 loaders + 5 Dup instances = 12 objects;
        # loaders are reachable from the Dup class objects (class -> loader).
        self.assertSummary(s, classes=5, objects=12, reachable_objects=12, shallow_bytes=8 + 8 + 32 + 72)
        self.assertEqual(len(rows), 5)


if __name__ == '__main__':
    main()
