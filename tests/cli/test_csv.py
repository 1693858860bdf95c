#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""--csv on every command that prints a table (docs/semantics.md, "CSV").

Each command's CSV is read back with Python's csv module and checked
against the same command's --json (another writer in the program) and
against numbers worked out by hand from the heap below, whose names hold a
comma, a quote and a line break, and whose strings and method names start
like spreadsheet formulas (docs/robustness.md, "CSV").

4-byte ids, HotSpot rules: header 8 bytes, references 4. Every address is a
multiple of 8, so A = 8.
  Odd {Object next, int v}: 8 + 4 + 4 = 16
  String {Object value, int count}: 8 + 8 = 16
  char[n]: align(12 + 2n, 8): char[22] = 56
  Thread {Object name}: 8 + 4 = 12 -> 16
  char[8]: align(12 + 16, 8) = 32
The current dump has O1 -> O2 (a JNI global holds O1) and O3 (the static
Odd.leak, watched by a KeyedWeakReference: a leak); the baseline dump has
O3 alone.
  O1: shallow 16, retains O1 + O2 = 32 in 2 objects, dominated by the root
  O2: shallow 16, retains 16, dominated by O1
  Odd: 3 instances (1 in the baseline), shallow 48 (16)
The thread "main,\"x\"" has two frames, @evil (line 7) then run (line 42);
its name String is a local of frame 0: 16 + char[8] 32 = 48 bytes.
"""

import csv
import io
import os
import unittest

from clitest import CliTest, g, hexid, main, run_cli, testlib

OBJ, CLS, REF, WEAK, KWR, STR, ODD, HOLDER, THREAD, WATCHER, OBJARR, CHARS = \
    (0x100 + 8 * i for i in range(12))
ODD_NAME = 'com.example.Odd,"Q"\nName'
FORMULA = '=HYPERLINK("http://x")'
O1, O2, O3 = 0x20000, 0x20010, 0x20020
T1 = 0x20030


def build(baseline=False):
    h = g.Hprof(version='1.0.2', id_size=4)
    # Class serials follow the order of the class dumps below, from 1: Odd is 7.
    h.stack_frame(0x501, 'run', '()V', 'Odd.java', 7, 42)
    h.stack_frame(0x502, '@evil', '(I)V', 'Odd.java', 7, 7)
    h.stack_trace(10, 1, [0x502, 0x501])
    d = h.heap_dump(segmented=True)
    new = g.Addresses(0x30000, [16])

    def string(text):
        arr, s = new(), new()
        d.prim_array(arr, g.CHAR, [ord(c) for c in text])
        d.instance(s, STR, {'value': arr, 'count': len(text)})
        return s

    d.cls(OBJ, 'java/lang/Object')                                            # 1
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)                               # 2
    d.cls(REF, 'java/lang/ref/Reference', super_id=OBJ,
          fields=[('referent', g.OBJECT), ('queue', g.OBJECT)])               # 3
    d.cls(WEAK, 'java/lang/ref/WeakReference', super_id=REF)                  # 4
    d.cls(KWR, 'leakcanary/KeyedWeakReference', super_id=WEAK,
          fields=[('key', g.OBJECT), ('description', g.OBJECT),
                  ('watchUptimeMillis', g.LONG), ('retainedUptimeMillis', g.LONG)],
          statics=[('heapDumpUptimeMillis', g.LONG, 60000)])                  # 5
    d.cls(STR, 'java/lang/String', super_id=OBJ,
          fields=[('value', g.OBJECT), ('count', g.INT)])                     # 6
    d.cls(ODD, 'com/example/Odd,"Q"\nName', super_id=OBJ,
          fields=[('next', g.OBJECT), ('v', g.INT)], statics=[('leak', g.OBJECT, O3)])  # 7
    d.cls(THREAD, 'java/lang/Thread', super_id=OBJ, fields=[('name', g.OBJECT)])  # 8
    d.cls(OBJARR, '[Ljava/lang/Object;', super_id=OBJ)                        # 9
    d.cls(CHARS, '[C', super_id=OBJ)                                          # 10
    d.instance(O3, ODD, {'next': 0, 'v': 3})
    kwr = new()
    d.instance(kwr, KWR, {'referent': O3, 'key': string('k1'), 'description': string('watching O3'),
                          'watchUptimeMillis': 500, 'retainedUptimeMillis': 1000})
    arr = new()
    d.obj_array(arr, OBJARR, [kwr])
    d.cls(WATCHER, 'leakcanary/ObjectWatcher', super_id=OBJ, statics=[('refs', g.OBJECT, arr)])
    statics = [('a', g.OBJECT, string(FORMULA)), ('b', g.OBJECT, string(FORMULA))]
    if not baseline:
        d.instance(O1, ODD, {'next': O2, 'v': 1})
        d.instance(O2, ODD, {'next': 0, 'v': 2})
        d.jni_global(O1)
        name = string('main,"x"')
        d.instance(T1, THREAD, {'name': name})
        d.root(g.ROOT_THREAD_OBJECT, T1, 1, 10)
        d.java_frame(name, 1, 0)
    d.cls(HOLDER, 'com/example/Holder', super_id=OBJ, statics=statics)
    for c in (OBJ, CLS, REF, WEAK, KWR, STR, ODD, HOLDER, THREAD, WATCHER, OBJARR, CHARS):
        d.sticky(c)
    return h


def parse(text):
    rows = list(csv.reader(io.StringIO(text, newline='')))
    return rows[0], rows[1:]


class Csv(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dump = build().write(cls.path('csv.hprof'))
        cls.base = build(baseline=True).write(cls.path('csv-base.hprof'))

    def csv_of(self, args):
        p = run_cli(args + ['--csv', '-q'])
        self.assertNoCrash(p, ' '.join(args))
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        text = p.stdout.decode('utf-8')
        header, rows = parse(text)
        for r in rows:
            self.assertEqual(len(r), len(header), 'row %r' % r)
        return header, [dict(zip(header, r)) for r in rows], text

    # --- classes ----------------------------------------------------------------
    def test_classes(self):
        header, rows, text = self.csv_of(['classes', self.dump])
        self.assertEqual(header, ['name', 'id', 'loader', 'count', 'reachable_count', 'shallow', 'retained',
                                  'obfuscated_name'])
        js = self.classes(self.dump)
        self.assertEqual(len(rows), len(js))
        for r, j in zip(rows, js):   # the same order
            self.assertEqual(r['name'], j['name'])
            self.assertEqual(hexid(r['id']), hexid(j['id']))
            self.assertEqual(hexid(r['loader']), hexid(j['loader']))
            for k in ('count', 'shallow', 'retained'):
                self.assertEqual(int(r[k]), j[k], k)
            self.assertEqual(int(r['reachable_count']), j['reachable_count'])
        odd = next(r for r in rows if r['name'] == ODD_NAME)
        self.assertEqual((hexid(odd['id']), int(odd['count']), int(odd['shallow'])), (ODD, 3, 48))
        # RFC 4180 on the wire: quoted, the quote doubled, the line break kept.
        self.assertIn('"com.example.Odd,""Q""\nName",0x%x,' % ODD, text)

    def test_limit_and_sort(self):
        _, rows, _ = self.csv_of(['classes', self.dump, '--sort', 'count', '--limit', '1'])
        self.assertEqual(len(rows), 1)
        js = self.json_of(['classes', self.dump, '--sort', 'count', '--limit', '1', '--json'])
        self.assertEqual(rows[0]['name'], js[0]['name'])

    # --- objects and dominators ---------------------------------------------------
    def check_objects(self, rows, js):
        self.assertEqual(len(rows), len(js))
        for r, j in zip(rows, js):
            self.assertEqual(hexid(r['id']), hexid(j['id']))
            self.assertEqual(r['class'], j['class'])
            for k in ('shallow', 'retained', 'retained_count'):
                self.assertEqual(int(r[k]), j[k], k)
            d = j['dominator']
            self.assertEqual(r['dominator'], '' if d is None else d if d == 'root' else '0x%x' % hexid(d))
            self.assertEqual(int(r['native_size']), j.get('native_size', 0))
            self.assertEqual(int(r['retained_native']), j.get('retained_native', 0))

    def test_objects(self):
        header, rows, _ = self.csv_of(['objects', self.dump, '--class', ODD_NAME])
        self.assertEqual(header, ['id', 'class', 'shallow', 'retained', 'retained_count', 'dominator',
                                  'native_size', 'retained_native', 'reachable'])
        self.check_objects(rows, self.objects(self.dump, ODD_NAME))
        by = {hexid(r['id']): r for r in rows}
        self.assertEqual(set(by), {O1, O2, O3})
        o1, o2 = by[O1], by[O2]
        self.assertEqual((int(o1['shallow']), int(o1['retained']), int(o1['retained_count']), o1['dominator']),
                         (16, 32, 2, 'root'))
        self.assertEqual((int(o2['retained']), hexid(o2['dominator']), o2['reachable']), (16, O1, 'true'))

    def test_dominators(self):
        header, rows, _ = self.csv_of(['dominators', self.dump, '--top', '100'])
        self.assertEqual(header[:8], ['id', 'class', 'shallow', 'retained', 'retained_count', 'dominator',
                                      'native_size', 'retained_native'])
        self.assertNotIn('reachable', header)
        self.check_objects(rows, self.dominators(self.dump, 100))
        o1 = next(r for r in rows if hexid(r['id']) == O1)
        self.assertEqual((o1['class'], int(o1['retained'])), (ODD_NAME, 32))

    # --- suspects, leaks ------------------------------------------------------------
    def test_suspects(self):
        header, rows, _ = self.csv_of(['suspects', self.dump, '--threshold', '1'])
        js = self.json_of(['suspects', self.dump, '--threshold', '1', '--json'])
        self.assertEqual(header[:7], ['kind', 'id', 'class', 'count', 'retained', 'retained_count', 'percent'])
        self.assertEqual(len(rows), len(js['objects']) + len(js['classes']))
        self.assertGreater(len(js['objects']), 0)
        for r, j in zip(rows, js['objects']):
            self.assertEqual((r['kind'], hexid(r['id']), r['class'], int(r['retained'])),
                             ('object', hexid(j['id']), j['class'], j['retained']))
            self.assertEqual(round(float(r['percent']), 2), j['percent'])
            self.assertEqual(hexid(r['accumulation_id']), hexid(j['accumulation']['id']))
            self.assertEqual(r['description'], j['description'])
        for r, j in zip(rows[len(js['objects']):], js['classes']):
            self.assertEqual((r['kind'], r['id'], r['class'], int(r['count']), int(r['retained'])),
                             ('class', '', j['class'], j['count'], j['retained']))

    def test_leaks(self):
        header, rows, _ = self.csv_of(['leaks', self.dump])
        self.assertEqual(header, ['list', 'group', 'signature', 'group_description', 'trace', 'retained_bytes',
                                  'retained_count', 'step', 'id', 'class', 'leaking', 'reference', 'suspect'])
        js = self.json_of(['leaks', self.dump, '--json'])
        want = []
        for kind in ('application_leaks', 'library_leaks'):
            for gi, grp in enumerate(js[kind]):
                for ti, t in enumerate(grp['traces']):
                    for si, n in enumerate(t['nodes']):
                        want.append((kind.split('_')[0], gi, grp['fingerprint'], ti, t['retained_bytes'], si,
                                     hexid(n['id']), n['class'], n['leaking'],
                                     (n['reference'] or {}).get('label', '')))
        got = [(r['list'], int(r['group']), r['signature'], int(r['trace']), int(r['retained_bytes']),
                int(r['step']), hexid(r['id']), r['class'], r['leaking'], r['reference']) for r in rows]
        self.assertEqual(got, want)
        # By hand: one leak, the class Odd's static field to O3 (16 bytes).
        self.assertEqual([(r['step'], hexid(r['id']), r['leaking']) for r in rows][-1], ('1', O3, 'YES'))
        self.assertEqual(int(rows[-1]['retained_bytes']), 16)
        self.assertEqual(rows[0]['class'], ODD_NAME)

    # --- waste ------------------------------------------------------------------------
    def test_waste(self):
        header, rows, text = self.csv_of(['waste', self.dump])
        self.assertEqual(header[:4], ['kind', 'name', 'count', 'wasted'])
        js = self.json_of(['waste', self.dump, '--json'])
        strings = [r for r in rows if r['kind'] == 'duplicate_string']
        self.assertEqual(len(strings), len(js['duplicate_strings']))
        for r, j in zip(strings, js['duplicate_strings']):
            # a formula from the dump, defused: an apostrophe before it
            want = "'" + j['value'] if j['value'][:1] in '=+-@' else j['value']
            self.assertEqual((r['name'], int(r['count']), int(r['wasted']), int(r['length'])),
                             (want, j['count'], j['wasted'], j['length']))
        f = next(r for r in strings if r['name'] == "'" + FORMULA)
        # By hand: two copies; the second String (16) and its char[22] (56) are wasted.
        self.assertEqual((int(f['count']), int(f['wasted'])), (2, 72))
        self.assertIn('"\'=HYPERLINK(""http://x"")"', text)

    # --- threads ------------------------------------------------------------------------
    def test_threads(self):
        header, rows, _ = self.csv_of(['threads', self.dump])
        self.assertEqual(header, ['thread_id', 'thread_name', 'tid', 'daemon', 'state', 'retained',
                                  'stack_retained', 'frame', 'class', 'method', 'signature', 'file', 'line',
                                  'locals', 'locals_retained'])
        js = self.json_of(['threads', self.dump, '--json'])['threads']
        want = []
        for t in js:
            for k, f in enumerate(t['frames']):
                want.append((hexid(t['id']), t['name'], t['retained'], t['stack_retained'], k, f['class'],
                             f['method'], f['file'], f['line'], len(f['locals']),
                             sum(l['retained'] for l in f['locals'])))
        got = [(hexid(r['thread_id']), r['thread_name'], int(r['retained']), int(r['stack_retained']),
                int(r['frame']), r['class'], r['method'].lstrip("'"), r['file'], int(r['line']), int(r['locals']),
                int(r['locals_retained'])) for r in rows]
        self.assertEqual(got, want)
        # By hand: one thread, two frames, innermost first; its name a local of frame 0.
        self.assertEqual([(r['thread_name'], r['frame'], r['class'], r['method'], r['line'], r['locals'],
                           r['locals_retained']) for r in rows],
                         [('main,"x"', '0', ODD_NAME, "'@evil", '7', '1', '48'),
                          ('main,"x"', '1', ODD_NAME, 'run', '42', '0', '0')])

    # --- diff, paths ------------------------------------------------------------------------
    def test_diff(self):
        header, rows, _ = self.csv_of(['diff', self.base, self.dump])
        self.assertEqual(header, ['name', 'status', 'baseline_count', 'baseline_shallow', 'baseline_retained',
                                  'current_count', 'current_shallow', 'current_retained', 'delta_count',
                                  'delta_shallow', 'delta_retained'])
        js = self.json_of(['diff', self.base, self.dump, '--json'])['classes']
        self.assertEqual(len(rows), len(js))
        for r, j in zip(rows, js):
            self.assertEqual((r['name'], r['status']), (j['name'], j['status']))
            for side in ('baseline', 'current', 'delta'):
                for k in ('count', 'shallow', 'retained'):
                    self.assertEqual(int(r[side + '_' + k]), j[side][k], side + '_' + k)
        odd = next(r for r in rows if r['name'] == ODD_NAME)
        self.assertEqual([int(odd[k]) for k in ('baseline_count', 'current_count', 'delta_count',
                                                 'delta_shallow')], [1, 3, 2, 32])

    def test_paths_merged(self):
        header, rows, _ = self.csv_of(['paths', self.dump, '--class', ODD_NAME])
        self.assertEqual(header, ['depth', 'class', 'reference', 'root_kind', 'objects', 'reached', 'shallow',
                                  'retained'])
        js = self.json_of(['paths', self.dump, '--class', ODD_NAME, '--json'])
        want = []
        stack = [(n, 0) for n in reversed(js['roots'])]
        while stack:
            n, depth = stack.pop()
            want.append((depth, n['class'], n['reference'] or '', n['root_kind'] or '', n['objects'], n['reached'],
                         n['shallow'], n['retained']))
            stack.extend((c, depth + 1) for c in reversed(n['children']))
        got = [(int(r['depth']), r['class'], r['reference'], r['root_kind'], int(r['objects']), int(r['reached']),
                int(r['shallow']), int(r['retained'])) for r in rows]
        self.assertEqual(got, want)
        # The three instances are reached, each through one top node.
        self.assertEqual(sum(int(r['reached']) for r in rows if r['depth'] == '0'), 3)

    def test_paths_of_one_object(self):
        header, rows, _ = self.csv_of(['paths', self.dump, '0x%x' % O2])
        self.assertEqual(header, ['target', 'path', 'root_kind', 'step', 'id', 'class', 'reference'])
        js = self.json_of(['paths', self.dump, '0x%x' % O2, '--json'])
        want = [(O2, i, p['root_kind'], j, hexid(n['id']), n['class'], n['reference'] or '')
                for i, p in enumerate(js['paths']) for j, n in enumerate(p['nodes'])]
        got = [(hexid(r['target']), int(r['path']), r['root_kind'], int(r['step']), hexid(r['id']), r['class'],
                 r['reference']) for r in rows]
        self.assertEqual(got, want)
        # By hand: the only path, O1 (a JNI global) -> next -> O2.
        self.assertEqual([(hexid(r['id']), r['reference']) for r in rows],
                         [(O1, ODD_NAME + '.next'), (O2, '')])

    # --- errors ------------------------------------------------------------------------
    def test_csv_with_json_is_an_error(self):
        for args in (['classes', self.dump], ['query', self.dump, 'select * from java.lang.String']):
            p = run_cli(args + ['--csv', '--json'])
            self.assertEqual(p.returncode, 2)
            self.assertIn(b'--json and --csv', p.stderr)
            self.assertEqual(p.stdout, b'')

    def test_csv_on_a_command_without_a_table(self):
        p = run_cli(['summary', self.dump, '--csv'])
        self.assertEqual(p.returncode, 2)
        self.assertIn(b'summary prints no table', p.stderr)


class CsvCorpus(CliTest):
    """LeakCanary's own test dump (corpus README): its one leak's path
    starts at a static field of com.example.leakcanary.LeakyService and
    ends at a LeakyService."""

    def test_leaks(self):
        dump = os.path.join(testlib.require_corpus('android/leak_service_binder.hprof'),
                            'android', 'leak_service_binder.hprof')
        p = run_cli(['leaks', dump, '--csv', '-q'])
        self.assertEqual(p.returncode, 0, p.stderr.decode())
        header, rows = parse(p.stdout.decode('utf-8'))
        rows = [dict(zip(header, r)) for r in rows]
        app = [r for r in rows if r['list'] == 'application']
        self.assertGreater(len(app), 1)
        self.assertEqual(app[0]['class'], 'com.example.leakcanary.LeakyService')
        self.assertTrue(app[0]['reference'].startswith('static LeakyService.'), app[0]['reference'])
        self.assertEqual((app[-1]['class'], app[-1]['leaking']), ('com.example.leakcanary.LeakyService', 'YES'))
        js = self.json_of(['leaks', dump, '--json', '-q'])
        nodes = [n for grp in js['application_leaks'] for t in grp['traces'] for n in t['nodes']]
        self.assertEqual([(hexid(r['id']), r['class']) for r in app], [(hexid(n['id']), n['class']) for n in nodes])


if __name__ == '__main__':
    main()
