/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-trace.c: from a search's parent pointers to traces: the path,
 * its GC root, the names of its references, the inspectors' statuses with
 * Shark's propagation, the suspect references and the fingerprint; long
 * paths abridged (hs-leaks.h). The grouping is in hs-leak-group.c. */
#include "config.h"

#include "hs-leaks-private.h"
#include "hs-heap-mapping.h"
#include "hs-threads.h"
#include "hs-strhash.h"

#include <string.h>

static const char *
root_description (guint8 type)
{
  /* LeakCanary's wording for the GC root line. */
  switch (type)
    {
      case HS_ROOT_JNI_GLOBAL: return "Global variable in native code";
      case HS_ROOT_JNI_LOCAL: return "Local variable in native code";
      case HS_ROOT_JAVA_FRAME: return "Java local variable";
      case HS_ROOT_NATIVE_STACK: return "Input or output parameters in native code";
      case HS_ROOT_STICKY_CLASS: return "System class";
      case HS_ROOT_THREAD_BLOCK: return "Thread block";
      case HS_ROOT_MONITOR_USED:
        return "Monitor (anything that called the wait() or notify() methods, or that is "
               "synchronized.)";
      case HS_ROOT_THREAD_OBJECT: return "Thread object";
      case HS_ROOT_JNI_MONITOR: return "Root JNI monitor";
      default: return hs_root_type_name (type);
    }
}

typedef struct
{
  LeakCtx *c;
  HsObj from, to;
  const HsMatcher *want_lib;
  gboolean found, found_any;
  HsNamedRef best, any;
} NameData;

static gboolean
name_cb (const HsNamedRef *r, gpointer user_data)
{
  NameData *d = user_data;
  const HsMatcher *lib = NULL;
  if (r->target != d->to)
    return TRUE;
  if (!d->found_any && r->kind != HS_REF_CLASS && r->kind != HS_REF_SUPER && r->kind != HS_REF_LOADER)
    {
      d->any = *r;
      d->found_any = TRUE;
    }
  if (!_hs_leak_ref_followable (d->c, d->from, r, &lib))
    return TRUE;
  if (lib == d->want_lib)
    {
      d->best = *r;
      d->found = TRUE;
      return FALSE;
    }
  return TRUE;
}

static char *
join_reasons (GPtrArray *a)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < a->len; i++)
    {
      if (i)
        g_string_append (s, " and ");
      g_string_append (s, g_ptr_array_index (a, i));
    }
  return g_string_free (s, FALSE);
}

/* The inspectors' own word on an object, before any propagation: NO when
 * a reason says it is not leaking (even if another says it is), else YES
 * when one says it is, else UNKNOWN. forced_last: it is the leaking object
 * (YES whatever they say). *why: the reason as Shark words it. */
static HsLeaking
own_reason (const LeakInspection *r, gboolean forced_last, char **why_out)
{
  HsLeaking st = HS_LEAKING_UNKNOWN;
  char *why = g_strdup ("");
  if (r->not_leaking->len > 0)
    {
      st = HS_LEAKING_NO;
      g_free (why);
      why = join_reasons (r->not_leaking);
    }
  if (r->leaking->len > 0)
    {
      g_autofree char *yes = join_reasons (r->leaking);
      char *w;
      if (st == HS_LEAKING_NO)
        {
          if (forced_last)
            {
              st = HS_LEAKING_YES;
              w = g_strdup_printf ("%s. Conflicts with %s", yes, why);
            }
          else
            w = g_strdup_printf ("%s. Conflicts with %s", why, yes);
        }
      else
        {
          st = HS_LEAKING_YES;
          w = g_strdup (yes);
        }
      g_free (why);
      why = w;
    }
  if (forced_last)
    {
      char *w = NULL;
      if (st == HS_LEAKING_UNKNOWN)
        w = g_strdup ("This is the leaking object");
      else if (st == HS_LEAKING_NO)
        w = g_strdup_printf ("This is the leaking object. Conflicts with %s", why);
      if (w)
        {
          g_free (why);
          why = w;
        }
      st = HS_LEAKING_YES;
    }
  *why_out = why;
  return st;
}

