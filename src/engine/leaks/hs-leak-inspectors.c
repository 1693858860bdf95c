/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-inspectors.c: LeakCanary's object inspectors, in their spirit:
 * what an object's fields tell of its lifecycle (a destroyed Activity, a
 * Fragment without a FragmentManager, a detached View, ...), as reasons it
 * is leaking, reasons it is not, and labels. One small function per kind of
 * object, applied in the order of the table below. */
#include "config.h"

#include "hs-leaks-private.h"

#include <string.h>

static HsObj
unwrap_activity (LeakCtx *c, HsObj ctx)
{
  for (int i = 0; i < 16 && ctx != HS_OBJ_NONE; i++)
    {
      guint32 f = leak_obj_cflags (c, ctx);
      HsObj next = HS_OBJ_NONE;
      if (f & CF_ACTIVITY)
        return ctx;
      if (f & CF_CONTEXT_WRAPPER)
        _hs_leak_read_obj (c, ctx, "mBase", NULL, &next);
      else if (strcmp (_hs_leak_object_class_name (c, ctx), "android.app.ContextImpl") == 0)
        _hs_leak_read_obj (c, ctx, "mOuterContext", NULL, &next);
      if (next == ctx)
        break;
      ctx = next;
    }
  return HS_OBJ_NONE;
}

/* Whether container (a map or list) holds target within a few levels of
 * arrays and entries; bounded so that it never becomes a heap walk. */
static gboolean
container_holds (LeakCtx *c, HsObj container, HsObj target)
{
  HsObj frontier[2048], next[2048];
  gsize nf = 0, nn;
  if (container == HS_OBJ_NONE)
    return FALSE;
  frontier[nf++] = container;
  for (int depth = 0; depth < 4 && nf > 0; depth++)
    {
      nn = 0;
      for (gsize i = 0; i < nf; i++)
        {
          const HsGraph *g = c->graph;
          HsObj t;
          for (HsGraphEdges it = hs_graph_edges (g, frontier[i]); hs_graph_next (g, &it, &t);)
            {
              if (t == target)
                return TRUE;
              if (nn < G_N_ELEMENTS (next) && leak_obj_kind (c, t) != HS_KIND_CLASS
                  && leak_obj_kind (c, t) != HS_KIND_PRIM_ARRAY
                  && (leak_obj_kind (c, t) == HS_KIND_OBJ_ARRAY
                      || strstr (_hs_leak_object_class_name (c, t), "Entry") != NULL
                      || strstr (_hs_leak_object_class_name (c, t), "Node") != NULL))
                next[nn++] = t;
            }
        }
      memcpy (frontier, next, nn * sizeof (HsObj));
      nf = nn;
    }
  return FALSE;
}

/* -1 unknown, 0 not held, 1 held by ActivityThread.mServices. */
static int
service_held (LeakCtx *c, HsObj service)
{
  if (!c->services_looked_up)
    {
      HsClass at = hs_heap_find_class (c->heap, "android.app.ActivityThread");
      HsObj inst = HS_OBJ_NONE;
      c->services_looked_up = TRUE;
      c->activity_thread_services = HS_OBJ_NONE;
      if (at != HS_CLASS_NONE
          && _hs_leak_read_obj (c, hs_class_object (c->heap, at), "sCurrentActivityThread", NULL, &inst))
        _hs_leak_read_obj (c, inst, "mServices", NULL, &c->activity_thread_services);
    }
  if (c->activity_thread_services == HS_OBJ_NONE)
    return -1;
  return container_holds (c, c->activity_thread_services, service) ? 1 : 0;
}

void
_hs_leak_inspection_init (LeakInspection *r)
{
  r->leaking = g_ptr_array_new_with_free_func (g_free);
  r->not_leaking = g_ptr_array_new_with_free_func (g_free);
  r->labels = g_ptr_array_new_with_free_func (g_free);
}

void
_hs_leak_inspection_clear (LeakInspection *r)
{
  g_ptr_array_unref (r->leaking);
  g_ptr_array_unref (r->not_leaking);
  g_ptr_array_unref (r->labels);
}

#define ADD(arr, ...) g_ptr_array_add ((arr), g_strdup_printf (__VA_ARGS__))

/* Whether o is a thread-object root: the set is made once per search (a
 * path may hold thousands of threads, the dump millions of roots). */
