#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Hostile inputs to the CLI beside malformed dumps: numeric options, option
files, report targets, terminal escapes in names, labels cut inside a
character, PRIMITIVE_ARRAY_NODATA, gzip bombs and errors, a mapped dump
truncated after indexing. Every case is built here, by hand or by
tests/hprofgen.py; expected values are worked out in the comments."""

import json
import os
import re
import resource
import shutil
import stat
import subprocess
import sys
import time
import zlib

import test_worked_example as W
import fastdump
from clitest import CliTest, g, main, run_cli
import testlib  # noqa: E402  (tests/testlib.py, on the path through clitest)

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


# ESC [ 3 1 m (red), BEL, the C1 CSI (U+009B) and a carriage return: what
# a terminal acts on. Names in the dump are modified UTF-8: raw bytes here.
EVIL = b'com/evil/\x1b[31mRed\x07\xc2\x9b2J\rX'
EVIL_JAVA = EVIL.replace(b'/', b'.').decode('utf-8')
CONTROL = re.compile(rb'[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]')


def evil_dump(path, extra=0):
    """An evil-named class holding most of the heap (a suspect, the first
    dominator), with an evil field name, and `extra` more instances."""
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(0x1000, 'java/lang/Object')
    d.cls(0x1008, '[I', super_id=0x1000)
    d.cls(0x1010, EVIL, super_id=0x1000, fields=[(b'f\x1b]0;title\x07', g.OBJECT)])
    for c in (0x1000, 0x1008, 0x1010):
        d.sticky(c)
    d.instance(0x2000, 0x1010, {b'f\x1b]0;title\x07': 0x3000})
    d.prim_array(0x3000, g.INT, [0] * 1000)
    d.jni_global(0x2000)
    for i in range(extra):
        d.instance(0x4000 + 8 * i, 0x1010, {b'f\x1b]0;title\x07': 0})
        d.jni_global(0x4000 + 8 * i)
    h.write(path)
    return path


class TerminalEscapes(CliTest):
    """Control characters in names never reach stdout raw in text output;
    JSON keeps the exact name."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.file = evil_dump(cls.path('evil.hprof'))
        cls.more = evil_dump(cls.path('evil-more.hprof'), extra=10)

    def text(self, args):
        p = run_cli(args, T)
        self.assertNoCrash(p, ' '.join(args))
        self.assertEqual(p.returncode, 0, err(p))
        self.assertIsNone(CONTROL.search(p.stdout), '%s: raw control character in %r' % (args[0], p.stdout[:3000]))
        return p.stdout.decode('utf-8')

    def test_text_outputs(self):
        out = self.text(['classes', self.file])
        self.assertIn('com.evil.\\u001b[31mRed\\u0007\\u009b2J\\u000dX', out)
        out = self.text(['dominators', self.file])
        self.assertIn('com.evil.\\u001b[31mRed', out)
        out = self.text(['objects', self.file, '--class', EVIL_JAVA])
        self.assertIn('com.evil.\\u001b[31mRed', out)
        for args in (['leaks', self.file], ['suspects', self.file], ['diff', self.file, self.more],
                     ['summary', self.file]):
            self.text(args)
        self.assertIn('com.evil.\\u001b[31mRed', self.text(['diff', self.file, self.more]))

    def test_json_escapes_c1_controls(self):
        # U+0085 (NEL) and the other C1 controls are line breaks or
        # terminal commands to some readers: JSON output writes them as
        # \u0085, which every JSON reader turns back into the character
        path = self.path('nel.hprof')
        h = g.Hprof(version='1.0.2', id_size=4)
        d = h.heap_dump(segmented=True)
        d.cls(0x1000, 'java/lang/Object')
        d.cls(0x1010, 'com/evil/Next\u0085Line', super_id=0x1000)
        d.sticky(0x1000)
        d.sticky(0x1010)
        d.instance(0x2000, 0x1010, {})
        d.jni_global(0x2000)
        h.write(path)
        # classes goes through the CLI's terminal filter, object prints the
        # engine's JSON as it is
        for args, name_of in ((['classes', path, '--json'], lambda j: [r['name'] for r in j]),
                              (['object', path, '0x2000', '--json'], lambda j: [j['class']])):
            p = run_cli(args, T)
            self.assertNoCrash(p, ' '.join(args))
            self.assertEqual(p.returncode, 0, err(p))
            self.assertIsNone(CONTROL.search(p.stdout), '%s: raw control character in %r' % (args[0], p.stdout[:3000]))
            self.assertIn(b'com.evil.Next\\u0085Line', p.stdout, args[0])
            self.assertIn('com.evil.Next\u0085Line', name_of(json.loads(p.stdout.decode('utf-8'))), args[0])

    def test_json_exact(self):
        c = self.classes(self.file)
        self.assertIn(EVIL_JAVA, [r['name'] for r in c])
        d = self.dominators(self.file, 3)
        self.assertEqual(d[0]['class'], EVIL_JAVA)
        self.assertEqual(len(self.objects(self.file, EVIL_JAVA)), 1)


