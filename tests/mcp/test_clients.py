#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli mcp driven by real MCP clients: the official TypeScript
SDK's client (sdk-client.mjs) and the MCP Inspector's CLI mode, both from
node_modules here (build-aux/test.sh runs npm ci from package-lock.json;
without them this fails, it does not skip). The expected numbers are the
worked example's (tests/cli/test_worked_example.py) and the growth
series' (tests/cli/growthdump.py)."""

import json
import os
import shutil
import subprocess

import mcptest  # first: it puts tests/cli on the path
import clitest
import growthdump
import testlib

HERE = os.path.dirname(os.path.abspath(__file__))
MODULES = os.path.join(HERE, 'node_modules')
WAIT = 600  # only to stop a hang


class Clients(clitest.CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.root = cls.path('root')
        os.makedirs(cls.root)
        cls.dump = mcptest.worked_example(os.path.join(cls.root, 'worked.hprof'))
        os.makedirs(cls.path('outside'))
        cls.outside = shutil.copy(cls.dump, cls.path('outside/copy.hprof'))

    def node(self):
        node = shutil.which('node')
        self.assertIsNotNone(node, 'node is missing: build-aux/test.sh installs nodejs')
        self.assertTrue(os.path.isdir(os.path.join(MODULES, '@modelcontextprotocol', 'sdk')),
                        'tests/mcp/node_modules is missing: run npm ci in tests/mcp (build-aux/test.sh does)')
        return node

    def sdk(self, *args):
        proc = subprocess.run([self.node(), os.path.join(HERE, 'sdk-client.mjs'), mcptest.CLI] + list(args),
                              cwd=HERE, stdin=subprocess.DEVNULL, capture_output=True, timeout=WAIT)
        self.assertEqual(proc.returncode, 0, proc.stderr.decode('utf-8', 'replace')[-3000:])
        return json.loads(proc.stdout.decode().strip().splitlines()[-1])

    def assertWorkedExample(self, seen):
        for name in ('summary', 'classes', 'dominators', 'object', 'references', 'paths', 'query', 'leaks',
                     'suspects', 'waste', 'threads', 'compare', 'growth'):
            self.assertNotIn('thrown', seen[name], '%s: %s' % (name, seen[name].get('thrown')))
            self.assertFalse(seen[name]['isError'], '%s: %s' % (name, seen[name]['text']))
        s = seen['summary']['structured']
        self.assertEqual((s['objects'], s['reachable_bytes']), (10, 96))
        c = seen['classes']['structured']
        self.assertEqual(c['classes_total'], 6)
        self.assertEqual([(r['name'], r['retained']) for r in c['classes']],
                         [('com.example.Seed', 96), ('com.example.Pair', 24)])
        d = seen['dominators']['structured']['dominators']
        self.assertEqual([(clitest.hexid(x['id']), x['retained']) for x in d], [(0x2000, 96)])
        self.assertEqual(seen['object']['structured']['retained'], 24)
        self.assertEqual(seen['query']['structured']['total'], 1)
        self.assertTrue(seen['outside']['isError'])
        self.assertIn('outside the folders', seen['outside']['text'])

    def test_sdk(self):
        big = mcptest.linked_list(self.path('root/big.hprof'), 1000000)
        series = []
        for step in range(3):
            series.append(self.path('root/series%d.hprof' % step))
            growthdump.dump(step).write(series[-1])
        seen = self.sdk(self.root, self.dump, self.outside, big, *series)
        os.unlink(big)
        self.assertEqual(seen['server']['name'], 'heapscope')
        self.assertEqual(len(seen['tools']), 13)
        # The five paths growing in every interval (growthdump.py), the
        # first three given, each checked by the SDK against the
        # outputSchema.
        g = seen['growth']['structured']
        self.assertEqual([d['path'] for d in g['dumps']], series)
        self.assertEqual((g['growing_total'], len(g['growing'])), (5, 3))
        self.assertEqual([n['path'][-1]['reference'] for n in g['growing'][:2]],
                         ['com.example.RequestLog.byId', 'static com.example.App.cache'])
        self.assertEqual(g['growing'][0]['path'][0]['reference'], None)
        self.assertTrue(all(t['output'] == 'object' for t in seen['tools']))
        self.assertWorkedExample(seen)
        self.assertTrue(seen['summaryProgress'], 'no progress while the dump was analysed')
        self.assertTrue(seen['badArgument']['isError'])
        # Cancelled: the SDK gave up the call (it throws), the server goes on.
        self.assertTrue(seen['cancelledAfterProgress'])
        self.assertIn('thrown', seen['cancelled'])
        self.assertIs(seen['pingAfterCancel'], True)
        self.assertEqual(seen['afterCancel']['structured']['objects'], 10)

    def test_sdk_client_roots(self):
        seen = self.sdk('--client-roots', self.root, self.dump, self.outside)
        self.assertWorkedExample(seen)
        # growth on the worked example twice: nothing grew.
        g = seen['growth']['structured']
        self.assertEqual(([d['path'] for d in g['dumps']], g['growing'], g['growing_total']),
                         ([self.dump, self.dump], [], 0))

    def inspector(self, *args):
        self.node()
        exe = os.path.join(MODULES, '.bin', 'mcp-inspector')
        self.assertTrue(os.path.exists(exe), 'the MCP Inspector is missing from tests/mcp/node_modules')
        proc = subprocess.run([exe, '--cli', mcptest.CLI, 'mcp', '--root', self.root] + list(args),
                              cwd=HERE, stdin=subprocess.DEVNULL, capture_output=True, timeout=WAIT)
        return proc

    def test_inspector(self):
        proc = self.inspector('--method', 'tools/list')
        self.assertEqual(proc.returncode, 0, proc.stderr.decode('utf-8', 'replace')[-3000:])
        tools = json.loads(proc.stdout)['tools']
        self.assertEqual(len(tools), 13)

        proc = self.inspector('--method', 'tools/call', '--tool-name', 'summary', '--tool-arg',
                              'dump=' + self.dump)
        self.assertEqual(proc.returncode, 0, proc.stderr.decode('utf-8', 'replace')[-3000:])
        r = json.loads(proc.stdout)
        self.assertFalse(r.get('isError'))
        self.assertEqual((r['structuredContent']['objects'], r['structuredContent']['reachable_bytes']), (10, 96))

        proc = self.inspector('--method', 'tools/call', '--tool-name', 'object', '--tool-arg',
                              'dump=' + self.dump, '--tool-arg', 'id=0x2020')
        self.assertEqual(proc.returncode, 0, proc.stderr.decode('utf-8', 'replace')[-3000:])
        self.assertEqual(json.loads(proc.stdout)['structuredContent']['retained'], 24)

        proc = self.inspector('--method', 'tools/call', '--tool-name', 'summary', '--tool-arg',
                              'dump=' + self.outside)
        out = proc.stdout.decode('utf-8', 'replace') + proc.stderr.decode('utf-8', 'replace')
        self.assertIn('outside the folders', out)


if __name__ == '__main__':
    testlib.main()
