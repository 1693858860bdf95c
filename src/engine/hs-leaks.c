/* hs-leaks.c: LeakCanary-style leak finding.
 *
 * 1. Leaking objects: referents of retained KeyedWeakReferences, and with
 *    android_inspectors_as_leaks the objects the Android inspectors call
 *    leaking (destroyed activities, detached fragments, ...).
 * 2. One breadth-first search from all GC roots over the CSR graph, with two
 *    queues as in Shark: references matched by a library-leak pattern,
 *    Java-frame locals and the weaker root types go to the "visit last"
 *    queue. Referents, ignored references and the bookkeeping links of
 *    Finalizer/FinalizerReference/Cleaner are never followed. Leaking objects
 *    are leaves. State is two flat arrays: parent (HsObj) and one byte.
 * 3. For each leaking object reached: the path (names recovered only for the
 *    nodes on it), inspector statuses with Shark's propagation, suspects,
 *    fingerprint, exact retained size from the dominator tree.
 * 4. Leaking objects reached only through other leaking objects are listed
 *    on those (also_leaking); the others without a path are reported as such.
 */
#include "hs-leaks.h"
#include "hs-heap-private.h"
#include "hs-mem.h"
#include "hs-matchers.h"
#include "hs-json.h"

#include <string.h>

/* Class names come from the dump: never NULL here, whatever the heap says. */
static inline const char *
cname (HsHeap *heap, HsClass k)
{
  const char *n = k == HS_CLASS_NONE || k >= hs_heap_n_classes (heap) ? NULL : hs_class_name (heap, k);
  return n ? n : "<unknown class>";
}

/* ---- per-object search state (one byte) ---------------------------------- */
#define ST_MASK    0x03
#define ST_UNSEEN  0x00
#define ST_Q1      0x01  /* in the normal queue */
#define ST_Q2      0x02  /* in the visit-last queue */
#define ST_DONE    0x03  /* dequeued */
#define F_LOCAL    0x04  /* parent is the thread; the reference is a Java local */
#define F_LIBRARY  0x08  /* reached through a library-leak reference (see lib_of) */
#define F_ROOT     0x10  /* enqueued as a GC root (no parent) */
#define F_LEAKING  0x20  /* a leaking object */
#define F_FOUND    0x40  /* a leaking object the search reached */
#define F_BEHIND   0x80  /* leaking object reached behind another (also_leaking) */

/* ---- per-class facts ------------------------------------------------------ */
enum {
  CF_NAMED = 1 << 0,           /* expand with named references (matchers, finalizers) */
  CF_ACTIVITY = 1 << 1,
  CF_SERVICE = 1 << 2,
  CF_APPLICATION = 1 << 3,
  CF_FRAGMENT = 1 << 4,        /* android.app.Fragment */
  CF_SUPPORT_FRAGMENT = 1 << 5,
  CF_ANDROIDX_FRAGMENT = 1 << 6,
  CF_VIEW = 1 << 7,
  CF_DIALOG = 1 << 8,
  CF_WINDOW = 1 << 9,
  CF_CONTEXT_WRAPPER = 1 << 10,
  CF_THREAD = 1 << 11,
  CF_CLASSLOADER = 1 << 12,
  CF_MESSAGE_QUEUE = 1 << 13,
  CF_IMM = 1 << 14,
  CF_KWR = 1 << 15,
  CF_BOOKKEEPING = 1 << 16,    /* Finalizer / FinalizerReference / Cleaner */
  CF_REFERENCE = 1 << 17,      /* java.lang.ref.Reference subclass */
  CF_LEAF = 1 << 18,           /* instances lead nowhere: no object fields, or a String */
};

typedef struct {
  HsObj *items;
  gsize head, len, cap;
} Queue;

static void
queue_push (Queue *q, HsObj o)
{
  if (q->len == q->cap) {
    if (q->head > 0 && q->head >= q->len / 2) {
      memmove (q->items, q->items + q->head, (q->len - q->head) * sizeof (HsObj));
      q->len -= q->head;
      q->head = 0;
    } else {
      q->cap = MAX (q->cap * 2, 1024);
      q->items = hs_mem_renew (HsObj, q->items, q->cap);
    }
  }
  q->items[q->len++] = o;
}

typedef struct {
  HsObj ref;                 /* the KeyedWeakReference */
  HsObj referent;
  gboolean retained;
  char *key;
  char *description;
  gint64 watch_ms, retained_ms; /* durations, -1 unknown */
} Watched;

static void
watched_clear (gpointer p)
{
  Watched *w = p;
  g_free (w->key);
  g_free (w->description);
}

typedef struct {
  HsHeap *heap;
  const HsDomTree *dom;
  const HsLeakOptions *opts;
  HsMatcherTable *table;
  int api_level;             /* -1 not Android, 0 unknown */
  char *manufacturer;
  guint n_classes;
  guint32 *cflags;           /* per class */
  HsObj *class_obj_of;       /* per class: its class object (cached) */
  const guint64 *ref_offsets;/* the heap's CSR */
  const HsObj *ref_targets;
  const guint8 *flags;       /* the heap's per-object flags and classes: */
  const HsClass *klass;      /* read straight in the search's hot loops */
  GHashTable *inst_match;    /* "Class#field" -> HsMatcher* (applicable only) */
  GHashTable *static_match;  /* "Class#field" -> HsMatcher* */
  GHashTable *local_match;   /* thread name -> HsMatcher* */
  GHashTable *jni_match;     /* class name -> HsMatcher* */
  GHashTable *inst_match_classes; /* class names with instance matchers */

  guint64 n;
  HsObj *parent;
  guint8 *state;
  GHashTable *lib_of;        /* obj -> HsMatcher*, only for F_LIBRARY nodes */
  GHashTable *root_rec;      /* obj -> root record index + 1, for F_ROOT nodes */
  Queue q1, q2;

  GArray *watched;           /* Watched */
  GHashTable *watch_of;      /* referent obj -> index + 1 into watched (first) */
  GArray *leaking;           /* HsObj, in discovery order */
  guint64 n_found;
  guint64 n_reachable_leaking; /* leaking objects the heap says are reachable */

  HsObj activity_thread_services; /* ActivityThread.mServices, cached */
  gboolean services_looked_up;
} Ctx;

/* Extra data of the traces we build, kept out of the public structs:
 * object ids (the report's JSON and text need them without the heap),
 * LeakCanary-style labels and per-node retained sizes. */
typedef struct {
  guint64 *node_ids;
  GPtrArray **labels;        /* per node: char* */
  guint64 *node_retained;    /* G_MAXUINT64 = not shown */
  guint64 *node_retained_count;
  GArray *also_ids;          /* guint64 */
  GPtrArray *also_desc;      /* char* "Class@0x.." */
  char *root_desc;
  guint n_nodes;
} TraceExtra;

static GMutex extra_lock;
static GHashTable *extra_by_trace;

static void
trace_extra_free (TraceExtra *x)
{
  if (x == NULL)
    return;
  for (guint i = 0; i < x->n_nodes; i++)
    if (x->labels[i])
      g_ptr_array_unref (x->labels[i]);
  g_free (x->labels);
  g_free (x->node_ids);
  g_free (x->node_retained);
  g_free (x->node_retained_count);
  if (x->also_ids)
    g_array_unref (x->also_ids);
  if (x->also_desc)
    g_ptr_array_unref (x->also_desc);
  g_free (x->root_desc);
  g_free (x);
}

static void
extra_register (const HsLeakTrace *t, TraceExtra *x)
{
  g_mutex_lock (&extra_lock);
  if (extra_by_trace == NULL)
    extra_by_trace = g_hash_table_new (g_direct_hash, g_direct_equal);
  g_hash_table_insert (extra_by_trace, (gpointer) t, x);
  g_mutex_unlock (&extra_lock);
}

static TraceExtra *
extra_lookup (const HsLeakTrace *t)
{
  TraceExtra *x = NULL;
  g_mutex_lock (&extra_lock);
  if (extra_by_trace)
    x = g_hash_table_lookup (extra_by_trace, t);
  g_mutex_unlock (&extra_lock);
  return x;
}

static void
extra_unregister (const HsLeakTrace *t)
{
  TraceExtra *x = NULL;
  g_mutex_lock (&extra_lock);
  if (extra_by_trace) {
    x = g_hash_table_lookup (extra_by_trace, t);
    g_hash_table_remove (extra_by_trace, t);
  }
  g_mutex_unlock (&extra_lock);
  trace_extra_free (x);
}

/* ---- small helpers ----------------------------------------------------------- */

const char *
hs_leaking_name (HsLeaking l)
{
  switch (l) {
  case HS_LEAKING_NO: return "NO";
  case HS_LEAKING_YES: return "YES";
  default: return "UNKNOWN";
  }
}

static const char *
simple_name (const char *name)
{
  const char *dot;
  if (name == NULL)
    return "";
  dot = strrchr (name, '.');
  return dot ? dot + 1 : name;
}

static inline HsClass
obj_class (Ctx *c, HsObj o)
{
  return c->klass[o];
}

static inline HsKind
obj_kind (Ctx *c, HsObj o)
{
  return c->flags[o] & HS_FLAG_KIND_MASK;
}

static inline guint32
obj_cflags (Ctx *c, HsObj o)
{
  HsClass k;
  if (o == HS_OBJ_NONE || obj_kind (c, o) != HS_KIND_INSTANCE)
    return 0;
  k = obj_class (c, o);
  return k == HS_CLASS_NONE || k >= c->n_classes ? 0 : c->cflags[k];
}

/* Boolean field: -1 missing, else 0/1. */
static int
read_bool (Ctx *c, HsObj o, const char *name)
{
  HsValue v;
  if (o == HS_OBJ_NONE || !hs_heap_read_field (c->heap, o, name, &v))
    return -1;
  switch (v.type) {
  case HS_TYPE_BOOLEAN: return v.z ? 1 : 0;
  case HS_TYPE_BYTE: return v.b ? 1 : 0;
  case HS_TYPE_INT: return v.i ? 1 : 0;
  default: return -1;
  }
}

/* Object field: FALSE if missing (or not an object field); *is_null set. */
static gboolean
read_obj (Ctx *c, HsObj o, const char *name, guint64 *id_out, HsObj *obj_out)
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

