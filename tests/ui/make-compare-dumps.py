#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The dumps of the Compare view's test (test-compare.c), written at build
time: tests/cli/test_diff.py's program at two moments (its docstring
derives every figure), the baseline as an Android dump (other size rules),
and a broken baseline with the offset of its bad byte beside it.
Usage: make-compare-dumps.py OUTDIR"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
sys.path.insert(0, os.path.join(HERE, '..'))

from test_diff import program  # noqa: E402


def main():
    out = sys.argv[1]
    program(3, True)[0].write(os.path.join(out, 'compare-old.hprof'))
    program(8, False)[0].write(os.path.join(out, 'compare-new.hprof'))
    program(3, True, version='1.0.3')[0].write(os.path.join(out, 'compare-old-android.hprof'))
    h, _, bad = program(3, True, broken=True)
    h.write(os.path.join(out, 'compare-broken.hprof'))
    with open(os.path.join(out, 'compare-broken.offset'), 'w') as f:
        f.write('%d\n' % bad.offset)


if __name__ == '__main__':
    main()
