# SPDX-License-Identifier: GPL-3.0-or-later
"""The dump of the grouping tests (classes --group, dominators --group,
the window's grouped tables): known packages, two class loaders, a class
name defined twice and a superclass chain.

HotSpot, 4-byte ids (P = R = 4), addresses 24 and 40 apart: A = 8.
Sizes (docs/semantics.md): S(Object) = 8; an instance is align(S, 8).
  java.lang.String {value, int hash}        8 + 8      = 16
  java.lang.ClassLoader {name, parent}      8 + 8      = 16 (so its subclasses)
  com.example.app.model.Base {int id}       8 + 4 = 12 -> 16
  ...model.Item extends Base {next}         12 + 4     = 16
  ...model.SpecialItem extends Item {long}  16 + 8     = 24
  com.example.app.Main {a}                  8 + 4 = 12 -> 16
  org.other.Util {}                         8
  char[8]                                   12 + 16 = 28 -> 32
  class objects (no statics)                0

Loaders: L1, a com.example.NamedLoader whose `name` (java.lang.ClassLoader's
field) is the String "plugin-a" (its value a char[8]); L2, a
com.example.PlainLoader with no name. The bootstrap loader (0) defines
java.lang.Object, Class, String, ClassLoader, char[] and both loader
classes; L1 defines com.example.app.Main, Base, Item, SpecialItem; L2
defines a second com.example.app.Main and org.other.Util. Every class
extends java.lang.Object but Item (Base), SpecialItem (Item), NamedLoader
and PlainLoader (ClassLoader).

Roots: every class object is a sticky class; L1, L2 and every instance but
the String, its char[] and one Item (U, unreachable) are JNI globals. No
instance refers to another but L1 -> String -> char[].

The class table (count, reachable, shallow, retained; retained: L1 holds
the String and its array, 16 + 16 + 32 = 64; the String 16 + 32 = 48):
  java.lang.Class          13 13   0   0   (the 13 class objects)
  java.lang.Object          0  0   0   0
  java.lang.String          1  1  16  48
  char[]                    1  1  32  32
  java.lang.ClassLoader     0  0   0   0
  com.example.NamedLoader   1  1  16  64
  com.example.PlainLoader   1  1  16  16
  com.example.app.Main@L1   1  1  16  16
  com.example.app.Main@L2   2  2  32  32
  ...model.Base             1  1  16  16
  ...model.Item             4  3  64  48   (U unreachable: 16 shallow, 0 retained)
  ...model.SpecialItem      2  2  48  48
  org.other.Util            1  1   8   8
  total                    28 27 264 328

By package (sums):
  java 14 14 16 48 (java.lang: Class, Object, String, ClassLoader)
  com 12 11 208 240; com.example the same; com.example.app 10 9 176 160;
  com.example.app.model 7 6 128 112
  org 1 1 8 8 (org.other); char[] at the top: 1 1 32 32
By loader: <system class loader> 17 17 80 160; NamedLoader @ L1 (plugin-a)
  8 7 144 128; PlainLoader @ L2 3 3 40 40.
By superclass: java.lang.Object holds everything (28 27 264 328);
  java.lang.ClassLoader 2 2 32 80; Base 7 6 128 112; Item 6 5 112 96;
  SpecialItem 2 2 48 48.

The dominator tree's top level by class (objects, shallow, retained):
  NamedLoader 1 16 64; Item 3 48 48; SpecialItem 2 48 48; Main@L2 2 32 32;
  PlainLoader, Main@L1, Base 1 16 16 each; Util 1 8 8; java.lang.Class
  13 0 0: 25 objects, 200 shallow, 248 retained (every reachable byte:
  264 - U's 16). L1's children: the String (1 16 48); the String's: the
  char[] (1 32 32).
"""

import hprofgen as g

# Addresses, filled in by build().
ADDR = {}


def build():
    h = g.Hprof(version='1.0.2', id_size=4, timestamp_ms=1767225600000)
    d = h.heap_dump(segmented=True)
    addr = g.Addresses(0x10000, [24, 40])
    a = ADDR
    for name in ('OBJ', 'CLS', 'STR', 'CHARS', 'CL', 'NAMED', 'PLAIN', 'L1', 'L2',
                 'MAIN1', 'BASE', 'ITEM', 'SPECIAL', 'MAIN2', 'UTIL'):
        a[name] = addr()
    d.cls(a['OBJ'], 'java/lang/Object')
    d.cls(a['CLS'], 'java/lang/Class', a['OBJ'])
    d.cls(a['STR'], 'java/lang/String', a['OBJ'], fields=[('value', g.OBJECT), ('hash', g.INT)])
    d.cls(a['CHARS'], '[C', a['OBJ'])
    d.cls(a['CL'], 'java/lang/ClassLoader', a['OBJ'], fields=[('name', g.OBJECT), ('parent', g.OBJECT)])
    d.cls(a['NAMED'], 'com/example/NamedLoader', a['CL'])
    d.cls(a['PLAIN'], 'com/example/PlainLoader', a['CL'])
    d.cls(a['MAIN1'], 'com/example/app/Main', a['OBJ'], loader_id=a['L1'], fields=[('a', g.OBJECT)])
    d.cls(a['BASE'], 'com/example/app/model/Base', a['OBJ'], loader_id=a['L1'], fields=[('id', g.INT)])
    d.cls(a['ITEM'], 'com/example/app/model/Item', a['BASE'], loader_id=a['L1'],
          fields=[('next', g.OBJECT)])
    d.cls(a['SPECIAL'], 'com/example/app/model/SpecialItem', a['ITEM'], loader_id=a['L1'],
          fields=[('x', g.LONG)])
    d.cls(a['MAIN2'], 'com/example/app/Main', a['OBJ'], loader_id=a['L2'], fields=[('a', g.OBJECT)])
    d.cls(a['UTIL'], 'org/other/Util', a['OBJ'], loader_id=a['L2'])

    a['NAME'] = addr()
    a['NAME_CHARS'] = addr()
    d.instance(a['L1'], a['NAMED'], {'name': a['NAME'], 'parent': 0})
    d.instance(a['L2'], a['PLAIN'], {'name': 0, 'parent': 0})
    d.instance(a['NAME'], a['STR'], {'value': a['NAME_CHARS'], 'hash': 0})
    d.prim_array(a['NAME_CHARS'], g.CHAR, 'plugin-a')
    roots = [a['L1'], a['L2']]

    def inst(key, cls, values):
        a[key] = addr()
        d.instance(a[key], a[cls], values)
        if key != 'U':
            roots.append(a[key])

    inst('M1', 'MAIN1', {'a': 0})
    inst('B1', 'BASE', {'id': 1})
    for i in range(3):
        inst('I%d' % i, 'ITEM', {'id': 2, 'next': 0})
    inst('U', 'ITEM', {'id': 3, 'next': 0})
    for i in range(2):
        inst('S%d' % i, 'SPECIAL', {'id': 4, 'next': 0, 'x': 5})
    for i in range(2):
        inst('M2_%d' % i, 'MAIN2', {'a': 0})
    inst('U1', 'UTIL', {})
    for key in ('OBJ', 'CLS', 'STR', 'CHARS', 'CL', 'NAMED', 'PLAIN', 'MAIN1', 'BASE', 'ITEM',
                'SPECIAL', 'MAIN2', 'UTIL'):
        d.sticky(a[key])
    for r in roots:
        d.jni_global(r)
    return h
