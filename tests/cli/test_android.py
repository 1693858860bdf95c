#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Android dumps: the 1.0.3 size rules, Android root types, HEAP_DUMP_INFO,
PRIMITIVE_ARRAY_NODATA, and the two other ways docs/semantics.md detects Android
(a 1.0.2 file with HEAP_DUMP_INFO; hprof-conv output, where only
java.lang.Object's shadow$_klass_ field tells).

The heap (4-byte ids, names in ART's pretty form):
  java.lang.Object    declared size 8, fields shadow$_klass_ (Object), shadow$_monitor_ (int)
  com.example.Foo     declared size 28, fields int x, Object o;
                      statics int s1, long s2, Object $classOverhead (-> byte[20] with id Foo|1)
  com.example.Bar     declared size 36, no fields
  java.lang.Class, java.lang.Object[], long[] double[] int[] byte[] char[] boolean[] short[] float[]
  foo1: Foo (o -> arr3)   bar1: Bar   arr3 = Object[3] {bar1, long[3], null}   arr0 = Object[0]
  long[3] double[1] int[3] byte[5] char[2] boolean[1] short[1] float[1], int[4] without data (0xC3)
Roots: foo1 JNI global + Java frame + VM internal (three types, one object);
  arr0 interned string; double[1] finalizing; int[3] debugger; byte[5] reference
  cleanup; char[2] JNI monitor; short[1] thread block; float[1] monitor used;
  int[4] native stack; boolean[1] ROOT_UNREACHABLE only (so NOT a root);
  every class sticky.
Object addresses are multiples of 16 (gaps 32 and 48) but Android's A is 8.
"""

from clitest import CliTest, g, main

OBJ, CLS, FOO, BAR = 0x70000000, 0x70000010, 0x70000020, 0x70000030
ARRAY_CLASSES = {'java.lang.Object[]': 0x70000040, 'long[]': 0x70000050, 'double[]': 0x70000060,
                 'int[]': 0x70000070, 'byte[]': 0x70000080, 'char[]': 0x70000090,
                 'boolean[]': 0x700000a0, 'short[]': 0x700000b0, 'float[]': 0x700000c0}
OVERHEAD = FOO | 1          # ART's fake byte[] for the class overhead
FOO1, BAR1, ARR3, ARR0 = 0x12c00000, 0x12c00020, 0x12c00050, 0x12c00070
LONG3, DOUBLE1, INT3, BYTE5 = 0x12c000a0, 0x12c000c0, 0x12c000f0, 0x12c00110
CHAR2, BOOL1, SHORT1, FLOAT1, NODATA = 0x12c00140, 0x12c00160, 0x12c00190, 0x12c001b0, 0x12c001e0
ALL_CLASSES = [OBJ, CLS, FOO, BAR] + list(ARRAY_CLASSES.values())

# Shallow sizes (A = 8, R = 4):
#   foo1: alignUp(28, 8) = 32          bar1: alignUp(36, 8) = 40
#   arr3: alignUp(12 + 4*3, 8) = 24    arr0: alignUp(12, 8) = 16
#   long[3]: alignUp(16 + 24, 8) = 40  double[1]: 16 + 8 = 24   int[3]: 12 + 12 = 24
#   byte[5]: 12 + 5 = 17 -> 24         char[2]: 12 + 4 = 16     boolean[1]: 13 -> 16
#   short[1]: 14 -> 16                 float[1]: 12 + 4 = 16    int[4] (no data): 12 + 16 = 28 -> 32
#   byte[20] overhead: 12 + 20 = 32    Foo class: statics 4 + 8 + 4 = 16; other classes 0
# total: 16+32+40+24+16 = 128; +40+24+24+24 = 240; +16+16+16+16 = 304; +32+32 = 368
# unreachable: boolean[1], 16 bytes; reachable 352.


def build(version='1.0.3', info=True, conv=False, overhead=True):
    """conv: what hprof-conv writes (1.0.2, Android roots -> 0xFF,
    HEAP_DUMP_INFO dropped, 0xC3 -> a zero-length 0x23)."""
    h = g.Hprof(version=version, id_size=4)
    d = h.heap_dump(segmented=True)

    def root(tag, oid, *extra):
        if conv and tag in g.ANDROID_ROOTS:
            d.root(g.ROOT_UNKNOWN, oid)
        else:
            d.root(tag, oid, *extra)

    if info:
        d.heap_info('Z', 'zygote')
    d.cls(OBJ, 'java.lang.Object', instance_size=8,
          fields=[('shadow$_klass_', g.OBJECT), ('shadow$_monitor_', g.INT)])
    d.cls(CLS, 'java.lang.Class', super_id=OBJ, instance_size=120)
    statics = [('s1', g.INT, 1), ('s2', g.LONG, 2)]
    if overhead:
        statics.append(('$classOverhead', g.OBJECT, OVERHEAD))
    d.cls(FOO, 'com.example.Foo', super_id=OBJ, instance_size=28,
          fields=[('x', g.INT), ('o', g.OBJECT)], statics=statics)
    d.cls(BAR, 'com.example.Bar', super_id=OBJ, instance_size=36)
    for name, cid in ARRAY_CLASSES.items():
        d.cls(cid, name, super_id=OBJ, instance_size=0)
    if overhead:
        d.prim_array(OVERHEAD, g.BYTE, list(range(20)))
    d.segment_break()
    if info:
        d.heap_info('A', 'app')
    d.instance(FOO1, FOO, {'x': 1, 'o': ARR3, 'shadow$_klass_': FOO})
    d.instance(BAR1, BAR, {'shadow$_klass_': BAR})
    d.obj_array(ARR3, ARRAY_CLASSES['java.lang.Object[]'], [BAR1, LONG3, 0])
    d.obj_array(ARR0, ARRAY_CLASSES['java.lang.Object[]'], [])
    d.segment_break()
    if info:
        d.heap_info('A', 'app')
    d.prim_array(LONG3, g.LONG, [1, 2, 3])
    d.prim_array(DOUBLE1, g.DOUBLE, [0.5])
    d.prim_array(INT3, g.INT, [1, 2, 3])
    d.prim_array(BYTE5, g.BYTE, b'hello')
    d.prim_array(CHAR2, g.CHAR, 'ok')
    d.prim_array(BOOL1, g.BOOLEAN, [1])
    d.prim_array(SHORT1, g.SHORT, [7])
    d.prim_array(FLOAT1, g.FLOAT, [1.0])
    if conv:
        d.prim_array(NODATA, g.INT, [])
    else:
        d.prim_array_nodata(NODATA, g.INT, 4)
    d.segment_break()
    if info:
        d.heap_info('A', 'app')
    root(g.ROOT_JNI_GLOBAL, FOO1, 0x1234)
    root(g.ROOT_JAVA_FRAME, FOO1, 1, 0xFFFFFFFF)
    root(g.ROOT_VM_INTERNAL, FOO1)
    root(g.ROOT_INTERNED_STRING, ARR0)
    root(g.ROOT_FINALIZING, DOUBLE1)
    root(g.ROOT_DEBUGGER, INT3)
    root(g.ROOT_REFERENCE_CLEANUP, BYTE5)
    root(g.ROOT_JNI_MONITOR, CHAR2, 1, 0xFFFFFFFF)
    root(g.ROOT_THREAD_BLOCK, SHORT1, 1)
    root(g.ROOT_MONITOR_USED, FLOAT1)
    root(g.ROOT_NATIVE_STACK, NODATA, 1)
    root(g.ROOT_UNREACHABLE, BOOL1)
    for c in ALL_CLASSES:
        root(g.ROOT_STICKY_CLASS, c)
    return h


ANDROID_ROOT_COUNTS = {
    g.ROOT_STICKY_CLASS: 13, g.ROOT_JNI_GLOBAL: 1, g.ROOT_JAVA_FRAME: 1, g.ROOT_VM_INTERNAL: 1,
    g.ROOT_INTERNED_STRING: 1, g.ROOT_FINALIZING: 1, g.ROOT_DEBUGGER: 1, g.ROOT_REFERENCE_CLEANUP: 1,
    g.ROOT_JNI_MONITOR: 1, g.ROOT_THREAD_BLOCK: 1, g.ROOT_MONITOR_USED: 1, g.ROOT_NATIVE_STACK: 1,
}


class Android(CliTest):
    def check_native(self, f, version):
        s = self.summary(f)
        self.assertIn(version, s['format'])
        self.assertSummary(s, id_size=4, ref_size=4, object_align=8, android=True, dumps=1,
                           objects=27,   # 13 classes + 2 instances + 2 object arrays + 10 primitive arrays
                           instances=2, object_arrays=2, primitive_arrays=10, classes=13,
                           gc_roots=22,  # 13 classes + 9 objects (boolean[1] is ROOT_UNREACHABLE only)
                           reachable_objects=26, unreachable_objects=1,
                           shallow_bytes=368, reachable_bytes=352, unreachable_bytes=16,
                           dangling_references=0)
        self.assertRoots(s, ANDROID_ROOT_COUNTS)

        rows = self.classes(f)
        got = {r['name']: (r['count'], r['reachable_count'], r['shallow'], r['retained']) for r in rows}
        # retained: foo1 dominates arr3, bar1, long[3]: 32 + 24 + 40 + 40 = 136.
        # java.lang.Class: the class objects are all roots; only Foo's retains
        # anything: 16 + the 32-byte overhead array = 48.
        want = {
            'com.example.Foo': (1, 1, 32, 136), 'com.example.Bar': (1, 1, 40, 40),
            'java.lang.Object[]': (2, 2, 24 + 16, 104 + 16),  # arr3 retains itself + bar1 + long[3] = 104
            'long[]': (1, 1, 40, 40), 'double[]': (1, 1, 24, 24),
            'int[]': (2, 2, 24 + 32, 24 + 32),                # int[3] and the no-data int[4]
            'byte[]': (2, 2, 24 + 32, 24 + 32),               # byte[5] and the overhead byte[20]
            'char[]': (1, 1, 16, 16), 'boolean[]': (1, 0, 16, 0), 'short[]': (1, 1, 16, 16),
            'float[]': (1, 1, 16, 16), 'java.lang.Class': (13, 13, 16, 48), 'java.lang.Object': (0, 0, 0, 0),
        }
        self.assertEqual(got, want)

        top = self.dominators(f, 100)
        self.assertEqual(len(top), 26)
        self.assertObject(top, FOO1, shallow=32, retained=136, retained_count=4, dominator='root',
                          cls='com.example.Foo')
        self.assertObject(top, ARR3, shallow=24, retained=104, retained_count=3, dominator=FOO1)
        self.assertObject(top, BAR1, shallow=40, retained=40, dominator=ARR3)
        self.assertObject(top, FOO, shallow=16, retained=48, retained_count=2, dominator='root')
        self.assertObject(top, OVERHEAD, shallow=32, dominator=FOO, cls='byte[]')
        self.assertObject(top, NODATA, shallow=32, retained=32, dominator='root', cls='int[]')
        self.assertEqual(sum(o['retained'] for o in top if o['dominator'] == 'root'), 352)
        self.assertNotIn(BOOL1, self.by_id(top))

        objs = self.objects(f, 'boolean[]')
        self.assertEqual(len(objs), 1)
        self.assertObject(objs, BOOL1, shallow=16, reachable=False)

    def test_raw_1_0_3(self):
        self.check_native(self.write(build(), 'android.hprof'), '1.0.3')

    def test_1_0_2_with_heap_dump_info(self):
        # HEAP_DUMP_INFO alone makes it Android.
        self.check_native(self.write(build(version='1.0.2'), 'android-102.hprof'), '1.0.2')

    def test_without_overhead_alignment_stays_8(self):
        # No odd $classOverhead id: every address is a multiple of 16 with gaps
        # of 16, 32 and 48 (gcd 16), yet Android's A is 8.
        # Totals: 368 - 32 (overhead) = 336; Foo's statics 4 + 8 = 12 -> 16.
        f = self.write(build(overhead=False), 'android-no-overhead.hprof')
        s = self.summary(f)
        self.assertSummary(s, android=True, object_align=8, objects=26, shallow_bytes=336,
                           reachable_bytes=320, unreachable_bytes=16)
        top = self.dominators(f, 100)
        self.assertObject(top, BYTE5, shallow=24)     # 17 -> 24 (would be 32 with A = 16)
        self.assertObject(top, INT3, shallow=24)
        self.assertObject(top, FOO1, shallow=32, retained=136)

    def test_hprof_conv_output(self):
        # 1.0.2, no HEAP_DUMP_INFO, Android root tags written as ROOT_UNKNOWN
        # (boolean[1]'s ROOT_UNREACHABLE too, so it becomes a root), int[4]
        # without data becomes int[0]: alignUp(12 + 0, 8) = 16.
        # Android only through java.lang.Object's shadow$_klass_.
        # Totals: 368 - 32 + 16 = 352, all reachable.
        f = self.write(build(version='1.0.2', info=False, conv=True), 'android-conv.hprof')
        s = self.summary(f)
        self.assertSummary(s, android=True, object_align=8, ref_size=4, objects=27,
                           gc_roots=23, reachable_objects=27, unreachable_objects=0,
                           shallow_bytes=352, reachable_bytes=352, unreachable_bytes=0)
        # ROOT_UNKNOWN: foo1 (was VM internal), arr0, double[1], int[3],
        # byte[5], char[2], boolean[1] = 7 objects.
        self.assertRoots(s, {g.ROOT_STICKY_CLASS: 13, g.ROOT_JNI_GLOBAL: 1, g.ROOT_JAVA_FRAME: 1,
                             g.ROOT_THREAD_BLOCK: 1, g.ROOT_MONITOR_USED: 1, g.ROOT_NATIVE_STACK: 1,
                             g.ROOT_UNKNOWN: 7})
        top = self.dominators(f, 100)
        self.assertObject(top, FOO1, shallow=32, retained=136)
        self.assertObject(top, BAR1, shallow=40)
        self.assertObject(top, NODATA, shallow=16)


if __name__ == '__main__':
    main()
