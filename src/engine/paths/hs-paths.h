/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths.h: why objects are still alive. Merged shortest paths from the
 * GC roots to a set of objects, the other paths of one object, and
 * references excluded from both (docs/semantics.md, "Paths to GC roots").
 * The paths follow the leak traces' rules and priorities (hs-leaks.h).
 * Engine layer: GLib only. */
#pragma once

#include "hs-csv.h"
#include "hs-heap.h"
#include "hs-dominators.h"
#include "hs-leaks.h"

G_BEGIN_DECLS

/* Reference kinds that can be excluded. */
typedef enum
{
  HS_PATHS_WEAK = 1 << 0,      /* referent of a java.lang.ref.WeakReference */
  HS_PATHS_SOFT = 1 << 1,      /* ... SoftReference */
  HS_PATHS_PHANTOM = 1 << 2,   /* ... PhantomReference */
  HS_PATHS_FINALIZER = 1 << 3, /* ... FinalReference, and FINALIZING roots */
} HsPathsKind;

#define HS_PATHS_EXCLUDE_DEFAULT (HS_PATHS_WEAK | HS_PATHS_SOFT | HS_PATHS_PHANTOM)
#define HS_PATHS_ALL_KINDS (HS_PATHS_EXCLUDE_DEFAULT | HS_PATHS_FINALIZER)

typedef struct
{
  guint exclude_kinds; /* HsPathsKind bits; HS_PATHS_EXCLUDE_DEFAULT as the leak traces */
  /* References never followed, "Class.field" (an instance field of Class
   * or of a subclass, or a static of Class), NULL-terminated; may be NULL. */
  const char *const *exclude_refs;
  const HsLeakOptions *leaks; /* matchers; NULL: the built-in ones */
} HsPathsOptions;

/* "weak", "soft", "phantom", "finalizer" -> its bit; 0 if none. */
guint hs_paths_kind_from_name (const char *name);
const char *hs_paths_kind_name (guint kind_bit);
/* Checks one "Class.field": FALSE with error (HS_ERROR_ARGUMENT) when it
 * has no dot or an empty part. */
gboolean hs_paths_check_ref (const char *ref, GError **error);
/* Whether opts differ from the default (then what they change is told). */
gboolean hs_paths_options_are_default (const HsPathsOptions *opts);

#define HS_PATHS_NO_NODE G_MAXUINT32

/* One node of merged paths: the objects standing at one step, all of one
 * class, held by one reference from the objects of the parent node (a top
 * node: the GC roots of one kind and class). */
typedef struct
{
  guint32 parent; /* HS_PATHS_NO_NODE for a top node */
  guint32 first_child, n_children;
  const char *class_name; /* as hs_heap_object_class_name */
  const char *reference;  /* NULL for a top node */
  gint root_kind;         /* HsRootType of a top node, -1 below */
  guint64 objects;        /* distinct objects here */
  guint64 reached;        /* objects of the set whose path runs through here */
  guint64 shallow, retained;
  guint64 first_object; /* its objects: objects[first_object .. + objects) */
} HsPathsNode;

typedef struct
{
  guint64 n_targets;   /* distinct objects of the set */
  guint64 n_unreached; /* of them, with no path */
  /* When the options are not the default: the targets a path reaches
   * with the default exclusions and no longer with these (would be freed
   * if the excluded references were cut). -1 otherwise. */
  gint64 n_freed;
  guint n_nodes, n_tops; /* nodes[0 .. n_tops) are the tops */
  HsPathsNode *nodes;    /* parents before children, siblings sorted */
  HsObj *objects;        /* each node's objects, ascending */
  GStringChunk *strings;
} HsMergedPaths;

/* The merged shortest paths of targets (HS_OBJ_NONE and out-of-range
 * entries ignored, duplicates counted once). dom gives retained sizes
 * (NULL: 0). NULL with error on cancellation, lack of memory or a bad
 * option. */
HsMergedPaths *hs_paths_merged (HsHeap *heap, const HsDomTree *dom, const HsPathsOptions *opts,
                                const HsObj *targets, gsize n_targets, GCancellable *cancellable,
                                GError **error);
void hs_merged_paths_free (HsMergedPaths *m);
/* The merged paths of several sets with the default exclusions, from one
 * search (what the report shows for each suspect and leak group):
 * n_sets HsMergedPaths*, n_freed -1. NULL with error on cancellation or
 * lack of memory. */
GPtrArray *hs_paths_merged_many (HsHeap *heap, const HsDomTree *dom, const HsObj *const *sets,
                                 const gsize *n_in_set, guint n_sets, GCancellable *cancellable,
                                 GError **error);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsMergedPaths, hs_merged_paths_free)

/* One path, root first: steps[i].reference names the reference from
 * steps[i] to steps[i + 1] (NULL on the last). */
typedef struct
{
  HsObj obj;
  const char *class_name;
  const char *reference;
} HsPathStep;

typedef struct
{
  gint root_kind; /* HsRootType the path starts at */
  guint n_steps;
  HsPathStep *steps;
} HsPath;

typedef struct
{
  GPtrArray *paths; /* HsPath*, the shortest first; empty: no path */
  /* With options that are not the default: TRUE when the object has a
   * path with the default exclusions and none with these. */
  gboolean freed;
  GStringChunk *strings;
} HsPathSet;

/* The shortest path to target and the next-shortest ones, at most
 * max_paths in all, each through a reference no earlier one goes through
 * (docs/semantics.md). NULL with error on cancellation or a bad option. */
HsPathSet *hs_paths_all (HsHeap *heap, const HsDomTree *dom, const HsPathsOptions *opts, HsObj target,
                         guint max_paths, GCancellable *cancellable, GError **error);
void hs_path_set_free (HsPathSet *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsPathSet, hs_path_set_free)

/* Output. Text: an indented tree, LeakCanary-like; max_children per node
 * (0: all). JSON: {"targets", "unreached", "freed", "roots": [node]}, a
 * node {"class", "reference", "root_kind", "objects", "reached",
 * "shallow", "retained", "children": [node]}. */
void hs_merged_paths_to_text (const HsMergedPaths *m, guint max_children, GString *out);
void hs_merged_paths_to_json (const HsMergedPaths *m, guint max_children, GString *out);
void hs_path_set_to_text (HsHeap *heap, const HsPathSet *s, GString *out);
void hs_path_set_to_json (HsHeap *heap, const HsPathSet *s, GString *out);
/* CSV (hs-csv.h). Merged paths: the header row, then one row per node,
 * parents before their children (the text's order), at most max_children
 * per node (0: all; the nodes left out have no row): depth (0: a GC root
 * node), class, reference (empty at depth 0), root_kind (empty below),
 * objects, reached, shallow, retained. A path set: its header row, then
 * one row per step of each path: target (the object's id), path (0: the
 * shortest), root_kind, step (0: the GC root), id, class, reference (to
 * the next step; empty on the last). */
void hs_merged_paths_to_csv (const HsMergedPaths *m, guint max_children, GString *out);
void hs_path_set_csv_header (HsCsv *csv);
void hs_path_set_to_csv (HsHeap *heap, HsObj target, const HsPathSet *s, HsCsv *csv);

G_END_DECLS
