#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Files with two dumps (old hprof agent style 0x0C records; two runs of
0x1C ... 0x2C segments are one dump, see docs/semantics.md), --dump N, and gzip (one member, and the multi-member
files `jcmd GC.heap_dump -gz=1` writes) giving the same results as the plain
file."""

import test_sizes
import test_worked_example
from clitest import CliTest, g, main, run_cli

# Two dumps, 4-byte ids. Classes java.lang.Object, java.lang.Class,
# com.example.Leaf {int v} (alignUp(4 + 8, 4) = 12 -> 16), written in both dumps.
#   dump 0: 3 Leafs, only the first a root (JNI global): objects 3 + 3 = 6,
#           gc_roots 3 classes + 1 = 4, reachable 4, unreachable 2,
#           shallow 3 * 16 = 48, reachable 16, unreachable 32
#   dump 1: 5 Leafs, all Java-frame roots: objects 3 + 5 = 8, gc_roots 8,
#           reachable 8, shallow 80, all reachable
OBJ, CLS, LEAF = 0x1000, 0x1008, 0x1010
DUMP0 = [0x2000, 0x2010, 0x2020]
DUMP1 = [0x3000, 0x3010, 0x3020, 0x3030, 0x3040]


def build_two(segmented):
    h = g.Hprof(version='1.0.2' if segmented else '1.0.1', id_size=4)
    for n, leaves in enumerate((DUMP0, DUMP1)):
        d = h.heap_dump(segmented=segmented, segment_every=3)
        d.cls(OBJ, 'java/lang/Object')
        d.cls(CLS, 'java/lang/Class', super_id=OBJ)
        d.cls(LEAF, 'com/example/Leaf', super_id=OBJ, fields=[('v', g.INT)])
        for i, o in enumerate(leaves):
            d.instance(o, LEAF, {'v': i})
        for c in (OBJ, CLS, LEAF):
            d.sticky(c)
        if n == 0:
            d.jni_global(leaves[0])
        else:
            for o in leaves:
                d.java_frame(o, 1, 0)
    return h


DUMP0_SUMMARY = dict(dumps=2, objects=6, instances=3, classes=3, gc_roots=4, reachable_objects=4,
                     unreachable_objects=2, shallow_bytes=48, reachable_bytes=16, unreachable_bytes=32)
DUMP1_SUMMARY = dict(dumps=2, objects=8, instances=5, classes=3, gc_roots=8, reachable_objects=8,
                     unreachable_objects=0, shallow_bytes=80, reachable_bytes=80, unreachable_bytes=0)

KEYS = ['format', 'id_size', 'dumps', 'objects', 'instances', 'object_arrays', 'primitive_arrays',
        'classes', 'gc_roots', 'gc_roots_by_type', 'reachable_objects', 'unreachable_objects',
        'shallow_bytes', 'reachable_bytes', 'unreachable_bytes', 'dangling_references',
        'ref_size', 'object_align', 'android']


class MultiDump(CliTest):
    def check_two(self, f):
        self.assertSummary(self.summary(f), **DUMP0_SUMMARY)
        self.assertSummary(self.summary(f, '--dump', '0'), **DUMP0_SUMMARY)
        self.assertSummary(self.summary(f, '--dump', '1'), **DUMP1_SUMMARY)
        for bad in ('2', '5'):
            proc = run_cli(['summary', f, '--json', '--dump', bad])
            self.assertNoCrash(proc, '--dump ' + bad)
            self.assertEqual(proc.returncode, 2, '--dump %s of a 2-dump file: exit %s, stderr %r'
                             % (bad, proc.returncode, proc.stderr))
            self.assertTrue(proc.stderr.strip(), 'no message for --dump ' + bad)

    def test_two_heap_dump_records(self):
        self.check_two(self.write(build_two(False), 'two-0c.hprof'))

    def test_segmented_runs_are_one_dump(self):
        # Two runs of segments (0x1C ... 0x2C, 0x1C ... 0x2C), as the hprof
        # agent writes sun_jdk6_31_hprofagent_compressedOops.hprof. The
        # project's decision (docs/semantics.md, following the corpus
        # expectations for that file): all segments of a file are ONE dump,
        # the union of both runs, an object written twice keeps its last copy.
        # Union: 3 classes (written twice) + 3 + 5 Leafs = 11 objects;
        # roots: 3 sticky classes, DUMP0[0] (JNI global), the 5 DUMP1 Leafs
        # (Java frame) = 9, all reachable except DUMP0[1], DUMP0[2];
        # shallow 8 * 16 = 128, reachable 6 * 16 = 96, unreachable 32.
        f = self.write(build_two(True), 'two-1c.hprof')
        self.assertSummary(self.summary(f), dumps=1, objects=11, instances=8, classes=3, gc_roots=9,
                           reachable_objects=9, unreachable_objects=2, shallow_bytes=128,
                           reachable_bytes=96, unreachable_bytes=32)
        proc = run_cli(['summary', f, '--json', '--dump', '1'])
        self.assertNoCrash(proc, '--dump 1')
        self.assertEqual(proc.returncode, 2)
        self.assertTrue(proc.stderr.strip(), 'no message for --dump 1 of a 1-dump file')

    def test_two_dumps_gzip_multi_member(self):
        self.check_two(self.write(build_two(False), 'two.hprof.gz', compress='multi', block=50))


class Gzip(CliTest):
    def same_results(self, h, name, want):
        plain = self.write(h, name + '.hprof')
        single = self.write(h, name + '-1.hprof.gz', compress='gzip')
        multi = self.write(h, name + '-n.hprof.gz', compress='multi', block=97)
        base = self.summary(plain)
        self.assertSummary(base, **want)
        base_classes = sorted(self.classes(plain), key=lambda r: (r['name'], r['loader']))
        base_dom = self.dominators(plain, 50)
        for f in (single, multi):
            s = self.summary(f)
            self.assertEqual({k: s.get(k) for k in KEYS}, {k: base.get(k) for k in KEYS}, f)
            self.assertEqual(sorted(self.classes(f), key=lambda r: (r['name'], r['loader'])), base_classes, f)
            self.assertEqual(self.dominators(f, 50), base_dom, f)

    def test_worked_example(self):
        # Values from test_worked_example: 10 objects, 96 bytes.
        self.same_results(test_worked_example.build(), 'worked',
                          dict(objects=10, shallow_bytes=96, reachable_bytes=96, gc_roots=7))

    def test_compressed_oops_detection_through_gzip(self):
        # test_sizes' p8c_a8: 8-byte ids, compressed references, total 360.
        h, ids = test_sizes.build(test_sizes.CONFIGS['p8c_a8'])
        self.same_results(h, 'p8c', dict(objects=28, id_size=8, ref_size=4, object_align=8,
                                         shallow_bytes=360))

    def test_megabyte_members(self):
        # Like jcmd -gz=1: 1 MiB members, the first with the HPROF BLOCKSIZE
        # comment. 70000 Leafs of 16 bytes (4-byte ids, A = 8; each sub-record
        # is 1 + 4 + 4 + 4 + 4 + 4 = 21 bytes, so 1.47 MB: two members).
        # Only the first Leaf is a root: objects 3 + 70000, reachable 3 + 1,
        # shallow 70000 * 16 = 1120000.
        h = g.Hprof(version='1.0.2', id_size=4)
        d = h.heap_dump(segmented=True, segment_every=40000)
        d.cls(OBJ, 'java/lang/Object')
        d.cls(CLS, 'java/lang/Class', super_id=OBJ)
        d.cls(LEAF, 'com/example/Leaf', super_id=OBJ, fields=[('v', g.INT)])
        for i in range(70000):
            d.instance(0x100000 + 16 * i, LEAF, {'v': i})
        for c in (OBJ, CLS, LEAF):
            d.sticky(c)
        d.jni_global(0x100000)
        data = h.build()
        self.assertGreater(len(data), 1 << 20)
        gz = self.write_bytes(g.gzip_members(data), 'big.hprof.gz')
        s = self.summary(gz)
        self.assertSummary(s, objects=70003, instances=70000, reachable_objects=4,
                           unreachable_objects=69999, shallow_bytes=1120000, reachable_bytes=16)


if __name__ == '__main__':
    main()
