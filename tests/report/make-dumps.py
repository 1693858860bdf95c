#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the small dumps the report tests use (with ../hprofgen.py).

    make-dumps.py OUTDIR

tiny.hprof: one planted leak, worked out by hand (4-byte ids, HotSpot,
object alignment 8 since the address gaps are 24 and 40):
  - com.example.Holder has a static `sLeaky` holding a com.example.Leaky
    (one object field: 4 + 8 header = 12 -> 16 bytes) whose `payload` is a
    byte[1000] (alignUp(12, 4) + 1000 = 1012 -> 1016 bytes). The Leaky is
    watched by a leakcanary.KeyedWeakReference retained for 10 s, so the
    leak retains 16 + 1016 = 1032 bytes in 2 objects, through one path:
    class Holder --static sLeaky--> Leaky.
  - A com.example.Cache (static `sCache` of Holder) holds an Object[3]
    of three Strings (not leaking, no KeyedWeakReference).

hostile.hprof: the same shape, with every name a page could trip over: a
class named <script>alert(1)</script>, a static field and a watch
description holding "><img src=x onerror=alert(1)>, a key with
<script>alert(2)</script>, a thread whose name has markup and an
ampersand, a class name that tries to break out of an attribute
(Holder"onmouseover="alert(4)) and a class name with invalid UTF-8.

static-map.hprof, parked.hprof, deep.hprof: tests/suspects/test_suspects.py's
StaticMap (an object suspect through a static map), ParkedThreads (a class
suspect: 20 byte[] held by thread locals) and DeepAccumulation (an
accumulation point three levels down) heaps; their docstrings work out the
sizes the report's suspects section must show.

loaders.hprof: tests/cli/loadersdump.py's hostile heap (two plug-in
loaders defining classes of one name, system properties with a key and a
value holding markup, JVM arguments).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from hprofgen import (Hprof, Addresses, OBJECT, INT, LONG, BOOLEAN, BYTE, CHAR,  # noqa: E402
                      ROOT_THREAD_OBJECT)

XSS_SCRIPT = '<script>alert(1)</script>'
XSS_IMG = '"><img src=x onerror=alert(1)>'
XSS_KEY = '<script>alert(2)</script>'
XSS_HOLDER = 'com/example/Holder"onmouseover="alert(4)'
XSS_THREAD = "<b>worker</b> & 'friends' \"quoted\""


def build(hostile):
    h = Hprof(version='1.0.2', id_size=4, timestamp_ms=1767225600000)  # 2026-01-01 00:00:00 UTC
    d = h.heap_dump(segmented=True)
    addr = Addresses(0x10000, [24, 40])
    classes = []

    def cls(name, super_id=0, fields=(), statics=()):
        cid = addr()
        d.cls(cid, name, super_id=super_id, fields=fields, statics=statics)
        classes.append(cid)
        return cid

    leaky_name = XSS_SCRIPT if hostile else 'com/example/Leaky'
    static_name = XSS_IMG if hostile else 'sLeaky'

    obj = cls('java/lang/Object')
    string = cls('java/lang/String', obj, [('value', OBJECT), ('hash', INT)])
    char_arr = cls('[C', obj)
    byte_arr = cls('[B', obj)
    obj_arr = cls('[Ljava/lang/Object;', obj)
    ref = cls('java/lang/ref/Reference', obj, [('referent', OBJECT), ('queue', OBJECT)])
    weak = cls('java/lang/ref/WeakReference', ref)
    thread_cls = cls('java/lang/Thread', obj, [('name', OBJECT), ('daemon', BOOLEAN), ('target', OBJECT)])
    leaky = cls(leaky_name, obj, [('payload', OBJECT)])
    cache = cls('com/example/Cache', obj, [('entries', OBJECT)])

    # Objects first get addresses, then the classes that point at them.
    objs = {}

    def string_obj(text):
        if isinstance(text, bytes):
            chars = list(text)           # raw bytes as chars (invalid text)
        else:
            chars = [ord(c) for c in text]
        arr = addr()
        d.prim_array(arr, CHAR, chars)
        sid = addr()
        d.instance(sid, string, {'value': arr})
        return sid

    leaky_obj = addr()
    payload = addr()
    d.instance(leaky_obj, leaky, {'payload': payload})
    d.prim_array(payload, BYTE, [7] * 1000)

    key = string_obj(XSS_KEY if hostile else 'f00dcafe-0001')
    desc = string_obj(XSS_IMG if hostile else 'com.example.Leaky received Activity#onDestroy() callback')
    kwr = addr()
    watcher_arr = addr()

    entries = addr()
    strs = [string_obj(s) for s in ((XSS_SCRIPT, 'a&amp;b', b'bad \xff\xfe utf8') if hostile
                                    else ('alpha', 'beta', 'gamma'))]
    d.obj_array(entries, obj_arr, strs)
    cache_obj = addr()
    d.instance(cache_obj, cache, {'entries': entries})

    # A running thread (a GC root) holding a 4000-byte buffer.
    tname = string_obj(XSS_THREAD if hostile else 'worker-1')
    buf = addr()
    d.prim_array(buf, BYTE, [1] * 4000)
    thread = addr()
    d.instance(thread, thread_cls, {'name': tname, 'daemon': 1, 'target': buf})
    d.root(ROOT_THREAD_OBJECT, thread, 1, 0)

    kwr_cls = cls('leakcanary/KeyedWeakReference', weak,
                  [('key', OBJECT), ('description', OBJECT), ('watchUptimeMillis', LONG),
                   ('retainedUptimeMillis', LONG)],
                  [('heapDumpUptimeMillis', LONG, 20000)])
    d.instance(kwr, kwr_cls, {'referent': leaky_obj, 'key': key, 'description': desc,
                              'watchUptimeMillis': 5000, 'retainedUptimeMillis': 10000})
    d.obj_array(watcher_arr, obj_arr, [kwr])
    cls('leakcanary/ObjectWatcher', obj, statics=[('watchedObjects', OBJECT, watcher_arr)])
    cls(XSS_HOLDER if hostile else 'com/example/Holder', obj, statics=[(static_name, OBJECT, leaky_obj),
                                             ('sCache', OBJECT, cache_obj)])
    if hostile:
        # A class name that is not valid UTF-8, with one instance.
        bad = cls(b'com/example/Bad\xff\xfeName', obj)
        d.instance(addr(), bad, {})
        d.jni_global(addr.last)
    for c in classes:
        d.sticky(c)
    return h


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    build(False).write(os.path.join(out, 'tiny.hprof'))
    build(True).write(os.path.join(out, 'hostile.hprof'))
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'suspects'))
    import test_suspects as ts
    ts.StaticMap.build().write(os.path.join(out, 'static-map.hprof'))
    ts.ParkedThreads.build().write(os.path.join(out, 'parked.hprof'))
    ts.DeepAccumulation.build().write(os.path.join(out, 'deep.hprof'))
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'cli'))
    import loadersdump
    loadersdump.build(hostile=True).h.write(os.path.join(out, 'loaders.hprof'))


if __name__ == '__main__':
    main()
