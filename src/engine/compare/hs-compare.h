/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-compare.h: what changed between two dumps, class by class
 * (docs/semantics.md, "Comparing two dumps"): the two class histograms matched
 * by name, the change of each figure, totals, a one-line summary, and the
 * JSON and text the CLI prints. Engine layer: GLib only. */
#pragma once

#include "hs-class-histogram.h"
#include "hs-csv.h"

G_BEGIN_DECLS

typedef enum
{
  HS_COMPARE_BOTH, /* the name is in both dumps */
  HS_COMPARE_NEW,  /* only in the current dump */
  HS_COMPARE_GONE, /* only in the baseline */
} HsCompareStatus;

/* What rows can be ordered by. Numbers sort biggest first (for deltas:
 * biggest growth first), ties by name; NAME sorts by name. A percent is
 * +infinity where a class grew from a baseline of 0, and 0 where both
 * are 0. */
typedef enum
{
  HS_COMPARE_NAME,
  HS_COMPARE_STATUS,
  HS_COMPARE_BASELINE_COUNT,
  HS_COMPARE_BASELINE_SHALLOW,
  HS_COMPARE_BASELINE_RETAINED,
  HS_COMPARE_CURRENT_COUNT,
  HS_COMPARE_CURRENT_SHALLOW,
  HS_COMPARE_CURRENT_RETAINED,
  HS_COMPARE_DELTA_COUNT,
  HS_COMPARE_DELTA_SHALLOW,
  HS_COMPARE_DELTA_RETAINED,
  HS_COMPARE_PERCENT_COUNT,
  HS_COMPARE_PERCENT_SHALLOW,
  HS_COMPARE_PERCENT_RETAINED,
  /* What grew: shallow bytes growth, then object count growth. */
  HS_COMPARE_GROWTH,
} HsCompareField;

typedef struct
{
  gint64 count, shallow, retained;
} HsClassDelta;

typedef struct
{
  const char *name; /* owned by one of the histograms */
  HsCompareStatus status;
  HsClassStats baseline; /* zeros when NEW */
  HsClassStats current;  /* zeros when GONE */
  HsClassDelta delta;    /* current minus baseline */
} HsCompareRow;

typedef struct
{
  HsClassHistogram *baseline; /* owned */
  HsClassHistogram *current;  /* owned */
  guint n_rows;               /* every name of either dump, once */
  HsCompareRow *rows;         /* in the order of sort_field */
  HsCompareField sort_field;
  gint64 delta_objects; /* current minus baseline, whole dumps */
  gint64 delta_reachable_objects;
  gint64 delta_reachable_bytes;
  guint n_new, n_gone;
} HsCompare;

/* Takes both histograms. Rows start sorted by HS_COMPARE_GROWTH. */
HsCompare *hs_compare_new (HsClassHistogram *baseline, HsClassHistogram *current);
void hs_compare_free (HsCompare *cmp);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsCompare, hs_compare_free)

void hs_compare_sort (HsCompare *cmp, HsCompareField field);
/* <0 when a comes first in the order of field (see HsCompareField). */
int hs_compare_row_cmp (const HsCompareRow *a, const HsCompareRow *b, HsCompareField field);
/* The numeric fields smallest first (names still A to Z on ties); name and
 * status as hs_compare_row_cmp. */
int hs_compare_row_cmp_ascending (const HsCompareRow *a, const HsCompareRow *b, HsCompareField field);
/* "count", "shallow", "retained" -> the matching DELTA field, "growth" ->
 * HS_COMPARE_GROWTH; FALSE otherwise. */
gboolean hs_compare_parse_sort_key (const char *key, HsCompareField *field);
const char *hs_compare_status_name (HsCompareStatus status); /* "both", "new", "gone" */
/* 100 * delta / baseline; FALSE (no percent) when baseline is 0. */
gboolean hs_compare_percent (guint64 baseline, gint64 delta, double *percent);
/* The row that grew most: the first in HS_COMPARE_GROWTH order whose
 * shallow bytes or count grew; NULL if none did. (Retained growth is not
 * the measure: a container's retained size moves with what it holds.) */
const HsCompareRow *hs_compare_biggest_growth (const HsCompare *cmp);

/* Non-NULL when the dumps follow different size rules (Android against
 * HotSpot, 4- against 8-byte ids). Caller frees. */
char *hs_compare_warning (const HsCompare *cmp);
/* "+38.2 MB retained, +412,000 objects; biggest growth: byte[] +6,000
 * objects, +24.1 MB"
 * (retained: the change of reachable bytes, which is what the dominator
 * tree's root retains). Caller frees. */
char *hs_compare_summary (const HsCompare *cmp);

/* The CLI's output: at most limit classes (G_MAXUINT: all) in the current
 * order. JSON as docs/cli.md gives it; text a header and a table. */
void hs_compare_to_json (const HsCompare *cmp, GString *out, guint limit);
void hs_compare_to_text (const HsCompare *cmp, GString *out, guint limit);

/* "+24.1 MB", "-950 B", "0 B" (SI, as hs_format_bytes). Caller frees. */
char *hs_compare_format_bytes_delta (gint64 delta);
/* "+412,000", "-3", "0". Caller frees. */
char *hs_compare_format_count_delta (gint64 delta);

/* CSV (hs-csv.h): the header row (name, status, baseline_count,
 * baseline_shallow, baseline_retained, current_count, current_shallow,
 * current_retained, delta_count, delta_shallow, delta_retained: the
 * JSON's figures), then one row per class (diff --csv, the Compare
 * view's export). */
void hs_compare_csv_header (HsCsv *csv);
void hs_compare_row_to_csv (const HsCompareRow *row, HsCsv *csv);

G_END_DECLS
