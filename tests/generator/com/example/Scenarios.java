/* SPDX-License-Identifier: GPL-3.0-or-later */ package com.example;

import android.app.Activity;
import java.lang.ref.Reference;
import java.lang.ref.SoftReference;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;
import leakcanary.KeyedWeakReference;
import leakcanary.ObjectWatcher;

/*
 * The planted structure of the generated dumps. README.md in this folder
 * describes it and derives the expected numbers; keep the two in sync.
 *
 * Every String that a planted object owns is built at run time with
 * fresh(), so its byte[] is its own (not shared with an interned literal)
 * and is dominated by its owner.
 */
public final class Scenarios {
  public static final long HEAP_DUMP_UPTIME = 60_000L;

  public static final String XSS_SCRIPT = "<script>alert(1)</script>";
  public static final String XSS_IMG = "\"><img src=x onerror=alert(1)>";

  private Scenarios() {}

  /* A new String with its own Latin-1 byte[] of exactly s.length() bytes. */
  public static String fresh(String s) {
    return new StringBuilder(s.length()).append(s).toString();
  }

  /* ---- planted leaks, shared by every scenario ---------------------- */

  /* Leak group 1: LeakHolder.leaked -> ArrayList -> Object[4] -> [0], [1]. */
  static void plantStaticLeaks(int n) {
    ArrayList<Object> list = new ArrayList<>(4);
    for (int i = 0; i < n; i++) {
      LeakedActivity a = new LeakedActivity(fresh("LeakedActivity#" + i), new byte[1000], i);
      a.mDestroyed = true;
      a.mFinished = true;
      list.add(a);
      ObjectWatcher.watch(a, fresh("key-leaked-activity-" + i),
          fresh("com.example.LeakedActivity received Activity#onDestroy() callback"),
          10_000L + 1000L * i, 15_000L + 1000L * i);
    }
    LeakHolder.leaked = list;
  }

  /* Leak group 2: a local variable of the parked thread "leak-holder-thread". */
  static LeakThread plantThreadLeak(String threadName, String leakName, String description) {
    LeakThread t = new LeakThread(threadName, leakName, description);
    t.setDaemon(true);
    t.start();
    try {
      t.ready.await();
    } catch (InterruptedException e) {
      throw new RuntimeException(e);
    }
    t.ready = null;
    return t;
  }

  /* Not leaks: a collected watched object, one within its watch period,
   * one reachable only through a SoftReference. */
  static void plantNonLeaks() {
    watchAndDrop();
    RecentActivity r = new RecentActivity(fresh("RecentActivity#0"));
    r.mDestroyed = true;
    App.recent = r;
    ObjectWatcher.watch(r, fresh("key-recent"),
        fresh("com.example.RecentActivity received Activity#onDestroy() callback"),
        55_000L, -1L);
    SoftOnlyActivity s = new SoftOnlyActivity(new byte[500]);
    s.mDestroyed = true;
    App.softCache = new SoftReference<>(s);
    ObjectWatcher.watch(s, fresh("key-soft-only"),
        fresh("com.example.SoftOnlyActivity received Activity#onDestroy() callback"),
        12_000L, 17_000L);
  }

  private static void watchAndDrop() {
    CollectedActivity c = new CollectedActivity(new byte[3000]);
    c.mDestroyed = true;
    ObjectWatcher.watch(c, fresh("key-collected"),
        fresh("com.example.CollectedActivity received Activity#onDestroy() callback"),
        11_000L, 16_000L);
  }

  /* ---- app-like filler ---------------------------------------------- */

  static void plantFiller(int users, int chain, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    HashMap<String, User> map = new HashMap<>();
    ArrayList<User> all = new ArrayList<>();
    String[] tagPool = { "admin", "beta", "staff", "guest", "premium", "trial" };
    for (int i = 0; i < users; i++) {
      User u = new User();
      u.name = fresh("user-" + i);
      u.age = 18 + rnd.nextInt(60);
      u.tags = new ArrayList<>(3);
      for (int k = 0; k < 3; k++)
        u.tags.add(fresh(tagPool[rnd.nextInt(tagPool.length)]));
      map.put(fresh("user-" + i), u);
      all.add(u);
    }
    /* friends: shared references and cycles */
    for (int i = 0; i < users; i++)
      all.get(i).friend = all.get(rnd.nextInt(users));
    App.users = map;
    App.userList = all;

    Node head = null;
    for (int i = chain - 1; i >= 0; i--) {
      Node n = new Node();
      n.value = i;
      n.next = head;
      head = n;
    }
    App.chain = head;

    Node a = new Node(), b = new Node();
    a.value = -1; b.value = -2;
    a.next = b; b.next = a;
    App.cycle = a;

    App.weakUser = users > 0 ? new WeakReference<>(all.get(0)) : null;
    App.counters = new long[64];
    App.names = new String[] { fresh("alpha"), fresh("beta"), fresh("gamma") };
  }

