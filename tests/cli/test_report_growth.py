#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli report DUMP --baseline OLD: the report's
"Growth since OLD" section, on the generated pair of test_diff.py, whose
docstring derives every figure by hand:

  baseline (n = 3): 19 objects, all reachable, 184 reachable bytes, 9 rows
  current  (n = 8): 34 objects, all reachable, 472 reachable bytes, 9 rows
  (OldCache gone, NewSession new).
The section lists the classes that grew in any figure (count, shallow or
retained), biggest retained growth first, ties by name: Class +224 and
Object[] +224, Item +200, byte[] +120, NewSession +32, Plugin +32,
ClassLoader +8. Registry and Object did not change, OldCache shrank: not
listed. Each row: the current count, its change, the current shallow, its
change, the current retained, its change and the retained percent
(change / baseline: Item 200 / 120 = +166.7%, Class 224 / 152 = +147.4%;
growth from 0, NewSession, sorts as Infinity).
"""

import ctypes
import os
import re
import struct

from clitest import CliTest, main, run_cli
from test_diff import program

# What grew first: shallow bytes, ties by objects (test_diff.py's ORDER['growth']
# without the classes that did not grow).
GROWTH_ORDER = ['byte[]', 'com.example.Item', 'com.example.NewSession', 'com.example.Plugin',
                'java.lang.Object[]', 'java.lang.ClassLoader', 'java.lang.Class']
# name: (status, count, +count, shallow, +shallow, retained, +retained, percent)
GROWTH_ROWS = {
    'java.lang.Class': ('both', 10, 1, 8, 0, 376, 224, '147.4'),
    'java.lang.Object[]': ('both', 1, 0, 48, 24, 368, 224, '155.6'),
    'com.example.Item': ('both', 8, 5, 128, 80, 320, 200, '166.7'),
    'byte[]': ('both', 8, 5, 192, 120, 192, 120, '166.7'),
    'com.example.NewSession': ('new', 2, 2, 32, 32, 32, 32, 'Infinity'),
    'com.example.Plugin': ('both', 3, 2, 48, 32, 48, 32, '200.0'),
    'java.lang.ClassLoader': ('both', 2, 1, 16, 8, 16, 8, '100.0'),
}
CELL_RE = re.compile(r'<td([^>]*)>(.*?)</td>', re.S)


def cells(tr):
    """(data-v or '', text) of each cell."""
    out = []
    for attrs, text in CELL_RE.findall(tr):
        m = re.search(r'data-v="([^"]*)"', attrs)
        out.append((m.group(1) if m else '', text))
    return out


def count_opens(path, fn):
    """How many times fn() (running a command) opens path, by inotify's
    IN_OPEN events (a stat does not count); None where inotify is not to
    be had."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
    except (OSError, AttributeError):
        return None
    if fd < 0:
        return None
    try:
        # IN_OPEN | IN_CLOSE_NOWRITE: the closes between the opens keep
        # inotify from merging two opens in a row into one event.
        if libc.inotify_add_watch(fd, os.fsencode(path), 0x20 | 0x10) < 0:
            return None
        fn()
        n, data = 0, b''
        while True:
            try:
                chunk = os.read(fd, 65536)
            except BlockingIOError:
                break
            if not chunk:
                break
            data += chunk
        while data:
            _, mask, _, length = struct.unpack_from('iIII', data)
            n += 1 if mask & 0x20 else 0
            data = data[16 + length:]
        return n
    finally:
        os.close(fd)


def section(html):
    m = re.search(r'<section id="growth">(.*?)</section>', html, re.S)
    return m.group(1) if m else None


def table(html, table_id):
    m = re.search(r'<table[^>]*id="%s"[^>]*>(.*?)</table>' % table_id, html, re.S)
    assert m, table_id
    body = re.search(r'<tbody>(.*?)</tbody>', m.group(1), re.S).group(1)
    return [cells(tr) for tr in re.findall(r'<tr>(.*?)</tr>', body, re.S)]


