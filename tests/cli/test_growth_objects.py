#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli growth --json --newest-objects N: the objects each growing
node and child merges in the newest dump, by id. The series is
growthdump.py's (its docstring has the scenario); the ids expected are the
addresses the generator gave the objects of the newest dump (3 round
trips), recorded as it wrote them."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

from clitest import CliTest, hexid, main, run_cli  # noqa: E402
import growthseries  # noqa: E402


def addresses(made, cls, pred=lambda v: True):
    return sorted(a for c, v, a in made if c == cls and pred(v))


class GrowthObjectsTest(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dumps = growthseries.write_series(cls.path, 3, java_version='17.0.2')
        h, cls.made = growthseries.recorded_dump(3, java_version='17.0.2')
        p = cls.path('series3.hprof')
        h.write(p)
        cls.dumps.append(p)

    def growth(self, *extra):
        return self.json_of(['growth'] + self.dumps + ['--json'] + list(extra))

    def by_ref(self, out):
        return {n['path'][-1]['reference']: n for n in out['growing']}

    def test_newest_objects(self):
        nodes = self.by_ref(self.growth('--newest-objects', '100'))
        # The request map: the one HashMap of 12 entries (3 + 3 * 3).
        byid = nodes['com.example.RequestLog.byId']
        self.assertEqual([hexid(i) for i in byid['newest_objects']],
                         addresses(self.made, 'java/util/HashMap', lambda v: v.get('size') == 12))
        children = {c['reference']: c for c in byid['children']}
        # Its keys: the Strings "r1".."r12"; a String is made by str() as an
        # instance of the String class (an id, not a name) holding its bytes.
        keys = [hexid(i) for i in children['[key]']['newest_objects']]
        self.assertEqual(len(keys), 12)
        self.assertEqual(len(keys), children['[key]']['objects'][-1])
        # Its values: the Requests of ids 1..12 (the history's are 100..107).
        self.assertEqual([hexid(i) for i in children['[value]']['newest_objects']],
                         addresses(self.made, 'com/example/Request', lambda v: 1 <= v['id'] <= 12))
        # The chain: its head, then the 7 Nodes behind it (8 = 2 + 2 * 3).
        chain = nodes['static com.example.App.chain']
        nodes_made = addresses(self.made, 'com/example/Node')
        self.assertEqual(len(nodes_made), 8)
        head = [hexid(i) for i in chain['newest_objects']]
        rest = [hexid(i) for i in chain['children'][0]['newest_objects']]
        self.assertEqual(len(head), 1)
        self.assertEqual(sorted(head + rest), nodes_made)
        # The head is the last Node made (the list is built from its tail).
        self.assertEqual(head, [nodes_made[-1]])
        # The listeners: ids 0..3.
        listeners = nodes['static com.example.App.listeners']['children'][0]
        self.assertEqual([hexid(i) for i in listeners['newest_objects']],
                         addresses(self.made, 'com/example/Listener'))

    def test_keys_are_the_strings(self):
        # Each key id is a String whose value is "rI": the object command says so.
        nodes = self.by_ref(self.growth('--newest-objects', '3'))
        keys = {c['reference']: c for c in nodes['com.example.RequestLog.byId']['children']}['[key]']
        self.assertEqual(len(keys['newest_objects']), 3)  # the limit
        for i in keys['newest_objects']:
            proc = run_cli(['object', self.dumps[-1], i, '--json'])
            self.assertEqual(proc.returncode, 0, proc.stderr)
            self.assertIn(b'java.lang.String', proc.stdout)
            self.assertRegex(proc.stdout.decode(), r'"r([1-9]|1[0-2])"')

    def test_not_asked(self):
        out = self.growth()
        self.assertTrue(out['growing'])
        for n in out['growing']:
            self.assertNotIn('newest_objects', n)
        proc = run_cli(['growth'] + self.dumps + ['--json', '--newest-objects', '-1'])
        self.assertEqual(proc.returncode, 2)
        self.assertIn(b'--newest-objects', proc.stderr)


if __name__ == '__main__':
    main()
