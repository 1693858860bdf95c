#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""No include or call cycle between the units of a source folder.

Usage: check-cycles.py FOLDER...

A unit is one type or concern: `hs-foo.c` with `hs-foo.h` and
`hs-foo-private.h`, plus the files that hold more of the same type (those
defining a `_hs_foo_*` function, as `hs-window-tabs.c` defines
`_hs_window_tabs_init`). Unit A uses unit B when a file of A includes a
header of B, or names a function defined (not static) in a `.c` file of B
(a call, a callback, a GType in a table, or the type's macros
`HS_TYPE_FOO`, `HS_FOO ()`, `HS_IS_FOO ()`). Prints each group of units
that use each other, with the uses inside it, and exits 1 if there is one.
"""

import os
import re
import sys

IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
DEFINITION = re.compile(r"^([a-z_][a-z0-9_]*)\s*\(", re.M)
TYPE_DEFINE = re.compile(r"G_DEFINE_[A-Z_]*TYPE[A-Z_]*\s*\(\s*\w+\s*,\s*(\w+)")
COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')


MEMBER = re.compile(r"(->|\.)\s*[A-Za-z_][A-Za-z0-9_]*")


def strip(text):
    """The code without comments, string contents and member names (a
    field named main is no use of main.c's main)."""
    return MEMBER.sub(" ", STRING.sub('""', COMMENT.sub(" ", text)))


def definitions(text):
    """Non-static functions defined in a .c file (GNU style: the name at
    the start of a line, the return type on the line before)."""
    names = set()
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = DEFINITION.match(line)
        if not m or line.rstrip().endswith(";"):
            continue
        before = lines[i - 1] if i > 0 else ""
        if before.startswith("static") or before.strip() == "" or before.startswith("#"):
            continue
        names.add(m.group(1))
    for m in TYPE_DEFINE.finditer(text):
        names.add(m.group(1) + "_get_type")
    return names


def type_macro(name):
    """HS_TYPE_FOO, HS_FOO, HS_IS_FOO, HS_FOO_CLASS -> hs_foo_get_type."""
    if not name.startswith("HS_") or not name.isupper():
        return None
    rest = name[3:]
    for prefix in ("TYPE_", "IS_"):
        if rest.startswith(prefix):
            rest = rest[len(prefix):]
    if rest.endswith("_CLASS") or rest.endswith("_GET_CLASS"):
        rest = rest.rsplit("_GET_CLASS", 1)[0].rsplit("_CLASS", 1)[0]
    return "hs_" + rest.lower() + "_get_type"


def scan(folder):
    files = {}
    for name in sorted(os.listdir(folder)):
        if name.endswith((".c", ".h")):
            with open(os.path.join(folder, name), encoding="utf-8") as f:
                files[name] = f.read()
    return files


def units_of(files):
    """File name -> unit name."""
    defined = {name: definitions(strip(text)) for name, text in files.items() if name.endswith(".c")}
    stems = {name[:-2] for name in defined}
    unit = {}
    for name, names in defined.items():
        stem = name[:-2]
        unit[name] = stem
        for fn in names:
            if fn.startswith("_hs_"):
                owner = "hs-" + fn[4:].replace("_", "-")
                # the longest unit whose prefix the function carries
                for other in sorted(stems, key=len, reverse=True):
                    if other != stem and owner.startswith(other + "-") and "-" in other[3:] + "-":
                        unit[name] = other
                        break
                break
    # a .c file that holds more of a type whose own file is a unit joins it
    for name in list(unit):
        while unit.get(unit[name] + ".c", unit[name]) != unit[name]:
            unit[name] = unit[unit[name] + ".c"]
    owner_of = {}
    for name, names in defined.items():
        for fn in names:
            owner_of[fn] = unit[name]
    for name, text in files.items():
        if not name.endswith(".h"):
            continue
        stem = name[:-2]
        base = stem[: -len("-private")] if stem.endswith("-private") else stem
        if base + ".c" in unit:
            unit[name] = unit[base + ".c"]
            continue
        # a header without its own .c: the unit defining what it declares
        votes = {}
        for m in re.finditer(r"\b(hs_\w+)\s*\(", strip(text)):
            u = owner_of.get(m.group(1))
            if u is not None:
                votes[u] = votes.get(u, 0) + 1
        unit[name] = max(votes, key=votes.get) if votes else stem
    return unit, defined, owner_of


def uses(files, unit, owner_of):
    """(unit, unit) -> a few reasons."""
    edges = {}

    def add(a, b, why):
        if a != b:
            edges.setdefault((a, b), [])
            if why not in edges[(a, b)] and len(edges[(a, b)]) < 4:
                edges[(a, b)].append(why)

    for name, text in files.items():
        for inc in INCLUDE.findall(text):
            if inc in unit:
                add(unit[name], unit[inc], f"{name} includes {inc}")
        if not name.endswith(".c"):
            continue
        for tok in set(IDENT.findall(strip(text))):
            fn = type_macro(tok) or tok
            if fn in owner_of:
                add(unit[name], owner_of[fn], f"{name} uses {tok}")
    return edges


def cycles(nodes, edges):
    """Strongly connected components of more than one unit (Tarjan,
    without recursion)."""
    succ = {n: sorted(b for (a, b) in edges if a == n) for n in nodes}
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    counter = 0
    for root in sorted(nodes):
        if root in index:
            continue
        work = [(root, iter(succ[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(succ[nxt])))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    n = stack.pop()
                    on_stack.discard(n)
                    comp.append(n)
                    if n == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def main(folders):
    found = 0
    for folder in folders:
        files = scan(folder)
        unit, _, owner_of = units_of(files)
        edges = uses(files, unit, owner_of)
        nodes = set(unit.values())
        groups = cycles(nodes, edges)
        print(f"{folder}: {len(files)} files, {len(nodes)} units, {len(edges)} uses between units")
        for comp in groups:
            found += 1
            print(f"cycle: {' <-> '.join(comp)}")
            for (a, b), why in sorted(edges.items()):
                if a in comp and b in comp:
                    print(f"  {a} -> {b}: {'; '.join(why)}")
    if found:
        print(f"{found} cycle(s)")
        return 1
    print("no cycle")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
