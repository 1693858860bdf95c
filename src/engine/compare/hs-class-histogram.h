/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-histogram.h: a dump's class table reduced to one row per class
 * name (count, shallow, retained) plus the totals a comparison shows.
 *
 * Self-contained: the names are copied, so the analysis it was taken from
 * can be freed. Comparing two dumps keeps the baseline's histogram only
 * (one row per name), not its analysis. Engine layer: GLib only. */
#pragma once

#include "hs-analysis.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 count; /* objects whose class has this name (class objects
                      * count under java.lang.Class, as in the class table) */
  guint64 shallow;
  guint64 retained; /* sum of the class table's retained sizes */
} HsClassStats;

typedef struct
{
  const char *name; /* Java source form, owned by the histogram */
  HsClassStats stats;
} HsHistogramRow;

typedef struct
{
  char *file; /* the path the dump was read from */
  guint dump; /* which dump of the file */
  guint n_dumps;
  gboolean android; /* Android size rules (docs/semantics.md) */
  guint id_size;    /* 4 or 8 */
  gboolean follow_weak;
  gboolean retained_known; /* FALSE when the analysis had no dominators */
  char *warning;           /* the heap's warning (file cut short), or NULL */
  guint64 objects;         /* every object of the dump */
  guint64 reachable_objects;
  guint64 shallow_bytes;
  guint64 reachable_bytes;
  guint n_rows;
  HsHistogramRow *rows; /* sorted by name (strcmp), names unique */
  GStringChunk *names;
} HsClassHistogram;

/* The name a class is compared under: a lambda or hidden class's name
 * without the address the JVM gave it ("OomApp$$Lambda$1+0x00007f7838000c10"
 * and "OomApp$$Lambda/0x0000000801001000" -> "OomApp$$Lambda", "Foo/0x..."
 * and "Foo.0x..." -> "Foo"; array brackets kept); NULL when name has none.
 * Caller frees. */
char *hs_class_histogram_stable_name (const char *name);

/* The rows `heapscope-cli classes` prints for the analysis (classes with
 * instances or a class object), those sharing a stable name summed. */
HsClassHistogram *hs_class_histogram_new (HsAnalysis *analysis);
/* Analyses path (no leak search), takes its histogram and frees the
 * analysis. opts may be NULL; its skip_* fields are ignored. */
HsClassHistogram *hs_class_histogram_load (const char *path, const HsAnalysisOptions *opts,
                                           HsProgressFunc progress, gpointer progress_data,
                                           GCancellable *cancellable, GError **error);
void hs_class_histogram_free (HsClassHistogram *histogram);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsClassHistogram, hs_class_histogram_free)

G_END_DECLS
