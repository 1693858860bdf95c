/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-merged.c: merged shortest paths of a set of objects.
 *
 * One search from the GC roots gives every reached object its parent.
 * Each target's path is walked up to the first object already marked, so
 * every object on a path is marked once; each walk's run is reversed, so
 * the marked list has parents before children. Counts of the set run up
 * that list backwards; the reference from each parent is named by one
 * decoding of the parent for all its marked children; then the nodes are
 * made parents first, keyed by (parent node, class, reference). Flat
 * arrays, no recursion, no per-object allocation. */
#include "config.h"

#include "hs-paths-private.h"
#include "hs-debug.h"
#include "hs-mem.h"

#include <string.h>

typedef struct
{
  guint32 parent;
  gint kind;
  const char *cls, *ref;
  guint64 objects, reached, shallow, retained;
} MNode;

/* (parent, class, reference, kind) -> node: open addressing over node
 * indexes (names are interned, so pointers compare). */
typedef struct
{
  guint32 *slots; /* node + 1, 0 empty */
  gsize mask;
  GArray *nodes; /* MNode */
} NodeTable;

static guint
node_hash (guint32 parent, const char *cls, const char *ref, gint kind)
{
  guint64 h = parent * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  h ^= GPOINTER_TO_SIZE (cls) * G_GUINT64_CONSTANT (0xC2B2AE3D27D4EB4F);
  h ^= GPOINTER_TO_SIZE (ref) * G_GUINT64_CONSTANT (0x165667B19E3779F9);
  h ^= (guint64)(guint)kind * G_GUINT64_CONSTANT (0x27D4EB2F165667C5);
  return (guint)(h ^ (h >> 29) ^ (h >> 47));
}

static void
table_grow (NodeTable *t)
{
  gsize size = (t->mask + 1) * 2;
  g_free (t->slots);
  t->slots = g_new0 (guint32, size);
  t->mask = size - 1;
  for (guint i = 0; i < t->nodes->len; i++)
    {
      const MNode *n = &g_array_index (t->nodes, MNode, i);
      gsize j = node_hash (n->parent, n->cls, n->ref, n->kind) & t->mask;
      while (t->slots[j])
        j = (j + 1) & t->mask;
      t->slots[j] = i + 1;
    }
}

static guint32
node_get (NodeTable *t, guint32 parent, const char *cls, const char *ref, gint kind)
{
  gsize j;
  MNode n = { parent, kind, cls, ref, 0, 0, 0, 0 };
  if ((t->nodes->len + 1) * 2 > t->mask + 1)
    table_grow (t);
  for (j = node_hash (parent, cls, ref, kind) & t->mask; t->slots[j]; j = (j + 1) & t->mask)
    {
      const MNode *o = &g_array_index (t->nodes, MNode, t->slots[j] - 1);
      if (o->parent == parent && o->cls == cls && o->ref == ref && o->kind == kind)
        return t->slots[j] - 1;
    }
  g_array_append_val (t->nodes, n);
  t->slots[j] = t->nodes->len;
  return t->nodes->len - 1;
}

static gint
cmp_nodes (gconstpointer a, gconstpointer b, gpointer data)
{
  const MNode *nodes = data;
  const MNode *x = &nodes[*(const guint32 *)a], *y = &nodes[*(const guint32 *)b];
  int r;
  if (x->reached != y->reached)
    return x->reached > y->reached ? -1 : 1;
  if (x->retained != y->retained)
    return x->retained > y->retained ? -1 : 1;
  if ((r = g_strcmp0 (x->cls, y->cls)) != 0)
    return r;
  if ((r = g_strcmp0 (x->ref, y->ref)) != 0)
    return r;
  return x->kind < y->kind ? -1 : x->kind > y->kind;
}

static gint
cmp_obj (gconstpointer a, gconstpointer b)
{
  HsObj x = *(const HsObj *)a, y = *(const HsObj *)b;
  return x < y ? -1 : x > y;
}

typedef struct
{
  PathsSearch *s;
  HsObj p;
  const guint32 *idx;
  const char **ref_of;
} NameData;

