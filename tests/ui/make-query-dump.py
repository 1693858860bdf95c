#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes query.hprof for test-query-view.c: the heap of
tests/cli/test_oql.py (its build(), whose rows are worked out there).

    make-query-dump.py OUT
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..', 'cli'))
sys.path.insert(0, os.path.join(here, '..'))
import test_oql  # noqa: E402

test_oql.build().write(sys.argv[1])
