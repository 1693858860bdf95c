# SPDX-License-Identifier: GPL-3.0-or-later
"""`heapscope-cli cache [--list | --clear] [--limit SIZE] [--json]`: the
folder of persistent indexes, $XDG_CACHE_HOME/heapscope, and its limit,
kept in $XDG_CONFIG_HOME/heapscope/cache.ini. Both point into a temporary
folder here, filled with files of chosen sizes and times (plain bytes: no
file here is a real index, so every one lists as unusable)."""

import json
import os
import shutil
import subprocess
import tempfile
import time
import unittest

from clitest import CLI, DEFAULT_TIMEOUT, main

GiB = 1 << 30
MiB = 1 << 20


class Cache(unittest.TestCase):
    def setUp(self):
        if not CLI:
            raise unittest.SkipTest('HS_CLI is not set')
        self.tmp = tempfile.mkdtemp(prefix='hs-cache-')
        self.env = dict(os.environ, XDG_CACHE_HOME=os.path.join(self.tmp, 'cache'),
                        XDG_CONFIG_HOME=os.path.join(self.tmp, 'config'))
        self.dir = os.path.join(self.tmp, 'cache', 'heapscope')
        self.ini = os.path.join(self.tmp, 'config', 'heapscope', 'cache.ini')

    def tearDown(self):
        shutil.rmtree(self.tmp, ignore_errors=True)

    def cli(self, *args, env=None):
        p = subprocess.run([CLI, 'cache'] + list(args), env=env or self.env, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=DEFAULT_TIMEOUT)
        return p.returncode, p.stdout.decode('utf-8', 'replace'), p.stderr.decode('utf-8', 'replace')

    def ok(self, *args):
        """stdout, with the no-break space g_format_size puts before a unit
        (as every command prints sizes) as a space."""
        rc, out, err = self.cli(*args)
        self.assertEqual(rc, 0, err)
        self.assertEqual(err, '')
        return out.replace('\xa0', ' ')

    def js(self, *args):
        return json.loads(self.ok('--json', *args))

    def put(self, name, size, mtime, sparse=False):
        os.makedirs(self.dir, exist_ok=True)
        path = os.path.join(self.dir, name)
        with open(path, 'wb') as f:
            if sparse:
                f.truncate(size)
            else:
                f.write(b'\0' * size)
        os.utime(path, (mtime, mtime))
        return path

    def test_missing_folder(self):
        out = self.ok()
        self.assertEqual(out.splitlines(), [
            '0 indexes, 0 B in %s' % self.dir,
            'limit 1.0 GiB (default: 4 x the biggest index, at least 1 GiB)'])
        self.assertEqual(self.ok('--list'), out)
        self.assertFalse(os.path.exists(self.dir), 'listing creates no folder')
        self.assertEqual(self.js(), {'folder': self.dir, 'indexes': [], 'total': 0, 'limit': GiB,
                                     'limit_is_default': True})

    def test_list(self):
        self.put('11111111111111111111111111111111.hsindex', 300, 1_000_000_000)
        self.put('22222222222222222222222222222222.hsindex', 500, 1_700_000_000)
        self.put('33333333333333333333333333333333.hsindex', 700, 1_600_000_000)
        self.put('.%s.hsindex.tmp-x1x2x3' % ('3' * 32), 11, 1_000)  # a writer's temporary file: not listed
        self.put('notes.txt', 13, 1_000)            # not an index
        d = self.js()
        self.assertEqual([(os.path.basename(e['path']), e['size'], e['last_used'], e['usable'], e['dump_path'])
                          for e in d['indexes']],
                         [('22222222222222222222222222222222.hsindex', 500, 1_700_000_000, False, None),
                          ('33333333333333333333333333333333.hsindex', 700, 1_600_000_000, False, None),
                          ('11111111111111111111111111111111.hsindex', 300, 1_000_000_000, False, None)])
        self.assertEqual(d['total'], 1500)
        self.assertEqual(d['limit'], GiB)
        lines = self.ok().splitlines()
        self.assertEqual(len(lines), 1 + 3 + 2, lines)
        self.assertTrue(lines[0].startswith('LAST USED'), lines[0])
        self.assertTrue(lines[1].endswith('(unusable: 22222222222222222222222222222222.hsindex)'), lines[1])
        self.assertIn('500 B', lines[1])
        self.assertTrue(lines[3].endswith('(unusable: 11111111111111111111111111111111.hsindex)'), lines[3])
        self.assertEqual(lines[4], '3 indexes, 1.5 kB in %s' % self.dir)

    def test_default_limit_follows_the_biggest(self):
        # 300 MiB (sparse): 4 x 300 MiB = 1200 MiB, above the 1 GiB floor.
        self.put('44444444444444444444444444444444.hsindex', 300 * MiB, 1_000, sparse=True)
        self.assertEqual(self.js()['limit'], 1200 * MiB)
        self.assertEqual(self.ok().splitlines()[-1],
                         'limit 1.2 GiB (default: 4 x the biggest index, at least 1 GiB)')

    def test_limit_persists(self):
        for given, want in (('500M', 500 * MiB), ('2G', 2 * GiB), ('2GiB', 2 * GiB), ('64k', 64 << 10),
                            ('123', 123), ('0', 0), ('1T', 1 << 40)):
            d = self.js('--limit', given)
            self.assertEqual((d['limit'], d['limit_is_default']), (want, False), given)
            # Another run reads it back from cache.ini.
            d = self.js()
            self.assertEqual((d['limit'], d['limit_is_default']), (want, False), given)
            with open(self.ini) as f:
                self.assertIn('limit-bytes=%d' % want, f.read())
        self.assertEqual(self.ok('--limit', '2G').splitlines()[-1],
                         'limit 2.0 GiB (set with cache --limit; "default" to go back)')
        d = self.js('--limit', 'default')
        self.assertEqual((d['limit'], d['limit_is_default']), (GiB, True))
        self.assertEqual((self.js()['limit'], self.js()['limit_is_default']), (GiB, True))

    def test_bad_limits(self):
        self.js('--limit', '3G')
        for bad in ('', 'lots', '-1', '1.5G', '2X', '5 G', '99999999999999999999', '20000000000T', 'G'):
            rc, out, err = self.cli('--limit', bad)
            self.assertEqual(rc, 2, bad)
            self.assertEqual(out, '')
            self.assertIn('--limit', err)
        # Nothing changed.
        self.assertEqual(self.js()['limit'], 3 * GiB)

    def test_clear(self):
        # the names the writer gives: 32 hex digits, and its temporary
        # files .NAME.tmp-XXXXXX
        a, b, c = '0' * 32 + '.hsindex', 'ab' * 16 + '.hsindex', 'cd' * 16 + '.hsindex'
        self.put(a, 1000, 1_000)
        self.put(b, 2345, 2_000)
        self.put('.%s.tmp-1a2B3c' % b, 7, 1_000)             # left over by a writer long gone
        self.put('.%s.tmp-4d5E6f' % c, 9, time.time() - 60)  # being written now
        # names it never wrote
        self.put('a.hsindex', 1000, 1_000)
        self.put('%s.hsindex' % ('0' * 31), 10, 1_000)
        self.put('.b.hsindex.tmp-1', 7, 1_000)
        self.put('keep-me.txt', 100, 1_000)
        self.put('x.hsindex.bak', 100, 1_000)
        os.makedirs(os.path.join(self.dir, 'folder.hsindex'))
        outside = os.path.join(self.tmp, 'precious.hsindex')
        with open(outside, 'w') as f:
            f.write('precious')
        os.symlink(outside, os.path.join(self.dir, 'link.hsindex'))

        self.assertEqual(self.js('--clear'), {'removed': 1000 + 2345 + 7})
        self.assertEqual(sorted(os.listdir(self.dir)),
                         sorted(['.%s.tmp-4d5E6f' % c, '.b.hsindex.tmp-1', '0' * 31 + '.hsindex',
                                 'a.hsindex', 'folder.hsindex', 'keep-me.txt', 'link.hsindex',
                                 'x.hsindex.bak']))
        with open(outside) as f:
            self.assertEqual(f.read(), 'precious')
        self.assertEqual(self.ok('--clear'), 'removed 0 B from %s\n' % self.dir)
        # Neither the symlink nor names it never wrote are listed.
        self.assertEqual(self.js()['indexes'], [])

    def test_symlinked_folder_is_never_followed(self):
        # the cache folder itself a symlink to a folder of someone else's
        # files: nothing there is listed, removed or written
        elsewhere = os.path.join(self.tmp, 'elsewhere')
        os.makedirs(elsewhere)
        name = 'ef' * 16 + '.hsindex'
        with open(os.path.join(elsewhere, name), 'wb') as f:
            f.write(b'precious')
        with open(os.path.join(elsewhere, 'data.hsindex'), 'wb') as f:
            f.write(b'precious too')
        os.makedirs(os.path.dirname(self.dir))
        os.symlink(elsewhere, self.dir)
        rc, out, err = self.cli('--clear')
        self.assertEqual(rc, 2, err)
        self.assertIn('symbolic link', err)
        self.assertIn(self.dir, err)
        self.assertEqual(sorted(os.listdir(elsewhere)), ['data.hsindex', name])
        rc, out, err = self.cli('--list')
        self.assertEqual(rc, 2, err)
        self.assertIn('symbolic link', err)
        # a command's index goes nowhere, with a note
        src = os.environ.get('HS_SOURCE_ROOT') or os.path.join(os.path.dirname(__file__), '..', '..')
        dump = os.path.join(src, 'data', 'sample', 'sample.hprof')
        env = dict(self.env)
        env.pop('HEAPSCOPE_NO_CACHE', None)
        p = subprocess.run([CLI, 'leaks', dump], env=env, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=DEFAULT_TIMEOUT)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn(b'no index written', p.stderr)
        time.sleep(0.5)
        self.assertEqual(sorted(os.listdir(elsewhere)), ['data.hsindex', name])

    def test_names_it_never_wrote_are_not_listed(self):
        # an escape in a name: no name the writer gives, so not listed
        # (nothing of it reaches the terminal)
        self.put('\x1b[31mred.hsindex', 10, 1_000)
        out = self.ok()
        self.assertNotIn('\x1b', out)
        self.assertNotIn('red.hsindex', out)
        self.assertEqual(self.js()['indexes'], [])

    def test_arguments(self):
        rc, out, err = self.cli('--list', '--clear')
        self.assertEqual((rc, out), (2, ''))
        self.assertIn('--list or --clear', err)
        rc, out, err = self.cli('some.hprof')
        self.assertEqual((rc, out), (2, ''))
        self.assertIn('cache takes no file', err)

    def test_folder_cannot_be_made(self):
        # XDG_CACHE_HOME is a file: no folder under it can exist.
        blocker = os.path.join(self.tmp, 'a-file')
        with open(blocker, 'w') as f:
            f.write('x')
        env = dict(self.env, XDG_CACHE_HOME=blocker)
        for args in ([], ['--clear']):
            rc, out, err = self.cli(*args, env=env)
            self.assertEqual((rc, out), (2, ''), err)
            self.assertIn(os.path.join(blocker, 'heapscope'), err)
            self.assertNotIn('Traceback', err)

    def test_other_commands_keep_their_integer_limit(self):
        # --limit is a count for every other command: GOption's messages.
        rc, _, err = self.cli()
        self.assertEqual(rc, 0, err)
        p = subprocess.run([CLI, 'classes', '/nonexistent.hprof', '--limit', '2G'], env=self.env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=DEFAULT_TIMEOUT)
        self.assertEqual(p.returncode, 2)
        self.assertIn('Cannot parse integer value', p.stderr.decode())
        p = subprocess.run([CLI, 'classes', '/nonexistent.hprof', '--limit', '99999999999'], env=self.env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=DEFAULT_TIMEOUT)
        self.assertEqual(p.returncode, 2)
        self.assertIn('out of range', p.stderr.decode())


if __name__ == '__main__':
    main()
