# SPDX-License-Identifier: GPL-3.0-or-later
"""What every Python test shares (docs/testing.md): a TAP runner so that a
skip shows as SKIP in meson, one way to find the corpus, the child's own
memory, and budgets scaled under sanitizers.

Run a test file with testlib.main(); its meson test has protocol: 'tap'.
"""

import os
import subprocess
import sys
import threading
import time
import traceback
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
MB = 1 << 20


# --- the corpus ----------------------------------------------------------------

def corpus_dir():
    """$HS_CORPUS_DIR when it is set, else ../shared/corpus beside the
    repository; None when that is no folder (tests then skip)."""
    d = os.environ.get('HS_CORPUS_DIR') or os.path.join(HERE, '..', '..', 'shared', 'corpus')
    return os.path.abspath(d) if os.path.isdir(d) else None


def require_corpus(*names):
    """The corpus folder, or unittest.SkipTest when it (or one of names in
    it) is missing: the same skip everywhere."""
    d = corpus_dir()
    if d is None:
        raise unittest.SkipTest('no corpus (set HS_CORPUS_DIR or put it in ../shared/corpus)')
    for n in names:
        if not os.path.exists(os.path.join(d, n)):
            raise unittest.SkipTest('corpus file %s missing' % n)
    return d


# --- sanitizers -----------------------------------------------------------------

def sanitized(exe=None):
    """Whether exe ($HS_CLI by default) was built with AddressSanitizer."""
    exe = exe or os.environ.get('HS_CLI')
    if not exe:
        return False
    with open(exe, 'rb') as f:
        return b'__asan_init' in f.read()


def budget(n):
    """A budget (a ratio, a count) for the build under test: 4 times as
    much under sanitizers, which slow code and grow memory unevenly."""
    return n * 4 if sanitized() else n


# --- the child's own memory ---------------------------------------------------------

def _status(pid):
    out = {}
    try:
        with open('/proc/%d/status' % pid) as f:
            for line in f:
                k, _, v = line.partition(':')
                if k in ('VmHWM', 'RssAnon', 'VmRSS'):
                    out[k] = int(v.split()[0]) * 1024
    except (OSError, ValueError):
        pass
    return out


class Measured(subprocess.CompletedProcess):
    """A finished run with the child's own peaks, in bytes: rss_anon (its
    anonymous memory, sampled every few ms: heap and stacks, not the files
    it maps) and hwm (VmHWM, the kernel's peak of its whole resident set,
    mapped files included, as last read)."""
    rss_anon = 0
    hwm = 0


