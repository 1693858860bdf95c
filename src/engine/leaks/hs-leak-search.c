/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-search.c: the path search. Which references are followed (the
 * library-leak matchers, referents, Finalizer/Cleaner bookkeeping), one
 * breadth-first search from all GC roots with Shark's two queues, and the
 * walk that finds the leaking objects sitting behind found ones. */
#include "config.h"

#include "hs-leaks-private.h"
#include "hs-mem.h"

#include <string.h>

static void
queue_push (LeakQueue *q, HsObj o)
{
  if (q->len == q->cap)
    {
      if (q->head > 0 && q->head >= q->len / 2)
        {
          memmove (q->items, q->items + q->head, (q->len - q->head) * sizeof (HsObj));
          q->len -= q->head;
          q->head = 0;
        }
      else
        {
          q->cap = MAX (q->cap * 2, 1024);
          q->items = hs_mem_renew (HsObj, q->items, q->cap);
        }
    }
  q->items[q->len++] = o;
}

static const HsMatcher *
match_instance_field (LeakCtx *c, HsObj o, const char *field)
{
  char key[1024];
  guint depth = 0;
  if (field == NULL || g_hash_table_size (c->inst_match) == 0)
    return NULL;
  for (HsClass k = leak_obj_class (c, o); k != HS_CLASS_NONE && depth < 256;
       k = hs_class_super (c->heap, k), depth++)
    {
      const HsMatcher *m;
      g_snprintf (key, sizeof key, "%s#%s", leak_cname (c->heap, k), field);
      m = g_hash_table_lookup (c->inst_match, key);
      if (m)
        return m;
    }
  return NULL;
}

static const HsMatcher *
match_static_field (LeakCtx *c, HsClass k, const char *field)
{
  char key[1024];
  if (field == NULL || k == HS_CLASS_NONE || g_hash_table_size (c->static_match) == 0)
    return NULL;
  g_snprintf (key, sizeof key, "%s#%s", leak_cname (c->heap, k), field);
  return g_hash_table_lookup (c->static_match, key);
}

/* JNI global to an object of the class (or a subclass), or to that class. */
static const HsMatcher *
match_jni_global (LeakCtx *c, HsObj o)
{
  guint depth = 0;
  HsClass k
      = leak_obj_kind (c, o) == HS_KIND_CLASS ? hs_heap_object_as_class (c->heap, o) : leak_obj_class (c, o);
  for (; k != HS_CLASS_NONE && depth < 256; k = hs_class_super (c->heap, k), depth++)
    {
      const HsMatcher *m = g_hash_table_lookup (c->jni_match, leak_cname (c->heap, k));
      if (m)
        return m;
    }
  return NULL;
}

static gboolean
skip_static_name (const char *name)
{
  /* ART's synthetic statics: not references a user can act on. */
  return name == NULL || g_str_has_prefix (name, "$staticOverhead")
         || g_str_has_prefix (name, "$classOverhead") || g_str_has_prefix (name, "$class$");
}

/* A field the paths search's exclusions name ("Class#field"), the class
 * being the holder's or one of its superclasses. */
static gboolean
excluded_field (LeakCtx *c, HsObj from, const char *field)
{
  char key[1024];
  guint depth = 0;
  if (!(leak_obj_cflags (c, from) & CF_EXCLUDED))
    return FALSE;
  for (HsClass k = leak_obj_class (c, from); k != HS_CLASS_NONE && depth < 256;
       k = hs_class_super (c->heap, k), depth++)
    {
      g_snprintf (key, sizeof key, "%s#%s", leak_cname (c->heap, k), field);
      if (g_hash_table_contains (c->ex->excluded, key))
        return TRUE;
    }
  return FALSE;
}

static gboolean
excluded_static (LeakCtx *c, HsObj from, const char *field)
{
  char key[1024];
  HsClass k = hs_heap_object_as_class (c->heap, from);
  if (k == HS_CLASS_NONE)
    return FALSE;
  g_snprintf (key, sizeof key, "%s#%s", leak_cname (c->heap, k), field);
  return g_hash_table_contains (c->ex->excluded, key);
}

