#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""classes --group package|loader|superclass and dominators --group class
on groupsdump.py's dump (its docstring works out every figure), and on the
corpus: a grouping adds up to the ungrouped table."""

import csv
import io
import os

from clitest import CliTest, g, hexid, main, run_cli, testlib

import groupsdump

FIG = ('count', 'reachable_count', 'shallow', 'retained')
# The window's export of its grouped class table writes the same header
# (tests/ui/test-groups-ui.c).
GROUP_CSV = ['depth', 'kind', 'name', 'package', 'id', 'loader', 'count', 'reachable_count',
             'unreachable_count', 'shallow', 'retained', 'native_size', 'classes', 'own_count',
             'own_reachable_count', 'own_unreachable_count', 'own_shallow', 'own_retained', 'own_native_size',
             'more', 'obfuscated_name']
DOM_CSV = ['depth', 'kind', 'name', 'id', 'loader', 'objects', 'shallow', 'retained', 'largest',
           'obfuscated_name']


def csv_rows(proc):
    """The header and the rows of a --csv output, as dicts."""
    reader = csv.DictReader(io.StringIO(proc.stdout.decode('utf-8'), newline=''))
    rows = list(reader)
    return reader.fieldnames, rows


def csv_id(cell):
    return int(cell, 16) if cell else None


def figures(node):
    return tuple(node[k] for k in FIG)


def walk(node, path=()):
    """(path of names, node) for every node below node, depth first."""
    for c in node.get('children', []):
        p = path + (c['name'],)
        yield p, c
        yield from walk(c, p)


class GroupsTest(CliTest):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.file = cls.path('groups.hprof')
        groupsdump.build().write(cls.file)
        cls.a = groupsdump.ADDR

    def grouped(self, by, *extra):
        r = self.json_of(['classes', self.file, '--json', '--group', by] + list(extra))
        self.assertIsInstance(r, dict)
        self.assertEqual(r['group'], by)
        return r

    def nodes(self, tree):
        return {p: n for p, n in walk(tree)}

    def assertAddsUp(self, tree, path=()):
        """Every node's figures are its children's added up, plus its own."""
        for p, n in [((), tree)] + list(walk(tree)):
            if not n.get('children'):
                continue
            own = figures(n['own']) if 'own' in n else (0, 0, 0, 0)
            sums = tuple(sum(figures(c)[i] for c in n['children']) + own[i] for i in range(4))
            self.assertEqual(figures(n), sums, 'node %r' % (p,))

    def test_totals_equal_ungrouped(self):
        # The ungrouped table: 28 27 264 328 (groupsdump's docstring).
        rows = self.classes(self.file)
        flat = tuple(sum(r[k] for r in rows) for k in FIG)
        self.assertEqual(flat, (28, 27, 264, 328))
        for by in ('package', 'loader', 'superclass'):
            tree = self.grouped(by)
            self.assertEqual(figures(tree), flat, by)
            self.assertEqual(tuple(sum(figures(c)[i] for c in tree['children']) for i in range(4)), flat, by)
            self.assertEqual(tree['classes'], len(rows), by)
            self.assertAddsUp(tree)

    def test_package(self):
        tree = self.grouped('package')
        n = self.nodes(tree)
        self.assertEqual(figures(n[('java',)]), (14, 14, 16, 48))
        self.assertEqual(figures(n[('java', 'lang')]), (14, 14, 16, 48))
        self.assertEqual(n[('java', 'lang')]['package'], 'java.lang')
        self.assertEqual(figures(n[('com',)]), (12, 11, 208, 240))
        self.assertEqual(figures(n[('com', 'example')]), (12, 11, 208, 240))
        self.assertEqual(figures(n[('com', 'example', 'app')]), (10, 9, 176, 160))
        model = n[('com', 'example', 'app', 'model')]
        self.assertEqual(figures(model), (7, 6, 128, 112))
        self.assertEqual(model['classes'], 3)
        self.assertEqual(figures(n[('org',)]), (1, 1, 8, 8))
        self.assertEqual(figures(n[('char[]',)]), (1, 1, 32, 32))
        # The top level by retained size: com 240, java 48, char[] 32, org 8.
        self.assertEqual([c['name'] for c in tree['children']], ['com', 'java', 'char[]', 'org'])
        # Both classes named Main are in com.example.app, each with its loader.
        mains = [c for c in n[('com', 'example', 'app')]['children'] if c['name'] == 'com.example.app.Main']
        self.assertEqual(sorted((hexid(c['loader']), figures(c)) for c in mains),
                         sorted([(self.a['L1'], (1, 1, 16, 16)), (self.a['L2'], (2, 2, 32, 32))]))
        # --sort count orders each level by count: java 14, com 12, then
        # char[] and org (1 each) by name.
        tree = self.grouped('package', '--sort', 'count')
        self.assertEqual([c['name'] for c in tree['children']], ['java', 'com', 'char[]', 'org'])

    def test_loader(self):
        tree = self.grouped('loader')
        by_id = {hexid(c['id']): c for c in tree['children']}
        self.assertEqual(set(by_id), {0, self.a['L1'], self.a['L2']})
        self.assertEqual(by_id[0]['name'], '<system class loader>')
        self.assertEqual(by_id[self.a['L1']]['name'],
                         'com.example.NamedLoader @ 0x%x (plugin-a)' % self.a['L1'])
        self.assertEqual(by_id[self.a['L2']]['name'], 'com.example.PlainLoader @ 0x%x' % self.a['L2'])
        self.assertEqual(figures(by_id[0]), (17, 17, 80, 160))
        self.assertEqual(figures(by_id[self.a['L1']]), (8, 7, 144, 128))
        self.assertEqual(figures(by_id[self.a['L2']]), (3, 3, 40, 40))
        self.assertEqual(sorted(c['name'] for c in by_id[self.a['L2']]['children']),
                         ['com.example.app.Main', 'org.other.Util'])
        for c in by_id[self.a['L1']]['children']:
            self.assertEqual(hexid(c['loader']), self.a['L1'])

    def test_superclass(self):
        tree = self.grouped('superclass')
        self.assertEqual([c['name'] for c in tree['children']], ['java.lang.Object'])
        n = self.nodes(tree)
        obj = n[('java.lang.Object',)]
        self.assertEqual(figures(obj), (28, 27, 264, 328))
        self.assertEqual(figures(obj['own']), (0, 0, 0, 0))
        self.assertEqual(figures(n[('java.lang.Object', 'java.lang.ClassLoader')]), (2, 2, 32, 80))
        base = ('java.lang.Object', 'com.example.app.model.Base')
        self.assertEqual(figures(n[base]), (7, 6, 128, 112))
        self.assertEqual(figures(n[base]['own']), (1, 1, 16, 16))
        item = base + ('com.example.app.model.Item',)
        self.assertEqual(figures(n[item]), (6, 5, 112, 96))
        self.assertEqual(figures(n[item]['own']), (4, 3, 64, 48))
        self.assertEqual(figures(n[item + ('com.example.app.model.SpecialItem',)]), (2, 2, 48, 48))

    def test_limit_per_level(self):
        tree = self.grouped('package', '--limit', '1')
        self.assertEqual([c['name'] for c in tree['children']], ['com'])
        self.assertEqual(tree['more'], 3)
        # The sums stay those of the whole table.
        self.assertEqual(figures(tree), (28, 27, 264, 328))
        app = self.nodes(tree)[('com', 'example', 'app')]
        self.assertEqual(len(app['children']), 1)
        self.assertEqual(app['more'], 2)   # model, and two Mains, one shown

    def test_text(self):
        proc = run_cli(['classes', self.file, '--group', 'package'])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        lines = proc.stdout.decode().splitlines()
        self.assertRegex(lines[0], r'count\s+reachable\s+shallow\s+retained\s+package / class')
        rows = {}
        for line in lines[1:]:
            f = line.split(None, 4)
            rows.setdefault(f[4].strip(), []).append((tuple(int(x) for x in f[:4]), len(line) - len(line.lstrip())))
        self.assertEqual(rows['(13 classes)'][0][0], (28, 27, 264, 328))
        self.assertEqual(rows['com'][0][0], (12, 11, 208, 240))
        self.assertEqual(rows['model'][0][0], (7, 6, 128, 112))
        # Classes under their package by their simple names, indented deeper.
        self.assertEqual(rows['SpecialItem'][0][0], (2, 2, 48, 48))
        name_at = {name: line.index(name, 57) for line in lines[1:] for name in ('com', 'example', 'app')
                   if line.rstrip().endswith('  ' + name) or line[57:].strip() == name}
        self.assertEqual(name_at['example'] - name_at['com'], 2)
        self.assertEqual(name_at['app'] - name_at['example'], 2)
        proc = run_cli(['classes', self.file, '--group', 'loader'])
        self.assertIn(b'com.example.NamedLoader @ 0x%x (plugin-a)' % self.a['L1'], proc.stdout)

    def test_dominators_by_class(self):
        r = self.json_of(['dominators', self.file, '--group', 'class', '--json'])
        self.assertEqual((r['objects'], r['shallow'], r['retained'], r['groups']), (25, 200, 248, 9))
        got = [(c['class'], c['objects'], c['shallow'], c['retained']) for c in r['children']]
        self.assertEqual(got, [
            ('com.example.NamedLoader', 1, 16, 64),
            ('com.example.app.model.Item', 3, 48, 48),
            ('com.example.app.model.SpecialItem', 2, 48, 48),
            ('com.example.app.Main', 2, 32, 32),
            ('com.example.PlainLoader', 1, 16, 16),
            ('com.example.app.Main', 1, 16, 16),
            ('com.example.app.model.Base', 1, 16, 16),
            ('org.other.Util', 1, 8, 8),
            ('java.lang.Class', 13, 0, 0),
        ])
        self.assertEqual(hexid(r['children'][3]['loader']), self.a['L2'])
        self.assertEqual(hexid(r['children'][0]['largest']), self.a['L1'])
        self.assertEqual(r['more'], 0)
        # The same retained total as the summary's reachable bytes.
        self.assertEqual(self.summary(self.file)['reachable_bytes'], 248)
        # --top N: the N biggest groups, the rest counted.
        r = self.json_of(['dominators', self.file, '--group', 'class', '--top', '2', '--json'])
        self.assertEqual([c['class'] for c in r['children']],
                         ['com.example.NamedLoader', 'com.example.app.model.Item'])
        self.assertEqual(r['more'], 7)
        proc = run_cli(['dominators', self.file, '--group', 'class'])
        self.assertEqual(proc.returncode, 0)
        first = proc.stdout.decode().splitlines()[1].split()
        self.assertEqual(first, ['1', '16', '64', 'com.example.NamedLoader'])

    def grouped_csv(self, by, *extra):
        proc = run_cli(['classes', self.file, '--csv', '--group', by] + list(extra))
        self.assertEqual(proc.returncode, 0, proc.stderr)
        header, rows = csv_rows(proc)
        self.assertEqual(header, GROUP_CSV)
        return rows

    def assertCsvIsJson(self, rows, tree):
        """The CSV rows are the JSON's nodes, depth first, with the same
        keys and figures."""
        want = []

        def visit(node, depth):
            for c in node.get('children', []):
                want.append((depth, c))
                visit(c, depth + 1)
        visit(tree, 0)
        self.assertEqual(len(rows), len(want))
        for r, (depth, n) in zip(rows, want):
            what = '%s %s' % (r['name'], depth)
            self.assertEqual(int(r['depth']), depth, what)
            self.assertEqual(r['kind'], n['kind'], what)
            self.assertEqual(r['name'], n['name'], what)
            self.assertEqual(r['package'], n.get('package', ''), what)
            self.assertEqual(csv_id(r['id']), hexid(n['id']) if 'id' in n else None, what)
            self.assertEqual(csv_id(r['loader']), hexid(n['loader']) if 'loader' in n else None, what)
            self.assertEqual(tuple(int(r[k]) for k in FIG), figures(n), what)
            self.assertEqual(int(r['classes']), n['classes'], what)
            own = tuple(int(r['own_' + k]) for k in FIG) if r['own_count'] else None
            self.assertEqual(own, figures(n['own']) if 'own' in n else None, what)
            self.assertEqual(int(r['more']), n.get('more', 0), what)

    def test_csv_equals_json(self):
        """--group --csv: one row per node the text shows, depth first, the
        same nodes and figures as --json (another writer), for each
        grouping, sort and limit."""
        for extra in ([], ['--sort', 'count'], ['--limit', '1'], ['--sort', 'shallow', '--limit', '2']):
            for by in ('package', 'loader', 'superclass'):
                rows = self.grouped_csv(by, *extra)
                self.assertCsvIsJson(rows, self.grouped(by, *extra))
                if not extra:
                    # The top level adds up to the ungrouped table.
                    top = [r for r in rows if r['depth'] == '0']
                    self.assertEqual(tuple(sum(int(r[k]) for r in top) for k in FIG), (28, 27, 264, 328), by)

    def test_csv_package(self):
        rows = self.grouped_csv('package')
        self.assertEqual([r['name'] for r in rows if r['depth'] == '0'], ['com', 'java', 'char[]', 'org'])
        by_path = {}
        path = []
        for r in rows:
            del path[int(r['depth']):]
            path.append(r['name'])
            by_path[tuple(path)] = r

        def fig(p):
            return tuple(int(by_path[p][k]) for k in FIG)
        self.assertEqual(fig(('com',)), (12, 11, 208, 240))
        self.assertEqual(fig(('com', 'example', 'app')), (10, 9, 176, 160))
        model = by_path[('com', 'example', 'app', 'model')]
        self.assertEqual((model['kind'], model['package'], model['classes']),
                         ('package', 'com.example.app.model', '3'))
        self.assertEqual(fig(('com', 'example', 'app', 'model')), (7, 6, 128, 112))
        self.assertEqual(fig(('java',)), (14, 14, 16, 48))
        self.assertEqual(fig(('org',)), (1, 1, 8, 8))
        self.assertEqual(fig(('char[]',)), (1, 1, 32, 32))
        # The unreachable Item U is com's one unreachable object; the dump
        # has no native allocations (no Bitmap, no registry).
        self.assertEqual([(r['name'], r['unreachable_count']) for r in rows if r['depth'] == '0'],
                         [('com', '1'), ('java', '0'), ('char[]', '0'), ('org', '0')])
        self.assertEqual({r['native_size'] for r in rows}, {'0'})
        special = by_path[('com', 'example', 'app', 'model', 'com.example.app.model.SpecialItem')]
        self.assertEqual((special['depth'], special['kind']), ('4', 'class'))
        self.assertEqual(fig(('com', 'example', 'app', 'model', 'com.example.app.model.SpecialItem')),
                         (2, 2, 48, 48))
        self.assertEqual(csv_id(special['loader']), self.a['L1'])
        # --limit 1: one node per level, the rest counted in "more":
        # com.example holds app and the two loader classes, app holds
        # model and the two Mains.
        rows = self.grouped_csv('package', '--limit', '1')
        self.assertEqual([(r['depth'], r['name'], r['more']) for r in rows][:3],
                         [('0', 'com', '0'), ('1', 'example', '2'), ('2', 'app', '2')])

    def test_csv_loader_superclass(self):
        rows = self.grouped_csv('loader')
        loaders = {csv_id(r['id']): r for r in rows if r['kind'] == 'loader'}
        self.assertEqual(set(loaders), {0, self.a['L1'], self.a['L2']})
        self.assertEqual(tuple(int(loaders[self.a['L1']][k]) for k in FIG), (8, 7, 144, 128))
        self.assertEqual(loaders[self.a['L1']]['name'], 'com.example.NamedLoader @ 0x%x (plugin-a)' % self.a['L1'])
        self.assertEqual(tuple(int(loaders[0][k]) for k in FIG), (17, 17, 80, 160))
        self.assertEqual({r['depth'] for r in rows if r['kind'] == 'class'}, {'1'})
        rows = self.grouped_csv('superclass')
        item = [r for r in rows if r['name'] == 'com.example.app.model.Item'][0]
        self.assertEqual(item['depth'], '2')
        self.assertEqual(tuple(int(item[k]) for k in FIG), (6, 5, 112, 96))
        self.assertEqual(tuple(int(item['own_' + k]) for k in FIG), (4, 3, 64, 48))
        self.assertEqual((item['unreachable_count'], item['own_unreachable_count'], item['own_native_size']),
                         ('1', '1', '0'))
        special = [r for r in rows if r['name'] == 'com.example.app.model.SpecialItem'][0]
        self.assertEqual((special['depth'], special['own_count']), ('3', ''))

    def test_dominators_csv(self):
        for extra in ([], ['--top', '2']):
            proc = run_cli(['dominators', self.file, '--group', 'class', '--csv'] + extra)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            header, rows = csv_rows(proc)
            self.assertEqual(header, DOM_CSV)
            r = self.json_of(['dominators', self.file, '--group', 'class', '--json'] + extra)
            self.assertEqual(len(rows), len(r['children']))
            for row, c in zip(rows, r['children']):
                self.assertEqual((row['depth'], row['kind'], row['name']), ('0', 'class', c['class']))
                self.assertEqual((csv_id(row['id']), csv_id(row['loader']), csv_id(row['largest'])),
                                 (hexid(c['id']), hexid(c['loader']), hexid(c['largest'])))
                self.assertEqual(tuple(int(row[k]) for k in ('objects', 'shallow', 'retained')),
                                 (c['objects'], c['shallow'], c['retained']))
        proc = run_cli(['dominators', self.file, '--group', 'class', '--csv'])
        rows = csv_rows(proc)[1]
        self.assertEqual([(r['name'], int(r['objects']), int(r['shallow']), int(r['retained'])) for r in rows], [
            ('com.example.NamedLoader', 1, 16, 64),
            ('com.example.app.model.Item', 3, 48, 48),
            ('com.example.app.model.SpecialItem', 2, 48, 48),
            ('com.example.app.Main', 2, 32, 32),
            ('com.example.PlainLoader', 1, 16, 16),
            ('com.example.app.Main', 1, 16, 16),
            ('com.example.app.model.Base', 1, 16, 16),
            ('org.other.Util', 1, 8, 8),
            ('java.lang.Class', 13, 0, 0),
        ])
        self.assertEqual(sum(int(r['retained']) for r in rows), 248)
        self.assertEqual(csv_id(rows[0]['largest']), self.a['L1'])
        self.assertEqual(csv_id(rows[3]['loader']), self.a['L2'])

    def test_bad_group(self):
        for args, want in ((['classes', self.file, '--group', 'size'], b'package, loader or superclass'),
                           (['dominators', self.file, '--group', 'package'], b'takes class')):
            proc = run_cli(args)
            self.assertNoCrash(proc, ' '.join(args))
            self.assertEqual(proc.returncode, 2)
            self.assertIn(want, proc.stderr)
            self.assertEqual(proc.stdout, b'')


class LoaderNamesTest(CliTest):
    """Loaders named as Eclipse MAT's resolvers name them: a Tomcat web
    application's loader by its context's name (resources.context.name),
    Tomcat 7's by contextName, an Equinox bundle's loader by the bundle's
    symbolic name (generation.revision.symbolicName), Jetty's by _name,
    any other by java.lang.ClassLoader's name; one class each."""

    def test_resolvers(self):
        h = g.Hprof(version='1.0.2', id_size=4)
        d = h.heap_dump(segmented=True)
        addr = g.Addresses(0x20000, [24, 40])
        ids = {}

        def cls(key, name, sup=0, fields=(), loader=0):
            ids[key] = addr()
            d.cls(ids[key], name, ids.get(sup, 0), loader_id=loader, fields=list(fields))
            d.sticky(ids[key])

        def string(key, text):
            ids[key] = addr()
            ids[key + '.value'] = addr()
            d.instance(ids[key], ids['STR'], {'value': ids[key + '.value']})
            d.prim_array(ids[key + '.value'], g.CHAR, text)

        cls('OBJ', 'java/lang/Object')
        cls('STR', 'java/lang/String', 'OBJ', [('value', g.OBJECT)])
        cls('CHARS', '[C', 'OBJ')
        cls('CL', 'java/lang/ClassLoader', 'OBJ', [('name', g.OBJECT)])
        cls('WCLB', 'org/apache/catalina/loader/WebappClassLoaderBase', 'CL', [('resources', g.OBJECT)])
        cls('PWCL', 'org/apache/catalina/loader/ParallelWebappClassLoader', 'WCLB')
        cls('ROOT', 'org/apache/catalina/webresources/StandardRoot', 'OBJ', [('context', g.OBJECT)])
        cls('CTX', 'org/apache/catalina/core/StandardContext', 'OBJ', [('name', g.OBJECT)])
        cls('WCL7', 'org/apache/catalina/loader/WebappClassLoader', 'CL', [('contextName', g.OBJECT)])
        cls('EQ', 'org/eclipse/osgi/internal/loader/EquinoxClassLoader', 'CL', [('generation', g.OBJECT)])
        cls('GEN', 'org/eclipse/osgi/storage/BundleInfo$Generation', 'OBJ', [('revision', g.OBJECT)])
        cls('REV', 'org/eclipse/osgi/container/ModuleRevision', 'OBJ', [('symbolicName', g.OBJECT)])
        cls('JETTY', 'org/eclipse/jetty/webapp/WebAppClassLoader', 'CL', [('_name', g.OBJECT)])
        cls('APPCL', 'jdk/internal/loader/ClassLoaders$AppClassLoader', 'CL')
        for key in ('TOMCAT', 'TOMCAT7', 'EQUINOX', 'JETTYL', 'APP', 'RES', 'CTXO', 'GENO', 'REVO'):
            ids[key] = addr()
        string('S1', '/myapp')
        string('S2', 'legacy')
        string('S3', 'org.example.bundle')
        string('S4', 'shop')
        string('S5', 'app')
        d.instance(ids['TOMCAT'], ids['PWCL'], {'resources': ids['RES']})
        d.instance(ids['RES'], ids['ROOT'], {'context': ids['CTXO']})
        d.instance(ids['CTXO'], ids['CTX'], {'name': ids['S1']})
        d.instance(ids['TOMCAT7'], ids['WCL7'], {'contextName': ids['S2']})
        d.instance(ids['EQUINOX'], ids['EQ'], {'generation': ids['GENO']})
        d.instance(ids['GENO'], ids['GEN'], {'revision': ids['REVO']})
        d.instance(ids['REVO'], ids['REV'], {'symbolicName': ids['S3']})
        d.instance(ids['JETTYL'], ids['JETTY'], {'_name': ids['S4']})
        d.instance(ids['APP'], ids['APPCL'], {'name': ids['S5']})
        for i, key in enumerate(('TOMCAT', 'TOMCAT7', 'EQUINOX', 'JETTYL', 'APP')):
            cls('C%d' % i, 'com/example/Loaded%d' % i, 'OBJ', loader=ids[key])
            d.jni_global(ids[key])
        path = self.path('loaders.hprof')
        h.write(path)
        tree = self.json_of(['classes', path, '--json', '--group', 'loader'])
        names = {hexid(c['id']): c['name'] for c in tree['children']}
        self.assertEqual(names, {
            0: '<system class loader>',
            ids['TOMCAT']: 'org.apache.catalina.loader.ParallelWebappClassLoader @ 0x%x (/myapp)' % ids['TOMCAT'],
            ids['TOMCAT7']: 'org.apache.catalina.loader.WebappClassLoader @ 0x%x (legacy)' % ids['TOMCAT7'],
            ids['EQUINOX']: 'org.eclipse.osgi.internal.loader.EquinoxClassLoader @ 0x%x (org.example.bundle)'
                            % ids['EQUINOX'],
            ids['JETTYL']: 'org.eclipse.jetty.webapp.WebAppClassLoader @ 0x%x (shop)' % ids['JETTYL'],
            ids['APP']: 'jdk.internal.loader.ClassLoaders$AppClassLoader @ 0x%x (app)' % ids['APP'],
        })


