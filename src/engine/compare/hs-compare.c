/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-compare.c: two class histograms matched by name, and their output. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "hs-compare.h"
#include "hs-format.h"
#include "hs-json.h"

static gint64
diff_u64 (guint64 current, guint64 baseline)
{
  return current >= baseline ? (gint64)(current - baseline) : -(gint64)(baseline - current);
}

static void
fill_delta (HsCompareRow *r)
{
  r->delta.count = diff_u64 (r->current.count, r->baseline.count);
  r->delta.shallow = diff_u64 (r->current.shallow, r->baseline.shallow);
  r->delta.retained = diff_u64 (r->current.retained, r->baseline.retained);
}

HsCompare *
hs_compare_new (HsClassHistogram *baseline, HsClassHistogram *current)
{
  g_return_val_if_fail (baseline != NULL && current != NULL, NULL);
  HsCompare *cmp = g_new0 (HsCompare, 1);
  cmp->baseline = baseline;
  cmp->current = current;
  cmp->delta_objects = diff_u64 (current->objects, baseline->objects);
  cmp->delta_reachable_objects = diff_u64 (current->reachable_objects, baseline->reachable_objects);
  cmp->delta_reachable_bytes = diff_u64 (current->reachable_bytes, baseline->reachable_bytes);

  /* Both histograms are sorted by name with unique names: one merge. */
  cmp->rows = g_new0 (HsCompareRow, MAX (baseline->n_rows + current->n_rows, 1));
  guint i = 0, j = 0, n = 0;
  while (i < baseline->n_rows || j < current->n_rows)
    {
      HsCompareRow *r = &cmp->rows[n++];
      int c;
      if (i == baseline->n_rows)
        c = 1;
      else if (j == current->n_rows)
        c = -1;
      else
        c = strcmp (baseline->rows[i].name, current->rows[j].name);
      if (c == 0)
        {
          r->name = current->rows[j].name;
          r->status = HS_COMPARE_BOTH;
          r->baseline = baseline->rows[i++].stats;
          r->current = current->rows[j++].stats;
        }
      else if (c < 0)
        {
          r->name = baseline->rows[i].name;
          r->status = HS_COMPARE_GONE;
          r->baseline = baseline->rows[i++].stats;
          cmp->n_gone++;
        }
      else
        {
          r->name = current->rows[j].name;
          r->status = HS_COMPARE_NEW;
          r->current = current->rows[j++].stats;
          cmp->n_new++;
        }
      fill_delta (r);
    }
  cmp->n_rows = n;
  hs_compare_sort (cmp, HS_COMPARE_GROWTH);
  return cmp;
}

void
hs_compare_free (HsCompare *cmp)
{
  if (!cmp)
    return;
  hs_class_histogram_free (cmp->baseline);
  hs_class_histogram_free (cmp->current);
  g_free (cmp->rows);
  g_free (cmp);
}

gboolean
hs_compare_percent (guint64 baseline, gint64 delta, double *percent)
{
  if (baseline == 0)
    return FALSE;
  if (percent)
    *percent = 100.0 * (double)delta / (double)baseline;
  return TRUE;
}

static double
percent_key (guint64 baseline, gint64 delta)
{
  double p;
  if (hs_compare_percent (baseline, delta, &p))
    return p;
  return delta > 0 ? INFINITY : 0.0;
}

/* Numbers as doubles would lose precision past 2^53: compare exactly. */
static int
cmp_desc_u64 (guint64 a, guint64 b)
{
  return a > b ? -1 : a < b;
}

static int
cmp_desc_i64 (gint64 a, gint64 b)
{
  return a > b ? -1 : a < b;
}

