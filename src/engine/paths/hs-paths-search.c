/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-search.c: the options of a paths search, one run of the leak
 * search with them, and the names of the references on its paths. */
#include "config.h"

#include "hs-paths-private.h"
#include "hs-debug.h"
#include "hs-threads.h"

#include <string.h>

static const struct
{
  const char *name;
  guint bit;
  guint32 cf;
} kinds[] = {
  { "weak", HS_PATHS_WEAK, CF_REF_WEAK },
  { "soft", HS_PATHS_SOFT, CF_REF_SOFT },
  { "phantom", HS_PATHS_PHANTOM, CF_REF_PHANTOM },
  { "finalizer", HS_PATHS_FINALIZER, CF_REF_FINAL },
};

guint
hs_paths_kind_from_name (const char *name)
{
  for (guint i = 0; name && i < G_N_ELEMENTS (kinds); i++)
    if (strcmp (name, kinds[i].name) == 0)
      return kinds[i].bit;
  return 0;
}

const char *
hs_paths_kind_name (guint kind_bit)
{
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (kinds[i].bit == kind_bit)
      return kinds[i].name;
  return NULL;
}

gboolean
hs_paths_check_ref (const char *ref, GError **error)
{
  const char *dot = ref ? strrchr (ref, '.') : NULL;
  if (dot == NULL || dot == ref || dot[1] == '\0' || strlen (ref) > 900)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "\"%s\" is not a reference: expected Class.field",
                   ref ? ref : "");
      return FALSE;
    }
  return TRUE;
}

gboolean
hs_paths_options_are_default (const HsPathsOptions *opts)
{
  return opts == NULL
         || ((opts->exclude_kinds & HS_PATHS_ALL_KINDS) == HS_PATHS_EXCLUDE_DEFAULT
             && (opts->exclude_refs == NULL || opts->exclude_refs[0] == NULL));
}

static gboolean
exclusions_init (LeakExclusions *ex, const HsPathsOptions *opts, GError **error)
{
  guint kinds_excluded = opts ? opts->exclude_kinds : HS_PATHS_EXCLUDE_DEFAULT;
  *ex = (LeakExclusions){ 0 };
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    if (!(kinds_excluded & kinds[i].bit))
      ex->follow_referents |= kinds[i].cf;
  ex->skip_finalizing_roots = (kinds_excluded & HS_PATHS_FINALIZER) != 0;
  if (opts && opts->exclude_refs)
    for (guint i = 0; opts->exclude_refs[i]; i++)
      {
        const char *r = opts->exclude_refs[i], *dot;
        if (!hs_paths_check_ref (r, error))
          return FALSE;
        if (ex->excluded == NULL)
          ex->excluded = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
        dot = strrchr (r, '.');
        g_hash_table_add (ex->excluded, g_strdup_printf ("%.*s#%s", (int)(dot - r), r, dot + 1));
      }
  return TRUE;
}

