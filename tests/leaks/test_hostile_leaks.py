#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Hostile dumps for the leak finder, built here at test time.

Each case is a class of input whose cost used to grow faster than the dump:
  - memory: many leaking objects behind one long path (traces copied the
    path per leak), one leak at the end of a long chain (every node kept);
  - time: thread objects on the path that are roots among many other roots
    (every root scanned per thread), leaking objects behind a leaking one
    on a long chain (the parent chain walked per leak), deeply nested Views
    with --android-leaks (the parent chain walked per View).
The sizes are chosen so that the old behaviour is far past the limits used
here (seconds of CPU, a few hundred MB of address space) while the linear
one stays well within them. Expectations are derived from the dumps'
structure (worked out in each case's comment).
"""
import hashlib
import json
import os
import resource
import struct
import subprocess
import sys
import tempfile
import unittest
import shutil

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import hprofgen as g  # noqa: E402  (tests/hprofgen.py)
import testlib  # noqa: E402  (tests/testlib.py)

CLI = os.environ.get('HS_CLI')
MB = 1000 * 1000
# AddressSanitizer reserves terabytes of address space: no RLIMIT_AS there.
ASAN = testlib.sanitized(CLI)

OBJ, STR, CHARS, OBJS, REF, WEAK, KWR, NODE, HOLDER, THREAD, VIEW, LEAKY = (
    0x100 + 16 * i for i in range(12))
FIRST = 0x100000

INST = struct.Struct('>BIIII')      # tag, id, stack serial, class id, nbytes
ROOT_STICKY = struct.Struct('>BI')
ROOT_JNI = struct.Struct('>BII')
ROOT_THREAD = struct.Struct('>BIII')


def inst(oid, cid, *words):
    return INST.pack(g.SUB_INSTANCE_DUMP, oid, 0, cid, 4 * len(words)) + \
        struct.pack('>%dI' % len(words), *words)


def base_dump():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(REF, 'java/lang/ref/Reference', super_id=OBJ,
          fields=[('referent', g.OBJECT), ('queue', g.OBJECT)])
    d.cls(WEAK, 'java/lang/ref/WeakReference', super_id=REF)
    d.cls(KWR, 'leakcanary/KeyedWeakReference', super_id=WEAK, fields=[('key', g.OBJECT)])
    d.cls(NODE, 'com/example/Node', super_id=OBJ, fields=[('next', g.OBJECT)])
    d.cls(LEAKY, 'com/example/Leaky', super_id=OBJ, fields=[('next', g.OBJECT)])
    d.cls(OBJS, '[Ljava/lang/Object;', super_id=OBJ)
    return h, d


def kwr(oid, referent):
    # KeyedWeakReference: own field key, then Reference's referent, queue
    return inst(oid, KWR, 0, referent, 0)


def leak_chain_dump(n):
    """Holder.head -> Node 0 -> ... -> Node n-1 -> Leaky, watched by a
    KeyedWeakReference (Holder.watch): the dump, not yet written."""
    h, d = base_dump()
    leak = FIRST + 16 * n
    w = leak + 16
    d.cls(HOLDER, 'com/example/Holder', super_id=OBJ,
          statics=[('head', g.OBJECT, FIRST), ('watch', g.OBJECT, w)])
    for k in (OBJ, REF, WEAK, KWR, NODE, LEAKY, OBJS, HOLDER):
        d.sticky(k)
    body = [inst(FIRST + 16 * i, NODE, FIRST + 16 * (i + 1)) for i in range(n)]
    body += [inst(leak, LEAKY, 0), kwr(w, leak)]
    h.record(g.TAG_HEAP_DUMP_SEGMENT, b''.join(body))
    return h


def run(*args, limit_mb=None, timeout=600):
    assert CLI, 'HS_CLI must point at heapscope-cli'

    def limit():
        if limit_mb and not ASAN:
            resource.setrlimit(resource.RLIMIT_AS, (limit_mb * MB, limit_mb * MB))
    # The child's own CPU time (user + system, from wait4), not wall time:
    # a loaded machine must not fail the test, a quadratic algorithm must.
    # timeout only stops a hang.
    return testlib.run_cpu([CLI] + list(args), timeout=timeout, preexec_fn=limit)


def sha1(parts):
    return hashlib.sha1(''.join(parts).encode()).hexdigest()


class Hostile(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix='hs-hostile-leaks-')

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def path(self, name):
        return os.path.join(self.tmp, name)

    def leaks(self, dump, *extra, limit_mb=None):
        p, secs = run('leaks', dump, '--json', *extra, limit_mb=limit_mb)
        self.assertEqual(p.returncode, 0, p.stderr.decode()[-2000:])
        sys.stderr.write('[%s: %.2f s] ' % (os.path.basename(dump), secs))
        return json.loads(p.stdout), secs

    def scales(self, build, sizes, *extra):
        """Runs `leaks` on build(size) for both sizes (the second 4 times
        the first) and compares their CPU times (testlib.assert_scales):
        the naive walks grew with the square of the input. Returns the
        bigger run's report and its size."""
        cpu = []
        for n in sizes:
            dump = build(n)
            r, secs = self.leaks(dump, *extra)
            cpu.append(secs)
        testlib.assert_scales(self, cpu[0], cpu[1], 'leaks %s' % os.path.basename(dump))
        return r

    def against_summary(self, dump, *extra, limit=5):
        """`leaks` on dump against `summary` on it, in the same run: for a
        walk whose steps are capped per object (so a ratio of sizes cannot
        see it), the leak finder must cost at most limit times the load
        (times 3 under sanitizers: AddressSanitizer slows the leak search's
        hash tables and pointer chasing far more than the load's sequential
        passes; measured 12.6x for 1.9x without it on the nested views, where
        the walk it guards against cost 280x)."""
        p, base = run('summary', dump, '--json')
        self.assertEqual(p.returncode, 0, p.stderr.decode()[-2000:])
        r, secs = self.leaks(dump, *extra)
        lim = limit * (3 if ASAN else 1)
        self.assertLessEqual(secs, lim * max(base, testlib.CPU_FLOOR),
                             'leaks %.2f s of CPU, summary %.2f s: more than %.0fx' % (secs, base, lim))
        sys.stderr.write('[leaks %.2f s, summary %.2f s] ' % (secs, base))
        return r

    # -- memory ------------------------------------------------------------

    def test_many_leaks_behind_one_long_path(self):
        """Holder.head -> Node 0 -> ... -> Node P-1 -> Object[K] -> Leaky j
        (K of them, each watched). Every trace: the Holder class, P nodes,
        the array, the leak: P + 3 nodes long. Copied per trace that is
        K (P + 3) nodes (4 M here, about 1 GB before): the traces must stay
        abridged and bounded."""
        P, K = 2000, 2000
        h, d = base_dump()
        arr = FIRST + 16 * P
        leaks = [arr + 16 + 16 * j for j in range(K)]
        kwrs = [leaks[-1] + 16 + 16 * j for j in range(K)]
        d.cls(HOLDER, 'com/example/Holder', super_id=OBJ,
              statics=[('head', g.OBJECT, FIRST), ('watchers', g.OBJECT, kwrs[0])])
        for k in (OBJ, REF, WEAK, KWR, NODE, LEAKY, OBJS, HOLDER):
            d.sticky(k)
        body = [inst(FIRST + 16 * i, NODE, FIRST + 16 * (i + 1) if i + 1 < P else arr)
                for i in range(P)]
        body.append(struct.pack('>BIIII', g.SUB_OBJ_ARRAY_DUMP, arr, 0, K, OBJS) +
                    struct.pack('>%dI' % K, *leaks))
        body += [inst(x, LEAKY, 0) for x in leaks]
        body += [kwr(kwrs[j], leaks[j]) for j in range(K)]
        # the watchers are held by JNI globals (strongly, as LeakCanary's are)
        body += [ROOT_JNI.pack(g.ROOT_JNI_GLOBAL, k, 0) for k in kwrs]
        h.record(g.TAG_HEAP_DUMP_SEGMENT, b''.join(body))
        dump = self.path('many.hprof')
        h.write(dump)
        r, _ = self.leaks(dump, limit_mb=600)
        (grp,) = r['application_leaks']
        self.assertEqual(grp['count'], K)
        self.assertEqual(r['leaking_objects'], K)
        for t in grp['traces']:
            nodes = t['nodes']
            elided = [n for n in nodes if 'elided' in n]
            kept = [n for n in nodes if 'elided' not in n]
            self.assertEqual(len(elided), 1)
            self.assertEqual(len(kept) + elided[0]['elided'], P + 3)
            self.assertLessEqual(len(kept), 64)
            self.assertEqual(kept[0]['class'], 'com.example.Holder')
            self.assertEqual(kept[-1]['class'], 'com.example.Leaky')
            self.assertEqual(kept[-2]['class'], 'java.lang.Object[]')
        # Every reference from the class (NO) to the leak is suspect: the
        # fingerprint covers all P + 2 of them, elided or not.
        self.assertEqual(grp['fingerprint'],
                         sha1(['com.example.Holder.head'] + ['com.example.Node.next'] * P +
                              ['java.lang.Object[][x]']))

    def test_one_leak_at_the_end_of_a_long_chain(self):
        """Holder.head -> Node 0 -> ... -> Node N-1 -> Leaky (watched): one
        trace of N + 2 nodes, shown as the first and last few."""
        N = 1000000
        h = leak_chain_dump(N)
        dump = self.path('chain.hprof')
        h.write(dump)
        r, _ = self.leaks(dump, limit_mb=700)
        (grp,) = r['application_leaks']
        (t,) = grp['traces']
        nodes = t['nodes']
        self.assertLessEqual(len(nodes), 65)
        (e,) = [i for i, n in enumerate(nodes) if 'elided' in n]
        self.assertEqual(len(nodes) - 1 + nodes[e]['elided'], N + 2)
        self.assertEqual(e, 8)            # the first 8 nodes, then the gap
        self.assertEqual(len(nodes) - 1 - e, 8)   # and the last 8
        self.assertEqual(nodes[0]['class'], 'com.example.Holder')
        self.assertEqual(nodes[0]['leaking'], 'NO')
        self.assertEqual(nodes[-1]['class'], 'com.example.Leaky')
        self.assertEqual(nodes[-1]['leaking'], 'YES')
        self.assertEqual(grp['fingerprint'],
                         sha1(['com.example.Holder.head'] + ['com.example.Node.next'] * N))
        p, _ = run('leaks', dump, limit_mb=700)
        self.assertEqual(p.returncode, 0, p.stderr.decode()[-2000:])
        text = p.stdout.decode()
        self.assertIn('… %s more' % format(N + 2 - 16, ',d'), text)
        self.assertLess(len(text), 20000)

    # -- time ----------------------------------------------------------------

    def test_thread_roots_among_many_roots(self):
        """Holder.head -> Thread 0 -> ... -> Thread T-1 -> Leaky (watched);
        every thread is also a thread-object root, and R JNI globals hold R
        other objects. Inspecting a thread asks whether it is a thread root:
        a scan of all R + T roots per thread node (T R = 10^10 at the bigger
        size)."""
        r = self.scales(self.thread_roots_dump, (4, 1))
        T = 20000
        (grp,) = r['application_leaks']
        (t,) = grp['traces']
        kept = [n for n in t['nodes'] if 'elided' not in n]
        elided = sum(n.get('elided', 0) for n in t['nodes'])
        self.assertEqual(len(kept) + elided, T + 2)
        self.assertEqual(kept[1]['class'], 'java.lang.Thread')

    def thread_roots_dump(self, div):
        T, R = 20000 // div, 500000 // div
        h, d = base_dump()
        d.cls(THREAD, 'java/lang/Thread', super_id=OBJ,
              fields=[('name', g.OBJECT), ('next', g.OBJECT)])
        threads = [FIRST + 16 * i for i in range(T)]
        leak = FIRST + 16 * T
        w = leak + 16
        others = [w + 16 + 16 * i for i in range(R)]
        d.cls(HOLDER, 'com/example/Holder', super_id=OBJ,
              statics=[('head', g.OBJECT, FIRST), ('watch', g.OBJECT, w)])
        for k in (OBJ, REF, WEAK, KWR, NODE, LEAKY, OBJS, HOLDER, THREAD):
            d.sticky(k)
        # Thread fields: own (name, next)
        body = [inst(threads[i], THREAD, 0, threads[i + 1] if i + 1 < T else leak)
                for i in range(T)]
        body += [inst(leak, LEAKY, 0), kwr(w, leak)]
        body += [inst(o, NODE, 0) for o in others]
        # the other roots first: a scan meets them all before a thread's
        body += [ROOT_JNI.pack(g.ROOT_JNI_GLOBAL, o, 0) for o in others]
        body += [ROOT_THREAD.pack(g.ROOT_THREAD_OBJECT, threads[i], i + 1, 0) for i in range(T)]
        h.record(g.TAG_HEAP_DUMP_SEGMENT, b''.join(body))
        dump = self.path('threads-%d.hprof' % T)
        h.write(dump)
        return dump

    def test_leaks_behind_a_leak_on_a_long_chain(self):
        """Holder.head -> Leaky 0 -> Leaky 1 -> ... -> Leaky M-1, all watched:
        one trace (to Leaky 0), the M - 1 others behind it. Finding the
        owner walked the parent chain per leak: M^2 / 2 steps."""
        M = 200000
        r = self.scales(self.behind_dump, (M // 4, M))
        leaks = [FIRST + 16 * i for i in range(M)]
        (grp,) = r['application_leaks']
        (t,) = grp['traces']
        self.assertEqual(t['nodes'][-1]['id'], '0x%x' % leaks[0])
        self.assertEqual(len(t['also_leaking']), M - 1)
        self.assertEqual(set(t['also_leaking']), {'0x%x' % x for x in leaks[1:]})
        self.assertEqual(r['leaking_objects'], M)
        self.assertEqual(r['without_path'], [])

    def behind_dump(self, M):
        h, d = base_dump()
        leaks = [FIRST + 16 * i for i in range(M)]
        kwrs = [FIRST + 16 * (M + i) for i in range(M)]
        d.cls(HOLDER, 'com/example/Holder', super_id=OBJ,
              statics=[('head', g.OBJECT, FIRST)])
        for k in (OBJ, REF, WEAK, KWR, NODE, LEAKY, OBJS, HOLDER):
            d.sticky(k)
        body = [inst(leaks[i], LEAKY, leaks[i + 1] if i + 1 < M else 0) for i in range(M)]
        body += [kwr(kwrs[i], leaks[i]) for i in range(M)]
        body += [ROOT_JNI.pack(g.ROOT_JNI_GLOBAL, k, 0) for k in kwrs]
        h.record(g.TAG_HEAP_DUMP_SEGMENT, b''.join(body))
        dump = self.path('behind-%d.hprof' % M)
        h.write(dump)
        return dump

    def test_nested_views_with_android_leaks(self):
        """V unattached android.view.View, each the mParent of the next
        (View 0 has none). With --android-leaks every View is inspected, and
        each walked up to 4,096 of its parents (8.5 s of CPU for 100,000
        before, on this machine). No View is in a window (the
        top one has no parent and is no DecorView) and none has an attach
        count: none is called leaking, so there is no leak."""
        V = 200000
        h, d = base_dump()
        d.cls(VIEW, 'android/view/View', super_id=OBJ,
              fields=[('mParent', g.OBJECT), ('mAttachInfo', g.OBJECT), ('mContext', g.OBJECT)])
        d.cls(HOLDER, 'com/example/Holder', super_id=OBJ,
              statics=[('top', g.OBJECT, FIRST + 16 * (V - 1))])
        for k in (OBJ, REF, WEAK, KWR, NODE, LEAKY, OBJS, HOLDER, VIEW):
            d.sticky(k)
        body = [inst(FIRST + 16 * i, VIEW, FIRST + 16 * (i - 1) if i else 0, 0, 0)
                for i in range(V)]
        h.record(g.TAG_HEAP_DUMP_SEGMENT, b''.join(body))
        dump = self.path('views.hprof')
        h.write(dump)
        # Each View's walk is capped at 4,096 parents: linear in V with a
        # big factor, which only a comparison with the load itself shows.
        r = self.against_summary(dump, '--android-leaks')
        self.assertEqual(r['application_leaks'], [])
        self.assertEqual(r['leaking_objects'], 0)

    def test_deep_superclass_chain(self):
        """A chain of 200,000 classes, each the superclass of the next
        (hostile_dumps.deep_chain). The leak finder's per-class facts
        walked up to 256 superclasses per class (10.7 s of CPU here, against
        0.3 s for `summary`); now once per class, top down."""
        sys.path.insert(0, os.path.join(HERE, '..', 'fuzz'))
        import hostile_dumps  # noqa: E402  (tests/fuzz/hostile_dumps.py)
        dump = self.path('deep.hprof')
        with open(dump, 'wb') as f:
            f.write(hostile_dumps.deep_chain(200000))
        r = self.against_summary(dump)
        self.assertEqual(r['application_leaks'], [])
        self.assertEqual(r['leaking_objects'], 0)

    # -- problem suspects: the same traces, to chosen objects ---------------

    def test_suspect_at_the_end_of_a_long_accumulation_path(self):
        """Holder.head -> Node 0 -> ... -> Node N-1 -> Object[M] -> M Nodes:
        the array (and each chain node above it) retains nearly the whole
        heap; the suspect's path is N + 2 nodes long and must come out
        abridged (it was copied whole: hundreds of MB)."""
        N, M = 1000000, 1000
        h, d = base_dump()
        arr = FIRST + 16 * N
        leaves = [arr + 16 + 16 * j for j in range(M)]
        d.cls(HOLDER, 'com/example/Holder', super_id=OBJ,
              statics=[('head', g.OBJECT, FIRST)])
        for k in (OBJ, REF, WEAK, KWR, NODE, LEAKY, OBJS, HOLDER):
            d.sticky(k)
        body = [inst(FIRST + 16 * i, NODE, FIRST + 16 * (i + 1) if i + 1 < N else arr)
                for i in range(N)]
        body.append(struct.pack('>BIIII', g.SUB_OBJ_ARRAY_DUMP, arr, 0, M, OBJS) +
                    struct.pack('>%dI' % M, *leaves))
        body += [inst(x, NODE, 0) for x in leaves]
        h.record(g.TAG_HEAP_DUMP_SEGMENT, b''.join(body))
        dump = self.path('accum.hprof')
        h.write(dump)
        p, secs = run('suspects', dump, '--json', limit_mb=700, timeout=120)
        self.assertEqual(p.returncode, 0, p.stderr.decode()[-2000:])
        sys.stderr.write('[accum.hprof: %.2f s] ' % secs)
        r = json.loads(p.stdout)
        self.assertLess(len(p.stdout), 200000, json.dumps(r)[:3000])
        paths = [o['path'] for o in r['objects'] if o.get('path')]
        self.assertTrue(paths)
        for nodes in paths:
            kept = [n for n in nodes if 'elided' not in n]
            elided = sum(n.get('elided', 0) for n in nodes)
            self.assertLessEqual(len(kept), 64)
            self.assertEqual(kept[0]['class'], 'com.example.Holder')
            self.assertEqual(len(kept) + elided, N + 2)

    # -- the report's caps ---------------------------------------------------

    def test_report_caps_groups_also_leaking_and_without_path(self):
        """G statics of Holder, s0 .. s{G-1}, each hold a watched Leaky: G
        groups (one suspect reference each, a different field). Leaky 0's
        next leads to a chain of B more watched Leakys: behind it (its
        also_leaking). U watched objects nothing else holds: without a path.
        The report shows 100 groups, 20 of the B, 100 of the U, and says
        how many it left out of each."""
        G, B, U = 150, 50, 150
        h, d = base_dump()
        leaks = [FIRST + 16 * i for i in range(G)]
        behind = [FIRST + 16 * (G + i) for i in range(B)]
        lone = [FIRST + 16 * (G + B + i) for i in range(U)]
        kwrs = [FIRST + 16 * (G + B + U + i) for i in range(G + B + U)]
        d.cls(HOLDER, 'com/example/Holder', super_id=OBJ,
              statics=[('s%d' % i, g.OBJECT, leaks[i]) for i in range(G)])
        for k in (OBJ, REF, WEAK, KWR, NODE, LEAKY, OBJS, HOLDER):
            d.sticky(k)
        body = [inst(leaks[i], LEAKY, behind[0] if i == 0 else 0) for i in range(G)]
        body += [inst(behind[i], LEAKY, behind[i + 1] if i + 1 < B else 0) for i in range(B)]
        body += [inst(x, LEAKY, 0) for x in lone]
        body += [kwr(w, x) for w, x in zip(kwrs, leaks + behind + lone)]
        body += [ROOT_JNI.pack(g.ROOT_JNI_GLOBAL, k, 0) for k in kwrs]
        h.record(g.TAG_HEAP_DUMP_SEGMENT, b''.join(body))
        dump = self.path('caps.hprof')
        h.write(dump)
        r, _ = self.leaks(dump)
        self.assertEqual(len(r['application_leaks']), G)
        self.assertEqual(len(r['without_path']), U)
        out = self.path('caps.html')
        p, _ = run('report', dump, '-o', out, '--no-timestamp', timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr.decode()[-2000:])
        with open(out, encoding='utf-8') as f:
            html = f.read()
        self.assertEqual(html.count('<article class="leak-group application"'), 100)
        self.assertIn('%d more application leak groups' % (G - 100), html)
        self.assertIn(' and %d more (not shown)' % (B - 20), html)
        self.assertIn('%d more not shown' % (U - 100), html)

    def test_report_shows_the_gap_of_an_abridged_trace(self):
        """Holder.head -> Node 0 -> ... -> Node N-1 -> Leaky: the report's
        trace is the abridged one (16 nodes), with one line for the gap."""
        N = 100000
        h = leak_chain_dump(N)
        dump = self.path('gap.hprof')
        h.write(dump)
        out = self.path('gap.html')
        p, _ = run('report', dump, '-o', out, '--no-timestamp', timeout=60)
        self.assertEqual(p.returncode, 0, p.stderr.decode()[-2000:])
        with open(out, encoding='utf-8') as f:
            html = f.read()
        # The leak section (the chain is also a problem suspect, whose path
        # in its own section is abridged the same way).
        leaks = html[html.index('<section id="leaks"'):]
        leaks = leaks[:leaks.index('</section>')]
        self.assertEqual(leaks.count('<li class="node'), 16)
        self.assertIn('<li class="elided">… %s more</li>' % format(N + 2 - 16, ',d'), leaks)


if __name__ == '__main__':
    testlib.main()
