#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dumps the UI tests of problem suspects use:

    make-suspect-dumps.py OUTDIR

static-map.hprof: tests/suspects' StaticMap heap (its docstring works the
  sizes out): class com.example.Cache --static ENTRIES--> HashMap --table-->
  HashMap$Node[100] --> 100 Nodes each holding a byte[1000]. One object
  suspect, the Cache class (104,440 of 104,480 reachable bytes), whose
  memory accumulates in the Node[] (104,416 bytes); retained class below
  it: HashMap$Node, 100 objects, 104,000 bytes.

no-suspect.hprof: tests/suspects' NoSuspect heap: 11 objects of 16 bytes,
  reachable 176, T = 18: no suspect at 10%.

chain.hprof: a JNI-global com.example.Link heads a chain of 100,000 Links
  (field `next`), the last holding a byte[100000] (100,012 -> 100,016
  bytes). Each Link is 16 bytes: node i retains (100,000 - i) x 16 +
  100,016, always >= 70% of its parent's, and the byte[] holds
  100,016 / 100,032 of the last Link: the accumulation point is the byte[],
  and the suspect's path has 100,001 nodes.

server-oom.hprof: a server-shaped OOM dump
  (tests/suspects/server_oom.py: a static cache store.ReportCache.ENTRIES,
  a HashMap of 3,000 entries behind the application class loader; 40
  parked workers each holding a 256 KB byte[] in store.Worker.hold).

server-oom-no-roots.hprof: the same, cut before its GC roots: the 84
  objects nothing references (40 threads, 40 buffers, 4 classes) stand for
  them.

long-name.hprof: a class named com.example. followed by 1 MiB of 'N',
  with one instance held by a JNI global (1 MB class names in
  the window's cells).
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), 'suspects'))

import hprofgen as g  # noqa: E402
import test_suspects as ts  # noqa: E402
import server_oom  # noqa: E402

CHAIN = 100000
LINK = 0x1200


def chain():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    new = g.Addresses(0x10000, [8])
    ts.base_classes(d)
    d.cls(LINK, 'com/example/Link', super_id=ts.OBJ, fields=[('next', g.OBJECT)])
    d.sticky(LINK)
    links = [new() for _ in range(CHAIN)]
    buf = new()
    d.prim_array(buf, g.BYTE, length=100000, data=bytes(100000))
    for i, a in enumerate(links):
        d.instance(a, LINK, {'next': links[i + 1] if i + 1 < CHAIN else buf})
    d.jni_global(links[0])
    return h


LONG_NAME = 'com/example/' + 'N' * (1 << 20)


def long_name():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    ts.base_classes(d)
    d.cls(0x1300, LONG_NAME, super_id=ts.OBJ, fields=[('x', g.INT)])
    d.sticky(0x1300)
    d.instance(0x20000, 0x1300, {'x': 7})
    d.jni_global(0x20000)
    return h


def main():
    out = sys.argv[1]
    ts.StaticMap.build().write(os.path.join(out, 'static-map.hprof'))
    ts.NoSuspect.build().write(os.path.join(out, 'no-suspect.hprof'))
    chain().write(os.path.join(out, 'chain.hprof'))
    long_name().write(os.path.join(out, 'long-name.hprof'))
    server_oom.build().write(os.path.join(out, 'server-oom.hprof'))
    server_oom.build(roots=False).write(os.path.join(out, 'server-oom-no-roots.hprof'))


if __name__ == '__main__':
    main()
