/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-children.c: the fields that hold an instance's children on
 * the search's tree of shortest paths.
 *
 * The instance's out-edges in the heap's graph are object indexes; the
 * children among them (parent p, neither a root nor a local, and wanted
 * by the caller) go into a small table keyed by their ids, then one pass
 * over p's fields names each child by the first field that holds it. No
 * field value is looked up in the heap's id index, and the work is
 * linear in p's edges and fields. A Reference's referent names nothing
 * (the search does not follow it). */
#include "config.h"

#include <string.h>

#include "hs-paths-private.h"

#define EMPTY HS_OBJ_NONE

static inline guint32
slot_of (guint64 id, guint32 mask)
{
  return (guint32)((id * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 32) & mask;
}

typedef struct
{
  PathsKids *k;
  HsObj p;
  gboolean is_ref;
  guint32 mask, left;
  PathsChildNamed named;
  gpointer data;
} Match;

static gboolean
match_field (const HsFieldValue *fv, gpointer user_data)
{
  Match *m = user_data;
  PathsKids *k = m->k;
  if (fv->type != HS_TYPE_OBJECT || fv->value.id == 0
      || (m->is_ref && fv->name && strcmp (fv->name, "referent") == 0))
    return TRUE;
  for (guint32 i = slot_of (fv->value.id, m->mask); k->obj[i] != EMPTY; i = (i + 1) & m->mask)
    {
      HsNamedRef r;
      if (k->id[i] != fv->value.id || k->done[i])
        continue;
      k->done[i] = 1;
      r = (HsNamedRef){ HS_REF_FIELD, fv->name, 0, fv->declared_in, FALSE, k->obj[i] };
      m->named (k->obj[i], &r, m->data);
      if (--m->left == 0)
        return FALSE;
    }
  return TRUE;
}

void
_hs_paths_name_children (PathsSearch *s, HsObj p, PathsChildWanted wanted, PathsChildNamed named,
                         gpointer data)
{
  LeakCtx *c = &s->c;
  PathsKids *k = &s->kids;
  Match m = { k, p, (leak_obj_cflags (c, p) & CF_REFERENCE) != 0, 0, 0, named, data };
  guint64 n = 0;
  guint32 size = 16;
  HsObj t;

  for (HsGraphEdges it = hs_graph_edges (c->graph, p); hs_graph_next (c->graph, &it, &t);)
    if (t < c->n && c->parent[t] == p && !(c->state[t] & (F_ROOT | F_LOCAL)) && wanted (t, data))
      n++;
  if (n == 0)
    return;
  while ((guint64)size < 2 * n && size < (1u << 31))
    size *= 2;
  if (size > k->cap)
    {
      k->cap = size;
      k->id = g_renew (guint64, k->id, size);
      k->obj = g_renew (HsObj, k->obj, size);
      k->done = g_renew (guint8, k->done, size);
    }
  m.mask = size - 1;
  for (guint32 i = 0; i < size; i++)
    k->obj[i] = EMPTY;
  for (HsGraphEdges it = hs_graph_edges (c->graph, p); hs_graph_next (c->graph, &it, &t);)
    {
      guint64 id;
      guint32 i;
      if (t >= c->n || c->parent[t] != p || (c->state[t] & (F_ROOT | F_LOCAL)) || !wanted (t, data))
        continue;
      id = hs_heap_object_id (c->heap, t);
      for (i = slot_of (id, m.mask); k->obj[i] != EMPTY && k->obj[i] != t; i = (i + 1) & m.mask)
        ;
      if (k->obj[i] == t)
        continue; /* held twice: one child */
      k->obj[i] = t;
      k->id[i] = id;
      k->done[i] = 0;
      m.left++;
    }
  hs_heap_foreach_field (c->heap, p, match_field, &m);
}

void
_hs_paths_kids_clear (PathsKids *k)
{
  g_clear_pointer (&k->id, g_free);
  g_clear_pointer (&k->obj, g_free);
  g_clear_pointer (&k->done, g_free);
  k->cap = 0;
}