static HsLeaking
own_status_of (const LeakInspection *r)
{
  return r->not_leaking->len > 0 ? HS_LEAKING_NO : r->leaking->len > 0 ? HS_LEAKING_YES : HS_LEAKING_UNKNOWN;
}

/* Memoised per object: thousands of traces can share one long path. */
static HsLeaking
own_status (LeakCtx *c, HsObj o)
{
  LeakInspection r;
  HsLeaking st;
  if (c->own_status == NULL)
    c->own_status = g_new0 (guint8, c->n);
  if (c->own_status[o])
    return c->own_status[o] - 1;
  _hs_leak_inspection_init (&r);
  _hs_leak_inspect (c, o, &r);
  st = own_status_of (&r);
  _hs_leak_inspection_clear (&r);
  c->own_status[o] = st + 1;
  return st;
}

/* Shark's status resolution and propagation over a whole path, kept as
 * the own statuses and two indices (a status is then O(1) to tell, and
 * nothing per node but one byte is held): everything up to the last NO is
 * NO, everything after the first YES that follows it is YES (the last
 * node excepted when it is forced leaking: it is YES anyway). */
typedef struct
{
  const HsObj *p;
  guint n;
  guint8 *own;     /* per path node, the last one forced */
  gint last_no;    /* -1: none */
  guint first_yes; /* first own YES after last_no, else n - 1 */
  guint end;       /* the forward propagation stops before it */
  gboolean for_target;
  guint mark; /* targets: suspects from this node on */
} PathStatus;

static HsLeaking
path_status (const PathStatus *s, guint i)
{
  if ((gint)i <= s->last_no)
    return HS_LEAKING_NO;
  if (i > s->first_yes && i < s->end)
    return HS_LEAKING_YES;
  return s->own[i];
}

/* Whether the reference from node i to node i + 1 is suspect. */
static gboolean
path_suspect (const PathStatus *s, guint i)
{
  HsLeaking st;
  if (s->for_target)
    return i >= s->mark;
  st = path_status (s, i);
  return st == HS_LEAKING_UNKNOWN || (st == HS_LEAKING_NO && path_status (s, i + 1) != HS_LEAKING_NO);
}

static void
path_status_resolve (PathStatus *s, gboolean force_last)
{
  guint last = s->n - 1;
  s->last_no = -1;
  s->first_yes = last;
  for (guint i = 0; i < s->n; i++)
    if (s->own[i] == HS_LEAKING_NO)
      {
        s->last_no = i;
        s->first_yes = last;
      }
    else if (s->own[i] == HS_LEAKING_YES && s->first_yes == last)
      s->first_yes = i;
  s->end = force_last ? last : s->n;
}

/* The kept nodes: [0, *a) and [*b, n) (see hs-leaks.h). */
static void
choose_kept (const PathStatus *s, guint *a, guint *b)
{
  const guint n = s->n, max = HS_LEAK_TRACE_MAX_NODES;
  guint first_s = G_MAXUINT, last_s = 0, ws, we, ga, gb, kept_a, kept_b;
  *a = *b = n;
  if (n <= max)
    return;
  for (guint i = 0; i + 1 < n; i++)
    if (path_suspect (s, i))
      {
        first_s = MIN (first_s, i);
        last_s = i;
      }
  *a = HS_LEAK_TRACE_HEAD;
  *b = n - HS_LEAK_TRACE_TAIL;
  if (first_s == G_MAXUINT)
    return;
  /* the suspects' nodes, first_s .. last_s + 1, with one each side */
  ws = first_s > 0 ? first_s - 1 : 0;
  we = MIN (last_s + 2, n - 1);
  /* gap between the head and the suspects, or between them and the tail */
  gb = MIN (ws, n - HS_LEAK_TRACE_TAIL);
  kept_a = gb > HS_LEAK_TRACE_HEAD ? HS_LEAK_TRACE_HEAD + (n - gb) : n;
  ga = MAX (HS_LEAK_TRACE_HEAD, we + 1);
  kept_b = ga < n - HS_LEAK_TRACE_TAIL ? ga + HS_LEAK_TRACE_TAIL : n;
  if (MIN (kept_a, kept_b) > max)
    return; /* a long stretch of suspects: the head and the tail */
  if (kept_a <= kept_b)
    *b = gb;
  else
    *a = ga;
}

