#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`heapscope-cli object DUMP ID [--json]`: one object field by field on a
heap written here (4-byte ids, A = 8: every address below is a multiple of
8 and their gaps have gcd 8). Expected values come from the heap below."""

import unittest

from clitest import CliTest, g, hexid, main, run_cli

OBJ, STR, NODE, HOLDER = 0x1000, 0x1008, 0x1010, 0x1018
A, B, C = 0x2000, 0x2010, 0x2020      # Node chain A.next -> B.next -> C
H = 0x2100                            # a Holder with every kind of field
S, CHARS = 0x3000, 0x3010             # String "hello" and its char[5]
U = 0x4000                            # unreachable Node, U.next -> C
T = 0x6000                            # Node held by 150 rooted Nodes P
P = [0x7000 + 0x20 * i for i in range(150)]
GHOST = 0xa008                        # named by H.ghost, no such object

# Shallow sizes (R = 4, header 8, alignUp to 4 then to A = 8):
#   Node {Object next, Object name, int v, char c}: 8 + 4 + 4 + 4 + 2 = 22 -> 24
#   String {Object value, int hash}: 8 + 8 = 16
#   char[5]: 12 + 10 = 22 -> 24
#   Holder {boolean flag, long big, Object ghost, double d}: 8 + 1 + 8 + 4 + 8 = 29 -> 32
# A's dominator tree: A -> B -> C, A -> S -> char[] (S is also held by C,
# but every path to C passes A): retained(A) = 3*24 + 16 + 24 = 112 in 5
# objects, retained(B) = 48 in 2, retained(C) = 24 in 1.
NODE_SIZE, STR_SIZE, CHARS_SIZE, HOLDER_SIZE = 24, 16, 24, 32


def build():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(STR, 'java/lang/String', super_id=OBJ, fields=[('value', g.OBJECT), ('hash', g.INT)])
    d.cls(NODE, 'com/example/Node', super_id=OBJ,
          fields=[('next', g.OBJECT), ('name', g.OBJECT), ('v', g.INT), ('c', g.CHAR)])
    d.cls(HOLDER, 'com/example/Holder', super_id=OBJ,
          fields=[('flag', g.BOOLEAN), ('big', g.LONG), ('ghost', g.OBJECT), ('d', g.DOUBLE)],
          statics=[('COUNT', g.INT, 42), ('INSTANCE', g.OBJECT, A)])
    d.instance(A, NODE, {'next': B, 'name': S, 'v': 7, 'c': ord('A')})
    d.instance(B, NODE, {'next': C, 'name': 0, 'v': 8, 'c': ord('B')})
    d.instance(C, NODE, {'next': 0, 'name': S, 'v': 9, 'c': ord('C')})
    d.instance(H, HOLDER, {'flag': True, 'big': 1 << 40, 'ghost': GHOST, 'd': 2.5})
    d.instance(S, STR, {'value': CHARS, 'hash': 0})
    d.prim_array(CHARS, g.CHAR, [ord(ch) for ch in 'hello'])
    d.instance(U, NODE, {'next': C, 'name': 0, 'v': 0, 'c': 0})
    d.instance(T, NODE, {'next': 0, 'name': 0, 'v': 1, 'c': 0})
    for i, p in enumerate(P):
        d.instance(p, NODE, {'next': T, 'name': 0, 'v': i, 'c': 0})
        d.jni_global(p)
    for c in (OBJ, STR, NODE, HOLDER):
        d.sticky(c)
    d.jni_global(A)
    d.jni_global(H)
    return h


class ObjectCommand(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dump = build().write(cls.path('object.hprof'))

    def obj(self, oid):
        o = self.json_of(['object', self.dump, oid, '--json'])
        self.assertIsInstance(o, dict)
        return o

    def fields(self, o):
        return {f['name']: f for f in o['fields']}

    def test_head(self):
        a = self.obj('0x2000')
        self.assertEqual(hexid(a['id']), A)
        self.assertEqual(a['class'], 'com.example.Node')
        self.assertEqual(a['kind'], 'instance')
        self.assertEqual((a['shallow'], a['retained'], a['retained_count']), (NODE_SIZE, 112, 5))
        self.assertEqual(a['dominator'], 'root')
        self.assertTrue(a['reachable'])
        b = self.obj('0x2010')
        self.assertEqual((b['shallow'], b['retained'], b['retained_count']), (NODE_SIZE, 48, 2))
        self.assertEqual(hexid(b['dominator']), A)
        c = self.obj('0x2020')
        self.assertEqual((c['retained'], c['retained_count']), (24, 1))
        self.assertEqual(hexid(c['dominator']), B)
        s = self.obj('0x3000')
        self.assertEqual(hexid(s['dominator']), A)
        self.assertEqual((s['shallow'], s['retained'], s['retained_count']), (STR_SIZE, STR_SIZE + CHARS_SIZE, 2))
        self.assertEqual(s['string'], 'hello')

    def test_fields(self):
        f = self.fields(self.obj('0x2000'))
        self.assertEqual(list(f), ['next', 'name', 'v', 'c'])
        self.assertEqual(hexid(f['next']['value']), B)
        self.assertEqual(f['next']['value_class'], 'com.example.Node')
        self.assertEqual(hexid(f['name']['value']), S)
        self.assertEqual(f['name']['value_class'], 'java.lang.String')
        self.assertEqual(f['name']['string'], 'hello')
        self.assertEqual((f['v']['type'], f['v']['value']), ('int', 7))
        self.assertEqual((f['c']['type'], f['c']['value']), ('char', 'A'))
        self.assertIsNone(self.fields(self.obj('0x2010'))['name']['value'])
        hf = self.fields(self.obj('0x2100'))
        self.assertEqual(hf['flag']['value'], True)
        self.assertEqual(hf['big']['value'], 1 << 40)
        self.assertEqual(hf['d']['value'], 2.5)
        self.assertEqual(hexid(hf['ghost']['value']), GHOST)
        self.assertTrue(hf['ghost'].get('dangling'))

    def test_holder_sizes(self):
        self.assertEqual(self.obj('0x2100')['shallow'], HOLDER_SIZE)

    def test_class_statics(self):
        k = self.obj('0x1018')
        self.assertEqual(k['kind'], 'class')
        f = self.fields(k)
        self.assertEqual(f['COUNT']['value'], 42)
        self.assertEqual(hexid(f['INSTANCE']['value']), A)

    def test_array(self):
        arr = self.obj('0x3010')
        self.assertEqual(arr['kind'], 'primitive_array')
        self.assertEqual(arr['length'], 5)
        self.assertEqual(arr['class'], 'char[]')
        self.assertEqual(arr['shallow'], CHARS_SIZE)

    def test_referrers(self):
        s = self.obj('0x3000')
        self.assertEqual(sorted(hexid(r) for r in s['referrers']), [A, C])
        self.assertEqual(s['referrers_total'], 2)
        # U is unreachable but holds a reference all the same.
        c = self.obj('0x2020')
        self.assertEqual(sorted(hexid(r) for r in c['referrers']), [B, U])
        t = self.obj('0x6000')
        self.assertEqual(t['referrers_total'], 150)
        got = [hexid(r) for r in t['referrers']]
        self.assertEqual(len(got), 100)
        self.assertEqual(len(set(got)), 100)
        self.assertLessEqual(set(got), set(P))
        self.assertEqual(t['dominator'], 'root')

    def test_root_path(self):
        path = self.obj('0x2020')['root_path']
        self.assertEqual([hexid(p['id']) for p in path], [A, B, C])
        self.assertEqual([p.get('reference') for p in path], ['.next', '.next', None])
        self.assertEqual(path[0]['class'], 'com.example.Node')
        s = self.obj('0x3000')['root_path']
        self.assertEqual([(hexid(p['id']), p.get('reference')) for p in s], [(A, '.name'), (S, None)])
        self.assertEqual([hexid(p['id']) for p in self.obj('0x2000')['root_path']], [A])

    def test_unreachable(self):
        u = self.obj('0x4000')
        self.assertFalse(u['reachable'])
        self.assertEqual((u['retained'], u['retained_count']), (0, 0))
        self.assertIsNone(u['dominator'])
        self.assertIsNone(u['root_path'])
        self.assertEqual(u['referrers_total'], 0)

    def test_id_forms(self):
        want = self.obj('0x2010')
        self.assertEqual(self.obj('2010'), want)
        self.assertEqual(self.obj('0X2010'), want)

    def test_text(self):
        proc = run_cli(['object', self.dump, '0x2020'])
        self.assertEqual(proc.returncode, 0)
        out = proc.stdout.decode('utf-8')
        self.assertIn('com.example.Node@0x2020', out)
        self.assertIn('com.example.Node@0x2000 .next\n', out)
        self.assertIn('com.example.Node@0x2010 .next\n', out)

    def test_unknown_id(self):
        for bad in ('0x9990', 'zz', '0x'):
            proc = run_cli(['object', self.dump, bad])
            self.assertNoCrash(proc, bad)
            self.assertEqual(proc.returncode, 2, bad)
            self.assertEqual(proc.stdout, b'', bad)
        err = run_cli(['object', self.dump, '0x9990']).stderr.decode('utf-8')
        self.assertIn('0x9990', err)
        self.assertIn('no object', err)


if __name__ == '__main__':
    main()
