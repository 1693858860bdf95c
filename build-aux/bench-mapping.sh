#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# bench-mapping.sh: writes an R8-style mapping of about 50 MB (classes with
# fields, methods with line ranges, inlined frames and metadata comments,
# like a big app's) and times hs_mapping_load on it with
# build/tests/mapping/bench-mapping (docs/performance.md).
#
#   build-aux/bench-mapping.sh [BUILD_DIR] [MB]
set -eu
build=${1:-build}
mb=${2:-50}
out=${TMPDIR:-/tmp}/heapscope-bench-mapping-${mb}mb.txt
python3 - "$out" "$mb" <<'PY'
import sys
out, mb = sys.argv[1], int(sys.argv[2])
target = mb * 1000 * 1000
def obf(i):
    s = ''
    while True:
        s = chr(97 + i % 26) + s
        i //= 26
        if i == 0:
            return s
with open(out, 'w') as f:
    f.write('# compiler: R8\n# compiler_version: 8.2.42\n# {"id":"com.android.tools.r8.mapping","version":"2.2"}\n')
    i = 0
    while f.tell() < target:
        pkg = 'com.example.feature%d' % (i // 200)
        name = '%s.Component%d' % (pkg, i)
        f.write('%s -> %s.%s:\n' % (name, obf(i // 200), obf(i % 200)))
        f.write('# {"id":"sourceFile","fileName":"Component%d.kt"}\n' % i)
        for k in range(6):
            f.write('    java.util.Map field%d -> %s\n' % (k, obf(k)))
        line = 1
        for k in range(12):
            f.write('    %d:%d:void method%d(int,java.lang.String):%d:%d -> %s\n' % (line, line + 3, k, 10 * k + 5, 10 * k + 8, obf(k)))
            f.write('    %d:%d:void %s.Util.log(java.lang.String):30:30 -> %s\n' % (line + 4, line + 4, pkg, obf(k)))
            f.write('    %d:%d:void method%d(int,java.lang.String):%d -> %s\n' % (line + 4, line + 4, k, 10 * k + 9, obf(k)))
            f.write('    # {"id":"com.android.tools.r8.synthesized"}\n')
            line += 5
        i += 1
PY
ls -l "$out"
"$build/tests/mapping/bench-mapping" "$out" 5
rm -f "$out"
