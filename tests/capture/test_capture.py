#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli jvms and capture against real JVMs.

Each test starts CaptureTarget (this folder) with the `java` found on the
PATH (or $JAVA_HOME): it holds 1234 CaptureTarget$Planted objects from a
static field and leaves 5000 CaptureTarget$Garbage objects unreferenced.
A live dump (the JVM runs a full GC first) has the 1234 and none of the
5000; a dump of all objects has both. The CLI runs with PATH emptied, so
no jcmd, jmap or other JDK tool can be what takes the dump.
"""

import glob
import gzip
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import unittest
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import testlib  # noqa: E402

CLI = os.environ.get('HS_CLI')
HERE = os.path.dirname(os.path.abspath(__file__))
PLANTED = 'CaptureTarget$Planted'
GARBAGE = 'CaptureTarget$Garbage'


def java_tool(name):
    home = os.environ.get('JAVA_HOME')
    if home and os.path.exists(os.path.join(home, 'bin', name)):
        return os.path.join(home, 'bin', name)
    return shutil.which(name)


def run_cli(args, timeout=120):
    # No PATH: the capture must not lean on any program (jcmd above all).
    env = {'LANG': 'C.UTF-8'}
    return subprocess.run([CLI] + [str(a) for a in args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=timeout, env=env)


class CaptureTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not CLI:
            raise unittest.SkipTest('HS_CLI is not set')
        cls.java, javac = java_tool('java'), java_tool('javac')
        if not cls.java or not javac:
            raise unittest.SkipTest('no java and javac to start a JVM with')
        cls.tmp = tempfile.mkdtemp(prefix='hs-capture-test-')
        subprocess.run([javac, '-d', cls.tmp, os.path.join(HERE, 'CaptureTarget.java')], check=True)
        cls.procs = []

    @classmethod
    def tearDownClass(cls):
        for p in cls.procs:
            if p.poll() is None:
                os.kill(p.pid, signal.SIGCONT)
                p.kill()
                p.wait()
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def start_jvm(self, *options, args=('alpha', 'beta')):
        p = subprocess.Popen([self.java, '-Xint', '-XX:+UseSerialGC', '-Xmn64m', *options, '-cp', self.tmp,
                              'CaptureTarget', *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, text=True)
        self.procs.append(p)
        version = p.stdout.readline().strip()
        self.assertEqual(p.stdout.readline().strip(), 'ready')
        return p, version

    def classes(self, dump):
        r = run_cli(['classes', dump, '--json'])
        self.assertEqual(r.returncode, 0, r.stderr)
        return {c['name']: c['count'] for c in json.loads(r.stdout)}

    def out_path(self, name):
        return os.path.join(self.tmp, name)

    def assert_nothing_left(self, pid):
        self.assertEqual(glob.glob(os.path.join(self.tmp, '.hs-capture-*')), [])
        # This JVM's files only: /tmp is shared with the other tests' JVMs.
        self.assertEqual(glob.glob('/proc/%d/root/tmp/heapscope-%d-*' % (pid, pid)), [])

    def test_jvms_lists_the_jvm(self):
        p, version = self.start_jvm()
        r = run_cli(['jvms', '--json'])
        self.assertEqual(r.returncode, 0, r.stderr)
        mine = [j for j in json.loads(r.stdout) if j['pid'] == p.pid]
        self.assertEqual(len(mine), 1, r.stdout)
        self.assertEqual(mine[0]['main'], 'CaptureTarget')
        self.assertEqual(mine[0]['args'], 'alpha beta')
        self.assertEqual(mine[0]['version'], version)
        import pwd
        self.assertEqual(mine[0]['user'], pwd.getpwuid(os.geteuid()).pw_name)
        text = run_cli(['jvms']).stdout.decode()
        self.assertIn('%d ' % p.pid, text)
        self.assertIn('CaptureTarget alpha beta', text)

    def test_live_dump_has_the_planted_objects_and_no_garbage(self):
        p, _ = self.start_jvm()
        out = self.out_path('live.hprof')
        r = run_cli(['capture', p.pid, '-o', out])
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out, 'rb') as f:
            self.assertEqual(f.read(12), b'JAVA PROFILE')
        counts = self.classes(out)
        self.assertEqual(counts.get(PLANTED), 1234)
        self.assertEqual(counts.get(GARBAGE, 0), 0)
        self.assert_nothing_left(p.pid)
        self.assertEqual(os.stat(out).st_uid, os.getuid())

    def test_all_objects_dump_by_main_class_keeps_the_garbage(self):
        p, _ = self.start_jvm(args=('gamma',))
        others = [j for j in json.loads(run_cli(['jvms', '--json']).stdout) if j['main'] == 'CaptureTarget']
        if len(others) != 1:
            self.skipTest('another CaptureTarget runs: the main class would be ambiguous')
        out = self.out_path('all.hprof')
        r = run_cli(['capture', 'CaptureTarget', '-o', out, '--all'])
        self.assertEqual(r.returncode, 0, r.stderr)
        counts = self.classes(out)
        self.assertEqual(counts.get(PLANTED), 1234)
        self.assertEqual(counts.get(GARBAGE), 5000)

    def test_gzip_dump(self):
        p, _ = self.start_jvm()
        out = self.out_path('live.hprof.gz')
        r = run_cli(['capture', p.pid, '-o', out, '--gz'])
        self.assertEqual(r.returncode, 0, r.stderr)
        with gzip.open(out, 'rb') as f:
            self.assertEqual(f.read(12), b'JAVA PROFILE')
        self.assertEqual(self.classes(out).get(PLANTED), 1234)
        self.assert_nothing_left(p.pid)

    def test_a_process_that_is_not_a_jvm_is_refused_and_not_signalled(self):
        sleeper = subprocess.Popen(['sleep', '600'])
        self.procs.append(sleeper)
        out = self.out_path('none.hprof')
        r = run_cli(['capture', sleeper.pid, '-o', out])
        self.assertEqual(r.returncode, 2)
        self.assertIn(b'not a Java virtual machine', r.stderr)
        self.assertFalse(os.path.exists(out))
        time.sleep(0.2)
        self.assertIsNone(sleeper.poll(), 'the process was signalled')

    def test_attach_disabled_is_explained(self):
        p, _ = self.start_jvm('-XX:+DisableAttachMechanism')
        out = self.out_path('disabled.hprof')
        r = run_cli(['capture', p.pid, '-o', out], timeout=60)
        self.assertEqual(r.returncode, 2)
        self.assertIn(b'-XX:+DisableAttachMechanism', r.stderr)
        self.assertFalse(os.path.exists(out))
        self.assertIsNone(p.poll(), 'the JVM died')

    def test_a_stopped_jvm_times_out(self):
        p, _ = self.start_jvm()
        os.kill(p.pid, signal.SIGSTOP)
        try:
            out = self.out_path('stopped.hprof')
            r = run_cli(['capture', p.pid, '-o', out], timeout=60)
        finally:
            os.kill(p.pid, signal.SIGCONT)
        self.assertEqual(r.returncode, 2)
        self.assertIn(b'did not answer within 10 s', r.stderr)
        self.assertFalse(os.path.exists(out))

    def test_no_perf_data_is_said(self):
        p, _ = self.start_jvm('-XX:-UsePerfData')
        r = run_cli(['jvms', '--json'])
        self.assertEqual(r.returncode, 0)
        self.assertNotIn(p.pid, [j['pid'] for j in json.loads(r.stdout)])
        self.assertIn(('Java process %d is not listed' % p.pid).encode(), r.stderr)
        self.assertIn(b'-XX:-UsePerfData', r.stderr)

    def test_a_device_is_never_written_over(self):
        p, _ = self.start_jvm()
        r = run_cli(['capture', p.pid, '-o', '/dev/null'])
        self.assertEqual(r.returncode, 2)
        self.assertIn(b'not a regular file', r.stderr)
        self.assertTrue(os.path.exists('/dev/null') and not os.path.isfile('/dev/null'))

    def test_unknown_main_class_and_missing_output(self):
        r = run_cli(['capture', 'NoSuchMainClass', '-o', self.out_path('x.hprof')])
        self.assertEqual(r.returncode, 2)
        self.assertIn(b'no running JVM has the main class', r.stderr)
        r = run_cli(['capture', '1234'])
        self.assertEqual(r.returncode, 2)
        self.assertIn(b'-o FILE', r.stderr)


if __name__ == '__main__':
    testlib.main()
