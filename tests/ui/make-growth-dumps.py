#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The series of the Growth view's test (test-growth-view.c), written at
build time: tests/cli/growthdump.py's program after 0, 1, 2 and 3 round
trips (its docstring derives every figure).
Usage: make-growth-dumps.py OUTDIR"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
sys.path.insert(0, os.path.join(HERE, '..'))

import growthdump  # noqa: E402


def main():
    for step in range(4):
        growthdump.dump(step, java_version='17.0.2').write(os.path.join(sys.argv[1], 'growth-%d.hprof' % step))


if __name__ == '__main__':
    main()
