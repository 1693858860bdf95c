#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""`heapscope-cli refs DUMP ID [--incoming] [--depth N] [--limit N]
[--json]`: an object's references as a tree, on tests/cli/refsdump.py's
heap (its docstring works the sizes out). Referrers are listed in
ascending id order, one row per reference."""

import os

from clitest import CliTest, hexid, main, run_cli
import refsdump as r
import testlib


class RefsCommand(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dump = r.build().write(cls.path('refs.hprof'))

    def refs(self, oid, *extra):
        t = self.json_of(['refs', self.dump, oid, '--json'] + list(extra))
        self.assertIsInstance(t, dict)
        return t

    def text(self, *args):
        proc = run_cli(['refs', self.dump] + list(args))
        self.assertNoCrash(proc, ' '.join(args))
        self.assertEqual(proc.returncode, 0, proc.stderr.decode('utf-8', 'replace'))
        return proc.stdout.decode('utf-8')

    @staticmethod
    def row(ref):
        return (ref['reference'], hexid(ref['id']))

    def test_outgoing_instance(self):
        t = self.refs('0x2000')
        self.assertEqual((hexid(t['id']), t['class'], t['direction']), (r.T, 'com.example.Target', 'outgoing'))
        self.assertEqual((t['shallow'], t['retained']), (r.TARGET_SIZE, r.TARGET_SIZE))
        self.assertEqual(t['total'], 2)
        self.assertEqual([self.row(x) for x in t['refs']], [('peer', r.HOLDERS[0]), ('<class>', r.TARGETC)])
        peer = t['refs'][0]
        self.assertEqual((peer['kind'], peer['class'], peer['shallow'], peer['retained']),
                         ('field', 'com.example.Holder', r.HOLDER_SIZE, r.HOLDER_SIZE))
        self.assertEqual(t['refs'][1]['kind'], 'class')
        self.assertEqual(t['more'], 0)
        # depth 1: the children are not expanded
        self.assertNotIn('refs', peer)

    def test_outgoing_array(self):
        t = self.refs('0x3000')
        self.assertEqual((t['shallow'], t['retained']), (r.ARR_SIZE, r.ARR_SIZE))
        # non-null elements by index, then the class
        self.assertEqual([self.row(x) for x in t['refs']],
                         [('[1]', r.T), ('[3]', r.HOLDERS[7]), ('[4]', r.T), ('<class>', r.ARRC)])
        self.assertEqual([x.get('index') for x in t['refs']], [1, 3, 4, None])
        self.assertEqual(t['total'], 4)

    def test_incoming_paged(self):
        t = self.refs('0x2000', '--incoming')
        # the array twice, every Holder once; not the WeakReference
        self.assertEqual((t['direction'], t['total']), ('incoming', 2 + r.N_HOLDERS))
        self.assertEqual(len(t['refs']), 100)           # the default --limit
        self.assertEqual(t['more'], 2 + r.N_HOLDERS - 100)
        got = [self.row(x) for x in t['refs']]
        self.assertEqual(got[:3], [('[1]', r.ARR), ('[4]', r.ARR), ('target', r.HOLDERS[0])])
        self.assertEqual(got[2:], [('target', x) for x in r.HOLDERS[:98]])
        t = self.refs('0x2000', '--incoming', '--limit', '5000')
        self.assertEqual(len(t['refs']), 2 + r.N_HOLDERS)
        self.assertEqual(t['more'], 0)
        self.assertEqual([hexid(x['id']) for x in t['refs'][2:]], r.HOLDERS)
        self.assertTrue(all(x['reference'] == 'target' and x['kind'] == 'field' for x in t['refs'][2:]))

    def test_weak_referent(self):
        self.assertEqual([self.row(x) for x in self.refs('0x4000')['refs']], [('<class>', r.WEAKC)])
        t = self.refs('0x4000', '--follow-weak')
        self.assertEqual([self.row(x) for x in t['refs']], [('referent', r.T), ('<class>', r.WEAKC)])
        t = self.refs('0x2000', '--incoming', '--follow-weak', '--limit', '5000')
        self.assertEqual(t['total'], 3 + r.N_HOLDERS)
        # by id: the array (0x3000) twice, the WeakReference (0x4000), the Holders
        self.assertEqual([self.row(x) for x in t['refs'][:4]],
                         [('[1]', r.ARR), ('[4]', r.ARR), ('referent', r.W), ('target', r.HOLDERS[0])])

    def test_cycle_and_depth(self):
        # Target <- Holder0.target <- Target.peer: the cycle, not expanded
        t = self.refs('0x2000', '--incoming', '--depth', '2', '--limit', '3')
        arr, arr2, h0 = t['refs']
        self.assertEqual((arr['total'], arr['refs'], arr['more']), (0, [], 0))
        self.assertEqual(h0['total'], 1)
        back = h0['refs'][0]
        self.assertEqual(self.row(back), ('peer', r.T))
        self.assertTrue(back['cycle'])
        self.assertNotIn('refs', back)
        self.assertNotIn('cycle', h0)
        # outgoing, depth 3: Target.peer -> Holder0.target -> Target (cycle)
        t = self.refs('0x2000', '--depth', '3')
        peer = t['refs'][0]
        self.assertEqual([self.row(x) for x in peer['refs']], [('target', r.T), ('<class>', r.HOLDERC)])
        self.assertTrue(peer['refs'][0]['cycle'])
        # the class object's references: its superclass
        cls = t['refs'][1]
        self.assertEqual([self.row(x) for x in cls['refs']], [('<super>', r.OBJ)])
        self.assertEqual(cls['refs'][0]['kind'], 'super')
        self.assertEqual(self.refs('0x2000', '--depth', '0').get('refs'), None)

    def test_csv(self):
        # the same tree as --json, a row per node with its depth; rows
        # past --limit are left out
        import csv, io
        proc = run_cli(['refs', self.dump, '0x2000', '--incoming', '--depth', '2', '--limit', '3', '--csv'])
        self.assertEqual(proc.returncode, 0, proc.stderr.decode('utf-8', 'replace'))
        rows = list(csv.DictReader(io.StringIO(proc.stdout.decode('utf-8'))))
        self.assertEqual([(x['depth'], x['reference'], int(x['id'], 16), x['cycle']) for x in rows],
                         [('0', '', r.T, 'false'),
                          ('1', '[1]', r.ARR, 'false'), ('1', '[4]', r.ARR, 'false'),
                          ('1', 'target', r.HOLDERS[0], 'false'),
                          ('2', 'peer', r.T, 'true')])
        self.assertEqual((rows[1]['kind'], rows[1]['index'], rows[1]['class'], rows[1]['shallow']),
                         ('element', '1', 'java.lang.Object[]', str(r.ARR_SIZE)))
        self.assertEqual((rows[3]['kind'], rows[3]['index'], rows[3]['retained']),
                         ('field', '', str(r.HOLDER_SIZE)))
        both = run_cli(['refs', self.dump, '0x2000', '--csv', '--json'])
        self.assertEqual(both.returncode, 2)

    def test_text(self):
        out = self.text('0x2000', '--incoming', '--limit', '3', '--depth', '2')
        lines = out.splitlines()
        self.assertEqual(lines[0], 'com.example.Target@0x2000  shallow 16  retained 16  incoming 2502')
        self.assertEqual(lines[1], '  [1]  java.lang.Object[]@0x3000  shallow 32  retained 32')
        self.assertEqual(lines[2], '  [4]  java.lang.Object[]@0x3000  shallow 32  retained 32')
        self.assertEqual(lines[3], '  target  com.example.Holder@0x10000  shallow 16  retained 16')
        self.assertEqual(lines[4], '    peer  com.example.Target@0x2000  shallow 16  retained 16  (cycle)')
        self.assertEqual(lines[5], '  ... 2499 more')
        self.assertEqual(len(lines), 6)
        out = self.text('0x3000')
        self.assertEqual(out.splitlines()[1:], [
            '  [1]  com.example.Target@0x2000  shallow 16  retained 16',
            '  [3]  com.example.Holder@0x10070  shallow 16  retained 16',
            '  [4]  com.example.Target@0x2000  shallow 16  retained 16',
            '  <class>  class java.lang.Object[]@0x1018  shallow 0  retained 0',
        ])

    def test_ids(self):
        # bare hex is read as hex, as `object` reads it
        self.assertEqual(hexid(self.refs('2000')['id']), r.T)
        self.assertEqual(hexid(self.refs('0X2000')['id']), r.T)

    def test_bad_input(self):
        for bad, what in (('0x9990', 'no object'), ('zz', 'object id'), ('0x', 'object id')):
            proc = run_cli(['refs', self.dump, bad])
            self.assertNoCrash(proc, bad)
            self.assertEqual(proc.returncode, 2, bad)
            self.assertEqual(proc.stdout, b'', bad)
            self.assertIn(what, proc.stderr.decode('utf-8'), bad)
        for bad in (['--depth', '-1'], ['--limit', '-3']):
            proc = run_cli(['refs', self.dump, '0x2000'] + bad)
            self.assertEqual(proc.returncode, 2, bad)
            self.assertIn(bad[0], proc.stderr.decode('utf-8'))
        self.assertEqual(run_cli(['refs', self.dump]).returncode, 2)


class RefsCorpus(CliTest):
    """LeakCanary's test dump: its leak path (leaks, an independent reading
    of each reference) step by step in refs, both ways; and the watched
    object's KeyedWeakReference, whose referent the corpus README names,
    among its referrers only with --follow-weak."""

    def test_leak_path_steps(self):
        dump = os.path.join(testlib.require_corpus('android/leak_service_binder.hprof'),
                            'android/leak_service_binder.hprof')
        leaks = self.json_of(['leaks', dump, '--json', '-q'])
        nodes = leaks['application_leaks'][0]['traces'][0]['nodes']
        self.assertEqual((nodes[0]['class'], nodes[0]['reference']['kind']),
                         ('com.example.leakcanary.LeakyService', 'static'))
        for a, b in zip(nodes, nodes[1:]):
            name, src, dst = a['reference']['name'], hexid(a['id']), hexid(b['id'])
            out = self.json_of(['refs', dump, a['id'], '--json', '--limit', '100000', '-q'])
            self.assertIn((name, dst), [(x['reference'], hexid(x['id'])) for x in out['refs']])
            inc = self.json_of(['refs', dump, b['id'], '--incoming', '--json', '--limit', '100000', '-q'])
            self.assertIn((name, src), [(x['reference'], hexid(x['id'])) for x in inc['refs']])
            self.assertEqual(inc['total'], len(inc['refs']))
        leaking = nodes[-1]['id']
        kwr = self.json_of(['objects', dump, '--class', 'com.squareup.leakcanary.KeyedWeakReference',
                            '--json', '-q'])
        self.assertEqual(len(kwr), 1)
        kwr = hexid(kwr[0]['id'])
        plain = self.json_of(['refs', dump, leaking, '--incoming', '--json', '-q'])
        self.assertNotIn(kwr, [hexid(x['id']) for x in plain['refs']])
        weak = self.json_of(['refs', dump, leaking, '--incoming', '--json', '--follow-weak', '-q'])
        self.assertIn(('referent', kwr), [(x['reference'], hexid(x['id'])) for x in weak['refs']])
        self.assertEqual(weak['total'], plain['total'] + 1)


if __name__ == '__main__':
    main()
