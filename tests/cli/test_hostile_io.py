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


class ReportTarget(CliTest):
    """report -o TARGET writes a report to a regular file or stdout, never
    over a device, a FIFO, a symlink or the dump itself."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.file = W.build().write(cls.path('worked.hprof'))
        with open(cls.file, 'rb') as f:
            cls.dump_bytes = f.read()

    def report(self, target, timeout=T):
        p = run_cli(['report', self.file, '-o', target, '--no-timestamp', '-q'], timeout)
        self.assertNoCrash(p, 'report -o ' + target)
        return p

    def assertDumpIntact(self):
        with open(self.file, 'rb') as f:
            self.assertEqual(f.read(), self.dump_bytes)

    def test_dash_is_stdout(self):
        p = self.report('-')
        self.assertEqual(p.returncode, 0, err(p))
        self.assertTrue(p.stdout.startswith(b'<!DOCTYPE html>'), p.stdout[:80])
        self.assertFalse(os.path.exists('-'))

    def test_fifo_refused(self):
        fifo = self.path('report.fifo')
        os.mkfifo(fifo)
        p = self.report(fifo, 30)
        self.assertEqual(p.returncode, 2, err(p))
        self.assertIn('not a regular file', err(p))
        self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode))

    def test_device_refused(self):
        if os.geteuid() != 0:
            self.skipTest('making a device node needs root')
        dev = self.path('null')   # a private /dev/null: the real one is never at risk
        os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        p = self.report(dev)
        self.assertEqual(p.returncode, 2, err(p))
        self.assertIn('not a regular file', err(p))
        self.assertTrue(stat.S_ISCHR(os.lstat(dev).st_mode))

    def test_the_dump_itself_refused(self):
        link = self.path('hard-link.hprof')
        os.link(self.file, link)
        sym = self.path('sym-link.hprof')
        os.symlink(self.file, sym)
        for target in (self.file, link, sym):
            p = self.report(target)
            self.assertEqual(p.returncode, 2, '%s: %s' % (target, err(p)))
            self.assertIn('the heap dump itself', err(p))
            self.assertDumpIntact()
        self.assertTrue(os.path.islink(sym))

    def test_symlink_followed(self):
        real = self.path('real.html')
        with open(real, 'w') as f:
            f.write('old')
        sym = self.path('link.html')
        os.symlink('real.html', sym)   # relative, like most links
        p = self.report(sym)
        self.assertEqual(p.returncode, 0, err(p))
        self.assertTrue(os.path.islink(sym))
        with open(real, 'rb') as f:
            self.assertTrue(f.read().startswith(b'<!DOCTYPE html>'))
        # A dangling link: the file it names is created.
        dangling = self.path('dangling.html')
        os.symlink('made-by-report.html', dangling)
        p = self.report(dangling)
        self.assertEqual(p.returncode, 0, err(p))
        self.assertTrue(os.path.islink(dangling))
        self.assertTrue(os.path.isfile(self.path('made-by-report.html')))

    def test_permissions_kept(self):
        out = self.path('private.html')
        with open(out, 'w') as f:
            f.write('old')
        os.chmod(out, 0o640)
        p = self.report(out)
        self.assertEqual(p.returncode, 0, err(p))
        self.assertEqual(stat.S_IMODE(os.stat(out).st_mode), 0o640)

    def test_long_names(self):
        for n in (248, 251, 255):
            name = 'r' * (n - 5) + '.html'
            self.assertEqual(len(name), n)
            p = self.report(self.path(name))
            self.assertEqual(p.returncode, 0, '%d bytes: %s' % (n, err(p)))
            self.assertTrue(os.path.isfile(self.path(name)))
        self.assertEqual(sorted(f for f in os.listdir(self.tmp) if f.startswith('.')), [])


# A byte[] this long makes the file bigger than the 256 MiB past which the
# loader maps instead of reading it (HS_READ_LIMIT in hs-heap.c).
BIG = 270 << 20


def write_mapped_dump(path):
    """A >256 MiB dump written sparse (seconds, no real disk use): classes,
    then a segment holding one byte[BIG] whose elements are a hole, then a
    segment with a String (value: a char[]) and a sun.misc.Cleaner-like
    object that the later phases read (descriptions, native sizes, leaks).
    Returns the offset where the big segment starts: cutting the file there
    removes everything read after indexing."""
    h = g.Hprof(version='1.0.2', id_size=4)
    d1 = h.heap_dump(segmented=True, end=False)
    d1.cls(0x1000, 'java/lang/Object')
    d1.cls(0x1008, 'java/lang/String', super_id=0x1000, fields=[('value', g.OBJECT), ('hash', g.INT)])
    d1.cls(0x1010, '[C', super_id=0x1000)
    d1.cls(0x1018, '[B', super_id=0x1000)
    d1.cls(0x1020, 'com/example/Holder', super_id=0x1000, fields=[('s', g.OBJECT), ('b', g.OBJECT)])
    for c in (0x1000, 0x1008, 0x1010, 0x1018, 0x1020):
        d1.sticky(c)
    # The big segment: tag, time, length; PRIMITIVE ARRAY DUMP id, serial,
    # count, type; then BIG bytes (the hole).
    sub = bytes([g.SUB_PRIM_ARRAY_DUMP]) + g.u4(0x9000) + g.u4(0) + g.u4(BIG) + bytes([g.BYTE])
    big = h.raw(bytes([g.TAG_HEAP_DUMP_SEGMENT]) + g.u4(0) + g.u4(len(sub) + BIG) + sub)
    d2 = h.heap_dump(segmented=True, end=True)
    d2.instance(0x2000, 0x1020, {'s': 0x2010, 'b': 0x9000})
    d2.instance(0x2010, 0x1008, {'value': 0x2020, 'hash': 0})
    d2.prim_array(0x2020, g.CHAR, 'read me after indexing')
    d2.jni_global(0x2000)
    data = h.build()
    cut = big.offset + len(big.data)
    with open(path, 'wb') as f:
        f.write(data[:cut])
        f.seek(BIG, 1)
        f.write(data[cut:])
    return big.offset


class MappedDumpCut(CliTest):
    """A mapped dump truncated after indexing (HS_TEST_TRUNCATE_AFTER_LOAD,
    the engine's test hook): every later read of the cut part used to raise
    SIGBUS and kill dominators, leaks and report; now they exit 2 saying the
    file changed while it was open, and print or write nothing."""

    def run_cut(self, args):
        path = self.path('mapped.hprof')
        cut = write_mapped_dump(path)
        self.assertGreater(os.path.getsize(path), 256 << 20)
        env = dict(os.environ, HS_TEST_TRUNCATE_AFTER_LOAD=str(cut))
        p = subprocess.run([os.environ['HS_CLI']] + [a.replace('DUMP', path) for a in args], env=env,
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        self.assertGreaterEqual(p.returncode, 0, '%s: killed by signal %d: %s' % (args, -p.returncode, err(p)))
        self.assertEqual(p.returncode, 2, '%s: %s' % (args, err(p)))
        self.assertIn('the file changed while it was open', err(p))
        self.assertEqual(p.stdout, b'')
        return path

    def test_uncut_loads(self):
        path = self.path('mapped-whole.hprof')
        write_mapped_dump(path)
        d = self.dominators(path, 5)
        self.assertEqual(d[0]['class'], 'com.example.Holder')
        # Holder: 8 + 2 refs x 4 = 16; byte[BIG]: 12 + BIG, aligned to 8.
        self.assertEqual(d[0]['retained'], 16 + (12 + BIG) + 16 + (12 + 2 * 22 + 4))

    def test_dominators(self):
        self.run_cut(['dominators', 'DUMP'])

    def test_leaks(self):
        self.run_cut(['leaks', 'DUMP'])

    def test_objects_text(self):
        self.run_cut(['objects', 'DUMP', '--class', 'java.lang.String'])

    def test_report(self):
        out = self.path('cut.html')
        self.run_cut(['report', 'DUMP', '-o', out])
        self.assertFalse(os.path.exists(out))
        self.assertEqual([f for f in os.listdir(self.tmp) if f.startswith('.')], [])


if __name__ == '__main__':
    main()
