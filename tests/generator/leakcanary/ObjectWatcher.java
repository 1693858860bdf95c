/* SPDX-License-Identifier: GPL-3.0-or-later */ package leakcanary;

import java.util.ArrayList;

/*
 * Keeps the KeyedWeakReferences reachable, as LeakCanary's ObjectWatcher
 * does (here a static list; collected references are kept on purpose so the
 * dump shows a watched reference whose referent was cleared).
 */
public final class ObjectWatcher {
  public static final ArrayList<KeyedWeakReference> watchedObjects = new ArrayList<>();

  private ObjectWatcher() {}

  /* Fixed uptimes keep the dump deterministic. retainedUptime < 0 means
   * "still within the watch period" (retainedUptimeMillis stays -1). */
  public static KeyedWeakReference watch(Object o, String key, String description,
                                         long watchUptime, long retainedUptime) {
    KeyedWeakReference ref = new KeyedWeakReference(o, key, description, watchUptime, null);
    if (retainedUptime >= 0)
      ref.retainedUptimeMillis = retainedUptime;
    watchedObjects.add(ref);
    return ref;
  }
}
