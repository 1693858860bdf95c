#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Leak traces, black-box through `heapscope-cli leaks --json`.

Every expectation comes from outside the engine: LeakCanary's own test of
the corpus dump (key, path start), the generator's hand-derived
expected-small.json / README (planted leaks, retained sizes), the CLI's
dominator figures (`objects --json`), or the small heaps built below whose
numbers are worked out in comments.
"""

import functools
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import hprofgen as g  # noqa: E402  (tests/hprofgen.py)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import testlib  # noqa: E402  (tests/testlib.py)

CLI = os.environ.get('HS_CLI')
CORPUS = testlib.corpus_dir()
GEN = os.path.join(HERE, '..', 'generator')


def leak_thread_park_line():
    """The line of LockSupport.park in LeakThread.run, where the generated
    dumps' leak-holder thread is stopped."""
    with open(os.path.join(GEN, 'com', 'example', 'Scenarios.java')) as f:
        lines = f.read().split('\n')
    start = next(i for i, l in enumerate(lines) if l.startswith('class LeakThread'))
    return next(i for i in range(start, len(lines)) if 'LockSupport.park(this)' in lines[i]) + 1


def cli(*args, check=True, timeout=300):
    assert CLI, 'HS_CLI must point at heapscope-cli'
    p = subprocess.run([CLI] + [str(a) for a in args], stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    if check and p.returncode != 0:
        raise AssertionError('%s failed (%s): %s' % (args, p.returncode, p.stderr.decode()))
    return p


def leaks_json(path, *extra):
    return json.loads(cli('leaks', path, '--json', *extra).stdout)


def all_traces(report, kind='application_leaks'):
    return [(grp, t) for grp in report[kind] for t in grp['traces']]


def trace_by_key(report, key):
    for kind in ('application_leaks', 'library_leaks'):
        for grp, t in all_traces(report, kind):
            if t['key'] == key:
                return kind, grp, t
    return None, None, None


def suspects(t):
    """Suspect references as 'Class.name' / 'Class[x]' strings, in order."""
    out = []
    for n in t['nodes'][:-1]:
        if 'elided' in n:
            continue    # an abridged trace's gap
        r = n['reference']
        if not r['suspect']:
            continue
        if r['kind'] == 'element':
            out.append(n['class'] + '[x]')
        elif r['kind'] == 'local':
            out.append(n['class'] + '.<Java Local>')
        else:
            out.append(n['class'] + '.' + r['name'])
    return out


def sha1(parts):
    return hashlib.sha1(''.join(parts).encode()).hexdigest()


def java_string(d, new, str_class, text):
    """A String {char[] value, int count} holding text, its two objects at
    the next addresses new() hands out; returns the String's id."""
    arr, s = new(), new()
    d.prim_array(arr, g.CHAR, list(text))
    d.instance(s, str_class, {'value': arr, 'count': len(text)})
    return s


class Corpus(unittest.TestCase):
    """LeakCanary 1.x test data: one watched LeakyService whose path starts at
    a static field of the class com.example.leakcanary.LeakyService
    (ServiceBinderLeakTest.realBinderLeak), key from its TestUtil."""

    @classmethod
    def setUpClass(cls):
        rel = 'android/leak_service_binder.hprof'
        cls.dump = os.path.join(testlib.require_corpus(rel), rel)
        cls.report = leaks_json(cls.dump)

    def test_one_application_leak(self):
        r = self.report
        traces = all_traces(r)
        self.assertEqual(len(traces), 1)
        self.assertEqual(len(r['application_leaks']), 1)
        self.assertEqual(r['library_leaks'], [])
        self.assertEqual(r['watched_references'], 1)
        self.assertEqual(r['leaking_objects'], 1)
        grp, t = traces[0]
        self.assertEqual(grp['count'], 1)
        self.assertEqual(t['key'], 'b3abfae6-2c53-42e1-b8c1-96b0558dbeae')

    def test_path_and_statuses(self):
        grp, t = all_traces(self.report)[0]
        first, last = t['nodes'][0], t['nodes'][-1]
        self.assertEqual(first['class'], 'com.example.leakcanary.LeakyService')
        self.assertEqual(first['type'], 'class')
        self.assertEqual(first['reference']['kind'], 'static')
        self.assertEqual(first['reference']['owner'], 'com.example.leakcanary.LeakyService')
        self.assertEqual(first['leaking'], 'NO')
        self.assertIn('a class is never leaking', first['reasons'][0])
        self.assertEqual(t['gc_root'], 'System class')
        self.assertEqual(last['class'], 'com.example.leakcanary.LeakyService')
        self.assertEqual(last['type'], 'instance')
        self.assertEqual(last['leaking'], 'YES')
        self.assertIn('ObjectWatcher was watching this', last['reasons'][0])
        self.assertIsNone(last['reference'])
        # Every reference between the class (NO) and the service (YES) is
        # suspect: the nodes in between are not known to leak or not.
        for n in t['nodes'][1:-1]:
            self.assertEqual(n['leaking'], 'UNKNOWN')
            self.assertTrue(n['reference']['suspect'])
        self.assertTrue(first['reference']['suspect'])
        self.assertEqual(grp['fingerprint'], sha1(suspects(t)))

    def test_retained_is_the_dominator_figure(self):
        grp, t = all_traces(self.report)[0]
        leak_id = t['nodes'][-1]['id']
        objs = json.loads(cli('objects', self.dump, '--class', 'com.example.leakcanary.LeakyService',
                              '--json').stdout)
        mine = [o for o in objs if o['id'] == leak_id]
        self.assertEqual(len(mine), 1)
        self.assertEqual(t['retained_bytes'], mine[0]['retained'])
        self.assertEqual(t['retained_count'], mine[0]['retained_count'])
        self.assertGreater(t['retained_bytes'], 0)

    def test_text_form(self):
        out = cli('leaks', self.dump).stdout.decode()
        for piece in ('┬───', '│ GC Root: System class', '├─ com.example.leakcanary.LeakyService class',
                      '│    Leaking: NO (a class is never leaking)', '│    ↓ static LeakyService.',
                      '╰→ com.example.leakcanary.LeakyService instance',
                      'key = b3abfae6-2c53-42e1-b8c1-96b0558dbeae', 'Retaining '):
            self.assertIn(piece, out)
        # the underline sits exactly under the static field's name
        lines = out.splitlines()
        i = next(k for k, l in enumerate(lines) if l.startswith('│    ↓ static LeakyService.'))
        name = lines[i][len('│    ↓ static LeakyService.'):]
        self.assertEqual(lines[i + 1], '│' + ' ' * len('    ↓ static LeakyService.') + '~' * len(name))


class GeneratedChecks:
    """A generated dump (tests/generator/dumps/NAME.hprof.gz) against the
    generator's own hand-derived expected-NAME.json."""
    NAME = None

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix='hs-leaks-')
        cls.dump = os.path.join(cls.tmp, cls.NAME + '.hprof')
        with gzip.open(os.path.join(GEN, 'dumps', cls.NAME + '.hprof.gz'), 'rb') as f, \
                open(cls.dump, 'wb') as o:
            shutil.copyfileobj(f, o)
        with open(os.path.join(GEN, 'expected-%s.json' % cls.NAME)) as f:
            cls.exp = json.load(f)
        cls.report = leaks_json(cls.dump)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_counts(self):
        r, e = self.report, self.exp
        self.assertEqual(len(r['application_leaks']), e['application_leak_groups'])
        self.assertEqual(len(r['library_leaks']), e['library_leak_groups'])
        self.assertEqual(r['watched_references'], e['watched_references'])
        self.assertEqual(r['leaking_objects'], e['leaking_objects'])
        self.assertEqual(len(all_traces(r)), e['leaking_objects'])

    def test_planted_leaks(self):
        for leak in self.exp['leaks']:
            for inst in leak['instances']:
                kind, grp, t = trace_by_key(self.report, inst['key'])
                self.assertEqual(kind, 'application_leaks', inst['key'])
                self.assertEqual(grp['count'], leak['count'])
                self.assertEqual(t['retained_bytes'], leak['retained_bytes'])
                self.assertEqual(t['retained_count'], leak['retained_count'])
                self.assertEqual(t['description'], inst['description'])
                dump_up = self.exp['heap_dump_uptime_millis']
                self.assertEqual(t['retained_duration_ms'],
                                 inst.get('retained_duration_ms', dump_up - inst['retainedUptimeMillis']))
                self.assertEqual(t['watch_duration_ms'],
                                 inst.get('watch_duration_ms', dump_up - inst['watchUptimeMillis']))
                self.assertEqual(len(t['nodes']), len(leak['path']))
                for node, want in zip(t['nodes'], leak['path']):
                    self.assertEqual(node['class'], want['class'])
                    self.assertEqual(node['leaking'], want['leaking'], (inst['key'], node))
                    self.assertEqual(node['type'] == 'class', bool(want.get('is_class')))
                    if 'description' in want:
                        self.assertEqual(node['description'], want['description'])
                    wr = want.get('reference')
                    if wr is None:
                        self.assertIsNone(node['reference'])
                        continue
                    self.assertEqual(node['reference']['kind'], wr['kind'])
                    if wr['kind'] in ('field', 'static'):
                        self.assertEqual(node['reference']['name'], wr['name'])
                        self.assertEqual(node['reference']['owner'], wr['owner'])
                    if wr['kind'] == 'element':
                        want_index = wr['index'] if isinstance(wr.get('index'), int) else inst['array_index']
                        self.assertEqual(node['reference']['index'], want_index)
                if 'thread_name' in leak['gc_root']:
                    self.assertEqual(t['gc_root_thread'], leak['gc_root']['thread_name'])
                    # the dump has LeakThread's stack: the root names the frame,
                    # the call LeakThread.run parks in (Scenarios.java)
                    self.assertEqual(t['gc_root'], 'Java local variable in `com.example.LeakThread.run(Scenarios.java:%d)`'
                                     ' of thread `%s`' % (leak_thread_park_line(), leak['gc_root']['thread_name']))
                else:
                    self.assertEqual(t['gc_root'], 'System class')
                if 'suspect_references' in leak:
                    # the generator writes "static C.f" for statics and
                    # "<Java Local> on thread T" for a local of thread T
                    want = []
                    for s in leak['suspect_references']:
                        if s.startswith('static '):
                            s = s[len('static '):]
                        if s.startswith('<Java Local> on thread '):
                            self.assertEqual(t['gc_root_thread'], s[len('<Java Local> on thread '):])
                            s = t['nodes'][0]['class'] + '.<Java Local>'
                        want.append(s)
                    self.assertEqual(suspects(t), want)
                self.assertEqual(grp['fingerprint'], sha1(suspects(t)))

    def test_not_leaks(self):
        # collected (null referent), still watched (retainedUptimeMillis -1),
        # and soft-only (no strong path) are not leaks.
        for key in ('key-collected', 'key-recent', 'key-soft-only'):
            self.assertEqual(trace_by_key(self.report, key), (None, None, None), key)
        self.assertEqual(len(self.report['without_path']), 1)
        self.assertIn('com.example.SoftOnlyActivity', self.report['without_path'][0])

    def test_fingerprints_stable(self):
        again = leaks_json(self.dump)
        fp = lambda r: [(grp['fingerprint'], grp['count']) for grp in r['application_leaks']]
        self.assertEqual(fp(self.report), fp(again))
        self.assertEqual(json.dumps(self.report, sort_keys=True), json.dumps(again, sort_keys=True))

