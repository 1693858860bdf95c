/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-report.c: libFuzzer target for the report: a dump from the input
 * through the whole pipeline (leaks and suspects included, Android
 * inspectors as leaks) into hs_report_build; the page must be UTF-8 and
 * carry its one inline script only (dump text escaped). */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hs-analysis.h"
#include "hs-report.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR);
  return 0;
}

static guint
count (const char *hay, const char *needle)
{
  guint n = 0;
  for (const char *p = strstr (hay, needle); p; p = strstr (p + 1, needle))
    n++;
  return n;
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autoptr (GError) error = NULL;
  HsAnalysisOptions opts = { 0 };

  opts.leaks.android_inspectors_as_leaks = TRUE;
  HsHeap *heap = hs_heap_open_bytes (data, size, "fuzz.hprof", &opts.open, NULL, NULL, NULL, &error);
  if (heap == NULL)
    return 0;
  g_autoptr (HsAnalysis) a = hs_analysis_run_on_heap (heap, &opts, NULL, NULL, NULL, &error);
  if (a == NULL)
    return 0;
  HsReportOptions ropts = { .include_generation_time = FALSE };
  g_autoptr (GString) html = hs_report_build (a, &ropts);
  if (html == NULL || !g_utf8_validate (html->str, html->len, NULL) || count (html->str, "<script") != 1)
    abort ();
  return 0;
}