static gboolean
is_thread_object_root (LeakCtx *c, HsObj o)
{
  if (!hs_heap_object_is_root (c->heap, o))
    return FALSE;
  if (c->thread_roots == NULL)
    {
      gsize n = hs_heap_n_roots (c->heap);
      c->thread_roots = g_hash_table_new (g_direct_hash, g_direct_equal);
      for (gsize i = 0; i < n; i++)
        {
          const HsRoot *r = hs_heap_root (c->heap, i);
          if (r->type == HS_ROOT_THREAD_OBJECT && r->obj != HS_OBJ_NONE)
            g_hash_table_add (c->thread_roots, GUINT_TO_POINTER (r->obj));
        }
    }
  return g_hash_table_contains (c->thread_roots, GUINT_TO_POINTER (o));
}

/* The top of a View's mParent chain: root_view, the topmost View above it
 * (HS_OBJ_NONE when its parent is no View), and end, what the chain ends
 * at (HS_OBJ_NONE, or the first parent that is not a View, or the View
 * where the chain loops). Memoised per View, so nested Views cost one walk
 * in all, however deep. */
typedef struct
{
  HsObj root_view, end;
} ViewTop;

#define VIEW_IN_PROGRESS G_MAXUINT

static ViewTop
view_top (LeakCtx *c, HsObj o)
{
  g_autoptr (GArray) chain = g_array_new (FALSE, FALSE, sizeof (HsObj));
  ViewTop top = { HS_OBJ_NONE, HS_OBJ_NONE };
  HsObj x = o;
  if (c->view_top == NULL)
    {
      c->view_top = g_hash_table_new (g_direct_hash, g_direct_equal);
      c->view_tops = g_array_new (FALSE, FALSE, sizeof (ViewTop));
    }
  if (g_hash_table_contains (c->view_top, GUINT_TO_POINTER (o)))
    {
      guint id = GPOINTER_TO_UINT (g_hash_table_lookup (c->view_top, GUINT_TO_POINTER (o)));
      if (id != VIEW_IN_PROGRESS)
        return g_array_index (c->view_tops, ViewTop, id);
    }
  for (;;)
    {
      HsObj p = HS_OBJ_NONE;
      gpointer known;
      g_hash_table_insert (c->view_top, GUINT_TO_POINTER (x), GUINT_TO_POINTER (VIEW_IN_PROGRESS));
      g_array_append_val (chain, x);
      _hs_leak_read_obj (c, x, "mParent", NULL, &p);
      if (p == HS_OBJ_NONE || !(leak_obj_cflags (c, p) & CF_VIEW))
        {
          top.root_view = HS_OBJ_NONE;
          top.end = p;
          break;
        }
      if (g_hash_table_lookup_extended (c->view_top, GUINT_TO_POINTER (p), NULL, &known))
        {
          guint id = GPOINTER_TO_UINT (known);
          if (id == VIEW_IN_PROGRESS)
            top.root_view = top.end = p; /* a loop of Views */
          else
            {
              ViewTop t = g_array_index (c->view_tops, ViewTop, id);
              top.root_view = t.root_view != HS_OBJ_NONE ? t.root_view : p;
              top.end = t.end;
            }
          break;
        }
      x = p;
    }
  /* from the top down: a View's answer from its parent's */
  for (guint i = chain->len; i-- > 0;)
    {
      HsObj v = g_array_index (chain, HsObj, i);
      if (i + 1 < chain->len)
        {
          HsObj p = g_array_index (chain, HsObj, i + 1);
          if (top.root_view == HS_OBJ_NONE)
            top.root_view = p;
        }
      g_array_append_val (c->view_tops, top);
      g_hash_table_insert (c->view_top, GUINT_TO_POINTER (v), GUINT_TO_POINTER (c->view_tops->len - 1));
    }
  return top;
}

static void
inspect_view (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r)
{
  HsObj parent = HS_OBJ_NONE, root_view = HS_OBJ_NONE, ctx = HS_OBJ_NONE, act;
  guint64 attach_id = 0;
  gboolean have_attach = _hs_leak_read_obj (c, o, "mAttachInfo", &attach_id, NULL);
  gboolean detached = have_attach && attach_id == 0;
  gint64 attach_count = 0;
  gboolean have_count = hs_heap_read_integer (c->heap, o, "mWindowAttachCount", &attach_count);
  gboolean in_hierarchy;

  {
    ViewTop top = view_top (c, o);
    root_view = top.root_view;
    parent = top.end;
  }
  in_hierarchy = parent != HS_OBJ_NONE
                 || (root_view != HS_OBJ_NONE
                     && g_str_has_suffix (_hs_leak_object_class_name (c, root_view), "DecorView"));
  _hs_leak_read_obj (c, o, "mContext", NULL, &ctx);
  act = unwrap_activity (c, ctx);
  if (act != HS_OBJ_NONE && _hs_leak_read_bool (c, act, "mDestroyed") == 1)
    ADD (r->leaking, "View.mContext references a destroyed activity");
  else if (in_hierarchy && have_count && attach_count > 0)
    {
      if (detached)
        ADD (r->leaking, "View detached yet still part of window view hierarchy");
      else
        {
          guint64 root_attach = 1;
          if (root_view != HS_OBJ_NONE && _hs_leak_read_obj (c, root_view, "mAttachInfo", &root_attach, NULL)
              && root_attach == 0)
            ADD (r->leaking, "View attached but root view %s detached (attach disorder)",
                 _hs_leak_object_class_name (c, root_view));
          else
            ADD (r->not_leaking, "View is part of a window view hierarchy");
        }
    }
  if (have_attach)
    ADD (r->labels, detached ? "View.mAttachInfo is null (view detached)"
                             : "View.mAttachInfo is not null (view attached)");
  if (have_count)
    ADD (r->labels, "View.mWindowAttachCount = %" G_GINT64_FORMAT, attach_count);
}

