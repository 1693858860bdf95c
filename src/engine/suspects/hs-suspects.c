/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-suspects.c: problem suspects. The rules are docs/semantics.md's; the
 * choices it leaves open are written in docs/semantics.md. Cost: one pass
 * over the virtual root's children, a walk down the dominator tree from
 * each object suspect reading only the children of the nodes on the way,
 * per-class arrays allocated once, and one path search that stops when it
 * has reached every target. */
#include "config.h"

#include "hs-suspects-private.h"
#include "hs-heap-mapping.h"
#include "hs-strhash.h"
#include "hs-debug.h"
#include "hs-threads.h"

#include <math.h>
#include <string.h>

guint64
hs_suspects_threshold (guint64 reachable_bytes, double percent)
{
  /* P as millionths of a percent, so that 10 or 12.5 give an exact T:
   * T = ceil(R x micro / 1e8), split so that no product overflows
   * (R = q x 1e8 + r; r x micro < 1e16) on every platform. */
  const guint64 scale = 100000000u;
  guint64 micro, q, r, t;
  if (!(percent > 0))
    percent = HS_SUSPECTS_DEFAULT_PERCENT;
  if (percent > 100)
    percent = 100;
  micro = (guint64)llround (percent * 1e6);
  q = reachable_bytes / scale;
  r = reachable_bytes % scale;
  t = q * micro + (r * micro + scale - 1) / scale;
  return MAX (t, 1);
}

void
_hs_object_suspect_free (gpointer p)
{
  HsObjectSuspect *s = p;
  g_free (s->class_name);
  g_free (s->obfuscated_name);
  g_free (s->description);
  g_free (s->accumulation_class);
  g_free (s->accumulation_obfuscated_name);
  g_free (s->holder.name);
  g_free (s->holder.thread);
  g_free (s->holder.frame);
  g_free (s->collection_class);
  hs_leak_trace_free (s->path);
  if (s->retained_classes)
    g_array_unref (s->retained_classes);
  g_free (s);
}

void
_hs_class_suspect_free (gpointer p)
{
  HsClassSuspect *s = p;
  g_free (s->class_name);
  g_free (s->obfuscated_name);
  g_free (s->description);
  if (s->biggest)
    g_array_unref (s->biggest);
  if (s->biggest_ids)
    g_array_unref (s->biggest_ids);
  hs_leak_trace_free (s->common_path);
  if (s->threads)
    g_array_unref (s->threads);
  g_free (s);
}

void
_hs_suspect_thread_clear (gpointer p)
{
  HsSuspectThread *t = p;
  g_free (t->name);
  g_free (t->frame_method);
  g_free (t->frame);
}

void
hs_suspects_free (HsSuspects *s)
{
  if (s == NULL)
    return;
  g_clear_pointer (&s->objects, g_ptr_array_unref);
  g_clear_pointer (&s->classes, g_ptr_array_unref);
  g_free (s);
}

/* ---- class keys ---------------------------------------------------------- */

/* Objects are grouped by class name (two classes of one name, from two
 * loaders, are one group), class objects apart from instances: key =
 * 2 x (first class of that name) + 1 for class objects; 2 x n_classes for
 * objects of no known class. */
typedef struct
{
  HsHeap *heap;
  const HsDomTree *dom;
  guint n_classes;
  guint *canon; /* class -> first class of the same name */
  guint n_keys;
  guint64 *sum, *count; /* per key */
  GArray *touched;      /* guint keys with non-zero sums */
} Ctx;

static guint
key_of (Ctx *c, HsObj o)
{
  HsClass k;
  gboolean is_class = hs_heap_object_kind (c->heap, o) == HS_KIND_CLASS;
  k = is_class ? hs_heap_object_as_class (c->heap, o) : hs_heap_object_class (c->heap, o);
  if (k == HS_CLASS_NONE || k >= c->n_classes)
    return 2 * c->n_classes + (is_class ? 1 : 0);
  return 2 * c->canon[k] + (is_class ? 1 : 0);
}

