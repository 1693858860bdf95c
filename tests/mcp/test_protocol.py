#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli mcp spoken to line by line: version negotiation, what is
not a request (each answered with its JSON-RPC error, the server alive
after it), the tools on the worked example (numbers from
tests/cli/test_worked_example.py, and the CLI's own --json as the peer),
dumps outside the roots, a hostile dump, progress, cancellation and the
analyses kept loaded; growth on the growth tests' series
(tests/cli/growthdump.py) against the CLI's growth --json."""

import json
import os
import shutil
import subprocess
import unittest

import mcptest
from mcptest import Server
import clitest
import growthdump  # tests/cli, on the path mcptest sets
import testlib

SUPPORTED = ('2025-06-18', '2025-11-25')
PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS = -32700, -32600, -32601, -32602


class McpTest(clitest.CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        if not mcptest.CLI:
            raise unittest.SkipTest('HS_CLI is not set')
        cls.root = cls.path('root')
        os.makedirs(cls.root)
        cls.dump = mcptest.worked_example(os.path.join(cls.root, 'worked.hprof'))
        cls.outside = cls.path('outside')
        os.makedirs(cls.outside)

    def server(self, *args, init=True):
        s = Server(['--root', self.root] + list(args))
        self.addCleanup(self._close, s)
        if init:
            r = s.initialize()
            self.assertEqual(r['result']['protocolVersion'], '2025-06-18')
        return s

    def _close(self, s):
        if s.proc.poll() is None:
            s.close()

    def alive(self, s):
        self.assertEqual(s.call('ping'), {'jsonrpc': '2.0', 'id': s.next_id, 'result': {}})

    def error_of(self, msg, code):
        self.assertIn('error', msg, msg)
        self.assertEqual(msg['error']['code'], code, msg)
        return msg['error']['message']

    def cli_json(self, *args):
        proc = clitest.run_cli(list(args) + ['--json', '-q'])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        return json.loads(proc.stdout)


class Lifecycle(McpTest):
    def test_versions(self):
        for v in SUPPORTED:
            s = self.server(init=False)
            r = s.call('initialize', {'protocolVersion': v, 'capabilities': {},
                                      'clientInfo': {'name': 't', 'version': '1'}})
            self.assertEqual(r['result']['protocolVersion'], v, 'a version it speaks is answered as asked')
            self.assertIn('tools', r['result']['capabilities'])
            self.assertEqual(r['result']['serverInfo']['name'], 'heapscope')
        # One it does not speak: the server answers with one it does.
        s = self.server(init=False)
        r = s.call('initialize', {'protocolVersion': '2024-11-05', 'capabilities': {},
                                  'clientInfo': {'name': 't', 'version': '1'}})
        self.assertIn(r['result']['protocolVersion'], SUPPORTED)
        # Twice: refused, still alive.
        r = s.call('initialize', {'protocolVersion': '2025-06-18', 'capabilities': {},
                                  'clientInfo': {'name': 't', 'version': '1'}})
        self.error_of(r, INVALID_REQUEST)
        self.alive(s)

    def test_initialize_without_version(self):
        s = self.server(init=False)
        self.error_of(s.call('initialize', {'capabilities': {}}), INVALID_PARAMS)
        self.alive(s)

    def test_before_initialize(self):
        s = self.server(init=False)
        self.alive(s)  # ping is allowed before
        self.error_of(s.call('tools/list'), INVALID_REQUEST)

    def test_exit_when_stdin_ends(self):
        s = self.server()
        self.assertEqual(s.close(), 0)


class Malformed(McpTest):
    def test_lines(self):
        s = self.server()
        cases = [
            (b'garbage', PARSE_ERROR),
            (b'{"jsonrpc": "2.0", "id": 1, "method": "ping"', PARSE_ERROR),  # cut short
            (b'\xff\xfe{}', PARSE_ERROR),  # not UTF-8
            (b'[{"jsonrpc": "2.0", "id": 1, "method": "ping"}]', INVALID_REQUEST),  # a batch
            (b'42', INVALID_REQUEST),
            (b'{"jsonrpc": "1.0", "id": 7, "method": "ping"}', INVALID_REQUEST),
            (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "ping"}', INVALID_REQUEST),
            (b'{"jsonrpc": "2.0", "id": 8}', INVALID_REQUEST),
            (b'{"jsonrpc": "2.0", "id": 9, "method": 5}', INVALID_REQUEST),
            (b'[' * 100000 + b']' * 100000, PARSE_ERROR),  # too deep to parse
        ]
        for line, code in cases:
            s.send_raw(line + b'\n')
            m = s.recv()
            self.assertIsNotNone(m, 'the server ended on %r' % line[:60])
            self.error_of(m, code)
            if b'"id": 7' in line:
                self.assertEqual(m['id'], 7, 'the id is given back when it could be read')
            self.alive(s)

    def test_long_line(self):
        s = self.server()
        s.send_raw(b'{"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"x": "' + b'a' * (2 << 20)
                   + b'"}}\n')
        self.error_of(s.recv(), INVALID_REQUEST)
        self.alive(s)

    def test_methods_and_params(self):
        s = self.server()
        self.error_of(s.call('resources/list'), METHOD_NOT_FOUND)
        self.error_of(s.call('tools/call', {'name': 'no-such-tool', 'arguments': {}}), INVALID_PARAMS)
        self.error_of(s.call('tools/call', {'arguments': {}}), INVALID_PARAMS)
        self.error_of(s.call('tools/call', {'name': 'summary', 'arguments': [1]}), INVALID_PARAMS)
        s.send({'jsonrpc': '2.0', 'id': 50, 'method': 'tools/list', 'params': [1, 2]})
        self.error_of(s.answer(50), INVALID_PARAMS)
        # Notifications get no answer, known or not.
        s.notify('notifications/whatever', {'x': 1})
        s.notify('notifications/cancelled', {'requestId': 12345})
        self.alive(s)

    def test_bad_arguments_are_tool_errors(self):
        s = self.server()
        for args in ({}, {'dump': 5}, {'dump': self.dump, 'limit': -1}, {'dump': self.dump, 'limit': 'x'},
                     {'dump': self.dump, 'nonsense': 1}):
            r = s.tool('classes', args)
            self.assertTrue(r['isError'], args)
            self.assertNotIn('structuredContent', r)
        r = s.tool('classes', {'dump': self.dump, 'sort': 'size'})
        self.assertTrue(r['isError'])
        self.assertIn('--sort takes count, shallow or retained', r['content'][0]['text'])
        self.alive(s)


class Tools(McpTest):
    def test_list(self):
        s = self.server()
        tools = s.call('tools/list')['result']['tools']
        names = {t['name'] for t in tools}
        self.assertEqual(names, {'summary', 'leaks', 'suspects', 'classes', 'dominators', 'object',
                                 'references', 'paths', 'query', 'waste', 'threads', 'compare', 'growth'})
        for t in tools:
            self.assertEqual(t['inputSchema']['type'], 'object', t['name'])
            self.assertEqual(t['outputSchema']['type'], 'object', t['name'])
            self.assertIn('dumps' if t['name'] == 'growth' else 'dump', t['inputSchema']['properties'],
                          t['name'])
        growth = next(t for t in tools if t['name'] == 'growth')['inputSchema']
        self.assertEqual(growth['required'], ['dumps'])
        self.assertEqual(growth['properties']['dumps']['minItems'], 2)
        self.assertEqual(growth['properties']['min_growth']['minimum'], 1)

    def test_worked_example(self):
        s = self.server()
        r = s.tool('summary', {'dump': self.dump})
        self.assertFalse(r['isError'])
        sc = r['structuredContent']
        # 6 classes + 2 instances + 2 arrays; 32 + 24 + 24 + 16 bytes.
        self.assertEqual((sc['objects'], sc['reachable_bytes'], sc['unreachable_bytes']), (10, 96, 0))
        self.assertEqual(sc, self.cli_json('summary', self.dump), 'structuredContent is the CLI\'s --json')
        self.assertEqual(json.loads(r['content'][1]['text']), sc)

        sc = s.tool('classes', {'dump': self.dump, 'limit': 2})['structuredContent']
        self.assertEqual(sc['classes_total'], 6)
        self.assertEqual([(c['name'], c['retained']) for c in sc['classes']],
                         [('com.example.Seed', 96), ('com.example.Pair', 24)])
        self.assertEqual(sc['classes'], self.cli_json('classes', self.dump, '--limit', '2'))

        sc = s.tool('dominators', {'dump': self.dump, 'limit': 1})['structuredContent']
        self.assertEqual([(clitest.hexid(d['id']), d['retained']) for d in sc['dominators']], [(0x2000, 96)])

        sc = s.tool('object', {'dump': self.dump, 'id': '0x2020'})['structuredContent']
        self.assertEqual((clitest.hexid(sc['id']), sc['retained']), (0x2020, 24))
        self.assertEqual(sc, self.cli_json('object', self.dump, '0x2020'))

        # Seed refers to Pair, int[2] and char[2] (and its class).
        sc = s.tool('references', {'dump': self.dump, 'id': '0x2000'})['structuredContent']
        ids = {clitest.hexid(x['id']) for x in sc['refs']}
        self.assertTrue({0x2020, 0x2038, 0x2050} <= ids, sc)
        sc = s.tool('references', {'dump': self.dump, 'id': '0x2020', 'incoming': True})['structuredContent']
        self.assertIn(0x2000, {clitest.hexid(x['id']) for x in sc['refs']})

        sc = s.tool('query', {'dump': self.dump, 'query': 'SELECT * FROM com.example.Pair'})['structuredContent']
        self.assertEqual(sc['total'], 1)
        self.assertEqual(clitest.hexid(sc['rows'][0][0]), 0x2020)

        sc = s.tool('paths', {'dump': self.dump, 'ids': ['0x2020']})['structuredContent']
        self.assertEqual(sc, self.cli_json('paths', self.dump, '0x2020'))

        sc = s.tool('compare', {'baseline': self.dump, 'dump': self.dump})['structuredContent']
        self.assertEqual(sc['classes_total'], 6)
        self.assertTrue(all(c['delta']['count'] == 0 for c in sc['classes']))

        for name in ('leaks', 'suspects', 'waste', 'threads'):
            r = s.tool(name, {'dump': self.dump})
            self.assertFalse(r['isError'], r)
        # No watched reference: no leak.
        sc = s.tool('leaks', {'dump': self.dump})['structuredContent']
        self.assertEqual((sc['application_leaks_total'], sc['library_leaks_total']), (0, 0))

    def test_errors_are_results(self):
        s = self.server()
        r = s.tool('object', {'dump': self.dump, 'id': '0x999999'})
        self.assertTrue(r['isError'])
        self.assertIn('no object with id 0x999999', r['content'][0]['text'])
        r = s.tool('query', {'dump': self.dump, 'query': 'SELECT FROM WHERE'})
        self.assertTrue(r['isError'])
        self.assertIn('query:', r['content'][0]['text'])
        self.alive(s)


class Roots(McpTest):
    def test_outside(self):
        s = self.server()
        copy = shutil.copy(self.dump, os.path.join(self.outside, 'copy.hprof'))
        link = os.path.join(self.root, 'link.hprof')
        if not os.path.lexists(link):
            os.symlink(copy, link)
        dotdot = os.path.join(self.root, '..', 'outside', 'copy.hprof')
        for path in (copy, link, dotdot, '/etc/passwd'):
            r = s.tool('summary', {'dump': path})
            self.assertTrue(r['isError'], path)
            self.assertIn('outside the folders this server may read', r['content'][0]['text'])
        r = s.tool('compare', {'baseline': copy, 'dump': self.dump})
        self.assertTrue(r['isError'])
        r = s.tool('summary', {'dump': os.path.join(self.root, 'missing.hprof')})
        self.assertTrue(r['isError'])
        self.assertIn('No such file', r['content'][0]['text'])

    def test_not_a_file(self):
        s = self.server()
        fifo = os.path.join(self.root, 'fifo.hprof')
        if not os.path.exists(fifo):
            os.mkfifo(fifo)
        for path in (fifo, self.root):
            r = s.tool('summary', {'dump': path})
            self.assertTrue(r['isError'], path)
            self.assertIn('not a regular file', r['content'][0]['text'])

    def test_no_roots(self):
        s = Server([])
        self.addCleanup(self._close, s)
        s.initialize()
        r = s.tool('summary', {'dump': self.dump})
        self.assertTrue(r['isError'])
        self.assertIn('--root', r['content'][0]['text'])

    def test_client_roots(self):
        """Without --root, the roots the client gives when asked."""
        s = Server([])
        self.addCleanup(self._close, s)
        s.initialize(capabilities={'roots': {'listChanged': True}})
        ask = s.recv()
        self.assertEqual(ask['method'], 'roots/list')
        s.send({'jsonrpc': '2.0', 'id': ask['id'],
                'result': {'roots': [{'uri': 'file://' + self.root, 'name': 'dumps'}]}})
        self.assertFalse(s.tool('summary', {'dump': self.dump})['isError'])
        copy = shutil.copy(self.dump, os.path.join(self.outside, 'copy2.hprof'))
        self.assertTrue(s.tool('summary', {'dump': copy})['isError'])


class Hostile(McpTest):
    def test_hostile_dump(self):
        """A dump cut inside a record gets the CLI's message as a tool
        error; the server goes on."""
        with open(self.dump, 'rb') as f:
            data = f.read()
        bad = os.path.join(self.root, 'cut.hprof')
        with open(bad, 'wb') as f:
            f.write(data[:len(data) * 2 // 3])
        garbage = os.path.join(self.root, 'garbage.hprof')
        with open(garbage, 'wb') as f:
            f.write(b'JAVA PROFILE 1.0.2\x00' + b'\x00\x00\x00\x09' + b'\xff' * 200)
        s = self.server()
        for path in (bad, garbage):
            proc = clitest.run_cli(['summary', path, '--json', '-q'])
            r = s.tool('summary', {'dump': path})
            if proc.returncode == 0:
                self.assertFalse(r['isError'])
                self.assertEqual(r['structuredContent'], json.loads(proc.stdout))
            else:
                self.assertEqual(proc.returncode, 2)
                self.assertTrue(r['isError'])
                cli_message = proc.stderr.decode().strip().splitlines()[-1]
                self.assertEqual('heapscope-cli: ' + r['content'][0]['text'], cli_message)
        self.assertFalse(s.tool('summary', {'dump': self.dump})['isError'])


class Corpus(McpTest):
    """Every tool against the CLI's --json with the same options (the
    peer), on a real Android dump (tests' corpus)."""

    def test_tools_are_the_cli(self):
        dump = os.path.join(testlib.require_corpus('android/leak_service_binder.hprof'), 'android',
                            'leak_service_binder.hprof')
        s = Server(['--root', os.path.dirname(dump)])
        self.addCleanup(self._close, s)
        s.initialize()

        def both(tool, args, *cli):
            r = s.tool(tool, dict(args, dump=dump))
            self.assertFalse(r['isError'], '%s: %s' % (tool, r['content'][0]['text']))
            return r['structuredContent'], self.cli_json(*cli)

        sc, cli = both('leaks', {'limit': 1000}, 'leaks', dump)
        self.assertEqual(sc.pop('application_leaks_total'), len(cli['application_leaks']))
        self.assertEqual(sc.pop('library_leaks_total'), len(cli['library_leaks']))
        self.assertEqual(sc, cli)
        # LeakCanary's expectation for this dump: the path starts at a
        # static field of LeakyService.
        first = sc['application_leaks'][0]['traces'][0]['nodes'][0]
        self.assertEqual((first['class'], first['reference']['kind']),
                         ('com.example.leakcanary.LeakyService', 'static'))

        sc, cli = both('suspects', {}, 'suspects', dump)
        self.assertEqual(sc, cli)
        sc, cli = both('waste', {'limit': 3}, 'waste', dump, '--limit', '3')
        self.assertEqual(sc, cli)
        sc, cli = both('threads', {'limit': 100000}, 'threads', dump)
        self.assertEqual(sc['threads'], cli['threads'])
        self.assertEqual(sc['threads_total'], len(cli['threads']))
        sc, cli = both('dominators', {'limit': 5}, 'dominators', dump, '--top', '5')
        self.assertEqual(sc, {'dominators': cli})
        top = sc['dominators'][0]['id']
        sc, cli = both('references', {'id': top, 'depth': 2, 'limit': 3}, 'refs', dump, top, '--depth', '2',
                       '--limit', '3')
        self.assertEqual(sc, cli)
        sc, cli = both('query', {'query': 'SELECT * FROM java.lang.String', 'limit': 5}, 'query', dump,
                       'SELECT * FROM java.lang.String', '--limit', '5')
        self.assertEqual(sc, cli)
        sc, cli = both('paths', {'class': 'com.example.leakcanary.LeakyService'}, 'paths', dump, '--class',
                       'com.example.leakcanary.LeakyService')
        self.assertEqual(sc, cli)
        sc, cli = both('classes', {'group': 'package', 'limit': 3}, 'classes', dump, '--group', 'package',
                       '--limit', '3')
        self.assertEqual(sc, cli)
        sc, cli = both('compare', {'baseline': dump, 'limit': 10}, 'diff', dump, dump)
        self.assertEqual(sc['classes'], cli['classes'][:10])
        self.assertEqual(sc['classes_total'], len(cli['classes']))
        self.assertEqual((sc['baseline'], sc['current']), (cli['baseline'], cli['current']))


def sorted_nodes(nodes):
    # Nodes, and children, that gained as many objects come in no
    # promised order (tests/cli/test_growth.py).
    for n in nodes:
        n['children'].sort(key=lambda c: (c['reference'], c['class']))
    return sorted(nodes, key=lambda n: json.dumps(n, sort_keys=True))


class Growth(McpTest):
    """The growth tool on the series of tests/cli/growthdump.py: four
    dumps, five paths growing in every interval (its docstring)."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.series = []
        for step in range(4):
            p = os.path.join(cls.root, 'series%d.hprof' % step)
            growthdump.dump(step, java_version='17.0.2').write(p)
            cls.series.append(p)

    def test_is_the_cli(self):
        s = self.server()
        r = s.tool('growth', {'dumps': self.series, 'limit': 100})
        self.assertFalse(r['isError'], r['content'][0]['text'])
        sc = r['structuredContent']
        cli = self.cli_json('growth', *self.series)
        # requests, cache, chain, history and listeners; not once nor pool.
        self.assertEqual(sc.pop('growing_total'), 5)
        self.assertEqual(sc['dumps'], cli['dumps'])
        self.assertEqual([d['path'] for d in sc['dumps']], self.series)
        self.assertEqual(sorted_nodes(sc['growing']), sorted_nodes(cli['growing']))
        self.assertEqual(json.loads(r['content'][1]['text']), dict(sc, growing_total=5))

        # Cut by limit, the total said: the two maps first (requests
        # gained 2 x 9 objects, the cache 2 x 6).
        sc = s.tool('growth', {'dumps': self.series, 'limit': 2})['structuredContent']
        self.assertEqual(sc['growing_total'], 5)
        self.assertEqual([n['path'][-1]['reference'] for n in sc['growing']],
                         ['com.example.RequestLog.byId', 'static com.example.App.cache'])
        keys = sorted(sc['growing'][0]['children'], key=lambda c: c['reference'])[0]
        self.assertEqual((keys['reference'], keys['objects']), ('[key]', [3, 6, 9, 12]))

        # min_growth 3 (--min-growth 3): only the requests map gains 3 a
        # step; the cache, chain, history (2 a step) and listeners (1) drop
        # out.
        sc = s.tool('growth', {'dumps': self.series, 'min_growth': 3})['structuredContent']
        cli = self.cli_json('growth', *self.series, '--min-growth', '3')
        self.assertEqual(sc.pop('growing_total'), len(cli['growing']))
        self.assertEqual(sorted_nodes(sc['growing']), sorted_nodes(cli['growing']))
        self.assertEqual([n['path'][-1]['reference'] for n in sc['growing']], ['com.example.RequestLog.byId'])

        # With two dumps every node that grew: once and pool too.
        sc = s.tool('growth', {'dumps': self.series[:2]})['structuredContent']
        self.assertEqual(sc['growing_total'], 7)

    def test_warnings(self):
        """The CLI's warnings for a doubtful series end the text summary;
        the answer is still the CLI's."""
        other = os.path.join(self.root, 'other.hprof')
        growthdump.dump(1, java_version='21.0.1', main_class='org.other.Tool').write(other)
        s = self.server()
        r = s.tool('growth', {'dumps': [self.series[0], other]})
        self.assertFalse(r['isError'], r['content'][0]['text'])
        said = r['content'][0]['text']
        self.assertIn('Warning: ', said)
        self.assertIn('different programs (com.example.Main, org.other.Tool)', said)
        self.assertIn('different Java versions (17.0.2, 21.0.1)', said)
        sc = r['structuredContent']
        cli = self.cli_json('growth', self.series[0], other)
        self.assertEqual(sc.pop('growing_total'), len(cli['growing']))
        self.assertEqual(sorted_nodes(sc['growing']), sorted_nodes(cli['growing']))
        # One program, one version: no warning.
        r = s.tool('growth', {'dumps': self.series[:2]})
        self.assertNotIn('Warning', r['content'][0]['text'])

    def test_bad_arguments(self):
        s = self.server()
        copy = shutil.copy(self.series[0], os.path.join(self.outside, 'series-copy.hprof'))
        for args, message in (({'dumps': self.series[:1]}, 'takes from 2 to'),
                              ({'dumps': self.series[:1] * 65}, 'takes from 2 to'),
                              ({'dumps': self.series, 'min_growth': 0}, 'from 1 to'),
                              ({'dumps': [self.series[0], copy]}, 'outside the folders'),
                              ({'dumps': self.series[0]}, 'an array of strings'),
                              ({'dump': self.series[0]}, 'needs the argument "dumps"'),
                              ({'dumps': self.series, 'dump': self.series[0]}, 'takes no argument')):
            r = s.tool('growth', args)
            self.assertTrue(r['isError'], args)
            self.assertIn(message, r['content'][0]['text'])
            self.assertNotIn('structuredContent', r)
        self.alive(s)

    def test_progress_and_kept(self):
        """Progress while the series is analysed; a later call on the
        same dumps (or one of them) analyses nothing again."""
        s = self.server()
        call = s.request('tools/call', {'name': 'growth', 'arguments': {'dumps': self.series[:3]},
                                        '_meta': {'progressToken': 'series'}})
        seen = []
        r = s.answer(call, seen)
        self.assertFalse(r['result']['isError'], r)
        progress = [m['params']['progress'] for m in seen if m.get('method') == 'notifications/progress']
        self.assertTrue(progress, 'no progress while the series was analysed')
        self.assertEqual(progress, sorted(set(progress)), 'progress must grow')
        for name, args in (('growth', {'dumps': self.series[:3]}), ('summary', {'dump': self.series[1]})):
            call = s.request('tools/call', {'name': name, 'arguments': args,
                                            '_meta': {'progressToken': 'again'}})
            seen = []
            self.assertFalse(s.answer(call, seen)['result']['isError'])
            self.assertEqual([m for m in seen if m.get('method') == 'notifications/progress'], [],
                             '%s: a dump was analysed again' % name)


class Work(McpTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        # Big enough that its analysis is still running when a message
        # sent after its first progress arrives.
        cls.big = mcptest.linked_list(os.path.join(cls.root, 'big.hprof'), 1000000)
        cls.small = mcptest.linked_list(os.path.join(cls.root, 'small.hprof'), 100)

    def progress_of(self, messages, token):
        return [m['params']['progress'] for m in messages
                if m.get('method') == 'notifications/progress' and m['params']['progressToken'] == token]

    def test_progress_and_kept(self):
        s = self.server()
        call = s.request('tools/call', {'name': 'summary', 'arguments': {'dump': self.small},
                                        '_meta': {'progressToken': 'first'}})
        seen = []
        r = s.answer(call, seen)
        self.assertEqual(r['result']['structuredContent']['objects'], 102)  # 100 + 2 class objects
        progress = self.progress_of(seen, 'first')
        self.assertTrue(progress, 'no progress while the dump was analysed')
        self.assertEqual(progress, sorted(set(progress)), 'progress must grow')
        # The second question on it: kept loaded, nothing analysed again.
        call = s.request('tools/call', {'name': 'classes', 'arguments': {'dump': self.small},
                                        '_meta': {'progressToken': 7}})
        seen = []
        r = s.answer(call, seen)
        self.assertFalse(r['result']['isError'])
        self.assertEqual(self.progress_of(seen, 7), [], 'the dump was analysed again')

    def phases(self, s, dump):
        call = s.request('tools/call', {'name': 'summary', 'arguments': {'dump': dump},
                                        '_meta': {'progressToken': 'load'}})
        seen = []
        r = s.answer(call, seen)
        self.assertFalse(r['result']['isError'], r)
        return {m['params'].get('message') for m in seen if m.get('method') == 'notifications/progress'}

    def test_index_serves_a_dump_seen_before(self):
        """The persistent index the first server wrote (when its analysis
        was let go, at its end) serves the next one: it opens the index
        instead of finding the dominators again (no phase of an analysis
        is reported)."""
        env = dict(os.environ, XDG_CACHE_HOME=self.path('cache-home'))
        env.pop('HEAPSCOPE_NO_CACHE', None)
        first = Server(['--root', self.root], env=env)
        self.addCleanup(self._close, first)
        first.initialize()
        phases = self.phases(first, self.small)
        self.assertIn('Finding dominators', phases)
        self.assertNotIn('Reading the index', phases)
        self.assertEqual(first.close(), 0)
        folder = os.path.join(self.path('cache-home'), 'heapscope')
        self.assertEqual(len([f for f in os.listdir(folder) if f.endswith('.hsindex')]), 1)
        second = Server(['--root', self.root], env=env)
        self.addCleanup(self._close, second)
        second.initialize()
        phases = self.phases(second, self.small)
        self.assertNotIn('Finding dominators', phases)
        self.assertNotIn('Parsing objects', phases)

    def test_budget(self):
        """--limit 0: only the dump in use is kept; the default keeps both."""
        for limit, again in (('0', True), (None, False)):
            s = self.server(*(['--limit', limit] if limit else []))
            for dump in (self.small, self.dump):
                self.assertFalse(s.tool('summary', {'dump': dump})['isError'])
            call = s.request('tools/call', {'name': 'summary', 'arguments': {'dump': self.small},
                                            '_meta': {'progressToken': 'again'}})
            seen = []
            s.answer(call, seen)
            self.assertEqual(bool(self.progress_of(seen, 'again')), again, 'limit %s' % limit)

    def test_ping_and_cancel_while_analysing(self):
        s = self.server()
        big = s.request('tools/call', {'name': 'summary', 'arguments': {'dump': self.big},
                                       '_meta': {'progressToken': 'big'}})
        m = s.recv()
        self.assertEqual(m.get('method'), 'notifications/progress', m)
        # Queued behind it, then cancelled before it starts.
        queued = s.request('tools/call', {'name': 'summary', 'arguments': {'dump': self.small}})
        s.notify('notifications/cancelled', {'requestId': queued, 'reason': 'test'})
        ping = s.request('ping')
        seen = []
        s.answer(ping, seen)
        ids = [x.get('id') for x in seen if 'method' not in x]
        self.assertNotIn(big, ids, 'the analysis ended before ping was answered: make the dump bigger')
        s.notify('notifications/cancelled', {'requestId': big, 'reason': 'test'})
        after = s.request('tools/call', {'name': 'summary', 'arguments': {'dump': self.dump}})
        seen = []
        r = s.answer(after, seen)
        self.assertEqual(r['result']['structuredContent']['objects'], 10)
        answered = [x.get('id') for x in seen if 'method' not in x]
        self.assertNotIn(big, answered, 'a cancelled call was answered')
        self.assertNotIn(queued, answered, 'a cancelled call was answered')
        self.assertEqual(s.close(), 0)


if __name__ == '__main__':
    testlib.main()
