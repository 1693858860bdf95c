#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the heaps UI test's dumps: heaps.hprof, the Android dump of
tests/cli/test_heaps.py (its docstring works out every figure), and
heaps-hotspot.hprof, a HotSpot dump (one heap)."""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
sys.path.insert(0, os.path.join(HERE, '..'))

import hprofgen as g  # noqa: E402
import test_heaps  # noqa: E402


def hotspot():
    h = g.Hprof(version='1.0.2', id_size=8)
    d = h.heap_dump(segmented=True)
    d.cls(0x100, 'java/lang/Object')
    d.cls(0x110, 'Node', super_id=0x100, fields=[('next', g.OBJECT)])
    d.instance(0x200, 0x110, {'next': 0x220})
    d.instance(0x220, 0x110, {'next': 0})
    d.java_frame(0x200)
    d.sticky(0x100)
    d.sticky(0x110)
    return h


out = sys.argv[1]
test_heaps.build().write(os.path.join(out, 'heaps.hprof'))
hotspot().write(os.path.join(out, 'heaps-hotspot.hprof'))
