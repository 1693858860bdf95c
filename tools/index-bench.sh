#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tools/index-bench.sh: what the persistent index costs and saves
# (docs/index.md, docs/performance.md), on one dump, RUNS times each:
#
#   tools/index-bench.sh BUILD_DIR DUMP [RUNS]     (default 3 runs)
#
#   fresh      `analyze --no-cache`: the analysis alone
#   written    `analyze` with an empty cache: the analysis; the index is
#              written by a child process after the command exits (waited
#              for before the next run, not counted)
#   reopened   `analyze` again: from the index
#
# Prints each run's wall time and the medians, the ratio written/fresh,
# the index's size and, for a reopen, the anonymous memory (analyze
# --timings' "anonymous now") and the peak RSS (file-backed pages of the
# dump and the index included). The cache is a temporary folder; the page
# cache is left warm (a reopen right after a lunch break is warm too on a
# machine with the memory for it).
set -eu
build=${1:?BUILD_DIR}
dump=${2:?DUMP}
runs=${3:-3}
cli=$build/src/cli/heapscope-cli
cache=$(mktemp -d /var/tmp/hs-index-bench.XXXXXX)
trap 'rm -rf "$cache"' EXIT
export XDG_CACHE_HOME=$cache
unset HEAPSCOPE_NO_CACHE

wall() { # wall seconds of "$@", output dropped
  s=$(date +%s.%N)
  "$@" > /dev/null 2>&1
  e=$(date +%s.%N)
  awk "BEGIN { printf \"%.3f\", $e - $s }"
}
# The CLI writes the index in a child process after it exits: waits for it.
settle() {
  while [ -z "$(ls "$cache"/heapscope/*.hsindex 2>/dev/null)" ] || ls "$cache"/heapscope/.*.tmp-* > /dev/null 2>&1; do
    sleep 0.1
  done
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

"$cli" summary "$dump" --no-cache > /dev/null 2>&1 # the dump in the page cache
fresh="" written="" reopened=""
i=0
while [ $i -lt "$runs" ]; do
  i=$((i + 1))
  f=$(wall "$cli" analyze "$dump" --no-cache)
  rm -rf "$cache/heapscope"
  w=$(wall "$cli" analyze "$dump")
  settle
  r=$(wall "$cli" analyze "$dump")
  echo "run $i: fresh $f s, written $w s, reopened $r s"
  fresh="$fresh $f" written="$written $w" reopened="$reopened $r"
done
mf=$(for v in $fresh; do echo "$v"; done | median)
mw=$(for v in $written; do echo "$v"; done | median)
mr=$(for v in $reopened; do echo "$v"; done | median)
echo "median: fresh $mf s, written $mw s ($(awk "BEGIN { printf \"%.3f\", $mw / $mf }") x fresh), reopened $mr s"
ls -l "$cache"/heapscope/*.hsindex | awk '{printf "index: %.1f MiB for a dump of %s\n", $5 / 1048576, "'"$(du -h "$dump" | cut -f1)"'"}'
"$cli" analyze "$dump" --timings 2>/dev/null | grep -E "reopened|total|peak|anonymous"
