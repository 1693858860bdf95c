#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the GSettings schema the app relies on: the compiled schemas in the
build tree (what GSETTINGS_SCHEMA_DIR points the app and the UI tests at)
hold org.heapscope.Heapscope with the keys, types and defaults the app
uses, read back through GIO's own `gsettings` tool.

Usage: check-gschema.py SCHEMA.xml GSCHEMAS_COMPILED APP_ID"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

schema_xml, compiled, app_id = sys.argv[1:4]
errors = []
expected = {
    # key: (GVariant type, default as gsettings prints it)
    'window-width': ('i', None),
    'window-height': ('i', None),
    'window-maximized': ('b', 'false'),
    'follow-weak': ('b', 'false'),
    'android-inspectors-as-leaks': ('b', None),
}

root = ET.parse(schema_xml).getroot()
schemas = {s.get('id'): s for s in root.findall('schema')}
s = schemas.get(app_id)
if s is None:
    print(f'{schema_xml}: no schema {app_id}')
    sys.exit(1)
if s.get('path') != '/' + app_id.replace('.', '/') + '/':
    errors.append(f'schema path {s.get("path")} does not match the id')
keys = {k.get('name'): k for k in s.findall('key')}
for name, (typ, _) in expected.items():
    k = keys.get(name)
    if k is None:
        errors.append(f'key {name} missing')
    elif k.get('type') != typ:
        errors.append(f'key {name} has type {k.get("type")}, expected {typ}')
    elif not (k.findtext('summary') or '').strip():
        errors.append(f'key {name} has no summary')

if not os.path.isfile(compiled):
    errors.append(f'{compiled} was not built')
else:
    env = dict(os.environ, GSETTINGS_SCHEMA_DIR=os.path.dirname(compiled), GSETTINGS_BACKEND='memory')
    r = subprocess.run(['gsettings', 'list-recursively', app_id], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        errors.append(f'gsettings cannot read {app_id} from the build tree: {r.stderr.strip()}')
    else:
        got = {}
        for line in r.stdout.splitlines():
            parts = line.split(None, 2)
            if len(parts) == 3:
                got[parts[1]] = parts[2]
        for name, (typ, default) in expected.items():
            if name not in got:
                errors.append(f'compiled schema lacks {name}')
            elif default is not None and got[name] != default:
                errors.append(f'{name} defaults to {got[name]}, expected {default}')
            elif typ == 'i':
                v = int(got[name])
                if not 320 <= v <= 8192:
                    errors.append(f'{name} default {v} is not a sensible window size')
        print(r.stdout.strip())

if errors:
    for e in errors:
        print(f'{schema_xml}: {e}')
    sys.exit(1)
print(f'{schema_xml}: OK')
