#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Crafted indexes (docs/index.md, "What a hostile index can do"): the
checksums prove only that an index was not damaged by accident, anyone
redoes them (tests/cli/indexfile.py). Indexes of the generated refs dump
with a count, an offset or a list entry changed to what no heap has, every
checksum redone, are given with --index to the commands that read the
index's arrays: each must answer what a fresh analysis answers (the index
refused, with a note) and never crash. An index whose header (identity,
size field) is another dump's, checksums redone, is refused too."""

import os
import struct
import subprocess
import sys

from clitest import CLI, CliTest, main
import indexfile
import refsdump

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import hprofgen as g  # noqa: E402

T = 120

# The heap's arrays (src/engine/hprof/hs-heap-persist.c, sections 0x100
# up) and the dominator tree's (0x201 up), by element size; each entry
# changed to a value out of every range it may hold: an object or class
# index past the heap, an offset past the dump, a CSR offset out of order.
ARRAYS = {
    0x100: 2,   # class of each object, 16-bit
    0x101: 4,   # class of each object, 32-bit
    0x106: 8,   # sub-record offsets
    0x108: 2,   # offset deltas
    0x109: 8,   # offset bases
    0x10a: 4,   # escaped offsets' first
    0x10d: 4,   # the id lookup's buckets
    0x10e: 2,   # reference deltas
    0x10f: 8,   # reference bases
    0x112: 4,   # each class's implicit edge
    0x113: 8,   # class ids, sorted
    0x114: 4,   # class ids' index
    0x301: 8,   # each class's instances: offsets
    0x302: 4,   # each class's instances
}

# The sections of varints (docs/index.md, "Compressed sections"): the
# reference targets, depths, retained counts, child counts and children.
# Each is made to run past its end (its last byte says another follows),
# to begin with a value of more than 32 bits, and to begin with the
# largest 32-bit value: as a difference (targets, children) it goes below
# object 0, as a count it is more than there are, and as a depth or a
# retained count it takes the bytes of several values, so that the
# section ends before its last one.
VARINTS = (0x111, 0x1ff, 0x203, 0x204, 0x205)

# Where all ones is a valid entry: no class (an object whose class the
# dump does not have), no immediate dominator (unreachable). An entry
# changed to another valid value is outside what a check can see without
# analysing again (docs/index.md).
ALL_ONES_VALID = (0x100, 0x101, 0x112)

# Record fields: (section, byte offset, size) of counts read before the
# arrays: the heap's object count and buckets, the tree's n and edges.
HEAP_TAG_LAYOUT = 8


