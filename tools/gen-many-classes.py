#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes a dump of many classes for the grouping benchmark
(docs/performance.md, "Questions asked of an analysis"), with tests/hprofgen.py.

    tools/gen-many-classes.py OUT.hprof [CLASSES]

CLASSES (default 50,000) classes in packages three to six levels deep
(com.bench.pN.qM...), defined by 20 class loaders of 4 loader classes
(one with a name), each class extending the one before it in its package
(chains of up to 100) or java.lang.Object, with 4 instances each, half of
them held by an Object[] per loader (a JNI global), the rest unreachable.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests'))
import hprofgen as g  # noqa: E402


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 50000
    h = g.Hprof(version='1.0.2', id_size=8)
    d = h.heap_dump(segmented=True, segment_every=20000)
    addr = g.Addresses(0x100000, [24, 40])
    obj = addr()
    d.cls(obj, 'java/lang/Object')
    d.cls(addr(), 'java/lang/Class', obj)
    string = addr()
    d.cls(string, 'java/lang/String', obj, fields=[('value', g.OBJECT), ('hash', g.INT)])
    chars = addr()
    d.cls(chars, '[C', obj)
    arrays = addr()
    d.cls(arrays, '[Ljava/lang/Object;', obj)
    cl = addr()
    d.cls(cl, 'java/lang/ClassLoader', obj, fields=[('name', g.OBJECT), ('parent', g.OBJECT)])
    loader_classes = []
    for i in range(4):
        c = addr()
        d.cls(c, 'com/bench/loaders/Loader%d' % i, cl)
        loader_classes.append(c)
    loaders = []
    for i in range(20):
        lo = addr()
        name = 0
        if i % 4 == 0:
            name, value = addr(), addr()
            d.instance(name, string, {'value': value})
            d.prim_array(value, g.CHAR, 'plugin-%d' % i)
        d.instance(lo, loader_classes[i % 4], {'name': name})
        d.jni_global(lo)
        loaders.append(lo)
    held = {lo: [] for lo in loaders}
    prev_in_package = {}
    for k in range(n):
        depth = 3 + k % 4
        parts = ['com', 'bench'] + ['p%d' % ((k // (7 ** j)) % 7) for j in range(depth - 2)]
        package = '/'.join(parts)
        c = addr()
        sup = prev_in_package.get(package, obj)
        if k % 100 == 0:
            sup = obj
        loader = loaders[k % len(loaders)]
        d.cls(c, '%s/C%d' % (package, k), sup, loader_id=loader, fields=[('v', g.INT)])
        prev_in_package[package] = c
        for i in range(4):
            o = addr()
            d.instance(o, c, {'v': i})
            if i < 2:
                held[loader].append(o)
    for lo, objs in held.items():
        a = addr()
        d.obj_array(a, arrays, objs)
        d.jni_global(a)
    h.write(out)


if __name__ == '__main__':
    main()
