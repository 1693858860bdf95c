#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# Regenerates tests/report/golden/tiny.html on purpose, after an intended
# change to the report. Review the result before committing it: `git diff`
# and the page itself in a browser (no network, JavaScript on and off).
#
#   tests/report/regen-golden.sh [BUILD_DIR]     (default: build)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
meson compile -C "$build" report-tool report-dumps
"$build/tests/report/report-tool" "$build/tests/report/tiny.hprof" "$here/golden/tiny.html"
echo "wrote $here/golden/tiny.html"
