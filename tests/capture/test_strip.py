#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli strip DUMP -o OUT [--keep-strings]: a copy to share.

A heap written here holds a String "hunter2-password" (char[16]), a byte[]
"SECRET-TOKEN-0123" (17 bytes) and an int[3] {7, 8, 9}, in two dumps of
one file. In the copy every primitive array's contents are zeros (the
String's too, unless --keep-strings), the file has the same length and
every byte outside those arrays is the original's, so every structural
output (summary, classes, dominators, leaks, objects) is the same.
"""

import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'cli'))

from clitest import CLI, CliTest, g, run_cli, CORPUS  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import testlib  # noqa: E402

OBJ, STR, HOLDER = 0x1000, 0x1008, 0x1010
S, CHARS, TOKEN, INTS, H = 0x2000, 0x2010, 0x2040, 0x2080, 0x2100
PASSWORD = 'hunter2-password'
TOKEN_BYTES = b'SECRET-TOKEN-0123'


def build():
    # Two 0x0C records: two dumps (segments would all make one).
    h = g.Hprof(version='1.0.1', id_size=4)
    for n in range(2):
        d = h.heap_dump(segmented=False)
        d.cls(OBJ, 'java/lang/Object')
        d.cls(STR, 'java/lang/String', super_id=OBJ, fields=[('value', g.OBJECT), ('hash', g.INT)])
        d.cls(HOLDER, 'com/example/Holder', super_id=OBJ,
              fields=[('name', g.OBJECT), ('token', g.OBJECT), ('ints', g.OBJECT)])
        d.instance(S, STR, {'value': CHARS, 'hash': 0})
        d.prim_array(CHARS, g.CHAR, [ord(ch) for ch in PASSWORD])
        d.prim_array(TOKEN, g.BYTE, list(TOKEN_BYTES))
        d.prim_array(INTS, g.INT, [7, 8, 9])
        d.instance(H, HOLDER, {'name': S, 'token': TOKEN, 'ints': INTS})
        for c in (OBJ, STR, HOLDER):
            d.sticky(c)
        d.jni_global(H)
    return h


def utf16(text):
    return text.encode('utf-16-be')


class Strip(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dump = build().write(cls.path('secret.hprof'))
        with open(cls.dump, 'rb') as f:
            cls.original = f.read()

    def strip(self, out, *extra):
        r = run_cli(['strip', self.dump, '-o', out, *extra])
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out, 'rb') as f:
            return f.read()

    def assert_same_outside(self, original, stripped, zeroed):
        """Equal lengths, the zeroed ranges all zeros, the rest equal."""
        self.assertEqual(len(stripped), len(original))
        mask = bytearray(original)
        for start, n in zeroed:
            self.assertEqual(stripped[start:start + n], bytes(n))
            mask[start:start + n] = bytes(n)
        self.assertEqual(bytes(mask), stripped)

    def ranges(self, data, *needles):
        out = []
        for needle in needles:
            at = data.find(needle)
            while at >= 0:
                out.append((at, len(needle)))
                at = data.find(needle, at + 1)
        return out

    def test_every_array_zeroed_in_every_dump(self):
        ints = b''.join(v.to_bytes(4, 'big') for v in (7, 8, 9))
        zeroed = self.ranges(self.original, utf16(PASSWORD), TOKEN_BYTES, ints)
        self.assertEqual(len(zeroed), 6)  # three arrays in each of the two dumps
        stripped = self.strip(self.path('out.hprof'))
        self.assert_same_outside(self.original, stripped, zeroed)

    def test_keep_strings_keeps_only_the_string_text(self):
        stripped = self.strip(self.path('kept.hprof'), '--keep-strings')
        self.assertEqual(stripped.count(utf16(PASSWORD)), 2)
        self.assertNotIn(TOKEN_BYTES, stripped)
        o = self.json_of(['object', self.path('kept.hprof'), hex(S), '--json'])
        self.assertEqual(o['string'], PASSWORD)

    def test_structure_is_unchanged(self):
        out = self.path('same.hprof')
        self.strip(out)
        for command, *rest in (['summary'], ['classes'], ['dominators'], ['leaks'], ['summary', '--dump', '1']):
            ra = run_cli([command, self.dump, *rest, '--json'])
            rb = run_cli([command, out, *rest, '--json'])
            self.assertEqual(ra.returncode, 0, ra.stderr)
            self.assertEqual(ra.stdout.replace(self.dump.encode(), b'DUMP'),
                             rb.stdout.replace(out.encode(), b'DUMP'), command)

    def test_gzip_output_and_input(self):
        out = self.path('out.hprof.gz')
        self.strip(out)
        with open(out, 'rb') as f:
            self.assertEqual(f.read(2), b'\x1f\x8b')
        again = self.path('again.hprof')
        r = run_cli(['strip', out, '-o', again])
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(again, 'rb') as f:
            self.assertNotIn(TOKEN_BYTES, f.read())

    def test_never_over_the_dump_or_a_device(self):
        r = run_cli(['strip', self.dump, '-o', self.dump])
        self.assertEqual(r.returncode, 2)
        self.assertIn(b'the dump itself', r.stderr)
        with open(self.dump, 'rb') as f:
            self.assertEqual(f.read(), self.original)
        r = run_cli(['strip', self.dump, '-o', '/dev/null'])
        self.assertEqual(r.returncode, 2)
        self.assertIn(b'not a regular file', r.stderr)
        r = run_cli(['strip', self.dump])
        self.assertEqual(r.returncode, 2)
        self.assertIn(b'-o FILE', r.stderr)

    def test_dash_writes_stdout(self):
        # "-" is stdout, as for `waste --bitmap ... -o -` and `report -o -`:
        # the same bytes as the copy written to a file, and no file "-"
        expected = self.strip(self.path('file.hprof'))
        cwd = self.path('dash')
        os.makedirs(cwd, exist_ok=True)
        r = subprocess.run([CLI, 'strip', self.dump, '-o', '-'], cwd=cwd,
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(r.stdout, expected)
        self.assertEqual(os.listdir(cwd), [])

    def test_a_dump_with_objects_written_twice_is_refused(self):
        # Segments make one dump: the second copy of each object hides the
        # first, whose contents would go out unzeroed.
        h = g.Hprof(version='1.0.2', id_size=4)
        for n in range(2):
            d = h.heap_dump(segmented=True)
            d.cls(OBJ, 'java/lang/Object')
            d.prim_array(TOKEN, g.BYTE, list(TOKEN_BYTES))
            d.jni_global(TOKEN)
        dump = h.write(self.path('twice.hprof'))
        out = self.path('twice-out.hprof')
        r = run_cli(['strip', dump, '-o', out])
        self.assertEqual(r.returncode, 2)
        self.assertIn(b'more than once', r.stderr)
        self.assertFalse(os.path.exists(out))

    def test_corpus_dump_analyses_the_same(self):
        dump = os.path.join(CORPUS, 'jvm', 'sun_jdk6_18_x64.hprof')
        if not os.path.exists(dump):
            self.skipTest('no corpus')
        out = self.path('corpus.hprof')
        r = run_cli(['strip', dump, '-o', out])
        self.assertEqual(r.returncode, 0, r.stderr)
        for command in ('classes', 'dominators'):
            ra, rb = run_cli([command, dump, '--json']), run_cli([command, out, '--json'])
            self.assertEqual(ra.stdout, rb.stdout, command)


if __name__ == '__main__':
    testlib.main()
