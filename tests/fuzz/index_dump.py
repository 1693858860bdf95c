#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The small dump whose index fuzz-index-dump mutates.

    index_dump.py OUT.hprof

The planted leak of the hostile-dump tests (hostile_dumps.base and leak:
a watched Leaky held by a static, a named thread, an Object[] on its
stack) and a chain of Pairs, so that the index has a dominator tree with
depth and paths. Small: its index fits libFuzzer's
input size.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
sys.path.insert(0, HERE)

import hprofgen as g  # noqa: E402
import hostile_dumps as hd  # noqa: E402


def main():
    h, d = hd.base()
    hd.leak(d)
    # Pair 0x3000 -> 0x3010 -> ... -> 0x3090, held by a JNI global.
    for i in range(10):
        nxt = 0x3000 + 16 * (i + 1) if i < 9 else 0
        d.instance(0x3000 + 16 * i, hd.PAIR, {'i': i, 'o': nxt})
    d.jni_global(0x3000)
    with open(sys.argv[1], 'wb') as f:
        f.write(h.build())


if __name__ == '__main__':
    main()
