#!/usr/bin/env python3
# waste-wall.py DUMP RUNS CLI...: what the waste pass adds to the wall time
# and the CPU of a command that shows it (issue 17; docs/performance.md,
# "The waste pass beside the dominators"). Not part of meson test.
# For each CLI, alternated run by run: `classes DUMP` (the same analysis as
# `waste`: dominators, no leak search; its table is printed in a few ms)
# and `waste DUMP` (the analysis and the waste pass), then `analyze DUMP`
# (the whole analysis with leaks and suspects) of the first CLI. Medians
# of RUNS runs: waste's wall and CPU minus classes', and that as a share of
# analyze's wall and CPU.
import resource, statistics, subprocess, sys, time
dump, runs, clis = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
def timed(cmd):
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN); t0 = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    t1 = time.monotonic(); c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return t1 - t0, c1.ru_utime - c0.ru_utime + c1.ru_stime - c0.ru_stime
res = {(c, k): [] for c in clis for k in ('classes', 'waste')}; an = []
for i in range(runs):
    for c in clis:
        for k in ('classes', 'waste'):
            res[(c, k)].append(timed([c, k, dump]))
        print("run %d %s: classes %.2f s (cpu %.2f), waste %.2f s (cpu %.2f)" % ((i, c) + res[(c, 'classes')][-1] + res[(c, 'waste')][-1]), flush=True)
    an.append(timed([clis[0], 'analyze', dump]))
med = lambda xs, j: statistics.median(x[j] for x in xs)
AW, AC = med(an, 0), med(an, 1)
print("MEDIAN analyze: wall %.3f s, cpu %.3f s" % (AW, AC))
for c in clis:
    cw, cc = med(res[(c, 'classes')], 0), med(res[(c, 'classes')], 1)
    ww, wc = med(res[(c, 'waste')], 0), med(res[(c, 'waste')], 1)
    # per-run differences too (the pairs ran back to back)
    dw = statistics.median(w[0] - k[0] for w, k in zip(res[(c, 'waste')], res[(c, 'classes')]))
    dc = statistics.median(w[1] - k[1] for w, k in zip(res[(c, 'waste')], res[(c, 'classes')]))
    print("MEDIAN %s: classes %.3f s (cpu %.3f), waste %.3f s (cpu %.3f); waste adds %.3f s wall = %.1f %% of analyze's, %.3f s cpu = %.1f %%"
          % (c, cw, cc, ww, wc, dw, 100 * dw / AW, dc, 100 * dc / AC))
print("load", open("/proc/loadavg").read().strip())
