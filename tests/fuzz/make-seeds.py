#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the fuzzer's seed corpus into OUTDIR (used by build-aux/fuzz.sh).

    make-seeds.py OUTDIR [MAX_LEN]

Seeds are small so that libFuzzer can mutate them quickly:
  - small heaps written with tests/hprofgen.py: a LeakCanary-style leak
    (KeyedWeakReference), an Android 1.0.3 dump with HEAP_DUMP_INFO and
    NODATA arrays, a 8-byte-id dump, a two-dump file, a gzip file, weak
    references, thread roots with names, dangling references;
  - the heaps the black-box CLI tests build (tests/cli/*.py build()), when
    they are there;
  - the first MAX_LEN bytes of the dumps of the corpus ($HS_CORPUS_DIR) and
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
sys.path.insert(0, HERE)
import hostile_dumps  # noqa: E402

def leak_heap(version='1.0.2', id_size=4, android=False):
    """The planted leak of the hostile-dump tests (hostile_dumps.base and
    leak), plus an array holding an id that names nothing."""
    h, d = hostile_dumps.base(version=version, id_size=id_size, android=android)
    hostile_dumps.leak(d, android=android)
    d.obj_array(0x20A0, hostile_dumps.OBJS, [0x9999])
    d.java_frame(0x20A0, 1, 0)
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
