/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-private.h: what the paths units share: one run of the leak
 * search with a paths search's exclusions, and the names of the
 * references on the paths it finds. */
#pragma once

#include "hs-paths.h"
#include "hs-leaks-private.h"

G_BEGIN_DECLS

/* Scratch of _hs_paths_name_children: an open-addressing table of one
 * parent's children by id, reused from parent to parent. */
typedef struct
{
  guint64 *id;
  HsObj *obj; /* HS_OBJ_NONE: empty */
  guint8 *done;
  guint32 cap;
  /* One instance's non-null reference fields, in field order. */
  HsNamedRef *slots;
  guint32 slots_cap;
} PathsKids;

typedef struct
{
  LeakExclusions ex;
  LeakCtx c;
  GHashTable *labels; /* label -> the same, interned in chunk */
  GStringChunk *chunk;
  PathsKids kids;
} PathsSearch;

/* Runs the leak search (roots, queues, matchers, followability) with
 * opts' exclusions to the targets (exhaustive: on until the queues are
 * empty, so that every object has its shortest path). chunk: where the
 * labels go (not owned). FALSE with error on cancellation or a bad
 * option; s is to be cleared either way. */
gboolean _hs_paths_search_run (PathsSearch *s, HsHeap *heap, const HsDomTree *dom, const HsPathsOptions *opts,
                               const HsObj *targets, gsize n_targets, gboolean exhaustive,
                               GStringChunk *chunk, GCancellable *cancellable, GError **error);
void _hs_paths_search_clear (PathsSearch *s);

/* TRUE when the search reached o (it has a path): queued or visited, and
 * not one of the objects that lead nowhere, which the search marks
 * visited up front without a path. */
gboolean _hs_paths_reached (const PathsSearch *s, HsObj o);

/* Whether the search would take r from `from` to r->target (followable,
 * and the same library-leak matcher as the target's path). */
gboolean _hs_paths_ref_taken (PathsSearch *s, HsObj from, const HsNamedRef *r);
/* The label of r held by from ("Decl.field", "static C.f", "[]" or
 * "[i]"), interned. */
const char *_hs_paths_ref_label (PathsSearch *s, HsObj from, const HsNamedRef *r, gboolean collapse);
/* "<Java Local>", or "<Java Local> in FRAME" where the dump gives it;
 * interned. */
const char *_hs_paths_local_label (PathsSearch *s, guint root_index);
const char *_hs_paths_intern (PathsSearch *s, const char *label);
/* Names the references from instance p (reached through its graph edges)
 * to its children on the search's tree that wanted() accepts: named() is
 * called once per such child with the first field of p that holds it (a
 * HS_REF_FIELD reference); a child no field holds is not named. No field
 * value is looked up in the id index (hs-paths-children.c). */
typedef gboolean (*PathsChildWanted) (HsObj child, gpointer data);
typedef void (*PathsChildNamed) (HsObj child, const HsNamedRef *r, gpointer data);
void _hs_paths_name_children (PathsSearch *s, HsObj p, PathsChildWanted wanted, PathsChildNamed named,
                              gpointer data);
void _hs_paths_kids_clear (PathsKids *k);
/* The class name shown for o, interned. */
const char *_hs_paths_class_name (PathsSearch *s, HsObj o);
/* The root type a path that starts at o (F_ROOT or F_LOCAL) starts at. */
gint _hs_paths_root_kind (PathsSearch *s, HsObj first);

/* Runs a default-options search to targets and sets found[i] for those it
 * reaches (the baseline an exclusion is told against). */
gboolean _hs_paths_baseline (HsHeap *heap, const HsDomTree *dom, const HsPathsOptions *opts,
                             const HsObj *targets, gsize n_targets, guint8 *found, GCancellable *cancellable,
                             GError **error);

G_END_DECLS
