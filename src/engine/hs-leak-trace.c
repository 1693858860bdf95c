/* hs-leak-trace.c: from a search's parent pointers to traces: the path,
 * its GC root, the names of its references, the inspectors' statuses with
 * Shark's propagation, the suspect references, the fingerprint, and the
 * grouping of a report's traces. */
#include "config.h"

#include "hs-leaks-private.h"
#include "hs-threads.h"

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
  if (!d->found_any && r->kind != HS_REF_CLASS && r->kind != HS_REF_SUPER &&
      r->kind != HS_REF_LOADER)
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

/* Shark's status resolution and propagation over the path. status[] and
 * reason[] are filled; reasons own their strings. With force_last the last
 * node is the leaking object (YES whatever the inspectors say); without,
 * it keeps the inspectors' word and is propagated to like any other. */
static void
compute_statuses (LeakInspection *reps, guint n, const char **simple, gboolean force_last,
                  HsLeaking *status, char **reason)
{
  gint last_no = -1;
  guint last = n - 1, first_yes = n - 1;

  for (guint i = 0; i < n; i++)
    {
      HsLeaking st = HS_LEAKING_UNKNOWN;
      char *why = g_strdup ("");
      if (reps[i].not_leaking->len > 0)
        {
          st = HS_LEAKING_NO;
          g_free (why);
          why = join_reasons (reps[i].not_leaking);
        }
      if (reps[i].leaking->len > 0)
        {
          g_autofree char *yes = join_reasons (reps[i].leaking);
          if (st == HS_LEAKING_NO)
            {
              char *w;
              if (i == last && force_last)
                {
                  st = HS_LEAKING_YES;
                  w = g_strdup_printf ("%s. Conflicts with %s", yes, why);
                }
              else
                w = g_strdup_printf ("%s. Conflicts with %s", why, yes);
              g_free (why);
              why = w;
            }
          else
            {
              st = HS_LEAKING_YES;
              g_free (why);
              why = g_strdup (yes);
            }
        }
      if (i == last && force_last)
        {
          if (st == HS_LEAKING_UNKNOWN)
            {
              g_free (why);
              why = g_strdup ("This is the leaking object");
            }
          else if (st == HS_LEAKING_NO)
            {
              char *w = g_strdup_printf ("This is the leaking object. Conflicts with %s", why);
              g_free (why);
              why = w;
            }
          st = HS_LEAKING_YES;
        }
      status[i] = st;
      reason[i] = why;
      if (st == HS_LEAKING_NO)
        {
          last_no = i;
          first_yes = last;
        }
      else if (st == HS_LEAKING_YES && first_yes == last)
        first_yes = i;
    }
  /* Everything before the last NO is not leaking either; the reason names
   * the next node that was NO on its own (walked backwards: linear even on
   * paths of millions of nodes). */
  for (gint i = last_no - 1, nxt = last_no; i >= 0; i--)
    {
      char *w;
      HsLeaking own = status[i];
      if (status[i] == HS_LEAKING_UNKNOWN)
        w = g_strdup_printf ("%s↓ is not leaking", simple[nxt]);
      else if (status[i] == HS_LEAKING_NO)
        w = g_strdup_printf ("%s↓ is not leaking and %s", simple[nxt], reason[i]);
      else
        w = g_strdup_printf ("%s↓ is not leaking. Conflicts with %s", simple[nxt], reason[i]);
      g_free (reason[i]);
      reason[i] = w;
      status[i] = HS_LEAKING_NO;
      if (own == HS_LEAKING_NO)
        nxt = i;
    }
  /* Everything after the first YES is leaking too. */
  if (first_yes + 1 < (force_last ? last : n))
    {
      /* the previous node that was YES on its own, walking forwards */
      guint prev = first_yes;
      for (guint i = first_yes + 1; i < (force_last ? last : n); i++)
        {
          char *w;
          HsLeaking own = status[i];
          if (status[i] == HS_LEAKING_UNKNOWN)
            w = g_strdup_printf ("%s↑ is leaking", simple[prev]);
          else
            w = g_strdup_printf ("%s↑ is leaking and %s", simple[prev], reason[i]);
          g_free (reason[i]);
          reason[i] = w;
          status[i] = HS_LEAKING_YES;
          if (own == HS_LEAKING_YES)
            prev = i;
        }
    }
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
      if (r->type == HS_ROOT_JAVA_FRAME && r->obj == local &&
          (thread == HS_OBJ_NONE || r->thread_obj == thread))
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
  d.want_lib = (c->state[next] & F_LIBRARY)
                   ? g_hash_table_lookup (c->lib_of, GUINT_TO_POINTER (next))
                   : NULL;
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
      node->ref_owner_class =
          g_strdup (r->declared_in != HS_CLASS_NONE ? leak_cname (c->heap, r->declared_in)
                                                    : node->class_name);
    }
}

