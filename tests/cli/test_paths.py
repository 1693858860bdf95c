#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli paths: merged paths, exclusions, other paths, on the dump
of pathsdump.py (its docstring has the routes and the sizes, counted by
hand)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

from clitest import CliTest, main, run_cli  # noqa: E402
import pathsdump  # noqa: E402

A = pathsdump.ADDR


def hexid(v):
    return '0x%x' % v


def node(cls, ref, objects, reached, shallow, retained, children=(), root_kind=None):
    return {'class': cls, 'reference': ref, 'root_kind': root_kind, 'objects': objects,
            'reached': reached, 'shallow': shallow, 'retained': retained, 'children': list(children)}


# The thread's top: T (16 bytes, retains itself: S7 is a root of its own).
THREAD_TOP = node('java.lang.Thread', None, 1, 1, 16, 16, root_kind='Java Frame', children=[
    node('com.example.Session', '<Java Local>', 1, 1, 16, 16)])


class PathsTest(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dump = cls.path('paths.hprof')
        pathsdump.build().write(cls.dump)

    def merged(self, *extra):
        return self.json_of(['paths', self.dump, '--class', 'com.example.Session', '--json'] + list(extra))

    def test_merged_default(self):
        # S5 (only a weak referent) and S6 (nothing) have no path.
        m = self.merged()
        self.assertEqual((m['targets'], m['unreached'], m['freed']), (7, 2, None))
        app = node('class com.example.App', None, 1, 4, 8, 136, root_kind='System Class', children=[
            node('java.lang.Object[]', 'static com.example.App.sessions', 1, 3, 24, 56, [
                node('com.example.Session', '[]', 3, 3, 48, 48)]),
            node('com.example.Cache', 'static com.example.App.cache', 1, 1, 16, 56, [
                node('java.lang.Object[]', 'com.example.Cache.entries', 1, 1, 24, 40, [
                    node('com.example.Session', '[]', 1, 1, 16, 16)])])])
        self.assertEqual(m['roots'], [app, THREAD_TOP])

    def test_query_names_the_set(self):
        # A query over every Session (--unreachable: S5 and S6 too) is the
        # same set as --class, so the same tree; without it the query sees
        # the five reachable Sessions only (S5 is held by a weak referent
        # alone, S6 by nothing): the same roots, none unreached.
        by_class = self.merged()
        q = 'SELECT * FROM com.example.Session'
        every = self.json_of(['paths', self.dump, '--query', q, '--unreachable', '--json'])
        self.assertEqual(every, by_class)
        reachable = self.json_of(['paths', self.dump, '--query', q, '--json'])
        self.assertEqual((reachable['targets'], reachable['unreached']), (5, 0))
        self.assertEqual(reachable['roots'], by_class['roots'])
        proc = run_cli(['paths', self.dump, '--query', 'SELECT FROM', '--json'])
        self.assertEqual(proc.returncode, 2)
        self.assertIn(b'line 1', proc.stderr)

    def test_exclude_field(self):
        # Without App.sessions, S3 keeps its route through the cache;
        # S1 and S2 have no other: freed.
        m = self.merged('--exclude', 'com.example.App.sessions')
        self.assertEqual((m['targets'], m['unreached'], m['freed']), (7, 4, 2))
        app = node('class com.example.App', None, 1, 2, 8, 136, root_kind='System Class', children=[
            node('com.example.Cache', 'static com.example.App.cache', 1, 2, 16, 56, [
                node('java.lang.Object[]', 'com.example.Cache.entries', 1, 2, 24, 40, [
                    node('com.example.Session', '[]', 2, 2, 32, 32)])])])
        self.assertEqual(m['roots'], [app, THREAD_TOP])

    def test_weak_followed(self):
        # --exclude-kind none: W's referent leads to S5 (its retained size
        # is the dominator tree's, which does not follow referents: 0).
        m = self.merged('--exclude-kind', 'none')
        self.assertEqual((m['targets'], m['unreached'], m['freed']), (7, 1, 0))
        self.assertEqual(len(m['roots']), 3)
        self.assertEqual(m['roots'][2], node(
            'java.lang.ref.WeakReference', None, 1, 1, 16, 16, root_kind='JNI Global', children=[
                node('com.example.Session', 'java.lang.ref.Reference.referent', 1, 1, 16, 0)]))

    def test_exclude_kind_local_untouched(self):
        # Excluding only finalizer references follows weak ones too.
        m = self.merged('--exclude-kind', 'finalizer')
        self.assertEqual(m['unreached'], 1)

    def test_finalizer(self):
        # X is held only as a Finalizer's referent: followed by default,
        # cut with the finalizer kind.
        m = self.json_of(['paths', self.dump, '--class', 'com.example.Closeable', '--json'])
        self.assertEqual((m['targets'], m['unreached'], m['freed']), (1, 0, None))
        self.assertEqual([(r['class'], r['root_kind']) for r in m['roots']],
                         [('java.lang.ref.Finalizer', 'JNI Global')])
        self.assertEqual([(c['class'], c['reference']) for c in m['roots'][0]['children']],
                         [('com.example.Closeable', 'java.lang.ref.Reference.referent')])
        m = self.json_of(['paths', self.dump, '--class', 'com.example.Closeable', '--json',
                          '--exclude-kind', 'finalizer', '--exclude-kind', 'weak'])
        self.assertEqual((m['targets'], m['unreached'], m['freed'], m['roots']), (1, 1, 1, []))

    def test_max_branches(self):
        m = self.merged('--max', '1')
        self.assertEqual(len(m['roots']), 1)
        self.assertEqual([c['reference'] for c in m['roots'][0]['children']],
                         ['static com.example.App.sessions'])

    def test_other_paths(self):
        # S3: through App.sessions (2 references), then through the cache (3).
        p = self.json_of(['paths', self.dump, hexid(A['S3']), '--json'])
        self.assertFalse(p['freed'])
        got = [[(n['id'], n['reference']) for n in path['nodes']] for path in p['paths']]
        self.assertEqual(got, [
            [(hexid(A['APP']), 'static com.example.App.sessions'), (hexid(A['L']), '[2]'),
             (hexid(A['S3']), None)],
            [(hexid(A['APP']), 'static com.example.App.cache'), (hexid(A['C']), 'com.example.Cache.entries'),
             (hexid(A['A2']), '[0]'), (hexid(A['S3']), None)]])
        self.assertEqual([path['root_kind'] for path in p['paths']], ['System Class'] * 2)
        # --max 1: the shortest only.
        p = self.json_of(['paths', self.dump, hexid(A['S3']), '--json', '--max', '1'])
        self.assertEqual(len(p['paths']), 1)

    def test_one_path_only(self):
        # S4 has one route; the local S7 starts at its thread.
        p = self.json_of(['paths', self.dump, hexid(A['S4']), '--json'])
        self.assertEqual(len(p['paths']), 1)
        p = self.json_of(['paths', self.dump, hexid(A['S7']), '--json'])
        self.assertEqual([(n['id'], n['reference']) for n in p['paths'][0]['nodes']],
                         [(hexid(A['T']), '<Java Local>'), (hexid(A['S7']), None)])
        self.assertEqual(p['paths'][0]['root_kind'], 'Java Frame')

    def test_freed_by_exclusion(self):
        p = self.json_of(['paths', self.dump, hexid(A['S4']), '--json', '--exclude', 'com.example.Cache.entries'])
        self.assertEqual((p['freed'], p['paths']), (True, []))
        # S5 has no path with the defaults: nothing to free.
        p = self.json_of(['paths', self.dump, hexid(A['S5']), '--json'])
        self.assertEqual((p['freed'], p['paths']), (False, []))
        # S3 keeps its second route.
        p = self.json_of(['paths', self.dump, hexid(A['S3']), '--json', '--exclude', 'com.example.App.sessions'])
        self.assertFalse(p['freed'])
        self.assertEqual(len(p['paths']), 1)
        self.assertEqual(p['paths'][0]['nodes'][0]['reference'], 'static com.example.App.cache')

    def test_merged_ids(self):
        # The ids named, merged: S1 and S4 only.
        m = self.json_of(['paths', self.dump, hexid(A['S1']), hexid(A['S4']), '--merged', '--json'])
        self.assertEqual((m['targets'], m['unreached']), (2, 0))
        self.assertEqual([(c['reference'], c['reached']) for c in m['roots'][0]['children']],
                         [('static com.example.App.cache', 1), ('static com.example.App.sessions', 1)])

    def test_huge_max(self):
        # A count from the command line sizes nothing: the two paths of S3.
        p = self.json_of(['paths', self.dump, hexid(A['S3']), '--json', '--max', '2147483647'])
        self.assertEqual(len(p['paths']), 2)
        proc = run_cli(['paths', self.dump, '--class', 'com.example.Session', '--max', '1'])
        self.assertEqual(proc.returncode, 0)
        self.assertIn('… 1 more', proc.stdout.decode())

    def test_text(self):
        proc = run_cli(['paths', self.dump, '--class', 'com.example.Session',
                        '--exclude', 'com.example.App.sessions'])
        self.assertEqual(proc.returncode, 0)
        text = proc.stdout.decode()
        self.assertIn('7 objects: 3 with a path to a GC root, 4 without', text)
        self.assertIn('No other path: 2 objects would be freed', text)
        self.assertIn('static com.example.App.cache → com.example.Cache', text)

    def test_errors(self):
        for args in (['--class', 'com.example.Nope'], [], ['0x1'], ['--class', 'com.example.Session', '0x1070'],
                     ['--class', 'com.example.Session', '--exclude', 'nodot'],
                     ['--class', 'com.example.Session', '--exclude-kind', 'strong'],
                     ['--class', 'com.example.Session', '--max', '-1'], ['0x1070', '--max', 'x']):
            proc = run_cli(['paths', self.dump] + args)
            self.assertNoCrash(proc, ' '.join(args))
            self.assertEqual(proc.returncode, 2, args)
            self.assertTrue(proc.stderr, args)


if __name__ == '__main__':
    main()
