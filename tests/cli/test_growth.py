#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli growth: what keeps growing over the series of growthdump.py
(its docstring has the scenario and the sizes, counted by hand)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

from clitest import CliTest, main, run_cli  # noqa: E402
import growthdump  # noqa: E402
import growthseries  # noqa: E402
import testlib  # noqa: E402

APP = {'root_kind': 'System Class', 'reference': None, 'class': 'class com.example.App'}
THREAD = {'root_kind': 'Thread Object', 'reference': None, 'class': 'java.lang.Thread'}


def step(ref, cls):
    return {'reference': ref, 'class': cls}


def cache_node(steps):
    # m = 2 + 2s entries: the map retains 16 + 80 + 72m; its keys are
    # Strings of 16 retaining their byte[2] of 16, its values Items of 16.
    ms = [2 + 2 * s for s in steps]
    return {'path': [APP, step('static com.example.App.cache', 'java.util.HashMap')],
            'class': 'java.util.HashMap', 'objects': [1] * len(steps),
            'retained': [96 + 72 * m for m in ms],
            'children': [{'reference': '[key]', 'class': 'java.lang.String', 'objects': ms,
                          'retained': [32 * m for m in ms]},
                         {'reference': '[value]', 'class': 'com.example.Item', 'objects': ms,
                          'retained': [16 * m for m in ms]}]}


def requests_node(steps):
    # r = 3 + 3s entries, the same sizes ("r10" is a byte[3]: 16 too).
    rs = [3 + 3 * s for s in steps]
    return {'path': [APP, step('static com.example.App.requests', 'com.example.RequestLog'),
                     step('com.example.RequestLog.byId', 'java.util.HashMap')],
            'class': 'java.util.HashMap', 'objects': [1] * len(steps),
            'retained': [96 + 72 * r for r in rs],
            'children': [{'reference': '[key]', 'class': 'java.lang.String', 'objects': rs,
                          'retained': [32 * r for r in rs]},
                         {'reference': '[value]', 'class': 'com.example.Request', 'objects': rs,
                          'retained': [16 * r for r in rs]}]}


def chain_node(steps):
    # 2 + 2s Nodes of 16: the head, and the rest folded into one node
    # (Node.next -> Node again and again is one step).
    ns = [2 + 2 * s for s in steps]
    return {'path': [APP, step('static com.example.App.chain', 'com.example.Node')],
            'class': 'com.example.Node', 'objects': [1] * len(steps), 'retained': [16 * n for n in ns],
            'children': [{'reference': 'com.example.Node.next', 'class': 'com.example.Node',
                          'objects': [n - 1 for n in ns], 'retained': [16 * (n - 1) for n in ns]}]}


def list_node(path, cls, counts, capacity=10):
    # ArrayList 16, its Object[capacity] align(12 + 4 capacity, 8), elements 16.
    array = (12 + 4 * capacity + 7) // 8 * 8
    return {'path': path, 'class': 'java.util.ArrayList', 'objects': [1] * len(counts),
            'retained': [16 + array + 16 * c for c in counts],
            'children': [{'reference': '[]', 'class': cls, 'objects': counts,
                          'retained': [16 * c for c in counts]}]}


def listeners_node(steps):
    return list_node([APP, step('static com.example.App.listeners', 'java.util.ArrayList')],
                     'com.example.Listener', [1 + s for s in steps])


def history_node(steps):
    # The thread's local Session holds it: a local hangs from its thread.
    return list_node([THREAD, step('<Java Local>', 'com.example.Session'),
                      step('com.example.Session.history', 'java.util.ArrayList')],
                     'com.example.Request', [2 + 2 * s for s in steps], capacity=16)


def sort_children(nodes):
    # Children that gained as many objects come in no promised order.
    for n in nodes:
        n['children'].sort(key=lambda c: (c['reference'], c['class']))
    return nodes