static void
inspect_classloader (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r)
{
  ADD (r->not_leaking, "A ClassLoader is never leaking");
}

static void
inspect_application (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r)
{
  ADD (r->not_leaking, "Application is a singleton");
}

static void
inspect_imm (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r)
{
  ADD (r->not_leaking, "InputMethodManager is a singleton");
}

static void
inspect_thread (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r)
{
  g_autofree char *name = _hs_leak_thread_name (c, o);
  if (name)
    ADD (r->labels, "Thread name: '%s'", name);
  if (name && strcmp (name, "main") == 0)
    ADD (r->not_leaking, "the main thread always runs");
  else if (is_thread_object_root (c, o))
    ADD (r->not_leaking, "the thread is running: it is a GC root");
}

/* A boolean field that decides: true is leaking, false is not ("Cls#field
 * is true/false"). Returns the field's value, -1 when it cannot be read. */
static int
flag_status (LeakCtx *c, HsObj o, const char *cls, const char *field, LeakInspection *r)
{
  int v = _hs_leak_read_bool (c, o, field);
  if (v == 1)
    ADD (r->leaking, "%s#%s is true", cls, field);
  else if (v == 0)
    ADD (r->not_leaking, "%s#%s is false", cls, field);
  return v;
}

static void
inspect_activity (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r)
{
  if (flag_status (c, o, "Activity", "mDestroyed", r) < 0 && _hs_leak_read_bool (c, o, "mFinished") == 1)
    ADD (r->leaking, "Activity#mFinished is true");
}

static void
inspect_service (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r)
{
  int held = service_held (c, o);
  if (held == 1)
    ADD (r->not_leaking, "Service held by ActivityThread");
  else if (held == 0)
    ADD (r->leaking, "Service not held by ActivityThread");
}

static void
inspect_fragment (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r)
{
  guint64 fm = 0;
  g_autofree char *tag = NULL;
  if (_hs_leak_read_obj (c, o, "mFragmentManager", &fm, NULL))
    {
      if (fm == 0)
        ADD (r->leaking, "Fragment#mFragmentManager is null");
      else
        ADD (r->not_leaking, "Fragment#mFragmentManager is not null");
    }
  tag = _hs_leak_read_string_field (c, o, "mTag", 80);
  if (tag && *tag)
    ADD (r->labels, "Fragment.mTag=%s", tag);
}

static void
inspect_window (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r)
{
  flag_status (c, o, "Window", "mDestroyed", r);
}

static void
inspect_dialog (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r)
{
  guint64 decor = 0;
  if (_hs_leak_read_obj (c, o, "mDecor", &decor, NULL))
    ADD (r->labels, "Dialog#mDecor is %s", decor ? "not null" : "null");
}

static void
inspect_context_wrapper (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r)
{
  HsObj base = HS_OBJ_NONE, act;
  const char *sn;
  if (f & (CF_ACTIVITY | CF_APPLICATION | CF_SERVICE))
    return; /* they have inspectors of their own */
  sn = hs_format_simple_name (_hs_leak_object_class_name (c, o));
  _hs_leak_read_obj (c, o, "mBase", NULL, &base);
  act = unwrap_activity (c, base);
  if (act != HS_OBJ_NONE)
    {
      int d = _hs_leak_read_bool (c, act, "mDestroyed");
      if (d == 1)
        ADD (r->leaking, "%s wraps an Activity with Activity.mDestroyed true", sn);
      else if (d == 0)
        ADD (r->labels, "%s wraps an Activity with Activity.mDestroyed false", sn);
    }
}

static void
inspect_message_queue (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r)
{
  flag_status (c, o, "MessageQueue", "mQuitting", r);
}