static char *
describe_node (LeakCtx *c, HsObj o, guint32 f)
{
  HsKind kind = leak_obj_kind (c, o);
  if (kind == HS_KIND_CLASS)
    return NULL;
  if (f & CF_THREAD)
    {
      g_autofree char *name = _hs_leak_thread_name (c, o);
      return name ? g_strdup (name) : NULL;
    }
  return hs_heap_describe (c->heap, o);
}

/* The path from the root the search came from to l, root first; *local:
 * it starts with a thread and its Java local; *lib: the library-leak
 * matcher of a reference on it. */
static GArray *
trace_path (LeakCtx *c, HsObj l, gboolean *local, const HsMatcher **lib)
{
  GArray *path = g_array_new (FALSE, FALSE, sizeof (HsObj));
  HsObj x = l;
  *local = FALSE;
  *lib = NULL;
  for (guint64 guard = 0; guard <= c->n; guard++)
    {
      g_array_append_val (path, x);
      if (c->state[x] & F_LIBRARY)
        *lib = g_hash_table_lookup (c->lib_of, GUINT_TO_POINTER (x));
      if (c->state[x] & F_LOCAL)
        {
          HsObj th = c->parent[x];
          g_array_append_val (path, th);
          *local = TRUE;
          break;
        }
      if ((c->state[x] & F_ROOT) || c->parent[x] == HS_OBJ_NONE)
        break;
      x = c->parent[x];
    }
  for (guint i = 0; i < path->len / 2; i++)
    {
      HsObj tmp = g_array_index (path, HsObj, i);
      g_array_index (path, HsObj, i) = g_array_index (path, HsObj, path->len - 1 - i);
      g_array_index (path, HsObj, path->len - 1 - i) = tmp;
    }
  return path;
}

/* The frame of the Java-frame root naming `local` (of thread object
 * `thread` unless HS_OBJ_NONE), when the dump has stacks that give it. */
static char *
local_root_frame (LeakCtx *c, HsObj local, HsObj thread)
{
  if (!hs_heap_has_stacks (c->heap))
    return NULL;
  for (gsize i = 0; i < hs_heap_n_roots (c->heap); i++)
    {
      const HsRoot *r = hs_heap_root (c->heap, i);
      if (r->type == HS_ROOT_JAVA_FRAME && r->obj == local
          && (thread == HS_OBJ_NONE || r->thread_obj == thread))
        return hs_heap_root_frame_text (c->heap, r->thread_serial, r->frame);
    }
  return NULL;
}

/* The GC root line: its type, thread and LeakCanary's wording; a Java
 * local names its frame where the dump gives it (HPROF has no variable
 * names, so "a local variable in" that frame). */
static void
trace_root (LeakCtx *c, HsLeakTrace *t, HsObj first, HsObj second, gboolean local)
{
  g_autofree char *frame = NULL;
  if (local)
    {
      t->root_type = HS_ROOT_JAVA_FRAME;
      t->root_thread_name = _hs_leak_thread_name (c, first);
      if (second != HS_OBJ_NONE)
        frame = local_root_frame (c, second, first);
    }
  else
    {
      gsize rec = GPOINTER_TO_SIZE (g_hash_table_lookup (c->root_rec, GUINT_TO_POINTER (first)));
      t->root_type = HS_ROOT_UNKNOWN;
      if (rec > 0)
        {
          const HsRoot *r = hs_heap_root (c->heap, rec - 1);
          t->root_type = r->type;
          if (r->thread_serial)
            t->root_thread_name = hs_heap_thread_name (c->heap, r->thread_serial);
          if (r->type == HS_ROOT_JAVA_FRAME)
            frame = hs_heap_root_frame_text (c->heap, r->thread_serial, r->frame);
        }
    }
  if (frame && t->root_thread_name)
    t->priv->root_desc = g_strdup_printf ("%s in `%s` of thread `%s`", root_description (t->root_type), frame,
                                          t->root_thread_name);
  else if (frame)
    t->priv->root_desc = g_strdup_printf ("%s in `%s`", root_description (t->root_type), frame);
  else
    t->priv->root_desc = g_strdup (root_description (t->root_type));
}

