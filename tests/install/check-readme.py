#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""README.md's "The command line" section against `heapscope-cli --help`:
its table has one row per command of --help (`heapscope-cli NAME ...`),
no row for a command --help does not list, and every option --help lists
is named somewhere in the section (its long form, or its short form such
as `-o` where --help gives one), as the man page is checked by
check-install.py.

Usage: check-readme.py CLI README
Exit 0 when all holds, 1 with every difference listed otherwise."""
import re
import subprocess
import sys

cli, readme = sys.argv[1], sys.argv[2]
failures = []


def fail(msg):
    failures.append(msg)
    print('FAIL: ' + msg)


def ok(msg):
    print('ok: ' + msg)


help_out = subprocess.run([cli, '--help'], capture_output=True, text=True)
commands = re.findall(r'^  ([a-z][a-z-]*) ', help_out.stdout.split('Commands:', 1)[-1].split('\n\n')[0], re.M)
# (short or None, long) of every option line: "  -o, --output=FILE  ..." or "  --json  ..."
options = re.findall(r'^  (?:(-\w), )?(--[a-z][a-z-]*)', help_out.stdout, re.M)
if help_out.returncode != 0 or len(commands) < 10 or ('', '--json') not in options:
    fail(f'heapscope-cli --help: status {help_out.returncode}, commands {commands}, options {options}')
    sys.exit(1)

with open(readme, encoding='utf-8') as f:
    text = f.read()
m = re.search(r'^## The command line\n(.*?)(?=^## )', text, re.M | re.S)
if not m:
    fail('README.md has no "## The command line" section')
    sys.exit(1)
section = m.group(1)
rows = [line for line in section.splitlines() if line.startswith('| `heapscope-cli ')]
table_commands = [re.match(r'\| `heapscope-cli ([a-z][a-z-]*)', row).group(1) for row in rows]

missing = [c for c in commands if c not in table_commands]
extra = [c for c in table_commands if c not in commands]
twice = sorted({c for c in table_commands if table_commands.count(c) > 1})
if missing or extra or twice:
    fail(f'README command table: missing {missing}, not in --help {extra}, more than one row {twice}')
else:
    ok(f'README command table: one row for each of the {len(commands)} commands of --help')


def named(option):
    # "--limit" but not as the start of "--limit-foo"; "-o" but not "-ox".
    return re.search(re.escape(option) + r'(?![a-z-])', section) is not None


unnamed = [long for short, long in options if not named(long) and not (short and named(short))]
if unnamed:
    fail(f'README "The command line" does not name these options of --help: {unnamed}')
else:
    ok(f'README "The command line" names each of the {len(options)} options of --help')

sys.exit(1 if failures else 0)