/* Anonymous classes (Outer$1): what they extend. */
static void
inspect_anonymous (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r)
{
  const char *cn = _hs_leak_object_class_name (c, o);
  const char *dollar = strrchr (cn, '$');
  if (dollar && g_ascii_isdigit (dollar[1]))
    {
      HsClass sup = hs_class_super (c->heap, leak_obj_class (c, o));
      const char *sn = sup == HS_CLASS_NONE ? NULL : leak_cname (c->heap, sup);
      if (sn && strcmp (sn, "java.lang.Object") != 0)
        ADD (r->labels, "Anonymous subclass of %s", sn);
      else
        ADD (r->labels, "Anonymous class");
    }
}

typedef void (*InspectFunc) (LeakCtx *c, HsObj o, guint32 f, LeakInspection *r);

/* Instance inspectors, in the order their reasons are listed; flags 0 =
 * every instance. */
static const struct
{
  guint32 flags;
  InspectFunc func;
} inspectors[] = {
  { CF_CLASSLOADER, inspect_classloader },
  { CF_APPLICATION, inspect_application },
  { CF_IMM, inspect_imm },
  { CF_THREAD, inspect_thread },
  { CF_ACTIVITY, inspect_activity },
  { CF_SERVICE, inspect_service },
  { CF_ANY_FRAGMENT, inspect_fragment },
  { CF_VIEW, inspect_view },
  { CF_WINDOW, inspect_window },
  { CF_DIALOG, inspect_dialog },
  { CF_CONTEXT_WRAPPER, inspect_context_wrapper },
  { CF_MESSAGE_QUEUE, inspect_message_queue },
  { 0, inspect_anonymous },
};

static void
inspect_full (LeakCtx *c, HsObj o, LeakInspection *r, gboolean with_watcher)
{
  HsKind kind = hs_heap_object_kind (c->heap, o);
  guint32 f = leak_obj_cflags (c, o);
  LeakWatched *w = with_watcher ? _hs_leak_watched_of (c, o) : NULL;

  /* The watcher's word first, as LeakCanary lists it. */
  if (w)
    {
      if (w->description && *w->description)
        ADD (r->leaking, "ObjectWatcher was watching this because %s", w->description);
      else
        ADD (r->leaking, "ObjectWatcher was watching this");
    }
  if (kind == HS_KIND_CLASS)
    {
      ADD (r->not_leaking, "a class is never leaking");
      return;
    }
  if (kind != HS_KIND_INSTANCE)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (inspectors); i++)
    if (inspectors[i].flags == 0 || (f & inspectors[i].flags))
      inspectors[i].func (c, o, f, r);
}

void
_hs_leak_inspect (LeakCtx *c, HsObj o, LeakInspection *r)
{
  inspect_full (c, o, r, TRUE);
}

/* The inspectors' leaking verdict for "heap analysis without watcher". */
static gboolean
inspector_says_leaking (LeakCtx *c, HsObj o, guint32 f)
{
  if (f & CF_ACTIVITY)
    return _hs_leak_read_bool (c, o, "mDestroyed") == 1;
  if (f & CF_ANY_FRAGMENT)
    {
      guint64 fm = 1;
      return _hs_leak_read_obj (c, o, "mFragmentManager", &fm, NULL) && fm == 0;
    }
  if (f & CF_WINDOW)
    return _hs_leak_read_bool (c, o, "mDestroyed") == 1;
  if (f & (CF_VIEW | CF_SERVICE | CF_CONTEXT_WRAPPER))
    {
      LeakInspection r;
      gboolean yes;
      if (f & CF_APPLICATION)
        return FALSE;
      _hs_leak_inspection_init (&r);
      inspect_full (c, o, &r, FALSE); /* the inspectors' own reasons only */
      yes = r.leaking->len > 0 && r.not_leaking->len == 0;
      _hs_leak_inspection_clear (&r);
      return yes;
    }
  return FALSE;
}

void
_hs_leak_find_inspector_leaks (LeakCtx *c)
{
  const guint32 interesting
      = CF_ACTIVITY | CF_ANY_FRAGMENT | CF_WINDOW | CF_VIEW | CF_SERVICE | CF_CONTEXT_WRAPPER;
  for (guint64 o = 0; o < c->n; o++)
    {
      guint32 f = leak_obj_cflags (c, (HsObj)o);
      if (!(f & interesting) || (c->state[o] & F_LEAKING))
        continue;
      if (inspector_says_leaking (c, (HsObj)o, f))
        {
          HsObj x = (HsObj)o;
          c->state[o] |= F_LEAKING;
          g_array_append_val (c->leaking, x);
        }
    }
}
