/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-retained-selection.h: the precise retained size of a selection of
 * objects (MAT's "Calculate Precise Retained Size"): rows of the window
 * (instances, classes standing for all their instances, query results,
 * a suspect's members) or the CLI's retained-set. Engine layer.
 *
 * The definition is hs_retained_set_precise's (graph/hs-retained.h): mark
 * the set, walk from the GC roots without entering it, and add up the
 * reachable objects the walk left out. This is that walk with a progress
 * fraction and a GCancellable looked at every 64 Ki objects, over one byte
 * per object (set member and seen in one array). */
#pragma once

#include <gio/gio.h>
#include "hs-analysis.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 n_objects;      /* distinct objects selected (class rows: their instances) */
  guint64 shallow;        /* their shallow sizes added up */
  guint64 retained;       /* what freeing them all would free, in bytes */
  guint64 retained_count; /* ... and in objects (the selected reachable ones included) */
} HsRetainedSelection;

/* Called now and then on the worker with the part done, in [0, 1]. */
typedef void (*HsFractionFunc) (double fraction, gpointer data);

/* The set: objs (n_objs object indexes of analysis's heap, duplicates
 * allowed) and every instance of classes (n_classes; either may be empty).
 * FALSE with G_IO_ERROR_CANCELLED when cancelled, or HS_ERROR_ARGUMENT for
 * an object index out of range. Reads the analysis only: the caller holds
 * it (hs_analysis_hold) on a worker. progress may be NULL. */
gboolean hs_retained_selection_compute (HsAnalysis *analysis, const HsObj *objs, gsize n_objs,
                                        const HsClass *classes, guint n_classes, HsFractionFunc progress,
                                        gpointer progress_data, GCancellable *cancellable,
                                        HsRetainedSelection *out, GError **error);

/* A class suspect's members (docs/semantics.md, problem suspects): the
 * objects no other object retains (children of the dominator tree's
 * virtual root) whose class name, as the class table shows it ("class X"
 * for a class object), is class_name; in index order. One pass over the
 * dominator tree; empty without one. */
GArray *hs_retained_selection_top_level_of (HsAnalysis *analysis, const char *class_name);

G_END_DECLS
