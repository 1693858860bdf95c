/* SPDX-License-Identifier: GPL-3.0-or-later */ package com.example;

import java.util.ArrayDeque;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.Vector;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/*
 * Scenario `collections`: JDK collections of known size and capacity for
 * the waste finder (README.md, "Scenario collections"). Each kind
 * is planted as an empty subclass, so that its row in `heapscope-cli waste`
 * holds only the instances planted here (the JDK's own Hashtables and
 * ConcurrentHashMaps are reported under their own names), read through the
 * JDK 17 layout of the class it extends. The capacities follow from the
 * JDK 17 constructors: Hashtable(n) and Vector(n) allocate n slots,
 * ArrayDeque(n) n + 1, WeakHashMap() 16, ConcurrentHashMap() and
 * LinkedHashMap() 16 on the first put and none before it.
 */
public final class CollectionScenario {
  private CollectionScenario() {}

  public static final class Table extends Hashtable<Object, Object> {
    Table(int capacity) { super(capacity); }
  }
  public static final class Chm extends ConcurrentHashMap<Object, Object> {}
  public static final class Weak extends WeakHashMap<Object, Object> {}
  public static final class Vec extends Vector<Object> {
    Vec(int capacity) { super(capacity); }
  }
  public static final class Linked extends LinkedHashMap<Object, Object> {}
  public static final class Deque extends ArrayDeque<Object> {
    Deque(int n) { super(n); }
  }

  /* Keys and values held here as well: the WeakHashMap's keys stay alive. */
  static final Object[] KEYS = new Object[8];

  public static Object[] build() {
    for (int i = 0; i < KEYS.length; i++)
      KEYS[i] = new Object();
    Table full = new Table(20);            // count 5 of 20 slots
    for (int i = 0; i < 5; i++)
      full.put(KEYS[i], KEYS[i]);
    Table empty = new Table(11);           // count 0 of 11 slots
    Chm chm = new Chm();                   // baseCount 3 of 16
    for (int i = 0; i < 3; i++)
      chm.put(KEYS[i], KEYS[i]);
    Chm chmEmpty = new Chm();              // no table yet
    Weak weak = new Weak();                // size 2 of 16
    weak.put(KEYS[0], KEYS[1]);
    weak.put(KEYS[1], KEYS[2]);
    Vec vec = new Vec(10);                 // elementCount 3 of 10
    for (int i = 0; i < 3; i++)
      vec.add(KEYS[i]);
    Vec vecEmpty = new Vec(10);            // 0 of 10
    Linked linked = new Linked();          // size 1 of 16
    linked.put(KEYS[0], KEYS[0]);
    Deque deque = new Deque(7);            // head 0, tail 3 of 8
    for (int i = 0; i < 3; i++)
      deque.addLast(KEYS[i]);
    return new Object[] { KEYS, full, empty, chm, chmEmpty, weak, vec, vecEmpty, linked, deque };
  }
}