/* The name of a key's group, as the class table and the inspector show it. */
static char *
key_name (Ctx *c, guint key)
{
  guint k = key / 2;
  const char *name = k < c->n_classes ? hs_class_name (c->heap, k) : NULL;
  if (name == NULL)
    name = "<unknown class>";
  return key % 2 ? g_strdup_printf ("class %s", name) : g_strdup (name);
}

/* The dump's name of a key's class when a mapping renamed it, else NULL. */
static char *
key_obfuscated_name (Ctx *c, guint key)
{
  guint k = key / 2;
  return k < c->n_classes ? g_strdup (hs_class_obfuscated_name (c->heap, k)) : NULL;
}

/* The same for an object: of its class, or of the class it is. */
static char *
object_obfuscated_name (HsHeap *heap, HsObj o)
{
  HsClass k = hs_heap_object_kind (heap, o) == HS_KIND_CLASS ? hs_heap_object_as_class (heap, o)
                                                             : hs_heap_object_class (heap, o);
  return g_strdup (hs_class_obfuscated_name (heap, k));
}

static void
ctx_init (Ctx *c, HsHeap *heap, const HsDomTree *dom)
{
  g_autoptr (GHashTable) first = g_hash_table_new (hs_str_hash, g_str_equal); /* dump names */
  c->heap = heap;
  c->dom = dom;
  c->n_classes = hs_heap_n_classes (heap);
  c->canon = g_new (guint, MAX (c->n_classes, 1));
  for (guint i = 0; i < c->n_classes; i++)
    {
      const char *name = hs_class_name (heap, i);
      gpointer f;
      if (name == NULL)
        c->canon[i] = i;
      else if (g_hash_table_lookup_extended (first, name, NULL, &f))
        c->canon[i] = GPOINTER_TO_UINT (f);
      else
        {
          c->canon[i] = i;
          g_hash_table_insert (first, (gpointer)name, GUINT_TO_POINTER (i));
        }
    }
  c->n_keys = 2 * c->n_classes + 2;
  c->sum = g_new0 (guint64, c->n_keys);
  c->count = g_new0 (guint64, c->n_keys);
  c->touched = g_array_new (FALSE, FALSE, sizeof (guint));
}

static void
ctx_clear (Ctx *c)
{
  g_free (c->canon);
  g_free (c->sum);
  g_free (c->count);
  g_array_unref (c->touched);
}

static void
ctx_reset (Ctx *c)
{
  for (guint i = 0; i < c->touched->len; i++)
    {
      guint k = g_array_index (c->touched, guint, i);
      c->sum[k] = c->count[k] = 0;
    }
  g_array_set_size (c->touched, 0);
}

static inline void
add_to_key (Ctx *c, guint key, guint64 retained)
{
  if (c->count[key] == 0)
    g_array_append_val (c->touched, key);
  c->count[key]++;
  c->sum[key] += retained;
}

/* ---- the dominator tree -------------------------------------------------- */

/* Bigger retained first, then lower id: the lower index, since objects are
 * numbered in id order (hs-heap-index.c), without reading the ids from the
 * dump (a node with millions of equal children compares them all). */
static gboolean
bigger (Ctx *c, HsObj a, HsObj b)
{
  guint64 ra = hs_dom_tree_retained (c->dom, a), rb = hs_dom_tree_retained (c->dom, b);
  if (ra != rb)
    return ra > rb;
  return a < b;
}

/* Down to the biggest child while it keeps 70% of the node. */
static HsObj
accumulation_point (Ctx *c, HsObj o)
{
  const HsDomTree *d = c->dom;
  for (guint64 guard = 0; guard < d->n; guard++)
    {
      HsObj best = HS_OBJ_NONE;
      for (guint64 e = d->child_offsets[o]; e < d->child_offsets[o + 1]; e++)
        {
          HsObj k = d->child_targets[e];
          if (best == HS_OBJ_NONE || bigger (c, k, best))
            best = k;
        }
      if (best == HS_OBJ_NONE || hs_dom_tree_retained (d, best) * 10 < hs_dom_tree_retained (d, o) * 7)
        break;
      o = best;
    }
  return o;
}

