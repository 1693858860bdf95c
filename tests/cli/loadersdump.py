# SPDX-License-Identifier: GPL-3.0-or-later
"""A heap with known class loaders, duplicate classes, system properties
and JVM arguments (docs/semantics.md "Class loaders", "System properties
and JVM arguments"); test_loaders.py, the report's and the window's tests
read it. Everything below is worked out by hand.

4-byte ids (P = R = 4, header P + R = 8); address gaps 24 and 40, so
A = 8. Shallow sizes used:
  com.example.PluginLoader {ClassLoader: parent O, name O; classes O}:
      8 + 4 + 4 + 4 = 20 -> 24
  java.lang.String {value O, coder B}: 8 + 4 + 1 = 13 -> 16 (R multiple) -> 16
  com.example.Plugin, com.example.Only {v I}: 8 + 4 = 12 -> 16
  Object[n]: align(12 + 4n, 8): n=2 or 3 -> 24, n=5 -> 32
  byte[n]: align(12 + n, 8): "plugin-a" (8) -> 24
  a class object: align(its statics, 8): one reference static -> 8, none -> 0

Loaders:
  L1 = com.example.PluginLoader named "plugin-a", a JNI global root,
    defines com.example.Plugin (P1: static INSTANCES -> Object[3] of 3
    Plugins), com.example.Only (static ALL -> Object[2] of 2 Onlys) and
    com.example.Shared (S1, no statics). L1.classes -> Object[3]
    [P1, Only, S1]. Nothing else reaches any of it, so L1 retains
    L1 24 + name String 16 + its byte[8] 24 + classes Object[3] 24
    + P1 8 + Object[3] 24 + 3 x 16 + Only 8 + Object[2] 24 + 2 x 16
    + S1 0 = 232; 3 classes, 5 instances.
  L2 = com.example.PluginLoader without a name, defines com.example.Plugin
    (P2, no statics) and com.example.Shared (S2). The bootstrap class
    com.example.Registry (a sticky class) holds static plugins -> Object[5]
    of 5 P2 Plugins; each Plugin -> P2 -> L2 (class loader edge) ->
    L2.classes Object[2] [P2, S2]. The way in is through the 5 Plugins, so
    P2's immediate dominator is the Object[5] and L2 retains only
    L2 24 + Object[2] 24 + S2 0 = 48; 2 classes, 5 instances.
  The bootstrap loader defines every other class (BOOT_CLASSES of them,
  counted as they are written), and its instances are every other object:
  n_objects - 10 (class objects are instances of java.lang.Class).
  Order: bootstrap first, then L1 (232), then L2 (48).

Duplicate classes (by loaders, then instances):
  com.example.Shared: 3 loaders (bootstrap 1 instance, a JNI global; L1 0;
    L2 0), 1 instance;
  com.example.Plugin: 2 loaders (L2 5, L1 3), 8 instances.

System properties, Java 17's way: java.lang.System.props -> Properties
(Hashtable.table null) .map -> ConcurrentHashMap .table -> Node[8]:
slot 1: java.version=17.0.2 -> next os.name=Linux; slot 3:
java.specification.version=17; slot 5: sun.java.command=com.example.Main
--port 8080; slot 6: user.dir=/srv/Ωmega (a UTF-16 String, coder 1,
little endian) -> next java.vm.name=OpenJDK 64-Bit Server VM -> next
os.arch=amd64; slot 7: line.separator="\\n". PROPS lists them.

JVM arguments, JDK 8's way: sun.management.ManagementFactoryHelper.jvm ->
VMManagementImpl .vmArgs -> Collections$UnmodifiableRandomAccessList
.list -> Arrays$ArrayList .a -> String[2] ["-Xmx512m", "-Dapp.mode=test"].

hostile=True names L1 with markup (XSS_LOADER), adds a key and a value
with markup, a node chained to
itself (the chain ends; the key is read once) and, instead of the
ManagementFactoryHelper, a VMManagementImpl found by its class whose
vmArgs is an ArrayList of size 2 over an Object[3] whose third slot holds
"stale" (not an argument).
"""

import hprofgen as g

