#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Fuzzes the engine with libFuzzer.
#
#   build-aux/fuzz.sh [SECONDS] [extra libFuzzer options...]
#   HS_FUZZ_TARGET=leaks|report|matchers|mapping|oql|index|index-dump build-aux/fuzz.sh ...
#   (default: heap)
#
# Targets: heap (tests/fuzz/fuzz-heap: the whole engine on a dump), leaks
# (fuzz-leaks: bytes read as a heap description, written as a valid dump,
# so they reach the leak search), report
# (fuzz-report: a dump through the pipeline into the HTML report), matchers
# (fuzz-matchers: the --matchers option file's parser), mapping
# (fuzz-mapping: the --mapping ProGuard/R8 file's parser and lookups), oql
# (fuzz-oql: OQL query text, parsed and run on data/sample), index
# (fuzz-index: a persistent index file, its checks and records), index-dump
# (fuzz-index-dump: the index of a small dump, its sums redone after
# mutating, read into an analysis: every section's checks against the
# dump). Each has its own
# corpus and crashes under $HS_FUZZ_DIR/TARGET (heap keeps the old place).
#
# 1. builds build-fuzz/ with clang, -Dfuzzing=true, ASan + UBSan and
#    -fsanitize=fuzzer-no-link on the whole engine (coverage everywhere);
# 2. seeds $HS_FUZZ_DIR/corpus (default /var/tmp/heapscope-fuzz, outside the
#    repository) with small dumps (tests/fuzz/make-seeds.py: hprofgen heaps,
#    the CLI tests' heaps, 64 KiB prefixes of the corpus ($HS_CORPUS_DIR) and
#    data/sample) and the kept crashing inputs of tests/fuzz/regressions;
# 3. runs tests/fuzz/fuzz-heap for SECONDS (default 600) under nice -n 19,
#    with the HPROF dictionary, crashes written to $HS_FUZZ_DIR/crashes/.
#    In fork mode (default; HS_FUZZ_FORK=0 turns it off) a crash, timeout or
#    out-of-memory input is written there and fuzzing goes on.
# Afterwards: a crash is a file crash-*, timeout-*, oom-* or leak-* in
# crashes/; reproduce with build-fuzz/tests/fuzz/fuzz-heap FILE, keep it in
# tests/fuzz/regressions/ with a name that says what it breaks.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$(pwd)
secs=${1:-600}
shift || true
target=${HS_FUZZ_TARGET:-heap}
case $target in heap|leaks|report|matchers|mapping|oql|index|index-dump) ;; *) echo "fuzz.sh: HS_FUZZ_TARGET is heap, leaks, report, matchers, mapping, oql, index or index-dump"; exit 2 ;; esac
dir=${HS_FUZZ_DIR:-/var/tmp/heapscope-fuzz}
[ "$target" = heap ] || dir=$dir/$target
build=${HS_FUZZ_BUILD:-$root/build-fuzz}
max_len=${HS_FUZZ_MAX_LEN:-65536}
jobs=${HS_JOBS:-2}

command -v clang >/dev/null || { echo "clang is needed: apt-get install -y clang libclang-rt-14-dev"; exit 1; }

if [ ! -f "$build/build.ninja" ]; then
  CC=clang meson setup "$build" -Dfuzzing=true -Dui=disabled \
    -Db_sanitize=address,undefined -Db_lundef=false \
    -Dc_args=-fsanitize=fuzzer-no-link -Dbuildtype=debugoptimized
fi
mkdir -p "$dir/corpus" "$dir/crashes" "$dir/seeds"
# The fuzzer runs from a copy: a rebuild while it runs (fork mode starts the
# binary again for every job) must not pull the ground from under it, and
# when the tree does not build right now the last good copy is used.
fuzzer=$dir/fuzz-$target
if nice -n 19 meson compile -C "$build" -j "$jobs" tests/fuzz/fuzz-$target; then
  cp "$build/tests/fuzz/fuzz-$target" "$fuzzer.new" && mv -f "$fuzzer.new" "$fuzzer"
elif [ -x "$fuzzer" ]; then
  echo "fuzz.sh: the build failed; fuzzing the last good build ($(date -r "$fuzzer"))"
else
  exit 1
fi
dict=$root/tests/fuzz/hprof.dict
if [ "$target" = matchers ]; then
  # Seeds: the built-in table and the test tables; no dictionary.
  cp -n "$root/data/leak-matchers.txt" "$dir/corpus/" 2>/dev/null || true
  find "$root/tests" -name '*matchers*' -type f -size -64k -exec cp -n {} "$dir/corpus/" \; 2>/dev/null || true
  dict=/dev/null
elif [ "$target" = oql ]; then
  # Seeds: the kept queries (tests/fuzz/oql); the OQL dictionary.
  cp -n "$root"/tests/fuzz/oql/* "$dir/corpus/" 2>/dev/null || true
  dict=$root/tests/fuzz/oql.dict
elif [ "$target" = index ]; then
  # Seeds: made by this build's writer (an index names the version that
  # wrote it), and the kept index inputs; no dictionary.
  nice -n 19 meson compile -C "$build" -j "$jobs" tests/fuzz/fuzz-index-driver
  "$build/tests/fuzz/fuzz-index-driver" --write-seeds "$dir/corpus"
  for f in "$root"/tests/fuzz/regressions/index-*; do
    [ -f "$f" ] && cp -n "$f" "$dir/corpus/" || true
  done
  dict=/dev/null
elif [ "$target" = index-dump ]; then
  # Seeds: the small dump's index written by this build (it names the
  # dump's identity) and its mutated copies, and the kept inputs; no
  # dictionary.
  nice -n 19 meson compile -C "$build" -j "$jobs" tests/fuzz/fuzz-index-dump-driver
  "$build/tests/fuzz/fuzz-index-dump-driver" --write-seeds "$dir/corpus"
  for f in "$root"/tests/fuzz/regressions/dump-index-*; do
    [ -f "$f" ] && cp -n "$f" "$dir/corpus/" || true
  done
  dict=/dev/null
elif [ "$target" = mapping ]; then
  # Seeds: a mapping with every kind of line (tests/fuzz/seeds/mapping.txt)
  # and the kept mapping inputs; no dictionary.
  cp -n "$root/tests/fuzz/seeds/mapping.txt" "$dir/corpus/" 2>/dev/null || true
  for f in "$root"/tests/fuzz/regressions/mapping-*; do
    [ -f "$f" ] && cp -n "$f" "$dir/corpus/" || true
  done
  dict=/dev/null
else
  python3 "$root/tests/fuzz/make-seeds.py" "$dir/seeds" "$max_len"
  cp -n "$dir/seeds/"* "$dir/corpus/" 2>/dev/null || true
  for f in "$root"/tests/fuzz/regressions/*; do
    case $f in *.md) continue ;; esac
    [ -f "$f" ] && cp -n "$f" "$dir/corpus/" || true
  done
fi
dict_opt=()
[ "$dict" != /dev/null ] && dict_opt=(-dict="$dict")

fork=()
[ "${HS_FUZZ_FORK:-1}" = 1 ] && fork=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
echo "fuzzing for $secs s: $(ls "$dir/corpus" | wc -l) inputs in $dir/corpus, crashes in $dir/crashes"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export G_DEBUG=${G_DEBUG:-fatal-criticals}
exec nice -n 19 "$fuzzer" "$dir/corpus" \
  "${dict_opt[@]}" \
  -artifact_prefix="$dir/crashes/" \
  -max_total_time="$secs" -max_len="$max_len" \
  -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10 \
  -print_final_stats=1 -use_value_profile=1 "${fork[@]}" "$@"