def run_measured(argv, env=None, timeout=120, stdin=subprocess.DEVNULL, period=0.005):
    """Runs argv and samples /proc/PID/status until it exits. Only the
    child's own pages count (ru_maxrss of RUSAGE_CHILDREN is the largest of
    every child so far, the Python runner's forks included)."""
    child = subprocess.Popen([str(a) for a in argv], env=env, stdin=stdin,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    peak = {'RssAnon': 0, 'VmHWM': 0}
    done = threading.Event()

    def sample():
        while not done.is_set():
            s = _status(child.pid)
            for k in peak:
                peak[k] = max(peak[k], s.get(k, 0))
            time.sleep(period)
    t = threading.Thread(target=sample, daemon=True)
    t.start()
    try:
        out, err = child.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        child.kill()
        out, err = child.communicate()
        err = (err or b'') + b'\nTIMEOUT'
    finally:
        done.set()
        t.join()
    r = Measured(child.args, child.returncode, out, err)
    r.rss_anon, r.hwm = peak['RssAnon'], peak['VmHWM']
    return r


# --- TAP ---------------------------------------------------------------------------

class TapResult(unittest.TestResult):
    """One TAP line per test: ok, not ok (with the traceback as comments),
    ok # SKIP. Subtests that fail are reported under their test."""

    def __init__(self, stream):
        super().__init__()
        self.stream = stream
        self.n = 0
        self.failed_here = []

    def _line(self, ok, test, extra=''):
        self.n += 1
        name = test.id() if hasattr(test, 'id') else str(test)
        self.stream.write('%s %d - %s%s\n' % ('ok' if ok else 'not ok', self.n, name, extra))
        self.stream.flush()

    def _diag(self, text):
        for line in text.rstrip('\n').split('\n'):
            self.stream.write('# %s\n' % line)
        self.stream.flush()

    def startTest(self, test):
        super().startTest(test)
        self.failed_here = []
        self.start = time.monotonic()

    def addSuccess(self, test):
        super().addSuccess(test)

    def addError(self, test, err):
        super().addError(test, err)
        if isinstance(test, unittest.suite._ErrorHolder):
            # A class's or module's set-up or tear-down: no test around it.
            self._line(False, test)
            self._diag(self._exc_info_to_string(err, test))
            return
        self.failed_here.append(self._exc_info_to_string(err, test))

    def addFailure(self, test, err):
        super().addFailure(test, err)
        self.failed_here.append(self._exc_info_to_string(err, test))

    def addSubTest(self, test, subtest, err):
        super().addSubTest(test, subtest, err)
        if err is not None:
            self.failed_here.append('%s\n%s' % (subtest, self._exc_info_to_string(err, test)))

    def addSkip(self, test, reason):
        super().addSkip(test, reason)
        self.failed_here = None
        self._line(True, test, ' # SKIP %s' % reason)

    def addExpectedFailure(self, test, err):
        super().addExpectedFailure(test, err)
        self.failed_here = None
        self._line(True, test, ' # TODO expected failure')

    def addUnexpectedSuccess(self, test):
        super().addUnexpectedSuccess(test)
        self.failed_here = ['unexpected success']

    def stopTest(self, test):
        super().stopTest(test)
        if self.failed_here is None:
            return
        if self.failed_here:
            self._line(False, test)
            self._diag('\n'.join(self.failed_here))
        else:
            self._line(True, test)


def index_section_ids(path):
    """The section ids of a persistent index file, read from its table as
    docs/index.md ("File format") describes it: the header's section count
    (byte 24) and table offset (byte 32), then 32 bytes per section, the
    id first."""
    import struct
    with open(path, 'rb') as f:
        header = f.read(48)
        count, = struct.unpack_from('<I', header, 24)
        table, = struct.unpack_from('<Q', header, 32)
        f.seek(table)
        raw = f.read(32 * count)
    return [struct.unpack_from('<I', raw, 32 * i)[0] for i in range(count)]


# The sections an index keeps beside the analysis's own results so that a
# reopen answers the window's first questions at once (docs/index.md):
# depths, every class's instances. (The referrers are not kept: a reopen
# builds them from the references on first use.)
INDEX_EXTRA_SECTIONS = (0x1ff, 0x301, 0x302)


def main(module='__main__'):
    """Runs the module's tests (or those named on the command line) as TAP
    on stdout, the plan last; the tests' own prints go to stderr, which
    meson keeps in the log. A class whose setUpClass skips is one SKIP
    line. Exit 0 unless one failed."""
    out = sys.stdout
    sys.stdout = sys.stderr  # prints from the tests must not break TAP
    loader = unittest.TestLoader()
    mod = sys.modules[module]
    if len(sys.argv) > 1:
        suite = loader.loadTestsFromNames(sys.argv[1:], mod)
    else:
        suite = loader.loadTestsFromModule(mod)
    result = TapResult(out)
    suite.run(result)
    out.write('1..%d\n' % result.n)
    out.flush()
    sys.stdout = out
    sys.exit(0 if result.wasSuccessful() else 1)


# --- CPU time and how it grows ---------------------------------------------------------

# Quadrupling the input of a linear (or n log n) step quadruples its CPU
# time, or a little more; a quadratic one multiplies it by 16. A test of
# complexity runs N and 4N in the same run and allows this factor
# (docs/testing.md); sanitizers slow unevenly, so more room under them.
SCALE_LIMIT = 10.0
# CPU times below this are noise (process start, the page cache).
CPU_FLOOR = 0.1


def run_cpu(argv, env=None, timeout=600, preexec_fn=None):
    """Runs argv; returns (CompletedProcess, the child's own CPU seconds,
    user + system, from wait4: no other process's time, and no wall
    time). timeout only stops a hang."""
    child = subprocess.Popen([str(a) for a in argv], env=env, stdin=subprocess.DEVNULL,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=preexec_fn)
    out, err = [], []

    def drain(f, into):
        into.append(f.read())
    ts = [threading.Thread(target=drain, args=(child.stdout, out)),
          threading.Thread(target=drain, args=(child.stderr, err))]
    for t in ts:
        t.start()
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            child.kill()
            _, status, usage = os.wait4(child.pid, 0)
            break
        time.sleep(0.01)
    for t in ts:
        t.join()
    child.returncode = os.waitstatus_to_exitcode(status)
    p = subprocess.CompletedProcess(child.args, child.returncode, out[0], err[0])
    return p, usage.ru_utime + usage.ru_stime


def assert_scales(test, small, big, what, factor=4):
    """big is the CPU time of an input factor times the size of small's:
    fails when it grew more than SCALE_LIMIT / 4 * factor times (with a
    floor under small)."""
    limit = SCALE_LIMIT / 4 * factor * (1.5 if sanitized() else 1)
    test.assertLessEqual(big, limit * max(small, CPU_FLOOR),
                         '%s: %.2f s of CPU for %dx the input of %.2f s: more than %.0fx'
                         % (what, big, factor, small, limit))
    print('%s: %.2f s of CPU, %.2f s for %dx the input' % (what, small, big, factor), file=sys.stderr)