void
_hs_suspect_class_clear (gpointer p)
{
  HsSuspectClass *sc = p;
  g_free (sc->class_name);
  g_free (sc->obfuscated_name);
  if (sc->below)
    g_array_unref (sc->below);
}

static gint
cmp_suspect_class (gconstpointer a, gconstpointer b)
{
  const HsSuspectClass *x = a, *y = b;
  if (x->retained != y->retained)
    return x->retained > y->retained ? -1 : 1;
  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return strcmp (x->class_name, y->class_name);
}

/* A row and the key of its class (rows are sorted by the row, first). */
typedef struct
{
  HsSuspectClass row;
  guint key;
} KeyedClass;

/* The touched keys' sums as rows sorted biggest first, at most max kept
 * (with their keys when keys != NULL); resets the sums. */
static GArray *
take_rows (Ctx *c, guint max, GArray *keys)
{
  g_autoptr (GArray) all = g_array_new (FALSE, FALSE, sizeof (KeyedClass));
  GArray *out = g_array_new (FALSE, FALSE, sizeof (HsSuspectClass));

  g_array_set_clear_func (out, _hs_suspect_class_clear);
  for (guint i = 0; i < c->touched->len; i++)
    {
      guint k = g_array_index (c->touched, guint, i);
      KeyedClass kc = { { .class_name = key_name (c, k),
                          .obfuscated_name = key_obfuscated_name (c, k),
                          .count = c->count[k],
                          .retained = c->sum[k] },
                        k };
      g_array_append_val (all, kc);
    }
  g_array_sort (all, cmp_suspect_class);
  for (guint i = 0; i < all->len; i++)
    {
      KeyedClass *kc = &g_array_index (all, KeyedClass, i);
      if (out->len < max)
        {
          g_array_append_val (out, kc->row);
          if (keys)
            g_array_append_val (keys, kc->key);
        }
      else
        _hs_suspect_class_clear (&kc->row);
    }
  ctx_reset (c);
  return out;
}

/* What the memory accumulates in: the objects acc immediately dominates,
 * by class (count, sum of their retained sizes), as Eclipse MAT's
 * "accumulated objects by class in dominator tree"; and under each such
 * class, the objects its members immediately dominate, by class (where
 * the bytes are when the first level is entries or nodes). Work: acc's
 * children, times the rows, and their children. */
