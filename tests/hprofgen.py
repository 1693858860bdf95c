# SPDX-License-Identifier: GPL-3.0-or-later
"""hprofgen: write HPROF heap dumps from a programmatic description.

Test helper, Python 3 standard library only. The layout follows
src/engine/hprof/hs-hprof.h (everything big-endian). Every object address is chosen
by the caller, so the alignment (gcd of address gaps) and compressed
reference detection of docs/semantics.md can be steered.

    h = Hprof(version='1.0.2', id_size=8)
    d = h.heap_dump(segmented=True)
    obj = d.cls(0x1000, 'java/lang/Object')
    node = d.cls(0x1010, 'Node', super_id=0x1000,
                 fields=[('next', OBJECT), ('v', INT)])
    d.instance(0x2000, 0x1010, {'next': 0x2020, 'v': 7})
    d.sticky(0x1000)
    data = h.build()              # bytes; h.write(path) writes a file

Names, field names and LOAD_CLASS records are created automatically (they
are written right after the header, before every other record). Escape
hatches for malformed files: Hprof.raw / HeapDump.raw (bytes as they are),
Hprof.record (any tag, any body, a length that lies), HeapDump.set_length,
build(truncate=k), gzip helpers. After build(), every record and sub-record
object has .offset, the absolute byte offset of its tag in the uncompressed
file, so tests can check error offsets.
"""

import struct
import zlib

# Basic types (HPROF numbers).
OBJECT, BOOLEAN, CHAR, FLOAT, DOUBLE, BYTE, SHORT, INT, LONG = 2, 4, 5, 6, 7, 8, 9, 10, 11
PRIM_SIZE = {BOOLEAN: 1, CHAR: 2, FLOAT: 4, DOUBLE: 8, BYTE: 1, SHORT: 2, INT: 4, LONG: 8}
# Java source names of primitive array classes, and HotSpot's internal names.
PRIM_ARRAY_NAME = {BOOLEAN: 'boolean[]', CHAR: 'char[]', FLOAT: 'float[]', DOUBLE: 'double[]',
                   BYTE: 'byte[]', SHORT: 'short[]', INT: 'int[]', LONG: 'long[]'}
PRIM_ARRAY_INTERNAL = {BOOLEAN: '[Z', CHAR: '[C', FLOAT: '[F', DOUBLE: '[D',
                       BYTE: '[B', SHORT: '[S', INT: '[I', LONG: '[J'}

# Top-level record tags.
TAG_STRING = 0x01
TAG_LOAD_CLASS = 0x02
TAG_UNLOAD_CLASS = 0x03
TAG_STACK_FRAME = 0x04
TAG_STACK_TRACE = 0x05
TAG_ALLOC_SITES = 0x06
TAG_HEAP_SUMMARY = 0x07
TAG_START_THREAD = 0x0A
TAG_END_THREAD = 0x0B
TAG_HEAP_DUMP = 0x0C
TAG_CPU_SAMPLES = 0x0D
TAG_CONTROL_SETTINGS = 0x0E
TAG_HEAP_DUMP_SEGMENT = 0x1C
TAG_HEAP_DUMP_END = 0x2C

# Heap dump sub-record tags.
ROOT_UNKNOWN = 0xFF
ROOT_JNI_GLOBAL = 0x01
ROOT_JNI_LOCAL = 0x02
ROOT_JAVA_FRAME = 0x03
ROOT_NATIVE_STACK = 0x04
ROOT_STICKY_CLASS = 0x05
ROOT_THREAD_BLOCK = 0x06
ROOT_MONITOR_USED = 0x07
ROOT_THREAD_OBJECT = 0x08
ROOT_INTERNED_STRING = 0x89
ROOT_FINALIZING = 0x8A
ROOT_DEBUGGER = 0x8B
ROOT_REFERENCE_CLEANUP = 0x8C
ROOT_VM_INTERNAL = 0x8D
ROOT_JNI_MONITOR = 0x8E
ROOT_UNREACHABLE = 0x90
SUB_CLASS_DUMP = 0x20
SUB_INSTANCE_DUMP = 0x21
SUB_OBJ_ARRAY_DUMP = 0x22
SUB_PRIM_ARRAY_DUMP = 0x23
SUB_HEAP_DUMP_INFO = 0xFE
SUB_PRIMITIVE_ARRAY_NODATA = 0xC3

