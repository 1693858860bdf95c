/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-private.h: what the report's section files share: the build
 * context, the section interface and the HTML helpers (hs-report-html.c).
 *
 * A section is one function that appends one <section id="ID"> ... </section>
 * (or nothing) to the page. hs-report.c lists the sections in order, with
 * the title the page's navigation shows for each; adding a section is one
 * function in its own hs-report-NAME.c and one row in that table. */
#pragma once

#include "hs-report.h"
#include "hs-format.h"
#include "hs-paths.h"

G_BEGIN_DECLS

/* Everything a section may read: the analysis and the options with their
 * defaults filled in. */
typedef struct
{
  HsAnalysis *analysis;
  const HsReportOptions *opts;
  guint top_classes;
  guint top_objects;
} HsReportContext;

typedef void (*HsReportSectionFunc) (GString *out, const HsReportContext *ctx);

typedef struct
{
  const char *id;    /* the <section>'s id and the nav anchor */
  const char *title; /* nav label; NULL = not in the nav */
  HsReportSectionFunc build;
  /* Optional: whether the section is on this page (and in the nav);
   * NULL = always. */
  gboolean (*shown) (const HsReportContext *ctx);
} HsReportSection;

/* The sections (hs-report-sections.c, -leaks.c, -treemap.c, -suspects.c). */
void hs_report_section_suspects (GString *out, const HsReportContext *ctx);
void hs_report_section_dump (GString *out, const HsReportContext *ctx);
void hs_report_section_totals (GString *out, const HsReportContext *ctx);
void hs_report_section_leaks (GString *out, const HsReportContext *ctx);
void hs_report_section_classes (GString *out, const HsReportContext *ctx);
void hs_report_section_objects (GString *out, const HsReportContext *ctx);
void hs_report_section_treemap (GString *out, const HsReportContext *ctx);
void hs_report_section_insights (GString *out, const HsReportContext *ctx); /* hs-report-insights.c */
void hs_report_section_threads (GString *out, const HsReportContext *ctx);  /* hs-report-threads.c */
/* hs-report-growth.c: only with opts->compare. */
void hs_report_section_growth (GString *out, const HsReportContext *ctx);
void hs_report_section_heaps (GString *out, const HsReportContext *ctx); /* hs-report-heaps.c */
gboolean hs_report_heaps_shown (const HsReportContext *ctx);
/* hs-report-queries.c: the user's OQL queries (opts->queries). */
void hs_report_section_queries (GString *out, const HsReportContext *ctx);
gboolean hs_report_queries_shown (const HsReportContext *ctx);
gboolean hs_report_growth_shown (const HsReportContext *ctx);
/* hs-report-growing.c: only with opts->growth. */
void hs_report_section_growing (GString *out, const HsReportContext *ctx);
gboolean hs_report_growing_shown (const HsReportContext *ctx);
/* hs-report-duplicates.c: classes several loaders define, when any. */
void hs_report_section_duplicates (GString *out, const HsReportContext *ctx);
gboolean hs_report_duplicates_shown (const HsReportContext *ctx);
/* hs-report-props.c: system properties and JVM arguments, when any. */
void hs_report_section_props (GString *out, const HsReportContext *ctx);
gboolean hs_report_props_shown (const HsReportContext *ctx);

/* A trace's path as the leak section shows it (hs-report-leaks.c), for
 * leak traces and problem suspects' paths; the style says what the marked
 * references mean (a leak's suspects, or the way into a suspect's
 * accumulation point) and how the last node is drawn. An abridged trace
 * (n_elided) shows "… N more references" where the nodes were left out. */
typedef enum
{
  HS_REPORT_PATH_LEAK,
  HS_REPORT_PATH_SUSPECT,
} HsReportPathStyle;

void hs_report_append_trace_path (GString *out, HsAnalysis *a, const HsLeakTrace *tr,
                                  HsReportPathStyle style);

/* Merged paths to GC roots of a suspect's or a leak group's objects
 * (hs-report-paths.c): a <details> with the tree, 5 branches a node. */
void hs_report_append_merged_paths (GString *out, const HsMergedPaths *m);

/* --- HTML helpers (hs-report-html.c) ------------------------------------ */

/* The one escaping policy for dump-derived text, in HTML text and
 * attribute values alike: invalid UTF-8 repaired, control characters
 * other than tab and newline (which HTML forbids) and DEL become U+FFFD,
 * & < > " ' become entities. NULL appends nothing. */
void hs_html_escape (GString *out, const char *s);
void hs_html_append_u64 (GString *out, guint64 v);
/* hs_format_bytes, escaped. */
void hs_html_append_bytes (GString *out, guint64 v);
/* 0x1234 */
void hs_html_append_id (GString *out, guint64 id);
/* One decimal, C locale ("12.5"). */
void hs_html_append_double (GString *out, double v);
/* 950 -> "950 ms", 45000 -> "45.0 s", exact milliseconds in a title. */
void hs_html_append_duration (GString *out, gint64 ms);
/* Sortable numeric cells: the exact value in data-v (and, for bytes,
 * grouped in the title). */
void hs_html_td_bytes (GString *out, guint64 v);
void hs_html_td_count (GString *out, guint64 v);
/* Rows of a key/value table; key is trusted markup, value is escaped. */
void hs_html_kv_text (GString *out, const char *key, const char *value);
void hs_html_kv_count (GString *out, const char *key, guint64 v);
void hs_html_kv_bytes (GString *out, const char *key, guint64 v);

G_END_DECLS