/* Names the reference from node (object o) to next: the followed one the
 * search took (same library matcher), else any non-class reference. */
static void
name_reference (LeakCtx *c, HsLeakNode *node, HsObj o, HsObj next)
{
  NameData d = { c, o, next, NULL, FALSE, FALSE };
  const HsNamedRef *r;
  d.want_lib = (c->state[next] & F_LIBRARY) ? g_hash_table_lookup (c->lib_of, GUINT_TO_POINTER (next)) : NULL;
  hs_heap_foreach_ref (c->heap, o, name_cb, &d);
  r = d.found ? &d.best : d.found_any ? &d.any : NULL;
  if (r == NULL)
    {
      node->ref_kind = HS_PATH_REF_FIELD;
      node->ref_name = g_strdup ("<unknown>");
      node->ref_owner_class = g_strdup (node->class_name);
    }
  else if (r->kind == HS_REF_ELEMENT)
    {
      node->ref_kind = HS_PATH_REF_ELEMENT;
      node->ref_index = r->index;
      node->ref_owner_class = g_strdup (node->class_name);
    }
  else if (r->kind == HS_REF_STATIC)
    {
      node->ref_kind = HS_PATH_REF_STATIC;
      node->ref_name = g_strdup (r->name);
      node->ref_owner_class = g_strdup (node->class_name);
    }
  else
    {
      node->ref_kind = HS_PATH_REF_FIELD;
      node->ref_name = g_strdup (r->name ? r->name : "<unknown>");
      node->ref_owner_class = g_strdup (r->declared_in != HS_CLASS_NONE ? leak_cname (c->heap, r->declared_in)
                                                                        : node->class_name);
    }
}

/* Names the reference from path node i to node i + 1 on node. */
static void
fill_reference (LeakCtx *c, HsLeakNode *node, const HsObj *p, guint i, gboolean local)
{
  if (local && i == 0)
    {
      node->ref_kind = HS_PATH_REF_LOCAL;
      node->ref_owner_class = g_strdup (node->class_name);
    }
  else
    name_reference (c, node, p[i], p[i + 1]);
}

/* A suspect reference as the fingerprint hashes it ("Class.field",
 * "Class[x]", "Class.<Java Local>"), with the simple class name for the
 * short description. */
static char *
suspect_part (const HsLeakNode *node, gboolean simple)
{
  const char *cn = simple ? hs_format_simple_name (node->class_name) : node->class_name;
  switch (node->ref_kind)
    {
      case HS_PATH_REF_ELEMENT: return g_strdup_printf ("%s[x]", cn);
      case HS_PATH_REF_LOCAL: return g_strdup_printf ("%s.<Java Local>", cn);
      default: return g_strdup_printf ("%s.%s", cn, node->ref_name ? node->ref_name : "");
    }
}

/* The fingerprint part of the reference to path node i + 1 from its
 * parent, memoised per object (the parent of a node is the search's: one
 * reference, whatever the trace). */
