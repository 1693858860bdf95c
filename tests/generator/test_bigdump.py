#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""hprof-bigdump: a small instance, its known structure.

The expected figures follow from the generator's parameters alone (see
hprof-bigdump.c and tests/generator/README.md, "hprof-bigdump"): with T
objects asked for, a chain of C and a wide array of W, there are
S = (T - C - W - 1) // 34 sessions (BenchHeap.build's formula), S // 1000
shared configurations, ceil(S / 20) soft-only byte[256], and a fixed part
(the sample's planted leaks, 3000 users, 2000 nodes, four workers).
heapscope-cli must read it without a warning and find exactly that.
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import testlib  # noqa: E402  (tests/testlib.py)

GEN = sys.argv.pop(1) if len(sys.argv) > 1 else os.environ.get('HS_BIGDUMP', 'hprof-bigdump')
CLI = os.environ['HS_CLI']
T, C, W, SEED = 100000, 500, 3000, 7


def expected_counts(t, c, w):
    s = (t - c - w - 1) // 34 if t > c + w + 1 + 34000 else 1000
    nc = max(1, s // 1000)
    soft = (s + 19) // 20
    strings = 8 * s + 20 * nc + 4 + 3000 * 4 + 20
    return s, nc, soft, {
        'com.example.bench.Session': s,
        'com.example.bench.Event': 5 * s,
        'java.util.HashMap': s + nc + 1,
        'java.util.HashMap$Node': 5 * s + 10 * nc,
        'java.util.HashMap$Node[]': s + nc + 1,
        'java.lang.String': strings,
        'byte[]': strings + 3 + soft,
        'java.lang.Integer': s,
        'java.lang.Long': s,
        'java.lang.ref.WeakReference': s,
        'java.lang.ref.SoftReference': soft,
        'java.util.ArrayList': s + 3010,
        'java.lang.Object[]': s + 3015,
        'com.example.bench.Item': w + 4000,
        'com.example.bench.ChainNode': c,
        'com.example.User': 3000,
        'com.example.Node': 2000,
        'com.example.bench.Config': nc,
        'com.example.bench.Config[]': 1,
        'com.example.bench.Worker': 4,
        'com.example.bench.Worker[]': 1,
        'com.example.LeakThread': 1,
        'java.lang.Thread': 1,
        'leakcanary.KeyedWeakReference': 4,
        'com.example.LeakedActivity': 2,
        'com.example.ThreadLeak': 1,
        'com.example.RecentActivity': 1,
    }


def cli(*args):
    p = subprocess.run([CLI] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    if p.returncode != 0:
        raise AssertionError('%s: exit %d: %s' % (' '.join(args), p.returncode, p.stderr.decode()))
    return p


class BigDump(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.path = os.path.join(cls.tmp.name, 'big.hprof')
        subprocess.run([GEN, '--objects', str(T), '--chain', str(C), '--wide', str(W), '--seed', str(SEED),
                        cls.path], check=True, timeout=60)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_summary_no_warning(self):
        p = cli('summary', self.path, '--json')
        self.assertEqual(p.stderr, b'')
        d = json.loads(p.stdout)
        s, nc, soft, counts = expected_counts(T, C, W)
        self.assertIsNone(d['warning'])
        self.assertEqual((d['id_size'], d['ref_size'], d['object_align'], d['android']), (8, 4, 8, False))
        self.assertEqual(d['objects'], sum(counts.values()) + 42)
        self.assertEqual(d['class_objects'], 42)
        self.assertEqual(d['gc_roots_by_type'], {'Java Frame': 9, 'System Class': 42, 'Thread Object': 6})
        self.assertEqual(d['unreachable_objects'], soft)       # the soft-only byte[256]
        self.assertEqual(d['unreachable_bytes'], soft * 272)
        self.assertEqual(d['dangling_references'], 0)

    def test_index_size(self):
        """The index is at most 0.6 of the dump (docs/index.md, "Compressed
        sections"). Per object it holds 18 bytes of fixed-width arrays
        (class 2, shallow size 2, offset delta 2, reference delta 2, flags
        1, retained size 5, the class's instance list 4) and four varints
        (depth, retained count, child count, child: a byte each below 128,
        as nearly all of this heap's are), and a varint a reference (a
        byte or two: the generator writes what an object refers to next
        to it); about 23 bytes and 1.2 references an object, against this
        dump's 44 bytes an object (a record's header, its id and class
        id, its fields). 0.6 leaves room for the longer varints of the
        chain and the wide array."""
        index = os.path.join(self.tmp.name, 'big.hsindex')
        env = dict(os.environ, XDG_CACHE_HOME=os.path.join(self.tmp.name, 'cache'))
        p = subprocess.run([CLI, 'index', self.path, '-o', index], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=120, env=env)
        self.assertEqual(p.returncode, 0, p.stderr)
        ratio = os.path.getsize(index) / os.path.getsize(self.path)
        self.assertLessEqual(ratio, 0.6)
        # and it answers as the dump does
        fresh = cli('dominators', self.path, '--json', '--top', '100', '--no-cache')
        reopened = cli('dominators', self.path, '--json', '--top', '100', '--index', index)
        self.assertEqual(reopened.stdout, fresh.stdout)

    def test_class_counts(self):
        rows = {r['name']: r for r in json.loads(cli('classes', self.path, '--json').stdout)}
        s, nc, soft, counts = expected_counts(T, C, W)
        for name, n in counts.items():
            self.assertEqual(rows[name]['count'], n, name)
        self.assertEqual(rows['com.example.bench.Session']['shallow'], 32 * s)
        self.assertEqual(rows['com.example.bench.ChainNode']['retained'], 24 * C)

    def test_leaks(self):
        d = json.loads(cli('leaks', self.path, '--json').stdout)
        traces = [t for g in d['application_leaks'] for t in g['traces']]
        self.assertEqual(sorted(t['key'] for t in traces),
                         ['key-leaked-activity-0', 'key-leaked-activity-1', 'key-thread-leak'])
        by_key = {t['key']: t for t in traces}
        # LeakedActivity 32 + String 24 + byte[16] 32 + byte[1000] 1016.
        self.assertEqual(by_key['key-leaked-activity-0']['retained_bytes'], 1104)
        # ThreadLeak 24 + String 24 + byte[16] 32 + byte[2000] 2016.
        self.assertEqual(by_key['key-thread-leak']['retained_bytes'], 2096)
        self.assertEqual(by_key['key-thread-leak']['gc_root_thread'], 'leak-holder-thread')
        self.assertEqual(by_key['key-leaked-activity-1']['retained_duration_ms'], 44000)
        self.assertEqual(len(d['application_leaks']), 2)

    def test_threads(self):
        out = cli('threads', self.path).stdout.decode()
        for name in ['main', 'leak-holder-thread'] + ['bench-worker-%d' % w for w in range(4)]:
            self.assertIn('"%s"' % name, out)
        self.assertEqual(out.count('at com.example.bench.Worker.run(BenchHeap.java:172)'), 4)

    def test_deterministic(self):
        def digest(path, seed):
            subprocess.run([GEN, '--objects', str(T), '--chain', str(C), '--wide', str(W), '--seed', str(seed),
                            path], check=True, timeout=60, stderr=subprocess.DEVNULL)
            with open(path, 'rb') as f:
                return hashlib.sha256(f.read()).hexdigest()
        other = os.path.join(self.tmp.name, 'again.hprof')
        with open(self.path, 'rb') as f:
            first = hashlib.sha256(f.read()).hexdigest()
        self.assertEqual(digest(other, SEED), first)
        self.assertNotEqual(digest(other, SEED + 1), first)


class CannotFit(unittest.TestCase):
    """The up-front memory check (hs-memory-check.c) with a fake /proc/meminfo
    (HS_TEST_MEMINFO): refused with both sizes, or analysed when forced."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.path = os.path.join(cls.tmp.name, 'big.hprof')
        subprocess.run([GEN, '--objects', str(T), '--chain', str(C), '--wide', str(W), cls.path],
                       check=True, timeout=60, stderr=subprocess.DEVNULL)
        cls.n = sum(expected_counts(T, C, W)[3].values()) + 42

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def run_with(self, available_kb, *extra, env=None):
        meminfo = os.path.join(self.tmp.name, 'meminfo-%d' % available_kb)
        with open(meminfo, 'w') as f:
            f.write('MemTotal:       %d kB\nMemFree:        %d kB\nMemAvailable:   %d kB\nSwapFree:       0 kB\n'
                    % (available_kb * 2, available_kb, available_kb))
        # No room on the disk either (HS_TEST_SPILL_FREE): refused, not spilled.
        e = dict(os.environ, HS_TEST_MEMINFO=meminfo, HS_TEST_SPILL_FREE='0', **(env or {}))
        e.pop('HEAPSCOPE_IGNORE_MEMORY_CHECK', None) if not env else None
        return subprocess.run([CLI, 'summary', self.path, '--json'] + list(extra), env=e,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)

    def test_refused_with_both_sizes(self):
        p = self.run_with(1024)
        self.assertEqual(p.returncode, 2, p.stderr)
        msg = p.stderr.decode()
        m = re.search(r'analysing (\d+) objects needs about ([0-9.]+)\sMB of memory, ([0-9.]+)\sMB available', msg)
        self.assertIsNotNone(m, msg)
        self.assertEqual(int(m.group(1)), self.n)
        # Beyond the fixed 64 MiB (libraries, class table: hs-memory-check.c), at least the
        # arrays that last the whole analysis (docs/performance.md, "Memory per object"):
        # the reader's 13.5 bytes an object beside its edges, the dominator tree's 21. (The
        # fixed part alone is bigger than 34.5 bytes x this dump's objects: without taking it
        # off, the check could not fail.)
        self.assertGreaterEqual(float(m.group(2)) * 1e6 - 64 * 2**20, 34.5 * self.n)
        # 1 MB available plus what the process holds already, less than needed.
        self.assertLess(float(m.group(3)), float(m.group(2)))
        self.assertGreaterEqual(float(m.group(3)), 1.0)
        self.assertIn('HEAPSCOPE_IGNORE_MEMORY_CHECK', msg)
        self.assertEqual(p.stdout, b'')

    def test_forced(self):
        for extra, env in ((['--force'], None), ([], {'HEAPSCOPE_IGNORE_MEMORY_CHECK': '1'})):
            p = self.run_with(1024, *extra, env=env)
            self.assertEqual(p.returncode, 0, p.stderr)
            self.assertEqual(json.loads(p.stdout)['objects'], self.n)

    def test_enough(self):
        p = self.run_with(64 * 1024 * 1024)
        self.assertEqual(p.returncode, 0, p.stderr)


def fake_meminfo(directory, available_kb):
    path = os.path.join(directory, 'meminfo-%d' % available_kb)
    with open(path, 'w') as f:
        f.write('MemTotal:       %d kB\nMemFree:        %d kB\nMemAvailable:   %d kB\nSwapFree:       0 kB\n'
                % (available_kb * 2, available_kb, available_kb))
    return path


class Spill(unittest.TestCase):
    """The on-disk spill (hs-mem-spill.c): with a fake /proc/meminfo that
    leaves no memory, the big arrays (here every block of 1 MiB or more,
    HS_TEST_SPILL_MIN) go to unlinked files in HEAPSCOPE_SPILL_DIR, and
    every output is the same, byte for byte; refused when the directory has
    no room (HS_TEST_SPILL_FREE) or is in memory (tmpfs)."""
    T = 400000  # arrays of 8 bytes an object: 3.2 MB, over ASan's 1 MiB too

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.path = os.path.join(cls.tmp.name, 'spill.hprof')
        subprocess.run([GEN, '--objects', str(cls.T), '--chain', str(C), '--wide', str(W), cls.path],
                       check=True, timeout=60, stderr=subprocess.DEVNULL)
        cls.meminfo = fake_meminfo(cls.tmp.name, 1024)
        cls.dir = os.path.join(cls.tmp.name, 'spill')
        os.mkdir(cls.dir)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def run_cli(self, args, spill, **env):
        e = dict(os.environ)
        e.pop('HEAPSCOPE_IGNORE_MEMORY_CHECK', None)
        if spill:
            e.update(HS_TEST_MEMINFO=self.meminfo, HEAPSCOPE_SPILL_DIR=self.dir, HS_TEST_SPILL_MIN=str(1 << 20),
                     HS_DEBUG_SPILL='1')
        e.update(env)
        return subprocess.run([CLI] + args + [self.path], env=e, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=300)

    def test_same_outputs(self):
        for args in (['summary', '--json'], ['classes', '--json'], ['dominators', '--json', '--top', '40'],
                     ['leaks', '--json'], ['suspects'], ['threads']):
            normal, spilled = self.run_cli(args, False), self.run_cli(args, True)
            self.assertEqual(normal.returncode, 0, normal.stderr)
            self.assertEqual(spilled.returncode, 0, spilled.stderr)
            self.assertEqual(spilled.stdout, normal.stdout, args)
            err = spilled.stderr.decode()
            # The notice, once, before the work: what is needed, what is there, where it goes.
            notices = [l for l in err.splitlines() if 'this will be slower' in l]
            self.assertEqual(len(notices), 1, err)
            self.assertRegex(notices[0], r'needs about [0-9.]+\s[kMG]?B of memory, [0-9.]+\s[kMG]?B available: '
                             r'spilling about [0-9.]+\s[kMG]?B to ' + re.escape(self.dir))
            # Blocks really went to the disk: 1 MiB or more each (the whole pages of one).
            sizes = [int(m) for m in re.findall(r'^spill: (?:new|moved|grown) (\d+) bytes to ', err, re.M)]
            self.assertTrue(sizes, err)
            self.assertGreaterEqual(max(sizes), (1 << 20) - 8192)
            # Unlinked at creation: nothing left (nor ever visible) in the directory.
            self.assertEqual(os.listdir(self.dir), [])

    def test_index_without_extras(self):
        """An analysis that spilled writes its index without the extras
        (depths, each class's instances: memory it does not
        have); the index opens all the same and answers as a fresh
        analysis. Not spilled, the extras are there."""
        spilled = os.path.join(self.tmp.name, 'spilled.hsindex')
        normal = os.path.join(self.tmp.name, 'normal.hsindex')
        for path, spill in ((spilled, True), (normal, False)):
            p = self.run_cli(['index', '-o', path], spill, HEAPSCOPE_NO_CACHE='1')
            self.assertEqual(p.returncode, 0, p.stderr)
        have = testlib.index_section_ids(spilled)
        for sid in testlib.INDEX_EXTRA_SECTIONS:
            self.assertNotIn(sid, have)
            self.assertIn(sid, testlib.index_section_ids(normal))
        self.assertIn(0x200, have)  # the dominator tree all the same
        for args in (['dominators', '--json', '--top', '40'], ['leaks', '--json']):
            fresh = self.run_cli(args + ['--no-cache'], False)
            reopened = self.run_cli(args + ['--index', spilled], False)
            self.assertEqual(reopened.returncode, 0, reopened.stderr)
            self.assertEqual(reopened.stdout, fresh.stdout, args)
            self.assertNotIn(b'index not used', reopened.stderr)

    def test_refused_when_the_disk_is_short(self):
        p = self.run_cli(['summary', '--json'], True, HS_TEST_SPILL_FREE='1000000')
        self.assertEqual(p.returncode, 2, p.stderr)
        msg = p.stderr.decode()
        m = re.search(r'analysing (\d+) objects needs about ([0-9.]+)\s(MB) of memory, ([0-9.]+)\s(MB|kB) available, '
                      r'and the spill directory (.*) has ([0-9.]+)\s(MB) free of the ([0-9.]+)\s(GB|MB) it would need', msg)
        self.assertIsNotNone(m, msg)
        self.assertEqual(m.group(6), self.dir)
        self.assertEqual(m.group(7), '1.0')  # the fake 1,000,000 bytes
        # At least the reserve left free on the disk (1 GiB) beside the spill.
        self.assertGreaterEqual(float(m.group(9)) * (1e9 if m.group(10) == 'GB' else 1e6), 1 << 30)
        self.assertIn('HEAPSCOPE_SPILL_DIR', msg)
        self.assertNotIn('this will be slower', msg)
        self.assertEqual(p.stdout, b'')

    @unittest.skipUnless(os.path.isdir('/dev/shm') and
                         subprocess.run(['stat', '-f', '-c', '%T', '/dev/shm'], stdout=subprocess.PIPE)
                         .stdout.strip() == b'tmpfs', '/dev/shm is not a tmpfs here')
    def test_never_tmpfs(self):
        p = self.run_cli(['summary', '--json'], True, HEAPSCOPE_SPILL_DIR='/dev/shm')
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn('the spill directory (none usable)', p.stderr.decode())

    def test_forced_does_not_spill(self):
        p = self.run_cli(['summary', '--json', '--force'], True)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertNotIn(b'spill:', p.stderr)
        self.assertNotIn(b'this will be slower', p.stderr)


if __name__ == '__main__':
    testlib.main()
