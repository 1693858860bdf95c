/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-paths.c: merged paths to GC roots in the report: for each
 * problem suspect and each leak group shown, the tree of the merged
 * shortest paths of its objects (hs-paths.h), at most
 * HS_REPORT_PATHS_BRANCHES branches under each node and
 * HS_REPORT_PATHS_DEPTH steps deep, as nested lists. */
#include "config.h"

#include "hs-report-private.h"

#define HS_REPORT_PATHS_BRANCHES 5
#define HS_REPORT_PATHS_DEPTH 16

typedef struct
{
  guint32 node, next, depth;
} Open;

static void
append_node (GString *out, const HsPathsNode *n)
{
  g_string_append_printf (
      out, "<li data-reached=\"%" G_GUINT64_FORMAT "\" data-objects=\"%" G_GUINT64_FORMAT "\">", n->reached,
      n->objects);
  if (n->parent == HS_PATHS_NO_NODE)
    {
      g_string_append (out, "<span class=\"root\">GC root ");
      hs_html_escape (out, hs_root_type_name ((guint8)n->root_kind));
      g_string_append (out, "</span> ");
    }
  else
    {
      g_string_append (out, "<code class=\"ref\">");
      hs_html_escape (out, n->reference);
      g_string_append (out, "</code> → ");
    }
  g_string_append (out, "<code>");
  hs_html_escape (out, n->class_name);
  g_string_append (out, "</code> <span class=\"muted\">");
  hs_format_append_grouped (out, n->objects);
  g_string_append (out, n->objects == 1 ? " object, " : " objects, ");
  hs_format_append_grouped (out, n->reached);
  g_string_append (out, " reached, ");
  hs_html_append_bytes (out, n->shallow);
  g_string_append (out, " shallow, ");
  hs_html_append_bytes (out, n->retained);
  g_string_append (out, " retained</span>");
}

static void
append_more (GString *out, guint32 more)
{
  if (more == 0)
    return;
  g_string_append (out, "<li class=\"muted more\">… ");
  hs_format_append_grouped (out, more);
  g_string_append (out, more == 1 ? " more branch</li>\n" : " more branches</li>\n");
}

void
hs_report_append_merged_paths (GString *out, const HsMergedPaths *m)
{
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Open));
  guint tops = MIN (m->n_tops, HS_REPORT_PATHS_BRANCHES);

  g_string_append (out, "<details class=\"merged-paths\"><summary>Merged paths to GC roots: ");
  hs_format_append_grouped (out, m->n_targets - m->n_unreached);
  g_string_append (out, " of ");
  hs_format_append_grouped (out, m->n_targets);
  g_string_append (out, m->n_targets == 1 ? " object reached" : " objects reached");
  g_string_append (out, "</summary>\n<ul class=\"paths-tree\">\n");
  for (guint t = 0; t < tops; t++)
    {
      Open root = { t, 0, 0 };
      append_node (out, &m->nodes[t]);
      g_array_append_val (stack, root);
      while (stack->len > 0)
        {
          Open *o = &g_array_index (stack, Open, stack->len - 1);
          const HsPathsNode *n = &m->nodes[o->node];
          guint shown = MIN (n->n_children, HS_REPORT_PATHS_BRANCHES);
          if (o->depth + 1 >= HS_REPORT_PATHS_DEPTH && n->n_children > 0)
            {
              if (o->next == 0)
                g_string_append (out, "\n<ul><li class=\"muted more\">… deeper steps not shown</li></ul>");
              shown = 0;
            }
          if (o->next < shown)
            {
              Open child = { n->first_child + o->next, 0, o->depth + 1 };
              if (o->next++ == 0)
                g_string_append (out, "\n<ul>\n");
              append_node (out, &m->nodes[child.node]);
              g_array_append_val (stack, child);
            }
          else
            {
              if (shown > 0)
                {
                  append_more (out, n->n_children - shown);
                  g_string_append (out, "</ul>");
                }
              g_string_append (out, "</li>\n");
              g_array_set_size (stack, stack->len - 1);
            }
        }
    }
  append_more (out, m->n_tops - tops);
  g_string_append (out, "</ul>\n</details>\n");
}
