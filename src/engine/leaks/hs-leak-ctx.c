/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-ctx.c: one leak search's context: its setup (matchers that apply
 * to this dump, per-class facts, the search arrays) and teardown, and the
 * field readers every unit of the search uses. */
#include "config.h"

#include "hs-leaks-private.h"
#include "hs-runtime.h"
#include "hs-mem.h"

#include <string.h>

int
_hs_leak_read_bool (LeakCtx *c, HsObj o, const char *name)
{
  HsValue v;
  if (o == HS_OBJ_NONE || !hs_heap_read_field (c->heap, o, name, &v))
    return -1;
  switch (v.type)
    {
      case HS_TYPE_BOOLEAN: return v.z ? 1 : 0;
      case HS_TYPE_BYTE: return v.b ? 1 : 0;
      case HS_TYPE_INT: return v.i ? 1 : 0;
      default: return -1;
    }
}

/* Object field: FALSE if missing (or not an object field); *is_null set. */
gboolean
_hs_leak_read_obj (LeakCtx *c, HsObj o, const char *name, guint64 *id_out, HsObj *obj_out)
{
  HsValue v;
  if (o == HS_OBJ_NONE || !hs_heap_read_field (c->heap, o, name, &v) || v.type != HS_TYPE_OBJECT)
    return FALSE;
  if (id_out)
    *id_out = v.id;
  if (obj_out)
    *obj_out = v.id ? hs_heap_find (c->heap, v.id) : HS_OBJ_NONE;
  return TRUE;
}

char *
_hs_leak_read_string_field (LeakCtx *c, HsObj o, const char *name, gsize max)
{
  HsObj s = HS_OBJ_NONE;
  if (!_hs_leak_read_obj (c, o, name, NULL, &s) || s == HS_OBJ_NONE)
    return NULL;
  return hs_heap_read_string (c->heap, s, max);
}

char *
_hs_leak_thread_name (LeakCtx *c, HsObj t)
{
  return _hs_leak_read_string_field (c, t, "name", 80);
}

const char *
_hs_leak_object_class_name (LeakCtx *c, HsObj o)
{
  if (leak_obj_kind (c, o) == HS_KIND_CLASS)
    {
      HsClass k = hs_heap_object_as_class (c->heap, o);
      return k == HS_CLASS_NONE ? "java.lang.Class" : leak_cname (c->heap, k);
    }
  else
    {
      HsClass k = leak_obj_class (c, o);
      return k == HS_CLASS_NONE ? "<unknown class>" : leak_cname (c->heap, k);
    }
}

/* ---- class facts and matchers ------------------------------------------------ */
static const struct
{
  const char *name;
  guint32 flag;
} class_kinds[] = {
  { "android.app.Activity", CF_ACTIVITY },
  { "android.app.Service", CF_SERVICE },
  { "android.app.Application", CF_APPLICATION },
  { "android.app.Fragment", CF_FRAGMENT },
  { "android.support.v4.app.Fragment", CF_SUPPORT_FRAGMENT },
  { "androidx.fragment.app.Fragment", CF_ANDROIDX_FRAGMENT },
  { "android.view.View", CF_VIEW },
  { "android.app.Dialog", CF_DIALOG },
  { "android.view.Window", CF_WINDOW },
  { "android.content.ContextWrapper", CF_CONTEXT_WRAPPER },
  { "java.lang.Thread", CF_THREAD },
  { "java.lang.ClassLoader", CF_CLASSLOADER },
  { "android.os.MessageQueue", CF_MESSAGE_QUEUE },
  { "android.view.inputmethod.InputMethodManager", CF_IMM },
  { "leakcanary.KeyedWeakReference", CF_KWR },
  { "com.squareup.leakcanary.KeyedWeakReference", CF_KWR },
  { "java.lang.ref.Finalizer", CF_BOOKKEEPING | CF_NAMED },
  { "java.lang.ref.FinalizerReference", CF_BOOKKEEPING | CF_NAMED },
  { "sun.misc.Cleaner", CF_BOOKKEEPING | CF_NAMED },
  { "jdk.internal.ref.Cleaner", CF_BOOKKEEPING | CF_NAMED },
  { "jdk.internal.ref.PhantomCleanable", CF_BOOKKEEPING | CF_NAMED },
  { "jdk.internal.ref.WeakCleanable", CF_BOOKKEEPING | CF_NAMED },
  { "jdk.internal.ref.SoftCleanable", CF_BOOKKEEPING | CF_NAMED },
  { "java.lang.ref.Reference", CF_REFERENCE },
  { "java.lang.ref.WeakReference", CF_REF_WEAK },
  { "java.lang.ref.SoftReference", CF_REF_SOFT },
  { "java.lang.ref.PhantomReference", CF_REF_PHANTOM },
  { "java.lang.ref.FinalReference", CF_REF_FINAL },
};

