/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-suspects-describe.c: the one sentence that says what a problem
 * suspect is, where its memory accumulates and what holds it (the choices
 * are listed in docs/semantics.md). */
#include "config.h"

#include "hs-suspects-private.h"
#include "hs-format.h"

#include <string.h>

/* Entries of an object array, or of a collection with a size field; -1. */
static gint64
entries_of (HsHeap *heap, HsObj o)
{
  static const char *const fields[] = { "size", "elementCount", "count" };
  const char *cn;
  gint64 v;
  switch (hs_heap_object_kind (heap, o))
    {
      case HS_KIND_OBJ_ARRAY: return hs_heap_array_length (heap, o);
      case HS_KIND_INSTANCE: break;
      default: return -1;
    }
  cn = hs_heap_object_class_name (heap, o);
  if (cn == NULL
      || !(strstr (cn, "Map") || strstr (cn, "List") || strstr (cn, "Set") || strstr (cn, "Queue")
           || strstr (cn, "Vector") || strstr (cn, "Deque") || strstr (cn, "Collection")
           || strstr (cn, "Table")))
    return -1;
  for (guint i = 0; i < G_N_ELEMENTS (fields); i++)
    if (hs_heap_read_integer (heap, o, fields[i], &v) && v >= 0)
      return v;
  return -1;
}

static void
append_object (GString *s, HsHeap *heap, HsObj o)
{
  gint64 n = entries_of (heap, o);
  if (hs_heap_object_kind (heap, o) == HS_KIND_CLASS)
    {
      HsClass k = hs_heap_object_as_class (heap, o);
      const char *name = k == HS_CLASS_NONE ? NULL : hs_class_name (heap, k);
      g_string_append_printf (s, "the class `%s` (its static fields)", name ? name : "?");
      return;
    }
  g_string_append_printf (s, "one `%s`", hs_heap_object_class_name (heap, o));
  if (n >= 0)
    {
      g_string_append (s, " of ");
      hs_format_append_grouped (s, (guint64)n);
      g_string_append (s, n == 1 ? " entry" : " entries");
    }
}

/* What holds the end of a path: the nearest static field or thread local
 * above its last node, else the thread or root type it starts at; nothing
 * for a class object that is its own root. FALSE if nothing was added. */
static gboolean
append_holder (GString *s, const HsLeakTrace *t)
{
  guint n = t->nodes->len;
  gsize len0 = s->len;
  for (guint i = n - 1; i-- > 0;)
    {
      const HsLeakNode *node = g_ptr_array_index (t->nodes, i);
      if (node->ref_kind == HS_PATH_REF_STATIC)
        {
          g_string_append_printf (s, " held by the static field `%s.%s`",
                                  node->ref_owner_class ? node->ref_owner_class : node->class_name,
                                  node->ref_name ? node->ref_name : "");
          return TRUE;
        }
      if (node->ref_kind == HS_PATH_REF_LOCAL)
        {
          if (t->root_thread_name)
            g_string_append_printf (s, " held by a local variable of thread `%s`", t->root_thread_name);
          else
            g_string_append (s, " held by a local variable of a thread");
          return TRUE;
        }
    }
  if (t->root_type == HS_ROOT_THREAD_OBJECT && n > 0
      && ((const HsLeakNode *)g_ptr_array_index (t->nodes, 0))->description)
    g_string_append_printf (s, " held by the thread `%s`",
                            ((const HsLeakNode *)g_ptr_array_index (t->nodes, 0))->description);
  else if (n > 1 || !((const HsLeakNode *)g_ptr_array_index (t->nodes, 0))->is_class)
    g_string_append_printf (s, " held by a GC root (%s)", hs_root_type_name (t->root_type));
  return s->len > len0;
}

/* The suspect when it is not what the holder phrase names: the class
 * loader, class or object through which the holder is reached. */
static void
append_through (GString *s, HsHeap *heap, const HsObjectSuspect *o)
{
  const char *cn = o->class_name;
  HsClass k;
  if (hs_heap_object_kind (heap, o->obj) == HS_KIND_CLASS)
    {
      g_string_append (s, " through ");
      append_object (s, heap, o->obj);
      return;
    }
  k = hs_heap_object_class (heap, o->obj);
  if (g_str_has_suffix (cn, "$AppClassLoader"))
    g_string_append (s, " through the application class loader");
  else if (k != HS_CLASS_NONE && hs_class_is_subclass_of (heap, k, "java.lang.ClassLoader"))
    g_string_append_printf (s, " through the class loader `%s`", cn);
  else
    g_string_append_printf (s, " through one `%s`", cn);
}