def mutations(idx):
    """(name, bytes) of every crafted index."""
    out = []
    for sid, size in ARRAYS.items():
        if sid not in idx.ids():
            continue
        sec = idx.section(sid)
        n = len(sec) // size
        big = (1 << (8 * size)) - 1
        if sid in ALL_ONES_VALID:
            big -= 1  # all ones says "none" there: one less is past every one
        for where, at in (('first', 0), ('middle', n // 2), ('last', n - 1)):
            m = idx.copy()
            s = m.section(sid)
            s[at * size:(at + 1) * size] = big.to_bytes(size, 'little')
            out.append(('0x%x %s entry all ones' % (sid, where), m.bytes()))
        if n > 2:
            # one past the end of the heap's objects: 0x7fffffff fits
            # any signed reading too
            m = idx.copy()
            s = m.section(sid)
            s[(n // 3) * size:(n // 3 + 1) * size] = (0x7fffffff).to_bytes(4, 'little') + bytes(size - 4) \
                if size >= 4 else (0x7fff).to_bytes(2, 'little')
            out.append(('0x%x entry 0x7fffffff' % sid, m.bytes()))
    for sid in VARINTS:
        if sid not in idx.ids():
            continue
        # the first five bytes are not one value (the mutations below
        # replace them with one)
        assert any(b < 0x80 for b in idx.section(sid)[:4]), hex(sid)
        for name, change in (('runs past its end', lambda s: s.__setitem__(len(s) - 1, s[-1] | 0x80)),
                             ('over 32 bits', lambda s: s.__setitem__(slice(0, 5), b'\xff\xff\xff\xff\x1f')),
                             ('largest value first', lambda s: s.__setitem__(slice(0, 5), b'\xff\xff\xff\xff\x0f'))):
            m = idx.copy()
            change(m.section(sid))
            out.append(('0x%x varint %s' % (sid, name), m.bytes()))
    # the records' counts: the heap's n and the next fields, the tree's
    for sid, first, count in ((0x2, HEAP_TAG_LAYOUT, 6), (0x200, 8, 3), (0x1, 0, 2)):
        if sid not in idx.ids():
            continue
        for k in range(count):
            m = idx.copy()
            s = m.section(sid)
            at = first + 8 * k
            if at + 8 > len(s):
                break
            v, = struct.unpack_from('<Q', s, at)
            for new in (v + 1, v ^ 0xffffffff):
                m2 = idx.copy()
                s2 = m2.section(sid)
                struct.pack_into('<Q', s2, at, new & ((1 << 64) - 1))
                out.append(('0x%x u64 at %d: %d' % (sid, at, new), m2.bytes()))
    return out


def heap_fields(heap):
    """Where the HEAP record (section 0x2) holds some of its scalars
    (src/engine/hprof/hs-heap-persist.c writes the fields in this order):
    the flag that the totals are computed, the HPROF timestamp, the size
    column's overflow count (a u64 after the scalars, the two strings and
    the tables' ids) and the summary (HsSummary as it is in memory)."""
    def string(at):
        n, = struct.unpack_from('<I', heap, at)
        return at + 4 + (0 if n == 0xffffffff else n)
    out = {}
    at = 8 + 8 * 3 + 1          # tag, layout; n, duplicates, file size; gzip
    at = string(at)             # format
    at += 4 * 3                 # id size, ref size, alignment
    layout, = struct.unpack_from('<I', heap, at)
    at += 4 + layout            # layout
    out['totals_done'] = at + 4  # android, compressed refs, follow weak, deferred, totals done
    out['timestamp'] = at + 5
    at += 5 + 8 + 4 + 4         # five flags; timestamp; dumps, dump index
    at = string(at)             # warning
    at += 4 + 8 * 3 + 4 + 8 + 4 + 4  # off width, mask, escapes, buckets; shift; min id; class ids, class class
    at += 4 * 12 + 4 + 4        # primitive array classes; class ref offsets; unit
    out['n_big'] = at
    at += 8 + 8                 # n_big, implicit edges
    out['summary_size'] = at
    out['summary'] = at + 4
    return out


def heap_n_big_at(heap):
    return heap_fields(heap)['n_big']


# HsSummary's fields (src/engine/hprof/hs-heap.h), as byte offsets in it:
# six u64 counts, gc_roots, root_records, roots_by_type[256], five u64
# totals, dangling references, roots missing, roots_inferred (an int).
SUMMARY = {
    'objects': 0, 'instances': 8, 'classes': 40, 'gc_roots': 48, 'root_records': 56,
    'roots_by_type': 64, 'reachable_objects': 2112, 'dangling_references': 2152,
    'roots_missing': 2160, 'roots_inferred': 2168,
}
SUMMARY_SIZE = 2176
ROOT_JNI_GLOBAL, ROOT_STICKY_CLASS, ROOT_INFERRED = 0x01, 0x05, 0xfe
# The HEAP record ends with the element counts of its 23 arrays, after the
# Android heaps' totals (objects, shallow, reachable, reachable shallow
# per heap).
N_HEAP_ARRAYS = 23


def heap_totals_at(heap, n_heaps, h):
    return len(heap) - 8 * N_HEAP_ARRAYS - 32 * (n_heaps - h)


def no_roots_dump(path):
    """A dump cut before its root records: Node a -> b <- c, no roots.
    Nothing references a and c (b is referenced by both, the two class
    objects by the instances and by Node's superclass edge), so they are
    the inferred roots: 2 objects, no root record (docs/semantics.md)."""
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(0x100, 'java/lang/Object')
    d.cls(0x108, 'com/example/Node', super_id=0x100, fields=[('next', g.OBJECT)])
    d.instance(0x1000, 0x108, {'next': 0x1010})
    d.instance(0x1010, 0x108, {'next': 0})
    d.instance(0x1020, 0x108, {'next': 0x1010})
    return h.write(path)


def commands(dump, klass, oid):
    return [
        ['classes', dump, '--json'],
        ['refs', dump, oid, '--depth', '3', '--json'],
        ['refs', dump, oid, '--incoming', '--depth', '2', '--json'],
        ['paths', dump, '--class', klass, '--json'],
        ['threads', dump],
        ['dominators', dump, '--json', '--top', '50'],
        ['waste', dump, '--json'],
        ['object', dump, oid, '--json'],
        ['objects', dump, '--class', klass, '--json'],
        ['retained-set', dump, '--class', klass, '--json'],
        ['loaders', dump, '--json'],
        ['query', dump, 'SELECT * FROM ' + klass, '--csv'],
    ]


def run(args, env):
    try:
        return subprocess.run([CLI] + [str(a) for a in args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, env=env, timeout=T)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(e.cmd, None, e.stdout or b'', b'TIMEOUT')


class CraftedIndex(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.env = dict(os.environ, XDG_CACHE_HOME=cls.path('cache'))
        cls.env.pop('HEAPSCOPE_NO_CACHE', None)
        cls.dump = refsdump.build().write(cls.path('refs.hprof'))
        cls.klass = 'com.example.Holder'
        p = run(['objects', cls.dump, '--class', cls.klass, '--json', '--limit', '1', '--no-cache'], cls.env)
        import json
        cls.oid = json.loads(p.stdout)[0]['id']
        cls.good = cls.path('good.idx')
        p = run(['index', cls.dump, '-o', cls.good], cls.env)
        assert p.returncode == 0, p.stderr
        with open(cls.good, 'rb') as f:
            cls.index = indexfile.Index(f.read())
        cls.fresh = {}
        for args in commands(cls.dump, cls.klass, cls.oid):
            p = run(args + ['--no-cache'], cls.env)
            cls.fresh[' '.join(args[:1] + args[2:])] = (p.returncode, p.stdout)

    def check(self, name, data):
        path = self.path('crafted.idx')
        with open(path, 'wb') as f:
            f.write(data)
        for args in commands(self.dump, self.klass, self.oid):
            key = ' '.join(args[:1] + args[2:])
            p = run(args + ['--index', path], self.env)
            why = '%s: %s' % (name, key)
            self.assertNoCrash(p, why)
            # no diff of long outputs (difflib takes minutes): the first
            # bytes that differ
            if (p.returncode, p.stdout) != self.fresh[key]:
                rc, out = self.fresh[key]
                at = next((i for i, (a, b) in enumerate(zip(p.stdout, out)) if a != b), min(len(out), len(p.stdout)))
                self.fail('%s: another answer than a fresh analysis (exit %s, not %s; from byte %d: %r, not %r)\n%s'
                          % (why, p.returncode, rc, at, p.stdout[at:at + 80], out[at:at + 80],
                             p.stderr.decode('utf-8', 'replace')[:2000]))
            used = b'from the index' in p.stderr
            refused = b'index not used' in p.stderr
            self.assertTrue(used != refused, why + ': ' + p.stderr.decode('utf-8', 'replace'))

    def test_redone_checksums_pass_the_container(self):
        # the rewriter itself: an unchanged index comes back byte for byte
        self.assertEqual(self.index.copy().bytes(every=True), bytes(self.index.data))
        p = run(['classes', self.dump, '--index', self.good], self.env)
        self.assertIn(b'from the index', p.stderr)

    def test_mutated_counts_offsets_and_entries(self):
        crafted = mutations(self.index)
        self.assertGreater(len(crafted), 60)
        for name, data in crafted:
            with self.subTest(name):
                self.check(name, data)

    def test_size_overflow_count_without_its_table(self):
        # the shallow sizes' 16-bit column (0x102) says "in the overflow
        # table" for every object, and the HEAP record counts entries in a
        # table the index does not have (0x104, 0x105): refused, no crash
        self.assertIn(0x102, self.index.ids())
        self.assertNotIn(0x104, self.index.ids())
        m = self.index.copy()
        heap = m.section(0x2)
        at = heap_n_big_at(heap)
        self.assertEqual(struct.unpack_from('<Q', heap, at)[0], 0)
        struct.pack_into('<Q', heap, at, 3)
        units = m.section(0x102)
        units[:] = b'\xff' * len(units)
        self.check('size overflow count 3, no table', m.bytes())

    def test_fields_from_loop(self):
        # each class record keeps the class an instance's fields are read
        # from first, then that of its superclass: with java.lang.Object's
        # pointing at java.lang.Object[] (no fields, superclass Object),
        # reading a Holder's fields would go round for ever after Holder's
        # own. The superclass chains are whole, the checksums redone:
        # answered as a fresh analysis answers, never a hang
        m = self.index.copy()
        heap = m.section(0x2)
        names = (b'java.lang.Object', b'com.example.Target', b'com.example.Holder', b'java.lang.Object[]',
                 b'java.lang.ref.Reference', b'java.lang.ref.WeakReference')
        ends = {}
        for name in names:
            at = bytes(heap).find(struct.pack('<I', len(name)) + name)
            self.assertGreaterEqual(at, 0, name)
            ends[name] = at + 4 + len(name)
        # the records in class index order (refsdump.py's order)
        self.assertEqual(sorted(names, key=ends.get), list(names))
        # after the name: id u64, obj u32, super id u64, loader id u64,
        # super u32, six u32 sizes, three u8 flags, then fields_from u32
        # (src/engine/hprof/hs-heap-persist.c, put_classes)
        skip = 8 + 4 + 8 + 8 + 4 + 6 * 4 + 3
        self.assertEqual(struct.unpack_from('<I', heap, ends[b'com.example.Holder'] + skip)[0], 2)
        self.assertEqual(struct.unpack_from('<I', heap, ends[b'java.lang.Object[]'] + 28)[0], 0)
        struct.pack_into('<I', heap, ends[b'java.lang.Object'] + skip, 3)
        self.check('java.lang.Object fields from java.lang.Object[]', m.bytes())

    def check_summary(self, name, data, dump, fresh):
        """Given the crafted index, summary (text and JSON) answers as a
        fresh analysis does, the index refused by a note (which says why,
        not the index's path: hs-index.c's reason())."""
        path = self.path('crafted.idx')
        with open(path, 'wb') as f:
            f.write(data)
        for args in (['summary', dump, '--json'], ['summary', dump]):
            p = run(args + ['--index', path], self.env)
            why = '%s: %s' % (name, ' '.join(args[:1] + args[2:]))
            self.assertNoCrash(p, why)
            self.assertEqual((p.returncode, p.stdout), fresh[args[-1]], why + ': another answer than a fresh '
                             'analysis\n' + p.stderr.decode('utf-8', 'replace'))
            self.assertIn(b'note: index not used (', p.stderr, why)
            self.assertNotIn(b'from the index', p.stderr, why)

    def fresh_summary(self, dump):
        return {a[-1]: (p.returncode, p.stdout)
                for a in (['summary', dump, '--json'], ['summary', dump])
                for p in [run(a + ['--no-cache'], self.env)]}

    def test_summary_roots_and_heaps(self):
        # The summary's counts that the objects' totals are not made of:
        # GC roots (distinct objects, by type), root records, records
        # naming no object, dangling references, the heaps' totals. Their
        # true values from refsdump.py: 2,500 Holders, the array and the
        # WeakReference JNI globals, 6 classes sticky; no id that is not
        # in the dump; one heap of 6 classes + Target + array + weak
        # reference + 2,500 Holders = 2,509 objects, all reachable.
        fresh = self.fresh_summary(self.dump)
        import json
        js = json.loads(fresh['--json'][1])
        self.assertEqual((js['gc_roots'], js['root_records'], js['roots_missing'], js['dangling_references']),
                         (2508, 2508, 0, 0))
        self.assertEqual(js['gc_roots_by_type'], {'JNI Global': 2502, 'System Class': 6})
        self.assertEqual([(x['objects'], x['reachable']) for x in js['heaps']], [(2509, 2509)])
        heap = self.index.section(0x2)
        at = heap_fields(heap)
        s = at['summary']
        self.assertEqual(struct.unpack_from('<I', heap, at['summary_size'])[0], SUMMARY_SIZE)
        self.assertEqual(struct.unpack_from('<Q', heap, s + SUMMARY['gc_roots'])[0], 2508)
        self.assertEqual(struct.unpack_from('<Q', heap, s + SUMMARY['objects'])[0], 2509)
        th = heap_totals_at(heap, 1, 0)
        self.assertEqual(struct.unpack_from('<QQQQ', heap, th), (2509, js['shallow_bytes'], 2509,
                                                                 js['reachable_bytes']))
        by_type = SUMMARY['roots_by_type']
        changes = [
            ('gc_roots + 1', s + SUMMARY['gc_roots'], 2509),
            ('gc_roots - 1', s + SUMMARY['gc_roots'], 2507),
            ('root_records + 1', s + SUMMARY['root_records'], 2509),
            ('roots_missing 1', s + SUMMARY['roots_missing'], 1),
            ('JNI globals - 2', s + by_type + 8 * ROOT_JNI_GLOBAL, 2500),
            ('sticky classes moved to JNI locals', s + by_type + 8 * ROOT_STICKY_CLASS, 0),
            ('dangling references 7', s + SUMMARY['dangling_references'], 7),
            ('heap objects + 1', th, 2510),
            ('heap shallow + 8', th + 8, js['shallow_bytes'] + 8),
            ('heap reachable - 1', th + 16, 2508),
            ('heap reachable shallow - 16', th + 24, js['reachable_bytes'] - 16),
        ]
        for name, where, value in changes:
            with self.subTest(name):
                m = self.index.copy()
                h = m.section(0x2)
                struct.pack_into('<Q', h, where, value)
                if name.startswith('sticky'):
                    struct.pack_into('<Q', h, s + by_type + 8 * 0x02, 6)
                self.check_summary(name, m.bytes(), self.dump, fresh)
        with self.subTest('roots inferred'):
            # a dump with roots said to have none: "the objects nothing
            # references stand for them"
            m = self.index.copy()
            struct.pack_into('<I', m.section(0x2), s + SUMMARY['roots_inferred'], 1)
            self.check_summary('roots inferred', m.bytes(), self.dump, fresh)
        with self.subTest('totals not done'):
            # the record says its totals are still to be computed (a
            # deferred walk's), so that the check of the totals is skipped,
            # and one more instance
            m = self.index.copy()
            h = m.section(0x2)
            h[at['totals_done']] = 0
            inst, = struct.unpack_from('<Q', h, s + SUMMARY['instances'])
            struct.pack_into('<Q', h, s + SUMMARY['instances'], inst + 1)
            self.check_summary('totals not done', m.bytes(), self.dump, fresh)
        with self.subTest('timestamp'):
            m = self.index.copy()
            h = m.section(0x2)
            ts, = struct.unpack_from('<Q', h, at['timestamp'])
            self.assertEqual(ts, js['timestamp_ms'])
            struct.pack_into('<Q', h, at['timestamp'], ts + 86400000)
            self.check_summary('timestamp a day later', m.bytes(), self.dump, fresh)

    def test_summary_inferred_roots(self):
        # A dump without root records: the roots are inferred (a and c),
        # and an index of it is used as it is; its root counts changed are
        # refused
        dump = no_roots_dump(self.path('noroots.hprof'))
        fresh = self.fresh_summary(dump)
        import json
        js = json.loads(fresh['--json'][1])
        self.assertEqual((js['gc_roots'], js['root_records'], js['roots_inferred']), (2, 0, True))
        self.assertEqual(js['gc_roots_by_type'], {'Unreferenced (no roots in the dump)': 2})
        good = self.path('noroots.idx')
        self.assertEqual(run(['index', dump, '-o', good], self.env).returncode, 0)
        with open(good, 'rb') as f:
            idx = indexfile.Index(f.read())
        p = run(['summary', dump, '--json', '--index', good], self.env)
        self.assertEqual((p.returncode, p.stdout), fresh['--json'])
        self.assertIn(b'from the index', p.stderr)
        s = heap_fields(idx.section(0x2))['summary']
        for name, where, value, size in (
                ('gc_roots 3', SUMMARY['gc_roots'], 3, 8),
                ('a root record', SUMMARY['root_records'], 1, 8),
                ('inferred 1', SUMMARY['roots_by_type'] + 8 * ROOT_INFERRED, 1, 8),
                ('not inferred', SUMMARY['roots_inferred'], 0, 4)):
            with self.subTest(name):
                m = idx.copy()
                struct.pack_into('<Q' if size == 8 else '<I', m.section(0x2), s + where, value)
                self.check_summary(name, m.bytes(), dump, fresh)

    def test_native_total(self):
        # The ANALYSIS record (section 0x300) ends with the native memory
        # the heap's objects retain (a u64, hs-index.c). refsdump.py's
        # objects hold none: the report says 0 B, whatever the index says
        report = self.path('report.html')

        def html(args):
            p = run(['report', self.dump, '--no-timestamp', '-o', report] + args, self.env)
            self.assertNoCrash(p, 'report')
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(report, 'rb') as f:
                return f.read()
        fresh = html(['--no-cache'])
        self.assertIn(b'Native memory (outside the Java heap)</th><td class="num">0 B', fresh)
        m = self.index.copy()
        sec = m.section(0x300)
        self.assertEqual(struct.unpack_from('<Q', sec, len(sec) - 8)[0], 0)
        struct.pack_into('<Q', sec, len(sec) - 8, 5 << 30)
        path = self.path('crafted.idx')
        with open(path, 'wb') as f:
            f.write(m.bytes())
        self.assertEqual(html(['--index', path]), fresh)

    def test_native_total_of_bitmaps(self):
        # Two Bitmaps of 100 x 50 and 10 x 10 pixels, no registry in the
        # dump: 4 bytes a pixel (hs-native.c), 20,000 + 400 = 20,400 bytes
        # of native memory, retained by the Holder that keeps both. The
        # index's total changed: the report says the objects' sum
        h = g.Hprof(version='1.0.2', id_size=4)
        d = h.heap_dump(segmented=True)
        d.cls(0x100, 'java/lang/Object')
        d.cls(0x108, 'android/graphics/Bitmap', super_id=0x100,
              fields=[('mWidth', g.INT), ('mHeight', g.INT), ('mRecycled', g.BOOLEAN)])
        d.cls(0x110, 'com/example/Holder', super_id=0x100, fields=[('a', g.OBJECT), ('b', g.OBJECT)])
        d.instance(0x1000, 0x108, {'mWidth': 100, 'mHeight': 50, 'mRecycled': 0})
        d.instance(0x1010, 0x108, {'mWidth': 10, 'mHeight': 10, 'mRecycled': 0})
        d.instance(0x1020, 0x110, {'a': 0x1000, 'b': 0x1010})
        d.jni_global(0x1020)
        dump = h.write(self.path('bitmaps.hprof'))
        report = self.path('report.html')

        def html(args):
            p = run(['report', dump, '--no-timestamp', '-o', report] + args, self.env)
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(report, 'rb') as f:
                return f.read()
        fresh = html(['--no-cache'])
        self.assertIn(b'Native memory (outside the Java heap)</th><td class="num">20.4\xc2\xa0kB '
                      b'<span class="exact">(20,400 bytes)', fresh)
        good = self.path('bitmaps.idx')
        self.assertEqual(run(['index', dump, '-o', good], self.env).returncode, 0)
        with open(good, 'rb') as f:
            idx = indexfile.Index(f.read())
        sec = idx.section(0x300)
        self.assertEqual(struct.unpack_from('<Q', sec, len(sec) - 8)[0], 20400)
        struct.pack_into('<Q', sec, len(sec) - 8, 7)
        path = self.path('crafted.idx')
        with open(path, 'wb') as f:
            f.write(idx.bytes())
        self.assertEqual(html(['--index', path]), fresh)

    def test_another_dumps_header(self):
        # the header (identity) and the size field of another dump's index
        # on this index's sections, checksums redone: refused
        # the same heap with one class renamed: other bytes, the same
        # size and structure, its own index
        other_dump = self.path('other.hprof')
        with open(self.dump, 'rb') as f:
            data = f.read()
        with open(other_dump, 'wb') as f:
            f.write(data.replace(b'com/example', b'com/exbmple', 1))
        other_idx = self.path('other.idx')
        self.assertEqual(run(['index', other_dump, '-o', other_idx], self.env).returncode, 0)
        with open(other_idx, 'rb') as f:
            theirs = indexfile.Index(f.read())
        # the sections of other.idx under this dump's header: given for
        # this dump, the identity matches, the sections are another's
        mine = theirs.copy()
        mine.header(self.index)
        path = self.path('swapped.idx')
        with open(path, 'wb') as f:
            f.write(mine.bytes())
        for args in commands(self.dump, self.klass, self.oid):
            key = ' '.join(args[:1] + args[2:])
            p = run(args + ['--index', path], self.env)
            self.assertNoCrash(p, key)
            self.assertTrue((p.returncode, p.stdout) == self.fresh[key], key + ': another answer')
            self.assertIn(b'index not used', p.stderr, key)


if __name__ == '__main__':
    main()
