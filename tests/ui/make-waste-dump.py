#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes waste-window.hprof for test-waste-window.c (../hprofgen.py).

    make-waste-dump.py OUT

A HotSpot (1.0.2) dump, 4-byte ids, every object below held by one
Object[] (0x6000) under a JNI global, with one finding of each kind the
Insights view lists, at ids the test names:
  - "droid" three times: Strings 0x2000, 0x2010, 0x2020 (char[5] values
    0x1000, 0x1010, 0x1020 of their own): the duplicate string, whose
    first copy is 0x2000 (the lowest id, so the lowest object index);
  - java.util.ArrayList 0x3100 of size 1 over an Object[10] (0x3000): the
    only collection;
  - four java.lang.Integer, 0x4000, 0x4010, 0x4020, 0x4030: the boxes,
    the first 0x4000;
  - int[16] of zeros 0x5000: the only all-zero array (the char[] values
    are the strings', and no array is all null: the holder is full and
    the ArrayList's array holds the first String).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import hprofgen as g  # noqa: E402


def main():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    ids = {}

    def cls(cid, name, super_name=None, fields=()):
        ids[name] = cid
        d.cls(cid, name, super_id=ids[super_name] if super_name else 0, fields=fields)
        d.sticky(cid)

    cls(0x100, 'java/lang/Object')
    cls(0x104, '[Ljava/lang/Object;', 'java/lang/Object')
    cls(0x108, 'java/lang/String', 'java/lang/Object', fields=[('value', g.OBJECT), ('hash', g.INT)])
    cls(0x10c, 'java/util/ArrayList', 'java/lang/Object', fields=[('elementData', g.OBJECT), ('size', g.INT)])
    cls(0x110, 'java/lang/Number', 'java/lang/Object')
    cls(0x114, 'java/lang/Integer', 'java/lang/Number', fields=[('value', g.INT)])
    held = []
    for i in range(3):
        d.prim_array(0x1000 + 0x10 * i, g.CHAR, data='droid'.encode('utf-16-be'))
        d.instance(0x2000 + 0x10 * i, ids['java/lang/String'], {'value': 0x1000 + 0x10 * i})
        held.append(0x2000 + 0x10 * i)
    d.obj_array(0x3000, ids['[Ljava/lang/Object;'], [0x2000] + [0] * 9)
    d.instance(0x3100, ids['java/util/ArrayList'], {'elementData': 0x3000, 'size': 1})
    held.append(0x3100)
    for i in range(4):
        d.instance(0x4000 + 0x10 * i, ids['java/lang/Integer'], {'value': i + 1})
        held.append(0x4000 + 0x10 * i)
    d.prim_array(0x5000, g.INT, data=bytes(16 * 4))
    held.append(0x5000)
    d.obj_array(0x6000, ids['[Ljava/lang/Object;'], held)
    d.jni_global(0x6000)
    h.write(sys.argv[1])


if __name__ == '__main__':
    main()
