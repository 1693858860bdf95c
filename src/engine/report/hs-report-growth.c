/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-growth.c: the HTML report's section on what grew since a
 * baseline dump. Deterministic (files named by base name, as the rest of
 * the report), and every string from a dump goes through hs_html_escape. */
#include "config.h"

#include "hs-report-growth.h"
#include "hs-report-private.h"

static void
esc_take (GString *out, char *s)
{
  hs_html_escape (out, s);
  g_free (s);
}

/* The file a side was read from, by base name, and its dump if several. */
static void
append_dump_name (GString *out, const HsClassHistogram *h)
{
  esc_take (out, g_path_get_basename (h->file ? h->file : ""));
  if (h->n_dumps > 1)
    g_string_append_printf (out, " (dump %u)", h->dump);
}

static void
td_delta (GString *out, gint64 v, gboolean bytes)
{
  g_string_append_printf (out, "<td class=\"num\" data-v=\"%" G_GINT64_FORMAT "\"", v);
  if (bytes)
    {
      g_string_append (out, " title=\"");
      esc_take (out, hs_compare_format_count_delta (v));
      g_string_append (out, " bytes\"");
    }
  g_string_append_c (out, '>');
  esc_take (out, bytes ? hs_compare_format_bytes_delta (v) : hs_compare_format_count_delta (v));
  g_string_append (out, "</td>");
}

static void
td_percent (GString *out, guint64 baseline, gint64 delta)
{
  double p;
  if (!hs_compare_percent (baseline, delta, &p))
    {
      /* No percent of nothing; growth from 0 still sorts above any percent. */
      g_string_append_printf (out,
                              "<td class=\"num\" data-v=\"%s\" title=\"0 in the baseline\">\xe2\x80\x94</td>",
                              delta > 0 ? "Infinity" : "0");
      return;
    }
  char num[G_ASCII_DTOSTR_BUF_SIZE];
  g_ascii_formatd (num, sizeof num, "%.1f", p);
  g_string_append_printf (out, "<td class=\"num\" data-v=\"%s\">%s%s%%</td>", num, p > 0 ? "+" : "", num);
}

static void
totals_row (GString *out, const char *label, guint64 base, guint64 cur, gint64 delta, gboolean bytes)
{
  g_string_append_printf (out, "<tr><th>%s</th>", label);
  if (bytes)
    {
      hs_html_td_bytes (out, base);
      hs_html_td_bytes (out, cur);
    }
  else
    {
      hs_html_td_count (out, base);
      hs_html_td_count (out, cur);
    }
  td_delta (out, delta, bytes);
  g_string_append (out, "</tr>\n");
}

static int
cmp_growth (gconstpointer a, gconstpointer b)
{
  return hs_compare_row_cmp (*(const HsCompareRow *const *)a, *(const HsCompareRow *const *)b,
                             HS_COMPARE_GROWTH);
}

void
hs_report_growth_section (GString *out, const HsCompare *cmp, guint limit)
{
  g_return_if_fail (out != NULL && cmp != NULL);
  const HsClassHistogram *b = cmp->baseline, *c = cmp->current;

  /* The classes that grew in any figure, what grew first (shallow bytes,
   * then objects) whatever order cmp is in. */
  g_autoptr (GPtrArray) grew = g_ptr_array_new ();
  for (guint i = 0; i < cmp->n_rows; i++)
    {
      const HsCompareRow *r = &cmp->rows[i];
      if (r->delta.count > 0 || r->delta.shallow > 0 || r->delta.retained > 0)
        g_ptr_array_add (grew, (gpointer)r);
    }
  g_ptr_array_sort (grew, cmp_growth);
  guint shown = MIN (limit, grew->len);

  g_string_append (out, "<section id=\"growth\">\n<h2>Growth since ");
  append_dump_name (out, b);
  g_string_append (out, "</h2>\n<p class=\"summary\">");
  esc_take (out, hs_compare_summary (cmp));
  g_string_append (out, "</p>\n");
  g_autofree char *warning = hs_compare_warning (cmp);
  if (warning)
    {
      g_string_append (out, "<p class=\"warning\">Note: ");
      hs_html_escape (out, warning);
      g_string_append (out, ".</p>\n");
    }

  g_string_append (out, "<table class=\"kv\" id=\"growth-totals\">\n<thead><tr><th></th><th class=\"num\">");
  append_dump_name (out, b);
  g_string_append (out, "</th><th class=\"num\">");
  append_dump_name (out, c);
  g_string_append (out, "</th><th class=\"num\">Change</th></tr></thead>\n<tbody>\n");
  totals_row (out, "Objects", b->objects, c->objects, cmp->delta_objects, FALSE);
  totals_row (out, "Reachable objects", b->reachable_objects, c->reachable_objects,
              cmp->delta_reachable_objects, FALSE);
  totals_row (out, "Reachable size", b->reachable_bytes, c->reachable_bytes, cmp->delta_reachable_bytes,
              TRUE);
  g_string_append_printf (out,
                          "<tr><th>Classes</th><td class=\"num\">%u</td><td class=\"num\">%u</td>"
                          "<td class=\"num\">%u new, %u gone</td></tr>\n</tbody></table>\n",
                          b->n_rows, c->n_rows, cmp->n_new, cmp->n_gone);

  if (shown == 0)
    {
      g_string_append (out, "<p class=\"none\">No class grew.</p>\n</section>\n");
      return;
    }
  g_string_append_printf (
      out,
      "<p>The top %u of %u classes that grew, by the change of their retained size. "
      "Classes are matched by name; a class's figures are those of the class table.</p>\n",
      shown, grew->len);
  g_string_append (
      out, "<table class=\"data sortable\" id=\"growth-table\">\n<thead><tr><th>Class</th><th>Status</th>"
           "<th class=\"num\">Objects</th><th class=\"num\">Change</th>"
           "<th class=\"num\">Shallow</th><th class=\"num\">Change</th>"
           "<th class=\"num\">Retained</th><th class=\"num\">Change</th><th class=\"num\">%</th>"
           "</tr></thead>\n<tbody>\n");
  for (guint i = 0; i < shown; i++)
    {
      const HsCompareRow *r = grew->pdata[i];
      g_string_append (out, "<tr><td class=\"name\"><code>");
      hs_html_escape (out, r->name);
      g_string_append_printf (out, "</code></td><td>%s</td>", hs_compare_status_name (r->status));
      hs_html_td_count (out, r->current.count);
      td_delta (out, r->delta.count, FALSE);
      hs_html_td_bytes (out, r->current.shallow);
      td_delta (out, r->delta.shallow, TRUE);
      hs_html_td_bytes (out, r->current.retained);
      td_delta (out, r->delta.retained, TRUE);
      td_percent (out, r->baseline.retained, r->delta.retained);
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody></table>\n</section>\n");
}

/* The section in the report's table: the top classes as many as the
 * class table shows. */
gboolean
hs_report_growth_shown (const HsReportContext *ctx)
{
  return ctx->opts->compare != NULL;
}

void
hs_report_section_growth (GString *out, const HsReportContext *ctx)
{
  if (ctx->opts->compare != NULL)
    hs_report_growth_section (out, ctx->opts->compare, ctx->top_classes);
}