class HostileGroupsTest(CliTest):
    """A superclass chain 3,000 classes deep and a package 3,000 segments
    deep: grouped without recursion, the text indented at most 64 columns
    and the depth written instead."""

    DEPTH = 3000

    def test_deep(self):
        h = g.Hprof(version='1.0.2', id_size=4)
        d = h.heap_dump(segmented=True)
        addr = g.Addresses(0x30000, [24, 40])
        obj = addr()
        d.cls(obj, 'java/lang/Object')
        sup = obj
        for i in range(self.DEPTH):
            c = addr()
            d.cls(c, 'deep/C%d' % i, sup)
            d.sticky(c)
            sup = c
        last = addr()
        d.instance(last, sup, {})
        d.jni_global(last)
        x = addr()
        d.cls(x, '/'.join(['a'] * self.DEPTH) + '/X', obj)
        d.sticky(x)
        path = self.path('deep.hprof')
        h.write(path)
        proc = run_cli(['classes', path, '--group', 'superclass'])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        lines = proc.stdout.decode().splitlines()
        deepest = [line for line in lines if line.endswith(' deep.C%d' % (self.DEPTH - 1))]
        self.assertEqual(len(deepest), 1)
        # java.lang.Object at depth 0, C0 at 1, ..., C2999 at 3000.
        self.assertIn('(depth %d) deep.C%d' % (self.DEPTH, self.DEPTH - 1), deepest[0])
        self.assertLess(max(len(line) for line in lines if ' deep.C' in line), 57 + 64 + 40)
        # Its one instance counts in every class above it: 1 at the top.
        self.assertEqual(deepest[0].split()[0], '1')
        self.assertEqual([line.split()[0] for line in lines if line.endswith('  java.lang.Object')], ['1'])
        proc = run_cli(['classes', path, '--group', 'package'])
        self.assertEqual(proc.returncode, 0, proc.stderr)
        lines = proc.stdout.decode().splitlines()
        self.assertEqual(len([line for line in lines if line.endswith('(depth %d) X' % self.DEPTH)]), 1)


