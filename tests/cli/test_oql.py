#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`heapscope-cli query DUMP QUERY`: Eclipse MAT's OQL on a heap written
here (4-byte ids, A = 8). Every expected row is worked out from the heap
below, in the comments next to it."""

import json
import unittest

from clitest import CliTest, g, hexid, main, run_cli

OBJ, STR, NODE, SUB, HOLDER, LIST = 0x1000, 0x1008, 0x1010, 0x1018, 0x1020, 0x1028
OBJARR, INTARR = 0x1030, 0x1038       # the classes Object[] and int[]
A, B, C = 0x2000, 0x2010, 0x2020      # Node chain A.next -> B.next -> C
D = 0x2030                            # a SubNode (extends Node), v = 20
H = 0x2100                            # a Holder
S1, CH1 = 0x3000, 0x3010              # String "hello" and its char[5]
S2, CH2 = 0x3020, 0x3030              # String "world!" and its char[6]
L, LARR = 0x3100, 0x3110              # ArrayList of size 2 over Object[3] {S1, INTS, null}
INTS = 0x3200                         # int[4] {5, -1, 7, 0}
U = 0x4000                            # an unreachable Node, v = 99

# Shallow sizes (R = 4, header 8, alignUp to 4 then to A = 8):
#   Node {Object next, Object name, int v}: 8 + 12 = 20 -> 24
#   SubNode (Node + long extra): 20 + 8 = 28 -> 32
#   String {Object value, int hash}: 8 + 8 = 16
#   char[5]: 12 + 10 = 22 -> 24; char[6]: 12 + 12 = 24
#   Holder {Object list, boolean flag, double d}: 8 + 4 + 1 -> 16 (alignUp 4), + 8 = 24
#   ArrayList {Object elementData, int size}: 16
#   Object[3]: 8 + 4 + 4 + 12 = 28 -> 32; int[4]: 12 + 16 = 28 -> 32
NODE_SIZE, SUB_SIZE = 24, 32


def build():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(STR, 'java/lang/String', super_id=OBJ, fields=[('value', g.OBJECT), ('hash', g.INT)])
    d.cls(NODE, 'com/example/Node', super_id=OBJ,
          fields=[('next', g.OBJECT), ('name', g.OBJECT), ('v', g.INT)])
    d.cls(SUB, 'com/example/SubNode', super_id=NODE, fields=[('extra', g.LONG)])
    d.cls(HOLDER, 'com/example/Holder', super_id=OBJ,
          fields=[('list', g.OBJECT), ('flag', g.BOOLEAN), ('d', g.DOUBLE)],
          statics=[('COUNT', g.INT, 42)])
    d.cls(LIST, 'java/util/ArrayList', super_id=OBJ,
          fields=[('elementData', g.OBJECT), ('size', g.INT)])
    d.cls(OBJARR, '[Ljava/lang/Object;', super_id=OBJ)
    d.cls(INTARR, '[I', super_id=OBJ)
    d.instance(A, NODE, {'next': B, 'name': S1, 'v': 7})
    d.instance(B, NODE, {'next': C, 'name': 0, 'v': 8})
    d.instance(C, NODE, {'next': 0, 'name': S2, 'v': 9})
    d.instance(D, SUB, {'next': A, 'name': 0, 'v': 20, 'extra': 1 << 40})
    d.instance(H, HOLDER, {'list': L, 'flag': True, 'd': 2.5})
    d.instance(S1, STR, {'value': CH1, 'hash': 0})
    d.prim_array(CH1, g.CHAR, [ord(ch) for ch in 'hello'])
    d.instance(S2, STR, {'value': CH2, 'hash': 0})
    d.prim_array(CH2, g.CHAR, [ord(ch) for ch in 'world!'])
    d.instance(L, LIST, {'elementData': LARR, 'size': 2})
    d.obj_array(LARR, OBJARR, [S1, INTS, 0])
    d.prim_array(INTS, g.INT, [5, -1, 7, 0])
    d.instance(U, NODE, {'next': C, 'name': 0, 'v': 99})
    for c in (OBJ, STR, NODE, SUB, HOLDER, LIST, OBJARR, INTARR):
        d.sticky(c)
    d.jni_global(D)
    d.jni_global(H)
    d.jni_global(INTS)
    return h


class Query(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dump = build().write(cls.path('oql.hprof'))

    def q(self, query, *extra):
        out = self.json_of(['query', self.dump, query, '--json'] + list(extra))
        self.assertEqual(sorted(out), ['columns', 'rows', 'total'])
        return out

    def ids(self, query, *extra):
        out = self.q(query, *extra)
        self.assertEqual(out['columns'], ['id', 'class', 'shallow', 'retained'])
        return [hexid(r[0]) for r in out['rows']]

    def values(self, query, *extra):
        return [r[0] if len(r) == 1 else r for r in self.q(query, *extra)['rows']]

    # --- sources -----------------------------------------------------------
    def test_class_source_sees_reachable_only(self):
        # Node instances: A, B, C reachable (D -> A -> B -> C); U is not.
        self.assertEqual(sorted(self.ids('select * from com.example.Node')), [A, B, C])
        self.assertEqual(sorted(self.ids('select * from com.example.Node', '--unreachable')), [A, B, C, U])

    def test_instanceof(self):
        # SubNode extends Node: D joins.
        self.assertEqual(sorted(self.ids('SELECT * FROM INSTANCEOF com.example.Node')), [A, B, C, D])
        # OBJECTS INSTANCEOF: the class objects of Node and SubNode.
        self.assertEqual(sorted(self.ids('select * from objects instanceof com.example.Node')), [NODE, SUB])

    def test_objects_class_is_the_class_object(self):
        self.assertEqual(self.ids('select * from objects com.example.Node'), [NODE])

    def test_regex_source(self):
        # Classes matching the whole name: Node and SubNode, not Holder.
        self.assertEqual(sorted(self.ids('select * from "com\\.example\\..*Node"')), [A, B, C, D])
        self.assertEqual(sorted(self.ids('select * from objects "com.example.*"')), [NODE, SUB, HOLDER])

    def test_array_sources(self):
        self.assertEqual(self.ids('select * from int[]'), [INTS])
        self.assertEqual(self.ids('select * from java.lang.Object[]'), [LARR])

    def test_addresses(self):
        self.assertEqual(self.ids('select * from objects 0x2010, 0x2000'), [B, A])
        # Not an object of the dump: nothing.
        self.assertEqual(self.ids('select * from objects 0x2008'), [])

    def test_unknown_class_is_empty(self):
        out = self.q('select * from no.such.Klass')
        self.assertEqual((out['rows'], out['total']), ([], 0))
        # ... also as the source of another select (found by fuzzing).
        self.assertEqual(self.ids('select * from objects (select * from no.such.Klass) s'), [])

    def test_subselect_source(self):
        # FROM (select class objects): their instances; OBJECTS: the rows themselves.
        self.assertEqual(sorted(self.ids('select * from (select * from objects com.example.SubNode)')), [D])
        self.assertEqual(self.values('select s.v from objects (select * from com.example.Node s where s.v > 7) s'),
                         [8, 9])

    # --- WHERE and expressions --------------------------------------------
    def test_field_predicates(self):
        self.assertEqual(self.ids('select * from com.example.Node n where n.v >= 8'), [B, C])
        self.assertEqual(self.ids('select * from com.example.Node n where n.name = null'), [B])
        self.assertEqual(self.ids('select * from com.example.Node n where n.name != null and n.v < 9'), [A])
        self.assertEqual(self.ids('select * from com.example.Node n where n.v = 7 or n.v = 9'), [A, C])
        # An unknown field is null.
        self.assertEqual(self.ids('select * from com.example.Node n where n.nosuch = null'), [A, B, C])

    def test_paths_and_strings(self):
        # A.name is "hello"; C.name is "world!"; toString of a String is its text.
        self.assertEqual(self.values('select toString(n.name) from com.example.Node n where n.name != null'),
                         ['hello', 'world!'])
        self.assertEqual(self.values('select n.name.value.@length from com.example.Node n where n.name != null'),
                         [5, 6])
        self.assertEqual(self.ids('select * from java.lang.String s where toString(s) like "w.*"'), [S2])
        self.assertEqual(self.ids('select * from java.lang.String s where toString(s) not like "w.*"'), [S1])
        self.assertEqual(self.values('select s.toString().length() from java.lang.String s'), [5, 6])
        # A char[]'s text is its characters.
        self.assertEqual(self.values('select toString(s.value) from java.lang.String s'), ['hello', 'world!'])
        self.assertEqual(self.ids('select * from java.lang.String s where s.startsWith("he")'), [S1])
        self.assertEqual(self.ids('select * from java.lang.String s where s.endsWith("!")'), [S2])
        self.assertEqual(self.ids('select * from java.lang.String s where s.contains("orl")'), [S2])
        self.assertEqual(self.values('select s.indexOf("l") from java.lang.String s'), [2, 3])

    def test_arithmetic(self):
        # v * 2 + 1 for A, B, C: 15, 17, 19; integer division 7 / 2 = 3.
        self.assertEqual(self.values('select n.v * 2 + 1 from com.example.Node n'), [15, 17, 19])
        self.assertEqual(self.values('select n.v / 2 from com.example.Node n'), [3, 4, 4])
        self.assertEqual(self.values('select n.v / 2.0 from com.example.Node n'), [3.5, 4.0, 4.5])
        self.assertEqual(self.values('select "v=" + n.v from com.example.Node n where n.v = 7'), ['v=7'])
        # SubNode.extra is a long: 2^40.
        self.assertEqual(self.values('select n.extra + 1L from com.example.SubNode n'), [(1 << 40) + 1])

    def test_attributes(self):
        row = self.q('select n.@objectAddress, n.@usedHeapSize, n.@retainedHeapSize, toHex(n.@objectAddress), '
                     'classof(n).@name from com.example.SubNode n')['rows']
        # D retains A, B, C (only D reaches them), S2 and char[6] (only C
        # holds S2), not S1 (also held by the list's array): 32 + 3*24 + 16 + 24 = 144.
        self.assertEqual(row, [[D, SUB_SIZE, 144, '0x2030', 'com.example.SubNode']])
        self.assertEqual(self.values('select c.@name, c.@superClass.@name from objects com.example.SubNode c'),
                         [['com.example.SubNode', 'com.example.Node']])
        self.assertEqual(self.values('select a.@length from int[] a'), [4])
        # D is a JNI global root; A, B and C are no roots.
        self.assertEqual(self.values('select n.@GCRootInfo from com.example.SubNode n'), [['JNI Global']])
        self.assertEqual(self.ids('select * from com.example.Node n where n.@GCRootInfo != null'), [])

    def test_arrays(self):
        self.assertEqual(self.values('select a[0], a[-1], a[1:2] from int[] a'), [[5, 0, [-1, 7]]])
        self.assertEqual(self.values('select a.@valueArray from int[] a'), [[5, -1, 7, 0]])
        self.assertEqual(sorted(self.ids('select OBJECTS a.@referenceArray from java.lang.Object[] a')), [S1, INTS])
        # c.@valueArray.get(c.@length - 1) > 0 splits int[] as in MAT's test: 0 is not > 0.
        self.assertEqual(self.ids('select * from int[] c where c.@valueArray.get(c.@length - 1) > 0'), [])

    def test_collections(self):
        # The ArrayList's size() is its size field (2), get(i) reads elementData.
        self.assertEqual(self.values('select l.size(), l.get(0) from java.util.ArrayList l'), [[2, '0x3000']])
        self.assertEqual(self.values('select h.list.size() from com.example.Holder h'), [2])
        self.assertEqual(self.values('select h.flag, h.d from com.example.Holder h'), [[True, 2.5]])

    def test_in_and_subselect_values(self):
        self.assertEqual(self.ids('select * from com.example.Node n where n.v in (select m.v from com.example.SubNode m)'), [])
        self.assertEqual(self.ids('select * from com.example.Node n where n in (select * from objects 0x2000, 0x2020)'), [A, C])
        self.assertEqual(self.ids('select * from com.example.Node n where n not in (select * from objects 0x2000)'), [B, C])
        self.assertEqual(self.ids('select * from com.example.Node n where n implements java.lang.Object'), [A, B, C])

    def test_correlated_subselects(self):
        # Not correlated: found once, the same for every row: v 8 and 9.
        self.assertEqual(self.ids('select * from com.example.Node n where n.v in '
                                  '(select m.v from com.example.Node m where m.v > 7)'), [B, C])
        # Correlated (names n): a list per row, the larger v of the others;
        # none is null, as in MAT (OQLTest's testFromClauseWithNullObjects).
        self.assertEqual(self.values('select n.v, (select m.v from com.example.Node m where m.v > n.v) '
                                     'from com.example.Node n'), [[7, [8, 9]], [8, [9]], [9, None]])

    def test_one_column_rows_by_name(self):
        # FROM OBJECTS reads a sub-select of one named column back as rows
        # of that column (MAT's row maps): z.x is the node, z.x.v its v.
        self.assertEqual(self.values('select z.x.v from objects (select x from com.example.Node x) z'),
                         [7, 8, 9])
        # Named "": its values themselves (z is the node, z.v its v).
        self.assertEqual(self.values('select z.v from objects (select x as "" from com.example.Node x) z'),
                         [7, 8, 9])

    def test_joins(self):
        # MAT's joins: FROM OBJECTS over rows whose column m is a sub-select
        # gives a row per row of m (m then one row of it, read by name),
        # and one row with m null where it found none. Nodes A 7, B 8, C 9.
        self.assertEqual(self.values('select z.n.v, z.m.x.v from objects (select n, (select x from '
                                     'com.example.Node x where x.v > n.v) as m from com.example.Node n) z'),
                         [[7, 8], [7, 9], [8, 9], [9, None]])
        # Two such columns side by side, as MAT flattens them: row i takes
        # row i of each (a: A, B, C; b: A, B), null past the shorter's end.
        self.assertEqual(self.values('select z.a.x.v, z.b.y.v from objects (select 0 as k, (select x from '
                                     'com.example.Node x) as a, (select y from com.example.Node y where y.v < 9) '
                                     'as b from objects (1)) z'),
                         [[7, 7], [8, 8], [9, None]])
        # A list column flattens too: INTS' values {5, -1, 7, 0}, one a row.
        self.assertEqual(self.values('select z.k, z.a from objects (select 1 as k, i.@valueArray as a '
                                     'from objects 0x3200 i) z'), [[1, 5], [1, -1], [1, 7], [1, 0]])

    def test_graph_functions(self):
        # Dominator tree: D -> A -> B -> C -> S2 -> char[6]; A's children: B only
        # (S1 is also held by the ArrayList's array, under Holder).
        self.assertEqual(self.ids('select objects dominators(n) from objects 0x2000 n'), [B])
        self.assertEqual(self.values('select dominatorof(n) from objects 0x2000 n'), ['0x2030'])
        # Outbound references of A: its class first, then next and name.
        self.assertEqual(self.ids('select objects outbounds(n) from objects 0x2000 n'), [NODE, B, S1])
        self.assertEqual(sorted(self.ids('select objects inbounds(s) from objects 0x3000 s')), [A, LARR])

    def test_distinct_retained_union(self):
        # classof every Node: one class object.
        self.assertEqual(self.ids('select distinct objects classof(n) from com.example.Node n'), [NODE])
        # The retained set of D: D, A, B, C, S2, char[6] (in object order).
        self.assertEqual(self.ids('select as retained set * from com.example.SubNode'), [A, B, C, D, S2, CH2])
        self.assertEqual(self.ids('select * from objects 0x2000 union (select * from objects 0x2010)'), [A, B])

    def test_formats(self):
        p = run_cli(['query', self.dump, 'select n.v, toString(n.name) from com.example.Node n', '--csv'])
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(p.stdout.decode(), 'n.v,toString(n.name)\n7,hello\n8,null\n9,world!\n')
        p = run_cli(['query', self.dump, 'select n.v as value from com.example.Node n'])
        self.assertEqual(p.stdout.decode().split('\n')[:2], ['value', '7'])
        out = self.q('select * from com.example.Node', '--limit', '1')
        self.assertEqual((len(out['rows']), out['total']), (1, 3))
        # A retains A, B, C, S2 and its char[6] (S1 is also held by the list's array).
        self.assertEqual(out['rows'][0], ['0x2000', 'com.example.Node', NODE_SIZE, 3 * NODE_SIZE + 16 + 24])

    def test_query_from_file(self):
        path = self.path('q.oql')
        with open(path, 'w') as f:
            f.write('SELECT *\n  FROM com.example.Node n\n  WHERE n.v = 8\n')
        out = self.json_of(['query', self.dump, '-f', path, '--json'])
        self.assertEqual([hexid(r[0]) for r in out['rows']], [B])

    def test_report_section(self):
        out = self.path('report.html')
        p = run_cli(['report', self.dump, '-o', out, '--no-timestamp', '-q',
                     '--query', 'select n.v as value from com.example.Node n where n.v > 7',
                     '--query', 'select * from objects 0x2000'])
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(out, encoding='utf-8') as f:
            html = f.read()
        section = html[html.index('<section id="queries">'):]
        section = section[:section.index('</section>')]
        # B and C have v > 7; the second query is the one object A.
        self.assertIn('<th>value</th>', section)
        self.assertIn('<tr><td>8</td></tr>\n<tr><td>9</td></tr>', section)
        self.assertIn('2 rows.', section)
        self.assertIn('0x2000', section)
        self.assertIn('1 row.', section)
        p = run_cli(['report', self.dump, '-o', out, '--query', 'select from'])
        self.assertEqual(p.returncode, 2)
        self.assertIn('line 1, column 8', p.stderr.decode())

    # --- errors --------------------------------------------------------------
    def assertSyntaxError(self, query, line, column, expected):
        p = run_cli(['query', self.dump, query])
        self.assertEqual(p.returncode, 2, p.stderr)
        err = p.stderr.decode()
        self.assertIn('line %d, column %d' % (line, column), err)
        self.assertIn(expected, err)

    def test_syntax_errors(self):
        self.assertSyntaxError('select * form com.example.Node', 1, 10, 'expected FROM')
        self.assertSyntaxError('select *\nfrom com.example.Node n\nwhere n.v >', 3, 12, 'expected a value')
        self.assertSyntaxError('selec * from x', 1, 1, 'expected SELECT')
        self.assertSyntaxError('select * from x where n.v like 3', 1, 32, 'regular expression')
        self.assertSyntaxError('select * from x where "abc', 1, 23, 'no closing')

    def test_error_quotes_whole_characters(self):
        # Found by fuzzing: the quoted token is cut at 40 characters, never
        # inside one (each é is two bytes).
        p = run_cli(['query', self.dump, 'é' * 50 + ' from x'])
        self.assertEqual(p.returncode, 2)
        err = p.stderr.decode('utf-8')  # raises on a cut character
        self.assertIn('found "%s"' % ('é' * 40), err)

    def test_limits(self):
        deep = 'select * from objects (' + '(' * 200 + '1' + ')' * 200 + ')'
        p = run_cli(['query', self.dump, deep])
        self.assertEqual(p.returncode, 2)
        self.assertIn('nests deeper', p.stderr.decode())
        path = self.path('long.oql')
        with open(path, 'w') as f:
            f.write('select * from x where ' + ' or '.join(['1 = 1'] * 60000))
        p = run_cli(['query', self.dump, '-f', path])
        self.assertEqual(p.returncode, 2)
        self.assertIn('longer than', p.stderr.decode())

    def test_unknown_method_is_an_error(self):
        p = run_cli(['query', self.dump, 'select n.getClass() from com.example.Node n'])
        self.assertEqual(p.returncode, 2)
        self.assertIn('unknown method getClass()', p.stderr.decode())


if __name__ == '__main__':
    main()