class Generated(GeneratedChecks, unittest.TestCase):
    """The small scenario, and matcher tables on it."""
    NAME = 'small'

    def test_matcher_makes_library_leak(self):
        mf = os.path.join(self.tmp, 'm.txt')
        with open(mf, 'w') as f:
            f.write('# test table\nstatic_field com.example.LeakHolder leaked | Planted library leak\n')
        r = leaks_json(self.dump, '--matchers', mf)
        self.assertEqual(len(r['library_leaks']), 1)
        grp = r['library_leaks'][0]
        self.assertEqual(grp['description'], 'Planted library leak')
        self.assertEqual(grp['count'], 2)
        self.assertEqual({t['key'] for t in grp['traces']}, {'key-leaked-activity-0', 'key-leaked-activity-1'})
        self.assertEqual([t['key'] for _, t in all_traces(r)], ['key-thread-leak'])
        # a library group's fingerprint is that of its pattern
        self.assertEqual(grp['fingerprint'], sha1(['static field com.example.LeakHolder#leaked']))

    def test_ignored_matcher_is_never_followed(self):
        mf = os.path.join(self.tmp, 'ign.txt')
        with open(mf, 'w') as f:
            f.write('ignored static_field com.example.LeakHolder leaked\n'
                    'java_local leak-holder-thread | Parked thread\n')
        r = leaks_json(self.dump, '--matchers', mf)
        self.assertEqual(r['application_leaks'], [])
        self.assertEqual([t['key'] for _, t in all_traces(r, 'library_leaks')], ['key-thread-leak'])
        self.assertEqual(r['library_leaks'][0]['description'], 'Parked thread')
        # the two activities lost their only path
        self.assertEqual(sum('LeakedActivity' in s for s in r['without_path']), 2)

    def test_bad_matcher_file(self):
        mf = os.path.join(self.tmp, 'bad.txt')
        with open(mf, 'w') as f:
            f.write('\n\nstatic_field OnlyAClass | x\n')
        p = cli('leaks', self.dump, '--json', '--matchers', mf, check=False)
        self.assertEqual(p.returncode, 2)
        self.assertIn('bad.txt:3', p.stderr.decode())


