#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks on the HTML report, made by report-tool (hs_report_write).

    check-report.py CHECK REPORT_TOOL DUMPS_DIR

CHECK is one of:
  structure  the report of tiny.hprof parses with balanced tags, loads
             nothing from anywhere, has every section, the planted leak and
             one class row per class of the dump; two runs give the same bytes
  escape     the report of hostile.hprof (written under a hostile file name)
             shows every hostile string as text and holds no markup from it
  golden     the report of tiny.hprof equals golden/tiny.html byte for byte
             (regenerate on purpose with regen-golden.sh, then review it)
  generated  the generator's dumps (small, escape, sample) give sound reports
             with the planted leaks of tests/generator/expected-*.json
  corpus     the real dumps of the corpus ($HS_CORPUS_DIR): totals, top classes and
             objects equal expected/*.json; the Android leak is shown
  chromium   headless Chromium renders the report and shows the leak; the
             sorting script runs under the page's Content-Security-Policy
             (exit 77 = skipped when chromium is not installed)
  suspects   the "Problem suspects" section of tests/suspects' heaps
             (static-map, parked, deep: make-dumps.py) comes first, is
             linked from the headline and shows each suspect's sentence,
             path, accumulation point, retained classes and members as
             test_suspects.py's docstrings work them out; tiny's too
  loaders    the "Duplicate classes" and "System properties" sections of
             tests/cli/loadersdump.py's hostile heap (make-dumps.py's
             loaders.hprof) as its docstring works them out, every string
             from the dump escaped; tiny.hprof, which has neither, has
             neither section

What is expected comes from make-dumps.py's construction, not from the code.
"""
import datetime
import difflib
import html
import html.parser
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_ROOT = os.environ.get('HS_SOURCE_ROOT', os.path.join(HERE, '..', '..'))
sys.path.insert(0, os.path.join(HERE, '..'))
import testlib  # noqa: E402  (tests/testlib.py)

XSS_SCRIPT = '<script>alert(1)</script>'
XSS_IMG = '"><img src=x onerror=alert(1)>'
XSS_KEY = '<script>alert(2)</script>'
XSS_THREAD = "<b>worker</b> & 'friends' \"quoted\""

# The 13 classes make-dumps.py defines for tiny.hprof, in Java source form,
# and java.lang.Class, which docs/semantics.md counts the class objects under.
TINY_CLASSES = {'java.lang.Class',
    'java.lang.Object', 'java.lang.String', 'char[]', 'byte[]', 'java.lang.Object[]',
    'java.lang.ref.Reference', 'java.lang.ref.WeakReference', 'java.lang.Thread',
    'com.example.Leaky', 'com.example.Cache', 'leakcanary.KeyedWeakReference',
    'leakcanary.ObjectWatcher', 'com.example.Holder',
}

VOID = {'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta',
        'source', 'track', 'wbr'}

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print('FAIL:', what)
    return cond


class Page(html.parser.HTMLParser):
    """Tag balance, every element and attribute, text per element id."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []
        self.errors = []
        self.elements = []        # (tag, attrs dict)
        self.text = []
        self.section_text = {}    # section id -> text inside it
        self.cur_section = None
        self.tbody_rows = {}      # table id -> [[cell text]]
        self.cur_table = None
        self.cur_row = None
        self.cur_cell = None
        self.declared = False

    def handle_decl(self, decl):
        self.declared = decl.lower() == 'doctype html'

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elements.append((tag, a))
        if tag == 'section':
            self.cur_section = a.get('id')
            self.section_text[self.cur_section] = []
        if tag == 'table':
            self.cur_table = a.get('id')
            self.tbody_rows.setdefault(self.cur_table, [])
        if tag == 'tr' and self.cur_table and self.stack and self.stack[-1] == 'tbody':
            self.cur_row = []
            self.tbody_rows[self.cur_table].append(self.cur_row)
        if tag == 'td' and self.cur_row is not None:
            self.cur_cell = []
            self.cur_row.append(self.cur_cell)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append('</%s> closes <%s> at line %d' %
                               (tag, self.stack[-1] if self.stack else '-', self.getpos()[0]))
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()
        if tag == 'section':
            self.cur_section = None
        if tag == 'table':
            self.cur_table = None
        if tag == 'tr':
            self.cur_row = None
        if tag == 'td':
            self.cur_cell = None

    def handle_data(self, data):
        self.text.append(data)
        if self.cur_section is not None:
            self.section_text[self.cur_section].append(data)
        if self.cur_cell is not None:
            self.cur_cell.append(data)

    def all_text(self):
        return ''.join(self.text)

    def cells(self, table):
        return [[''.join(c) for c in row] for row in self.tbody_rows.get(table, [])]


def parse(data):
    p = Page()
    p.feed(data)
    p.close()
    return p


def table_html(text, table_id):
    """The source of the table with that id, up to its </table> (its rows
    carry exact values in data-v attributes, which Page does not keep)."""
    tbl = text[text.index('id="%s"' % table_id):]
    return tbl[:tbl.index('</table>')]


def run_tool(tool, dump, out, *extra, fatal=True):
    r = subprocess.run([tool, dump, out] + list(extra), capture_output=True, text=True)
    if r.returncode != 0:
        print(r.stderr)
    if not fatal and not check(r.returncode == 0, 'report-tool succeeds on %s (exit %d)' % (dump, r.returncode)):
        return None
    assert r.returncode == 0, 'report-tool failed on %s' % dump
    with open(out, 'rb') as f:
        return f.read()


def common_checks(raw, name, own_dump=False):
    """What every report must be: UTF-8, balanced, self-contained, no
    markup that runs code other than the one inline script. own_dump: the
    dump is one of ours, holding no URL as data, so the page must hold none
    at all (a real dump may hold "http://..." strings, shown as text)."""
    try:
        text = raw.decode('utf-8')
    except UnicodeDecodeError as e:
        check(False, '%s: not UTF-8: %s' % (name, e))
        text = raw.decode('utf-8', 'replace')
    page = parse(text)
    check(page.declared, '%s: starts with <!DOCTYPE html>' % name)
    check(not page.errors, '%s: unbalanced tags: %s' % (name, page.errors[:5]))
    check(page.stack == [], '%s: unclosed tags at the end: %s' % (name, page.stack))
    if own_dump:
        check(not re.search(r'https?://', text, re.I), '%s: no http(s):// anywhere' % name)
    style = text[text.index('<style>'):text.index('</style>')] if '<style>' in text else ''
    script = text[text.rindex('<script>'):] if '<script>' in text else ''
    check('url(' not in style and '@import' not in style and '//' not in style, '%s: CSS loads nothing' % name)
    check(not re.search(r'https?:|//|fetch|XMLHttpRequest|import', script), '%s: the script loads nothing' % name)
    scripts = [a for (t, a) in page.elements if t == 'script']
    check(len(scripts) == 1 and scripts[0] == {}, '%s: one inline script, no src' % name)
    for (t, a) in page.elements:
        # The one image the page may hold: an inline PNG (a bitmap thumbnail).
        inline_png = (t == 'img' and set(a) <= {'src', 'alt', 'style'}
                      and re.fullmatch(r'data:image/png;base64,[A-Za-z0-9+/]+=*', a.get('src') or '') is not None)
        check(t not in ('img', 'iframe', 'object', 'embed', 'link', 'base', 'form', 'input') or inline_png,
              '%s: no <%s> element' % (name, t))
        for k, v in a.items():
            check(not k.startswith('on'), '%s: no event handler attribute %s on <%s>' % (name, k, t))
            check(k not in ('src', 'href', 'xlink:href', 'srcset', 'action', 'formaction', 'data', 'poster')
                  or (v or '').startswith('#') or (inline_png and k == 'src'),
                  '%s: %s="%s" on <%s> points inside the page' % (name, k, v, t))
            check(k != 'style' or not re.search(r'url\(|expression|//', v or ''),
                  '%s: style="%s" on <%s> loads nothing' % (name, v, t))
    csp = [a.get('content', '') for (t, a) in page.elements
           if t == 'meta' and a.get('http-equiv', '').lower() == 'content-security-policy']
    check(len(csp) == 1 and "default-src 'none'" in csp[0] and 'unsafe-inline' not in csp[0].split('script-src')[1],
          '%s: a strict Content-Security-Policy' % name)
    for sec in ('dump', 'totals', 'leaks', 'classes', 'objects', 'treemap'):
        check(sec in page.section_text, '%s: has section #%s' % (name, sec))
    # The leak counts the page states equal the groups it shows.
    leaks = [a for (t, a) in page.elements if t == 'section' and a.get('id') == 'leaks']
    groups = [a for (t, a) in page.elements if t == 'article' and 'leak-group' in a.get('class', '')]
    if check(len(leaks) == 1, '%s: one leaks section' % name):
        na = int(leaks[0]['data-application-groups'])
        nl = int(leaks[0]['data-library-groups'])
        check(na == sum('application' in g['class'] for g in groups),
              '%s: application leak count equals the application groups shown' % name)
        check(nl == sum('library' in g['class'] for g in groups),
              '%s: library leak count equals the library groups shown' % name)
        # Each group's count is its number of traces (up to 50 shown).
        traces = [a for (t, a) in page.elements if t == 'details' and a.get('class') == 'trace']
        check(sum(min(int(g['data-count']), 50) for g in groups) == len(traces),
              '%s: every leak instance has its trace' % name)
    # SVG boxes all carry a tooltip.
    rects = sum(1 for (t, _) in page.elements if t == 'rect')
    titles = sum(1 for (t, _) in page.elements if t == 'title') - 1  # minus <head><title>
    check(rects == titles, '%s: every treemap box has a <title> tooltip' % name)
    return text, page


def check_structure(tool, dumps):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'tiny.html')
        raw = run_tool(tool, os.path.join(dumps, 'tiny.hprof'), out)
        text, page = common_checks(raw, 'tiny', own_dump=True)

        groups = [a for (t, a) in page.elements if t == 'article']
        check(len(groups) == 1 and 'application' in groups[0]['class'] and groups[0]['data-count'] == '1',
              'tiny: exactly the one planted application leak')
        traces = [a for (t, a) in page.elements if t == 'details' and 'trace' in a.get('class', '').split()]
        # Leaky (16) + its byte[1000] payload (1016).
        check(len(traces) == 1 and traces[0].get('data-retained') == '1032'
              and traces[0].get('data-retained-count') == '2',
              'tiny: the leak retains 1032 bytes in 2 objects')
        # The group's merged paths: its one leaking object, reached from
        # one GC root (every node on the way: 1 object, 1 reached).
        # (class Holder --static sLeaky--> the Leaky: two nodes).
        art = [i for i, (t, a) in enumerate(page.elements) if t == 'article'][0]
        merged = [i for i, (t, a) in enumerate(page.elements)
                  if i > art and t == 'details' and 'merged-paths' in a.get('class', '').split()]
        check(len(merged) >= 1, 'tiny: the leak group shows its merged paths')
        after = [a for (t, a) in page.elements[merged[0]:] if t == 'li' and 'data-reached' in a]
        check(len(after) == 2 and all(a['data-reached'] == '1' and a['data-objects'] == '1' for a in after),
              'tiny: the merged paths reach the one leaking object through one static')
        leaks_text = ''.join(page.section_text.get('leaks', []))
        for want in ('com.example.Holder', 'com.example.Leaky', 'sLeaky', 'Leaking: YES', 'Leaking: NO',
                     'f00dcafe-0001', 'com.example.Leaky received Activity#onDestroy() callback',
                     'GC Root: '):
            check(want in leaks_text, 'tiny: leaks section shows %r' % want)
        suspects = [a for (t, a) in page.elements if 'suspect' in a.get('class', '').split()]
        check(len(suspects) == 1, 'tiny: one suspect reference marked')
        check('.suspect{text-decoration:underline wavy' in text, 'tiny: suspects underlined with a wavy line')

        rows = page.cells('class-table')
        names = {r[0] for r in rows}
        check(len(rows) == 14 and names == TINY_CLASSES,
              'tiny: one class row per class (%d rows: %s)' % (len(rows), sorted(names ^ TINY_CLASSES)))
        byte_rows = [r for r in rows if r[0] == 'byte[]']
        # byte[1000] -> 1016 and byte[4000] -> 4016 bytes, both reachable.
        check(len(byte_rows) == 1 and byte_rows[0][1:3] == ['2', '2'],
              'tiny: byte[] row counts 2 objects, 2 reachable')
        objs = page.cells('object-table')
        check(len(objs) >= 1 and objs[0][1] == 'java.lang.Thread' and '"worker-1"' in objs[0][2],
              'tiny: the thread holding 4000 bytes is the biggest object')
        dump_text = ''.join(page.section_text.get('dump', []))
        for want in ('tiny.hprof', 'JAVA PROFILE 1.0.2', '4 bytes', '2026-01-01 00:00:00 UTC', 'HotSpot'):
            check(want in dump_text, 'tiny: dump section shows %r' % want)
        check(tmp not in text and dumps not in text, 'tiny: no folder names in the report')

        # Same bytes again; the timestamp option changes only the footer.
        raw2 = run_tool(tool, os.path.join(dumps, 'tiny.hprof'), os.path.join(tmp, 'again.html'))
        check(raw == raw2, 'tiny: two runs give identical bytes')
        raw3 = run_tool(tool, os.path.join(dumps, 'tiny.hprof'), os.path.join(tmp, 'time.html'), '--timestamp')
        cut = raw.index(b'<footer>')
        check(raw3[:cut] == raw[:cut] and b'<time class="generated">' in raw3[cut:]
              and b'<time' not in raw, 'tiny: --timestamp adds a generation time to the footer only')
        check(sorted(os.listdir(tmp)) == ['again.html', 'time.html', 'tiny.html'],
              'tiny: no temporary files left behind')


def check_escape(tool, dumps):
    with tempfile.TemporaryDirectory() as tmp:
        # The file name is dump-derived text too.
        fname = '"><img src=x onerror=alert(3)> & <i>.hprof'
        dump = os.path.join(tmp, fname)
        shutil.copyfile(os.path.join(dumps, 'hostile.hprof'), dump)
        raw = run_tool(tool, dump, os.path.join(tmp, 'hostile.html'))
        text, page = common_checks(raw, 'hostile', own_dump=True)
        shown = page.all_text()
        titles = ' '.join(a.get('title', '') for (_, a) in page.elements)

        # Shown as text: the parser decodes the escapes back to the strings.
        check(fname in shown, 'hostile: file name shown as text')
        check('<script>alert(1)' in shown, 'hostile: class name <script>alert(1)... shown as text')
        check(XSS_IMG in shown, 'hostile: static field / description "><img ...> shown as text')
        check(XSS_KEY in shown, 'hostile: key <script>alert(2)</script> shown as text')
        check(XSS_THREAD in shown, 'hostile: thread name with markup and quotes shown as text')
        check('com.example.Holder"onmouseover="alert(4)' in titles,
              'hostile: a class name with quotes stays inside its title attribute')
        svg = text[text.index('<svg'):text.index('</svg>')]
        check('&lt;script&gt;alert(1)&lt;' in svg, 'hostile: class name in the treemap tooltips, escaped')
        check('Bad\ufffd' in shown, 'hostile: invalid UTF-8 in a class name repaired to U+FFFD')
        # ... and never as markup: none of the raw strings is in the source.
        for raw_s in ('<script>alert', '<img', '<b>worker', '<i>.hprof', 'onerror=alert(1)>'):
            check(raw_s not in text, 'hostile: raw %r is not in the source' % raw_s)
        # The escaped forms are (hs_html_escape: &lt; &gt; &quot; &amp; &#39;).
        for esc_s in ('&lt;script&gt;alert(1)', '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;',
                      '&lt;script&gt;alert(2)&lt;/script&gt;', '&lt;b&gt;worker&lt;/b&gt; &amp; ',
                      'a&amp;amp;b'):
            check(esc_s in text, 'hostile: escaped %r is in the source' % esc_s)
        # The string "a&amp;b" is shown literally, not as "a&b".
        check('a&amp;b' in shown, 'hostile: a&amp;b shown literally (escaped once, not zero times)')
        check(len(page.cells('class-table')) == 15, 'hostile: 15 class rows')


def check_golden(tool, dumps):
    golden = os.path.join(HERE, 'golden', 'tiny.html')
    with tempfile.TemporaryDirectory() as tmp:
        raw = run_tool(tool, os.path.join(dumps, 'tiny.hprof'), os.path.join(tmp, 'tiny.html'))
    with open(golden, 'rb') as f:
        want = f.read()
    if raw != want:
        diff = difflib.unified_diff(want.decode('utf-8', 'replace').splitlines(),
                                    raw.decode('utf-8', 'replace').splitlines(),
                                    'golden/tiny.html', 'now', lineterm='', n=1)
        print('\n'.join(list(diff)[:80]))
    check(raw == want, 'golden: report of tiny.hprof equals golden/tiny.html '
                       '(if the change is intended: tests/report/regen-golden.sh, then review)')
    # The CLI (heapscope-cli report, the lead's) writes the very same bytes.
    cli = os.environ.get('HS_CLI')
    if check(cli and os.path.exists(cli), 'golden: HS_CLI names the built heapscope-cli'):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, 'cli.html')
            r = subprocess.run([cli, 'report', os.path.join(dumps, 'tiny.hprof'), '-o', out, '--no-timestamp'],
                               capture_output=True, text=True)
            check(r.returncode == 0, 'golden: heapscope-cli report succeeds (%s)' % r.stderr.strip())
            if r.returncode == 0:
                with open(out, 'rb') as f:
                    check(f.read() == want, 'golden: heapscope-cli report --no-timestamp gives the golden bytes')


# The generator's dumps (tests/generator, HeapGen.java): real JDK 17 dumps of
# the 'small', 'escape' and 'sample' scenarios, with what their construction
# implies in tests/generator/expected-*.json (written by the generator's
# author from the planted structure, not from our output).
def check_generated(tool, dumps):
    gen = os.path.join(SOURCE_ROOT, 'tests', 'generator')
    with tempfile.TemporaryDirectory() as tmp:
        for name in ('small', 'escape', 'sample'):
            with open(os.path.join(gen, 'expected-%s.json' % name)) as f:
                exp = json.load(f)
            src = os.path.join(SOURCE_ROOT, exp['dump'])
            raw = run_tool(tool, src, os.path.join(tmp, name + '.html'), fatal=False)
            if raw is None:
                continue
            text, page = common_checks(raw, name)
            leaks = [a for (t, a) in page.elements if t == 'section' and a.get('id') == 'leaks'][0]
            check(int(leaks['data-application-groups']) == exp['application_leak_groups'],
                  '%s: %d application leak groups' % (name, exp['application_leak_groups']))
            check(int(leaks['data-library-groups']) == exp['library_leak_groups'],
                  '%s: %d library leak groups' % (name, exp['library_leak_groups']))
            want = sorted((l['retained_bytes'], l['retained_count'])
                          for l in exp['leaks'] for _ in range(l['count']))
            got = sorted((int(a['data-retained']), int(a['data-retained-count']))
                         for (t, a) in page.elements if t == 'details' and a.get('class') == 'trace')
            check(got == want, '%s: one trace per leaking object with its exact retained size %s (got %s)'
                  % (name, want, got))
            leaks_text = ''.join(page.section_text.get('leaks', []))
            for l in exp['leaks']:
                check(l['class'] in leaks_text, '%s: leak of %s shown' % (name, l['class']))
                for node in l.get('path', []):
                    ref = node.get('reference', {})
                    if ref.get('name'):
                        check(ref['name'] in leaks_text, '%s: reference %s on the path' % (name, ref['name']))
            for hostile in exp.get('hostile_strings', []):
                check(hostile in page.all_text(), '%s: %r shown as text' % (name, hostile))
                check(hostile not in text, '%s: %r never raw in the source' % (name, hostile))
            check(len(page.cells('class-table')) == 50, '%s: 50 class rows (the default top)' % name)
            check(len(page.cells('object-table')) == 25, '%s: 25 object rows (the default top)' % name)


# The real dumps of the corpus ($HS_CORPUS_DIR) against expected/*.json (computed by an
# independent implementation of docs/semantics.md): the report's totals, class
# table and biggest objects must be those exact figures.
def check_corpus(tool, dumps):
    corpus = testlib.corpus_dir()
    if corpus is None:
        print('SKIP: no corpus (set HS_CORPUS_DIR or put it in ../shared/corpus)')
        sys.exit(77)   # meson shows SKIP (docs/testing.md)
    expdir = os.path.join(corpus, 'expected')
    names = sorted(f[:-5] for f in os.listdir(expdir) if f.endswith('.json'))
    check(len(names) >= 6, 'corpus: expected/*.json found')
    # corpus/README.md: oracle_jdk7_21_hprofagent.hprof holds two dumps.
    two = os.path.join(corpus, 'jvm', 'oracle_jdk7_21_hprofagent.hprof')
    with tempfile.TemporaryDirectory() as tmp:
        raw = run_tool(tool, two, os.path.join(tmp, 'two.html'), fatal=False)
        if raw is not None:
            text, page = common_checks(raw, 'two-dumps')
            check('<th scope="row">Dumps in the file</th><td>2 (this report: dump 1)</td>' in text,
                  'two-dumps: the report says the file holds 2 dumps')
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            with open(os.path.join(expdir, name + '.json')) as f:
                exp = json.load(f)
            sub = 'android' if exp.get('android') else 'jvm'
            dump = [os.path.join(corpus, sub, name + ext) for ext in ('.hprof', '.hprof.gz')]
            dump = [d for d in dump if os.path.exists(d)]
            if not check(len(dump) == 1, '%s: dump file found' % name):
                continue
            raw = run_tool(tool, dump[0], os.path.join(tmp, name + '.html'), fatal=False)
            if raw is None:
                continue
            text, page = common_checks(raw, name)

            def kv(label):
                m = re.search(r'<tr><th scope="row">%s</th><td class="num">([0-9,.]+)' % re.escape(label), text)
                return m and m.group(1).replace(',', '')
            for label, key in (('Objects', 'objects'), ('Reachable objects', 'reachable_objects'),
                               ('GC roots (distinct objects)', 'gc_roots')):
                check(kv(label) == str(exp[key]), '%s: %s = %s (report: %s)' % (name, label, exp[key], kv(label)))
            for label, key in (('Shallow size of all objects', 'shallow_bytes'), ('Reachable bytes', 'reachable_bytes')):
                m = re.search(r'<th scope="row">%s</th><td class="num">[^<]*<span class="exact">\(([0-9,]+) bytes'
                              % re.escape(label), text)
                got = m and m.group(1).replace(',', '')
                check(got == str(exp[key]), '%s: %s = %s (report: %s)' % (name, label, exp[key], got))
            dump_text = ''.join(page.section_text.get('dump', []))
            check(('Android' in dump_text) == bool(exp['android']), '%s: runtime Android/HotSpot' % name)
            check('%d bytes' % exp['id_size'] in dump_text, '%s: identifier size' % name)

            # Class table rows carry exact values in data-v.
            rows = []
            tbl = table_html(text, 'class-table')
            for m in re.finditer(r'<tr><td class="name"><code>(.*?)</code></td>'
                                 r'<td class="num" data-v="(\d+)">.*?</td><td class="num" data-v="(\d+)">.*?</td>'
                                 r'<td class="num" data-v="(\d+)".*?</td><td class="num" data-v="(\d+)"', tbl, re.S):
                rows.append((html.unescape(m.group(1)),) + tuple(int(g) for g in m.groups()[1:]))
            want = [(c['name'], c['count'], c['reachable_count'], c['shallow'], c['retained'])
                    for c in exp['top_classes_by_retained']]
            top = rows[:len(want)]
            check(sorted(top) == sorted(want), '%s: the top %d classes by retained size, with count, reachable, '
                  'shallow and retained as expected (differences: %s)'
                  % (name, len(want), sorted(set(top) ^ set(want))[:4]))
            check(all(rows[i][4] >= rows[i + 1][4] for i in range(len(rows) - 1)),
                  '%s: class table sorted by retained size' % name)

            objs = []
            tbl = table_html(text, 'object-table')
            for m in re.finditer(r'<tr><td class="mono">(0x[0-9a-f]+)</td><td class="name"><code>(.*?)</code></td>'
                                 r'<td class="name">.*?</td><td class="num" data-v="(\d+)".*?</td>'
                                 r'<td class="num" data-v="(\d+)"', tbl, re.S):
                objs.append((m.group(1), html.unescape(m.group(2)), int(m.group(3)), int(m.group(4))))
            want = [(o['id'], o['cls'], o['shallow'], o['retained']) for o in exp['top_objects_by_retained']]
            check(sorted(objs[:len(want)]) == sorted(want), '%s: the top %d objects by retained size as expected '
                  '(differences: %s)' % (name, len(want), sorted(set(objs[:len(want)]) ^ set(want))[:4]))

            if name == 'leak_service_binder':
                # corpus/README.md: one leak, a LeakyService, whose path starts
                # at a static field of the LeakyService class.
                groups = [a for (t, a) in page.elements if t == 'article']
                check(len(groups) == 1, 'android: one leak group')
                leaks = text[text.index('<section id="leaks"'):]
                first = re.search(r'<li class="node" data-leaking="[A-Z]+">\s*<div class="node-head">'
                                  r'<span class="cls">([^<]*)</span> <span class="kind">([a-z]+)</span>', leaks)
                check(first and first.group(1) == 'com.example.leakcanary.LeakyService' and first.group(2) == 'class',
                      'android: the trace starts at the LeakyService class')
                ref = re.search(r'<div class="ref">\S+ (<span class="kw">static</span> )?', leaks)
                check(ref and ref.group(1), 'android: through a static field')
                # The header's timestamp, read here from the file itself.
                with open(dump[0], 'rb') as f:
                    head = f.read(64)
                nul = head.index(0)
                ms = int.from_bytes(head[nul + 5:nul + 13], 'big')
                date = datetime.datetime.fromtimestamp(ms // 1000, datetime.timezone.utc).strftime('%Y-%m-%d %H:%M:%S UTC')
                check(date in dump_text, 'android: dump date %s from the header' % date)


def check_chromium(tool, dumps):
    exe = shutil.which('chromium') or shutil.which('chromium-browser')
    if exe is None:
        print('chromium is not installed (Debian package chromium): skipped')
        sys.exit(77)
    with tempfile.TemporaryDirectory() as tmp:
        for name in ('tiny', 'hostile'):
            out = os.path.join(tmp, name + '.html')
            run_tool(tool, os.path.join(dumps, name + '.hprof'), out)
            r = subprocess.run([exe, '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
                                '--user-data-dir=' + os.path.join(tmp, 'profile'),
                                '--virtual-time-budget=2000', '--dump-dom', 'file://' + out],
                               capture_output=True, text=True, timeout=90)
            dom = r.stdout
            check(r.returncode == 0 and '</html>' in dom, '%s: chromium rendered the page' % name)
            page = parse(dom)
            shown = page.all_text()
            check('Leaking: YES' in shown, '%s: the page shows the leaking object' % name)
            # The sorting script ran (it marks headers): the CSP hash is right.
            check('data-sort=""' in dom, '%s: the inline script ran under the page\'s CSP' % name)
            check(not any(t == 'img' for (t, _) in page.elements), '%s: no <img> in the rendered DOM' % name)
            if name == 'tiny':
                check('com.example.Leaky' in shown and 'sLeaky' in shown, 'tiny: the trace is on the page')
            else:
                check(XSS_IMG in shown, 'hostile: the hostile text is on the page as text')
        # With JavaScript off the page reads the same. (Chromium's
        # --dump-dom needs scripting, so the page's own script is turned off
        # through its Content-Security-Policy instead.)
        with open(os.path.join(tmp, 'tiny.html'), encoding='utf-8') as f:
            noscript = re.sub(r"script-src 'sha256-[^']*'", "script-src 'none'", f.read())
        with open(os.path.join(tmp, 'noscript.html'), 'w', encoding='utf-8') as f:
            f.write(noscript)
        r = subprocess.run([exe, '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
                            '--user-data-dir=' + os.path.join(tmp, 'profile'), '--dump-dom',
                            'file://' + os.path.join(tmp, 'noscript.html')],
                           capture_output=True, text=True, timeout=90)
        page = parse(r.stdout)
        check('</html>' in r.stdout and 'data-sort=""' not in r.stdout and 'Leaking: YES' in page.all_text()
              and 'sLeaky' in page.all_text(), 'tiny: with the page\'s script off the leak trace is on the page')
        shot = os.path.join(tmp, 'shot.png')
        subprocess.run([exe, '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
                        '--user-data-dir=' + os.path.join(tmp, 'profile'), '--window-size=1280,2400',
                        '--screenshot=' + shot, 'file://' + os.path.join(tmp, 'tiny.html')],
                       capture_output=True, timeout=90)
        check(os.path.exists(shot) and os.path.getsize(shot) > 10000, 'tiny: chromium took a screenshot')
        if os.environ.get('HS_REPORT_SCREENSHOT') and os.path.exists(shot):
            shutil.copyfile(shot, os.environ['HS_REPORT_SCREENSHOT'])


def section_html(text, sid):
    sec = text[text.index('<section id="%s"' % sid):]
    return sec[:sec.index('</section>')]


def trace_nodes(ol):
    """(li class, class name, id, marked reference names) of an <ol class="trace">."""
    items = re.findall(r'<li class="(node[^"]*)"[^>]*>\n<div class="node-head"><span class="cls">([^<]*)</span>'
                       r' <span class="kind">[^<]*</span>(?: <span class="oid">(0x[0-9a-f]+)</span>)?', ol)
    marks = re.findall(r'<span class="field into">([^<]*)</span>', ol)
    return items, marks


def check_suspects(tool, dumps):
    sys.path.insert(0, os.path.join(HERE, '..', 'suspects'))
    import test_suspects as ts
    with tempfile.TemporaryDirectory() as tmp:
        # StaticMap: Cache 104,440 of 104,480 reachable, T = 10,448;
        # Cache -> map -> table (104,416), 100 Nodes of 1,040 below it.
        raw = run_tool(tool, os.path.join(dumps, 'static-map.hprof'), os.path.join(tmp, 'sm.html'))
        text, page = common_checks(raw, 'static-map', own_dump=True)
        check('<a href="#suspects"><strong>1</strong> problem suspect</a>' in text,
              'static-map: the headline links to the one suspect')
        ids = [a.get('id') for (t, a) in page.elements if t == 'section']
        check(ids[:1] == ['suspects'], 'static-map: the suspects section comes first (%s)' % (ids,))
        sec = section_html(text, 'suspects')
        check('data-threshold="10448" data-objects="1" data-classes="0"' in sec,
              'static-map: threshold 10448, one object suspect, no class suspect')
        m = ts.StaticMap
        m.build()  # sets m.ids (the generator's addresses)
        card = re.search(r'<div class="suspect-card object-suspect" id="suspect-1" data-id="([^"]*)" '
                         r'data-retained="(\d+)" data-accumulation="([^"]*)">', sec)
        check(card and card.groups() == (hex(ts.CACHE), '104440', hex(m.ids['table'])),
              'static-map: suspect 1 is the Cache class, 104440 bytes, accumulating in the table (%s)'
              % (card.groups() if card else None,))
        shown = html.unescape(re.sub(r'<[^>]+>', '', sec))
        for want in ('com.example.Cache.ENTRIES, a java.util.HashMap of 100 entries, retains',
                     'Leaking: NO', 'a class is never leaking',
                     'GC Root: System Class', 'in 203 objects'):
            check(want in shown, 'static-map: the section shows %r' % want)
        check('<code>com.example.Cache.ENTRIES</code>' in sec, 'static-map: names in the sentence as code')
        nodes, marks = trace_nodes(sec)
        check([(n[1], n[2]) for n in nodes] == [('com.example.Cache', hex(ts.CACHE)),
                                                ('java.util.HashMap', hex(m.ids['map'])),
                                                ('java.util.HashMap$Node[]', hex(m.ids['table']))],
              'static-map: the path Cache -> HashMap -> Node[] (%s)' % (nodes,))
        check(nodes and 'accumulation' in nodes[-1][0].split() and 'leaking-obj' not in nodes[-1][0],
              'static-map: the last node is drawn as the accumulation point')
        check(marks == ['ENTRIES', 'table'], 'static-map: both references into the accumulation point marked (%s)' % (marks,))
        check(' suspect"' not in sec and 'class="field suspect' not in sec,
              'static-map: no leak-suspect marks in the suspects section')
        rows = page.cells('suspect-1-classes')
        check([r[:2] for r in rows] == [['java.util.HashMap$Node', '100']],
              'static-map: retained classes: 100 HashMap$Node (%s)' % (rows,))
        check('data-v="104000"' in table_html(text, 'suspect-1-classes'),
              'static-map: the Nodes retain 100 x 1040 = 104000 bytes')

        # ParkedThreads: no object suspect, the class byte[]: 20 members,
        # 20,320 bytes; the ten biggest are the first ten buffers; no
        # common path (each hangs off its own thread).
        raw = run_tool(tool, os.path.join(dumps, 'parked.hprof'), os.path.join(tmp, 'p.html'))
        text, page = common_checks(raw, 'parked', own_dump=True)
        sec = section_html(text, 'suspects')
        check('data-threshold="2064" data-objects="0" data-classes="1"' in sec,
              'parked: threshold 2064, one class suspect')
        check('<div class="suspect-card class-suspect" id="class-suspect-1" data-class="byte[]" '
              'data-count="20" data-retained="20320">' in sec, 'parked: 20 byte[] retaining 20320 bytes')
        p = ts.ParkedThreads
        p.build()
        members = re.findall(r'<li><code>byte\[\]@(0x[0-9a-f]+)</code>', sec)
        check(members == [hex(b) for b in p.buffers[:10]], 'parked: the ten biggest members (%s)' % (members,))
        check('share no object' in sec and '<ol class="trace">' not in sec, 'parked: no common path')
        check('20 objects of class <code>byte[]</code>' in sec, 'parked: the sentence names the class')

        # DeepAccumulation: A -> B -> C -> D (Object[10]), three levels down.
        raw = run_tool(tool, os.path.join(dumps, 'deep.hprof'), os.path.join(tmp, 'd.html'))
        text, page = common_checks(raw, 'deep', own_dump=True)
        sec = section_html(text, 'suspects')
        dp = ts.DeepAccumulation
        dp.build()
        nodes, marks = trace_nodes(sec)
        check([n[2] for n in nodes] == [hex(dp.ids[k]) for k in 'abcd'], 'deep: the path A B C D (%s)' % (nodes,))
        check(marks == ['inner'] * 3, 'deep: the three inner references marked')
        check('data-accumulation="%s"' % hex(dp.ids['d']) in sec, 'deep: the accumulation point is D')
        check([r[:2] for r in page.cells('suspect-1-classes')] == [['byte[]', '10']], 'deep: 10 byte[] below D')

        # tiny.hprof: two object suspects (the worker thread's 4016-byte
        # buffer: 16 + 56 + 4016 = 4088 of 5560; class Holder), before the
        # leak section, which is unchanged (the one leak-suspect mark).
        raw = run_tool(tool, os.path.join(dumps, 'tiny.hprof'), os.path.join(tmp, 't.html'))
        text, page = common_checks(raw, 'tiny', own_dump=True)
        check(text.index('<section id="suspects"') < text.index('<section id="dump"'), 'tiny: suspects first')
        check('<strong>2</strong> problem suspects</a>' in text, 'tiny: 2 problem suspects in the headline')

        # No suspect: no section, and the headline says so with the threshold.
        d = os.path.join(tmp, 'none.hprof')
        ts.NoSuspect.build().write(d)
        raw = run_tool(tool, d, os.path.join(tmp, 'n.html'))
        text, page = common_checks(raw, 'no-suspect', own_dump=True)
        check('<section id="suspects"' not in text and 'no problem suspects above 10.0%' in text,
              'no-suspect: no section; the headline says none above 10%')

        # Hostile names reach the suspects section escaped.
        raw = run_tool(tool, os.path.join(dumps, 'hostile.hprof'), os.path.join(tmp, 'h.html'))
        text, page = common_checks(raw, 'hostile', own_dump=True)
        sec = section_html(text, 'suspects')
        check('<code>&lt;b&gt;worker&lt;/b&gt; &amp; &#39;friends&#39; &quot;quoted&quot;</code>' in sec,
              'hostile: the thread name in a suspect sentence, escaped')
        check('com.example.Holder&quot;onmouseover=&quot;alert(4)' in sec and '<b>' not in sec
              and '<script' not in sec and '<img' not in sec, 'hostile: no markup from the dump in the suspects')


def check_loaders(tool, dumps):
    sys.path.insert(0, os.path.join(HERE, '..', 'cli'))
    import loadersdump as ld
    b = ld.build(hostile=True)
    with tempfile.TemporaryDirectory() as tmp:
        raw = run_tool(tool, os.path.join(dumps, 'loaders.hprof'), os.path.join(tmp, 'l.html'))
        text, page = common_checks(raw, 'loaders', own_dump=True)
        for sec, title in (('duplicates', 'Duplicate classes'), ('props', 'System properties')):
            check(sec in page.section_text, 'loaders: has section #%s' % sec)
            check('<a href="#%s">%s</a>' % (sec, title) in text, 'loaders: #%s in the navigation' % sec)
        l1 = 'com.example.PluginLoader @ 0x%x (%s)' % (b.l1, ld.XSS_LOADER)
        l2 = 'com.example.PluginLoader @ 0x%x' % b.l2
        rows = page.cells('duplicate-table')
        check(rows == [['com.example.Shared', '3', '1', '<system class loader> (1)%s (0)%s (0)' % (l1, l2)],
                       ['com.example.Plugin', '2', '8', '%s (5)%s (3)' % (l2, l1)]],
              'loaders: the duplicate classes, most loaders first, each loader\'s instances: %r' % rows)
        want = dict(ld.PROPS)
        want[ld.XSS_KEY] = ld.XSS_VALUE
        want[ld.LOOP_KEY] = 'once'
        rows = page.cells('props-table')
        check(rows == [[k, want[k]] for k in sorted(want)], 'loaders: every property, by key: %r' % rows)
        sec = section_html(text, 'props')
        check('<ol class="jvm-args"><li><code>-Xmx512m</code></li><li><code>-Dapp.mode=test</code></li></ol>'
              in sec, 'loaders: the JVM arguments, in order')
        check('&lt;script&gt;alert(5)&lt;/script&gt;' in sec and '&quot;&gt;&lt;img src=x onerror=alert(6)&gt;' in sec
              and '<script>alert' not in text and '<img' not in text, 'loaders: a hostile key and value, escaped')
        check('(&lt;i&gt;plugin-a&lt;/i&gt; &amp; &quot;more&quot;)' in section_html(text, 'duplicates')
              and '<i>plugin' not in text, 'loaders: a loader name with markup, escaped')
        raw = run_tool(tool, os.path.join(dumps, 'tiny.hprof'), os.path.join(tmp, 't.html'))
        text, page = common_checks(raw, 'tiny', own_dump=True)
        check('<section id="duplicates"' not in text and '<section id="props"' not in text
              and '#props' not in text and '#duplicates' not in text, 'tiny: no loaders or properties sections')


def main():
    what, tool, dumps = sys.argv[1], sys.argv[2], sys.argv[3]
    {'structure': check_structure, 'escape': check_escape, 'golden': check_golden,
     'generated': check_generated, 'corpus': check_corpus, 'chromium': check_chromium,
     'suspects': check_suspects, 'loaders': check_loaders}[what](tool, dumps)
    if failures:
        print('%d check(s) failed' % len(failures))
        sys.exit(1)
    print('ok')


if __name__ == '__main__':
    main()