PROPS = {
    'java.version': '17.0.2',
    'os.name': 'Linux',
    'java.specification.version': '17',
    'sun.java.command': 'com.example.Main --port 8080',
    'user.dir': '/srv/\u03a9mega',
    'java.vm.name': 'OpenJDK 64-Bit Server VM',
    'os.arch': 'amd64',
    'line.separator': '\n',
}
ARGS = ['-Xmx512m', '-Dapp.mode=test']
XSS_KEY = '<script>alert(5)</script>'
XSS_VALUE = '"><img src=x onerror=alert(6)>'
LOOP_KEY = 'loop.key'
XSS_LOADER = '<i>plugin-a</i> & "more"'

L1_RETAINED = 232
L2_RETAINED = 48


class Built:
    pass


def build(hostile=False):
    h = g.Hprof(version='1.0.2', id_size=4)
    d = h.heap_dump(segmented=True)
    A = g.Addresses(0x10000, [24, 40])
    b = Built()
    b.n_objects = 0
    b.boot_classes = 0

    def cls(name, super_id=0, loader=0, fields=(), statics=()):
        cid = A()
        d.cls(cid, name, super_id=super_id, loader_id=loader, fields=fields, statics=statics)
        b.n_objects += 1
        if loader == 0:
            b.boot_classes += 1
        return cid

    def inst(oid, cid, values=None):
        d.instance(oid, cid, values or {})
        b.n_objects += 1
        return oid

    def arr(oid, cid, elems):
        d.obj_array(oid, cid, elems)
        b.n_objects += 1
        return oid

    # The objects' addresses first, so classes can point at them.
    L1, L2 = A(), A()
    b.l1, b.l2 = L1, L2

    obj = cls('java/lang/Object')
    cls('java/lang/Class', obj)
    string = cls('java/lang/String', obj, fields=[('value', g.OBJECT), ('coder', g.BYTE)])
    byte_arr = cls('[B', obj)
    obj_arr = cls('[Ljava/lang/Object;', obj)
    str_arr = cls('[Ljava/lang/String;', obj)
    loader_cls = cls('java/lang/ClassLoader', obj, fields=[('parent', g.OBJECT), ('name', g.OBJECT)])
    plugin_loader = cls('com/example/PluginLoader', loader_cls, fields=[('classes', g.OBJECT)])

    def string_obj(text):
        sid = A()
        vid = A()
        if all(ord(c) < 256 for c in text):
            data, coder = [ord(c) for c in text], 0
        else:
            data, coder = list(text.encode('utf-16-le')), 1
        d.prim_array(vid, g.BYTE, data)
        b.n_objects += 1
        return inst(sid, string, {'value': vid, 'coder': coder})

    # --- loaders and their classes ------------------------------------
    l1_name = string_obj(XSS_LOADER if hostile else 'plugin-a')
    p1_list, only_list, l1_classes = A(), A(), A()
    P1 = cls('com/example/Plugin', obj, L1, fields=[('v', g.INT)], statics=[('INSTANCES', g.OBJECT, p1_list)])
    ONLY = cls('com/example/Only', obj, L1, fields=[('v', g.INT)], statics=[('ALL', g.OBJECT, only_list)])
    S1 = cls('com/example/Shared', obj, L1)
    arr(p1_list, obj_arr, [inst(A(), P1, {'v': i}) for i in range(3)])
    arr(only_list, obj_arr, [inst(A(), ONLY, {'v': i}) for i in range(2)])
    arr(l1_classes, obj_arr, [P1, ONLY, S1])
    inst(L1, plugin_loader, {'name': l1_name, 'classes': l1_classes})
    d.jni_global(L1)

    l2_classes = A()
    P2 = cls('com/example/Plugin', obj, L2, fields=[('v', g.INT)])
    S2 = cls('com/example/Shared', obj, L2)
    arr(l2_classes, obj_arr, [P2, S2])
    inst(L2, plugin_loader, {'classes': l2_classes})
    plugins = arr(A(), obj_arr, [inst(A(), P2, {'v': i}) for i in range(5)])
    registry = cls('com/example/Registry', obj, statics=[('plugins', g.OBJECT, plugins)])

    s0 = cls('com/example/Shared', obj)
    shared = inst(A(), s0)
    d.jni_global(shared)
    b.p1, b.p2, b.only, b.s0, b.s1, b.s2 = P1, P2, ONLY, s0, S1, S2

    # --- system properties ---------------------------------------------
    hashtable = cls('java/util/Hashtable', obj, fields=[('table', g.OBJECT), ('count', g.INT)])
    properties = cls('java/util/Properties', hashtable, fields=[('defaults', g.OBJECT), ('map', g.OBJECT)])
    chm = cls('java/util/concurrent/ConcurrentHashMap', obj, fields=[('table', g.OBJECT)])
    node = cls('java/util/concurrent/ConcurrentHashMap$Node', obj,
               fields=[('hash', g.INT), ('key', g.OBJECT), ('val', g.OBJECT), ('next', g.OBJECT)])
    node_arr = cls('[Ljava/util/concurrent/ConcurrentHashMap$Node;', obj)

    def chain(pairs, loop=False):
        """Nodes for pairs, chained by next; the first node's id."""
        ids = [A() for _ in pairs]
        for i, (k, v) in enumerate(pairs):
            nxt = ids[i + 1] if i + 1 < len(ids) else (ids[i] if loop else 0)
            inst(ids[i], node, {'hash': i, 'key': string_obj(k), 'val': string_obj(v), 'next': nxt})
        return ids[0]

    slots = [0] * 8
    slots[1] = chain([('java.version', PROPS['java.version']), ('os.name', PROPS['os.name'])])
    slots[3] = chain([('java.specification.version', PROPS['java.specification.version'])])
    slots[5] = chain([('sun.java.command', PROPS['sun.java.command'])])
    slots[6] = chain([('user.dir', PROPS['user.dir']), ('java.vm.name', PROPS['java.vm.name']),
                      ('os.arch', PROPS['os.arch'])])
    if hostile:
        slots[7] = chain([('line.separator', PROPS['line.separator']), (XSS_KEY, XSS_VALUE)])
        slots[2] = chain([(LOOP_KEY, 'once')], loop=True)
    else:
        slots[7] = chain([('line.separator', PROPS['line.separator'])])
    table = arr(A(), node_arr, slots)
    map_id = inst(A(), chm, {'table': table})
    props = inst(A(), properties, {'map': map_id})
    system = cls('java/lang/System', obj, statics=[('props', g.OBJECT, props)])

    # --- JVM arguments ----------------------------------------------------
    vmm_cls = cls('sun/management/VMManagementImpl', obj, fields=[('vmArgs', g.OBJECT)])
    if hostile:
        array_list = cls('java/util/ArrayList', obj, fields=[('elementData', g.OBJECT), ('size', g.INT)])
        elems = arr(A(), obj_arr, [string_obj(a) for a in ARGS] + [string_obj('stale')])
        lst = inst(A(), array_list, {'elementData': elems, 'size': 2})
        vmm = inst(A(), vmm_cls, {'vmArgs': lst})
        d.jni_global(vmm)
        roots = [system, registry]
    else:
        coll = cls('java/util/Collections$UnmodifiableCollection', obj, fields=[('c', g.OBJECT)])
        ulist = cls('java/util/Collections$UnmodifiableList', coll, fields=[('list', g.OBJECT)])
        ural = cls('java/util/Collections$UnmodifiableRandomAccessList', ulist)
        arrays_list = cls('java/util/Arrays$ArrayList', obj, fields=[('a', g.OBJECT)])
        a = arr(A(), str_arr, [string_obj(x) for x in ARGS])
        al = inst(A(), arrays_list, {'a': a})
        ul = inst(A(), ural, {'c': al, 'list': al})
        vmm = inst(A(), vmm_cls, {'vmArgs': ul})
        helper = cls('sun/management/ManagementFactoryHelper', obj, statics=[('jvm', g.OBJECT, vmm)])
        roots = [system, registry, helper]
    for c in [obj, string, byte_arr, obj_arr, loader_cls, plugin_loader] + roots:
        d.sticky(c)
    b.h = h
    return b
