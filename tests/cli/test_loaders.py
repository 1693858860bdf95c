#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli loaders and props (docs/semantics.md "Class loaders",
"System properties and JVM arguments") on loadersdump.py's heap, whose
docstring works out every number asserted here, on hostile maps, and on
the corpus's JVM dumps (which JVM wrote each: their file names and
/work/shared/corpus/README.md; the MAT dumps were written by Eclipse MAT's
test programs, org.eclipse.mat.tests.*)."""

import os

from clitest import CliTest, g, hexid, main, run_cli, testlib

import loadersdump as ld


class Loaders(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.b = ld.build()
        cls.dump = cls.b.h.write(cls.path('loaders.hprof'))
        cls.hb = ld.build(hostile=True)
        cls.hostile = cls.hb.h.write(cls.path('hostile.hprof'))

    def test_loaders_json(self):
        j = self.json_of(['loaders', self.dump, '--json'])
        rows = [(hexid(r['id']), r['classes'], r['instances'], r['retained']) for r in j['loaders']]
        self.assertEqual(rows, [(0, self.b.boot_classes, self.b.n_objects - 10, None),
                                (self.b.l1, 3, 5, ld.L1_RETAINED),
                                (self.b.l2, 2, 5, ld.L2_RETAINED)])
        labels = [r['label'] for r in j['loaders']]
        self.assertEqual(labels, ['<system class loader>',
                                  'com.example.PluginLoader @ 0x%x (plugin-a)' % self.b.l1,
                                  'com.example.PluginLoader @ 0x%x' % self.b.l2])
        self.assertEqual([r['class'] for r in j['loaders']],
                         [None, 'com.example.PluginLoader', 'com.example.PluginLoader'])

    def test_duplicates_json(self):
        j = self.json_of(['loaders', self.dump, '--json'])
        dups = [(d['name'], d['loaders'], d['instances'],
                 [(hexid(c['id']), hexid(c['loader']), c['instances']) for c in d['classes']])
                for d in j['duplicate_classes']]
        b = self.b
        self.assertEqual(dups, [
            ('com.example.Shared', 3, 1, [(b.s0, 0, 1), (b.s1, b.l1, 0), (b.s2, b.l2, 0)]),
            ('com.example.Plugin', 2, 8, [(b.p2, b.l2, 5), (b.p1, b.l1, 3)]),
        ])
        self.assertEqual(j['duplicate_classes'][1]['classes'][1]['loader_label'],
                         'com.example.PluginLoader @ 0x%x (plugin-a)' % b.l1)

    def test_loaders_text(self):
        p = run_cli(['loaders', self.dump])
        self.assertEqual(p.returncode, 0, p.stderr)
        lines = p.stdout.decode('utf-8').splitlines()
        self.assertEqual(lines[0], 'Class loaders: 3')
        self.assertEqual(lines[2].split(), [str(self.b.boot_classes), str(self.b.n_objects - 10), '-',
                                            '<system', 'class', 'loader>'])
        self.assertEqual(lines[3].split()[:3], ['3', '5', str(ld.L1_RETAINED)])
        self.assertTrue(lines[3].endswith('com.example.PluginLoader @ 0x%x (plugin-a)' % self.b.l1))
        self.assertEqual(lines[4].split()[:3], ['2', '5', str(ld.L2_RETAINED)])
        i = lines.index('Duplicate classes: 2')
        self.assertEqual(lines[i + 1], 'com.example.Shared (3 loaders, 1 instances)')
        self.assertEqual(lines[i + 5], 'com.example.Plugin (2 loaders, 8 instances)')
        self.assertEqual(lines[i + 6].split(), ['5', 'com.example.PluginLoader', '@', '0x%x' % self.b.l2])

    def test_props_json(self):
        j = self.json_of(['props', self.dump, '--json'])
        self.assertEqual(j['source'], 'java.lang.System.props')
        self.assertEqual({p['key']: p['value'] for p in j['properties']}, ld.PROPS)
        keys = [p['key'] for p in j['properties']]
        self.assertEqual(keys, sorted(ld.PROPS), 'sorted by key')
        self.assertEqual(j['jvm_arguments'], ld.ARGS)
        self.assertEqual(j['jvm_arguments_source'], 'sun.management.VMManagementImpl.vmArgs')
        self.assertFalse(j['truncated'])

    def test_props_text(self):
        p = run_cli(['props', self.dump])
        self.assertEqual(p.returncode, 0, p.stderr)
        lines = p.stdout.decode('utf-8').splitlines()
        self.assertEqual(lines[0], 'System properties (java.lang.System.props): 8')
        self.assertIn('java.version=17.0.2', lines)
        self.assertIn('user.dir=/srv/\u03a9mega', lines)
        # A newline in a value cannot start a line of its own.
        self.assertIn('line.separator=\\u000a', lines)
        i = lines.index('JVM arguments (sun.management.VMManagementImpl.vmArgs): 2')
        self.assertEqual(lines[i + 1:i + 3], ld.ARGS)

    def csv_tables(self, args):
        import csv
        import io
        p = run_cli(args)
        self.assertEqual(p.returncode, 0, p.stderr)
        text = p.stdout.decode('utf-8')
        first, second = text.split('\n\n')
        return list(csv.reader(io.StringIO(first))), list(csv.reader(io.StringIO(second)))

    def test_csv(self):
        # Re-imported, the CSV gives the same numbers, unformatted.
        b = self.b
        loaders, dups = self.csv_tables(['loaders', self.dump, '--csv'])
        l1 = 'com.example.PluginLoader @ 0x%x (plugin-a)' % b.l1
        l2 = 'com.example.PluginLoader @ 0x%x' % b.l2
        self.assertEqual(loaders, [['loader', 'id', 'classes', 'instances', 'retained'],
                                   ['<system class loader>', '0x0', str(b.boot_classes), str(b.n_objects - 10), ''],
                                   [l1, '0x%x' % b.l1, '3', '5', str(ld.L1_RETAINED)],
                                   [l2, '0x%x' % b.l2, '2', '5', str(ld.L2_RETAINED)]])
        self.assertEqual(dups, [['duplicate class', 'loaders', 'loader', 'instances'],
                                ['com.example.Shared', '3', '<system class loader>', '1'],
                                ['com.example.Shared', '3', l1, '0'],
                                ['com.example.Shared', '3', l2, '0'],
                                ['com.example.Plugin', '2', l2, '5'],
                                ['com.example.Plugin', '2', l1, '3']])
        props, args = self.csv_tables(['props', self.hostile, '--csv'])
        want = dict(ld.PROPS)
        want[ld.XSS_KEY] = ld.XSS_VALUE
        want[ld.LOOP_KEY] = 'once'
        self.assertEqual(props[0], ['key', 'value'])
        self.assertEqual(dict(props[1:]), want)   # the newline of line.separator survives, quoted
        # an argument starting with '-' is text a spreadsheet would run as
        # a formula: written with a leading quote (docs/robustness.md, CSV)
        self.assertEqual(args, [['jvm argument']] + [["'" + a if a[0] in '=+-@' else a] for a in ld.ARGS])
        for cmd in ('loaders', 'props'):
            p = run_cli([cmd, self.dump, '--csv', '--json'])
            self.assertEqual(p.returncode, 2, '%s --csv --json' % cmd)

    def test_hostile_props(self):
        j = self.json_of(['props', self.hostile, '--json'])
        got = [(p['key'], p['value']) for p in j['properties']]
        want = dict(ld.PROPS)
        want[ld.XSS_KEY] = ld.XSS_VALUE
        want[ld.LOOP_KEY] = 'once'   # a node chained to itself is read once
        self.assertEqual(sorted(got), sorted(want.items()))
        # An ArrayList's size counts, not its array's length; found by its class.
        self.assertEqual(j['jvm_arguments'], ld.ARGS)

    def test_no_props(self):
        # A dump without java.lang.System: clean, empty.
        h = g.Hprof(id_size=4)
        d = h.heap_dump()
        d.cls(0x1000, 'java/lang/Object')
        d.sticky(0x1000)
        path = self.write(h, 'bare.hprof')
        j = self.json_of(['props', path, '--json'])
        self.assertEqual((j['source'], j['properties'], j['jvm_arguments'], j['truncated']),
                         (None, [], [], False))
        p = run_cli(['props', path])
        self.assertEqual(p.stdout.decode().splitlines()[0], 'No system properties in this dump.')
        j = self.json_of(['loaders', path, '--json'])
        self.assertEqual([(r['id'], r['classes']) for r in j['loaders']], [('0x0', 1)])
        self.assertEqual(j['duplicate_classes'], [])

    def test_props_cap(self):
        # 100,005 entries (one key and one value String shared by every node):
        # the first 100,000 are kept and the listing says it was cut.
        h = g.Hprof(id_size=4)
        d = h.heap_dump()
        A = g.Addresses(0x100000, [24, 40])
        obj, string, node, node_arr, props, system = (A() for _ in range(6))
        d.cls(obj, 'java/lang/Object')
        d.cls(string, 'java/lang/String', obj, fields=[('value', g.OBJECT)])
        d.cls(node, 'java/util/HashMap$Node', obj,
              fields=[('key', g.OBJECT), ('value', g.OBJECT), ('next', g.OBJECT)])
        d.cls(node_arr, '[Ljava/util/HashMap$Node;', obj)
        d.cls(props, 'java/util/Hashtable', obj, fields=[('table', g.OBJECT)])
        n = 100005
        key, kv, table, p = A(), A(), A(), A()
        d.prim_array(kv, g.CHAR, [ord('k')])
        d.instance(key, string, {'value': kv})
        ids = [A() for _ in range(n)]
        for i in range(n):
            d.instance(ids[i], node, {'key': key, 'value': key, 'next': ids[i + 1] if i + 1 < n else 0})
        d.obj_array(table, node_arr, [ids[0]])
        d.instance(p, props, {'table': table})
        d.cls(system, 'java/lang/System', obj, statics=[('props', g.OBJECT, p)])
        d.sticky(system)
        path = self.write(h, 'many.hprof')
        j = self.json_of(['props', path, '--json'], timeout=300)
        self.assertEqual(len(j['properties']), 100000)
        self.assertTrue(j['truncated'])

    def colliding(self, n, name):
        """n classes of one 400-character name, each defined by its own
        loader (and one instance each): every comparison of the sort by
        name reads the whole name, and every loader is a row."""
        h = g.Hprof(id_size=4)
        d = h.heap_dump()
        A = g.Addresses(0x100000, [24, 40])
        obj, lc = A(), A()
        d.cls(obj, 'java/lang/Object')
        d.cls(lc, 'java/lang/ClassLoader', obj, fields=[('name', g.OBJECT)])
        d.sticky(obj)
        long_name = 'com/example/' + 'x' * 400
        for _ in range(n):
            loader, c, o = A(), A(), A()
            d.instance(loader, lc, {})
            d.cls(c, long_name, obj, loader)
            d.instance(o, c, {})
            d.jni_global(o)
        return self.write(h, name)

    def test_colliding_names_scale(self):
        # Linear or n log n: 4x the classes costs about 4-5x, quadratic 16x.
        small, big = self.colliding(5000, 'c5k.hprof'), self.colliding(20000, 'c20k.hprof')
        cli = os.environ['HS_CLI']
        p, cpu_small = testlib.run_cpu([cli, 'loaders', '--json', '-q', small])
        self.assertEqual(p.returncode, 0, p.stderr)
        p, cpu_big = testlib.run_cpu([cli, 'loaders', '--json', '-q', big])
        self.assertEqual(p.returncode, 0, p.stderr)
        import json
        j = json.loads(p.stdout)
        self.assertEqual(len(j['loaders']), 20001)   # the bootstrap loader and 20,000
        self.assertEqual([(d['loaders'], d['instances']) for d in j['duplicate_classes']], [(20000, 20000)])
        testlib.assert_scales(self, cpu_small, cpu_big, 'loaders over colliding class names')

    def test_bad_input(self):
        missing = self.path('missing.hprof')
        for cmd in ('loaders', 'props'):
            p = run_cli([cmd, missing])
            self.assertNoCrash(p, cmd)
            self.assertEqual(p.returncode, 2)
            self.assertIn('missing.hprof', p.stderr.decode())
            p = run_cli([cmd, self.dump, 'extra'])
            self.assertEqual(p.returncode, 2, '%s with an extra argument' % cmd)


# (dump, java.specification.version, the main class's package or None)
CORPUS = [
    ('jvm/openjdk_jdk11_04_x64.hprof.gz', '11', 'org.eclipse.mat.tests.'),
    ('jvm/oracle_jdk8_05_x64.hprof', '1.8', 'org.eclipse.mat.tests.'),
    ('jvm/oracle_jdk7_21_hprofagent.hprof', '1.7', 'org.eclipse.mat.tests.'),
    ('jvm/sun_jdk6_18_x64.hprof', '1.6', None),
    ('jvm/sun_jdk6_31_hprofagent_compressedOops.hprof', '1.6', 'org.eclipse.mat.tests.'),
]


class Corpus(CliTest):
    def test_java_version(self):
        corpus = testlib.require_corpus()
        for name, spec, main_pkg in CORPUS:
            with self.subTest(dump=name):
                j = self.json_of(['props', os.path.join(corpus, name), '--json', '-q'], timeout=300)
                props = {p['key']: p['value'] for p in j['properties']}
                self.assertEqual(j['source'], 'java.lang.System.props')
                self.assertEqual(props.get('java.specification.version'), spec)
                self.assertTrue(props.get('java.version', '').startswith(spec if spec != '11' else '11.'))
                if main_pkg:
                    self.assertTrue(props.get('sun.java.command', '').startswith(main_pkg))

    def test_android_has_none(self):
        corpus = testlib.require_corpus('android/leak_service_binder.hprof')
        j = self.json_of(['props', os.path.join(corpus, 'android/leak_service_binder.hprof'), '--json', '-q'])
        self.assertEqual((j['properties'], j['jvm_arguments']), ([], []))

    def test_loaders_sum_to_classes(self):
        # Every class with a class object is defined by exactly one loader
        # row: the rows' classes and instances add up to the class table's.
        corpus = testlib.require_corpus()
        for name, _, _ in CORPUS + [('android/leak_service_binder.hprof', None, None)]:
            with self.subTest(dump=name):
                path = os.path.join(corpus, name)
                j = self.json_of(['loaders', path, '--json', '-q'], timeout=300)
                classes = self.json_of(['classes', path, '--json', '-q'], timeout=300)
                defined = [c for c in classes if hexid(c['id']) != 0]
                self.assertEqual(j['loaders'][0]['id'], '0x0', 'the bootstrap loader first')
                self.assertEqual(sum(r['classes'] for r in j['loaders']), len(defined))
                self.assertEqual(sum(r['instances'] for r in j['loaders']), sum(c['count'] for c in defined))
                self.assertEqual({hexid(r['id']) for r in j['loaders']}, {hexid(c['loader']) for c in defined})
                app = [r for r in j['loaders'] if 'AppClassLoader' in r['label'] or 'PathClassLoader' in r['label']]
                self.assertEqual(len(app), 1, 'one application class loader')
                self.assertGreater(app[0]['retained'], 0)


if __name__ == '__main__':
    main()
