#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# waste-wall.py DUMP RUNS CLI...: the commands that show the waste pass
# (docs/performance.md, "Questions asked of an analysis")
# against the analysis, for one or more builds. Not part of meson test.
# Runs, alternated run by run and build by build: `analyze DUMP` (the whole
# analysis: dominators, leaks, suspects; no waste), `report DUMP -o FILE
# --no-timestamp` (the same analysis, the waste pass, the HTML) and
# `waste DUMP` (the findings as text). Prints the medians of RUNS runs of
# each: wall and CPU (user + system) seconds and the peak RssAnon (MiB,
# /proc/PID/status sampled every 10 ms), and report's wall and CPU minus
# analyze's (the pass, the report's other sections and the HTML) as a
# share of analyze's.
import os, resource, statistics, subprocess, sys, tempfile, time
dump, runs, clis = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
out = tempfile.mktemp(suffix='.html')
def timed(cmd):
    """wall seconds, CPU seconds (user + system, from the children's rusage:
    poll() reaps the child) and peak RssAnon (MiB) of one run of cmd."""
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0
    while p.poll() is None:
        try:
            with open('/proc/%d/status' % p.pid) as fh:
                for l in fh:
                    if l.startswith('RssAnon'):
                        peak = max(peak, int(l.split()[1]))
        except OSError:
            pass
        time.sleep(0.01)
    wall = time.monotonic() - t0
    if p.returncode != 0:
        sys.exit('%s failed (%d)' % (' '.join(cmd), p.returncode))
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, c1.ru_utime - c0.ru_utime + c1.ru_stime - c0.ru_stime, peak / 1024
cmds = {'analyze': lambda c: [c, 'analyze', dump],
        'report': lambda c: [c, 'report', dump, '-o', out, '--no-timestamp'],
        'waste': lambda c: [c, 'waste', dump]}
res = {(c, k): [] for c in clis for k in cmds}
for i in range(runs):
    order = clis if i % 2 == 0 else clis[::-1]
    for c in order:
        for k, f in cmds.items():
            res[(c, k)].append(timed(f(c)))
        print("run %d %s: " % (i, c) + ", ".join("%s %.2f s (cpu %.2f, %.0f MiB)" % ((k,) + res[(c, k)][-1]) for k in cmds), flush=True)
med = lambda xs, j: statistics.median(x[j] for x in xs)
print("| build | command | wall | CPU | peak RssAnon |")
print("|---|---|---|---|---|")
for c in clis:
    for k in cmds:
        r = res[(c, k)]
        print("| %s | %s | %.3f s | %.3f s | %.0f MiB |" % (c, k, med(r, 0), med(r, 1), med(r, 2)))
for c in clis:
    aw, ac = med(res[(c, 'analyze')], 0), med(res[(c, 'analyze')], 1)
    dw = statistics.median(r[0] - a[0] for r, a in zip(res[(c, 'report')], res[(c, 'analyze')]))
    dc = statistics.median(r[1] - a[1] for r, a in zip(res[(c, 'report')], res[(c, 'analyze')]))
    print("%s: report - analyze = %.3f s wall (%.1f %% of analyze's), %.3f s cpu (%.1f %%)" % (c, dw, 100 * dw / aw, dc, 100 * dc / ac))
print("load", open("/proc/loadavg").read().strip())
if os.path.exists(out):
    os.unlink(out)
