#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes insights.hprof for the Insights view's UI test (../hprofgen.py).

    make-insights-dump.py OUT

An Android (1.0.3) dump, 4-byte ids, every object held by one Object[]
under a JNI global:
  - "droid" three times (two compressed byte[] Strings, one char[]);
  - Bitmaps: b1 and b2 3 x 2 ARGB_8888 with the same pixels (duplicates),
    b3 4 x 2 RGB_565, bad 5 x 5 with a 10-byte buffer (cannot be drawn).
String: declared size 20 -> 24; byte[5]: alignUp(12 + 5, 8) = 24, so
the two copies beyond the first waste 2 x 24 + 24 (byte[5] of the second
compressed copy) + 24 (char[5]: alignUp(12 + 10, 8) = 24) = 96 bytes.
b2's buffer byte[24]: alignUp(12 + 24, 8) = 40 bytes: the duplicate bitmap.
"""
import os
import struct
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import hprofgen as g  # noqa: E402


def main():
    h = g.Hprof(version='1.0.3', id_size=4)
    d = h.heap_dump(segmented=True)
    a = g.Addresses(0x12c00000, [8])
    ids, held = {}, []

    def cls(name, super_name=None, fields=(), size=None):
        cid = a()
        ids[name] = cid
        d.cls(cid, name, super_id=ids[super_name] if super_name else 0, fields=fields, instance_size=size)
        d.sticky(cid)

    def inst(name, values):
        oid = a()
        d.instance(oid, ids[name], values)
        held.append(oid)

    def prim(typ, data):
        oid = a()
        d.prim_array(oid, typ, data=data)
        return oid

    cls('java/lang/Object', size=8)
    cls('[Ljava/lang/Object;', 'java/lang/Object')
    cls('java/lang/String', 'java/lang/Object',
        fields=[('count', g.INT), ('hash', g.INT), ('value', g.OBJECT)], size=20)
    cls('android/graphics/Bitmap', 'java/lang/Object',
        fields=[('mBuffer', g.OBJECT), ('mWidth', g.INT), ('mHeight', g.INT)], size=24)
    for _ in range(2):
        inst('java/lang/String', {'count': 10, 'value': prim(g.BYTE, b'droid')})
    inst('java/lang/String', {'count': 11, 'value': prim(g.CHAR, 'droid'.encode('utf-16-be'))})
    argb = bytes([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255,
                  255, 255, 0, 255, 0, 0, 0, 0, 128, 128, 128, 255])
    inst('android/graphics/Bitmap', {'mBuffer': prim(g.BYTE, argb), 'mWidth': 3, 'mHeight': 2})
    inst('android/graphics/Bitmap', {'mBuffer': prim(g.BYTE, argb), 'mWidth': 3, 'mHeight': 2})
    rgb = b''.join(struct.pack('<H', v) for v in (0xF800, 0x07E0, 0x001F, 0xFFFF, 0, 0x8410, 0x1234, 0xABCD))
    inst('android/graphics/Bitmap', {'mBuffer': prim(g.BYTE, rgb), 'mWidth': 4, 'mHeight': 2})
    inst('android/graphics/Bitmap', {'mBuffer': prim(g.BYTE, bytes(10)), 'mWidth': 5, 'mHeight': 5})
    holder = a()
    d.obj_array(holder, ids['[Ljava/lang/Object;'], held)
    d.jni_global(holder)
    h.write(sys.argv[1])


if __name__ == '__main__':
    main()
