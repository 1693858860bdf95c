#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The persistent index (docs/index.md): a dump reopened from its index
prints byte for byte what a fresh analysis prints, for every command, on
the corpus and on generated dumps; a dump that changed, or an index that
is cut, corrupted, of another version or of another dump, is analysed
afresh with a note; a cache folder that cannot be written is no error.

Whether an analysis came from an index is read from `analyze --timings`,
whose phases are then the reopen's alone ("index (reopened)")."""

import glob
import json
import os
import shutil
import struct
import subprocess
import threading
import time

from clitest import CLI, CliTest, main
import fastdump
import refsdump
import testlib

REOPENED = b'index (reopened)'


def env_with(cache, config=None, no_cache=False):
    env = dict(os.environ)
    env.pop('HEAPSCOPE_NO_CACHE', None)
    if no_cache:
        env['HEAPSCOPE_NO_CACHE'] = '1'
    env['XDG_CACHE_HOME'] = cache
    if config:
        env['XDG_CONFIG_HOME'] = config
    return env


def run(args, env, timeout=300):
    p = subprocess.run([CLI] + [str(a) for a in args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, env=env, timeout=timeout)
    if not ({'--no-cache', '--index'} & set(map(str, args)) or env.get('HEAPSCOPE_NO_CACHE')):
        settle(env['XDG_CACHE_HOME'])
    return p


def indexes(cache):
    return glob.glob(os.path.join(cache, 'heapscope', '*.hsindex'))


def settle(cache, want=None, timeout=120):
    """The CLI writes a new index in a child process after it exits
    (docs/index.md): waits until want indexes are in the cache (when
    given) and no temporary file has been there for 0.3 s."""
    folder = os.path.join(cache, 'heapscope')
    end = time.monotonic() + timeout
    quiet_since = None
    while time.monotonic() < end:
        busy = glob.glob(os.path.join(folder, '.*.tmp-*'))
        if want is not None and len(indexes(cache)) < want:
            busy = True
        if busy:
            quiet_since = None
        elif quiet_since is None:
            quiet_since = time.monotonic()
        elif time.monotonic() - quiet_since >= 0.3:
            return
        time.sleep(0.05)
    raise AssertionError('the index writer did not finish in %d s' % timeout)


# Every command whose output depends on the analysis, as (name, args after
# the dump). The report is compared as the file it writes.
def commands(tmp, dump, klass, first_id):
    return [
        ('summary', ['summary', dump, '--json']),
        ('summary-text', ['summary', dump]),
        ('classes', ['classes', dump, '--json']),
        ('classes-retained', ['classes', dump, '--sort', 'retained', '--limit', '50']),
        ('classes-package', ['classes', dump, '--group', 'package', '--json']),
        ('dominators', ['dominators', dump, '--json', '--top', '200']),
        ('dominators-class', ['dominators', dump, '--group', 'class', '--csv']),
        ('objects', ['objects', dump, '--class', klass, '--json']),
        # one object, its depth included: the depths are in the index
        ('object', ['object', dump, first_id, '--json']),
        # the references both ways: the targets are decoded from the
        # index, the referrers built from them
        ('refs-out', ['refs', dump, first_id, '--depth', '3', '--json']),
        ('refs-in', ['refs', dump, first_id, '--incoming', '--depth', '2', '--json']),
        ('retained-set', ['retained-set', dump, '--class', klass, '--json']),
        ('leaks', ['leaks', dump, '--json']),
        ('leaks-text', ['leaks', dump]),
        ('suspects', ['suspects', dump, '--json']),
        ('suspects-text', ['suspects', dump]),
        ('waste', ['waste', dump, '--json']),
        ('threads', ['threads', dump]),
        ('loaders', ['loaders', dump, '--json']),
        ('props', ['props', dump, '--json']),
        ('query', ['query', dump, 'SELECT * FROM java.lang.Thread', '--csv']),
        ('paths', ['paths', dump, '--class', klass, '--merged', '--json']),
        ('analyze', ['analyze', dump]),
        ('report', ['report', dump, '--no-timestamp', '-o', os.path.join(tmp, 'report.html')]),
    ]


class ReopenEqualsFresh(CliTest):
    """For each dump: every command's output with --no-cache, then with
    the index written by `index -o`, then from the cache."""

    def outputs(self, dump, klass, env, extra=()):
        out = {}
        for name, args in commands(self.tmp, dump, klass, self.first_id):
            p = run(args + list(extra), env)
            self.assertNoCrash(p, ' '.join(map(str, args)))
            text = p.stdout
            if name == 'report':
                with open(os.path.join(self.tmp, 'report.html'), 'rb') as f:
                    text = f.read()
                os.unlink(os.path.join(self.tmp, 'report.html'))
            out[name] = (p.returncode, text)
        return out

    def check_dump(self, dump, klass):
        cache = self.path('cache-' + os.path.basename(dump))
        env = env_with(cache)
        # an object below the roots (an instance of klass, else a String)
        for name in (klass, 'java.lang.String'):
            p = run(['objects', dump, '--class', name, '--json', '--limit', '1'], env_with(cache, no_cache=True))
            rows = json.loads(p.stdout)
            if rows:
                self.first_id = rows[0]['id']
                break
        fresh = self.outputs(dump, klass, env_with(cache, no_cache=True))
        self.assertEqual(glob.glob(os.path.join(cache, 'heapscope', '*')), [],
                         'HEAPSCOPE_NO_CACHE wrote to the cache')

        # parse on the server: `index -o FILE`; look on the laptop: --index FILE
        index = self.path(os.path.basename(dump) + '.idx')
        p = run(['index', dump, '-o', index], env)
        self.assertEqual(p.returncode, 0, p.stderr.decode('utf-8', 'replace'))
        self.assertTrue(os.path.getsize(index) > 0)
        # what makes the window's first instance list and its Depth
        # column immediate: the objects' depths and every class's
        # instances
        sections = testlib.index_section_ids(index)
        for sid in testlib.INDEX_EXTRA_SECTIONS:
            self.assertIn(sid, sections, '%s: no section 0x%x in the index' % (dump, sid))
        t = run(['analyze', dump, '--timings', '--index', index], env)
        self.assertIn(REOPENED, t.stdout + t.stderr, 'not reopened from --index')
        reopened = self.outputs(dump, klass, env, ['--index', index])
        for name in fresh:
            self.assertEqual(reopened[name], fresh[name], '%s: %s differs when reopened' % (dump, name))

        # the cache: the first whole analysis writes it, the next reads it
        p = run(['analyze', dump, '--timings'], env)
        self.assertEqual(p.returncode, 0, p.stderr.decode('utf-8', 'replace'))
        self.assertNotIn(REOPENED, p.stdout + p.stderr)
        settle(cache, want=1)
        self.assertEqual(len(indexes(cache)), 1)
        p = run(['analyze', dump, '--timings'], env)
        self.assertIn(REOPENED, p.stdout + p.stderr, 'not reopened from the cache')
        cached = self.outputs(dump, klass, env)
        for name in fresh:
            self.assertEqual(cached[name], fresh[name], '%s: %s differs from the cache' % (dump, name))
        # --no-cache reads nothing
        p = run(['analyze', dump, '--timings', '--no-cache'], env)
        self.assertNotIn(REOPENED, p.stdout + p.stderr)

    def test_generated(self):
        dump = refsdump.build().write(self.path('refs.hprof'))
        self.check_dump(dump, 'com.example.Holder')

    def test_corpus_jvm(self):
        d = testlib.require_corpus('jvm/oracle_jdk8_05_x64.hprof')
        self.check_dump(os.path.join(d, 'jvm/oracle_jdk8_05_x64.hprof'), 'java.lang.String')

    def test_corpus_jvm_gzip_and_32bit(self):
        d = testlib.require_corpus('jvm/openjdk_jdk11_04_x64.hprof.gz', 'jvm/jhat_jdk8_x32.hprof')
        self.check_dump(os.path.join(d, 'jvm/openjdk_jdk11_04_x64.hprof.gz'), 'java.lang.String')
        self.check_dump(os.path.join(d, 'jvm/jhat_jdk8_x32.hprof'), 'java.lang.String')

    def test_corpus_android(self):
        d = testlib.require_corpus('android/leak_service_binder.hprof')
        self.check_dump(os.path.join(d, 'android/leak_service_binder.hprof'), 'android.os.Binder')


class MappingAppliedAfter(CliTest):
    """A mapping is applied to what the index holds, never baked in: the
    sample dump (3000 com.example.User) with a mapping renaming User."""

    def test_mapping(self):
        src = os.environ.get('HS_SOURCE_ROOT') or os.path.join(os.path.dirname(__file__), '..', '..')
        dump = os.path.join(src, 'data', 'sample', 'sample.hprof')
        mapping = self.path('mapping.txt')
        with open(mapping, 'w') as f:
            f.write('com.example.RealUser -> com.example.User:\n    int realAge -> age\n')
        env = env_with(self.path('cache'))
        index = self.path('sample.idx')
        self.assertEqual(run(['index', dump, '-o', index], env).returncode, 0)
        for args in (['classes', '--json'], ['leaks', '--json'], ['suspects'], ['objects', '--class',
                     'com.example.RealUser', '--json']):
            fresh = run(args + [dump, '--mapping', mapping, '--no-cache'], env)
            if args[0] in ('classes', 'objects'):
                self.assertIn(b'RealUser', fresh.stdout, args)
            again = run(args + [dump, '--mapping', mapping, '--index', index], env)
            self.assertEqual((again.returncode, again.stdout), (fresh.returncode, fresh.stdout), args)
        # an index left by a mapped run holds the dump's own names
        self.assertEqual(run(['leaks', dump, '--mapping', mapping], env).returncode, 0)
        settle(env['XDG_CACHE_HOME'], want=1)
        t = run(['analyze', dump, '--timings'], env)
        self.assertIn(REOPENED, t.stdout)
        plain = run(['classes', dump, '--json', '--no-cache'], env).stdout
        self.assertNotIn(b'RealUser', plain)
        self.assertEqual(run(['classes', dump, '--json'], env).stdout, plain)
        self.assertEqual(run(['leaks', dump, '--json'], env).stdout,
                         run(['leaks', dump, '--json', '--no-cache'], env).stdout)


class ChangedOrBroken(CliTest):
    """A changed dump or a broken index: analysed afresh, with a note."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dump = refsdump.build().write(cls.path('refs.hprof'))
        cls.env = env_with(cls.path('cache'))
        p = run(['index', cls.dump, '-o', cls.path('good.idx')], cls.env)
        assert p.returncode == 0, p.stderr
        with open(cls.path('good.idx'), 'rb') as f:
            cls.good = f.read()
        cls.expected = run(['leaks', cls.dump, '--json', '--no-cache'], cls.env).stdout

    def reopen_with(self, index_bytes, dump=None):
        p = self.path('broken.idx')
        with open(p, 'wb') as f:
            f.write(index_bytes)
        return run(['analyze', dump or self.dump, '--timings', '--index', p], self.env)

    def assertAfresh(self, proc, why):
        self.assertNoCrash(proc, why)
        self.assertEqual(proc.returncode, 0, why + ': ' + proc.stderr.decode('utf-8', 'replace'))
        self.assertNotIn(REOPENED, proc.stdout, why + ': the index was used')
        self.assertIn(b'note: index not used', proc.stderr, why + ': no note')

    def test_good_index_is_used(self):
        p = self.reopen_with(self.good)
        self.assertIn(REOPENED, p.stdout)
        self.assertNotIn(b'not used', p.stderr)

    def test_cut_index(self):
        for cut in sorted({0, 1, 8, 64, len(self.good) // 3, len(self.good) // 2, len(self.good) - 1}):
            self.assertAfresh(self.reopen_with(self.good[:cut]), 'cut at %d' % cut)

    def test_flipped_bytes(self):
        step = max(1, len(self.good) // 40)
        for at in range(0, len(self.good), step):
            b = bytearray(self.good)
            b[at] ^= 0x40
            self.assertAfresh(self.reopen_with(bytes(b)), 'byte %d flipped' % at)

    def test_other_version(self):
        v = run(['--version'], self.env).stdout.split()[-1]
        at = self.good.find(v)
        self.assertGreaterEqual(at, 0, 'the header names the version')
        b = bytearray(self.good)
        b[at:at + len(v)] = b'9' * len(v)
        p = self.reopen_with(bytes(b))
        self.assertAfresh(p, 'other version')

    def test_another_dumps_index(self):
        # the same heap with one class renamed: other bytes, same size
        other = self.path('other.hprof')
        with open(self.dump, 'rb') as f:
            data = f.read()
        self.assertIn(b'com/example', data)
        with open(other, 'wb') as f:
            f.write(data.replace(b'com/example', b'com/exbmple', 1))
        p = run(['analyze', other, '--timings', '--index', self.path('good.idx')], self.env)
        self.assertAfresh(p, "another dump's index")

    def check_changed(self, change):
        dump = self.path('changing.hprof')
        shutil.copyfile(self.dump, dump)
        env = env_with(self.path('cache-changing'))
        p = run(['analyze', dump, '--timings'], env)
        self.assertEqual(p.returncode, 0)
        settle(env['XDG_CACHE_HOME'], want=1)
        p = run(['analyze', dump, '--timings'], env)
        self.assertIn(REOPENED, p.stdout, 'the cache was not used before the change')
        change(dump)
        p = run(['analyze', dump, '--timings'], env)
        self.assertNoCrash(p, 'changed dump')
        self.assertNotIn(REOPENED, p.stdout, 'a changed dump was reopened from its old index')
        return p

    def test_touched_dump(self):
        def touch(p):
            st = os.stat(p)
            os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
        self.check_changed(touch)

    def test_rewritten_dump(self):
        def rewrite(p):
            # a class renamed in place: same size, same mtime, other bytes
            st = os.stat(p)
            with open(p, 'rb') as f:
                data = f.read()
            with open(p, 'r+b') as f:
                f.write(data.replace(b'com/example', b'com/exbmple', 1))
            os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
        self.check_changed(rewrite)

    def test_truncated_dump(self):
        def cut(p):
            os.truncate(p, os.path.getsize(p) - 100)
        self.check_changed(cut)

    def test_unwritable_cache_folder(self):
        # XDG_CACHE_HOME is a file: no folder can be made there
        blocker = self.path('not-a-folder')
        with open(blocker, 'w') as f:
            f.write('x')
        env = env_with(blocker)
        p = run(['leaks', self.dump, '--json'], env)
        self.assertEqual(p.returncode, 0, p.stderr.decode('utf-8', 'replace'))
        self.assertEqual(p.stdout, self.expected)
        self.assertIn(b'no index written', p.stderr)
        p = run(['leaks', self.dump, '--json', '--quiet'], env)
        self.assertEqual((p.returncode, p.stdout, p.stderr), (0, self.expected, b''))

    def test_keep_no_index(self):
        # `cache --limit 0` (the preferences' Keep Indexes off): no index,
        # and no note about it either
        cache, config = self.path('cache-keep-none'), self.path('config-keep-none')
        env = env_with(cache, config)
        self.assertEqual(run(['cache', '--limit', '0'], env).returncode, 0)
        p = run(['leaks', self.dump, '--json'], env)
        self.assertEqual((p.returncode, p.stdout, p.stderr), (0, self.expected, b''))
        self.assertEqual(indexes(cache), [])

    def test_index_never_over_the_dump(self):
        p = run(['index', self.dump, '-o', self.dump], self.env)
        self.assertNotEqual(p.returncode, 0)
        with open(self.dump, 'rb') as f:
            self.assertTrue(f.read().startswith(b'JAVA PROFILE'))
        p = run(['index', self.dump, '-o', '/dev/null'], self.env)
        self.assertNotEqual(p.returncode, 0)

    def test_fifo_index_never_hangs(self):
        # an index that is a FIFO: opened as the dump is (without
        # blocking), refused as not a regular file, analysed afresh
        fifo = self.path('fifo.idx')
        os.mkfifo(fifo)
        p = run(['classes', self.dump, '--index', fifo], self.env, timeout=60)
        self.assertNoCrash(p, 'fifo index')
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn(b'not a regular file', p.stderr)
        self.assertEqual(p.stdout, run(['classes', self.dump, '--no-cache'], self.env).stdout)

    def test_index_beside_the_dump_only_when_asked(self):
        # DUMP.hsindex came with the dump (not written here): never read
        # unless given with --index; a note says how
        d = self.path('beside')
        os.makedirs(d, exist_ok=True)
        dump = os.path.join(d, 'refs.hprof')
        shutil.copyfile(self.dump, dump)
        shutil.copyfile(self.path('good.idx'), dump + '.hsindex')
        env = env_with(self.path('cache-beside'))
        p = run(['analyze', dump, '--timings'], env)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertNotIn(REOPENED, p.stdout, 'an index beside the dump was read unasked')
        self.assertIn(b'--index', p.stderr)
        self.assertIn((dump + '.hsindex').encode(), p.stderr)
        p = run(['analyze', dump, '--timings', '--index', dump + '.hsindex'], env)
        self.assertIn(REOPENED, p.stdout)

    def test_answer_from_an_index_says_so(self):
        # on stderr, naming the file; --quiet says nothing
        p = run(['leaks', self.dump, '--json', '--index', self.path('good.idx')], self.env)
        self.assertEqual((p.returncode, p.stdout), (0, self.expected))
        self.assertIn(b'from the index ' + self.path('good.idx').encode(), p.stderr)
        p = run(['leaks', self.dump, '--json', '--index', self.path('good.idx'), '--quiet'], self.env)
        self.assertEqual((p.returncode, p.stdout, p.stderr), (0, self.expected, b''))

    def test_cache_index_of_another_user(self):
        # an index in the cache folder that this user did not write (owned
        # by another uid): not read, analysed afresh with a note
        if os.geteuid() != 0:
            self.skipTest('needs root to give a file to another user')
        cache = self.path('cache-other-user')
        env = env_with(cache)
        dump = self.path('other-user.hprof')
        shutil.copyfile(self.dump, dump)
        run(['leaks', dump, '--json'], env)
        settle(cache, want=1)
        [index] = indexes(cache)
        p = run(['analyze', dump, '--timings'], env)
        self.assertIn(REOPENED, p.stdout, 'the cache was not used before the change')
        os.chown(index, 65534, 65534)
        p = run(['analyze', dump, '--timings'], env)
        self.assertNotIn(REOPENED, p.stdout, "another user's index was read")
        self.assertIn(b'another user', p.stderr)

    def test_index_errors_exit_2(self):
        # errors exit 2, as for every command (README, "The command line")
        missing = self.path('no-such.hprof')
        p = run(['index', missing, '-o', self.path('x.idx')], self.env)
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn(missing.encode(), p.stderr)
        p = run(['index', self.dump, '-o', self.dump], self.env)
        self.assertEqual(p.returncode, 2, p.stderr)
        cut = self.path('cut.hprof')
        with open(self.dump, 'rb') as f:
            data = f.read()
        with open(cut, 'wb') as f:
            f.write(data[:40])
        p = run(['index', cut, '-o', self.path('cut.idx')], self.env)
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertFalse(os.path.exists(self.path('cut.idx')))



class NextCommandWaits(CliTest):
    """The next command never waits longer than an analysis (docs/index.md,
    "When an index is being written"): a second command started while the
    first analyses the same dump waits for the index the first one writes
    (the lock file beside the cache entry says who writes) and answers
    from it, the same bytes, for a fraction of the first one's CPU."""

    def test_second_command_uses_the_index_being_written(self):
        # 300,000 com.example.Node in chains of 1,000 (next), each a JNI
        # global root: an analysis of a second or so, and its index
        dump = self.path('chains.hprof')
        n, node = 300_000, 0x1008
        classes = [(fastdump.OBJECT_ID, b'java/lang/Object', 0, []),
                   (node, b'com/example/Node', fastdump.OBJECT_ID, [(b'next', 2)])]
        first = 0x100000
        fastdump.write(dump, classes, [
            (first + 8 * i, node, struct.pack('>I', first + 8 * (i + 1) if (i + 1) % 1000 else 0))
            for i in range(n)])
        env = env_with(self.path('cache-next'))
        args = [CLI, 'dominators', dump, '--json', '--top', '20']
        results = {}

        def command(k):
            results[k] = testlib.run_cpu(args, env=env, timeout=600)
        one = threading.Thread(target=command, args=(1,))
        one.start()
        # command 1 takes the lock as it starts analysing
        lock = glob.glob(os.path.join(self.path('cache-next'), 'heapscope', '*.hsindex.lock'))
        end = time.monotonic() + 60
        while not lock and time.monotonic() < end:
            time.sleep(0.005)
            lock = glob.glob(os.path.join(self.path('cache-next'), 'heapscope', '*.hsindex.lock'))
        self.assertTrue(lock, 'command 1 took no lock')
        two = threading.Thread(target=command, args=(2,))
        two.start()
        one.join()
        two.join()
        (p1, cpu1), (p2, cpu2) = results[1], results[2]
        self.assertEqual(p1.returncode, 0, p1.stderr)
        self.assertEqual(p2.returncode, 0, p2.stderr)
        self.assertNotIn(b'from the index', p1.stderr)
        self.assertIn(b'from the index', p2.stderr, 'command 2 analysed afresh: ' + p2.stderr.decode())
        self.assertEqual(p2.stdout, p1.stdout)
        # command 2 read the index (its checks included): less CPU than
        # the analysis (about half here)
        self.assertNotIn(b'analysed here', p2.stderr)
        self.assertLess(cpu2, max(cpu1 * 0.8, 0.1), 'command 2: %.2f s of CPU, command 1 %.2f s' % (cpu2, cpu1))
        settle(self.path('cache-next'), want=1)
        self.assertEqual(len(indexes(self.path('cache-next'))), 1)

if __name__ == '__main__':
    main()
