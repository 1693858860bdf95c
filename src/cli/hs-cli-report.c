/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-report.c: `heapscope-cli report`: the HTML leak report, written
 * atomically (or to stdout with -o -); with --baseline OLD, also what grew
 * since OLD; with --series D1 D2 ..., a report on the last dump with what
 * keeps growing over the series. */
#include "config.h"

#include "hs-cli.h"

#include "hs-compare.h"
#include "hs-oql.h"
#include "hs-report.h"

int
hs_cli_report (const HsCliOptions *o, const char *path, GError **error)
{
  g_autoptr (HsClassHistogram) base = NULL;
  g_autoptr (HsCompare) cmp = NULL;
  g_autoptr (HsGrowth) growth = NULL;
  /* One mapping for both dumps, as diff does: parsed once (ref-counted,
   * each heap keeps a reference while it uses it). */
  g_autoptr (HsMapping) mapping = NULL;

  if (!o->output)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "report needs -o FILE");
      return 2;
    }
  /* A query that does not parse fails before the dump is read. */
  for (guint i = 0; o->queries && o->queries[i]; i++)
    {
      g_autoptr (GError) syntax = NULL;
      if (!hs_oql_check (o->queries[i], &syntax))
        {
          g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "--query: %s", syntax->message);
          return 2;
        }
    }
  /* A series: every dump but the last first, only their trees kept; the
   * report is on the last. */
  if (o->series)
    {
      if (!(growth = hs_cli_growth_begin (o, 1 + (guint)o->n_args, error)))
        return 2;
      if (!hs_cli_growth_add (o, growth, path, NULL, error))
        return 2;
      for (int i = 0; i + 1 < o->n_args; i++)
        if (!hs_cli_growth_add (o, growth, o->args[i], NULL, error))
          return 2;
      path = o->args[o->n_args - 1];
    }
  /* The baseline first, and only its class table kept: its analysis is
   * freed before the dump is read, so the two are never in memory
   * together. */
  if (o->baseline)
    {
      if (o->mapping && !(mapping = hs_cli_load_mapping (o, error)))
        return 2;
      base = hs_cli_load_histogram (o, o->baseline, o->baseline_dump, mapping, "baseline: ", error);
      if (!base)
        return 2;
      if (base->warning && !o->quiet)
        g_printerr ("warning: baseline: %s\n", base->warning);
    }
  /* The Insights section's waste found beside the dominators. */
  g_autoptr (HsAnalysis) a = o->baseline ? hs_cli_load_mapped (o, path, TRUE, TRUE, TRUE, mapping, error)
                                         : hs_cli_load_full (o, path, TRUE, TRUE, TRUE, error);
  if (!a)
    return 2;
  if (growth && (!hs_cli_growth_add (o, growth, path, a, error) || !hs_cli_growth_end (o, growth, error)))
    return 2;
  if (base)
    {
      g_autofree char *rules = NULL;
      cmp = hs_compare_new (g_steal_pointer (&base), hs_class_histogram_new (a));
      rules = hs_compare_warning (cmp);
      if (rules && !o->quiet)
        g_printerr ("warning: %s\n", rules);
    }
  HsReportOptions ropts = { .include_generation_time = !o->no_timestamp,
                            .compare = cmp,
                            .queries = (const char *const *)o->queries,
                            .growth = growth };
  /* -o -: the report on stdout. */
  if (g_str_equal (o->output, "-"))
    {
      g_autoptr (GString) html = hs_report_build (a, &ropts);
      if (html == NULL)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_IO, "cannot build the report for %s", path);
          return 2;
        }
      hs_cli_write_raw (html);
      return 0;
    }
  if (!hs_report_write (a, &ropts, o->output, error))
    return 2;
  if (!o->quiet)
    g_printerr ("Wrote %s\n", o->output);
  return 0;
}