/* Whether the holder phrase already names the suspect: it owns the
 * static or instance field (or is the thread), is what that refers to, or
 * is the collection or the accumulation point. */
static gboolean
holder_names_suspect (const HsObjectSuspect *o)
{
  const HsLeakTrace *t = o->path;
  guint i = o->holder.path_index;
  if (o->obj == o->collection || o->obj == o->accumulation)
    return TRUE;
  if (t == NULL || i >= t->nodes->len)
    return FALSE;
  return ((const HsLeakNode *)g_ptr_array_index (t->nodes, i))->obj == o->obj
         || (i + 1 < t->nodes->len
             && ((const HsLeakNode *)g_ptr_array_index (t->nodes, i + 1))->obj == o->obj);
}

/* Whether the holder refers to the accumulation point itself. */
static gboolean
holds_accumulation (const HsObjectSuspect *o)
{
  const HsLeakTrace *t = o->path;
  guint i = o->holder.path_index;
  return t != NULL && i + 1 < t->nodes->len
         && ((const HsLeakNode *)g_ptr_array_index (t->nodes, i + 1))->obj == o->accumulation;
}

/* "`C.f`", "A local variable of `worker-3` in `store.Worker.hold`". */
static void
append_holder_name (GString *s, const HsSuspectHolder *h)
{
  if (h->kind == HS_SUSPECT_HOLDER_LOCAL)
    {
      g_string_append (s, "A local variable");
      if (h->thread)
        g_string_append_printf (s, " of `%s`", h->thread);
      else
        g_string_append (s, " of a thread");
      if (h->name)
        g_string_append_printf (s, " in `%s`", h->name);
    }
  else
    g_string_append_printf (s, "`%s`", h->name);
}

/* "; mostly in N `E` objects (S)" when more than one object of a class
 * immediately dominated by the accumulation point holds at least half of
 * it, and " holding N `F` (S)" when one class under those holds at least
 * half of theirs. */
static void
append_mostly (GString *d, const HsObjectSuspect *s)
{
  const HsSuspectClass *top, *under;
  g_autofree char *sz = NULL, *usz = NULL;
  if (s->retained_classes == NULL || s->retained_classes->len == 0)
    return;
  top = &g_array_index (s->retained_classes, HsSuspectClass, 0);
  if (top->count <= 1 || top->retained * 2 < s->accumulation_retained)
    return;
  sz = hs_format_bytes (top->retained);
  g_string_append (d, "; mostly in ");
  hs_format_append_grouped (d, top->count);
  g_string_append_printf (d, " `%s` objects (%s)", top->class_name, sz);
  if (top->below == NULL || top->below->len == 0)
    return;
  under = &g_array_index (top->below, HsSuspectClass, 0);
  if (under->retained * 2 < top->retained)
    return;
  usz = hs_format_bytes (under->retained);
  g_string_append (d, " holding ");
  hs_format_append_grouped (d, under->count);
  g_string_append_printf (d, " `%s` (%s)", under->class_name, usz);
}