static const char *
memo_part (LeakCtx *c, const HsObj *p, guint i, gboolean local)
{
  HsObj to = p[i + 1];
  HsLeakNode tmp = { 0 };
  char *s;
  gpointer id;
  if (c->fp_part == NULL)
    {
      c->fp_part = g_new0 (guint32, c->n);
      c->fp_parts = g_ptr_array_new_with_free_func (g_free);
      /* Parts are made of class and field names from the dump: keyed hash. */
      c->fp_part_ids = g_hash_table_new (hs_str_hash, g_str_equal);
    }
  if (c->fp_part[to])
    return g_ptr_array_index (c->fp_parts, c->fp_part[to] - 1);
  tmp.class_name = g_strdup (_hs_leak_object_class_name (c, p[i]));
  fill_reference (c, &tmp, p, i, local);
  s = suspect_part (&tmp, FALSE);
  g_free (tmp.class_name);
  g_free (tmp.ref_name);
  g_free (tmp.ref_owner_class);
  id = g_hash_table_lookup (c->fp_part_ids, s);
  if (id == NULL)
    {
      g_ptr_array_add (c->fp_parts, s);
      id = GUINT_TO_POINTER (c->fp_parts->len);
      g_hash_table_insert (c->fp_part_ids, s, id);
    }
  else
    g_free (s);
  c->fp_part[to] = GPOINTER_TO_UINT (id);
  return g_ptr_array_index (c->fp_parts, GPOINTER_TO_UINT (id) - 1);
}

/* An abridged trace's fingerprint over all its suspects, elided or not
 * (the same as _hs_leak_trace_fingerprint on the whole trace). */
static void
abridged_fingerprint (LeakCtx *c, HsLeakTrace *t, const PathStatus *s, gboolean local)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA1);
  char *first = NULL;
  for (guint i = 0; i + 1 < s->n; i++)
    {
      const char *part;
      if (!path_suspect (s, i))
        continue;
      part = memo_part (c, s->p, i, local);
      g_checksum_update (sum, (const guchar *)part, -1);
      if (first == NULL)
        {
          HsLeakNode tmp = { 0 };
          tmp.class_name = g_strdup (_hs_leak_object_class_name (c, s->p[i]));
          fill_reference (c, &tmp, s->p, i, local);
          first = suspect_part (&tmp, TRUE);
          g_free (tmp.class_name);
          g_free (tmp.ref_name);
          g_free (tmp.ref_owner_class);
        }
    }
  if (first == NULL)
    {
      const char *cn = _hs_leak_object_class_name (c, s->p[s->n - 1]);
      g_checksum_update (sum, (const guchar *)cn, -1);
      first = g_strdup (cn);
    }
  t->priv->fingerprint = g_strdup (g_checksum_get_string (sum));
  t->priv->fingerprint_desc = first;
}

static inline gboolean
in_tree (LeakCtx *c, HsObj o)
{
  return c->dom && o < c->dom->n && c->dom->idom[o] != HS_OBJ_NONE;
}

/* The kept node k (path node i): object facts, reference to the next,
 * status and reason with Shark's wording (nxt / prev: the next own NO
 * before the last NO, the previous own YES after the first YES), labels,
 * retained size. */
