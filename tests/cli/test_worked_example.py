#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""docs/semantics.md's worked example and the seed example, end to end.

4-byte ids (P = R = 4), object addresses 8 apart at the smallest gap, so
A = 8. HotSpot-style names (`com/example/Seed`, `[I`) must come out in
Java source form.
"""

from clitest import CliTest, g, hexid, main, run_cli

OBJ, CLS, SEED, PAIR, INTS_C, CHARS_C = 0x1000, 0x1008, 0x1010, 0x1018, 0x1020, 0x1028
SEED_I, PAIR_I, INTS, CHARS = 0x2000, 0x2020, 0x2038, 0x2050
# Address gaps: 8 (x5, the classes), 0x2000 - 0x1028 = 4056 = 8 * 507,
# 0x20 = 32, 0x18 = 24, 0x18 = 24: gcd 8, so A = 8.


def build(version='1.0.2', segmented=True):
    h = g.Hprof(version=version, id_size=4)
    d = h.heap_dump(segmented=segmented)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(SEED, 'com/example/Seed', super_id=OBJ,
          fields=[('i', g.INT), ('j', g.LONG), ('a', g.OBJECT), ('b', g.OBJECT), ('c', g.OBJECT)])
    d.cls(PAIR, 'com/example/Pair', super_id=OBJ, fields=[('i', g.INT), ('j', g.LONG)])
    d.cls(INTS_C, '[I', super_id=OBJ)
    d.cls(CHARS_C, '[C', super_id=OBJ)
    if segmented:
        d.segment_break()
    d.instance(SEED_I, SEED, {'i': 1, 'j': 2, 'a': PAIR_I, 'b': INTS, 'c': CHARS})
    d.instance(PAIR_I, PAIR, {'i': 3, 'j': 4})
    d.prim_array(INTS, g.INT, [5, 6])
    d.prim_array(CHARS, g.CHAR, 'hi')
    for c in (OBJ, CLS, SEED, PAIR, INTS_C, CHARS_C):
        d.sticky(c)
    d.jni_global(SEED_I, 0x99)
    return h


# Shallow sizes, P = R = 4, A = 8:
#   Seed instance: S(Object) = P + R = 8; own fields int 4 + long 8 + 3 refs x 4 = 24;
#                  alignUp(24 + 8, 4) = 32; align(32, 8) = 32.
#   Pair instance: alignUp(4 + 8 + 8, 4) = 20; align(20, 8) = 24.
#   int[2]:  alignUp(4 + 4 + 4, 4) + 2 * 4 = 20 -> 24.
#   char[2]: 12 + 2 * 2 = 16 -> 16.
#   class objects: no static fields: align(0, 8) = 0.
# Total 32 + 24 + 24 + 16 = 96; everything reachable (classes are sticky
# roots, Seed a JNI global, the rest hangs off Seed).
# Dominators: Seed dominates Pair, int[2], char[2]: retained 96, count 4.


class WorkedExample(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.file = build().write(cls.path('worked.hprof'))

    def test_summary(self):
        s = self.summary(self.file)
        self.assertIn('1.0.2', s['format'])
        self.assertSummary(s, id_size=4, ref_size=4, object_align=8, android=False, dumps=1,
                           objects=10,            # 6 classes + 2 instances + 2 arrays
                           instances=2, object_arrays=0, primitive_arrays=2, classes=6,
                           gc_roots=7,            # 6 sticky classes + Seed
                           reachable_objects=10, unreachable_objects=0,
                           shallow_bytes=96, reachable_bytes=96, unreachable_bytes=0,
                           dangling_references=0)
        self.assertRoots(s, {g.ROOT_STICKY_CLASS: 6, g.ROOT_JNI_GLOBAL: 1})

    def test_classes(self):
        rows = self.classes(self.file)
        self.assertEqual(len(rows), 6, 'one row per class: %r' % rows)
        want = {
            'com.example.Seed': (1, 1, 32, 96),
            'com.example.Pair': (1, 1, 24, 24),
            'int[]': (1, 1, 24, 24),
            'char[]': (1, 1, 16, 16),
            'java.lang.Class': (6, 6, 0, 0),   # the six class objects, 0 bytes each
            'java.lang.Object': (0, 0, 0, 0),
        }
        for name, (count, reach, shallow, retained) in want.items():
            r = self.row(rows, name)
            self.assertEqual((r['count'], r['reachable_count'], r['shallow'], r['retained']),
                             (count, reach, shallow, retained), name)
            self.assertEqual(hexid(r['loader']), 0, name)

    def test_classes_sort_limit(self):
        rows = self.classes(self.file, '--sort', 'retained', '--limit', '2')
        self.assertEqual(len(rows), 2)
        self.assertEqual(rows[0]['name'], 'com.example.Seed')
        self.assertEqual(rows[1]['retained'], 24)       # Pair or int[] (a tie)
        rows = self.classes(self.file, '--sort', 'count', '--limit', '1')
        self.assertEqual([(r['name'], r['count']) for r in rows], [('java.lang.Class', 6)])
        rows = self.classes(self.file, '--sort', 'shallow')
        self.assertEqual([r['shallow'] for r in rows], [32, 24, 24, 16, 0, 0])

    def test_argument_errors(self):
        # Exit 2 and a message saying what is wrong, nothing on stdout.
        missing = self.path('no-such.hprof')
        cases = [
            (['classes', self.file, '--sort', 'size'], '--sort takes count, shallow or retained, not "size"'),
            # checked before the dump is read: the message is about --sort
            (['classes', missing, '--sort', 'size'], '--sort takes count, shallow or retained'),
            (['objects', missing], 'objects needs --class NAME'),
            (['retained-set', self.file], 'retained-set needs --class NAME'),
            (['objects', self.file, '--class', 'com.example.Nope'], 'no class named "com.example.Nope"'),
            (['retained-set', self.file, '--class', 'com/example/Seed'], 'no class named "com/example/Seed"'),
            (['report', self.file], 'report needs -o FILE'),
            (['frobnicate', self.file], 'unknown command "frobnicate"'),
        ]
        for args, message in cases:
            with self.subTest(' '.join(args[:1] + args[2:])):
                proc = run_cli(args)
                self.assertNoCrash(proc, args[0])
                self.assertEqual(proc.returncode, 2, proc.stderr)
                self.assertIn(message, proc.stderr.decode('utf-8', 'replace'))
                self.assertEqual(proc.stdout, b'')

    def test_dominators(self):
        top = self.dominators(self.file, 10)
        self.assertEqual([o['retained'] for o in top], [96, 24, 24, 16, 0, 0, 0, 0, 0, 0])
        self.assertObject(top, SEED_I, shallow=32, retained=96, retained_count=4, dominator='root',
                          cls='com.example.Seed')
        self.assertObject(top, PAIR_I, shallow=24, retained=24, retained_count=1, dominator=SEED_I,
                          cls='com.example.Pair')
        self.assertObject(top, INTS, shallow=24, retained=24, retained_count=1, dominator=SEED_I, cls='int[]')
        self.assertObject(top, CHARS, shallow=16, retained=16, retained_count=1, dominator=SEED_I, cls='char[]')
        # The virtual root retains exactly the reachable bytes.
        self.assertEqual(sum(o['retained'] for o in top if o['dominator'] == 'root'), 96)
        self.assertEqual(len(self.dominators(self.file, 1)), 1)

    def test_objects(self):
        objs = self.objects(self.file, 'com.example.Seed')
        self.assertEqual(len(objs), 1)
        self.assertObject(objs, SEED_I, shallow=32, retained=96, retained_count=4, dominator='root',
                          reachable=True, cls='com.example.Seed')
        objs = self.objects(self.file, 'char[]')
        self.assertObject(objs, CHARS, shallow=16, retained=16, retained_count=1, dominator=SEED_I,
                          reachable=True)

    def test_retained_set(self):
        r = self.retained_set(self.file, 'com.example.Seed')
        self.assertEqual((r['class'], r['count'], r['retained'], r['retained_count']),
                         ('com.example.Seed', 1, 96, 4))
        r = self.retained_set(self.file, 'com.example.Pair')
        self.assertEqual((r['count'], r['retained'], r['retained_count']), (1, 24, 1))

    def test_plain_heap_dump_record(self):
        # The same heap in one 0x0C HEAP_DUMP record (JDK 8 style, 1.0.1).
        f = build(version='1.0.1', segmented=False).write(self.path('worked-0c.hprof'))
        s = self.summary(f)
        self.assertIn('1.0.1', s['format'])
        self.assertSummary(s, objects=10, gc_roots=7, shallow_bytes=96, reachable_bytes=96, dumps=1)


if __name__ == '__main__':
    main()