/* The order of field alone (0 for the name), before the name breaks ties. */
static int
field_cmp (const HsCompareRow *a, const HsCompareRow *b, HsCompareField field)
{
  int r = 0;
  switch (field)
    {
      case HS_COMPARE_NAME: break;
      case HS_COMPARE_STATUS: r = a->status < b->status ? -1 : a->status > b->status; break;
      case HS_COMPARE_BASELINE_COUNT: r = cmp_desc_u64 (a->baseline.count, b->baseline.count); break;
      case HS_COMPARE_BASELINE_SHALLOW: r = cmp_desc_u64 (a->baseline.shallow, b->baseline.shallow); break;
      case HS_COMPARE_BASELINE_RETAINED: r = cmp_desc_u64 (a->baseline.retained, b->baseline.retained); break;
      case HS_COMPARE_CURRENT_COUNT: r = cmp_desc_u64 (a->current.count, b->current.count); break;
      case HS_COMPARE_CURRENT_SHALLOW: r = cmp_desc_u64 (a->current.shallow, b->current.shallow); break;
      case HS_COMPARE_CURRENT_RETAINED: r = cmp_desc_u64 (a->current.retained, b->current.retained); break;
      case HS_COMPARE_DELTA_COUNT: r = cmp_desc_i64 (a->delta.count, b->delta.count); break;
      case HS_COMPARE_DELTA_SHALLOW: r = cmp_desc_i64 (a->delta.shallow, b->delta.shallow); break;
      case HS_COMPARE_DELTA_RETAINED: r = cmp_desc_i64 (a->delta.retained, b->delta.retained); break;
      case HS_COMPARE_GROWTH:
        r = cmp_desc_i64 (a->delta.shallow, b->delta.shallow);
        if (r == 0)
          r = cmp_desc_i64 (a->delta.count, b->delta.count);
        break;
      case HS_COMPARE_PERCENT_COUNT:
      case HS_COMPARE_PERCENT_SHALLOW:
      case HS_COMPARE_PERCENT_RETAINED:
        {
          double pa, pb;
          if (field == HS_COMPARE_PERCENT_COUNT)
            {
              pa = percent_key (a->baseline.count, a->delta.count);
              pb = percent_key (b->baseline.count, b->delta.count);
            }
          else if (field == HS_COMPARE_PERCENT_SHALLOW)
            {
              pa = percent_key (a->baseline.shallow, a->delta.shallow);
              pb = percent_key (b->baseline.shallow, b->delta.shallow);
            }
          else
            {
              pa = percent_key (a->baseline.retained, a->delta.retained);
              pb = percent_key (b->baseline.retained, b->delta.retained);
            }
          r = pa > pb ? -1 : pa < pb;
          break;
        }
    }
  return r;
}

int
hs_compare_row_cmp (const HsCompareRow *a, const HsCompareRow *b, HsCompareField field)
{
  int r = field_cmp (a, b, field);
  return r ? r : strcmp (a->name, b->name);
}

int
hs_compare_row_cmp_ascending (const HsCompareRow *a, const HsCompareRow *b, HsCompareField field)
{
  int r;
  if (field == HS_COMPARE_NAME || field == HS_COMPARE_STATUS)
    return hs_compare_row_cmp (a, b, field);
  r = -field_cmp (a, b, field);
  return r ? r : strcmp (a->name, b->name);
}

static int
row_cmp_qsort (gconstpointer a, gconstpointer b, gpointer field)
{
  return hs_compare_row_cmp (a, b, GPOINTER_TO_INT (field));
}

void
hs_compare_sort (HsCompare *cmp, HsCompareField field)
{
  g_return_if_fail (cmp != NULL);
  cmp->sort_field = field;
  g_qsort_with_data (cmp->rows, cmp->n_rows, sizeof (HsCompareRow), row_cmp_qsort, GINT_TO_POINTER (field));
}

gboolean
hs_compare_parse_sort_key (const char *key, HsCompareField *field)
{
  HsCompareField f;
  if (!key)
    return FALSE;
  if (g_str_equal (key, "count"))
    f = HS_COMPARE_DELTA_COUNT;
  else if (g_str_equal (key, "shallow"))
    f = HS_COMPARE_DELTA_SHALLOW;
  else if (g_str_equal (key, "retained"))
    f = HS_COMPARE_DELTA_RETAINED;
  else if (g_str_equal (key, "growth"))
    f = HS_COMPARE_GROWTH;
  else
    return FALSE;
  if (field)
    *field = f;
  return TRUE;
}

const char *
hs_compare_status_name (HsCompareStatus status)
{
  switch (status)
    {
      case HS_COMPARE_NEW: return "new";
      case HS_COMPARE_GONE: return "gone";
      default: return "both";
    }
}

const HsCompareRow *
hs_compare_biggest_growth (const HsCompare *cmp)
{
  g_return_val_if_fail (cmp != NULL, NULL);
  const HsCompareRow *best = NULL;
  for (guint i = 0; i < cmp->n_rows; i++)
    {
      const HsCompareRow *r = &cmp->rows[i];
      if ((r->delta.shallow > 0 || r->delta.count > 0)
          && (!best || hs_compare_row_cmp (r, best, HS_COMPARE_GROWTH) < 0))
        best = r;
    }
  return best;
}

static const char *
rules_name (const HsClassHistogram *h)
{
  return h->android ? "an Android dump" : "a HotSpot dump";
}

