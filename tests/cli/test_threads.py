#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli threads on hand-built dumps (docs/semantics.md "Threads").

8-byte ids, no object arrays (R = 8), gaps 64/72 (A = 8), header P + R = 16.
  Leaf {int v}: align(16 + 4, 8) = 24        Holder {Object a}: align(16 + 8) = 24
  java.lang.Thread {name O, daemon Z, threadStatus I, tid J, holder O}:
      16 + 8 + 1 + 4 + 8 + 8 = 45 -> 48
  java.lang.Thread$FieldHolder {daemon Z, threadStatus I}: 16 + 5 -> 24
  java.lang.String {value O}: 24; char[n]: align(alignUp(20, 8) + 2n, 8) = align(24 + 2n, 8)
Threads (ROOT_THREAD_OBJECT, serial order):
  1 "worker-1" tid 21, own daemon 0, threadStatus 0x191 (alive, waiting
    indefinitely, in Object.wait) -> WAITING, trace 10 = [sleep (native,
    line -3), Worker.hold(Worker.java:12), Worker.run(Worker.java:30)].
    Locals: H1 (Holder -> L1) frame 1; L2 JNI local frame 2; SH frame 2 (SH
    is also held by H2, a JNI global; a GC root itself, it retains its own
    24 bytes); L3 frame 7 (beyond the trace: the
    unknown frame). Retained of the thread: 48 + String 24 + char[8] 40 = 112.
    stack_retained = the precise retained size of {H1, L2, SH, L3}: H1 + L1
    + L2 + L3 = 96, plus SH 24 (a member of the set counts even though H2
    holds it: the walk never enters the set) = 120.
  2 "worker-2" tid 22, holder FH {daemon 1, threadStatus 5} -> daemon, RUNNABLE;
    trace 20 = [0xdead (no STACK_FRAME record: unknown frame, warning),
    Main.main(Main.java:-1 = unknown line)]. Locals: L5 frame 0; X frame 1.
    Retained: 48 + 24 + 40 + FH 24 = 136. stack_retained {L5, X} = 48.
  3 "idle" no holder fields set: daemon 0, threadStatus 0 -> NEW; trace
    serial 0 (no stack). Locals: X (frame 0xffffffff, as ART writes them),
    L6 frame 0: both in the unknown frame. Retained 48 + 24 + 32 = 104.
    stack_retained {X, L6} = 48 (X is also a local of thread 2; for each
    thread's own set it is a member, so it counts for both).
  4 "lost" (char[4]) trace serial 40, which is not in the file: warning, no stack.
"""

from clitest import CliTest, g, hexid, main, run_cli

A = g.Addresses(0x7f0000000, (64, 72))
OBJ, CLS, STR, CHARS, THREAD, FHC, LEAF, HOLDER = (A() for _ in range(8))
T1, T2, T3, T4, FH = A(), A(), A(), A(), A()
H1, L1, L2, SH, L3, H2, L5, X, L6 = (A() for _ in range(9))
NAMES = {}


def string(d, oid, text):
    arr = A()
    d.prim_array(arr, g.CHAR, [ord(c) for c in text])
    d.instance(oid, STR, {'value': arr})


def build(cut=False):
    h = g.Hprof(version='1.0.2', id_size=8)
    # class serials: the LOAD_CLASS records hprofgen writes follow the order
    # of the class dumps below, from 1.
    worker_serial, main_serial = 7, 8
    h.stack_frame(0x501, 'sleep', '(J)V', 'Thread.java', 5, -3)
    h.stack_frame(0x502, 'hold', '(I)V', 'Worker.java', worker_serial, 12)
    h.stack_frame(0x503, 'run', '()V', 'Worker.java', worker_serial, 30)
    h.stack_frame(0x504, 'main', '([Ljava/lang/String;)V', 'Main.java', main_serial, -1)
    h.stack_trace(10, 1, [0x501, 0x502, 0x503])
    h.stack_trace(20, 2, [0xdead, 0x504])
    if cut:
        # claims 5 frames, holds 2; a frame record too short to read
        h.record(g.TAG_STACK_TRACE, g.u4(30) + g.u4(9) + g.u4(5) + h.idb(0x501) + h.idb(0x502))
        h.record(g.TAG_STACK_FRAME, h.idb(0x505) + h.idb(0))
    d = h.heap_dump(segmented=True)
    d.cls(OBJ, 'java/lang/Object')                                       # serial 1
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)                          # 2
    d.cls(STR, 'java/lang/String', super_id=OBJ, fields=[('value', g.OBJECT)])  # 3
    d.cls(FHC, 'java/lang/Thread$FieldHolder', super_id=OBJ,
          fields=[('daemon', g.BOOLEAN), ('threadStatus', g.INT)])       # 4
    d.cls(THREAD, 'java/lang/Thread', super_id=OBJ,
          fields=[('name', g.OBJECT), ('daemon', g.BOOLEAN), ('threadStatus', g.INT),
                  ('tid', g.LONG), ('holder', g.OBJECT)])                # 5
    d.cls(LEAF, 'com/example/Leaf', super_id=OBJ, fields=[('v', g.INT)])  # 6
    d.cls(HOLDER, 'com/example/Worker', super_id=OBJ, fields=[('a', g.OBJECT)])  # 7
    d.cls(A(), 'com/example/Main', super_id=OBJ)                         # 8
    for c in (OBJ, CLS, STR, FHC, THREAD, LEAF, HOLDER):
        d.sticky(c)
    names = {}
    for t, name in ((T1, 'worker-1'), (T2, 'worker-2'), (T3, 'idle'), (T4, 'lost')):
        names[t] = A()
        string(d, names[t], name)
    d.instance(T1, THREAD, {'name': names[T1], 'daemon': 0, 'threadStatus': 0x191, 'tid': 21})
    d.instance(T2, THREAD, {'name': names[T2], 'tid': 22, 'holder': FH})
    d.instance(FH, FHC, {'daemon': 1, 'threadStatus': 5})
    d.instance(T3, THREAD, {'name': names[T3], 'tid': 23})
    d.instance(T4, THREAD, {'name': names[T4], 'tid': 24})
    d.instance(H1, HOLDER, {'a': L1})
    d.instance(H2, HOLDER, {'a': SH})
    for i, o in enumerate((L1, L2, SH, L3, L5, X, L6)):
        d.instance(o, LEAF, {'v': i})
    d.root(g.ROOT_THREAD_OBJECT, T1, 1, 10)
    d.root(g.ROOT_THREAD_OBJECT, T2, 2, 20)
    d.root(g.ROOT_THREAD_OBJECT, T3, 3, 0)
    d.root(g.ROOT_THREAD_OBJECT, T4, 4, 40)
    d.root(g.ROOT_JAVA_FRAME, H1, 1, 1)
    d.root(g.ROOT_JNI_LOCAL, L2, 1, 2)
    d.root(g.ROOT_JAVA_FRAME, SH, 1, 2)
    d.root(g.ROOT_JAVA_FRAME, L3, 1, 7)
    d.root(g.ROOT_JNI_GLOBAL, H2, 0)
    d.root(g.ROOT_JAVA_FRAME, L5, 2, 0)
    d.root(g.ROOT_JAVA_FRAME, X, 2, 1)
    d.root(g.ROOT_JAVA_FRAME, X, 3, 0xffffffff)
    d.root(g.ROOT_JAVA_FRAME, L6, 3, 0)
    return h


KEYS = ['id', 'name', 'daemon', 'state', 'retained', 'stack_retained', 'frames']
FRAME_KEYS = ['class', 'method', 'signature', 'file', 'line', 'locals']
LOCAL_KEYS = ['id', 'class', 'shallow', 'retained']


class Threads(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dump = build().write(cls.path('threads.hprof'))
        cls.cut = build(cut=True).write(cls.path('threads-cut.hprof'))

    def threads(self, path):
        j = self.json_of(['threads', '--json', path])
        self.assertEqual(list(j.keys()), ['threads'])
        for t in j['threads']:
            self.assertEqual(list(t.keys()), KEYS)
            self.assertIsInstance(t['id'], str)
            self.assertTrue(t['id'].startswith('0x'))
            for f in t['frames']:
                self.assertEqual(list(f.keys()), FRAME_KEYS)
                for l in f['locals']:
                    self.assertEqual(list(l.keys()), LOCAL_KEYS)
                    self.assertTrue(l['id'].startswith('0x'))
        return j['threads']

    def local(self, oid, cls, shallow, retained):
        return {'id': hex(oid), 'class': cls, 'shallow': shallow, 'retained': retained}

    def check_all(self, ts):
        self.assertEqual([hexid(t['id']) for t in ts], [T1, T2, T3, T4])
        self.assertEqual([t['name'] for t in ts], ['worker-1', 'worker-2', 'idle', 'lost'])
        self.assertEqual([t['daemon'] for t in ts], [False, True, False, False])
        self.assertEqual([t['state'] for t in ts], ['WAITING', 'RUNNABLE', 'NEW', 'NEW'])
        self.assertEqual([t['retained'] for t in ts], [112, 136, 104, 104])
        self.assertEqual([t['stack_retained'] for t in ts], [120, 48, 48, 0])
        leaf, worker = 'com.example.Leaf', 'com.example.Worker'
        f = ts[0]['frames']
        self.assertEqual(len(f), 4)
        self.assertEqual(f[0], {'class': 'java.lang.Thread', 'method': 'sleep', 'signature': '(J)V',
                                'file': 'Thread.java', 'line': -3, 'locals': []})
        self.assertEqual(f[1], {'class': worker, 'method': 'hold', 'signature': '(I)V',
                                'file': 'Worker.java', 'line': 12,
                                'locals': [self.local(H1, worker, 24, 48)]})
        self.assertEqual(f[2], {'class': worker, 'method': 'run', 'signature': '()V',
                                'file': 'Worker.java', 'line': 30,
                                'locals': [self.local(L2, leaf, 24, 24), self.local(SH, leaf, 24, 24)]})
        self.assertEqual(f[3], {'class': None, 'method': '<unknown frame>', 'signature': None,
                                'file': None, 'line': -1, 'locals': [self.local(L3, leaf, 24, 24)]})
        f = ts[1]['frames']
        self.assertEqual([x['method'] for x in f], ['<unknown frame>', 'main'])
        self.assertEqual(f[0]['locals'], [self.local(L5, leaf, 24, 24)])
        self.assertEqual((f[1]['class'], f[1]['line'], f[1]['signature']),
                         ('com.example.Main', -1, '([Ljava/lang/String;)V'))
        self.assertEqual(f[1]['locals'], [self.local(X, leaf, 24, 24)])
        # no stack: the roots still listed, in one unknown frame
        f = ts[2]['frames']
        self.assertEqual(len(f), 1)
        self.assertEqual(f[0]['method'], '<unknown frame>')
        self.assertEqual(sorted(hexid(l['id']) for l in f[0]['locals']), sorted([X, L6]))
        self.assertEqual(ts[3]['frames'], [])

    def test_json(self):
        self.check_all(self.threads(self.dump))

    def test_warnings(self):
        p = run_cli(['threads', self.dump])
        self.assertEqual(p.returncode, 0)
        err = p.stderr.decode()
        self.assertIn('0xdead', err)                # the missing frame
        self.assertIn('stack trace 40', err)        # the missing trace

    def test_text(self):
        p = run_cli(['threads', '-q', self.dump])
        out = p.stdout.decode()
        self.assertIn('"worker-1" #21 0x%x' % T1, out)
        self.assertIn('"worker-2" #22 daemon 0x%x' % T2, out)
        self.assertIn('java.lang.Thread.State: WAITING', out)
        self.assertIn('\tat java.lang.Thread.sleep(Native Method)\n', out)
        self.assertIn('\tat com.example.Worker.hold(Worker.java:12)\n', out)
        self.assertIn('\tat com.example.Main.main(Main.java)\n', out)
        self.assertIn('\tat <unknown frame>\n', out)
        self.assertIn('- local com.example.Worker@0x%x (shallow 24, retained 48 B)' % H1, out)
        self.assertIn('(no stack trace)', out)

    def test_cut_records(self):
        # the same threads (the extra trace names thread 9, which has no
        # thread object), warnings for the broken records, no crash
        p = run_cli(['threads', '--json', self.cut])
        self.assertNoCrash(p, 'threads (cut records)')
        self.assertEqual(p.returncode, 0)
        err = p.stderr.decode()
        self.assertIn('claims 5 frames but holds 2', err)
        self.assertIn('too short', err)
        for args in (['summary', '--json'], ['leaks', '--json']):
            self.assertEqual(run_cli(args + [self.cut]).returncode, 0)
        self.check_all(self.threads(self.cut))


if __name__ == '__main__':
    main()