static char *
read_string_field (Ctx *c, HsObj o, const char *name, gsize max)
{
  HsObj s = HS_OBJ_NONE;
  if (!read_obj (c, o, name, NULL, &s) || s == HS_OBJ_NONE)
    return NULL;
  return hs_heap_read_string (c->heap, s, max);
}

static char *
thread_name (Ctx *c, HsObj t)
{
  return read_string_field (c, t, "name", 80);
}

/* ---- class facts and matchers ------------------------------------------------ */

static const struct { const char *name; guint32 flag; } class_kinds[] = {
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
};

/* next / prev of the lists that keep every registered finalizer or cleaner
 * reachable (the CF_BOOKKEEPING classes of class_kinds): not a reason
 * anything stays alive. */
static gboolean
is_bookkeeping_field (Ctx *c, HsClass declared_in, const char *name)
{
  if (declared_in == HS_CLASS_NONE || declared_in >= c->n_classes || name == NULL ||
      !(c->cflags[declared_in] & CF_BOOKKEEPING))
    return FALSE;
  return strcmp (name, "next") == 0 || strcmp (name, "prev") == 0;
}

static void
compute_class_facts (Ctx *c)
{
  HsHeap *heap = c->heap;
  guint i;
  c->n_classes = hs_heap_n_classes (heap);
  c->cflags = g_new0 (guint32, MAX (c->n_classes, 1));
  c->class_obj_of = g_new0 (HsObj, MAX (c->n_classes, 1));
  for (i = 0; i < c->n_classes; i++) {
    guint32 f = CF_LEAF;
    guint depth = 0;
    for (HsClass k = i; k != HS_CLASS_NONE && depth < 256; k = hs_class_super (heap, k), depth++) {
      const char *name = cname (heap, k);
      guint nf = 0;
      const HsFieldDecl *fd = hs_class_fields (heap, k, &nf);
      for (guint j = 0; j < nf && (f & CF_LEAF); j++)
        if (fd[j].type == HS_TYPE_OBJECT)
          f &= ~CF_LEAF;
      for (guint j = 0; j < G_N_ELEMENTS (class_kinds); j++)
        if (strcmp (name, class_kinds[j].name) == 0)
          f |= class_kinds[j].flag;
      if (g_hash_table_contains (c->inst_match_classes, name))
        f |= CF_NAMED;
    }
    if ((f & CF_REFERENCE) && hs_heap_follow_weak (heap))
      f |= CF_NAMED; /* the CSR holds referents then: skip them by name */
    /* A String's only reference is its character array: a dead end. */
    if (strcmp (cname (heap, i), "java.lang.String") == 0)
      f = (f & ~CF_NAMED) | CF_LEAF;
    c->cflags[i] = f;
    c->class_obj_of[i] = hs_class_object (heap, i);
  }
}

