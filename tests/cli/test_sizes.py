#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""HotSpot shallow sizes (docs/semantics.md) under every id size / reference size /
alignment combination the detection rules can produce.

One heap shape, written seven ways:
  classes  java.lang.Object, java.lang.Class,
           com.example.B extends Object  { Object link; byte b }
           com.example.C extends B       { byte c }
           com.example.D extends C       { byte d }
           com.example.Stat              static int a = 42; static Object o = short[3]
           Object[] boolean[] char[] float[] double[] byte[] short[] int[] long[]
  objects  b1: B, c1: C, d1: D (d1.link = byte[3], inherited field of B)
           arr1 = Object[3] {b1, c1, null}, arr2 = Object[0] (right after arr1 in the file)
           boolean[5] char[5] float[1] double[1] byte[3] short[3] int[3] long[3]
  roots    every class sticky; arr1, arr2 JNI global; d1 Java frame;
           boolean[5] char[5] float[1] double[1] int[3] long[3] ROOT_UNKNOWN
Addresses grow by gaps that alternate 8A and 9A (gcd A), in the order listed
(classes first). arr2 sits 32 bytes after arr1 in the compressed configs:
32 < 16 + 8 * 3 = 40, so an 8-byte-id dump must be read as compressed
(R = 4); in the others the gap is >= 64 > 40 (no compressed references).
"""

from clitest import CliTest, g, hexid, main

LABELS = ['B', 'C', 'D', 'Object[3]', 'Object[0]', 'boolean[5]', 'char[5]', 'float[1]',
          'double[1]', 'byte[3]', 'short[3]', 'int[3]', 'long[3]', 'Stat']

# Hand-computed shallow sizes. Notation: H = P + R (S(Object)),
# pb = alignUp(P + R + 4, R) (primitive array base).
# B = alignUp(R + 1 + H, R); C = alignUp(1 + B, R); D = alignUp(1 + C, R).
CONFIGS = {
    # P = 4, R = 4, A = 8. H = 8, pb = 12.
    # B = alignUp(4+1+8=13, 4) = 16 -> 16;  C = alignUp(17, 4) = 20 -> 24;  D = alignUp(21, 4) = 24 -> 24
    # Object[3] = 4+4+4+12 = 24;  Object[0] = 12 -> 16
    # boolean[5] 12+5 = 17 -> 24; char[5] 12+10 = 22 -> 24; float[1] 16; double[1] 20 -> 24
    # byte[3] 15 -> 16; short[3] 18 -> 24; int[3] 24; long[3] 36 -> 40
    # Stat statics int 4 + Object 4 = 8 -> 8
    # total 16+24+24+24+16+24+24+16+24+16+24+24+40+8 = 304
    'p4_a8': dict(id_size=4, gaps=(64, 72), compressed=False, ref=4, align=8,
                  sizes=[16, 24, 24, 24, 16, 24, 24, 16, 24, 16, 24, 24, 40, 8], total=304),
    # P = 8, R = 8, A = 8. H = 16, pb = alignUp(20, 8) = 24.
    # B = alignUp(8+1+16=25, 8) = 32;  C = alignUp(33, 8) = 40;  D = alignUp(41, 8) = 48
    # Object[3] = 8+8+4+24 = 44 -> 48;  Object[0] = 20 -> 24
    # boolean[5] 29 -> 32; char[5] 34 -> 40; float[1] 28 -> 32; double[1] 32
    # byte[3] 27 -> 32; short[3] 30 -> 32; int[3] 36 -> 40; long[3] 48
    # Stat 4 + 8 = 12 -> 16
    # total 32+40+48+48+24+32+40+32+32+32+32+40+48+16 = 496
    'p8_a8': dict(id_size=8, gaps=(64, 72), compressed=False, ref=8, align=8,
                  sizes=[32, 40, 48, 48, 24, 32, 40, 32, 32, 32, 32, 40, 48, 16], total=496),
    # P = 8, R = 4 (compressed), A = 8. H = 12, pb = alignUp(16, 4) = 16.
    # B = alignUp(4+1+12=17, 4) = 20 -> 24;  C = alignUp(21, 4) = 24 -> 24;  D = alignUp(25, 4) = 28 -> 32
    # Object[3] = 8+4+4+12 = 28 -> 32;  Object[0] = 16
    # boolean[5] 21 -> 24; char[5] 26 -> 32; float[1] 20 -> 24; double[1] 24
    # byte[3] 19 -> 24; short[3] 22 -> 24; int[3] 28 -> 32; long[3] 40
    # Stat 4 + 4 = 8
    # total 24+24+32+32+16+24+32+24+24+24+24+32+40+8 = 360
    'p8c_a8': dict(id_size=8, gaps=(64, 72), compressed=True, ref=4, align=8,
                   sizes=[24, 24, 32, 32, 16, 24, 32, 24, 24, 24, 24, 32, 40, 8], total=360),
    # P = 8, R = 8, A = 16 (gaps 128 and 144): the p8_a8 values aligned to 16.
    # B 32; C 40 -> 48; D 48; Object[3] 48; Object[0] 24 -> 32; boolean[5] 32; char[5] 40 -> 48;
    # float[1] 32; double[1] 32; byte[3] 32; short[3] 32; int[3] 40 -> 48; long[3] 48; Stat 16
    # total 32+48+48+48+32+32+48+32+32+32+32+48+48+16 = 528
    'p8_a16': dict(id_size=8, gaps=(128, 144), compressed=False, ref=8, align=16,
                   sizes=[32, 48, 48, 48, 32, 32, 48, 32, 32, 32, 32, 48, 48, 16], total=528),
    # P = 8, R = 4, A = 16 (gaps 128, 144 and the 32 between arr1 and arr2): p8c_a8 aligned to 16.
    # B 24 -> 32; C 24 -> 32; D 32; Object[3] 32; Object[0] 16; boolean[5] 24 -> 32; char[5] 32;
    # float[1] 24 -> 32; double[1] 24 -> 32; byte[3] 24 -> 32; short[3] 24 -> 32; int[3] 32;
    # long[3] 40 -> 48; Stat 8 -> 16
    # total 32*3 + 32 + 16 + 32*7 + 48 + 16 = 432
    'p8c_a16': dict(id_size=8, gaps=(128, 144), compressed=True, ref=4, align=16,
                    sizes=[32, 32, 32, 32, 16, 32, 32, 32, 32, 32, 32, 32, 48, 16], total=432),
    # P = 4, gaps 1024 and 2048: gcd 1024, clamped to A = 256; every size above
    # (all between 8 and 40, none 0) aligns to 256. total 14 * 256 = 3584
    'p4_a256': dict(id_size=4, gaps=(1024, 2048), compressed=False, ref=4, align=256,
                    sizes=[256] * 14, total=3584),
    # P = 4, gaps 68 and 72: gcd 4, clamped to A = 8: same sizes as p4_a8, total 304
    'p4_a4': dict(id_size=4, gaps=(68, 72), compressed=False, ref=4, align=8,
                  sizes=[16, 24, 24, 24, 16, 24, 24, 16, 24, 16, 24, 24, 40, 8], total=304),
}

CLASS_NAMES = [('java/lang/Object', 'java.lang.Object'), ('java/lang/Class', 'java.lang.Class'),
               ('com/example/B', 'com.example.B'), ('com/example/C', 'com.example.C'),
               ('com/example/D', 'com.example.D'), ('com/example/Stat', 'com.example.Stat'),
               ('[Ljava/lang/Object;', 'java.lang.Object[]'), ('[Z', 'boolean[]'), ('[C', 'char[]'),
               ('[F', 'float[]'), ('[D', 'double[]'), ('[B', 'byte[]'), ('[S', 'short[]'),
               ('[I', 'int[]'), ('[J', 'long[]')]


def build(cfg):
    P = cfg['id_size']
    start = 0x7C0000000 if P == 8 else 0x10000000
    addr = g.Addresses(start, cfg['gaps'])
    ids = {}
    for internal, java in CLASS_NAMES:
        ids[java] = addr()
    for label in ['b1', 'c1', 'd1', 'arr1', 'arr2', 'boolean[5]', 'char[5]', 'float[1]', 'double[1]',
                  'byte[3]', 'short[3]', 'int[3]', 'long[3]']:
        ids[label] = addr()
        if label == 'arr1' and cfg['compressed']:
            addr.gap(32)
    h = g.Hprof(version='1.0.2', id_size=P)
    d = h.heap_dump(segmented=True, segment_every=7)
    O = ids['java.lang.Object']
    for internal, java in CLASS_NAMES:
        kw = {}
        if java != 'java.lang.Object':
            kw['super_id'] = O
        if java == 'com.example.B':
            kw['fields'] = [('link', g.OBJECT), ('b', g.BYTE)]
        if java == 'com.example.C':
            kw['fields'] = [('c', g.BYTE)]
            kw['super_id'] = ids['com.example.B']
        if java == 'com.example.D':
            kw['fields'] = [('d', g.BYTE)]
            kw['super_id'] = ids['com.example.C']
        if java == 'com.example.Stat':
            kw['statics'] = [('a', g.INT, 42), ('o', g.OBJECT, ids['short[3]'])]
        d.cls(ids[java], internal, **kw)
    d.instance(ids['b1'], ids['com.example.B'], {'link': 0, 'b': 1})
    d.instance(ids['c1'], ids['com.example.C'], {'link': 0, 'b': 2, 'c': 3})
    d.instance(ids['d1'], ids['com.example.D'], {'link': ids['byte[3]'], 'b': 4, 'c': 5, 'd': 6})
    d.obj_array(ids['arr1'], ids['java.lang.Object[]'], [ids['b1'], ids['c1'], 0])
    d.obj_array(ids['arr2'], ids['java.lang.Object[]'], [])
    d.prim_array(ids['boolean[5]'], g.BOOLEAN, [1, 0, 1, 0, 1])
    d.prim_array(ids['char[5]'], g.CHAR, 'hello')
    d.prim_array(ids['float[1]'], g.FLOAT, [1.5])
    d.prim_array(ids['double[1]'], g.DOUBLE, [2.5])
    d.prim_array(ids['byte[3]'], g.BYTE, [1, 2, 3])
    d.prim_array(ids['short[3]'], g.SHORT, [-1, 2, 3])
    d.prim_array(ids['int[3]'], g.INT, [7, 8, 9])
    d.prim_array(ids['long[3]'], g.LONG, [-1, 1 << 40, 3])
    for internal, java in CLASS_NAMES:
        d.sticky(ids[java])
    d.jni_global(ids['arr1'])
    d.jni_global(ids['arr2'])
    d.java_frame(ids['d1'], 1, 0)
    for label in ['boolean[5]', 'char[5]', 'float[1]', 'double[1]', 'int[3]', 'long[3]']:
        d.root(g.ROOT_UNKNOWN, ids[label])
    return h, ids


# Which object (id key) and which class row each label is.
OBJECT_OF = {'B': 'b1', 'C': 'c1', 'D': 'd1', 'Object[3]': 'arr1', 'Object[0]': 'arr2', 'Stat': 'com.example.Stat'}


class Sizes(CliTest):
    def check_config(self, name):
        cfg = CONFIGS[name]
        h, ids = build(cfg)
        f = h.write(self.path(name + '.hprof'))
        size = dict(zip(LABELS, cfg['sizes']))
        s = self.summary(f)
        self.assertSummary(s, id_size=cfg['id_size'], ref_size=cfg['ref'], object_align=cfg['align'],
                           android=False, dumps=1,
                           objects=28,        # 15 classes + 3 instances + 2 object arrays + 8 primitive arrays
                           instances=3, object_arrays=2, primitive_arrays=8, classes=15,
                           gc_roots=24,       # 15 classes + arr1 + arr2 + d1 + 6 primitive arrays
                           reachable_objects=28, unreachable_objects=0,
                           shallow_bytes=cfg['total'], reachable_bytes=cfg['total'], unreachable_bytes=0,
                           dangling_references=0)
        self.assertRoots(s, {g.ROOT_STICKY_CLASS: 15, g.ROOT_JNI_GLOBAL: 2, g.ROOT_JAVA_FRAME: 1,
                             g.ROOT_UNKNOWN: 6})

        rows = self.classes(f)
        self.assertEqual(len(rows), 15)
        # class row -> (count, shallow)
        want = {
            'com.example.B': (1, size['B']), 'com.example.C': (1, size['C']), 'com.example.D': (1, size['D']),
            'java.lang.Object[]': (2, size['Object[3]'] + size['Object[0]']),
            'boolean[]': (1, size['boolean[5]']), 'char[]': (1, size['char[5]']),
            'float[]': (1, size['float[1]']), 'double[]': (1, size['double[1]']),
            'byte[]': (1, size['byte[3]']), 'short[]': (1, size['short[3]']),
            'int[]': (1, size['int[3]']), 'long[]': (1, size['long[3]']),
            'java.lang.Class': (15, size['Stat']),     # only Stat has statics
            'com.example.Stat': (0, 0), 'java.lang.Object': (0, 0),
        }
        got = {r['name']: (r['count'], r['shallow']) for r in rows}
        self.assertEqual(got, want)

        top = self.dominators(f, 100)
        self.assertEqual(len(top), 28)
        for label in LABELS:
            key = OBJECT_OF.get(label, label)
            self.assertObject(top, ids[key], shallow=size[label])
        # Dominators: arr1 holds b1 and c1; d1 holds byte[3] through the
        # inherited B.link (only if fields are unpacked own class first);
        # Stat's class object holds short[3] through its static.
        self.assertObject(top, ids['arr1'], retained=size['Object[3]'] + size['B'] + size['C'],
                          retained_count=3, dominator='root')
        self.assertObject(top, ids['b1'], retained=size['B'], retained_count=1, dominator=ids['arr1'])
        self.assertObject(top, ids['d1'], retained=size['D'] + size['byte[3]'], retained_count=2,
                          dominator='root', cls='com.example.D')
        self.assertObject(top, ids['byte[3]'], retained=size['byte[3]'], dominator=ids['d1'], cls='byte[]')
        self.assertObject(top, ids['com.example.Stat'], retained=size['Stat'] + size['short[3]'],
                          retained_count=2, dominator='root')
        self.assertObject(top, ids['short[3]'], dominator=ids['com.example.Stat'], cls='short[]')
        self.assertEqual(sum(o['retained'] for o in top if o['dominator'] == 'root'), cfg['total'])

    def test_p4_a8(self):
        self.check_config('p4_a8')

    def test_p8_uncompressed_a8(self):
        self.check_config('p8_a8')

    def test_p8_compressed_a8(self):
        self.check_config('p8c_a8')

    def test_p8_uncompressed_a16(self):
        self.check_config('p8_a16')

    def test_p8_compressed_a16(self):
        self.check_config('p8c_a16')

    def test_align_clamped_to_256(self):
        self.check_config('p4_a256')

    def test_align_clamped_to_8(self):
        self.check_config('p4_a4')


if __name__ == '__main__':
    main()
