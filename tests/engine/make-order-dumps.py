#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes order.hprof, the dump of test-instance-order.c, into OUT_DIR.

HotSpot 1.0.2, 4-byte ids, object alignment 8; sizes as docs/semantics.md gives
them: primitive array = align(12 + n * element), Object[] = align(12 + 4 n).
Every reachable object below is a JNI global root itself, so nothing else
holds it and its retained size is its own subtree's shallow sizes; an
unreachable one has retained size 0.

byte[] (240,000, enough for the instance sort to use both threads): array
  i at 0x10000000 + 0x100 i, of length (i * 7919) mod 61 (shallow 16 to 72:
  thousands of ties on every size), a root unless i mod 7 == 3. Retained:
  its shallow size when reachable (a leaf), else 0.
Object[] "bags" (210,000): bag m at 0x20000000 + 0x100 m holds m mod 4
  int[], the e-th at 0x30000000 + 0x100 m + 0x10 e, of length
  (13 m + 7 e) mod 40, each held by its bag only; bag 0 instead holds one
  int[100000] (400,016 bytes) at 0x30000000. A bag is a root unless
  m mod 6 == 2. Retained: the bag's shallow size plus its int[]s' when
  reachable, else 0. Bag sizes then span 19 bits of retained size and 19
  of retained - shallow: a key wider than 32 bits.

Usage: make-order-dumps.py OUT_DIR"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import hprofgen as g  # noqa: E402

N_BYTES = 240000
N_BAGS = 210000
OBJ, CLS, OBJARR = 0x1000, 0x1008, 0x1010


def bag_lengths(m):
    if m == 0:
        return [100000]
    return [(13 * m + 7 * e) % 40 for e in range(m % 4)]


def build():
    h = g.Hprof(version='1.0.2', id_size=4, timestamp_ms=1767225600000)
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(OBJARR, '[Ljava/lang/Object;', super_id=OBJ)
    for k in (OBJ, CLS, OBJARR):
        d.sticky(k)
    for i in range(N_BYTES):
        oid = 0x10000000 + 0x100 * i
        d.prim_array(oid, g.BYTE, data=bytes((i * 7919) % 61))
        if i % 7 != 3:
            d.jni_global(oid)
    for m in range(N_BAGS):
        oid = 0x20000000 + 0x100 * m
        elems = []
        for e, n in enumerate(bag_lengths(m)):
            eid = 0x30000000 + 0x100 * m + 0x10 * e
            d.prim_array(eid, g.INT, length=n, data=bytes(4 * n))
            elems.append(eid)
        d.obj_array(oid, OBJARR, elems)
        if m % 6 != 2:
            d.jni_global(oid)
    return h


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    build().write(os.path.join(out, 'order.hprof'))


if __name__ == '__main__':
    main()
