#!/usr/bin/env python3
"""Writes threads-random.hprof: a random graph (seeded) with 8 threads
whose locals overlap (some objects are locals of several threads, one of a
thread serial with no thread object, some are also JNI globals), for test-threads.c, which checks that the stack retained
size of every thread computed for all threads at once equals the precise
retained size of the set of its locals (hs_retained_set_precise)."""
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


if __name__ == '__main__':
    out = sys.argv[1]
    for k in range(3):
        build(1000 + k).write(os.path.join(out, 'threads-random-%d.hprof' % k))
