#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli waste and bitmap on dumps written here with ../hprofgen.py.

Every expected number is derived below from what the generator writes and
docs/semantics.md's size rules (never from the program's output). HotSpot dumps:
4-byte ids, no compressed references (P = R = 4), addresses 8 apart (A = 8):
  instance: align(S, 8), S(Object) = 8, S(C) = alignUp(own fields + S(super), 4)
  Object[n]: align(12 + 4n, 8); primitive array: align(12 + n*e, 8).
Android dumps (1.0.3): instance alignUp(declared size, 8); Object[n]
  alignUp(12 + 4n, 8); primitive alignUp(12 + n*e, 8) (16 for 8-byte e).
"""
import os
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
from clitest import CliTest, g, main, run_cli, CORPUS, testlib  # noqa: E402


def align8(n):
    return (n + 7) // 8 * 8


def prim_shallow(n, e):
    return align8(12 + n * e)


def obj_array_shallow(n):
    return align8(12 + 4 * n)


class Heap:
    """A small HotSpot heap builder: classes by name, every object reachable
    from one Object[] held by a JNI global unless unreachable=True."""

    def __init__(self, version='1.0.2'):
        self.h = g.Hprof(version=version, id_size=4)
        self.d = self.h.heap_dump(segmented=True)
        self.a = g.Addresses(0x10000000, [8])
        self.ids = {}
        self.held = []
        self.cls('java/lang/Object')
        self.cls('java/lang/Class', 'java/lang/Object')
        self.cls('[Ljava/lang/Object;', 'java/lang/Object')

    def cls(self, name, super_name=None, fields=(), statics=(), instance_size=None):
        cid = self.a()
        self.ids[name] = cid
        self.d.cls(cid, name, super_id=self.ids[super_name] if super_name else 0,
                   fields=fields, statics=statics, instance_size=instance_size)
        self.d.sticky(cid)
        return cid

    def inst(self, name, values=None, unreachable=False):
        oid = self.a()
        self.d.instance(oid, self.ids[name], values or {})
        if not unreachable:
            self.held.append(oid)
        return oid

    def prim(self, typ, data, hold=False):
        oid = self.a()
        self.d.prim_array(oid, typ, data=data)
        if hold:
            self.held.append(oid)
        return oid

    def objs(self, elements, hold=False):
        oid = self.a()
        self.d.obj_array(oid, self.ids['[Ljava/lang/Object;'], elements)
        if hold:
            self.held.append(oid)
        return oid

    def write(self, test, name):
        holder = self.a()
        self.d.obj_array(holder, self.ids['[Ljava/lang/Object;'], self.held)
        self.d.jni_global(holder)
        return self.h.write(test.path(name))


def utf16be(s):
    return s.encode('utf-16-be')


class WasteOldLibcore(CliTest):
    """Android's libcore before the OpenJDK classes (1.0.3 dump) names the
    backing arrays differently: ArrayList {array, size}, HashSet
    {backingMap}, WeakHashMap {elementData, elementCount}, Hashtable
    {table, size}; HashMap keeps {table, size}.
      ArrayList: Object[10] size 10; Object[12] size 0 (empty); Object[0]
        size 0 (empty): 3 lists, 2 empty, size 10, capacity 22, wasted
        (12 - 0) * 4 = 48.
      HashSet over a HashMap with table[8] and size 2: ideal 4 slots,
        wasted (8 - 4) * 4 = 16; the map is the set's, not listed itself.
      WeakHashMap elementData[16], elementCount 1: ideal 2, wasted 14 * 4.
      Hashtable table[11], size 5: ideal 8, wasted 3 * 4."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        hp = Heap(version='1.0.3')
        hp.cls('java/util/AbstractMap', 'java/lang/Object')
        hp.cls('java/util/HashMap', 'java/util/AbstractMap', fields=[('table', g.OBJECT), ('size', g.INT)])
        hp.cls('java/util/HashSet', 'java/lang/Object', fields=[('backingMap', g.OBJECT)])
        hp.cls('java/util/ArrayList', 'java/lang/Object', fields=[('array', g.OBJECT), ('size', g.INT)])
        hp.cls('java/util/WeakHashMap', 'java/util/AbstractMap',
               fields=[('elementData', g.OBJECT), ('elementCount', g.INT)])
        hp.cls('java/util/Hashtable', 'java/lang/Object', fields=[('table', g.OBJECT), ('size', g.INT)])
        filler = hp.inst('java/lang/Object')

        def table(cap, used):
            return hp.objs([filler] * used + [0] * (cap - used))

        hp.inst('java/util/ArrayList', {'array': table(10, 10), 'size': 10})
        hp.inst('java/util/ArrayList', {'array': table(12, 0), 'size': 0})
        hp.inst('java/util/ArrayList', {'array': table(0, 0), 'size': 0})
        inner = hp.inst('java/util/HashMap', {'table': table(8, 2), 'size': 2}, unreachable=True)
        hp.inst('java/util/HashSet', {'backingMap': inner})
        hp.inst('java/util/WeakHashMap', {'elementData': table(16, 1), 'elementCount': 1})
        hp.inst('java/util/Hashtable', {'table': table(11, 5), 'size': 5})
        cls.dump = hp.write(cls, 'old-libcore.hprof')

    def test_collections(self):
        w = self.json_of(['waste', self.dump, '--json'])
        got = {c['class']: (c['count'], c['empty'], c['size'], c['capacity'], c['wasted'])
               for c in w['collections']}
        self.assertEqual(got, {
            'java.util.ArrayList': (3, 2, 10, 22, 48),
            'java.util.HashSet': (1, 0, 2, 8, 16),
            'java.util.WeakHashMap': (1, 0, 1, 16, 56),
            'java.util.Hashtable': (1, 0, 5, 11, 12),
        })


