#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli growth stays linear in what a dump holds (docs/testing.md:
the child's own CPU for an input N against 4N, no wall time). The shapes
that would be quadratic in a careless walk: a chain alternating two
classes (a new node at every step, a path as long as the heap), a map of
N entries (one node with N objects), a class with N static fields (N
sibling nodes)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

import clitest  # noqa: E402
from clitest import CliTest, main  # noqa: E402
import growthdump  # noqa: E402
import hprofgen as g  # noqa: E402
import testlib  # noqa: E402


def heap(n, extra):
    x = growthdump.Gen()
    x.collections()
    x.cls('com/example/A', fields=[('next', g.OBJECT)])
    x.cls('com/example/B', fields=[('next', g.OBJECT)])
    x.cls('com/example/Item', fields=[('id', g.INT)])
    nxt = 0
    for i in range(n + extra):
        nxt = x.inst('com/example/A' if i % 2 else 'com/example/B', {'next': nxt})
    chain = nxt
    pairs = [(x.inst('com/example/Item', {'id': i}), x.inst('com/example/Item', {'id': -i}))
             for i in range(n + extra)]
    cap = 1
    while cap < len(pairs):
        cap *= 2
    m = x.hashmap(pairs, capacity=cap)
    statics = [('chain', g.OBJECT, chain), ('map', g.OBJECT, m)]
    statics += [('f%d' % i, g.OBJECT, x.inst('com/example/Item', {'id': i})) for i in range(n // 8)]
    x.cls('com/example/App', statics=statics)
    return x.h


class GrowthScaling(CliTest):
    def series(self, n):
        paths = []
        for k in range(2):
            p = self.path('scale-%d-%d.hprof' % (n, k))
            heap(n, 2 * k).write(p)
            paths.append(p)
        return paths

    def test_linear(self):
        n = 20000
        cpu = []
        for size in (n, 4 * n):
            paths = self.series(size)
            proc, t = testlib.run_cpu([clitest.CLI, 'growth'] + paths + ['--json', '--no-cache'])
            self.assertEqual(proc.returncode, 0, proc.stderr[-2000:])
            self.assertIn(b'"growing"', proc.stdout)
            cpu.append(t)
            for p in paths:
                os.unlink(p)
        testlib.assert_scales(self, cpu[0], cpu[1], 'growth, a deep chain and a wide map')


if __name__ == '__main__':
    main()