static GArray *
retained_classes (Ctx *c, HsObj acc)
{
  const HsDomTree *d = c->dom;
  g_autoptr (GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *out;

  ctx_reset (c);
  for (guint64 e = d->child_offsets[acc]; e < d->child_offsets[acc + 1]; e++)
    {
      HsObj k = d->child_targets[e];
      add_to_key (c, key_of (c, k), hs_dom_tree_retained (d, k));
    }
  out = take_rows (c, HS_SUSPECTS_MAX_CLASSES, keys);
  for (guint r = 0; r < out->len; r++)
    {
      guint key = g_array_index (keys, guint, r);
      for (guint64 e = d->child_offsets[acc]; e < d->child_offsets[acc + 1]; e++)
        {
          HsObj k = d->child_targets[e];
          if (key_of (c, k) != key)
            continue;
          for (guint64 f = d->child_offsets[k]; f < d->child_offsets[k + 1]; f++)
            {
              HsObj j = d->child_targets[f];
              add_to_key (c, key_of (c, j), hs_dom_tree_retained (d, j));
            }
        }
      g_array_index (out, HsSuspectClass, r).below = take_rows (c, HS_SUSPECTS_MAX_BELOW, NULL);
    }
  return out;
}

/* ---- finding them -------------------------------------------------------- */

static gint
cmp_object_suspects (gconstpointer a, gconstpointer b)
{
  const HsObjectSuspect *x = *(HsObjectSuspect *const *)a, *y = *(HsObjectSuspect *const *)b;
  if (x->retained != y->retained)
    return x->retained > y->retained ? -1 : 1;
  return x->id < y->id ? -1 : x->id > y->id;
}

static gint
cmp_class_suspects (gconstpointer a, gconstpointer b)
{
  const HsClassSuspect *x = *(HsClassSuspect *const *)a, *y = *(HsClassSuspect *const *)b;
  if (x->retained != y->retained)
    return x->retained > y->retained ? -1 : 1;
  return strcmp (x->class_name, y->class_name);
}

/* Inserts o among the biggest members kept for its group (bounded). */
static void
keep_biggest (Ctx *c, GArray *biggest, HsObj o)
{
  guint pos = biggest->len;
  while (pos > 0 && bigger (c, o, g_array_index (biggest, HsObj, pos - 1)))
    pos--;
  if (pos >= HS_SUSPECTS_MAX_BIGGEST)
    return;
  g_array_insert_val (biggest, pos, o);
  if (biggest->len > HS_SUSPECTS_MAX_BIGGEST)
    g_array_set_size (biggest, HS_SUSPECTS_MAX_BIGGEST);
}

/* Object suspects, and per key the sums of the other root children. */
static void
find_candidates (Ctx *c, HsSuspects *s)
{
  const HsDomTree *d = c->dom;
  for (guint64 e = d->child_offsets[d->n]; e < d->child_offsets[d->n + 1]; e++)
    {
      HsObj o = d->child_targets[e];
      if (hs_dom_tree_retained (d, o) >= s->threshold)
        {
          HsObjectSuspect *os = g_new0 (HsObjectSuspect, 1);
          os->obj = o;
          os->collection = HS_OBJ_NONE;
          os->id = hs_heap_object_id (c->heap, o);
          os->retained = hs_dom_tree_retained (d, o);
          os->retained_count = hs_dom_tree_retained_count (d, o);
          g_ptr_array_add (s->objects, os);
        }
      else
        add_to_key (c, key_of (c, o), hs_dom_tree_retained (d, o));
    }
  g_ptr_array_sort (s->objects, cmp_object_suspects);
}

static gint
cmp_suspect_threads (gconstpointer a, gconstpointer b)
{
  const HsSuspectThread *x = a, *y = b;
  if (x->serial != y->serial)
    return x->serial < y->serial ? -1 : 1;
  return g_strcmp0 (x->frame, y->frame);
}

/* The threads and frames that hold class suspects' members in locals: one
 * pass over the root records (members are virtual-root children under T,
 * so a local root naming one is what holds it). (thread, frame) pairs are
 * kept per suspect up to HS_SUSPECTS_MAX_THREADS, all counted. */
static void
find_local_threads (Ctx *c, HsSuspects *s, HsClassSuspect **of_key)
{
  const HsDomTree *d = c->dom;
  HsHeap *heap = c->heap;
  /* per class suspect: (serial << 32 | frame) -> 1 + its index in
   * threads, or 0 when not listed; and the members seen */
  g_autoptr (GHashTable) pairs_of
      = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, (GDestroyNotify)g_hash_table_unref);
  g_autoptr (GHashTable) members = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
    {
      const HsRoot *r = hs_heap_root (heap, i);
      HsClassSuspect *cs;
      GHashTable *pairs;
      gpointer at;
      guint64 pair;

      if ((r->type != HS_ROOT_JAVA_FRAME && r->type != HS_ROOT_JNI_LOCAL) || r->obj == HS_OBJ_NONE
          || r->obj >= d->n || d->idom[r->obj] != d->n || hs_dom_tree_retained (d, r->obj) >= s->threshold)
        continue;
      cs = of_key[key_of (c, r->obj)];
      if (cs == NULL)
        continue;
      pairs = g_hash_table_lookup (pairs_of, cs);
      if (pairs == NULL)
        {
          cs->threads = g_array_new (FALSE, FALSE, sizeof (HsSuspectThread));
          g_array_set_clear_func (cs->threads, _hs_suspect_thread_clear);
          pairs = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
          g_hash_table_insert (pairs_of, cs, pairs);
        }
      if (!g_hash_table_contains (members, GSIZE_TO_POINTER ((gsize)r->obj)))
        {
          g_hash_table_add (members, GSIZE_TO_POINTER ((gsize)r->obj));
          cs->n_local_members++;
        }
      pair = (guint64)r->thread_serial << 32 | r->frame;
      if (g_hash_table_lookup_extended (pairs, &pair, NULL, &at))
        {
          if (GPOINTER_TO_UINT (at) > 0)
            g_array_index (cs->threads, HsSuspectThread, GPOINTER_TO_UINT (at) - 1).count++;
          continue;
        }
      cs->n_threads++;
      if (cs->threads->len < HS_SUSPECTS_MAX_THREADS)
        {
          HsSuspectThread t = { r->thread_serial, hs_heap_thread_name (heap, r->thread_serial),
                                hs_heap_root_frame_method (heap, r->thread_serial, r->frame),
                                hs_heap_root_frame_text (heap, r->thread_serial, r->frame), 1 };
          g_array_append_val (cs->threads, t);
          g_hash_table_insert (pairs, g_memdup2 (&pair, sizeof pair), GUINT_TO_POINTER (cs->threads->len));
        }
      else
        g_hash_table_insert (pairs, g_memdup2 (&pair, sizeof pair), GUINT_TO_POINTER (0));
    }
  for (guint i = 0; i < s->classes->len; i++)
    {
      HsClassSuspect *cs = g_ptr_array_index (s->classes, i);
      if (cs->threads)
        g_array_sort (cs->threads, cmp_suspect_threads);
    }
}