class GeneratedEscape(GeneratedChecks, unittest.TestCase):
    """The same checks on the escape scenario (hostile class, field and
    thread names; three different path shapes)."""
    NAME = 'escape'

    def test_hostile_names_survive(self):
        _, grp, t = trace_by_key(self.report, 'key-hostile-class')
        names = [n['reference']['name'] for n in t['nodes'][:-1]]
        self.assertEqual(names[-1], '"><img src=x onerror=alert(1)>')
        self.assertEqual(t['nodes'][-2]['class'], 'com.example.<script>alert(1)<.script>')
        text = cli('leaks', self.dump).stdout.decode()
        self.assertIn("Thread name: '<script>alert(1)</script>'", text)


# --- a small heap written here ----------------------------------------------------
# 4-byte ids, HotSpot rules (P = R = 4). Every address is a multiple of 8 and
# the Big instances are 16 bytes apart, so A = 8.
# Big {Object child}: S = alignUp(4 + 8, 4) = 12 -> 16 bytes.
OBJ, CLS, REF, WEAK, KWR, STR, BIG, HOLDER, THREAD, FINALIZER, WATCHER, CHARS, OBJARR = \
    (0x100 + 8 * i for i in range(13))
HEAP_DUMP_UPTIME = 60000


class Synthetic(unittest.TestCase):
    """Priorities, also_leaking, weak and finalizer links, locals, statuses."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix='hs-leaks-syn-')
        cls.dump = os.path.join(cls.tmp, 'syn.hprof')
        cls.build().write(cls.dump)
        cls.mfile = os.path.join(cls.tmp, 'm.txt')
        with open(cls.mfile, 'w') as f:
            f.write('static_field com.example.Holder lib | Test library pattern\n')
        cls.report = leaks_json(cls.dump, '--matchers', cls.mfile)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    @classmethod
    def build(cls):
        h = g.Hprof(version='1.0.2', id_size=4)
        d = h.heap_dump(segmented=True)
        new = g.Addresses(0x10000 + 16, [16])
        string = functools.partial(java_string, d, new, STR)

        def big(child=0):
            o = new()
            d.instance(o, BIG, {'child': child})
            return o

        d.cls(OBJ, 'java/lang/Object')
        d.cls(CLS, 'java/lang/Class', super_id=OBJ)
        d.cls(REF, 'java/lang/ref/Reference', super_id=OBJ,
              fields=[('referent', g.OBJECT), ('queue', g.OBJECT)])
        d.cls(WEAK, 'java/lang/ref/WeakReference', super_id=REF)
        d.cls(FINALIZER, 'java/lang/ref/Finalizer', super_id=REF,
              fields=[('next', g.OBJECT), ('prev', g.OBJECT)])
        d.cls(KWR, 'leakcanary/KeyedWeakReference', super_id=WEAK,
              fields=[('key', g.OBJECT), ('description', g.OBJECT),
                      ('watchUptimeMillis', g.LONG), ('retainedUptimeMillis', g.LONG)],
              statics=[('heapDumpUptimeMillis', g.LONG, HEAP_DUMP_UPTIME)])
        d.cls(STR, 'java/lang/String', super_id=OBJ, fields=[('value', g.OBJECT), ('count', g.INT)])
        d.cls(BIG, 'com/example/Big', super_id=OBJ, fields=[('child', g.OBJECT)])
        d.cls(THREAD, 'java/lang/Thread', super_id=OBJ, fields=[('name', g.OBJECT)])
        d.cls(OBJARR, '[Ljava/lang/Object;', super_id=OBJ)
        d.cls(CHARS, '[C', super_id=OBJ)

        kwrs = []

        def watch(referent, key, retained_up=1000, watch_up=500):
            o = new()
            d.instance(o, KWR, {'referent': referent, 'key': string(key),
                                'description': string('watching ' + key),
                                'watchUptimeMillis': watch_up, 'retainedUptimeMillis': retained_up})
            kwrs.append(o)

        # A -> B: both watched; B is reachable only through A (also_leaking).
        b = big()
        a = big(b)
        watch(a, 'kA')
        watch(b, 'kB')
        # C: still in its watch period (retainedUptimeMillis = -1): no leak.
        c = big()
        watch(c, 'kC', retained_up=-1)
        # collected: null referent.
        watch(0, 'kCollected')
        # D: only behind a WeakReference: no path.
        dd = big()
        w = new()
        d.instance(w, WEAK, {'referent': dd})
        watch(dd, 'kD')
        # E: a 1-step path through the library pattern Holder.lib and a 3-step
        # normal path Holder.far -> X1 -> X2 -> E: the normal one wins.
        e = big()
        x2 = big(e)
        x1 = big(x2)
        watch(e, 'kE')
        # F: a Java local of thread "worker" (1 step) and Holder.viaStatic ->
        # Y1 -> F (2 steps): locals come last, the static path wins.
        f = big()
        y1 = big(f)
        watch(f, 'kF')
        # G: only a Java local of thread "worker".
        gg = big()
        watch(gg, 'kG')
        # H: only behind Finalizer.next (bookkeeping, never followed).
        hh = big()
        fz = new()
        d.instance(fz, FINALIZER, {'next': hh})
        watch(hh, 'kH')

        thread = new()
        d.instance(thread, THREAD, {'name': string('worker')})

        arr = new()
        d.obj_array(arr, OBJARR, kwrs)
        d.cls(HOLDER, 'com/example/Holder', super_id=OBJ,
              statics=[('leak', g.OBJECT, a), ('recent', g.OBJECT, c), ('weak', g.OBJECT, w),
                       ('lib', g.OBJECT, e), ('far', g.OBJECT, x1), ('viaStatic', g.OBJECT, y1),
                       ('fin', g.OBJECT, fz)])
        d.cls(WATCHER, 'leakcanary/ObjectWatcher', super_id=OBJ,
              statics=[('refs', g.OBJECT, arr)])
        for k in (OBJ, CLS, REF, WEAK, KWR, STR, BIG, HOLDER, THREAD, FINALIZER, WATCHER, CHARS, OBJARR):
            d.sticky(k)
        d.root(g.ROOT_THREAD_OBJECT, thread, 7, 0)
        d.java_frame(f, 7, 0)
        d.java_frame(gg, 7, 1)
        cls.ids = {'a': a, 'b': b, 'e': e, 'x1': x1, 'f': f, 'y1': y1, 'g': gg, 'thread': thread}
        return h

    def trace(self, key):
        return trace_by_key(self.report, key)

    def test_also_leaking(self):
        kind, grp, t = self.trace('kA')
        self.assertEqual(kind, 'application_leaks')
        self.assertEqual([int(x, 16) for x in t['also_leaking']], [self.ids['b']])
        self.assertEqual(self.trace('kB'), (None, None, None))
        # A retains A and B: 2 x 16 bytes.
        self.assertEqual((t['retained_bytes'], t['retained_count']), (32, 2))
        self.assertEqual(t['retained_duration_ms'], HEAP_DUMP_UPTIME - 1000)
        self.assertEqual(t['watch_duration_ms'], HEAP_DUMP_UPTIME - 500)
        self.assertEqual(t['description'], 'watching kA')
        self.assertEqual([n['reference']['name'] for n in t['nodes'][:-1]], ['leak'])

    def test_not_leaks(self):
        for key in ('kC', 'kCollected', 'kD', 'kH', 'kB'):
            self.assertEqual(self.trace(key), (None, None, None), key)
        nopath = ' '.join(self.report['without_path'])
        self.assertIn('(key = kD)', nopath)
        self.assertIn('(key = kH)', nopath)
        self.assertNotIn('kC', nopath)
        # watched: A B C collected D E F G H = 9; leaking with a path or
        # behind one: A B E F G.
        self.assertEqual(self.report['watched_references'], 9)
        self.assertEqual(self.report['leaking_objects'], 5)

    def test_library_pattern_visited_last(self):
        kind, grp, t = self.trace('kE')
        self.assertEqual(kind, 'application_leaks')
        self.assertEqual([n['reference']['name'] for n in t['nodes'][:-1]], ['far', 'child', 'child'])
        self.assertEqual(int(t['nodes'][1]['id'], 16), self.ids['x1'])

    def test_library_path_when_it_is_the_only_one(self):
        mf = os.path.join(self.tmp, 'm2.txt')
        with open(mf, 'w') as f:
            f.write('static_field com.example.Holder far | Far is a library\n'
                    'static_field com.example.Holder lib | Lib is a library\n')
        r = leaks_json(self.dump, '--matchers', mf)
        kind, grp, t = trace_by_key(r, 'kE')
        self.assertEqual(kind, 'library_leaks')
        # both ways are library ways now: the shortest (Holder.lib) wins
        self.assertEqual(grp['description'], 'Lib is a library')
        self.assertEqual([n['reference']['name'] for n in t['nodes'][:-1]], ['lib'])

    def test_locals_visited_last(self):
        kind, grp, t = self.trace('kF')
        self.assertEqual([n['reference']['name'] for n in t['nodes'][:-1]], ['viaStatic', 'child'])
        kind, grp, t = self.trace('kG')
        self.assertEqual(kind, 'application_leaks')
        self.assertEqual(t['gc_root'], 'Java local variable')
        self.assertEqual(t['gc_root_thread'], 'worker')
        self.assertEqual(len(t['nodes']), 2)
        th = t['nodes'][0]
        self.assertEqual(int(th['id'], 16), self.ids['thread'])
        self.assertEqual(th['class'], 'java.lang.Thread')
        self.assertEqual(th['description'], 'worker')
        self.assertEqual(th['leaking'], 'NO')
        self.assertEqual(th['reference']['kind'], 'local')
        self.assertEqual(th['reference']['name'], '<Java Local>')
        self.assertTrue(th['reference']['suspect'])
        self.assertEqual(grp['fingerprint'], sha1(['java.lang.Thread.<Java Local>']))

    def test_group_order_and_fingerprint(self):
        # A (32 bytes) before the 16-byte leaks; every group one trace here.
        totals = [grp['retained_bytes'] for grp in self.report['application_leaks']]
        self.assertEqual(totals, sorted(totals, reverse=True))
        self.assertEqual(totals[0], 32)
        kind, grp, t = self.trace('kA')
        self.assertEqual(grp['fingerprint'], sha1(['com.example.Holder.leak']))
        self.assertEqual(grp['description'], 'Holder.leak')

    def test_follow_weak_does_not_follow_referents(self):
        r = leaks_json(self.dump, '--matchers', self.mfile, '--follow-weak')
        self.assertEqual(trace_by_key(r, 'kD'), (None, None, None))
        self.assertEqual(trace_by_key(r, 'kA')[2]['nodes'][0]['class'], 'com.example.Holder')


# --- Android inspectors --------------------------------------------------------------
# android.app.Activity {boolean mDestroyed}; ART writes the instance size.
A_OBJ, A_CLS, A_ACT, A_MAIN, A_APPCLS, A_APPLICATION, A_MYAPP, A_BOX, A_KWR, A_REF, A_WEAK, A_STR, A_CHARS, \
    A_VIEW, A_FRAG, A_OBJARR = (0x200 + 8 * i for i in range(16))


class Android(unittest.TestCase):
    """Inspectors, status propagation, heap analysis without a watcher."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix='hs-leaks-and-')
        cls.dump = os.path.join(cls.tmp, 'android.hprof')
        cls.build().write(cls.dump)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    @classmethod
    def build(cls):
        h = g.Hprof(version='1.0.3', id_size=4)
        d = h.heap_dump(segmented=True)
        new = g.Addresses(0x20000 + 16, [16])
        string = functools.partial(java_string, d, new, A_STR)

        d.cls(A_OBJ, 'java/lang/Object', instance_size=8)
        d.cls(A_CLS, 'java/lang/Class', super_id=A_OBJ, instance_size=8)
        d.cls(A_STR, 'java/lang/String', super_id=A_OBJ, fields=[('value', g.OBJECT), ('count', g.INT)],
              instance_size=16)
        d.cls(A_CHARS, '[C', super_id=A_OBJ, instance_size=0)
        d.cls(A_REF, 'java/lang/ref/Reference', super_id=A_OBJ,
              fields=[('referent', g.OBJECT), ('queue', g.OBJECT)], instance_size=16)
        d.cls(A_WEAK, 'java/lang/ref/WeakReference', super_id=A_REF, instance_size=16)
        d.cls(A_KWR, 'com/squareup/leakcanary/KeyedWeakReference', super_id=A_WEAK,
              fields=[('key', g.OBJECT), ('name', g.OBJECT)], instance_size=24)
        d.cls(A_ACT, 'android/app/Activity', super_id=A_OBJ, fields=[('mDestroyed', g.BOOLEAN)],
              instance_size=16)
        d.cls(A_MAIN, 'com/example/MainActivity', super_id=A_ACT, fields=[('mHandler', g.OBJECT)],
              instance_size=24)
        d.cls(A_APPLICATION, 'android/app/Application', super_id=A_OBJ, instance_size=8)
        d.cls(A_MYAPP, 'com/example/MyApp', super_id=A_APPLICATION, fields=[('box', g.OBJECT)],
              instance_size=16)
        d.cls(A_BOX, 'com/example/Box', super_id=A_OBJ, fields=[('item', g.OBJECT)], instance_size=16)
        d.cls(A_VIEW, 'android/view/View', super_id=A_OBJ,
              fields=[('mContext', g.OBJECT), ('mParent', g.OBJECT), ('mAttachInfo', g.OBJECT),
                      ('mWindowAttachCount', g.INT)], instance_size=24)
        d.cls(A_FRAG, 'androidx/fragment/app/Fragment', super_id=A_OBJ,
              fields=[('mFragmentManager', g.OBJECT)], instance_size=16)
        d.cls(A_OBJARR, '[Ljava/lang/Object;', super_id=A_OBJ, instance_size=0)

        # App.app -> MyApp (Application: NO) .box -> Box (UNKNOWN) .item ->
        # destroyed MainActivity (watched, YES) .mHandler -> Box2 .item -> W
        # (watched: behind the activity).
        w = new()
        d.instance(w, A_BOX, {'item': 0})
        box2 = new()
        d.instance(box2, A_BOX, {'item': w})
        dead = new()
        d.instance(dead, A_MAIN, {'mDestroyed': 1, 'mHandler': box2})
        box = new()
        d.instance(box, A_BOX, {'item': dead})
        app = new()
        d.instance(app, A_MYAPP, {'box': box})
        # A second destroyed activity, not watched, held by App.other -> Box3;
        # a live one (mDestroyed false) held by App.live.
        other = new()
        d.instance(other, A_MAIN, {'mDestroyed': 1, 'mHandler': 0})
        box3 = new()
        d.instance(box3, A_BOX, {'item': other})
        live = new()
        d.instance(live, A_MAIN, {'mDestroyed': 0, 'mHandler': 0})
        # A detached View whose context is the destroyed activity, a live
        # one (its context the live activity), a Fragment without a
        # FragmentManager and one with: App.views[], App.frags[].
        dview, lview = new(), new()
        d.instance(dview, A_VIEW, {'mContext': other, 'mParent': 0, 'mAttachInfo': 0,
                                   'mWindowAttachCount': 1})
        d.instance(lview, A_VIEW, {'mContext': live, 'mParent': 0, 'mAttachInfo': 0,
                                   'mWindowAttachCount': 0})
        dfrag, lfrag = new(), new()
        d.instance(dfrag, A_FRAG, {'mFragmentManager': 0})
        d.instance(lfrag, A_FRAG, {'mFragmentManager': box})
        views = new()
        d.obj_array(views, A_OBJARR, [dview, lview, dfrag, lfrag])
        k1, k2 = new(), new()
        d.instance(k1, A_KWR, {'referent': dead, 'key': string('k-dead'), 'name': string('')})
        d.instance(k2, A_KWR, {'referent': w, 'key': string('k-w'), 'name': string('')})
        d.cls(A_APPCLS, 'com/example/App', super_id=A_OBJ, instance_size=8,
              statics=[('app', g.OBJECT, app), ('other', g.OBJECT, box3), ('live', g.OBJECT, live),
                       ('k1', g.OBJECT, k1), ('k2', g.OBJECT, k2), ('views', g.OBJECT, views)])
        for k in (A_OBJ, A_CLS, A_STR, A_CHARS, A_REF, A_WEAK, A_KWR, A_ACT, A_MAIN, A_APPLICATION,
                  A_MYAPP, A_BOX, A_APPCLS, A_VIEW, A_FRAG, A_OBJARR):
            d.sticky(k)
        cls.ids = {'dead': dead, 'other': other, 'live': live, 'w': w, 'dview': dview, 'dfrag': dfrag}
        return h

    def test_statuses_and_propagation(self):
        r = leaks_json(self.dump)
        traces = all_traces(r)
        self.assertEqual(len(traces), 1)
        grp, t = traces[0]
        self.assertEqual(t['key'], 'k-dead')
        self.assertEqual([int(x, 16) for x in t['also_leaking']], [self.ids['w']])
        nodes = t['nodes']
        self.assertEqual([n['class'] for n in nodes],
                         ['com.example.App', 'com.example.MyApp', 'com.example.Box', 'com.example.MainActivity'])
        self.assertEqual([n['leaking'] for n in nodes], ['NO', 'NO', 'UNKNOWN', 'YES'])
        # the class is NO for its own reason and because the Application after it is NO
        self.assertEqual(nodes[0]['reasons'], ['MyApp↓ is not leaking and a class is never leaking'])
        self.assertEqual(nodes[1]['reasons'], ['Application is a singleton'])
        self.assertEqual(nodes[3]['reasons'],
                         ['ObjectWatcher was watching this and Activity#mDestroyed is true'])
        # suspects: from the last NO (MyApp.box) up to the YES
        self.assertEqual([n['reference']['suspect'] for n in nodes[:-1]], [False, True, True])
        self.assertEqual(grp['fingerprint'], sha1(['com.example.MyApp.box', 'com.example.Box.item']))
        self.assertEqual(grp['description'], 'MyApp.box')
        # 1.x KeyedWeakReference: no uptimes
        self.assertIsNone(t['retained_duration_ms'])

    def test_without_watcher(self):
        r = leaks_json(self.dump, '--android-leaks')
        keyed = {int(t['nodes'][-1]['id'], 16): t for _, t in all_traces(r)}
        # both destroyed activities leak, and so do the view of the destroyed
        # one and the fragment without a FragmentManager; the live activity,
        # the live view and the attached fragment do not.
        ids = self.ids
        self.assertEqual(set(keyed), {ids['dead'], ids['other'], ids['dview'], ids['dfrag']})
        self.assertEqual(keyed[ids['dview']]['nodes'][-1]['reasons'],
                         ['View.mContext references a destroyed activity'])
        self.assertIn('View.mAttachInfo is null (view detached)', keyed[ids['dview']]['nodes'][-1]['labels'])
        self.assertEqual(keyed[ids['dfrag']]['nodes'][-1]['reasons'], ['Fragment#mFragmentManager is null'])
        # the view and the fragment sit at views[0] and views[2]
        self.assertEqual(keyed[ids['dview']]['nodes'][-2]['reference']['index'], 0)
        self.assertEqual(keyed[ids['dfrag']]['nodes'][-2]['reference']['index'], 2)
        t = keyed[self.ids['other']]
        self.assertIsNone(t['key'])
        self.assertEqual(t['nodes'][-1]['reasons'], ['Activity#mDestroyed is true'])
        self.assertEqual([n['reference']['name'] for n in t['nodes'][:-1]], ['other', 'item'])


