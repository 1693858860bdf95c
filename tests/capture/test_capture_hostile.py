#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli jvms and capture as another user on the machine attacks them.

The tests run as root (as on CI) against a JVM of root's started here
(CaptureTarget, see test_capture.py); the attacker is uid 65534 (nobody):
a child process that drops to it, or files chowned to it. What is checked:
- the attach socket must be the target JVM's own (its uid and its pid,
  asked of the socket after connecting): a listener of another uid on
  /tmp/.java_pidPID, or a symlink to another JVM's socket, gets nothing;
- a JVM whose listener takes the connection but never answers is an
  error, not a wait forever;
- /tmp/hsperfdata_USER/PID is believed only in a folder of the JVM's own
  user, read without blocking (a FIFO there hangs nothing), and its
  strings reach the terminal escaped;
- `capture -o` writes over an existing file only with --force;
- Ctrl+C while the JVM writes its dump leaves no file in the JVM's /tmp.
"""

import glob
import json
import os
import select
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import unittest
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import testlib  # noqa: E402
from test_capture import CLI, HERE, PLANTED, java_tool, run_cli  # noqa: E402

NOBODY = 65534

# A listener of another uid on the JVM's attach socket: it answers
# getversion with protocol 1, and GC.heap_dump PATH by writing a forged
# dump at PATH and answering 0. Every request is logged.
FAKE_LISTENER = r'''
import os, socket, sys
path, log = sys.argv[1], sys.argv[2]
s = socket.socket(socket.AF_UNIX)
s.bind(path)
s.listen(4)
print('ready', flush=True)
while True:
    c, _ = s.accept()
    data = b''
    c.settimeout(5)
    try:
        while data.count(b'\0') < 5:
            more = c.recv(4096)
            if not more:
                break
            data += more
    except OSError:
        pass
    with open(log, 'ab') as f:
        f.write(data + b'\n')
    fields = data.split(b'\0')
    if b'getversion' in fields:
        c.sendall(b'0\n1\n')
    else:
        for field in fields:
            if field.startswith(b'GC.heap_dump'):
                target = field.split()[-1].decode()
                with open(target, 'wb') as out:
                    out.write(b'JAVA PROFILE 1.0.2\0' + struct.pack('>IQ', 8, 0))
        c.sendall(b'0\n')
    c.close()
'''


def as_nobody():
    os.setgroups([])
    os.setgid(NOBODY)
    os.setuid(NOBODY)


def perfdata(strings):
    """A HotSpot performance data file (little endian) holding these
    string entries, as hs-perfdata.c documents the layout."""
    entries = b''
    for name, value in strings.items():
        name_b = name.encode() + b'\0'
        value_b = value.encode() + b'\0'
        name_off = 20
        data_off = name_off + len(name_b)
        length = data_off + len(value_b)
        length += -length % 4
        entry = struct.pack('<IIIBBBBI', length, name_off, len(value_b), ord('B'), 0, 5, 3, data_off)
        entry += name_b + value_b
        entries += entry + b'\0' * (length - len(entry))
    prologue = struct.pack('<4sBBBBIIQII', b'\xca\xfe\xc0\xc0', 1, 2, 0, 1, 32 + len(entries), 0, 0, 32,
                           len(strings))
    assert len(prologue) == 32
    return prologue + entries


class HostileCapture(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not CLI:
            raise unittest.SkipTest('HS_CLI is not set')
        if os.geteuid() != 0:
            raise unittest.SkipTest('another uid is simulated with setuid: needs root, as on CI')
        cls.java, javac = java_tool('java'), java_tool('javac')
        if not cls.java or not javac:
            raise unittest.SkipTest('no java and javac to start a JVM with')
        cls.tmp = tempfile.mkdtemp(prefix='hs-capture-hostile-')
        subprocess.run([javac, '-d', cls.tmp, os.path.join(HERE, 'CaptureTarget.java')], check=True)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def setUp(self):
        self.procs = []
        self.paths = []

    def tearDown(self):
        for p in self.procs:
            if p.poll() is None:
                try:
                    os.kill(p.pid, signal.SIGCONT)
                except ProcessLookupError:
                    pass
                p.kill()
                p.wait()
        for path in self.paths:
            if os.path.isdir(path) and not os.path.islink(path):
                os.rmdir(path)
            elif os.path.lexists(path):
                os.unlink(path)

    def start_jvm(self, *options, args=('alpha',)):
        p = subprocess.Popen([self.java, '-Xint', '-XX:+UseSerialGC', '-Xmn64m', *options, '-cp', self.tmp,
                              'CaptureTarget', *args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL)
        self.procs.append(p)
        p.stdout.readline()
        self.assertEqual(p.stdout.readline().strip(), b'ready')
        return p

    def out_path(self, name):
        path = os.path.join(self.tmp, name)
        if os.path.exists(path):
            os.unlink(path)
        return path

    def left_in_jvm_tmp(self, pid):
        return glob.glob('/proc/%d/root/tmp/heapscope-%d-*' % (pid, pid))

    # --- the attach socket -------------------------------------------------

    def test_a_listener_of_another_uid_gets_no_request(self):
        jvm = self.start_jvm()
        sock = '/tmp/.java_pid%d' % jvm.pid
        log = os.path.join(self.tmp, 'listener.log')
        open(log, 'wb').close()
        os.chmod(self.tmp, 0o755)
        os.chown(log, NOBODY, NOBODY)
        self.paths.append(sock)
        # The system's python: the one running the tests may be in a folder
        # only root can read.
        python = '/usr/bin/python3' if os.path.exists('/usr/bin/python3') else sys.executable
        fake = subprocess.Popen([python, '-c', FAKE_LISTENER, sock, log], preexec_fn=as_nobody,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.procs.append(fake)
        self.assertEqual(fake.stdout.readline().strip(), b'ready')
        self.assertEqual(os.stat(sock).st_uid, NOBODY)
        out = self.out_path('forged.hprof')
        r = run_cli(['capture', jvm.pid, '-o', out], timeout=60)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(b'belongs to uid 65534', r.stderr)
        self.assertFalse(os.path.exists(out))
        with open(log, 'rb') as f:  # a line per connection, of what it was sent
            self.assertEqual(f.read().strip(b'\n'), b'', 'the forged listener was sent a request')

    def test_a_symlink_to_another_jvms_socket_is_refused(self):
        other = self.start_jvm(args=('other',))
        first = self.out_path('other.hprof')
        r = run_cli(['capture', other.pid, '-o', first])  # its listener is up from now on
        self.assertEqual(r.returncode, 0, r.stderr)
        target = self.start_jvm(args=('target',))
        link = '/tmp/.java_pid%d' % target.pid
        self.paths.append(link)
        os.symlink('/tmp/.java_pid%d' % other.pid, link)
        out = self.out_path('target.hprof')
        r = run_cli(['capture', target.pid, '-o', out], timeout=60)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(('is process %d\'s, not JVM %d\'s' % (other.pid, target.pid)).encode(), r.stderr)
        self.assertFalse(os.path.exists(out))

    def test_a_listener_that_never_answers_times_out(self):
        jvm = self.start_jvm()
        first = self.out_path('first.hprof')
        self.assertEqual(run_cli(['capture', jvm.pid, '-o', first]).returncode, 0)
        os.kill(jvm.pid, signal.SIGSTOP)  # the socket still takes connections
        try:
            out = self.out_path('stopped.hprof')
            r = run_cli(['capture', jvm.pid, '-o', out], timeout=90)
        finally:
            os.kill(jvm.pid, signal.SIGCONT)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(b'did not answer within', r.stderr)
        self.assertFalse(os.path.exists(out))
        # The request waits in the socket: a JVM that goes on writes the
        # dump after all, so the message names the file to remove.
        self.assertIn(b'/tmp/heapscope-%d-' % jvm.pid, r.stderr)
        after = self.out_path('after-stop.hprof')
        self.assertEqual(run_cli(['capture', jvm.pid, '-o', after]).returncode, 0)
        for left in self.left_in_jvm_tmp(jvm.pid):
            os.unlink(left)

    # --- hsperfdata --------------------------------------------------------

    def plant_perf_file(self, user_dir, uid, pid, content):
        """Writes (or makes a FIFO of, content None) /tmp/USER_DIR/PID
        owned by uid; the folder is created owned by uid when missing."""
        folder = os.path.join('/tmp', user_dir)
        if not os.path.isdir(folder):
            os.mkdir(folder, 0o755)
            os.chown(folder, uid, uid)
            self.paths.append(folder)
        self.assertEqual(os.lstat(folder).st_uid, uid)
        path = os.path.join(folder, str(pid))
        self.paths.insert(0, path)
        if content is None:
            os.mkfifo(path, 0o644)
        else:
            with open(path, 'wb') as f:
                f.write(content)
        os.chown(path, uid, uid)
        return path

    def test_a_fifo_in_another_users_perf_folder_hangs_nothing(self):
        jvm = self.start_jvm('-XX:-UsePerfData')
        self.plant_perf_file('hsperfdata_nobody', NOBODY, jvm.pid, None)
        r = run_cli(['jvms', '--json'], timeout=30)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn(jvm.pid, [j['pid'] for j in json.loads(r.stdout)])
        r = run_cli(['capture', jvm.pid, '-o', self.out_path('fifo.hprof')], timeout=30)
        self.assertEqual(r.returncode, 2, r.stderr)

    def test_a_fifo_in_the_jvm_users_folder_hangs_nothing(self):
        jvm = self.start_jvm('-XX:-UsePerfData')
        self.plant_perf_file('hsperfdata_root', 0, jvm.pid, None)
        r = run_cli(['jvms', '--json'], timeout=30)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn(jvm.pid, [j['pid'] for j in json.loads(r.stdout)])

    def test_another_users_perf_file_is_not_believed(self):
        jvm = self.start_jvm('-XX:-UsePerfData')
        self.plant_perf_file('hsperfdata_nobody', NOBODY, jvm.pid, perfdata({
            'sun.rt.javaCommand': 'com.bank.PaymentServer --prod',
            'java.property.java.version': '21.0.1'}))
        r = run_cli(['jvms', '--json'], timeout=30)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual([j for j in json.loads(r.stdout) if j['pid'] == jvm.pid], [])
        r = run_cli(['capture', 'com.bank.PaymentServer', '-o', self.out_path('bank.hprof')], timeout=30)
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(b'no running JVM has the main class', r.stderr)

    def test_perf_strings_are_printed_escaped(self):
        jvm = self.start_jvm('-XX:-UsePerfData')
        self.plant_perf_file('hsperfdata_root', 0, jvm.pid, perfdata({
            'sun.rt.javaCommand': 'Forged\x1b[2J\nforged-row 1 root 99 Fake',
            'java.property.java.version': '21\x1b]0;title\x07\r'}))
        r = run_cli(['jvms', '--json'], timeout=30)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertNotIn(b'\x1b', r.stdout)
        self.assertNotIn(b'\x07', r.stdout)
        mine = [j for j in json.loads(r.stdout) if j['pid'] == jvm.pid]
        self.assertEqual(len(mine), 1, r.stdout)
        self.assertEqual(mine[0]['main'], 'Forged\x1b[2J\nforged-row')
        self.assertEqual(mine[0]['version'], '21\x1b]0;title\x07\r')
        r = run_cli(['jvms'], timeout=30)
        self.assertEqual(r.returncode, 0, r.stderr)
        for bad in (b'\x1b', b'\x07', b'\r'):
            self.assertNotIn(bad, r.stdout)
        lines = r.stdout.decode().splitlines()
        # The header, then a row per JVM (other JVMs may come and go).
        self.assertTrue(lines[0].startswith('PID '), r.stdout)
        for line in lines[1:]:
            self.assertRegex(line, r'^[0-9]+ ', 'a row that is no JVM: %r' % r.stdout)
        row = [line for line in lines if line.startswith('%d ' % jvm.pid)]
        self.assertEqual(len(row), 1, r.stdout)
        self.assertIn('forged-row', row[0])
        out = self.out_path('escaped.hprof')
        r = run_cli(['capture', jvm.pid, '-o', out], timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn(b'from JVM %d (Forged' % jvm.pid, r.stderr)
        for bad in (b'\x1b', b'\x07'):
            self.assertNotIn(bad, r.stderr)

    # --- capture -o --------------------------------------------------------

    def test_an_existing_file_is_written_over_only_with_force(self):
        jvm = self.start_jvm()
        out = self.out_path('existing.hprof')
        with open(out, 'wb') as f:
            f.write(b'precious')
        r = run_cli(['capture', jvm.pid, '-o', out])
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn(b'exists', r.stderr)
        self.assertIn(b'--force', r.stderr)
        with open(out, 'rb') as f:
            self.assertEqual(f.read(), b'precious')
        self.assertEqual(self.left_in_jvm_tmp(jvm.pid), [])
        r = run_cli(['capture', jvm.pid, '-o', out, '--force'])
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(out, 'rb') as f:
            self.assertEqual(f.read(12), b'JAVA PROFILE')

    # --- Ctrl+C ------------------------------------------------------------

    def test_ctrl_c_while_the_jvm_works_leaves_nothing(self):
        # The JVM's attach listener takes one connection at a time: ours,
        # silent, holds it while the CLI's request waits behind it. Ctrl+C
        # reaches the CLI then; once ours closes, the JVM reads the request
        # the CLI sent and writes its dump all the same.
        jvm = self.start_jvm()
        first = self.out_path('warm.hprof')
        self.assertEqual(run_cli(['capture', jvm.pid, '-o', first]).returncode, 0)
        hold = socket.socket(socket.AF_UNIX)
        hold.connect('/tmp/.java_pid%d' % jvm.pid)
        hold.sendall(b'1\0')
        out = self.out_path('interrupted.hprof')
        cli = subprocess.Popen([CLI, 'capture', str(jvm.pid), '-o', out], stdin=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={'LANG': 'C.UTF-8'})
        self.procs.append(cli)
        # "Writing..." once the request is sent and the JVM is silent.
        stderr = b''
        deadline = time.monotonic() + 60
        while b'Writing' not in stderr:
            ready, _, _ = select.select([cli.stderr], [], [], max(0, deadline - time.monotonic()))
            self.assertTrue(ready, 'the CLI did not send its request within 60 s: %r' % stderr)
            more = os.read(cli.stderr.fileno(), 4096)
            self.assertTrue(more, 'the CLI ended before sending its request: %r' % stderr)
            stderr += more
        cli.send_signal(signal.SIGINT)
        time.sleep(0.5)
        hold.close()
        try:
            _, rest = cli.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            self.fail('the CLI did not stop after Ctrl+C')
        self.assertEqual(cli.returncode, 130, stderr + rest)
        self.assertFalse(os.path.exists(out))
        # The listener serves in order: once this capture is done, the
        # interrupted one's dump was written (and must be gone).
        after = self.out_path('after.hprof')
        r = run_cli(['capture', jvm.pid, '-o', after])
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(self.left_in_jvm_tmp(jvm.pid), [])
        self.assertEqual(glob.glob(os.path.join(self.tmp, '.hs-capture-*')), [])


class Jdk25Capture(unittest.TestCase):
    """JDK 25 (Temurin, at $HS_JDK25_HOME or /usr/lib/jvm/temurin-25-jdk-amd64)
    speaks attach protocol 2 when asked (JDK 24 and later)."""

    @classmethod
    def setUpClass(cls):
        if not CLI:
            raise unittest.SkipTest('HS_CLI is not set')
        home = os.environ.get('HS_JDK25_HOME', '/usr/lib/jvm/temurin-25-jdk-amd64')
        cls.java = os.path.join(home, 'bin', 'java')
        javac = os.path.join(home, 'bin', 'javac')
        if not os.path.exists(cls.java) or not os.path.exists(javac):
            raise unittest.SkipTest('no JDK 25 at %s (set HS_JDK25_HOME)' % home)
        cls.tmp = tempfile.mkdtemp(prefix='hs-capture-jdk25-')
        subprocess.run([javac, '-d', cls.tmp, os.path.join(HERE, 'CaptureTarget.java')], check=True)
        cls.jvm = subprocess.Popen([cls.java, '-Xint', '-XX:+UseSerialGC', '-Xmn64m', '-cp', cls.tmp,
                                    'CaptureTarget', 'twenty-five'], stdin=subprocess.DEVNULL,
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        cls.version = cls.jvm.stdout.readline().strip()
        if cls.jvm.stdout.readline().strip() != 'ready':
            raise RuntimeError('the JDK 25 JVM did not start')

    @classmethod
    def tearDownClass(cls):
        cls.jvm.kill()
        cls.jvm.wait()
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def classes(self, dump):
        r = run_cli(['classes', dump, '--json'])
        self.assertEqual(r.returncode, 0, r.stderr)
        return {c['name']: c['count'] for c in json.loads(r.stdout)}

    def test_listed_as_java_25(self):
        self.assertTrue(self.version.startswith('25'), self.version)
        r = run_cli(['jvms', '--json'])
        mine = [j for j in json.loads(r.stdout) if j['pid'] == self.jvm.pid]
        self.assertEqual(len(mine), 1, r.stdout)
        self.assertEqual(mine[0]['version'], self.version)
        self.assertEqual(mine[0]['args'], 'twenty-five')

    def test_live_and_gzip_dumps(self):
        # --all first: the live dump's full GC collects the garbage.
        for name, extra in (('all.hprof.gz', ['--all', '--gz']), ('live.hprof', [])):
            out = os.path.join(self.tmp, name)
            r = run_cli(['capture', self.jvm.pid, '-o', out, *extra])
            self.assertEqual(r.returncode, 0, r.stderr)
            counts = self.classes(out)
            self.assertEqual(counts.get(PLANTED), 1234)
            self.assertEqual(counts.get('CaptureTarget$Garbage', 0), 5000 if '--all' in extra else 0)
        self.assertEqual(glob.glob('/tmp/heapscope-%d-*' % self.jvm.pid), [])


if __name__ == '__main__':
    testlib.main()
