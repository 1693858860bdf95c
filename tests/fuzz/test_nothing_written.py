#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Nothing is ever written next to or into the dump.

Every heapscope-cli command runs on a dump (plain and gzip) in a folder of
its own, with HOME and the XDG folders pointing at a separate place; the
report goes to a third folder. Afterwards the dump's folder holds exactly
the same files with the same bytes and modification times; the report
folder holds only the report (its temporary file renamed over it).
"""
import hashlib
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))

import hprofgen as g  # noqa: E402
import hostile_dumps  # noqa: E402
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
import testlib  # noqa: E402  (tests/testlib.py)


def snapshot(folder):
    out = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            p = os.path.join(root, name)
            st = os.lstat(p)
            digest = None
            if os.path.isfile(p):
                with open(p, 'rb') as f:
                    digest = hashlib.sha256(f.read()).hexdigest()
            out[os.path.relpath(p, folder)] = (st.st_mode, st.st_size, st.st_mtime_ns, digest)
    return out


class NothingWritten(unittest.TestCase):
    def test_commands_leave_the_dump_folder_alone(self):
        with tempfile.TemporaryDirectory() as tmp:
            dumps, home, reports = (os.path.join(tmp, n) for n in ('dumps', 'home', 'reports'))
            for p in (dumps, home, reports):
                os.mkdir(p)
            h, d = hostile_dumps.base()
            hostile_dumps.leak(d)
            data = h.build()
            with open(os.path.join(dumps, 'leak.hprof'), 'wb') as f:
                f.write(data)
            with open(os.path.join(dumps, 'leak.hprof.gz'), 'wb') as f:
                f.write(g.gzip_single(data))
            before = snapshot(dumps)
            env = dict(os.environ, HOME=home, XDG_CACHE_HOME=os.path.join(home, '.cache'),
                       XDG_CONFIG_HOME=os.path.join(home, '.config'),
                       XDG_DATA_HOME=os.path.join(home, '.local', 'share'), TMPDIR=home)
            cli = os.environ['HS_CLI']
            for dump in ('leak.hprof', 'leak.hprof.gz'):
                path = os.path.join(dumps, dump)
                commands = [['summary'], ['summary', '--json'], ['classes'], ['dominators', '--top', '5'],
                            ['objects', '--class', 'com.example.Leaky'],
                            ['retained-set', '--class', 'com.example.Leaky'],
                            ['leaks'], ['leaks', '--json'], ['analyze'],
                            ['report', '-o', os.path.join(reports, dump + '.html')],
                            ['query', 'SELECT * FROM INSTANCEOF java.lang.Object o', '--csv'],
                            ['classes', '--csv'], ['leaks', '--csv'], ['threads', '--csv'], ['waste', '--csv']]
                for args in commands:
                    p = subprocess.run([cli, args[0], path] + args[1:], env=env, cwd=dumps,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
                    self.assertEqual(p.returncode, 0, '%s %s: %r' % (args, dump, p.stderr[-300:]))
            self.assertEqual(snapshot(dumps), before)
            self.assertEqual(sorted(os.listdir(reports)), ['leak.hprof.gz.html', 'leak.hprof.html'])


if __name__ == '__main__':
    if not os.environ.get('HS_CLI'):
        sys.exit('HS_CLI is not set')
    testlib.main()
