# SPDX-License-Identifier: GPL-3.0-or-later
"""Fast writers of big, regular HPROF dumps for the hostile time tests
(tests/cli/test_hostile_io.py): a deep superclass chain and many classes
with chosen names, written with struct in one pass (tests/hprofgen.py
walks each class's chain and is too slow for a million classes). Layout
as in src/engine/hprof/hs-hprof.h, 4-byte ids, version 1.0.2, one segment."""

import struct

OBJECT_ID = 0x1000


def _string(sid, text):
    body = struct.pack('>I', sid) + text
    return b'\x01' + struct.pack('>II', 0, len(body)) + body


def _load_class(serial, cid, sid):
    return b'\x02' + struct.pack('>IIIIII', 0, 16, serial, cid, 0, sid)


def _class_dump(cid, super_id, fields=()):
    # id, serial, super, loader, signers, domain, 2 reserved, size;
    # no constants, no statics; fields: (name id, type).
    out = b'\x20' + struct.pack('>IIIIIIIII', cid, 0, super_id, 0, 0, 0, 0, 0, 4 * len(fields))
    out += struct.pack('>HHH', 0, 0, len(fields))
    for sid, typ in fields:
        out += struct.pack('>IB', sid, typ)
    return out


def write(path, classes, instances=()):
    """classes: [(class id, name bytes, super id, [(field name bytes, type)])],
    java.lang.Object (OBJECT_ID) first; instances: [(id, class id, nbytes)]
    of zero-filled instances (or [(id, class id, field bytes)]), each a JNI
    global root."""
    head = b'JAVA PROFILE 1.0.2\x00' + struct.pack('>IQ', 4, 0)
    recs = []
    sub = []
    sid = 1
    names = {}

    def name_id(text):
        nonlocal sid
        if text not in names:
            names[text] = sid
            recs.append(_string(sid, text))
            sid += 1
        return names[text]

    for serial, (cid, name, super_id, fields) in enumerate(classes, 1):
        recs.append(_load_class(serial, cid, name_id(name)))
        sub.append(_class_dump(cid, super_id, [(name_id(f), t) for f, t in fields]))
    for oid, cid, nbytes in instances:
        data = nbytes if isinstance(nbytes, bytes) else bytes(nbytes)
        sub.append(b'\x21' + struct.pack('>IIII', oid, 0, cid, len(data)) + data)
        sub.append(b'\x01' + struct.pack('>II', oid, 0))
    sub.append(b'\x05' + struct.pack('>I', OBJECT_ID))
    body = b''.join(sub)
    with open(path, 'wb') as f:
        f.write(head)
        f.write(b''.join(recs))
        f.write(b'\x1c' + struct.pack('>II', 0, len(body)))
        f.write(body)
        f.write(b'\x2c' + struct.pack('>II', 0, 0))
    return path


def chain(path, depth, first_name=b'C0', fields_every=0):
    """java.lang.Object <- first_name <- C1 <- ... <- C{depth-1}, and one
    instance of the deepest class."""
    classes = [(OBJECT_ID, b'java/lang/Object', 0, [])]
    prev = OBJECT_ID
    for i in range(depth):
        cid = 0x100000 + 8 * i
        classes.append((cid, first_name if i == 0 else b'C%d' % i, prev, []))
        prev = cid
    return write(path, classes, [(0x80000000, prev, 0)])


def watched_deep(path, depth, n, thread=False):
    """java.lang.Object [<- java.lang.Thread (name)] <- C0 <- ... <-
    C{depth-1}, and n instances of the deepest class, each watched by a
    leakcanary.KeyedWeakReference (retained: retainedUptimeMillis 5000)
    and a JNI global root: n leaks whose one-node traces are described
    (a Thread's description reads its `name`, null here)."""
    ref, weak, kwr, thr = 0x2000, 0x2008, 0x2010, 0x3000
    classes = [(OBJECT_ID, b'java/lang/Object', 0, []),
               (ref, b'java/lang/ref/Reference', OBJECT_ID, [(b'referent', 2), (b'queue', 2)]),
               (weak, b'java/lang/ref/WeakReference', ref, []),
               (kwr, b'leakcanary/KeyedWeakReference', weak,
                [(b'key', 2), (b'description', 2), (b'watchUptimeMillis', 11), (b'retainedUptimeMillis', 11)])]
    prev = OBJECT_ID
    if thread:
        classes.append((thr, b'java/lang/Thread', OBJECT_ID, [(b'name', 2)]))
        prev = thr
    for i in range(depth):
        cid = 0x100000 + 8 * i
        classes.append((cid, b'C%d' % i, prev, []))
        prev = cid
    insts = []
    for k in range(n):
        o, w = 0x80000000 + 16 * k, 0x90000000 + 16 * k
        insts.append((o, prev, 4 if thread else 0))
        # key, description, watchUptimeMillis, retainedUptimeMillis, then
        # Reference's referent and queue.
        insts.append((w, kwr, struct.pack('>IIQQII', 0, 0, 1000, 5000, o, 0)))
    return write(path, classes, insts)


def colliding_names(bits):
    """2**bits distinct names of 2*bits bytes with one g_str_hash value:
    GLib's hash is h = h * 33 + c (djb2), and 33*'A' + 'b' == 33*'B' + 'A',
    so every string of the blocks "Ab" and "BA" hashes alike."""
    out = []
    for i in range(1 << bits):
        out.append(b''.join(b'BA' if i >> k & 1 else b'Ab' for k in range(bits)))
    return out


def flood(path, bits=16):
    """2**bits classes with colliding names, one of them with 2**bits - 1
    fields whose names collide too."""
    names = colliding_names(bits)
    classes = [(OBJECT_ID, b'java/lang/Object', 0, [])]
    for i, n in enumerate(names):
        fields = [(f, 10) for f in names[:min(len(names), 65535)]] if i == 0 else []
        classes.append((0x100000 + 8 * i, b'p/' + n, OBJECT_ID, fields))
    return write(path, classes)