gboolean
_hs_paths_search_run (PathsSearch *s, HsHeap *heap, const HsDomTree *dom, const HsPathsOptions *opts,
                      const HsObj *targets, gsize n_targets, gboolean exhaustive, GStringChunk *chunk,
                      GCancellable *cancellable, GError **error)
{
  static const HsLeakOptions defaults = { 0 };
  LeakCtx *c = &s->c;
  HsDebugClock clock = { "paths search: ", FALSE, 0, 0 };
  gboolean ok;
  hs_debug_step (&clock, NULL);
  s->chunk = chunk;
  s->labels = g_hash_table_new (g_str_hash, g_str_equal);
  if (!exclusions_init (&s->ex, opts, error))
    return FALSE;
  s->ex.exhaustive = exhaustive;
  if (!_hs_leak_ctx_init_ex (c, heap, dom, opts && opts->leaks ? opts->leaks : &defaults, &s->ex, error))
    return FALSE;
  c->expand_found = TRUE;
  hs_debug_step (&clock, "set up");
  {
    /* Sized once for every target (a growth tree makes every object one):
     * no array grown and copied element by element. */
    HsObj *out;
    gsize k = c->leaking->len;
    g_array_set_size (c->leaking, k + MIN ((guint64)n_targets, c->n));
    out = (HsObj *)(gpointer)c->leaking->data;
    for (gsize i = 0; i < n_targets; i++)
      {
        HsObj o = targets[i];
        if (o < c->n && !(c->state[o] & F_LEAKING))
          {
            c->state[o] |= F_LEAKING;
            out[k++] = o;
          }
        if ((i & 0xFFFF) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
          {
            g_array_set_size (c->leaking, k);
            return FALSE;
          }
      }
    g_array_set_size (c->leaking, k);
  }
  if (c->leaking->len == 0 && !exhaustive)
    return TRUE;
  ok = _hs_leak_run_search (c, NULL, NULL, cancellable, error);
  hs_debug_step (&clock, "breadth first");
  return ok;
}

void
_hs_paths_search_clear (PathsSearch *s)
{
  _hs_leak_ctx_clear (&s->c);
  memset (&s->c, 0, sizeof s->c); /* cleared twice is harmless */
  g_clear_pointer (&s->ex.excluded, g_hash_table_unref);
  g_clear_pointer (&s->labels, g_hash_table_unref);
  _hs_paths_kids_clear (&s->kids);
}

gboolean
_hs_paths_reached (const PathsSearch *s, HsObj o)
{
  const LeakCtx *c = &s->c;
  guint8 st = c->state[o];
  if ((st & ST_MASK) == ST_UNSEEN)
    return FALSE;
  if (st & (F_ROOT | F_LOCAL | F_LEAKING))
    return (st & F_LEAKING) ? (st & F_FOUND) != 0 || (st & ST_MASK) != ST_UNSEEN : TRUE;
  /* marked visited up front: primitive arrays and leaf instances */
  if (leak_obj_kind ((LeakCtx *)c, o) == HS_KIND_PRIM_ARRAY || (leak_obj_cflags ((LeakCtx *)c, o) & CF_LEAF))
    return FALSE;
  return TRUE;
}

gboolean
_hs_paths_ref_taken (PathsSearch *s, HsObj from, const HsNamedRef *r)
{
  const HsMatcher *lib = NULL, *want = NULL;
  if (!_hs_leak_ref_followable (&s->c, from, r, &lib))
    return FALSE;
  if (r->target < s->c.n && (s->c.state[r->target] & F_LIBRARY))
    want = g_hash_table_lookup (s->c.lib_of, GUINT_TO_POINTER (r->target));
  return lib == want;
}

const char *
_hs_paths_intern (PathsSearch *s, const char *label)
{
  const char *v = g_hash_table_lookup (s->labels, label);
  if (v == NULL)
    {
      v = g_string_chunk_insert (s->chunk, label);
      g_hash_table_add (s->labels, (gpointer)v);
    }
  return v;
}

const char *
_hs_paths_ref_label (PathsSearch *s, HsObj from, const HsNamedRef *r, gboolean collapse)
{
  char buf[1100];
  HsHeap *heap = s->c.heap;
  switch (r->kind)
    {
      case HS_REF_ELEMENT:
        if (collapse)
          return _hs_paths_intern (s, "[]");
        g_snprintf (buf, sizeof buf, "[%u]", r->index);
        break;
      case HS_REF_STATIC:
        g_snprintf (buf, sizeof buf, "static %s.%s", leak_cname (heap, hs_heap_object_as_class (heap, from)),
                    r->name ? r->name : "?");
        break;
      case HS_REF_FIELD:
        g_snprintf (buf, sizeof buf, "%s.%s",
                    r->declared_in != HS_CLASS_NONE ? leak_cname (heap, r->declared_in)
                                                    : _hs_leak_object_class_name (&s->c, from),
                    r->name ? r->name : "?");
        break;
      default: g_snprintf (buf, sizeof buf, "<%s>", "reference"); break;
    }
  return _hs_paths_intern (s, buf);
}

const char *
_hs_paths_local_label (PathsSearch *s, guint root_index)
{
  g_autofree char *frame = NULL;
  g_autofree char *label = NULL;
  if (root_index != G_MAXUINT && hs_heap_has_stacks (s->c.heap))
    {
      const HsRoot *r = hs_heap_root (s->c.heap, root_index);
      frame = hs_heap_root_frame_text (s->c.heap, r->thread_serial, r->frame);
    }
  if (frame == NULL)
    return _hs_paths_intern (s, "<Java Local>");
  label = g_strdup_printf ("<Java Local> in %s", frame);
  return _hs_paths_intern (s, label);
}

const char *
_hs_paths_class_name (PathsSearch *s, HsObj o)
{
  const char *n = hs_heap_object_class_name (s->c.heap, o);
  return _hs_paths_intern (s, n ? n : "<unknown class>");
}

gint
_hs_paths_root_kind (PathsSearch *s, HsObj first)
{
  gsize rec;
  if (s->c.state[first] & F_LOCAL)
    return HS_ROOT_JAVA_FRAME;
  rec = GPOINTER_TO_SIZE (g_hash_table_lookup (s->c.root_rec, GUINT_TO_POINTER (first)));
  return rec > 0 ? hs_heap_root (s->c.heap, rec - 1)->type : HS_ROOT_UNKNOWN;
}

gboolean
_hs_paths_baseline (HsHeap *heap, const HsDomTree *dom, const HsPathsOptions *opts, const HsObj *targets,
                    gsize n_targets, guint8 *found, GCancellable *cancellable, GError **error)
{
  HsPathsOptions base = { HS_PATHS_EXCLUDE_DEFAULT, NULL, opts ? opts->leaks : NULL };
  PathsSearch s = { 0 };
  GStringChunk *chunk = g_string_chunk_new (64);
  gboolean ok
      = _hs_paths_search_run (&s, heap, dom, &base, targets, n_targets, FALSE, chunk, cancellable, error);
  if (ok)
    for (gsize i = 0; i < n_targets; i++)
      found[i] = targets[i] < s.c.n && (s.c.state[targets[i]] & F_FOUND) != 0;
  _hs_paths_search_clear (&s);
  g_string_chunk_free (chunk);
  return ok;
}
