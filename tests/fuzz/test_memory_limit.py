#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""A dump that needs more memory than the process may use.

The dump: 3,000,000 empty int[] (14 bytes each with 4-byte ids: 42 MB) and
two classes. Indexing alone needs an 8-byte id and an 8-byte file offset
per object: 48 MB, on top of the file's 42 MB. heapscope-cli runs under an
address-space limit (RLIMIT_AS, as `ulimit -v` or `prlimit --as` set it):
  - without a limit it loads every object (3,000,002);
  - under 100 MB it cannot fit: exit 2 with a message that says how much
    memory is needed (a size of at least the 48 MB of the index);
  - under every limit from 120 MB to 500 MB: exit 0 or that clean exit 2,
    never killed by a signal or GLib's abort on a failed allocation.
Not run in the sanitizer build (AddressSanitizer reserves terabytes of
address space and cannot start under such a limit).
"""
import json
import os
import re
import resource
import struct
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import hprofgen as g  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import testlib  # noqa: E402  (tests/testlib.py)

N = 3000000
MB = 1000 * 1000
UNITS = {'kB': 1e3, 'MB': 1e6, 'GB': 1e9, 'TB': 1e12, 'bytes': 1}


def write_dump(path):
    h = g.Hprof(id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(0x100, 'java/lang/Object')
    d.cls(0x110, '[I', super_id=0x100)
    d.sticky(0x100)
    # The arrays as one more segment, its sub-records packed directly
    # (hprofgen's objects are too slow for millions of records): tag, id,
    # stack serial, length 0, type int.
    rec = struct.Struct('>BIIIB')
    h.record(g.TAG_HEAP_DUMP_SEGMENT,
             b''.join(rec.pack(g.SUB_PRIM_ARRAY_DUMP, 0x1000 + 16 * i, 0, 0, g.INT) for i in range(N)))
    h.write(path)


def run(path, limit_mb):
    def limit():
        if limit_mb:
            resource.setrlimit(resource.RLIMIT_AS, (limit_mb * MB, limit_mb * MB))
    return subprocess.run([os.environ['HS_CLI'], 'summary', path, '--json'], preexec_fn=limit,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300)


def needed_bytes(message):
    """The size the message says is needed ("needs about 255.0 MB", "needs more than 176.2 MB")."""
    m = re.search(r'needs\s(?:about\s|more\sthan\s|at\sleast\s)?([0-9.]+)\s(bytes|kB|MB|GB|TB)', message)
    return float(m.group(1)) * UNITS[m.group(2)] if m else None


class MemoryLimit(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.path = os.path.join(cls.tmp.name, 'many.hprof')
        write_dump(cls.path)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_unlimited_loads(self):
        p = run(self.path, 0)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(json.loads(p.stdout)['objects'], N + 2)

    def test_too_small_says_how_much(self):
        p = run(self.path, 100)
        err = p.stderr.decode('utf-8', 'replace')
        self.assertEqual(p.returncode, 2, err)
        self.assertIn('many.hprof', err)
        need = needed_bytes(err)
        self.assertIsNotNone(need, 'the message does not say how much memory is needed: %r' % err)
        self.assertGreaterEqual(need, 48 * MB, err)

    def test_every_limit_clean(self):
        bad = []
        for limit_mb in range(120, 501, 20):
            p = run(self.path, limit_mb)
            err = p.stderr.decode('utf-8', 'replace')
            if p.returncode == 2:
                if needed_bytes(err) is None:
                    bad.append((limit_mb, 'exit 2 without the memory needed: %r' % err[:200]))
            elif p.returncode != 0:
                bad.append((limit_mb, 'status %d: %r' % (p.returncode, err[-300:])))
        self.assertEqual(bad, [])


if __name__ == '__main__':
    if not os.environ.get('HS_CLI'):
        sys.exit('HS_CLI is not set')
    testlib.main()
