/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report.h: the self-contained HTML leak report (engine layer). */
#pragma once

#include "hs-analysis.h"
#include "hs-compare.h"
#include "hs-growth.h"
#include "hs-waste.h"

G_BEGIN_DECLS

typedef struct
{
  /* Write the generation time into the report; off = byte-identical output
   * for the same dump (tests, golden files). */
  gboolean include_generation_time;
  guint top_classes; /* 0 = default (50) */
  guint top_objects; /* 0 = default (25) */
  /* Optional: the comparison of a baseline with this dump (not owned); the
   * report then has a "Growth since OLD" section. NULL: as without. */
  const HsCompare *compare;
  /* Optional: the waste findings of this same analysis, computed already
   * (the window's Insights view holds them; not owned): the Insights
   * section uses them instead of running the finders again. */
  const HsWaste *waste;
  /* Optional: OQL queries (NULL-terminated, not owned), each shown with its
   * table in a "Queries" section (hs-report-queries.c). */
  const char *const *queries;
  /* Optional: what keeps growing over a series of dumps ending with this
   * one (finished, not owned): the report then has a "Growing" section. */
  const HsGrowth *growth;
} HsReportOptions;

/* The report as a string (UTF-8 HTML). */
GString *hs_report_build (HsAnalysis *analysis, const HsReportOptions *opts);
/* Written atomically: a temporary file in the same folder, renamed over
 * path only on success. */
gboolean hs_report_write (HsAnalysis *analysis, const HsReportOptions *opts, const char *path,
                          GError **error);

G_END_DECLS
