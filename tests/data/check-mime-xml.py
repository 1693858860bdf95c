#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the shared-mime-info XML: well-formed, in the shared-mime-info
namespace, and defining application/x-java-hprof by the HPROF magic at
offset 0 (priority 80) and by the *.hprof and *.hprof.gz globs.

Usage: check-mime-xml.py MIME.xml"""
import sys
import xml.etree.ElementTree as ET

NS = '{http://www.freedesktop.org/standards/shared-mime-info}'
errors = []


def check(cond, msg):
    if not cond:
        errors.append(msg)


path = sys.argv[1]
try:
    root = ET.parse(path).getroot()
except ET.ParseError as e:
    print(f'{path}: not well-formed XML: {e}')
    sys.exit(1)

check(root.tag == NS + 'mime-info', f'root element is {root.tag}, not mime-info in the shared-mime-info namespace')
types = {t.get('type'): t for t in root.findall(NS + 'mime-type')}
t = types.get('application/x-java-hprof')
check(t is not None, 'no mime-type application/x-java-hprof')
if t is not None:
    check(t.find(NS + 'comment') is not None and (t.find(NS + 'comment').text or '').strip() != '',
          'application/x-java-hprof has no comment')
    globs = sorted(g.get('pattern') for g in t.findall(NS + 'glob'))
    check('*.hprof' in globs, f'glob *.hprof missing (globs: {globs})')
    magics = t.findall(NS + 'magic')
    check(len(magics) == 1, f'expected one magic element, found {len(magics)}')
    for m in magics:
        check(m.get('priority') == '80', f'magic priority is {m.get("priority")}, not 80')
        matches = m.findall(NS + 'match')
        found = [x for x in matches
                 if x.get('type') == 'string' and x.get('offset') == '0'
                 and x.get('value') == 'JAVA PROFILE 1.0.']
        check(len(found) == 1, 'no <match type="string" offset="0" value="JAVA PROFILE 1.0."/>')
    check(t.find(NS + 'sub-class-of') is None,
          'a plain dump is not a kind of anything else: no sub-class-of')
gz = types.get('application/x-java-hprof+gzip')
check(gz is not None, 'no mime-type application/x-java-hprof+gzip')
if gz is not None:
    globs = [g.get('pattern') for g in gz.findall(NS + 'glob')]
    check(globs == ['*.hprof.gz'], f'application/x-java-hprof+gzip globs are {globs}, not [*.hprof.gz]')
    parents = [p.get('type') for p in gz.findall(NS + 'sub-class-of')]
    check(parents == ['application/gzip'], f'application/x-java-hprof+gzip is a sub-class of {parents}, not application/gzip')
    check(gz.find(NS + 'magic') is None, 'gzip content cannot be told apart by magic: no magic for +gzip')
for t in types.values():
    # Elements the spec does not know are ignored by update-mime-database
    # with a warning: catch typos here.
    known = {'comment', 'acronym', 'expanded-acronym', 'glob', 'magic', 'sub-class-of',
             'alias', 'icon', 'generic-icon', 'root-XML', 'treemagic'}
    for child in t:
        name = child.tag.replace(NS, '')
        check(name in known, f'unknown element <{name}> in mime-type {t.get("type")}')

if errors:
    for e in errors:
        print(f'{path}: {e}')
    sys.exit(1)
print(f'{path}: OK')
