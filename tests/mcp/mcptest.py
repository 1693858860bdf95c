# SPDX-License-Identifier: GPL-3.0-or-later
"""A heapscope-cli mcp process to talk to in the mcp suite's tests: one
JSON-RPC message a line in, one a line out (docs/agents.md), and the
dumps they ask about (tests/hprofgen.py, with the numbers worked out by
hand in tests/cli/test_worked_example.py)."""

import json
import os
import queue
import struct
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), 'cli'))

import clitest  # noqa: E402  (tests/cli/clitest.py)
import test_worked_example as W  # noqa: E402

CLI = clitest.CLI
# Seconds to wait for an answer: only to stop a hang.
WAIT = 120


class Server:
    """heapscope-cli mcp with args; send() a message, recv() the next."""

    def __init__(self, args, env=None):
        if not CLI:
            raise RuntimeError('HS_CLI is not set')
        self.proc = subprocess.Popen([CLI, 'mcp'] + [str(a) for a in args], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.lines = queue.Queue()
        self.stderr = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_err, daemon=True).start()
        self.next_id = 0

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def _read_err(self):
        for line in self.proc.stderr:
            self.stderr.append(line.decode('utf-8', 'replace'))

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, msg):
        self.send_raw(json.dumps(msg).encode() + b'\n')

    def recv(self, timeout=WAIT):
        """The next message (a dict); None when stdout ended."""
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError('no message from the server in %d s (hang); stderr: %s'
                                 % (timeout, ''.join(self.stderr)[-2000:]))
        if line is None:
            return None
        return json.loads(line)

    def request(self, method, params=None, id=None):
        """Sends a request; returns its id."""
        if id is None:
            self.next_id += 1
            id = self.next_id
        msg = {'jsonrpc': '2.0', 'id': id, 'method': method}
        if params is not None:
            msg['params'] = params
        self.send(msg)
        return id

    def notify(self, method, params=None):
        msg = {'jsonrpc': '2.0', 'method': method}
        if params is not None:
            msg['params'] = params
        self.send(msg)

    def answer(self, id, others=None):
        """The response to id; the messages before it go to others (a list)."""
        while True:
            m = self.recv()
            if m is None:
                raise AssertionError('the server ended before answering %r; stderr: %s'
                                     % (id, ''.join(self.stderr)[-2000:]))
            if 'method' not in m and m.get('id') == id:
                return m
            if others is not None:
                others.append(m)

    def call(self, method, params=None):
        return self.answer(self.request(method, params))

    def initialize(self, version='2025-06-18', capabilities=None):
        r = self.call('initialize', {'protocolVersion': version, 'capabilities': capabilities or {},
                                     'clientInfo': {'name': 'heapscope-tests', 'version': '1'}})
        self.notify('notifications/initialized')
        return r

    def tool(self, name, arguments, meta=None):
        """tools/call's result (a dict with content, isError, ...)."""
        params = {'name': name, 'arguments': arguments}
        if meta:
            params['_meta'] = meta
        r = self.call('tools/call', params)
        if 'result' not in r:
            raise AssertionError('tools/call %s: %r' % (name, r))
        return r['result']

    def close(self):
        """Ends stdin; returns the exit status."""
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            return self.proc.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError('the server did not end when stdin did')


def worked_example(path):
    """tests/cli/test_worked_example.py's heap: 10 objects, 96 bytes, Seed
    (0x2000) retains all 96, Pair (0x2020) 24."""
    return W.build().write(path)


def linked_list(path, n):
    """n instances of one class (0x1010, com.example.Node, one reference
    field next), each pointing to the one after it, the first a JNI
    global root: n objects in a chain, written in one pass (4-byte ids)."""
    def record(tag, body):
        return bytes([tag]) + struct.pack('>II', 0, len(body)) + body

    strings = [(1, b'java.lang.Object'), (2, b'com.example.Node'), (3, b'next')]
    out = [b'JAVA PROFILE 1.0.2\x00' + struct.pack('>IQ', 4, 0)]
    for sid, text in strings:
        out.append(record(0x01, struct.pack('>I', sid) + text))
    out.append(record(0x02, struct.pack('>IIII', 1, 0x1000, 0, 1)))
    out.append(record(0x02, struct.pack('>IIII', 2, 0x1010, 0, 2)))
    sub = []
    # class dumps: id, serial, super, loader, signers, domain, 2 reserved, size
    sub.append(b'\x20' + struct.pack('>IIIIIIIII', 0x1000, 0, 0, 0, 0, 0, 0, 0, 0) + struct.pack('>HHH', 0, 0, 0))
    sub.append(b'\x20' + struct.pack('>IIIIIIIII', 0x1010, 0, 0x1000, 0, 0, 0, 0, 0, 4)
               + struct.pack('>HHH', 0, 0, 1) + struct.pack('>IB', 3, 2))
    base = 0x100000
    inst = struct.Struct('>BIIII I')
    sub.append(b''.join(inst.pack(0x21, base + 8 * i, 0, 0x1010, 4, base + 8 * (i + 1) if i + 1 < n else 0)
                        for i in range(n)))
    sub.append(b'\x01' + struct.pack('>II', base, 0))  # JNI global
    body = b''.join(sub)
    out.append(record(0x1c, body))
    out.append(record(0x2c, b''))
    with open(path, 'wb') as f:
        f.write(b''.join(out))
    return path