class LongLabels(CliTest):
    """The "class NAME" label of a class object is cut at a character
    boundary, with an ellipsis."""

    def test_cut_at_character(self):
        name = '中' * 400          # 1,200 bytes of 3-byte characters
        h = g.Hprof(version='1.0.2', id_size=4)
        d = h.heap_dump(segmented=True)
        d.cls(0x1000, 'java/lang/Object')
        d.cls(0x1010, name, super_id=0x1000, statics=[('s', g.INT, 1)])
        d.sticky(0x1000)
        d.sticky(0x1010)
        path = self.write(h, 'long.hprof')
        rows = self.dominators(path, 5)   # decoded strictly: valid UTF-8
        labels = [r['class'] for r in rows if r['class'].startswith('class 中')]
        # 1,000 bytes of name at most: 333 whole characters (999 bytes).
        self.assertEqual(labels, ['class ' + '中' * 333 + '…'])
        p = run_cli(['dominators', path], T)
        self.assertEqual(p.returncode, 0)
        p.stdout.decode('utf-8')   # strict


class NoDataArrays(CliTest):
    """PRIMITIVE_ARRAY_NODATA (0xC3): element types and lengths checked as
    for PRIMITIVE_ARRAY_DUMP (0x23)."""

    def dump(self, name, typ, length):
        h = g.Hprof(version='1.0.3', id_size=4)
        d = h.heap_dump(segmented=True)
        d.cls(0x1000, 'java/lang/Object')
        d.sticky(0x1000)
        d.raw(bytes([g.SUB_PRIMITIVE_ARRAY_NODATA]) + g.u4(0x3000) + g.u4(0) + g.u4(length) + bytes([typ]))
        d.jni_global(0x3000)
        return self.write(h, name)

    def test_bad_types_and_lengths(self):
        for name, typ, length in (('object', g.OBJECT, 4), ('type-12', 12, 4), ('type-0', 0, 4),
                                  ('long-huge', g.LONG, 0xFFFFFFFF), ('int-huge', g.INT, 0x40000000)):
            path = self.dump('nodata-%s.hprof' % name, typ, length)
            self.assertLess(os.path.getsize(path), 300)
            p = run_cli(['summary', path, '--json'], T)
            self.assertNoCrash(p, name)
            self.assertEqual(p.returncode, 2, '%s: %s %s' % (name, p.stdout[:300], err(p)))
            self.assertIn('offset', err(p))
            self.assertIn('0xc3', err(p))

    def test_sane_one_loads(self):
        # int[1000] without data, Android: align(12 + 4,000, 8) = 4,016.
        path = self.dump('nodata-ok.hprof', g.INT, 1000)
        s = self.summary(path)
        self.assertSummary(s, objects=2, shallow_bytes=4016)


