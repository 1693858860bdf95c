/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-queries.c: the HTML report's section of OQL queries the user
 * asked for (report --query Q, a saved query of the window): each query,
 * then its table (the first HS_REPORT_QUERY_ROWS rows and how many there
 * are) or its error. Every string goes through hs_html_escape. */
#include "config.h"

#include "hs-oql.h"
#include "hs-report-private.h"

#define HS_REPORT_QUERY_ROWS 1000

typedef struct
{
  GString *out;
  HsAnalysis *a;
  gboolean objects;
  guint64 total;
} Table;

static void
on_columns (gboolean objects, const char *const *names, guint n, gpointer data)
{
  Table *t = data;
  static const char *const object_columns[] = { "Object", "Class", "Shallow", "Retained" };
  t->objects = objects;
  g_string_append (t->out, "<table class=\"data\">\n<thead><tr>");
  for (guint i = 0; i < (objects ? G_N_ELEMENTS (object_columns) : n); i++)
    {
      g_string_append (t->out, objects && i >= 2 ? "<th class=\"num\">" : "<th>");
      hs_html_escape (t->out, objects ? object_columns[i] : names[i]);
      g_string_append (t->out, "</th>");
    }
  g_string_append (t->out, "</tr></thead>\n<tbody>\n");
}

static gboolean
on_row (const HsOqlRow *row, gpointer data)
{
  Table *t = data;
  HsHeap *h = t->a->heap;
  if (++t->total > HS_REPORT_QUERY_ROWS)
    return TRUE; /* counted, not shown */
  g_string_append (t->out, "<tr>");
  if (row->object != HS_OBJ_NONE)
    {
      HsObj o = row->object;
      guint64 retained
          = t->a->dom && hs_heap_object_reachable (h, o) ? hs_dom_tree_retained (t->a->dom, o) : 0;
      g_string_append (t->out, "<td>");
      hs_html_append_id (t->out, hs_heap_object_id (h, o));
      g_string_append (t->out, "</td><td>");
      hs_html_escape (t->out, hs_heap_object_class_name (h, o));
      g_string_append (t->out, "</td>");
      hs_html_td_bytes (t->out, hs_heap_object_shallow (h, o));
      hs_html_td_bytes (t->out, retained);
    }
  else
    for (guint i = 0; i < row->n_values; i++)
      {
        g_autofree char *text = hs_oql_value_to_text (t->a, &row->values[i]);
        g_string_append (t->out, "<td>");
        hs_html_escape (t->out, text);
        g_string_append (t->out, "</td>");
      }
  g_string_append (t->out, "</tr>\n");
  return TRUE;
}

gboolean
hs_report_queries_shown (const HsReportContext *ctx)
{
  return ctx->opts->queries && ctx->opts->queries[0];
}

void
hs_report_section_queries (GString *out, const HsReportContext *ctx)
{
  if (!hs_report_queries_shown (ctx))
    return;
  g_string_append (out, "<section id=\"queries\">\n<h2>Queries</h2>\n");
  for (guint i = 0; ctx->opts->queries[i]; i++)
    {
      g_autoptr (GError) error = NULL;
      Table t = { .out = g_string_new (NULL), .a = ctx->analysis };
      g_string_append (out, "<h3><code>");
      hs_html_escape (out, ctx->opts->queries[i]);
      g_string_append (out, "</code></h3>\n");
      if (!hs_oql_run (ctx->analysis, ctx->opts->queries[i], HS_OQL_FLAGS_NONE, on_columns, on_row, &t, NULL,
                       &error))
        {
          g_string_append (out, "<p class=\"warning\">");
          hs_html_escape (out, error->message);
          g_string_append (out, "</p>\n");
        }
      else
        {
          g_string_append_len (out, t.out->str, t.out->len);
          g_string_append (out, "</tbody></table>\n<p>");
          hs_html_append_u64 (out, t.total);
          g_string_append (out, t.total == 1 ? " row" : " rows");
          if (t.total > HS_REPORT_QUERY_ROWS)
            g_string_append_printf (out, ", the first %d shown", HS_REPORT_QUERY_ROWS);
          g_string_append (out, ".</p>\n");
        }
      g_string_free (t.out, TRUE);
    }
  g_string_append (out, "</section>\n");
}