class WasteJvm(CliTest):
    """JDK 8 strings (char[]), JDK 6 strings (offset, count), collections,
    zero/null/duplicate arrays and boxes in one dump."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        hp = Heap()
        # JDK 8 String: value, hash -> S = alignUp(4 + 4 + 8, 4) = 16.
        hp.cls('java/lang/String', 'java/lang/Object', fields=[('value', g.OBJECT), ('hash', g.INT)])
        s = {}
        cls.string_shallow = 16
        # "hello" x 3, each with its own char[5]; a 4th copy unreachable.
        for _ in range(3):
            v = hp.prim(g.CHAR, utf16be('hello'))
            hp.inst('java/lang/String', {'value': v})
        hp.d.instance(hp.a(), hp.ids['java/lang/String'], {'value': hp.prim(g.CHAR, utf16be('hello'))})
        # "shared" x 2 on one char[6].
        v = hp.prim(g.CHAR, utf16be('shared'))
        hp.inst('java/lang/String', {'value': v})
        hp.inst('java/lang/String', {'value': v})
        # "uniq" once: no finding.
        hp.inst('java/lang/String', {'value': hp.prim(g.CHAR, utf16be('uniq'))})
        # 300 x 'x', twice: shown cut, with its length.
        for _ in range(2):
            hp.inst('java/lang/String', {'value': hp.prim(g.CHAR, utf16be('x' * 300))})
        # Longer than one 512-byte conversion buffer, hashed piece by piece:
        # 700 one-byte units twice and a copy that differs only in its last
        # unit (its own value: a hash of the first piece alone would merge
        # it), and 300 units that need two bytes each, twice.
        for _ in range(2):
            hp.inst('java/lang/String', {'value': hp.prim(g.CHAR, utf16be('q' * 700))})
        hp.inst('java/lang/String', {'value': hp.prim(g.CHAR, utf16be('q' * 699 + 'r'))})
        for _ in range(2):
            hp.inst('java/lang/String', {'value': hp.prim(g.CHAR, utf16be('\u0436' * 300))})
        cls.expect_strings = {
            'hello': (5, 3, 2 * (16 + prim_shallow(5, 2))),
            'shared': (6, 2, 16),
            'x' * 200 + '…': (300, 2, 16 + prim_shallow(300, 2)),
            'q' * 200 + '…': (700, 2, 16 + prim_shallow(700, 2)),
            '\u0436' * 200 + '…': (300, 2, 16 + prim_shallow(300, 2)),
        }

        # Collections. HashMap: table, size -> alignUp(8 + 8, 4) = 16.
        hp.cls('java/util/AbstractMap', 'java/lang/Object')
        hp.cls('java/util/HashMap', 'java/util/AbstractMap', fields=[('table', g.OBJECT), ('size', g.INT)])
        hp.cls('java/util/LinkedHashMap', 'java/util/HashMap', fields=[('head', g.OBJECT)])
        hp.cls('java/util/HashSet', 'java/lang/Object', fields=[('map', g.OBJECT)])
        hp.cls('java/util/ArrayList', 'java/lang/Object', fields=[('elementData', g.OBJECT), ('size', g.INT)])
        hp.cls('java/util/ArrayDeque', 'java/lang/Object',
               fields=[('elements', g.OBJECT), ('head', g.INT), ('tail', g.INT)])
        filler = hp.inst('java/lang/Object')

        def table(cap, used):
            return hp.objs([filler] * used + [0] * (cap - used))

        def hash_ideal(size):
            if size == 0:
                return 0
            c = 1
            while c * 3 // 4 < size:
                c *= 2
            return c

        hp.inst('java/util/HashMap', {'table': table(16, 3), 'size': 3})    # A
        hp.inst('java/util/HashMap', {'table': table(16, 0), 'size': 0})    # B: empty
        hp.inst('java/util/HashMap', {'size': 0})                           # C: empty, no table
        inner = hp.inst('java/util/HashMap', {'table': table(8, 6), 'size': 6}, unreachable=True)
        hp.inst('java/util/HashSet', {'map': inner})                        # F, through G
        hp.inst('java/util/LinkedHashMap', {'table': table(32, 1), 'size': 1})
        hp.inst('java/util/ArrayList', {'elementData': hp.objs([filler] * 10), 'size': 10})
        hp.inst('java/util/ArrayList', {'elementData': hp.objs([filler] * 2 + [0] * 8), 'size': 2})
        hp.inst('java/util/ArrayDeque', {'elements': hp.objs([0, 0, filler, filler, filler, 0, 0, 0]), 'head': 2, 'tail': 5})
        hp.inst('java/util/ArrayDeque', {'elements': hp.objs([filler, 0, 0, 0, 0, 0, filler, filler]), 'head': 6, 'tail': 1})
        hm, tab16 = 16, obj_array_shallow(16)
        cls.expect_collections = {
            # class: (count, empty, empty_bytes, size, capacity, wasted, histogram buckets)
            'java.util.HashMap': (3, 2, (hm + tab16) + hm, 3, 32,
                                  (16 - hash_ideal(3)) * 4 + 16 * 4, {1: 1, 0: 2}),
            # (the HashSet, 6 in 8 slots, is right-sized: hash_ideal(6) = 8
            # saves nothing, so it is not listed)
            'java.util.LinkedHashMap': (1, 0, 0, 1, 32, (32 - hash_ideal(1)) * 4, {0: 1}),
            'java.util.ArrayList': (2, 0, 0, 12, 20, (10 - 2) * 4, {9: 1, 2: 1}),
            'java.util.ArrayDeque': (2, 0, 0, 6, 16, 2 * (8 - 3) * 4, {3: 2}),
        }

        # Arrays: int[16] zero, Object[8] null (so is HashMap B's table),
        # long[8] 1..8 three times, int[4] zero (too short).
        hp.prim(g.INT, bytes(64), hold=True)
        hp.prim(g.INT, bytes(16), hold=True)
        hp.objs([0] * 8, hold=True)
        for _ in range(3):
            hp.prim(g.LONG, b''.join(struct.pack('>q', i) for i in range(1, 9)), hold=True)
        cls.expect_zero = {'int': (1, prim_shallow(16, 4))}
        cls.expect_null = (2, obj_array_shallow(8) + tab16)
        cls.expect_dups = [('long', 8, 3, 2 * prim_shallow(8, 8))]

        # Boxes: Integer (value int) S = 12 -> 16; five reachable, one not.
        hp.cls('java/lang/Number', 'java/lang/Object')
        hp.cls('java/lang/Integer', 'java/lang/Number', fields=[('value', g.INT)])
        for i in range(5):
            hp.inst('java/lang/Integer', {'value': 1000 + i})
        hp.inst('java/lang/Integer', {'value': 7}, unreachable=True)
        cls.expect_boxed = {'java.lang.Integer': (5, 5 * 16, 5 * 4)}
        cls.jvm = hp.write(cls, 'jvm8.hprof')

        # JDK 6: value, offset, count, hash -> S = 24. "HELLO" on its own
        # char[5] first, then twice inside one "abcHELLOdef".
        hp6 = Heap()
        hp6.cls('java/lang/String', 'java/lang/Object',
                fields=[('value', g.OBJECT), ('offset', g.INT), ('count', g.INT), ('hash', g.INT)])
        hp6.inst('java/lang/String', {'value': hp6.prim(g.CHAR, utf16be('HELLO')), 'offset': 0, 'count': 5})
        big = hp6.prim(g.CHAR, utf16be('abcHELLOdef'))
        hp6.inst('java/lang/String', {'value': big, 'offset': 3, 'count': 5})
        hp6.inst('java/lang/String', {'value': big, 'offset': 3, 'count': 5})
        hp6.inst('java/lang/String', {'value': big, 'offset': 0, 'count': 3})   # "abc": once
        cls.jdk6 = hp6.write(cls, 'jdk6.hprof')
        cls.expect_jdk6 = {'HELLO': (5, 3, 2 * 24)}

        # JDK 9+: value (byte[]), coder, hash -> S = alignUp(4 + 1 + 4 + 8, 4) = 20 -> 24.
        hp9 = Heap()
        hp9.cls('java/lang/String', 'java/lang/Object',
                fields=[('value', g.OBJECT), ('coder', g.BYTE), ('hash', g.INT)])
        for _ in range(2):
            hp9.inst('java/lang/String', {'value': hp9.prim(g.BYTE, 'héllo'.encode('latin-1')), 'coder': 0})
        for _ in range(2):
            hp9.inst('java/lang/String', {'value': hp9.prim(g.BYTE, '日本'.encode('utf-16-le')), 'coder': 1})
        # "ab" as Latin-1 and as UTF-16: one value.
        hp9.inst('java/lang/String', {'value': hp9.prim(g.BYTE, b'ab'), 'coder': 0})
        hp9.inst('java/lang/String', {'value': hp9.prim(g.BYTE, 'ab'.encode('utf-16-le')), 'coder': 1})
        cls.jdk9 = hp9.write(cls, 'jdk9.hprof')
        cls.expect_jdk9 = {
            'héllo': (5, 2, 24 + prim_shallow(5, 1)),
            '日本': (2, 2, 24 + prim_shallow(4, 1)),
            'ab': (2, 2, 24 + prim_shallow(4, 1)),   # the copy beyond the first is the UTF-16 one
        }

    def waste(self, path, *extra):
        w = self.json_of(['waste', path, '--json'] + list(extra))
        for key in ('duplicate_strings', 'collections', 'arrays', 'boxed', 'bitmaps'):
            self.assertIn(key, w)
        return w

    def check_strings(self, w, expect):
        got = {s['value']: (s['length'], s['count'], s['wasted']) for s in w['duplicate_strings']}
        self.assertEqual(got, expect)
        self.assertEqual(w['wasted_by_kind']['duplicate_strings'], sum(v[2] for v in expect.values()))

    def test_strings_jdk8(self):
        self.check_strings(self.waste(self.jvm), self.expect_strings)

    def test_string_paths(self):
        w = self.waste(self.jvm)
        hello = [x for x in w['duplicate_strings'] if x['value'] == 'hello'][0]
        # Each String is held by the holder array, a JNI global: root, String.
        self.assertEqual(len(hello['paths']), 3)
        for p, oid in zip(hello['paths'], hello['objects']):
            self.assertEqual(len(p), 2)
            self.assertTrue(p[0].startswith('java.lang.Object[]@'), p)
            self.assertEqual(p[1], 'java.lang.String@%s' % oid)

    def test_strings_jdk6_offset_count(self):
        self.check_strings(self.waste(self.jdk6), self.expect_jdk6)

    def test_strings_jdk9_coder(self):
        self.check_strings(self.waste(self.jdk9), self.expect_jdk9)

    def test_strings_order_and_limit(self):
        w = self.waste(self.jvm, '--limit', '1')
        self.assertEqual(len(w['duplicate_strings']), 1)
        best = max(self.expect_strings.items(), key=lambda kv: kv[1][2])
        self.assertEqual(w['duplicate_strings'][0]['value'], best[0])

    def test_collections(self):
        w = self.waste(self.jvm)
        got = {}
        for c in w['collections']:
            hist = {i: n for i, n in enumerate(c['fill_histogram']) if n}
            got[c['class']] = (c['count'], c['empty'], c['empty_bytes'], c['size'], c['capacity'], c['wasted'], hist)
        self.assertEqual(got, self.expect_collections)
        self.assertEqual(w['wasted_by_kind']['collections'], sum(v[5] for v in self.expect_collections.values()))

    def test_arrays(self):
        w = self.waste(self.jvm)
        zero = {z['type']: (z['count'], z['bytes']) for z in w['arrays']['zero']}
        self.assertEqual(zero, self.expect_zero)
        self.assertEqual((w['arrays']['null']['count'], w['arrays']['null']['bytes']), self.expect_null)
        dups = [(d['type'], d['length'], d['count'], d['wasted']) for d in w['arrays']['duplicates']]
        self.assertEqual(dups, self.expect_dups)   # no char[]: String values are the strings' finding

    def test_boxed(self):
        w = self.waste(self.jvm)
        got = {b['class']: (b['count'], b['bytes'], b['primitive_bytes']) for b in w['boxed']}
        self.assertEqual(got, self.expect_boxed)
        self.assertEqual(w['boxed'][0]['wasted'], 5 * 16 - 5 * 4)

    def test_total_and_text(self):
        w = self.waste(self.jvm)
        k = w['wasted_by_kind']
        self.assertEqual(w['total_wasted'], sum(k.values()))
        proc = run_cli(['waste', self.jvm])
        self.assertEqual(proc.returncode, 0)
        self.assertTrue(proc.stdout.decode().startswith('about '), proc.stdout[:200])


# --- Android --------------------------------------------------------------

def png_pixels(data):
    """RGBA rows of an 8-bit RGBA PNG (filter 0 only, which is what
    heapscope writes; any other filter fails the test)."""
    assert data[:8] == b'\x89PNG\r\n\x1a\n'
    pos, idat, w = 8, b'', None
    while pos < len(data):
        n = struct.unpack('>I', data[pos:pos + 4])[0]
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + n]
        assert zlib.crc32(kind + body) == struct.unpack('>I', data[pos + 8 + n:pos + 12 + n])[0]
        if kind == b'IHDR':
            w, h, depth, colour = struct.unpack('>IIBB', body[:10])
            assert (depth, colour) == (8, 6)
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    rows = []
    for y in range(h):
        row = raw[y * (4 * w + 1):(y + 1) * (4 * w + 1)]
        assert row[0] == 0
        rows.append([tuple(row[1 + 4 * x:5 + 4 * x]) for x in range(w)])
    return w, h, rows


def make_png(w, h, rgba_rows):
    raw = b''.join(b'\x00' + bytes(sum((list(p) for p in row), [])) for row in rgba_rows)

    def chunk(kind, body):
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body))
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


class WasteServerOom(CliTest):
    """The server-shaped dump (tests/suspects/server_oom.py works its
    sizes out). Its 40 workers each hold a byte[262144] (262,160 bytes) of
    the same bytes in a local of their own frame: working buffers, listed
    apart and kept out of the total. The JDK's box caches (256 Long, 128
    Character) are not waste; the 3,000 Integer keys are (16 bytes each for
    a 4-byte int). The map (3,000 entries in 4,096 slots, the smallest table
    that holds them) and the list (500 in 500) save nothing: not listed.
    What is left: 500 sessions' byte[256] (272) alike, 499 x 272 = 135,728,
    and the Integers' 3,000 x 12 = 36,000."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        sys.path.insert(0, os.path.join(HERE, '..', 'suspects'))
        import server_oom
        cls.dump = cls.path('server-oom.hprof')
        server_oom.build().write(cls.dump)

    def test_insights(self):
        w = self.json_of(['waste', self.dump, '--json'])
        dups = [(d['type'], d['length'], d['count'], d['wasted'], d['thread_locals'])
                for d in w['arrays']['duplicates']]
        self.assertEqual(dups, [('byte', 262144, 40, 39 * 262160, True), ('byte', 256, 500, 499 * 272, False)])
        self.assertEqual(w['thread_buffers'], 39 * 262160)
        self.assertEqual(w['wasted_by_kind']['arrays'], 499 * 272)
        self.assertEqual([(b['class'], b['count']) for b in w['boxed']], [('java.lang.Integer', 3000)])
        self.assertEqual(w['wasted_by_kind']['boxed'], 3000 * 12)
        self.assertEqual(w['collections'], [])
        self.assertEqual(w['total_wasted'], 499 * 272 + 3000 * 12)
        self.assertEqual(w['summary'], 'about 171.7\u00a0kB could be saved: duplicate arrays 135.7\u00a0kB, '
                                       'boxed primitives 36.0\u00a0kB')
        text = run_cli(['waste', self.dump]).stdout.decode()
        self.assertIn('Per-thread working buffers', text)