/* next / prev of the lists that keep every registered finalizer or cleaner
 * reachable (the CF_BOOKKEEPING classes of class_kinds): not a reason
 * anything stays alive. */
gboolean
_hs_leak_is_bookkeeping_field (LeakCtx *c, HsClass declared_in, const char *name)
{
  if (declared_in == HS_CLASS_NONE || declared_in >= c->n_classes || name == NULL
      || !(c->cflags[declared_in] & CF_BOOKKEEPING))
    return FALSE;
  return strcmp (name, "next") == 0 || strcmp (name, "prev") == 0;
}

/* Whether some "Class#field" of the excluded set names this class. */
static gboolean
excluded_class (GHashTable *excluded, const char *name)
{
  GHashTableIter it;
  gpointer key;
  gsize len = strlen (name);
  g_hash_table_iter_init (&it, excluded);
  while (g_hash_table_iter_next (&it, &key, NULL))
    if (strncmp (key, name, len) == 0 && ((const char *)key)[len] == '#')
      return TRUE;
  return FALSE;
}

static void
compute_class_facts (LeakCtx *c)
{
  HsHeap *heap = c->heap;
  guint i, n;
  /* chain[k]: the flags k has from itself and its superclasses (CF_LEAF:
   * none of them declares an object field), computed once per class, top
   * down (a hostile dump can chain a million classes): 0 = not yet. */
  g_autofree guint32 *chain = NULL;
  g_autoptr (GArray) todo = g_array_new (FALSE, FALSE, sizeof (HsClass));
  const guint32 DONE = 1u << 31;
  n = c->n_classes = hs_heap_n_classes (heap);
  c->cflags = g_new0 (guint32, MAX (n, 1));
  c->class_obj_of = g_new0 (HsObj, MAX (n, 1));
  chain = g_new0 (guint32, MAX (n, 1));
  for (i = 0; i < n; i++)
    {
      guint32 f;
      HsClass k = i;
      /* up to the first class already done (or the top, or a loop) */
      g_array_set_size (todo, 0);
      while (k != HS_CLASS_NONE && k < n && !(chain[k] & DONE) && todo->len <= n)
        {
          g_array_append_val (todo, k);
          chain[k] |= DONE >> 1; /* on the way: a loop stops here */
          k = hs_class_super (heap, k);
          if (k != HS_CLASS_NONE && k < n && (chain[k] & (DONE >> 1)) && !(chain[k] & DONE))
            k = HS_CLASS_NONE;
        }
      f = k != HS_CLASS_NONE && k < n ? chain[k] & ~DONE : CF_LEAF;
      for (guint t = todo->len; t-- > 0;)
        {
          HsClass x = g_array_index (todo, HsClass, t);
          const char *name = leak_cname (heap, x);
          guint nf = 0;
          const HsFieldDecl *fd = hs_class_fields (heap, x, &nf);
          for (guint j = 0; j < nf && (f & CF_LEAF); j++)
            if (fd[j].type == HS_TYPE_OBJECT)
              f &= ~CF_LEAF;
          for (guint j = 0; j < G_N_ELEMENTS (class_kinds); j++)
            if (strcmp (name, class_kinds[j].name) == 0)
              f |= class_kinds[j].flag;
          if (g_hash_table_contains (c->inst_match_classes, name))
            f |= CF_NAMED;
          if (c->ex && c->ex->excluded && excluded_class (c->ex->excluded, name))
            f |= CF_EXCLUDED | CF_NAMED;
          chain[x] = f | DONE;
        }
    }
  for (i = 0; i < n; i++)
    {
      guint32 f = chain[i] & ~(DONE | (DONE >> 1));
      if ((f & CF_REFERENCE) && hs_heap_follow_weak (heap))
        f |= CF_NAMED; /* the CSR holds referents then: skip them by name */
      if (c->ex && (f & c->ex->follow_referents & CF_REF_KINDS))
        f |= CF_NAMED; /* the referent, not in the CSR, is followed by name */
      /* A String's only reference is its character array: a dead end. */
      if (strcmp (leak_cname (heap, i), "java.lang.String") == 0)
        f = (f & ~CF_NAMED) | CF_LEAF;
      c->cflags[i] = f;
      c->class_obj_of[i] = hs_class_object (heap, i);
    }
}