gboolean
_hs_leak_ref_is_referent (const HsNamedRef *r)
{
  return r->kind == HS_REF_FIELD && r->is_weak;
}

/* Decides whether a named reference is followed; sets *lib for a library-leak
 * reference. The one rule used both by the search and to name the path. */
gboolean
_hs_leak_ref_followable (LeakCtx *c, HsObj from, const HsNamedRef *r, const HsMatcher **lib)
{
  const HsMatcher *m = NULL;
  *lib = NULL;
  switch (r->kind)
    {
      case HS_REF_FIELD:
        if (r->is_weak)
          return c->ex != NULL && (leak_obj_cflags (c, from) & c->ex->follow_referents & CF_REF_KINDS) != 0;
        if (_hs_leak_is_bookkeeping_field (c, r->declared_in, r->name))
          return FALSE;
        if (c->ex && c->ex->excluded && r->name && excluded_field (c, from, r->name))
          return FALSE;
        m = match_instance_field (c, from, r->name);
        break;
      case HS_REF_STATIC:
        if (skip_static_name (r->name))
          return FALSE;
        if (c->ex && c->ex->excluded && excluded_static (c, from, r->name))
          return FALSE;
        m = match_static_field (c, hs_heap_object_as_class (c->heap, from), r->name);
        break;
      case HS_REF_ELEMENT: break;
      default: /* class, superclass, loader: not paths LeakCanary shows */ return FALSE;
    }
  if (m && m->ignored)
    return FALSE;
  *lib = m;
  return TRUE;
}

/* Shark's enqueue: a node already queued normally or visited keeps its path; a
 * node waiting in the visit-last queue moves to the normal queue when a
 * normal path shows up. Returns TRUE if (re)queued. */
static gboolean
enqueue (LeakCtx *c, HsObj child, HsObj parent, guint8 flags, gboolean last, const HsMatcher *lib)
{
  guint8 st = c->state[child];
  if ((st & ST_MASK) == ST_DONE || (st & ST_MASK) == ST_Q1)
    return FALSE;
  if ((st & ST_MASK) == ST_Q2 && last)
    return FALSE;
  if (st & F_LIBRARY)
    g_hash_table_remove (c->lib_of, GUINT_TO_POINTER (child));
  if (st & F_ROOT)
    g_hash_table_remove (c->root_rec, GUINT_TO_POINTER (child));
  st &= F_LEAKING | F_FOUND | F_BEHIND;
  st |= flags | (last ? ST_Q2 : ST_Q1);
  if (lib)
    {
      st |= F_LIBRARY;
      g_hash_table_insert (c->lib_of, GUINT_TO_POINTER (child), (gpointer)lib);
    }
  c->state[child] = st;
  c->parent[child] = parent;
  queue_push (last ? &c->q2 : &c->q1, child);
  return TRUE;
}

static gboolean
root_type_is_weak (guint8 type)
{
  switch (type)
    {
      case HS_ROOT_THREAD_OBJECT: /* Shark: thread fields held locals on Lollipop */
      case HS_ROOT_JAVA_FRAME:    /* locals of an unknown thread */
      case HS_ROOT_INTERNED_STRING:
      case HS_ROOT_FINALIZING:
      case HS_ROOT_DEBUGGER:
      case HS_ROOT_REFERENCE_CLEANUP:
      case HS_ROOT_VM_INTERNAL:
      case HS_ROOT_UNKNOWN:
      case HS_ROOT_UNREACHABLE: return TRUE;
      default: return FALSE;
    }
}