# What follows the root tag's object id: a list of 'id' / 'u4' fields.
ROOT_LAYOUT = {
    ROOT_UNKNOWN: (),
    ROOT_JNI_GLOBAL: ('id',),            # JNI global ref id
    ROOT_JNI_LOCAL: ('u4', 'u4'),        # thread serial, frame
    ROOT_JAVA_FRAME: ('u4', 'u4'),       # thread serial, frame
    ROOT_NATIVE_STACK: ('u4',),          # thread serial
    ROOT_STICKY_CLASS: (),
    ROOT_THREAD_BLOCK: ('u4',),          # thread serial
    ROOT_MONITOR_USED: (),
    ROOT_THREAD_OBJECT: ('u4', 'u4'),    # thread serial, stack trace serial
    ROOT_INTERNED_STRING: (),
    ROOT_FINALIZING: (),
    ROOT_DEBUGGER: (),
    ROOT_REFERENCE_CLEANUP: (),
    ROOT_VM_INTERNAL: (),
    ROOT_JNI_MONITOR: ('u4', 'u4'),      # thread serial, frame
    ROOT_UNREACHABLE: (),
}
ANDROID_ROOTS = (ROOT_INTERNED_STRING, ROOT_FINALIZING, ROOT_DEBUGGER, ROOT_REFERENCE_CLEANUP,
                 ROOT_VM_INTERNAL, ROOT_JNI_MONITOR, ROOT_UNREACHABLE)


def u1(v):
    return (v & 0xFF).to_bytes(1, 'big')


def u2(v):
    return (v & 0xFFFF).to_bytes(2, 'big')


def u4(v):
    return (v & 0xFFFFFFFF).to_bytes(4, 'big')


def u8(v):
    return (v & 0xFFFFFFFFFFFFFFFF).to_bytes(8, 'big')


def encode_value(typ, value, id_size):
    """One field / element value of basic type typ, big-endian."""
    if typ == OBJECT:
        return ((value or 0) & ((1 << (8 * id_size)) - 1)).to_bytes(id_size, 'big')
    if typ == FLOAT:
        return struct.pack('>f', value or 0.0)
    if typ == DOUBLE:
        return struct.pack('>d', value or 0.0)
    if typ == CHAR and isinstance(value, str):
        value = ord(value)
    if typ not in PRIM_SIZE:
        raise ValueError('unknown basic type %r' % (typ,))
    n = PRIM_SIZE[typ]
    return (int(value or 0) & ((1 << (8 * n)) - 1)).to_bytes(n, 'big')


def type_size(typ, id_size):
    return id_size if typ == OBJECT else PRIM_SIZE[typ]


def to_bytes(text):
    return text if isinstance(text, (bytes, bytearray)) else text.encode('utf-8')


class _Item:
    """Something written to the file; .offset is set by build()."""
    offset = None
    end = None


class RawBytes(_Item):
    def __init__(self, data):
        self.data = bytes(data)

    def encode(self, h):
        return self.data


class Record(_Item):
    """A top-level record: u1 tag, u4 time, u4 length, body."""

    def __init__(self, tag, body, length=None, time=0):
        self.tag, self.body, self.length, self.time = tag, body, length, time

    def encode(self, h):
        body = self.body(h) if callable(self.body) else bytes(self.body)
        length = len(body) if self.length is None else self.length
        return u1(self.tag) + u4(self.time) + u4(length) + body


class ClassDef(_Item):
    def __init__(self, cid, name, super_id, loader_id, fields, statics, instance_size,
                 constant_pool, stack_serial, signers_id, protection_domain_id):
        self.id = cid
        self.name = name
        self.super_id = super_id
        self.loader_id = loader_id
        self.fields = list(fields)          # [(name, type)]
        self.statics = list(statics)        # [(name, type, value)]
        self.instance_size = instance_size  # None: sum of hprof field sizes (as HotSpot)
        self.constant_pool = list(constant_pool)  # [(index, type, value)]
        self.stack_serial = stack_serial
        self.signers_id = signers_id
        self.protection_domain_id = protection_domain_id

    def encode(self, h):
        p = h.id_size
        out = bytearray(u1(SUB_CLASS_DUMP))
        out += h.idb(self.id) + u4(self.stack_serial) + h.idb(self.super_id) + h.idb(self.loader_id)
        out += h.idb(self.signers_id) + h.idb(self.protection_domain_id) + h.idb(0) + h.idb(0)
        size = self.instance_size
        if size is None:
            size = sum(type_size(t, p) for (_, t) in h.field_chain(self.id))
        out += u4(size)
        out += u2(len(self.constant_pool))
        for (index, typ, value) in self.constant_pool:
            out += u2(index) + u1(typ) + encode_value(typ, value, p)
        out += u2(len(self.statics))
        for (name, typ, value) in self.statics:
            out += h.idb(h.name(name)) + u1(typ) + encode_value(typ, value, p)
        out += u2(len(self.fields))
        for (name, typ) in self.fields:
            out += h.idb(h.name(name)) + u1(typ)
        return bytes(out)


