#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The object layout rules of docs/semantics.md ("Object layout") by hand,
on small dumps (tests/hprofgen.py, 8-byte ids) that carry what a JDK keeps
of its layout: jdk.internal.misc.Unsafe's statics ARRAY_<T>_BASE_OFFSET,
ARRAY_OBJECT_INDEX_SCALE and ADDRESS_SIZE, AtomicInteger's static VALUE
(the offset of its only field), and java.lang.Class's field classData
(JDK 15 and later: fields packed).

The classes (all under java.lang.Object):
  E {}                       I {int i}            L {long l}
  GI extends L {int i}       R {Object o}
  RB {Object link; byte b}   RBB extends RB {byte c}   RBBB extends RBB {byte d}
  W {long a; int i; byte x}  X extends W {long b; short s; byte y; Object r}
One instance of each, and Object[3], Object[0], byte[3], long[3], int[0].

Packed placement (the header is the first free byte; each class's fields
after its superclass's, primitives biggest first, each into the smallest
gap before the end it fits in (aligned to its size), else at the end;
then the references the same way; the size is the end aligned to 8):
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), 'cli'))

from clitest import CliTest, g, main  # noqa: E402

CLASSES = ['E', 'I', 'L', 'GI', 'R', 'RB', 'RBB', 'RBBB', 'W', 'X']
ARRAYS = ['Object[3]', 'Object[0]', 'byte[3]', 'long[3]', 'int[0]']

# Unsafe's statics of the layouts (what JDK 17 and 25 hold: see
# tests/layout/test_jvm_layout.py, which reads them from real dumps).
BASES_16 = dict(BOOLEAN=16, BYTE=16, CHAR=16, SHORT=16, INT=16, FLOAT=16, LONG=16, DOUBLE=16, OBJECT=16)
BASES_COMPACT = dict(BOOLEAN=12, BYTE=12, CHAR=12, SHORT=12, INT=12, FLOAT=12, LONG=16, DOUBLE=16, OBJECT=12)

# What is expected when nothing of Unsafe's statics is believed: the
# layout is guessed (R = 8: no object array shows compressed references;
# header P + R = 16; arrays' elements at P + R + 4 = 20, primitive ones
# aligned to R: 24). Fields summed: S(Object) = 16.
# E 16.  I 20 -> 24.  L 24.  GI: 4 + 24 = 28 -> 32.  R 24.
# RB: 8 + 1 + 16 = 25 -> 32.  RBB: 33 -> 40.  RBBB: 41 -> 48.
# W: 13 + 16 = 29 -> 32.  X: 8 + 2 + 1 + 8 + 32 = 51 -> 56.
# Object[3] 20 + 24 = 44 -> 48; Object[0] 20 -> 24; byte[3] 27 -> 32;
# long[3] 24 + 24 = 48; int[0] 24.
GUESSED = dict(
    layout=('guessed', 8, 16, 'full', 'summed'),
    sizes=dict(E=16, I=24, L=24, GI=32, R=24, RB=32, RBB=40, RBBB=48, W=32, X=56),
    arrays={'Object[3]': 48, 'Object[0]': 24, 'byte[3]': 32, 'long[3]': 48, 'int[0]': 24})

