#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks what the desktop file must say beyond what desktop-file-validate
checks: how the app is started, which files it opens (every type the MIME
XML defines, and only those), that its icon exists in both forms, and that
the translations were merged in.

Usage: check-desktop.py DESKTOP_FILE MIME_XML ICONS_DIR APP_ID"""
import configparser
import os
import sys
import xml.etree.ElementTree as ET

desktop, mime_xml, icons_dir, app_id = sys.argv[1:5]
NS = '{http://www.freedesktop.org/standards/shared-mime-info}'
errors = []

cp = configparser.RawConfigParser(strict=True, interpolation=None)
cp.optionxform = str
cp.read(desktop, encoding='utf-8')
e = cp['Desktop Entry']


def want(key, value):
    if e.get(key) != value:
        errors.append(f'{key}={e.get(key)!r}, expected {value!r}')


want('Type', 'Application')
want('Exec', 'heapscope %F')
want('Icon', app_id)
want('Categories', 'Development;Debugger;')
want('Terminal', 'false')

types = {t.get('type') for t in ET.parse(mime_xml).getroot().findall(NS + 'mime-type')}
listed = [m for m in e.get('MimeType', '').split(';') if m]
if 'application/x-java-hprof' not in listed:
    errors.append(f'MimeType does not list application/x-java-hprof: {listed}')
for m in listed:
    if m not in types:
        errors.append(f'MimeType lists {m}, which the MIME XML does not define')
for t in types:
    if t not in listed:
        errors.append(f'the MIME XML defines {t} but MimeType does not list it')

for sub in (f'hicolor/scalable/apps/{app_id}.svg', f'hicolor/symbolic/apps/{app_id}-symbolic.svg'):
    path = os.path.join(icons_dir, sub)
    if not os.path.isfile(path):
        errors.append(f'icon {sub} missing')
        continue
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as ex:
        errors.append(f'icon {sub} is not well-formed: {ex}')
        continue
    if root.tag != '{http://www.w3.org/2000/svg}svg':
        errors.append(f'icon {sub} is not an SVG (root {root.tag})')
    shapes = [el for el in root.iter() if el.tag.split('}')[-1] in ('path', 'rect', 'circle', 'ellipse', 'polygon')]
    if len(shapes) < 3:
        errors.append(f'icon {sub} draws {len(shapes)} shapes: not a real icon')

# i18n.merge_file must have merged the zh_CN translation.
for key in ('Name', 'Comment', 'Keywords'):
    tr = e.get(f'{key}[zh_CN]')
    if not tr:
        errors.append(f'{key}[zh_CN] missing: translations not merged')
    elif key != 'Name' and tr == e.get(key):
        errors.append(f'{key}[zh_CN] is the English text')
if e.get('Keywords[zh_CN]', ';').endswith(';') is False:
    errors.append('Keywords[zh_CN] must end with ;')

if errors:
    for x in errors:
        print(f'{desktop}: {x}')
    sys.exit(1)
print(f'{desktop}: OK ({len(listed)} MIME types, icons present, zh_CN merged)')