/* Class suspects from the sums; their biggest members in a second pass. */
static void
find_class_suspects (Ctx *c, HsSuspects *s)
{
  const HsDomTree *d = c->dom;
  g_autofree HsClassSuspect **of_key = NULL;
  guint found = 0;
  for (guint i = 0; i < c->touched->len; i++)
    {
      guint k = g_array_index (c->touched, guint, i);
      if (c->sum[k] >= s->threshold)
        found++;
    }
  if (found == 0)
    return;
  of_key = g_new0 (HsClassSuspect *, c->n_keys);
  for (guint i = 0; i < c->touched->len; i++)
    {
      guint k = g_array_index (c->touched, guint, i);
      HsClassSuspect *cs;
      if (c->sum[k] < s->threshold)
        continue;
      cs = g_new0 (HsClassSuspect, 1);
      cs->class_name = key_name (c, k);
      cs->obfuscated_name = key_obfuscated_name (c, k);
      cs->count = c->count[k];
      cs->retained = c->sum[k];
      cs->biggest = g_array_new (FALSE, FALSE, sizeof (HsObj));
      cs->biggest_ids = g_array_new (FALSE, FALSE, sizeof (guint64));
      of_key[k] = cs;
      g_ptr_array_add (s->classes, cs);
    }
  for (guint64 e = d->child_offsets[d->n]; e < d->child_offsets[d->n + 1]; e++)
    {
      HsObj o = d->child_targets[e];
      HsClassSuspect *cs;
      if (hs_dom_tree_retained (d, o) >= s->threshold)
        continue;
      cs = of_key[key_of (c, o)];
      if (cs)
        keep_biggest (c, cs->biggest, o);
    }
  find_local_threads (c, s, of_key);
  g_ptr_array_sort (s->classes, cmp_class_suspects);
  for (guint i = 0; i < s->classes->len; i++)
    {
      HsClassSuspect *cs = g_ptr_array_index (s->classes, i);
      for (guint j = 0; j < cs->biggest->len; j++)
        {
          guint64 id = hs_heap_object_id (c->heap, g_array_index (cs->biggest, HsObj, j));
          g_array_append_val (cs->biggest_ids, id);
        }
    }
}

