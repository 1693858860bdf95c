/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-diff.c: heapscope-cli diff BASELINE DUMP, what grew between two
 * dumps, class by class (issue 14; docs/semantics.md "Comparing two dumps"). */
#include "config.h"

#include "hs-cli.h"
#include "hs-compare.h"

int
hs_cli_diff (const HsCliOptions *o, const char *baseline_path, GError **error)
{
  HsCompareField field = HS_COMPARE_GROWTH;
  g_autoptr (HsClassHistogram) base = NULL;
  g_autoptr (HsCompare) cmp = NULL;
  g_autofree char *rules = NULL;
  HsClassHistogram *cur;
  GString *out;
  guint limit;

  if (o->second_path == NULL)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "diff needs two dumps: diff BASELINE DUMP");
      return 2;
    }
  /* The argument is checked before either dump is read. */
  if (o->sort && !hs_compare_parse_sort_key (o->sort, &field))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "--sort takes growth, count, shallow or retained, not \"%s\"", o->sort);
      return 2;
    }
  /* One mapping for both dumps (builds of the same obfuscation). */
  g_autoptr (HsMapping) mapping = NULL;
  if (o->mapping && !(mapping = hs_cli_load_mapping (o, error)))
    return 2;
  base = hs_cli_load_histogram (o, baseline_path, o->baseline_dump, mapping, "baseline: ", error);
  if (base == NULL)
    return 2;
  cur = hs_cli_load_histogram (o, o->second_path, o->dump, mapping, "current dump: ", error);
  if (cur == NULL)
    return 2;
  cmp = hs_compare_new (g_steal_pointer (&base), cur);
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