char *
hs_compare_warning (const HsCompare *cmp)
{
  g_return_val_if_fail (cmp != NULL, NULL);
  const HsClassHistogram *b = cmp->baseline, *c = cmp->current;
  if (b->android == c->android && b->id_size == c->id_size)
    return NULL;
  GString *w
      = g_string_new ("the two dumps follow different size rules, so sizes do not compare like for like: ");
  if (b->android != c->android)
    g_string_append_printf (w, "the baseline is %s, the current one %s%s", rules_name (b), rules_name (c),
                            b->id_size != c->id_size ? "; " : "");
  if (b->id_size != c->id_size)
    g_string_append_printf (w, "the baseline has %u-byte ids, the current one %u-byte ids", b->id_size,
                            c->id_size);
  return g_string_free (w, FALSE);
}

/* --- formatting ---------------------------------------------------------- */

/* hs_format_bytes with a sign. */
char *
hs_compare_format_bytes_delta (gint64 delta)
{
  g_autofree char *abs = hs_format_bytes (delta < 0 ? -(guint64)delta : (guint64)delta);
  return g_strdup_printf ("%s%s", delta > 0 ? "+" : delta < 0 ? "-" : "", abs);
}

char *
hs_compare_format_count_delta (gint64 delta)
{
  GString *s = g_string_new (delta > 0 ? "+" : delta < 0 ? "-" : "");
  hs_format_append_grouped (s, delta < 0 ? -(guint64)delta : (guint64)delta);
  return g_string_free (s, FALSE);
}

char *
hs_compare_summary (const HsCompare *cmp)
{
  g_return_val_if_fail (cmp != NULL, NULL);
  g_autofree char *bytes = hs_compare_format_bytes_delta (cmp->delta_reachable_bytes);
  g_autofree char *objs = hs_compare_format_count_delta (cmp->delta_objects);
  const HsCompareRow *top = hs_compare_biggest_growth (cmp);
  GString *s = g_string_new (NULL);
  g_string_append_printf (s, "%s retained, %s object%s; ", bytes, objs,
                          cmp->delta_objects == 1 || cmp->delta_objects == -1 ? "" : "s");
  if (top)
    {
      g_autofree char *count = hs_compare_format_count_delta (top->delta.count);
      g_autofree char *grew = hs_compare_format_bytes_delta (top->delta.shallow);
      g_string_append_printf (s, "biggest growth: %s %s object%s, %s", top->name, count,
                              top->delta.count == 1 || top->delta.count == -1 ? "" : "s", grew);
    }
  else
    {
      g_string_append (s, "no class grew");
    }
  return g_string_free (s, FALSE);
}

/* --- JSON and text -------------------------------------------------------- */

static void
json_side (GString *out, const HsClassHistogram *h)
{
  g_string_append (out, "{\"file\": ");
  hs_json_string (out, h->file);
  g_string_append_printf (out,
                          ", \"objects\": %" G_GUINT64_FORMAT ", \"reachable_bytes\": %" G_GUINT64_FORMAT "}",
                          h->objects, h->reachable_bytes);
}

static void
json_stats (GString *out, const char *key, guint64 count, guint64 shallow, guint64 retained)
{
  g_string_append_printf (out,
                          ", \"%s\": {\"count\": %" G_GUINT64_FORMAT ", \"shallow\": %" G_GUINT64_FORMAT
                          ", \"retained\": %" G_GUINT64_FORMAT "}",
                          key, count, shallow, retained);
}

void
hs_compare_to_json (const HsCompare *cmp, GString *out, guint limit)
{
  g_return_if_fail (cmp != NULL && out != NULL);
  g_string_append (out, "{\"baseline\": ");
  json_side (out, cmp->baseline);
  g_string_append (out, ",\n \"current\": ");
  json_side (out, cmp->current);
  g_string_append (out, ",\n \"classes\": [");
  guint n = MIN (limit, cmp->n_rows);
  for (guint i = 0; i < n; i++)
    {
      const HsCompareRow *r = &cmp->rows[i];
      g_string_append (out, i ? ",\n  {\"name\": " : "\n  {\"name\": ");
      hs_json_string (out, r->name);
      g_string_append_printf (out, ", \"status\": \"%s\"", hs_compare_status_name (r->status));
      json_stats (out, "baseline", r->baseline.count, r->baseline.shallow, r->baseline.retained);
      json_stats (out, "current", r->current.count, r->current.shallow, r->current.retained);
      g_string_append_printf (out,
                              ", \"delta\": {\"count\": %" G_GINT64_FORMAT ", \"shallow\": %" G_GINT64_FORMAT
                              ", \"retained\": %" G_GINT64_FORMAT "}}",
                              r->delta.count, r->delta.shallow, r->delta.retained);
    }
  g_string_append (out, n ? "\n ]}\n" : "]}\n");
}