  /* ---- scenarios ---------------------------------------------------- */

  public static Object[] small() {
    plantStaticLeaks(2);
    LeakThread t = plantThreadLeak("leak-holder-thread", "thread-leak-0001",
        "com.example.ThreadLeak held by a parked thread");
    plantNonLeaks();
    plantFiller(20, 50, 42L);
    return new Object[] { t };
  }

  public static Object[] sample() {
    plantStaticLeaks(2);
    LeakThread t = plantThreadLeak("leak-holder-thread", "thread-leak-0001",
        "com.example.ThreadLeak held by a parked thread");
    plantNonLeaks();
    plantFiller(3000, 2000, 42L);
    return new Object[] { t };
  }

  public static Object[] escape() {
    ArrayList<Object> list = new ArrayList<>(4);
    HostileActivity h = new HostileActivity(fresh(XSS_SCRIPT), fresh(XSS_IMG), new byte[1000]);
    h.mDestroyed = true;
    list.add(h);
    LeakHolder.leaked = list;
    ObjectWatcher.watch(h, fresh(XSS_IMG), fresh(XSS_SCRIPT), 10_000L, 15_000L);
    /* [1]: an instance of a class named com.example.<script>alert(1)<.script>
     * whose field "><img src=x onerror=alert(1)> holds a second leak. */
    HostileActivity h2 = new HostileActivity(fresh(XSS_SCRIPT), fresh(XSS_IMG), new byte[1000]);
    h2.mDestroyed = true;
    list.add(HostileClass.newInstance(h2));
    ObjectWatcher.watch(h2, fresh("key-hostile-class"), fresh(XSS_IMG), 10_500L, 15_500L);
    LeakThread t = plantThreadLeak(XSS_SCRIPT, XSS_IMG, XSS_SCRIPT);
    plantNonLeaks();
    plantFiller(5, 5, 7L);
    App.names = new String[] { fresh(XSS_SCRIPT), fresh(XSS_IMG), fresh("plain") };
    return new Object[] { t };
  }

  /* Stops the planted threads (not needed: they are daemons). */
  public static void keep(Object o) {
    Reference.reachabilityFence(o);
  }
}

/* Holds leak group 1 in a static field. */
class LeakHolder {
  static ArrayList<Object> leaked;
}

/* Statics of the filler and of the non-leaks. */
class App {
  static HashMap<String, User> users;
  static ArrayList<User> userList;
  static Node chain;
  static Node cycle;
  static RecentActivity recent;
  static SoftReference<SoftOnlyActivity> softCache;
  static WeakReference<User> weakUser;
  static long[] counters;
  static String[] names;
}

class LeakedActivity extends Activity {
  String name;
  byte[] buffer;
  int index;

  LeakedActivity(String name, byte[] buffer, int index) {
    this.name = name;
    this.buffer = buffer;
    this.index = index;
  }
}

class HostileActivity extends Activity {
  String title;
  String subtitle;
  byte[] buffer;

  HostileActivity(String title, String subtitle, byte[] buffer) {
    this.title = title;
    this.subtitle = subtitle;
    this.buffer = buffer;
  }
}

class RecentActivity extends Activity {
  String name;

  RecentActivity(String name) {
    this.name = name;
  }
}

class SoftOnlyActivity extends Activity {
  byte[] buffer;

  SoftOnlyActivity(byte[] buffer) {
    this.buffer = buffer;
  }
}

class CollectedActivity extends Activity {
  byte[] buffer;

  CollectedActivity(byte[] buffer) {
    this.buffer = buffer;
  }
}

class ThreadLeak {
  String name;
  byte[] buffer;

  ThreadLeak(String name, byte[] buffer) {
    this.name = name;
    this.buffer = buffer;
  }
}

/* A thread that creates a ThreadLeak in a local variable of run() and parks
 * forever: the ThreadLeak's only strong path is that Java-frame local. */
class LeakThread extends Thread {
  volatile CountDownLatch ready = new CountDownLatch(1);
  private final String leakName;
  private final String description;

  LeakThread(String threadName, String leakName, String description) {
    super(threadName);
    this.leakName = leakName;
    this.description = description;
  }

  @Override
  public void run() {
    ThreadLeak leak = new ThreadLeak(Scenarios.fresh(leakName), new byte[2000]);
    ObjectWatcher.watch(leak, Scenarios.fresh("key-thread-leak"), Scenarios.fresh(description),
        13_000L, 18_000L);
    ready.countDown();
    for (;;) {
      LockSupport.park(this);
      if (leak.buffer.length < 0)
        break;
    }
    Reference.reachabilityFence(leak);
  }
}

class User {
  String name;
  int age;
  ArrayList<String> tags;
  User friend;
}

class Node {
  int value;
  Node next;
}
