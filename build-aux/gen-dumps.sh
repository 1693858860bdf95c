#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# gen-dumps.sh: build the Java heap generator (tests/generator) and write dumps
# of known structure with it. Needs a JDK (javac, java); JDK 17 was used for
# the committed files. See tests/generator/README.md for what is planted.
#
#   build-aux/gen-dumps.sh DIR          small.hprof, escape.hprof, sample.hprof into DIR
#   build-aux/gen-dumps.sh --commit     regenerate the committed dumps:
#                                       tests/generator/dumps/{small,escape,threads,collections}.hprof.gz
#                                       and data/sample/sample.hprof
#   build-aux/gen-dumps.sh --bench [DIR]
#                                       the benchmark dumps bench-10m.hprof (~0.5 GB)
#                                       and bench-25m.hprof (~1.2 GB), default DIR
#                                       /var/tmp/heapscope-bench; existing files are kept
#                                       (delete them to regenerate)
#   build-aux/gen-dumps.sh --bench-jvm MILLIONS [DIR]
#                                       the same heap of MILLIONS million objects, written
#                                       by the JVM (G1, a heap of 80 MB per million
#                                       objects, at least 2 GB) as DIR/jvm-Nm.hprof
#                                       (about 47 bytes of file per object)
#   build-aux/gen-dumps.sh --series [DIR]
#                                       four dumps of one process whose cache grows
#                                       between them, series-1..4.hprof (~0.5 GB
#                                       each), default DIR /var/tmp/heapscope-bench
#   build-aux/gen-dumps.sh --bench-big [N] [DIR]
#                                       an app-shaped dump of about N objects (default
#                                       140M; k, M, G suffixes) written by the streaming
#                                       C generator (tests/generator/hprof-bigdump.c, no
#                                       JVM, seconds per GB) as DIR/big-N.hprof; refuses
#                                       when less than 15 GB of disk would stay free
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
gen="$here/tests/generator"

if [ "${1:-}" = --bench-big ]; then
  # No JVM: the C generator, built by meson (HS_BIGDUMP overrides its path).
  n=${2:-140M}
  dir=${3:-/var/tmp/heapscope-bench}
  bin=${HS_BIGDUMP:-$here/build/tests/generator/hprof-bigdump}
  [ -x "$bin" ] || { echo "gen-dumps.sh: $bin not found: meson compile -C build first" >&2; exit 1; }
  mkdir -p "$dir"
  f="$dir/big-$(echo "$n" | tr 'A-Z' 'a-z').hprof"
  if [ -s "$f" ]; then
    echo "gen-dumps.sh: $f exists, kept" >&2
    ls -l "$f"
    exit 0
  fi
  # About 46 bytes of file per object; keep 15 GB free after it.
  need=$(python3 -c "import sys; s=sys.argv[1]; m={'k':1e3,'K':1e3,'M':1e6,'m':1e6,'G':1e9,'g':1e9}.get(s[-1]); print(int(float(s[:-1] if m else s)*(m or 1)*46/1024) + 15*1024*1024)" "$n")
  avail=$(df -Pk "$dir" | awk 'NR == 2 { print $4 }')
  [ "$avail" -gt "$need" ] || { echo "gen-dumps.sh: $dir has $((avail / 1048576)) GiB free, $((need / 1048576)) GiB needed (the dump and 15 GiB left)" >&2; exit 1; }
  "$bin" --objects "$n" "$f.tmp"
  mv "$f.tmp" "$f"
  ls -l "$f"
  exit 0
fi

command -v javac >/dev/null 2>&1 || { echo "gen-dumps.sh: javac not found (install openjdk-17-jdk-headless)" >&2; exit 1; }

classes=$(mktemp -d "${TMPDIR:-/tmp}/heapgen.XXXXXX")
trap 'rm -rf "$classes"' EXIT INT TERM
# shellcheck disable=SC2046
javac -encoding UTF-8 -d "$classes" $(find "$gen" -name '*.java' | sort)

# -Xbootclasspath/a: the generator's classes are boot classes, so their class
# objects are ROOT_STICKY_CLASS roots (see the README). -Xshare:off keeps the
# dump independent of the JDK's CDS archive (and smaller).
run() { # scenario out [millions] [heap]
  heap=${4:-256m}
  rm -f "$2"
  java -Xshare:off -Xms"$heap" -Xmx"$heap" -Xbootclasspath/a:"$classes" -cp "$classes" \
    HeapGen "$1" "$2" ${3:+"$3"}
  chmod 644 "$2"
}

case "${1:-}" in
  --commit)
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/heapgen-out.XXXXXX")
    mkdir -p "$gen/dumps" "$here/data/sample"
    for s in small escape threads collections; do
      run "$s" "$tmp/$s.hprof"
      gzip -9 -n -c "$tmp/$s.hprof" > "$gen/dumps/$s.hprof.gz"
    done
    run sample "$here/data/sample/sample.hprof"
    rm -rf "$tmp"
    ls -l "$gen/dumps" "$here/data/sample/sample.hprof"
    ;;
  --bench)
    dir=${2:-/var/tmp/heapscope-bench}
    mkdir -p "$dir"
    for n in 10 25; do
      f="$dir/bench-${n}m.hprof"
      if [ -s "$f" ]; then
        echo "gen-dumps.sh: $f exists, kept" >&2
        continue
      fi
      # the name must end in .hprof for HotSpotDiagnosticMXBean.dumpHeap
      nice -n 19 sh -c "$(command -v java) -Xshare:off -Xms6g -Xmx6g -Xbootclasspath/a:'$classes' -cp '$classes' HeapGen bench '$dir/bench-${n}m.tmp.hprof' $n"
      mv "$dir/bench-${n}m.tmp.hprof" "$f"
      chmod 644 "$f"
    done
    ls -l "$dir"/bench-*.hprof
    ;;
  --bench-jvm)
    n=${2:?--bench-jvm MILLIONS [DIR]}
    dir=${3:-/var/tmp/heapscope-bench}
    mkdir -p "$dir"
    f="$dir/jvm-${n}m.hprof"
    if [ -s "$f" ]; then
      echo "gen-dumps.sh: $f exists, kept" >&2
      ls -l "$f"
      exit 0
    fi
    heap=$((n * 80 > 2048 ? n * 80 : 2048))m
    java -Xshare:off -Xms"$heap" -Xmx"$heap" -Xbootclasspath/a:"$classes" -cp "$classes" \
      HeapGen bench "$dir/jvm-${n}m.tmp.hprof" "$n"
    mv "$dir/jvm-${n}m.tmp.hprof" "$f"
    chmod 644 "$f"
    ls -l "$f"
    ;;
  --series)
    dir=${2:-/var/tmp/heapscope-bench}
    mkdir -p "$dir"
    nice -n 19 sh -c "$(command -v java) -Xshare:off -Xms6g -Xmx6g -Xbootclasspath/a:'$classes' -cp '$classes' HeapGen series '$dir/series.hprof' 10"
    chmod 644 "$dir"/series-[1-4].hprof
    ls -l "$dir"/series-[1-4].hprof
    ;;
  ""|-h|--help)
    sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'
    [ -n "${1:-}" ] || exit 2
    ;;
  *)
    mkdir -p "$1"
    for s in small escape sample; do
      run "$s" "$1/$s.hprof"
    done
    ls -l "$1"
    ;;
esac
