/* SPDX-License-Identifier: GPL-3.0-or-later */ package leakcanary;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;

/*
 * Same shape as LeakCanary 2's leakcanary.KeyedWeakReference: a weak
 * reference to a watched object, with a key, a description, the uptime at
 * which watching started and the uptime at which the object was considered
 * retained (-1 while it is still within its watch period). The static
 * heapDumpUptimeMillis is set right before the dump.
 */
public class KeyedWeakReference extends WeakReference<Object> {
  public static volatile long heapDumpUptimeMillis = 0L;

  public final String key;
  public final String description;
  public final long watchUptimeMillis;
  public volatile long retainedUptimeMillis;

  public KeyedWeakReference(Object referent, String key, String description,
                            long watchUptimeMillis, ReferenceQueue<Object> queue) {
    super(referent, queue);
    this.key = key;
    this.description = description;
    this.watchUptimeMillis = watchUptimeMillis;
    this.retainedUptimeMillis = -1L;
  }
}
