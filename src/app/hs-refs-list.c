/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-refs-list.c: HsRefsList, one row's references a page at a time (see
 * the header). */
#include "config.h"
#include "hs-refs-list.h"
#include "hs-timing.h"
#include "hs-threads.h"

struct _HsRefsList
{
  GObject parent_instance;
  HsLoader *loader;
  HsRefsItem *parent;
  HsRefsDirection dir;
  GCancellable *cancellable;
  GPtrArray *items; /* HsRefsItem: the GC roots first, then the references */
  guint n_roots;    /* incoming: the GC roots that hold the object */
  HsMoreRow *more;  /* while more remain */
  guint64 total;
  gboolean started, loading;
  GError *error; /* why the last page could not be read, else NULL */
};

enum
{
  PROP_0,
  PROP_LOADING,
  PROP_ERROR,
  N_PROPS
};
static GParamSpec *props[N_PROPS];

static void hs_refs_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HsRefsList, hs_refs_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, hs_refs_list_model_init))

/* --- the worker ----------------------------------------------------------- */

typedef struct
{
  HsLoader *loader;
  HsObj obj;
  HsRefsDirection dir;
  guint64 offset, total;
  GArray *refs;     /* HsRef */
  GPtrArray *names; /* their names, read here: a mapping may rename later */
  GArray *threads;  /* HsObj: the first incoming page's GC roots: a thread, or HS_OBJ_NONE */
  GPtrArray *roots; /* their texts (hs_heap_root_text) */
} Job;

static void
job_free (Job *job)
{
  g_clear_object (&job->loader);
  g_clear_pointer (&job->refs, g_array_unref);
  g_clear_pointer (&job->names, g_ptr_array_unref);
  g_clear_pointer (&job->threads, g_array_unref);
  g_clear_pointer (&job->roots, g_ptr_array_unref);
  g_free (job);
}

/* A GC root holds an object without a referrer in the heap: its incoming
 * references start with each such root. A thread's root (a local of one
 * of its frames, a JNI local, a monitor...) is the thread's row with the
 * root as the reference ("Local variable in worker-0,
 * store.Worker.hold(Worker.java:42)"); any other (a JNI global, a sticky
 * class, a thread object itself...) a row without an object, the root's
 * kind its text, each text once. */
static void
gc_roots (HsHeap *heap, HsObj obj, GArray *threads, GPtrArray *texts)
{
  g_autoptr (GArray) roots = hs_heap_roots_of (heap, obj);
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  const HsObj none = HS_OBJ_NONE;

  for (guint i = 0; i < roots->len; i++)
    {
      const HsRoot *r = hs_heap_root (heap, g_array_index (roots, gsize, i));
      char *text = hs_heap_root_text (heap, r);

      if (r->thread_obj != HS_OBJ_NONE && r->thread_obj != obj)
        g_array_append_val (threads, r->thread_obj);
      else if (g_hash_table_add (seen, text))
        g_array_append_val (threads, none);
      else
        {
          g_free (text);
          continue;
        }
      g_ptr_array_add (texts, text);
    }
}

static void
page_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  HsAnalysis *a = hs_loader_get_analysis (job->loader);

  if (g_task_return_error_if_cancelled (task))
    return;
  if (a == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "no analysis");
      return;
    }
  hs_analysis_hold (a);
  /* The first incoming count builds the referrers index (a while on a
   * big dump): here, never on the UI thread. */
  job->total = hs_refs_count (a->heap, job->obj, job->dir);
  job->refs = hs_refs_page (a->heap, job->obj, job->dir, job->offset, HS_REFS_LIST_PAGE);
  if (job->dir == HS_REFS_INCOMING && job->offset == 0)
    {
      job->threads = g_array_new (FALSE, FALSE, sizeof (HsObj));
      job->roots = g_ptr_array_new_with_free_func (g_free);
      gc_roots (a->heap, job->obj, job->threads, job->roots);
    }
  job->names = g_ptr_array_new_full (job->refs->len, g_free);
  for (guint i = 0; i < job->refs->len; i++)
    g_ptr_array_add (job->names, hs_ref_name (&g_array_index (job->refs, HsRef, i)));
  hs_analysis_release (a);
  g_task_return_boolean (task, TRUE);
}

static void
set_loading (HsRefsList *self, gboolean loading)
{
  if (self->loading == loading)
    return;
  self->loading = loading;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LOADING]);
}

static void
page_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsRefsList *self = HS_REFS_LIST (source);
  Job *job = g_task_get_task_data (G_TASK (result));
  guint before, had_more;
  g_autoptr (GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      set_loading (self, FALSE);
      /* Cancelled: the view shows another tree, or none. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      g_clear_error (&self->error);
      self->error = g_steal_pointer (&error);
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ERROR]);
      return;
    }
  gint64 start = g_get_monotonic_time (), cpu = hs_timing_thread_cpu ();
  before = self->items->len;
  had_more = self->more != NULL ? 1 : 0;
  if (job->threads != NULL)
    {
      for (guint i = 0; i < job->threads->len; i++)
        g_ptr_array_add (self->items, hs_refs_item_new (self->parent, g_array_index (job->threads, HsObj, i),
                                                        g_ptr_array_index (job->roots, i)));
      self->n_roots = job->threads->len;
    }
  self->total = job->total + self->n_roots;
  for (guint i = 0; i < job->refs->len; i++)
    g_ptr_array_add (self->items, hs_refs_item_new_ref (self->parent, &g_array_index (job->refs, HsRef, i),
                                                        g_ptr_array_index (job->names, i)));
  g_clear_object (&self->more);
  /* A page that came up short (the index and a record disagree) ends
   * the list rather than offering the same page again. */
  if ((guint64)self->items->len < self->total && job->refs->len > 0)
    self->more = hs_more_row_new (HS_MORE_ROW_NEXT_PAGE, self->items->len, self->total);
  if (self->more != NULL)
    g_signal_connect_object (self->more, "activate", G_CALLBACK (hs_refs_list_load_more), self,
                             G_CONNECT_SWAPPED);
  set_loading (self, FALSE);
  g_list_model_items_changed (G_LIST_MODEL (self), before, had_more,
                              self->items->len - before + (self->more != NULL ? 1 : 0));
  hs_timing_span_cpu (start, cpu, "references page shown (%u rows)", job->refs->len);
}

