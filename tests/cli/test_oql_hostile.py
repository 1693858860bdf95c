#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`heapscope-cli query` against queries written to hurt: expressions too
deep for the stack (operator chains, field, index and method chains),
a regular expression that makes the matcher give up, a long one-line
query (its lexing must stay linear), and a text table of wide cells (its
memory must stay bounded). Each answer is a clean error or the right
value; never a crash, a wrong answer or runaway memory."""

import re
import sys

from clitest import CLI, CliTest, g, main, run_cli
import testlib

OBJ, STR, NODE = 0x1000, 0x1008, 0x1010
N1 = 0x2000


def build():
    # One Node, reachable (a JNI global): object index 0 is the class
    # Object, which is all these queries need as a source.
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(STR, 'java/lang/String', super_id=OBJ, fields=[('value', g.OBJECT), ('hash', g.INT)])
    d.cls(NODE, 'com/example/Node', super_id=OBJ, fields=[('a', g.OBJECT), ('v', g.INT)])
    d.instance(N1, NODE, {'a': N1, 'v': 7})
    for c in (OBJ, STR, NODE):
        d.sticky(c)
    d.jni_global(N1)
    return h


POSITION = re.compile(rb'line (\d+), column (\d+)')


class HostileQuery(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dump = build().write(cls.path('hostile.hprof'))

    def qfile(self, text):
        # -f FILE: one argument holds at most 128 KiB (MAX_ARG_STRLEN).
        self.n_files = getattr(self, 'n_files', 0) + 1
        path = self.path('q%d.oql' % self.n_files)
        with open(path, 'w', encoding='utf-8') as f:
            f.write(text)
        return path

    def query(self, text, *extra, timeout=300, dump=None):
        return run_cli(['query', dump or self.dump, '-f', self.qfile(text)] + list(extra), timeout=timeout)

    def assertLimit(self, proc, what, line=None, column=None):
        """A clean error (exit 2) naming a line and column, no crash."""
        self.assertNoCrash(proc, what)
        self.assertEqual(proc.returncode, 2, '%s: %r' % (what, proc.stderr[-500:]))
        m = POSITION.search(proc.stderr)
        self.assertIsNotNone(m, '%s: no line/column in %r' % (what, proc.stderr[-500:]))
        if line is not None:
            self.assertEqual((int(m.group(1)), int(m.group(2))), (line, column), proc.stderr)
        return proc.stderr.decode('utf-8', 'replace')

    # --- depth: chains the bracket limit does not count -------------------------
    def test_long_sum_over_many_lines(self):
        # 1 +1+1... 55,000 terms over 700 lines.
        terms = ['+1'] * 55000
        lines = [''.join(terms[i:i + 79]) for i in range(0, len(terms), 79)]
        self.assertEqual(len(lines), 697)
        text = 'SELECT 1 ' + '\n'.join(lines) + ' FROM OBJECTS 0'
        err = self.assertLimit(self.query(text), 'a 55,000-term sum')
        self.assertIn('deeper', err)

    def test_long_sum_is_checked_before_the_dump(self):
        # hs_oql_check (the window's check as the user types) says the same.
        text = 'SELECT 1' + '+1' * 20000 + ' FROM OBJECTS 0'
        proc = self.query(text, dump=self.path('missing.hprof'))
        self.assertLimit(proc, 'a 20,000-term sum, no dump read')

    def test_sum_under_the_limit_runs(self):
        # 1 + 1 * 499 = 500, and 500 + 2 * 249 = 998: deep but allowed.
        self.assertEqual(self.json_of(['query', self.dump, 'SELECT 1' + '+1' * 499 + ' FROM OBJECTS 0',
                                       '--json'])['rows'], [[500]])
        self.assertEqual(self.json_of(['query', self.dump, 'SELECT 500' + '+2' * 249 + ' FROM OBJECTS 0',
                                       '--json'])['rows'], [[998]])

    def test_long_and_chain(self):
        text = 'SELECT * FROM OBJECTS 0 WHERE 1=1' + ' AND 1=1' * 30000
        self.assertLimit(self.query(text), 'a 30,000-term AND')

    def test_long_field_chain(self):
        # n.a is n itself: any number of .a answers the node.
        # n is 1 deep, the k-th .a k + 1: the 1,000th passes the limit of
        # 1,000; its "a" is at column 8 + 2 * 1000.
        proc = self.query('SELECT n' + '.a' * 100000 + '.v FROM com.example.Node n')
        self.assertLimit(proc, 'a 100,000-field chain', line=1, column=2008)

    def test_field_chain_under_the_limit_runs(self):
        out = self.json_of(['query', self.dump, 'SELECT n' + '.a' * 400 + '.v FROM com.example.Node n', '--json'])
        self.assertEqual(out['rows'], [[7]])

    def test_long_index_chain(self):
        self.assertLimit(self.query('SELECT n' + '[0]' * 60000 + ' FROM com.example.Node n'),
                         'a 60,000-index chain')

    def test_long_method_chain(self):
        self.assertLimit(self.query('SELECT n' + '.toString()' * 20000 + ' FROM com.example.Node n'),
                         'a 20,000-method chain')

    def test_long_chain_in_a_subselect(self):
        # The depth of a sub-select counts in the expression that holds it:
        # (SELECT 1+1...) is 602 deep, each +1 after it one more.
        inner = '(SELECT 1' + '+1' * 600 + ' FROM OBJECTS 0)'
        self.assertLimit(self.query('SELECT ' + inner + '+1' * 600 + ' FROM OBJECTS 0'),
                         'two 600-term sums, one inside the other')
        # As two columns, neither is deeper than 602.
        out = self.json_of(['query', self.dump, '-f', self.qfile('SELECT 1' + '+1' * 599 + ', ' + inner
                                                                + ' FROM OBJECTS 0'), '--json'])
        self.assertEqual(out['rows'][0][0], 600)

    # --- LIKE when the matcher gives up --------------------------------------------
    def test_like_match_limit_is_an_error(self):
        # ".*" matches anything, so the true answer is true; the first branch
        # backtracks past the matcher's limit, which must not read as false.
        proc = self.query('SELECT ("xxxxxxxxxxxxxxxxxxxxxxxxxxy?" LIKE "(x+x+)+y!|.*") FROM OBJECTS 0',
                          '--json')
        self.assertNoCrash(proc, 'LIKE at the match limit')
        self.assertEqual(proc.returncode, 2, proc.stdout[-300:])
        self.assertIn(b'LIKE', proc.stderr)
        self.assertIsNotNone(POSITION.search(proc.stderr), proc.stderr)

    def test_like_that_matches_quickly(self):
        out = self.json_of(['query', self.dump, 'SELECT ("xxy?" LIKE "(x+x+)+y!|.*"), ("ab" LIKE "a.") '
                            'FROM OBJECTS 0', '--json'])
        self.assertEqual(out['rows'], [[True, True]])

    # --- a long line: lexing is linear ------------------------------------------------
    def test_one_line_lexing_is_linear(self):
        # SELECT * FROM OBJECTS 0,0,...,0 ) : a syntax error at the last
        # character, after every token of the line was lexed and parsed.
        def run(n):
            text = 'SELECT * FROM OBJECTS ' + ','.join(['0'] * n) + ' )'
            proc, cpu = testlib.run_cpu([CLI, 'query', self.path('missing.hprof'), '-f', self.qfile(text)])
            self.assertEqual(proc.returncode, 2, proc.stderr[-300:])
            # The ")" is at column len(text) (columns count from 1).
            self.assertIn(('line 1, column %d:' % len(text)).encode(), proc.stderr)
            return cpu, len(text)
        small, n_small = run(30000)
        big, n_big = run(120000)
        self.assertGreater(n_big, 240000)
        testlib.assert_scales(self, small, big, 'lexing a %d-byte line' % n_big)

    def test_columns_count_characters(self):
        # Columns count characters, not bytes: "é" is one.
        proc = run_cli(['query', self.path('missing.hprof'), 'SELECT "é", "ü" FROM OBJECTS 0 )'])
        self.assertEqual(proc.returncode, 2)
        self.assertIn(b'line 1, column 32:', proc.stderr)

    # --- the text table's memory ---------------------------------------------------------
    def test_wide_text_table_is_bounded(self):
        # 1,000 rows of one 200,000-character cell: 200 MB if the rows held
        # to align the table were kept whole.
        cell = 'x' * 200000
        text = 'SELECT "%s" AS c FROM OBJECTS %s' % (cell, ','.join(['0'] * 1000))
        proc = testlib.run_measured([CLI, 'query', self.dump, '-f', self.qfile(text)], timeout=300)
        self.assertEqual(proc.returncode, 0, proc.stderr[-300:])
        lines = proc.stdout.split(b'\n')
        # The header, 1,000 rows, the final newline.
        self.assertEqual(len(lines), 1002)
        self.assertEqual(lines[0].rstrip(), b'c')
        self.assertEqual(lines[1], cell.encode())
        self.assertEqual(lines[1000], cell.encode())
        limit = testlib.budget(80 << 20)
        self.assertLess(proc.rss_anon, limit, 'RssAnon %d MB' % (proc.rss_anon >> 20))
        print('wide table: RssAnon %d MB, VmHWM %d MB' % (proc.rss_anon >> 20, proc.hwm >> 20),
              file=sys.stderr)


if __name__ == '__main__':
    main()