static void
text_side (GString *out, const char *label, const HsClassHistogram *h)
{
  g_autofree char *rb = hs_format_bytes (h->reachable_bytes);
  g_string_append_printf (out, "%-10s%s", label, h->file);
  if (h->n_dumps > 1)
    g_string_append_printf (out, " (dump %u of %u)", h->dump, h->n_dumps);
  g_string_append_printf (
      out, ": %" G_GUINT64_FORMAT " objects, %s reachable (%" G_GUINT64_FORMAT " bytes), %s, %u-byte ids\n",
      h->objects, rb, h->reachable_bytes, h->android ? "Android" : "HotSpot", h->id_size);
}

/* "+12.5%", or "-" where the baseline is 0 (no percent). */
static void
text_percent (char *buf, gsize len, guint64 baseline, gint64 delta)
{
  double p;
  if (hs_compare_percent (baseline, delta, &p))
    {
      char num[G_ASCII_DTOSTR_BUF_SIZE];
      g_snprintf (buf, len, "%s%s%%", p > 0 ? "+" : "", g_ascii_formatd (num, sizeof num, "%.1f", p));
    }
  else
    {
      g_strlcpy (buf, "-", len);
    }
}

/* Exact signed numbers for the table: "+16", "-3", "0". */
static const char *
text_signed (char *buf, gsize len, gint64 v)
{
  g_snprintf (buf, len, v ? "%+" G_GINT64_FORMAT : "0", v);
  return buf;
}

void
hs_compare_to_text (const HsCompare *cmp, GString *out, guint limit)
{
  g_return_if_fail (cmp != NULL && out != NULL);
  text_side (out, "Baseline:", cmp->baseline);
  text_side (out, "Current:", cmp->current);
  g_autofree char *summary = hs_compare_summary (cmp);
  g_string_append_printf (out, "%-10s%s\n", "Change:", summary);
  g_string_append_printf (out, "%-10s%u classes, %u new, %u gone\n\n", "Classes:", cmp->n_rows, cmp->n_new,
                          cmp->n_gone);
  g_string_append_printf (out, "%12s %12s %14s %14s %14s %14s %9s  %-6s %s\n", "count", "change", "shallow",
                          "change", "retained", "change", "retained%", "status", "class");
  guint n = MIN (limit, cmp->n_rows);
  for (guint i = 0; i < n; i++)
    {
      const HsCompareRow *r = &cmp->rows[i];
      char pct[48], dc[24], ds[24], dr[24];
      text_percent (pct, sizeof pct, r->baseline.retained, r->delta.retained);
      g_string_append_printf (out,
                              "%12" G_GUINT64_FORMAT " %12s %14" G_GUINT64_FORMAT " %14s %14" G_GUINT64_FORMAT
                              " %14s %9s  %-6s %s\n",
                              r->current.count, text_signed (dc, sizeof dc, r->delta.count),
                              r->current.shallow, text_signed (ds, sizeof ds, r->delta.shallow),
                              r->current.retained, text_signed (dr, sizeof dr, r->delta.retained), pct,
                              hs_compare_status_name (r->status), r->name);
    }
}

void
hs_compare_csv_header (HsCsv *csv)
{
  static const char *const columns[]
      = { "name",          "status",          "baseline_count",   "baseline_shallow", "baseline_retained",
          "current_count", "current_shallow", "current_retained", "delta_count",      "delta_shallow",
          "delta_retained" };

  g_return_if_fail (csv != NULL);
  hs_csv_header (csv, columns, G_N_ELEMENTS (columns));
}

void
hs_compare_row_to_csv (const HsCompareRow *r, HsCsv *csv)
{
  g_return_if_fail (r != NULL && csv != NULL);
  hs_csv_text (csv, r->name);
  hs_csv_text (csv, hs_compare_status_name (r->status));
  hs_csv_uint (csv, r->baseline.count);
  hs_csv_uint (csv, r->baseline.shallow);
  hs_csv_uint (csv, r->baseline.retained);
  hs_csv_uint (csv, r->current.count);
  hs_csv_uint (csv, r->current.shallow);
  hs_csv_uint (csv, r->current.retained);
  hs_csv_int (csv, r->delta.count);
  hs_csv_int (csv, r->delta.shallow);
  hs_csv_int (csv, r->delta.retained);
  hs_csv_end_row (csv);
}
