#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""docs/cli.md, the command reference, against `heapscope-cli --help` and
each command's `heapscope-cli COMMAND --help`, so that a command or an
option added to the CLI without its documentation fails:

- "## Commands" has one "### `NAME`" section per command --help lists,
  and none for a command it does not list; each section gives the
  command's synopsis (`heapscope-cli NAME ...`);
- every option a command's --help lists is named (its long form, or its
  short form such as `-o`) in the section of each command its help text
  names ("classes, refs: ..."), and an option whose help names no command
  is named in "## Options for every command".

Usage: check-cli-docs.py CLI CLI_MD
Exit 0 when all holds, 1 with every difference listed otherwise."""
import re
import subprocess
import sys

cli, doc = sys.argv[1], sys.argv[2]
failures = []


def fail(msg):
    failures.append(msg)
    print('FAIL: ' + msg)


def ok(msg):
    print('ok: ' + msg)


def run_help(args):
    out = subprocess.run([cli] + args + ['--help'], capture_output=True, text=True)
    if out.returncode != 0:
        fail(f'heapscope-cli {" ".join(args + ["--help"])} exits {out.returncode}')
    return out.stdout


def parse_commands(text):
    block = text.split('Commands:', 1)[-1].split('\n\n')[0]
    return re.findall(r'^  ([a-z][a-z-]*) ', block, re.M)


def parse_options(text, commands):
    """(short or None, long, [commands its help names]) per option line of
    "Application Options", e.g. "  -o, --output=FILE   report: the HTML file"."""
    part = text.split('Application Options:', 1)[-1]
    result = []
    for m in re.finditer(r'^  (?:(-\w), )?(--[a-z][a-z-]*)\S*\s+(.*)$', part, re.M):
        short, long, help_text = m.group(1), m.group(2), m.group(3)
        named = []
        # "classes: ...; refs: ...", "jvms, capture --adb: ...": the top-level
        # parts of the help text, each perhaps starting with commands.
        depth, start, parts = 0, 0, []
        for i, ch in enumerate(help_text):
            depth += ch == '('
            depth -= ch == ')'
            if ch == ';' and depth == 0:
                parts.append(help_text[start:i])
                start = i + 1
        parts.append(help_text[start:])
        for p in parts:
            pm = re.match(r'\s*([a-z][a-z-]*(?:, [a-z][a-z-]*)*)(?: --[a-z-]+)?: ', p)
            if pm:
                named += [c for c in pm.group(1).split(', ') if c in commands]
        result.append((short, long, named))
    return result


def sections(text, level):
    """{title: body} of the headings of that level ("## " or "### ")."""
    out = {}
    pieces = re.split(r'^(' + level + r' .*)$', text, flags=re.M)
    for i in range(1, len(pieces), 2):
        out[pieces[i][len(level) + 1:].strip()] = pieces[i + 1]
    return out


def named(option, body):
    # "--limit" but not as the start of "--limit-foo"; "-o" but not "-ox".
    return re.search(re.escape(option) + r'(?![a-z-])', body) is not None


top_help = run_help([])
commands = parse_commands(top_help)
if len(commands) < 10 or '--json' not in top_help:
    fail(f'heapscope-cli --help: commands {commands}')
    sys.exit(1)

with open(doc, encoding='utf-8') as f:
    text = f.read()
chapters = sections(text, '##')
if 'Commands' not in chapters or 'Options for every command' not in chapters:
    fail(f'{doc} lacks "## Commands" or "## Options for every command": {list(chapters)}')
    sys.exit(1)
general = chapters['Options for every command']
titles = list(sections(chapters['Commands'], '###').items())
doc_commands = []
for title, body in titles:
    m = re.fullmatch(r'`([a-z][a-z-]*)`', title)
    if not m:
        fail(f'a section of "## Commands" is not one command: "### {title}"')
        continue
    doc_commands.append(m.group(1))
bodies = {c: b for c, (t, b) in zip(doc_commands, titles)}

missing = [c for c in commands if c not in doc_commands]
extra = [c for c in doc_commands if c not in commands]
twice = sorted({c for c in doc_commands if doc_commands.count(c) > 1})
if missing or extra or twice:
    fail(f'{doc}: no section for {missing}, not in --help {extra}, more than one section {twice}')
else:
    ok(f'one section for each of the {len(commands)} commands of --help')

no_synopsis = [c for c in commands if c in bodies and f'`heapscope-cli {c}' not in bodies[c]]
if no_synopsis:
    fail(f'sections without their synopsis `heapscope-cli NAME ...`: {no_synopsis}')
else:
    ok('every section gives its synopsis')

checked, reported = 0, set()
for command in commands:
    options = parse_options(run_help([command]), commands)
    if not any(long == '--json' for _, long, _ in options):
        fail(f'heapscope-cli {command} --help lists no options: {options}')
        continue
    for short, long, named_commands in options:
        places = [(c, bodies.get(c, '')) for c in named_commands if c == command]
        if not named_commands:
            places = [('Options for every command', general)]
        for where, body in places:
            checked += 1
            if not named(long, body) and not (short and named(short, body)) and (where, long) not in reported:
                reported.add((where, long))
                fail(f'{doc}, {where}: {long} is not named (heapscope-cli {command} --help lists it)')
if not any(f.startswith(doc + ',') for f in failures):
    ok(f'every option named where it applies ({checked} checks)')

sys.exit(1 if failures else 0)
