#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the translations against the current sources.

1. Every source file with translatable strings (_(, N_(, C_(, NC_(, ngettext
   and friends in C; translatable="yes" in GtkBuilder files) is listed in
   po/POTFILES.in, and every listed file exists.
2. The template is extracted afresh from POTFILES.in (as the glib preset
   does), each po/LANG.po of LINGUAS is merged with it, and
   `msgfmt --check --statistics` on the result must report every message
   translated: none untranslated, none fuzzy. So a string added to the UI
   without a translation fails here, not only a broken .po file.

Usage: check-po.py SOURCE_ROOT"""
import os
import re
import subprocess
import sys
import tempfile

root = sys.argv[1]
po_dir = os.path.join(root, 'po')
errors = []

listed = []
with open(os.path.join(po_dir, 'POTFILES.in'), encoding='utf-8') as f:
    for line in f:
        line = line.strip()
        if line and not line.startswith('#'):
            listed.append(line)
for p in listed:
    if not os.path.isfile(os.path.join(root, p)):
        errors.append(f'POTFILES.in lists {p}, which does not exist')

C_MARK = re.compile(r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|Q_|ngettext|g_dngettext|g_dpgettext2|g_dcgettext)\s*\(')
UI_MARK = re.compile(r'translatable\s*=\s*["\'](?:yes|true|1)["\']', re.I)
marked = []
for top in ('src', 'ui', 'resources', 'data'):
    for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
        dirnames[:] = [d for d in dirnames if d not in ('sample',)]
        for fn in filenames:
            path = os.path.join(dirpath, fn)
            rel = os.path.relpath(path, root)
            if fn.endswith(('.c', '.h')):
                pat = C_MARK
            elif fn.endswith(('.ui', '.blp')):
                pat = UI_MARK
            else:
                continue
            try:
                text = open(path, encoding='utf-8', errors='replace').read()
            except OSError:
                continue
            # Drop comments so "/* _( */" does not count.
            if pat is C_MARK:
                text = re.sub(r'/\*.*?\*/', '', text, flags=re.S)
                text = re.sub(r'//[^\n]*', '', text)
            if pat.search(text):
                marked.append(rel)
for rel in sorted(marked):
    if rel not in listed:
        errors.append(f'{rel} has translatable strings but is not in po/POTFILES.in')

glib_keywords = ['--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
                 '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3',
                 '--keyword=g_dpgettext2:2c,3', '--keyword=ngettext:1,2',
                 '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format',
                 '--flag=NC_:2:pass-c-format', '--flag=g_dngettext:2:pass-c-format',
                 '--flag=g_strdup_printf:1:c-format', '--flag=g_string_printf:2:c-format',
                 '--flag=g_string_append_printf:2:c-format', '--flag=g_error_new:3:c-format',
                 '--flag=g_set_error:4:c-format']
existing = [p for p in listed if os.path.isfile(os.path.join(root, p))]
with open(os.path.join(po_dir, 'LINGUAS'), encoding='utf-8') as f:
    langs = [w for line in f for w in line.split('#')[0].split()]
if not langs:
    errors.append('po/LINGUAS names no language')

with tempfile.TemporaryDirectory() as tmp:
    pot = os.path.join(tmp, 'heapscope.pot')
    r = subprocess.run(['xgettext', '--from-code=UTF-8', '--add-comments=Translators',
                        '--package-name=heapscope', '-o', pot] + glib_keywords + existing,
                       cwd=root, capture_output=True, text=True)
    if r.returncode != 0:
        errors.append('xgettext failed: ' + r.stderr.strip())
    else:
        n_msgs = subprocess.run(['msgattrib', '--no-obsolete', pot], capture_output=True,
                                text=True).stdout.count('\nmsgid ') - 1
        print(f'template: {n_msgs} messages from {len(existing)} files')
        if n_msgs < 1:
            errors.append('the template holds no message')
        # xgettext knows the <inttypes.h> macros (PRIu64, PRIx64) but not
        # GLib's (G_GUINT64_FORMAT, G_GSIZE_FORMAT...): a string glued to one
        # is extracted cut at the macro, so its translation never matches at
        # run time. Such msgids end in a lone '%'.
        pot_text = subprocess.run(['msgcat', '--no-wrap', pot], capture_output=True, text=True).stdout
        entries = re.split(r'\n\n', pot_text)
        for ent in entries:
            m = re.search(r'^msgid ((?:"(?:[^"\\]|\\.)*"\n)+)', ent + '\n', flags=re.M)
            if not m:
                continue
            mid = ''.join(q[1:-1] for q in m.group(1).split('\n') if q)
            if re.search(r'(?<!%)(%%)*%$', mid):
                where = ' '.join(re.findall(r'^#: (.*)$', ent, flags=re.M))
                errors.append(f'"{mid}" ({where}) is cut at a format macro: use PRIu64/PRIx64 from '
                              '<inttypes.h> (which xgettext understands) or %zu instead of '
                              'G_GUINT64_FORMAT/G_GINT64_MODIFIER/G_GSIZE_FORMAT in translatable strings')
        for lang in langs:
            po = os.path.join(po_dir, lang + '.po')
            if not os.path.isfile(po):
                errors.append(f'po/{lang}.po missing')
                continue
            merged = os.path.join(tmp, lang + '.po')
            r = subprocess.run(['msgmerge', '--quiet', '--no-fuzzy-matching', '-o', merged, po, pot],
                               capture_output=True, text=True)
            if r.returncode != 0:
                errors.append(f'msgmerge {lang}.po failed: {r.stderr.strip()}')
                continue
            # The committed file itself must be valid too.
            for f in (po, merged):
                r = subprocess.run(['msgfmt', '--check', '--statistics', '-o', os.devnull, f],
                                   capture_output=True, text=True)
                stats = (r.stdout + r.stderr).strip()
                label = f'po/{lang}.po' if f == po else f'{lang} merged with the sources'
                print(f'{label}: {stats}')
                if r.returncode != 0:
                    errors.append(f'{label}: msgfmt --check failed: {stats}')
                    continue
                m = re.search(r'(\d+) translated message', stats)
                if not m or int(m.group(1)) == 0:
                    errors.append(f'{label}: no translated message')
                if re.search(r'\d+ fuzzy', stats):
                    errors.append(f'{label}: fuzzy translations: {stats}')
                if re.search(r'\d+ untranslated', stats):
                    errors.append(f'{label}: untranslated messages: {stats}')
            # Name the missing strings, to make the failure actionable.
            r = subprocess.run(['msgattrib', '--untranslated', '--no-obsolete', merged],
                               capture_output=True, text=True)
            missing = re.findall(r'^msgid "(.+)"$', r.stdout, flags=re.M)
            for m in missing[:40]:
                print(f'  untranslated in {lang}: {m}')
            r = subprocess.run(['msgattrib', '--only-fuzzy', '--no-obsolete', merged],
                               capture_output=True, text=True)
            for m in re.findall(r'^msgid "(.+)"$', r.stdout, flags=re.M)[:40]:
                print(f'  fuzzy in {lang}: {m}')

if errors:
    for e in errors:
        print('FAIL: ' + e)
    sys.exit(1)
print(f'OK: {len(listed)} files in POTFILES.in, {len(marked)} marked files all listed, {langs} complete')
