#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli report --series: the report on the last dump of a series
with its "Growing" section (the series of growthdump.py; the numbers are
its docstring's, counted by hand), names from the dump escaped."""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

from clitest import CliTest, main, run_cli  # noqa: E402
import growthdump  # noqa: E402
import growthseries  # noqa: E402
import hprofgen as g  # noqa: E402


def evil(step):
    """A class whose name would be markup holds a list of 1 + step Items."""
    x = growthdump.Gen()
    x.collections()
    x.cls('com/example/Item', fields=[('id', g.INT)])
    items = x.arraylist([x.inst('com/example/Item', {'id': i}) for i in range(1 + step)])
    x.cls('com/example/<img src=x onerror=alert(1)>&', statics=[('cache', g.OBJECT, items)])
    return x.h


class ReportGrowingTest(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dumps = growthseries.write_series(cls.path, 3)

    def report(self, args):
        out = self.path('report.html')
        proc = run_cli(['report', '--no-timestamp', '-o', out] + args)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(out, encoding='utf-8') as f:
            return f.read()

    def section(self, html):
        m = re.search(r'<section id="growing">.*?</section>', html, re.S)
        self.assertIsNotNone(m, 'no Growing section')
        return m.group(0)

    def test_series(self):
        html = self.report(['--series'] + self.dumps)
        self.assertIn('href="#growing"', html)
        sec = self.section(html)
        self.assertIn('<h2>Growing over 3 dumps</h2>', sec)
        # Dumps by base name only.
        self.assertEqual(re.findall(r'<tr><td><code>([^<]*)</code></td><td class="num"', sec),
                         ['series0.hprof', 'series1.hprof', 'series2.hprof'])
        self.assertNotIn(self.tmp, sec)
        # Five growing paths (growthdump.py), requests first with 12 new
        # objects (3 -> 9 keys and values), its map retaining 312, 528, 744.
        self.assertIn('<p>5 paths from a GC root', sec)
        first = sec.split('<details', 2)[1]
        self.assertIn('12 new objects', first)
        self.assertIn('<code>com.example.RequestLog.byId</code> \u2192 <code>java.util.HashMap</code>', first)
        self.assertIn('Retained: 312 B \u2192 528 B \u2192 744 B', first)
        self.assertIn('<td class="num">3 \u2192 6 \u2192 9</td>', first)
        # The report is on the last dump: its totals are series2's.
        one = self.report([self.dumps[2]])
        self.assertNotIn('id="growing"', one)
        self.assertEqual(re.sub(r'<section id="growing">.*?</section>\n?', '', html, flags=re.S)
                         .replace('<a href="#growing">Growing</a>', ''),
                         one)

    def test_escaped(self):
        paths = []
        for s in range(2):
            p = self.path('evil%d.hprof' % s)
            evil(s).write(p)
            paths.append(p)
        sec = self.section(self.report(['--series'] + paths))
        self.assertNotIn('<img', sec)
        self.assertIn('class com.example.&lt;img src=x onerror=alert(1)&gt;&amp;</code>', sec)

    def test_needs_two(self):
        proc = run_cli(['report', '--series', self.dumps[0], '-o', self.path('one.html')])
        self.assertEqual(proc.returncode, 2)
        self.assertIn(b'at least two dumps', proc.stderr)
        self.assertFalse(os.path.exists(self.path('one.html')))


if __name__ == '__main__':
    main()
