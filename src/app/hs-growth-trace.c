/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-trace.c: a growing node's path as a leak trace (see the
 * header). */
#include "config.h"

#include "hs-growth-trace.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

/* What hs_growth_trace_new sets in a node. */
static void
node_free (gpointer data)
{
  HsLeakNode *n = data;
  g_free (n->class_name);
  g_free (n->description);
  g_clear_pointer (&n->reasons, g_ptr_array_unref);
  g_free (n);
}

static char *
counts_text (const HsGrowth *g, guint32 node)
{
  GString *s = g_string_new (NULL);

  for (guint k = 0; k < hs_growth_n_dumps (g); k++)
    {
      g_autofree char *count = hs_format_count (hs_growth_node_objects (g, node, k));
      g_string_append_printf (s, "%s%s", k ? " \xe2\x86\x92 " : "", count);
    }
  return g_string_free (s, FALSE);
}

HsLeakTrace *
hs_growth_trace_new (const HsGrowth *g, guint32 node, GPtrArray **refs)
{
  HsLeakTrace *trace = g_new0 (HsLeakTrace, 1);
  guint n_steps;
  g_autofree guint32 *path = hs_growth_node_path (g, node, &n_steps);
  g_autofree HsObj *objs = hs_growth_path_newest_objects (g, path, n_steps);
  gint root = hs_growth_node_root_type (g, path[0]);

  *refs = g_ptr_array_new_with_free_func (g_free);
  trace->root_type = root >= 0 ? (guint8)root : 0;
  trace->nodes = g_ptr_array_new_with_free_func (node_free);
  trace->leaking_obj = objs[n_steps - 1];
  trace->retained_duration_ms = -1;
  trace->watch_duration_ms = -1;
  for (guint i = 0; i < n_steps; i++)
    {
      HsLeakNode *n = g_new0 (HsLeakNode, 1);
      g_autofree char *counts = counts_text (g, path[i]);
      const char *next = i + 1 < n_steps ? hs_growth_node_reference (g, path[i + 1]) : NULL;

      n->obj = objs[i];
      n->class_name = g_strdup (hs_growth_node_class (g, path[i]));
      n->kind = HS_KIND_INSTANCE;
      /* Translators: the objects a step of the path merges in each dump, "1 → 3 → 5" */
      n->description = g_strdup_printf (_ ("Objects per dump: %s"), counts);
      n->leaking = HS_LEAKING_UNKNOWN;
      n->reasons = g_ptr_array_new_with_free_func (g_free);
      if (i + 1 == n_steps)
        {
          n->leaking = HS_LEAKING_YES;
          guint64 gained = hs_growth_new_objects (g, node);
          g_autofree char *count = hs_format_count (gained);
          g_ptr_array_add (n->reasons, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Grew by %s new object",
                                                                     "Grew by %s new objects",
                                                                     (gulong)MIN (gained, G_MAXULONG)),
                                                        count));
          for (guint c = 0; c < hs_growth_n_growing_children (g, node); c++)
            {
              guint32 ch = hs_growth_growing_child (g, node, c);
              g_autofree char *cc = counts_text (g, ch);
              g_ptr_array_add (n->reasons,
                               g_strdup_printf ("%s \xe2\x86\x92 %s: %s", hs_growth_node_reference (g, ch),
                                                hs_growth_node_class (g, ch), cc));
            }
        }
      g_ptr_array_add (trace->nodes, n);
      g_ptr_array_add (*refs, g_strdup (next ? next : ""));
    }
  return trace;
}
