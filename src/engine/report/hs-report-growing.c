/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-growing.c: the report's "Growing" section, what keeps growing
 * over a series of dumps (opts->growth, hs-growth.h): each growing node
 * as a trace from its GC root, its objects and retained bytes per dump,
 * and the children that grew. Files are named by base name, every name
 * from a dump goes through hs_html_escape. */
#include "config.h"

#include "hs-report-private.h"

static void
esc_take (GString *out, char *s)
{
  hs_html_escape (out, s);
  g_free (s);
}

/* "3 → 6 → 9" */
static void
append_series (GString *out, const HsGrowth *g, guint32 node, gboolean bytes)
{
  for (guint k = 0; k < hs_growth_n_dumps (g); k++)
    {
      if (k > 0)
        g_string_append (out, " \xe2\x86\x92 ");
      if (bytes)
        hs_html_append_bytes (out, hs_growth_node_retained (g, node, k));
      else
        hs_html_append_u64 (out, hs_growth_node_objects (g, node, k));
    }
}

static void
append_node (GString *out, const HsGrowth *g, guint32 node)
{
  guint n_steps;
  g_autofree guint32 *path = hs_growth_node_path (g, node, &n_steps);

  g_string_append (out, "<details class=\"trace\" open><summary><code>");
  hs_html_escape (out, hs_growth_node_class (g, node));
  g_string_append (out, "</code>: ");
  hs_html_append_u64 (out, hs_growth_new_objects (g, node));
  g_string_append (out, " new objects</summary>\n<ol class=\"trace\">\n");
  for (guint s = 0; s < n_steps; s++)
    {
      g_string_append (out, s == 0             ? "<li class=\"root\">"
                            : s + 1 == n_steps ? "<li class=\"leaking-obj\">"
                                               : "<li>");
      if (s == 0)
        {
          g_string_append (out, "GC root (");
          hs_html_escape (out, hs_growth_node_root_kind (g, path[s]));
          g_string_append (out, ") ");
        }
      else
        {
          g_string_append (out, "<code>");
          hs_html_escape (out, hs_growth_node_reference (g, path[s]));
          g_string_append (out, "</code> \xe2\x86\x92 ");
        }
      g_string_append (out, "<code>");
      hs_html_escape (out, hs_growth_node_class (g, path[s]));
      g_string_append (out, "</code> (");
      append_series (out, g, path[s], FALSE);
      g_string_append (out, " objects)</li>\n");
    }
  g_string_append (out, "</ol>\n<p>Retained: ");
  append_series (out, g, node, TRUE);
  g_string_append (out,
                   "</p>\n<table class=\"data\"><thead><tr><th>Child that grew</th><th>Class</th>"
                   "<th class=\"num\">Objects</th><th class=\"num\">Retained</th></tr></thead>\n<tbody>\n");
  for (guint c = 0; c < hs_growth_n_growing_children (g, node); c++)
    {
      guint32 ch = hs_growth_growing_child (g, node, c);
      g_string_append (out, "<tr><td><code>");
      hs_html_escape (out, hs_growth_node_reference (g, ch));
      g_string_append (out, "</code></td><td class=\"name\"><code>");
      hs_html_escape (out, hs_growth_node_class (g, ch));
      g_string_append (out, "</code></td><td class=\"num\">");
      append_series (out, g, ch, FALSE);
      g_string_append (out, "</td><td class=\"num\">");
      append_series (out, g, ch, TRUE);
      g_string_append (out, "</td></tr>\n");
    }
  g_string_append (out, "</tbody></table>\n</details>\n");
}

gboolean
hs_report_growing_shown (const HsReportContext *ctx)
{
  return ctx->opts->growth != NULL;
}

void
hs_report_section_growing (GString *out, const HsReportContext *ctx)
{
  const HsGrowth *g = ctx->opts->growth;
  guint n, shown;

  if (g == NULL)
    return;
  n = hs_growth_n_growing (g);
  shown = MIN (n, ctx->top_classes);
  g_string_append_printf (out, "<section id=\"growing\">\n<h2>Growing over %u dumps</h2>\n",
                          hs_growth_n_dumps (g));
  g_string_append (out, "<table class=\"data\" id=\"growing-dumps\">\n<thead><tr><th>Dump</th>"
                        "<th class=\"num\">Reachable objects</th><th class=\"num\">Reachable size</th>"
                        "</tr></thead>\n<tbody>\n");
  for (guint k = 0; k < hs_growth_n_dumps (g); k++)
    {
      g_string_append (out, "<tr><td><code>");
      esc_take (out, g_path_get_basename (hs_growth_dump_path (g, k)));
      g_string_append (out, "</code></td>");
      hs_html_td_count (out, hs_growth_dump_objects (g, k));
      hs_html_td_bytes (out, hs_growth_dump_reachable_bytes (g, k));
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody></table>\n");
  for (const char *const *w = hs_growth_warnings (g); *w; w++)
    {
      g_string_append (out, "<p class=\"warning\">Note: ");
      hs_html_escape (out, *w);
      g_string_append (out, ".</p>\n");
    }
  if (n == 0)
    {
      g_string_append_printf (out,
                              "<p class=\"none\">Nothing grew by %u or more objects in every interval.</p>\n"
                              "</section>\n",
                              hs_growth_min_growth (g));
      return;
    }
  g_string_append_printf (
      out,
      "<p>%u paths from a GC root whose children gained %u or more objects in every "
      "interval, most new objects first%s. A path merges the objects reached the same way; "
      "a collection counts as its contents.</p>\n",
      n, hs_growth_min_growth (g), shown < n ? " (the first ones)" : "");
  for (guint i = 0; i < shown; i++)
    append_node (out, g, hs_growth_growing (g, i));
  g_string_append (out, "</section>\n");
}