class Instance(_Item):
    def __init__(self, oid, class_id, values, data, nbytes, stack_serial):
        self.id, self.class_id, self.values = oid, class_id, dict(values or {})
        self.data, self.nbytes, self.stack_serial = data, nbytes, stack_serial

    def encode(self, h):
        data = self.data
        if data is None:
            data = h.pack_fields(self.class_id, self.values)
        n = len(data) if self.nbytes is None else self.nbytes
        return (u1(SUB_INSTANCE_DUMP) + h.idb(self.id) + u4(self.stack_serial) + h.idb(self.class_id)
                + u4(n) + bytes(data))


class ObjArray(_Item):
    def __init__(self, oid, array_class_id, elements, length, stack_serial):
        self.id, self.array_class_id, self.elements = oid, array_class_id, list(elements)
        self.length, self.stack_serial = length, stack_serial

    def encode(self, h):
        n = len(self.elements) if self.length is None else self.length
        body = b''.join(h.idb(e or 0) for e in self.elements)
        return (u1(SUB_OBJ_ARRAY_DUMP) + h.idb(self.id) + u4(self.stack_serial) + u4(n)
                + h.idb(self.array_class_id) + body)


class PrimArray(_Item):
    def __init__(self, oid, typ, values, length, data, stack_serial):
        self.id, self.type, self.values = oid, typ, list(values)
        self.length, self.data, self.stack_serial = length, data, stack_serial

    def encode(self, h):
        data = self.data
        if data is None:
            data = b''.join(encode_value(self.type, v, h.id_size) for v in self.values)
            n = len(self.values)
        else:
            n = len(data) // PRIM_SIZE.get(self.type, 1)
        if self.length is not None:
            n = self.length
        return (u1(SUB_PRIM_ARRAY_DUMP) + h.idb(self.id) + u4(self.stack_serial) + u4(n)
                + u1(self.type) + bytes(data))


class PrimArrayNoData(_Item):
    def __init__(self, oid, typ, length, stack_serial):
        self.id, self.type, self.length, self.stack_serial = oid, typ, length, stack_serial

    def encode(self, h):
        return (u1(SUB_PRIMITIVE_ARRAY_NODATA) + h.idb(self.id) + u4(self.stack_serial)
                + u4(self.length) + u1(self.type))


class Root(_Item):
    def __init__(self, tag, oid, extra):
        self.tag, self.id, self.extra = tag, oid, list(extra)

    def encode(self, h):
        layout = ROOT_LAYOUT[self.tag]
        if len(self.extra) != len(layout):
            raise ValueError('root 0x%02x takes %d extra values' % (self.tag, len(layout)))
        out = u1(self.tag) + h.idb(self.id)
        for kind, v in zip(layout, self.extra):
            out += h.idb(v) if kind == 'id' else u4(v)
        return out


class HeapDumpInfo(_Item):
    def __init__(self, heap_id, name):
        self.heap_id, self.name_text = heap_id, name

    def encode(self, h):
        return u1(SUB_HEAP_DUMP_INFO) + u4(self.heap_id) + h.idb(h.name(self.name_text))


class _SegmentBreak:
    pass


