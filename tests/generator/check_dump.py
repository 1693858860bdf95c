#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""check_dump.py: a small, independent HPROF reader used to cross-check the
hand-derived numbers in expected-*.json against a generated dump.

It shares no code with Heapscope's engine: it parses the dump, computes
shallow sizes with docs/semantics.md's HotSpot formulas, builds the reference graph
(Reference.referent is not a reference), finds dominators (Cooper, Harvey and
Kennedy's iterative algorithm over a virtual root above all GC roots) and
prints, for every instance of the classes asked for, its retained size and
count and one shortest path from a GC root (plain BFS, no priorities).

Slow (pure Python): meant for the small generated dumps only.

    python3 check_dump.py DUMP.hprof[.gz] com.example.LeakedActivity ...
    python3 check_dump.py --verify expected-small.json DUMP.hprof[.gz]
"""
import gzip
import json
import math
import struct
import sys
from collections import deque

SIZES = {2: None, 4: 1, 5: 2, 6: 4, 7: 8, 8: 1, 9: 2, 10: 4, 11: 8}
PRIM_NAMES = {4: 'boolean', 5: 'char', 6: 'float', 7: 'double', 8: 'byte',
              9: 'short', 10: 'int', 11: 'long'}
ROOT_NAMES = {0xFF: 'unknown', 0x01: 'jni_global', 0x02: 'jni_local',
              0x03: 'java_frame', 0x04: 'native_stack', 0x05: 'sticky_class',
              0x06: 'thread_block', 0x07: 'monitor_used', 0x08: 'thread_object'}


def java_name(n):
    if n.startswith('['):
        dims = 0
        while n[dims] == '[':
            dims += 1
        t = n[dims:]
        base = {'Z': 'boolean', 'C': 'char', 'F': 'float', 'D': 'double', 'B': 'byte',
                'S': 'short', 'I': 'int', 'J': 'long'}.get(t)
        if base is None:
            base = t[1:-1].replace('/', '.')
        return base + '[]' * dims
    return n.replace('/', '.')


class Dump:
    def __init__(self, path):
        opener = gzip.open if path.endswith('.gz') else open
        with opener(path, 'rb') as f:
            data = f.read()
        nul = data.index(b'\0')
        self.idsize = struct.unpack('>I', data[nul + 1:nul + 5])[0]
        assert self.idsize == 8, 'generated dumps have 8-byte ids'
        pos = nul + 13
        self.strings = {}
        self.class_name_id = {}
        self.classes = {}      # id -> dict
        self.objects = {}      # id -> (kind, class_id, payload, addr-order)
        self.roots = []        # (id, kind, thread serial)
        self.obj_arrays_order = []
        self.thread_serial_obj = {}
        idfmt = '>Q'
        while pos < len(data):
            tag = data[pos]
            length = struct.unpack('>I', data[pos + 5:pos + 9])[0]
            body = data[pos + 9:pos + 9 + length]
            pos += 9 + length
            if tag == 0x01:
                sid = struct.unpack(idfmt, body[:8])[0]
                self.strings[sid] = body[8:].decode('utf-8', 'replace')
            elif tag == 0x02:
                cid, nid = struct.unpack('>Q', body[4:12])[0], struct.unpack('>Q', body[16:24])[0]
                self.class_name_id[cid] = nid
            elif tag in (0x0C, 0x1C):
                self._heap(body)
        for cid, c in self.classes.items():
            c['name'] = java_name(self.strings.get(self.class_name_id.get(cid), '?'))
        self.by_name = {}
        for cid, c in self.classes.items():
            self.by_name.setdefault(c['name'], []).append(cid)

    def _heap(self, b):
        p = 0
        u8 = lambda o: struct.unpack('>Q', b[o:o + 8])[0]
        u4 = lambda o: struct.unpack('>I', b[o:o + 4])[0]
        n = len(b)
        while p < n:
            t = b[p]
            p += 1
            if t in ROOT_NAMES:
                oid = u8(p)
                if t == 0xFF or t == 0x05 or t == 0x07:
                    self.roots.append((oid, t, None)); p += 8
                elif t == 0x01:
                    self.roots.append((oid, t, None)); p += 16
                elif t in (0x02, 0x03):
                    self.roots.append((oid, t, u4(p + 8))); p += 16
                elif t in (0x04, 0x06):
                    self.roots.append((oid, t, u4(p + 8))); p += 12
                elif t == 0x08:
                    self.roots.append((oid, t, u4(p + 8)))
                    self.thread_serial_obj[u4(p + 8)] = oid
                    p += 16
            elif t == 0x20:
                cid = u8(p); sup = u8(p + 12); loader = u8(p + 20)
                p += 8 + 4 + 8 * 6 + 4
                ncp = struct.unpack('>H', b[p:p + 2])[0]; p += 2
                for _ in range(ncp):
                    ty = b[p + 2]; p += 3
                    p += SIZES[ty] or 8
                nst = struct.unpack('>H', b[p:p + 2])[0]; p += 2
                statics = []
                for _ in range(nst):
                    nm = u8(p); ty = b[p + 8]; p += 9
                    sz = SIZES[ty] or 8
                    val = u8(p) if ty == 2 else None
                    statics.append((nm, ty, val)); p += sz
                nf = struct.unpack('>H', b[p:p + 2])[0]; p += 2
                fields = []
                for _ in range(nf):
                    fields.append((u8(p), b[p + 8])); p += 9
                self.classes[cid] = dict(super=sup, loader=loader, statics=statics, fields=fields)
                self.objects[cid] = ('class', cid, None)
            elif t == 0x21:
                oid = u8(p); cls = u8(p + 12); nb = u4(p + 20); p += 24
                self.objects[oid] = ('inst', cls, b[p:p + nb]); p += nb
            elif t == 0x22:
                oid = u8(p); ln = u4(p + 12); cls = u8(p + 16); p += 24
                elems = struct.unpack('>%dQ' % ln, b[p:p + 8 * ln]); p += 8 * ln
                self.objects[oid] = ('oarr', cls, elems)
                self.obj_arrays_order.append((oid, ln))
            elif t == 0x23:
                oid = u8(p); ln = u4(p + 12); ty = b[p + 16]; p += 17
                self.objects[oid] = ('parr', ty, (ln, b[p:p + ln * SIZES[ty]])); p += ln * SIZES[ty]
            else:
                raise ValueError('unexpected sub-record tag 0x%x' % t)

    def field_layout(self, cid):
        """[(declaring class, name, type)] in dump order: own fields, then super's."""
        out = []
        c = cid
        while c and c in self.classes:
            for nm, ty in self.classes[c]['fields']:
                out.append((c, self.strings.get(nm, '?'), ty))
            c = self.classes[c]['super']
        return out

    def is_reference_subclass(self, cid):
        c = cid
        while c and c in self.classes:
            if self.classes[c]['name'] == 'java.lang.ref.Reference':
                return True
            c = self.classes[c]['super']
        return False

    follow_weak = False

    def analyze(self):
        P, R = 8, 4
        # compressed references: an object array starting inside the previous one's 8-byte-ref extent
        prev = None
        comp = False
        for oid, ln in self.obj_arrays_order:
            if prev is not None and prev[0] < oid < prev[0] + 16 + 8 * prev[1]:
                comp = True
                break
            prev = (oid, ln)
        R = 4 if comp else 8
        addrs = sorted(a for a in self.objects if a)
        g = 0
        for a, b in zip(addrs, addrs[1:]):
            g = math.gcd(g, b - a)
        A = min(max(g, 8), 256)
        al = lambda x, a: (x + a - 1) // a * a
        s_cache = {}

        def S(cid):
            if cid in s_cache:
                return s_cache[cid]
            c = self.classes[cid]
            if not c['super']:
                v = P + R
            else:
                own = sum(R if ty == 2 else SIZES[ty] for _, ty in c['fields'])
                v = al(own + S(c['super']), R)
            s_cache[cid] = v
            return v

        self.P, self.R, self.A = P, R, A
        self.shallow = {}
        self.edges = {}
        self.labels = {}
        classname_to_arrcls = {}
        for cid, c in self.classes.items():
            classname_to_arrcls[c['name']] = cid
        for oid, (kind, cls, payload) in self.objects.items():
            out = []
            lab = []
            if kind == 'class':
                c = self.classes[oid]
                self.shallow[oid] = al(sum(R if ty == 2 else SIZES[ty] for _, ty, _ in c['statics']), A)
                for tgt, l in ((c['super'], '<super>'), (c['loader'], '<loader>')):
                    if tgt:
                        out.append(tgt); lab.append(l)
                for nm, ty, val in c['statics']:
                    if ty == 2 and val:
                        out.append(val); lab.append('static ' + self.strings.get(nm, '?'))
            elif kind == 'inst':
                self.shallow[oid] = al(S(cls), A)
                out.append(cls); lab.append('<class>')
                skip_ref = self.is_reference_subclass(cls)
                off = 0
                for decl, nm, ty in self.field_layout(cls):
                    if ty == 2:
                        v = struct.unpack('>Q', payload[off:off + 8])[0]; off += 8
                        if v and not (skip_ref and nm == 'referent' and not self.follow_weak
                                      and self.classes[decl]['name'] == 'java.lang.ref.Reference'):
                            out.append(v); lab.append(nm)
                    else:
                        off += SIZES[ty]
            elif kind == 'oarr':
                self.shallow[oid] = al(P + R + 4 + len(payload) * R, A)
                out.append(cls); lab.append('<class>')
                for i, v in enumerate(payload):
                    if v:
                        out.append(v); lab.append('[%d]' % i)
            else:
                ln, _ = payload
                self.shallow[oid] = al(al(P + R + 4, R) + ln * SIZES[cls], A)
                ac = classname_to_arrcls.get(PRIM_NAMES[cls] + '[]')
                if ac:
                    out.append(ac); lab.append('<class>')
            keep = [(t, l) for t, l in zip(out, lab) if t in self.objects]
            self.edges[oid] = [t for t, _ in keep]
            self.labels[oid] = [l for _, l in keep]
        self.root_set = {}
        for oid, t, th in self.roots:
            if oid in self.objects and oid not in self.root_set:
                self.root_set[oid] = (t, th)
        self._dominators()

    def _dominators(self):
        VROOT = 0
        succ = {VROOT: list(self.root_set)}
        order = []
        seen = {VROOT}
        stack = [(VROOT, iter(succ[VROOT]))]
        while stack:
            v, it = stack[-1]
            nxt = None
            for w in it:
                if w not in seen:
                    nxt = w
                    break
            if nxt is None:
                order.append(v)
                stack.pop()
            else:
                seen.add(nxt)
                stack.append((nxt, iter(self.edges[nxt])))
        rpo = order[::-1]
        num = {v: i for i, v in enumerate(rpo)}
        # Work on RPO numbers: node i's predecessors, idom as a list.
        preds = [[] for _ in rpo]
        for v in rpo:
            pv = num[v]
            for w in (succ[VROOT] if v == VROOT else self.edges[v]):
                if w in num:
                    preds[num[w]].append(pv)
        UNDEF = -1
        idom = [UNDEF] * len(rpo)
        idom[0] = 0
        changed = True
        while changed:
            changed = False
            for b in range(1, len(rpo)):
                new = UNDEF
                for p in preds[b]:
                    if idom[p] == UNDEF:
                        continue
                    if new == UNDEF:
                        new = p
                        continue
                    x, y = p, new
                    while x != y:
                        while x > y:
                            x = idom[x]
                        while y > x:
                            y = idom[y]
                    new = x
                if idom[b] != new:
                    idom[b] = new
                    changed = True
        self.reachable = set(rpo) - {VROOT}
        self.idom = {v: rpo[idom[i]] for i, v in enumerate(rpo)}
        rs = [self.shallow.get(v, 0) for v in rpo]
        rc = [1] * len(rpo)
        for i in range(len(rpo) - 1, 0, -1):
            d = idom[i]
            rs[d] += rs[i]
            rc[d] += rc[i]
        ret = {v: rs[i] for i, v in enumerate(rpo)}
        cnt = {v: rc[i] for i, v in enumerate(rpo)}
        self.retained, self.retained_count = ret, cnt

    def path(self, target):
        """One shortest path from a GC root (plain BFS) as a list of steps."""
        prev = {}
        q = deque()
        for r in self.root_set:
            prev[r] = None
            q.append(r)
        while q:
            v = q.popleft()
            if v == target:
                break
            for w, l in zip(self.edges[v], self.labels[v]):
                if w not in prev and l != '<class>':
                    prev[w] = (v, l)
                    q.append(w)
        if target not in prev:
            return None
        steps = []
        v = target
        while prev[v] is not None:
            p, l = prev[v]
            steps.append((self.describe(p), l))
            v = p
        steps.reverse()
        t, th = self.root_set[v]
        root = ROOT_NAMES[t]
        if th is not None and th in self.thread_serial_obj:
            tobj = self.thread_serial_obj[th]
            root += ' on thread %r' % self.string(self.field(tobj, 'name'))
        return root, [('root ' + self.describe(v), '')] + steps

    def describe(self, oid):
        kind, cls, _ = self.objects[oid]
        if kind == 'class':
            return 'class ' + self.classes[oid]['name']
        if kind == 'parr':
            return PRIM_NAMES[cls] + '[]'
        return self.classes[cls]['name']

    def instances(self, name):
        cids = set(self.by_name.get(name, []))
        return sorted(o for o, (k, c, _) in self.objects.items() if k in ('inst', 'oarr') and c in cids)

    def field(self, oid, name):
        kind, cls, payload = self.objects[oid]
        off = 0
        for decl, nm, ty in self.field_layout(cls):
            sz = 8 if ty == 2 else SIZES[ty]
            if nm == name:
                raw = payload[off:off + sz]
                if ty == 2:
                    return struct.unpack('>Q', raw)[0]
                fmt = {4: '>?', 5: '>H', 6: '>f', 7: '>d', 8: '>b', 9: '>h', 10: '>i', 11: '>q'}[ty]
                return struct.unpack(fmt, raw)[0]
            off += sz
        raise KeyError(name)

    def string(self, oid):
        if not oid:
            return None
        val = self.field(oid, 'value')
        coder = self.field(oid, 'coder')
        ln, raw = self.objects[val][2]
        return raw.decode('latin-1') if coder == 0 else raw.decode('utf-16-le')


def report(d, names):
    print('P=%d R=%d A=%d objects=%d reachable=%d' % (d.P, d.R, d.A, len(d.objects), len(d.reachable)))
    for name in names:
        for oid in d.instances(name):
            r = d.retained.get(oid)
            print('%s 0x%x shallow=%d retained=%s count=%s' % (
                name, oid, d.shallow[oid], r, d.retained_count.get(oid)))
            pth = d.path(oid)
            if pth:
                print('   root:', pth[0])
                for who, lab in pth[1]:
                    print('     %s --%s-->' % (who, lab))


def classes(d, names):
    for name in names:
        objs = d.instances(name)
        print('class %s count=%d reachable=%d shallow=%d' % (
            name, len(objs), sum(1 for o in objs if o in d.reachable), sum(d.shallow[o] for o in objs)))


def verify(d, exp):
    """Checks a dump against an expected-*.json; returns the number of failures."""
    bad = 0

    def check(what, got, want):
        nonlocal bad
        ok = got == want
        bad += not ok
        print('%s %s: %r%s' % ('ok  ' if ok else 'FAIL', what, got, '' if ok else ' (expected %r)' % (want,)))

    check('id/ref/align', (d.idsize, d.R, d.A), (exp['id_size'], exp['ref_size'], exp['object_align']))
    for name, c in exp['classes'].items():
        objs = d.instances(name)
        check('class %s count' % name, len(objs), c['count'])
        if 'reachable_count' in c:
            check('class %s reachable' % name, sum(1 for o in objs if o in d.reachable), c['reachable_count'])
        if 'shallow' in c:
            check('class %s shallow' % name, sum(d.shallow[o] for o in objs), c['shallow'])
    kwrs = d.instances('leakcanary.KeyedWeakReference')
    check('watched references', len(kwrs), exp['watched_references'])
    by_key = {d.string(d.field(k, 'key')): k for k in kwrs}
    leaking = 0
    for leak in exp['leaks']:
        for inst in leak['instances']:
            k = by_key.get(inst['key'])
            check('kwr %s present' % inst['key'], k is not None, True)
            if k is None:
                continue
            leaking += 1
            check('kwr %s description' % inst['key'], d.string(d.field(k, 'description')), inst['description'])
            check('kwr %s uptimes' % inst['key'], (d.field(k, 'watchUptimeMillis'), d.field(k, 'retainedUptimeMillis')),
                  (inst['watchUptimeMillis'], inst['retainedUptimeMillis']))
            o = d.field(k, 'referent')
            check('kwr %s referent class' % inst['key'], d.describe(o) if o in d.objects else None, leak['class'])
            if o not in d.objects:
                continue
            check('leak %s retained' % inst['key'], (d.retained.get(o), d.retained_count.get(o)),
                  (leak['retained_bytes'], leak['retained_count']))
            root, steps = d.path(o)
            check('leak %s root' % inst['key'], root.split(' ')[0], leak['gc_root']['type'])
            if leak['gc_root']['type'] == 'java_frame':
                check('leak %s thread' % inst['key'], root.split(' on thread ', 1)[1], repr(leak['gc_root']['thread_name']))
                check('leak %s path' % inst['key'], len(steps), 1)
                continue
            want = []
            for node in leak['path'][:-1]:
                r = node['reference']
                lab = {'static': 'static ' + r.get('name', ''), 'field': r.get('name')}.get(r['kind'])
                if r['kind'] == 'element':
                    lab = '[%d]' % (inst['array_index'] if 'array_index' in inst else r['index'])
                want.append((('class ' if node.get('is_class') else '') + node['class'], lab))
            check('leak %s path' % inst['key'], steps[1:], want)
    check('leaking objects', leaking, exp['leaking_objects'])
    for nl in exp['not_leaks']:
        k = by_key.get(nl['key'])
        check('kwr %s present' % nl['key'], k is not None, True)
        if k is None:
            continue
        o = d.field(k, 'referent')
        check('kwr %s retainedUptimeMillis' % nl['key'], d.field(k, 'retainedUptimeMillis'), nl['retainedUptimeMillis'])
        if 'referent' in nl:
            check('kwr %s referent' % nl['key'], o, 0)
            continue
        if 'reachable' in nl:
            check('kwr %s referent reachable' % nl['key'], o in d.reachable, nl['reachable'])
        if 'retained_bytes' in nl:
            check('kwr %s retained' % nl['key'], (d.retained.get(o), d.retained_count.get(o)),
                  (nl['retained_bytes'], nl['retained_count']))
    return bad


def main():
    args = sys.argv[1:]
    if args and args[0] == '--verify':
        with open(args[1]) as f:
            exp = json.load(f)
        d = Dump(args[2]); d.analyze()
        bad = verify(d, exp)
        print('%d failure(s)' % bad)
        sys.exit(1 if bad else 0)
    follow = '--follow-weak' in args
    args = [a for a in args if a != '--follow-weak']
    Dump.follow_weak = follow
    if args and args[0] == '--classes':
        d = Dump(args[1]); d.analyze()
        classes(d, args[2:])
        return
    if args and args[0] == '--kwr':
        d = Dump(args[1]); d.analyze()
        for oid in d.instances('leakcanary.KeyedWeakReference'):
            ref = d.field(oid, 'referent')
            print('KWR key=%r desc=%r watch=%d retained=%d referent=%s reachable=%s' % (
                d.string(d.field(oid, 'key')), d.string(d.field(oid, 'description')),
                d.field(oid, 'watchUptimeMillis'), d.field(oid, 'retainedUptimeMillis'),
                d.describe(ref) if ref in d.objects else ('0x%x' % ref if ref else 'null'),
                ref in d.reachable))
        return
    d = Dump(args[0]); d.analyze()
    report(d, args[1:])


if __name__ == '__main__':
    main()