static gboolean
name_cb (const HsNamedRef *r, gpointer user_data)
{
  NameData *d = user_data;
  LeakCtx *c = &d->s->c;
  HsObj t = r->target;
  guint32 i;
  if (t >= c->n || (i = d->idx[t]) == 0 || c->parent[t] != d->p || d->ref_of[i - 1] != NULL
      || (c->state[t] & (F_ROOT | F_LOCAL)))
    return TRUE;
  if (_hs_paths_ref_taken (d->s, d->p, r))
    d->ref_of[i - 1] = _hs_paths_ref_label (d->s, d->p, r, TRUE);
  return TRUE;
}

typedef struct
{
  PathsSearch s;
  guint32 *idx;      /* per object: index in marked + 1, 0 unmarked */
  GArray *marked;    /* HsObj, parents first */
  guint32 *reach;    /* per marked: targets whose path runs through it */
  const char **ref;  /* per marked: the reference from its parent */
  guint32 *node_of;  /* per marked */
  guint8 *decoded;   /* per marked: its references were named */
  GHashTable *local; /* marked index -> root index + 1 (locals) */
  GArray *tmarks;    /* guint32: marked index of each distinct target reached */
  GArray *seen;      /* HsObj: the set's distinct targets (F_BEHIND set) */
} Merge;

/* What one set's tree leaves behind, cleared for the next set (idx is
 * cleared where it was set, not rewritten whole). */
static void
merge_reset (Merge *g)
{
  LeakCtx *c = &g->s.c;
  for (guint i = 0; g->marked && g->idx && i < g->marked->len; i++)
    g->idx[g_array_index (g->marked, HsObj, i)] = 0;
  for (guint i = 0; g->seen && i < g->seen->len; i++)
    c->state[g_array_index (g->seen, HsObj, i)] &= ~F_BEHIND;
  g_clear_pointer (&g->marked, g_array_unref);
  g_clear_pointer (&g->tmarks, g_array_unref);
  g_clear_pointer (&g->seen, g_array_unref);
  g_clear_pointer (&g->reach, g_free);
  g_clear_pointer (&g->ref, g_free);
  g_clear_pointer (&g->node_of, g_free);
  g_clear_pointer (&g->decoded, g_free);
  g_clear_pointer (&g->local, g_hash_table_unref);
}

static void
merge_clear (Merge *g)
{
  merge_reset (g);
  _hs_paths_search_clear (&g->s);
  g_clear_pointer (&g->idx, g_free);
}

static gboolean
no_memory (GError **error)
{
  g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY, "Not enough memory for the merged paths");
  return FALSE;
}

/* The objects on the targets' paths, parents first; the set's distinct
 * targets (seen) and the marked index of those reached (tmarks). */
