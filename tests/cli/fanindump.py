#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A dump of N objects that all point at one (docs/performance.md, the
References view's first page of a node with a million referrers):
N com.example.Holder {Object target} at 0x100000 + 16 i, each a JNI global,
all with target = the one com.example.Target at 0x2000.

    fanindump.py OUT N
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import hprofgen as g  # noqa: E402

OBJ, TARGETC, HOLDERC, T = 0x1000, 0x1008, 0x1010, 0x2000


def build(n):
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(TARGETC, 'com/example/Target', super_id=OBJ)
    d.cls(HOLDERC, 'com/example/Holder', super_id=OBJ, fields=[('target', g.OBJECT)])
    d.instance(T, TARGETC, {})
    for i in range(n):
        x = 0x100000 + 16 * i
        d.instance(x, HOLDERC, {'target': T})
        d.jni_global(x)
    for c in (OBJ, TARGETC, HOLDERC):
        d.sticky(c)
    return h


if __name__ == '__main__':
    build(int(sys.argv[2])).write(sys.argv[1])
