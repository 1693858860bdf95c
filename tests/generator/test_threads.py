#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli threads --json on the generator's `threads` dump
(dumps/threads.hprof.gz, JDK 17, com/example/ThreadScenario.java).

Every expectation comes from the scenario's source: thread names, daemon
flags and states as the threads are started and stopped there, the methods
they stop in, the line of each call (the `// frame: Class.method` markers),
the signatures of those methods, and the locals with their sizes (README.md,
"Scenario threads": P = 8, R = 4, A = 8):
  byte[4096] = align(16 + 4096, 8) = 4112, long[256] = align(16 + 2048, 8) = 2064,
  Object[10] = align(16 + 40, 8) = 56 holding 10 byte[100] of 120 each: 1256,
  java.lang.Object (ThreadScenario.LOCK) = align(12, 8) = 16.
A thread's stack retained size is the precise retained size of the set of its
locals; `this` (the thread object) is one of them, so it is the locals'
own bytes plus what the thread object retains.
"""
import json
import os
import re
import subprocess
import sys

SRC = os.environ.get('HS_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
CLI = os.environ.get('HS_CLI', os.path.join(SRC, 'build', 'src', 'cli', 'heapscope-cli'))
HERE = os.path.join(SRC, 'tests', 'generator')
DUMP = os.path.join(HERE, 'dumps', 'threads.hprof.gz')
failures = []


def check(what, got, want):
    ok = got == want
    print('%s %s: %r%s' % ('ok  ' if ok else 'FAIL', what, got, '' if ok else ' (expected %r)' % (want,)))
    if not ok:
        failures.append(what)


def markers():
    lines = {}
    with open(os.path.join(HERE, 'com', 'example', 'ThreadScenario.java')) as f:
        for i, line in enumerate(f, 1):
            m = re.search(r'// frame: (\w+)\.(\w+)', line)
            if m:
                lines['com.example.%s.%s' % m.groups()] = i
    return lines


def main():
    r = subprocess.run([CLI, 'threads', '--json', '-q', DUMP], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        sys.exit('threads failed: %s' % r.stderr.decode(errors='replace'))
    threads = {t['name']: t for t in json.loads(r.stdout)['threads']}
    line = markers()
    want = {
        # name: daemon, state, [(class, method, signature, file or None, line or None)], {frame index: [(class, shallow, retained)]}
        'hold-worker': (True, 'WAITING', [
            ('jdk.internal.misc.Unsafe', 'park', '(ZJ)V', None, -3),
            ('java.util.concurrent.locks.LockSupport', 'park', '(Ljava/lang/Object;)V', 'LockSupport.java', None),
            ('com.example.HoldThread', 'hold', '([B)V', 'ThreadScenario.java', line['com.example.HoldThread.hold']),
            ('com.example.HoldThread', 'run', '()V', 'ThreadScenario.java', line['com.example.HoldThread.run'])],
            {2: [('byte[]', 4112, 4112)]}, 4112),
        'sleep-worker': (False, 'TIMED_WAITING', [
            ('java.lang.Thread', 'sleep', '(J)V', None, -3),
            ('com.example.SleepThread', 'nap', '([J)V', 'ThreadScenario.java', line['com.example.SleepThread.nap']),
            ('com.example.SleepThread', 'run', '()V', 'ThreadScenario.java', line['com.example.SleepThread.run'])],
            {1: [('long[]', 2064, 2064)]}, 2064),
        'wait-worker': (True, 'WAITING', [
            ('java.lang.Object', 'wait', '(J)V', None, -3),
            ('java.lang.Object', 'wait', '()V', 'Object.java', None),
            ('com.example.WaitThread', 'await', '([Ljava/lang/Object;)V', 'ThreadScenario.java', line['com.example.WaitThread.await']),
            ('com.example.WaitThread', 'run', '()V', 'ThreadScenario.java', line['com.example.WaitThread.run'])],
            {2: [('java.lang.Object[]', 56, 1256), ('java.lang.Object', 16, 16)]}, 1256 + 16),
    }
    for name, (daemon, state, frames, locals_, own) in want.items():
        t = threads.get(name)
        if t is None:
            check('thread %s present' % name, None, name)
            continue
        check('%s daemon' % name, t['daemon'], daemon)
        check('%s state' % name, t['state'], state)
        check('%s frames' % name, len(t['frames']), len(frames))
        for k, (cls, meth, sig, file, ln) in enumerate(frames[:len(t['frames'])]):
            f = t['frames'][k]
            check('%s frame %d' % (name, k), (f['class'], f['method'], f['signature']), (cls, meth, sig))
            if file is not None:
                check('%s frame %d file' % (name, k), f['file'], file)
            if ln is not None:
                check('%s frame %d line' % (name, k), f['line'], ln)
            else:
                check('%s frame %d has a line' % (name, k), f['line'] > 0, True)
        # the thread object is `this` in each of its own frames
        for k in (len(frames) - 1, len(frames) - 2):
            ids = [l['id'] for l in t['frames'][k]['locals']]
            check('%s frame %d holds the thread (this)' % (name, k), t['id'] in ids, True)
        for k, want_locals in locals_.items():
            got = [(l['class'], l['shallow'], l['retained']) for l in t['frames'][k]['locals'] if l['id'] != t['id']]
            check('%s frame %d locals' % (name, k), sorted(got), sorted(want_locals))
        check('%s stack_retained' % name, t['stack_retained'], own + t['retained'])
    top = max(threads.values(), key=lambda t: t['stack_retained'])
    check('the thread holding the most', top['name'], 'hold-worker')
    if failures:
        sys.exit('%d failures' % len(failures))


if __name__ == '__main__':
    main()
