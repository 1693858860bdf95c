#!/bin/sh
# SPDX-License-Identifier: GPL-3.0-or-later
# bench.sh: the performance benchmark. Not part of `meson test`.
#
#   build-aux/bench.sh [DUMP...]
#
# With no DUMP, generates once (cached) with the repo's Java generator
#   /var/tmp/heapscope-bench/bench-10m.hprof  (~0.46 GB, ~10 M objects)
#   /var/tmp/heapscope-bench/bench-25m.hprof  (~1.18 GB, ~25 M objects)
# and benchmarks both. For each dump: the median of BENCH_RUNS runs (default
# 5) of `heapscope-cli analyze DUMP --timings --json` (whole pipeline: index,
# leaks with paths, dominators, class retained sizes; phase times and peak
# RSS), next to the median time of `cat DUMP >/dev/null` from the page cache
# (not for a dump bigger than half the memory). Each run is sampled for its
# highest RssAnon (/proc/PID/status), major faults and disk reads: the table
# gives peak RssAnon, anonymous bytes and nanoseconds per object.
# If VisualVM's heap library is installed (Debian package visualvm), also runs
# tools/peer/VisualVMPeer.java (retained size of every object) once on the
# first dump and prints the ratio. Output: markdown tables on stdout.
#
# Environment:
#   BENCH_RUNS=5                 runs per dump (median reported)
#   BENCH_DIR=/var/tmp/heapscope-bench
#   HEAPSCOPE_CLI=build/src/cli/heapscope-cli
#   BENCH_PEER=auto|no           run the VisualVM peer (auto: if installed)
#   BENCH_PEER_TIMEOUT=3600      seconds before the peer is given up
#   BENCH_PEER_XMX=12g           the peer's Java heap
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
runs=${BENCH_RUNS:-5}
dir=${BENCH_DIR:-/var/tmp/heapscope-bench}
cli=${HEAPSCOPE_CLI:-$here/build/src/cli/heapscope-cli}
peer=${BENCH_PEER:-auto}
peer_timeout=${BENCH_PEER_TIMEOUT:-3600}
peer_xmx=${BENCH_PEER_XMX:-12g}

[ -x "$cli" ] || { echo "bench.sh: $cli not found: build first (meson setup build && meson compile -C build) or set HEAPSCOPE_CLI" >&2; exit 1; }
command -v python3 >/dev/null || { echo "bench.sh: python3 is needed" >&2; exit 1; }

