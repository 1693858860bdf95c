#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The generator itself, byte by byte against the HPROF format (its tags and layouts: src/engine/hprof/hs-hprof.h), so the CLI
tests stand on a writer that is known to be right. Needs no CLI."""

import gzip
import os
import struct
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import hprofgen as g  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import testlib  # noqa: E402  (tests/testlib.py)


class Generator(unittest.TestCase):
    def test_header(self):
        h = g.Hprof(version='1.0.3', id_size=4, timestamp_ms=0x0102030405060708)
        data = h.build()
        self.assertEqual(data, b'JAVA PROFILE 1.0.3\0' + b'\0\0\0\4' + bytes(range(1, 9)))
        self.assertEqual(len(data), 31)
        self.assertEqual(h.header_len, 31)

    def test_instance_fields_own_class_first(self):
        h = g.Hprof(version='1.0.2', id_size=8)
        d = h.heap_dump(segmented=False)
        d.cls(0x10, 'java/lang/Object')
        d.cls(0x20, 'Base', super_id=0x10, fields=[('link', g.OBJECT), ('b', g.BYTE)])
        d.cls(0x30, 'Sub', super_id=0x20, fields=[('s', g.SHORT), ('c', g.CHAR)])
        inst = d.instance(0x1000, 0x30, {'link': 0xABCDEF, 'b': -1, 's': -2, 'c': 'A'})
        data = h.build()
        rec = data[inst.offset:inst.end]
        # tag, id, u4 stack serial, id class, u4 n, then Sub's s, c, then Base's link, b
        want = (b'\x21' + (0x1000).to_bytes(8, 'big') + b'\0\0\0\0' + (0x30).to_bytes(8, 'big')
                + (2 + 2 + 8 + 1).to_bytes(4, 'big')
                + b'\xff\xfe' + b'\x00\x41' + (0xABCDEF).to_bytes(8, 'big') + b'\xff')
        self.assertEqual(rec, want)

    def test_class_dump_layout(self):
        h = g.Hprof(version='1.0.2', id_size=4)
        d = h.heap_dump(segmented=False)
        c = d.cls(0x100, 'K', super_id=0x10, loader_id=0x20, statics=[('st', g.LONG, 5)],
                  fields=[('f', g.INT)], constant_pool=[(3, g.SHORT, 9)])
        data = h.build()
        rec = data[c.offset:c.end]
        self.assertEqual(rec[0], 0x20)
        self.assertEqual(struct.unpack('>IIIIIIII', rec[1:33]), (0x100, 0, 0x10, 0x20, 0, 0, 0, 0))
        self.assertEqual(struct.unpack('>I', rec[33:37])[0], 4)              # sum of field sizes
        self.assertEqual(struct.unpack('>HHB', rec[37:42]), (1, 3, g.SHORT))  # constant pool
        self.assertEqual(rec[42:44], b'\0\x09')
        self.assertEqual(struct.unpack('>H', rec[44:46])[0], 1)              # one static
        st_name = struct.unpack('>I', rec[46:50])[0]
        self.assertEqual((rec[50], rec[51:59]), (g.LONG, (5).to_bytes(8, 'big')))
        self.assertEqual(struct.unpack('>H', rec[59:61])[0], 1)              # one field
        f_name = struct.unpack('>I', rec[61:65])[0]
        self.assertEqual(rec[65], g.INT)
        self.assertEqual(len(rec), 66)
        # the names are STRING records before the dump
        for sid, text in ((st_name, b'st'), (f_name, b'f')):
            self.assertIn(b'\x01' + b'\0\0\0\0' + (4 + len(text)).to_bytes(4, 'big')
                          + sid.to_bytes(4, 'big') + text, data[:c.offset])

    def test_segments_and_end(self):
        h = g.Hprof(version='1.0.2', id_size=4)
        d = h.heap_dump(segmented=True, segment_every=2)
        for i in range(5):
            d.root(g.ROOT_UNKNOWN, 0x100 + i)
        data = h.build()
        self.assertEqual(len(d.segments), 3)
        for (start, n), count in zip(d.segments, (2, 2, 1)):
            self.assertEqual(data[start], 0x1C)
            self.assertEqual(struct.unpack('>I', data[start + 5:start + 9])[0], n)
            self.assertEqual(n, count * 5)                       # tag + 4-byte id
        self.assertEqual(data[-9:], b'\x2c' + b'\0' * 8)
        self.assertEqual(h.record_boundaries[-1], len(data))

    def test_roots_layout(self):
        h = g.Hprof(version='1.0.3', id_size=4)
        d = h.heap_dump(segmented=False)
        sizes = {}
        for tag in g.ROOT_LAYOUT:
            r = d.root(tag, 0x40)
            sizes[tag] = r
        h.build()
        want = {0xFF: 5, 0x01: 9, 0x02: 13, 0x03: 13, 0x04: 9, 0x05: 5, 0x06: 9, 0x07: 5, 0x08: 13,
                0x89: 5, 0x8A: 5, 0x8B: 5, 0x8C: 5, 0x8D: 5, 0x8E: 13, 0x90: 5}
        self.assertEqual({t: r.end - r.offset for t, r in sizes.items()}, want)

    def test_arrays(self):
        h = g.Hprof(version='1.0.3', id_size=4)
        d = h.heap_dump(segmented=False)
        a = d.obj_array(0x50, 0x60, [0x70, 0])
        p = d.prim_array(0x80, g.CHAR, 'hi')
        n = d.prim_array_nodata(0x90, g.INT, 7)
        data = h.build()
        self.assertEqual(data[a.offset:a.end], b'\x22' + g.u4(0x50) + g.u4(0) + g.u4(2) + g.u4(0x60)
                         + g.u4(0x70) + g.u4(0))
        self.assertEqual(data[p.offset:p.end], b'\x23' + g.u4(0x80) + g.u4(0) + g.u4(2) + b'\x05'
                         + b'\0h\0i')
        self.assertEqual(data[n.offset:n.end], b'\xc3' + g.u4(0x90) + g.u4(0) + g.u4(7) + b'\x0a')

    def test_gzip(self):
        data = bytes(range(256)) * 50
        one = g.gzip_single(data)
        self.assertEqual(gzip.decompress(one), data)
        multi = g.gzip_members(data, block=1000)
        self.assertEqual(gzip.decompress(multi), data)
        self.assertEqual(multi.count(b'\x1f\x8b\x08'), 13)     # ceil(12800 / 1000) members
        self.assertEqual(multi[3] & 0x10, 0x10)                # FCOMMENT on the first member
        self.assertEqual(multi[10:10 + 24], b'HPROF BLOCKSIZE=1048576\0')

    def test_addresses(self):
        a = g.Addresses(0x1000, (64, 72))
        got = [a(), a(), a()]
        a.gap(32)
        got.append(a())
        self.assertEqual(got, [0x1000, 0x1040, 0x1088, 0x10a8])


if __name__ == '__main__':
    testlib.main()