static void
load_matchers (LeakCtx *c)
{
  c->inst_match = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->static_match = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->local_match = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->jni_match = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->inst_match_classes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (c->table == NULL)
    return;
  for (guint i = 0; i < c->table->matchers->len; i++)
    {
      HsMatcher *m = g_ptr_array_index (c->table->matchers, i);
      GHashTable *t = NULL;
      char *key = NULL;
      if (!hs_matcher_applies (m, c->api_level, c->manufacturer))
        continue;
      switch (m->kind)
        {
          case HS_MATCHER_INSTANCE_FIELD:
            t = c->inst_match;
            key = g_strdup_printf ("%s#%s", m->class_name, m->field_name);
            g_hash_table_add (c->inst_match_classes, g_strdup (m->class_name));
            break;
          case HS_MATCHER_STATIC_FIELD:
            t = c->static_match;
            key = g_strdup_printf ("%s#%s", m->class_name, m->field_name);
            break;
          case HS_MATCHER_JAVA_LOCAL:
            t = c->local_match;
            key = g_strdup (m->thread_name);
            break;
          case HS_MATCHER_JNI_GLOBAL:
            t = c->jni_match;
            key = g_strdup (m->class_name);
            break;
        }
      /* First matcher of a pattern wins; an ignored one beats a library one. */
      {
        HsMatcher *old = g_hash_table_lookup (t, key);
        if (old == NULL || (m->ignored && !old->ignored))
          g_hash_table_insert (t, key, m);
        else
          g_free (key);
      }
    }
}

/* The matcher for an instance field reference (class hierarchy, then name). */

void
_hs_leak_ctx_clear (LeakCtx *c)
{
  hs_matchers_free (c->table);
  g_free (c->manufacturer);
  g_free (c->cflags);
  g_free (c->class_obj_of);
  g_clear_pointer (&c->inst_match, g_hash_table_unref);
  g_clear_pointer (&c->static_match, g_hash_table_unref);
  g_clear_pointer (&c->local_match, g_hash_table_unref);
  g_clear_pointer (&c->jni_match, g_hash_table_unref);
  g_clear_pointer (&c->inst_match_classes, g_hash_table_unref);
  g_free (c->parent);
  g_free (c->state);
  g_clear_pointer (&c->lib_of, g_hash_table_unref);
  g_clear_pointer (&c->root_rec, g_hash_table_unref);
  g_free (c->q1.items);
  g_free (c->q2.items);
  g_clear_pointer (&c->watched, g_array_unref);
  g_clear_pointer (&c->watch_of, g_hash_table_unref);
  g_clear_pointer (&c->leaking, g_array_unref);
  g_free (c->own_status);
  g_free (c->fp_part);
  g_clear_pointer (&c->fp_part_ids, g_hash_table_unref);
  g_clear_pointer (&c->fp_parts, g_ptr_array_unref);
  g_clear_pointer (&c->thread_roots, g_hash_table_unref);
  g_clear_pointer (&c->view_top, g_hash_table_unref);
  g_clear_pointer (&c->view_tops, g_array_unref);
}

static void
watched_clear (gpointer p)
{
  LeakWatched *w = p;
  g_free (w->key);
  g_free (w->description);
}

/* Everything a search needs; FALSE with error set on a bad matcher file or
 * too little memory (c is then to be cleared all the same). */
gboolean
_hs_leak_ctx_init (LeakCtx *c, HsHeap *heap, const HsDomTree *dom, const HsLeakOptions *opts, GError **error)
{
  return _hs_leak_ctx_init_ex (c, heap, dom, opts, NULL, error);
}

gboolean
_hs_leak_ctx_init_ex (LeakCtx *c, HsHeap *heap, const HsDomTree *dom, const HsLeakOptions *opts,
                      const LeakExclusions *ex, GError **error)
{
  c->ex = ex;
  c->heap = heap;
  c->dom = dom;
  c->opts = opts;
  c->n = hs_heap_n_objects (heap);
  c->graph = hs_heap_graph (heap);
  c->flags = heap->flags;
  c->klass = hs_heap_class_col (heap);
  if (dom && dom->n != c->n)
    c->dom = NULL; /* not this heap's tree: no sizes rather than wrong ones */
  c->table = hs_matchers_load (opts->matchers_path, error);
  if (c->table == NULL)
    return FALSE;
  {
    /* The matchers' API level and manufacturer: the runtime facts, read once. */
    g_autoptr (HsRuntimeInfo) info = hs_runtime_info_read (heap);
    c->api_level = info->api_level;
    c->manufacturer = g_steal_pointer (&info->manufacturer);
  }
  if (opts->api_level > 0)
    c->api_level = opts->api_level;
  load_matchers (c);
  compute_class_facts (c);
  c->parent = hs_mem_try_alloc (sizeof (HsObj) * MAX (c->n, 1));
  c->state = hs_mem_try_alloc0 (MAX (c->n, 1));
  if (c->parent == NULL || c->state == NULL)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                   "Not enough memory for the leak search (%" G_GUINT64_FORMAT " bytes)",
                   c->n * (sizeof (HsObj) + 1));
      return FALSE;
    }
  c->lib_of = g_hash_table_new (g_direct_hash, g_direct_equal);
  c->root_rec = g_hash_table_new (g_direct_hash, g_direct_equal);
  c->watched = g_array_new (FALSE, TRUE, sizeof (LeakWatched));
  g_array_set_clear_func (c->watched, watched_clear);
  c->watch_of = g_hash_table_new (g_direct_hash, g_direct_equal);
  c->leaking = g_array_new (FALSE, FALSE, sizeof (HsObj));
  return TRUE;
}