/* Length of the common prefix (same objects) of the member paths; 0 when a
 * member has no path. An abridged path is compared up to its gap only (its
 * later nodes are not at their path positions): the common part found is
 * then a shorter one, still common to all. */
static guint
whole_prefix (const HsLeakTrace *t)
{
  return t->n_elided > 0 ? t->elided_at : t->nodes->len;
}

static guint
common_prefix (GPtrArray *paths, guint from, guint n)
{
  guint len = G_MAXUINT;
  const HsLeakTrace *first = n > 0 ? g_ptr_array_index (paths, from) : NULL;
  if (first == NULL)
    return 0;
  for (guint i = from; i < from + n; i++)
    {
      const HsLeakTrace *t = g_ptr_array_index (paths, i);
      guint l = 0;
      if (t == NULL)
        return 0;
      while (l < MIN (len, MIN (whole_prefix (t), whole_prefix (first)))
             && ((HsLeakNode *)g_ptr_array_index (t->nodes, l))->obj
                    == ((HsLeakNode *)g_ptr_array_index (first->nodes, l))->obj)
        l++;
      len = MIN (len, l);
    }
  return len == G_MAXUINT ? 0 : len;
}

/* The paths: accumulation points of object suspects, the biggest members
 * of class suspects, then the ends of the members' common paths. */
static gboolean
find_paths (Ctx *c, HsSuspects *s, const HsLeakOptions *opts, GCancellable *cancellable, GError **error)
{
  g_autoptr (GArray) targets = g_array_new (FALSE, FALSE, sizeof (HsLeakTarget));
  g_autoptr (GArray) ends = g_array_new (FALSE, FALSE, sizeof (HsLeakTarget));
  g_autoptr (GPtrArray) paths = NULL;
  g_autoptr (GPtrArray) end_paths = NULL;
  g_autofree guint *end_of = g_new (guint, MAX (s->classes->len, 1));
  guint k = 0;

  for (guint i = 0; i < s->objects->len; i++)
    {
      HsObjectSuspect *os = g_ptr_array_index (s->objects, i);
      HsLeakTarget t = { os->accumulation, os->obj };
      g_array_append_val (targets, t);
    }
  for (guint i = 0; i < s->classes->len; i++)
    {
      HsClassSuspect *cs = g_ptr_array_index (s->classes, i);
      for (guint j = 0; j < cs->biggest->len; j++)
        {
          HsObj o = g_array_index (cs->biggest, HsObj, j);
          HsLeakTarget t = { o, o };
          g_array_append_val (targets, t);
        }
    }
  if (targets->len == 0)
    return TRUE; /* no suspects */
  paths = hs_leaks_trace_targets (c->heap, c->dom, opts, (HsLeakTarget *)targets->data, targets->len,
                                  cancellable, error);
  if (paths == NULL)
    return FALSE;
  for (guint i = 0; i < s->objects->len; i++)
    {
      HsObjectSuspect *os = g_ptr_array_index (s->objects, i);
      os->path = g_steal_pointer (&g_ptr_array_index (paths, k));
      k++;
    }
  for (guint i = 0; i < s->classes->len; i++)
    {
      HsClassSuspect *cs = g_ptr_array_index (s->classes, i);
      guint len = common_prefix (paths, k, cs->biggest->len);
      end_of[i] = G_MAXUINT;
      if (len > 0)
        {
          const HsLeakTrace *t = g_ptr_array_index (paths, k);
          HsLeakTarget e = { ((HsLeakNode *)g_ptr_array_index (t->nodes, len - 1))->obj, HS_OBJ_NONE };
          end_of[i] = ends->len;
          g_array_append_val (ends, e);
        }
      k += cs->biggest->len;
    }
  /* Rare: members that share a path. The same search reaches the shared
   * part the same way, so its trace is the common prefix. */
  if (ends->len > 0)
    {
      end_paths = hs_leaks_trace_targets (c->heap, c->dom, opts, (HsLeakTarget *)ends->data, ends->len,
                                          cancellable, error);
      if (end_paths == NULL)
        return FALSE;
    }
  k = s->objects->len;
  for (guint i = 0; i < s->classes->len; i++)
    {
      HsClassSuspect *cs = g_ptr_array_index (s->classes, i);
      g_autoptr (GPtrArray) mine = g_ptr_array_new ();
      if (end_of[i] != G_MAXUINT)
        cs->common_path = g_steal_pointer (&g_ptr_array_index (end_paths, end_of[i]));
      for (guint j = 0; j < cs->biggest->len; j++)
        g_ptr_array_add (mine, g_ptr_array_index (paths, k + j));
      cs->description = _hs_suspects_describe_class (c->heap, cs, mine, c->dom, s->reachable_bytes);
      k += cs->biggest->len;
    }
  return TRUE;
}