if [ $# -eq 0 ]; then
  if [ ! -s "$dir/bench-10m.hprof" ] || [ ! -s "$dir/bench-25m.hprof" ]; then
    "$here/build-aux/gen-dumps.sh" --bench "$dir" >&2
  fi
  set -- "$dir/bench-10m.hprof" "$dir/bench-25m.hprof"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/hsbench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# timed OUT CMD...: runs CMD with stdout to OUT, prints "WALL CPU MAXRSS_KB
# ANON_KB MAJFLT READ_BYTES": seconds of wall and of CPU (user + system of
# CMD and its children), the peak resident set (getrusage), the highest
# RssAnon of /proc/PID/status (sampled every 10 ms: anonymous memory, not the
# dump's page cache), major faults, and the bytes CMD read from the disk
# (/proc/PID/io read_bytes, last sample); fails if CMD fails.
timed() {
  python3 -c 'import resource, subprocess, sys, time
out = open(sys.argv[1], "wb")
ru = lambda: resource.getrusage(resource.RUSAGE_CHILDREN)
c0, t = ru(), time.monotonic()
p = subprocess.Popen(sys.argv[2:], stdout=out)
anon = rd = 0
while p.poll() is None:
    try:
        for line in open("/proc/%d/status" % p.pid):
            if line.startswith("RssAnon:"):
                anon = max(anon, int(line.split()[1]))
        for line in open("/proc/%d/io" % p.pid):
            if line.startswith("read_bytes:"):
                rd = max(rd, int(line.split()[1]))
    except OSError:
        pass
    time.sleep(0.01)
w, c1 = time.monotonic() - t, ru()
print("%.6f %.6f %d %d %d %d" % (w, c1.ru_utime - c0.ru_utime + c1.ru_stime - c0.ru_stime, c1.ru_maxrss, anon,
                                 c1.ru_majflt - c0.ru_majflt, rd))
sys.exit(p.returncode)' "$@"
}

echo "## Heapscope benchmark"
echo
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(awk '/MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo), $(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?'), median of $runs runs"
echo

i=0
for f in "$@"; do
  i=$((i + 1))
  [ -r "$f" ] || { echo "bench.sh: cannot read $f" >&2; exit 1; }
  # Warm the page cache, unless the dump is more than half the machine's
  # memory (it would not stay cached: its runs read it from the disk).
  big=$(awk -v s="$(stat -c %s "$f")" '/MemTotal/ { print (s > $2 * 512) ? 1 : 0 }' /proc/meminfo)
  [ "$big" = 1 ] || cat "$f" >/dev/null
  : > "$tmp/cat.$i"
  : > "$tmp/wall.$i"
  r=0
  while [ $r -lt "$runs" ]; do
    r=$((r + 1))
    [ "$big" = 1 ] || timed /dev/null cat "$f" >> "$tmp/cat.$i"
    timed "$tmp/run.$i.$r.json" "$cli" analyze "$f" --timings --json >> "$tmp/wall.$i"
  done
done

# The table: one row per dump; phase columns from the CLI's JSON (median per phase).
python3 - "$tmp" "$runs" "$@" <<'PY'
import json, os, statistics, sys
tmp, runs, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
rows = []
phases = []
for i, f in enumerate(files, 1):
    res = [json.load(open(os.path.join(tmp, 'run.%d.%d.json' % (i, r)))) for r in range(1, runs + 1)]
    for p in res[0]['phases']:
        if p not in phases:
            phases.append(p)
    runs_ = [x.split() for x in open(os.path.join(tmp, 'wall.%d' % i))]
    wall = [float(x[0]) for x in runs_]
    cpu = [float(x[1]) for x in runs_]
    anon = [int(x[3]) for x in runs_]
    cat = [float(x.split()[0]) for x in open(os.path.join(tmp, 'cat.%d' % i))]
    med = lambda xs: statistics.median(xs) if xs else float('nan')
    rows.append(dict(
        name=os.path.basename(f), size=os.path.getsize(f), objects=res[0]['objects'],
        refs=res[0].get('references', 0), leaks=res[0].get('leaks', 0),
        phases={p: med([r['phases'].get(p, 0.0) for r in res]) for p in phases},
        total=med([r['total_s'] for r in res]), wall=med(wall), cpu=med(cpu), wall_min=min(wall), wall_max=max(wall),
        rss=max(r['peak_rss_kb'] for r in res) / 1048576.0, cat=med(cat),
        anon=med(anon) / 1048576.0, anon_max=max(anon) / 1048576.0,
        majflt=med([int(x[4]) for x in runs_]), read=med([int(x[5]) for x in runs_])))
print('| dump | size | objects | references | leaks | ' + ' | '.join(phases) +
      ' | analysis (CLI total) | wall (process) | CPU (user+sys) | peak RSS | peak RssAnon | anon bytes / object'
      ' | ns / object | major faults | read from disk | `cat` from cache | wall / cat |')
print('|---' * (5 + len(phases) + 11) + '|')
for r in rows:
    print('| %s | %.2f GB | %.1f M | %.1f M | %d | ' % (r['name'], r['size'] / 1e9, r['objects'] / 1e6, r['refs'] / 1e6, r['leaks']) +
          ' | '.join('%.2f s' % r['phases'].get(p, 0.0) for p in phases) +
          ' | %.2f s | %.2f s (%.2f-%.2f) | %.2f s | %.2f GiB | %.2f GiB (max %.2f) | %.1f | %.0f | %d | %.2f GB | %.2f s | %.1fx |' % (
              r['total'], r['wall'], r['wall_min'], r['wall_max'], r['cpu'], r['rss'], r['anon'], r['anon_max'],
              r['anon'] * 1073741824 / r['objects'], r['wall'] / r['objects'] * 1e9, r['majflt'], r['read'] / 1e9,
              r['cat'], r['wall'] / r['cat'] if r['cat'] else float('nan')))
if len(rows) > 1:
    a, b = rows[0], rows[-1]
    print()
    print('Scaling %s -> %s: objects x%.2f, wall x%.2f, peak RSS x%.2f; per object: %.0f -> %.0f ns (%+.0f%%), %.0f -> %.0f bytes of peak RssAnon.' % (
        a['name'], b['name'], b['objects'] / a['objects'], b['wall'] / a['wall'], b['rss'] / a['rss'],
        a['wall'] / a['objects'] * 1e9, b['wall'] / b['objects'] * 1e9,
        100 * ((b['wall'] / b['objects']) / (a['wall'] / a['objects']) - 1),
        a['anon'] * 1073741824 / a['objects'], b['anon'] * 1073741824 / b['objects']))
with open(os.path.join(tmp, 'first_wall'), 'w') as fh:
    fh.write('%f\n' % rows[0]['wall'])
PY

# The VisualVM peer, on the first dump.
jar=""
if [ "$peer" != no ]; then
  for j in /usr/share/visualvm/visualvm/modules/org-graalvm-visualvm-lib-jfluid-heap.jar \
           $(find /usr/share/visualvm -name 'org-graalvm-visualvm-lib-jfluid-heap.jar' -o -name 'org-netbeans-lib-profiler.jar' 2>/dev/null); do
    [ -r "$j" ] && { jar=$j; break; }
  done
fi
echo
if [ "$peer" = no ]; then
  echo "VisualVM peer: skipped (BENCH_PEER=no)."
  exit 0
elif [ -z "$jar" ]; then
  echo "VisualVM peer: not run (install the Debian package visualvm to compare)."
  exit 0
fi
mkdir -p "$tmp/peer"
javac -cp "$jar" -d "$tmp/peer" "$here/tools/peer/VisualVMPeer.java"
f=$1
if pw=$(timed "$tmp/peer.out" timeout "$peer_timeout" java -Xmx"$peer_xmx" -cp "$jar:$tmp/peer" VisualVMPeer "$f" 5 2> "$tmp/peer.err"); then
  python3 - "$tmp" "$pw" "$f" "$jar" <<'PY'
import os, sys
tmp, f, jar = sys.argv[1], sys.argv[3], sys.argv[4]
pw, pcpu = (float(x) for x in sys.argv[2].split())
kv = {}
for line in open(os.path.join(tmp, 'peer.out')):
    k, _, v = line.strip().partition(' ')
    kv.setdefault(k, v)
ours = float(open(os.path.join(tmp, 'first_wall')).read())
print('| peer on %s | index | retained sizes (all objects) | total wall (process) | CPU (user+sys) | Heapscope wall | ratio (wall) |' % os.path.basename(f))
print('|---|---|---|---|---|---|---|')
print('| VisualVM heap library (%s) | %s s | %s s | %.1f s | %.1f s | %.2f s | %.0fx |' % (
    os.path.basename(jar), kv.get('index_s'), kv.get('retained_s'), pw, pcpu, ours, pw / ours))
PY
else
  echo "VisualVM peer: did not finish within ${peer_timeout} s (or failed: $(tail -1 "$tmp/peer.err")); ratio > $(python3 -c "import sys; print('%.0f' % ($peer_timeout / float(open('$tmp/first_wall').read())))")x"
fi
