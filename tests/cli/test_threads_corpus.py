#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""heapscope-cli threads --json on the corpus dumps (HotSpot with stacks,
jhat, the hprof agent, Android without stacks) against an independent
reader here: it reads only the STRING, LOAD_CLASS, STACK_FRAME and
STACK_TRACE records and the thread-object, Java-frame and JNI-local roots
(every other sub-record is skipped by its layout, src/engine/hprof/hs-hprof.h) and derives
each thread's frames (innermost first, methods, files, lines, class names
from LOAD_CLASS) and the ids of the locals of each frame (frame numbers
beyond the trace: the last, unknown frame), docs/semantics.md "Threads"."""
import gzip
import os
import struct
import unittest

from clitest import CORPUS, CliTest, main, testlib

DUMPS = ['jvm/openjdk_jdk11_04_x64.hprof.gz', 'jvm/oracle_jdk8_05_x64.hprof', 'jvm/jhat_jdk8_x32.hprof',
         'jvm/sun_jdk6_18_x64.hprof', 'jvm/oracle_jdk7_21_hprofagent.hprof',
         'jvm/sun_jdk6_31_hprofagent_compressedOops.hprof', 'android/leak_service_binder.hprof']
BASIC = {2: None, 4: 1, 5: 2, 6: 4, 7: 8, 8: 1, 9: 2, 10: 4, 11: 8}


def java_name(s):
    return s.replace('/', '.')


class Reader:
    def __init__(self, path):
        data = (gzip.open if path.endswith('.gz') else open)(path, 'rb').read()
        nul = data.index(b'\0')
        self.ids = ids = struct.unpack('>I', data[nul + 1:nul + 5])[0]
        self.rid = lambda b, o: int.from_bytes(b[o:o + ids], 'big')
        pos = nul + 13
        self.strings, self.serial_name, self.frames, self.traces = {}, {}, {}, {}
        self.thread_objs, self.locals = {}, []
        seen_dump = False
        while pos + 9 <= len(data):
            tag = data[pos]
            n = struct.unpack('>I', data[pos + 5:pos + 9])[0]
            b = data[pos + 9:pos + 9 + n]
            pos += 9 + n
            if tag == 0x01:
                self.strings[self.rid(b, 0)] = b[ids:].decode('utf-8', 'replace')
            elif tag == 0x02:
                self.serial_name[struct.unpack('>I', b[:4])[0]] = self.rid(b, 8 + ids)
            elif tag == 0x04:
                fid, m, sg, src = (self.rid(b, k * ids) for k in range(4))
                cs, line = struct.unpack('>Ii', b[4 * ids:4 * ids + 8])
                self.frames[fid] = (m, sg, src, cs, line)
            elif tag == 0x05:
                serial, thread, k = struct.unpack('>III', b[:12])
                self.traces[serial] = [self.rid(b, 12 + i * ids) for i in range(k)]
            elif tag == 0x0C and not seen_dump:
                seen_dump = True
                self.heap(b)
            elif tag == 0x1C:
                self.heap(b)

    def heap(self, b):
        ids, rid, p = self.ids, self.rid, 0
        u4 = lambda o: struct.unpack('>I', b[o:o + 4])[0]
        u2 = lambda o: struct.unpack('>H', b[o:o + 2])[0]
        fixed = {0xFF: ids, 0x01: 2 * ids, 0x04: ids + 4, 0x05: ids, 0x06: ids + 4, 0x07: ids,
                 0x89: ids, 0x8A: ids, 0x8B: ids, 0x8C: ids, 0x8D: ids, 0x90: ids, 0x8E: ids + 8, 0xFE: 4 + ids}
        while p < len(b):
            t = b[p]
            p += 1
            if t in fixed:
                p += fixed[t]
            elif t in (0x02, 0x03):
                self.locals.append((rid(b, p), u4(p + ids), u4(p + ids + 4)))
                p += ids + 8
            elif t == 0x08:
                self.thread_objs.setdefault(u4(p + ids), (rid(b, p), u4(p + ids + 4)))
                p += ids + 8
            elif t == 0x20:
                p += 7 * ids + 8
                n = u2(p); p += 2
                for _ in range(n):
                    p += 3 + (BASIC[b[p + 2]] or ids)
                n = u2(p); p += 2
                for _ in range(n):
                    p += ids + 1 + (BASIC[b[p + ids]] or ids)
                n = u2(p); p += 2 + n * (ids + 1)
            elif t == 0x21:
                p += 2 * ids + 8 + u4(p + 2 * ids + 4)
            elif t == 0x22:
                p += 2 * ids + 8 + u4(p + ids + 4) * ids
            elif t == 0x23:
                p += ids + 9 + u4(p + ids + 4) * (BASIC[b[p + ids + 8]] or ids)
            elif t == 0xC3:
                p += ids + 9
            else:
                raise ValueError('sub-record 0x%02x at %d' % (t, p - 1))

    def expected(self):
        out = {}
        for serial, (oid, trace) in self.thread_objs.items():
            fr = []
            for fid in self.traces.get(trace, []):
                f = self.frames.get(fid)
                if f is None:
                    fr.append({'method': '<unknown frame>', 'locals': []})
                    continue
                m, sg, src, cs, line = f
                cname = self.strings.get(self.serial_name.get(cs))
                fr.append({'class': java_name(cname) if cname else None, 'method': self.strings.get(m),
                           'signature': self.strings.get(sg), 'file': self.strings.get(src), 'line': line,
                           'locals': []})
            n = len(fr)
            for lid, th, frame in self.locals:
                if th != serial:
                    continue
                if frame >= n:
                    if len(fr) == n:
                        fr.append({'method': '<unknown frame>', 'locals': []})
                    fr[-1]['locals'].append(lid)
                else:
                    fr[frame]['locals'].append(lid)
            out[serial] = (oid, fr)
        return out


class ThreadsCorpus(CliTest):
    def test_corpus(self):
        corpus = testlib.require_corpus()
        ran = 0
        for name in DUMPS:
            path = os.path.join(corpus, name)
            if not os.path.exists(path):
                continue
            ran += 1
            with self.subTest(dump=name):
                want = Reader(path).expected()
                got = self.json_of(['threads', '--json', '-q', path])['threads']
                self.assertEqual(len(got), len(want))
                by_id = {}
                for serial, (oid, fr) in want.items():
                    by_id[oid] = fr
                for t in got:
                    fr = by_id[int(t['id'], 16)]
                    self.assertEqual(len(t['frames']), len(fr), t['name'])
                    for g, w in zip(t['frames'], fr):
                        for k in ('class', 'method', 'signature', 'file', 'line'):
                            if k in w:
                                self.assertEqual(g[k], w[k], '%s %s %s' % (name, t['name'], k))
                        self.assertEqual(sorted(int(l['id'], 16) for l in g['locals']), sorted(w['locals']))
                if name.startswith('android'):
                    # ART writes no stack traces and frame -1 for every local
                    self.assertTrue(all(len(t['frames']) <= 1 for t in got))
                    self.assertTrue(any(t['frames'] and t['frames'][0]['locals'] for t in got))
                    self.assertTrue(all(t['state'] is None for t in got))
        if ran == 0:
            raise unittest.SkipTest('none of the corpus dumps with threads is there')


if __name__ == '__main__':
    main()
