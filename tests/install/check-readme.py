#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""README.md is what a newcomer reads first, so it must stay short and true:

- at most 120 lines;
- it opens with exactly the two commands, `build-aux/run.sh` and
  `build-aux/test.sh`, in one sh block, and both scripts exist and are
  executable;
- its layout table has one row for each folder of src/engine, and no row
  for a folder that does not exist;
- every relative link and image it names exists, every page of docs/ is
  linked, and its screenshot is one the AppStream metainfo lists.

The command reference is docs/cli.md, checked by check-cli-docs.py.

Usage: check-readme.py SOURCE_ROOT
Exit 0 when all holds, 1 with every difference listed otherwise."""
import os
import re
import sys

root = sys.argv[1]
failures = []


def fail(msg):
    failures.append(msg)
    print('FAIL: ' + msg)


def ok(msg):
    print('ok: ' + msg)


with open(os.path.join(root, 'README.md'), encoding='utf-8') as f:
    text = f.read()
lines = text.splitlines()

if len(lines) > 120:
    fail(f'README.md has {len(lines)} lines, more than 120')
else:
    ok(f'README.md has {len(lines)} lines')

m = re.match(r'\s*```sh\n(.*?)\n```', text, re.S)
first = m.group(1).splitlines() if m else None
if first != ['build-aux/run.sh', 'build-aux/test.sh']:
    fail(f'README.md does not open with the sh block of build-aux/run.sh and build-aux/test.sh: {first}')
else:
    ok('README.md opens with build-aux/run.sh and build-aux/test.sh')
for script in ['build-aux/run.sh', 'build-aux/test.sh']:
    if not os.access(os.path.join(root, script), os.X_OK):
        fail(f'{script} is not an executable file')

engine = os.path.join(root, 'src', 'engine')
folders = sorted(d for d in os.listdir(engine) if os.path.isdir(os.path.join(engine, d)))
rows = re.findall(r'^\| `src/engine/([a-z0-9_-]+)/` \|', text, re.M)
missing = [d for d in folders if d not in rows]
extra = [d for d in rows if d not in folders]
twice = sorted({d for d in rows if rows.count(d) > 1})
if len(folders) < 5 or missing or extra or twice:
    fail(f'layout table: no row for {missing}, rows for no folder {extra}, '
         f'more than one row {twice} (folders {folders})')
else:
    ok(f'layout table: one row for each of the {len(folders)} engine folders')

targets = re.findall(r'\]\(([^)#\s]+)[^)]*\)', text)
broken = [t for t in targets if not re.match(r'[a-z]+:', t) and not os.path.exists(os.path.join(root, t))]
if broken:
    fail(f'links to nothing: {broken}')
else:
    ok(f'the {len(targets)} links lead to files')

pages = sorted('docs/' + p for p in os.listdir(os.path.join(root, 'docs')) if p.endswith('.md'))
unlinked = [p for p in pages if p not in targets]
if unlinked:
    fail(f'pages of docs/ the README does not link: {unlinked}')
else:
    ok(f'the README links every page of docs/ ({len(pages)})')

images = re.findall(r'!\[[^\]]*\]\(([^)\s]+)', text)
metainfo_path = os.path.join(root, 'data', 'org.heapscope.Heapscope.metainfo.xml.in')
with open(metainfo_path, encoding='utf-8') as f:
    listed = {os.path.basename(u) for u in re.findall(r'<image[^>]*>([^<]+)</image>', f.read())}
if not images:
    fail('README.md shows no screenshot')
for image in images:
    if os.path.basename(image) not in listed:
        fail(f'{image} is not among the metainfo\'s screenshots {sorted(listed)}')
    else:
        ok(f'{image} is in the metainfo\'s screenshots')

sys.exit(1 if failures else 0)
