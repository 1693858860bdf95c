#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Android's heaps (HEAP_DUMP_INFO, 0xFE): which heap each object is in,
the per-heap totals of `summary --json`, `--heap NAME` of classes,
dominators and objects, and `object`'s heap and depth.

The hand-built dump (1.0.3, 4-byte ids, so A = 8 and Android's sizes):
  before any 0xFE ("default"): the class objects Object, Class, Node
    (declared size 16, field next), byte[] and Object[]: 5 objects of 0
    bytes (no statics); all sticky roots
  0xFE zygote:  Z1 Node{next: A1} 16 B, Z2 byte[20] 32 B (nothing refers
                to it: unreachable)
  a new segment, 0xFE zygote again (ART repeats it): Z3 Node{next: null} 16
  0xFE app:     A1 Node{next: Z3} 16, A2 Object[2]{Z1, A3} 12 + 8 -> 24,
                A3 byte[4] 12 + 4 -> 16
  0xFE image:   I1 Node{next: null} 16
  0xFE app:     A4 Node{next: I1} 16
  roots: A2, A4 (JNI global)
Dominators: A2 and A4 under the root; A2 -> Z1 -> A1 -> Z3, A2 -> A3,
A4 -> I1. Retained: Z3 16, A1 32, Z1 48, A3 16, A2 88, I1 16, A4 32.
Bytes retained by a heap: its objects whose immediate dominator is the root
or in another heap: zygote Z1 48 + Z3 16 = 64; app A1 32 + A2 88 + A4 32 =
152; image I1 16; default: the class objects, 0.
Depth (references from the nearest root): A2, A4 0; Z1, A3, I1 1; A1 2;
Z3 3; Z2 none.
"""

import re
import struct

from clitest import CliTest, g, main, run_cli

OBJ, CLS, NODE, BYTES, OARR = 0x1000, 0x1010, 0x1020, 0x1030, 0x1040
Z1, Z2, Z3 = 0x2000, 0x2010, 0x2040
A1, A2, A3, A4 = 0x3000, 0x3010, 0x3030, 0x3060
I1 = 0x4000


def build():
    h = g.Hprof(version='1.0.3', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java.lang.Object', instance_size=8)
    d.cls(CLS, 'java.lang.Class', super_id=OBJ, instance_size=120)
    d.cls(NODE, 'Node', super_id=OBJ, instance_size=16, fields=[('next', g.OBJECT)])
    d.cls(BYTES, 'byte[]', super_id=OBJ, instance_size=0)
    d.cls(OARR, 'java.lang.Object[]', super_id=OBJ, instance_size=0)
    d.heap_info('Z', 'zygote')
    d.instance(Z1, NODE, {'next': A1})
    d.prim_array(Z2, g.BYTE, list(range(20)))
    d.segment_break()
    d.heap_info('Z', 'zygote')
    d.instance(Z3, NODE, {'next': 0})
    d.heap_info('A', 'app')
    d.instance(A1, NODE, {'next': Z3})
    d.obj_array(A2, OARR, [Z1, A3])
    d.prim_array(A3, g.BYTE, [1, 2, 3, 4])
    d.heap_info('I', 'image')
    d.instance(I1, NODE, {'next': 0})
    d.heap_info('A', 'app')
    d.instance(A4, NODE, {'next': I1})
    d.jni_global(A2)
    d.jni_global(A4)
    for c in (OBJ, CLS, NODE, BYTES, OARR):
        d.sticky(c)
    return h


class Heaps(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dump = build().write(cls.path('heaps.hprof'))

    def test_summary_heaps(self):
        s = self.summary(self.dump)
        self.assertEqual(s['objects'], 13)
        # In the order their first object appears.
        self.assertEqual(s['heaps'], [
            {'name': 'default', 'objects': 5, 'shallow': 0, 'reachable': 5, 'reachable_shallow': 0,
             'retained': 0},
            {'name': 'zygote', 'objects': 3, 'shallow': 64, 'reachable': 2, 'reachable_shallow': 32,
             'retained': 64},
            {'name': 'app', 'objects': 4, 'shallow': 72, 'reachable': 4, 'reachable_shallow': 72,
             'retained': 152},
            {'name': 'image', 'objects': 1, 'shallow': 16, 'reachable': 1, 'reachable_shallow': 16,
             'retained': 16},
        ])

    def test_classes_of_a_heap(self):
        rows = {r['name']: (r['count'], r['reachable_count'], r['shallow'], r['retained'])
                for r in self.classes(self.dump, '--heap', 'app')}
        # Node: A1 (no app Node above it: Z1, A2) 32 and A4 32; Object[]:
        # A2 88 (retained sizes stay whole); byte[]: A3, below A2, 16.
        self.assertEqual(rows, {'Node': (2, 2, 32, 64), 'java.lang.Object[]': (1, 1, 24, 88),
                                'byte[]': (1, 1, 16, 16)})
        rows = {r['name']: (r['count'], r['reachable_count'], r['shallow'], r['retained'])
                for r in self.classes(self.dump, '--heap', 'zygote')}
        # Z3 is below Z1, a zygote Node: only Z1's 48 counts.
        self.assertEqual(rows, {'Node': (2, 2, 32, 48), 'byte[]': (1, 0, 32, 0)})
        rows = {r['name']: r['count'] for r in self.classes(self.dump, '--heap', 'default')}
        self.assertEqual(rows, {'java.lang.Class': 5})
        # Without --heap: every heap.
        rows = {r['name']: r['count'] for r in self.classes(self.dump)}
        self.assertEqual(rows['Node'], 5)

    def test_dominators_and_objects_of_a_heap(self):
        top = self.dominators(self.dump, 10, '--heap', 'app')
        self.assertEqual([(g_id(o), o['retained']) for o in top], [(A2, 88), (A1, 32), (A4, 32), (A3, 16)])
        objs = self.objects(self.dump, 'Node', '--heap', 'zygote')
        self.assertEqual([(g_id(o), o['retained']) for o in objs], [(Z1, 48), (Z3, 16)])

    def test_object_heap_and_depth(self):
        want = {Z1: ('zygote', 1), Z2: ('zygote', None), Z3: ('zygote', 3), A1: ('app', 2), A2: ('app', 0),
                A3: ('app', 1), A4: ('app', 0), I1: ('image', 1), NODE: ('default', 0)}
        for oid, (heap, depth) in want.items():
            o = self.json_of(['object', self.dump, hex(oid), '--json'])
            self.assertEqual((o['heap'], o['depth']), (heap, depth), hex(oid))

    def test_report(self):
        """The report's Heaps section: one row per heap, then the app heap's
        classes by retained size (java.lang.Object[] 88, Node 64, byte[] 16)."""
        out = self.path('heaps.html')
        p = run_cli(['report', self.dump, '-o', out, '--no-timestamp', '-q'])
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        html = open(out, encoding='utf-8').read()
        self.assertIn('<section id="heaps">', html)
        table = html[html.index('id="heap-table"'):]
        table = table[:table.index('</table>')]
        self.assertEqual(re.findall(r'<td class="name">([^<]*)</td>', table),
                         ['default', 'zygote', 'app', 'image'])
        apps = html[html.index('id="app-class-table"'):]
        apps = apps[:apps.index('</table>')]
        self.assertEqual(re.findall(r'<code>([^<]*)</code>', apps), ['java.lang.Object[]', 'Node', 'byte[]'])
        self.assertEqual(re.findall(r'data-v="(\d+)"', apps),
                         ['1', '24', '88', '2', '32', '64', '1', '16', '16'])

    def test_unknown_heap(self):
        p = run_cli(['classes', self.dump, '--heap', 'nope'])
        self.assertEqual(p.returncode, 2)
        err = p.stderr.decode()
        self.assertIn('no heap named "nope"', err)
        self.assertIn('"app"', err)

    def test_hotspot_dump_is_one_default_heap(self):
        h = g.Hprof(version='1.0.2', id_size=8)
        d = h.heap_dump(segmented=True)
        d.cls(0x100, 'java/lang/Object')
        d.cls(0x110, 'Node', super_id=0x100, fields=[('next', g.OBJECT)])
        d.instance(0x200, 0x110, {'next': 0x220})
        d.instance(0x220, 0x110, {'next': 0})
        d.instance(0x240, 0x110, {'next': 0})   # unreachable
        d.java_frame(0x200)
        d.sticky(0x100)
        d.sticky(0x110)
        s = self.summary(self.write(h, 'hotspot.hprof'))
        self.assertEqual(len(s['heaps']), 1)
        row = s['heaps'][0]
        self.assertEqual(row['name'], 'default')
        self.assertEqual((row['objects'], row['shallow'], row['reachable'], row['reachable_shallow']),
                         (s['objects'], s['shallow_bytes'], s['reachable_objects'], s['reachable_bytes']))
        # One heap retains everything reachable.
        self.assertEqual(row['retained'], s['reachable_bytes'])
        # and the report has no Heaps section
        out = self.path('hotspot.html')
        p = run_cli(['report', self.path('hotspot.hprof'), '-o', out, '--no-timestamp', '-q'])
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        self.assertNotIn('id="heaps"', open(out, encoding='utf-8').read())

    def test_one_android_heap(self):
        """Every object after one 0xFE: one heap, named by it."""
        h = g.Hprof(version='1.0.3', id_size=4)
        d = h.heap_dump(segmented=True)
        d.heap_info('A', 'app')
        d.cls(OBJ, 'java.lang.Object', instance_size=8)
        d.instance(0x5000, OBJ)
        d.jni_global(0x5000)
        s = self.summary(self.write(h, 'one.hprof'))
        self.assertEqual([(r['name'], r['objects'], r['shallow']) for r in s['heaps']], [('app', 2, 8)])

    def test_many_heap_names(self):
        """10,000 distinct names and names of ids no string has: the first
        255 heaps keep their names, the rest share "(other heaps)"."""
        h = g.Hprof(version='1.0.3', id_size=4)
        d = h.heap_dump(segmented=True)
        d.cls(BYTES, 'byte[]', instance_size=0)
        oid = 0x100000
        # A name id that names no string: the heap id's name.
        for heap_id in (ord('A'), 77):
            d.raw(struct.pack('>BII', 0xFE, heap_id, 0xdeadbeef))
            d.prim_array(oid, g.BYTE, [])
            oid += 16
        for i in range(10000):
            d.heap_info('A', 'name%d' % i)
            d.prim_array(oid, g.BYTE, [])
            oid += 16
        s = self.summary(self.write(h, 'names.hprof'))
        heaps = s['heaps']
        self.assertEqual(len(heaps), 256)
        self.assertEqual([r['name'] for r in heaps[:4]], ['default', 'app', 'heap 77', 'name0'])
        self.assertEqual(heaps[254]['name'], 'name251')
        self.assertEqual(heaps[255]['name'], '(other heaps)')
        self.assertEqual(heaps[255]['objects'], 10000 - 252)
        self.assertEqual(sum(r['objects'] for r in heaps), s['objects'])
        self.assertEqual(sum(r['shallow'] for r in heaps), s['shallow_bytes'])


def g_id(o):
    return int(o['id'], 16)


if __name__ == '__main__':
    main()