class GroupsCorpusTest(CliTest):
    """The corpus: every grouping of the class table adds up to the
    table, and the top-level dominators grouped by class to the reachable
    bytes (expected/*.json's, an independent implementation's)."""

    DUMPS = ('jvm/sun_jdk6_18_x64.hprof', 'jvm/oracle_jdk8_05_x64.hprof')

    def test_groupings_add_up(self):
        import json
        for rel in self.DUMPS:
            corpus = testlib.require_corpus(rel)
            path = os.path.join(corpus, rel)
            name = os.path.basename(rel).split('.')[0]
            with open(os.path.join(corpus, 'expected', name + '.json')) as f:
                expected = json.load(f)
            rows = self.classes(path)
            flat = tuple(sum(r[k] for r in rows) for k in FIG)
            for by in ('package', 'loader', 'superclass'):
                tree = self.json_of(['classes', path, '--json', '--group', by])
                self.assertEqual(figures(tree), flat, '%s %s' % (rel, by))
                self.assertEqual(tree['classes'], len(rows))
                self.assertEqual(
                    tuple(sum(figures(c)[i] for c in tree['children']) for i in range(4)), flat)
            # Every class of the expected top 25 is in the package tree
            # with the expected figures, under its package.
            tree = self.json_of(['classes', path, '--json', '--group', 'package'])
            nodes = {}
            for p, n in walk(tree):
                if n['kind'] == 'class':
                    nodes.setdefault(n['name'], []).append((p, n))
            for want in expected['top_classes_by_retained'][:10]:
                wanted = (want['count'], want['reachable_count'], want['shallow'], want['retained'])
                found = [p for p, n in nodes[want['name']] if figures(n) == wanted]
                self.assertTrue(found, '%s: %s %r not in the package tree' % (rel, want['name'], wanted))
                package = want['name'].split('[')[0].rsplit('.', 1)[0] if '.' in want['name'] else ''
                self.assertEqual('.'.join(found[0][:-1]), package, want['name'])
            dom = self.json_of(['dominators', path, '--group', 'class', '--json', '--top', '100000'])
            self.assertEqual(dom['retained'], expected['reachable_bytes'], rel)
            self.assertEqual(sum(c['retained'] for c in dom['children']), expected['reachable_bytes'])

    def test_one_heap(self):
        """--heap app: the groupings add up to that heap's class table, the
        dominators by class to what its top-level objects retain."""
        rel = 'android/leak_service_binder.hprof'
        path = os.path.join(testlib.require_corpus(rel), rel)
        rows = self.classes(path, '--heap', 'app')
        flat = tuple(sum(r[k] for r in rows) for k in FIG)
        for by in ('package', 'loader', 'superclass'):
            tree = self.json_of(['classes', path, '--json', '--heap', 'app', '--group', by])
            self.assertEqual(figures(tree), flat, by)
        dom = self.json_of(['dominators', path, '--group', 'class', '--json', '--heap', 'app', '--top', '100000'])
        tops = self.dominators(path, 100000, '--heap', 'app')
        self.assertEqual(dom['retained'], sum(c['retained'] for c in dom['children']))
        self.assertLessEqual(dom['retained'], sum(t['retained'] for t in tops))


if __name__ == '__main__':
    main()
