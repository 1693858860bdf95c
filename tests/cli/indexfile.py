# SPDX-License-Identifier: GPL-3.0-or-later
"""A persistent index file read and written again as docs/index.md ("File
format", "The checksum") describes it: the header, the table of sections,
each section's bytes, and every checksum redone after a change, as anyone
can. What tests of a crafted index use: their changes pass the checksums
and must be caught by the checks of what the sections hold."""

import struct

M = (1 << 64) - 1
P1 = 0x9E3779B185EBCA87
P2 = 0xC2B2AE3D27D4EB4F
P3 = 0x165667B19E3779F9
P4 = 0x85EBCA77C2B2AE63
P5 = 0x27D4EB2F165667C5
SEED_CHUNKS = 0x63686b73
SEED_HEADER = 0x68656164
CHUNKED_ABOVE = 64 << 20
CHUNK = 16 << 20
HEADER = 192


def rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & M


def lane_round(v, w):
    return (rotl((v ^ (w * P2 & M)) & M, 31) * P1) & M


def _sum(data, seed):
    n = len(data)
    v = [seed ^ P1, seed ^ P2, seed ^ P3, seed ^ P4]
    stripes = n // 32
    words = struct.unpack_from('<%dQ' % (stripes * 4), data, 0) if stripes else ()
    for i in range(stripes):
        for k in range(4):
            v[k] = lane_round(v[k], words[4 * i + k])
    x = (rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18)) & M
    for k in range(4):
        x = ((x ^ lane_round(0, v[k])) * P1 + P4) & M
    x = (x + n * P5) & M
    tail = data[stripes * 32:]
    while len(tail) >= 8:
        w, = struct.unpack_from('<Q', tail, 0)
        x = (rotl(x ^ lane_round(0, w), 27) * P1 + P4) & M
        tail = tail[8:]
    if tail:
        w, = struct.unpack('<Q', bytes(tail) + bytes(8 - len(tail)))
        x = (rotl(x ^ (w * P5 & M), 23) * P2 + P3) & M
    x ^= x >> 33
    x = x * P2 & M
    x ^= x >> 29
    x = x * P3 & M
    x ^= x >> 32
    return x


def checksum(data):
    """A section's checksum."""
    if len(data) <= CHUNKED_ABOVE:
        return _sum(data, 0)
    sums = [_sum(data[i:i + CHUNK], 0) for i in range(0, len(data), CHUNK)]
    return _sum(struct.pack('<%dQ' % len(sums), *sums), SEED_CHUNKS ^ len(data))


class Index:
    """An index file's bytes, its sections by id (mutable bytearrays)."""

    def __init__(self, data):
        self.data = bytearray(data)
        count, = struct.unpack_from('<I', data, 24)
        table, = struct.unpack_from('<Q', data, 32)
        self.table = table
        self.entries = []
        self.dirty = set()
        for i in range(count):
            sid, flags, off, length, _ = struct.unpack_from('<IIQQQ', data, table + 32 * i)
            self.entries.append([sid, off, length])

    def ids(self):
        return [e[0] for e in self.entries]

    def section(self, sid):
        """The section's bytes, a view into the file to change in place."""
        for e in self.entries:
            if e[0] == sid:
                self.dirty.add(sid)
                return memoryview(self.data)[e[1]:e[1] + e[2]]
        raise KeyError(hex(sid))

    def header(self, other):
        """Bytes 0 to 191 taken from another index (its identity, created,
        version); the table and the length stay this file's."""
        keep_count = self.data[24:48]
        self.data[0:HEADER] = other.data[0:HEADER]
        self.data[24:48] = keep_count

    def copy(self):
        return Index(bytes(self.data))

    def bytes(self, every=False):
        """The file with the checksums redone: of the sections handed out
        by section() (every one with every), then the header's."""
        d = self.data
        for i, (sid, off, length) in enumerate(self.entries):
            if not every and sid not in self.dirty:
                continue
            struct.pack_into('<Q', d, self.table + 32 * i + 24, checksum(bytes(d[off:off + length])))
        head = _sum(bytes(d[0:184]), 0)
        tab = _sum(bytes(d[self.table:self.table + 32 * len(self.entries)]), 0)
        struct.pack_into('<Q', d, 184, _sum(struct.pack('<QQ', head, tab), SEED_HEADER))
        return bytes(d)
