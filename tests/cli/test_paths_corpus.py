#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli paths on the corpus's Android dump whose LeakyService
leaks through a static list of binders (android/leak_service_binder.hprof).

The expected tree comes from two other commands, not from the paths code:
the leak trace (`leaks --android-leaks --json`) gives the chain of
references from the GC root to a leaking service (merged paths follow the
same search), and the class table (`classes --json`) how many services
and binders there are and their shallow sizes (all three of each stand on
the path: the static list holds the three binders, each its service)."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from clitest import CORPUS, CliTest, main  # noqa: E402

DUMP = os.path.join(CORPUS, 'android', 'leak_service_binder.hprof')
SERVICE = 'com.example.leakcanary.LeakyService'
BINDER = SERVICE + '$MyBinder'


def label(ref):
    """The merged paths' name of a leak trace's reference."""
    if ref['kind'] == 'static':
        return 'static %s.%s' % (ref['owner'], ref['name'])
    if ref['kind'] == 'element':
        return '[]'
    return '%s.%s' % (ref['owner'], ref['name'])


class PathsCorpusTest(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        if not os.path.exists(DUMP):
            raise unittest.SkipTest('no corpus')

    def test_leaking_service(self):
        leaks = self.json_of(['leaks', DUMP, '--android-leaks', '--json', '-q'])
        trace = leaks['application_leaks'][0]['traces'][0]
        refs = [label(n['reference']) for n in trace['nodes'][:-1]]
        classes = {r['name']: r for r in self.json_of(['classes', DUMP, '--json', '-q'])}

        m = self.json_of(['paths', DUMP, '--class', SERVICE, '--json', '-q'])
        n_services = classes[SERVICE]['count']
        self.assertEqual((m['targets'], m['unreached'], m['freed']), (n_services, 0, None))
        self.assertEqual(len(m['roots']), 1)
        top = m['roots'][0]
        self.assertEqual((top['class'], top['root_kind']), ('class ' + SERVICE, trace['gc_root_type']))
        # One chain: each node has one child, down to the services.
        chain, node = [], top
        while node['children']:
            self.assertEqual(len(node['children']), 1)
            node = node['children'][0]
            chain.append(node)
        self.assertEqual([c['reference'] for c in chain], refs)
        self.assertEqual([c['class'] for c in chain], [n['class'] for n in trace['nodes'][1:]])
        self.assertTrue(all(c['reached'] == n_services for c in [top] + chain))
        binders, services = chain[-2], chain[-1]
        self.assertEqual((binders['objects'], binders['shallow']),
                         (classes[BINDER]['count'], classes[BINDER]['shallow']))
        self.assertEqual((services['objects'], services['shallow']),
                         (n_services, classes[SERVICE]['shallow']))
        # Cut the list. The service the leak finder does not report is
        # the one ActivityThread holds (its inspector calls a service
        # leaking when ActivityThread.mServices does not hold it): it keeps
        # a path through mServices; the leaking ones have none through it.
        # What the cut frees is exactly the leaking services left without
        # any path.
        excl = ['--exclude', SERVICE + '.leakAllTheBinders']
        leaking = [t['nodes'][-1]['id'] for t in leaks['application_leaks'][0]['traces']]
        services = [o['id'] for o in self.json_of(['objects', DUMP, '--class', SERVICE, '--json', '-q'])]
        self.assertEqual(len(services), n_services)
        freed = 0
        for sid in services:
            p = self.json_of(['paths', DUMP, sid, '--json', '-q'] + excl)
            through = [any(n['reference'] == 'android.app.ActivityThread.mServices' for n in path['nodes'])
                       for path in p['paths']]
            if sid in leaking:
                self.assertFalse(any(through), sid)
                freed += p['freed']
            else:
                self.assertTrue(through and through[0], sid)
        cut = self.json_of(['paths', DUMP, '--class', SERVICE, '--json', '-q'] + excl)
        self.assertEqual((cut['unreached'], cut['freed']), (freed, freed))
        self.assertGreater(freed, 0)


if __name__ == '__main__':
    main()
