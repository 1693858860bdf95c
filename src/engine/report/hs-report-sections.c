/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-sections.c: the report's fact sections: the dump, the totals,
 * the classes with the largest retained size and the biggest objects. */
#include "config.h"

#include "hs-report-private.h"
#include "hs-runtime.h"
#include "hs-query.h"

void
hs_report_section_dump (GString *out, const HsReportContext *ctx)
{
  HsHeap *heap = ctx->analysis->heap;
  g_autofree char *base = g_path_get_basename (hs_heap_path (heap));
  guint64 ts = hs_heap_timestamp_ms (heap);

  g_string_append (out, "<section id=\"dump\">\n<h2>Dump</h2>\n<table class=\"kv\">\n");
  hs_html_kv_text (out, "File", base);
  hs_html_kv_bytes (out, "Size on disk", hs_heap_file_size (heap));
  hs_html_kv_text (out, "Format", hs_heap_format (heap));
  g_string_append (out, "<tr><th scope=\"row\">Identifier size</th><td>");
  g_string_append_printf (out, "%u bytes", hs_heap_id_size (heap));
  if (hs_heap_is_compressed_file (heap))
    g_string_append (out, " (gzip-compressed file)");
  g_string_append (out, "</td></tr>\n");
  g_string_append (out, "<tr><th scope=\"row\">Date</th><td>");
  if (ts > 0 && ts / 1000 < (guint64)G_MAXINT64 / 2)
    {
      g_autoptr (GDateTime) dt = g_date_time_new_from_unix_utc ((gint64)(ts / 1000));
      g_autofree char *s = dt ? g_date_time_format (dt, "%Y-%m-%d %H:%M:%S UTC") : NULL;
      hs_html_escape (out, s ? s : "unknown");
    }
  else
    g_string_append (out, "unknown");
  g_string_append (out, "</td></tr>\n");
  {
    g_autoptr (HsRuntimeInfo) info = hs_runtime_info_read (heap);
    g_autofree char *runtime = hs_runtime_label (info, "HotSpot JVM");
    hs_html_kv_text (out, "Runtime", runtime);
  }
  g_string_append_printf (out, "<tr><th scope=\"row\">Reference size</th><td>%u bytes%s</td></tr>\n",
                          hs_heap_ref_size (heap),
                          hs_heap_ref_size (heap) < hs_heap_id_size (heap) ? " (compressed references)" : "");
  g_string_append_printf (out, "<tr><th scope=\"row\">Object alignment</th><td>%u bytes</td></tr>\n",
                          hs_heap_object_align (heap));
  g_string_append_printf (
      out, "<tr><th scope=\"row\">Dumps in the file</th><td>%u (this report: dump %u)</td></tr>\n",
      hs_heap_n_dumps (heap), hs_heap_dump_index (heap) + 1);
  hs_html_kv_text (out, "Weak references",
                   hs_heap_follow_weak (heap)
                       ? "followed (Reference.referent counts, as in Eclipse MAT)"
                       : "not followed (Reference.referent does not keep objects alive)");
  if (hs_heap_warning (heap) != NULL)
    {
      g_string_append (out, "<tr><th scope=\"row\">Warning</th><td class=\"warning\">");
      hs_html_escape (out, hs_heap_warning (heap));
      g_string_append (out, "</td></tr>\n");
    }
  g_string_append (out, "</table>\n</section>\n");
}

void
hs_report_section_totals (GString *out, const HsReportContext *ctx)
{
  HsAnalysis *a = ctx->analysis;
  const HsSummary *s = hs_heap_summary (a->heap);
  gboolean any_type = FALSE;

  g_string_append (out, "<section id=\"totals\">\n<h2>Totals</h2>\n<table class=\"kv\">\n");
  hs_html_kv_count (out, "Objects", s->objects);
  hs_html_kv_count (out, "Instances", s->instances);
  hs_html_kv_count (out, "Object arrays", s->object_arrays);
  hs_html_kv_count (out, "Primitive arrays", s->primitive_arrays);
  hs_html_kv_count (out, "Class objects", s->class_objects);
  hs_html_kv_count (out, "Classes", s->classes);
  hs_html_kv_count (out, "GC roots (distinct objects)", s->gc_roots);
  hs_html_kv_count (out, "Reachable objects", s->reachable_objects);
  hs_html_kv_count (out, "Unreachable objects", s->unreachable_objects);
  hs_html_kv_bytes (out, "Shallow size of all objects", s->shallow_bytes);
  hs_html_kv_bytes (out, "Reachable bytes", s->reachable_bytes);
  hs_html_kv_bytes (out, "Unreachable bytes", s->unreachable_bytes);
  hs_html_kv_bytes (out, "Native memory (outside the Java heap)", a->native_total);
  if (s->dangling_references > 0)
    hs_html_kv_count (out, "Dangling references", s->dangling_references);
  g_string_append (out, "</table>\n");

  for (guint t = 0; t < 256; t++)
    if (s->roots_by_type[t] > 0)
      any_type = TRUE;
  if (any_type)
    {
      g_string_append (out, "<h3>GC roots by type</h3>\n<table class=\"data\" id=\"roots-by-type\">\n"
                            "<thead><tr><th>Type</th><th class=\"num\">Objects</th></tr></thead>\n<tbody>\n");
      for (guint t = 0; t < 256; t++)
        if (s->roots_by_type[t] > 0)
          {
            g_string_append (out, "<tr><td>");
            hs_html_escape (out, hs_root_type_name ((guint8)t));
            g_string_append (out, "</td>");
            hs_html_td_count (out, s->roots_by_type[t]);
            g_string_append (out, "</tr>\n");
          }
      g_string_append (out, "</tbody></table>\n");
    }
  g_string_append (out, "</section>\n");
}