class GzipDumps(CliTest):
    """No compression ratio is refused: a gzip bomb stops at the room in the
    temporary folder or at Ctrl+C; errors in a .gz dump name the offset in
    the uncompressed data; a 'truncated' warning survives a load that then
    fails."""

    def bomb(self, name, members):
        """jcmd -gz writes one gzip member per block: a header member, then
        members of 16 MiB of zeros each (16.3 KB compressed, 1,030:1):
        650 of them make a 10.6 MB file that inflates to 10.2 GiB. The
        zeros are what a writer could write: the contents of byte arrays
        of up to 200 x 16 MiB (3.2 GiB), each in a heap dump segment of
        its own whose record header and array header are a member
        before its zeros."""
        h = g.Hprof(version='1.0.2', id_size=4)
        d = h.heap_dump(segmented=True, end=False)
        d.cls(0x1000, 'java/lang/Object')
        d.cls(0x1008, '[B', super_id=0x1000)
        d.sticky(0x1000)
        d.sticky(0x1008)
        zeros = g.gzip_single(bytes(16 << 20))
        out = [g.gzip_single(h.build())]
        array_id = 0x9000
        while members > 0:
            m = min(members, 200)
            n = m << 24
            # HEAP_DUMP_SEGMENT (u1 tag, u4 time, u4 length), then a
            # PRIMITIVE_ARRAY_DUMP: u1 0x23, id, u4 stack serial, u4
            # length, u1 type (8: byte), then its n bytes
            head = (b'\x1c' + (0).to_bytes(4, 'big') + (14 + n).to_bytes(4, 'big')
                    + b'\x23' + array_id.to_bytes(4, 'big') + (0).to_bytes(4, 'big')
                    + n.to_bytes(4, 'big') + b'\x08')
            out.append(g.gzip_single(head))
            out.append(zeros * m)
            members -= m
            array_id += 8
        return self.write_bytes(b''.join(out), name)

    def zeros_after(self, head, name, gib):
        """head, then gib GiB of zeros, as gzip members of 16 MiB each."""
        zeros = g.gzip_single(bytes(16 << 20))
        return self.write_bytes(g.gzip_single(head) + zeros * (gib * 64), name)

    def test_zeros_no_writer_writes_stop_the_inflating(self):
        # A valid header (or a whole valid dump) then 4 GiB of zeros: the
        # zeros read as a record of tag 0, which no HPROF writer writes;
        # the inflating stops there, with the offset in the uncompressed
        # data, instead of writing 4 GiB to the temporary folder first.
        # Proof that it stops early: a file size limit of 64 MiB on the
        # child (a write past it fails, or SIGXFSZ kills the child).
        h = g.Hprof(version='1.0.2', id_size=4)
        header = h.header()
        d = h.heap_dump(segmented=True)
        d.cls(0x1000, 'java/lang/Object')
        d.sticky(0x1000)
        whole = h.build()

        def limit():
            resource.setrlimit(resource.RLIMIT_FSIZE, (64 * MB, 64 * MB))
        for head, what in ((header, 'header'), (whole, 'dump')):
            path = self.zeros_after(head, 'zeros-after-%s.hprof.gz' % what, 4)
            self.assertLess(os.path.getsize(path), 5 << 20)
            tmpdir = self.path('tmp-zeros-' + what)
            os.mkdir(tmpdir)
            p = subprocess.run([os.environ['HS_CLI'], 'summary', path], preexec_fn=limit,
                               env=dict(os.environ, TMPDIR=tmpdir), stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=T * 4)
            e = err(p)
            self.assertEqual(p.returncode, 2, what + ': ' + e)
            self.assertIn(path, e)
            self.assertIn('record of tag 0x00 at offset %d of the uncompressed data' % len(head), e)
            self.assertEqual(os.listdir(tmpdir), [])

    def test_over_1000_to_1_loads(self):
        # A genuine dump that is one zero array: a byte[300 MiB] of zeros
        # (what a fresh buffer or an OOM in a big new byte[] leaves), which
        # deflate packs past 1,000:1. No ratio is refused: it
        # loads, and the inflated data is a mapped temporary file, not the
        # process's heap (its own anonymous memory stays small).
        n = 300 << 20
        h = g.Hprof(version='1.0.2', id_size=4)
        d = h.heap_dump(segmented=True)
        d.cls(0x1000, 'java/lang/Object')
        d.cls(0x1008, '[B', super_id=0x1000)
        d.sticky(0x1000)
        d.sticky(0x1008)
        d.prim_array(0x9000, g.BYTE, data=bytes(n))
        d.jni_global(0x9000)
        z = zlib.compressobj(9, zlib.DEFLATED, 31)
        gz = z.compress(h.build()) + z.flush()
        path = self.write_bytes(gz, 'zeros-1000.hprof.gz')
        whole = n + 16
        self.assertGreater(whole, 1000 * len(gz), 'ratio %.0f:1' % (whole / len(gz)))
        tmpdir = self.path('tmp-zeros')
        os.mkdir(tmpdir)
        p = testlib.run_measured([os.environ['HS_CLI'], 'summary', path, '--json'],
                                 env=dict(os.environ, TMPDIR=tmpdir), timeout=T * 4)
        self.assertEqual(p.returncode, 0, err(p))
        s = json.loads(p.stdout)
        # byte[n] on a 4-byte-id JVM dump: align(12 + n, 8) = 16 + n.
        self.assertEqual(s['objects'], 3)
        self.assertEqual(s['shallow_bytes'], 16 + n)
        self.assertEqual(os.listdir(tmpdir), [])
        # The child's own anonymous memory, sampled (docs/testing.md): far
        # below the 300 MiB it inflated.
        self.assertLess(p.rss_anon, testlib.budget(100) * MB, 'peak RssAnon %.0f MB' % (p.rss_anon / MB))
        print('%.0f:1 dump: peak RssAnon %.0f MB, VmHWM %.0f MB'
              % (whole / len(gz), p.rss_anon / MB, p.hwm / MB), file=sys.stderr)

    def test_bomb_stops_at_the_folder_room(self):
        # A 10 GiB bomb with TMPDIR on a 64 MiB tmpfs (a mount namespace of
        # its own, so nothing is left mounted): stopped at the folder's
        # room with a message naming the folder and the room, and nothing
        # left in it (the temporary file is unlinked from the start).
        if os.geteuid() != 0 or not shutil.which('unshare'):
            self.skipTest('needs root and unshare to mount a small tmpfs')
        if subprocess.run(['unshare', '--mount', '--propagation', 'private', 'true'],
                          stderr=subprocess.DEVNULL).returncode != 0:
            self.skipTest('cannot make a mount namespace here')
        path = self.bomb('bomb-10g.hprof.gz', 640)
        self.assertLess(os.path.getsize(path), 11 << 20)
        tmpdir = self.path('tmp-small')
        os.mkdir(tmpdir)
        script = ('mount -t tmpfs -o size=64m tmpfs "$1" || exit 77\n'
                  'TMPDIR="$1" "$2" summary "$3"; rc=$?\n'
                  'echo "left: $(ls -A "$1" | wc -l) used: $(df -k --output=used "$1" | tail -n 1)"\n'
                  'exit $rc\n')
        p = subprocess.run(['unshare', '--mount', '--propagation', 'private', 'sh', '-c', script, 'sh',
                            tmpdir, os.environ['HS_CLI'], path], stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=T * 4)
        if p.returncode == 77:
            self.skipTest('cannot mount a tmpfs here: ' + err(p))
        e = err(p)
        self.assertEqual(p.returncode, 2, e)
        self.assertIn(path, e)
        self.assertIn('the temporary folder %s has room for' % tmpdir, e)
        self.assertIn('set TMPDIR', e)
        left = p.stdout.decode().split()
        self.assertEqual(left[:2], ['left:', '0'], p.stdout)
        self.assertLess(int(left[3]), 1024, 'KiB still used in the tmpfs: %s' % p.stdout)

    def test_ctrl_c_while_decompressing(self):
        # Ctrl+C while a 10 GiB bomb inflates: the progress line (stderr a
        # terminal) shows the phase; SIGINT cancels it; exit 130, the
        # temporary folder empty.
        import pty
        import signal
        path = self.bomb('bomb-ctrl-c.hprof.gz', 640)
        tmpdir = self.path('tmp-ctrl-c')
        os.mkdir(tmpdir)
        master, slave = pty.openpty()
        child = subprocess.Popen([os.environ['HS_CLI'], 'summary', path], env=dict(os.environ, TMPDIR=tmpdir),
                                 stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=slave)
        os.close(slave)
        seen = b''
        try:
            while b'Decompressing' not in seen:
                try:
                    chunk = os.read(master, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
            self.assertIn(b'Decompressing the file', seen)
            child.send_signal(signal.SIGINT)
            rc = child.wait(timeout=T)
            while True:
                try:
                    chunk = os.read(master, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                seen += chunk
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
            os.close(master)
        self.assertEqual(rc, 130, seen)
        self.assertIn(b'cancelled', seen)
        self.assertEqual(os.listdir(tmpdir), [])

    def test_error_offset_is_uncompressed(self):
        h, d, bad = None, None, None
        h = g.Hprof(version='1.0.2', id_size=4)
        d = h.heap_dump(segmented=True)
        d.cls(0x1000, 'java/lang/Object')
        bad = d.raw(b'\x77' + b'\0' * 16)
        path = self.write(h, 'bad-tag.hprof.gz', compress='gzip')
        p = run_cli(['summary', path], T)
        self.assertEqual(p.returncode, 2, err(p))
        self.assertIn('offset %d of the uncompressed data' % bad.offset, err(p))

    def test_truncated_warning_kept_on_failure(self):
        h = W.build()
        whole = h.build()
        gz = g.gzip_single(whole)
        path = self.write_bytes(gz[:len(gz) - 12], 'cut.hprof.gz')   # the trailer and some data gone
        # Dump 1 does not exist: the load fails, and still says it was cut.
        p = run_cli(['summary', path, '--dump=1'], T)
        self.assertEqual(p.returncode, 2, err(p))
        self.assertIn('truncated', err(p))
        self.assertIn('dump', err(p))


class TimeOnHostileClasses(CliTest):
    """Per-class facts once per class, top-down; names from the dump in
    keyed hash tables. Before the fixes each of these ran past 100 s, the
    work growing with the square of the input. Each runs an input and one
    4 times as big in the same run and compares their CPU times
    (testlib.assert_scales, docs/testing.md): no wall time, no budget that
    a slower machine or a sanitizer would miss."""

    def timed(self, args):
        p, cpu = testlib.run_cpu([os.environ['HS_CLI']] + list(args))
        self.assertNoCrash(p, ' '.join(map(str, args)))
        self.assertEqual(p.returncode, 0, err(p))
        return cpu, p

    def test_cleaner_at_the_top_of_a_deep_chain(self):
        # sun.misc.Cleaner <- C1 <- ... <- C(n-1): every class is a Cleaner;
        # the native phase walked the chain for each (n^2 steps).
        cpu = []
        for n in (25000, 100000):
            path = fastdump.chain(self.path('cleaner-chain-%d.hprof' % n), n, b'sun/misc/Cleaner')
            cpu.append(self.timed(['dominators', path, '--top=3'])[0])
        testlib.assert_scales(self, cpu[0], cpu[1], 'dominators, a Cleaner chain')

    def cleaner_thunks(self, depth, n):
        # java.nio.DirectByteBuffer$Deallocator <- C1 <- ... <- C(depth-1),
        # the last declaring `int capacity`; one thunk of it (capacity 4096)
        # and n sun.misc.Cleaner objects with thunk = it, referent = one
        # Holder. Each cleaner's thunk test walked the whole class chain
        # (n * depth steps); per-class facts make it one lookup. Every
        # cleaner charges the thunk's capacity to the Holder: n * 4096.
        obj, holder_c, cleaner_c = fastdump.OBJECT_ID, 0x1008, 0x1010
        classes = [(obj, b'java/lang/Object', 0, []),
                   (holder_c, b'com/example/Holder', obj, []),
                   (cleaner_c, b'sun/misc/Cleaner', obj, [(b'thunk', 2), (b'referent', 2)])]
        prev = obj
        for i in range(depth):
            cid = 0x100000 + 8 * i
            name = b'java/nio/DirectByteBuffer$Deallocator' if i == 0 else b'C%d' % i
            classes.append((cid, name, prev, [(b'capacity', 10)] if i == depth - 1 else []))
            prev = cid
        thunk, holder = 0x80000000, 0x80000008
        insts = [(thunk, prev, (4096).to_bytes(4, 'big')), (holder, holder_c, 0)]
        insts += [(0x90000000 + 8 * i, cleaner_c, thunk.to_bytes(4, 'big') + holder.to_bytes(4, 'big'))
                  for i in range(n)]
        path = fastdump.write(self.path('cleaner-thunks-%d.hprof' % n), classes, insts)
        cpu, p = self.timed(['objects', path, '--class=com.example.Holder', '--json'])
        rows = json.loads(p.stdout)
        self.assertEqual(len(rows), 1)
        self.assertEqual(rows[0]['native_size'], n * 4096)
        self.assertEqual(rows[0]['retained_native'], n * 4096)
        return cpu

    def test_cleaners_with_deep_thunk_classes(self):
        # Both sides 4 times bigger: the naive walk's steps grow 16 times.
        small = self.cleaner_thunks(25000, 25000)
        big = self.cleaner_thunks(100000, 100000)
        testlib.assert_scales(self, small, big, 'objects, cleaners with deep thunk classes')

    def test_deep_chain(self):
        cpu = {}
        for n in (75000, 300000):
            path = fastdump.chain(self.path('chain-%d.hprof' % n), n)
            cpu[n], p = self.timed(['summary', path, '--json'])
            # n + java.lang.Object dumped; java.lang.Class is always listed.
            self.assertEqual(json.loads(p.stdout)['class_objects'], n + 1)
            cpu[n] += self.timed(['dominators', path, '--top=3'])[0]
        testlib.assert_scales(self, cpu[75000], cpu[300000], 'summary and dominators, a deep class chain')

    def test_leaks_of_deep_classes(self):
        # watched objects of the class at the bottom of a deep chain: each
        # leak's one node is described, which walked the whole chain to test
        # for java.lang.Thread (and, under Thread, to read its `name`): 6e8
        # steps, 9 s (47 s under Thread) of CPU for 2,000 leaks at 300,000
        # deep; the facts are now per class, once. Every object is a JNI
        # global root and its own one-node trace; with 4-byte ids an
        # instance is 8 bytes of header plus its fields, aligned to 8.
        for thread, size in ((False, 8), (True, 16)):
            cpu = []
            for depth, n in ((75000, 500), (300000, 2000)):
                path = fastdump.watched_deep(self.path('deep-leaks-%d-%d.hprof' % (thread, n)), depth, n, thread)
                secs, p = self.timed(['leaks', path, '--json'])
                cpu.append(secs)
                r = json.loads(p.stdout)
                self.assertEqual(r['leaking_objects'], n)
                self.assertEqual(len(r['application_leaks']), 1)
                traces = r['application_leaks'][0]['traces']
                self.assertEqual(len(traces), n)
                self.assertEqual({(len(t['nodes']), t['nodes'][0]['class'], t['retained_bytes']) for t in traces},
                                 {(1, 'C%d' % (depth - 1), size)})
            testlib.assert_scales(self, cpu[0], cpu[1], 'leaks of a deep class%s' % (' under Thread' if thread else ''))

    def flood_cpu(self, bits, mapping=False):
        path = fastdump.flood(self.path('flood-%d.hprof' % bits), bits)
        if not mapping:
            cpu, p = self.timed(['summary', path, '--json'])
            self.assertEqual(json.loads(p.stdout)['class_objects'], (1 << bits) + 1)
            c2, p = self.timed(['classes', path, '--json', '--limit=3'])
            self.assertEqual(len(json.loads(p.stdout)), 3)
            return cpu + c2
        # A mapping rebuilds the lookup of classes by name (hs-heap-mapping.c).
        first = 'p.' + fastdump.colliding_names(bits)[0].decode()
        mp = self.path('flood-mapping-%d.txt' % bits)
        with open(mp, 'w') as f:
            f.write('com.example.Real -> %s:\n' % first)
        cpu, p = self.timed(['classes', path, '--json', '--mapping', mp])
        names = {r['name'] for r in json.loads(p.stdout)}
        self.assertIn('com.example.Real', names)
        self.assertNotIn(first, names)
        self.assertEqual(len(names), (1 << bits) + 2)   # and java.lang.Object, java.lang.Class
        return cpu

    def test_colliding_names(self):
        # 2^bits class names and as many field names with one g_str_hash:
        # in GLib's unseeded table every lookup walked all of them.
        testlib.assert_scales(self, self.flood_cpu(14), self.flood_cpu(16), 'summary and classes, colliding names')

    def test_colliding_names_with_a_mapping(self):
        # In a g_str_hash table, 65,536 colliding names took 2e9 probes
        # (over 30 s); keyed, what any 65,536 names take. One class renamed.
        testlib.assert_scales(self, self.flood_cpu(14, True), self.flood_cpu(16, True),
                              'classes --mapping, colliding names')


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
