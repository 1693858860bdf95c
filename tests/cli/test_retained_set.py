#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""retained-set over a set named three ways (--class, --query, ids), on a
hand-made graph. 4-byte ids (P = R = 4), A = 8.

Sizes: Root and Parent {Object a, Object b}: 8 + 8 = 16. Node {Object a}:
8 + 4 = 12 -> 16. int[1]: 12 + 4 = 16. int[4]: 12 + 16 = 28 -> 32.
Class objects: no statics, 0 bytes; all sticky roots.

Graph (-> is a reference; [root] a GC root):
  ROOT[root] -> P1, P2
  P1 -> SHARED, L1      P2 -> SHARED, L2      SHARED -> SC
  U (a Parent nothing references: unreachable) -> L3 (unreachable too)
with P1, P2, U Parents, SHARED a Node, L1, L2, L3 int[1], SC int[4].

Precise retained sizes (walk from the roots without entering the set,
add up the reachable objects left out):
  {P1}: P1, L1 = 32 bytes, 2 objects (SHARED is still reached via P2);
  {P2}: P2, L2 = 32, 2;
  {P1, P2}: P1, P2, L1, L2, SHARED, SC = 16 * 5 + 32 = 112, 6
    (more than 32 + 32: the shared child goes only with both);
  {P1, L1}: P1, L1 = 32, 2 (a member another member holds counts once);
  {P1, P2, U}: 112, 6 (U is unreachable: selected, never retained);
  all Parents (--class): 3 objects of 48 bytes, 112 retained in 6; the
    class table's lower bound is P1 32 + P2 32 = 64 (SHARED's dominator is
    ROOT, so neither Parent alone retains it).
"""

from clitest import CliTest, g, main, run_cli

OBJ, CLS, ROOTC, PARENT, NODE, INTS = (0x1000 + 8 * i for i in range(6))
ROOT, P1, P2, SHARED, SC, L1, L2, U, L3 = (0x10000 + 0x10 * i for i in range(9))


def build():
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


class RetainedSet(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.file = build().write(cls.path('retained-set.hprof'))

    def ok(self, args):
        proc = run_cli(args)
        self.assertNoCrash(proc, args[0])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        return proc.stdout.decode('utf-8')

    def fails(self, args, message):
        """Exit 2, the message on stderr, nothing on stdout."""
        proc = run_cli(args)
        self.assertNoCrash(proc, args[0])
        self.assertEqual(proc.returncode, 2, proc.stderr)
        self.assertIn(message, proc.stderr.decode('utf-8'))
        self.assertEqual(proc.stdout, b'')

    def rs(self, *args):
        r = self.json_of(['retained-set', self.file, '--json'] + list(args))
        self.assertIsInstance(r, dict)
        return (r['objects'], r['shallow'], r['retained'], r['retained_count'])

    def test_ids_alone_and_together(self):
        self.assertEqual(self.rs(hex(P1)), (1, 16, 32, 2))
        self.assertEqual(self.rs(hex(P2)), (1, 16, 32, 2))
        self.assertEqual(self.rs(hex(P1), hex(P2)), (2, 32, 112, 6))
        self.assertEqual(self.rs(hex(P1), hex(L1)), (2, 32, 32, 2))
        self.assertEqual(self.rs(hex(P1), hex(P2), hex(U)), (3, 48, 112, 6))
        # The same id twice is one object.
        self.assertEqual(self.rs(hex(P1), hex(P1)), (1, 16, 32, 2))

    def test_id_spellings(self):
        # Decimal digits, hex without 0x (it has a letter), upper-case 0X.
        self.assertEqual(self.rs(str(P1), '%x' % P2), (2, 32, 112, 6))
        self.assertEqual(self.rs('0X%X' % P1), (1, 16, 32, 2))

    def test_class(self):
        r = self.json_of(['retained-set', self.file, '--class', 'com.example.Parent', '--json'])
        self.assertEqual((r['class'], r['count'], r['objects'], r['shallow'], r['retained'],
                          r['retained_count'], r['class_retained_lower_bound']),
                         ('com.example.Parent', 3, 3, 48, 112, 6, 64))

    def test_query(self):
        q = 'SELECT * FROM com.example.Parent'
        r = self.json_of(['retained-set', self.file, '--query', q, '--json'])
        # A query sees the reachable objects: P1 and P2.
        self.assertEqual((r['query'], r['objects'], r['shallow'], r['retained'], r['retained_count']),
                         (q, 2, 32, 112, 6))
        self.assertEqual(self.rs('--query', q, '--unreachable'), (3, 48, 112, 6))
        # The objects of a table's cells count too.
        self.assertEqual(self.rs('--query', 'SELECT p.a FROM com.example.Parent p'), (1, 16, 48, 2))

    def test_text(self):
        out = self.ok(['retained-set', self.file, hex(P1), hex(P2)])
        self.assertIn('2 objects of 32 bytes (shallow) retain 112 bytes in 6 objects', out)

    def test_errors(self):
        for args, message in [
            ([hex(0x77770)], 'no object with id "0x77770"'),
            (['12x'], 'no object with id "12x"'),
            (['--query', 'SELECT * FROM int[] s WHERE s.@length > 100'], "the query's result holds no objects"),
            (['--query', 'SELECT s.@length FROM int[] s'], "the query's result holds no objects"),
            (['--query', 'SELECT * FROM'], 'line 1'),
            (['--class', 'com.example.Parent', hex(P1)], 'takes one of --class NAME, --query QUERY or object ids'),
            ([], 'retained-set needs --class NAME, --query QUERY or one or more object ids'),
        ]:
            with self.subTest(args=args):
                self.fails(['retained-set', self.file] + args, message)


if __name__ == '__main__':
    main()
