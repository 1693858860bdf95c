#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the small dumps of the engine's unit tests (../hprofgen.py).

    make-engine-dumps.py OUTDIR

index.hprof (JVM, 1.0.2, 8-byte ids): the objects are, by id,
    0x1000 class java.lang.Object          HsObj 0
    0x1100 class com.example.Node          HsObj 1 (fields next, v)
    0x1200 class com.example.Dup           HsObj 2 (written second)
    0x1300 class com.example.Dup           HsObj 3 (written first)
    0x10000 Node v=10                      HsObj 4
    0x10010 Node v=1, then again v=2       HsObj 5 (the later copy wins)
    0x20000 Node v=30                      HsObj 6
    0x30000 int[3]                         HsObj 7
  written in the file out of id order (0x20000, 0x10010, 0x30000, 0x10000,
  0x10010 again): 8 objects once the duplicate is dropped. Absent ids: 0,
  0xfff (below the lowest), 0x1001, 0x1101, 0x10008, 0x2ffff (between),
  0x30001 and 2^64-1 (above the highest). Classes by name: the first of
  the two com.example.Dup in file order is 0x1300; int[] exists (a
  primitive array of that type is in the dump, the class is synthetic);
  java.lang.Class is synthetic; names are in Java source form, so
  "java/lang/Object" and "com.example.Missing" name no class.

spread.hprof (JVM, 4-byte ids): class java.lang.Object at 0x100 and 3000
  instances at ids 0x100000 + 8 * k * (k + 1) / 2 for k = 0..2999 (gaps
  8, 16, 24, ...: the bucketed lookup sees dense and sparse buckets), in
  reverse id order in the file. HsObj k + 1 has the k-th id (the class is
  HsObj 0); id + 4 of any of them names nothing.

runtime-android.hprof (1.0.3, so Android): android.os.Build with
  MANUFACTURER "Google", MODEL "Pixel 8"; android.os.Build$VERSION with
  SDK_INT 34 and RELEASE "14". api_level 34.
runtime-jvm-build.hprof (JVM): android.os.Build$VERSION with SDK_INT 0,
  no android.os.Build: api_level 0 (a Build$VERSION class, no level),
  has_sdk_int, sdk_int 0, no device strings. java.lang.VersionProps with
  java_version "17.0.1" only and sun.misc.Version with
  java_runtime_version "1.8.0_1-b1": the runtime version wins, so
  java_version is "1.8.0_1-b1".
runtime-jvm-none.hprof (JVM): no such classes: api_level -1, every
  string NULL, has_sdk_int FALSE.
Strings are java.lang.String instances with a char[] value only.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from hprofgen import Hprof, OBJECT, INT, CHAR  # noqa: E402


def index_dump(path):
    h = Hprof(version='1.0.2', id_size=8)
    d = h.heap_dump(segmented=True)
    d.cls(0x1000, 'java/lang/Object')
    d.cls(0x1100, 'com/example/Node', super_id=0x1000, fields=[('next', OBJECT), ('v', INT)])
    d.cls(0x1300, 'com/example/Dup', super_id=0x1000)
    d.cls(0x1200, 'com/example/Dup', super_id=0x1000)
    for c in (0x1000, 0x1100, 0x1200, 0x1300):
        d.sticky(c)
    d.instance(0x20000, 0x1100, {'v': 30})
    d.instance(0x10010, 0x1100, {'v': 1, 'next': 0x20000})
    d.prim_array(0x30000, INT, [1, 2, 3])
    d.instance(0x10000, 0x1100, {'v': 10, 'next': 0x10010})
    d.instance(0x10010, 0x1100, {'v': 2, 'next': 0x20000})
    d.jni_global(0x10000)
    h.write(path)


def spread_dump(path):
    h = Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(0x100, 'java/lang/Object')
    d.sticky(0x100)
    for k in reversed(range(3000)):
        d.instance(0x100000 + 8 * k * (k + 1) // 2, 0x100)
    h.write(path)


class Strings:
    """java.lang.String instances (char[] value) at increasing ids."""

    def __init__(self, d, base):
        self.d, self.next = d, base
        d.cls(0x200, 'java/lang/String', super_id=0x100, fields=[('value', OBJECT)])
        d.cls(0x208, '[C', super_id=0x100)
        d.sticky(0x200)

    def __call__(self, text):
        sid, aid = self.next, self.next + 0x100
        self.next += 0x200
        self.d.prim_array(aid, CHAR, [ord(ch) for ch in text])
        self.d.instance(sid, 0x200, {'value': aid})
        return sid


def runtime_android(path):
    h = Hprof(version='1.0.3', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(0x100, 'java/lang/Object')
    d.sticky(0x100)
    s = Strings(d, 0x10000)
    d.cls(0x300, 'android/os/Build', super_id=0x100,
          statics=[('MANUFACTURER', OBJECT, s('Google')), ('MODEL', OBJECT, s('Pixel 8'))])
    d.cls(0x310, 'android/os/Build$VERSION', super_id=0x100,
          statics=[('SDK_INT', INT, 34), ('RELEASE', OBJECT, s('14'))])
    d.sticky(0x300)
    d.sticky(0x310)
    h.write(path)


def runtime_jvm_build(path):
    h = Hprof(version='1.0.2', id_size=8)
    d = h.heap_dump(segmented=True)
    d.cls(0x100, 'java/lang/Object')
    d.sticky(0x100)
    s = Strings(d, 0x10000)
    d.cls(0x310, 'android/os/Build$VERSION', super_id=0x100, statics=[('SDK_INT', INT, 0)])
    d.cls(0x320, 'java/lang/VersionProps', super_id=0x100,
          statics=[('java_version', OBJECT, s('17.0.1'))])
    d.cls(0x330, 'sun/misc/Version', super_id=0x100,
          statics=[('java_runtime_version', OBJECT, s('1.8.0_1-b1'))])
    for c in (0x310, 0x320, 0x330):
        d.sticky(c)
    h.write(path)


def runtime_jvm_none(path):
    h = Hprof(version='1.0.2', id_size=8)
    d = h.heap_dump(segmented=True)
    d.cls(0x100, 'java/lang/Object')
    d.sticky(0x100)
    h.write(path)


out = sys.argv[1]
index_dump(os.path.join(out, 'index.hprof'))
spread_dump(os.path.join(out, 'spread.hprof'))
runtime_android(os.path.join(out, 'runtime-android.hprof'))
runtime_jvm_build(os.path.join(out, 'runtime-jvm-build.hprof'))
runtime_jvm_none(os.path.join(out, 'runtime-jvm-none.hprof'))