CONFIGS = {
    # JDK 17 without compressed oops: header 12 (compressed class pointers),
    # references 8, arrays' elements at 16.
    # E: end 12 -> 16.  I: i 12..16 -> 16.  L: l needs 8-alignment: gap
    # [12,16), l 16..24 -> 24.  GI: i into L's gap [12,16): end 24 -> 24.
    # R: o (8) after gap [12,16): 16..24 -> 24.
    # RB: b 12..13 first (primitives first), link: gap [13,16), 16..24 -> 24.
    # RBB: c into [13,16) at 13 -> end 24 -> 24.  RBBB: d at 14 -> 24.
    # W: a: gap [12,16), 16..24; i into [12,16); x 24..25 -> end 25 -> 32.
    # X: b: gap [25,32), 32..40; s into [25,32) at 26 (gap [25,26) before,
    # [28,32) after); y: the smallest gap, [25,26); r (8): no gap takes it,
    # 40..48 -> 48.
    # Object[3] 16 + 3*8 = 40; Object[0] 16; byte[3] 19 -> 24; long[3] 40; int[0] 16.
    'jdk17-no-coops': dict(
        bases=BASES_16, scale=8, value=12, packed=True,
        layout=('read', 8, 12, 'compressed', 'packed'),
        sizes=dict(E=16, I=16, L=24, GI=24, R=24, RB=24, RBB=24, RBBB=24, W=32, X=48),
        arrays={'Object[3]': 40, 'Object[0]': 16, 'byte[3]': 24, 'long[3]': 40, 'int[0]': 16}),
    # The same with compressed oops: references 4.
    # R: o 12..16 -> 16.  RB: b 12..13, link: gap [13,16), 16..20 -> 24.
    # RBB, RBBB: into [13,16): 24.  W 32 as above.
    # X: b 32..40, s 26..28 (gaps [25,26), [28,32)), y into [25,26) (the
    # smallest: at the end first, [28,32) would have left r no room), r (4)
    # into [28,32) -> end 40 -> 40.
    # Object[3] 16 + 12 = 28 -> 32; Object[0] 16; byte[3] 24; long[3] 40; int[0] 16.
    'jdk17': dict(
        bases=BASES_16, scale=4, value=12, packed=True,
        layout=('read', 4, 12, 'compressed', 'packed'),
        sizes=dict(E=16, I=16, L=24, GI=24, R=16, RB=24, RBB=24, RBBB=24, W=32, X=40),
        arrays={'Object[3]': 32, 'Object[0]': 16, 'byte[3]': 24, 'long[3]': 40, 'int[0]': 16}),
    # JDK 25, compact headers, compressed oops: header 8, bases 12 (16 for long).
    # E 8.  I: 8..12 -> 16.  L: 8..16 -> 16.  GI: 16..20 -> 24.  R: 8..12 -> 16.
    # RB: b 8..9, link: gap [9,12), 12..16 -> 16.  RBB: c at 9 -> 16.  RBBB: d at 10 -> 16.
    # W: a 8..16, i 16..20, x 20..21 -> end 21 -> 24.
    # X: b: gap [21,24), 24..32; s into [21,24) at 22 (gap [21,22)); y at
    # 21; r (4): 32..36 -> 40.
    # Object[3] 12 + 12 = 24; Object[0] 12 -> 16; byte[3] 15 -> 16;
    # long[3] 16 + 24 = 40; int[0] 12 -> 16.
    'jdk25-compact': dict(
        bases=BASES_COMPACT, scale=4, value=8, packed=True,
        layout=('read', 4, 8, 'compact', 'packed'),
        sizes=dict(E=8, I=16, L=16, GI=24, R=16, RB=16, RBB=16, RBBB=16, W=24, X=40),
        arrays={'Object[3]': 24, 'Object[0]': 16, 'byte[3]': 16, 'long[3]': 40, 'int[0]': 16}),
    # JDK 9 to 14 (no classData): fields summed (S(C) of docs/semantics.md)
    # after the header Unsafe gives; the reference size from Unsafe even
    # though no object array shows it (a dump cut before them).
    # S(Object) = 12.  E 16.  I 16 -> 16.  L 20 -> 24.  GI: 4 + 20 = 24.
    # R 16.  RB: 4 + 1 + 12 = 17 -> 20 -> 24.  RBB: 21 -> 24 -> 24.
    # RBBB: 25 -> 28 -> 32.  W: 8 + 4 + 1 + 12 = 25 -> 28 -> 32.
    # X: 8 + 2 + 1 + 4 + 28 = 43 -> 44 -> 48.
    # Arrays as jdk17.
    'jdk11': dict(
        bases=BASES_16, scale=4, value=12, packed=False,
        layout=('read', 4, 12, 'compressed', 'summed'),
        sizes=dict(E=16, I=16, L=24, GI=24, R=16, RB=24, RBB=24, RBBB=32, W=32, X=48),
        arrays={'Object[3]': 32, 'Object[0]': 16, 'byte[3]': 24, 'long[3]': 40, 'int[0]': 16}),
    # Statics that no JVM writes (a scale of 3, bases of 1000, 3, -16 and 7,
    # an offset of 99): nothing is read, the layout is GUESSED.
    'hostile': dict(
        bases=dict(BOOLEAN=1000, BYTE=1000, CHAR=3, SHORT=-16, INT=1000, FLOAT=1000, LONG=1000, DOUBLE=7,
                   OBJECT=1000),
        scale=3, value=99, packed=False, **GUESSED),
    # jdk17's statics, but an address size of 4 with 8-byte ids: no HotSpot
    # wrote that, none of it is read: GUESSED as for 'hostile'.
    'other-address': dict(
        bases=BASES_16, scale=4, value=12, packed=False, address=4, **GUESSED),
}

