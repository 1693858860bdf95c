#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes refs.hprof for test-refs.c (with ../hprofgen.py): the pages of
hs-refs across a referrer that holds its object more than once.

    make-refs-dumps.py OUTDIR

4-byte ids. Objects, in id order (the order of the referrers index):

    B  0x2100  com.example.Holder {target=T}
    A  0x2200  java.lang.Object[6] = [T, null, T, X, T, 0x9990 (no object)]
    C  0x2300  com.example.Holder {target=T}
    T  0x2400  com.example.Target {}
    X  0x2500  com.example.Target {}
    L  0x2600  com.example.Loader {}

and the class com.example.Registry (0x1018), loaded by L, with the statics
COUNT (an int) and INSTANCE = T.

T's incoming references, one per reference, by the referrer's id: the
Registry's INSTANCE (its class object, 0x1018), B.target, A[0], A[2],
A[4], C.target (6). A's outgoing: [0] T, [2] T, [3] X, [4] T, <class> (5: the
null and the dangling element are no reference). The Registry's class
object's: INSTANCE T, <super> java.lang.Object, <classLoader> L (3).
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from hprofgen import Hprof, OBJECT, INT  # noqa: E402

OBJ, HOLDER, TARGET, REGISTRY, LOADER, ARR = 0x1000, 0x1008, 0x1010, 0x1018, 0x1020, 0x1028
B, A, C, T, X, L = 0x2100, 0x2200, 0x2300, 0x2400, 0x2500, 0x2600


def build():
    h = Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(HOLDER, 'com/example/Holder', super_id=OBJ, fields=[('target', OBJECT)])
    d.cls(TARGET, 'com/example/Target', super_id=OBJ)
    d.cls(LOADER, 'com/example/Loader', super_id=OBJ)
    d.cls(ARR, '[Ljava/lang/Object;', super_id=OBJ)
    d.cls(REGISTRY, 'com/example/Registry', super_id=OBJ, loader_id=L,
          statics=[('COUNT', INT, 3), ('INSTANCE', OBJECT, T)])
    d.instance(B, HOLDER, {'target': T})
    d.obj_array(A, ARR, [T, 0, T, X, T, 0x9990])
    d.instance(C, HOLDER, {'target': T})
    d.instance(T, TARGET, {})
    d.instance(X, TARGET, {})
    d.instance(L, LOADER, {})
    for o in (B, A, C):
        d.jni_global(o)
    for c in (OBJ, HOLDER, TARGET, REGISTRY, LOADER, ARR):
        d.sticky(c)
    return h


if __name__ == '__main__':
    build().write(os.path.join(sys.argv[1], 'refs.hprof'))
