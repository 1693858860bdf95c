#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dump test-groups-ui.c reads: tests/cli/groupsdump.py's (its
docstring gives the packages, loaders, hierarchy and every sum).

    make-groups-dump.py OUT.hprof
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..'))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))

import groupsdump  # noqa: E402

groupsdump.build().write(sys.argv[1])
