#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes refs.hprof for test-refs-view.c: the heap of tests/cli/refsdump.py
(its sizes and referrers worked out there).

    make-refs-dump.py OUT
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..', 'cli'))
import refsdump  # noqa: E402

refsdump.build().write(sys.argv[1])