FIELDS = {
    'E': ('java.lang.Object', []),
    'I': ('java.lang.Object', [('i', g.INT)]),
    'L': ('java.lang.Object', [('l', g.LONG)]),
    'GI': ('L', [('i', g.INT)]),
    'R': ('java.lang.Object', [('o', g.OBJECT)]),
    'RB': ('java.lang.Object', [('link', g.OBJECT), ('b', g.BYTE)]),
    'RBB': ('RB', [('c', g.BYTE)]),
    'RBBB': ('RBB', [('d', g.BYTE)]),
    'W': ('java.lang.Object', [('a', g.LONG), ('i', g.INT), ('x', g.BYTE)]),
    'X': ('W', [('b', g.LONG), ('s', g.SHORT), ('y', g.BYTE), ('r', g.OBJECT)]),
}


def build(cfg):
    """The heap; ids 4096 and 4104 bytes apart (alignment 8; too far apart
    for the object arrays to show compressed references)."""
    h = g.Hprof(version='1.0.2', id_size=8)
    d = h.heap_dump()
    addr = g.Addresses(0x7C0000000, (4096, 4104))
    ids = {}
    for name in (['java.lang.Object', 'java.lang.Class', 'jdk.internal.misc.Unsafe',
                  'java.util.concurrent.atomic.AtomicInteger', 'java.lang.Object[]']
                 + CLASSES + [c.lower() for c in CLASSES] + ARRAYS):
        ids[name] = addr()
    O = ids['java.lang.Object']
    d.cls(O, 'java/lang/Object')
    d.cls(ids['java.lang.Class'], 'java/lang/Class', super_id=O,
          fields=[('name', g.OBJECT)] + ([('classData', g.OBJECT)] if cfg['packed'] else []))
    statics = [('ARRAY_%s_BASE_OFFSET' % t, g.INT, v) for t, v in cfg['bases'].items()]
    statics += [('ARRAY_OBJECT_INDEX_SCALE', g.INT, cfg['scale']), ('ADDRESS_SIZE', g.INT, cfg.get('address', 8))]
    d.cls(ids['jdk.internal.misc.Unsafe'], 'jdk/internal/misc/Unsafe', super_id=O, statics=statics)
    d.cls(ids['java.util.concurrent.atomic.AtomicInteger'], 'java/util/concurrent/atomic/AtomicInteger',
          super_id=O, fields=[('value', g.INT)], statics=[('VALUE', g.LONG, cfg['value'])])
    d.cls(ids['java.lang.Object[]'], '[Ljava/lang/Object;', super_id=O)
    for c in CLASSES:
        sup, fields = FIELDS[c]
        d.cls(ids[c], 'com/example/' + c, super_id=ids[sup] if sup in ids and sup != 'java.lang.Object'
              else O, fields=fields)
    for c in CLASSES:
        d.instance(ids[c.lower()], ids[c])
        d.sticky(ids[c])
    d.obj_array(ids['Object[3]'], ids['java.lang.Object[]'], [0, 0, 0])
    d.obj_array(ids['Object[0]'], ids['java.lang.Object[]'], [])
    d.prim_array(ids['byte[3]'], g.BYTE, [1, 2, 3])
    d.prim_array(ids['long[3]'], g.LONG, [1, 2, 3])
    d.prim_array(ids['int[0]'], g.INT, [])
    return h, ids


class LayoutRules(CliTest):
    def check(self, name):
        cfg = CONFIGS[name]
        h, ids = build(cfg)
        f = self.write(h, name + '.hprof')
        layout = self.summary(f)['layout']
        self.assertEqual((layout['source'], layout['ref_size'], layout['header_size'], layout['class_pointer'],
                          layout['fields']), cfg['layout'])
        rows = {r['name']: r for r in self.classes(f, '--limit', '1000')}
        got = {c: rows['com.example.' + c]['shallow'] for c in CLASSES}
        self.assertEqual(got, cfg['sizes'])
        arrays = {}
        for a in ARRAYS:
            o = self.json_of(['object', f, hex(ids[a]), '--json'])
            arrays[a] = o['shallow']
        self.assertEqual(arrays, cfg['arrays'])


for _name in CONFIGS:
    def _test(self, n=_name):
        self.check(n)
    setattr(LayoutRules, 'test_' + _name.replace('-', '_'), _test)


if __name__ == '__main__':
    main()
