#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# waste-ab.py DUMP RUNS CLI... : the waste finders' CPU of each CLI (alternating
# runs of `waste --timings --json` under HS_DEBUG_TIMES=1: the process-clock
# lines of hs_waste_find), then `analyze` CPU of the last CLI; medians.
# docs/performance.md, "Waste". Not part of meson test.
import os, re, resource, subprocess, sys, statistics
dump, runs, clis = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
res = {c: [] for c in clis}
for i in range(runs):
    for cli in clis:
        env = dict(os.environ, HS_DEBUG_TIMES="1")
        c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        p = subprocess.run([cli, "waste", "--timings", "--json", dump], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = c1.ru_utime - c0.ru_utime + c1.ru_stime - c0.ru_stime
        w = 0.0; wall = 0.0
        for line in p.stderr.splitlines():
            m = re.match(r"\s+waste (bitmaps|strings: decode.*?|the rest.*?)\s+([\d.]+) s wall\s+([\d.]+) s cpu", line)
            if m: w += float(m.group(3))
            m = re.match(r"waste: ([\d.]+) s", line)
            if m: wall = float(m.group(1))
        res[cli].append((w, cpu, wall))
        print("%s run %d: waste cpu %.3f  process cpu %.3f  waste wall %.2f" % (cli, i, w, cpu, wall), flush=True)
an = []
for i in range(max(1, runs // 2 + 1)):
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([clis[-1], "analyze", "--timings", "--json", dump], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    an.append(c1.ru_utime - c0.ru_utime + c1.ru_stime - c0.ru_stime)
    print("analyze run %d: cpu %.3f" % (i, an[-1]), flush=True)
print("MEDIAN analyze cpu %.3f" % statistics.median(an))
for cli in clis:
    r = res[cli]
    print("MEDIAN %s: waste cpu %.3f  process cpu %.3f  waste wall %.2f" % (cli, statistics.median(x[0] for x in r), statistics.median(x[1] for x in r), statistics.median(x[2] for x in r)))
print("load", open("/proc/loadavg").read().strip())
