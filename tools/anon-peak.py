#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# anon-peak.py CLI ARGS...: peak RssAnon of a run (polled every 5 ms) and between the first and the
# last waste step of HS_DEBUG_TIMES (docs/performance.md, "Waste pass cost and memory").
import subprocess, sys, time, os, re, threading
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=dict(os.environ, HS_DEBUG_TIMES='1'))
lines = []; waste_started = [False]; peak = [0, 0]
def rd():
    for l in p.stderr:
        lines.append(l)
        if 'waste bitmaps' in l: waste_started[0] = True
        if 'waste the rest' in l: waste_started[0] = False
t = threading.Thread(target=rd); t.start()
while p.poll() is None:
    try:
        for l in open('/proc/%d/status' % p.pid):
            if l.startswith('RssAnon'):
                v = int(l.split()[1]) // 1024
                peak[0] = max(peak[0], v)
                if waste_started[0]: peak[1] = max(peak[1], v)
    except Exception: pass
    time.sleep(0.005)
t.join()
start = [int(re.search(r'(\d+) MiB anon', l).group(1)) for l in lines if 'waste bitmaps' in l]
print("peak anon %d MiB, during waste %d MiB, at waste start %s MiB" % (peak[0], peak[1], start))