class HeapDump(_Item):
    """One heap dump: a single 0x0C record, or 0x1C segments + 0x2C.

    segment_every: start a new segment after that many sub-records (0: only
    at segment_break()). end: write HEAP_DUMP_END (segmented only).
    """

    def __init__(self, h, segmented, segment_every, end, time):
        self.h = h
        self.segmented = segmented
        self.segment_every = segment_every
        self.end_record = end
        self.time = time
        self.items = []
        self.length_override = {}   # segment index -> lying u4 length
        self.segments = []          # after build: [(offset, length)] of each record

    # --- sub-records ---------------------------------------------------
    def add(self, item):
        self.items.append(item)
        return item

    def cls(self, cid, name, super_id=0, loader_id=0, fields=(), statics=(), instance_size=None,
            constant_pool=(), stack_serial=0, signers_id=0, protection_domain_id=0,
            load_class=True):
        """CLASS_DUMP (and, with load_class, a LOAD_CLASS naming it)."""
        c = ClassDef(cid, name, super_id, loader_id, fields, statics, instance_size,
                     constant_pool, stack_serial, signers_id, protection_domain_id)
        self.h.classes.setdefault(cid, c)
        if load_class:
            self.h.auto_load_class(cid, name)
        return self.add(c)

    def instance(self, oid, class_id, values=None, data=None, nbytes=None, stack_serial=0):
        """INSTANCE_DUMP. values: {field name or (class name, field name): value};
        missing fields are 0/null. data: raw field bytes instead. nbytes: a lying length."""
        return self.add(Instance(oid, class_id, values, data, nbytes, stack_serial))

    def obj_array(self, oid, array_class_id, elements, length=None, stack_serial=0):
        return self.add(ObjArray(oid, array_class_id, elements, length, stack_serial))

    def prim_array(self, oid, typ, values=(), length=None, data=None, stack_serial=0):
        return self.add(PrimArray(oid, typ, values, length, data, stack_serial))

    def prim_array_nodata(self, oid, typ, length, stack_serial=0):
        return self.add(PrimArrayNoData(oid, typ, length, stack_serial))

    def root(self, tag, oid, *extra):
        """Any root sub-record; extra values as in ROOT_LAYOUT (default 0)."""
        if not extra:
            extra = [0] * len(ROOT_LAYOUT[tag])
        return self.add(Root(tag, oid, extra))

    def sticky(self, oid):
        return self.root(ROOT_STICKY_CLASS, oid)

    def jni_global(self, oid, ref=0):
        return self.root(ROOT_JNI_GLOBAL, oid, ref)

    def java_frame(self, oid, thread_serial=1, frame=0):
        return self.root(ROOT_JAVA_FRAME, oid, thread_serial, frame)

    def heap_info(self, heap_id, name):
        """Android HEAP_DUMP_INFO: heap_id 'A', 'I', 'Z' or a number."""
        if isinstance(heap_id, str):
            heap_id = ord(heap_id)
        return self.add(HeapDumpInfo(heap_id, name))

    def raw(self, data):
        """Bytes written as they are among the sub-records."""
        return self.add(RawBytes(data))

    def segment_break(self):
        self.items.append(_SegmentBreak())

    def set_length(self, segment_index, length):
        """Make the length field of segment (or of the 0x0C record) lie."""
        self.length_override[segment_index] = length

    # --- writing -----------------------------------------------------------
    def _groups(self):
        groups, cur = [], []
        for it in self.items:
            if isinstance(it, _SegmentBreak):
                groups.append(cur)
                cur = []
                continue
            cur.append(it)
            if self.segmented and self.segment_every and len(cur) >= self.segment_every:
                groups.append(cur)
                cur = []
        groups.append(cur)
        if not self.segmented:
            return [[it for g in groups for it in g]]
        return [g for g in groups if g] or [[]]

    def write_into(self, out, h):
        self.offset = len(out)
        self.segments = []
        tag = TAG_HEAP_DUMP_SEGMENT if self.segmented else TAG_HEAP_DUMP
        for i, group in enumerate(self._groups()):
            start = len(out)
            out += b'\0' * 9  # header, patched below
            for it in group:
                it.offset = len(out)
                out += it.encode(h)
                it.end = len(out)
            length = len(out) - start - 9
            if i in self.length_override:
                length = self.length_override[i]
            out[start:start + 9] = u1(tag) + u4(self.time) + u4(length)
            self.segments.append((start, len(out) - start - 9))
        if self.segmented and self.end_record:
            self.end_offset = len(out)
            out += u1(TAG_HEAP_DUMP_END) + u4(self.time) + u4(0)
        self.end = len(out)


