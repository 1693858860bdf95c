#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli growth names a reference by the first field that holds the
child, whether the holder's fields are matched to its graph edges by
position (every non-null reference field an edge) or by the children's ids
(a field whose id names no object, which the graph leaves out).

Two dumps of one program (growthdump.Gen), step 0 and 1. class
com.example.Holder extends com.example.Base; Holder declares a, pad (int),
b, c, Base declares base (the record: a, pad, b, c, then base).
App's statics:
  plain     a Holder: a and b hold the same ArrayList of 1 + step Items,
            c null, base an ArrayList of 1 + step Listeners
  dangling  a Holder: a holds 0xdead0 (no object), b and c the same
            ArrayList of 1 + step Requests, base null
The lists grow by one element, so with two dumps each is reported:
  plain -> Holder.a -> ArrayList, [] Item 1, 2 (a, not b: the first field)
  plain -> Base.base -> ArrayList, [] Listener 1, 2 (after the null c)
  dangling -> Holder.b -> ArrayList, [] Request 1, 2 (the field after the
  dangling one: by position it would be named a)."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

from clitest import CliTest, main  # noqa: E402
import growthdump  # noqa: E402
import hprofgen as g  # noqa: E402


def dump(step):
    x = growthdump.Gen()
    x.collections()
    for c in ('Item', 'Listener', 'Request'):
        x.cls('com/example/' + c, fields=[('id', g.INT)])
    x.cls('com/example/Base', fields=[('base', g.OBJECT)])
    x.cls('com/example/Holder', fields=[('a', g.OBJECT), ('pad', g.INT), ('b', g.OBJECT), ('c', g.OBJECT)],
          super_name='com/example/Base')
    n = 1 + step
    items = x.arraylist([x.inst('com/example/Item', {'id': i}) for i in range(n)])
    listeners = x.arraylist([x.inst('com/example/Listener', {'id': i}) for i in range(n)])
    plain = x.inst('com/example/Holder', {'a': items, 'pad': 7, 'b': items, 'c': 0, 'base': listeners})
    requests = x.arraylist([x.inst('com/example/Request', {'id': i}) for i in range(n)])
    dangling = x.inst('com/example/Holder', {'a': 0xdead0, 'pad': 7, 'b': requests, 'c': requests, 'base': 0})
    x.cls('com/example/App', statics=[('plain', g.OBJECT, plain), ('dangling', g.OBJECT, dangling)])
    return x.h


class GrowthFieldsTest(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dumps = []
        for s in range(2):
            p = cls.path('fields%d.hprof' % s)
            dump(s).write(p)
            cls.dumps.append(p)

    def test_references_named_by_first_field(self):
        out = self.json_of(['growth'] + self.dumps + ['--json'])
        got = set()
        for node in out['growing']:
            refs = tuple(s['reference'] for s in node['path'][1:])
            for ch in node['children']:
                got.add((refs, ch['reference'], ch['class'], tuple(ch['objects'])))
        self.assertEqual(got, {
            (('static com.example.App.plain', 'com.example.Holder.a'), '[]', 'com.example.Item', (1, 2)),
            (('static com.example.App.plain', 'com.example.Base.base'), '[]', 'com.example.Listener', (1, 2)),
            (('static com.example.App.dangling', 'com.example.Holder.b'), '[]', 'com.example.Request',
             (1, 2)),
        })


if __name__ == '__main__':
    main()