static void
load_matchers (Ctx *c)
{
  c->inst_match = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->static_match = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->local_match = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->jni_match = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  c->inst_match_classes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  if (c->table == NULL)
    return;
  for (guint i = 0; i < c->table->matchers->len; i++) {
    HsMatcher *m = g_ptr_array_index (c->table->matchers, i);
    GHashTable *t = NULL;
    char *key = NULL;
    if (!hs_matcher_applies (m, c->api_level, c->manufacturer))
      continue;
    switch (m->kind) {
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
static const HsMatcher *
match_instance_field (Ctx *c, HsObj o, const char *field)
{
  char key[1024];
  guint depth = 0;
  if (field == NULL || g_hash_table_size (c->inst_match) == 0)
    return NULL;
  for (HsClass k = obj_class (c, o); k != HS_CLASS_NONE && depth < 256;
       k = hs_class_super (c->heap, k), depth++) {
    const HsMatcher *m;
    g_snprintf (key, sizeof key, "%s#%s", cname (c->heap, k), field);
    m = g_hash_table_lookup (c->inst_match, key);
    if (m)
      return m;
  }
  return NULL;
}

static const HsMatcher *
match_static_field (Ctx *c, HsClass k, const char *field)
{
  char key[1024];
  if (field == NULL || k == HS_CLASS_NONE || g_hash_table_size (c->static_match) == 0)
    return NULL;
  g_snprintf (key, sizeof key, "%s#%s", cname (c->heap, k), field);
  return g_hash_table_lookup (c->static_match, key);
}

static const char *object_class_name (Ctx *c, HsObj o);

/* JNI global to an object of the class (or a subclass), or to that class. */
static const HsMatcher *
match_jni_global (Ctx *c, HsObj o)
{
  guint depth = 0;
  HsClass k = obj_kind (c, o) == HS_KIND_CLASS
              ? hs_heap_object_as_class (c->heap, o) : obj_class (c, o);
  for (; k != HS_CLASS_NONE && depth < 256; k = hs_class_super (c->heap, k), depth++) {
    const HsMatcher *m = g_hash_table_lookup (c->jni_match, cname (c->heap, k));
    if (m)
      return m;
  }
  return NULL;
}

static const char *
object_class_name (Ctx *c, HsObj o)
{
  if (obj_kind (c, o) == HS_KIND_CLASS) {
    HsClass k = hs_heap_object_as_class (c->heap, o);
    return k == HS_CLASS_NONE ? "java.lang.Class" : cname (c->heap, k);
  } else {
    HsClass k = obj_class (c, o);
    return k == HS_CLASS_NONE ? "<unknown class>" : cname (c->heap, k);
  }
}

static gboolean
skip_static_name (const char *name)
{
  /* ART's synthetic statics: not references a user can act on. */
  return name == NULL || g_str_has_prefix (name, "$staticOverhead") ||
         g_str_has_prefix (name, "$classOverhead") || g_str_has_prefix (name, "$class$");
}

/* Decides whether a named reference is followed; sets *lib for a library-leak
 * reference. The one rule used both by the search and to name the path. */
static gboolean
ref_followable (Ctx *c, HsObj from, const HsNamedRef *r, const HsMatcher **lib)
{
  const HsMatcher *m = NULL;
  *lib = NULL;
  switch (r->kind) {
  case HS_REF_FIELD:
    if (r->is_weak)
      return FALSE;
    if (is_bookkeeping_field (c, r->declared_in, r->name))
      return FALSE;
    m = match_instance_field (c, from, r->name);
    break;
  case HS_REF_STATIC:
    if (skip_static_name (r->name))
      return FALSE;
    m = match_static_field (c, hs_heap_object_as_class (c->heap, from), r->name);
    break;
  case HS_REF_ELEMENT:
    break;
  default: /* class, superclass, loader: not paths LeakCanary shows */
    return FALSE;
  }
  if (m && m->ignored)
    return FALSE;
  *lib = m;
  return TRUE;
}

/* ---- leaking objects ------------------------------------------------------------- */

static void
find_watched (Ctx *c)
{
  HsHeap *heap = c->heap;
  GHashTable *dump_uptime = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  gboolean any = FALSE;

  for (guint i = 0; i < c->n_classes; i++)
    if (c->cflags[i] & CF_KWR)
      any = TRUE;
  if (!any)
    goto out;
  for (guint64 o = 0; o < c->n; o++) {
    guint32 f = obj_cflags (c, (HsObj) o);
    Watched w = { 0 };
    guint64 rid = 0;
    gint64 watch_up = 0, retained_up = 0, dump_up = 0;
    gboolean has_watch, has_retained, has_dump = FALSE;
    HsClass k;

    if (!(f & CF_KWR))
      continue;
    w.ref = (HsObj) o;
    w.referent = HS_OBJ_NONE;
    if (!read_obj (c, w.ref, "referent", &rid, &w.referent))
      continue;
    /* heapDumpUptimeMillis: a static of the KeyedWeakReference class (or of
     * a superclass when the instance is of a subclass). */
    k = obj_class (c, w.ref);
    {
      gint64 *cached = g_hash_table_lookup (dump_uptime, GUINT_TO_POINTER (k));
      if (cached == NULL) {
        cached = g_new (gint64, 2);
        cached[0] = 0;
        cached[1] = 0;
        for (HsClass s = k; s != HS_CLASS_NONE; s = hs_class_super (heap, s)) {
          HsObj co = hs_class_object (heap, s);
          if (co != HS_OBJ_NONE && hs_heap_read_integer (c->heap, co, "heapDumpUptimeMillis", &cached[1])) {
            cached[0] = 1;
            break;
          }
        }
        g_hash_table_insert (dump_uptime, GUINT_TO_POINTER (k), cached);
      }
      has_dump = cached[0] != 0;
      dump_up = cached[1];
    }
    has_watch = hs_heap_read_integer (c->heap, w.ref, "watchUptimeMillis", &watch_up);
    has_retained = hs_heap_read_integer (c->heap, w.ref, "retainedUptimeMillis", &retained_up);
    w.retained = !has_retained || retained_up != -1;
    w.key = read_string_field (c, w.ref, "key", 200);
    w.description = read_string_field (c, w.ref, "description", 300);
    if (w.description == NULL)
      w.description = read_string_field (c, w.ref, "name", 300);
    w.watch_ms = has_dump && has_watch ? dump_up - watch_up : -1;
    w.retained_ms = has_dump && has_retained && retained_up != -1 ? dump_up - retained_up : -1;
    g_array_append_val (c->watched, w);
    if (w.referent != HS_OBJ_NONE && !g_hash_table_contains (c->watch_of, GUINT_TO_POINTER (w.referent)))
      g_hash_table_insert (c->watch_of, GUINT_TO_POINTER (w.referent),
                           GUINT_TO_POINTER (c->watched->len));
    if (w.retained && w.referent != HS_OBJ_NONE && !(c->state[w.referent] & F_LEAKING)) {
      c->state[w.referent] |= F_LEAKING;
      g_array_append_val (c->leaking, w.referent);
    }
  }
out:
  g_hash_table_unref (dump_uptime);
}

/* Follows ContextWrapper.mBase (and ContextImpl.mOuterContext) to an Activity. */
static HsObj
unwrap_activity (Ctx *c, HsObj ctx)
{
  for (int i = 0; i < 16 && ctx != HS_OBJ_NONE; i++) {
    guint32 f = obj_cflags (c, ctx);
    HsObj next = HS_OBJ_NONE;
    if (f & CF_ACTIVITY)
      return ctx;
    if (f & CF_CONTEXT_WRAPPER)
      read_obj (c, ctx, "mBase", NULL, &next);
    else if (strcmp (object_class_name (c, ctx), "android.app.ContextImpl") == 0)
      read_obj (c, ctx, "mOuterContext", NULL, &next);
    if (next == ctx)
      break;
    ctx = next;
  }
  return HS_OBJ_NONE;
}

/* Whether container (a map or list) holds target within a few levels of
 * arrays and entries; bounded so that it never becomes a heap walk. */
static gboolean
container_holds (Ctx *c, HsObj container, HsObj target)
{
  HsObj frontier[2048], next[2048];
  gsize nf = 0, nn;
  if (container == HS_OBJ_NONE)
    return FALSE;
  frontier[nf++] = container;
  for (int depth = 0; depth < 4 && nf > 0; depth++) {
    nn = 0;
    for (gsize i = 0; i < nf; i++) {
      gsize n = 0;
      const HsObj *refs = hs_heap_refs (c->heap, frontier[i], &n);
      for (gsize j = 0; j < n; j++) {
        HsObj t = refs[j];
        if (t == target)
          return TRUE;
        if (nn < G_N_ELEMENTS (next) && obj_kind (c, t) != HS_KIND_CLASS &&
            obj_kind (c, t) != HS_KIND_PRIM_ARRAY &&
            (obj_kind (c, t) == HS_KIND_OBJ_ARRAY ||
             strstr (object_class_name (c, t), "Entry") != NULL ||
             strstr (object_class_name (c, t), "Node") != NULL))
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
service_held (Ctx *c, HsObj service)
{
  if (!c->services_looked_up) {
    HsClass at = hs_heap_find_class (c->heap, "android.app.ActivityThread");
    HsObj inst = HS_OBJ_NONE;
    c->services_looked_up = TRUE;
    c->activity_thread_services = HS_OBJ_NONE;
    if (at != HS_CLASS_NONE && read_obj (c, hs_class_object (c->heap, at), "sCurrentActivityThread", NULL, &inst))
      read_obj (c, inst, "mServices", NULL, &c->activity_thread_services);
  }
  if (c->activity_thread_services == HS_OBJ_NONE)
    return -1;
  return container_holds (c, c->activity_thread_services, service) ? 1 : 0;
}

typedef struct {
  GPtrArray *leaking;        /* reasons it leaks */
  GPtrArray *not_leaking;    /* reasons it does not */
  GPtrArray *labels;
} Report;

static void
report_init (Report *r)
{
  r->leaking = g_ptr_array_new_with_free_func (g_free);
  r->not_leaking = g_ptr_array_new_with_free_func (g_free);
  r->labels = g_ptr_array_new_with_free_func (g_free);
}

static void
report_clear (Report *r)
{
  g_ptr_array_unref (r->leaking);
  g_ptr_array_unref (r->not_leaking);
  g_ptr_array_unref (r->labels);
}

#define ADD(arr, ...) g_ptr_array_add ((arr), g_strdup_printf (__VA_ARGS__))

static gboolean
is_thread_object_root (Ctx *c, HsObj o)
{
  gsize n = hs_heap_n_roots (c->heap);
  if (!hs_heap_object_is_root (c->heap, o))
    return FALSE;
  for (gsize i = 0; i < n; i++) {
    const HsRoot *r = hs_heap_root (c->heap, i);
    if (r->obj == o && r->type == HS_ROOT_THREAD_OBJECT)
      return TRUE;
  }
  return FALSE;
}

static void
inspect_view (Ctx *c, HsObj o, Report *r)
{
  HsObj parent = HS_OBJ_NONE, root_view = HS_OBJ_NONE, ctx = HS_OBJ_NONE, act;
  guint64 attach_id = 0;
  gboolean have_attach = read_obj (c, o, "mAttachInfo", &attach_id, NULL);
  gboolean detached = have_attach && attach_id == 0;
  gint64 attach_count = 0;
  gboolean have_count = hs_heap_read_integer (c->heap, o, "mWindowAttachCount", &attach_count);
  gboolean in_hierarchy;

  read_obj (c, o, "mParent", NULL, &parent);
  for (int i = 0; i < 4096 && parent != HS_OBJ_NONE && (obj_cflags (c, parent) & CF_VIEW); i++) {
    HsObj up = HS_OBJ_NONE;
    root_view = parent;
    read_obj (c, parent, "mParent", NULL, &up);
    parent = up;
  }
  in_hierarchy = parent != HS_OBJ_NONE ||
                 (root_view != HS_OBJ_NONE &&
                  g_str_has_suffix (object_class_name (c, root_view), "DecorView"));
  read_obj (c, o, "mContext", NULL, &ctx);
  act = unwrap_activity (c, ctx);
  if (act != HS_OBJ_NONE && read_bool (c, act, "mDestroyed") == 1)
    ADD (r->leaking, "View.mContext references a destroyed activity");
  else if (in_hierarchy && have_count && attach_count > 0) {
    if (detached)
      ADD (r->leaking, "View detached yet still part of window view hierarchy");
    else {
      guint64 root_attach = 1;
      if (root_view != HS_OBJ_NONE && read_obj (c, root_view, "mAttachInfo", &root_attach, NULL) &&
          root_attach == 0)
        ADD (r->leaking, "View attached but root view %s detached (attach disorder)",
             object_class_name (c, root_view));
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

/* LeakCanary's object inspectors, in their spirit: what we can tell about an
 * object's lifecycle from its fields. */
static void
inspect_full (Ctx *c, HsObj o, Report *r, gboolean with_watcher)
{
  HsHeap *heap = c->heap;
  HsKind kind = hs_heap_object_kind (heap, o);
  guint32 f = obj_cflags (c, o);
  gpointer wi;

  /* The watcher's word first, as LeakCanary lists it. */
  wi = with_watcher ? g_hash_table_lookup (c->watch_of, GUINT_TO_POINTER (o)) : NULL;
  if (wi) {
    Watched *w = &g_array_index (c->watched, Watched, GPOINTER_TO_UINT (wi) - 1);
    if (w->description && *w->description)
      ADD (r->leaking, "ObjectWatcher was watching this because %s", w->description);
    else
      ADD (r->leaking, "ObjectWatcher was watching this");
  }
  if (kind == HS_KIND_CLASS) {
    ADD (r->not_leaking, "a class is never leaking");
    return;
  }
  if (kind != HS_KIND_INSTANCE)
    return;

  if (f & CF_CLASSLOADER)
    ADD (r->not_leaking, "A ClassLoader is never leaking");
  if (f & CF_APPLICATION)
    ADD (r->not_leaking, "Application is a singleton");
  if (f & CF_IMM)
    ADD (r->not_leaking, "InputMethodManager is a singleton");
  if (f & CF_THREAD) {
    g_autofree char *name = thread_name (c, o);
    if (name)
      ADD (r->labels, "Thread name: '%s'", name);
    if (name && strcmp (name, "main") == 0)
      ADD (r->not_leaking, "the main thread always runs");
    else if (is_thread_object_root (c, o))
      ADD (r->not_leaking, "the thread is running: it is a GC root");
  }
  if (f & CF_ACTIVITY) {
    int d = read_bool (c, o, "mDestroyed");
    if (d == 1)
      ADD (r->leaking, "Activity#mDestroyed is true");
    else if (d == 0)
      ADD (r->not_leaking, "Activity#mDestroyed is false");
    else if (read_bool (c, o, "mFinished") == 1)
      ADD (r->leaking, "Activity#mFinished is true");
  }
  if (f & CF_SERVICE) {
    int held = service_held (c, o);
    if (held == 1)
      ADD (r->not_leaking, "Service held by ActivityThread");
    else if (held == 0)
      ADD (r->leaking, "Service not held by ActivityThread");
  }
  if (f & (CF_FRAGMENT | CF_SUPPORT_FRAGMENT | CF_ANDROIDX_FRAGMENT)) {
    guint64 fm = 0;
    if (read_obj (c, o, "mFragmentManager", &fm, NULL)) {
      if (fm == 0)
        ADD (r->leaking, "Fragment#mFragmentManager is null");
      else
        ADD (r->not_leaking, "Fragment#mFragmentManager is not null");
    }
    {
      g_autofree char *tag = read_string_field (c, o, "mTag", 80);
      if (tag && *tag)
        ADD (r->labels, "Fragment.mTag=%s", tag);
    }
  }
  if (f & CF_VIEW)
    inspect_view (c, o, r);
  if (f & CF_WINDOW) {
    int d = read_bool (c, o, "mDestroyed");
    if (d == 1)
      ADD (r->leaking, "Window#mDestroyed is true");
    else if (d == 0)
      ADD (r->not_leaking, "Window#mDestroyed is false");
  }
  if (f & CF_DIALOG) {
    guint64 decor = 0;
    if (read_obj (c, o, "mDecor", &decor, NULL))
      ADD (r->labels, "Dialog#mDecor is %s", decor ? "not null" : "null");
  }
  if ((f & CF_CONTEXT_WRAPPER) && !(f & (CF_ACTIVITY | CF_APPLICATION | CF_SERVICE))) {
    HsObj base = HS_OBJ_NONE, act;
    const char *sn = simple_name (object_class_name (c, o));
    read_obj (c, o, "mBase", NULL, &base);
    act = unwrap_activity (c, base);
    if (act != HS_OBJ_NONE) {
      int d = read_bool (c, act, "mDestroyed");
      if (d == 1)
        ADD (r->leaking, "%s wraps an Activity with Activity.mDestroyed true", sn);
      else if (d == 0)
        ADD (r->labels, "%s wraps an Activity with Activity.mDestroyed false", sn);
    }
  }
  if (f & CF_MESSAGE_QUEUE) {
    int q = read_bool (c, o, "mQuitting");
    if (q == 1)
      ADD (r->leaking, "MessageQueue#mQuitting is true");
    else if (q == 0)
      ADD (r->not_leaking, "MessageQueue#mQuitting is false");
  }
  {
    /* Anonymous classes: Outer$1 */
    const char *cn = object_class_name (c, o);
    const char *dollar = strrchr (cn, '$');
    if (dollar && g_ascii_isdigit (dollar[1])) {
      HsClass sup = hs_class_super (heap, obj_class (c, o));
      const char *sn = sup == HS_CLASS_NONE ? NULL : cname (heap, sup);
      if (sn && strcmp (sn, "java.lang.Object") != 0)
        ADD (r->labels, "Anonymous subclass of %s", sn);
      else
        ADD (r->labels, "Anonymous class");
    }
  }

}

static void
inspect (Ctx *c, HsObj o, Report *r)
{
  inspect_full (c, o, r, TRUE);
}

/* The inspectors' leaking verdict for "heap analysis without watcher". */
static gboolean
inspector_says_leaking (Ctx *c, HsObj o, guint32 f)
{
  if (f & CF_ACTIVITY)
    return read_bool (c, o, "mDestroyed") == 1;
  if (f & (CF_FRAGMENT | CF_SUPPORT_FRAGMENT | CF_ANDROIDX_FRAGMENT)) {
    guint64 fm = 1;
    return read_obj (c, o, "mFragmentManager", &fm, NULL) && fm == 0;
  }
  if (f & CF_WINDOW)
    return read_bool (c, o, "mDestroyed") == 1;
  if (f & (CF_VIEW | CF_SERVICE | CF_CONTEXT_WRAPPER)) {
    Report r;
    gboolean yes;
    if (f & CF_APPLICATION)
      return FALSE;
    report_init (&r);
    inspect_full (c, o, &r, FALSE); /* the inspectors' own reasons only */
    yes = r.leaking->len > 0 && r.not_leaking->len == 0;
    report_clear (&r);
    return yes;
  }
  return FALSE;
}

static void
find_inspector_leaks (Ctx *c)
{
  const guint32 interesting = CF_ACTIVITY | CF_FRAGMENT | CF_SUPPORT_FRAGMENT |
                              CF_ANDROIDX_FRAGMENT | CF_WINDOW | CF_VIEW | CF_SERVICE |
                              CF_CONTEXT_WRAPPER;
  for (guint64 o = 0; o < c->n; o++) {
    guint32 f = obj_cflags (c, (HsObj) o);
    if (!(f & interesting) || (c->state[o] & F_LEAKING))
      continue;
    if (inspector_says_leaking (c, (HsObj) o, f)) {
      HsObj x = (HsObj) o;
      c->state[o] |= F_LEAKING;
      g_array_append_val (c->leaking, x);
    }
  }
}

/* ---- the search -------------------------------------------------------------------- */

/* Shark's enqueue: a node already queued normally or visited keeps its path; a
 * node waiting in the visit-last queue moves to the normal queue when a
 * normal path shows up. Returns TRUE if (re)queued. */
static gboolean
enqueue (Ctx *c, HsObj child, HsObj parent, guint8 flags, gboolean last, const HsMatcher *lib)
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
  if (lib) {
    st |= F_LIBRARY;
    g_hash_table_insert (c->lib_of, GUINT_TO_POINTER (child), (gpointer) lib);
  }
  c->state[child] = st;
  c->parent[child] = parent;
  queue_push (last ? &c->q2 : &c->q1, child);
  return TRUE;
}

static gboolean
root_type_is_weak (guint8 type)
{
  switch (type) {
  case HS_ROOT_THREAD_OBJECT:   /* Shark: thread fields held locals on Lollipop */
  case HS_ROOT_JAVA_FRAME:      /* locals of an unknown thread */
  case HS_ROOT_INTERNED_STRING:
  case HS_ROOT_FINALIZING:
  case HS_ROOT_DEBUGGER:
  case HS_ROOT_REFERENCE_CLEANUP:
  case HS_ROOT_VM_INTERNAL:
  case HS_ROOT_UNKNOWN:
  case HS_ROOT_UNREACHABLE:
    return TRUE;
  default:
    return FALSE;
  }
}

static void
enqueue_roots (Ctx *c)
{
  HsHeap *heap = c->heap;
  gsize n = hs_heap_n_roots (heap);
  GHashTable *local_by_thread = g_hash_table_new (g_direct_hash, g_direct_equal);

  for (gsize i = 0; i < n; i++) {
    const HsRoot *r = hs_heap_root (heap, i);
    const HsMatcher *m = NULL;
    if (r->obj == HS_OBJ_NONE || r->obj >= c->n)
      continue;
    if (r->type == HS_ROOT_JAVA_FRAME && r->thread_obj != HS_OBJ_NONE && r->thread_obj < c->n &&
        r->thread_obj != r->obj) {
      /* A local of a known thread: path thread -> <Java Local> -> object. */
      gpointer cached;
      if (g_hash_table_lookup_extended (local_by_thread, GUINT_TO_POINTER (r->thread_obj), NULL, &cached)) {
        m = cached;
      } else {
        g_autofree char *name = thread_name (c, r->thread_obj);
        m = name ? g_hash_table_lookup (c->local_match, name) : NULL;
        g_hash_table_insert (local_by_thread, GUINT_TO_POINTER (r->thread_obj), (gpointer) m);
      }
      if (m && m->ignored)
        continue;
      enqueue (c, r->obj, r->thread_obj, F_LOCAL, TRUE, m);
      continue;
    }
    if (r->type == HS_ROOT_JNI_GLOBAL && g_hash_table_size (c->jni_match) > 0) {
      m = match_jni_global (c, r->obj);
      if (m && m->ignored)
        continue;
    }
    if (enqueue (c, r->obj, HS_OBJ_NONE, F_ROOT, m != NULL || root_type_is_weak (r->type), m))
      g_hash_table_insert (c->root_rec, GUINT_TO_POINTER (r->obj), GSIZE_TO_POINTER (i + 1));
  }
  g_hash_table_unref (local_by_thread);
}

typedef struct {
  Ctx *c;
  HsObj from;
} ExpandData;

static gboolean
expand_named_cb (const HsNamedRef *r, gpointer user_data)
{
  ExpandData *d = user_data;
  const HsMatcher *lib = NULL;
  if (r->target == HS_OBJ_NONE || r->target >= d->c->n)
    return TRUE;
  if (!ref_followable (d->c, d->from, r, &lib))
    return TRUE;
  enqueue (d->c, r->target, d->from, 0, lib != NULL, lib);
  return TRUE;
}

static void
expand (Ctx *c, HsObj o)
{
  HsHeap *heap = c->heap;
  HsKind kind = obj_kind (c, o);
  HsClass k;
  if (kind == HS_KIND_PRIM_ARRAY)
    return;
  k = kind == HS_KIND_CLASS ? HS_CLASS_NONE : obj_class (c, o);
  if (k != HS_CLASS_NONE && k >= c->n_classes)
    k = HS_CLASS_NONE;
  if (kind == HS_KIND_CLASS ||
      (kind == HS_KIND_INSTANCE && k != HS_CLASS_NONE && (c->cflags[k] & CF_NAMED))) {
    ExpandData d = { c, o };
    hs_heap_foreach_ref (heap, o, expand_named_cb, &d);
    return;
  }
  {
    /* The CSR holds every field/element value plus the edge to the object's
     * class object, which LeakCanary does not follow. Hot loop: raw CSR,
     * and the common "already seen" case decided without a call. */
    const guint64 from = c->ref_offsets[o], to = c->ref_offsets[o + 1];
    const HsObj *targets = c->ref_targets;
    HsObj cls = k == HS_CLASS_NONE ? HS_OBJ_NONE : c->class_obj_of[k];
    for (guint64 e = from; e < to; e++) {
      HsObj t = targets[e];
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

static gboolean
run_search (Ctx *c, HsProgressFunc progress, gpointer progress_data,
            GCancellable *cancellable, GError **error)
{
  guint64 visited = 0;
  guint64 total = c->dom ? MAX (c->dom->n_reachable, 1) : MAX (c->n, 1);

  /* Primitive arrays, Strings and instances without object fields lead
   * nowhere (LeakCanary skips them too): mark them visited up front (one
   * pass in index order) so that the search never queues them. The search can stop
   * once it has found every leaking object the heap says is reachable. */
  for (guint64 o = 0; o < c->n; o++) {
    HsKind kind;
    if (c->state[o] & F_LEAKING)
      continue;
    kind = obj_kind (c, (HsObj) o);
    if (kind == HS_KIND_PRIM_ARRAY || (kind == HS_KIND_INSTANCE && (obj_cflags (c, (HsObj) o) & CF_LEAF)))
      c->state[o] = ST_DONE;
  }
  c->n_reachable_leaking = 0;
  for (guint i = 0; i < c->leaking->len; i++)
    if (!hs_heap_reachability_known (c->heap) ||
        hs_heap_object_reachable (c->heap, g_array_index (c->leaking, HsObj, i)))
      c->n_reachable_leaking++; /* unknown yet (run beside the dominators): walk it all */

  enqueue_roots (c);
  while (c->n_found < c->n_reachable_leaking) {
    HsObj o;
    if (c->q1.head < c->q1.len) {
      o = c->q1.items[c->q1.head++];
      if ((c->state[o] & ST_MASK) != ST_Q1)
        continue;
    } else if (c->q2.head < c->q2.len) {
      o = c->q2.items[c->q2.head++];
      if ((c->state[o] & ST_MASK) != ST_Q2)
        continue; /* moved to the normal queue since */
    } else
      break;
    c->state[o] = (c->state[o] & ~ST_MASK) | ST_DONE;
    if ((++visited & 0xFFFF) == 0) {
      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (progress)
        progress ("paths", MIN (1.0, (double) visited / (double) total), progress_data);
    }
    if (c->state[o] & F_LEAKING) {
      c->state[o] |= F_FOUND;
      c->n_found++;
      continue; /* leaking objects are leaves */
    }
    expand (c, o);
  }
  return TRUE;
}

/* Leaking objects the search did not reach: continue from the found ones
 * (still never entering what the search visited) to see which of them sit
 * behind a found one. Parents are recorded as before, so the owner is the
 * first found leaking object up the parent chain. */
static void
search_behind (Ctx *c, GCancellable *cancellable)
{
  Queue q = { 0 };
  guint64 steps = 0;
  for (guint i = 0; i < c->leaking->len; i++) {
    HsObj l = g_array_index (c->leaking, HsObj, i);
    if (c->state[l] & F_FOUND)
      queue_push (&q, l);
  }
  while (q.head < q.len) {
    HsObj o = q.items[q.head++];
    gsize n = 0;
    const HsObj *refs;
    HsClass k;
    HsObj cls;
    if ((++steps & 0xFFFF) == 0 && g_cancellable_is_cancelled (cancellable))
      break;
    if (obj_kind (c, o) == HS_KIND_PRIM_ARRAY)
      continue;
    refs = hs_heap_refs (c->heap, o, &n);
    k = obj_kind (c, o) == HS_KIND_CLASS ? HS_CLASS_NONE : obj_class (c, o);
    cls = k == HS_CLASS_NONE || k >= c->n_classes ? HS_OBJ_NONE : c->class_obj_of[k];
    for (gsize i = 0; i < n; i++) {
      HsObj t = refs[i];
      if (t == cls || t >= c->n || (c->state[t] & ST_MASK) != ST_UNSEEN)
        continue;
      c->state[t] = (c->state[t] & ~ST_MASK) | ST_DONE;
      c->parent[t] = o;
      if (c->state[t] & F_LEAKING)
        c->state[t] |= F_BEHIND;
      queue_push (&q, t);
    }
  }
  g_free (q.items);
}

/* ---- building traces ------------------------------------------------------------------ */

static const char *
root_description (guint8 type)
{
  /* LeakCanary's wording for the GC root line. */
  switch (type) {
  case HS_ROOT_JNI_GLOBAL: return "Global variable in native code";
  case HS_ROOT_JNI_LOCAL: return "Local variable in native code";
  case HS_ROOT_JAVA_FRAME: return "Java local variable";
  case HS_ROOT_NATIVE_STACK: return "Input or output parameters in native code";
  case HS_ROOT_STICKY_CLASS: return "System class";
  case HS_ROOT_THREAD_BLOCK: return "Thread block";
  case HS_ROOT_MONITOR_USED: return "Monitor (anything that called the wait() or notify() methods, or that is synchronized.)";
  case HS_ROOT_THREAD_OBJECT: return "Thread object";
  case HS_ROOT_JNI_MONITOR: return "Root JNI monitor";
  default: return hs_root_type_name (type);
  }
}

typedef struct {
  Ctx *c;
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
  if (!d->found_any && r->kind != HS_REF_CLASS && r->kind != HS_REF_SUPER && r->kind != HS_REF_LOADER) {
    d->any = *r;
    d->found_any = TRUE;
  }
  if (!ref_followable (d->c, d->from, r, &lib))
    return TRUE;
  if (lib == d->want_lib) {
    d->best = *r;
    d->found = TRUE;
    return FALSE;
  }
  return TRUE;
}

static void
leak_node_free (gpointer p)
{
  HsLeakNode *n = p;
  g_free (n->class_name);
  g_free (n->description);
  if (n->reasons)
    g_ptr_array_unref (n->reasons);
  g_free (n->ref_name);
  g_free (n->ref_owner_class);
  g_free (n);
}

static void
leak_trace_free (gpointer p)
{
  HsLeakTrace *t = p;
  if (t == NULL)
    return;
  extra_unregister (t);
  g_free (t->root_thread_name);
  if (t->nodes)
    g_ptr_array_unref (t->nodes);
  g_free (t->key);
  g_free (t->watch_description);
  if (t->also_leaking)
    g_array_unref (t->also_leaking);
  g_free (t->signature);
  g_free (t);
}

static void
leak_group_free (gpointer p)
{
  HsLeakGroup *g = p;
  g_free (g->description);
  g_free (g->library_pattern);
  if (g->traces)
    g_ptr_array_unref (g->traces);
  g_free (g);
}

static char *
join_reasons (GPtrArray *a)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < a->len; i++) {
    if (i)
      g_string_append (s, " and ");
    g_string_append (s, g_ptr_array_index (a, i));
  }
  return g_string_free (s, FALSE);
}

/* Shark's status resolution and propagation over the path. status[] and
 * reason[] are filled; reasons own their strings. */
static void
compute_statuses (Report *reps, guint n, const char **simple, HsLeaking *status, char **reason)
{
  gint last_no = -1;
  guint last = n - 1, first_yes = n - 1;

  for (guint i = 0; i < n; i++) {
    HsLeaking st = HS_LEAKING_UNKNOWN;
    char *why = g_strdup ("");
    if (reps[i].not_leaking->len > 0) {
      st = HS_LEAKING_NO;
      g_free (why);
      why = join_reasons (reps[i].not_leaking);
    }
    if (reps[i].leaking->len > 0) {
      g_autofree char *yes = join_reasons (reps[i].leaking);
      if (st == HS_LEAKING_NO) {
        char *w;
        if (i == last) {
          st = HS_LEAKING_YES;
          w = g_strdup_printf ("%s. Conflicts with %s", yes, why);
        } else
          w = g_strdup_printf ("%s. Conflicts with %s", why, yes);
        g_free (why);
        why = w;
      } else {
        st = HS_LEAKING_YES;
        g_free (why);
        why = g_strdup (yes);
      }
    }
    if (i == last) {
      if (st == HS_LEAKING_UNKNOWN) {
        g_free (why);
        why = g_strdup ("This is the leaking object");
      } else if (st == HS_LEAKING_NO) {
        char *w = g_strdup_printf ("This is the leaking object. Conflicts with %s", why);
        g_free (why);
        why = w;
      }
      st = HS_LEAKING_YES;
    }
    status[i] = st;
    reason[i] = why;
    if (st == HS_LEAKING_NO) {
      last_no = i;
      first_yes = last;
    } else if (st == HS_LEAKING_YES && first_yes == last)
      first_yes = i;
  }
  /* Everything before the last NO is not leaking either; the reason names
   * the next node that was NO on its own (walked backwards: linear even on
   * paths of millions of nodes). */
  for (gint i = last_no - 1, nxt = last_no; i >= 0; i--) {
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
  if (first_yes + 1 < last) {
    /* the previous node that was YES on its own, walking forwards */
    guint prev = first_yes;
    for (guint i = first_yes + 1; i < last; i++) {
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
describe_node (Ctx *c, HsObj o, guint32 f)
{
  HsKind kind = obj_kind (c, o);
  if (kind == HS_KIND_CLASS)
    return NULL;
  if (f & CF_THREAD) {
    g_autofree char *name = thread_name (c, o);
    return name ? g_strdup (name) : NULL;
  }
  return hs_heap_describe (c->heap, o);
}

/* Builds the trace for leaking object l. lib_out: the library matcher. */
static HsLeakTrace *
build_trace (Ctx *c, HsObj l, const HsMatcher **lib_out)
{
  HsHeap *heap = c->heap;
  g_autoptr(GArray) path = g_array_new (FALSE, FALSE, sizeof (HsObj));
  gboolean local = FALSE;
  HsObj x = l;
  const HsMatcher *lib = NULL;
  HsLeakTrace *t;
  TraceExtra *ex;
  Report *reps;
  const char **simple;
  HsLeaking *status;
  char **reason;
  guint n;
  gpointer wi;

  for (guint64 guard = 0; guard <= c->n; guard++) {
    g_array_append_val (path, x);
    if (c->state[x] & F_LIBRARY)
      lib = g_hash_table_lookup (c->lib_of, GUINT_TO_POINTER (x));
    if (c->state[x] & F_LOCAL) {
      HsObj th = c->parent[x];
      g_array_append_val (path, th);
      local = TRUE;
      break;
    }
    if ((c->state[x] & F_ROOT) || c->parent[x] == HS_OBJ_NONE)
      break;
    x = c->parent[x];
  }
  /* reverse: root first */
  for (guint i = 0; i < path->len / 2; i++) {
    HsObj tmp = g_array_index (path, HsObj, i);
    g_array_index (path, HsObj, i) = g_array_index (path, HsObj, path->len - 1 - i);
    g_array_index (path, HsObj, path->len - 1 - i) = tmp;
  }
  n = path->len;
  *lib_out = lib;

  t = g_new0 (HsLeakTrace, 1);
  ex = g_new0 (TraceExtra, 1);
  ex->n_nodes = n;
  ex->node_ids = g_new0 (guint64, n);
  ex->labels = g_new0 (GPtrArray *, n);
  ex->node_retained = g_new (guint64, n);
  ex->node_retained_count = g_new (guint64, n);
  t->nodes = g_ptr_array_new_with_free_func (leak_node_free);
  t->leaking_obj = l;
  t->also_leaking = g_array_new (FALSE, FALSE, sizeof (HsObj));
  t->retained_duration_ms = -1;
  t->watch_duration_ms = -1;
  if (local) {
    t->root_type = HS_ROOT_JAVA_FRAME;
    t->root_thread_name = thread_name (c, g_array_index (path, HsObj, 0));
  } else {
    gsize rec = GPOINTER_TO_SIZE (g_hash_table_lookup (c->root_rec, GUINT_TO_POINTER (g_array_index (path, HsObj, 0))));
    t->root_type = HS_ROOT_UNKNOWN;
    if (rec > 0) {
      const HsRoot *r = hs_heap_root (heap, rec - 1);
      t->root_type = r->type;
      if (r->thread_serial)
        t->root_thread_name = hs_heap_thread_name (heap, r->thread_serial);
    }
  }
  ex->root_desc = g_strdup (root_description (t->root_type));

  reps = g_new0 (Report, n);
  simple = g_new0 (const char *, n);
  status = g_new0 (HsLeaking, n);
  reason = g_new0 (char *, n);
  for (guint i = 0; i < n; i++) {
    HsObj o = g_array_index (path, HsObj, i);
    HsLeakNode *node = g_new0 (HsLeakNode, 1);
    guint32 f = obj_cflags (c, o);
    node->obj = o;
    node->is_class = hs_heap_object_kind (heap, o) == HS_KIND_CLASS;
    node->class_name = g_strdup (object_class_name (c, o));
    node->description = describe_node (c, o, f);
    simple[i] = simple_name (node->class_name);
    ex->node_ids[i] = hs_heap_object_id (heap, o);
    report_init (&reps[i]);
    inspect (c, o, &reps[i]);
    g_ptr_array_add (t->nodes, node);
    if (i + 1 < n) {
      HsObj next = g_array_index (path, HsObj, i + 1);
      if (local && i == 0) {
        node->ref_kind = HS_PATH_REF_LOCAL;
        node->ref_owner_class = g_strdup (node->class_name);
      } else {
        NameData d = { c, o, next, NULL, FALSE, FALSE };
        d.want_lib = (c->state[next] & F_LIBRARY) ? g_hash_table_lookup (c->lib_of, GUINT_TO_POINTER (next)) : NULL;
        hs_heap_foreach_ref (heap, o, name_cb, &d);
        {
          const HsNamedRef *r = d.found ? &d.best : d.found_any ? &d.any : NULL;
          if (r == NULL) {
            node->ref_kind = HS_PATH_REF_FIELD;
            node->ref_name = g_strdup ("<unknown>");
            node->ref_owner_class = g_strdup (node->class_name);
          } else if (r->kind == HS_REF_ELEMENT) {
            node->ref_kind = HS_PATH_REF_ELEMENT;
            node->ref_index = r->index;
            node->ref_owner_class = g_strdup (node->class_name);
          } else if (r->kind == HS_REF_STATIC) {
            node->ref_kind = HS_PATH_REF_STATIC;
            node->ref_name = g_strdup (r->name);
            node->ref_owner_class = g_strdup (node->class_name);
          } else {
            node->ref_kind = HS_PATH_REF_FIELD;
            node->ref_name = g_strdup (r->name ? r->name : "<unknown>");
            node->ref_owner_class = g_strdup (r->declared_in != HS_CLASS_NONE
                                              ? cname (heap, r->declared_in)
                                              : node->class_name);
          }
        }
      }
    }
  }
  compute_statuses (reps, n, simple, status, reason);
  for (guint i = 0; i < n; i++) {
    HsLeakNode *node = g_ptr_array_index (t->nodes, i);
    HsObj o = node->obj;
    node->leaking = status[i];
    node->reasons = g_ptr_array_new_with_free_func (g_free);
    if (reason[i] && *reason[i])
      g_ptr_array_add (node->reasons, reason[i]);
    else
      g_free (reason[i]);
    ex->labels[i] = g_ptr_array_ref (reps[i].labels);
    ex->node_retained[i] = G_MAXUINT64;
    ex->node_retained_count[i] = G_MAXUINT64;
    if (status[i] == HS_LEAKING_YES && c->dom && o < c->dom->n && c->dom->idom[o] != HS_OBJ_NONE) {
      ex->node_retained[i] = c->dom->retained[o];
      ex->node_retained_count[i] = c->dom->retained_count[o];
    }
    report_clear (&reps[i]);
  }
  for (guint i = 0; i + 1 < n; i++) {
    HsLeakNode *node = g_ptr_array_index (t->nodes, i);
    HsLeakNode *next = g_ptr_array_index (t->nodes, i + 1);
    node->suspect = node->leaking == HS_LEAKING_UNKNOWN ||
                    (node->leaking == HS_LEAKING_NO && next->leaking != HS_LEAKING_NO);
  }
  g_free (reps);
  g_free (simple);
  g_free (status);
  g_free (reason);

  if (c->dom && l < c->dom->n && c->dom->idom[l] != HS_OBJ_NONE) {
    t->retained_bytes = c->dom->retained[l];
    t->retained_count = c->dom->retained_count[l];
  }
  wi = g_hash_table_lookup (c->watch_of, GUINT_TO_POINTER (l));
  if (wi) {
    Watched *w = &g_array_index (c->watched, Watched, GPOINTER_TO_UINT (wi) - 1);
    t->key = g_strdup (w->key);
    t->watch_description = g_strdup (w->description);
    t->retained_duration_ms = w->retained_ms;
    t->watch_duration_ms = w->watch_ms;
  }
  ex->also_ids = g_array_new (FALSE, FALSE, sizeof (guint64));
  ex->also_desc = g_ptr_array_new_with_free_func (g_free);
  extra_register (t, ex);
  return t;
}

/* "Class.field" strings of the suspect references, SHA-1, hex. */
static char *
trace_fingerprint (const HsLeakTrace *t, char **short_desc)
{
  g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA1);
  char *first = NULL;
  guint n = t->nodes->len;
  for (guint i = 0; i + 1 < n; i++) {
    HsLeakNode *node = g_ptr_array_index (t->nodes, i);
    g_autofree char *s = NULL;
    if (!node->suspect)
      continue;
    switch (node->ref_kind) {
    case HS_PATH_REF_ELEMENT:
      s = g_strdup_printf ("%s[x]", node->class_name);
      break;
    case HS_PATH_REF_LOCAL:
      s = g_strdup_printf ("%s.<Java Local>", node->class_name);
      break;
    default:
      s = g_strdup_printf ("%s.%s", node->class_name, node->ref_name ? node->ref_name : "");
      break;
    }
    g_checksum_update (sum, (const guchar *) s, -1);
    if (first == NULL) {
      const char *sn = simple_name (node->class_name);
      if (node->ref_kind == HS_PATH_REF_ELEMENT)
        first = g_strdup_printf ("%s[x]", sn);
      else if (node->ref_kind == HS_PATH_REF_LOCAL)
        first = g_strdup_printf ("%s.<Java Local>", sn);
      else
        first = g_strdup_printf ("%s.%s", sn, node->ref_name ? node->ref_name : "");
    }
  }
  if (first == NULL) {
    /* No reference to suspect (the leaking object is itself a root). */
    HsLeakNode *last = g_ptr_array_index (t->nodes, n - 1);
    g_checksum_update (sum, (const guchar *) last->class_name, -1);
    first = g_strdup (last->class_name);
  }
  *short_desc = first;
  return g_strdup (g_checksum_get_string (sum));
}

static guint64
group_retained (const HsLeakGroup *g)
{
  guint64 s = 0;
  for (guint i = 0; i < g->traces->len; i++)
    s += ((HsLeakTrace *) g_ptr_array_index (g->traces, i))->retained_bytes;
  return s;
}

static gint
cmp_traces (gconstpointer a, gconstpointer b)
{
  const HsLeakTrace *x = *(HsLeakTrace * const *) a, *y = *(HsLeakTrace * const *) b;
  if (x->nodes->len != y->nodes->len)
    return x->nodes->len < y->nodes->len ? -1 : 1;
  if (x->retained_bytes != y->retained_bytes)
    return x->retained_bytes > y->retained_bytes ? -1 : 1;
  return x->leaking_obj < y->leaking_obj ? -1 : x->leaking_obj > y->leaking_obj;
}

static gint
cmp_groups (gconstpointer a, gconstpointer b)
{
  const HsLeakGroup *x = *(HsLeakGroup * const *) a, *y = *(HsLeakGroup * const *) b;
  guint64 rx = group_retained (x), ry = group_retained (y);
  if (rx != ry)
    return rx > ry ? -1 : 1;
  return strcmp (x->fingerprint, y->fingerprint);
}

static int
read_api_level (HsHeap *heap, char **manufacturer)
{
  HsValue val;
  int level = hs_heap_is_android (heap) || hs_heap_find_class (heap, "android.os.Build$VERSION") != HS_CLASS_NONE ? 0 : -1;
  *manufacturer = NULL;
  if (hs_heap_read_static (heap, "android.os.Build$VERSION", "SDK_INT", &val) &&
      val.type == HS_TYPE_INT && val.i > 0 && val.i < 10000)
    level = val.i;
  if (hs_heap_read_static (heap, "android.os.Build", "MANUFACTURER", &val) &&
      val.type == HS_TYPE_OBJECT && val.id) {
    HsObj s = hs_heap_find (heap, val.id);
    if (s != HS_OBJ_NONE)
      *manufacturer = hs_heap_read_string (heap, s, 64);
  }
  return level;
}

static void
ctx_clear (Ctx *c)
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
}

HsLeakReport *
hs_leaks_find (HsHeap              *heap,
               const HsDomTree     *dom,
               const HsLeakOptions *opts,
               HsProgressFunc       progress,
               gpointer             progress_data,
               GCancellable        *cancellable,
               GError             **error)
{
  static const HsLeakOptions defaults = { 0 };
  Ctx c = { 0 };
  HsLeakReport *report;
  GHashTable *groups;
  g_autoptr(GPtrArray) traces = NULL;

  g_return_val_if_fail (heap != NULL, NULL);
  if (opts == NULL)
    opts = &defaults;
  c.heap = heap;
  c.dom = dom;
  c.opts = opts;
  c.n = hs_heap_n_objects (heap);
  c.ref_offsets = hs_heap_ref_offsets (heap);
  c.ref_targets = hs_heap_ref_targets (heap);
  c.flags = heap->flags;
  c.klass = heap->klass;
  if (dom && dom->n != c.n)
    c.dom = NULL; /* not this heap's tree: no sizes rather than wrong ones */
  c.table = hs_matchers_load (opts->matchers_path, error);
  if (c.table == NULL)
    return NULL;
  c.api_level = read_api_level (heap, &c.manufacturer);
  if (opts->api_level > 0)
    c.api_level = opts->api_level;
  load_matchers (&c);
  compute_class_facts (&c);
  c.parent = hs_mem_try_alloc (sizeof (HsObj) * MAX (c.n, 1));
  c.state = hs_mem_try_alloc0 (MAX (c.n, 1));
  if (c.parent == NULL || c.state == NULL) {
    g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                 "Not enough memory for the leak search (%" G_GUINT64_FORMAT " bytes)",
                 c.n * (sizeof (HsObj) + 1));
    ctx_clear (&c);
    return NULL;
  }
  c.lib_of = g_hash_table_new (g_direct_hash, g_direct_equal);
  c.root_rec = g_hash_table_new (g_direct_hash, g_direct_equal);
  c.watched = g_array_new (FALSE, TRUE, sizeof (Watched));
  g_array_set_clear_func (c.watched, watched_clear);
  c.watch_of = g_hash_table_new (g_direct_hash, g_direct_equal);
  c.leaking = g_array_new (FALSE, FALSE, sizeof (HsObj));

  if (progress)
    progress ("leaks", 0.0, progress_data);
  find_watched (&c);
  if (opts->android_inspectors_as_leaks)
    find_inspector_leaks (&c);

  report = g_new0 (HsLeakReport, 1);
  report->application_leaks = g_ptr_array_new_with_free_func (leak_group_free);
  report->library_leaks = g_ptr_array_new_with_free_func (leak_group_free);
  report->unreachable_leaking = g_ptr_array_new_with_free_func (g_free);
  report->n_watched = c.watched->len;

  if (c.leaking->len > 0) {
    if (!run_search (&c, progress, progress_data, cancellable, error)) {
      hs_leak_report_free (report);
      ctx_clear (&c);
      return NULL;
    }
    if (c.n_found < c.n_reachable_leaking)
      search_behind (&c, cancellable);
  }
  /* Leaking objects that something keeps alive: those with a path and those
   * behind them. The others (unreachable: only weak/soft references, or only
   * ignored references) are listed in unreachable_leaking. */
  for (guint i = 0; i < c.leaking->len; i++)
    if (c.state[g_array_index (c.leaking, HsObj, i)] & (F_FOUND | F_BEHIND))
      report->n_leaking_objects++;

  /* One trace per leaking object the search reached. */
  traces = g_ptr_array_new ();
  groups = g_hash_table_new (g_str_hash, g_str_equal);
  {
    GHashTable *trace_of = g_hash_table_new (g_direct_hash, g_direct_equal);
    for (guint i = 0; i < c.leaking->len; i++) {
      HsObj l = g_array_index (c.leaking, HsObj, i);
      const HsMatcher *lib = NULL;
      HsLeakTrace *t;
      g_autofree char *desc = NULL;
      HsLeakGroup *g;
      char key[64];

      if (!(c.state[l] & F_FOUND))
        continue;
      if (g_cancellable_set_error_if_cancelled (cancellable, error)) {
        g_hash_table_unref (trace_of);
        g_hash_table_unref (groups);
        hs_leak_report_free (report);
        ctx_clear (&c);
        return NULL;
      }
      t = build_trace (&c, l, &lib);
      g_hash_table_insert (trace_of, GUINT_TO_POINTER (l), t);
      if (lib) {
        g_autoptr(GChecksum) sum = g_checksum_new (G_CHECKSUM_SHA1);
        g_checksum_update (sum, (const guchar *) lib->pattern, -1);
        t->signature = g_strdup (g_checksum_get_string (sum));
        desc = g_strdup (lib->description);
      } else
        t->signature = trace_fingerprint (t, &desc);
      g_snprintf (key, sizeof key, "%c%s", lib ? 'L' : 'A', t->signature);
      g = g_hash_table_lookup (groups, key);
      if (g == NULL) {
        g = g_new0 (HsLeakGroup, 1);
        g_strlcpy (g->fingerprint, t->signature, sizeof g->fingerprint);
        g->description = g_steal_pointer (&desc);
        g->library = lib != NULL;
        g->library_pattern = lib ? g_strdup (lib->pattern) : NULL;
        g->traces = g_ptr_array_new_with_free_func (leak_trace_free);
        g_ptr_array_add (lib ? report->library_leaks : report->application_leaks, g);
        g_hash_table_insert (groups, g_strdup (key), g);
      }
      g_ptr_array_add (g->traces, t);
    }

    /* Leaking objects behind others, and those with no path at all. */
    for (guint i = 0; i < c.leaking->len; i++) {
      HsObj l = g_array_index (c.leaking, HsObj, i);
      gpointer wi = g_hash_table_lookup (c.watch_of, GUINT_TO_POINTER (l));
      Watched *w = wi ? &g_array_index (c.watched, Watched, GPOINTER_TO_UINT (wi) - 1) : NULL;
      if (c.state[l] & F_FOUND)
        continue;
      if (c.state[l] & F_BEHIND) {
        HsObj x = c.parent[l];
        HsLeakTrace *owner = NULL;
        for (guint64 guard = 0; guard <= c.n && x != HS_OBJ_NONE; guard++) {
          if (c.state[x] & F_FOUND) {
            owner = g_hash_table_lookup (trace_of, GUINT_TO_POINTER (x));
            break;
          }
          x = c.parent[x];
        }
        if (owner) {
          TraceExtra *ex = extra_lookup (owner);
          guint64 id = hs_heap_object_id (heap, l);
          g_array_append_val (owner->also_leaking, l);
          g_array_append_val (ex->also_ids, id);
          g_ptr_array_add (ex->also_desc, g_strdup_printf ("%s@0x%" G_GINT64_MODIFIER "x",
                                                           object_class_name (&c, l), id));
          continue;
        }
      }
      g_ptr_array_add (report->unreachable_leaking,
                       g_strdup_printf ("%s@0x%" G_GINT64_MODIFIER "x%s%s%s",
                                        object_class_name (&c, l), hs_heap_object_id (heap, l),
                                        w && w->key ? " (key = " : "",
                                        w && w->key ? w->key : "",
                                        w && w->key ? ")" : ""));
    }
    g_hash_table_unref (trace_of);
  }
  {
    GHashTableIter it;
    gpointer k;
    g_hash_table_iter_init (&it, groups);
    while (g_hash_table_iter_next (&it, &k, NULL))
      g_free (k);
    g_hash_table_unref (groups);
  }
  for (guint i = 0; i < report->application_leaks->len; i++)
    g_ptr_array_sort (((HsLeakGroup *) g_ptr_array_index (report->application_leaks, i))->traces, cmp_traces);
  for (guint i = 0; i < report->library_leaks->len; i++)
    g_ptr_array_sort (((HsLeakGroup *) g_ptr_array_index (report->library_leaks, i))->traces, cmp_traces);
  g_ptr_array_sort (report->application_leaks, cmp_groups);
  g_ptr_array_sort (report->library_leaks, cmp_groups);
  if (progress)
    progress ("paths", 1.0, progress_data);
  ctx_clear (&c);
  return report;
}

void
hs_leak_report_free (HsLeakReport *report)
{
  if (report == NULL)
    return;
  g_clear_pointer (&report->application_leaks, g_ptr_array_unref);
  g_clear_pointer (&report->library_leaks, g_ptr_array_unref);
  g_clear_pointer (&report->unreachable_leaking, g_ptr_array_unref);
  g_free (report);
}

/* ---- text -------------------------------------------------------------------------- */

/* Reference label split in the part before the name and the name itself,
 * so the name can be underlined. */
static void
ref_label_parts (const HsLeakNode *node, GString *prefix, GString *name)
{
  const char *owner = simple_name (node->ref_owner_class ? node->ref_owner_class : node->class_name);
  switch (node->ref_kind) {
  case HS_PATH_REF_STATIC:
    g_string_append_printf (prefix, "static %s.", owner);
    g_string_append (name, node->ref_name ? node->ref_name : "");
    break;
  case HS_PATH_REF_FIELD:
    g_string_append_printf (prefix, "%s.", owner);
    g_string_append (name, node->ref_name ? node->ref_name : "");
    break;
  case HS_PATH_REF_ELEMENT:
    g_string_append_printf (prefix, "%s.", owner);
    g_string_append_printf (name, "[%u]", node->ref_index);
    break;
  case HS_PATH_REF_LOCAL:
    g_string_append (name, "<Java Local>");
    break;
  }
}

char *
hs_leak_node_ref_label (const HsLeakNode *node)
{
  GString *p = g_string_new (NULL), *n = g_string_new (NULL);
  g_return_val_if_fail (node != NULL, NULL);
  ref_label_parts (node, p, n);
  g_string_append_len (p, n->str, n->len);
  g_string_free (n, TRUE);
  return g_string_free (p, FALSE);
}

static const char *
node_type_name (const HsLeakNode *node)
{
  if (node->is_class)
    return "class";
  if (node->class_name && g_str_has_suffix (node->class_name, "[]"))
    return "array";
  return "instance";
}

#define ZWSP "\xe2\x80\x8b"

char *
hs_leak_trace_to_text (const HsLeakTrace *trace)
{
  GString *s;
  TraceExtra *ex;
  guint n;

  g_return_val_if_fail (trace != NULL && trace->nodes != NULL, NULL);
  ex = extra_lookup (trace);
  n = trace->nodes->len;
  s = g_string_new ("┬───\n");
  g_string_append_printf (s, "│ GC Root: %s\n",
                          ex ? ex->root_desc : hs_root_type_name (trace->root_type));
  g_string_append (s, "│\n");
  for (guint i = 0; i < n; i++) {
    const HsLeakNode *node = g_ptr_array_index (trace->nodes, i);
    gboolean last = i + 1 == n;
    const char *pre = last ? ZWSP "     " : "│    ";
    g_string_append_printf (s, "%s%s %s\n", last ? "╰→ " : "├─ ",
                            node->class_name ? node->class_name : "?", node_type_name (node));
    g_string_append_printf (s, "%sLeaking: %s", pre, hs_leaking_name (node->leaking));
    if (node->reasons && node->reasons->len > 0) {
      g_string_append (s, " (");
      for (guint r = 0; r < node->reasons->len; r++) {
        if (r)
          g_string_append (s, " and ");
        g_string_append (s, g_ptr_array_index (node->reasons, r));
      }
      g_string_append (s, ")");
    }
    g_string_append_c (s, '\n');
    if (ex && ex->labels[i])
      for (guint l = 0; l < ex->labels[i]->len; l++)
        g_string_append_printf (s, "%s%s\n", pre, (char *) g_ptr_array_index (ex->labels[i], l));
    if (node->description && !(node->class_name && ex && ex->labels[i] && ex->labels[i]->len > 0 &&
                               g_str_has_prefix (g_ptr_array_index (ex->labels[i], 0), "Thread name")))
      g_string_append_printf (s, "%s%s\n", pre, node->description);
    if (last) {
      if (trace->key)
        g_string_append_printf (s, "%skey = %s\n", pre, trace->key);
      if (trace->watch_duration_ms >= 0)
        g_string_append_printf (s, "%swatchDurationMillis = %" G_GINT64_FORMAT "\n", pre,
                                trace->watch_duration_ms);
      if (trace->retained_duration_ms >= 0)
        g_string_append_printf (s, "%sretainedDurationMillis = %" G_GINT64_FORMAT "\n", pre,
                                trace->retained_duration_ms);
    }
    if (last || (ex && ex->node_retained[i] != G_MAXUINT64)) {
      guint64 bytes = last ? trace->retained_bytes : ex->node_retained[i];
      guint64 count = last ? trace->retained_count : ex->node_retained_count[i];
      g_autofree char *sz = hs_format_bytes (bytes);
      g_string_append_printf (s, "%sRetaining %s in %" G_GUINT64_FORMAT " objects\n", pre, sz, count);
    }
    if (last && ex && ex->also_desc)
      for (guint a = 0; a < ex->also_desc->len; a++)
        g_string_append_printf (s, "%sAlso retains leaking object %s\n", pre,
                                (char *) g_ptr_array_index (ex->also_desc, a));
    if (!last) {
      GString *p = g_string_new ("    ↓ "), *nm = g_string_new (NULL);
      ref_label_parts (node, p, nm);
      g_string_append_printf (s, "│%s%s\n", p->str, nm->str);
      if (node->suspect) {
        glong width = g_utf8_strlen (p->str, -1);
        glong under = MAX (g_utf8_strlen (nm->str, -1), 1);
        g_string_append (s, "│");
        for (glong k = 0; k < width; k++)
          g_string_append_c (s, ' ');
        for (glong k = 0; k < under; k++)
          g_string_append_c (s, '~');
        g_string_append_c (s, '\n');
      }
      g_string_free (p, TRUE);
      g_string_free (nm, TRUE);
    }
  }
  /* No trailing newline: callers print traces with their own separators. */
  if (s->len > 0 && s->str[s->len - 1] == '\n')
    g_string_truncate (s, s->len - 1);
  return g_string_free (s, FALSE);
}

/* ---- JSON ---------------------------------------------------------------------------- */

static void
json_strings (GString *out, GPtrArray *a)
{
  g_string_append_c (out, '[');
  for (guint i = 0; a && i < a->len; i++) {
    if (i)
      g_string_append_c (out, ',');
    hs_json_string (out, g_ptr_array_index (a, i));
  }
  g_string_append_c (out, ']');
}

static void
json_maybe_string (GString *out, const char *s)
{
  if (s)
    hs_json_string (out, s);
  else
    g_string_append (out, "null");
}

static const char *
ref_kind_name (HsPathRefKind k)
{
  switch (k) {
  case HS_PATH_REF_STATIC: return "static";
  case HS_PATH_REF_ELEMENT: return "element";
  case HS_PATH_REF_LOCAL: return "local";
  default: return "field";
  }
}

static void
json_trace (GString *out, const HsLeakTrace *t)
{
  TraceExtra *ex = extra_lookup (t);
  guint n = t->nodes->len;
  g_string_append (out, "{\"gc_root\":");
  hs_json_string (out, ex ? ex->root_desc : hs_root_type_name (t->root_type));
  g_string_append (out, ",\"gc_root_type\":");
  hs_json_string (out, hs_root_type_name (t->root_type));
  g_string_append (out, ",\"gc_root_thread\":");
  json_maybe_string (out, t->root_thread_name);
  g_string_append_printf (out, ",\"retained_bytes\":%" G_GUINT64_FORMAT
                          ",\"retained_count\":%" G_GUINT64_FORMAT ",\"key\":",
                          t->retained_bytes, t->retained_count);
  json_maybe_string (out, t->key);
  g_string_append (out, ",\"description\":");
  json_maybe_string (out, t->watch_description);
  g_string_append (out, ",\"retained_duration_ms\":");
  if (t->retained_duration_ms >= 0)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, t->retained_duration_ms);
  else
    g_string_append (out, "null");
  g_string_append (out, ",\"watch_duration_ms\":");
  if (t->watch_duration_ms >= 0)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, t->watch_duration_ms);
  else
    g_string_append (out, "null");
  g_string_append (out, ",\"signature\":");
  json_maybe_string (out, t->signature);
  g_string_append (out, ",\"nodes\":[");
  for (guint i = 0; i < n; i++) {
    const HsLeakNode *node = g_ptr_array_index (t->nodes, i);
    if (i)
      g_string_append_c (out, ',');
    if (ex)
      g_string_append_printf (out, "{\"id\":\"0x%" G_GINT64_MODIFIER "x\"", ex->node_ids[i]);
    else
      g_string_append_printf (out, "{\"id\":null,\"index\":%u", node->obj);
    g_string_append (out, ",\"class\":");
    json_maybe_string (out, node->class_name);
    g_string_append_printf (out, ",\"type\":\"%s\",\"description\":", node_type_name (node));
    json_maybe_string (out, node->description);
    g_string_append_printf (out, ",\"leaking\":\"%s\",\"reasons\":", hs_leaking_name (node->leaking));
    json_strings (out, node->reasons);
    g_string_append (out, ",\"labels\":");
    json_strings (out, ex ? ex->labels[i] : NULL);
    if (ex && ex->node_retained[i] != G_MAXUINT64)
      g_string_append_printf (out, ",\"retained_bytes\":%" G_GUINT64_FORMAT
                              ",\"retained_count\":%" G_GUINT64_FORMAT,
                              ex->node_retained[i], ex->node_retained_count[i]);
    g_string_append (out, ",\"reference\":");
    if (i + 1 < n) {
      g_autofree char *label = hs_leak_node_ref_label (node);
      g_string_append_printf (out, "{\"kind\":\"%s\",\"name\":", ref_kind_name (node->ref_kind));
      if (node->ref_kind == HS_PATH_REF_ELEMENT) {
        g_autofree char *idx = g_strdup_printf ("[%u]", node->ref_index);
        hs_json_string (out, idx);
      } else if (node->ref_kind == HS_PATH_REF_LOCAL)
        hs_json_string (out, "<Java Local>");
      else
        json_maybe_string (out, node->ref_name);
      if (node->ref_kind == HS_PATH_REF_ELEMENT)
        g_string_append_printf (out, ",\"index\":%u", node->ref_index);
      else
        g_string_append (out, ",\"index\":null");
      g_string_append (out, ",\"owner\":");
      json_maybe_string (out, node->ref_owner_class);
      g_string_append (out, ",\"label\":");
      hs_json_string (out, label);
      g_string_append_printf (out, ",\"suspect\":%s}", node->suspect ? "true" : "false");
    } else
      g_string_append (out, "null");
    g_string_append_c (out, '}');
  }
  g_string_append (out, "],\"also_leaking\":[");
  if (ex && ex->also_ids)
    for (guint i = 0; i < ex->also_ids->len; i++)
      g_string_append_printf (out, "%s\"0x%" G_GINT64_MODIFIER "x\"", i ? "," : "",
                              g_array_index (ex->also_ids, guint64, i));
  g_string_append (out, "]}");
}

static void
json_groups (GString *out, GPtrArray *groups)
{
  g_string_append_c (out, '[');
  for (guint i = 0; groups && i < groups->len; i++) {
    const HsLeakGroup *g = g_ptr_array_index (groups, i);
    guint64 total = group_retained (g);
    if (i)
      g_string_append_c (out, ',');
    g_string_append (out, "{\"fingerprint\":");
    hs_json_string (out, g->fingerprint);
    g_string_append (out, ",\"description\":");
    json_maybe_string (out, g->description);
    g_string_append_printf (out, ",\"library\":%s,\"pattern\":", g->library ? "true" : "false");
    json_maybe_string (out, g->library_pattern);
    g_string_append_printf (out, ",\"count\":%u,\"retained_bytes\":%" G_GUINT64_FORMAT ",\"traces\":[",
                            g->traces->len, total);
    for (guint k = 0; k < g->traces->len; k++) {
      if (k)
        g_string_append_c (out, ',');
      json_trace (out, g_ptr_array_index (g->traces, k));
    }
    g_string_append (out, "]}");
  }
  g_string_append_c (out, ']');
}

void
hs_leak_report_to_json (const HsLeakReport *r, GString *out)
{
  g_return_if_fail (r != NULL && out != NULL);
  g_string_append (out, "{\"application_leaks\":");
  json_groups (out, r->application_leaks);
  g_string_append (out, ",\"library_leaks\":");
  json_groups (out, r->library_leaks);
  g_string_append_printf (out, ",\"leaking_objects\":%" G_GUINT64_FORMAT
                          ",\"watched_references\":%" G_GUINT64_FORMAT ",\"without_path\":",
                          r->n_leaking_objects, r->n_watched);
  json_strings (out, r->unreachable_leaking);
  g_string_append_c (out, '}');
}

const GPtrArray *
hs_leak_trace_node_labels (const HsLeakTrace *trace, guint node_index)
{
  TraceExtra *ex = trace ? extra_lookup (trace) : NULL;
  return ex && node_index < ex->n_nodes ? ex->labels[node_index] : NULL;
}

guint64
hs_leak_trace_node_id (const HsLeakTrace *trace, guint node_index)
{
  TraceExtra *ex = trace ? extra_lookup (trace) : NULL;
  return ex && node_index < ex->n_nodes ? ex->node_ids[node_index] : 0;
}

/* Retained sizes from the dominator tree, for a report found without one
 * (the pipeline finds paths and dominators at the same time); then the
 * orders that depend on them. */
static void
set_trace_retained (HsLeakTrace *t, const HsDomTree *dom)
{
  gboolean ok = t->leaking_obj < dom->n && dom->idom[t->leaking_obj] != HS_OBJ_NONE;
  t->retained_bytes = ok ? dom->retained[t->leaking_obj] : 0;
  t->retained_count = ok ? dom->retained_count[t->leaking_obj] : 0;
  TraceExtra *x = extra_lookup (t);
  if (!x)
    return;
  for (guint i = 0; i < t->nodes->len && i < x->n_nodes; i++) {
    HsLeakNode *node = g_ptr_array_index (t->nodes, i);
    HsObj o = node->obj;
    if (node->leaking == HS_LEAKING_YES && o < dom->n && dom->idom[o] != HS_OBJ_NONE) {
      x->node_retained[i] = dom->retained[o];
      x->node_retained_count[i] = dom->retained_count[o];
    }
  }
}

void
hs_leak_report_set_retained (HsLeakReport *report, const HsDomTree *dom)
{
  GPtrArray *lists[2] = { report->application_leaks, report->library_leaks };
  for (guint l = 0; l < 2; l++) {
    for (guint g = 0; g < lists[l]->len; g++) {
      HsLeakGroup *grp = g_ptr_array_index (lists[l], g);
      for (guint t = 0; t < grp->traces->len; t++)
        set_trace_retained (g_ptr_array_index (grp->traces, t), dom);
      g_ptr_array_sort (grp->traces, cmp_traces);
    }
    g_ptr_array_sort (lists[l], cmp_groups);
  }
}