class ReportGrowth(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.old = program(3, True)[0].write(cls.path('old.hprof'))
        cls.new = program(8, False)[0].write(cls.path('new.hprof'))

    def report(self, *args):
        out = self.path('out.html')
        if os.path.exists(out):
            os.unlink(out)
        proc = run_cli(['report', '--no-timestamp', '-o', out] + list(args))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(out, encoding='utf-8') as f:
            return f.read()

    def test_growth_section(self):
        html = self.report(self.new, '--baseline', self.old)
        s = section(html)
        self.assertIsNotNone(s, 'no growth section')
        self.assertIn('<a href="#growth">', html)
        self.assertIn('<h2>Growth since old.hprof</h2>', s)
        self.assertIn('+288 B retained, +15 objects; biggest growth: byte[] +5 objects, +120 B', s)
        # Totals: baseline, current, change (data-v holds the exact values).
        totals = table(s, 'growth-totals')
        self.assertEqual([[v for v, _ in row] for row in totals[:3]],
                         [['19', '34', '15'], ['19', '34', '15'], ['184', '472', '288']])
        self.assertEqual([t for _, t in totals[3]], ['9', '9', '1 new, 1 gone'])
        rows = table(s, 'growth-table')
        names = [re.sub(r'<[^>]+>', '', r[0][1]) for r in rows]
        self.assertEqual(names, GROWTH_ORDER)
        self.assertIn('The top 7 of 7 classes that grew', s)
        for name, r in zip(names, rows):
            status, *nums, pct = GROWTH_ROWS[name]
            self.assertEqual(r[1][1], status, name)
            self.assertEqual([int(v) for v, _ in r[2:8]], nums, name)
            self.assertEqual(r[8][0], pct, name)
        # No note on size rules: both dumps follow the same.
        self.assertNotIn('class="warning"', s)

    def test_without_baseline_no_section(self):
        html = self.report(self.new)
        self.assertIsNone(section(html))
        self.assertNotIn('#growth', html)
        # The rest of the page does not depend on the baseline.
        with_base = self.report(self.new, '--baseline', self.old)
        stripped = re.sub(r'<section id="growth">.*?</section>\n', '', with_base, flags=re.S)
        stripped = stripped.replace('<a href="#growth">Growth</a>', '')
        self.assertEqual(stripped, html)

    def test_baseline_dump_and_self(self):
        # A dump against itself: nothing grew.
        s = section(self.report(self.new, '--baseline', self.new, '--baseline-dump', '0'))
        self.assertIn('No class grew.', s)
        self.assertIn('0 B retained, 0 objects; no class grew', s)

    def test_different_rules_note(self):
        android = program(3, True, version='1.0.3')[0].write(self.path('old-android.hprof'))
        out = self.path('android.html')
        proc = run_cli(['report', '--no-timestamp', '-o', out, self.new, '--baseline', android])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertRegex(proc.stderr.decode(), r'(?i)warning.*size rules')
        with open(out, encoding='utf-8') as f:
            self.assertIn('class="warning"', section(f.read()))

    def test_broken_baseline(self):
        h, _, bad = program(3, True, broken=True)
        broken = self.write(h, 'broken.hprof')
        out = self.path('never.html')
        proc = run_cli(['report', '-o', out, self.new, '--baseline', broken])
        self.assertCleanError(proc, broken, 'broken baseline', offset=bad.offset)
        self.assertIn('baseline', proc.stderr.decode())
        self.assertFalse(os.path.exists(out))
        missing = self.path('no-such.hprof')
        proc = run_cli(['report', '-o', out, self.new, '--baseline', missing])
        self.assertCleanError(proc, missing, 'missing baseline', need_offset=False)
        self.assertFalse(os.path.exists(out))

    def test_mapping_for_both_dumps(self):
        # One mapping for both dumps, as diff does: Item renamed in the
        # baseline's table and the current dump's alike, so the growth row
        # is Item's under the real name. The file is read once, not once a
        # dump (the CLI's checks before reading use stat, not open).
        mapping = self.path('mapping.txt')
        with open(mapping, 'w') as f:
            f.write('x.RealItem -> com.example.Item:\n    int id -> id\n')
        html = {}

        def run():
            html['text'] = self.report(self.new, '--baseline', self.old, '--mapping', mapping)
        opens = count_opens(mapping, run)
        s = section(html['text'])
        rows = table(s, 'growth-table')
        names = [re.sub(r'<[^>]+>', '', r[0][1]) for r in rows]
        self.assertEqual(names, [n.replace('com.example.Item', 'x.RealItem') for n in GROWTH_ORDER])
        item = rows[names.index('x.RealItem')]
        self.assertEqual([int(v) for v, _ in item[2:8]], list(GROWTH_ROWS['com.example.Item'][1:7]))
        self.assertNotIn('com.example.Item', s)
        if opens is None:
            self.skipTest('no inotify: the mapping\'s reads not counted')
        self.assertEqual(opens, 1)


if __name__ == '__main__':
    main()
