#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Malformed and hostile inputs. Each must exit 2 with a message
naming the file and a byte offset, never crash or hang - except where the
format says the input is fine (unknown top-level records are skipped by
their length; invalid UTF-8 in names is shown, replaced)."""

import os
import shutil
import subprocess

import test_worked_example as W
from clitest import CliTest, g, hexid, main, run_cli

T = 30  # seconds: anything slower on these tiny files is a hang


def base(**kw):
    return W.build(**kw)


def sub_base(extra):
    """The worked example with `extra(d)` called inside its heap dump
    (after the instances, before the roots are written)."""
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(W.OBJ, 'java/lang/Object')
    d.cls(W.CLS, 'java/lang/Class', super_id=W.OBJ)
    d.cls(W.PAIR, 'com/example/Pair', super_id=W.OBJ, fields=[('i', g.INT), ('j', g.LONG)])
    d.instance(W.PAIR_I, W.PAIR, {'i': 3, 'j': 4})
    item = extra(d)
    d.sticky(W.OBJ)
    d.jni_global(W.PAIR_I)
    return h, d, item


class Malformed(CliTest):
    def fails(self, data_or_h, name, offset=None, need_offset=True):
        if isinstance(data_or_h, g.Hprof):
            f = self.write(data_or_h, name)
        else:
            f = self.write_bytes(data_or_h, name)
        proc = run_cli(['summary', f, '--json'], T)
        self.assertCleanError(proc, f, name, offset=offset, need_offset=need_offset)
        return proc

    def survives(self, h, name):
        """Exit 0 (JSON on stdout) or a clean exit 2; returns the summary or None."""
        f = self.write(h, name)
        proc = run_cli(['summary', f, '--json'], T)
        self.assertNoCrash(proc, name)
        if proc.returncode == 2:
            self.assertCleanError(proc, f, name)
            return None
        return self.summary(f)

    def fails_or_warns_truncated(self, h, name):
        f = self.write(h, name)
        proc = run_cli(['summary', f, '--json'], T)
        self.assertNoCrash(proc, name)
        if proc.returncode == 0:
            self.assertRegex(proc.stderr.decode('utf-8', 'replace'), r'(?i)truncat|ended early|ends early',
                             name + ': loaded without a truncation warning')
        else:
            self.assertCleanError(proc, f, name)

    # --- header -------------------------------------------------------------------
    def test_empty_file(self):
        self.fails(b'', 'empty.hprof')

    def test_bad_magic(self):
        self.fails(g.Hprof(magic=b'JAVA PROFILX 1.0.2\0').build(), 'magic.hprof')
        self.fails(b'PK\x03\x04' + b'\0' * 60, 'zip.hprof')

    def test_no_nul_in_header(self):
        self.fails(b'JAVA PROFILE 1.0.2' + b'A' * 5000, 'nonul.hprof')

    def test_unknown_version(self):
        h = base()
        h.magic = b'JAVA PROFILE 1.0.9\0'
        self.fails(h, 'version.hprof')
        h.magic = b'JAVA PROFILE 2.0.2\0'
        self.fails(h, 'version2.hprof')

    def test_bad_id_size(self):
        for size in (3, 0, 16):
            h = g.Hprof(version='1.0.2', id_size=size)
            self.fails(h.build() + b'\0' * 64, 'idsize%d.hprof' % size)

    # --- records ------------------------------------------------------------------
    def test_unknown_top_level_tags_are_skipped(self):
        # Records carry their length: tags 0x42 and 0x99 are skipped, and the
        # worked example still gives its numbers (10 objects, 96 bytes).
        h = base()
        h.items.insert(0, g.Record(0x42, b'unknown record body'))
        h.items.append(g.Record(0x99, b''))
        h.items.append(g.Record(0x43, bytes(range(256)) * 4))
        s = self.summary(self.write(h, 'unknown-records.hprof'))
        self.assertSummary(s, objects=10, shallow_bytes=96, reachable_bytes=96, gc_roots=7)

    def test_unknown_record_between_segments(self):
        # One segmented dump (first 0x1C to 0x2C) with an unknown record
        # between its two segments.
        h = g.Hprof(version='1.0.2', id_size=4)
        d1 = h.heap_dump(segmented=True, end=False)
        d1.cls(W.OBJ, 'java/lang/Object')
        d1.cls(W.PAIR, 'com/example/Pair', super_id=W.OBJ, fields=[('i', g.INT), ('j', g.LONG)])
        h.record(0x55, b'\1\2\3')
        d2 = h.heap_dump(segmented=True, end=True)
        d2.instance(W.PAIR_I, W.PAIR, {'i': 1, 'j': 2})
        d2.jni_global(W.PAIR_I)
        s = self.summary(self.write(h, 'between.hprof'))
        # 2 classes + Pair (alignUp(4 + 8 + 8, 4) = 20 -> 24)
        self.assertSummary(s, dumps=1, objects=3, shallow_bytes=24, reachable_bytes=24)

    def test_unknown_sub_record_tag(self):
        h, d, item = sub_base(lambda d: d.raw(b'\x77' + b'\0' * 16))
        data = h.build()
        self.assertEqual(data[item.offset], 0x77)
        self.fails(data, 'subtag.hprof', offset=item.offset)

    def test_record_length_past_eof(self):
        h = base()
        h.record(g.TAG_STRING, h.idb(0x12345) + b'abc', length=0x7fffffff)
        self.fails_or_warns_truncated(h, 'string-past-eof.hprof')
        h = base()
        h.items[-1].set_length(0, 0xfffffff0)
        self.fails_or_warns_truncated(h, 'segment-past-eof.hprof')

    def test_sub_record_crossing_segment_end(self):
        h = base()
        d = h.items[-1]
        h.build()
        first_len = d.segments[0][1]
        d.set_length(0, first_len - 3)   # the last CLASS_DUMP of segment 0 sticks out
        self.fails(h, 'crossing.hprof')

    def test_huge_array_lengths(self):
        cases = {
            'prim-neg': lambda d: d.prim_array(0x3000, g.INT, [1, 2], length=0xFFFFFFFF),
            'prim-huge': lambda d: d.prim_array(0x3000, g.LONG, [1], length=0x7FFFFFFF),
            'obj-neg': lambda d: d.obj_array(0x3000, W.OBJ, [W.PAIR_I], length=0x80000000),
            'obj-huge': lambda d: d.obj_array(0x3000, W.OBJ, [W.PAIR_I], length=0x40000000),
            'inst-huge': lambda d: d.instance(0x3000, W.PAIR, {'i': 1}, nbytes=0xFFFFFFF0),
        }
        for name, extra in cases.items():
            with self.subTest(name):
                h, d, item = sub_base(extra)
                self.fails(h, name + '.hprof')

    def test_bad_basic_types(self):
        cases = {
            'prim-type-object': lambda d: d.prim_array(0x3000, g.OBJECT, data=b'\0' * 8, length=2),
            'prim-type-3': lambda d: d.raw(g.u1(g.SUB_PRIM_ARRAY_DUMP) + g.u4(0x3000) + g.u4(0) + g.u4(2)
                                           + g.u1(3) + b'\0' * 8),
            'field-type-13': lambda d: d.raw(g.u1(g.SUB_CLASS_DUMP) + g.u4(0x1100) + g.u4(0) + g.u4(W.OBJ)
                                             + g.u4(0) * 5 + g.u4(4) + g.u2(0) + g.u2(0) + g.u2(1)
                                             + g.u4(d.h.name('f')) + g.u1(13)),
            'static-type-1': lambda d: d.raw(g.u1(g.SUB_CLASS_DUMP) + g.u4(0x1100) + g.u4(0) + g.u4(W.OBJ)
                                             + g.u4(0) * 5 + g.u4(0) + g.u2(0) + g.u2(1)
                                             + g.u4(d.h.name('s')) + g.u1(1) + g.u4(0) + g.u2(0)),
        }
        for name, extra in cases.items():
            with self.subTest(name):
                h, d, item = sub_base(extra)
                self.fails(h, name + '.hprof')

    # --- classes ------------------------------------------------------------------
    def test_superclass_loop(self):
        # docs/semantics.md: a looping superclass chain is cut where it loops
        # and the summary warns (the dump is still worth reading, so it
        # loads): exit 0, a warning naming the class on stderr and
        # in the summary.
        # Objects: Object, Class, Pair + the loop classes (class objects),
        # the Pair and the loop instance.
        def loop2(d):
            d.cls(0x1100, 'com/example/LoopA', super_id=0x1108, fields=[('a', g.INT)])
            d.cls(0x1108, 'com/example/LoopB', super_id=0x1100, fields=[('b', g.INT)])
            return d.instance(0x3000, 0x1100, data=b'\0' * 8)

        def loop1(d):
            d.cls(0x1100, 'com/example/Self', super_id=0x1100, fields=[('a', g.INT)])
            return d.instance(0x3000, 0x1100, data=b'\0' * 4)

        for name, extra, n_objects, cls in (('loop2', loop2, 7, 'LoopA'), ('loop1', loop1, 6, 'Self')):
            with self.subTest(name):
                h, d, item = sub_base(extra)
                f = self.write(h, name + '.hprof')
                proc = run_cli(['summary', f, '--json'], T)
                self.assertNoCrash(proc, name)
                err = proc.stderr.decode('utf-8', 'replace')
                self.assertEqual(proc.returncode, 0, err)
                self.assertRegex(err, r'(?i)loop', name + ': no warning about the loop')
                self.assertIn(cls, err)
                s = self.summary(f)
                self.assertRegex(s['warning'] or '', r'(?i)loop')
                self.assertIn(cls, s['warning'])
                self.assertSummary(s, objects=n_objects, instances=2)

    def test_instance_of_missing_class(self):
        # docs/semantics.md: an instance whose class is missing has no class
        # and size 0; the reference to the missing class is dangling (the
        # brief asked for exit 2; the project decided to load: exit 0).
        # Objects: 3 class objects + Pair + the orphan = 5, instances 2;
        # shallow: Pair alignUp(4 + 8 + 8, 4) = 20 -> 24, the orphan 0.
        h, d, item = sub_base(lambda d: d.instance(0x3000, 0x7777, data=b'\0' * 8))
        s = self.summary(self.write(h, 'noclass.hprof'))
        self.assertSummary(s, objects=5, instances=2, shallow_bytes=24, dangling_references=1)

    def test_missing_superclass(self):
        # Not decided by the spec: loading (exit 0) or refusing (exit 2) are
        # both fine, crashing is not.
        def extra(d):
            d.cls(0x1100, 'com/example/Orphan', super_id=0x6666, fields=[('a', g.INT)])
            return d.instance(0x3000, 0x1100, {'a': 1})
        h, d, item = sub_base(extra)
        self.survives(h, 'orphan.hprof')

    def test_duplicate_object_ids(self):
        h, d, item = sub_base(lambda d: d.instance(W.PAIR_I, W.PAIR, {'i': 9}))
        self.survives(h, 'dup-id.hprof')

    def test_invalid_utf8_names(self):
        # Class and field names with bytes that are not UTF-8: the JSON must
        # still be valid UTF-8 (json_of decodes strictly) and keep the rest.
        def extra(d):
            d.cls(0x1100, b'com/example/Bad\xff\xfe\xc3Name', super_id=W.OBJ, fields=[(b'f\x80\xbf', g.INT)])
            d.cls(0x1108, b'com/example/Trunc\xe2\x82', super_id=W.OBJ)
            return d.instance(0x3000, 0x1100, {'f\ufffd\ufffd': 1})
        h, d, item = sub_base(extra)
        f = self.write(h, 'utf8.hprof')
        rows = self.classes(f)
        names = [r['name'] for r in rows]
        bad = [n for n in names if n.startswith('com.example.Bad') and n.endswith('Name')]
        self.assertEqual(len(bad), 1, names)
        self.assertEqual(self.row(rows, bad[0])['count'], 1)
        self.assertEqual(len([n for n in names if n.startswith('com.example.Trunc')]), 1, names)
        self.summary(f)
        objs = self.objects(f, bad[0])
        self.assertEqual([hexid(o['id']) for o in objs], [0x3000])

    # --- the file itself ----------------------------------------------------------
    def test_directory(self):
        p = self.path('a-directory.hprof')
        os.mkdir(p)
        proc = run_cli(['summary', p, '--json'], T)
        self.assertCleanError(proc, p, 'directory', need_offset=False)

    def test_nonexistent(self):
        p = self.path('no-such-file.hprof')
        proc = run_cli(['summary', p, '--json'], T)
        self.assertCleanError(proc, p, 'nonexistent', need_offset=False)

    def test_unreadable(self):
        p = self.write(base(), 'unreadable.hprof')
        os.chmod(p, 0)
        if os.geteuid() != 0:
            proc = run_cli(['summary', p, '--json'], T)
        else:
            # root reads anything: run the CLI as nobody instead (the file and
            # the temporary directory must be reachable for it).
            setpriv = shutil.which('setpriv')
            if not setpriv:
                self.skipTest('running as root and setpriv is missing: cannot test an unreadable file')
            # The build directory may sit under a folder nobody cannot enter
            # (a clone in /root): run a copy of the CLI from the test folder.
            os.chmod(self.tmp, 0o755)
            cli = shutil.copy(os.environ['HS_CLI'], self.path('heapscope-cli-copy'))
            os.chmod(cli, 0o755)
            try:
                proc = subprocess.run([setpriv, '--reuid=65534', '--regid=65534', '--clear-groups',
                                       cli, 'summary', p, '--json'],
                                      stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, timeout=T)
            except subprocess.TimeoutExpired:
                self.fail('unreadable: hang')
            if proc.stderr.startswith(b'setpriv:'):
                self.skipTest('running as root, and the CLI cannot be run as nobody here: %r' % proc.stderr)
        self.assertCleanError(proc, p, 'unreadable', need_offset=False)

    def test_not_gzip_after_gzip_magic(self):
        self.fails(b'\x1f\x8b\x08\x00' + b'\xff' * 200, 'badgz.hprof.gz')


if __name__ == '__main__':
    main()
