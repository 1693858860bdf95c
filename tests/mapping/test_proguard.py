# SPDX-License-Identifier: GPL-3.0-or-later
"""Real obfuscated dumps: the heap generator (tests/generator) built twice,
plain and through ProGuard (Debian's proguard-cli), each run to write a dump
of the `small` scenario (tests/generator/README.md). The two programs build
the same heap, so with ProGuard's mapping every CLI output of the obfuscated
dump must name what the plain dump's names, class for class, field for
field, leak for leak; without it the obfuscated names show.

Only what the program planted is compared figure for figure: the JDK's own
objects differ by a string or two between two runs (the program's class
names are held in a few JDK caches), and ids differ on every run.

ProGuard 6.2 reads class files up to Java 13's and the JDK 17 on the
machine is newer: the program is compiled with --release 11 and ProGuard is
given the Java 11 API as library classes, taken from the JDK's own ct.sym
(the signature files javac --release 11 uses) with their version set to
Java 11's. Skipped when javac, java or proguard is missing.
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest
import zipfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import testlib  # noqa: E402  (tests/testlib.py)

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.environ.get('HS_SOURCE_ROOT') or os.path.join(HERE, '..', '..')
GEN = os.path.join(SRC, 'tests', 'generator')
CLI = os.environ.get('HS_CLI')
# The program's classes: their names are compared figure for figure.
PROGRAM = re.compile(r'^(com\.example\.|leakcanary\.)')


def java_home():
    javac = shutil.which('javac')
    return os.path.dirname(os.path.dirname(os.path.realpath(javac))) if javac else None


def library_stubs(home, out):
    """The Java 11 API of the modules the generator uses, as class files
    ProGuard 6.2 reads (see the module docstring)."""
    mods = {'java.base', 'java.management', 'jdk.management'}
    with zipfile.ZipFile(os.path.join(home, 'lib', 'ct.sym')) as z:
        for name in z.namelist():
            parts = name.split('/')
            # A directory per set of releases: 'B' is Java 11.
            if len(parts) < 3 or 'B' not in parts[0] or parts[1] not in mods or not name.endswith('.sig'):
                continue
            rel = '/'.join(parts[2:])[:-4] + '.class'
            if rel.endswith('module-info.class'):
                continue
            data = bytearray(z.read(name))
            data[6:8] = (55).to_bytes(2, 'big')  # major version: Java 11
            path = os.path.join(out, rel)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, 'wb') as f:
                f.write(data)


def run(cmd, **kw):
    r = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       timeout=120, **kw)
    if r.returncode != 0:
        raise AssertionError('%s failed (%d): %s' % (cmd[0], r.returncode, r.stderr.decode(errors='replace')[-2000:]))
    return r


class ProguardTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not CLI:
            raise unittest.SkipTest('HS_CLI is not set')
        home = java_home()
        if not home or not shutil.which('java') or not shutil.which('proguard'):
            raise unittest.SkipTest('javac, java or proguard (Debian: proguard-cli) is missing')
        cls.tmp = tempfile.mkdtemp(prefix='hs-proguard-')
        t = cls.tmp
        sources = sorted(os.path.join(d, f) for d, _, fs in os.walk(GEN) for f in fs if f.endswith('.java'))
        run(['javac', '--release', '11', '-encoding', 'UTF-8', '-d', os.path.join(t, 'plain')] + sources)
        library_stubs(home, os.path.join(t, 'lib'))
        cls.mapping = os.path.join(t, 'mapping.txt')
        run(['proguard', '@' + os.path.join(HERE, 'proguard.conf'),
             '-injars', os.path.join(t, 'plain'), '-outjars', os.path.join(t, 'obfus'),
             '-libraryjars', os.path.join(t, 'lib'), '-printmapping', cls.mapping])
        # Same-length folder and file names: the JDK keeps the class path
        # and the dump's path as strings.
        for v in ('plain', 'obfus'):
            d = os.path.join(t, v)
            run(['java', '-Xshare:off', '-Xms64m', '-Xmx64m',
                 # not preverified (-dontpreverify): no verifier
                 '-Xverify:none', '-Xbootclasspath/a:' + d, '-cp', d,
                 'HeapGen', 'small', os.path.join(t, v + '.hprof')])
        cls.plain = os.path.join(t, 'plain.hprof')
        cls.obfus = os.path.join(t, 'obfus.hprof')

    @classmethod
    def tearDownClass(cls):
        if getattr(cls, 'tmp', None):
            shutil.rmtree(cls.tmp, ignore_errors=True)

    def cli(self, *args, mapped=None, rc=0):
        dump = self.plain if mapped is None else self.obfus
        extra = ['--mapping', self.mapping] if mapped else []
        r = subprocess.run([CLI] + list(args) + extra + [dump], stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        self.assertEqual(r.returncode, rc, r.stderr.decode(errors='replace'))
        return r.stdout.decode()

    def classes(self, **kw):
        rows = json.loads(self.cli('classes', '--json', **kw))
        return {re.sub(r'\+0x[0-9a-f]+$', '', c['name']): c for c in rows}

    def test_mapping_is_real(self):
        with open(self.mapping) as f:
            text = f.read()
        # ProGuard renamed the planted classes and their fields.
        self.assertRegex(text, r'(?m)^com\.example\.LeakedActivity -> com\.example\.\w+:$')
        self.assertRegex(text, r'(?m)^leakcanary\.KeyedWeakReference -> leakcanary\.\w+:$')
        self.assertRegex(text, r'(?m)^    byte\[\] buffer -> \w+$')
        self.assertRegex(text, r'(?m)^    \d+:\d+:void <init>')

    def test_classes(self):
        plain, mapped, obf = self.classes(), self.classes(mapped=True), self.classes(mapped=False)
        program = sorted(n for n in plain if PROGRAM.match(n))
        self.assertEqual(program, sorted(n for n in mapped if PROGRAM.match(n)))
        # The JDK's classes are the mapping's business in neither dump.
        self.assertEqual(sorted(n for n in mapped if not PROGRAM.match(n) and n != 'HeapGen'),
                         sorted(n for n in obf if not PROGRAM.match(n) and n != 'HeapGen'))
        self.assertIn('com.example.LeakedActivity', program)
        for n in program:
            for k in ('count', 'reachable_count', 'shallow', 'retained'):
                self.assertEqual(plain[n][k], mapped[n][k], '%s %s' % (n, k))
            # Renamed, and the dump's name is kept beside the real one.
            if n not in ('HeapGen',):
                self.assertIn('obfuscated_name', mapped[n], n)
                self.assertIn(mapped[n]['obfuscated_name'], obf)
        # Without the mapping the obfuscated names show, not the real ones.
        self.assertNotIn('com.example.LeakedActivity', obf)
        self.assertNotIn('leakcanary.KeyedWeakReference', obf)
        self.assertEqual(mapped['com.example.LeakedActivity']['count'], 2)
        # A text line of the plain output is in the mapped one.
        text = self.cli('classes', mapped=True)
        self.assertRegex(text, r'(?m)^ +2 +2 +64 +2208  com\.example\.LeakedActivity$')

    def test_dominators(self):
        def program_rows(out):
            rows = []
            for line in out.splitlines()[1:]:
                m = re.match(r'^ *(\d+) +(\d+) +(\d+)  (\S+?)@0x[0-9a-f]+(.*)$', line)
                if m and PROGRAM.match(m.group(4)):
                    rows.append((m.group(1), m.group(2), m.group(3), m.group(4), m.group(5).strip()))
            return rows
        plain = program_rows(self.cli('dominators', '--top', '3000'))
        mapped = program_rows(self.cli('dominators', '--top', '3000', mapped=True))
        self.assertTrue(any(r[3] == 'com.example.LeakedActivity' for r in plain), plain)
        # Equal retained sizes are ordered by id, which differs between runs.
        self.assertEqual(sorted(plain), sorted(mapped))

    def strip_ids(self, text):
        return re.sub(r'0x[0-9a-f]+', '0x', text)

    def test_leaks(self):
        plain = json.loads(self.strip_ids(self.cli('leaks', '--json')))
        mapped_text = self.cli('leaks', '--json', mapped=True)
        mapped = json.loads(self.strip_ids(mapped_text))
        for group in mapped['application_leaks']:
            for trace in group['traces']:
                for node in trace['nodes']:
                    node.pop('obfuscated_name', None)
        self.assertEqual(len(plain['application_leaks']), 2)
        # Names, reference names, statuses, fingerprints: all the same.
        self.assertEqual(plain, mapped)
        self.assertIn('"obfuscated_name"', mapped_text)
        # Without the mapping LeakCanary's watcher class is not recognised.
        obf = json.loads(self.cli('leaks', '--json', mapped=False))
        self.assertEqual(obf['watched_references'], 0)
        self.assertNotIn('com.example.LeakedActivity', json.dumps(obf))

    def renamed(self):
        """The classes the mapping renames: original name -> ProGuard's name
        (a kept class is listed under its own name)."""
        with open(self.mapping) as f:
            return {a: b for a, b in re.findall(r'(?m)^(\S+) -> (\S+):$', f.read()) if a != b}

    def test_suspects(self):
        def shape(out):
            s = json.loads(out)
            return ([o.get('class') for o in s['objects']], [c['class'] for c in s['classes']])
        self.assertEqual(shape(self.cli('suspects', '--json', '--threshold', '0.3')),
                         shape(self.cli('suspects', '--json', '--threshold', '0.3', mapped=True)))

    def test_suspects_obfuscated_names(self):
        # Every class name the suspects JSON writes has the dump's own name
        # beside it when the mapping renamed it ("class X" for a class
        # object: the name of X), and nothing when it did not; the same
        # suspects without the mapping show that name as their class.
        ren = self.renamed()
        mapped = json.loads(self.cli('suspects', '--json', '--threshold', '0.3', mapped=True))
        obf = json.loads(self.cli('suspects', '--json', '--threshold', '0.3', mapped=False))

        def check(m, o):
            name = m['class']
            bare = name[len('class '):] if name.startswith('class ') else name
            dims = len(bare) - len(bare.rstrip('[]'))
            elem = bare[:len(bare) - dims]
            if elem in ren:
                self.assertEqual(m.get('obfuscated_name'), ren[elem] + bare[len(elem):], name)
                self.assertEqual(o['class'], name[:len(name) - len(bare)] + m['obfuscated_name'], name)
            else:
                self.assertNotIn('obfuscated_name', m, name)
                self.assertEqual(o['class'], name)
            return m.get('obfuscated_name')

        seen = {}
        self.assertEqual(len(mapped['objects']), len(obf['objects']))
        for m, o in zip(mapped['objects'], obf['objects']):
            seen[m['class']] = check(m, o)
            seen[m['accumulation']['class']] = check(m['accumulation'], o['accumulation'])
            self.assertEqual(len(m['retained_classes']), len(o['retained_classes']))
            for mc, oc in zip(m['retained_classes'], o['retained_classes']):
                seen[mc['class']] = check(mc, oc)
        self.assertEqual(len(mapped['classes']), len(obf['classes']))
        for m, o in zip(mapped['classes'], obf['classes']):
            seen[m['class']] = check(m, o)
        # The planted suspects (tests/generator/README.md): LeakHolder's
        # class object, accumulating the two LeakedActivity; the ThreadLeak
        # held by a thread's local.
        self.assertEqual(seen.get('class com.example.LeakHolder'), ren['com.example.LeakHolder'])
        self.assertEqual(seen.get('com.example.LeakedActivity'), ren['com.example.LeakedActivity'])
        self.assertEqual(seen.get('com.example.ThreadLeak'), ren['com.example.ThreadLeak'])
        self.assertIsNone(seen.get('java.lang.String', 'absent'))

    def test_report(self):
        def names(html):
            return sorted(set(re.findall(r'(?:com\.example|leakcanary)\.[A-Za-z_$]\w*', html)))
        d = self.tmp
        self.cli('report', '--no-timestamp', '-o', os.path.join(d, 'p.html'))
        self.cli('report', '--no-timestamp', '-o', os.path.join(d, 'm.html'), mapped=True)
        with open(os.path.join(d, 'p.html')) as f:
            p = names(f.read())
        with open(os.path.join(d, 'm.html')) as f:
            m = names(f.read())
        self.assertIn('com.example.LeakedActivity', p)
        self.assertEqual(p, m)

    def test_threads(self):
        # The planted thread's stack: class and method names as in the
        # plain dump (its run() overrides Thread's: kept by ProGuard; the
        # locals' classes are renamed).
        def stack(out):
            block = out.split('"leak-holder-thread"', 1)[1].split('\n\n', 1)[0]
            return self.strip_ids(block)
        plain = stack(self.cli('threads'))
        self.assertIn('com.example.LeakThread.run(Scenarios.java:', plain)
        self.assertEqual(plain, stack(self.cli('threads', mapped=True)))
        self.assertNotIn('com.example.LeakThread', stack(self.cli('threads', mapped=False)))

    def test_summary_and_objects(self):
        out = self.cli('objects', '--class', 'com.example.LeakedActivity', '--json', mapped=True)
        rows = json.loads(out)
        self.assertEqual(len(rows), 2)
        self.assertEqual(sorted(r['retained'] for r in rows), [1104, 1104])


if __name__ == '__main__':
    testlib.main()