static gboolean
mark_paths (Merge *g, const HsObj *targets, gsize n_targets, GCancellable *cancellable, GError **error)
{
  LeakCtx *c = &g->s.c;
  guint64 steps = 0;
  if (g->idx == NULL)
    g->idx = hs_mem_try_alloc0 (sizeof (guint32) * MAX (c->n, 1));
  if (g->idx == NULL)
    return no_memory (error);
  g->marked = g_array_new (FALSE, FALSE, sizeof (HsObj));
  g->tmarks = g_array_new (FALSE, FALSE, sizeof (guint32));
  g->seen = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (gsize i = 0; i < n_targets; i++)
    {
      HsObj x = targets[i], target = targets[i];
      guint start = g->marked->len;
      if (x >= c->n || (c->state[x] & F_BEHIND))
        continue;
      c->state[x] |= F_BEHIND; /* seen in this set */
      g_array_append_val (g->seen, x);
      if (!(c->state[x] & F_FOUND))
        continue;
      while (x != HS_OBJ_NONE && x < c->n && g->idx[x] == 0 && steps++ <= c->n)
        {
          g_array_append_val (g->marked, x);
          g->idx[x] = g->marked->len;
          if ((c->state[x] & (F_ROOT | F_LOCAL)) || c->parent[x] == HS_OBJ_NONE)
            break;
          x = c->parent[x];
        }
      for (guint a = start, b = g->marked->len; a + 1 < b; a++, b--)
        {
          HsObj *m = (HsObj *)g->marked->data, t = m[a];
          m[a] = m[b - 1];
          m[b - 1] = t;
          g->idx[m[a]] = a + 1;
          g->idx[m[b - 1]] = b;
        }
      {
        guint32 mi = g->idx[target] - 1;
        g_array_append_val (g->tmarks, mi);
      }
      if ((i & 0x3FFF) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
    }
  return TRUE;
}

/* The same for an instance the search expands through its graph edges
 * (no matcher, exclusion or bookkeeping applies: every object field but a
 * Reference's referent is followed): its marked children matched to its
 * fields (hs-paths-children.c), without looking each field's value up in
 * the index. */
static gboolean
plain_wanted (HsObj t, gpointer data)
{
  Merge *g = data;
  guint32 i = g->idx[t];
  return i != 0 && g->ref[i - 1] == NULL;
}

static void
plain_named (HsObj t, const HsNamedRef *r, gpointer data)
{
  Merge *g = data;
  g->ref[g->idx[t] - 1] = _hs_paths_ref_label (&g->s, g->s.c.parent[t], r, TRUE);
}

static void
name_plain (Merge *g, HsObj p)
{
  _hs_paths_name_children (&g->s, p, plain_wanted, plain_named, g);
}

static gboolean
is_top (LeakCtx *c, HsObj x)
{
  return (c->state[x] & (F_ROOT | F_LOCAL)) || c->parent[x] == HS_OBJ_NONE;
}

/* Counts, reference names and the local roots of the marked objects. */
static gboolean
count_and_name (Merge *g, GCancellable *cancellable, GError **error)
{
  LeakCtx *c = &g->s.c;
  guint n = g->marked->len;
  const HsObj *m = (const HsObj *)g->marked->data;
  g->reach = hs_mem_try_alloc0 (sizeof (guint32) * MAX (n, 1));
  g->ref = hs_mem_try_alloc0 (sizeof (char *) * MAX (n, 1));
  g->node_of = hs_mem_try_alloc0 (sizeof (guint32) * MAX (n, 1));
  g->decoded = hs_mem_try_alloc0 (MAX (n, 1));
  if (!g->reach || !g->ref || !g->node_of || !g->decoded)
    return no_memory (error);
  for (guint i = 0; i < g->tmarks->len; i++)
    g->reach[g_array_index (g->tmarks, guint32, i)] = 1;
  for (guint i = n; i-- > 0;)
    if (!is_top (c, m[i]))
      g->reach[g->idx[c->parent[m[i]]] - 1] += g->reach[i];
  for (guint i = 0; i < n; i++)
    {
      HsObj x = m[i], p;
      guint32 pi;
      if (is_top (c, x) || g->ref[i])
        continue;
      p = c->parent[x];
      pi = g->idx[p] - 1;
      if (leak_obj_kind (c, p) == HS_KIND_OBJ_ARRAY)
        g->ref[i] = _hs_paths_intern (&g->s, "[]");
      else if (!g->decoded[pi])
        {
          NameData d = { &g->s, p, g->idx, g->ref };
          g->decoded[pi] = 1;
          if (leak_obj_kind (c, p) == HS_KIND_INSTANCE && !(leak_obj_cflags (c, p) & CF_NAMED))
            name_plain (g, p);
          else
            hs_heap_foreach_ref (c->heap, p, name_cb, &d);
        }
      if (g->ref[i] == NULL)
        g->ref[i] = _hs_paths_intern (&g->s, "<unknown>");
      if ((i & 0xFFFF) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
    }
  /* Locals: the frame of the root record that made each one a local of
   * its thread (one pass over the roots). */
  g->local = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (gsize i = 0; i < hs_heap_n_roots (c->heap); i++)
    {
      const HsRoot *r = hs_heap_root (c->heap, i);
      guint32 mi;
      if (r->type != HS_ROOT_JAVA_FRAME || r->obj >= c->n || (mi = g->idx[r->obj]) == 0
          || !(c->state[r->obj] & F_LOCAL) || c->parent[r->obj] != r->thread_obj)
        continue;
      if (!g_hash_table_contains (g->local, GUINT_TO_POINTER (mi)))
        g_hash_table_insert (g->local, GUINT_TO_POINTER (mi), GSIZE_TO_POINTER (i + 1));
    }
  return TRUE;
}

static void
node_add (MNode *nd, HsHeap *heap, const HsDomTree *dom, HsObj o, guint64 reach)
{
  nd->objects++;
  nd->reached += reach;
  nd->shallow += hs_heap_object_shallow (heap, o);
  if (dom && hs_heap_object_reachable (heap, o))
    nd->retained += hs_dom_tree_retained (dom, o);
}

/* The nodes, parents first, and the threads standing at local tops
 * (pairs node, thread). */
static void
build_nodes (Merge *g, const HsDomTree *dom, NodeTable *t, GArray *threads)
{
  LeakCtx *c = &g->s.c;
  const HsObj *m = (const HsObj *)g->marked->data;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  if (dom && dom->n != c->n)
    dom = NULL;
  for (guint i = 0; i < g->marked->len; i++)
    {
      HsObj x = m[i];
      guint32 parent = HS_PATHS_NO_NODE, nd;
      const char *ref = NULL;
      gint kind = -1;
      if (c->state[x] & F_LOCAL)
        {
          HsObj th = c->parent[x];
          guint32 top
              = node_get (t, HS_PATHS_NO_NODE, _hs_paths_class_name (&g->s, th), NULL, HS_ROOT_JAVA_FRAME);
          gint64 key = ((gint64)top << 32) | th;
          MNode *tn = &g_array_index (t->nodes, MNode, top);
          gsize rec = GPOINTER_TO_SIZE (g_hash_table_lookup (g->local, GUINT_TO_POINTER (i + 1)));
          if (!g_hash_table_contains (seen, &key))
            {
              g_hash_table_add (seen, g_memdup2 (&key, sizeof key));
              node_add (tn, c->heap, dom, th, 0);
              g_array_append_val (threads, key);
            }
          tn->reached += g->reach[i];
          parent = top;
          ref = _hs_paths_local_label (&g->s, rec > 0 ? (guint)(rec - 1) : G_MAXUINT);
        }
      else if (is_top (c, x))
        kind = _hs_paths_root_kind (&g->s, x);
      else
        {
          parent = g->node_of[g->idx[c->parent[x]] - 1];
          ref = g->ref[i];
        }
      nd = node_get (t, parent, _hs_paths_class_name (&g->s, x), ref, kind);
      node_add (&g_array_index (t->nodes, MNode, nd), c->heap, dom, x, g->reach[i]);
      g->node_of[i] = nd;
    }
}

static HsMergedPaths *
finish (Merge *g, NodeTable *t, GArray *threads)
{
  HsMergedPaths *out = g_new0 (HsMergedPaths, 1);
  MNode *nodes = (MNode *)t->nodes->data;
  guint nn = t->nodes->len, pos = 0;
  g_autofree guint32 *n_child = g_new0 (guint32, nn + 1);
  g_autofree guint32 *child_off = g_new0 (guint32, nn + 2);
  g_autofree guint32 *children = g_new (guint32, MAX (nn, 1));
  g_autofree guint32 *order = g_new (guint32, MAX (nn, 1));
  g_autofree guint32 *new_id = g_new (guint32, MAX (nn, 1));
  g_autofree guint64 *fill = NULL;
  guint n_tops = 0;

  /* children lists (index nn: the tops), each sorted */
  for (guint i = 0; i < nn; i++)
    n_child[nodes[i].parent == HS_PATHS_NO_NODE ? nn : nodes[i].parent]++;
  for (guint i = 0; i <= nn; i++)
    child_off[i + 1] = child_off[i] + n_child[i];
  memset (n_child, 0, sizeof (guint32) * (nn + 1));
  for (guint i = 0; i < nn; i++)
    {
      guint p = nodes[i].parent == HS_PATHS_NO_NODE ? nn : nodes[i].parent;
      children[child_off[p] + n_child[p]++] = i;
    }
  for (guint i = 0; i <= nn; i++)
    if (n_child[i] > 1)
      g_qsort_with_data (children + child_off[i], n_child[i], sizeof (guint32), cmp_nodes, nodes);
  /* breadth first: the tops, then each node's children in turn */
  n_tops = n_child[nn];
  for (guint i = 0; i < n_tops; i++)
    order[pos++] = children[child_off[nn] + i];
  for (guint i = 0; i < pos; i++)
    {
      guint v = order[i];
      new_id[v] = i;
      for (guint j = 0; j < n_child[v]; j++)
        order[pos++] = children[child_off[v] + j];
    }
  out->n_nodes = nn;
  out->n_tops = n_tops;
  out->nodes = g_new0 (HsPathsNode, MAX (nn, 1));
  {
    guint64 obj_pos = 0;
    for (guint i = 0; i < nn; i++)
      {
        const MNode *s = &nodes[order[i]];
        HsPathsNode *d = &out->nodes[i];
        d->parent = s->parent == HS_PATHS_NO_NODE ? HS_PATHS_NO_NODE : new_id[s->parent];
        d->n_children = n_child[order[i]];
        d->first_child = d->n_children ? new_id[children[child_off[order[i]]]] : 0;
        d->class_name = s->cls;
        d->reference = s->ref;
        d->root_kind = s->kind;
        d->objects = s->objects;
        d->reached = s->reached;
        d->shallow = s->shallow;
        d->retained = s->retained;
        d->first_object = obj_pos;
        obj_pos += s->objects;
      }
    out->objects = hs_mem_try_alloc (sizeof (HsObj) * MAX (obj_pos, 1));
    fill = g_new0 (guint64, MAX (nn, 1));
    if (out->objects)
      {
        for (guint i = 0; i < g->marked->len; i++)
          {
            guint32 nd = new_id[g->node_of[i]];
            out->objects[out->nodes[nd].first_object + fill[nd]++] = g_array_index (g->marked, HsObj, i);
          }
        for (guint i = 0; i < threads->len; i++)
          {
            gint64 key = g_array_index (threads, gint64, i);
            guint32 nd = new_id[(guint32)(key >> 32)];
            out->objects[out->nodes[nd].first_object + fill[nd]++] = (HsObj)(key & 0xFFFFFFFF);
          }
        for (guint i = 0; i < nn; i++)
          qsort (out->objects + out->nodes[i].first_object, out->nodes[i].objects, sizeof (HsObj), cmp_obj);
      }
  }
  return out;
}

/* One set's tree over the search already run; g is reset after. */
static HsMergedPaths *
merged_one (Merge *g, const HsDomTree *dom, const HsObj *targets, gsize n_targets, HsDebugClock *clock,
            GCancellable *cancellable, GError **error)
{
  NodeTable t = { 0 };
  g_autoptr (GArray) threads = g_array_new (FALSE, FALSE, sizeof (gint64));
  HsMergedPaths *out = NULL;
  LeakCtx *c = &g->s.c;
  GStringChunk *chunk = g_string_chunk_new (4096);

  g->s.chunk = chunk;
  g_hash_table_remove_all (g->s.labels);
  if (!mark_paths (g, targets, n_targets, cancellable, error))
    goto out;
  hs_debug_step (clock, "mark");
  if (!count_and_name (g, cancellable, error))
    goto out;
  hs_debug_step (clock, "name");
  t.nodes = g_array_new (FALSE, FALSE, sizeof (MNode));
  t.slots = g_new0 (guint32, 64);
  t.mask = 63;
  build_nodes (g, dom, &t, threads);
  hs_debug_step (clock, "nodes");
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto out;
  out = finish (g, &t, threads);
  hs_debug_step (clock, "tree");
  if (out->objects == NULL)
    {
      hs_merged_paths_free (g_steal_pointer (&out));
      no_memory (error);
      goto out;
    }
  out->strings = g_steal_pointer (&chunk);
  out->n_targets = g->seen->len;
  out->n_unreached = g->seen->len - g->tmarks->len;
  out->n_freed = -1;
out:
  merge_reset (g);
  g_free (t.slots);
  if (t.nodes)
    g_array_unref (t.nodes);
  if (chunk)
    g_string_chunk_free (chunk);
  g->s.chunk = NULL;
  (void)c;
  return out;
}

HsMergedPaths *
hs_paths_merged (HsHeap *heap, const HsDomTree *dom, const HsPathsOptions *opts, const HsObj *targets,
                 gsize n_targets, GCancellable *cancellable, GError **error)
{
  Merge g = { 0 };
  g_autofree guint8 *base_found = NULL;
  HsMergedPaths *out = NULL;
  LeakCtx *c = &g.s.c;
  HsDebugClock clock = { "paths: ", FALSE, 0, 0 };

  g_return_val_if_fail (heap != NULL, NULL);
  if (dom && dom->n != hs_heap_n_objects (heap))
    dom = NULL;
  hs_debug_step (&clock, NULL);
  if (!_hs_paths_search_run (&g.s, heap, dom, opts, targets, n_targets, FALSE, NULL, cancellable, error))
    goto out;
  hs_debug_step (&clock, "search");
  out = merged_one (&g, dom, targets, n_targets, &clock, cancellable, error);
  if (out && !hs_paths_options_are_default (opts))
    {
      /* What the exclusions freed: the targets without a path now that the
       * default search reaches (asked of those only, once this search's
       * memory is given back). */
      g_autoptr (GArray) lost = g_array_new (FALSE, FALSE, sizeof (HsObj));
      for (gsize i = 0; i < n_targets; i++)
        {
          HsObj o = targets[i];
          if (o >= c->n || (c->state[o] & (F_FOUND | F_BEHIND)))
            continue;
          c->state[o] |= F_BEHIND; /* listed */
          g_array_append_val (lost, o);
        }
      merge_clear (&g);
      g = (Merge){ 0 }; /* cleared: not again below */
      out->n_freed = 0;
      base_found = hs_mem_try_alloc0 (MAX (lost->len, 1));
      if (base_found == NULL
          || !_hs_paths_baseline (heap, dom, opts, (const HsObj *)lost->data, lost->len, base_found,
                                  cancellable, error))
        {
          if (base_found == NULL)
            no_memory (error);
          g_clear_pointer (&out, hs_merged_paths_free);
          goto out;
        }
      for (guint i = 0; i < lost->len; i++)
        out->n_freed += base_found[i];
    }
out:
  merge_clear (&g);
  return out;
}

GPtrArray *
hs_paths_merged_many (HsHeap *heap, const HsDomTree *dom, const HsObj *const *sets, const gsize *n_in_set,
                      guint n_sets, GCancellable *cancellable, GError **error)
{
  Merge g = { 0 };
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (HsObj));
  g_autoptr (GPtrArray) out = g_ptr_array_new_with_free_func ((GDestroyNotify)hs_merged_paths_free);
  HsDebugClock clock = { "paths: ", FALSE, 0, 0 };
  gboolean ok = TRUE;

  g_return_val_if_fail (heap != NULL, NULL);
  if (dom && dom->n != hs_heap_n_objects (heap))
    dom = NULL;
  for (guint i = 0; i < n_sets; i++)
    g_array_append_vals (all, sets[i], n_in_set[i]);
  if (!_hs_paths_search_run (&g.s, heap, dom, NULL, (const HsObj *)all->data, all->len, FALSE, NULL,
                             cancellable, error))
    ok = FALSE;
  for (guint i = 0; ok && i < n_sets; i++)
    {
      HsMergedPaths *m = merged_one (&g, dom, sets[i], n_in_set[i], &clock, cancellable, error);
      if (m == NULL)
        ok = FALSE;
      else
        g_ptr_array_add (out, m);
    }
  merge_clear (&g);
  return ok ? g_steal_pointer (&out) : NULL;
}

void
hs_merged_paths_free (HsMergedPaths *m)
{
  if (m == NULL)
    return;
  g_free (m->nodes);
  g_free (m->objects);
  if (m->strings)
    g_string_chunk_free (m->strings);
  g_free (m);
}
