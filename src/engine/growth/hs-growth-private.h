/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-private.h: what the growth units share: the series' node
 * table (one for every dump, so that a node is matched across dumps by
 * construction), its names and per-dump counts. */
#pragma once

#include "hs-growth.h"

G_BEGIN_DECLS

typedef struct
{
  guint32 parent;   /* HS_GROWTH_NO_NODE for a top */
  guint32 ref;      /* name id: the reference, or the root kind of a top */
  guint32 cls;      /* name id */
  gint32 root_kind; /* HsRootType of a top, -1 below */
} GrowthNode;

typedef struct
{
  char *path;
  guint64 objects, reachable_bytes;
  char *java_version, *main_class; /* NULL when the dump does not say */
  GHashTable *class_names;         /* only while the next dump is added */
} GrowthDump;

struct _HsGrowth
{
  guint n_dumps, min_growth, added;
  GrowthDump *dumps;
  GArray *nodes;   /* GrowthNode */
  GArray *objects; /* guint64, n_dumps per node */
  GArray *retained;
  /* (parent, ref, cls) -> node + 1, open addressing */
  guint32 *slots;
  gsize mask;
  /* Names: id -> text (id 0 is ""), text -> id. */
  GPtrArray *names;
  GHashTable *name_ids;
  GStringChunk *chunk;
  GPtrArray *warnings; /* char*, NULL-terminated once finished */
  /* The newest dump: per object, the node that counts it (HS_GROWTH_NO_NODE
   * for an object not reached or internal to a collection). */
  guint32 *newest_node;
  guint64 newest_n;
  /* After finish. */
  gboolean finished;
  GArray *growing;      /* guint32 */
  guint32 *gchild_off;  /* per node + 1: its growing children in gchildren */
  GArray *gchildren;    /* guint32 */
  guint64 *new_objects; /* per node: its growing children's gains */
  guint64 *child_gain;  /* per node: its own gain, when a growing child */
};

/* The id of name (interned). */
guint32 _hs_growth_name (HsGrowth *g, const char *name);
/* The node (parent, ref, cls), made if new. */
guint32 _hs_growth_node (HsGrowth *g, guint32 parent, guint32 ref, guint32 cls, gint32 root_kind);
/* Adds the dump's tree (hs-growth-tree.c) as dump g->added. */
gboolean _hs_growth_add_tree (HsGrowth *g, HsHeap *heap, const HsDomTree *dom, GCancellable *cancellable,
                              GError **error);
/* Finds the growing nodes (hs-growth-detect.c). */
gboolean _hs_growth_detect (HsGrowth *g, GError **error);

static inline guint64 *
_hs_growth_objects (const HsGrowth *g, guint32 node)
{
  return &g_array_index (g->objects, guint64, (gsize)node * g->n_dumps);
}

static inline guint64 *
_hs_growth_retained (const HsGrowth *g, guint32 node)
{
  return &g_array_index (g->retained, guint64, (gsize)node * g->n_dumps);
}

G_END_DECLS
