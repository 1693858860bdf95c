#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The real dumps of the corpus ($HS_CORPUS_DIR) against expected/*.json (computed by an
independent implementation of docs/semantics.md; see the corpus README): summary
totals, the top classes by retained size and the top objects by retained
size must match exactly. Plus the two-dump hprof-agent file."""

import glob
import os

from clitest import CORPUS, CliTest, hexid, main, run_cli, testlib

T = 300


def dump_for(name):
    for sub in ('jvm', 'android'):
        for ext in ('.hprof', '.hprof.gz'):
            p = os.path.join(CORPUS, sub, name + ext)
            if os.path.exists(p):
                return p
    return None


def expectations():
    import json
    out = []
    for e in sorted(glob.glob(os.path.join(CORPUS, 'expected', '*.json'))):
        with open(e) as f:
            out.append(json.load(f))
    return out


class Corpus(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        testlib.require_corpus('expected')
        cls.expected = expectations()

    def test_corpus_present(self):
        names = sorted(e['dump'] for e in self.expected)
        self.assertEqual(names, ['jhat_jdk8_x32', 'leak_service_binder', 'openjdk_jdk11_04_x64',
                                 'oracle_jdk8_05_x64', 'sun_jdk6_18_x64',
                                 'sun_jdk6_31_hprofagent_compressedOops'])
        for e in self.expected:
            self.assertIsNotNone(dump_for(e['dump']), e['dump'])

    def check(self, name):
        exp = [e for e in self.expected if e['dump'] == name][0]
        f = dump_for(name)
        s = self.json_of(['summary', f, '--json'], T)
        keys = ['objects', 'reachable_objects', 'gc_roots', 'shallow_bytes', 'reachable_bytes',
                'id_size', 'ref_size', 'object_align', 'android']
        self.assertEqual({k: s.get(k) for k in keys}, {k: exp[k] for k in keys}, name)
        self.assertEqual(s['unreachable_objects'], exp['objects'] - exp['reachable_objects'])
        self.assertEqual(s['unreachable_bytes'], exp['shallow_bytes'] - exp['reachable_bytes'])

        rows = self.json_of(['classes', f, '--json'], T)
        mismatches = []
        for ec in exp['top_classes_by_retained']:
            want = (ec['count'], ec['reachable_count'], ec['shallow'], ec['retained'])
            got = [(r['count'], r['reachable_count'], r['shallow'], r['retained'])
                   for r in rows if r['name'] == ec['name']]
            # Two classes of one name (two loaders) are two rows; one of them must match.
            if want not in got:
                mismatches.append((ec['name'], 'want', want, 'got', got))
        self.assertEqual(mismatches, [], name + ': top classes by retained size')
        ranked = self.json_of(['classes', f, '--json', '--sort', 'retained', '--limit', '5'], T)
        self.assertEqual([r['retained'] for r in ranked],
                         [c['retained'] for c in exp['top_classes_by_retained'][:5]], name)

        top = self.json_of(['dominators', f, '--top', '10', '--json'], T)
        self.assertEqual([o['retained'] for o in top],
                         [o['retained'] for o in exp['top_objects_by_retained']], name)
        # Ties may order differently at the edge: look ids up in a longer list.
        longer = {hexid(o['id']): o for o in self.json_of(['dominators', f, '--top', '200', '--json'], T)}
        mismatches = []
        for eo in exp['top_objects_by_retained']:
            o = longer.get(hexid(eo['id']))
            got = (o['retained'], o['shallow']) if o else None
            if got != (eo['retained'], eo['shallow']):
                mismatches.append((eo['id'], eo['cls'], 'want', (eo['retained'], eo['shallow']), 'got', got))
        self.assertEqual(mismatches, [], name + ': top objects by retained size')

    def test_jhat_jdk8_x32(self):
        self.check('jhat_jdk8_x32')

    def test_leak_service_binder(self):
        self.check('leak_service_binder')

    def test_openjdk_jdk11_04_x64_gz(self):
        self.check('openjdk_jdk11_04_x64')

    def test_oracle_jdk8_05_x64(self):
        self.check('oracle_jdk8_05_x64')

    def test_sun_jdk6_18_x64(self):
        self.check('sun_jdk6_18_x64')

    def test_sun_jdk6_31_hprofagent_compressedOops(self):
        self.check('sun_jdk6_31_hprofagent_compressedOops')

    def test_two_dumps(self):
        f = os.path.join(CORPUS, 'jvm', 'oracle_jdk7_21_hprofagent.hprof')
        first = self.json_of(['summary', f, '--json'], T)
        second = self.json_of(['summary', f, '--json', '--dump', '1'], T)
        self.assertEqual(first['dumps'], 2)
        self.assertEqual(second['dumps'], 2)
        self.assertNotEqual(first['objects'], second['objects'])
        self.assertEqual(first, self.json_of(['summary', f, '--json', '--dump', '0'], T))
        proc = run_cli(['summary', f, '--json', '--dump', '2'], T)
        self.assertNoCrash(proc, '--dump 2')
        self.assertEqual(proc.returncode, 2)


if __name__ == '__main__':
    main()