/* One node per path object, with its reference to the next and what the
 * inspectors say of it (reps[i]). */
static void
trace_nodes (LeakCtx *c, HsLeakTrace *t, GArray *path, gboolean local, LeakInspection *reps)
{
  guint n = path->len;
  for (guint i = 0; i < n; i++)
    {
      HsObj o = g_array_index (path, HsObj, i);
      HsLeakNode *node = g_new0 (HsLeakNode, 1);
      guint32 f = leak_obj_cflags (c, o);
      node->obj = o;
      node->is_class = hs_heap_object_kind (c->heap, o) == HS_KIND_CLASS;
      node->class_name = g_strdup (_hs_leak_object_class_name (c, o));
      node->description = describe_node (c, o, f);
      t->priv->node_ids[i] = hs_heap_object_id (c->heap, o);
      _hs_leak_inspection_init (&reps[i]);
      _hs_leak_inspect (c, o, &reps[i]);
      g_ptr_array_add (t->nodes, node);
      if (i + 1 == n)
        break;
      if (local && i == 0)
        {
          node->ref_kind = HS_PATH_REF_LOCAL;
          node->ref_owner_class = g_strdup (node->class_name);
        }
      else
        name_reference (c, node, o, g_array_index (path, HsObj, i + 1));
    }
}

static inline gboolean
in_tree (LeakCtx *c, HsObj o)
{
  return c->dom && o < c->dom->n && c->dom->idom[o] != HS_OBJ_NONE;
}

/* Statuses, reasons, labels and retained sizes from the inspections, then
 * the suspect references: for a leak, those between the last NO and the
 * first YES; for a target, those from the node before mark_from to the end
 * (mark_from not on the path: the last one). */
static void
trace_statuses (LeakCtx *c, HsLeakTrace *t, LeakInspection *reps, gboolean for_target,
                HsObj mark_from)
{
  HsLeakTracePrivate *x = t->priv;
  guint n = t->nodes->len;
  const char **simple = g_new0 (const char *, n);
  HsLeaking *status = g_new0 (HsLeaking, n);
  char **reason = g_new0 (char *, n);
  guint mark = n >= 2 ? n - 2 : 0;

  for (guint i = 0; i < n; i++)
    {
      HsLeakNode *node = g_ptr_array_index (t->nodes, i);
      simple[i] = _hs_leak_simple_name (node->class_name);
      if (for_target && node->obj == mark_from)
        mark = i > 0 ? i - 1 : 0;
    }
  compute_statuses (reps, n, simple, !for_target, status, reason);
  for (guint i = 0; i < n; i++)
    {
      HsLeakNode *node = g_ptr_array_index (t->nodes, i);
      HsObj o = node->obj;
      gboolean sized = for_target ? i > mark || i + 1 == n || (i == mark && o == mark_from)
                                  : status[i] == HS_LEAKING_YES;
      node->leaking = status[i];
      node->reasons = g_ptr_array_new_with_free_func (g_free);
      if (reason[i] && *reason[i])
        g_ptr_array_add (node->reasons, reason[i]);
      else
        g_free (reason[i]);
      x->labels[i] = g_ptr_array_ref (reps[i].labels);
      if (sized && in_tree (c, o))
        {
          x->node_retained[i] = c->dom->retained[o];
          x->node_retained_count[i] = c->dom->retained_count[o];
        }
      _hs_leak_inspection_clear (&reps[i]);
    }
  for (guint i = 0; i + 1 < n; i++)
    {
      HsLeakNode *node = g_ptr_array_index (t->nodes, i);
      HsLeakNode *next = g_ptr_array_index (t->nodes, i + 1);
      if (for_target)
        node->suspect = i >= mark;
      else
        node->suspect = node->leaking == HS_LEAKING_UNKNOWN ||
                        (node->leaking == HS_LEAKING_NO && next->leaking != HS_LEAKING_NO);
    }
  g_free (simple);
  g_free (status);
  g_free (reason);
}

