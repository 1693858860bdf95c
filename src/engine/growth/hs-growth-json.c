/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-json.c: a series' growing nodes as JSON, the one function
 * behind `heapscope-cli growth --json` and every other caller that wants
 * the data (docs/semantics.md "Growth over a series of dumps"). */
#include "config.h"

#include "hs-growth-private.h"
#include "hs-json.h"

static void
per_dump (GString *out, const HsGrowth *g, guint32 node, gboolean retained)
{
  g_string_append_c (out, '[');
  for (guint k = 0; k < g->n_dumps; k++)
    g_string_append_printf (out, "%s%" G_GUINT64_FORMAT, k ? ", " : "",
                            retained ? hs_growth_node_retained (g, node, k)
                                     : hs_growth_node_objects (g, node, k));
  g_string_append_c (out, ']');
}

typedef struct
{
  HsHeap *newest; /* NULL: no "newest_objects" */
  guint max;
} Objects;

static void
append_counts (GString *out, const HsGrowth *g, guint32 node, const Objects *objects)
{
  g_string_append (out, ", \"objects\": ");
  per_dump (out, g, node, FALSE);
  g_string_append (out, ", \"retained\": ");
  per_dump (out, g, node, TRUE);
  if (objects->newest != NULL)
    {
      g_autoptr (GArray) objs = hs_growth_node_newest_objects (g, node, objects->max, NULL, NULL);
      g_string_append (out, ", \"newest_objects\": [");
      for (guint i = 0; objs != NULL && i < objs->len; i++)
        {
          g_string_append (out, i ? ", " : "");
          hs_json_id (out, hs_heap_object_id (objects->newest, g_array_index (objs, HsObj, i)));
        }
      g_string_append_c (out, ']');
    }
}

static void
append_node (GString *out, const HsGrowth *g, guint32 node, const Objects *objects)
{
  guint n_steps;
  g_autofree guint32 *path = hs_growth_node_path (g, node, &n_steps);

  g_string_append (out, "    {\"path\": [");
  for (guint i = 0; i < n_steps; i++)
    {
      g_string_append (out, i ? ", {" : "{");
      if (i == 0)
        {
          g_string_append (out, "\"root_kind\": ");
          hs_json_string (out, hs_growth_node_root_kind (g, path[i]));
          g_string_append (out, ", \"reference\": null");
        }
      else
        {
          g_string_append (out, "\"reference\": ");
          hs_json_string (out, hs_growth_node_reference (g, path[i]));
        }
      g_string_append (out, ", \"class\": ");
      hs_json_string (out, hs_growth_node_class (g, path[i]));
      g_string_append_c (out, '}');
    }
  g_string_append (out, "], \"class\": ");
  hs_json_string (out, hs_growth_node_class (g, node));
  append_counts (out, g, node, objects);
  g_string_append (out, ", \"children\": [");
  for (guint i = 0; i < hs_growth_n_growing_children (g, node); i++)
    {
      guint32 c = hs_growth_growing_child (g, node, i);
      g_string_append (out, i ? ", {\"reference\": " : "{\"reference\": ");
      hs_json_string (out, hs_growth_node_reference (g, c));
      g_string_append (out, ", \"class\": ");
      hs_json_string (out, hs_growth_node_class (g, c));
      append_counts (out, g, c, objects);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]}");
}

void
hs_growth_to_json (const HsGrowth *g, GString *out)
{
  hs_growth_to_json_with_objects (g, NULL, 0, out);
}

void
hs_growth_to_json_with_objects (const HsGrowth *g, HsHeap *newest, guint max, GString *out)
{
  const Objects objects = { newest, max };

  g_return_if_fail (g != NULL && out != NULL);
  g_return_if_fail (newest == NULL || hs_heap_n_objects (newest) == g->newest_n);

  g_string_append (out, "{\n  \"dumps\": [");
  for (guint k = 0; k < g->n_dumps; k++)
    {
      g_string_append (out, k ? ",\n    {\"path\": " : "\n    {\"path\": ");
      hs_json_string (out, hs_growth_dump_path (g, k));
      g_string_append_printf (
          out, ", \"objects\": %" G_GUINT64_FORMAT ", \"reachable_bytes\": %" G_GUINT64_FORMAT "}",
          hs_growth_dump_objects (g, k), hs_growth_dump_reachable_bytes (g, k));
    }
  g_string_append (out, "\n  ],\n  \"growing\": [");
  for (guint i = 0; i < hs_growth_n_growing (g); i++)
    {
      g_string_append (out, i ? ",\n" : "\n");
      append_node (out, g, hs_growth_growing (g, i), &objects);
    }
  g_string_append (out, hs_growth_n_growing (g) ? "\n  ]\n}\n" : "]\n}\n");
}