static HsLeakNode *
kept_node (LeakCtx *c, HsLeakTrace *t, const PathStatus *s, guint k, guint i, gboolean local,
           gboolean force_last, HsObj mark_from, guint nxt, guint prev)
{
  HsObj o = s->p[i];
  HsLeakNode *node = g_new0 (HsLeakNode, 1);
  LeakInspection r;
  HsLeaking own, st = path_status (s, i);
  char *why, *w = NULL;
  gboolean sized;

  node->obj = o;
  node->kind = hs_heap_object_kind (c->heap, o);
  node->is_class = node->kind == HS_KIND_CLASS;
  node->class_name = g_strdup (_hs_leak_object_class_name (c, o));
  node->obfuscated_class = g_strdup (hs_class_obfuscated_name (
      c->heap, node->is_class ? hs_heap_object_as_class (c->heap, o) : hs_heap_object_class (c->heap, o)));
  node->description = describe_node (c, o, leak_obj_cflags (c, o));
  t->priv->node_ids[k] = hs_heap_object_id (c->heap, o);
  if (i + 1 < s->n)
    fill_reference (c, node, s->p, i, local);

  _hs_leak_inspection_init (&r);
  _hs_leak_inspect (c, o, &r);
  own = own_reason (&r, force_last && i + 1 == s->n, &why);
  if ((gint)i < s->last_no)
    {
      const char *sn = hs_format_simple_name (_hs_leak_object_class_name (c, s->p[nxt]));
      if (own == HS_LEAKING_UNKNOWN)
        w = g_strdup_printf ("%s↓ is not leaking", sn);
      else if (own == HS_LEAKING_NO)
        w = g_strdup_printf ("%s↓ is not leaking and %s", sn, why);
      else
        w = g_strdup_printf ("%s↓ is not leaking. Conflicts with %s", sn, why);
    }
  else if (i > s->first_yes && i < s->end)
    {
      const char *sp = hs_format_simple_name (_hs_leak_object_class_name (c, s->p[prev]));
      if (own == HS_LEAKING_UNKNOWN)
        w = g_strdup_printf ("%s↑ is leaking", sp);
      else
        w = g_strdup_printf ("%s↑ is leaking and %s", sp, why);
    }
  if (w)
    {
      g_free (why);
      why = w;
    }
  node->leaking = st;
  node->reasons = g_ptr_array_new_with_free_func (g_free);
  if (*why)
    g_ptr_array_add (node->reasons, why);
  else
    g_free (why);
  t->priv->labels[k] = g_ptr_array_ref (r.labels);
  _hs_leak_inspection_clear (&r);

  sized = s->for_target ? i > s->mark || i + 1 == s->n || (i == s->mark && o == mark_from)
                        : st == HS_LEAKING_YES;
  if (sized && in_tree (c, o))
    {
      t->priv->node_retained[k] = hs_dom_tree_retained (c->dom, o);
      t->priv->node_retained_count[k] = hs_dom_tree_retained_count (c->dom, o);
    }
  if (i + 1 < s->n)
    node->suspect = path_suspect (s, i);
  return node;
}

/* The nodes of the trace: the whole path, or the kept part of a long one
 * (hs-leaks.h). Work and memory held are linear in the path and do not
 * grow with the number of traces sharing it (statuses memoised per
 * object); what the trace keeps is bounded. */
static void
trace_nodes (LeakCtx *c, HsLeakTrace *t, GArray *path, gboolean local, gboolean for_target, HsObj mark_from)
{
  PathStatus s = { (const HsObj *)path->data, path->len };
  gboolean force_last = !for_target;
  guint a, b, kept;
  g_autofree guint *nxt_of = NULL;
  g_autofree guint *prev_of = NULL;
  LeakInspection *reps = NULL;

  s.own = g_new (guint8, s.n);
  s.for_target = for_target;
  if (s.n <= HS_LEAK_TRACE_MAX_NODES)
    {
      /* short: one inspection per node is all the memo would save */
      reps = g_new (LeakInspection, s.n);
      for (guint i = 0; i < s.n; i++)
        {
          _hs_leak_inspection_init (&reps[i]);
          _hs_leak_inspect (c, s.p[i], &reps[i]);
          s.own[i] = own_status_of (&reps[i]);
          _hs_leak_inspection_clear (&reps[i]);
        }
      g_free (reps);
    }
  else
    for (guint i = 0; i < s.n; i++)
      s.own[i] = own_status (c, s.p[i]);
  if (force_last)
    s.own[s.n - 1] = HS_LEAKING_YES;
  s.mark = s.n >= 2 ? s.n - 2 : 0;
  if (for_target)
    for (guint i = 0; i < s.n; i++)
      if (s.p[i] == mark_from)
        s.mark = i > 0 ? i - 1 : 0;
  path_status_resolve (&s, force_last);
  choose_kept (&s, &a, &b);
  kept = a + (s.n - b);

  /* the names in the propagated reasons, for the kept nodes */
  nxt_of = g_new0 (guint, kept);
  prev_of = g_new0 (guint, kept);
  for (gint i = s.last_no - 1, nxt = s.last_no; i >= 0; i--)
    {
      if ((guint)i < a || (guint)i >= b)
        nxt_of[(guint)i < a ? (guint)i : a + ((guint)i - b)] = nxt;
      if (s.own[i] == HS_LEAKING_NO)
        nxt = i;
    }
  for (guint i = s.first_yes + 1, prev = s.first_yes; i < s.end; i++)
    {
      if (i < a || i >= b)
        prev_of[i < a ? i : a + (i - b)] = prev;
      if (s.own[i] == HS_LEAKING_YES)
        prev = i;
    }

  t->priv = _hs_leak_trace_private_new (kept);
  t->nodes = g_ptr_array_new_full (kept, _hs_leak_node_free);
  for (guint k = 0; k < kept; k++)
    {
      guint i = k < a ? k : b + (k - a);
      g_ptr_array_add (t->nodes,
                       kept_node (c, t, &s, k, i, local, force_last, mark_from, nxt_of[k], prev_of[k]));
    }
  if (kept < s.n)
    {
      t->n_elided = b - a;
      t->elided_at = a;
      if (!for_target)
        abridged_fingerprint (c, t, &s, local);
    }
  g_free (s.own);
}

