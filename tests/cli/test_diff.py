#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli diff BASELINE DUMP (docs/semantics.md "Comparing two
dumps"): classes matched by name, each side's figures those of its class
table, the change current minus baseline.

The "program" (4-byte ids, HotSpot 1.0.2, P = R = 4; every address 8 apart,
so A = 8), written at two moments:
  java.lang.Object {}                    S = P + R = 8
  java.lang.ClassLoader {}               8
  com.example.Registry, static Object items -> an Object[n] of the Items;
                                         its class object: align(4, 8) = 8
  com.example.Item {int id, Object payload}: alignUp(4 + 4 + 8, 4) = 16;
                                         payload -> its own byte[10]:
                                         alignUp(12, 4) + 10 = 22 -> 24
  Object[n]: align(12 + 4n, 8)
  com.example.Plugin {int x}             alignUp(4 + 8, 4) = 12 -> 16, one
                                         class per loader, each instance a
                                         Java-frame root
  com.example.OldCache {} (baseline only) 8, a JNI global
  com.example.NewSession {long t} (current only) alignUp(8 + 8, 4) = 16, Java-frame roots
  Every class object is a sticky root, and so is every loader (JNI global).
  Other class objects have no statics: 0 bytes.

Dominator tree: the Registry class object dominates the array, the array
each Item, each Item its byte[]; everything else hangs off the root alone.
So retained: Item 16 + 24 = 40 each; byte[] 24 each; the Object[] all of
its subtree; java.lang.Class (the class objects, none below another) = the
Registry class object's 8 + the array's subtree; the rest their own size.

Baseline: n = 3, OldCache x1, Plugin@A x1 (loader A).
  classes: Object, Class, ClassLoader, Registry, Item, byte[], Object[],
  OldCache, Plugin = 9 class objects
  java.lang.Class       9  shallow 8    retained 8 + 24 + 3*40 = 152
  java.lang.ClassLoader 1           8                          8
  com.example.Item      3          48                        120
  byte[]                3          72                         72
  java.lang.Object[]    1  align(24) = 24             24 + 120 = 144
  com.example.OldCache  1           8                          8
  com.example.Plugin    1          16                         16
  java.lang.Object, com.example.Registry: 0 0 0
  objects 9 + 1 + 3 + 3 + 1 + 1 + 1 = 19, all reachable:
  reachable bytes 8 + 8 + 48 + 72 + 24 + 8 + 16 = 184
Current: n = 8, NewSession x2, Plugin@A x1 and Plugin@B x2 (loader B: a
  second class of the same name, summed with the first).
  class objects: the 9 above - OldCache + NewSession + Plugin@B = 10
  java.lang.Class      10  shallow 8    retained 8 + 48 + 8*40 = 376
  java.lang.ClassLoader 2          16                         16
  com.example.Item      8         128                        320
  byte[]                8         192                        192
  java.lang.Object[]    1  align(44) = 48             48 + 320 = 368
  com.example.NewSession 2         32                         32
  com.example.Plugin    3          48                         48
  objects 10 + 2 + 8 + 8 + 1 + 2 + 3 = 34,
  reachable bytes 8 + 16 + 128 + 192 + 48 + 32 + 48 = 472
