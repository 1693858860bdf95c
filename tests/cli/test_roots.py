#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""GC roots of every HotSpot type, several types on one object, duplicate
root records, root records naming missing objects, roots spread over several
segments, plus the top-level records a real dump carries (STACK_TRACE,
STACK_FRAME, START_THREAD, HEAP_SUMMARY, CONTROL_SETTINGS, UNLOAD_CLASS).

8-byte ids, no object arrays (so no compressed references: R = 8), address
gaps 64 and 72 (A = 8).
  classes: java.lang.Object, java.lang.Class, java.lang.Thread {Object name},
           com.example.Leaf {int v}                      (4, sticky roots)
  Leaf: alignUp(4 + 16, 8) = 24   Thread: alignUp(8 + 16, 8) = 24
  o1 (Leaf): JNI global + Java frame + monitor used + sticky class
  o2 (Leaf): JNI local, written twice
  o3 (Leaf): native stack       o4 (Leaf): thread block
  t (Thread): thread object     o5 (Leaf): ROOT_UNKNOWN
  o7 (Leaf): no root, nothing refers to it
  JNI global naming 0xdead0000 and a thread object root with id 0: no object.
gc_roots = 4 classes + o1 o2 o3 o4 t o5 = 10; objects 11; unreachable o7 (24 bytes);
shallow 7 x 24 = 168, reachable 144.
By type (distinct objects): sticky 5 (4 classes + o1), JNI global 1, Java
frame 1, monitor used 1, JNI local 1, native stack 1, thread block 1,
thread object 1, unknown 1.
"""

from clitest import CliTest, g, hexid, main

A = g.Addresses(0x7f0000000, (64, 72))
OBJ, CLS, THREAD, LEAF = A(), A(), A(), A()
O1, O2, O3, O4, T, O5, O7 = A(), A(), A(), A(), A(), A(), A()


def build():
    h = g.Hprof(version='1.0.2', id_size=8)
    h.record(g.TAG_CONTROL_SETTINGS, g.u4(2) + g.u2(4))
    h.stack_frame(0x501, 'run', '()V', 'Main.java', 1, 42)
    h.stack_trace(1, 1, [0x501])
    h.stack_trace(2, 0, [])
    h.record(g.TAG_START_THREAD, g.u4(1) + h.idb(T) + g.u4(1) + h.idb(h.name('main'))
             + h.idb(h.name('group')) + h.idb(h.name('parent')))
    h.record(g.TAG_HEAP_SUMMARY, g.u4(100) + g.u4(7) + g.u8(200) + g.u8(11))
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(THREAD, 'java/lang/Thread', super_id=OBJ, fields=[('name', g.OBJECT)])
    d.cls(LEAF, 'com/example/Leaf', super_id=OBJ, fields=[('v', g.INT)], stack_serial=2)
    d.root(g.ROOT_JNI_GLOBAL, O1, 0x77)
    d.root(g.ROOT_JNI_GLOBAL, 0xdead0000, 0x78)
    d.segment_break()
    for i, o in enumerate((O1, O2, O3, O4, O5, O7)):
        d.instance(o, LEAF, {'v': i}, stack_serial=1)
    d.instance(T, THREAD, {'name': 0})
    d.segment_break()
    d.root(g.ROOT_JAVA_FRAME, O1, 1, 0)
    d.root(g.ROOT_MONITOR_USED, O1)
    d.root(g.ROOT_STICKY_CLASS, O1)
    d.root(g.ROOT_JNI_LOCAL, O2, 1, 0)
    d.root(g.ROOT_JNI_LOCAL, O2, 1, 0)
    d.root(g.ROOT_NATIVE_STACK, O3, 1)
    d.root(g.ROOT_THREAD_BLOCK, O4, 1)
    d.root(g.ROOT_THREAD_OBJECT, T, 1, 1)
    d.root(g.ROOT_THREAD_OBJECT, 0, 2, 2)
    d.segment_break()
    d.root(g.ROOT_UNKNOWN, O5)
    for c in (OBJ, CLS, THREAD, LEAF):
        d.sticky(c)
    h.record(g.TAG_END_THREAD, g.u4(1))
    h.unload_class(99)
    return h


class Roots(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.file = build().write(cls.path('roots.hprof'))

    def test_summary(self):
        s = self.summary(self.file)
        self.assertSummary(s, id_size=8, ref_size=8, object_align=8, objects=11, instances=7,
                           object_arrays=0, primitive_arrays=0, classes=4, gc_roots=10,
                           reachable_objects=10, unreachable_objects=1,
                           shallow_bytes=168, reachable_bytes=144, unreachable_bytes=24)
        self.assertRoots(s, {g.ROOT_STICKY_CLASS: 5, g.ROOT_JNI_GLOBAL: 1, g.ROOT_JAVA_FRAME: 1,
                             g.ROOT_MONITOR_USED: 1, g.ROOT_JNI_LOCAL: 1, g.ROOT_NATIVE_STACK: 1,
                             g.ROOT_THREAD_BLOCK: 1, g.ROOT_THREAD_OBJECT: 1, g.ROOT_UNKNOWN: 1})

    def test_objects(self):
        objs = self.objects(self.file, 'com.example.Leaf')
        got = {hexid(o['id']): (o['reachable'], o['shallow']) for o in objs}
        self.assertEqual(got, {O1: (True, 24), O2: (True, 24), O3: (True, 24), O4: (True, 24),
                               O5: (True, 24), O7: (False, 24)})
        top = self.dominators(self.file, 100)
        self.assertEqual(len(top), 10)
        for o in (O1, O2, O3, O4, O5, T):
            self.assertObject(top, o, retained=24, retained_count=1, dominator='root')

    def test_classes(self):
        rows = self.classes(self.file)
        self.assertEqual((self.row(rows, 'com.example.Leaf')['count'],
                          self.row(rows, 'com.example.Leaf')['reachable_count']), (6, 5))
        self.assertEqual(self.row(rows, 'java.lang.Thread')['shallow'], 24)


if __name__ == '__main__':
    main()
