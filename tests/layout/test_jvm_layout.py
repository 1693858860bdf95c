#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Shallow sizes against the JVM's own class histogram, on every object
layout of JDK 17 and 25 (docs/semantics.md, "Object layout").

LayoutScenario.java is compiled and run under each JVM and flag set below
(-Xmx64m). `jcmd PID GC.class_histogram` is taken right before a live
`jcmd PID GC.heap_dump` of the same heap, and again right after; the
heap dump is then read by heapscope-cli. For every class whose histogram
row is the same before and after the dump (the attach mechanism itself
allocates, so the classes it touches are left out), the count and the bytes
Heapscope gives must equal the JVM's exactly. The scenario's own classes,
every array type and the common JDK classes must be among them, or, if the
attach touched them, equal the JVM's figures before or after the dump.

Left out, with the reason (docs/semantics.md lists them too):
  java.lang.Class     a class object's size is its mirror's: the JVM counts
                      its statics and VM fields, the dump has no instance
                      record for it (Heapscope counts CLASS_DUMP statics);
  INJECTED            classes to which HotSpot adds fields of its own
                      (javaClasses.hpp's injected fields), which a dump
                      does not list, and their subclasses;
  CONTENDED           JDK classes with @Contended fields, whose padding
                      (ContendedPaddingWidth) no dump records, and their
                      subclasses.

Temurin 25 lives in /usr/lib/jvm/temurin-25-jdk-amd64 on every machine
that runs the tests (build-aux/test.sh checks it), OpenJDK 17 comes with
the openjdk-17-jdk-headless package: a missing JVM fails here, it does not
skip.
"""

import os
import re
import shutil
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), 'cli'))

from clitest import CliTest, main  # noqa: E402

JDK17 = '/usr/lib/jvm/java-17-openjdk-amd64'
JDK25 = '/usr/lib/jvm/temurin-25-jdk-amd64'

# name: (JDK, flags, what the dump must say of its layout:
#        ref_size, header_size, class_pointer, array bases of byte, long, object)
CONFIGS = {
    'jdk17': (JDK17, [], (4, 12, 'compressed', 16, 16, 16)),
    'jdk17-no-coops': (JDK17, ['-XX:-UseCompressedOops'], (8, 12, 'compressed', 16, 16, 16)),
    'jdk25': (JDK25, [], (4, 12, 'compressed', 16, 16, 16)),
    'jdk25-no-coops': (JDK25, ['-XX:-UseCompressedOops'], (8, 12, 'compressed', 16, 16, 16)),
    'jdk25-compact': (JDK25, ['-XX:+UseCompactObjectHeaders'], (4, 8, 'compact', 12, 16, 12)),
    'jdk25-compact-no-coops': (JDK25, ['-XX:+UseCompactObjectHeaders', '-XX:-UseCompressedOops'],
                               (8, 8, 'compact', 12, 16, 16)),
}

EXCLUDED = {'java.lang.Class'}
# HotSpot's injected fields (javaClasses.hpp, *_INJECTED_FIELDS): a ClassLoader's
# loader data, a Module's entry, a MemberName's vmindex, InternalError's
# during_unsafe_access (JDK 25), ...
INJECTED = {
    'java.lang.ClassLoader', 'java.lang.Module', 'java.lang.Thread', 'java.lang.invoke.MemberName',
    'java.lang.invoke.ResolvedMethodName', 'java.lang.invoke.MethodHandleNatives$CallSiteContext',
    'java.lang.StackFrameInfo', 'java.lang.InternalError',
}
# Classes of the JDK with @Contended fields.
CONTENDED = {
    'java.lang.Thread', 'java.util.concurrent.ConcurrentHashMap$CounterCell',
    'java.util.concurrent.atomic.Striped64$Cell', 'java.util.concurrent.ForkJoinPool',
    'java.util.concurrent.ForkJoinPool$WorkQueue', 'java.util.concurrent.Exchanger$Node',
}

SCENARIO = ['Empty', 'OneInt', 'OneLong', 'OneRef', 'OneByte', 'Mixed', 'GapBase', 'GapInt', 'GapIntByte',
            'RefByte', 'RefByteByte', 'RefByteByteByte', 'Refs3Long', 'Shorts', 'Bools']
ARRAYS = ['boolean[]', 'byte[]', 'char[]', 'short[]', 'int[]', 'float[]', 'long[]', 'double[]',
          'layout.LayoutScenario$Empty[]', 'layout.LayoutScenario$OneInt[][]']
COMMON = ['java.util.HashMap', 'java.util.HashMap$Node', 'java.util.HashMap$Node[]', 'java.lang.Integer',
          'java.util.ArrayList', 'java.util.concurrent.atomic.AtomicInteger',
          'java.util.concurrent.atomic.AtomicLong', 'java.util.concurrent.ConcurrentHashMap',
          'java.lang.Object[]']

PRIMS = {'Z': 'boolean', 'B': 'byte', 'C': 'char', 'S': 'short', 'I': 'int', 'F': 'float', 'J': 'long',
         'D': 'double'}


def java_name(jvm):
    """The histogram's class name ([B, [Ljava.lang.Object;) in Java source form."""
    dims = len(jvm) - len(jvm.lstrip('['))
    if dims == 0:
        return jvm
    base = jvm[dims:]
    if base.startswith('L') and base.endswith(';'):
        base = base[1:-1]
    else:
        base = PRIMS.get(base, base)
    return base + '[]' * dims


def parse_histogram(text):
    """{name: (instances, bytes)}; the rows of classes of the same name
    (several loaders) are summed."""
    rows = {}
    for line in text.splitlines():
        m = re.match(r'\s*\d+:\s+(\d+)\s+(\d+)\s+(\S+)', line)
        if m:
            name = java_name(m.group(3))
            n, b = rows.get(name, (0, 0))
            rows[name] = (n + int(m.group(1)), b + int(m.group(2)))
    return rows


def run(argv, **kw):
    proc = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=300, **kw)
    if proc.returncode != 0:
        raise AssertionError('%s: exit %d: %s' % (' '.join(argv), proc.returncode,
                                                  proc.stderr.decode('utf-8', 'replace')[-2000:]))
    return proc.stdout.decode('utf-8', 'replace')


