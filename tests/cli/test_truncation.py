#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Every truncation point of a small dump.

The dump: the worked example (tests/cli/test_worked_example.py) with a few
more records in front (STACK_FRAME, STACK_TRACE), segmented. For every
length k from 0 to the full size, `summary --json` on the first k bytes
must either
  - exit 0 with JSON on stdout, at most the full file's objects, and (unless
    k falls on a record boundary, where the prefix is itself a well-formed
    file) a warning on stderr that the file is truncated; or
  - exit 2 with a message naming the file and a byte offset;
never crash, die by a signal, hang, or exit with another status. The same
for a gzip of the dump cut at every byte, where no cut is a well-formed file
(a gzip member without its end and trailer is truncated even when the bytes
inflated so far happen to end on a record boundary).
"""

import json
import os
import re

import test_worked_example as W
from clitest import CliTest, g, main, run_cli

T = 20
WARN = re.compile(r'(?i)truncat|ended early|ends early')


def build():
    h = W.build()
    h.items.insert(0, g.Record(g.TAG_STACK_TRACE, g.u4(1) + g.u4(1) + g.u4(1) + g.u4(0x501)))
    h.items.insert(0, g.Record(g.TAG_STACK_FRAME, g.u4(0x501) + g.u4(0) * 3 + g.u4(1) + g.u4(7)))
    return h


def grouped(failures, path):
    """Failures (byte position first) grouped by the rest, numbers and the
    path masked, with the positions where each happened: short enough to
    read in a test log."""
    groups = {}
    for f in failures:
        key = re.sub(r'\d+', 'N', str(f[1:]).replace(path, 'FILE'))
        groups.setdefault(key, []).append(f[0])
    return '\n'.join('%4d x %s at %s%s' % (len(ks), key, ks[:12], ' ...' if len(ks) > 12 else '')
                     for key, ks in groups.items())


class Truncation(CliTest):
    def check_prefix(self, f, k, boundary, failures, full_objects):
        proc = run_cli(['summary', f, '--json'], T)
        err = proc.stderr.decode('utf-8', 'replace')
        if proc.returncode is None:
            failures.append((k, 'hang'))
        elif proc.returncode < 0:
            failures.append((k, 'signal %d' % -proc.returncode))
        elif proc.returncode == 2:
            if os.path.basename(f) not in err or not re.search(r'(?i)offset|byte|position', err):
                failures.append((k, 'exit 2 without file name and offset: %r' % err[:300]))
        elif proc.returncode == 0:
            try:
                s = json.loads(proc.stdout.decode('utf-8'))
                if not isinstance(s, dict) or s.get('objects', 0) > full_objects:
                    failures.append((k, 'bad summary %r' % s))
            except ValueError as e:
                failures.append((k, 'exit 0 without JSON: %s' % e))
            if not boundary and not WARN.search(err):
                failures.append((k, 'exit 0 without a truncation warning; stderr %r' % err[:300]))
        else:
            failures.append((k, 'exit %d: %r' % (proc.returncode, err[:300])))

    def test_every_prefix(self):
        h = build()
        data = h.build()
        boundaries = set(h.record_boundaries)
        full = self.write_bytes(data, 'full.hprof')
        s = self.summary(full)
        self.assertSummary(s, objects=10, shallow_bytes=96)
        f = self.path('cut.hprof')
        failures = []
        for k in range(len(data)):
            with open(f, 'wb') as out:
                out.write(data[:k])
            self.check_prefix(f, k, k in boundaries, failures, 10)
        if failures:
            self.fail('%d of %d prefixes misbehaved:\n%s'
                      % (len(failures), len(data), grouped(failures, f)))

    def test_every_prefix_dominators(self):
        # The whole pipeline on every 5th prefix: exit 0 or a clean exit 2.
        data = build().build()
        f = self.path('cut-dom.hprof')
        failures = []
        for k in range(0, len(data), 5):
            with open(f, 'wb') as out:
                out.write(data[:k])
            proc = run_cli(['dominators', f, '--top', '5', '--json'], T)
            if proc.returncode is None or proc.returncode not in (0, 2):
                failures.append((k, proc.returncode, proc.stderr[-300:]))
        if failures:
            self.fail(grouped(failures, f))

    def test_every_byte_corrupted(self):
        # Each byte after the header overwritten (worked example: 0xFF and
        # 0x00; the Android heap of test_android: 0xFF), through the whole
        # pipeline: exit 0 with JSON, or exit 2 naming the file; nothing else.
        import test_android
        f = self.path('corrupt.hprof')
        failures = []
        runs = 0
        for name, h, values in (('worked', build(), (0xFF, 0x00)),
                                ('android', test_android.build(), (0xFF,))):
            data = h.build()
            for k in range(h.header_len, len(data)):
                for v in values:
                    if data[k] == v:
                        continue
                    with open(f, 'wb') as out:
                        out.write(data[:k] + bytes([v]) + data[k + 1:])
                    runs += 1
                    proc = run_cli(['dominators', f, '--top', '3', '--json'], T)
                    if proc.returncode == 0:
                        try:
                            json.loads(proc.stdout.decode('utf-8'))
                        except ValueError as e:
                            failures.append((k, name, v, 'bad JSON: %s' % e))
                    elif proc.returncode != 2 or os.path.basename(f).encode() not in proc.stderr:
                        failures.append((k, name, v, proc.returncode, proc.stderr[-300:]))
        self.assertGreater(runs, 2000)
        if failures:
            self.fail('%d of %d corrupted files misbehaved:\n%s'
                      % (len(failures), runs, grouped(failures, f)))

    def test_every_prefix_gzip(self):
        gz = g.gzip_single(build().build())
        f = self.path('cut.hprof.gz')
        failures = []
        for k in range(len(gz)):
            with open(f, 'wb') as out:
                out.write(gz[:k])
            self.check_prefix(f, k, False, failures, 10)
        if failures:
            self.fail('%d of %d gzip prefixes misbehaved:\n%s'
                      % (len(failures), len(gz), grouped(failures, f)))


if __name__ == '__main__':
    main()
