/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-all.c: the paths of one object: the shortest (the search's),
 * then the next-shortest ones, each through a reference no earlier path
 * goes through (docs/semantics.md, "Other paths").
 *
 * The search runs on to the end, so every object it reaches has its path
 * and depth. A breadth-first walk back from the target over its
 * referrers (references the search would follow, from objects it
 * reached) gives each object its distance to the target and its next
 * step there. Each reference p -> x into that region that is not the
 * search's own way to x is a candidate: the search's path to p, the
 * reference, then the shortest way on from x; a GC root x is one by
 * itself. Candidates go shortest first; one is kept when its reference
 * is on no kept path and it visits no object twice. */
#include "config.h"

#include "hs-paths-private.h"
#include "hs-mem.h"

#include <string.h>

#define NO_DIST G_MAXUINT32
/* Candidates looked at per path asked for, at most, and kept (the
 * shortest) per path asked for: memory bounded whatever the region. */
#define CANDIDATES_PER_PATH 64
#define CANDIDATES_KEPT_PER_PATH 256

typedef struct
{
  guint64 len;
  HsObj p, x; /* p HS_OBJ_NONE: x is a GC root */
} Candidate;

typedef struct
{
  PathsSearch s;
  guint32 *dist, *depth, *stamp;
  HsObj *next;
  GHashTable *named; /* p -> GHashTable set of targets it follows */
  GHashTable *used;  /* edges (p << 32 | x) on kept paths */
} All;

static void
all_clear (All *a)
{
  _hs_paths_search_clear (&a->s);
  g_free (a->dist);
  g_free (a->depth);
  g_free (a->stamp);
  g_free (a->next);
  g_clear_pointer (&a->named, g_hash_table_unref);
  g_clear_pointer (&a->used, g_hash_table_unref);
}

static void
path_free (gpointer p)
{
  HsPath *path = p;
  g_free (path->steps);
  g_free (path);
}

typedef struct
{
  PathsSearch *s;
  HsObj from;
  GHashTable *set;
} FollowData;

static gboolean
follow_cb (const HsNamedRef *r, gpointer user_data)
{
  FollowData *d = user_data;
  const HsMatcher *lib = NULL;
  if (r->target < d->s->c.n && _hs_leak_ref_followable (&d->s->c, d->from, r, &lib))
    g_hash_table_add (d->set, GUINT_TO_POINTER (r->target));
  return TRUE;
}

/* Whether the search follows a reference from p to x (p reached). */
static gboolean
edge_followable (All *a, HsObj p, HsObj x)
{
  LeakCtx *c = &a->s.c;
  HsKind kind = leak_obj_kind (c, p);
  guint32 cf = leak_obj_cflags (c, p);
  HsClass k;
  GHashTable *set;
  if (kind == HS_KIND_PRIM_ARRAY || (cf & CF_LEAF))
    return FALSE;
  k = kind == HS_KIND_CLASS ? HS_CLASS_NONE : leak_obj_class (c, p);
  if (kind == HS_KIND_OBJ_ARRAY || (kind == HS_KIND_INSTANCE && !(cf & CF_NAMED)))
    {
      if (k == HS_CLASS_NONE || k >= c->n_classes || x != c->class_obj_of[k])
        return TRUE;
    }
  /* decode p once, keep what it follows */
  set = g_hash_table_lookup (a->named, GUINT_TO_POINTER (p));
  if (set == NULL)
    {
      FollowData d = { &a->s, p, g_hash_table_new (g_direct_hash, g_direct_equal) };
      hs_heap_foreach_ref (c->heap, p, follow_cb, &d);
      if (kind != HS_KIND_CLASS && !(cf & CF_NAMED) && k < c->n_classes)
        g_hash_table_remove (d.set, GUINT_TO_POINTER (c->class_obj_of[k])); /* not followed */
      set = d.set;
      g_hash_table_insert (a->named, GUINT_TO_POINTER (p), set);
    }
  return g_hash_table_contains (set, GUINT_TO_POINTER (x));
}

static gboolean
is_top (LeakCtx *c, HsObj x)
{
  return (c->state[x] & (F_ROOT | F_LOCAL)) || c->parent[x] == HS_OBJ_NONE;
}

/* Edges from the path's start to x (a local's thread is its start). */
static guint32
depth_of (All *a, HsObj x, GArray *chain)
{
  LeakCtx *c = &a->s.c;
  guint32 d;
  g_array_set_size (chain, 0);
  while (a->depth[x] == NO_DIST && !is_top (c, x) && chain->len <= c->n)
    {
      g_array_append_val (chain, x);
      x = c->parent[x];
    }
  if (a->depth[x] == NO_DIST)
    a->depth[x] = (c->state[x] & F_LOCAL) ? 1 : 0;
  d = a->depth[x];
  for (guint i = chain->len; i-- > 0;)
    a->depth[g_array_index (chain, HsObj, i)] = ++d;
  return d;
}

/* The search's path to x, start first, appended to path. */
static void
tree_path (All *a, HsObj x, GArray *path)
{
  LeakCtx *c = &a->s.c;
  guint start = path->len;
  for (guint64 guard = 0; guard <= c->n; guard++)
    {
      g_array_append_val (path, x);
      if (c->state[x] & F_LOCAL)
        {
          g_array_append_val (path, c->parent[x]);
          break;
        }
      if (is_top (c, x))
        break;
      x = c->parent[x];
    }
  for (guint i = start, j = path->len; i + 1 < j; i++, j--)
    {
      HsObj t = g_array_index (path, HsObj, i);
      g_array_index (path, HsObj, i) = g_array_index (path, HsObj, j - 1);
      g_array_index (path, HsObj, j - 1) = t;
    }
}

typedef struct
{
  All *a;
  HsObj from, to;
  const char *label;
} LabelData;

static gboolean
label_cb (const HsNamedRef *r, gpointer user_data)
{
  LabelData *d = user_data;
  const HsMatcher *lib = NULL;
  if (r->target != d->to || !_hs_leak_ref_followable (&d->a->s.c, d->from, r, &lib))
    return TRUE;
  d->label = _hs_paths_ref_label (&d->a->s, d->from, r, FALSE);
  return FALSE;
}

static const char *
local_label (All *a, HsObj thread, HsObj local)
{
  for (gsize i = 0; i < hs_heap_n_roots (a->s.c.heap); i++)
    {
      const HsRoot *r = hs_heap_root (a->s.c.heap, i);
      if (r->type == HS_ROOT_JAVA_FRAME && r->obj == local && r->thread_obj == thread)
        return _hs_paths_local_label (&a->s, (guint)i);
    }
  return _hs_paths_local_label (&a->s, G_MAXUINT);
}

static gint
root_kind_of (All *a, HsObj first, gboolean local)
{
  g_autoptr (GArray) recs = NULL;
  if (local)
    return HS_ROOT_JAVA_FRAME;
  if (is_top (&a->s.c, first) && (a->s.c.state[first] & F_ROOT))
    return _hs_paths_root_kind (&a->s, first);
  recs = hs_heap_roots_of (a->s.c.heap, first);
  return recs && recs->len ? hs_heap_root (a->s.c.heap, g_array_index (recs, gsize, 0))->type
                           : HS_ROOT_UNKNOWN;
}

/* Makes the HsPath of objs (start first); local: it starts with a thread
 * and its local. */
static HsPath *
make_path (All *a, const GArray *objs, gboolean local)
{
  HsPath *p = g_new0 (HsPath, 1);
  const HsObj *o = (const HsObj *)objs->data;
  p->n_steps = objs->len;
  p->steps = g_new0 (HsPathStep, MAX (objs->len, 1));
  p->root_kind = root_kind_of (a, o[0], local);
  for (guint i = 0; i < objs->len; i++)
    {
      p->steps[i].obj = o[i];
      p->steps[i].class_name = _hs_paths_class_name (&a->s, o[i]);
      if (i + 1 == objs->len)
        continue;
      if (local && i == 0)
        p->steps[i].reference = local_label (a, o[0], o[1]);
      else if (leak_obj_kind (&a->s.c, o[i]) == HS_KIND_OBJ_ARRAY)
        {
          /* the first element holding the next object */
          guint32 len = hs_heap_array_length (a->s.c.heap, o[i]);
          guint64 id = hs_heap_object_id (a->s.c.heap, o[i + 1]);
          char buf[32];
          g_snprintf (buf, sizeof buf, "[]");
          for (guint32 e = 0; e < len; e++)
            if (hs_heap_obj_array_get (a->s.c.heap, o[i], e) == id)
              {
                g_snprintf (buf, sizeof buf, "[%u]", e);
                break;
              }
          p->steps[i].reference = _hs_paths_intern (&a->s, buf);
        }
      else
        {
          LabelData d = { a, o[i], o[i + 1], NULL };
          hs_heap_foreach_ref (a->s.c.heap, o[i], label_cb, &d);
          p->steps[i].reference = d.label ? d.label : _hs_paths_intern (&a->s, "<unknown>");
        }
    }
  return p;
}

static gint
cmp_cand (gconstpointer pa, gconstpointer pb)
{
  const Candidate *x = pa, *y = pb;
  if (x->len != y->len)
    return x->len < y->len ? -1 : 1;
  if (x->p != y->p)
    return x->p < y->p ? -1 : 1; /* object index order is id order */
  return x->x < y->x ? -1 : x->x > y->x;
}

/* The shortest candidates, at most cap: a max-heap on cmp_cand (the
 * worst kept on top, replaced by a better one). */
static void
keep_candidate (GArray *heap, guint cap, const Candidate *k)
{
  Candidate *h;
  guint i;
  if (heap->len < cap)
    {
      g_array_append_val (heap, *k);
      h = (Candidate *)heap->data;
      for (i = heap->len - 1; i > 0 && cmp_cand (&h[(i - 1) / 2], &h[i]) < 0; i = (i - 1) / 2)
        {
          Candidate t = h[i];
          h[i] = h[(i - 1) / 2];
          h[(i - 1) / 2] = t;
        }
      return;
    }
  h = (Candidate *)heap->data;
  if (cap == 0 || cmp_cand (k, &h[0]) >= 0)
    return;
  h[0] = *k;
  for (i = 0;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;
      if (l < heap->len && cmp_cand (&h[l], &h[m]) > 0)
        m = l;
      if (r < heap->len && cmp_cand (&h[r], &h[m]) > 0)
        m = r;
      if (m == i)
        break;
      {
        Candidate t = h[i];
        h[i] = h[m];
        h[m] = t;
      }
      i = m;
    }
}

static guint64
edge_key (HsObj p, HsObj x)
{
  return ((guint64)p << 32) | x;
}

static void
use_path (All *a, const GArray *objs)
{
  for (guint i = 0; i + 1 < objs->len; i++)
    {
      guint64 *k = g_new (guint64, 1);
      *k = edge_key (g_array_index (objs, HsObj, i), g_array_index (objs, HsObj, i + 1));
      g_hash_table_add (a->used, k);
    }
  if (objs->len)
    {
      guint64 *k = g_new (guint64, 1);
      *k = edge_key (HS_OBJ_NONE, g_array_index (objs, HsObj, 0));
      g_hash_table_add (a->used, k);
    }
}

static gboolean
walk_back (All *a, HsObj target, GArray *region, GCancellable *cancellable, GError **error)
{
  LeakCtx *c = &a->s.c;
  a->dist[target] = 0;
  g_array_append_val (region, target);
  for (guint i = 0; i < region->len; i++)
    {
      HsObj x = g_array_index (region, HsObj, i);
      gsize n = 0;
      const HsObj *refs = hs_heap_referrers (c->heap, x, &n);
      for (gsize j = 0; j < n; j++)
        {
          HsObj p = refs[j];
          if (p >= c->n || a->dist[p] != NO_DIST || !_hs_paths_reached (&a->s, p)
              || !edge_followable (a, p, x))
            continue;
          a->dist[p] = a->dist[x] + 1;
          a->next[p] = x;
          g_array_append_val (region, p);
        }
      if ((i & 0x3FFF) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
other_paths (All *a, HsObj target, guint max_paths, HsPathSet *set, GCancellable *cancellable, GError **error)
{
  LeakCtx *c = &a->s.c;
  g_autoptr (GArray) region = g_array_new (FALSE, FALSE, sizeof (HsObj));
  g_autoptr (GArray) cands = g_array_new (FALSE, FALSE, sizeof (Candidate));
  g_autoptr (GArray) chain = g_array_new (FALSE, FALSE, sizeof (HsObj));
  g_autoptr (GArray) objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  guint examined = 0, stamp = 1;
  guint cap = CANDIDATES_KEPT_PER_PATH * MIN (max_paths, 1000);
  gsize bytes = sizeof (guint32) * MAX (c->n, 1);

  a->dist = hs_mem_try_alloc (bytes);
  a->depth = hs_mem_try_alloc (bytes);
  a->stamp = hs_mem_try_alloc0 (bytes);
  a->next = hs_mem_try_alloc (sizeof (HsObj) * MAX (c->n, 1));
  if (!a->dist || !a->depth || !a->stamp || !a->next)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY, "Not enough memory for the other paths");
      return FALSE;
    }
  memset (a->dist, 0xFF, bytes);
  memset (a->depth, 0xFF, bytes);
  a->named = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify)g_hash_table_unref);
  a->used = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  /* the shortest path's references are used already */
  tree_path (a, target, objs);
  use_path (a, objs);
  if (!walk_back (a, target, region, cancellable, error))
    return FALSE;

  /* the candidates */
  for (guint i = 0; i < region->len; i++)
    {
      HsObj x = g_array_index (region, HsObj, i), tp = is_top (c, x) ? HS_OBJ_NONE : c->parent[x];
      gsize n = 0;
      const HsObj *refs = hs_heap_referrers (c->heap, x, &n);
      if (tp != HS_OBJ_NONE && hs_heap_object_is_root (c->heap, x))
        {
          Candidate k = { a->dist[x], HS_OBJ_NONE, x };
          keep_candidate (cands, cap, &k);
        }
      for (gsize j = 0; j < n; j++)
        {
          HsObj p = refs[j];
          Candidate k;
          if (p >= c->n || p == tp || p == x || !_hs_paths_reached (&a->s, p) || !edge_followable (a, p, x))
            continue;
          k.len = (guint64)depth_of (a, p, chain) + 1 + a->dist[x];
          k.p = p;
          k.x = x;
          keep_candidate (cands, cap, &k);
        }
      if ((i & 0x3FFF) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
    }
  g_array_sort (cands, cmp_cand);

  for (guint i = 0;
       i < cands->len && set->paths->len < max_paths && examined < CANDIDATES_PER_PATH * (guint64)max_paths;
       i++)
    {
      const Candidate *k = &g_array_index (cands, Candidate, i);
      guint64 key = edge_key (k->p, k->x);
      gboolean repeats = FALSE, local;
      if (g_hash_table_contains (a->used, &key))
        continue;
      examined++;
      g_array_set_size (objs, 0);
      if (k->p != HS_OBJ_NONE)
        tree_path (a, k->p, objs);
      for (HsObj y = k->x;; y = a->next[y])
        {
          g_array_append_val (objs, y);
          if (y == target || objs->len > c->n)
            break;
        }
      stamp++;
      for (guint j = 0; j < objs->len && !repeats; j++)
        {
          HsObj y = g_array_index (objs, HsObj, j);
          repeats = a->stamp[y] == stamp;
          a->stamp[y] = stamp;
        }
      if (repeats)
        continue;
      local = k->p != HS_OBJ_NONE && objs->len > 1 && (c->state[g_array_index (objs, HsObj, 1)] & F_LOCAL)
              && c->parent[g_array_index (objs, HsObj, 1)] == g_array_index (objs, HsObj, 0);
      use_path (a, objs);
      g_ptr_array_add (set->paths, make_path (a, objs, local));
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
    }
  return TRUE;
}

HsPathSet *
hs_paths_all (HsHeap *heap, const HsDomTree *dom, const HsPathsOptions *opts, HsObj target, guint max_paths,
              GCancellable *cancellable, GError **error)
{
  All a = { 0 };
  g_autoptr (HsPathSet) set = g_new0 (HsPathSet, 1);
  guint8 base_found = 0;
  g_autoptr (GArray) objs = g_array_new (FALSE, FALSE, sizeof (HsObj));

  g_return_val_if_fail (heap != NULL, NULL);
  set->paths = g_ptr_array_new_with_free_func (path_free);
  set->strings = g_string_chunk_new (1024);
  if (target >= hs_heap_n_objects (heap) || max_paths == 0)
    return g_steal_pointer (&set);
  if (!_hs_paths_search_run (&a.s, heap, dom, opts, &target, 1, max_paths > 1, set->strings, cancellable,
                             error))
    {
      all_clear (&a);
      return NULL;
    }
  if (!(a.s.c.state[target] & F_FOUND))
    {
      /* No path: did the exclusions take it? (Only asked then.) */
      all_clear (&a);
      if (!hs_paths_options_are_default (opts)
          && !_hs_paths_baseline (heap, dom, opts, &target, 1, &base_found, cancellable, error))
        return NULL;
      set->freed = base_found;
      return g_steal_pointer (&set);
    }
  tree_path (&a, target, objs);
  g_ptr_array_add (
      set->paths,
      make_path (&a, objs,
                 objs->len > 1 && (a.s.c.state[g_array_index (objs, HsObj, 1)] & F_LOCAL)
                     && a.s.c.parent[g_array_index (objs, HsObj, 1)] == g_array_index (objs, HsObj, 0)));
  if (max_paths > 1)
    {
      gboolean ok = other_paths (&a, target, max_paths, set, cancellable, error);
      if (!ok)
        {
          all_clear (&a);
          return NULL;
        }
    }
  all_clear (&a);
  return g_steal_pointer (&set);
}

void
hs_path_set_free (HsPathSet *s)
{
  if (s == NULL)
    return;
  g_clear_pointer (&s->paths, g_ptr_array_unref);
  if (s->strings)
    g_string_chunk_free (s->strings);
  g_free (s);
}
