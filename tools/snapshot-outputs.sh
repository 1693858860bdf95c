#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# snapshot-outputs.sh: the CLI's outputs on every corpus dump, the sample, the
# generated test dumps and (if present) the bench dumps, one file per command
# and dump, so that a refactoring can be checked byte for byte:
#
#   tools/snapshot-outputs.sh BUILD_DIR OUT_DIR
#   ... change the code, rebuild ...
#   tools/snapshot-outputs.sh BUILD_DIR OUT_DIR2 && diff -r OUT_DIR OUT_DIR2
#
# Commands: summary, classes, dominators, leaks, waste, report --no-timestamp
# (and summary --json, classes --json, dominators --json --top 200, leaks --json,
# waste --json).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:?usage: snapshot-outputs.sh BUILD_DIR OUT_DIR}
out=${2:?usage: snapshot-outputs.sh BUILD_DIR OUT_DIR}
cli="$build/src/cli/heapscope-cli"
corpus=${HS_CORPUS_DIR:-$here/../shared/corpus}
bench=${BENCH_DIR:-/var/tmp/heapscope-bench}
mkdir -p "$out"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hssnap.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
# run NAME ARGS...: the CLI's stdout into $out/$n.NAME, stderr (and a
# non-zero exit) into $out/$n.NAME.err
run() {
  name=$1; shift
  if "$cli" "$@" >"$out/$n.$name" 2>"$out/$n.$name.err"; then :; else echo "exit $?" >>"$out/$n.$name.err"; fi
}
for f in "$corpus"/jvm/*.hprof* "$corpus"/android/*.hprof "$here"/data/sample/sample.hprof \
         "$here"/tests/generator/dumps/*.hprof.gz "$bench"/bench-10m.hprof "$bench"/bench-25m.hprof; do
  [ -f "$f" ] || continue
  n=$(basename "$f"); n=${n%.gz}; n=${n%.hprof}
  run summary summary "$f"
  run summary.json summary "$f" --json
  run classes classes "$f"
  run classes.json classes "$f" --json
  run dominators dominators "$f"
  run dominators.json dominators "$f" --json --top 200
  run leaks leaks "$f"
  run leaks.json leaks "$f" --json
  run waste waste "$f"
  run waste.json waste "$f" --json
  "$cli" report "$f" -o "$tmp/r.html" --no-timestamp >/dev/null 2>"$out/$n.report.err" || echo "exit $?" >>"$out/$n.report.err"
  [ -f "$tmp/r.html" ] && mv "$tmp/r.html" "$out/$n.report.html"
  # the temporary folder's name is not part of the output
  sed -i "s|$tmp|TMP|g" "$out/$n.report.err"
  echo "$n" >&2
done