class GrowthTest(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dumps = growthseries.write_series(cls.path, 4, java_version='17.0.2')

    def growth(self, dumps, *extra):
        return self.json_of(['growth'] + dumps + ['--json'] + list(extra))

    def test_four_dumps(self):
        # Growing in every interval: the two maps, the chain, the listener
        # list and the local's history. The list that grew once (once) and
        # the pool at its ceiling are not. Most new objects first: requests
        # 2 x 9, cache 2 x 6, chain 6, history 6, listeners 3.
        steps = [0, 1, 2, 3]
        out = self.growth(self.dumps)
        self.assertEqual([d['path'] for d in out['dumps']], self.dumps)
        got = out['growing']
        self.assertEqual(sort_children(got[:2]), sort_children([requests_node(steps), cache_node(steps)]))
        # chain and history both gained 6: either order.
        self.assertCountEqual(got[2:4], [chain_node(steps), history_node(steps)])
        self.assertEqual(got[4:], [listeners_node(steps)])

    def test_two_dumps_every_growth(self):
        # With two dumps every node that grew is growing: once (1 -> 3
        # Configs) and pool (2 -> 4 Workers) too.
        out = self.growth(self.dumps[:2])
        paths = [[s.get('reference') for s in n['path'][1:]] for n in out['growing']]
        self.assertEqual(len(paths), 7)
        by_ref = {n['path'][-1].get('reference'): n for n in out['growing']}
        self.assertEqual(by_ref['static com.example.App.once'],
                         list_node([APP, step('static com.example.App.once', 'java.util.ArrayList')],
                                   'com.example.Config', [1, 3]))
        self.assertEqual(by_ref['static com.example.App.pool'],
                         list_node([APP, step('static com.example.App.pool', 'java.util.ArrayList')],
                                   'com.example.Worker', [2, 4]))
        # The first two by new objects: requests (6), cache (4).
        self.assertEqual(sort_children(out['growing'][:2]),
                         sort_children([requests_node([0, 1]), cache_node([0, 1])]))

    def test_stopped_growing(self):
        # Dumps 1, 2, 3: once and pool do not change any more.
        out = self.growth(self.dumps[1:])
        refs = {n['path'][-1]['reference'] for n in out['growing']}
        self.assertEqual(refs, {'com.example.RequestLog.byId', 'static com.example.App.cache',
                                'static com.example.App.chain', 'static com.example.App.listeners',
                                'com.example.Session.history'})

    def test_min_growth(self):
        # At least 3 new objects of one child in every interval: requests'
        # keys and values (3 a step), not the cache (2), chain (2), history
        # (2) or listeners (1).
        out = self.growth(self.dumps, '--min-growth', '3')
        self.assertEqual(sort_children(out['growing']), sort_children([requests_node([0, 1, 2, 3])]))
        out = self.growth(self.dumps, '--min-growth', '4')
        self.assertEqual(out['growing'], [])

    def test_identical_dumps(self):
        out = self.growth([self.dumps[1], self.dumps[1]])
        self.assertEqual(out['growing'], [])

    def test_shrinking(self):
        # Newest first is a series that shrinks: nothing grows.
        out = self.growth(list(reversed(self.dumps)))
        self.assertEqual(out['growing'], [])

    def test_csv_and_text(self):
        proc = run_cli(['growth'] + self.dumps + ['--csv', '--min-growth', '3'])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        rows = proc.stdout.decode().splitlines()
        self.assertEqual(rows[0], 'path,class,child reference,child class,objects 1,objects 2,objects 3,'
                                  'objects 4,retained 1,retained 2,retained 3,retained 4')
        self.assertEqual(len(rows), 3)
        self.assertCountEqual([r.split(',', 2)[2] for r in rows[1:]],
                              ['[key],java.lang.String,3,6,9,12,96,192,288,384',
                               '[value],com.example.Request,3,6,9,12,48,96,144,192'])
        proc = run_cli(['growth'] + self.dumps[1:])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        text = proc.stdout.decode()
        self.assertIn('5 growing', text)
        self.assertIn('com.example.RequestLog.byId → java.util.HashMap', text)

    def test_arguments(self):
        for args, what in ((['growth', self.dumps[0]], b'at least two dumps'),
                           (['growth'] + self.dumps[:2] + ['--min-growth', '0'], b'--min-growth'),
                           (['growth'] + self.dumps[:2] + ['--min-growth', '-1'], b'--min-growth'),
                           (['growth', self.dumps[0], self.path('missing.hprof')], b'missing.hprof')):
            proc = run_cli(args)
            self.assertEqual(proc.returncode, 2, args)
            self.assertIn(what, proc.stderr)

    def test_warnings(self):
        # Another program, another Java version: the series still runs.
        other = self.path('other.hprof')
        growthdump.dump(1, java_version='21.0.1', main_class='org.other.Tool').write(other)
        proc = run_cli(['growth', self.dumps[0], other, '--json'])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        err = proc.stderr.decode()
        self.assertIn('different programs (com.example.Main, org.other.Tool)', err)
        self.assertIn('different Java versions (17.0.2, 21.0.1)', err)
        proc = run_cli(['growth'] + self.dumps[:2] + ['--json'])
        self.assertNotIn(b'warning', proc.stderr)
        proc = run_cli(['growth', self.dumps[0], other, '--json', '--quiet'])
        self.assertEqual(proc.stderr, b'')

    def test_index_reused(self):
        # The second run reads every dump's persistent index: the same result.
        first = self.growth(self.dumps)
        again = self.growth(self.dumps)
        fresh = self.growth(self.dumps, '--no-cache')
        self.assertEqual(first, again)
        self.assertEqual(first, fresh)

    def test_corpus(self):
        # Eclipse MAT's CreateCollectionDump on JDK 8u05 and on JDK 11.0.4
        # (the files' names): one program, two Java versions, a warning; a
        # dump against itself grows nothing.
        d = testlib.require_corpus('jvm/oracle_jdk8_05_x64.hprof', 'jvm/openjdk_jdk11_04_x64.hprof.gz')
        old = os.path.join(d, 'jvm', 'oracle_jdk8_05_x64.hprof')
        new = os.path.join(d, 'jvm', 'openjdk_jdk11_04_x64.hprof.gz')
        proc = run_cli(['growth', old, new, '--json'])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        err = proc.stderr.decode()
        self.assertIn('come from different Java versions (1.8.0_05, 11.0.4)', err)
        self.assertNotIn('different programs', err)
        self.assertEqual(self.growth([old, old])['growing'], [])


if __name__ == '__main__':
    main()