void
hs_report_section_classes (GString *out, const HsReportContext *ctx)
{
  HsAnalysis *a = ctx->analysis;
  HsHeap *heap = a->heap;
  guint nc = hs_heap_n_classes (heap);
  gboolean by_retained = a->class_retained != NULL;
  guint shown = MIN (nc, ctx->top_classes);
  /* Retained falls back to shallow when the dominators were skipped. */
  g_autoptr (GArray) sorted = hs_query_sorted_classes (a, HS_CLASS_SORT_RETAINED, HS_CLASS_FILTER_ALL);

  g_string_append_printf (out,
                          "<section id=\"classes\">\n<h2>Classes with the largest retained size</h2>\n"
                          "<p>The top %u of %u classes, by %s. ",
                          shown, nc,
                          by_retained ? "retained size" : "shallow size (retained sizes were not computed)");
  g_string_append (out,
                   "A class's retained size sums its reachable instances that no other instance of the "
                   "same class dominates (a lower bound of what freeing them all would free).</p>\n"
                   "<table class=\"data sortable\" id=\"class-table\">\n<thead><tr><th>Class</th>"
                   "<th class=\"num\">Objects</th><th class=\"num\">Reachable</th>"
                   "<th class=\"num\">Shallow</th><th class=\"num\">Retained</th></tr></thead>\n<tbody>\n");
  for (guint i = 0; i < shown; i++)
    {
      HsClass c = g_array_index (sorted, HsClass, i);
      g_string_append (out, "<tr><td class=\"name\"><code>");
      hs_html_escape (out, hs_class_name (heap, c));
      g_string_append (out, "</code></td>");
      hs_html_td_count (out, hs_class_count (heap, c));
      hs_html_td_count (out, hs_class_reachable_count (heap, c));
      hs_html_td_bytes (out, hs_class_shallow (heap, c));
      if (by_retained)
        hs_html_td_bytes (out, a->class_retained[c]);
      else
        g_string_append (out, "<td class=\"num\">\xe2\x80\x94</td>");
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody></table>\n</section>\n");
}

void
hs_report_section_objects (GString *out, const HsReportContext *ctx)
{
  HsAnalysis *a = ctx->analysis;
  HsHeap *heap = a->heap;
  guint64 n_obj = hs_heap_n_objects (heap);

  g_string_append (out, "<section id=\"objects\">\n<h2>Biggest objects</h2>\n");
  if (a->dom == NULL)
    {
      g_string_append (
          out, "<p class=\"none\">Retained sizes were not computed for this report.</p>\n</section>\n");
      return;
    }
  g_autoptr (GArray) top = hs_query_top_objects (a, ctx->top_objects);
  gboolean native = a->native_total > 0;

  g_string_append_printf (out,
                          "<p>The %u reachable objects with the largest retained size "
                          "(all reachable objects retain ",
                          top->len);
  hs_html_append_bytes (out, hs_dom_tree_retained (a->dom, a->dom->n));
  g_string_append (out, ").</p>\n<table class=\"data sortable\" id=\"object-table\">\n<thead><tr>"
                        "<th>Object</th><th>Class</th><th>Description</th><th class=\"num\">Shallow</th>"
                        "<th class=\"num\">Retained</th><th class=\"num\">Retained objects</th>");
  if (native)
    g_string_append (out, "<th class=\"num\">Retained native</th>");
  g_string_append (out, "</tr></thead>\n<tbody>\n");
  for (guint i = 0; i < top->len; i++)
    {
      HsObj o = g_array_index (top, HsObj, i);
      if (o >= n_obj || o >= a->dom->n)
        continue;
      g_autofree char *desc = hs_heap_describe (heap, o);
      g_string_append (out, "<tr><td class=\"mono\">");
      hs_html_append_id (out, hs_heap_object_id (heap, o));
      g_string_append (out, "</td><td class=\"name\"><code>");
      hs_html_escape (out, hs_heap_object_class_name (heap, o));
      g_string_append (out, "</code></td><td class=\"name\">");
      hs_html_escape (out, desc);
      g_string_append (out, "</td>");
      hs_html_td_bytes (out, hs_heap_object_shallow (heap, o));
      hs_html_td_bytes (out, hs_dom_tree_retained (a->dom, o));
      hs_html_td_count (out, hs_dom_tree_retained_count (a->dom, o));
      if (native)
        hs_html_td_bytes (out, hs_analysis_retained_native (a, o));
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody></table>\n</section>\n");
}
