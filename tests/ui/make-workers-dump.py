#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dump of tests/ui/test-first-screen.c:

    make-workers-dump.py OUT.hprof

41 threads with stacks, each frame of store.Worker: "worker-0" ...
"worker-39" (thread serials 1..40), each parked in
store.Worker.hold(Worker.java:12) called from store.Worker.run(Worker.java:30)
and holding, as a local of its frame 0 (a Java-frame root), a byte[] of
1000 + 8 x i bytes, so that worker-39's stack retains the most and
worker-0's the least; and "main" (serial 41) with an empty stack and no
locals. 4-byte ids; byte[n]: alignUp(12 + n, 8) + 4 header = see the
engine; only the order matters here.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import hprofgen as g  # noqa: E402

WORKERS = 40


def workers():
    h = g.Hprof(version='1.0.2', id_size=4)
    new = g.Addresses(0x10000, [8])
    OBJ, CLS, STR, THREAD, WORKER = (new() for _ in range(5))
    # class serials: hprofgen's LOAD_CLASS records follow the class dumps, from 1.
    worker_serial = 5
    h.stack_frame(0x501, 'hold', '(I)V', 'Worker.java', worker_serial, 12)
    h.stack_frame(0x502, 'run', '()V', 'Worker.java', worker_serial, 30)
    for i in range(WORKERS):
        h.stack_trace(100 + i, i + 1, [0x501, 0x502])
    h.stack_trace(100 + WORKERS, WORKERS + 1, [])
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(STR, 'java/lang/String', super_id=OBJ, fields=[('value', g.OBJECT)])
    d.cls(THREAD, 'java/lang/Thread', super_id=OBJ,
          fields=[('name', g.OBJECT), ('daemon', g.BOOLEAN), ('threadStatus', g.INT), ('tid', g.LONG)])
    d.cls(WORKER, 'store/Worker', super_id=OBJ)
    for c in (OBJ, CLS, STR, THREAD, WORKER):
        d.sticky(c)
    names = ['worker-%d' % i for i in range(WORKERS)] + ['main']
    for i, name in enumerate(names):
        t, s, chars = new(), new(), new()
        d.prim_array(chars, g.CHAR, [ord(c) for c in name])
        d.instance(s, STR, {'value': chars})
        # 0x291: alive, parked (WAITING); main RUNNABLE (0x5)
        d.instance(t, THREAD, {'name': s, 'threadStatus': 0x291 if i < WORKERS else 0x5, 'tid': 100 + i})
        d.root(g.ROOT_THREAD_OBJECT, t, i + 1, 100 + i)
        if i < WORKERS:
            buf = new()
            d.prim_array(buf, g.BYTE, length=1000 + 8 * i, data=bytes(1000 + 8 * i))
            d.java_frame(buf, i + 1, 0)
    return h


def main():
    workers().write(sys.argv[1])


if __name__ == '__main__':
    main()
