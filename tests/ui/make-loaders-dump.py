#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dump test-loaders-view.c reads: tests/cli/loadersdump.py's
(its docstring gives the loaders, the duplicate classes, the properties
and the arguments, worked out by hand).

    make-loaders-dump.py OUT.hprof
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..'))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))

import loadersdump  # noqa: E402

loadersdump.build().h.write(sys.argv[1])
