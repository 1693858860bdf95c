/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-diff.c: heapscope-cli diff BASELINE DUMP, what grew between two
 * dumps, class by class (docs/semantics.md "Comparing two dumps"). */
#include "config.h"

#include "hs-cli.h"
#include "hs-compare.h"

static gboolean
diff_sort (const HsCliOptions *o, HsCompareField *field, GError **error)
{
  *field = HS_COMPARE_GROWTH;
  if (o->sort && !hs_compare_parse_sort_key (o->sort, field))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "--sort takes growth, count, shallow or retained, not \"%s\"", o->sort);
      return FALSE;
    }
  return TRUE;
}

int
hs_cli_diff_emit (const HsCliOptions *o, HsClassHistogram *base, HsClassHistogram *cur, GError **error)
{
  HsCompareField field;
  g_autoptr (HsCompare) cmp = NULL;
  g_autofree char *rules = NULL;
  GString *out;
  guint limit;

  if (!diff_sort (o, &field, error))
    {
      hs_class_histogram_free (base);
      hs_class_histogram_free (cur);
      return 2;
    }
  cmp = hs_compare_new (base, cur);
  rules = hs_compare_warning (cmp);
  if (!o->quiet)
    {
      if (cmp->baseline->warning)
        hs_cli_printerr ("warning: baseline: %s\n", cmp->baseline->warning);
      if (cmp->current->warning)
        hs_cli_printerr ("warning: current dump: %s\n", cmp->current->warning);
      if (rules)
        hs_cli_printerr ("warning: %s\n", rules);
    }
  hs_compare_sort (cmp, field);
  limit = o->limit >= 0 ? (guint)o->limit : G_MAXUINT;
  out = g_string_new (NULL);
  if (o->csv)
    {
      HsCsv csv;
      hs_csv_init (&csv, out);
      hs_compare_csv_header (&csv);
      for (guint i = 0; i < MIN (limit, cmp->n_rows); i++)
        hs_compare_row_to_csv (&cmp->rows[i], &csv);
    }
  else if (o->json)
    hs_compare_to_json (cmp, out, limit);
  else
    hs_compare_to_text (cmp, out, limit);
  hs_cli_write (out);
  g_string_free (out, TRUE);
  return 0;
}

int
hs_cli_diff (const HsCliOptions *o, const char *baseline_path, GError **error)
{
  HsCompareField field;
  HsClassHistogram *base, *cur;

  if (o->second_path == NULL)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "diff needs two dumps: diff BASELINE DUMP");
      return 2;
    }
  /* The argument is checked before either dump is read. */
  if (!diff_sort (o, &field, error))
    return 2;
  /* One mapping for both dumps (builds of the same obfuscation). */
  g_autoptr (HsMapping) mapping = NULL;
  if (o->mapping && !(mapping = hs_cli_load_mapping (o, error)))
    return 2;
  base = hs_cli_load_histogram (o, baseline_path, o->baseline_dump, mapping, "baseline: ", error);
  if (base == NULL)
    return 2;
  cur = hs_cli_load_histogram (o, o->second_path, o->dump, mapping, "current dump: ", error);
  if (cur == NULL)
    {
      hs_class_histogram_free (base);
      return 2;
    }
  return hs_cli_diff_emit (o, base, cur, error);
}
