# SPDX-License-Identifier: GPL-3.0-or-later
"""The series of the growth tests: one program dumped after each round trip
of a scenario, dump(step) for step 0, 1, 2, 3 (oldest first).

4-byte ids, every object 8 bytes after the one before, so P = R = 4 and
A = 8 (docs/semantics.md "Shallow size"): an instance is align(8 + its
fields, 8), an Object[n] align(12 + 4n, 8), a byte[n] align(12 + n, 8).

class com.example.App (a sticky class) holds in its statics:
  cache      java.util.HashMap, 2 + 2*step entries "kI" -> Item   (grows)
  requests   RequestLog --byId--> HashMap, 3 + 3*step entries "rI" -> Request
                                                                   (grows)
  listeners  java.util.ArrayList of 1 + step Listeners             (grows)
  chain      a linked list of 2 + 2*step Nodes (Node.next)          (grows)
  once       ArrayList of 1 Config in dump 0, of 3 from dump 1 on   (grew once)
  pool       ArrayList of 2 Workers in dump 0, 4 from dump 1 on     (at its ceiling)
Each map's table is a HashMap$Node[16], one entry a bucket; each list's
elementData an Object[10]. A thread (a THREAD_OBJ root) has a local Session
whose `history` ArrayList gains 2 Requests a step (grows).

Sizes: Item, Request, Listener, Config, Worker, Session {int or ref}: 16;
HashMap {table, size}: 16; HashMap$Node {hash, key, value, next}: 24;
String {value}: 16; byte[2] ("k1") and byte[3] ("r10"): 16; Node {next}: 16;
ArrayList {elementData, size}: 16; Object[10]: 56; HashMap$Node[16]: 80;
RequestLog {byId}: 16.
Retained (the dominator tree): the cache map with m entries retains the map,
its table and per entry the Node, the key String, its byte[] and the Item:
16 + 80 + 72m; the listeners list 16 + 56 + 16L; the chain's head all the
Nodes, 16 each.
"""

import hprofgen as g


class Gen:
    """Addresses handed out 8 bytes apart, in creation order."""

    def __init__(self):
        self.h = g.Hprof(version='1.0.2', id_size=4)
        self.d = self.h.heap_dump(segmented=True)
        self.next = 0x10000
        self.classes = {}
        self.obj = self.cls('java/lang/Object')
        self.cls('java/lang/Class')
        self.string = self.cls('java/lang/String', fields=[('value', g.OBJECT)])
        self.objarr = self.cls('[Ljava/lang/Object;')
        self.bytearr = self.cls('[B')

    def addr(self):
        a = self.next
        self.next += 8
        return a

    def cls(self, name, fields=(), statics=(), super_name='java/lang/Object'):
        a = self.addr()
        sup = self.classes.get(super_name, 0) if name != 'java/lang/Object' else 0
        self.d.cls(a, name, super_id=sup, fields=list(fields), statics=list(statics))
        self.d.sticky(a)
        self.classes[name] = a
        return a

    def inst(self, cls, values=None):
        a = self.addr()
        self.d.instance(a, self.classes[cls] if isinstance(cls, str) else cls, values or {})
        return a

    def array(self, elements, length=None, cls=None):
        a = self.addr()
        els = list(elements)
        if length is not None:
            els += [0] * (length - len(els))
        self.d.obj_array(a, cls or self.objarr, els)
        return a

    def str(self, text):
        v = self.addr()
        self.d.prim_array(v, g.BYTE, list(text.encode('latin-1')))
        return self.inst(self.string, {'value': v})

    def hashmap(self, pairs, capacity=16):
        """A java.util.HashMap: a table of `capacity` buckets, entry i in bucket i."""
        entries = [self.inst('java/util/HashMap$Node', {'hash': i, 'key': k, 'value': v, 'next': 0})
                   for i, (k, v) in enumerate(pairs)]
        table = self.array(entries, capacity, cls=self.classes['[Ljava/util/HashMap$Node;'])
        return self.inst('java/util/HashMap', {'table': table, 'size': len(pairs)})

    def arraylist(self, elements, capacity=10):
        data = self.array(elements, capacity)
        return self.inst('java/util/ArrayList', {'elementData': data, 'size': len(elements)})

    def collections(self):
        self.cls('java/util/HashMap', fields=[('table', g.OBJECT), ('size', g.INT)])
        self.cls('java/util/HashMap$Node', fields=[('hash', g.INT), ('key', g.OBJECT), ('value', g.OBJECT),
                                                  ('next', g.OBJECT)])
        self.cls('[Ljava/util/HashMap$Node;')
        self.cls('java/util/ArrayList', fields=[('elementData', g.OBJECT), ('size', g.INT)])


def dump(step, java_version=None, main_class='com.example.Main'):
    """The heap after `step` round trips."""
    x = Gen()
    x.collections()
    for c in ('Item', 'Request', 'Listener', 'Config', 'Worker'):
        x.cls('com/example/' + c, fields=[('id', g.INT)])
    x.cls('com/example/Node', fields=[('next', g.OBJECT)])
    x.cls('com/example/RequestLog', fields=[('byId', g.OBJECT)])
    x.cls('com/example/Session', fields=[('history', g.OBJECT)])
    thread_cls = x.cls('java/lang/Thread', fields=[('name', g.OBJECT)])

    m = 2 + 2 * step
    cache = x.hashmap([(x.str('k%d' % i), x.inst('com/example/Item', {'id': i})) for i in range(1, m + 1)])
    r = 3 + 3 * step
    by_id = x.hashmap([(x.str('r%d' % i), x.inst('com/example/Request', {'id': i}))
                       for i in range(1, r + 1)])
    requests = x.inst('com/example/RequestLog', {'byId': by_id})
    listeners = x.arraylist([x.inst('com/example/Listener', {'id': i}) for i in range(1 + step)])
    nxt = 0
    for _ in range(2 + 2 * step):
        nxt = x.inst('com/example/Node', {'next': nxt})
    chain = nxt
    once = x.arraylist([x.inst('com/example/Config', {'id': i}) for i in range(1 if step == 0 else 3)])
    pool = x.arraylist([x.inst('com/example/Worker', {'id': i}) for i in range(2 if step == 0 else 4)])
    statics = [('cache', g.OBJECT, cache), ('requests', g.OBJECT, requests),
               ('listeners', g.OBJECT, listeners), ('chain', g.OBJECT, chain),
               ('once', g.OBJECT, once), ('pool', g.OBJECT, pool)]
    x.cls('com/example/App', statics=statics)

    history = x.arraylist([x.inst('com/example/Request', {'id': 100 + i}) for i in range(2 + 2 * step)],
                          capacity=16)
    session = x.inst('com/example/Session', {'history': history})
    thread = x.inst(thread_cls, {'name': 0})
    x.d.root(g.ROOT_THREAD_OBJECT, thread, 1, 0)
    x.d.java_frame(session, thread_serial=1, frame=0)

    # System properties, as java.lang.System.props holds them: a HashMap.
    props = []
    if java_version:
        props.append((x.str('java.version'), x.str(java_version)))
    if main_class:
        props.append((x.str('sun.java.command'), x.str(main_class)))
    if props:
        x.cls('java/util/Properties', fields=[('map', g.OBJECT)], super_name='java/lang/Object')
        pm = x.hashmap(props)
        p = x.inst('java/util/Properties', {'map': pm})
        x.cls('java/lang/System', statics=[('props', g.OBJECT, p)])
    return x.h