class JvmLayoutTest(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        root = os.environ.get('HS_BUILD_ROOT') or cls.tmp
        cls.work = os.path.join(root, 'tests', 'layout-dumps')
        shutil.rmtree(cls.work, ignore_errors=True)
        os.makedirs(cls.work)
        cls.classes_dir = os.path.join(cls.work, 'classes')
        for home in (JDK17, JDK25):
            for tool in ('java', 'jcmd'):
                if not os.access(os.path.join(home, 'bin', tool), os.X_OK):
                    raise AssertionError('%s/bin/%s is missing: OpenJDK 17 (Debian package '
                                         'openjdk-17-jdk-headless) and Temurin 25 (%s) are needed; '
                                         'build-aux/test.sh checks both' % (home, tool, JDK25))
        run([os.path.join(JDK17, 'bin', 'javac'), '--release', '17', '-d', cls.classes_dir,
             os.path.join(HERE, 'LayoutScenario.java')])

    def take(self, name):
        """Runs the scenario; returns (histogram before, after, dump path)."""
        home, flags, _ = CONFIGS[name]
        dump = os.path.join(self.work, name + '.hprof')
        jcmd = os.path.join(home, 'bin', 'jcmd')
        proc = subprocess.Popen([os.path.join(home, 'bin', 'java'), '-Xshare:off', '-Xmx64m'] + flags
                                + ['-cp', self.classes_dir, 'layout.LayoutScenario'],
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE)
        try:
            line = proc.stdout.readline().decode()
            self.assertTrue(line.endswith(' ready\n'), 'the scenario did not start: %r' % line)
            pid = line.split()[0]
            before = run([jcmd, pid, 'GC.class_histogram'])
            run([jcmd, pid, 'GC.heap_dump', dump])
            after = run([jcmd, pid, 'GC.class_histogram'])
        finally:
            proc.kill()
            proc.wait()
        return parse_histogram(before), parse_histogram(after), dump

    def excluded(self, dump):
        """EXCLUDED, INJECTED and CONTENDED with their subclasses in this dump."""
        tree = self.json_of(['classes', dump, '--group', 'superclass', '--json', '--limit', '1000000'])
        out = set(EXCLUDED)

        def walk(node, inherited):
            name = node.get('name')
            bad = inherited or name in INJECTED or name in CONTENDED
            if bad and name:
                out.add(name)
            for child in node.get('children', []):
                walk(child, bad)
        for n in (tree if isinstance(tree, list) else tree.get('children', [])):
            walk(n, False)
        return out

    def check(self, name):
        before, after, dump = self.take(name)
        ref, header, cp, byte_base, long_base, obj_base = CONFIGS[name][2]
        layout = self.summary(dump)['layout']
        self.assertEqual((layout['source'], layout['ref_size'], layout['header_size'], layout['class_pointer'],
                          layout['fields'], layout['align'], layout['array_base']['byte'],
                          layout['array_base']['long'], layout['array_base']['object']),
                         ('read', ref, header, cp, 'packed', 8, byte_base, long_base, obj_base))
        ours = {}
        for r in self.classes(dump, '--limit', '1000000'):
            n, b = ours.get(r['name'], (0, 0))
            ours[r['name']] = (n + r['count'], b + r['shallow'])
        excluded = self.excluded(dump)
        stable = {k for k, v in before.items() if after.get(k) == v}
        # The classes that must be there. One the attach mechanism touched
        # (JDK 25 keeps two more int[] before the dump than after it) must
        # equal the JVM's figures before or after the dump.
        wanted = ['layout.LayoutScenario$' + s for s in SCENARIO] + ARRAYS + COMMON
        wrong = []
        for w in wanted:
            self.assertIn(w, before, '%s: %s is not in the histogram' % (name, w))
            self.assertIn(w, ours, '%s: %s is not in the dump' % (name, w))
            if w not in stable and ours[w] not in (before[w], after.get(w)):
                wrong.append('%s: JVM %r before the dump, %r after, Heapscope %r'
                             % (w, before[w], after.get(w), ours[w]))
        compared = sorted(k for k in stable if k in ours and k not in excluded)
        wrong += ['%s: JVM %d objects %d bytes, Heapscope %d objects %d bytes'
                  % (k, before[k][0], before[k][1], ours[k][0], ours[k][1])
                  for k in compared if before[k] != ours[k]]
        print('%s: %d classes compared, %d left out, %d wrong' % (name, len(compared), len(excluded),
                                                                 len(wrong)))
        self.assertEqual(wrong, [], name)
        self.assertGreater(len(compared), 250, name)


for _name in CONFIGS:
    def _test(self, n=_name):
        self.check(n)
    setattr(JvmLayoutTest, 'test_' + _name.replace('-', '_'), _test)


if __name__ == '__main__':
    main()