HsLeakTrace *
_hs_leak_build_trace (LeakCtx *c, HsObj l, gboolean for_target, HsObj mark_from, const HsMatcher **lib_out)
{
  gboolean local;
  g_autoptr (GArray) path = trace_path (c, l, &local, lib_out);
  HsLeakTrace *t = g_new0 (HsLeakTrace, 1);
  LeakWatched *w;

  t->leaking_obj = l;
  t->also_leaking = g_array_new (FALSE, FALSE, sizeof (HsObj));
  t->retained_duration_ms = -1;
  t->watch_duration_ms = -1;
  trace_nodes (c, t, path, local, for_target, mark_from);
  trace_root (c, t, g_array_index (path, HsObj, 0),
              path->len > 1 ? g_array_index (path, HsObj, 1) : HS_OBJ_NONE, local);

  if (in_tree (c, l))
    {
      t->retained_bytes = hs_dom_tree_retained (c->dom, l);
      t->retained_count = hs_dom_tree_retained_count (c->dom, l);
    }
  w = for_target ? NULL : _hs_leak_watched_of (c, l);
  if (w)
    {
      t->key = g_strdup (w->key);
      t->watch_description = g_strdup (w->description);
      t->retained_duration_ms = w->retained_ms;
      t->watch_duration_ms = w->watch_ms;
    }
  return t;
}

/* "Class.field" strings of the suspect references, SHA-1, hex. An abridged
 * trace's was computed over its whole path when it was built. */
char *
_hs_leak_trace_fingerprint (const HsLeakTrace *t, char **short_desc)
{
  g_autoptr (GChecksum) sum = NULL;
  char *first = NULL;
  guint n = t->nodes->len;
  if (t->priv && t->priv->fingerprint)
    {
      *short_desc = g_strdup (t->priv->fingerprint_desc);
      return g_strdup (t->priv->fingerprint);
    }
  sum = g_checksum_new (G_CHECKSUM_SHA1);
  for (guint i = 0; i + 1 < n; i++)
    {
      HsLeakNode *node = g_ptr_array_index (t->nodes, i);
      g_autofree char *s = NULL;
      if (!node->suspect)
        continue;
      s = suspect_part (node, FALSE);
      g_checksum_update (sum, (const guchar *)s, -1);
      if (first == NULL)
        first = suspect_part (node, TRUE);
    }
  if (first == NULL)
    {
      /* No reference to suspect (the leaking object is itself a root). */
      HsLeakNode *last = g_ptr_array_index (t->nodes, n - 1);
      g_checksum_update (sum, (const guchar *)last->class_name, -1);
      first = g_strdup (last->class_name);
    }
  *short_desc = first;
  return g_strdup (g_checksum_get_string (sum));
}
