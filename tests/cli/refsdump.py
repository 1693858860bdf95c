# SPDX-License-Identifier: GPL-3.0-or-later
"""The heap of the reference-tree tests (tests/cli/test_refs.py and the
References view's, tests/ui/test-refs-view.c): one Target referenced by
2,500 Holders through their field `target`, twice by an Object[] (indexes
1 and 4), and by a WeakReference's referent (not a reference unless
--follow-weak); Target.peer points back at the first Holder (a cycle).
4-byte ids, A = 8; every address a multiple of 8.

Shallow sizes (docs/semantics.md with P = R = 4, A = 8: an instance's
header P + R = 8, its fields alignUp 4, then 8; an object array
P + R + 4 + 4n, then 8):
  Target {Object peer}: 8 + 4 = 12 -> 16
  Holder {Object target, int n}: 8 + 4 + 4 = 16
  Object[5]: 4 + 4 + 4 + 5 * 4 = 32
  WeakReference {Object referent, Object queue}: 8 + 8 = 16
Roots: every Holder, the array and the WeakReference are JNI globals, the
classes sticky. Target is held by the array and by every Holder, so its
dominator is the virtual root and it retains itself only (16); a Holder
retains 16, the array 32."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import hprofgen as g  # noqa: E402

OBJ, TARGETC, HOLDERC, ARRC, REFC, WEAKC = 0x1000, 0x1008, 0x1010, 0x1018, 0x1020, 0x1028
T = 0x2000
ARR = 0x3000
W = 0x4000
N_HOLDERS = 2500
HOLDERS = [0x10000 + 0x10 * i for i in range(N_HOLDERS)]
ELEMENTS = [0, T, 0, HOLDERS[7], T]
TARGET_SIZE, HOLDER_SIZE, ARR_SIZE, WEAK_SIZE = 16, 16, 32, 16


def build():
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(TARGETC, 'com/example/Target', super_id=OBJ, fields=[('peer', g.OBJECT)])
    d.cls(HOLDERC, 'com/example/Holder', super_id=OBJ, fields=[('target', g.OBJECT), ('n', g.INT)])
    d.cls(ARRC, '[Ljava/lang/Object;', super_id=OBJ)
    d.cls(REFC, 'java/lang/ref/Reference', super_id=OBJ,
          fields=[('referent', g.OBJECT), ('queue', g.OBJECT)])
    d.cls(WEAKC, 'java/lang/ref/WeakReference', super_id=REFC)
    d.instance(T, TARGETC, {'peer': HOLDERS[0]})
    d.obj_array(ARR, ARRC, ELEMENTS)
    d.instance(W, WEAKC, {'referent': T, 'queue': 0})
    for i, x in enumerate(HOLDERS):
        d.instance(x, HOLDERC, {'target': T, 'n': i})
        d.jni_global(x)
    d.jni_global(ARR)
    d.jni_global(W)
    for c in (OBJ, TARGETC, HOLDERC, ARRC, REFC, WEAKC):
        d.sticky(c)
    return h


if __name__ == '__main__':
    build().write(sys.argv[1])
