#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The install, tried as a user's `meson install` would do it, into a
temporary DESTDIR:

- meson installs the binaries, the man pages, the bash completion and the
  desktop files where meson's install plan says, and its post-install
  commands (which meson skips under DESTDIR: a packager's triggers run them)
  include update-mime-database on the prefix's MIME folder; those commands,
  run on the staged tree, give a MIME database in which GIO sees renamed
  dumps as application/x-java-hprof (and *.hprof.gz as its gzip kind);
- the installed desktop file and metainfo validate; the man pages render
  without a warning and list exactly the commands and long options of
  `heapscope-cli --help`, and the completion offers them all;
- the completion script loads in bash (also found by bash-completion's own
  loader through XDG_DATA_DIRS) and completes commands, options, --sort
  values and dump files;
- --version on both programs prints "NAME VERSION" (the version from meson)
  and exits 0;
- the installed programs carry no test hook: `strings` finds no HS_TEST_
  in them (they are built without HS_TEST_HOOKS, docs/testing.md).

Usage: check-install.py MESON BUILD_ROOT SOURCE_ROOT WITH_APP(0|1)
Exit 0 when all holds, 1 with every failure listed otherwise, 77 (skipped)
never: a missing tool is a failure naming its package."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

meson, build, source, with_app = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == '1'
failures = []


def fail(msg):
    failures.append(msg)
    print('FAIL: ' + msg)


def ok(msg):
    print('ok: ' + msg)


def run(args, **kw):
    kw.setdefault('capture_output', True)
    kw.setdefault('text', True)
    return subprocess.run(args, **kw)


def need(tool, package):
    path = shutil.which(tool)
    if not path:
        print(f'not installed: {tool} (Debian package {package})')
        sys.exit(1)
    return path


for tool, package in [('desktop-file-validate', 'desktop-file-utils'), ('appstreamcli', 'appstream'),
                      ('gio', 'libglib2.0-bin'), ('update-mime-database', 'shared-mime-info'),
                      ('man', 'man-db'), ('groff', 'groff-base'), ('bash', 'bash'), ('gzip', 'gzip')]:
    need(tool, package)
bash_completion = '/usr/share/bash-completion/bash_completion'
if not os.path.isfile(bash_completion):
    print('not installed: bash-completion')
    sys.exit(1)

env = dict(os.environ)
env.pop('DESTDIR', None)
env['LC_ALL'] = 'C.UTF-8'


def introspect(what):
    r = run([meson, 'introspect', what, build], env=env)
    if r.returncode != 0:
        print(r.stdout + r.stderr)
        sys.exit(1)
    return json.loads(r.stdout)


options = {o['name']: o['value'] for o in introspect('--buildoptions')}
prefix = options['prefix']
datadir = os.path.join(prefix, options['datadir'])
mandir = os.path.join(prefix, options['mandir'])
version = introspect('--projectinfo')['version']
installed = introspect('--installed')   # built or source file -> installed path
mime_dir = os.path.join(datadir, 'mime')

tmp = tempfile.mkdtemp(prefix='hs-install-')
try:
    root = os.path.join(tmp, 'root')

    def staged(path):
        return root + path

    # 1. The install itself, into DESTDIR (it builds what meson test did not
    # need for the suites it ran: the translations, the desktop files).
    r = run([meson, 'install', '-C', build, '--quiet', '--destdir', root], env=env)
    if r.returncode != 0:
        fail('meson install --destdir failed:\n' + r.stdout + r.stderr)
        sys.exit(1)
    for src, dest in installed.items():
        if not os.path.exists(staged(dest)):
            fail(f'{dest} (from {src}) not installed')
    cache = staged(os.path.join(mime_dir, 'mime.cache'))
    if os.path.exists(cache):
        fail('mime.cache written under DESTDIR: meson should have skipped the post-install commands')

    # 2. What a real install (no DESTDIR) runs after copying: the dry run
    # logs each post-install command without running it.
    r = run([meson, 'install', '-C', build, '--no-rebuild', '--dry-run'], env=env)
    if r.returncode != 0:
        fail('meson install --dry-run failed:\n' + r.stdout + r.stderr)
    scripts = re.findall(r"^Running custom install script '(.*)'$", r.stdout, re.M)
    if any(s.split()[0].endswith('update-mime-database') and s.split()[-1] == mime_dir for s in scripts):
        ok(f'meson install runs update-mime-database {mime_dir}')
    else:
        fail(f'meson install does not run update-mime-database {mime_dir}; its scripts: {scripts}')

    # 3. The post-install commands on the staged tree: their paths (all but
    # the program) moved under DESTDIR, as the install would run them at
    # the prefix. The desktop sees only the staged tree and the system's
    # data, no per-user data.
    data_dirs = staged(datadir) + ':/usr/share'
    desktop_env = dict(env, XDG_DATA_HOME=os.path.join(tmp, 'no-user-data'), XDG_DATA_DIRS=data_dirs)
    for s in scripts:
        args = s.split()
        args = args[:1] + [staged(a) if a.startswith(prefix + '/') else a for a in args[1:]]
        r = run(args, env=desktop_env)
        if r.returncode != 0 or (args[0].endswith('update-mime-database') and (r.stdout or r.stderr)):
            fail(f'{" ".join(args)}: status {r.returncode}\n{r.stdout}{r.stderr}')
    if os.path.exists(cache):
        ok('the post-install commands wrote the MIME cache')
    else:
        fail(f'no {cache} after the post-install commands')

    def by_name(name, under):
        hits = [d for d in installed.values() if os.path.basename(d) == name and d.startswith(under + '/')]
        if len(hits) != 1:
            fail(f'{name}: expected once under {under}, installed as {hits}')
            return None
        return staged(hits[0])

    cli = by_name('heapscope-cli', os.path.join(prefix, options['bindir']))

    # 4. The MIME database as the desktop sees it.
    files = os.path.join(tmp, 'files')
    os.makedirs(files)
    with open(os.path.join(source, 'data', 'sample', 'sample.hprof'), 'rb') as f:
        head = f.read(65536)   # plenty for sniffing the content
    for name in ['app.hprof', 'heap-dump-of-today']:
        with open(os.path.join(files, name), 'wb') as f:
            f.write(head)
    with open(os.path.join(files, 'app.hprof.gz'), 'wb') as f:
        f.write(run(['gzip', '-c', os.path.join(files, 'app.hprof')], text=False).stdout)

    def content_type(path, data_dirs):
        e = dict(desktop_env, XDG_DATA_DIRS=data_dirs, GIO_USE_VFS='local')
        r = run(['gio', 'info', '-a', 'standard::content-type', path], env=e)
        m = re.search(r'standard::content-type: (\S+)', r.stdout)
        return m.group(1) if m else r.stdout + r.stderr

    for name, want in [('app.hprof', 'application/x-java-hprof'),
                       ('heap-dump-of-today', 'application/x-java-hprof'),
                       ('app.hprof.gz', 'application/x-java-hprof+gzip')]:
        got = content_type(os.path.join(files, name), data_dirs)
        (ok if got == want else fail)(f'gio info {name}: {got} (expected {want})')
    got = content_type(os.path.join(files, 'heap-dump-of-today'), '/usr/share')
    if got == 'application/x-java-hprof':
        fail('the renamed dump is recognised without the installed database: the check proves nothing')
    else:
        ok(f'without the installed database: {got}')

    # 5. The desktop files.
    desktop = by_name('org.heapscope.Heapscope.desktop', os.path.join(datadir, 'applications')) if with_app else None
    metainfo = by_name('org.heapscope.Heapscope.metainfo.xml', os.path.join(datadir, 'metainfo')) if with_app else None
    for label, args in [('desktop-file-validate', ['desktop-file-validate', desktop]),
                        ('appstreamcli validate', ['appstreamcli', 'validate', '--no-net', metainfo])]:
        if args[-1] is None:
            continue
        r = run(args, env=env)
        (ok if r.returncode == 0 else fail)(f'{label} {os.path.basename(args[-1])}: status {r.returncode}'
                                            + ('' if r.returncode == 0 else '\n' + r.stdout + r.stderr))

    # 6. The man pages: they render without a warning and name what --help
    # names.
    man1 = os.path.join(mandir, 'man1')
    pages = {p: by_name(p + '.1', man1) for p in (['heapscope-cli', 'heapscope'] if with_app else ['heapscope-cli'])}
    for page, path in pages.items():
        if path is None:
            continue
        r = run(['man', '--warnings', '-l', path], env=dict(env, MANWIDTH='80'))
        if r.returncode != 0 or r.stderr or 'NAME' not in r.stdout or page not in r.stdout:
            fail(f'man -l {page}.1: status {r.returncode}\n{r.stderr}{r.stdout[:400]}')
        else:
            ok(f'man --warnings -l {page}.1: {len(r.stdout.splitlines())} lines, no warnings')
        if version not in r.stdout:
            fail(f'{page}.1 does not show the version {version}')

    help_out = run([cli, '--help'], env=env)
    commands = re.findall(r'^  ([a-z][a-z-]*) ', help_out.stdout.split('Commands:', 1)[-1].split('\n\n')[0], re.M)
    long_opts = set(re.findall(r'^  (?:-\w, )?(--[a-z][a-z-]*)', help_out.stdout, re.M))
    if help_out.returncode != 0 or len(commands) < 10 or '--json' not in long_opts or '--version' not in long_opts:
        fail(f'heapscope-cli --help: status {help_out.returncode}, commands {commands}, options {sorted(long_opts)}')

    def roff_text(line):
        line = re.sub(r'\\f[BIRP]', '', line).replace('\\-', '-').replace('\\%', '')
        return re.sub(r'^\.[A-Z]+\s*', '', line)

    def tagged(path):
        """SECTION -> the tag lines of its .TP items, as text."""
        tags, section, after_tp = {}, None, False
        with open(path, encoding='utf-8') as f:
            for line in f:
                line = line.rstrip('\n')
                if line.startswith('.SH'):
                    section = line[3:].strip().strip('"')
                elif line.startswith('.TP'):
                    after_tp = True
                    continue
                elif after_tp:
                    tags.setdefault(section, []).append(roff_text(line))
                after_tp = False
        return tags

    if pages.get('heapscope-cli'):
        tags = tagged(pages['heapscope-cli'])
        man_commands = [t.split()[0] for t in tags.get('COMMANDS', [])]
        man_opts = {o for t in tags.get('OPTIONS', []) for o in re.findall(r'--[a-z][a-z-]*', t)}
        if man_commands == commands:
            ok(f'heapscope-cli.1 COMMANDS: the {len(commands)} commands of --help, in its order')
        else:
            fail(f'heapscope-cli.1 COMMANDS {man_commands} != --help {commands}')
        if man_opts == long_opts:
            ok(f'heapscope-cli.1 OPTIONS: the {len(long_opts)} long options of --help')
        else:
            fail(f'heapscope-cli.1 OPTIONS: missing {sorted(long_opts - man_opts)}, '
                 f'not in --help {sorted(man_opts - long_opts)}')

    # 7. The completion: installed where bash-completion looks, offering
    # every command and option, and working in bash.
    completions = os.path.join(datadir, 'bash-completion', 'completions')
    comp = by_name('heapscope-cli', completions)
    comp_app = by_name('heapscope', completions) if with_app else None
    if comp:
        text = open(comp, encoding='utf-8').read()
        m = re.search(r'local commands="([^"]*)"', text)
        comp_commands = m.group(1).split() if m else []
        if comp_commands != commands:
            fail(f'completion commands {comp_commands} != --help {commands}')
        missing = sorted(o for o in long_opts if not re.search(r'(^|[\s"])' + o + r'([\s"]|$)', text, re.M))
        no_case = [c for c in commands if not re.search(r'^\s*([a-z-]+ \| )*' + re.escape(c) + r'( \| [a-z-]+)*\)', text, re.M)]
        if missing or no_case:
            fail(f'completion: options not offered {missing}, commands without their options {no_case}')
        else:
            ok(f'completion offers the {len(commands)} commands and {len(long_opts)} options')

        for f in ['old.hprof.gz', 'notes.txt', 'Heap.HPROF']:
            open(os.path.join(files, f), 'w').close()
        os.makedirs(os.path.join(files, 'sub'))

        def complete(func, script, words, cword=None):
            cword = len(words) - 1 if cword is None else cword
            quoted = ' '.join("'" + w + "'" for w in words)
            cmd = (f'source {bash_completion}; source {script}; COMP_WORDS=({quoted}); COMP_CWORD={cword}; '
                   f'{func}; printf "%s\\n" "${{COMPREPLY[@]}}"')
            r = run(['bash', '-c', cmd], cwd=files, env=env)
            return sorted(x for x in r.stdout.split('\n') if x), r.stderr

        dumps = ['Heap.HPROF', 'app.hprof', 'app.hprof.gz', 'old.hprof.gz', 'sub']
        for words, want in [
                (['heapscope-cli', 'su'], ['summary', 'suspects']),
                (['heapscope-cli', ''], sorted(commands)),
                (['heapscope-cli', '-q', 'd'], ['diff', 'dominators']),
                (['heapscope-cli', 'classes', '--so'], ['--sort']),
                (['heapscope-cli', 'classes', '--sort', ''], ['count', 'retained', 'shallow']),
                (['heapscope-cli', 'diff', '--sort', '=', 'sh'], ['shallow']),
                (['heapscope-cli', 'diff', '--sort', ''], ['count', 'growth', 'retained', 'shallow']),
                (['heapscope-cli', 'report', '--no'], ['--no-cache', '--no-timestamp']),
                (['heapscope-cli', 'summary', ''], dumps),
                (['heapscope-cli', 'leaks', '--json', 'ap'], ['app.hprof', 'app.hprof.gz']),
                (['heapscope-cli', 'diff', 'app.hprof', ''], dumps),
                (['heapscope-cli', 'object', 'app.hprof', ''], []),
                (['heapscope-cli', 'report', 'app.hprof', '-o', 'no'], ['notes.txt']),
                (['heapscope-cli', 'summary', 'app.hprof', ''], [])]:
            got, err = complete('_heapscope_cli', comp, words)
            shown = ' '.join(w or "''" for w in words)
            (ok if got == want else fail)(f'complete "{shown}": {got}' + ('' if got == want else f' (expected {want}) {err}'))
        if comp_app:
            got, err = complete('_heapscope', comp_app, ['heapscope', ''])
            (ok if got == dumps else fail)(f'complete "heapscope \'\'": {got}' + ('' if got == dumps else f' (expected {dumps}) {err}'))
        # bash-completion's loader finds the script by the command's name.
        r = run(['bash', '-c', f'source {bash_completion}; __load_completion heapscope-cli && complete -p heapscope-cli'],
                env=dict(env, XDG_DATA_DIRS=data_dirs, BASH_COMPLETION_USER_DIR=os.path.join(tmp, 'no-user-data')))
        if '_heapscope_cli' in r.stdout:
            ok('bash-completion loads it from ' + completions)
        else:
            fail(f'bash-completion does not find it through XDG_DATA_DIRS: {r.stdout}{r.stderr}')

    # 8. --version.
    programs = [('heapscope-cli', cli)]
    if with_app:
        programs.append(('heapscope', by_name('heapscope', os.path.join(prefix, options['bindir']))))
    for name, path in programs:
        if path is None:
            continue
        r = run([path, '--version'], env=dict(env, GSETTINGS_BACKEND='memory'), timeout=30)
        want = f'{name} {version}\n'
        if r.returncode == 0 and r.stdout == want:
            ok(f'{name} --version: {r.stdout.strip()}')
        else:
            fail(f'{name} --version: status {r.returncode}, {r.stdout!r} (expected {want!r}) {r.stderr}')

    # 9. No test hook in what is installed (docs/testing.md): the HS_TEST_*
    # variables and the loader's hook and pause live only in the test
    # variants (HS_TEST_HOOKS), so neither their names nor the hooks'
    # functions (_hs_test_*, _hs_heap_test_*, _hs_loader_test_*, *_for_tests)
    # are in the binaries, as `strings` would show them; and only the two
    # programs are installed (no heapscope-cli-test).
    bindir = staged(os.path.join(prefix, options['bindir']))
    in_bin = sorted(os.listdir(bindir)) if os.path.isdir(bindir) else []
    extra = [n for n in in_bin if n not in ('heapscope', 'heapscope-cli')]
    if extra:
        fail(f'unexpected programs installed in {bindir}: {extra}')
    for name, path in programs:
        if path is None:
            continue
        r = run(['strings', '-a', path], timeout=60) if shutil.which('strings') else None
        with open(path, 'rb') as f:
            data = f.read()
        texts = (r.stdout if r is not None and r.returncode == 0 else '') + data.decode('latin-1')
        found = sorted({m for m in re.findall(r'HS_TEST_\w*|\w*_for_tests\b|hs_loader_set_test_hook|_hs_(?:\w+_)?test_\w+', texts)})
        if found:
            fail(f'{name} carries test hooks: {found}')
        else:
            ok(f'{name}: no HS_TEST_ string, no test hook')
finally:
    shutil.rmtree(tmp, ignore_errors=True)

if failures:
    print(f'{len(failures)} failures')
    sys.exit(1)
