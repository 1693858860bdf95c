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
    """$HS_CORPUS_DIR if it names a folder, else ../shared/corpus beside the
    repository if there is one, else None (tests then skip)."""
    for d in (os.environ.get('HS_CORPUS_DIR'),
              os.path.join(HERE, '..', '..', 'shared', 'corpus')):
        if d and os.path.isdir(d):
            return os.path.abspath(d)
    return None


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
