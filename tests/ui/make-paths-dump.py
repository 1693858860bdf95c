#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dump test-paths-view.c reads: tests/cli/pathsdump.py's (its
docstring gives the routes and the sizes).

    make-paths-dump.py OUT.hprof
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..'))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))

import pathsdump  # noqa: E402

pathsdump.build().write(sys.argv[1])