class Hprof:
    """A whole HPROF file."""

    STRING_ID_BASE = 0x40000000

    def __init__(self, version='1.0.2', id_size=4, timestamp_ms=0x0000018C00000000, magic=None):
        self.version = version
        self.id_size = id_size
        self.timestamp_ms = timestamp_ms
        self.magic = magic            # raw header override (bytes up to the NUL, NUL included)
        self.items = []
        self.classes = {}             # class id -> ClassDef (first definition)
        self._names = {}              # bytes -> string id
        self._auto_strings = []       # Record
        self._auto_load = []          # Record
        self._loaded = set()
        self._next_string = self.STRING_ID_BASE
        self._next_serial = 1
        self.header_len = None
        self.record_boundaries = []   # offsets where a top-level record starts (after build)

    # --- ids and names -------------------------------------------------------
    def idb(self, v):
        return encode_value(OBJECT, v, self.id_size)

    def name(self, text):
        """The id of an automatic STRING record holding text (str or raw bytes)."""
        b = to_bytes(text)
        sid = self._names.get(b)
        if sid is None:
            sid = self._next_string
            self._next_string += 8
            self._names[b] = sid
            self._auto_strings.append(Record(TAG_STRING, self.idb(sid) + b))
        return sid

    def auto_load_class(self, class_id, name):
        if class_id in self._loaded:
            return
        self._loaded.add(class_id)
        serial = self._next_serial
        self._next_serial += 1
        sid = self.name(name)
        self._auto_load.append(Record(TAG_LOAD_CLASS, lambda h: u4(serial) + h.idb(class_id) + u4(0) + h.idb(sid)))

    # --- top-level records, in place -----------------------------------------
    def record(self, tag, body=b'', length=None, time=0):
        """Any top-level record; length may lie."""
        r = Record(tag, body, length, time)
        self.items.append(r)
        return r

    def raw(self, data):
        """Bytes written as they are between records."""
        r = RawBytes(data)
        self.items.append(r)
        return r

    def string(self, text, sid=None):
        """An explicit STRING record here (text may be invalid UTF-8 bytes)."""
        if sid is None:
            sid = self._next_string
            self._next_string += 8
        self.record(TAG_STRING, self.idb(sid) + to_bytes(text))
        return sid

    def load_class(self, serial, class_id, name_sid, stack_serial=0):
        self._loaded.add(class_id)
        return self.record(TAG_LOAD_CLASS, u4(serial) + self.idb(class_id) + u4(stack_serial) + self.idb(name_sid))

    def unload_class(self, serial):
        return self.record(TAG_UNLOAD_CLASS, u4(serial))

    def stack_frame(self, frame_id, method, signature, source, class_serial, line):
        return self.record(TAG_STACK_FRAME, lambda h: h.idb(frame_id) + h.idb(h.name(method)) + h.idb(h.name(signature))
                           + h.idb(h.name(source)) + u4(class_serial) + u4(line))

    def stack_trace(self, serial, thread_serial, frame_ids):
        return self.record(TAG_STACK_TRACE, lambda h: u4(serial) + u4(thread_serial) + u4(len(frame_ids))
                           + b''.join(h.idb(f) for f in frame_ids))

    def heap_dump(self, segmented=True, segment_every=0, end=True, time=0):
        """A new heap dump (records added to it go in the order called)."""
        d = HeapDump(self, segmented, segment_every, end, time)
        self.items.append(d)
        return d

    # --- classes ---------------------------------------------------------------
    def class_chain(self, class_id):
        """[ClassDef] from class_id up through its superclasses (stops at unknown ids or loops)."""
        chain, seen = [], set()
        cid = class_id
        while cid and cid in self.classes and cid not in seen:
            seen.add(cid)
            c = self.classes[cid]
            chain.append(c)
            cid = c.super_id
        return chain

    def field_chain(self, class_id):
        """[(name, type)] in instance data order: own fields, then the superclass's, ..."""
        return [f for c in self.class_chain(class_id) for f in c.fields]

    def pack_fields(self, class_id, values):
        out = bytearray()
        for c in self.class_chain(class_id):
            cname = c.name.decode('utf-8', 'replace') if isinstance(c.name, bytes) else c.name
            for (fname, typ) in c.fields:
                for key in ((cname, fname), (c.id, fname), fname):
                    if key in values:
                        v = values[key]
                        break
                else:
                    v = 0
                out += encode_value(typ, v, self.id_size)
        return bytes(out)

    # --- output ------------------------------------------------------------
    def header(self):
        if self.magic is not None:
            head = self.magic
        else:
            head = ('JAVA PROFILE %s' % self.version).encode('ascii') + b'\0'
        return head + u4(self.id_size) + u8(self.timestamp_ms)

    def build(self, truncate=None):
        """The file's bytes (cut to truncate bytes if given)."""
        # Encoding can create names (field names of classes dumped later), so
        # encode the body first and prepend the automatic records afterwards.
        body = bytearray()
        offsets = []
        for it in self.items:
            it.offset = len(body)
            offsets.append(it)
            if isinstance(it, HeapDump):
                it.write_into(body, self)
            else:
                body += it.encode(self)
                it.end = len(body)
        # Names used only inside (instance field lookups never add names, but
        # class dumps and frames do): emit every automatic record first.
        head = bytearray(self.header())
        self.header_len = len(head)
        boundaries = [len(head)]
        for r in self._auto_strings + self._auto_load:
            r.offset = len(head)
            head += r.encode(self)
            r.end = len(head)
            boundaries.append(len(head))
        shift = len(head)
        for it in offsets:
            _shift_offsets(it, shift)
            if not isinstance(it, RawBytes):
                if isinstance(it, HeapDump):
                    boundaries.extend(s for (s, _) in it.segments)
                    if it.segmented and it.end_record:
                        boundaries.append(it.end_offset)
                else:
                    boundaries.append(it.offset)
        data = bytes(head + body)
        boundaries.append(len(data))
        self.record_boundaries = sorted(set(boundaries))
        if truncate is not None:
            data = data[:truncate]
        return data

    def write(self, path, compress=None, truncate=None, block=1 << 20):
        """compress: None, 'gzip' (one member) or 'multi' (members of block bytes, as jcmd -gz)."""
        data = self.build()
        if compress == 'gzip':
            data = gzip_single(data)
        elif compress == 'multi':
            data = gzip_members(data, block)
        elif compress is not None:
            raise ValueError(compress)
        if truncate is not None:
            data = data[:truncate]
        with open(path, 'wb') as f:
            f.write(data)
        return path


