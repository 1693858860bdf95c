#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes threads-random.hprof: a random graph (seeded) with 8 threads
whose locals overlap (some objects are locals of several threads, one of a
thread serial with no thread object, some are also JNI globals), for test-threads.c, which checks that the stack retained
size of every thread computed for all threads at once equals the precise
retained size of the set of its locals (hs_retained_set_precise).

Also threads-known.hprof, small enough to work out by hand (sizes as in
make-query-dumps.py: 4-byte ids, alignment 8 from the gaps 24 and 40,
instance = align(8 + fields), byte[n] = align(12 + n)):

    thread 1 (serial 1): locals L1 and M
        L1 com.example.Node {a=F}  16, F byte[100]  112
    thread 2 (serial 2): locals L2, M and G
        L2 com.example.Node {a=S}  16, S byte[10]  24, also referred to by
        G com.example.Node {a=S}   16, a JNI global and a local of thread 2
    M byte[40] (56), a local of both threads

Stack retained, by hs_retained_set_precise's definition (walk from all GC
roots without entering the set; the set's members count even when they are
roots themselves or locals of another thread too):
  thread 1, set {L1, M}: L1 16 + F 112 + M 56 = 184 bytes, 3 objects;
  thread 2, set {L2, M, G}: L2 16 + S 24 (reachable only through L2 and G)
  + G 16 (a JNI global, but in the set) + M 56 = 112 bytes, 4 objects.
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import hprofgen as g  # noqa: E402


def build(seed, n=400, threads=8):
    rnd = random.Random(seed)
    A = g.Addresses(0x100000, (32, 40))
    OBJ, CLS, THREAD, NODE = A(), A(), A(), A()
    h = g.Hprof(version='1.0.2', id_size=4)
    h.stack_frame(0x900, 'run', '()V', 'Node.java', 4, 10)
    for t in range(threads):
        h.stack_trace(100 + t, t + 1, [0x900] * 3)
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(THREAD, 'java/lang/Thread', super_id=OBJ, fields=[('name', g.OBJECT)])
    d.cls(NODE, 'com/example/Node', super_id=OBJ, fields=[('a', g.OBJECT), ('b', g.OBJECT)])
    for c in (OBJ, CLS, THREAD, NODE):
        d.sticky(c)
    nodes = [A() for _ in range(n)]
    for i, o in enumerate(nodes):
        # mostly forward edges (trees hanging off locals), some back edges
        def pick():
            r = rnd.random()
            if r < 0.25:
                return 0
            if r < 0.85:
                return nodes[min(n - 1, i + rnd.randint(1, 12))]
            return rnd.choice(nodes)
        d.instance(o, NODE, {'a': pick(), 'b': pick()})
    for t in range(threads):
        to = A()
        d.instance(to, THREAD, {'name': 0})
        d.root(g.ROOT_THREAD_OBJECT, to, t + 1, 100 + t)
        for _ in range(rnd.randint(0, 6)):
            d.root(rnd.choice((g.ROOT_JAVA_FRAME, g.ROOT_JNI_LOCAL)), rnd.choice(nodes), t + 1,
                   rnd.choice((0, 1, 2, 5)))
    # one local shared by threads 1 and 2 (their sets overlap), one local of
    # a thread serial no thread object names
    shared = rnd.choice(nodes)
    d.root(g.ROOT_JAVA_FRAME, shared, 1, 0)
    d.root(g.ROOT_JAVA_FRAME, shared, 2, 1)
    d.root(g.ROOT_JAVA_FRAME, rnd.choice(nodes), 99, 0)
    for _ in range(6):
        d.root(g.ROOT_JNI_GLOBAL, rnd.choice(nodes), 0)
    return h


def build_known():
    A = g.Addresses(0x30000, (24, 40))
    OBJ, CLS, BYTES, THREAD, NODE = A(), A(), A(), A(), A()
    h = g.Hprof(version='1.0.2', id_size=4)
    h.stack_frame(0x900, 'run', '()V', 'Node.java', 4, 10)
    for t in range(2):
        h.stack_trace(100 + t, t + 1, [0x900])
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(BYTES, '[B', super_id=OBJ)
    d.cls(THREAD, 'java/lang/Thread', super_id=OBJ, fields=[('name', g.OBJECT)])
    d.cls(NODE, 'com/example/Node', super_id=OBJ, fields=[('a', g.OBJECT), ('b', g.OBJECT)])
    for c in (OBJ, CLS, BYTES, THREAD, NODE):
        d.sticky(c)
    l1, f, l2, s, gl, m = (A() for _ in range(6))
    d.instance(l1, NODE, {'a': f, 'b': 0})
    d.prim_array(f, g.BYTE, [1] * 100)
    d.instance(l2, NODE, {'a': s, 'b': 0})
    d.prim_array(s, g.BYTE, [2] * 10)
    d.instance(gl, NODE, {'a': s, 'b': 0})
    d.prim_array(m, g.BYTE, [3] * 40)
    for t in range(2):
        to = A()
        d.instance(to, THREAD, {'name': 0})
        d.root(g.ROOT_THREAD_OBJECT, to, t + 1, 100 + t)
    d.root(g.ROOT_JAVA_FRAME, l1, 1, 0)
    d.root(g.ROOT_JAVA_FRAME, m, 1, 0)
    d.root(g.ROOT_JAVA_FRAME, l2, 2, 0)
    d.root(g.ROOT_JAVA_FRAME, m, 2, 0)
    d.root(g.ROOT_JAVA_FRAME, gl, 2, 0)
    d.jni_global(gl)
    return h


if __name__ == '__main__':
    out = sys.argv[1]
    build_known().write(os.path.join(out, 'threads-known.hprof'))
    for k in range(3):
        build(1000 + k).write(os.path.join(out, 'threads-random-%d.hprof' % k))
