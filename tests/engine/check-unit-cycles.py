#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The engine's units call each other in one direction (docs/architecture.md):
from the symbols each object file of the engine's static libraries defines
and uses (`nm -A`), no group of units calls round in a circle (A calls B and
B, directly or through others, calls A), and no unit calls a unit of a
folder above its own (the libraries come top first on the command line).

The same for `#include "..."` between the files of src/engine/: no
header, directly or through others, includes itself.

Usage: check-unit-cycles.py SOURCE_ROOT NM LIBRARY... (top first)
Exit 0 when all holds, 1 listing every circle and every call up."""
import collections
import os
import re
import subprocess
import sys

source, nm, libs = sys.argv[1], sys.argv[2], sys.argv[3:]

# Units kept in more than one file for their size. The OQL evaluator is
# one: an expression may hold a sub-select, whose rows are expressions, and
# a built-in function (size(), toString()...) evaluates its arguments, so
# expressions, selects and built-ins recurse into each other by nature.
UNIT_OF_FILE = {
    'oql/hs-oql-eval': 'oql/evaluator',
    'oql/hs-oql-select': 'oql/evaluator',
    'oql/hs-oql-builtins': 'oql/evaluator',
}
defined = {}                            # symbol -> unit
uses = collections.defaultdict(set)     # unit -> symbols it needs
rank = {}                               # unit -> its library's place (0: top)
for place, lib in enumerate(libs):
    out = subprocess.run([nm, '-A', lib], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        m = re.match(r'^[^:]+:([^:]+\.o):\s*(?:[0-9a-f]+)?\s+([A-Za-z]) (\S+)$', line)
        if not m:
            continue
        member, kind, symbol = m.groups()
        # "waste_hs-waste-json.c.o" -> "waste/hs-waste-json"
        unit = re.sub(r"\.c\.o$", "", os.path.basename(member)).replace("_", "/", 1)
        unit = UNIT_OF_FILE.get(unit, unit)
        rank[unit] = place
        if kind in 'TDRBC':
            defined[symbol] = unit
        elif kind == 'U':
            uses[unit].add(symbol)

calls = collections.defaultdict(set)
for unit, symbols in uses.items():
    for s in symbols:
        if s in defined and defined[s] != unit:
            calls[unit].add(defined[s])
failures = 0
if len(rank) < 50:
    print(f'FAIL: only {len(rank)} units found in {libs}')
    sys.exit(1)

def circles(nodes, edges):
    """The strongly connected groups of more than one node (Tarjan's
    algorithm, with an explicit stack)."""
    index, low, on_stack, stack, groups = {}, {}, set(), [], []
    for start in sorted(nodes):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                group = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    group.append(w)
                    if w == v:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


groups = circles(rank, calls)

for group in groups:
    failures += 1
    print('FAIL: these units call each other round a circle: ' + ', '.join(group))
    for a in group:
        for b in sorted(calls[a] & set(group)):
            syms = sorted(s for s in uses[a] if defined.get(s) == b)
            print(f'  {a} -> {b}: {", ".join(syms[:4])}')
for a in sorted(calls):
    for b in sorted(calls[a]):
        if rank[b] < rank[a]:
            failures += 1
            syms = sorted(s for s in uses[a] if defined.get(s) == b)
            print(f'FAIL: {a} calls {b}, in a folder above its own: {", ".join(syms[:4])}')
engine = os.path.join(source, 'src', 'engine')
includes = collections.defaultdict(set)
for folder in sorted(os.listdir(engine)):
    if not os.path.isdir(os.path.join(engine, folder)):
        continue
    for name in sorted(os.listdir(os.path.join(engine, folder))):
        if name.endswith(('.c', '.h')):
            with open(os.path.join(engine, folder, name), encoding='utf-8') as f:
                includes[name] |= set(re.findall(r'^#include "([^"]+)"', f.read(), re.M))
files = set(includes) | {h for hs in includes.values() for h in hs}
for group in circles(files, includes):
    failures += 1
    print('FAIL: these files include each other round a circle: ' + ', '.join(group))
if not failures:
    n_calls = sum(len(c) for c in calls.values())
    print(f'ok: {len(rank)} units in {len(libs)} libraries, {n_calls} calls between units, no circle, none up; '
          f'{len(includes)} files, no circle of includes')
sys.exit(1 if failures else 0)
