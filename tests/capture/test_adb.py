#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli jvms --adb and capture --adb against a stand-in adb.

No Android device exists on these machines: the `adb` beside this file
answers like one device (emulator-5554, a Pixel 7) and serves the real
Android dump of the corpus (android/leak_service_binder.hprof), written in
two halves 0.6 s apart after `am dumpheap` returned, as a real app does.
The pulled dump must be that file byte for byte: a client that pulled when
am returned, or after a fixed short sleep, gets half of it.
"""

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

HERE = os.path.dirname(os.path.abspath(__file__))
CLI = os.environ.get('HS_CLI')
CORPUS = os.environ.get('HS_CORPUS_DIR') or os.path.join(HERE, '..', '..', '..', 'shared', 'corpus')
DUMP = os.path.join(CORPUS, 'android', 'leak_service_binder.hprof')
# --timeout for the tests of a hung call: every call that does answer (the
# stand-in is a Python program, slow to start on a loaded machine) must
# answer within it.
HUNG_AFTER = '10'


class AdbCapture(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not CLI:
            raise unittest.SkipTest('HS_CLI is not set')
        if not os.path.exists(DUMP):
            raise unittest.SkipTest('no corpus')
        with open(DUMP, 'rb') as f:
            cls.original = f.read()

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix='hs-adb-test-')
        self.device = os.path.join(self.tmp, 'device')
        os.mkdir(self.device)
        self.log = os.path.join(self.tmp, 'adb.log')
        self.pids = os.path.join(self.tmp, 'adb.pids')

    def tearDown(self):
        for pid in self.hung_pids():
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        shutil.rmtree(self.tmp, ignore_errors=True)

    def env(self, sdk='34', **misbehave):
        env = dict(os.environ, PATH=HERE + os.pathsep + os.environ.get('PATH', ''), FAKE_ADB_DIR=self.device,
                   FAKE_ADB_DUMP=DUMP, FAKE_ADB_SDK=sdk, FAKE_ADB_LOG=self.log, FAKE_ADB_PIDS=self.pids)
        env.update({'FAKE_ADB_' + k.upper(): v for k, v in misbehave.items()})
        return env

    def run_cli(self, args, sdk='34', timeout=60, **misbehave):
        return subprocess.run([CLI] + [str(a) for a in args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout, env=self.env(sdk, **misbehave))

    def hung_pids(self):
        if not os.path.exists(self.pids):
            return []
        with open(self.pids) as f:
            return [int(line) for line in f.read().split()]

    def assert_hung_adb_gone(self):
        pids = self.hung_pids()
        self.assertTrue(pids, 'no adb call hung: the test did not test')
        for pid in pids:
            for _ in range(100):  # reaped by the CLI, or a zombie until init reaps it
                try:
                    with open('/proc/%d/stat' % pid) as f:
                        state = f.read().rsplit(')', 1)[1].split()[0]
                except FileNotFoundError:
                    break
                if state == 'Z':
                    break
                time.sleep(0.05)
            else:
                self.fail('adb child %d was left running' % pid)

    def assert_nothing_left(self):
        self.assertEqual([f for f in os.listdir(self.tmp) if f.startswith('.')], [])

    def calls(self):
        with open(self.log) as f:
            return [line.split() for line in f.read().splitlines()]

    def dumpheap_call(self):
        return [c for c in self.calls() if 'dumpheap' in c][0]

    def test_lists_devices_and_app_processes(self):
        r = self.run_cli(['jvms', '--adb', '--json'])
        self.assertEqual(r.returncode, 0, r.stderr)
        devices = json.loads(r.stdout)
        self.assertEqual([(d['serial'], d['state'], d['model']) for d in devices],
                         [('emulator-5554', 'device', 'Pixel_7')])
        self.assertEqual([(p['pid'], p['name']) for p in devices[0]['processes']],
                         [(4242, 'com.example.leakcanary'), (4300, 'com.android.dialer')])

    def test_capture_by_name_waits_pulls_and_cleans_up(self):
        out = os.path.join(self.tmp, 'app.hprof')
        r = self.run_cli(['capture', '--adb', 'com.example.leakcanary', '-o', out])
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out, 'rb') as f:
            self.assertEqual(f.read(), self.original)
        call = self.dumpheap_call()
        self.assertEqual(call[:4], ['shell', 'am', 'dumpheap', '-g'])  # live objects: a GC first
        self.assertEqual(call[4], '4242')
        self.assertNotIn('-b', call)  # API 34: no bitmap pixels option
        self.assertTrue(call[5].startswith('/data/local/tmp/'))
        self.assertEqual(os.listdir(self.device), [])  # the device's copy is removed
        self.assertEqual([f for f in os.listdir(self.tmp) if f.startswith('.hs-')], [])
        r = subprocess.run([CLI, 'summary', out, '--json'], stdout=subprocess.PIPE)
        self.assertEqual(json.loads(r.stdout)['format'], 'JAVA PROFILE 1.0.3')

    def test_all_objects_gzip_and_api_35(self):
        out = os.path.join(self.tmp, 'app.hprof.gz')
        r = self.run_cli(['capture', '--adb', '-s', 'emulator-5554', '4300', '-o', out, '--all', '--gz'], sdk='35')
        self.assertEqual(r.returncode, 0, r.stderr)
        with gzip.open(out, 'rb') as f:
            self.assertEqual(f.read(), self.original)
        call = self.dumpheap_call()
        self.assertNotIn('-g', call)
        self.assertEqual(call[-4:-1], ['-b', 'png', '4300'])
        self.assertEqual(call[0:2], ['-s', 'emulator-5554'])

    def test_errors(self):
        out = os.path.join(self.tmp, 'x.hprof')
        r = self.run_cli(['capture', '--adb', 'com.example.missing', '-o', out])
        self.assertEqual(r.returncode, 2)
        self.assertIn(b'no app process named com.example.missing', r.stderr)
        r = self.run_cli(['capture', '--adb', '-s', 'other-serial', '4242', '-o', out])
        self.assertEqual(r.returncode, 2)
        self.assertIn(b"device 'other-serial' not found", r.stderr)
        self.assertFalse(os.path.exists(out))
        env = dict(os.environ, PATH='/nonexistent')
        r = subprocess.run([CLI, 'capture', '--adb', '4242', '-o', out], env=env, stderr=subprocess.PIPE)
        self.assertEqual(r.returncode, 2)
        self.assertIn(b'adb is not installed', r.stderr)


    # --- a device that misbehaves ------------------------------------------

    def test_endless_output_is_bounded(self):
        r = self.run_cli(['jvms', '--adb'], flood='devices')
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(b'adb devices printed over', r.stderr)

    def test_a_hung_ps_times_out_and_is_killed(self):
        r = self.run_cli(['jvms', '--adb', '--timeout', HUNG_AFTER], hang='ps')
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(b'adb shell ps did not answer within %s s' % HUNG_AFTER.encode(), r.stderr)
        self.assert_hung_adb_gone()

    def test_a_hung_dumpheap_times_out_and_is_killed(self):
        out = os.path.join(self.tmp, 'app.hprof')
        r = self.run_cli(['capture', '--adb', '4242', '-o', out, '--timeout', HUNG_AFTER], hang='dumpheap')
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(b'adb shell am dumpheap did not answer within %s s' % HUNG_AFTER.encode(), r.stderr)
        self.assertFalse(os.path.exists(out))
        self.assert_hung_adb_gone()
        self.assert_nothing_left()

    def test_a_hung_pull_times_out(self):
        out = os.path.join(self.tmp, 'app.hprof')
        r = self.run_cli(['capture', '--adb', '4242', '-o', out, '--timeout', HUNG_AFTER], hang='pull')
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(b'adb pull', r.stderr)
        self.assertFalse(os.path.exists(out))
        self.assert_hung_adb_gone()
        self.assert_nothing_left()
        self.assertEqual(os.listdir(self.device), [])

    def test_a_truncated_pull_is_an_error(self):
        out = os.path.join(self.tmp, 'app.hprof')
        r = self.run_cli(['capture', '--adb', '4242', '-o', out], pull='truncate')
        self.assertEqual(r.returncode, 2, r.stderr)
        half = len(self.original) // 2
        self.assertIn(('pulled %d bytes of %d' % (half, len(self.original))).encode(), r.stderr)
        self.assertFalse(os.path.exists(out))
        self.assert_nothing_left()

    def test_a_dump_growing_a_byte_a_poll_ends(self):
        out = os.path.join(self.tmp, 'app.hprof')
        r = self.run_cli(['capture', '--adb', '4242', '-o', out, '--timeout', '6'], timeout=180, grow='1')
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(b'not complete after 60 s', r.stderr)
        self.assertFalse(os.path.exists(out))
        self.assertEqual(os.listdir(self.device), [])

    def interrupt(self, sig, hang, wait_for):
        out = os.path.join(self.tmp, 'app.hprof')
        cli = subprocess.Popen([CLI, 'capture', '--adb', '4242', '-o', out], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=self.env(hang=hang))
        try:
            for _ in range(600):
                if wait_for():
                    break
                time.sleep(0.05)
            else:
                self.fail('the capture never reached the hung adb call')
            cli.send_signal(sig)
            _, err = cli.communicate(timeout=60)
        finally:
            if cli.poll() is None:
                cli.kill()
                cli.wait()
        self.assertEqual(cli.returncode, 128 + sig, err)
        self.assertFalse(os.path.exists(out))
        self.assert_hung_adb_gone()
        self.assert_nothing_left()
        self.assertEqual(os.listdir(self.device), [])

    def test_ctrl_c_during_the_pull_leaves_nothing(self):
        def half_pulled():
            return any(f.startswith('.hs-pull-') and os.path.getsize(os.path.join(self.tmp, f)) > 0
                       for f in os.listdir(self.tmp))
        self.interrupt(signal.SIGINT, 'pull', half_pulled)

    def test_sigterm_while_waiting_for_the_app_leaves_nothing(self):
        self.interrupt(signal.SIGTERM, 'tail', lambda: bool(self.hung_pids()))


if __name__ == '__main__':
    testlib.main()
