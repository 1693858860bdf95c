/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-group.c: a report's traces in groups by fingerprint (library
 * leaks by their matcher), and the leaking objects without a trace of their
 * own: behind a found one (also_leaking) or without a path. */
#include "config.h"

#include "hs-leaks-private.h"

/* The group a trace belongs to, created in report on first use. */
static void
add_to_group (LeakCtx *c, HsLeakReport *report, GHashTable *groups, HsLeakTrace *t, const HsMatcher *lib)
{
  g_autofree char *desc = NULL;
  HsLeakGroup *g;
  char key[64];

  if (lib)
    {
      g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA1);
      g_checksum_update (sum, (const guchar *)lib->pattern, -1);
      t->signature = g_strdup (g_checksum_get_string (sum));
      desc = g_strdup (lib->description);
    }
  else
    t->signature = _hs_leak_trace_fingerprint (t, &desc);
  g_snprintf (key, sizeof key, "%c%s", lib ? 'L' : 'A', t->signature);
  g = g_hash_table_lookup (groups, key);
  if (g == NULL)
    {
      g = g_new0 (HsLeakGroup, 1);
      g_strlcpy (g->fingerprint, t->signature, sizeof g->fingerprint);
      g->description = g_steal_pointer (&desc);
      g->library = lib != NULL;
      g->library_pattern = lib ? g_strdup (lib->pattern) : NULL;
      g->traces = g_ptr_array_new_with_free_func ((GDestroyNotify)hs_leak_trace_free);
      g_ptr_array_add (lib ? report->library_leaks : report->application_leaks, g);
      g_hash_table_insert (groups, g_strdup (key), g);
    }
  g_ptr_array_add (g->traces, t);
}

/* A leaking object the search did not reach: listed on the trace of the
 * found one it sits behind, else as without a path. */
static void
add_unreached (LeakCtx *c, HsLeakReport *report, GHashTable *trace_of, HsObj l)
{
  LeakWatched *w = _hs_leak_watched_of (c, l);
  guint64 id = hs_heap_object_id (c->heap, l);
  if (c->state[l] & F_BEHIND)
    {
      /* the search behind made the owner the parent */
      HsObj x = c->parent[l];
      HsLeakTrace *owner = NULL;
      if (x != HS_OBJ_NONE && (c->state[x] & F_FOUND))
        owner = g_hash_table_lookup (trace_of, GUINT_TO_POINTER (x));
      if (owner)
        {
          g_array_append_val (owner->also_leaking, l);
          g_array_append_val (owner->priv->also_ids, id);
          g_ptr_array_add (owner->priv->also_desc, g_strdup_printf ("%s@0x%" G_GINT64_MODIFIER "x",
                                                                    _hs_leak_object_class_name (c, l), id));
          return;
        }
    }
  g_ptr_array_add (report->unreachable_leaking,
                   g_strdup_printf ("%s@0x%" G_GINT64_MODIFIER "x%s%s%s", _hs_leak_object_class_name (c, l),
                                    id, w && w->key ? " (key = " : "", w && w->key ? w->key : "",
                                    w && w->key ? ")" : ""));
}

gboolean
_hs_leak_group_traces (LeakCtx *c, HsLeakReport *report, GCancellable *cancellable, GError **error)
{
  g_autoptr (GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) trace_of = g_hash_table_new (g_direct_hash, g_direct_equal);

  /* One trace per leaking object the search reached. */
  for (guint i = 0; i < c->leaking->len; i++)
    {
      HsObj l = g_array_index (c->leaking, HsObj, i);
      const HsMatcher *lib = NULL;
      HsLeakTrace *t;
      if (!(c->state[l] & F_FOUND))
        continue;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      t = _hs_leak_build_trace (c, l, FALSE, HS_OBJ_NONE, &lib);
      g_hash_table_insert (trace_of, GUINT_TO_POINTER (l), t);
      add_to_group (c, report, groups, t, lib);
    }
  /* Leaking objects behind others, and those with no path at all. */
  for (guint i = 0; i < c->leaking->len; i++)
    {
      HsObj l = g_array_index (c->leaking, HsObj, i);
      if (!(c->state[l] & F_FOUND))
        add_unreached (c, report, trace_of, l);
    }
  _hs_leak_groups_sort (report->application_leaks);
  _hs_leak_groups_sort (report->library_leaks);
  return TRUE;
}
