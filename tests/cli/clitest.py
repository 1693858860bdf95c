# SPDX-License-Identifier: GPL-3.0-or-later
"""Shared helpers for the black-box CLI tests (tests/cli/test_*.py).

The CLI under test is $HS_CLI (meson sets it). Every expected number in the
tests is worked out by hand in comments next to the heap that produces it;
nothing here computes sizes.
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import hprofgen as g  # noqa: E402  (tests/hprofgen.py)
import testlib  # noqa: E402  (tests/testlib.py)

CLI = os.environ.get('HS_CLI')
# None when there is no corpus: tests that need it call testlib.require_corpus.
CORPUS = testlib.corpus_dir()
DEFAULT_TIMEOUT = 120


def run_cli(args, timeout=DEFAULT_TIMEOUT):
    """Runs the CLI; returns CompletedProcess with bytes stdout/stderr.
    A hang shows up as returncode None with stderr b'TIMEOUT'."""
    if not CLI:
        raise unittest.SkipTest('HS_CLI is not set')
    try:
        return subprocess.run([CLI] + [str(a) for a in args], stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        return subprocess.CompletedProcess(e.cmd, None, e.stdout or b'', b'TIMEOUT')


def hexid(v):
    return int(v, 16) if isinstance(v, str) else int(v)


# Root type names are the CLI's choice; the counts are not. Names are matched
# after lower-casing and dropping everything but letters and digits, with the
# usual aliases of other tools (MAT's "System Class", "Busy Monitor", ...).
ROOT_ALIASES = {
    'jniglobal': g.ROOT_JNI_GLOBAL, 'jnilocal': g.ROOT_JNI_LOCAL,
    'javaframe': g.ROOT_JAVA_FRAME, 'javalocal': g.ROOT_JAVA_FRAME,
    'nativestack': g.ROOT_NATIVE_STACK, 'stickyclass': g.ROOT_STICKY_CLASS,
    'systemclass': g.ROOT_STICKY_CLASS, 'threadblock': g.ROOT_THREAD_BLOCK,
    'monitorused': g.ROOT_MONITOR_USED, 'busymonitor': g.ROOT_MONITOR_USED,
    'threadobject': g.ROOT_THREAD_OBJECT, 'thread': g.ROOT_THREAD_OBJECT,
    'internedstring': g.ROOT_INTERNED_STRING, 'finalizing': g.ROOT_FINALIZING,
    'debugger': g.ROOT_DEBUGGER, 'referencecleanup': g.ROOT_REFERENCE_CLEANUP,
    'vminternal': g.ROOT_VM_INTERNAL, 'jnimonitor': g.ROOT_JNI_MONITOR,
    'unreachable': g.ROOT_UNREACHABLE, 'unknown': g.ROOT_UNKNOWN,
}


def root_tag_of(key):
    k = re.sub(r'[^a-z0-9]', '', key.lower())
    if k.startswith('root') and k != 'root':
        k = k[4:]
    if k in ROOT_ALIASES:
        return ROOT_ALIASES[k]
    try:
        return int(key, 0)
    except ValueError:
        return key  # unknown name: kept so the comparison shows it


def roots_by_tag(summary):
    out = {}
    for key, n in summary['gc_roots_by_type'].items():
        if n:
            t = root_tag_of(key)
            out[t] = out.get(t, 0) + n
    return out


OFFSET_RE = re.compile(r'(offset|byte|position|@)', re.I)


class CliTest(unittest.TestCase):
    maxDiff = None

    @classmethod
    def setUpClass(cls):
        if not CLI:
            raise unittest.SkipTest('HS_CLI is not set')
        cls._tmp = tempfile.TemporaryDirectory(prefix='hs-cli-test-')
        cls.tmp = cls._tmp.name

    @classmethod
    def tearDownClass(cls):
        cls._tmp.cleanup()

    # --- files -----------------------------------------------------------
    @classmethod
    def path(cls, name):
        return os.path.join(cls.tmp, name)

    def write(self, h, name, **kw):
        return h.write(self.path(name), **kw)

    def write_bytes(self, data, name):
        p = self.path(name)
        with open(p, 'wb') as f:
            f.write(data)
        return p

    # --- running -----------------------------------------------------------
    def assertNoCrash(self, proc, what):
        self.assertIsNotNone(proc.returncode, '%s: timed out (hang)' % what)
        self.assertGreaterEqual(proc.returncode, 0, '%s: killed by signal %d; stderr: %s'
                                % (what, -proc.returncode if proc.returncode else 0,
                                   proc.stderr.decode('utf-8', 'replace')[-2000:]))

    def json_of(self, args, timeout=DEFAULT_TIMEOUT):
        proc = run_cli(args, timeout)
        what = 'heapscope-cli ' + ' '.join(str(a) for a in args)
        self.assertNoCrash(proc, what)
        self.assertEqual(proc.returncode, 0, '%s: exit %s; stderr: %s'
                         % (what, proc.returncode, proc.stderr.decode('utf-8', 'replace')[-2000:]))
        try:
            text = proc.stdout.decode('utf-8')  # strict: invalid UTF-8 fails here
        except UnicodeDecodeError as e:
            self.fail('%s: stdout is not UTF-8: %s' % (what, e))
        try:
            return json.loads(text)
        except ValueError as e:
            self.fail('%s: stdout is not JSON (%s): %r' % (what, e, text[:500]))

    def summary(self, path, *extra):
        s = self.json_of(['summary', path, '--json'] + list(extra))
        self.assertIsInstance(s, dict)
        return s

    def classes(self, path, *extra):
        c = self.json_of(['classes', path, '--json'] + list(extra))
        self.assertIsInstance(c, list)
        return c

    def dominators(self, path, top, *extra):
        d = self.json_of(['dominators', path, '--top', str(top), '--json'] + list(extra))
        self.assertIsInstance(d, list)
        return d

    def objects(self, path, cls, *extra):
        o = self.json_of(['objects', path, '--class', cls, '--json'] + list(extra))
        self.assertIsInstance(o, list)
        return o

    def retained_set(self, path, cls, *extra):
        r = self.json_of(['retained-set', path, '--class', cls, '--json'] + list(extra))
        self.assertIsInstance(r, dict)
        return r

    # --- looking things up ---------------------------------------------------
    def row(self, classes, name, loader=None):
        for r in classes:
            self.assertRegex(r['loader'], r'^0x[0-9a-f]+$')
        rows = [r for r in classes if r['name'] == name
                and (loader is None or hexid(r['loader']) == loader)]
        self.assertEqual(len(rows), 1, 'expected one class row named %r (loader %r), got %r'
                         % (name, loader, rows))
        return rows[0]

    def by_id(self, objs):
        out = {}
        for o in objs:
            # ids as written in the dump: lower-case hex with 0x, in a string
            self.assertRegex(o['id'], r'^0x[0-9a-f]+$')
            if o.get('dominator') not in ('root', None):   # None: unreachable
                self.assertRegex(o['dominator'], r'^0x[0-9a-f]+$')
            i = hexid(o['id'])
            self.assertNotIn(i, out, 'object 0x%x listed twice' % i)
            out[i] = o
        return out

    def assertObject(self, objs, oid, shallow=None, retained=None, retained_count=None,
                     dominator=None, cls=None, reachable=None):
        """dominator: an object id, or 'root' for the virtual root."""
        m = self.by_id(objs)
        self.assertIn(oid, m, 'object 0x%x not listed' % oid)
        o = m[oid]
        got, want = {}, {}
        for key, v in (('shallow', shallow), ('retained', retained),
                       ('retained_count', retained_count), ('class', cls), ('reachable', reachable)):
            if v is not None:
                got[key], want[key] = o[key], v
        if dominator is not None:
            d = o['dominator']
            got['dominator'] = d if d == 'root' else hexid(d)
            want['dominator'] = dominator
        self.assertEqual(got, want, 'object 0x%x' % oid)

    def assertSummary(self, s, **want):
        got = {k: s.get(k, '<missing>') for k in want}
        self.assertEqual(got, want)

    def assertRoots(self, s, want):
        """want: {root tag: distinct objects}."""
        self.assertEqual(roots_by_tag(s), want, 'gc_roots_by_type was %r' % (s['gc_roots_by_type'],))

    def assertCleanError(self, proc, path, what, offset=None, need_offset=True):
        """Exit 2, a message on stderr naming the file and a byte offset."""
        self.assertNoCrash(proc, what)
        err = proc.stderr.decode('utf-8', 'replace')
        self.assertEqual(proc.returncode, 2, '%s: exit %s, expected 2; stderr: %s'
                         % (what, proc.returncode, err[-1000:]))
        self.assertIn(os.path.basename(path), err, '%s: the message does not name the file: %r' % (what, err))
        if need_offset:
            self.assertRegex(err, OFFSET_RE, '%s: the message gives no byte offset: %r' % (what, err))
        if offset is not None:
            numbers = {int(x, 16) if x[:2].lower() == '0x' else int(x)
                       for x in re.findall(r'\b(?:0[xX][0-9a-fA-F]+|\d+)\b', err)}
            self.assertIn(offset, numbers, '%s: offset %d (0x%x) not in the message %r'
                          % (what, offset, offset, err))


def main():
    testlib.main()
