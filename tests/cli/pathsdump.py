# SPDX-License-Identifier: GPL-3.0-or-later
"""The dump of the paths tests: several routes to the same objects.

4-byte ids; every object and class 8 bytes after the one before, so A = 8.
Shallow sizes (P = R = 4, S(Object) = 8):
  Session {int id}: alignUp(4 + 8, 4) = 12 -> 16     Cache {Object entries}: 16
  Thread {Object name}: 16                           WeakReference (Reference {referent, queue}): 16
  Object[3]: 4 + 4 + 4 + 12 = 24                     Object[2]: 12 + 8 = 20 -> 24
  class App (statics sessions, cache): 2 x 4 = 8     other class objects: 0

Routes (roots: every class sticky, W a JNI global, T a thread object,
S7 a local of T's thread):
  class App --static sessions--> L (Object[3]) --[0..2]--> S1, S2, S3
  class App --static cache--> C (Cache) --entries--> A2 (Object[2]) --[0]--> S3, --[1]--> S4
  W (WeakReference) --referent--> S5
  T (Thread) --<Java Local>--> S7
  S6: nothing refers to it.
  FZ (java.lang.ref.Finalizer, a JNI global) --referent--> X (Closeable):
  a finalizer reference, followed by default, excluded with the kind.
Breadth first from the roots: S1, S2, S3 at depth 2 through L, S4 at 3.
Dominators (the heap does not follow referents): App retains App, L, C,
A2, S1..S4 = 8 + 24 + 16 + 24 + 4 x 16 = 136; L retains L, S1, S2 = 56
(S3 has two routes); C retains C, A2, S4 = 56; A2 retains A2, S4 = 40;
each Session 16 (S5, S6 are unreachable: 0); W 16; T 16.
"""

import hprofgen as g

NAMES = ['OBJ', 'CLS', 'REF', 'WEAK', 'THREADC', 'APP', 'CACHE', 'SESSION', 'ARRC',
         'L', 'C', 'A2', 'S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'W', 'T',
         'FINALREF', 'FINALIZER', 'CLOSEABLE', 'FZ', 'X']
ADDR = {n: 0x1000 + 8 * i for i, n in enumerate(NAMES)}
SESSIONS = ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7']


def build():
    a = ADDR
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    d.cls(a['OBJ'], 'java/lang/Object')
    d.cls(a['CLS'], 'java/lang/Class', super_id=a['OBJ'])
    d.cls(a['REF'], 'java/lang/ref/Reference', super_id=a['OBJ'],
          fields=[('referent', g.OBJECT), ('queue', g.OBJECT)])
    d.cls(a['WEAK'], 'java/lang/ref/WeakReference', super_id=a['REF'])
    d.cls(a['THREADC'], 'java/lang/Thread', super_id=a['OBJ'], fields=[('name', g.OBJECT)])
    d.cls(a['APP'], 'com/example/App', super_id=a['OBJ'],
          statics=[('sessions', g.OBJECT, a['L']), ('cache', g.OBJECT, a['C'])])
    d.cls(a['CACHE'], 'com/example/Cache', super_id=a['OBJ'], fields=[('entries', g.OBJECT)])
    d.cls(a['SESSION'], 'com/example/Session', super_id=a['OBJ'], fields=[('id', g.INT)])
    d.cls(a['ARRC'], '[Ljava/lang/Object;', super_id=a['OBJ'])
    d.obj_array(a['L'], a['ARRC'], [a['S1'], a['S2'], a['S3']])
    d.instance(a['C'], a['CACHE'], {'entries': a['A2']})
    d.obj_array(a['A2'], a['ARRC'], [a['S3'], a['S4']])
    for i, s in enumerate(SESSIONS):
        d.instance(a[s], a['SESSION'], {'id': i + 1})
    d.instance(a['W'], a['WEAK'], {'referent': a['S5'], 'queue': 0})
    d.instance(a['T'], a['THREADC'], {'name': 0})
    d.cls(a['FINALREF'], 'java/lang/ref/FinalReference', super_id=a['REF'])
    d.cls(a['FINALIZER'], 'java/lang/ref/Finalizer', super_id=a['FINALREF'],
          fields=[('next', g.OBJECT), ('prev', g.OBJECT)])
    d.cls(a['CLOSEABLE'], 'com/example/Closeable', super_id=a['OBJ'], fields=[('fd', g.INT)])
    d.instance(a['FZ'], a['FINALIZER'], {'next': 0, 'prev': 0, 'referent': a['X'], 'queue': 0})
    d.instance(a['X'], a['CLOSEABLE'], {'fd': 3})
    for c in ('FINALREF', 'FINALIZER', 'CLOSEABLE'):
        d.sticky(a[c])
    d.jni_global(a['FZ'])
    for c in ('OBJ', 'CLS', 'REF', 'WEAK', 'THREADC', 'APP', 'CACHE', 'SESSION', 'ARRC'):
        d.sticky(a[c])
    d.jni_global(a['W'])
    d.root(g.ROOT_THREAD_OBJECT, a['T'], 1, 0)
    d.java_frame(a['S7'], thread_serial=1, frame=0)
    return h