def _shift_offsets(it, shift):
    if it.offset is not None:
        it.offset += shift
    if it.end is not None:
        it.end += shift
    if isinstance(it, HeapDump):
        it.segments = [(s + shift, n) for (s, n) in it.segments]
        if it.segmented and it.end_record:
            it.end_offset += shift
        for sub in it.items:
            if isinstance(sub, _Item):
                _shift_offsets(sub, shift)


# --- gzip ------------------------------------------------------------------

def _gzip_member(chunk, comment=None, mtime=0):
    flags = 0x10 if comment is not None else 0
    out = bytearray(b'\x1f\x8b\x08' + bytes([flags]) + mtime.to_bytes(4, 'little') + b'\x00\xff')
    if comment is not None:
        out += comment + b'\0'
    co = zlib.compressobj(6, zlib.DEFLATED, -15)
    out += co.compress(chunk) + co.flush()
    out += (zlib.crc32(chunk) & 0xFFFFFFFF).to_bytes(4, 'little')
    out += (len(chunk) & 0xFFFFFFFF).to_bytes(4, 'little')
    return bytes(out)


def gzip_single(data):
    """A plain `gzip file.hprof`: one member."""
    return _gzip_member(bytes(data))


def gzip_members(data, block=1 << 20, comment=b'HPROF BLOCKSIZE=1048576'):
    """What `jcmd GC.heap_dump -gz=1` writes: one complete gzip member per
    block of input, the first carrying the comment."""
    out = bytearray()
    for i in range(0, max(len(data), 1), block):
        out += _gzip_member(bytes(data[i:i + block]), comment if i == 0 else None)
    return bytes(out)


class Addresses:
    """Hands out increasing object addresses with gaps cycling through gaps,
    e.g. Addresses(0x10000, [64, 72]): gcd of the gaps is 8."""

    def __init__(self, start, gaps):
        self.cur = start
        self.gaps = list(gaps)
        self.i = 0
        self.last = start

    def __call__(self):
        a = self.cur
        self.last = a
        self.cur += self.gaps[self.i % len(self.gaps)]
        self.i += 1
        return a

    def gap(self, n):
        """The next address handed out will be the last one + n."""
        self.cur = self.last + n
