#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# waste-cost.py DUMP RUNS MAIN-CLI NEW-CLI: what the waste pass costs against the analysis
# (docs/performance.md, "Waste pass cost and memory"). Not part of meson test.
# Alternating runs of `waste --timings --json` (HS_DEBUG_TIMES=1) of two CLIs
# and `analyze --json` of NEW; medians of the waste steps' CPU (process clock lines of hs_waste_find),
# the waste wall (`waste: N s`), and analyze's process CPU and wall.
import os, re, resource, subprocess, sys, statistics, time
dump, runs, clis = sys.argv[1], int(sys.argv[2]), sys.argv[3:5]
# Dumps of 1 GB or more take a big-run slot (/work/bigrun.sh, two at once) for
# each run, unless the whole script already holds one (WASTE_COST_IN_SLOT=1:
# then the walls do not include the wait for a slot).
big = os.path.getsize(dump) >= 1e9 and not os.environ.get('WASTE_COST_IN_SLOT')
lock = ['/work/bigrun.sh'] if big else []
res = {c: [] for c in clis}; an = []
def timed(cmd, env=None):
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN); t0 = time.time()
    p = subprocess.run(lock + cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    t1 = time.time(); c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return p, c1.ru_utime - c0.ru_utime + c1.ru_stime - c0.ru_stime, t1 - t0
for i in range(runs):
    for cli in clis:
        p, cpu, wall = timed([cli, 'waste', '--timings', '--json', dump], dict(os.environ, HS_DEBUG_TIMES='1'))
        w = 0.0; ww = 0.0
        for line in p.stderr.splitlines():
            m = re.match(r"\s+waste (bitmaps|strings: decode.*?|the rest.*?)\s+([\d.]+) s wall\s+([\d.]+) s cpu\s+\d+ MiB RSS\s+(\d+) MiB anon", line)
            if m: w += float(m.group(3))
            m2 = re.match(r"waste: ([\d.]+) s", line)
            if m2: ww = float(m2.group(1))
        res[cli].append((w, ww, cpu, wall))
        print("%s run %d: waste cpu %.3f wall %.3f | process cpu %.2f wall %.2f" % (cli, i, w, ww, cpu, wall), flush=True)
    p, cpu, wall = timed([clis[1], 'analyze', '--json', dump])
    an.append((cpu, wall)); print("analyze run %d: cpu %.2f wall %.2f" % (i, cpu, wall), flush=True)
A = statistics.median(x[0] for x in an); AW = statistics.median(x[1] for x in an)
print("MEDIAN analyze cpu %.3f wall %.3f" % (A, AW))
for cli in clis:
    r = res[cli]; c = statistics.median(x[0] for x in r); w = statistics.median(x[1] for x in r)
    print("MEDIAN %s: waste cpu %.3f (%.1f %% of analyze cpu)  waste wall %.3f (%.1f %% of analyze wall)" % (cli, c, 100 * c / A, w, 100 * w / AW))
print("load", open("/proc/loadavg").read().strip())