class AndroidBuiltinTable(unittest.TestCase):
    """The built-in table on an Android dump: an idle thread's local holding
    a recycled Message whose obj is a destroyed activity is a library leak
    (LeakCanary's blocking-queue case); a local of the main thread is never
    followed. Android dump without android.os.Build$VERSION: every API range
    applies."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix='hs-leaks-lib-')
        cls.dump = os.path.join(cls.tmp, 'lib.hprof')
        h = g.Hprof(version='1.0.3', id_size=4)
        d = h.heap_dump(segmented=True)
        base = 0x300
        OBJ_, STR_, CHARS_, REF_, WEAK_, KWR_, ACT_, MSG_, THR_ = (base + 8 * i for i in range(9))
        d.cls(OBJ_, 'java/lang/Object', instance_size=8)
        d.cls(STR_, 'java/lang/String', super_id=OBJ_, fields=[('value', g.OBJECT), ('count', g.INT)],
              instance_size=16)
        d.cls(CHARS_, '[C', super_id=OBJ_, instance_size=0)
        d.cls(REF_, 'java/lang/ref/Reference', super_id=OBJ_,
              fields=[('referent', g.OBJECT), ('queue', g.OBJECT)], instance_size=16)
        d.cls(WEAK_, 'java/lang/ref/WeakReference', super_id=REF_, instance_size=16)
        d.cls(KWR_, 'leakcanary/KeyedWeakReference', super_id=WEAK_,
              fields=[('key', g.OBJECT), ('description', g.OBJECT)], instance_size=24)
        d.cls(ACT_, 'android/app/Activity', super_id=OBJ_, fields=[('mDestroyed', g.BOOLEAN)],
              instance_size=16)
        d.cls(MSG_, 'android/os/Message', super_id=OBJ_, fields=[('obj', g.OBJECT), ('next', g.OBJECT)],
              instance_size=16)
        d.cls(THR_, 'java/lang/Thread', super_id=OBJ_, fields=[('name', g.OBJECT)], instance_size=16)
        new = g.Addresses(0x30000 + 16, [16])
        string = functools.partial(java_string, d, new, STR_)

        act, msg, act2 = new(), new(), new()
        d.instance(act, ACT_, {'mDestroyed': 1})
        d.instance(msg, MSG_, {'obj': act})
        d.instance(act2, ACT_, {'mDestroyed': 1})
        t1, t2 = new(), new()
        d.instance(t1, THR_, {'name': string('Picasso-Dispatcher')})
        d.instance(t2, THR_, {'name': string('main')})
        k1, k2, arr = new(), new(), new()
        d.instance(k1, KWR_, {'referent': act, 'key': string('k-msg'), 'description': string('d')})
        d.instance(k2, KWR_, {'referent': act2, 'key': string('k-main'), 'description': string('d')})
        d.cls(base + 0x100, 'com/example/Watch', super_id=OBJ_, instance_size=8,
              statics=[('k1', g.OBJECT, k1), ('k2', g.OBJECT, k2)])
        for k in (OBJ_, STR_, CHARS_, REF_, WEAK_, KWR_, ACT_, MSG_, THR_, base + 0x100):
            d.sticky(k)
        d.root(g.ROOT_THREAD_OBJECT, t1, 1, 0)
        d.root(g.ROOT_THREAD_OBJECT, t2, 2, 0)
        d.java_frame(msg, 1, 0)
        d.java_frame(act2, 2, 0)
        h.write(cls.dump)
        cls.report = leaks_json(cls.dump)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_message_obj_is_a_library_leak(self):
        r = self.report
        self.assertEqual(r['application_leaks'], [])
        self.assertEqual(len(r['library_leaks']), 1)
        grp = r['library_leaks'][0]
        self.assertEqual(grp['pattern'], 'instance field android.os.Message#obj')
        self.assertIn('HandlerThread', grp['description'])
        (t,) = grp['traces']
        self.assertEqual(t['key'], 'k-msg')
        self.assertEqual([n['class'] for n in t['nodes']],
                         ['java.lang.Thread', 'android.os.Message', 'android.app.Activity'])
        self.assertEqual(t['gc_root_thread'], 'Picasso-Dispatcher')
        self.assertEqual(t['nodes'][1]['reference']['name'], 'obj')

    def test_main_thread_locals_are_ignored(self):
        self.assertEqual(trace_by_key(self.report, 'k-main'), (None, None, None))
        self.assertTrue(any('(key = k-main)' in x for x in self.report['without_path']))


class LongPath(unittest.TestCase):
    """A leak at the end of a chain of 100,000 objects, after which comes an
    Application (not leaking): every node before it becomes NO, and the work
    stays linear in the path length (no recursion, no quadratic scans)."""
    N = 100000

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix='hs-leaks-long-')
        cls.dump = os.path.join(cls.tmp, 'long.hprof')
        h = g.Hprof(version='1.0.2', id_size=4)
        d = h.heap_dump(segmented=True)
        base = 0x400
        OBJ_, REF_, WEAK_, KWR_, NODE_, APP_, LEAF_, HOLD_ = (base + 8 * i for i in range(8))
        d.cls(OBJ_, 'java/lang/Object')
        d.cls(REF_, 'java/lang/ref/Reference', super_id=OBJ_,
              fields=[('referent', g.OBJECT), ('queue', g.OBJECT)])
        d.cls(WEAK_, 'java/lang/ref/WeakReference', super_id=REF_)
        d.cls(KWR_, 'leakcanary/KeyedWeakReference', super_id=WEAK_, fields=[('key', g.OBJECT)])
        d.cls(NODE_, 'com/example/Node', super_id=OBJ_, fields=[('next', g.OBJECT)])
        d.cls(APP_, 'android/app/Application', super_id=OBJ_, fields=[('held', g.OBJECT)])
        d.cls(LEAF_, 'com/example/Leaf', super_id=OBJ_, fields=[('x', g.OBJECT)])
        first = 0x100000
        # Node i at first + 16 i; node N-1 -> the Application -> the leaf.
        app, leaf, kwr = first + 16 * cls.N, first + 16 * cls.N + 16, first + 16 * cls.N + 32
        for i in range(cls.N):
            nxt = first + 16 * (i + 1) if i + 1 < cls.N else app
            d.instance(first + 16 * i, NODE_, {'next': nxt})
        d.instance(app, APP_, {'held': leaf})
        d.instance(leaf, LEAF_, {'x': 0})
        d.instance(kwr, KWR_, {'referent': leaf})
        d.cls(HOLD_, 'com/example/Holder', super_id=OBJ_,
              statics=[('head', g.OBJECT, first), ('watch', g.OBJECT, kwr)])
        for k in (OBJ_, REF_, WEAK_, KWR_, NODE_, APP_, LEAF_, HOLD_):
            d.sticky(k)
        h.write(cls.dump)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_long_path(self):
        r = json.loads(cli('leaks', self.dump, '--json', timeout=60).stdout)   # linear: well within 60 s
        (grp,) = r['application_leaks']
        (t,) = grp['traces']
        # The trace is abridged: the kept nodes, and one
        # {"elided": n} element where the others stand; full indices below.
        (gap,) = [i for i, n in enumerate(t['nodes']) if 'elided' in n]
        elided = t['nodes'][gap]['elided']
        kept = t['nodes'][:gap] + t['nodes'][gap + 1:]
        nodes = {i if i < gap else i + elided: n for i, n in enumerate(kept)}
        # Holder class, N nodes, the Application, the leaf
        self.assertEqual(len(kept) + elided, self.N + 3)
        self.assertEqual([nodes[i]['leaking'] for i in sorted(nodes)], ['NO'] * (len(kept) - 1) + ['YES'])
        # each names the next node that is not leaking on its own account
        self.assertEqual(nodes[0]['reasons'], ['Application↓ is not leaking and a class is never leaking'])
        self.assertEqual(nodes[1]['reasons'], ['Application↓ is not leaking'])
        self.assertEqual(nodes[self.N]['reasons'], ['Application↓ is not leaking'])
        self.assertEqual(nodes[self.N + 1]['reasons'], ['Application is a singleton'])
        self.assertEqual(nodes[self.N + 2]['class'], 'com.example.Leaf')
        # the only suspect: Application.held
        self.assertEqual(suspects(t), ['android.app.Application.held'])
        self.assertEqual(grp['fingerprint'], sha1(['android.app.Application.held']))


if __name__ == '__main__':
    testlib.main()