static void
load_page (HsRefsList *self)
{
  g_autoptr (GTask) task = NULL;
  Job *job;

  if (self->loading || self->loader == NULL || g_cancellable_is_cancelled (self->cancellable))
    return;
  job = g_new0 (Job, 1);
  job->loader = g_object_ref (self->loader);
  job->obj = hs_refs_item_get_obj (self->parent);
  job->dir = self->dir;
  job->offset = self->items->len - self->n_roots;
  set_loading (self, TRUE);
  task = g_task_new (self, self->cancellable, page_done, NULL);
  g_task_set_name (task, "[heapscope] references");
  g_task_set_task_data (task, job, (GDestroyNotify)job_free);
  g_task_run_in_thread (task, page_thread);
}

/* --- the list model ------------------------------------------------------- */

static GType
hs_refs_list_get_item_type (GListModel *model)
{
  return G_TYPE_OBJECT;
}

static guint
hs_refs_list_get_n_items (GListModel *model)
{
  HsRefsList *self = HS_REFS_LIST (model);

  /* Asked by the tree when the row is expanded: the first page now. */
  if (!self->started)
    {
      self->started = TRUE;
      load_page (self);
    }
  return self->items->len + (self->more != NULL ? 1 : 0);
}

static gpointer
hs_refs_list_get_item (GListModel *model, guint position)
{
  HsRefsList *self = HS_REFS_LIST (model);

  if (position < self->items->len)
    return g_object_ref (g_ptr_array_index (self->items, position));
  if (position == self->items->len && self->more != NULL)
    return g_object_ref (self->more);
  return NULL;
}

static void
hs_refs_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = hs_refs_list_get_item_type;
  iface->get_n_items = hs_refs_list_get_n_items;
  iface->get_item = hs_refs_list_get_item;
}

static void
hs_refs_list_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsRefsList *self = HS_REFS_LIST (object);

  switch (prop_id)
    {
      case PROP_LOADING: g_value_set_boolean (value, self->loading); break;
      case PROP_ERROR: g_value_set_boxed (value, self->error); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_refs_list_dispose (GObject *object)
{
  HsRefsList *self = HS_REFS_LIST (object);

  g_clear_object (&self->loader);
  g_clear_object (&self->parent);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->more);
  G_OBJECT_CLASS (hs_refs_list_parent_class)->dispose (object);
}

static void
hs_refs_list_finalize (GObject *object)
{
  HsRefsList *self = HS_REFS_LIST (object);

  g_ptr_array_unref (self->items);
  g_clear_error (&self->error);
  G_OBJECT_CLASS (hs_refs_list_parent_class)->finalize (object);
}

static void
hs_refs_list_class_init (HsRefsListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = hs_refs_list_get_property;
  object_class->dispose = hs_refs_list_dispose;
  object_class->finalize = hs_refs_list_finalize;
  props[PROP_LOADING] = g_param_spec_boolean (
      "loading", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  props[PROP_ERROR] = g_param_spec_boxed (
      "error", NULL, NULL, G_TYPE_ERROR, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
hs_refs_list_init (HsRefsList *self)
{
  self->items = g_ptr_array_new_with_free_func (g_object_unref);
}

HsRefsList *
hs_refs_list_new (HsLoader *loader, HsRefsItem *parent, HsRefsDirection dir, GCancellable *cancellable)
{
  HsRefsList *self;

  g_return_val_if_fail (HS_IS_LOADER (loader), NULL);
  g_return_val_if_fail (HS_IS_REFS_ITEM (parent), NULL);
  self = g_object_new (HS_TYPE_REFS_LIST, NULL);
  self->loader = g_object_ref (loader);
  self->parent = g_object_ref (parent);
  self->dir = dir;
  self->cancellable = cancellable != NULL ? g_object_ref (cancellable) : g_cancellable_new ();
  return self;
}

gboolean
hs_refs_list_is_loading (HsRefsList *self)
{
  g_return_val_if_fail (HS_IS_REFS_LIST (self), FALSE);
  return self->loading;
}

const GError *
hs_refs_list_get_error (HsRefsList *self)
{
  g_return_val_if_fail (HS_IS_REFS_LIST (self), NULL);
  return self->error;
}

GCancellable *
hs_refs_list_get_cancellable (HsRefsList *self)
{
  g_return_val_if_fail (HS_IS_REFS_LIST (self), NULL);
  return self->cancellable;
}

guint64
hs_refs_list_get_total (HsRefsList *self)
{
  g_return_val_if_fail (HS_IS_REFS_LIST (self), 0);
  return self->total;
}

guint
hs_refs_list_get_shown (HsRefsList *self)
{
  g_return_val_if_fail (HS_IS_REFS_LIST (self), 0);
  return self->items->len;
}

void
hs_refs_list_load_more (HsRefsList *self)
{
  g_return_if_fail (HS_IS_REFS_LIST (self));
  if ((guint64)self->items->len < self->total)
    load_page (self);
}
