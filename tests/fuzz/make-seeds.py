#!/usr/bin/env python3
"""Writes the fuzzer's seed corpus into OUTDIR (used by build-aux/fuzz.sh).

    make-seeds.py OUTDIR [MAX_LEN]

Seeds are small so that libFuzzer can mutate them quickly:
  - small heaps written with tests/hprofgen.py: a LeakCanary-style leak
    (KeyedWeakReference), an Android 1.0.3 dump with HEAP_DUMP_INFO and
    NODATA arrays, a 8-byte-id dump, a two-dump file, a gzip file, weak
    references, thread roots with names, dangling references;
  - the heaps the black-box CLI tests build (tests/cli/*.py build()), when
    they are there;
  - the first MAX_LEN bytes of the dumps of ../shared/corpus and
    data/sample (real writers' record layouts, cut: they exercise the
    truncation paths too).
"""
import glob
import gzip
import importlib
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(HERE)
ROOT = os.path.dirname(TESTS)
sys.path.insert(0, TESTS)
sys.path.insert(0, os.path.join(TESTS, 'cli'))

import hprofgen as g  # noqa: E402

OBJ, CLS, STR, CHARS, BYTES, KWR, REF, WEAK, THREAD, OBJS = (
    0x1000, 0x1010, 0x1020, 0x1030, 0x1040, 0x1050, 0x1060, 0x1070, 0x1080, 0x1090)


def leak_heap(version='1.0.2', id_size=4, android=False):
    """A KeyedWeakReference watching an object held by a static field, a
    String, a Thread root with a name, an object array, a weak reference."""
    h = g.Hprof(version=version, id_size=id_size)
    d = h.heap_dump(segmented=True)
    if android:
        d.heap_info(ord('A'), 'app')
    d.cls(OBJ, 'java/lang/Object')
    d.cls(CLS, 'java/lang/Class', super_id=OBJ)
    d.cls(STR, 'java/lang/String', super_id=OBJ,
          fields=[('value', g.OBJECT), ('hash', g.INT), ('coder', g.BYTE)])
    d.cls(CHARS, '[C', super_id=OBJ)
    d.cls(BYTES, '[B', super_id=OBJ)
    d.cls(OBJS, '[Ljava/lang/Object;', super_id=OBJ)
    d.cls(REF, 'java/lang/ref/Reference', super_id=OBJ,
          fields=[('referent', g.OBJECT), ('queue', g.OBJECT)])
    d.cls(WEAK, 'java/lang/ref/WeakReference', super_id=REF)
    d.cls(KWR, 'leakcanary/KeyedWeakReference', super_id=WEAK,
          fields=[('key', g.OBJECT), ('description', g.OBJECT),
                  ('watchUptimeMillis', g.LONG), ('retainedUptimeMillis', g.LONG)])
    d.cls(THREAD, 'java/lang/Thread', super_id=OBJ, fields=[('name', g.OBJECT)])
    d.cls(0x10A0, 'com/example/Holder', super_id=OBJ, statics=[('sLeaky', g.OBJECT, 0x2000)])
    d.cls(0x10B0, 'com/example/Leaky', super_id=OBJ, fields=[('payload', g.OBJECT), ('self', g.OBJECT)])
    d.cls(0x10C0, 'leakcanary/internal/KeyedWeakReferenceFinder', super_id=OBJ,
          statics=[('heapDumpUptimeMillis', g.LONG, 20000)])
    d.instance(0x2000, 0x10B0, {'payload': 0x2010, 'self': 0x2000})
    d.prim_array(0x2010, g.BYTE, data=b'\x01' * 40)
    d.instance(0x2020, KWR, {'referent': 0x2000, 'queue': 0, 'key': 0x2030,
                             'description': 0x2050, 'watchUptimeMillis': 1000,
                             'retainedUptimeMillis': 5000})
    d.instance(0x2030, STR, {'value': 0x2040, 'hash': 0, 'coder': 0})
    d.prim_array(0x2040, g.CHAR, 'key-1')
    d.instance(0x2050, STR, {'value': 0x2060, 'hash': 0, 'coder': 0})
    d.prim_array(0x2060, g.BYTE, data=b'watched \xc3\xa9')
    d.instance(0x2070, THREAD, {'name': 0x2030})
    d.obj_array(0x2080, OBJS, [0x2020, 0x2030, 0, 0x9999])
    if android:
        d.prim_array_nodata(0x2090, g.INT, 100)
    for c in (OBJ, CLS, STR, CHARS, BYTES, OBJS, REF, WEAK, KWR, THREAD, 0x10A0, 0x10B0, 0x10C0):
        d.sticky(c)
    d.root(g.ROOT_THREAD_OBJECT, 0x2070, 1, 0)
    d.java_frame(0x2080, 1, 0)
    d.jni_global(0x2020, 0x77)
    return h


def write(out, name, data):
    with open(os.path.join(out, name), 'wb') as f:
        f.write(data)


def main():
    out = sys.argv[1]
    max_len = int(sys.argv[2]) if len(sys.argv) > 2 else 65536
    os.makedirs(out, exist_ok=True)
    write(out, 'leak-4.hprof', leak_heap().build())
    write(out, 'leak-8.hprof', leak_heap(id_size=8).build())
    write(out, 'leak-android.hprof', leak_heap(version='1.0.3', android=True).build())
    write(out, 'leak-4.hprof.gz', gzip.compress(leak_heap().build(), mtime=0))
    two = leak_heap()
    two.heap_dump(segmented=False).cls(0x3000, 'Second', super_id=0)
    write(out, 'two-dumps.hprof', two.build())
    # The builders of the CLI tests, when present.
    for mod, fn in [('test_worked_example', 'build'), ('test_android', 'build'),
                    ('test_dominators', 'build'), ('test_references', 'build_weak'),
                    ('test_references', 'build_dangling'), ('test_references', 'build_loaders'),
                    ('test_roots', 'build'), ('test_truncation', 'build')]:
        try:
            data = getattr(importlib.import_module(mod), fn)().build()
        except Exception as e:  # a test file mid-edit: skip it
            print('skipping %s.%s: %s' % (mod, fn, e), file=sys.stderr)
            continue
        if len(data) <= max_len:
            write(out, '%s-%s.hprof' % (mod, fn), data)
    # The report tests' tiny and hostile dumps (a planted leak, markup and
    # invalid UTF-8 in names).
    with tempfile.TemporaryDirectory() as tmp:
        r = subprocess.run([sys.executable, os.path.join(TESTS, 'report', 'make-dumps.py'), tmp])
        for name in ('tiny.hprof', 'hostile.hprof'):
            p = os.path.join(tmp, name)
            if r.returncode == 0 and os.path.exists(p) and os.path.getsize(p) <= max_len:
                with open(p, 'rb') as f:
                    write(out, 'report-' + name, f.read())
    # Prefixes of real dumps.
    real = sorted(glob.glob(os.path.join(ROOT, '..', 'shared', 'corpus', '*', '*.hprof*')))
    real += glob.glob(os.path.join(ROOT, 'data', 'sample', '*.hprof'))
    real += glob.glob(os.path.join(TESTS, 'generator', 'dumps', '*.hprof'))
    for p in real:
        with open(p, 'rb') as f:
            data = f.read(max_len)
        write(out, 'prefix-' + os.path.basename(p), data)


if __name__ == '__main__':
    main()