Change: +15 objects, +288 bytes.
"""

import os
import sys

from clitest import CliTest, CORPUS, g, main, run_cli, testlib

HERE = os.path.dirname(os.path.abspath(__file__))

OBJ, CLS, LOADER, REGISTRY, ITEM, BYTES, OBJS, OLD, NEW, PLUGIN_A, PLUGIN_B = (
    0x1000, 0x1008, 0x1010, 0x1018, 0x1020, 0x1028, 0x1030, 0x1038, 0x1040, 0x1048, 0x1050)


def program(n_items, baseline, id_size=4, version='1.0.2', broken=False):
    """The program above at one moment; broken: an unknown sub-record
    (tag 0x77) after the classes, returned as the third value."""
    h = g.Hprof(version=version, id_size=id_size)
    d = h.heap_dump(segmented=True)
    addr = g.Addresses(0x20000, [8])
    loader_a, loader_b = addr(), addr()
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(LOADER, 'java/lang/ClassLoader', super_id=OBJ)
    d.cls(ITEM, 'com/example/Item', super_id=OBJ, fields=[('id', g.INT), ('payload', g.OBJECT)])
    d.cls(BYTES, '[B', super_id=OBJ)
    d.cls(OBJS, '[Ljava/lang/Object;', super_id=OBJ)
    d.cls(PLUGIN_A, 'com/example/Plugin', super_id=OBJ, loader_id=loader_a, fields=[('x', g.INT)])
    classes = [OBJ, CLS, LOADER, REGISTRY, ITEM, BYTES, OBJS, PLUGIN_A]
    bad = d.raw(b'\x77' + b'\0' * 16) if broken else None
    items = [addr() for _ in range(n_items)]
    array = addr()
    d.cls(REGISTRY, 'com/example/Registry', super_id=OBJ, statics=[('items', g.OBJECT, array)])
    d.instance(loader_a, LOADER)
    d.jni_global(loader_a)
    for i, it in enumerate(items):
        payload = addr()
        d.instance(it, ITEM, {'id': i, 'payload': payload})
        d.prim_array(payload, g.BYTE, list(range(10)))
    d.obj_array(array, OBJS, items)
    plugins = [(PLUGIN_A, addr())]
    if baseline:
        d.cls(OLD, 'com/example/OldCache', super_id=OBJ)
        classes.append(OLD)
        old = addr()
        d.instance(old, OLD)
        d.jni_global(old)
    else:
        d.cls(NEW, 'com/example/NewSession', super_id=OBJ, fields=[('t', g.LONG)])
        d.cls(PLUGIN_B, 'com/example/Plugin', super_id=OBJ, loader_id=loader_b, fields=[('x', g.INT)])
        classes += [NEW, PLUGIN_B]
        d.instance(loader_b, LOADER)
        d.jni_global(loader_b)
        for _ in range(2):
            s = addr()
            d.instance(s, NEW, {'t': 1})
            d.java_frame(s, 1, 0)
        plugins += [(PLUGIN_B, addr()), (PLUGIN_B, addr())]
    for cls, p in plugins:
        d.instance(p, cls, {'x': 1})
        d.java_frame(p, 1, 0)
    for c in classes:
        d.sticky(c)
    return h, d, bad


def stats(count, shallow, retained):
    return {'count': count, 'shallow': shallow, 'retained': retained}


ZERO = stats(0, 0, 0)
BASELINE = {
    'java.lang.Object': ZERO, 'com.example.Registry': ZERO,
    'java.lang.Class': stats(9, 8, 152), 'java.lang.ClassLoader': stats(1, 8, 8),
    'com.example.Item': stats(3, 48, 120), 'byte[]': stats(3, 72, 72),
    'java.lang.Object[]': stats(1, 24, 144), 'com.example.OldCache': stats(1, 8, 8),
    'com.example.Plugin': stats(1, 16, 16),
}
CURRENT = {
    'java.lang.Object': ZERO, 'com.example.Registry': ZERO,
    'java.lang.Class': stats(10, 8, 376), 'java.lang.ClassLoader': stats(2, 16, 16),
    'com.example.Item': stats(8, 128, 320), 'byte[]': stats(8, 192, 192),
    'java.lang.Object[]': stats(1, 48, 368), 'com.example.NewSession': stats(2, 32, 32),
    'com.example.Plugin': stats(3, 48, 48),
}
# Orders worked out from the table in the docstring: change biggest first,
# ties by name (byte order).
#   retained: Class +224, Object[] +224, Item +200, byte[] +120, NewSession +32,
#             Plugin +32, ClassLoader +8, Registry 0, Object 0, OldCache -8
#   count:    byte[] +5, Item +5, NewSession +2, Plugin +2, Class +1, ClassLoader +1,
#             Registry 0, Object 0, Object[] 0, OldCache -1
#   shallow:  byte[] +120, Item +80, NewSession +32, Plugin +32, Object[] +24,
#             ClassLoader +8, Registry 0, Class 0, Object 0, OldCache -8
#   growth (the default): shallow, ties by count: as shallow but Class (0 B,
#             +1 object) before Registry and Object (0 B, 0 objects)
ORDER = {
    'growth': ['byte[]', 'com.example.Item', 'com.example.NewSession', 'com.example.Plugin',
               'java.lang.Object[]', 'java.lang.ClassLoader', 'java.lang.Class',
               'com.example.Registry', 'java.lang.Object', 'com.example.OldCache'],
    'retained': ['java.lang.Class', 'java.lang.Object[]', 'com.example.Item', 'byte[]',
                 'com.example.NewSession', 'com.example.Plugin', 'java.lang.ClassLoader',
                 'com.example.Registry', 'java.lang.Object', 'com.example.OldCache'],
    'count': ['byte[]', 'com.example.Item', 'com.example.NewSession', 'com.example.Plugin',
              'java.lang.Class', 'java.lang.ClassLoader', 'com.example.Registry',
              'java.lang.Object', 'java.lang.Object[]', 'com.example.OldCache'],
    'shallow': ['byte[]', 'com.example.Item', 'com.example.NewSession', 'com.example.Plugin',
                'java.lang.Object[]', 'java.lang.ClassLoader', 'com.example.Registry',
                'java.lang.Class', 'java.lang.Object', 'com.example.OldCache'],
}
CLASS_KEYS = ('count', 'shallow', 'retained')


def sum_by_name(rows):
    """A `classes --json` listing summed by name."""
    out = {}
    for r in rows:
        s = out.setdefault(r['name'], stats(0, 0, 0))
        for k in CLASS_KEYS:
            s[k] += r[k]
    return out


class Diff(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.old = program(3, True)[0].write(cls.path('old.hprof'))
        cls.new = program(8, False)[0].write(cls.path('new.hprof'))

    def diff(self, *args):
        d = self.json_of(['diff'] + list(args) + ['--json'])
        self.assertEqual(sorted(d), ['baseline', 'classes', 'current'])
        for side in ('baseline', 'current'):
            self.assertEqual(sorted(d[side]), ['file', 'objects', 'reachable_bytes'])
        for r in d['classes']:
            self.assertEqual(sorted(r), ['baseline', 'current', 'delta', 'name', 'status'])
        return d

    def check_consistent(self, d):
        """Every name once; status from presence; delta = current - baseline."""
        names = [r['name'] for r in d['classes']]
        self.assertEqual(len(names), len(set(names)), 'a class listed twice')
        for r in d['classes']:
            for k in CLASS_KEYS:
                self.assertEqual(r['delta'][k], r['current'][k] - r['baseline'][k], (r['name'], k))
            if r['status'] == 'new':
                self.assertEqual(r['baseline'], ZERO, r['name'])
            elif r['status'] == 'gone':
                self.assertEqual(r['current'], ZERO, r['name'])
            else:
                self.assertEqual(r['status'], 'both', r['name'])

    # --- the generated pair ------------------------------------------------
    def test_generated_pair(self):
        d = self.diff(self.old, self.new)
        self.check_consistent(d)
        self.assertEqual(d['baseline'], {'file': self.old, 'objects': 19, 'reachable_bytes': 184})
        self.assertEqual(d['current'], {'file': self.new, 'objects': 34, 'reachable_bytes': 472})
        rows = {r['name']: r for r in d['classes']}
        self.assertEqual(sorted(rows), sorted(set(BASELINE) | set(CURRENT)))
        for name, r in rows.items():
            want_status = 'both' if name in BASELINE and name in CURRENT else (
                'gone' if name in BASELINE else 'new')
            self.assertEqual((r['status'], r['baseline'], r['current']),
                             (want_status, BASELINE.get(name, ZERO), CURRENT.get(name, ZERO)), name)
        # N more instances of a class; new, gone; two loaders summed.
        self.assertEqual(rows['com.example.Item']['delta'], stats(5, 80, 200))
        self.assertEqual(rows['com.example.NewSession']['delta'], stats(2, 32, 32))
        self.assertEqual(rows['com.example.OldCache']['delta'], stats(-1, -8, -8))
        self.assertEqual(rows['com.example.Plugin']['delta'], stats(2, 32, 32))
        self.assertEqual([r['name'] for r in d['classes']], ORDER['growth'])

    def test_each_side_is_its_class_table(self):
        d = self.diff(self.old, self.new)
        self.assertEqual({r['name']: r['baseline'] for r in d['classes'] if r['status'] != 'new'},
                         sum_by_name(self.classes(self.old)))
        self.assertEqual({r['name']: r['current'] for r in d['classes'] if r['status'] != 'gone'},
                         sum_by_name(self.classes(self.new)))

    def test_sort_and_limit(self):
        for key, order in ORDER.items():
            d = self.diff(self.old, self.new, '--sort', key)
            self.assertEqual([r['name'] for r in d['classes']], order, key)
            d = self.diff(self.old, self.new, '--sort', key, '--limit', '3')
            self.assertEqual([r['name'] for r in d['classes']], order[:3], key)
        d = self.diff(self.old, self.new, '--limit', '0')
        self.assertEqual(d['classes'], [])
        self.assertEqual(d['current']['objects'], 34)

    def test_bad_sort_is_checked_first(self):
        # Before any dump is read: a missing file does not matter yet.
        proc = run_cli(['diff', self.path('missing-a.hprof'), self.path('missing-b.hprof'), '--sort', 'size'])
        self.assertNoCrash(proc, '--sort size')
        self.assertEqual(proc.returncode, 2)
        err = proc.stderr.decode()
        self.assertIn('--sort', err)
        self.assertNotIn('missing-a', err)

    def test_needs_two_dumps(self):
        proc = run_cli(['diff', self.old])
        self.assertNoCrash(proc, 'diff with one dump')
        self.assertEqual(proc.returncode, 2)
        self.assertTrue(proc.stderr.strip())

    def test_text(self):
        proc = run_cli(['diff', self.old, self.new, '--limit', '4'])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        out = proc.stdout.decode()
        # +288 reachable bytes, +15 objects; what grew most: byte[], +5
        # objects, +120 B (not java.lang.Class, whose retained size grew
        # most only because its statics hold what grew).
        self.assertIn('+288 B retained, +15 objects; biggest growth: byte[] +5 objects, +120 B', out)
        lines = [ln.split() for ln in out.splitlines()]
        table = [ln for ln in lines if ln and ln[-1] in ORDER['growth']]
        self.assertEqual([ln[-1] for ln in table], ORDER['growth'][:4])
        # count, change, shallow, change, retained, change, retained %, status
        self.assertEqual(table[1][:8], ['8', '+5', '128', '+80', '320', '+200', '+166.7%', 'both'])

    def test_self_is_all_zero(self):
        for f in (self.old, os.path.join(CORPUS or '/nonexistent', 'jvm', 'jhat_jdk8_x32.hprof')):
            if not os.path.exists(f):
                continue
            d = self.diff(f, f)
            self.check_consistent(d)
            self.assertEqual(d['baseline'], d['current'])
            self.assertEqual(set(r['name'] for r in d['classes']), set(sum_by_name(self.classes(f))))
            for r in d['classes']:
                self.assertEqual((r['status'], r['delta']), ('both', ZERO), r['name'])
                self.assertEqual(r['baseline'], r['current'], r['name'])
            proc = run_cli(['diff', f, f])
            self.assertIn('0 B retained, 0 objects; no class grew', proc.stdout.decode())

    def test_follow_weak_applies_to_both(self):
        d = self.diff(self.old, self.new, '--follow-weak')
        self.assertEqual({r['name']: r['current'] for r in d['classes'] if r['status'] != 'gone'},
                         sum_by_name(self.classes(self.new, '--follow-weak')))
        # A WeakReference (JNI global) whose referent is the only path to a
        # Blob {long v}: alignUp(8 + 8, 4) = 16. Reference {referent}:
        # alignUp(4 + 8, 4) = 12 -> 16; WeakReference adds nothing: 16.
        # Not followed: the Blob is unreachable, Blob retained 0 and the
        # WeakReference retains itself, 16. Followed: it dominates the Blob:
        # Blob 16, WeakReference 32. On both sides of the comparison.
        h = g.Hprof(version='1.0.2', id_size=4)
        w = h.heap_dump(segmented=True)
        w.cls(0x100, 'java/lang/Object')
        w.cls(0x108, 'java/lang/Class', super_id=0x100)
        w.cls(0x110, 'java/lang/ref/Reference', super_id=0x100, fields=[('referent', g.OBJECT)])
        w.cls(0x118, 'java/lang/ref/WeakReference', super_id=0x110)
        w.cls(0x120, 'com/example/Blob', super_id=0x100, fields=[('v', g.LONG)])
        w.instance(0x1000, 0x118, {'referent': 0x1008})
        w.instance(0x1008, 0x120, {'v': 1})
        w.jni_global(0x1000)
        for c in (0x100, 0x108, 0x110, 0x118, 0x120):
            w.sticky(c)
        weak = self.write(h, 'weak.hprof')
        for extra, blob, ref in (([], 0, 16), (['--follow-weak'], 16, 32)):
            rows = {r['name']: r for r in self.diff(weak, weak, *extra)['classes']}
            for side in ('baseline', 'current'):
                self.assertEqual((rows['com.example.Blob'][side]['retained'],
                                  rows['java.lang.ref.WeakReference'][side]['retained']), (blob, ref),
                                 (side, extra))

    # --- different size rules ------------------------------------------------
    def test_android_against_hotspot(self):
        # The baseline as an Android dump (1.0.3): an Item is alignUp(declared
        # size 4 + 4, 8) = 8 bytes, so 3 of them are 24; the current side keeps
        # the HotSpot 16 each: 128. Counts do not depend on the rules.
        android = program(3, True, version='1.0.3')[0].write(self.path('old-android.hprof'))
        proc = run_cli(['diff', android, self.new, '--json'])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        err = proc.stderr.decode()
        self.assertRegex(err, r'(?i)warning.*size rules')
        self.assertIn('Android', err)
        d = self.diff(android, self.new)
        item = {r['name']: r for r in d['classes']}['com.example.Item']
        self.assertEqual(item['baseline']['shallow'], 24)
        self.assertEqual(item['current']['shallow'], 128)
        self.assertEqual(item['delta']['count'], 5)
        quiet = run_cli(['diff', android, self.new, '--json', '-q'])
        self.assertEqual(quiet.stderr, b'')

    def test_id_sizes(self):
        # 8-byte ids (P = R = 8, one object array: no compressed references):
        # an Item is alignUp(4 + 8 + 16, 8) = 32, 3 of them 96.
        wide = program(3, True, id_size=8)[0].write(self.path('old-wide.hprof'))
        proc = run_cli(['diff', wide, self.new])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertRegex(proc.stderr.decode(), r'(?i)warning.*8-byte ids.*4-byte ids')
        d = self.diff(wide, self.new)
        item = {r['name']: r for r in d['classes']}['com.example.Item']
        self.assertEqual((item['baseline']['shallow'], item['delta']['count']), (96, 5))
        same = run_cli(['diff', self.old, self.new])
        self.assertNotIn(b'size rules', same.stderr)

    # --- broken files --------------------------------------------------------
    def test_broken_baseline_or_current(self):
        h, _, bad = program(3, True, broken=True)
        broken = self.write(h, 'broken.hprof')
        with open(broken, 'rb') as f:
            self.assertEqual(f.read()[bad.offset], 0x77)
        for args, which in (([broken, self.new], 'baseline'), ([self.old, broken], 'current')):
            proc = run_cli(['diff'] + args)
            self.assertCleanError(proc, broken, 'broken ' + which, offset=bad.offset)
            self.assertIn(which, proc.stderr.decode())
        missing = self.path('no-such.hprof')
        proc = run_cli(['diff', self.old, missing])
        self.assertCleanError(proc, missing, 'missing current', need_offset=False)

    # --- the corpus: two dumps of one file -----------------------------------
    def test_server_oom_pair(self):
        """Two runs of one program, the second with the cache of
        3,000 entries filled (tests/suspects/server_oom.py): its lambda
        class has another address, so without normalisation it would be
        'new' and 'gone'. What grew: 3,000 byte[4096] (4,112 each), 3,000
        HashMap$Node (24) and 3,000 Integer (16); the table went from
        HashMap$Node[16] (80) to [4096] (16,400), +0 objects."""
        sys.path.insert(0, os.path.join(HERE, '..', 'suspects'))
        import server_oom
        old = self.path('run1.hprof')
        new = self.path('run2.hprof')
        server_oom.build(entries=0, lambda_address=0x00007f7800001234).write(old)
        server_oom.build(entries=3000, lambda_address=0x00007f7838000c10).write(new)
        d = self.diff(old, new)
        self.check_consistent(d)
        rows = {r['name']: r for r in d['classes']}
        self.assertEqual(rows['OomApp$$Lambda']['status'], 'both')
        self.assertFalse([r['name'] for r in d['classes'] if '0x' in r['name']])
        self.assertEqual([r['status'] for r in d['classes'] if r['status'] != 'both'], [])
        top = [(r['name'], r['delta']['count'], r['delta']['shallow']) for r in d['classes'][:4]]
        self.assertEqual(top, [('byte[]', 3000, 3000 * 4112), ('java.util.HashMap$Node', 3000, 3000 * 24),
                               ('java.lang.Integer', 3000, 3000 * 16),
                               ('java.util.HashMap$Node[]', 0, 16400 - 80)])
        out = run_cli(['diff', old, new]).stdout.decode()
        self.assertIn('biggest growth: byte[] +3,000 objects, +12.3\u00a0MB', out)
        self.assertIn('0 new, 0 gone', out)

    def test_corpus_two_dumps(self):
        f = os.path.join(testlib.require_corpus('jvm/oracle_jdk7_21_hprofagent.hprof'),
                         'jvm', 'oracle_jdk7_21_hprofagent.hprof')
        d = self.diff(f, f, '--baseline-dump', '0', '--dump', '1')
        self.check_consistent(d)
        base = sum_by_name(self.classes(f, '--dump', '0'))
        cur = sum_by_name(self.classes(f, '--dump', '1'))
        self.assertEqual({r['name']: r['baseline'] for r in d['classes'] if r['status'] != 'new'}, base)
        self.assertEqual({r['name']: r['current'] for r in d['classes'] if r['status'] != 'gone'}, cur)
        self.assertEqual(set(r['name'] for r in d['classes']), set(base) | set(cur))
        for r in d['classes']:
            want = 'both' if r['name'] in base and r['name'] in cur else ('gone' if r['name'] in base else 'new')
            self.assertEqual(r['status'], want, r['name'])
        for side, n in (('baseline', '0'), ('current', '1')):
            s = self.summary(f, '--dump', n)
            self.assertEqual(d[side], {'file': f, 'objects': s['objects'], 'reachable_bytes': s['reachable_bytes']})
        growth = [(r['delta']['shallow'], r['delta']['count']) for r in d['classes']]
        self.assertEqual(growth, sorted(growth, reverse=True))
        # The other way round: every change flips sign.
        back = self.diff(f, f, '--baseline-dump', '1', '--dump', '0')
        flipped = {r['name']: {k: -v for k, v in r['delta'].items()} for r in d['classes']}
        self.assertEqual({r['name']: r['delta'] for r in back['classes']}, flipped)


if __name__ == '__main__':
    main()
