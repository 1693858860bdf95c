#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the dump test-search.c reads (with ../hprofgen.py).

    make-search-dumps.py OUTDIR

search.hprof (HotSpot, 4-byte ids): JDK 9+ strings, java.lang.String
{byte[] value, byte coder, int hash}, Latin-1 (coder 0):

    0x20000  "Hello World"
    0x20010  "say HELLO"
    0x20020  "gr\\xfc\\xdfe hello"   (grüße hello: Latin-1 bytes, UTF-8 when decoded)
    0x20030  "nothing here"
    0x20040  a String whose value is null (no text)
    0x30000  byte[] "hello there": a bare array, not a String: never a result

Classes: java.lang.Object, java.lang.String, byte[],
com.example.HelloService, com.example.Other.
"hello" (any case) names 3 strings (0x20000, 0x20010, 0x20020) and one class
(com.example.HelloService); "grüß" (UTF-8) the third string only; "GRÜSS"
nothing (only ASCII letters fold); "example" the two com.example classes.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
from hprofgen import Hprof, OBJECT, BYTE, INT  # noqa: E402

STRINGS = [(0x20000, b'Hello World'), (0x20010, b'say HELLO'), (0x20020, b'gr\xfc\xdfe hello'),
           (0x20030, b'nothing here')]


def build():
    h = Hprof(version='1.0.2', id_size=4, timestamp_ms=1767225600000)
    d = h.heap_dump(segmented=True)
    d.cls(0x1000, 'java/lang/Object')
    d.cls(0x1008, 'java/lang/String', 0x1000, fields=[('value', OBJECT), ('coder', BYTE), ('hash', INT)])
    d.cls(0x1010, '[B', 0x1000)
    d.cls(0x1018, 'com/example/HelloService', 0x1000)
    d.cls(0x1020, 'com/example/Other', 0x1000)
    for i, (sid, text) in enumerate(STRINGS):
        arr = 0x10000 + 0x100 * i
        d.prim_array(arr, BYTE, data=text)
        d.instance(sid, 0x1008, {'value': arr, 'coder': 0, 'hash': 0})
        d.jni_global(sid)
    d.instance(0x20040, 0x1008, {'value': 0, 'coder': 0, 'hash': 0})
    d.prim_array(0x30000, BYTE, data=b"hello there")
    d.jni_global(0x30000)
    return h


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    build().write(os.path.join(out, 'search.hprof'))


if __name__ == '__main__':
    main()
