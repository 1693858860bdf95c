#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# tools/ui-timing.sh: times opening a dump in the real window (under Xvfb),
# from the moment the window is asked to open the file until the first
# leak trace is drawn, and the UI-thread work after loading. The app prints
# the times itself (HEAPSCOPE_DEBUG_TIMES=1, src/app/hs-timing.c); this
# runs it RUNS times, one at a time, and prints each run's lines and the
# medians of the main ones.
#
#   tools/ui-timing.sh [BUILD_DIR] [DUMP] [RUNS]
#   defaults: build-ui, /var/tmp/heapscope-bench/bench-10m.hprof, 5
#   PERF=FILE: records the app with `perf record` (call graphs) into
#   FILE.runN, to find what a long UI-thread step spends its time on
#   (perf report -i FILE.run1 --tid=<the heapscope thread>)
#
# Each run ends once the views are filled and the trace is drawn (plus
# SETTLE seconds, default 1, so that late UI-thread work shows), or after
# TIMEOUT seconds (default 120). The machine is shared: keep RUNS small.
# Every run reports its longest UI-thread step (hs-timing.c's watchdog:
# steps over 100 ms are marked "UI thread unresponsive").
set -eu

build=${1:-build-ui}
dump=${2:-/var/tmp/heapscope-bench/bench-10m.hprof}
runs=${3:-5}
settle=${SETTLE:-1}
app="$build/src/app/heapscope"
[ -x "$app" ] || { echo "no $app: build first" >&2; exit 1; }
[ -f "$dump" ] || { echo "no dump $dump" >&2; exit 1; }

out=$(mktemp -d "${TMPDIR:-/tmp}/hs-ui-timing-XXXXXX")
trap 'rm -rf "$out"' EXIT

one_run () {
  log=$1
  # One session bus and one X server per run; the app is killed by its
  # own pid once it has said what we wait for.
  env HEAPSCOPE_DEBUG_TIMES=1 GSETTINGS_BACKEND=memory GSETTINGS_SCHEMA_DIR="$build/data" \
    GTK_A11Y=none NO_AT_BRIDGE=1 GDK_BACKEND=x11 \
    dbus-run-session -- xvfb-run -a -s "-screen 0 1920x1080x24" \
      sh -c 'echo $$ >"$2"; exec $3 "$0" "$1"' "$app" "$dump" "$log.pid" \
        "${PERF:+perf record -q -F 499 --call-graph dwarf,16384 -o $PERF.$(basename "$log" .log) --}" >"$log" 2>&1 &
  pid=$!
  waited=0
  while kill -0 "$pid" 2>/dev/null; do
    if grep -q "first leak trace drawn" "$log" && grep -q "all views filled" "$log"; then
      sleep "$settle"
      break
    fi
    sleep 0.1
    waited=$((waited + 1))
    [ "$waited" -lt "$((${TIMEOUT:-120} * 10))" ] || { echo "run timed out" >&2; break; }
  done
  # The app wrote its pid (the shell it was exec'd from); ending it ends
  # xvfb-run and dbus-run-session too.
  [ -s "$log.pid" ] && kill "$(cat "$log.pid")" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

# The machine is shared: before each run, wait (up to 5 minutes) until the
# cores have been less than 15 % busy for 3 s in a row (/proc/stat), so
# that runs do not overlap someone else's benchmark. WAIT_QUIET=0 skips it.
busy_percent () {
  a=$(head -1 /proc/stat); sleep 1; b=$(head -1 /proc/stat)
  echo "$a
$b" | awk '{idle[NR] = $5 + $6; tot[NR] = 0; for (i = 2; i <= NF; i++) tot[NR] += $i}
             END {d = tot[2] - tot[1]; if (d <= 0) print 0; else print int(100 * (d - (idle[2] - idle[1])) / d)}'
}

wait_quiet () {
  [ "${WAIT_QUIET:-1}" = 1 ] || return 0
  quiet=0 tries=0
  while [ "$quiet" -lt 3 ] && [ "$tries" -lt 300 ]; do
    if [ "$(busy_percent)" -lt 15 ]; then quiet=$((quiet + 1)); else quiet=0; fi
    tries=$((tries + 1))
  done
  [ "$quiet" -ge 3 ] || echo "(the machine did not become quiet: this run overlaps other work)"
}

i=1
while [ "$i" -le "$runs" ]; do
  wait_quiet
  load=$(cut -d' ' -f1 /proc/loadavg)
  one_run "$out/run$i.log"
  echo "--- run $i (load average before: $load)"
  grep '^\[times\]' "$out/run$i.log" || cat "$out/run$i.log"
  i=$((i + 1))
done

# The median of the numbers on stdin, one a line ("-" when none).
median_of () {
  sort -n | awk '{v[NR]=$1} END {if (NR == 0) print "-"; else if (NR % 2) print v[(NR+1)/2]; else printf "%.3f\n", (v[NR/2]+v[NR/2+1])/2}'
}

median () {
  # $1: pattern of the line; prints the median of its first time (column 2)
  # or, with $2 = span, of the UI-thread seconds.
  for f in "$out"/run*.log; do
    line=$(grep -m1 "$1" "$f" || true)
    [ -n "$line" ] || continue
    if [ "${2:-}" = span ]; then
      echo "$line" | sed -n 's/.*: \([0-9.]*\) s on the UI thread.*/\1/p'
    else
      echo "$line" | awk '{print $2}'
    fi
  done | median_of
}

echo "--- medians over $runs runs (seconds since the open was requested)"
for what in "leak report handed to the UI" "worker: analysis returned" "analysis finished" \
            "first leak trace drawn" "content page drawn" "retained sizes shown" "all views filled"; do
  printf '%-40s %s\n' "$what" "$(median "$what")"
done
echo "--- medians of a leak's trace drawn after the leak was selected (seconds; the first, then the second leak)"
for k in 1 2; do
  printf '%-40s %s\n' "selection $k" "$(for f in "$out"/run*.log; do grep "drawn [0-9.]* s after the leak was selected" "$f" | sed -n "${k}p" | sed -n 's/.*drawn \([0-9.]*\) s after.*/\1/p'; done | median_of)"
done
echo "--- the longest UI-thread step of each run (seconds; marks of steps over 100 ms)"
for f in "$out"/run*.log; do
  printf '%s  (%s steps over 100 ms)\n' "$(grep "longest UI-thread step" "$f" | tail -1 | sed -n 's/.*so far: \([0-9.]*\) s.*/\1/p')" \
    "$(grep -c "UI thread unresponsive" "$f" || true)"
done
echo "--- medians of UI-thread work (seconds)"
for what in "leaks filled" "overview filled" "classes filled" "dominator tree filled" \
            "treemap given the dump" "inspector given the dump" "all views filled"; do
  printf '%-40s %s\n' "$what" "$(median "$what" span)"
done
