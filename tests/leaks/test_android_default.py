#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Android leaks by default: on an Android dump without LeakCanary's
KeyedWeakReference (an Android Studio or `am dumpheap` dump), the objects
the Android inspectors find leaking are leaks without --android-leaks; on
a dump with the watcher class, or one that is not Android, only with it.

The dump: java.lang.Object, android.app.Activity {boolean mDestroyed},
com.example.MainActivity, com.example.Holder with the statics `dead`
(a MainActivity with mDestroyed = true) and `live` (mDestroyed = false).
The destroyed one is the leak (reason "Activity#mDestroyed is true"),
reached through the static Holder.dead; the live one is not."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import hprofgen as g  # noqa: E402  (tests/hprofgen.py)
import testlib  # noqa: E402

CLI = os.environ.get('HS_CLI')
OBJ, CLS, ACT, MAIN, HOLDER, KWR = 0x100, 0x110, 0x120, 0x130, 0x140, 0x150
DEAD, LIVE = 0x1000, 0x1010


def build(version, watcher):
    h = g.Hprof(version=version, id_size=4)
    d = h.heap_dump(segmented=True)
    if version == '1.0.3':
        d.heap_info('A', 'app')
    d.cls(OBJ, 'java/lang/Object', instance_size=8)
    d.cls(CLS, 'java/lang/Class', super_id=OBJ, instance_size=8)
    d.cls(ACT, 'android/app/Activity', super_id=OBJ, fields=[('mDestroyed', g.BOOLEAN)], instance_size=16)
    d.cls(MAIN, 'com/example/MainActivity', super_id=ACT, instance_size=16)
    d.cls(HOLDER, 'com/example/Holder', super_id=OBJ, instance_size=8,
          statics=[('dead', g.OBJECT, DEAD), ('live', g.OBJECT, LIVE)])
    if watcher:
        d.cls(KWR, 'leakcanary/KeyedWeakReference', super_id=OBJ, instance_size=8)
    d.instance(DEAD, MAIN, {'mDestroyed': 1})
    d.instance(LIVE, MAIN, {'mDestroyed': 0})
    for c in (OBJ, CLS, ACT, MAIN, HOLDER) + ((KWR,) if watcher else ()):
        d.sticky(c)
    return h


def leaking_ids(path, *extra):
    p = subprocess.run([CLI, 'leaks', path, '--json'] + list(extra), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=120)
    if p.returncode != 0:
        raise AssertionError('leaks failed (%s): %s' % (p.returncode, p.stderr.decode()))
    r = json.loads(p.stdout)
    out = {}
    for grp in r['application_leaks'] + r['library_leaks']:
        for t in grp['traces']:
            out[int(t['nodes'][-1]['id'], 16)] = t
    return out


class AndroidByDefault(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not CLI:
            raise unittest.SkipTest('HS_CLI is not set')
        cls._tmp = tempfile.TemporaryDirectory(prefix='hs-android-default-')
        cls.tmp = cls._tmp.name

    @classmethod
    def tearDownClass(cls):
        cls._tmp.cleanup()

    def dump(self, name, version, watcher):
        path = os.path.join(self.tmp, name)
        build(version, watcher).write(path)
        return path

    def test_android_without_watcher(self):
        got = leaking_ids(self.dump('studio.hprof', '1.0.3', False))
        self.assertEqual(set(got), {DEAD})
        t = got[DEAD]
        self.assertEqual(t['nodes'][-1]['reasons'], ['Activity#mDestroyed is true'])
        self.assertEqual([n['reference']['name'] for n in t['nodes'][:-1]], ['dead'])

    def test_android_with_watcher_class(self):
        path = self.dump('leakcanary.hprof', '1.0.3', True)
        self.assertEqual(set(leaking_ids(path)), set())
        self.assertEqual(set(leaking_ids(path, '--android-leaks')), {DEAD})

    def test_not_android(self):
        path = self.dump('hotspot.hprof', '1.0.2', False)
        self.assertEqual(set(leaking_ids(path)), set())
        self.assertEqual(set(leaking_ids(path, '--android-leaks')), {DEAD})


if __name__ == '__main__':
    testlib.main()
