/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-one.h: the code path the fuzzer and the regression driver share. */
#pragma once

#include <glib.h>

#include "hs-analysis.h"

/* Runs one input through the whole engine: open (options chosen from the
 * last byte), the analysis pipeline, the report, the leak traces as text
 * and the per-object accessors on a handful of objects. Returns TRUE when
 * the input loaded, FALSE when it was rejected with an HS_ERROR (both are
 * fine); anything else (a crash, a GError of another domain, a rejection
 * without a message) aborts. */
gboolean hs_fuzz_one (const guint8 *data, gsize len);

/* The part after the analysis, on one however obtained (fuzz-index-dump.c:
 * read from an index): the leak traces and their JSON, the accessors on
 * a few objects and the top ones, the report. Frees a; aborts on a broken
 * promise. */
void hs_fuzz_one_analysis (HsAnalysis *a);
