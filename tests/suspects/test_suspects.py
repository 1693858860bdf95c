#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Problem suspects, black-box through `heapscope-cli suspects`.

The heaps are built here with tests/hprofgen.py; every expected size is
worked out in the comments from docs/semantics.md's formulas (HotSpot,
4-byte ids, no compressed references: P = R = 4; all addresses 8 apart, so
A = 8), never taken from the program's output:
  instance of a class with f object/int fields over java.lang.Object:
      align(alignUp(4f + 8, 4), 8)          f=0: 8, f=1: 16, f=2: 16
  Object[n]: align(12 + 4n, 8)              n=10: 56, n=100: 416
  byte[n]:   align(12 + n, 8)               n=1000: 1016
  char[n]:   align(12 + 2n, 8)
  class object: align(sum of static field sizes, 8); one object static: 8
The corpus dumps are checked against the corpus's expected/*.json ($HS_CORPUS_DIR),
computed by an independent implementation of docs/semantics.md.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import hprofgen as g  # noqa: E402  (tests/hprofgen.py)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import testlib  # noqa: E402  (tests/testlib.py)

CLI = os.environ.get('HS_CLI')
CORPUS = testlib.corpus_dir()


def cli(*args, check=True, timeout=300):
    assert CLI, 'HS_CLI must point at heapscope-cli'
    p = subprocess.run([CLI] + [str(a) for a in args], stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    if check and p.returncode != 0:
        raise AssertionError('%s failed (%s): %s' % (args, p.returncode, p.stderr.decode()))
    return p


def suspects_json(path, *extra):
    return json.loads(cli('suspects', path, '--json', *extra).stdout)


def threshold(reachable, percent=10):
    """T = ceil(P% x reachable), in integers."""
    return -(-reachable * percent // 100)


def hx(v):
    return '0x%x' % v


# Class ids (addresses of the class objects) and the base of the objects.
OBJ, CLS, OBJARR, THREAD, STR, CHARS = 0x1000, 0x1008, 0x1010, 0x1018, 0x1020, 0x1028
CACHE, MAP, NODE, NODEARR, WRAPPER = 0x1100, 0x1108, 0x1110, 0x1118, 0x1120


def base_classes(d):
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(OBJARR, '[Ljava/lang/Object;', super_id=OBJ)
    for k in (OBJ, CLS, OBJARR):
        d.sticky(k)


def base_dump():
    """A HotSpot dump (4-byte ids) with the base classes, its heap-dump
    segment and the object addresses (from 0x10000, 8 apart)."""
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    base_classes(d)
    return h, d, g.Addresses(0x10000, [8])


class Tmp(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix='hs-suspects-')
        cls.dump = os.path.join(cls.tmp, cls.__name__ + '.hprof')
        cls.build().write(cls.dump)
        cls.s = suspects_json(cls.dump)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)


class StaticMap(Tmp):
    """com.example.Cache.ENTRIES -> HashMap {table, size} -> HashMap$Node[100]
    -> 100 Node {key, value, next} -> byte[1000] each; 5 JNI-global Objects.
      Node 16+... : 3 object fields: alignUp(12 + 8, 4) = 20 -> 24
      HashMap {table, size}: alignUp(8 + 8, 4) = 16 -> 16
      one entry: Node 24 + byte[1000] 1016 = 1040
      table: 416 + 100 x 1040 = 104416; map: 16 + 104416 = 104432
      Cache class: 8 + 104432 = 104440; 5 Objects: 40; reachable 104480
      T = ceil(10448.0) = 10448."""

    @classmethod
    def build(cls):
        h, d, new = base_dump()
        d.cls(MAP, 'java/util/HashMap', super_id=OBJ, fields=[('table', g.OBJECT), ('size', g.INT)])
        d.cls(NODE, 'java/util/HashMap$Node', super_id=OBJ,
              fields=[('key', g.OBJECT), ('value', g.OBJECT), ('next', g.OBJECT)])
        d.cls(NODEARR, '[Ljava/util/HashMap$Node;', super_id=OBJ)
        nodes = []
        for i in range(100):
            b, n = new(), new()
            d.prim_array(b, g.BYTE, length=1000, data=bytes(1000))
            d.instance(n, NODE, {'value': b})
            nodes.append(n)
        table, m = new(), new()
        d.obj_array(table, NODEARR, nodes)
        d.instance(m, MAP, {'table': table, 'size': 100})
        d.cls(CACHE, 'com/example/Cache', super_id=OBJ, statics=[('ENTRIES', g.OBJECT, m)])
        for k in (MAP, NODE, NODEARR, CACHE):
            d.sticky(k)
        for i in range(5):
            o = new()
            d.instance(o, OBJ)
            d.jni_global(o)
        cls.ids = {'map': m, 'table': table}
        return h

    def test_threshold(self):
        self.assertEqual(self.s['reachable_bytes'], 104480)
        self.assertEqual(self.s['threshold'], threshold(104480))
        self.assertEqual(self.s['threshold'], 10448)

    def test_object_suspect(self):
        self.assertEqual(len(self.s['objects']), 1)
        self.assertEqual(self.s['classes'], [])
        o = self.s['objects'][0]
        self.assertEqual(o['id'], hx(CACHE))
        self.assertEqual(o['class'], 'class com.example.Cache')
        self.assertEqual(o['retained'], 104440)
        # Cache class, map, table, 100 nodes, 100 byte[]
        self.assertEqual(o['retained_count'], 203)
        self.assertAlmostEqual(o['percent'], 100.0 * 104440 / 104480, places=2)

    def test_accumulation_point(self):
        # Cache 104440 -> map 104432 (>= 70%) -> table 104416 (>= 70%) ->
        # a Node 1040 (< 70%): the table.
        a = self.s['objects'][0]['accumulation']
        self.assertEqual(a, {'id': hx(self.ids['table']), 'class': 'java.util.HashMap$Node[]',
                             'retained': 104416})
        # Under the 100 Nodes (24 each), their byte[1000] (1016 each).
        self.assertEqual(self.s['objects'][0]['retained_classes'],
                         [{'class': 'java.util.HashMap$Node', 'count': 100, 'retained': 100 * 1040,
                           'below': [{'class': 'byte[]', 'count': 100, 'retained': 100 * 1016}]}])

    def test_path(self):
        p = self.s['objects'][0]['path']
        self.assertEqual([n['id'] for n in p], [hx(CACHE), hx(self.ids['map']), hx(self.ids['table'])])
        self.assertEqual(p[0]['type'], 'class')
        self.assertEqual(p[0]['leaking'], 'NO')
        self.assertIn('a class is never leaking', p[0]['reasons'][0])
        self.assertEqual(p[0]['reference']['kind'], 'static')
        self.assertEqual(p[0]['reference']['name'], 'ENTRIES')
        self.assertEqual(p[1]['reference']['name'], 'table')
        self.assertIsNone(p[2]['reference'])
        # From the suspect (the path's first node) down: every reference marked.
        self.assertTrue(all(n['reference']['suspect'] for n in p[:-1]))
        self.assertEqual(p[2]['retained_bytes'], 104416)

    def test_description(self):
        d = self.s['objects'][0]['description']
        # The holder and its collection lead (the table is the map's).
        self.assertTrue(d.startswith('`com.example.Cache.ENTRIES`, a `java.util.HashMap` of 100 entries, '
                                     'retains 104.4\u00a0kB (100%)'), d)  # 99.96% rounded
        # The suspect is the class that owns the field: no "through".
        self.assertNotIn('through', d)
        # 100 Nodes hold 104000 of the table's 104416 bytes (more than
        # half), their byte[] 101600 of those (more than half).
        self.assertIn('mostly in 100 `java.util.HashMap$Node` objects (104.0\u00a0kB)'  # g_format_size's no-break space
                      ' holding 100 `byte[]` (101.6\u00a0kB)', d)
        o = self.s['objects'][0]
        self.assertEqual(o['holder'], {'kind': 'static', 'name': 'com.example.Cache.ENTRIES', 'thread': None})
        self.assertEqual(o['collection'], {'id': hx(self.ids['map']), 'class': 'java.util.HashMap', 'size': 100})

    def test_text(self):
        out = cli('suspects', self.dump).stdout.decode()
        self.assertIn('Suspect 1: ' + self.s['objects'][0]['description'], out)
        self.assertIn('GC Root: System class', out)
        self.assertIn('static Cache.ENTRIES', out)


class ParkedThreads(Tmp):
    """20 threads, each a THREAD_OBJECT root holding a byte[1000] (1016) in a
    Java-frame local: 20 x 1016 = 20320, threads 20 x 16 = 320; reachable
    20640, T = 2064 > 1016: no object suspect, the class byte[] is one."""

    @classmethod
    def build(cls):
        h, d, new = base_dump()
        d.cls(THREAD, 'java/lang/Thread', super_id=OBJ, fields=[('name', g.OBJECT)])
        d.sticky(THREAD)
        cls.buffers = []
        for i in range(20):
            t, b = new(), new()
            d.instance(t, THREAD)
            d.prim_array(b, g.BYTE, length=1000, data=bytes(1000))
            d.root(g.ROOT_THREAD_OBJECT, t, i + 1, 0)
            d.java_frame(b, i + 1, 0)
            cls.buffers.append(b)
        return h

    def test_class_suspect(self):
        self.assertEqual(self.s['reachable_bytes'], 20640)
        self.assertEqual(self.s['threshold'], 2064)
        self.assertEqual(self.s['objects'], [])
        self.assertEqual(len(self.s['classes']), 1)
        c = self.s['classes'][0]
        self.assertEqual((c['class'], c['count'], c['retained']), ('byte[]', 20, 20320))
        self.assertAlmostEqual(c['percent'], 100.0 * 20320 / 20640, places=2)
        # All retain 1016: ties go to the lower ids, the first ten buffers.
        self.assertEqual(c['biggest'], [hx(b) for b in self.buffers[:10]])

    def test_no_common_path(self):
        c = self.s['classes'][0]
        self.assertIsNone(c['common_path'])
        self.assertIn('20 objects of class `byte[]`', c['description'])
        self.assertIn('each held by a local variable of a thread', c['description'])

    def test_lower_threshold_makes_object_suspects(self):
        # 4%: T = ceil(825.6) = 826 <= 1016: every buffer is an object suspect.
        s = suspects_json(self.dump, '--threshold', '4')
        self.assertEqual(s['threshold'], threshold(20640, 4))
        self.assertEqual([o['id'] for o in s['objects']], [hx(b) for b in self.buffers])
        self.assertEqual(s['classes'], [])
        p = s['objects'][0]['path']
        self.assertEqual([n['id'] for n in p], [hx(self.buffers[0] - 8), hx(self.buffers[0])])
        self.assertEqual(p[0]['reference']['kind'], 'local')
        self.assertTrue(p[0]['reference']['suspect'])
        # The threads have no name and the dump no stacks.
        self.assertTrue(s['objects'][0]['description'].startswith('A local variable of a thread retains'))
        self.assertEqual(s['objects'][0]['holder'], {'kind': 'local', 'name': None, 'thread': None, 'frame': None})
        self.assertIsNone(s['objects'][0]['collection'])


class NoSuspect(Tmp):
    """11 classes with one 16-byte JNI-global instance each: reachable 176,
    T = 18: nothing reaches it, alone or by class."""

    @classmethod
    def build(cls):
        h, d, new = base_dump()
        cls.objs = []
        for i in range(11):
            k = 0x2000 + 8 * i
            d.cls(k, 'com/example/C%d' % i, super_id=OBJ, fields=[('v', g.INT)])
            d.sticky(k)
            o = new()
            d.instance(o, k, {'v': i})
            d.jni_global(o)
            cls.objs.append(o)
        return h

    def test_none(self):
        self.assertEqual((self.s['reachable_bytes'], self.s['threshold']), (176, 18))
        self.assertEqual(self.s['objects'], [])
        self.assertEqual(self.s['classes'], [])
        self.assertIn('No suspects above 10%', cli('suspects', self.dump).stdout.decode())

    def test_threshold_option(self):
        # 9%: T = ceil(15.84) = 16: all eleven, equal, by id.
        s = suspects_json(self.dump, '--threshold', '9')
        self.assertEqual(s['threshold'], 16)
        self.assertEqual([o['id'] for o in s['objects']], [hx(o) for o in self.objs])
        # 9.5%: T = ceil(16.72) = 17: none.
        self.assertEqual(suspects_json(self.dump, '--threshold', '9.5')['objects'], [])
        self.assertEqual(cli('suspects', self.dump, '--threshold', '150', check=False).returncode, 2)


class DeepAccumulation(Tmp):
    """JNI global A -> B -> C -> D, Wrapper {inner, side} (16 each); B.side ->
    an Object (8); D = Object[10] (56) of 10 byte[1000] (1016):
      D 56 + 10160 = 10216; C 10232; B 16 + 8 + 10232 = 10256; A 10272
      one more JNI-global Object: reachable 10280, T = 1028.
    Down from A: B 10256, C 10232, D 10216 all >= 70% of their parent; a
    byte[] (1016) is not: the accumulation point is D, three levels down."""

    @classmethod
    def build(cls):
        h, d, new = base_dump()
        d.cls(WRAPPER, 'com/example/Wrapper', super_id=OBJ,
              fields=[('inner', g.OBJECT), ('side', g.OBJECT)])
        d.sticky(WRAPPER)
        leaves = []
        for i in range(10):
            b = new()
            d.prim_array(b, g.BYTE, length=1000, data=bytes(1000))
            leaves.append(b)
        dd, side, c, b, a, other = new(), new(), new(), new(), new(), new()
        d.obj_array(dd, OBJARR, leaves)
        d.instance(side, OBJ)
        d.instance(c, WRAPPER, {'inner': dd})
        d.instance(b, WRAPPER, {'inner': c, 'side': side})
        d.instance(a, WRAPPER, {'inner': b})
        d.instance(other, OBJ)
        d.jni_global(a)
        d.jni_global(other)
        cls.ids = {'a': a, 'b': b, 'c': c, 'd': dd}
        return h

    def test_accumulation(self):
        self.assertEqual((self.s['reachable_bytes'], self.s['threshold']), (10280, 1028))
        self.assertEqual(len(self.s['objects']), 1)
        o = self.s['objects'][0]
        self.assertEqual((o['id'], o['class'], o['retained']), (hx(self.ids['a']), 'com.example.Wrapper', 10272))
        self.assertEqual(o['accumulation'], {'id': hx(self.ids['d']), 'class': 'java.lang.Object[]',
                                             'retained': 10216})
        self.assertEqual(o['retained_classes'], [{'class': 'byte[]', 'count': 10, 'retained': 10160,
                                                  'below': []}])

    def test_path(self):
        p = self.s['objects'][0]['path']
        self.assertEqual([n['id'] for n in p], [hx(self.ids[k]) for k in 'abcd'])
        self.assertEqual([n['reference']['name'] for n in p[:-1]], ['inner'] * 3)
        self.assertTrue(all(n['reference']['suspect'] for n in p[:-1]))
        self.assertEqual([n['retained_bytes'] for n in p], [10272, 10256, 10232, 10216])
        # No static or local: the nearest named field above the
        # accumulation point (C.inner), which refers to it; the suspect is
        # A, further up.
        d = self.s['objects'][0]['description']
        self.assertTrue(d.startswith('`com.example.Wrapper.inner`, one `java.lang.Object[]` of 10 entries, '
                                     'retains 10.3\u00a0kB (100%) through one `com.example.Wrapper`'), d)
        self.assertEqual(self.s['objects'][0]['holder'],
                         {'kind': 'field', 'name': 'com.example.Wrapper.inner', 'thread': None})


class CommonPath(Tmp):
    """Holder1.list -> Object[12] -> 12 byte[1000]; Holder2.list -> another
    Object[12] of the same arrays: no one object dominates them. Sizes:
    12 x 1016 = 12192, two Object[12] align(60, 8) = 64 each, two classes
    with one static 8 each: reachable 12336, T = 1234 > 1016. The search
    starts from Holder1 (its root record comes first), so every member's
    path is Holder1 -> its array -> member: the common path ends at that
    array."""

    @classmethod
    def build(cls):
        h, d, new = base_dump()
        members = []
        for i in range(12):
            b = new()
            d.prim_array(b, g.BYTE, length=1000, data=bytes(1000))
            members.append(b)
        a1, a2 = new(), new()
        d.obj_array(a1, OBJARR, members)
        d.obj_array(a2, OBJARR, members)
        d.cls(0x2000, 'com/example/Holder1', super_id=OBJ, statics=[('list', g.OBJECT, a1)])
        d.cls(0x2008, 'com/example/Holder2', super_id=OBJ, statics=[('list', g.OBJECT, a2)])
        d.sticky(0x2000)
        d.sticky(0x2008)
        cls.ids = {'a1': a1, 'members': members}
        return h

    def test_common_path(self):
        self.assertEqual((self.s['reachable_bytes'], self.s['threshold']), (12336, 1234))
        self.assertEqual(self.s['objects'], [])
        self.assertEqual(len(self.s['classes']), 1)
        c = self.s['classes'][0]
        self.assertEqual((c['class'], c['count'], c['retained']), ('byte[]', 12, 12192))
        self.assertEqual(c['biggest'], [hx(m) for m in self.ids['members'][:10]])
        self.assertEqual([n['id'] for n in c['common_path']], [hx(0x2000), hx(self.ids['a1'])])
        self.assertEqual(c['common_path'][0]['reference']['name'], 'list')
        self.assertIn('all reached through one `java.lang.Object[]`', c['description'])
        self.assertIn('held by the static field `com.example.Holder1.list`', c['description'])


class ServerOom(unittest.TestCase):
    """The server-shaped OOM dump (tests/suspects/server_oom.py works
    its sizes out): a static cache store.ReportCache.ENTRIES of 3,000
    entries behind the application class loader, 40 parked workers each
    holding a 256 KB byte[] in a local of store.Worker.hold, 500 sessions."""

    @classmethod
    def setUpClass(cls):
        import server_oom
        cls.tmp = tempfile.mkdtemp(prefix='hs-suspects-')
        cls.dump = os.path.join(cls.tmp, 'server-oom.hprof')
        server_oom.build().write(cls.dump)
        cls.ids = server_oom.build.ids
        cls.exp = server_oom.expected()
        cls.s = suspects_json(cls.dump)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def test_object_suspect_leads_with_holder(self):
        e, s = self.exp, self.s
        self.assertEqual((s['reachable_bytes'], s['threshold']), (e['reachable'], threshold(e['reachable'])))
        self.assertEqual(len(s['objects']), 1)
        o = s['objects'][0]
        self.assertEqual((o['id'], o['class'], o['retained']),
                         (hx(self.ids['loader']), 'jdk.internal.loader.ClassLoaders$AppClassLoader', e['loader']))
        self.assertEqual(o['accumulation'], {'id': hx(self.ids['table']), 'class': 'java.util.HashMap$Node[]',
                                             'retained': e['table']})
        self.assertEqual(o['holder'], {'kind': 'static', 'name': 'store.ReportCache.ENTRIES', 'thread': None})
        # The map's size field, not the table's 4,096 slots.
        self.assertEqual(o['collection'], {'id': hx(self.ids['map']), 'class': 'java.util.HashMap', 'size': 3000})
        # 12,622,528 of 23,119,232 bytes: 54.6%.
        self.assertEqual(round(100 * e['loader'] / e['reachable']), 55)
        self.assertTrue(o['description'].startswith(
            '`store.ReportCache.ENTRIES`, a `java.util.HashMap` of 3,000 entries, retains 12.6\u00a0MB (55%) '
            'through the application class loader;'), o['description'])
        self.assertNotIn('4,096', o['description'])

    def test_retained_classes_show_the_bytes(self):
        o = self.s['objects'][0]
        self.assertEqual(o['retained_classes'], [
            {'class': 'java.util.HashMap$Node', 'count': 3000, 'retained': self.exp['nodes_total'],
             'below': [{'class': 'byte[]', 'count': 3000, 'retained': 3000 * 4112},
                       {'class': 'java.lang.Integer', 'count': 3000, 'retained': 3000 * 16}]}])
        self.assertIn('holding 3,000 `byte[]` (12.3\u00a0MB)', o['description'])

    def test_class_suspect_names_threads(self):
        self.assertEqual(len(self.s['classes']), 1)
        c = self.s['classes'][0]
        self.assertEqual((c['class'], c['count'], c['retained']), ('byte[]', 40, 40 * self.exp['buffer']))
        self.assertEqual(c['threads_total'], 40)
        self.assertEqual(c['threads'], [{'name': 'worker-%d' % i, 'frame': 'store.Worker.hold(Worker.java:42)',
                                         'count': 1} for i in range(40)])
        self.assertIn('each held by a local variable of a thread: `worker-0`, `worker-1`, `worker-2` and 37 '
                      'more, in `store.Worker.hold`', c['description'])
        out = cli('suspects', self.dump).stdout.decode()
        self.assertIn('  worker-3, store.Worker.hold(Worker.java:42) (1)', out)
        self.assertIn('Held by: static field store.ReportCache.ENTRIES', out)

    def test_report(self):
        out = os.path.join(self.tmp, 'report.html')
        cli('report', self.dump, '-o', out, '--no-timestamp')
        with open(out, encoding='utf-8') as f:
            page = f.read()
        self.assertIn('<p class="suspect-desc"><code>store.ReportCache.ENTRIES</code>, a '
                      '<code>java.util.HashMap</code> of 3,000 entries, retains', page)
        self.assertIn('<p class="below">Under the 3,000 <code>java.util.HashMap$Node</code>: 3,000 '
                      '<code>byte[]</code> (', page)
        self.assertIn('<h4>Held in locals of</h4>', page)
        self.assertIn('<li><code>worker-3</code> in <code>store.Worker.hold(Worker.java:42)</code></li>', page)

    def test_local_suspects_start_at_thread_and_frame(self):
        # 1%: T = 231,193 <= 262,160: each buffer is an object suspect.
        s = suspects_json(self.dump, '--threshold', '1')
        locals_ = [o for o in s['objects'] if o['class'] == 'byte[]']
        self.assertEqual([o['id'] for o in locals_], [hx(b) for b in self.ids['buffers']])
        for i, o in enumerate(locals_):
            self.assertEqual(o['holder'], {'kind': 'local', 'name': 'store.Worker.hold', 'thread': 'worker-%d' % i,
                                           'frame': 'store.Worker.hold(Worker.java:42)'})
            self.assertEqual([n['id'] for n in o['path']], [hx(self.ids['threads'][i]), o['id']])
            self.assertEqual(o['path'][0]['reference']['kind'], 'local')
        self.assertTrue(locals_[3]['description'].startswith(
            'A local variable of `worker-3` in `store.Worker.hold` retains 262.2\u00a0kB (1%)'))
        text = cli('suspects', self.dump, '--threshold', '1').stdout.decode()
        self.assertIn('GC Root: Java local variable in `store.Worker.hold(Worker.java:42)` of thread `worker-3`',
                      text)


class ServerOomNoRoots(unittest.TestCase):
    """The same dump cut before its root records (HotSpot writes them
    last): none names an object, so the objects nothing references stand
    for the roots. Those are the 40 threads, their 40 buffers and 4 class
    objects: java.lang.Class (no instance, no subclass refers to it),
    Long$LongCache, Character$CharacterCache and ClassLoaders (statics
    only). Everything else hangs off them, as with the roots: reachable is
    the whole dump."""

    def test_inferred_roots(self):
        import server_oom
        tmp = tempfile.mkdtemp(prefix='hs-suspects-')
        try:
            dump = os.path.join(tmp, 'no-roots.hprof')
            server_oom.build(roots=False).write(dump)
            e = server_oom.expected()
            s = json.loads(cli('summary', dump, '--json').stdout)
            self.assertEqual((s['root_records'], s['gc_roots'], s['roots_inferred']), (0, 40 + 40 + 4, True))
            self.assertEqual(s['gc_roots_by_type'], {'Unreferenced (no roots in the dump)': 84})
            self.assertEqual((s['reachable_bytes'], s['unreachable_objects']), (e['reachable'], 0))
            self.assertIn('no GC roots', s['warning'])
            text = cli('summary', dump).stdout.decode()
            self.assertIn('GC roots:      none in the dump', text)
            sus = suspects_json(dump)
            o = sus['objects'][0]
            self.assertEqual(o['holder'], {'kind': 'static', 'name': 'store.ReportCache.ENTRIES', 'thread': None})
            self.assertEqual(o['collection']['size'], 3000)
            # A dump with roots says nothing of the kind.
            server_oom.build().write(dump)
            self.assertFalse(json.loads(cli('summary', dump, '--json').stdout)['roots_inferred'])
        finally:
            shutil.rmtree(tmp, ignore_errors=True)


# Android classes (instance sizes as ART writes them).
A_OBJ, A_CLS, A_STR, A_CHARS, A_REF, A_WEAK, A_KWR = 0x3000, 0x3008, 0x3010, 0x3018, 0x3020, 0x3028, 0x3030
A_ACT, A_MAIN, A_HOLDER, A_CACHE, A_OBJARR = 0x3038, 0x3040, 0x3048, 0x3050, 0x3058


class AndroidBoth(Tmp):
    """A watched, destroyed MainActivity behind LeakyHolder.sLeak (a leak) and
    ImageCache.sBitmaps -> Object[5] -> 5 byte[4000] (a suspect). ART sizes:
      byte[4000]: alignUp(12 + 4000, 8) = 4016; Object[5]: alignUp(32, 8) = 32
      ImageCache class: 8 + 32 + 5 x 4016 = 20120
      LeakyHolder class 8 + activity 24 = 32
      KWR (JNI global) 24 + key String 16 + char[2] alignUp(16, 8) = 16: 56
      reachable 20208, T = 2021."""

    @classmethod
    def build(cls):
        h = g.Hprof(version='1.0.3', id_size=4)
        d = h.heap_dump(segmented=True)
        new = g.Addresses(0x20000, [8])
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
        d.cls(A_MAIN, 'com/example/MainActivity', super_id=A_ACT, instance_size=24)
        d.cls(A_OBJARR, '[Ljava/lang/Object;', super_id=A_OBJ, instance_size=0)
        act = new()
        d.instance(act, A_MAIN, {'mDestroyed': 1})
        d.cls(A_HOLDER, 'com/example/LeakyHolder', super_id=A_OBJ, statics=[('sLeak', g.OBJECT, act)],
              instance_size=8)
        bitmaps = []
        for i in range(5):
            b = new()
            d.prim_array(b, g.BYTE, length=4000, data=bytes(4000))
            bitmaps.append(b)
        arr = new()
        d.obj_array(arr, A_OBJARR, bitmaps)
        d.cls(A_CACHE, 'com/example/ImageCache', super_id=A_OBJ, statics=[('sBitmaps', g.OBJECT, arr)],
              instance_size=8)
        chars, key, kwr = new(), new(), new()
        d.prim_array(chars, g.CHAR, list('k1'))
        d.instance(key, A_STR, {'value': chars, 'count': 2})
        d.instance(kwr, A_KWR, {'referent': act, 'key': key})
        d.jni_global(kwr)
        for k in (A_OBJ, A_CLS, A_STR, A_CHARS, A_REF, A_WEAK, A_KWR, A_ACT, A_MAIN, A_OBJARR,
                  A_HOLDER, A_CACHE):
            d.sticky(k)
        cls.ids = {'act': act, 'arr': arr}
        return h

    def test_leak_and_suspect(self):
        leaks = json.loads(cli('leaks', self.dump, '--json').stdout)
        traces = [t for grp in leaks['application_leaks'] for t in grp['traces']]
        self.assertEqual(len(traces), 1)
        self.assertEqual(traces[0]['key'], 'k1')
        self.assertEqual(traces[0]['nodes'][-1]['id'], hx(self.ids['act']))
        s = self.s
        self.assertEqual((s['reachable_bytes'], s['threshold']), (20208, 2021))
        self.assertEqual(len(s['objects']), 1)
        o = s['objects'][0]
        self.assertEqual((o['id'], o['retained']), (hx(A_CACHE), 20120))
        # class 20120 -> Object[] 20112 (>= 70%) -> byte[] 4016 (< 70%)
        self.assertEqual(o['accumulation'], {'id': hx(self.ids['arr']), 'class': 'java.lang.Object[]',
                                             'retained': 20112})
        self.assertEqual(o['retained_classes'], [{'class': 'byte[]', 'count': 5, 'retained': 5 * 4016,
                                                  'below': []}])
        self.assertEqual([n['leaking'] for n in o['path']], ['NO', 'UNKNOWN'])
        self.assertTrue(o['description'].startswith('`com.example.ImageCache.sBitmaps`, one `java.lang.Object[]` '
                                                    'of 5 entries, retains'), o['description'])
        self.assertEqual(s['classes'], [])


class Options(unittest.TestCase):
    """--dump and --follow-weak reach the analysis: the reachable bytes are
    those the summary reports for the same options."""

    def test_dump_and_follow_weak(self):
        rel = 'jvm/oracle_jdk7_21_hprofagent.hprof'
        dump = os.path.join(testlib.require_corpus(rel), rel)
        for extra in ((), ('--dump', '1'), ('--follow-weak',)):
            summary = json.loads(cli('summary', dump, '--json', *extra).stdout)
            s = suspects_json(dump, *extra)
            self.assertEqual(s['reachable_bytes'], summary['reachable_bytes'], extra)


class Corpus(unittest.TestCase):
    """Against the corpus's expected/ (an independent implementation):
    reachable bytes and T; the biggest object is always a child of the
    virtual root (its immediate dominator would retain more), so it is the
    first object suspect when it reaches T; every object suspect and
    accumulation point big enough to be among the expected top ten is there
    with the same class and retained size; a class suspect's members are
    instances with no other instance of the class above them, so their sum is
    at most the class's retained size in the class table."""

    def test_corpus(self):
        exp_dir = os.path.join(testlib.require_corpus('expected'), 'expected')
        checked = 0
        for name in sorted(os.listdir(exp_dir)):
            with open(os.path.join(exp_dir, name)) as f:
                exp = json.load(f)
            dump = None
            for sub, ext in (('jvm', '.hprof'), ('jvm', '.hprof.gz'), ('android', '.hprof')):
                p = os.path.join(CORPUS, sub, exp['dump'] + ext)
                if os.path.exists(p):
                    dump = p
            if dump is None:
                continue
            with self.subTest(dump=exp['dump']):
                s = suspects_json(dump)
                R = exp['reachable_bytes']
                self.assertEqual(s['reachable_bytes'], R)
                self.assertEqual(s['threshold'], threshold(R))
                top = exp['top_objects_by_retained']
                by_id = {t['id']: t for t in top}
                floor = top[-1]['retained']
                if top[0]['retained'] >= s['threshold']:
                    self.assertEqual(s['objects'][0]['id'], top[0]['id'])
                    self.assertEqual(s['objects'][0]['retained'], top[0]['retained'])
                rets = [o['retained'] for o in s['objects']]
                self.assertEqual(rets, sorted(rets, reverse=True))
                for o in s['objects']:
                    self.assertGreaterEqual(o['retained'], s['threshold'])
                    for oid, cls_, ret in ((o['id'], o['class'], o['retained']),
                                           (o['accumulation']['id'], o['accumulation']['class'],
                                            o['accumulation']['retained'])):
                        if ret > floor:
                            self.assertIn(oid, by_id)
                            self.assertEqual(by_id[oid]['retained'], ret)
                            if not cls_.startswith('class '):
                                self.assertEqual(by_id[oid]['cls'], cls_)
                    self.assertLessEqual(o['accumulation']['retained'], o['retained'])
                    self.assertLessEqual(sum(c['retained'] for c in o['retained_classes']),
                                         o['accumulation']['retained'])
                    self.assertIsNotNone(o['path'])
                    self.assertEqual(o['path'][-1]['id'], o['accumulation']['id'])
                classes = {c['name']: c for c in exp['top_classes_by_retained']}
                for c in s['classes']:
                    self.assertGreaterEqual(c['retained'], s['threshold'])
                    if c['class'] in classes:
                        self.assertLessEqual(c['retained'], classes[c['class']]['retained'])
                checked += 1
        self.assertGreaterEqual(checked, 6)


if __name__ == '__main__':
    testlib.main()
