/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-children.c: the fields that hold an instance's children on
 * the search's tree of shortest paths.
 *
 * The instance's out-edges in the heap's graph are object indexes; the
 * children among them (parent p, neither a root nor a local, and wanted
 * by the caller) go into a small table, then one pass over p's fields
 * names each child by the first field that holds it. The graph holds an
 * instance's edges in field order after the one to its class
 * (hs-heap-graph.c), an id that names no object left out: when p has
 * exactly one edge more than non-null reference fields, none was left
 * out, and the k-th field is the (k+1)-th edge, so no id is read (the
 * children's records are not touched). Otherwise each child's id is read
 * and matched to the fields' values. No field value is looked up in the
 * heap's id index, and the work is linear in p's edges and fields. A
 * Reference's referent names nothing (the search does not follow it). */
#include "config.h"

#include <string.h>

#include "hs-paths-private.h"

#define EMPTY HS_OBJ_NONE
#define MAX_SLOTS 65536

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

/* p's non-null reference fields in field order into k->slots (their
 * targets unset); FALSE when they are not p's graph edges one for one
 * after the class edge (see above). */
static gboolean
slots_of (PathsSearch *s, HsObj p, guint32 *n_slots)
{
  LeakCtx *c = &s->c;
  HsHeap *heap = c->heap;
  PathsKids *k = &s->kids;
  const guint8 *rec = heap->data + hs_heap_off (heap, p);
  guint ids = heap->id_size;
  const guint8 *b = rec + 1, *fields;
  guint32 nbytes, ri = 0, n = 0;
  const guint32 *ro;
  const HsClassInfo *top;
  guint64 pos = 0, edges;
  HsClass cls;
  HsObj first;

  first = hs_graph_first (c->graph, p);
  edges = (first != HS_OBJ_NONE ? 1 : 0) + hs_graph_end (c->graph, p) - hs_graph_begin (c->graph, p);
  /* Slots are kept for at most MAX_SLOTS fields: beyond, the ids. */
  if (rec[0] != HS_HPROF_INSTANCE_DUMP || edges == 0 || edges > MAX_SLOTS + 1)
    return FALSE;
  cls = hs_heap_class_by_id (heap, hs_read_id (b + ids + 4, ids));
  if (cls == HS_CLASS_NONE)
    return FALSE;
  nbytes = hs_be32 (b + 2 * ids + 4);
  fields = b + 2 * ids + 8;
  top = hs_class_info (heap, cls);
  ro = heap->class_ref_offsets ? heap->class_ref_offsets + top->refs_start : NULL;
  for (HsClass fc = top->fields_from; fc != HS_CLASS_NONE;
       fc = hs_class_info (heap, fc)->super != HS_CLASS_NONE
                ? hs_class_info (heap, hs_class_info (heap, fc)->super)->fields_from
                : HS_CLASS_NONE)
    {
      const HsClassInfo *ci = hs_class_info (heap, fc);
      for (guint f = 0; f < ci->n_fields; f++)
        {
          guint sz = hs_type_size (ci->fields[f].type, ids);
          guint64 id;
          if (pos + sz > nbytes)
            goto done;
          if (ci->fields[f].type == HS_TYPE_OBJECT)
            {
              gboolean edge = ri < top->refs_count && ro[ri] == pos;
              id = hs_read_id (fields + pos, ids);
              ri += edge ? 1 : 0;
              if (id != 0 && !edge)
                return FALSE; /* a field the graph leaves out (a referent) */
              if (id != 0 && (guint64)n + 1 >= edges)
                return FALSE; /* more fields than edges */
              if (id != 0)
                {
                  if (n == k->slots_cap)
                    {
                      k->slots_cap = MAX (16, k->slots_cap * 2);
                      k->slots = g_renew (HsNamedRef, k->slots, k->slots_cap);
                    }
                  k->slots[n++] = (HsNamedRef){ HS_REF_FIELD, ci->fields[f].name, 0, fc, FALSE, HS_OBJ_NONE };
                }
            }
          pos += sz;
        }
    }
done:
  /* Every edge offset within the record was met on the way. */
  if (ri < top->refs_count && (guint64)ro[ri] + ids <= nbytes)
    return FALSE;
  if (edges != (guint64)n + 1)
    return FALSE;
  *n_slots = n;
  return TRUE;
}

static inline guint32
obj_slot (HsObj t, guint32 mask)
{
  return (guint32)(((guint64)t * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) >> 32) & mask;
}

/* The children by their fields' positions (slots_of said so). */
static void
name_by_position (PathsSearch *s, HsObj p, guint32 n_slots, PathsChildWanted wanted, PathsChildNamed named,
                  gpointer data)
{
  LeakCtx *c = &s->c;
  PathsKids *k = &s->kids;
  gboolean is_ref = (leak_obj_cflags (c, p) & CF_REFERENCE) != 0;
  guint64 n = 0;
  guint32 size = 16, mask, left = 0;
  HsGraphEdges it;
  HsObj t;

  it = hs_graph_edges (c->graph, p);
  hs_graph_next (c->graph, &it, &t); /* the class edge */
  for (guint32 j = 0; j < n_slots && hs_graph_next (c->graph, &it, &t); j++)
    {
      k->slots[j].target = t;
      if (t < c->n && c->parent[t] == p && !(c->state[t] & (F_ROOT | F_LOCAL)) && wanted (t, data))
        n++;
    }
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
  mask = size - 1;
  for (guint32 i = 0; i < size; i++)
    k->obj[i] = EMPTY;
  for (guint32 j = 0; j < n_slots; j++)
    {
      guint32 i;
      t = k->slots[j].target;
      if (t >= c->n || c->parent[t] != p || (c->state[t] & (F_ROOT | F_LOCAL)) || !wanted (t, data))
        continue;
      for (i = obj_slot (t, mask); k->obj[i] != EMPTY && k->obj[i] != t; i = (i + 1) & mask)
        ;
      if (k->obj[i] == t)
        continue; /* held twice: one child */
      k->obj[i] = t;
      k->done[i] = 0;
      left++;
    }
  for (guint32 j = 0; j < n_slots && left > 0; j++)
    {
      guint32 i;
      const HsNamedRef *r = &k->slots[j];
      t = r->target;
      if (is_ref && r->name && strcmp (r->name, "referent") == 0)
        continue;
      for (i = obj_slot (t, mask); k->obj[i] != EMPTY && k->obj[i] != t; i = (i + 1) & mask)
        ;
      if (k->obj[i] != t || k->done[i])
        continue;
      k->done[i] = 1;
      named (t, r, data);
      left--;
    }
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
  guint32 n_slots;

  if (slots_of (s, p, &n_slots))
    {
      name_by_position (s, p, n_slots, wanted, named, data);
      return;
    }
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
  g_clear_pointer (&k->slots, g_free);
  k->cap = 0;
  k->slots_cap = 0;
}
