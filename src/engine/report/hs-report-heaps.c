/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-heaps.c: the report's Heaps section, for dumps with several
 * heaps (Android's app, image and zygote): each heap's objects, sizes and
 * the bytes it retains, then the app heap's classes with the largest
 * retained size (what an Android developer looks at first). */
#include "config.h"

#include "hs-report-private.h"
#include "hs-query-heaps.h"

#define TOP_APP_CLASSES 20

gboolean
hs_report_heaps_shown (const HsReportContext *ctx)
{
  return hs_heap_n_heaps (ctx->analysis->heap) > 1;
}

static void
app_classes (GString *out, HsAnalysis *a, int app)
{
  g_autoptr (HsHeapClasses) hc = hs_query_heap_classes (a, (guint)app, NULL, NULL);
  if (hc == NULL)
    return;
  g_autoptr (GArray) sorted = hs_query_sorted_heap_classes (a, hc, HS_CLASS_SORT_RETAINED);
  guint shown = MIN (sorted->len, TOP_APP_CLASSES);

  g_string_append_printf (out,
                          "<h3>The app heap's classes</h3>\n<p>The top %u of the %u classes with objects in "
                          "the app heap, by retained size over those objects (each object's retained size "
                          "whole, whatever heap what it retains is in).</p>\n"
                          "<table class=\"data sortable\" id=\"app-class-table\">\n<thead><tr><th>Class</th>"
                          "<th class=\"num\">Objects</th><th class=\"num\">Shallow</th>"
                          "<th class=\"num\">Retained</th></tr></thead>\n<tbody>\n",
                          shown, sorted->len);
  for (guint i = 0; i < shown; i++)
    {
      HsClass c = g_array_index (sorted, HsClass, i);
      g_string_append (out, "<tr><td class=\"name\"><code>");
      hs_html_escape (out, hs_class_name (a->heap, c));
      g_string_append (out, "</code></td>");
      hs_html_td_count (out, hc->count[c]);
      hs_html_td_bytes (out, hc->shallow[c]);
      if (hc->retained)
        hs_html_td_bytes (out, hc->retained[c]);
      else
        g_string_append (out, "<td class=\"num\">\xe2\x80\x94</td>");
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody></table>\n");
}

void
hs_report_section_heaps (GString *out, const HsReportContext *ctx)
{
  HsAnalysis *a = ctx->analysis;
  guint n = 0;
  g_autofree HsHeapRow *rows = hs_query_heaps (a->heap, a->dom, &n, NULL, NULL);

  if (rows == NULL)
    return;
  g_string_append (out,
                   "<section id=\"heaps\">\n<h2>Heaps</h2>\n<p>Each object is in the heap the dump names "
                   "before it. A heap retains the retained sizes of its objects whose immediate dominator is "
                   "in another heap or is the root.</p>\n"
                   "<table class=\"data sortable\" id=\"heap-table\">\n<thead><tr><th>Heap</th>"
                   "<th class=\"num\">Objects</th><th class=\"num\">Shallow</th>"
                   "<th class=\"num\">Reachable</th><th class=\"num\">Reachable shallow</th>"
                   "<th class=\"num\">Retained</th></tr></thead>\n<tbody>\n");
  for (guint i = 0; i < n; i++)
    {
      g_string_append (out, "<tr><td class=\"name\">");
      hs_html_escape (out, rows[i].name);
      g_string_append (out, "</td>");
      hs_html_td_count (out, rows[i].objects);
      hs_html_td_bytes (out, rows[i].shallow);
      hs_html_td_count (out, rows[i].reachable);
      hs_html_td_bytes (out, rows[i].reachable_shallow);
      if (a->dom != NULL)
        hs_html_td_bytes (out, rows[i].retained);
      else
        g_string_append (out, "<td class=\"num\">\xe2\x80\x94</td>");
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody></table>\n");
  int app = hs_heap_app_heap (a->heap);
  if (app >= 0)
    app_classes (out, a, app);
  g_string_append (out, "</section>\n");
}
