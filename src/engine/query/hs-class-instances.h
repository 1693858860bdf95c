/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-instances.h: the instances of every class, each class's in the
 * instance list's order (hs-query.h: retained size descending, then shallow
 * size descending, then index), as one flat list and an offset per class.
 * A persistent index keeps it (docs/index.md), so that a reopened dump
 * lists a class of tens of millions at once, without a scan of the class
 * column or a sort. A fresh analysis does not compute it: the index
 * writer does, after the first screen. Engine layer. */
#pragma once

#include "hs-analysis.h"
#include "hs-index-file.h"

G_BEGIN_DECLS

typedef struct _HsClassInstances HsClassInstances;

/* Every class's instances of a finished analysis (dominators computed),
 * found with one pass over the class column on both cores and sorted class
 * by class. NULL when cancelled. About 4 bytes an object while it lives. */
HsClassInstances *hs_class_instances_build (HsAnalysis *analysis, GCancellable *cancellable);
void hs_class_instances_free (HsClassInstances *ci);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsClassInstances, hs_class_instances_free)

/* The instances of class c, in order, as a new array of HsObj; NULL when
 * the list cannot be used for c (c outside it, or an entry that is not an
 * object of this heap: a hostile index), and the caller scans instead. */
GArray *hs_class_instances_of (const HsClassInstances *ci, HsClass c, guint64 n_objects);
/* The instances of one class in the order of hs_query_instances, from the
 * analysis's list (analysis->class_instances, which a persistent index
 * holds): a copy, no scan, no sort. NULL when the analysis has no list, or
 * it cannot be used for these classes (several classes, a hostile entry). */
GArray *hs_class_instances_listed (HsAnalysis *analysis, const HsClass *classes, guint n_classes);
/* hs_query_instances, answered from the list when the analysis has one. */
GArray *hs_class_instances_query (HsAnalysis *analysis, const HsClass *classes, guint n_classes);
/* How many classes it covers. */
guint hs_class_instances_n_classes (const HsClassInstances *ci);

/* The two index sections (HS_INDEX_SECTION_CLASS_INSTANCE_OFFSETS and
 * _OBJECTS): written as they are, read in place (mapped). */
gboolean hs_class_instances_persist_write (const HsClassInstances *ci, HsIndexWriter *w, GError **error);
/* NULL with no error when the index has no such sections (an index that
 * holds none is still whole); an error (HS_ERROR_INDEX) when they are
 * there but do not fit n_classes classes and n_objects objects. The
 * offsets are checked here; the entries when a class's list is asked for. */
HsClassInstances *hs_class_instances_persist_read (HsIndexFile *f, guint n_classes, guint64 n_objects,
                                                   GError **error);

G_END_DECLS