static void
enqueue_roots (LeakCtx *c)
{
  HsHeap *heap = c->heap;
  gsize n = hs_heap_n_roots (heap);
  GHashTable *local_by_thread = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (gsize i = 0; i < n; i++)
    {
      const HsRoot *r = hs_heap_root (heap, i);
      const HsMatcher *m = NULL;
      if (r->obj == HS_OBJ_NONE || r->obj >= c->n)
        continue;
      if (c->ex && c->ex->skip_finalizing_roots && r->type == HS_ROOT_FINALIZING)
        continue;
      if (r->type == HS_ROOT_JAVA_FRAME && r->thread_obj != HS_OBJ_NONE && r->thread_obj < c->n
          && r->thread_obj != r->obj)
        {
          /* A local of a known thread: path thread -> <Java Local> -> object. */
          gpointer cached;
          if (g_hash_table_lookup_extended (local_by_thread, GUINT_TO_POINTER (r->thread_obj), NULL, &cached))
            {
              m = cached;
            }
          else
            {
              g_autofree char *name = _hs_leak_thread_name (c, r->thread_obj);
              m = name ? g_hash_table_lookup (c->local_match, name) : NULL;
              g_hash_table_insert (local_by_thread, GUINT_TO_POINTER (r->thread_obj), (gpointer)m);
            }
          if (m && m->ignored)
            continue;
          enqueue (c, r->obj, r->thread_obj, F_LOCAL, TRUE, m);
          continue;
        }
      if (r->type == HS_ROOT_JNI_GLOBAL && g_hash_table_size (c->jni_match) > 0)
        {
          m = match_jni_global (c, r->obj);
          if (m && m->ignored)
            continue;
        }
      if (enqueue (c, r->obj, HS_OBJ_NONE, F_ROOT, m != NULL || root_type_is_weak (r->type), m))
        g_hash_table_insert (c->root_rec, GUINT_TO_POINTER (r->obj), GSIZE_TO_POINTER (i + 1));
    }
  g_hash_table_unref (local_by_thread);
}

typedef struct
{
  LeakCtx *c;
  HsObj from;
} ExpandData;

static gboolean
expand_named_cb (const HsNamedRef *r, gpointer user_data)
{
  ExpandData *d = user_data;
  const HsMatcher *lib = NULL;
  if (r->target == HS_OBJ_NONE || r->target >= d->c->n)
    return TRUE;
  if (!_hs_leak_ref_followable (d->c, d->from, r, &lib))
    return TRUE;
  enqueue (d->c, r->target, d->from, 0, lib != NULL || (d->c->ex && _hs_leak_ref_is_referent (r)), lib);
  return TRUE;
}

static void
expand (LeakCtx *c, HsObj o)
{
  HsHeap *heap = c->heap;
  HsKind kind = leak_obj_kind (c, o);
  HsClass k;
  if (kind == HS_KIND_PRIM_ARRAY)
    return;
  k = kind == HS_KIND_CLASS ? HS_CLASS_NONE : leak_obj_class (c, o);
  if (k != HS_CLASS_NONE && k >= c->n_classes)
    k = HS_CLASS_NONE;
  if (kind == HS_KIND_CLASS || (kind == HS_KIND_INSTANCE && k != HS_CLASS_NONE && (c->cflags[k] & CF_NAMED)))
    {
      ExpandData d = { c, o };
      hs_heap_foreach_ref (heap, o, expand_named_cb, &d);
      return;
    }
  {
    /* The graph holds every field/element value plus the edge to the
     * object's class object, which LeakCanary does not follow. Hot loop: the
     * graph's edges, and the common "already seen" case decided without a
     * call. */
    const HsGraph *g = c->graph;
    HsObj cls = k == HS_CLASS_NONE ? HS_OBJ_NONE : c->class_obj_of[k], t;
    for (HsGraphEdges it = hs_graph_edges (g, o); hs_graph_next (g, &it, &t);)
      {
        guint8 st;
        if (t == cls || t >= c->n)
          continue;
        st = c->state[t] & ST_MASK;
        if (st == ST_DONE || st == ST_Q1)
          continue;
        enqueue (c, t, o, 0, FALSE, NULL);
      }
  }
}

