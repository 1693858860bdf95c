#!/usr/bin/env python3
"""Hostile inputs to the CLI, round two (issue 20): numeric options, option
files, report targets, terminal escapes in names, labels cut inside a
character, PRIMITIVE_ARRAY_NODATA, gzip bombs and errors, a mapped dump
truncated after indexing. Every case is built here, by hand or by
tests/hprofgen.py; expected values are worked out in the comments."""

import os
import resource
import stat
import subprocess
import sys

import test_worked_example as W
from clitest import CliTest, g, main, run_cli

T = 60
MB = 1 << 20


def sanitized():
    """AddressSanitizer reserves terabytes: no RLIMIT_AS in that build."""
    with open(os.environ['HS_CLI'], 'rb') as f:
        return b'__asan_init' in f.read()


def run_limited(args, limit_mb, timeout=T):
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (limit_mb * MB, limit_mb * MB))
    return subprocess.run([os.environ['HS_CLI']] + [str(a) for a in args], preexec_fn=limit,
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=timeout)


def err(proc):
    return proc.stderr.decode('utf-8', 'replace')


class NumericOptions(CliTest):
    """Every numeric option is clamped or rejected before anything is
    allocated from it."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.file = W.build().write(cls.path('worked.hprof'))

    def test_huge_top_is_clamped(self):
        # 10 objects in the worked example (6 classes, 4 instances/arrays):
        # --top 2147483647 lists every reachable object, no more.
        d = self.dominators(self.file, 2147483647)
        self.assertEqual(len(d), 10)
        # Under 1 GiB of address space: an 8 GiB table allocated from the
        # count before it was clamped aborted here.
        if not sanitized():
            p = run_limited(['dominators', self.file, '--top=2147483647', '--json'], 1024)
            self.assertEqual(p.returncode, 0, err(p))

    def test_huge_limit_is_clamped(self):
        c = self.classes(self.file, '--limit=2147483647')
        self.assertEqual(len(c), len(self.classes(self.file)))

    def test_negative_values_are_rejected(self):
        for cmd, opt in (('dominators', '--top=-5'), ('classes', '--limit=-2'),
                         ('summary', '--dump=-1'), ('suspects', '--threshold=-1'),
                         ('suspects', '--threshold=nan'), ('suspects', '--threshold=1e999'),
                         ('objects', '--limit=-7')):
            args = [cmd, self.file, opt] + (['--class', 'com.example.Pair'] if cmd == 'objects' else [])
            p = run_cli(args, T)
            self.assertNoCrash(p, ' '.join(args))
            self.assertEqual(p.returncode, 2, '%s: exit %s, %s' % (args, p.returncode, err(p)))
            self.assertIn(opt.split('=')[0], err(p))
        p = run_cli(['diff', self.file, self.file, '--baseline-dump=-3'], T)
        self.assertEqual(p.returncode, 2, err(p))
        self.assertIn('--baseline-dump', err(p))

    def test_dump_past_the_end_is_an_error(self):
        for opt in ('--dump=2147483647', '--dump=1'):
            p = run_cli(['summary', self.file, opt], T)
            self.assertNoCrash(p, opt)
            self.assertEqual(p.returncode, 2)
            self.assertIn('dump', err(p))
        p = run_cli(['diff', self.file, self.file, '--baseline-dump=2147483647'], T)
        self.assertEqual(p.returncode, 2, err(p))

    def test_out_of_int_range_is_rejected(self):
        p = run_cli(['dominators', self.file, '--top=99999999999999999999'], T)
        self.assertEqual(p.returncode, 2)


class OptionFiles(CliTest):
    """--matchers (every file option) takes a regular file of a sane size."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.file = W.build().write(cls.path('worked.hprof'))

    def test_devices_fifos_folders_refused(self):
        fifo = self.path('fifo')
        os.mkfifo(fifo)
        for target in ('/dev/zero', '/dev/null', fifo, self.tmp):
            p = run_cli(['leaks', self.file, '--matchers=' + target], 20)
            self.assertIsNotNone(p.returncode, '%s: hangs' % target)
            self.assertEqual(p.returncode, 2, '%s: %s' % (target, err(p)))
            self.assertIn(target, err(p))

    def test_huge_file_refused(self):
        big = self.path('big.matchers')
        with open(big, 'wb') as f:
            f.truncate(300 << 20)   # sparse: 300 MiB of nothing
        p = run_cli(['leaks', self.file, '--matchers=' + big], 20)
        self.assertEqual(p.returncode, 2, err(p))
        self.assertIn('too big', err(p))


if __name__ == '__main__':
    main()