class WasteAndroid(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        hp = Heap(version='1.0.3')
        # ARGB_8888 pixels as Android keeps them: R G B A, premultiplied.
        cls.argb = [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255),
                    (64, 32, 0, 128), (0, 0, 0, 0), (10, 20, 30, 255)]        # 3 x 2
        cls.rgb565 = [0xF800, 0x07E0, 0x001F, 0xFFFF, 0x0000, 0x8410, 0x1234, 0xABCD]  # 4 x 2
        png_rows = [[(1, 2, 3, 255), (4, 5, 6, 255)], [(7, 8, 9, 128), (0, 0, 0, 0)]]
        cls.dump_png = make_png(2, 2, png_rows)
        hp.cls('android/graphics/Bitmap$DumpData', 'java/lang/Object',
               fields=[('count', g.INT), ('format', g.INT), ('natives', g.OBJECT), ('buffers', g.OBJECT)],
               instance_size=24)
        dump_data = hp.a()
        hp.cls('android/graphics/Bitmap', 'java/lang/Object',
               fields=[('mBuffer', g.OBJECT), ('mWidth', g.INT), ('mHeight', g.INT),
                       ('mNativePtr', g.LONG), ('mRecycled', g.BOOLEAN)],
               statics=[('dumpData', g.OBJECT, dump_data)], instance_size=33)
        bitmap_shallow = align8(33)
        argb_bytes = bytes(sum((list(p) for p in cls.argb), []))
        rgb_bytes = b''.join(struct.pack('<H', v) for v in cls.rgb565)
        B = 'android/graphics/Bitmap'
        cls.b1 = hp.inst(B, {'mBuffer': hp.prim(g.BYTE, argb_bytes), 'mWidth': 3, 'mHeight': 2})
        cls.b2 = hp.inst(B, {'mBuffer': hp.prim(g.BYTE, argb_bytes), 'mWidth': 3, 'mHeight': 2})
        cls.b3 = hp.inst(B, {'mBuffer': hp.prim(g.BYTE, rgb_bytes), 'mWidth': 4, 'mHeight': 2})
        cls.bad_size = hp.inst(B, {'mBuffer': hp.prim(g.BYTE, bytes(10)), 'mWidth': 5, 'mHeight': 5})
        cls.negative = hp.inst(B, {'mBuffer': hp.prim(g.BYTE, bytes(16)), 'mWidth': -3, 'mHeight': 4})
        cls.huge = hp.inst(B, {'mBuffer': hp.prim(g.BYTE, bytes(16)), 'mWidth': 0x7fffffff, 'mHeight': 0x7fffffff})
        cls.dumped = hp.inst(B, {'mWidth': 2, 'mHeight': 2, 'mNativePtr': 0x7777})
        natives = hp.prim(g.LONG, struct.pack('>q', 0x7777))
        buffers = hp.objs([hp.prim(g.BYTE, cls.dump_png)])
        hp.d.instance(dump_data, hp.ids['android/graphics/Bitmap$DumpData'],
                      {'count': 1, 'format': 1, 'natives': natives, 'buffers': buffers})
        cls.java_bytes = {cls.b1: prim_shallow(24, 1), cls.b2: prim_shallow(24, 1), cls.b3: prim_shallow(16, 1)}
        del bitmap_shallow
        # ART strings: count = length << 1 | uncompressed; compressed ones
        # in a byte[], the others in a char[]. "droid" three times.
        hp.cls('java/lang/String', 'java/lang/Object',
               fields=[('count', g.INT), ('hash', g.INT), ('value', g.OBJECT)], instance_size=20)
        for _ in range(2):
            hp.inst('java/lang/String', {'count': 5 << 1, 'value': hp.prim(g.BYTE, b'droid')})
        hp.inst('java/lang/String', {'count': (5 << 1) | 1, 'value': hp.prim(g.CHAR, utf16be('droid'))})
        # Android collections: SparseArray mKeys int[10], mValues Object[10], mSize 4.
        hp.cls('android/util/SparseArray', 'java/lang/Object',
               fields=[('mKeys', g.OBJECT), ('mValues', g.OBJECT), ('mSize', g.INT)], instance_size=20)
        f = hp.inst('java/lang/Object')
        hp.inst('android/util/SparseArray', {'mKeys': hp.prim(g.INT, bytes(40)),
                                             'mValues': hp.objs([f] * 4 + [0] * 6), 'mSize': 4})
        cls.path = hp.write(cls, 'android.hprof')

    def bitmaps(self):
        w = self.json_of(['waste', self.path, '--json'])
        return w, {g_id(b['id']): b for b in w['bitmaps']}

    def test_bitmap_list(self):
        w, bm = self.bitmaps()
        self.assertEqual(len(bm), 7)
        self.assertEqual((bm[self.b1]['width'], bm[self.b1]['height'], bm[self.b1]['config']), (3, 2, 'ARGB_8888'))
        self.assertEqual(bm[self.b3]['config'], 'RGB_565')
        for b in (self.b1, self.b2, self.b3):
            self.assertEqual(bm[b]['bytes'], self.java_bytes[b])
            self.assertIsNone(bm[b]['problem'])
        self.assertEqual((bm[self.b1]['duplicates'], bm[self.b2]['duplicates'], bm[self.b3]['duplicates']), (1, 1, 0))
        self.assertEqual(w['wasted_by_kind']['bitmaps'], self.java_bytes[self.b2])
        for b in (self.bad_size, self.negative, self.huge):
            self.assertTrue(bm[b]['problem'], bm[b])
        self.assertIn('10 bytes', bm[self.bad_size]['problem'])

    def bitmap_png(self, obj):
        out = self.path + '.%x.png' % obj
        proc = run_cli(['bitmap', self.path, '0x%x' % obj, '-o', out])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(out, 'rb') as fh:
            return fh.read()

    def test_argb_pixels(self):
        w, h, rows = png_pixels(self.bitmap_png(self.b1))
        self.assertEqual((w, h), (3, 2))

        def straight(p):
            r, gg, b, a = p
            return tuple(0 if a == 0 else min(255, (c * 255 + a // 2) // a) for c in (r, gg, b)) + (a,)
        self.assertEqual([px for row in rows for px in row], [straight(p) for p in self.argb])

    def test_rgb565_pixels(self):
        w, h, rows = png_pixels(self.bitmap_png(self.b3))
        self.assertEqual((w, h), (4, 2))

        def expand(v):
            r, gg, b = (v >> 11) & 31, (v >> 5) & 63, v & 31
            return ((r << 3) | (r >> 2), (gg << 2) | (gg >> 4), (b << 3) | (b >> 2), 255)
        self.assertEqual([px for row in rows for px in row], [expand(v) for v in self.rgb565])

    def test_dump_data_png(self):
        self.assertEqual(self.bitmap_png(self.dumped), self.dump_png)

    def test_hostile_bitmaps(self):
        for b in (self.bad_size, self.negative, self.huge):
            proc = run_cli(['bitmap', self.path, '0x%x' % b, '-o', self.path + '.bad.png'])
            self.assertNoCrash(proc, 'bitmap 0x%x' % b)
            self.assertEqual(proc.returncode, 2)
            self.assertIn(b'cannot be drawn', proc.stderr)
            self.assertFalse(os.path.exists(self.path + '.bad.png'))

    def test_bitmap_refuses(self):
        for dest in ('/dev/null', self.path):
            proc = run_cli(['bitmap', self.path, '0x%x' % self.b1, '-o', dest])
            self.assertEqual(proc.returncode, 2, dest)
        proc = run_cli(['bitmap', self.path, '0x%x' % self.b1, '-o', '-'])
        self.assertEqual(proc.returncode, 0)
        self.assertEqual(png_pixels(proc.stdout)[:2], (3, 2))
        proc = run_cli(['bitmap', self.path, '0x%x' % self.b1 if False else '0x1', '-o', '-'])
        self.assertEqual(proc.returncode, 2)

    def test_android_strings_and_sparse_array(self):
        w, _ = self.bitmaps()
        s = {x['value']: (x['length'], x['count']) for x in w['duplicate_strings']}
        self.assertEqual(s, {'droid': (5, 3)})
        c = {x['class']: (x['count'], x['size'], x['capacity'], x['wasted']) for x in w['collections']}
        self.assertEqual(c, {'android.util.SparseArray': (1, 4, 10, 6 * 4 + 6 * 4)})


class WasteAndroidCollections(CliTest):
    """Android's ArrayMap and ArraySet with the fields Android gives them
    (mHashes int[capacity], mArray Object[2 * capacity] for a map and
    Object[capacity] for a set, mSize), declared size 24 (shallow 24).
    Right-sized they need mSize slots; a slot costs an int of mHashes plus
    one (set) or two (map) references of mArray (R = 4 on Android);
    empty_bytes is the shallow of the empty one plus its int[0] and
    Object[0], alignUp(12, 8) = 16 each."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        hp = Heap(version='1.0.3')
        hp.cls('android/util/ArrayMap', 'java/lang/Object',
               fields=[('mIdentityHashCode', g.BOOLEAN), ('mHashes', g.OBJECT), ('mArray', g.OBJECT),
                       ('mSize', g.INT)], instance_size=24)
        hp.cls('android/util/ArraySet', 'java/lang/Object',
               fields=[('mHashes', g.OBJECT), ('mArray', g.OBJECT), ('mSize', g.INT)], instance_size=24)
        f = hp.inst('java/lang/Object')
        # A map of 3 pairs in 8 slots, an empty map, a set of 1 in 4 slots.
        hp.inst('android/util/ArrayMap', {'mHashes': hp.prim(g.INT, bytes(4 * 8)),
                                          'mArray': hp.objs([f] * 6 + [0] * 10), 'mSize': 3})
        hp.inst('android/util/ArrayMap', {'mHashes': hp.prim(g.INT, b''), 'mArray': hp.objs([]), 'mSize': 0})
        hp.inst('android/util/ArraySet', {'mHashes': hp.prim(g.INT, bytes(4 * 4)),
                                          'mArray': hp.objs([f, 0, 0, 0]), 'mSize': 1})
        cls.path = hp.write(cls, 'android-collections.hprof')

    def test_array_map_and_set(self):
        w = self.json_of(['waste', self.path, '--json'])
        got = {}
        for c in w['collections']:
            hist = {i: n for i, n in enumerate(c['fill_histogram']) if n}
            got[c['class']] = (c['layout'], c['count'], c['empty'], c['empty_bytes'], c['size'], c['capacity'],
                               c['wasted'], hist)
        self.assertEqual(got, {
            # (8 - 3) slots of an int and two references; buckets 30 // 8 = 3 and empty 0.
            'android.util.ArrayMap': ('ArrayMap', 2, 1, 24 + 16 + 16, 3, 8, (8 - 3) * (4 + 2 * 4), {3: 1, 0: 1}),
            # (4 - 1) slots of an int and one reference; bucket 10 // 4 = 2.
            'android.util.ArraySet': ('ArraySet', 1, 0, 0, 1, 4, (4 - 1) * (4 + 4), {2: 1}),
        })
        self.assertEqual(w['wasted_by_kind']['collections'], 60 + 24)


def g_id(v):
    return int(v, 16)


class WasteCorpusAndroid(CliTest):
    """The corpus's Android dump: every reachable Bitmap is listed, each one
    with an mBuffer of width * height * 4 bytes draws as a PNG of its size."""

    def test_corpus_bitmaps(self):
        rel = 'android/leak_service_binder.hprof'
        path = os.path.join(testlib.require_corpus(rel), rel)
        classes = self.json_of(['classes', path, '--json'])
        n_bitmaps = sum(c['reachable_count'] for c in classes if c['name'] == 'android.graphics.Bitmap')
        w = self.json_of(['waste', path, '--json'])
        self.assertEqual(len(w['bitmaps']), n_bitmaps)
        self.assertGreater(n_bitmaps, 0)
        for b in w['bitmaps'][:3]:
            self.assertEqual(b['config'], 'ARGB_8888')
            self.assertEqual(b['java_bytes'], align8(12 + b['width'] * b['height'] * 4))
            out = os.path.join(self.tmp, 'c.png')
            proc = run_cli(['bitmap', path, b['id'], '-o', out])
            self.assertEqual(proc.returncode, 0, proc.stderr)
            with open(out, 'rb') as fh:
                self.assertEqual(png_pixels(fh.read())[:2], (b['width'], b['height']))


if __name__ == '__main__':
    main()
