/* hs-cli-report.c: `heapscope-cli report`: the HTML leak report, written atomically (or to stdout with -o -). */
#include "config.h"

#include "hs-cli.h"

#include "hs-report.h"

int
hs_cli_report (const HsCliOptions *o, const char *path, GError **error)
{
  if (!o->output)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "report needs -o FILE");
      return 2;
    }
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, TRUE, TRUE, error);
  if (!a)
    return 2;
  HsReportOptions ropts = { .include_generation_time = !o->no_timestamp };
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
