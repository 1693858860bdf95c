# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli --mapping with bad files: a malformed line names the file
and the line (exit 2, nothing on stdout); FIFOs, directories and devices are
refused before anything is read; a mapping of another build is applied
with a warning saying how many classes it renamed. On the committed sample
dump (tests/generator/README.md: 3000 com.example.User of 32 bytes)."""

import os
import subprocess
import tempfile
import unittest
import sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import testlib  # noqa: E402  (tests/testlib.py)

SRC = os.environ.get('HS_SOURCE_ROOT') or os.path.join(os.path.dirname(__file__), '..', '..')
SAMPLE = os.path.join(SRC, 'data', 'sample', 'sample.hprof')
CLI = os.environ.get('HS_CLI')


def cli(*args):
    return subprocess.run([CLI] + list(args), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=60)


class MappingCliTest(unittest.TestCase):
    def setUp(self):
        if not CLI:
            raise unittest.SkipTest('HS_CLI is not set')
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, name, text):
        p = os.path.join(self.tmp.name, name)
        with open(p, 'w') as f:
            f.write(text)
        return p

    def test_malformed_line(self):
        p = self.write('mapping.txt', 'x.A -> com.example.User:\n    int age -> age\n  garbage\n')
        out = os.path.join(self.tmp.name, 'r.html')
        for cmd in ('summary', 'classes', 'leaks', 'report', 'suspects', 'analyze', 'dominators'):
            r = cli(cmd, '--mapping', p, '-o', out, SAMPLE)
            self.assertEqual(r.returncode, 2, cmd)
            self.assertEqual(r.stdout, b'', cmd)
            self.assertIn(('%s:3:' % p).encode(), r.stderr, cmd)
        self.assertFalse(os.path.exists(out))
        r = cli('diff', '--mapping', p, SAMPLE, SAMPLE)
        self.assertEqual(r.returncode, 2)
        self.assertIn(('%s:3:' % p).encode(), r.stderr)

    def test_not_regular(self):
        fifo = os.path.join(self.tmp.name, 'fifo')
        os.mkfifo(fifo)
        for path, what in ((fifo, b'not a regular file'), (self.tmp.name, b'not a regular file'),
                           ('/dev/zero', b'not a regular file'), (os.path.join(self.tmp.name, 'none'), b'No such file')):
            for opt in ('--mapping', '--matchers'):
                r = cli('leaks', opt, path, SAMPLE)
                self.assertEqual(r.returncode, 2, (path, opt))
                self.assertIn(what, r.stderr, (path, opt))
                self.assertIn(opt.encode(), r.stderr)

    def test_other_build(self):
        # Names no class of the dump but one: a warning, and the one renamed.
        lines = ['q.Real%d -> q.q%d:' % (i, i) for i in range(40)]
        p = self.write('other.txt', '\n'.join(lines + ['x.RealUser -> com.example.User:']) + '\n')
        r = cli('classes', '--mapping', p, SAMPLE)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn(b'renamed only 1 classes', r.stderr)
        self.assertIn(b'  x.RealUser\n', r.stdout)
        self.assertNotIn(b'com.example.User\n', r.stdout)
        # Sums over a class are the class's: 3000 Users of 32 bytes.
        row = [l for l in r.stdout.decode().splitlines() if l.endswith('  x.RealUser')][0].split()
        self.assertEqual((row[0], row[2]), ('3000', '96000'))
        q = cli('classes', '--quiet', '--mapping', p, SAMPLE)
        self.assertEqual(q.stderr, b'')

    def test_suspects_obfuscated_names(self):
        # The sample at 0.5% (T = 8790 of 1758000 reachable bytes): the
        # object suspect `class com.example.App` retains the 3000 Users
        # (tests/generator/README.md), and java.lang.String is the biggest
        # class suspect. A mapping renaming App, User and String: their JSON
        # names are the mapping's, with the dump's beside them, as leaks
        # --json does; a name it did not rename has no obfuscated_name; the
        # figures are those without the mapping.
        import json
        r = cli('suspects', '--json', '--threshold', '0.5', SAMPLE)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn(b'obfuscated_name', r.stdout)
        plain = json.loads(r.stdout)
        self.assertEqual(plain['objects'][0]['class'], 'class com.example.App')
        self.assertEqual(plain['objects'][0]['retained_classes'][0]['class'], 'com.example.User')
        self.assertEqual(plain['classes'][0]['class'], 'java.lang.String')
        p = self.write('mapping.txt', 'x.RealApp -> com.example.App:\n'
                       'x.RealUser -> com.example.User:\n'
                       'x.RealString -> java.lang.String:\n')
        r = cli('suspects', '--json', '--threshold', '0.5', '--quiet', '--mapping', p, SAMPLE)
        self.assertEqual(r.returncode, 0, r.stderr)
        s = json.loads(r.stdout)
        app = s['objects'][0]
        self.assertEqual((app['class'], app['obfuscated_name']), ('class x.RealApp', 'com.example.App'))
        self.assertEqual((app['accumulation']['class'], app['accumulation']['obfuscated_name']),
                         ('class x.RealApp', 'com.example.App'))
        user = app['retained_classes'][0]
        self.assertEqual((user['class'], user['obfuscated_name'], user['count']),
                         ('x.RealUser', 'com.example.User', 3000))
        self.assertEqual(user['retained'], plain['objects'][0]['retained_classes'][0]['retained'])
        self.assertEqual(app['retained_classes'][1]['class'], 'java.util.HashMap')
        self.assertNotIn('obfuscated_name', app['retained_classes'][1])
        string = s['classes'][0]
        self.assertEqual((string['class'], string['obfuscated_name']), ('x.RealString', 'java.lang.String'))
        self.assertEqual((string['count'], string['retained']),
                         (plain['classes'][0]['count'], plain['classes'][0]['retained']))
        self.assertEqual(s['classes'][1]['class'], plain['classes'][1]['class'])
        self.assertNotIn('obfuscated_name', s['classes'][1])
        # The key sits right after the class, as in leaks --json.
        self.assertIn(b'"class":"x.RealString","obfuscated_name":"java.lang.String","count":', r.stdout)

if __name__ == '__main__':
    testlib.main()
