#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A server-shaped OOM dump of known structure, for the suspects,
diff, report and window tests:

    server_oom.py OUT.hprof [--entries N] [--workers N] [--sessions N]
                            [--lambda-address HEX] [--no-roots]

HotSpot, 4-byte ids, addresses 8 apart: P = R = 4, A = 8 (SEMANTICS.md):
  instance = align(alignUp(8 + fields, 4), 8), Object[n] = align(12 + 4n, 8),
  byte[n] = align(12 + n, 8), char[n] = align(12 + 2n, 8),
  class object = align(its statics, 8).

The application's classes (store.ReportCache, store.SessionRegistry,
store.Session, store.Worker, OomApp and a lambda class) are loaded by one
jdk.internal.loader.ClassLoaders$AppClassLoader {classes} (16), which lists
them in an Object[6] (40) and is held by two sticky statics
(java.lang.ClassLoader.scl, ClassLoaders.APP_LOADER; 8 each), so it is a
child of the dominator tree's root:

  store.ReportCache.ENTRIES -> java.util.HashMap {table, size, threshold} (24)
    -> HashMap$Node[4096] (16,400) -> E HashMap$Node {hash, key, value,
    next} (24) each, key an Integer (16), value a byte[4096] (4,112):
    one entry 4,152; map = 24 + 16,400 + 4,152 E; ReportCache class 8 more.
  store.SessionRegistry.SESSIONS -> java.util.ArrayList {elementData, size}
    (16) -> Object[S] -> S store.Session {id: long, data} (24) each holding a
    byte[256] (272): registry class = 8 + 16 + align(12 + 4S, 8) + 296 S.
  loader = 16 + 40 + ReportCache class + SessionRegistry class (the other
    classes have no statics: 0).

W threads worker-0 .. worker-(W-1): java.lang.Thread {name} (16) -> String
{value, hash} (16) -> char[8 or 9] (32): 64 each; each is parked in
store.Worker.hold(Worker.java:42) called from store.Worker.run, with a
byte[262144] (262,160) local in that frame (all of the same, non-zero
bytes). The JDK's box caches: Long$LongCache.cache -> Long[256] (1,040) of
256 Long (16); Character$CharacterCache.cache -> Character[128] (528) of 128
Character (16); each cache class 8.

With the defaults (E = 3,000, W = 40, S = 500) the numbers the tests assert
are worked out in expected() below from these formulas.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import hprofgen as g  # noqa: E402

ENTRY_BYTES = 4096
BUFFER_BYTES = 262144
SESSION_BYTES = 256


def align8(n):
    return (n + 7) // 8 * 8


def byte_array(n):
    return align8(12 + n)


def obj_array(n):
    return align8(12 + 4 * n)


def expected(entries=3000, workers=40, sessions=500):
    """The sizes of the dump, from the formulas of the docstring."""
    entry = 24 + 16 + byte_array(ENTRY_BYTES)
    table_len = 16
    while table_len * 3 // 4 < entries:
        table_len *= 2
    table = obj_array(table_len) + entry * entries
    cache_map = 24 + table
    cache_class = 8 + cache_map
    registry_class = 8 + 16 + obj_array(sessions) + sessions * (24 + byte_array(SESSION_BYTES))
    loader = 16 + obj_array(6) + cache_class + registry_class
    worker = 64
    buffer = byte_array(BUFFER_BYTES)
    long_cache = 8 + obj_array(256) + 256 * 16
    char_cache = 8 + obj_array(128) + 128 * 16
    reachable = 8 + 8 + loader + workers * (worker + buffer) + long_cache + char_cache
    return {
        'entry': entry, 'table_len': table_len, 'table': table, 'map': cache_map,
        'cache_class': cache_class, 'registry_class': registry_class, 'loader': loader,
        'buffer': buffer, 'reachable': reachable,
        'entry_bytes_total': entries * byte_array(ENTRY_BYTES),
        'nodes_total': entries * entry,
    }