HsLeakTrace *
_hs_leak_build_trace (LeakCtx *c, HsObj l, gboolean for_target, HsObj mark_from,
                      const HsMatcher **lib_out)
{
  gboolean local;
  g_autoptr (GArray) path = trace_path (c, l, &local, lib_out);
  guint n = path->len;
  HsLeakTrace *t = g_new0 (HsLeakTrace, 1);
  LeakInspection *reps = g_new0 (LeakInspection, n);
  LeakWatched *w;

  t->priv = _hs_leak_trace_private_new (n);
  t->nodes = g_ptr_array_new_with_free_func (_hs_leak_node_free);
  t->leaking_obj = l;
  t->also_leaking = g_array_new (FALSE, FALSE, sizeof (HsObj));
  t->retained_duration_ms = -1;
  t->watch_duration_ms = -1;
  trace_root (c, t, g_array_index (path, HsObj, 0), path->len > 1 ? g_array_index (path, HsObj, 1) : HS_OBJ_NONE, local);
  trace_nodes (c, t, path, local, reps);
  trace_statuses (c, t, reps, for_target, mark_from);
  g_free (reps);

  if (in_tree (c, l))
    {
      t->retained_bytes = c->dom->retained[l];
      t->retained_count = c->dom->retained_count[l];
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

/* "Class.field" strings of the suspect references, SHA-1, hex. */
char *
_hs_leak_trace_fingerprint (const HsLeakTrace *t, char **short_desc)
{
  g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA1);
  char *first = NULL;
  guint n = t->nodes->len;
  for (guint i = 0; i + 1 < n; i++)
    {
      HsLeakNode *node = g_ptr_array_index (t->nodes, i);
      g_autofree char *s = NULL;
      if (!node->suspect)
        continue;
      switch (node->ref_kind)
        {
        case HS_PATH_REF_ELEMENT: s = g_strdup_printf ("%s[x]", node->class_name); break;
        case HS_PATH_REF_LOCAL: s = g_strdup_printf ("%s.<Java Local>", node->class_name); break;
        default:
          s = g_strdup_printf ("%s.%s", node->class_name, node->ref_name ? node->ref_name : "");
          break;
        }
      g_checksum_update (sum, (const guchar *)s, -1);
      if (first == NULL)
        {
          const char *sn = _hs_leak_simple_name (node->class_name);
          if (node->ref_kind == HS_PATH_REF_ELEMENT)
            first = g_strdup_printf ("%s[x]", sn);
          else if (node->ref_kind == HS_PATH_REF_LOCAL)
            first = g_strdup_printf ("%s.<Java Local>", sn);
          else
            first = g_strdup_printf ("%s.%s", sn, node->ref_name ? node->ref_name : "");
        }
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

/* The group a trace belongs to, created in report on first use. */
static void
add_to_group (LeakCtx *c, HsLeakReport *report, GHashTable *groups, HsLeakTrace *t,
              const HsMatcher *lib)
{
  g_autofree char *desc = NULL;
  HsLeakGroup *g;
  char key[64];

  if (lib)
    {
      g_autoptr (GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA1);
      g_checksum_update (sum, (const guchar *)lib->pattern, -1);
      t->signature = g_strdup (g_checksum_get_string (sum));
      desc = g_strdup (lib->description);
    }
  else
    t->signature = _hs_leak_trace_fingerprint (t, &desc);
  g_snprintf (key, sizeof key, "%c%s", lib ? 'L' : 'A', t->signature);
  g = g_hash_table_lookup (groups, key);
  if (g == NULL)
    {
      g = g_new0 (HsLeakGroup, 1);
      g_strlcpy (g->fingerprint, t->signature, sizeof g->fingerprint);
      g->description = g_steal_pointer (&desc);
      g->library = lib != NULL;
      g->library_pattern = lib ? g_strdup (lib->pattern) : NULL;
      g->traces = g_ptr_array_new_with_free_func ((GDestroyNotify)hs_leak_trace_free);
      g_ptr_array_add (lib ? report->library_leaks : report->application_leaks, g);
      g_hash_table_insert (groups, g_strdup (key), g);
    }
  g_ptr_array_add (g->traces, t);
}

/* A leaking object the search did not reach: listed on the trace of the
 * found one it sits behind, else as without a path. */
static void
add_unreached (LeakCtx *c, HsLeakReport *report, GHashTable *trace_of, HsObj l)
{
  LeakWatched *w = _hs_leak_watched_of (c, l);
  guint64 id = hs_heap_object_id (c->heap, l);
  if (c->state[l] & F_BEHIND)
    {
      HsObj x = c->parent[l];
      HsLeakTrace *owner = NULL;
      for (guint64 guard = 0; guard <= c->n && x != HS_OBJ_NONE; guard++)
        {
          if (c->state[x] & F_FOUND)
            {
              owner = g_hash_table_lookup (trace_of, GUINT_TO_POINTER (x));
              break;
            }
          x = c->parent[x];
        }
      if (owner)
        {
          g_array_append_val (owner->also_leaking, l);
          g_array_append_val (owner->priv->also_ids, id);
          g_ptr_array_add (owner->priv->also_desc,
                           g_strdup_printf ("%s@0x%" G_GINT64_MODIFIER "x",
                                            _hs_leak_object_class_name (c, l), id));
          return;
        }
    }
  g_ptr_array_add (report->unreachable_leaking,
                   g_strdup_printf ("%s@0x%" G_GINT64_MODIFIER "x%s%s%s",
                                    _hs_leak_object_class_name (c, l), id,
                                    w && w->key ? " (key = " : "", w && w->key ? w->key : "",
                                    w && w->key ? ")" : ""));
}

gboolean
_hs_leak_group_traces (LeakCtx *c, HsLeakReport *report, GCancellable *cancellable, GError **error)
{
  g_autoptr (GHashTable) groups = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GHashTable) trace_of = g_hash_table_new (g_direct_hash, g_direct_equal);

  /* One trace per leaking object the search reached. */
  for (guint i = 0; i < c->leaking->len; i++)
    {
      HsObj l = g_array_index (c->leaking, HsObj, i);
      const HsMatcher *lib = NULL;
      HsLeakTrace *t;
      if (!(c->state[l] & F_FOUND))
        continue;
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      t = _hs_leak_build_trace (c, l, FALSE, HS_OBJ_NONE, &lib);
      g_hash_table_insert (trace_of, GUINT_TO_POINTER (l), t);
      add_to_group (c, report, groups, t, lib);
    }
  /* Leaking objects behind others, and those with no path at all. */
  for (guint i = 0; i < c->leaking->len; i++)
    {
      HsObj l = g_array_index (c->leaking, HsObj, i);
      if (!(c->state[l] & F_FOUND))
        add_unreached (c, report, trace_of, l);
    }
  _hs_leak_groups_sort (report->application_leaks);
  _hs_leak_groups_sort (report->library_leaks);
  return TRUE;
}
