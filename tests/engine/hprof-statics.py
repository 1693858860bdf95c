#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""hprof-statics.py DUMP CLASS FIELD [CLASS FIELD ...]

An independent reader (Python standard library only, no Heapscope code) of
static fields of named classes in an HPROF dump, to derive the facts
test-runtime expects (SDK_INT, MANUFACTURER, ... of the corpus dumps). Prints
one line per pair: "CLASS FIELD = VALUE", VALUE an int, a string in double
quotes (java.lang.String contents: char[] UTF-16 or byte[] Latin-1/UTF-16),
null, or "missing" when the class or field is not there. Class names are in
Java source form (android.os.Build$VERSION). Reads the first dump (all
heap-dump records and segments) and gzip files.
"""
import gzip
import struct
import sys

SIZES = {2: None, 4: 1, 5: 2, 6: 4, 7: 8, 8: 1, 9: 2, 10: 4, 11: 8}


def main():
    path, pairs = sys.argv[1], sys.argv[2:]
    data = open(path, 'rb').read()
    if data[:2] == b'\x1f\x8b':
        data = gzip.decompress(data)
    nul = data.index(b'\0')
    ids = struct.unpack('>I', data[nul + 1:nul + 5])[0]
    idfmt = '>I' if ids == 4 else '>Q'

    def rid(p):
        return struct.unpack(idfmt, data[p:p + ids])[0]

    def u4(p):
        return struct.unpack('>I', data[p:p + 4])[0]

    def u2(p):
        return struct.unpack('>H', data[p:p + 2])[0]

    def size(t):
        return ids if t == 2 else SIZES[t]

    def value(t, p):
        if t == 2:
            return rid(p)
        fmt = {4: '>?', 5: '>H', 6: '>f', 7: '>d', 8: '>b', 9: '>h', 10: '>i', 11: '>q'}[t]
        return struct.unpack(fmt, data[p:p + size(t)])[0]

    strings, class_names = {}, {}
    classes = {}     # class id -> (super, [(name, type)], {static name: (type, value)})
    objects = {}     # id -> offset of the sub-record
    pos = nul + 1 + 4 + 8
    while pos + 9 <= len(data):
        tag, length = data[pos], u4(pos + 5)
        body, end = pos + 9, pos + 9 + length
        if tag == 0x01:
            strings[rid(body)] = data[body + ids:end].decode('utf-8', 'replace')
        elif tag == 0x02:
            class_names[rid(body + 4)] = rid(body + 8 + ids)
        elif tag in (0x0C, 0x1C):
            p = body
            while p < end:
                st = data[p]
                q = p + 1
                if st == 0x20:
                    cid = rid(q)
                    sup = rid(q + ids + 4)
                    q += 7 * ids + 8
                    n = u2(q); q += 2
                    for _ in range(n):
                        q += 3 + size(data[q + 2])
                    n = u2(q); q += 2
                    statics = {}
                    for _ in range(n):
                        name, t = rid(q), data[q + ids]
                        statics[name] = (t, value(t, q + ids + 1))
                        q += ids + 1 + size(t)
                    n = u2(q); q += 2
                    fields = []
                    for _ in range(n):
                        fields.append((rid(q), data[q + ids]))
                        q += ids + 1
                    classes[cid] = (sup, fields, statics)
                    objects[cid] = p
                elif st == 0x21:
                    objects[rid(q)] = p
                    q += 2 * ids + 4
                    q += 4 + u4(q)
                elif st == 0x22:
                    objects[rid(q)] = p
                    q += ids + 4
                    q += 4 + ids + u4(q) * ids
                elif st == 0x23:
                    objects[rid(q)] = p
                    q += ids + 4
                    q += 5 + u4(q) * SIZES[data[q + 4]]
                elif st == 0xC3:
                    q += ids + 9
                elif st == 0xFE:
                    q += 4 + ids
                elif st in (0xFF, 0x05, 0x07, 0x89, 0x8A, 0x8B, 0x8C, 0x8D, 0x90):
                    q += ids
                elif st == 0x01:
                    q += 2 * ids
                elif st in (0x02, 0x03, 0x08, 0x8E):
                    q += ids + 8
                elif st in (0x04, 0x06):
                    q += ids + 4
                else:
                    raise SystemExit('unknown sub-record 0x%02x at %d' % (st, p))
                p = q
        pos = end

    by_name = {}
    for cid, sid in class_names.items():
        by_name.setdefault(strings.get(sid, '').replace('/', '.'), cid)

    def instance_fields(oid):
        p = objects[oid] + 1
        cid, q = rid(p + ids + 4), p + 2 * ids + 8
        out = {}
        while cid in classes:
            sup, fields, _ = classes[cid]
            for sid, t in fields:
                out.setdefault(strings[sid], (t, value(t, q)))
                q += size(t)
            cid = sup
        return out

    def text(oid):
        if oid == 0:
            return None
        f = instance_fields(oid)
        arr = f['value'][1]
        p = objects[arr] + 1
        n, t = u4(p + ids + 4), data[p + ids + 8]
        raw = data[p + ids + 9:p + ids + 9 + n * SIZES[t]]
        if t == 5:
            # Older Java and Android <= 7 strings: a window of a char[].
            if 'count' in f:
                off = f.get('offset', (10, 0))[1]
                raw = raw[2 * off:2 * (off + f['count'][1])]
            return raw.decode('utf-16-be')
        coder = f.get('coder', (8, 0))[1]
        return raw.decode('utf-16-le') if coder == 1 else raw.decode('latin-1')

    for cname, field in zip(pairs[::2], pairs[1::2]):
        cid = by_name.get(cname)
        statics = {strings[k]: v for k, v in classes[cid][2].items()} if cid in classes else {}
        if field not in statics:
            print('%s %s = missing' % (cname, field))
            continue
        t, v = statics[field]
        if t == 2:
            s = text(v)
            print('%s %s = %s' % (cname, field, 'null' if s is None else '"%s"' % s))
        else:
            print('%s %s = %s' % (cname, field, v))


main()