# Class ids, in the order their LOAD_CLASS serials are given (1, 2, ...).
CLASSES = [
    (0x1000, 'java/lang/Object'),
    (0x1008, 'java/lang/Class'),
    (0x1010, '[Ljava/lang/Object;'),
    (0x1018, '[B'),
    (0x1020, '[C'),
    (0x1028, 'java/lang/String'),
    (0x1030, 'java/lang/Thread'),
    (0x1038, 'java/lang/Integer'),
    (0x1040, 'java/lang/Long'),
    (0x1048, 'java/lang/Character'),
    (0x1050, '[Ljava/lang/Long;'),
    (0x1058, '[Ljava/lang/Character;'),
    (0x1060, 'java/lang/Long$LongCache'),
    (0x1068, 'java/lang/Character$CharacterCache'),
    (0x1070, 'java/util/HashMap'),
    (0x1078, 'java/util/HashMap$Node'),
    (0x1080, '[Ljava/util/HashMap$Node;'),
    (0x1088, 'java/util/ArrayList'),
    (0x1090, 'java/lang/ClassLoader'),
    (0x1098, 'jdk/internal/loader/ClassLoaders'),
    (0x10a0, 'jdk/internal/loader/ClassLoaders$AppClassLoader'),
    (0x10a8, 'store/ReportCache'),
    (0x10b0, 'store/SessionRegistry'),
    (0x10b8, 'store/Session'),
    (0x10c0, 'store/Worker'),
    (0x10c8, 'OomApp'),
]
ID = {name: cid for cid, name in CLASSES}
APP_CLASSES = ['store/ReportCache', 'store/SessionRegistry', 'store/Session', 'store/Worker', 'OomApp']
LAMBDA = 0x10d0  # OomApp$$Lambda$1+0x... (its address in the name)


def serial_of(name):
    return [n for _, n in CLASSES].index(name) + 1


