/* SPDX-License-Identifier: GPL-3.0-or-later */ package com.example;

import java.lang.ref.Reference;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/*
 * Scenario `threads`: named threads stopped in known methods holding known
 * locals (README.md, "Scenario threads"). The test reads the expected line
 * of each frame from the `// frame:` markers below, so keep a marker on the
 * line of the call the thread stops in.
 */
public final class ThreadScenario {
  private ThreadScenario() {}

  static final Object LOCK = new Object();
  static volatile boolean done;

  public static Object[] build() {
    HoldThread hold = new HoldThread("hold-worker");
    hold.setDaemon(true);
    SleepThread sleep = new SleepThread("sleep-worker");
    WaitThread wait = new WaitThread("wait-worker");
    wait.setDaemon(true);
    start(hold, hold.ready);
    start(sleep, sleep.ready);
    start(wait, wait.ready);
    /* Until each is where the test expects it. */
    for (Thread t : new Thread[] { hold, sleep, wait }) {
      while (t.getState() == Thread.State.RUNNABLE)
        Thread.onSpinWait();
    }
    return new Object[] { hold, sleep, wait };
  }

  private static void start(Thread t, CountDownLatch ready) {
    t.start();
    try {
      ready.await();
    } catch (InterruptedException e) {
      throw new RuntimeException(e);
    }
  }

  /* After the dump: lets the non-daemon sleeper end so the JVM exits. */
  public static void finish(Object keep) {
    done = true;
    for (Object o : (Object[]) keep)
      ((Thread) o).interrupt();
  }
}

/* Parked (WAITING) in hold(), which holds a byte[4096] of its own. */
class HoldThread extends Thread {
  final CountDownLatch ready = new CountDownLatch(1);

  HoldThread(String name) {
    super(name);
  }

  @Override
  public void run() {
    hold(new byte[4096]); // frame: HoldThread.run
  }

  void hold(byte[] buffer) {
    ready.countDown();
    while (!ThreadScenario.done)
      LockSupport.park(this); // frame: HoldThread.hold
    Reference.reachabilityFence(buffer);
  }
}

/* Sleeping (TIMED_WAITING) in nap(), which holds a long[256]; not a daemon. */
class SleepThread extends Thread {
  final CountDownLatch ready = new CountDownLatch(1);

  SleepThread(String name) {
    super(name);
  }

  @Override
  public void run() {
    nap(new long[256]); // frame: SleepThread.run
  }

  void nap(long[] data) {
    ready.countDown();
    while (!ThreadScenario.done) {
      try {
        Thread.sleep(60_000L); // frame: SleepThread.nap
      } catch (InterruptedException e) {
        break;
      }
    }
    Reference.reachabilityFence(data);
  }
}

/* Waiting (WAITING, Object.wait) in await(), which holds an Object[10]
 * filling 10 byte[100] of its own. */
class WaitThread extends Thread {
  final CountDownLatch ready = new CountDownLatch(1);

  WaitThread(String name) {
    super(name);
  }

  @Override
  public void run() {
    Object[] items = new Object[10];
    for (int i = 0; i < items.length; i++)
      items[i] = new byte[100];
    await(items); // frame: WaitThread.run
  }

  void await(Object[] items) {
    synchronized (ThreadScenario.LOCK) {
      ready.countDown();
      while (!ThreadScenario.done) {
        try {
          ThreadScenario.LOCK.wait(); // frame: WaitThread.await
        } catch (InterruptedException e) {
          break;
        }
      }
    }
    Reference.reachabilityFence(items);
  }
}