HsSuspects *
hs_suspects_find (HsHeap *heap, const HsDomTree *dom, const HsLeakOptions *opts, double percent,
                  GCancellable *cancellable, GError **error)
{
  g_autoptr (HsSuspects) s = NULL;
  HsDebugClock clock = { "suspects ", TRUE, 0, 0 };
  Ctx c = { 0 };
  gboolean ok;

  g_return_val_if_fail (heap != NULL && dom != NULL, NULL);
  g_return_val_if_fail (dom->n == hs_heap_n_objects (heap), NULL);
  if (!(percent > 0))
    percent = HS_SUSPECTS_DEFAULT_PERCENT;
  s = g_new0 (HsSuspects, 1);
  s->percent = MIN (percent, 100);
  s->reachable_bytes = hs_dom_tree_retained (dom, dom->n);
  s->threshold = hs_suspects_threshold (s->reachable_bytes, s->percent);
  s->objects = g_ptr_array_new_with_free_func (_hs_object_suspect_free);
  s->classes = g_ptr_array_new_with_free_func (_hs_class_suspect_free);

  hs_debug_step (&clock, NULL);
  ctx_init (&c, heap, dom);
  find_candidates (&c, s);
  find_class_suspects (&c, s);
  ctx_reset (&c);
  hs_debug_step (&clock, "candidates");
  for (guint i = 0; i < s->objects->len; i++)
    {
      HsObjectSuspect *os = g_ptr_array_index (s->objects, i);
      os->class_name = g_strdup (hs_heap_object_class_name (heap, os->obj));
      os->obfuscated_name = object_obfuscated_name (heap, os->obj);
      os->percent = s->reachable_bytes ? 100.0 * os->retained / s->reachable_bytes : 0;
      os->accumulation = accumulation_point (&c, os->obj);
      os->accumulation_id = hs_heap_object_id (heap, os->accumulation);
      os->accumulation_class = g_strdup (hs_heap_object_class_name (heap, os->accumulation));
      os->accumulation_obfuscated_name = object_obfuscated_name (heap, os->accumulation);
      os->accumulation_retained = hs_dom_tree_retained (dom, os->accumulation);
      os->retained_classes = retained_classes (&c, os->accumulation);
    }
  for (guint i = 0; i < s->classes->len; i++)
    {
      HsClassSuspect *cs = g_ptr_array_index (s->classes, i);
      cs->percent = s->reachable_bytes ? 100.0 * cs->retained / s->reachable_bytes : 0;
    }
  hs_debug_step (&clock, "accumulation");
  ok = !g_cancellable_set_error_if_cancelled (cancellable, error)
       && find_paths (&c, s, opts, cancellable, error);
  hs_debug_step (&clock, "paths");
  ctx_clear (&c);
  if (!ok)
    return NULL;
  g_autoptr (GHashTable) locals = _hs_suspects_local_roots (heap);
  for (guint i = 0; i < s->objects->len; i++)
    {
      HsObjectSuspect *os = g_ptr_array_index (s->objects, i);
      _hs_suspects_find_holder (heap, locals, os);
      os->description = _hs_suspects_describe_object (heap, os);
    }
  return g_steal_pointer (&s);
}
