#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Eclipse MAT's OQLTest on MAT's own dumps: the assertions that run on sun_jdk5_64bit.hprof (MAT's default
for OQLTest) and sun_jdk6_18_x32.hprof (its join tests), with MAT's
values. Queries run with --follow-weak, MAT's reference model. Each test
names the MAT test it ports. Not ported: the tests that call Java through
${snapshot} or methods of MAT's object model (getKey(), forName()...),
which Heapscope does not run (docs/semantics.md, "OQL"), and those that
name objects by MAT's own object numbers ("instanceof 120"): Heapscope
numbers objects its own way.

The two dumps are MAT's test data (plugins/org.eclipse.mat.tests/dumps in
Eclipse MAT's repository, EPL-2.0), not ours to ship: the test reads them
from $HS_MAT_DUMPS, else from the corpus's mat/ folder, and shows as SKIP
where neither holds them."""

import os
import unittest

from clitest import CliTest, main
import testlib  # noqa: E402  (tests/testlib.py, on the path clitest set)

NAMES = ('sun_jdk5_64bit.hprof', 'sun_jdk6_18_x32.hprof')


def mat_dumps_dir():
    d = os.environ.get('HS_MAT_DUMPS')
    if not d and testlib.corpus_dir():
        d = os.path.join(testlib.corpus_dir(), 'mat')
    return d if d and all(os.path.isfile(os.path.join(d, n)) for n in NAMES) else None


DATA = mat_dumps_dir() or ''
JDK5 = os.path.join(DATA, NAMES[0])
JDK6 = os.path.join(DATA, NAMES[1])


class MatDumps(CliTest):
    @classmethod
    def setUpClass(cls):
        if not DATA:
            raise unittest.SkipTest("MAT's dumps %s are in neither $HS_MAT_DUMPS nor the corpus's mat/" % ', '.join(NAMES))
        super().setUpClass()
        cls.cache = {}

    def q(self, query, dump=JDK5):
        key = (query, dump)
        if key not in self.cache:
            self.cache[key] = self.json_of(['query', dump, query, '--json', '--follow-weak', '-q'], timeout=300)
        return self.cache[key]

    def n(self, query, dump=JDK5):
        return self.q(query, dump)['total']

    def counts(self, table):
        for query, want in table:
            with self.subTest(query=query):
                self.assertEqual(self.n(query), want)

    # --- testSelectStar, testSelectAttributes, testSelectRetained1-4 ---------------
    def test_select(self):
        self.counts([
            ('select * from java.lang.String', 492),
            ('select as retained set * from java.lang.String', 963),
            ('SELECT AS RETAINED SET * FROM OBJECTS ( SELECT * FROM java.lang.String  ) s ', 963),
            ('SELECT AS RETAINED SET OBJECTS s FROM OBJECTS ( SELECT * FROM java.lang.String  ) s ', 963),
            ('SELECT AS RETAINED SET s FROM OBJECTS ( SELECT * FROM java.lang.String  ) s ', 963),
        ])
        out = self.q('select s.@objectId, s.value, s.count, s.offset from java.lang.String s')
        self.assertEqual((out['total'], len(out['columns'])), (492, 4))

    # --- testFromPattern, testFromAddress: MAT's bootstrap loader object ---------------
    def test_no_invented_loader_object(self):
        # MAT adds an object the dump does not hold, a java.lang.ClassLoader
        # at 0x0 for the bootstrap loader (docs/semantics.md, "OQL"): its
        # 1198 java.lang.* objects are the dump's 1197 and that one, and
        # its one object at 0x0 is none here.
        self.assertEqual(self.n('select * from "java.lang.*"'), 1198 - 1)
        self.assertEqual(self.n('select * from objects 0x0'), 1 - 1)

    # --- testImplements, testFromSubSelect: class objects ---------------------------------
    def test_class_objects(self):
        # MAT: 383 objects of java.lang.Class implement its IClass (are
        # classes); the 8 others are the primitive types' Class instances,
        # plain instances in this dump, without a class name. Here a class
        # object is what has an @name.
        self.assertEqual(self.n('SELECT * FROM java.lang.Class c WHERE c.@name != null'), 383)
        # MAT: the instances of those classes are its 2058 objects, one of
        # them its bootstrap loader object (test_no_invented_loader_object).
        self.assertEqual(self.n('SELECT * FROM ( SELECT * FROM java.lang.Class c WHERE c.@name != null )'),
                         2058 - 1)

    # --- testUnion (by address) --------------------------------------------------------
    def test_union_by_address(self):
        self.assertEqual(self.n('select toString(s) from objects 0x17c180b8 s union '
                                '(select toHex(s.@objectAddress) from objects 1 s)'), 2)

    # --- testFromInstanceOf, testInstanceOf1, 2, 4, 5, 7, 8 -----------------------------
    def test_instanceof(self):
        self.counts([
            ('SELECT * FROM INSTANCEOF java.lang.ref.Reference', 21),
            ('select * from instanceof java.util.AbstractMap', 25),
            ('select * from instanceof 0x128da800', 25),
            ('select * from objects instanceof java.util.AbstractMap', 10),
            ('select * from objects instanceof 0x128da800', 10),
            ('select * from instanceof (select * from objects java.util.AbstractMap)', 25),
            ('select * from objects instanceof (select * from objects java.util.AbstractMap)', 10),
        ])

    # --- testWhereRelationalOperators, testWhereArithmetic, testWhereLiterals -----------
    def test_where(self):
        self.counts([
            ('SELECT * FROM java.lang.String s WHERE s.count > 51', 16),
            ('SELECT * FROM java.lang.String s WHERE s.count >= 51', 19),
            ('SELECT * FROM java.lang.String s WHERE s.count < 51', 473),
            ('SELECT * FROM java.lang.String s WHERE s.count <= 51', 476),
            ('SELECT * FROM java.lang.String s WHERE toString(s) LIKE "java.*"', 27),
            ('SELECT * FROM java.lang.String s WHERE toString(s) NOT LIKE "java.*"', 465),
            ('SELECT * FROM java.lang.String s WHERE toString(s) = "file.separator"', 1),
            ('SELECT * FROM java.lang.String s WHERE s.count > 100 AND s.@retainedHeapSize > s.@usedHeapSize', 6),
            ('SELECT * FROM java.lang.String s WHERE s.count > 1000 OR s.value.@length > 1000', 3),
            ('SELECT * FROM java.lang.String s WHERE s.count < s.value.@length * 0.5', 16),
            ('SELECT * FROM java.lang.String s WHERE s.count < s.value.@length / 2', 16),
            ('SELECT * FROM java.lang.String s WHERE s.count < s.value.@length - 20', 16),
            ('SELECT * FROM java.lang.String s WHERE s.count + 20 < s.value.@length', 16),
            ('SELECT * FROM java.lang.String s WHERE ( s.count > 1000 ) = true', 3),
            ('SELECT * FROM java.lang.String s WHERE dominators(s).size() = 0', 27),
            ('SELECT * FROM java.lang.String s WHERE dominators(s).length = 0', 27),
            ('SELECT * FROM java.lang.String s WHERE s.@retainedHeapSize > 1024L', 4),
            ('SELECT * FROM java.lang.Thread s WHERE s.@GCRootInfo != null', 4),
        ])
        # MAT: IN and NOT IN dominators(s) split the 492 Strings.
        self.assertEqual(self.n('SELECT * FROM java.lang.String s WHERE s.value IN dominators(s)')
                         + self.n('SELECT * FROM java.lang.String s WHERE s.value NOT IN dominators(s)'), 492)

    # --- testBuildInFunctions, testAndClause, testConversionsLong* ------------------------
    def test_functions_and_arrays(self):
        self.counts([
            ('select * from objects 0x17c38b80 s', 1),
            ('select dominators(s).length from objects 0x17c38b80 s', 1),
            ('SELECT s.value FROM INSTANCEOF java.lang.Number s WHERE (s.value and true)', 3),
            ('SELECT OBJECTS @referenceArray.get(0) FROM OBJECTS 0x17c17128', 1),
            ('SELECT OBJECTS @referenceArray FROM OBJECTS 0x17c17128', 3),
        ])

    # --- testOverloadedMethod1-4 -----------------------------------------------------------
    def test_class_name_patterns(self):
        self.counts([
            ('SELECT * FROM ".....i.*"', 80),
            ('SELECT * FROM ".*" c WHERE (c.@clazz.@name.indexOf("i") = 5)', 80),
            ("SELECT * FROM \".*\" c WHERE (c.@clazz.@name.indexOf('i') = 5)", 80),
            ('SELECT * FROM ".*" c WHERE (c.@clazz.@name.indexOf(105) = 5)', 80),
        ])

    # --- testPrimitiveArray*, testObjectArray* ---------------------------------------------
    def test_array_indexes(self):
        self.counts([
            ('SELECT s[2] FROM int[] s', 5),
            ('SELECT OBJECTS s[2] FROM byte[][] s', 2),
            ('SELECT s[1:3][1] FROM int[] s', 5),
            ('SELECT OBJECTS s[1:3][1] FROM byte[][] s', 2),
            ('SELECT s[(1 - s.@length):(3 - s.@length)][1] FROM int[] s', 5),
        ])

    # --- testComplex5b, testComplex15, testComplex17 ----------------------------------------
    def test_complex_shapes(self):
        self.assertEqual(self.n('SELECT map, map[0:-1] FROM OBJECTS ( SELECT * FROM java.util.HashSet t  )'), 5)
        out = self.q('SELECT a.t.s.value, a, outbounds(a.t.s.value) FROM OBJECTS ( SELECT (SELECT s FROM '
                     'java.lang.String s ) AS t FROM OBJECTS ( "A" )  ) a')
        self.assertEqual(len(out['columns']), 3)
        out = self.q('SELECT v, v.i.value FROM OBJECTS ( SELECT i FROM java.lang.String i  UNION '
                     '( SELECT i FROM java.lang.Integer i  ) ) v')
        self.assertEqual(len(out['columns']), 2)

    # --- emptyColumnName, nonEmptyColumnName -----------------------------------------------
    def test_column_named_empty(self):
        # A column named "" passes its rows through, so u.Hash reads the
        # inner row; named "t", u is a row of t and has no Hash (MAT: null).
        self.assertGreater(self.n('SELECT u FROM OBJECTS ( SELECT t AS "" FROM OBJECTS ( SELECT s.hash AS Hash '
                                  'FROM java.lang.String s  ) t  ) u WHERE (u.Hash != null)'), 0)
        self.assertEqual(self.n('SELECT u FROM OBJECTS ( SELECT t AS "t" FROM OBJECTS ( SELECT s.hash AS Hash '
                                'FROM java.lang.String s  ) t  ) u WHERE (u.Hash != null)'), 0)

    # --- testStatic, testStatic2 (static fields up the superclass chain) -------------------
    def test_statics(self):
        self.assertEqual(self.n('select MAX_VALUE from OBJECTS java.lang.Integer'), 1)
        self.assertEqual(self.q('select MAX_VALUE from OBJECTS java.lang.Integer')['rows'], [[2147483647]])
        # MAT resolves a field of a class object among its statics and then
        # its superclasses' (serialVersionUID of a Serializable subclass).
        self.assertEqual(self.n('select * from java.lang.Class s where '
                                 's.serialVersionUID.toString().contains("-")'), 52)

    # --- testFromClauseWithNullObjects: an empty sub-select is null ------------------------
    def test_empty_subselect_is_null(self):
        self.assertEqual(self.n('SELECT * FROM java.lang.ThreadGroup s WHERE ((SELECT t FROM OBJECTS '
                                '( s.threads[0:-1] ) t WHERE t.name.toString().startsWith("R")) != null)'), 1)

    # --- testCrossJoin ... testFullOuterJoin (sun_jdk6_18_x32) ---------------------------
    def join_rows(self, query):
        out = self.q(query, JDK6)
        self.assertEqual(out['total'], len(out['rows']))
        return out['rows']

    def test_cross_join(self):
        ints = self.n('SELECT * from java.lang.Integer', JDK6)
        bools = self.n('SELECT * from java.lang.Boolean', JDK6)
        self.assertGreater(ints, 0)
        self.assertGreater(bools, 0)
        rows = self.join_rows('SELECT z.i AS Integer, z.i.value AS "Integer value", z.lv.l AS Boolean, '
                              'z.lv.l.value as "Boolean value" \r\nFROM OBJECTS ( SELECT i, (SELECT l FROM '
                              'java.lang.Boolean l ) AS lv FROM java.lang.Integer i  ) z')
        self.assertEqual(len(rows), ints * bools)
        for r in rows:
            self.assertIsInstance(r[1], int)
            self.assertIsInstance(r[3], bool)

    LEFT = ('SELECT z.i AS Integer, z.i.value AS "Integer value", z.lv.l AS Long, z.lv.l.value as "Long value" '
            '\r\nFROM OBJECTS ( SELECT i, (SELECT l FROM java.lang.Long l WHERE (l.value = i.value)) AS lv '
            'FROM java.lang.Integer i  ) z')
    RIGHT = ('SELECT z.iv.i AS Integer, z.iv.i.value AS "Integer value", z.l AS Long, z.l.value as "Long value" '
             '\r\nFROM OBJECTS ( SELECT (SELECT i FROM java.lang.Integer i WHERE (i.value = l.value)) AS iv, l '
             'FROM java.lang.Long l  ) z')

    def test_left_join(self):
        ints = self.n('SELECT * from java.lang.Integer', JDK6)
        rows = self.join_rows(self.LEFT)
        self.assertGreaterEqual(len(rows), ints)
        matched = 0
        for r in rows:
            self.assertIsInstance(r[1], int)
            if r[3] is not None:
                self.assertEqual(r[3], r[1])
                matched += 1
        # Some Integer has a Long of its value (MAT's inner joins find rows).
        self.assertGreater(matched, 0)

    def test_inner_join(self):
        ints = self.n('SELECT * from java.lang.Integer', JDK6)
        longs = self.n('SELECT * from java.lang.Long', JDK6)
        for query in (self.LEFT + ' WHERE (z.lv != null)', self.RIGHT + ' WHERE (z.iv != null)'):
            with self.subTest(query=query):
                rows = self.join_rows(query)
                self.assertGreater(len(rows), 0)
                self.assertLessEqual(len(rows), ints)
                self.assertLessEqual(len(rows), longs)
                for r in rows:
                    self.assertIsInstance(r[1], int)
                    self.assertIsInstance(r[3], int)
                    self.assertEqual(r[1], r[3])
        # The two sides of an inner join are the same pairs.
        left = sorted((r[0], r[2]) for r in self.join_rows(self.LEFT + ' WHERE (z.lv != null)'))
        right = sorted((r[0], r[2]) for r in self.join_rows(self.RIGHT + ' WHERE (z.iv != null)'))
        self.assertEqual(left, right)

    def test_right_join(self):
        longs = self.n('SELECT * from java.lang.Long', JDK6)
        rows = self.join_rows(self.RIGHT)
        self.assertGreaterEqual(len(rows), longs)
        for r in rows:
            self.assertIsInstance(r[3], int)
            if r[1] is not None:
                self.assertEqual(r[1], r[3])

    def test_full_outer_join(self):
        ints = self.n('SELECT * from java.lang.Integer', JDK6)
        longs = self.n('SELECT * from java.lang.Long', JDK6)
        rows = self.join_rows(self.LEFT + ' \r\nUNION (\r\n' + self.RIGHT + ' WHERE (z.iv = null)\r\n)')
        self.assertGreaterEqual(len(rows), ints)
        self.assertGreaterEqual(len(rows), longs)
        # Every row of the left join, then the Longs no Integer matched.
        self.assertEqual(len(rows), len(self.join_rows(self.LEFT))
                         + len(self.join_rows(self.RIGHT + ' WHERE (z.iv = null)')))
        for r in rows:
            if r[1] is not None and r[3] is not None:
                self.assertEqual(r[1], r[3])


if __name__ == '__main__':
    main()
