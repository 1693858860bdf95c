/* SPDX-License-Identifier: GPL-3.0-or-later */ package com.example.bench;

import java.lang.ref.Reference;
import java.lang.ref.SoftReference;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/*
 * An app-shaped heap of about N million objects for the benchmark: sessions
 * with strings, hash maps and lists of events, shared configuration objects
 * (shared subgraphs), peer cycles, weak and soft references, a linked chain
 * of 200,000 nodes, an Object[] of 1,200,000 elements and worker threads
 * holding locals. Deterministic (fixed seed).
 */
public final class BenchHeap {
  public static final int CHAIN = 200_000;
  public static final int WIDE = 1_200_000;
  /* objects per session, see build() */
  public static final int PER_SESSION = 34;

  public static HashMap<String, Session> sessions;
  public static ArrayList<Session> sessionList;
  public static Config[] configs;
  public static ChainNode chain;
  public static Object[] wide;
  public static ArrayList<SoftReference<byte[]>> softCache;
  public static ArrayList<WeakReference<Session>> weakIndex;
  public static Worker[] workers;

  private BenchHeap() {}

  static String fresh(String s) {
    return new StringBuilder(s.length()).append(s).toString();
  }

  public static long build(int millions) {
    SplittableRandom rnd = new SplittableRandom(20261129L);
    long fixed = CHAIN + WIDE + 1;
    long target = millions * 1_000_000L;
    int nSessions = (int) Math.max(1000, (target - fixed) / PER_SESSION);

    ChainNode head = null;
    for (int i = CHAIN - 1; i >= 0; i--)
      head = new ChainNode(i, head);
    chain = head;

    wide = new Object[WIDE];
    for (int i = 0; i < WIDE; i++)
      wide[i] = new Item(i);

    configs = new Config[Math.max(1, nSessions / 1000)];
    for (int i = 0; i < configs.length; i++) {
      Config c = new Config();
      for (int k = 0; k < 10; k++)
        c.values.put(fresh("config.key." + k), fresh("value-" + i + "-" + k));
      configs[i] = c;
    }

    String[] words = { "open", "close", "click", "scroll", "load", "save", "error", "retry" };
    sessions = new HashMap<>(nSessions * 2);
    sessionList = new ArrayList<>(nSessions);
    weakIndex = new ArrayList<>(nSessions);
    softCache = new ArrayList<>();
    for (int i = 0; i < nSessions; i++) {
      Session s = new Session();                                   // 1
      s.id = fresh("session-" + Integer.toHexString(0x10000000 + i)); // 2
      s.attrs = new HashMap<>();                                   // 1 + table 1
      s.attrs.put("user", fresh("user" + rnd.nextInt(1_000_000))); // node 1 + 2
      s.attrs.put("page", fresh("/page/" + rnd.nextInt(500)));     // node 1 + 2
      s.attrs.put("hits", Integer.valueOf(1000 + rnd.nextInt(1_000_000))); // node 1 + 1
      s.attrs.put("bytes", Long.valueOf(1000 + rnd.nextInt(1_000_000)));   // node 1 + 1
      s.events = new ArrayList<>(5);                               // 1 + Object[] 1
      Event prev = null;
      for (int k = 0; k < 5; k++) {                                // 5 x (1 + 2)
        Event e = new Event();
        e.time = 1_700_000_000_000L + rnd.nextInt(1_000_000);
        e.message = fresh(words[rnd.nextInt(words.length)] + " #" + k);
        e.prev = prev;
        prev = e;
        s.events.add(e);
      }
      s.config = configs[i % configs.length];
      if ((i & 1) == 1) {                                          // peer cycles
        Session p = sessionList.get(i - 1);
        s.peer = p;
        p.peer = s;
      }
      sessions.put(s.id, s);
      sessionList.add(s);
      weakIndex.add(new WeakReference<>(s));                       // 1
      if (i % 20 == 0)                                             // soft-only byte[]
        softCache.add(new SoftReference<>(new byte[256]));
    }

    workers = new Worker[4];
    for (int w = 0; w < workers.length; w++) {
      ArrayList<Session> mine = new ArrayList<>();
      for (int k = 0; k < 1000; k++)
        mine.add(sessionList.get(rnd.nextInt(nSessions)));
      workers[w] = new Worker("bench-worker-" + w, mine);
      workers[w].setDaemon(true);
      workers[w].start();
    }
    for (Worker w : workers) {
      try {
        w.ready.await();
      } catch (InterruptedException e) {
        throw new RuntimeException(e);
      }
      w.ready = null;
    }
    return fixed + (long) nSessions * PER_SESSION + nSessions / 20 * 2 + 4 * 2000L;
  }
}

final class ChainNode {
  final int value;
  final ChainNode next;

  ChainNode(int value, ChainNode next) {
    this.value = value;
    this.next = next;
  }
}

final class Item {
  final int value;

  Item(int value) {
    this.value = value;
  }
}

final class Config {
  final HashMap<String, String> values = new HashMap<>();
}

final class Session {
  String id;
  HashMap<String, Object> attrs;
  ArrayList<Event> events;
  Config config;
  Session peer;
}

final class Event {
  long time;
  String message;
  Event prev;
}

/* Parked thread whose run() keeps in locals a list of shared sessions and a
 * private array of 1000 objects only its frame reaches. */
final class Worker extends Thread {
  volatile CountDownLatch ready = new CountDownLatch(1);
  private ArrayList<Session> handoff;

  Worker(String name, ArrayList<Session> sessions) {
    super(name);
    this.handoff = sessions;
  }

  @Override
  public void run() {
    ArrayList<Session> mine = handoff;
    handoff = null;
    Object[] scratch = new Object[1000];
    for (int i = 0; i < scratch.length; i++)
      scratch[i] = new Item(-i);
    ready.countDown();
    for (;;) {
      LockSupport.park(this);
      if (mine.size() < 0 || scratch.length < 0)
        break;
    }
    Reference.reachabilityFence(mine);
    Reference.reachabilityFence(scratch);
  }
}
