/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-watched.c: the objects LeakCanary watched: every retained
 * KeyedWeakReference (leakcanary. or com.squareup.leakcanary.), its
 * referent, key, description and durations. */
#include "config.h"

#include "hs-leaks-private.h"

void
_hs_leak_find_watched (LeakCtx *c)
{
  HsHeap *heap = c->heap;
  GHashTable *dump_uptime = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  gboolean any = FALSE;

  for (guint i = 0; i < c->n_classes; i++)
    if (c->cflags[i] & CF_KWR)
      any = TRUE;
  if (!any)
    goto out;
  for (guint64 o = 0; o < c->n; o++)
    {
      guint32 f = leak_obj_cflags (c, (HsObj)o);
      LeakWatched w = { 0 };
      guint64 rid = 0;
      gint64 watch_up = 0, retained_up = 0, dump_up = 0;
      gboolean has_watch, has_retained, has_dump = FALSE;
      HsClass k;

      if (!(f & CF_KWR))
        continue;
      w.ref = (HsObj)o;
      w.referent = HS_OBJ_NONE;
      if (!_hs_leak_read_obj (c, w.ref, "referent", &rid, &w.referent))
        continue;
      /* heapDumpUptimeMillis: a static of the KeyedWeakReference class (or of
     * a superclass when the instance is of a subclass). */
      k = leak_obj_class (c, w.ref);
      {
        gint64 *cached = g_hash_table_lookup (dump_uptime, GUINT_TO_POINTER (k));
        if (cached == NULL)
          {
            cached = g_new (gint64, 2);
            cached[0] = 0;
            cached[1] = 0;
            for (HsClass s = k; s != HS_CLASS_NONE; s = hs_class_super (heap, s))
              {
                HsObj co = hs_class_object (heap, s);
                if (co != HS_OBJ_NONE
                    && hs_heap_read_integer (c->heap, co, "heapDumpUptimeMillis", &cached[1]))
                  {
                    cached[0] = 1;
                    break;
                  }
              }
            g_hash_table_insert (dump_uptime, GUINT_TO_POINTER (k), cached);
          }
        has_dump = cached[0] != 0;
        dump_up = cached[1];
      }
      has_watch = hs_heap_read_integer (c->heap, w.ref, "watchUptimeMillis", &watch_up);
      has_retained = hs_heap_read_integer (c->heap, w.ref, "retainedUptimeMillis", &retained_up);
      w.retained = !has_retained || retained_up != -1;
      w.key = _hs_leak_read_string_field (c, w.ref, "key", 200);
      w.description = _hs_leak_read_string_field (c, w.ref, "description", 300);
      if (w.description == NULL)
        w.description = _hs_leak_read_string_field (c, w.ref, "name", 300);
      w.watch_ms = has_dump && has_watch ? dump_up - watch_up : -1;
      w.retained_ms = has_dump && has_retained && retained_up != -1 ? dump_up - retained_up : -1;
      g_array_append_val (c->watched, w);
      if (w.referent != HS_OBJ_NONE && !g_hash_table_contains (c->watch_of, GUINT_TO_POINTER (w.referent)))
        g_hash_table_insert (c->watch_of, GUINT_TO_POINTER (w.referent), GUINT_TO_POINTER (c->watched->len));
      if (w.retained && w.referent != HS_OBJ_NONE && !(c->state[w.referent] & F_LEAKING))
        {
          c->state[w.referent] |= F_LEAKING;
          g_array_append_val (c->leaking, w.referent);
        }
    }
out:
  g_hash_table_unref (dump_uptime);
}

/* Follows ContextWrapper.mBase (and ContextImpl.mOuterContext) to an Activity. */

/* The first KeyedWeakReference watching referent, or NULL. */
LeakWatched *
_hs_leak_watched_of (LeakCtx *c, HsObj referent)
{
  gpointer wi = g_hash_table_lookup (c->watch_of, GUINT_TO_POINTER (referent));
  return wi ? &g_array_index (c->watched, LeakWatched, GPOINTER_TO_UINT (wi) - 1) : NULL;
}
