#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the leak dump of tests/ui/test-first-screen.c's
/first-screen/first-instance:

    make-instances-dump.py OUT.hprof

java.lang.Object, android.app.Activity {boolean mDestroyed, Object data},
com.example.MainActivity, com.example.Holder {Object act}. Three Holders,
each held by a JNI global, each holding a destroyed MainActivity in
`act`: one leak (the same path, JNI Global -> Holder.act -> MainActivity)
of three instances, every trace two nodes long. The activities' ids rise
while what they retain grows the other way round from the last: SMALL
(the lowest id) retains itself alone, MIDDLE also a byte[100] and BIG
(the highest id) a byte[4000]. Traces of a leak are ordered by length,
then by retained size, so BIG's trace is the first instance and SMALL's
the last; only the order matters here.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import hprofgen as g  # noqa: E402

OBJ, CLS, ACT, MAIN, HOLDER = 0x100, 0x110, 0x120, 0x130, 0x140
SMALL, MIDDLE, BIG = 0x1000, 0x1100, 0x1200


def build():
    h = g.Hprof(version='1.0.3', id_size=4)
    d = h.heap_dump(segmented=True)
    d.heap_info('A', 'app')
    d.cls(OBJ, 'java/lang/Object', instance_size=8)
    d.cls(CLS, 'java/lang/Class', super_id=OBJ, instance_size=8)
    d.cls(ACT, 'android/app/Activity', super_id=OBJ,
          fields=[('mDestroyed', g.BOOLEAN), ('data', g.OBJECT)], instance_size=16)
    d.cls(MAIN, 'com/example/MainActivity', super_id=ACT, instance_size=16)
    d.cls(HOLDER, 'com/example/Holder', super_id=OBJ, fields=[('act', g.OBJECT)], instance_size=12)
    for c in (OBJ, CLS, ACT, MAIN, HOLDER):
        d.sticky(c)
    for i, (act, size) in enumerate(((SMALL, 0), (MIDDLE, 100), (BIG, 4000))):
        data = act + 0x10 if size else 0
        d.instance(act, MAIN, {'mDestroyed': 1, 'data': data})
        if size:
            d.prim_array(data, g.BYTE, data=bytes(size))
        holder = 0x2000 + 0x10 * i
        d.instance(holder, HOLDER, {'act': act})
        d.jni_global(holder)
    return h


if __name__ == '__main__':
    build().write(sys.argv[1])
