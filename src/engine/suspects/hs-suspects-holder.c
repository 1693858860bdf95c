/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-suspects-holder.c: what holds an object suspect's memory, the answer
 * a user looks for first: the collection the accumulation point belongs
 * to (read through the layouts the waste analysis uses) and the nearest
 * static field, thread local or named field above it on the path
 * (docs/semantics.md "Problem suspects"). */
#include "config.h"

#include <string.h>

#include "hs-suspects-private.h"
#include "hs-collection-layouts.h"
#include "hs-threads.h"

static const HsLeakNode *
node_at (const HsLeakTrace *t, guint i)
{
  return g_ptr_array_index (t->nodes, i);
}

/* o as a collection: its entries, or FALSE. */
static gboolean
collection_size (HsHeap *heap, HsObj o, guint64 *size, HsObj *backing)
{
  const HsCollectionLayout *l;
  return hs_collection_read (heap, o, &l, size, backing);
}

/* The path index of the collection the accumulation point is (or is the
 * backing array of, or the map of a set of), or G_MAXUINT. The path ends
 * at the accumulation point. */
static guint
find_collection (HsHeap *heap, const HsLeakTrace *t, HsObj acc, guint64 *size)
{
  guint n = t->nodes->len;
  guint64 sz = 0, inner_size;
  HsObj backing, map_backing;
  guint at = G_MAXUINT;

  if (n == 0 || node_at (t, n - 1)->obj != acc)
    return G_MAXUINT;
  if (collection_size (heap, acc, &sz, &backing))
    at = n - 1;
  else if (n >= 2 && (t->n_elided == 0 || t->elided_at != n - 1)
           && collection_size (heap, node_at (t, n - 2)->obj, &sz, &backing) && backing == acc)
    at = n - 2;
  if (at == G_MAXUINT)
    return G_MAXUINT;
  /* A set holding the map: the set is the collection the user made. */
  if (at >= 1 && (t->n_elided == 0 || t->elided_at != at))
    {
      const HsCollectionLayout *l;
      HsObj set = node_at (t, at - 1)->obj;
      if (hs_collection_read (heap, set, &l, &inner_size, &map_backing) && l->kind == HS_COLLECTION_SET
          && hs_heap_read_ref (heap, set, l->arrays[0]) == node_at (t, at)->obj)
        {
          at--;
          sz = inner_size;
        }
    }
  *size = sz;
  return at;
}

/* Keys of the locals' table: the object alone, and the object with the
 * thread object whose root it is. */
static gint64
local_key (HsObj local, HsObj thread)
{
  return (gint64)((guint64)thread << 32 | local);
}

GHashTable *
_hs_suspects_local_roots (HsHeap *heap)
{
  GHashTable *locals = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
    {
      const HsRoot *r = hs_heap_root (heap, i);
      gint64 keys[2];
      if ((r->type != HS_ROOT_JAVA_FRAME && r->type != HS_ROOT_JNI_LOCAL) || r->obj == HS_OBJ_NONE)
        continue;
      keys[0] = local_key (r->obj, HS_OBJ_NONE);
      keys[1] = local_key (r->obj, r->thread_obj);
      for (guint k = 0; k < 2; k++)
        if (!g_hash_table_contains (locals, &keys[k]))
          g_hash_table_insert (locals, g_memdup2 (&keys[k], sizeof keys[k]), GSIZE_TO_POINTER (i + 1));
    }
  return locals;
}

/* The Java-frame or JNI-local root record naming local, of thread object
 * thread when there is one, else the first of local's; NULL if none. */
static const HsRoot *
local_root (HsHeap *heap, GHashTable *locals, HsObj local, HsObj thread)
{
  gint64 key = local_key (local, thread);
  gsize i = GPOINTER_TO_SIZE (g_hash_table_lookup (locals, &key));
  if (i == 0)
    {
      key = local_key (local, HS_OBJ_NONE);
      i = GPOINTER_TO_SIZE (g_hash_table_lookup (locals, &key));
    }
  return i > 0 ? hs_heap_root (heap, i - 1) : NULL;
}

static void
set_local (HsHeap *heap, GHashTable *locals, HsSuspectHolder *h, const HsLeakTrace *t, HsObj local,
           HsObj thread)
{
  const HsRoot *r = local_root (heap, locals, local, thread);
  h->kind = HS_SUSPECT_HOLDER_LOCAL;
  h->thread = g_strdup (t->root_thread_name);
  if (r != NULL)
    {
      h->name = hs_heap_root_frame_method (heap, r->thread_serial, r->frame);
      h->frame = hs_heap_root_frame_text (heap, r->thread_serial, r->frame);
      if (h->thread == NULL)
        h->thread = hs_heap_thread_name (heap, r->thread_serial);
    }
}

void
_hs_suspects_find_holder (HsHeap *heap, GHashTable *locals, HsObjectSuspect *s)
{
  const HsLeakTrace *t = s->path;
  guint n, owner, field = G_MAXUINT;
  guint64 size = 0;

  s->collection = HS_OBJ_NONE;
  s->holder.path_index = G_MAXUINT;
  if (t == NULL || t->nodes->len == 0)
    return;
  n = t->nodes->len;
  owner = find_collection (heap, t, s->accumulation, &size);
  if (owner != G_MAXUINT)
    {
      s->collection = node_at (t, owner)->obj;
      s->collection_class = g_strdup (hs_heap_object_class_name (heap, s->collection));
      s->collection_size = size;
      s->collection_id = hs_heap_object_id (heap, s->collection);
    }
  else
    owner = n - 1;
  /* Nearest first: a static field or a thread's local; else the nearest
   * named instance field. */
  for (guint i = owner; i-- > 0;)
    {
      const HsLeakNode *node = node_at (t, i);
      if (node->ref_kind == HS_PATH_REF_STATIC)
        {
          s->holder.kind = HS_SUSPECT_HOLDER_STATIC;
          s->holder.path_index = i;
          s->holder.name
              = g_strdup_printf ("%s.%s", node->ref_owner_class ? node->ref_owner_class : node->class_name,
                                 node->ref_name ? node->ref_name : "");
          return;
        }
      if (node->ref_kind == HS_PATH_REF_LOCAL)
        {
          set_local (heap, locals, &s->holder, t, node_at (t, i + 1)->obj, node->obj);
          s->holder.path_index = i;
          return;
        }
      /* a field of the suspect itself names nothing the suspect does not
       * (a thread's field: "held by the thread" says more) */
      if (node->ref_kind == HS_PATH_REF_FIELD && field == G_MAXUINT && node->ref_name != NULL
          && strcmp (node->ref_name, "<unknown>") != 0 && node->obj != s->obj)
        field = i;
    }
  /* A path that starts at the local itself (its thread has no object). */
  if ((t->root_type == HS_ROOT_JAVA_FRAME || t->root_type == HS_ROOT_JNI_LOCAL) && !node_at (t, 0)->is_class)
    {
      set_local (heap, locals, &s->holder, t, node_at (t, 0)->obj, HS_OBJ_NONE);
      s->holder.path_index = 0;
      return;
    }
  if (field != G_MAXUINT)
    {
      const HsLeakNode *node = node_at (t, field);
      s->holder.kind = HS_SUSPECT_HOLDER_FIELD;
      s->holder.path_index = field;
      s->holder.name = g_strdup_printf (
          "%s.%s", node->ref_owner_class ? node->ref_owner_class : node->class_name, node->ref_name);
    }
}
