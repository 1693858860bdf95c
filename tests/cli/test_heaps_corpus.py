#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The heaps of the real Android dumps of the corpus (android/*.hprof)
against an independent reading: a walk of the file's records and
sub-records written here from the format (HEAP_DUMP_INFO names the heap of
the objects after it), counting each heap's objects and their shallow
sizes by SEMANTICS.md's Android rules. Exits 77 without the corpus."""

import glob
import os
import struct
import sys
import unittest

from clitest import CORPUS, CliTest, main

BASIC = {2: None, 4: 1, 5: 2, 6: 4, 7: 8, 8: 1, 9: 2, 10: 4, 11: 8}
ROOT_LEN = {0xFF: 0, 0x01: 1, 0x02: 8, 0x03: 8, 0x04: 4, 0x05: 0, 0x06: 4, 0x07: 0, 0x08: 8,
            0x89: 0, 0x8A: 0, 0x8B: 0, 0x8C: 0, 0x8D: 0, 0x8E: 8, 0x90: 0}


def align8(v):
    return (v + 7) // 8 * 8


def read_heaps(path):
    """{heap name: [objects, shallow]} of the first dump, in file order."""
    with open(path, 'rb') as f:
        data = f.read()
    nul = data.index(b'\0')
    ids = struct.unpack_from('>I', data, nul + 1)[0]
    rid = '>I' if ids == 4 else '>Q'
    pos = nul + 1 + 12
    strings, bodies = {}, []
    while pos + 9 <= len(data):
        tag, _, length = struct.unpack_from('>BII', data, pos)
        body = pos + 9
        if tag == 0x01:
            sid = struct.unpack_from(rid, data, body)[0]
            strings[sid] = data[body + ids:body + length].decode('utf-8', 'replace')
        elif tag in (0x0C, 0x1C):
            bodies.append((body, body + length))
        elif tag == 0x2C:
            break
        pos = body + length

    def size(t):
        return ids if t == 2 else BASIC[t]

    declared = {}   # class id -> declared instance size
    objs = []       # (offset, heap, kind, value): sized once every class is known
    heap = 'default'
    for start, end in bodies:
        p = start
        while p < end:
            tag = data[p]
            q = p + 1
            if tag in ROOT_LEN:
                q += ids + (ids if tag == 0x01 else ROOT_LEN[tag])
            elif tag == 0xFE:
                heap_id, = struct.unpack_from('>I', data, q)
                name_id = struct.unpack_from(rid, data, q + 4)[0]
                heap = strings.get(name_id) or {ord('A'): 'app', ord('I'): 'image',
                                                ord('Z'): 'zygote'}.get(heap_id, 'heap %d' % heap_id)
                q += 4 + ids
            elif tag == 0x20:
                cid = struct.unpack_from(rid, data, q)[0]
                q += 7 * ids + 4
                inst, = struct.unpack_from('>I', data, q)
                q += 4
                n, = struct.unpack_from('>H', data, q)
                q += 2
                for _ in range(n):
                    q += 3 + size(data[q + 2])
                n, = struct.unpack_from('>H', data, q)
                q += 2
                statics = 0
                for _ in range(n):
                    t = data[q + ids]
                    statics += size(t)
                    q += ids + 1 + size(t)
                n, = struct.unpack_from('>H', data, q)
                q += 2 + n * (ids + 1)
                declared[cid] = inst
                objs.append((heap, 'class', statics))
            elif tag == 0x21:
                cid = struct.unpack_from(rid, data, q + ids + 4)[0]
                n, = struct.unpack_from('>I', data, q + 2 * ids + 4)
                q += 2 * ids + 8 + n
                objs.append((heap, 'instance', cid))
            elif tag == 0x22:
                n, = struct.unpack_from('>I', data, q + ids + 4)
                q += 2 * ids + 8 + n * ids
                objs.append((heap, 'array', align8(12 + 4 * n)))
            elif tag in (0x23, 0xC3):
                n, = struct.unpack_from('>I', data, q + ids + 4)
                e = BASIC[data[q + ids + 8]]
                q += ids + 9 + (n * e if tag == 0x23 else 0)
                objs.append((heap, 'array', align8((16 if e == 8 else 12) + n * e)))
            else:
                raise ValueError('%s: unknown sub-record 0x%02x at %d' % (path, tag, p))
            p = q
    out = {}
    for heap, kind, v in objs:
        row = out.setdefault(heap, [0, 0])
        row[0] += 1
        row[1] += align8(declared[v]) if kind == 'instance' else align8(v) if kind == 'class' else v
    return out


class HeapsCorpus(CliTest):
    def test_android_dumps(self):
        for path in sorted(glob.glob(os.path.join(CORPUS, 'android', '*.hprof'))):
            want = read_heaps(path)
            s = self.summary(path)
            got = {r['name']: [r['objects'], r['shallow']] for r in s['heaps']}
            self.assertEqual(got, want, path)
            self.assertGreater(len(got), 1, path)
            self.assertEqual(sum(r['objects'] for r in s['heaps']), s['objects'])
            # The window and the report open on the app heap: it is there.
            self.assertIn('app', got)


if __name__ == '__main__':
    if not glob.glob(os.path.join(CORPUS, 'android', '*.hprof')):
        print('no Android dumps in %s' % CORPUS)
        sys.exit(77)
    main()
