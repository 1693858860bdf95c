#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Heapscope's CLI against the generated dumps of known structure.

Every expected value comes from expected-*.json, i.e. from the construction
in com/example/Scenarios.java and the hand derivations in README.md (and
check_dump.py --verify confirms them on the committed files independently).

    test_generated.py small|escape|sample
Environment (set by tests/meson.build): HS_CLI, HS_SOURCE_ROOT.
"""
import gzip
import json
import os
import shutil
import subprocess
import sys
import tempfile

SRC = os.environ.get('HS_SOURCE_ROOT', os.path.join(os.path.dirname(__file__), '..', '..'))
CLI = os.environ.get('HS_CLI', os.path.join(SRC, 'build', 'src', 'cli', 'heapscope-cli'))
HERE = os.path.join(SRC, 'tests', 'generator')
ROOT_TYPE = {5: 'System Class', 3: 'Java Frame'}

failures = []


def check(what, got, want):
    if got != want:
        failures.append('%s: got %r, expected %r' % (what, got, want))
        print('FAIL %s: got %r, expected %r' % (what, got, want))
    else:
        print('ok   %s: %r' % (what, got))


def cli(*args):
    r = subprocess.run([CLI] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode != 0:
        sys.exit('heapscope-cli %s failed (%d): %s' % (' '.join(args), r.returncode, r.stderr.decode(errors='replace')))
    try:
        return json.loads(r.stdout)
    except ValueError as e:
        sys.exit('heapscope-cli %s: not JSON (%s): %r' % (' '.join(args), e, r.stdout[:200]))


def main():
    scenario = sys.argv[1]
    exp = json.load(open(os.path.join(HERE, 'expected-%s.json' % scenario)))
    src = os.path.join(SRC, exp['dump'])
    tmp = tempfile.mkdtemp(prefix='hs-gen-')
    try:
        dump = src
        if src.endswith('.gz'):
            dump = os.path.join(tmp, scenario + '.hprof')
            with gzip.open(src, 'rb') as i, open(dump, 'wb') as o:
                shutil.copyfileobj(i, o)
        run(exp, dump)
    finally:
        shutil.rmtree(tmp)
    print('%d failure(s)' % len(failures))
    sys.exit(1 if failures else 0)


def run(exp, dump):
    s = cli('summary', dump, '--json')
    check('id_size', s.get('id_size'), exp['id_size'])
    check('ref_size', s.get('ref_size'), exp['ref_size'])
    check('object_align', s.get('object_align'), exp['object_align'])
    check('android', s.get('android'), exp['android'])

    rows = cli('classes', dump, '--json')
    by_name = {}
    for r in rows:
        by_name.setdefault(r['name'], []).append(r)
    for name, c in exp['classes'].items():
        got = by_name.get(name, [])
        check('class %s rows' % name, len(got) <= 1, True)
        row = got[0] if got else {'count': 0, 'reachable_count': 0, 'shallow': 0}
        check('class %s count' % name, row['count'], c['count'])
        if 'reachable_count' in c:
            check('class %s reachable_count' % name, row['reachable_count'], c['reachable_count'])
        if 'shallow' in c:
            check('class %s shallow' % name, row['shallow'], c['shallow'])

    # Retained sizes of the planted objects (exact dominator tree).
    for leak in exp['leaks']:
        objs = cli('objects', dump, '--class', leak['class'], '--json')
        n = sum(l['count'] for l in exp['leaks'] if l['class'] == leak['class'])
        check('objects %s' % leak['class'], len(objs), n)
        for o in objs:
            check('retained of %s %s' % (leak['class'], o['id']), (o['retained'], o['retained_count']),
                  (leak['retained_bytes'], leak['retained_count']))
    for nl in exp['not_leaks']:
        if 'referent' in nl:
            continue
        objs = cli('objects', dump, '--class', nl['class'], '--json')
        check('objects %s' % nl['class'], len(objs), 1)
        if not objs:
            continue
        if nl.get('reachable') is False:
            check('%s reachable' % nl['class'], objs[0]['reachable'], False)
            fw = cli('objects', dump, '--class', nl['class'], '--json', '--follow-weak')
            check('%s --follow-weak retained' % nl['class'], (fw[0]['reachable'], fw[0]['retained'], fw[0]['retained_count']),
                  (True, nl['follow_weak']['retained_bytes'], nl['follow_weak']['retained_count']))
        else:
            check('%s retained' % nl['class'], (objs[0]['retained'], objs[0]['retained_count']),
                  (nl['retained_bytes'], nl['retained_count']))

    # Leaks: exactly the planted ones, with their paths.
    r = cli('leaks', dump, '--json')
    app, lib = r['application_leaks'], r['library_leaks']
    check('application leak groups', len(app), exp['application_leak_groups'])
    check('library leak groups', len(lib), exp['library_leak_groups'])
    check('leaking objects', r.get('leaking_objects'), exp['leaking_objects'])
    check('watched references', r.get('watched_references'), exp['watched_references'])
    traces = [(g, t) for g in app + lib for t in g['traces']]
    keys = sorted(t.get('key') for _, t in traces)
    want_keys = sorted(i['key'] for l in exp['leaks'] for i in l['instances'])
    check('leak keys', keys, want_keys)
    for nl in exp['not_leaks']:
        check('%s is not a leak' % nl['key'], nl['key'] in keys, False)
    for leak in exp['leaks']:
        for inst in leak['instances']:
            found = [(g, t) for g, t in traces if t.get('key') == inst['key']]
            if len(found) != 1:
                check('trace for %s' % inst['key'], len(found), 1)
                continue
            g, t = found[0]
            k = inst['key']
            check('%s group count' % k, g['count'], leak['count'])
            check('%s group is application' % k, g in app, True)
            check('%s retained' % k, (t['retained_bytes'], t['retained_count']),
                  (leak['retained_bytes'], leak['retained_count']))
            check('%s gc root type' % k, t['gc_root_type'], ROOT_TYPE[leak['gc_root']['hprof_tag']])
            if 'thread_name' in leak['gc_root']:
                check('%s gc root thread' % k, t['gc_root_thread'], leak['gc_root']['thread_name'])
            check('%s description' % k, t['description'], inst['description'])
            check('%s retained_duration_ms' % k, t['retained_duration_ms'],
                  exp['heap_dump_uptime_millis'] - inst['retainedUptimeMillis'])
            check('%s watch_duration_ms' % k, t['watch_duration_ms'],
                  exp['heap_dump_uptime_millis'] - inst['watchUptimeMillis'])
            nodes = t['nodes']
            check('%s path classes' % k, [n['class'] for n in nodes], [p['class'] for p in leak['path']])
            for i, (n, p) in enumerate(zip(nodes, leak['path'])):
                if 'leaking' in p and p['leaking'] != 'UNKNOWN':
                    check('%s node %d leaking' % (k, i), n['leaking'], p['leaking'])
                if 'reference' not in p:
                    continue
                ref, want = n.get('reference') or {}, p['reference']
                check('%s node %d reference kind' % (k, i), ref.get('kind'), want['kind'])
                if want['kind'] == 'element':
                    idx = inst.get('array_index', want.get('index'))
                    check('%s node %d index' % (k, i), ref.get('index'), idx)
                elif want['kind'] in ('field', 'static'):
                    check('%s node %d reference name' % (k, i), ref.get('name'), want['name'])
            if 'suspect_references' in leak:
                n_susp = sum(1 for n in nodes if (n.get('reference') or {}).get('suspect'))
                check('%s suspect references' % k, n_susp, len(leak['suspect_references']))
    # Same path shape -> same fingerprint; different shapes -> different ones.
    fps = {}
    for g, t in traces:
        fps.setdefault(g['fingerprint'], []).append(t['key'])
    check('fingerprints', len(fps), exp['application_leak_groups'] + exp['library_leak_groups'])


if __name__ == '__main__':
    main()
