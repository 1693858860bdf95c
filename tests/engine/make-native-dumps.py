#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the small Android dumps the native-memory tests use (../hprofgen.py).

    make-native-dumps.py OUTDIR

native-o.hprof (Android 8+ layout: Bitmap has no mBuffer). A JNI global
com.example.Owner O holds, through its fields:
  - bx: a Bitmap 100 x 50 registered with NativeAllocationRegistry R1
        (size 20481: the low bit is Android Q's IS_MALLOCED flag) through
        Cleaner C1 -> CleanerThunk T1 (this$0 = R1). Native: 20480 (the
        registry's figure, not the 100*50*4 = 20000 estimate).
  - by: a Bitmap 10 x 20 with no registration. Native: 10*20*4 = 800.
  - bz: a recycled Bitmap 30 x 30. Native: 0.
  - m:  an android.graphics.Matrix registered twice: R2 (size 40) through
        C2 and R3 (size 97 -> 96) through C3. Native: 136.
  - buf: a java.nio.DirectByteBuffer whose Cleaner C4 has a
        DirectByteBuffer$Deallocator thunk with capacity 4096. Native: 4096.
  - sub: another Owner S holding bw, a Bitmap 5 x 5 (native 100).
  - oth: an Owner whose Cleaner C5 has a thunk of an unknown class
        (com.example.Other): native 0.
An Owner U that nothing references has a Cleaner C6 (registry R2): U's
native is 40, but U is unreachable, so no subtree counts it.
The Cleaners are reachable through the static `first` of sun.misc.Cleaner
(a sticky class) and their next links; Reference.referent is not a
reference, so each registered object is dominated by O (or S).
Retained native: bx 20480, by 800, m 136, buf 4096, bw 100, S 100,
O 20480 + 800 + 136 + 4096 + 100 = 25612, virtual root 25612.

native-n.hprof (Android 3.0 - 7.1 layout: Bitmap has mBuffer). Two Bitmaps,
one with its pixels in a byte[] mBuffer, one with mBuffer null: both
native 0, the table is empty.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from hprofgen import Hprof, Addresses, OBJECT, INT, LONG, BOOLEAN, BYTE  # noqa: E402


def common_classes(d, a, bitmap_fields):
    ids = {}

    def cls(name, super_name=None, fields=(), statics=()):
        cid = a()
        ids[name] = cid
        d.cls(cid, name, super_id=ids[super_name] if super_name else 0,
              fields=fields, statics=statics)
        d.sticky(cid)
        return cid

    cls('java/lang/Object')
    cls('java/lang/Runnable', 'java/lang/Object')
    cls('java/lang/ref/Reference', 'java/lang/Object',
        fields=[('referent', OBJECT), ('queue', OBJECT), ('queueNext', OBJECT)])
    cls('java/lang/ref/PhantomReference', 'java/lang/ref/Reference')
    ids['first'] = a()   # the first Cleaner, written later
    cls('sun/misc/Cleaner', 'java/lang/ref/PhantomReference',
        fields=[('next', OBJECT), ('prev', OBJECT), ('thunk', OBJECT)],
        statics=[('first', OBJECT, ids['first'])])
    cls('libcore/util/NativeAllocationRegistry', 'java/lang/Object',
        fields=[('classLoader', OBJECT), ('freeFunction', LONG), ('size', LONG)])
    cls('libcore/util/NativeAllocationRegistry$CleanerThunk', 'java/lang/Object',
        fields=[('nativePtr', LONG), ('this$0', OBJECT)])
    cls('java/nio/Buffer', 'java/lang/Object', fields=[('capacity', INT)])
    cls('java/nio/DirectByteBuffer', 'java/nio/Buffer')
    cls('java/nio/DirectByteBuffer$Deallocator', 'java/lang/Object',
        fields=[('address', LONG), ('size', LONG), ('capacity', INT)])
    cls('android/graphics/Bitmap', 'java/lang/Object', fields=bitmap_fields)
    cls('android/graphics/Matrix', 'java/lang/Object', fields=[('native_instance', LONG)])
    cls('com/example/Other', 'java/lang/Object')
    cls('com/example/Owner', 'java/lang/Object',
        fields=[('bx', OBJECT), ('by', OBJECT), ('bz', OBJECT), ('m', OBJECT),
                ('buf', OBJECT), ('sub', OBJECT), ('oth', OBJECT), ('bw', OBJECT)])
    d.prim_array(a(), BYTE, [0])   # makes byte[] known
    return ids


def build_o(path):
    h = Hprof(version='1.0.3', id_size=4)
    d = h.heap_dump(segmented=True)
    a = Addresses(0x12c00000, [64])
    ids = common_classes(d, a, [('mWidth', INT), ('mHeight', INT), ('mNativePtr', LONG),
                                ('mRecycled', BOOLEAN)])
    B = ids['android/graphics/Bitmap']
    o, s, u, oth = a(), a(), a(), a()
    bx, by, bz, bw, m, buf = a(), a(), a(), a(), a(), a()
    d.instance(bx, B, {'mWidth': 100, 'mHeight': 50, 'mNativePtr': 0x7000})
    d.instance(by, B, {'mWidth': 10, 'mHeight': 20, 'mNativePtr': 0x7100})
    d.instance(bz, B, {'mWidth': 30, 'mHeight': 30, 'mNativePtr': 0x7200, 'mRecycled': True})
    d.instance(bw, B, {'mWidth': 5, 'mHeight': 5, 'mNativePtr': 0x7300})
    d.instance(m, ids['android/graphics/Matrix'], {'native_instance': 0x7400})
    d.instance(buf, ids['java/nio/DirectByteBuffer'], {'capacity': 4096})
    Owner = ids['com/example/Owner']
    d.instance(o, Owner, {'bx': bx, 'by': by, 'bz': bz, 'm': m, 'buf': buf, 'sub': s, 'oth': oth})
    d.instance(s, Owner, {'bw': bw})
    d.instance(oth, Owner)
    d.instance(u, Owner)
    d.jni_global(o)

    R = ids['libcore/util/NativeAllocationRegistry']
    T = ids['libcore/util/NativeAllocationRegistry$CleanerThunk']
    r1, r2, r3 = a(), a(), a()
    d.instance(r1, R, {'freeFunction': 0x1, 'size': 20481})
    d.instance(r2, R, {'freeFunction': 0x2, 'size': 40})
    d.instance(r3, R, {'freeFunction': 0x3, 'size': 97})
    dealloc = a()
    d.instance(dealloc, ids['java/nio/DirectByteBuffer$Deallocator'],
               {'address': 0x9000, 'size': 4096, 'capacity': 4096})
    other = a()
    d.instance(other, ids['com/example/Other'])
    # (referent, thunk) per Cleaner; thunks of registries are made here.
    cleaners = []
    for referent, registry in ((bx, r1), (m, r2), (m, r3), (u, r2)):
        t = a()
        d.instance(t, T, {'nativePtr': 0x5000, 'this$0': registry})
        cleaners.append((referent, t))
    cleaners.append((buf, dealloc))
    cleaners.append((oth, other))
    C = ids['sun/misc/Cleaner']
    cids = [ids['first']] + [a() for _ in cleaners[1:]]
    for i, (referent, thunk) in enumerate(cleaners):
        d.instance(cids[i], C, {'referent': referent, 'thunk': thunk,
                                'next': cids[i + 1] if i + 1 < len(cids) else 0,
                                'prev': cids[i - 1] if i > 0 else 0})
    h.write(path)


def build_n(path):
    h = Hprof(version='1.0.3', id_size=4)
    d = h.heap_dump(segmented=True)
    a = Addresses(0x12c00000, [64])
    ids = common_classes(d, a, [('mBuffer', OBJECT), ('mWidth', INT), ('mHeight', INT),
                                ('mNativeBitmap', INT), ('mRecycled', BOOLEAN)])
    B = ids['android/graphics/Bitmap']
    o, b1, b2, pixels = a(), a(), a(), a()
    d.prim_array(pixels, BYTE, [0] * 64)
    d.instance(b1, B, {'mBuffer': pixels, 'mWidth': 4, 'mHeight': 4, 'mNativeBitmap': 77})
    d.instance(b2, B, {'mWidth': 40, 'mHeight': 40, 'mNativeBitmap': 78})
    d.instance(o, ids['com/example/Owner'], {'bx': b1, 'by': b2})
    d.jni_global(o)
    h.write(path)


def main():
    out = sys.argv[1]
    build_o(os.path.join(out, 'native-o.hprof'))
    build_n(os.path.join(out, 'native-n.hprof'))


if __name__ == '__main__':
    main()
