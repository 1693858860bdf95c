/* SPDX-License-Identifier: GPL-3.0-or-later */
/* report-tool: runs the whole analysis on a dump and writes the HTML report
 * with hs_report_write, for the Python checks and the golden files (the
 * same call `heapscope-cli report` makes).
 *
 *   report-tool DUMP OUT [--timestamp] [--follow-weak]
 */
#include "hs-report.h"

int
main (int argc, char **argv)
{
  HsAnalysisOptions opts = { 0 };
  HsReportOptions ropts = { 0 };
  g_autoptr (GError) error = NULL;
  const char *dump = NULL, *out = NULL;

  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--timestamp"))
        ropts.include_generation_time = TRUE;
      else if (g_str_equal (argv[i], "--follow-weak"))
        opts.open.follow_weak = TRUE;
      else if (dump == NULL)
        dump = argv[i];
      else if (out == NULL)
        out = argv[i];
      else
        dump = NULL, out = NULL, i = argc;
    }
  if (dump == NULL || out == NULL)
    {
      g_printerr ("usage: report-tool DUMP OUT [--timestamp] [--follow-weak]\n");
      return 1;
    }

  g_autoptr (HsAnalysis) a = hs_analysis_run (dump, &opts, NULL, NULL, NULL, &error);
  if (a == NULL || !hs_report_write (a, &ropts, out, &error))
    {
      g_printerr ("report-tool: %s\n", error ? error->message : "failed");
      return 2;
    }
  return 0;
}
