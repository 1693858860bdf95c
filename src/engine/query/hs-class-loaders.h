/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-loaders.h: the class loaders of a dump and the classes that
 * several of them define (Eclipse MAT's Class Loader Explorer and
 * Duplicate Classes; docs/semantics.md "Class loaders"). Engine layer.
 *
 * One pass over the class table, one sort of it by name: O(C log C) in
 * the number of classes, nothing per object. */
#pragma once

#include "hs-analysis.h"

G_BEGIN_DECLS

/* The bootstrap loader's id (classes whose loader is 0). */
#define HS_BOOTSTRAP_LOADER_ID ((guint64)0)

typedef struct
{
  guint64 id; /* the loader object's id; HS_BOOTSTRAP_LOADER_ID for the bootstrap loader */
  HsObj obj;  /* HS_OBJ_NONE for the bootstrap loader and an id that names no object */
  /* "CLASS @ 0xID (NAME)" (NAME: the loader's String `name` field when
   * set), "<system class loader>" (Eclipse MAT's name of the
   * bootstrap loader), "<unknown class loader> @ 0xID" (hs-loader-label.h). */
  char *label;
  guint n_classes;       /* classes it defines (with a class object) */
  guint64 instances;     /* objects of those classes, reachable or not */
  gboolean has_retained; /* the loader is an object and the dominators were computed */
  guint64 retained;      /* the loader object's retained size (0 when unreachable) */
} HsClassLoader;

typedef struct
{
  HsClass klass;
  guint loader;      /* index in HsClassLoaders.loaders */
  guint64 instances; /* objects of this class */
} HsDuplicateDef;

typedef struct
{
  const char *name; /* owned by the heap */
  guint n_loaders;  /* distinct loaders defining it (>= 2) */
  guint64 instances;
  const HsDuplicateDef *defs; /* n_defs, by instances descending, then loader id */
  guint n_defs;
} HsDuplicateClass;

typedef struct
{
  /* The bootstrap loader first (when it defines a class), then by retained
   * size descending, classes descending, id ascending. */
  HsClassLoader *loaders;
  guint n_loaders;
  /* By number of loaders descending, instances descending, name. */
  HsDuplicateClass *duplicates;
  guint n_duplicates;
  HsDuplicateDef *defs; /* the storage of the duplicates' defs */
} HsClassLoaders;

/* Computes both tables. Thread-safe on a finished analysis (hold it while
 * this runs on a worker). NULL with error set when cancelled. */
HsClassLoaders *hs_class_loaders_compute (HsAnalysis *analysis, GCancellable *cancellable, GError **error);
void hs_class_loaders_free (HsClassLoaders *loaders);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsClassLoaders, hs_class_loaders_free)

/* Both tables as CSV (cells as RFC 4180 quotes them, a row a line),
 * numbers unformatted: "loader, id, classes, instances, retained"
 * (retained empty for the bootstrap loader), a blank line, then
 * "duplicate class, loaders, loader, instances", one row per loader of
 * each duplicate. The window's Copy as CSV and `loaders --csv`. */
void hs_class_loaders_append_csv (GString *out, const HsClassLoaders *loaders);

G_END_DECLS
