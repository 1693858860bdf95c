#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes csv.hprof for test-csv-export.c: the heap of tests/cli/test_csv.py
(its build(), whose numbers are worked out there).

    make-csv-dump.py OUT
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..', 'cli'))
sys.path.insert(0, os.path.join(here, '..'))
import test_csv  # noqa: E402

test_csv.build().write(sys.argv[1])