def build(entries=3000, workers=40, sessions=500, lambda_address=0x00007f7838000c10, roots=True):
    """The dump; ids of interest in build.ids."""
    h = g.Hprof(version='1.0.2', id_size=4)
    for cid, name in CLASSES:  # LOAD_CLASS serials in CLASSES order
        h.auto_load_class(cid, name)
    h.stack_frame(0x900, 'hold', '()V', 'Worker.java', serial_of('store/Worker'), 42)
    h.stack_frame(0x908, 'run', '()V', 'Worker.java', serial_of('store/Worker'), 17)
    for t in range(workers):
        h.stack_trace(100 + t, t + 1, [0x900, 0x908])
    d = h.heap_dump(segmented=True)
    new = g.Addresses(0x100000, [8])
    ids = {}
    O = ID['java/lang/Object']

    loader = new()
    ids['loader'] = loader

    def cls(name, super_name='java/lang/Object', app=False, **kw):
        return d.cls(ID[name], name, super_id=ID[super_name] if super_name else 0,
                     loader_id=loader if app else 0, **kw)

    cls('java/lang/Object', super_name=None)
    for name in ('java/lang/Class', '[Ljava/lang/Object;', '[B', '[C', '[Ljava/lang/Long;',
                 '[Ljava/lang/Character;', '[Ljava/util/HashMap$Node;'):
        cls(name)
    cls('java/lang/String', fields=[('value', g.OBJECT), ('hash', g.INT)])
    cls('java/lang/Thread', fields=[('name', g.OBJECT)])
    cls('java/lang/Integer', fields=[('value', g.INT)])
    cls('java/lang/Long', fields=[('value', g.LONG)])
    cls('java/lang/Character', fields=[('value', g.CHAR)])
    cls('java/util/HashMap', fields=[('table', g.OBJECT), ('size', g.INT), ('threshold', g.INT)])
    cls('java/util/HashMap$Node', fields=[('hash', g.INT), ('key', g.OBJECT), ('value', g.OBJECT),
                                         ('next', g.OBJECT)])
    cls('java/util/ArrayList', fields=[('elementData', g.OBJECT), ('size', g.INT)])

    # The box caches.
    longs = [new() for _ in range(256)]
    for i, o in enumerate(longs):
        d.instance(o, ID['java/lang/Long'], {'value': i - 128})
    long_arr = new()
    d.obj_array(long_arr, ID['[Ljava/lang/Long;'], longs)
    cls('java/lang/Long$LongCache', statics=[('cache', g.OBJECT, long_arr)])
    chars = [new() for _ in range(128)]
    for i, o in enumerate(chars):
        d.instance(o, ID['java/lang/Character'], {'value': i})
    char_arr = new()
    d.obj_array(char_arr, ID['[Ljava/lang/Character;'], chars)
    cls('java/lang/Character$CharacterCache', statics=[('cache', g.OBJECT, char_arr)])

    # The cache: a HashMap of `entries` entries of 4 KB each.
    nodes = []
    for i in range(entries):
        key, value, node = new(), new(), new()
        d.instance(key, ID['java/lang/Integer'], {'value': i})
        d.prim_array(value, g.BYTE, data=i.to_bytes(4, 'big') + bytes([1]) * (ENTRY_BYTES - 4))
        d.instance(node, ID['java/util/HashMap$Node'], {'hash': i, 'key': key, 'value': value})
        nodes.append(node)
    exp = expected(entries, workers, sessions)
    table, cache_map = new(), new()
    slots = [0] * exp['table_len']
    for i, n in enumerate(nodes):
        slots[i] = n
    d.obj_array(table, ID['[Ljava/util/HashMap$Node;'], slots)
    d.instance(cache_map, ID['java/util/HashMap'],
               {'table': table, 'size': entries, 'threshold': exp['table_len'] * 3 // 4})
    ids.update(table=table, map=cache_map)

    # The sessions.
    session_objs = []
    for i in range(sessions):
        s, data = new(), new()
        d.prim_array(data, g.BYTE, data=bytes([7]) * SESSION_BYTES)
        d.instance(s, ID['store/Session'], {'id': 1000 + i, 'data': data})
        session_objs.append(s)
    elements, sessions_list = new(), new()
    d.obj_array(elements, ID['[Ljava/lang/Object;'], session_objs)
    d.instance(sessions_list, ID['java/util/ArrayList'], {'elementData': elements, 'size': sessions})

    # The application's classes and their loader.
    cls('store/ReportCache', app=True, statics=[('ENTRIES', g.OBJECT, cache_map)])
    cls('store/SessionRegistry', app=True, statics=[('SESSIONS', g.OBJECT, sessions_list)])
    cls('store/Session', app=True, fields=[('id', g.LONG), ('data', g.OBJECT)])
    cls('store/Worker', app=True)
    cls('OomApp', app=True)
    d.cls(LAMBDA, 'OomApp$$Lambda$1+0x%016x' % lambda_address, super_id=O, loader_id=loader)
    class_list = new()
    d.obj_array(class_list, ID['[Ljava/lang/Object;'],
                [ID[n] for n in APP_CLASSES] + [LAMBDA])
    cls('java/lang/ClassLoader', fields=[('classes', g.OBJECT)], statics=[('scl', g.OBJECT, loader)])
    cls('jdk/internal/loader/ClassLoaders', statics=[('APP_LOADER', g.OBJECT, loader)])
    cls('jdk/internal/loader/ClassLoaders$AppClassLoader', super_name='java/lang/ClassLoader')
    d.instance(loader, ID['jdk/internal/loader/ClassLoaders$AppClassLoader'], {'classes': class_list})

    # The workers, each parked with a 256 KB buffer in a local.
    ids['threads'], ids['buffers'] = [], []
    buffer_bytes = bytes(range(1, 256)) * (BUFFER_BYTES // 255) + bytes(BUFFER_BYTES % 255)
    for t in range(workers):
        name = 'worker-%d' % t
        th, s, c, buf = new(), new(), new(), new()
        d.prim_array(c, g.CHAR, list(name))
        d.instance(s, ID['java/lang/String'], {'value': c})
        d.instance(th, ID['java/lang/Thread'], {'name': s})
        d.prim_array(buf, g.BYTE, data=buffer_bytes)
        ids['threads'].append(th)
        ids['buffers'].append(buf)
        if roots:
            d.root(g.ROOT_THREAD_OBJECT, th, t + 1, 100 + t)
            d.java_frame(buf, t + 1, 0)
    if roots:
        for cid, name in CLASSES:
            if name not in APP_CLASSES and name != 'jdk/internal/loader/ClassLoaders$AppClassLoader':
                d.sticky(cid)
    build.ids = ids
    return h


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('out')
    ap.add_argument('--entries', type=int, default=3000)
    ap.add_argument('--workers', type=int, default=40)
    ap.add_argument('--sessions', type=int, default=500)
    ap.add_argument('--lambda-address', type=lambda v: int(v, 16), default=0x00007f7838000c10)
    ap.add_argument('--no-roots', action='store_true')
    a = ap.parse_args()
    build(a.entries, a.workers, a.sessions, a.lambda_address, roots=not a.no_roots).write(a.out)


if __name__ == '__main__':
    main()
