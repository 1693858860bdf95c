/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-insights.c: the report's Insights section: what
 * could be saved (duplicate strings, collections, arrays, boxes, bitmaps),
 * the top items of each kind, and bitmaps as small inline data: PNG
 * thumbnails (the page's CSP allows data: images and nothing else). */
#include "config.h"

#include "hs-report-private.h"
#include "hs-waste.h"

#define TOP 10
#define THUMBS 24
#define THUMB_SIDE 64

static void
head (GString *out, const char *title, const char *id, const char *const *cols)
{
  g_string_append_printf (out, "<h3>%s</h3>\n<table class=\"data sortable\" id=\"%s\">\n<thead><tr>", title,
                          id);
  for (guint i = 0; cols[i]; i++)
    g_string_append_printf (out, "<th%s>%s</th>", cols[i][0] == '#' ? " class=\"num\"" : "",
                            cols[i][0] == '#' ? cols[i] + 1 : cols[i]);
  g_string_append (out, "</tr></thead>\n<tbody>\n");
}

static void
name_cell (GString *out, const char *s)
{
  g_string_append (out, "<td class=\"name\"><code>");
  hs_html_escape (out, s);
  g_string_append (out, "</code></td>");
}

static void
strings (GString *out, HsHeap *heap, const HsWaste *w)
{
  if (w->strings->len == 0)
    return;
  static const char *const cols[] = { "Value", "#Length", "#Copies", "#Wasted", NULL };
  head (out, "Duplicate strings", "insights-strings", cols);
  for (guint i = 0; i < w->strings->len && i < TOP; i++)
    {
      const HsWasteString *s = &g_array_index (w->strings, HsWasteString, i);
      g_autofree char *shown = g_utf8_substring (s->value, 0, MIN ((glong)g_utf8_strlen (s->value, -1), 80));
      g_string_append (out, "<tr>");
      name_cell (out, s->length == 0 ? "(the empty string)" : shown);
      hs_html_td_count (out, s->length);
      hs_html_td_count (out, s->count);
      hs_html_td_bytes (out, s->wasted);
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody></table>\n");
  (void)heap;
}

static void
collections (GString *out, HsHeap *heap, const HsWaste *w)
{
  if (w->collections->len == 0)
    return;
  static const char *const cols[] = { "Class", "#Count", "#Empty", "#Fill", "#Wasted", NULL };
  head (out, "Collections", "insights-collections", cols);
  for (guint i = 0; i < w->collections->len && i < TOP; i++)
    {
      const HsWasteCollection *c = &g_array_index (w->collections, HsWasteCollection, i);
      g_string_append (out, "<tr>");
      name_cell (out, hs_class_name (heap, c->klass));
      hs_html_td_count (out, c->count);
      hs_html_td_count (out, c->empty);
      g_string_append (out, "<td class=\"num\">");
      hs_html_append_double (out, c->capacity_sum ? 100.0 * c->size_sum / c->capacity_sum : 0);
      g_string_append (out, "%</td>");
      hs_html_td_bytes (out, c->wasted);
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody></table>\n");
}

static void
arrays (GString *out, HsHeap *heap, const HsWaste *w)
{
  gboolean any = w->null_arrays.count > 0 || w->dup_arrays->len > 0;
  for (guint t = 0; t < G_N_ELEMENTS (w->zero_arrays); t++)
    any |= w->zero_arrays[t].count > 0;
  if (!any)
    return;
  static const char *const cols[] = { "Arrays", "#Count", "#Bytes", NULL };
  head (out, "Arrays", "insights-arrays", cols);
  for (guint t = 0; t < G_N_ELEMENTS (w->zero_arrays); t++)
    if (w->zero_arrays[t].count)
      {
        g_autofree char *what = g_strdup_printf ("%s[] all zero", hs_type_name (t));
        g_string_append (out, "<tr>");
        name_cell (out, what);
        hs_html_td_count (out, w->zero_arrays[t].count);
        hs_html_td_bytes (out, w->zero_arrays[t].bytes);
        g_string_append (out, "</tr>\n");
      }
  if (w->null_arrays.count)
    {
      g_string_append (out, "<tr>");
      name_cell (out, "Object[] all null");
      hs_html_td_count (out, w->null_arrays.count);
      hs_html_td_bytes (out, w->null_arrays.bytes);
      g_string_append (out, "</tr>\n");
    }
  for (guint i = 0; i < w->dup_arrays->len && i < TOP; i++)
    {
      const HsWasteDupArray *d = &g_array_index (w->dup_arrays, HsWasteDupArray, i);
      g_autofree char *what
          = d->thread_locals
                ? g_strdup_printf ("%s[%u], the same content, each a local of another thread: working "
                                   "buffers, not counted (bytes: copies beyond the first)",
                                   hs_type_name (d->type), d->length)
                : g_strdup_printf ("%s[%u], the same content (bytes: copies beyond the first)",
                                   hs_type_name (d->type), d->length);
      g_string_append (out, "<tr>");
      name_cell (out, what);
      hs_html_td_count (out, d->count);
      hs_html_td_bytes (out, d->wasted);
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody></table>\n");
  (void)heap;
}

static void
boxed (GString *out, HsHeap *heap, const HsWaste *w)
{
  if (w->boxed->len == 0)
    return;
  static const char *const cols[] = { "Class", "#Count", "#Bytes", "#As primitives", NULL };
  head (out, "Boxed primitives", "insights-boxed", cols);
  for (guint i = 0; i < w->boxed->len && i < TOP; i++)
    {
      const HsWasteBoxed *b = &g_array_index (w->boxed, HsWasteBoxed, i);
      g_string_append (out, "<tr>");
      name_cell (out, hs_class_name (heap, b->klass));
      hs_html_td_count (out, b->count);
      hs_html_td_bytes (out, b->bytes);
      hs_html_td_bytes (out, b->primitive_bytes);
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody></table>\n");
}

static void
bitmaps (GString *out, HsHeap *heap, const HsWaste *w)
{
  if (w->bitmaps->len == 0)
    return;
  g_string_append_printf (out,
                          "<h3>Bitmaps</h3>\n<p>%u bitmap%s; the %u largest:</p>\n"
                          "<div class=\"thumbs\" style=\"display:flex;flex-wrap:wrap;gap:12px\">\n",
                          w->bitmaps->len, w->bitmaps->len == 1 ? "" : "s", MIN (w->bitmaps->len, THUMBS));
  for (guint i = 0; i < w->bitmaps->len && i < THUMBS; i++)
    {
      const HsWasteBitmap *b = &g_array_index (w->bitmaps, HsWasteBitmap, i);
      g_string_append (out, "<figure style=\"margin:0;width:132px\"><div style=\"height:72px;display:flex;"
                            "align-items:center;justify-content:center;background:#8883\">");
      g_autoptr (GBytes) png = b->problem ? NULL : hs_waste_bitmap_png (heap, b, THUMB_SIDE, NULL);
      if (png)
        {
          gsize len;
          const guint8 *data = g_bytes_get_data (png, &len);
          g_autofree char *b64 = g_base64_encode (data, len);
          g_string_append_printf (out,
                                  "<img alt=\"bitmap\" style=\"max-width:%dpx;max-height:%dpx\" "
                                  "src=\"data:image/png;base64,%s\">",
                                  THUMB_SIDE, THUMB_SIDE, b64);
        }
      else
        g_string_append (out, "<span class=\"none\">no picture</span>");
      g_string_append (out, "</div><figcaption><span class=\"mono\">");
      hs_html_append_id (out, hs_heap_object_id (heap, b->obj));
      g_string_append_printf (out, "</span><br>%" G_GINT64_FORMAT " \xc3\x97 %" G_GINT64_FORMAT " %s<br>",
                              b->width, b->height, b->config);
      hs_html_append_bytes (out, hs_waste_bitmap_bytes (b));
      if (b->duplicates)
        g_string_append_printf (out, ", %" G_GUINT64_FORMAT " duplicate%s", b->duplicates,
                                b->duplicates == 1 ? "" : "s");
      if (b->problem)
        {
          g_string_append (out, "<br><small>");
          hs_html_escape (out, b->problem);
          g_string_append (out, "</small>");
        }
      g_string_append (out, "</figcaption></figure>\n");
    }
  g_string_append (out, "</div>\n");
}

void
hs_report_section_insights (GString *out, const HsReportContext *ctx)
{
  HsAnalysis *a = ctx->analysis;
  g_string_append (out, "<section id=\"insights\">\n<h2>Insights: wasted memory</h2>\n");
  /* The caller's findings when it has them (the window's Insights view). */
  g_autoptr (HsWaste) own = NULL;
  const HsWaste *w = ctx->opts->waste;
  if (w == NULL && hs_heap_reachability_known (a->heap))
    w = own = hs_waste_find (a, NULL, NULL);
  if (!w)
    {
      g_string_append (out,
                       "<p class=\"none\">Reachability was not computed for this report.</p>\n</section>\n");
      return;
    }
  g_autofree char *line = hs_waste_summary_line (w);
  g_string_append (out, "<p class=\"headline\">");
  hs_html_escape (out, line);
  g_string_append (out, ".</p>\n");
  strings (out, a->heap, w);
  collections (out, a->heap, w);
  arrays (out, a->heap, w);
  boxed (out, a->heap, w);
  bitmaps (out, a->heap, w);
  g_string_append (out, "</section>\n");
}