gboolean
_hs_leak_run_search (LeakCtx *c, HsProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                     GError **error)
{
  guint64 visited = 0;
  guint64 total = c->dom ? MAX (c->dom->n_reachable, 1) : MAX (c->n, 1);

  /* Primitive arrays, Strings and instances without object fields lead
   * nowhere (LeakCanary skips them too): mark them visited up front (one
   * pass in index order) so that the search never queues them. The search can stop
   * once it has found every leaking object the heap says is reachable. */
  for (guint64 o = 0; o < c->n; o++)
    {
      HsKind kind;
      if (c->state[o] & F_LEAKING)
        continue;
      kind = leak_obj_kind (c, (HsObj)o);
      if (kind == HS_KIND_PRIM_ARRAY
          || (kind == HS_KIND_INSTANCE && (leak_obj_cflags (c, (HsObj)o) & CF_LEAF)))
        c->state[o] = ST_DONE;
    }
  c->n_reachable_leaking = 0;
  for (guint i = 0; i < c->leaking->len; i++)
    if (!hs_heap_reachability_known (c->heap)
        || hs_heap_object_reachable (c->heap, g_array_index (c->leaking, HsObj, i)))
      c->n_reachable_leaking++; /* unknown yet (run beside the dominators): walk it all */
  /* A paths search changes what is reachable (referents followed,
   * references excluded): the heap's word does not hold for it. */
  if (c->ex)
    c->n_reachable_leaking = c->ex->exhaustive ? G_MAXUINT64 : c->leaking->len;

  enqueue_roots (c);
  while (c->n_found < c->n_reachable_leaking)
    {
      HsObj o;
      if (c->q1.head < c->q1.len)
        {
          o = c->q1.items[c->q1.head++];
          if ((c->state[o] & ST_MASK) != ST_Q1)
            continue;
        }
      else if (c->q2.head < c->q2.len)
        {
          o = c->q2.items[c->q2.head++];
          if ((c->state[o] & ST_MASK) != ST_Q2)
            continue; /* moved to the normal queue since */
        }
      else
        break;
      c->state[o] = (c->state[o] & ~ST_MASK) | ST_DONE;
      if ((++visited & 0xFFFF) == 0)
        {
          if (g_cancellable_set_error_if_cancelled (cancellable, error))
            return FALSE;
          if (progress)
            progress ("paths", MIN (1.0, (double)visited / (double)total), progress_data);
        }
      if (c->state[o] & F_LEAKING)
        {
          c->state[o] |= F_FOUND;
          c->n_found++;
          if (!c->expand_found)
            continue; /* leaking objects are leaves */
        }
      expand (c, o);
    }
  return TRUE;
}

/* Leaking objects the search did not reach: continue from the found ones
 * (still never entering what the search visited) to see which of them sit
 * behind a found one. What is reached here gets as its parent the found
 * leaking object it sits behind (its owner) rather than its predecessor:
 * no path is shown beyond a found one, and the owner is then known without
 * a walk up the chain per leak. */
void
_hs_leak_search_behind (LeakCtx *c, GCancellable *cancellable)
{
  LeakQueue q = { 0 };
  guint64 steps = 0;
  const HsGraph *g = c->graph;
  for (guint i = 0; i < c->leaking->len; i++)
    {
      HsObj l = g_array_index (c->leaking, HsObj, i);
      if (c->state[l] & F_FOUND)
        queue_push (&q, l);
    }
  while (q.head < q.len)
    {
      HsObj o = q.items[q.head++];
      HsClass k;
      HsObj cls, t;
      if ((++steps & 0xFFFF) == 0 && g_cancellable_is_cancelled (cancellable))
        break;
      if (leak_obj_kind (c, o) == HS_KIND_PRIM_ARRAY)
        continue;
      k = leak_obj_kind (c, o) == HS_KIND_CLASS ? HS_CLASS_NONE : leak_obj_class (c, o);
      cls = k == HS_CLASS_NONE || k >= c->n_classes ? HS_OBJ_NONE : c->class_obj_of[k];
      for (HsGraphEdges it = hs_graph_edges (g, o); hs_graph_next (g, &it, &t);)
        {
          if (t == cls || t >= c->n || (c->state[t] & ST_MASK) != ST_UNSEEN)
            continue;
          c->state[t] = (c->state[t] & ~ST_MASK) | ST_DONE;
          c->parent[t] = (c->state[o] & F_FOUND) ? o : c->parent[o];
          if (c->state[t] & F_LEAKING)
            c->state[t] |= F_BEHIND;
          queue_push (&q, t);
        }
    }
  g_free (q.items);
}
