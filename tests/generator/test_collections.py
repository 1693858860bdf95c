#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli waste --json on the generator's `collections` dump
(dumps/collections.hprof.gz, JDK 17, com/example/CollectionScenario.java).

Each kind is an empty subclass of the JDK class (so its row holds only what
the scenario planted), read through the JDK 17 layout it inherits. Sizes
and capacities follow from the scenario's construction (its comments),
the rest from docs/semantics.md "Waste" with R = 4 (compressed references)
and HotSpot shallow sizes (README.md: instance align(12 + fields, 8),
Object[n] align(16 + 4n, 8)):
  right-sized: lists and deques `size` slots, hash tables the smallest
  power of two c with floor(3c/4) >= size, empty ones 0;
  wasted = (capacity - ideal) * 4 per collection;
  fill bucket = floor(10 * size / capacity), capacity 0 in bucket 0;
  empty_bytes = shallow of the empty collection + its backing array.
JDK 17 field lists (own + inherited) for the shallow sizes:
  Hashtable: table, count, threshold, loadFactor, modCount, keySet,
    entrySet, values: 12 + 8 * 4 = 44 -> 48;
  Vector: elementData, elementCount, capacityIncrement + AbstractList's
    modCount: 12 + 16 = 28 -> 32;
  ConcurrentHashMap: table, nextTable, counterCells, keySet, values,
    entrySet (refs), baseCount (long), sizeCtl, transferIndex, cellsBusy
    + AbstractMap's keySet, values: 12 + 8 * 4 + 8 + 3 * 4 = 64.
"""
import json
import os
import subprocess
import sys

SRC = os.environ.get('HS_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
CLI = os.environ.get('HS_CLI', os.path.join(SRC, 'build', 'src', 'cli', 'heapscope-cli'))
DUMP = os.path.join(SRC, 'tests', 'generator', 'dumps', 'collections.hprof.gz')
R = 4
failures = []


def check(what, got, want):
    ok = got == want
    print('%s %s: %r%s' % ('ok  ' if ok else 'FAIL', what, got, '' if ok else ' (expected %r)' % (want,)))
    if not ok:
        failures.append(what)


def hash_ideal(size):
    if size == 0:
        return 0
    c = 1
    while c * 3 // 4 < size:
        c *= 2
    return c


def bucket(size, cap):
    return 0 if cap == 0 else min(10 * size // cap, 9)


def obj_array(n):
    return (16 + 4 * n + 7) // 8 * 8


# class suffix: (layout, hash table?, [(size, capacity)], shallow of one, backing array of an empty one)
PLANTED = {
    'Table': ('Hashtable', True, [(5, 20), (0, 11)], 48, obj_array(11)),
    'Chm': ('ConcurrentHashMap', True, [(3, 16), (0, 0)], 64, 0),
    'Weak': ('WeakHashMap', True, [(2, 16)], None, 0),
    'Vec': ('Vector', False, [(3, 10), (0, 10)], 32, obj_array(10)),
    'Linked': ('HashMap', True, [(1, 16)], None, 0),
    'Deque': ('ArrayDeque', False, [(3, 8)], None, 0),
}


def expected(suffix):
    layout, hashed, planted, shallow, backing = PLANTED[suffix]
    hist = [0] * 10
    wasted = empty = empty_bytes = 0
    for size, cap in planted:
        ideal = hash_ideal(size) if hashed else size
        wasted += max(cap - ideal, 0) * R
        hist[bucket(size, cap)] += 1
        if size == 0:
            empty += 1
            empty_bytes += shallow + backing
    return {'layout': layout, 'count': len(planted), 'empty': empty, 'empty_bytes': empty_bytes,
            'size': sum(s for s, _ in planted), 'capacity': sum(c for _, c in planted),
            'wasted': wasted, 'fill_histogram': hist}


def main():
    out = subprocess.run([CLI, 'waste', DUMP, '--json'], capture_output=True, text=True)
    if out.returncode != 0:
        print(out.stderr)
        return 1
    rows = {c['class']: c for c in json.loads(out.stdout)['collections']}
    for suffix in PLANTED:
        name = 'com.example.CollectionScenario$' + suffix
        row = rows.get(name)
        check(name + ' found', row is not None, True)
        if row is None:
            continue
        want = expected(suffix)
        check(name, {k: row[k] for k in want}, want)
        check(name + ' objects', len(row['objects']), want['count'])
    if failures:
        print('%d failure(s): %s' % (len(failures), ', '.join(failures)))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
