/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-growth.h: the report's "Growth since OLD" section, from a
 * comparison of the baseline with the dump the report is about. */
#pragma once

#include "hs-compare.h"

G_BEGIN_DECLS

/* Appends one <section id="growth">: the totals of both dumps and their
 * change, the size-rules warning if any, and at most limit classes that
 * grew (by count, shallow or retained size), biggest retained growth
 * first. Every dump-derived string is escaped; the markup uses the
 * report's table classes ("kv", "data sortable", "num"). */
void hs_report_growth_section (GString *html, const HsCompare *cmp, guint limit);

G_END_DECLS
