/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-text.c: a series' growing nodes as text (a trace per node,
 * LeakCanary's shape: the path from the root, then the counts per dump and
 * the children that grew) and as CSV (a row per growing child). */
#include "config.h"

#include "hs-growth-private.h"
#include "hs-csv.h"
#include "hs-format.h"

static void
counts (GString *out, const HsGrowth *g, guint32 node)
{
  for (guint k = 0; k < g->n_dumps; k++)
    g_string_append_printf (out, "%s%" G_GUINT64_FORMAT, k ? " → " : "", hs_growth_node_objects (g, node, k));
}

static void
step (GString *out, const HsGrowth *g, guint32 v)
{
  const char *ref = hs_growth_node_reference (g, v);
  if (ref == NULL)
    g_string_append_printf (out, "GC root (%s) %s", hs_growth_node_root_kind (g, v),
                            hs_growth_node_class (g, v));
  else
    g_string_append_printf (out, "%s → %s", ref, hs_growth_node_class (g, v));
}

void
hs_growth_to_text (const HsGrowth *g, GString *out)
{
  g_return_if_fail (g != NULL && out != NULL);

  g_string_append_printf (out, "%u dumps, oldest first:\n", g->n_dumps);
  for (guint k = 0; k < g->n_dumps; k++)
    {
      g_autofree char *bytes = hs_format_bytes (hs_growth_dump_reachable_bytes (g, k));
      g_string_append_printf (out, "  %u. %s (%" G_GUINT64_FORMAT " reachable objects, %s)\n", k + 1,
                              hs_growth_dump_path (g, k), hs_growth_dump_objects (g, k), bytes);
    }
  if (hs_growth_n_growing (g) == 0)
    {
      g_string_append_printf (out, "\nNothing grew by %u or more objects in every interval.\n",
                              g->min_growth);
      return;
    }
  g_string_append_printf (out,
                          "\n%u growing (by %u or more objects in every interval), most new objects first:\n",
                          hs_growth_n_growing (g), g->min_growth);
  for (guint i = 0; i < hs_growth_n_growing (g); i++)
    {
      guint32 node = hs_growth_growing (g, i), n_steps;
      g_autofree guint32 *path = hs_growth_node_path (g, node, &n_steps);
      g_string_append (out, "\n┬───\n");
      for (guint s = 0; s < n_steps; s++)
        {
          g_string_append (out, s + 1 < n_steps ? (s == 0 ? "│ " : "├─ ") : "╰→ ");
          step (out, g, path[s]);
          g_string_append (out, " (");
          counts (out, g, path[s]);
          g_string_append (out, " objects)\n");
          if (s + 1 < n_steps)
            g_string_append (out, "│\n");
        }
      g_string_append (out, "    Retained: ");
      for (guint k = 0; k < g->n_dumps; k++)
        {
          g_autofree char *b = hs_format_bytes (hs_growth_node_retained (g, node, k));
          g_string_append_printf (out, "%s%s", k ? " → " : "", b);
        }
      g_string_append_printf (out, "\n    Children that grew (%" G_GUINT64_FORMAT " new objects):\n",
                              hs_growth_new_objects (g, node));
      for (guint c = 0; c < hs_growth_n_growing_children (g, node); c++)
        {
          guint32 ch = hs_growth_growing_child (g, node, c);
          g_string_append (out, "    ");
          counts (out, g, ch);
          g_string_append_printf (out, " objects: %s → %s\n", hs_growth_node_reference (g, ch),
                                  hs_growth_node_class (g, ch));
        }
    }
}

void
hs_growth_to_csv (const HsGrowth *g, GString *out)
{
  HsCsv csv;
  g_return_if_fail (g != NULL && out != NULL);

  hs_csv_init (&csv, out);
  hs_csv_text (&csv, "path");
  hs_csv_text (&csv, "class");
  hs_csv_text (&csv, "child reference");
  hs_csv_text (&csv, "child class");
  for (guint k = 0; k < g->n_dumps; k++)
    {
      g_autofree char *h = g_strdup_printf ("objects %u", k + 1);
      hs_csv_text (&csv, h);
    }
  for (guint k = 0; k < g->n_dumps; k++)
    {
      g_autofree char *h = g_strdup_printf ("retained %u", k + 1);
      hs_csv_text (&csv, h);
    }
  hs_csv_end_row (&csv);
  for (guint i = 0; i < hs_growth_n_growing (g); i++)
    {
      guint32 node = hs_growth_growing (g, i), n_steps;
      g_autofree guint32 *path = hs_growth_node_path (g, node, &n_steps);
      g_autoptr (GString) p = g_string_new (NULL);
      for (guint s = 0; s < n_steps; s++)
        {
          if (s > 0)
            g_string_append (p, " / ");
          step (p, g, path[s]);
        }
      for (guint c = 0; c < hs_growth_n_growing_children (g, node); c++)
        {
          guint32 ch = hs_growth_growing_child (g, node, c);
          hs_csv_text (&csv, p->str);
          hs_csv_text (&csv, hs_growth_node_class (g, node));
          hs_csv_text (&csv, hs_growth_node_reference (g, ch));
          hs_csv_text (&csv, hs_growth_node_class (g, ch));
          for (guint k = 0; k < g->n_dumps; k++)
            hs_csv_uint (&csv, hs_growth_node_objects (g, ch, k));
          for (guint k = 0; k < g->n_dumps; k++)
            hs_csv_uint (&csv, hs_growth_node_retained (g, ch, k));
          hs_csv_end_row (&csv);
        }
    }
}