char *
_hs_suspects_describe_object (HsHeap *heap, const HsObjectSuspect *s)
{
  GString *d = g_string_new (NULL);
  g_autofree char *size = hs_format_bytes (s->retained);
  gboolean holder = s->holder.kind != HS_SUSPECT_HOLDER_NONE;
  if (holder)
    {
      append_holder_name (d, &s->holder);
      if (s->collection != HS_OBJ_NONE)
        {
          g_string_append_printf (d, ", a `%s` of ", s->collection_class);
          hs_format_append_grouped (d, s->collection_size);
          g_string_append (d, s->collection_size == 1 ? " entry," : " entries,");
        }
      else if (holds_accumulation (s) && s->accumulation != s->obj)
        {
          g_string_append (d, ", ");
          append_object (d, heap, s->accumulation);
          g_string_append_c (d, ',');
        }
    }
  else
    append_object (d, heap, s->obj);
  d->str[0] = g_ascii_toupper (d->str[0]);
  g_string_append_printf (d, " retains %s (", size);
  hs_format_append_percent (d, s->percent);
  g_string_append_c (d, ')');
  if (holder)
    {
      if (!holder_names_suspect (s))
        append_through (d, heap, s);
      if (s->collection == HS_OBJ_NONE && s->accumulation != s->obj && !holds_accumulation (s))
        {
          g_string_append (d, "; the memory accumulates in ");
          append_object (d, heap, s->accumulation);
        }
    }
  else if (s->accumulation != s->obj)
    {
      g_string_append (d, "; the memory accumulates in ");
      append_object (d, heap, s->accumulation);
      if (s->path)
        append_holder (d, s->path);
    }
  else if (s->path)
    {
      gsize at = d->len;
      if (append_holder (d, s->path))
        g_string_insert_c (d, at, ',');
    }
  append_mostly (d, s);
  g_string_append_c (d, '.');
  return g_string_free (d, FALSE);
}

/* ": `worker-0`, `worker-1`, `worker-2` and 37 more, in `store.Worker.hold`"
 * (the frame when every listed pair has the same method). */
static void
append_threads (GString *d, const HsClassSuspect *s)
{
  const guint shown = 3;
  const char *method = NULL;
  gboolean one_method = TRUE;
  guint named = 0;
  if (s->threads == NULL || s->threads->len == 0)
    return;
  for (guint i = 0; i < s->threads->len; i++)
    {
      const HsSuspectThread *t = &g_array_index (s->threads, HsSuspectThread, i);
      if (t->frame_method == NULL || (method && strcmp (method, t->frame_method) != 0))
        one_method = FALSE;
      method = t->frame_method;
    }
  g_string_append (d, ": ");
  for (guint i = 0; i < s->threads->len && named < shown; i++)
    {
      const HsSuspectThread *t = &g_array_index (s->threads, HsSuspectThread, i);
      g_string_append_printf (d, "%s`%s`", named ? ", " : "", t->name ? t->name : "?");
      named++;
    }
  if (s->n_threads > named)
    {
      g_string_append (d, " and ");
      hs_format_append_grouped (d, s->n_threads - named);
      g_string_append (d, " more");
    }
  if (one_method && method)
    g_string_append_printf (d, ", in `%s`", method);
}

char *
_hs_suspects_describe_class (HsHeap *heap, const HsClassSuspect *s, GPtrArray *member_paths,
                             const HsDomTree *dom, guint64 reachable)
{
  GString *d = g_string_new (NULL);
  g_autofree char *size = hs_format_bytes (s->retained);
  HsObj big = g_array_index (s->biggest, HsObj, 0);
  g_autofree char *big_size = hs_format_bytes (hs_dom_tree_retained (dom, big));
  gboolean all_locals = member_paths->len > 0;
  hs_format_append_grouped (d, s->count);
  g_string_append_printf (d, " objects of class `%s` retain %s (", s->class_name, size);
  hs_format_append_percent (d, s->percent);
  g_string_append_printf (d, ") together; the biggest retains %s (", big_size);
  hs_format_append_percent (d, reachable ? 100.0 * hs_dom_tree_retained (dom, big) / reachable : 0);
  g_string_append_c (d, ')');
  for (guint i = 0; i < member_paths->len; i++)
    {
      const HsLeakTrace *t = g_ptr_array_index (member_paths, i);
      if (t == NULL || t->nodes->len < 2
          || ((const HsLeakNode *)g_ptr_array_index (t->nodes, 0))->ref_kind != HS_PATH_REF_LOCAL)
        all_locals = FALSE;
    }
  if (s->common_path)
    {
      const HsLeakNode *last = g_ptr_array_index (s->common_path->nodes, s->common_path->nodes->len - 1);
      g_string_append_printf (d, ", all reached through one `%s`", last->class_name);
      if (s->common_path->nodes->len > 1)
        append_holder (d, s->common_path);
    }
  else if (all_locals)
    {
      g_string_append (d, ", each held by a local variable of a thread");
      append_threads (d, s);
    }
  g_string_append_c (d, '.');
  return g_string_free (d, FALSE);
}
