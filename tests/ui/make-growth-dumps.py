#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The series of the Growth view's test (test-growth-view.c), written at
build time: tests/cli/growthdump.py's program after 0, 1, 2 and 3 round
trips (its docstring derives every figure).

The same series again as series-*.hprof for a series opened together,
named and written so that neither the names nor the files' mtimes give
its order, only the HPROF headers' timestamps (a minute apart):
series-a is after 2 round trips, series-b after 0, series-c after 3,
series-d after 1; written c, a, d, b. series-e is the dump after 0 round
trips with no timestamp in its header (0): its order is its mtime's.
other-1 is the dump after 1 round trip of another program (main class
org.other.Tool) on another Java (21.0.1), for the view's warnings.
Usage: make-growth-dumps.py OUTDIR"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
sys.path.insert(0, os.path.join(HERE, '..'))

import growthdump  # noqa: E402

# 2023-12-04 00:00:00 UTC in milliseconds, the first dump's time.
T0 = 1701648000000
SERIES = [('c', 3), ('a', 2), ('d', 1), ('b', 0)]


def main():
    out = sys.argv[1]
    for step in range(4):
        growthdump.dump(step, java_version='17.0.2').write(os.path.join(out, 'growth-%d.hprof' % step))
    for name, step in SERIES:
        h = growthdump.dump(step, java_version='17.0.2')
        h.timestamp_ms = T0 + 60000 * step
        h.write(os.path.join(out, 'series-%s.hprof' % name))
    h = growthdump.dump(0, java_version='17.0.2')
    h.timestamp_ms = 0
    h.write(os.path.join(out, 'series-e.hprof'))
    growthdump.dump(1, java_version='21.0.1', main_class='org.other.Tool').write(
        os.path.join(out, 'other-1.hprof'))


if __name__ == '__main__':
    main()
