/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-instances-pane.c: the instance pane of the classes and compare views
 * (see the header). The layout is the template ui/hs-instances-pane.ui.
 * The instances of a class come from a scan over every object and a sort
 * by retained size (seconds for a class with tens of millions of
 * instances), on a worker, or in order from a persistent index. With HS_INSTANCES_PANE_FIRST_PAGE a long list's
 * first page goes to the pane as soon as it is known (one read of each
 * instance's sizes), and the rest when sorted: the page's rows are the
 * sorted list's first rows, so they stay where they are, selection and
 * scrolling included. */
#include "config.h"
#include "hs-csv-export.h"
#include "hs-instances-pane.h"
#include "hs-paths-menu.h"
#include "hs-object-column-view.h"
#include "hs-object-list.h"
#include "hs-query.h"
#include "hs-class-instances.h"
#include "hs-query-heaps.h"
#include "hs-instance-filter.h"
#include "hs-timing.h"
#include "hs-ui-util-private.h"
#include "hs-sentence.h"
#include "hs-format.h"

#include <glib/gi18n.h>
#include <inttypes.h>

struct _HsInstancesPane
{
  GtkWidget parent_instance;

  /* template */
  GtkBox *box;
  GtkLabel *label;
  HsObjectColumnView *table;
  GtkSearchEntry *filter_entry;
  GtkLabel *filter_error;

  gboolean pending;          /* being found (or sorted) on a worker */
  HsObjectList *page;        /* its first page, shown while the rest is sorted */
  GCancellable *cancellable; /* the list asked for last: cancelled by the next, a reset or dispose */
  int heap;                  /* the heap whose instances are listed, -1: all */
  GtkWidget *paths_button;   /* "Merged Paths to GC Roots" of the list shown */
  GtkWidget *statics_button; /* one class's static fields, in the inspector */
  GtkLabel *statics_label;

  /* The whole list (HsObj, never changed once set: workers share it), its
   * heading and loader, for the filter; filter_cancellable: the filter
   * running, if any; filtered: what is shown is a filter's answer. */
  GArray *all;
  char *all_label;
  HsLoader *all_loader;
  GCancellable *filter_cancellable;
  gboolean filtered;

  /* The depths of the dump's objects being computed for the Depth column
   * (a walk of the whole heap, once per dump), after a list is shown, and
   * the dump's loader. */
  GCancellable *depths_cancellable;
  HsLoader *depths_loader;
};

static void apply_filter (HsInstancesPane *self);
static void keep_whole_list (HsInstancesPane *self, HsLoader *loader, GArray *objs, const char *label);

G_DEFINE_FINAL_TYPE (HsInstancesPane, hs_instances_pane, GTK_TYPE_WIDGET)

/* ---------------------------------------------------------------------- */
/* the worker                                                             */

typedef struct
{
  HsLoader *loader;
  GArray *classes; /* HsClass */
  char *name;
  HsInstancesPaneFlags flags;
  int heap;              /* -1: every heap */
  gint64 asked;          /* for HEAPSCOPE_DEBUG_TIMES */
  GMainContext *context; /* the pane's: where the page goes */
  HsInstancesPane *pane; /* a reference */
  GCancellable *cancellable;
  GArray *result; /* the sorted instances, on the worker */
} InstancesJob;

/* The first page, handed to the pane's context. */
typedef struct
{
  HsInstancesPane *pane;
  HsLoader *loader;
  char *name;
  GCancellable *request; /* the job's: cancelled once the page comes too late */
  gint64 asked;
  guint64 total;
  GArray *page;
} InstancesPage;

static gboolean show_page (gpointer data);

static void
instances_job_free (InstancesJob *job)
{
  g_clear_object (&job->loader);
  g_clear_pointer (&job->classes, g_array_unref);
  g_free (job->name);
  g_clear_pointer (&job->context, g_main_context_unref);
  g_clear_object (&job->pane);
  g_clear_object (&job->cancellable);
  g_free (job);
}

static void
instances_page_free (InstancesPage *p)
{
  g_clear_object (&p->pane);
  g_clear_object (&p->loader);
  g_clear_object (&p->request);
  g_free (p->name);
  g_clear_pointer (&p->page, g_array_unref);
  g_free (p);
}

/* Hands a long list's first page to the pane's context. */
static void
send_first_page (InstancesJob *job, HsAnalysis *a, GArray *instances)
{
  InstancesPage *p = g_new0 (InstancesPage, 1);
  gint64 start = g_get_monotonic_time (), cpu = hs_timing_process_cpu ();
  GSource *idle;

  p->page
      = hs_query_instances_first (a, (const HsObj *)instances->data, instances->len, HS_INSTANCES_PANE_PAGE);
  hs_timing_mark ("worker: their first %u by retained size found in %.3f s (%.3f s of CPU in the process)",
                  p->page->len, (g_get_monotonic_time () - start) / 1e6,
                  (hs_timing_process_cpu () - cpu) / 1e6);
  p->pane = g_object_ref (job->pane);
  p->loader = g_object_ref (job->loader);
  p->name = g_strdup (job->name);
  p->request = g_object_ref (job->cancellable);
  p->asked = job->asked;
  p->total = instances->len;
  /* An idle source, not g_main_context_invoke: that runs the function
   * right here when no thread iterates the context at the moment. */
  idle = g_idle_source_new ();
  g_source_set_priority (idle, G_PRIORITY_DEFAULT);
  g_source_set_callback (idle, show_page, p, (GDestroyNotify)instances_page_free);
  g_source_attach (idle, job->context);
  g_source_unref (idle);
}

/* On a thread of its own at a lower priority (hs_run_niced): the scan and
 * the sort use both cores, and the UI thread must still get one. */
static gpointer
instances_work (gpointer data)
{
  InstancesJob *job = data;
  HsAnalysis *a = hs_loader_get_analysis (job->loader);
  gint64 start = g_get_monotonic_time (), cpu = hs_timing_process_cpu ();
  if (job->flags & HS_INSTANCES_PANE_ALL_NAMED)
    {
      g_array_unref (job->classes);
      job->classes = hs_query_classes_named (a->heap, job->name);
    }
  /* A persistent index has each class's instances in order already. */
  GArray *instances = hs_class_instances_listed (a, (const HsClass *)job->classes->data, job->classes->len);
  gboolean sorted = instances != NULL;
  if (!sorted)
    instances = hs_query_instances_unsorted (a, (const HsClass *)job->classes->data, job->classes->len);
  if (job->heap >= 0)
    hs_query_keep_heap (a->heap, instances, (guint)job->heap);

  /* CPU: of the whole process (the steps use two threads); on a busy
   * machine the wall time is mostly waiting for a core. */
  hs_timing_mark ("worker: %u instances found in %.3f s (%.3f s of CPU in the process)", instances->len,
                  (g_get_monotonic_time () - start) / 1e6, (hs_timing_process_cpu () - cpu) / 1e6);
  if (g_cancellable_is_cancelled (job->cancellable))
    {
      /* Another list, or the tab closed: the sort is not started. */
      g_array_unref (instances);
      return NULL;
    }
  if (sorted)
    {
      job->result = instances;
      return NULL;
    }
  if ((job->flags & HS_INSTANCES_PANE_FIRST_PAGE) && instances->len > HS_INSTANCES_PANE_PAGE)
    send_first_page (job, a, instances);
  start = g_get_monotonic_time ();
  cpu = hs_timing_process_cpu ();
  hs_query_sort_instances (a, (HsObj *)instances->data, instances->len);
  hs_timing_mark ("worker: %u instances sorted in %.3f s (%.3f s of CPU in the process)", instances->len,
                  (g_get_monotonic_time () - start) / 1e6, (hs_timing_process_cpu () - cpu) / 1e6);
  job->result = instances;
  return NULL;
}

static void
instances_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  InstancesJob *job = data;

  if (g_task_return_error_if_cancelled (task))
    return;
  hs_run_niced ("hs-instances", instances_work, job);
  g_task_return_pointer (task, g_steal_pointer (&job->result), (GDestroyNotify)g_array_unref);
}

/* ---------------------------------------------------------------------- */
/* the pane                                                               */

static void
set_model (HsInstancesPane *self, GListModel *model)
{
  hs_object_column_view_set_model (self->table, model);
}

/* Empties the list; a worker's answer still to come is dropped. */
static void
reset (HsInstancesPane *self)
{
  set_model (self, NULL);
  self->pending = FALSE;
  g_clear_object (&self->page);
  /* The worker of the list asked for before stops (or never starts). */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  keep_whole_list (self, NULL, NULL, NULL);
}

void
hs_instances_pane_forget (HsInstancesPane *self)
{
  g_return_if_fail (HS_IS_INSTANCES_PANE (self));

  reset (self);
  gtk_widget_set_visible (self->statics_button, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

GCancellable *
hs_instances_pane_begin (HsInstancesPane *self, const char *label)
{
  g_return_val_if_fail (HS_IS_INSTANCES_PANE (self), NULL);

  reset (self);
  self->pending = TRUE;
  self->cancellable = g_cancellable_new ();
  gtk_label_set_text (self->label, label);
  hs_paths_list_button_set (self->paths_button, NULL, NULL); /* until the whole list is shown */
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  return g_object_ref (self->cancellable);
}

/* ---------------------------------------------------------------------- */
/* the Depth column                                                       */

static gpointer
depths_work (gpointer data)
{
  GTask *task = data;
  HsAnalysis *a = hs_loader_get_analysis (g_task_get_task_data (task));

  g_task_return_boolean (task, hs_heap_compute_depths (a->heap, g_task_get_cancellable (task), NULL));
  return NULL;
}

static void
depths_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  hs_run_niced ("hs-depths", depths_work, task);
}

static void
depths_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsInstancesPane *self = HS_INSTANCES_PANE (source);
  g_autoptr (GError) error = NULL;
  gboolean known = g_task_propagate_boolean (G_TASK (result), &error);

  /* Cancelled when forgotten: another dump, or the pane went away. */
  if (hs_task_failed (GTK_WIDGET (self), error, _ ("Could not compute the depths")))
    return;
  g_clear_object (&self->depths_cancellable);
  g_clear_object (&self->depths_loader);
  if (known)
    hs_object_column_view_show_depths (self->table);
}

static void
forget_depths (HsInstancesPane *self)
{
  if (self->depths_cancellable != NULL)
    g_cancellable_cancel (self->depths_cancellable);
  g_clear_object (&self->depths_cancellable);
  g_clear_object (&self->depths_loader);
}

/* The Depth column needs the dump's depths: a persistent index has them;
 * else they are computed on a worker once a list is shown (a list never
 * waits for them) and its empty cells filled then. */
static void
ensure_depths (HsInstancesPane *self, HsLoader *loader)
{
  HsAnalysis *a = hs_loader_get_analysis (loader);
  g_autoptr (GTask) task = NULL;

  if (a == NULL || hs_heap_depths_known (a->heap) || self->depths_loader == loader)
    return;
  forget_depths (self); /* another dump's */
  self->depths_cancellable = g_cancellable_new ();
  self->depths_loader = g_object_ref (loader);
  task = g_task_new (self, self->depths_cancellable, depths_done, NULL);
  g_task_set_name (task, "[heapscope] depths");
  g_task_set_task_data (task, g_object_ref (loader), g_object_unref);
  g_task_run_in_thread (task, depths_thread);
}

void
hs_instances_pane_show_objects (HsInstancesPane *self, const char *label, HsLoader *loader, GArray *objs)
{
  g_autoptr (HsObjectList) list = NULL;

  g_return_if_fail (HS_IS_INSTANCES_PANE (self));
  g_return_if_fail (HS_IS_LOADER (loader));
  g_return_if_fail (objs != NULL);

  keep_whole_list (self, loader, objs, label);
  list = hs_object_list_new_take (loader, objs);
  self->pending = FALSE;
  g_clear_object (&self->page);
  gtk_label_set_text (self->label, label);
  set_model (self, G_LIST_MODEL (list));
  hs_paths_list_button_set (self->paths_button, label, G_LIST_MODEL (list));
  apply_filter (self);
  ensure_depths (self, loader);
}

static gboolean
show_page (gpointer data)
{
  InstancesPage *p = data;
  HsInstancesPane *self = p->pane;
  gint64 start = g_get_monotonic_time ();
  g_autofree char *text = NULL;

  /* Too late (another list, or the whole list is shown already). */
  if (g_cancellable_is_cancelled (p->request) || !self->pending || self->page != NULL)
    return G_SOURCE_REMOVE;
  {
    g_autofree char *total = hs_format_count (p->total);
    g_autofree char *first = hs_format_count (p->page->len);
    text = g_strdup_printf (
        g_dngettext (
            GETTEXT_PACKAGE,
            "%s instance of %s, largest retained size first: the first %s shown, sorting the others…",
            "%s instances of %s, largest retained size first: the first %s shown, sorting the others…",
            p->total),
        total, p->name, first);
  }
  self->page = hs_object_list_new_take (p->loader, g_steal_pointer (&p->page));
  gtk_label_set_text (self->label, text);
  set_model (self, G_LIST_MODEL (self->page));
  ensure_depths (self, p->loader);
  hs_timing_span (start, "instances of %s: first page shown %.3f s after they were asked for", p->name,
                  (start - p->asked) / 1e6);
  return G_SOURCE_REMOVE;
}

static char *
done_text (InstancesJob *job, guint n)
{
  g_autofree char *count = hs_format_count (n);

  if (job->flags & HS_INSTANCES_PANE_IN_THIS_DUMP)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%s instance of %s in this dump, largest retained size first",
                                         "%s instances of %s in this dump, largest retained size first", n),
                            count, job->name);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s instance of %s, largest retained size first",
                                       "%s instances of %s, largest retained size first", n),
                          count, job->name);
}

static void
instances_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsInstancesPane *self = HS_INSTANCES_PANE (source);
  InstancesJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  /* Cancelled when another list was asked for, or the pane forgot or went. */
  g_autoptr (GArray) instances = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char *text = NULL;
  gint64 start = g_get_monotonic_time ();

  if (hs_task_failed (GTK_WIDGET (self), error, _ ("Could not list the instances")))
    return;
  text = done_text (job, instances->len);
  if (self->page != NULL)
    {
      /* The page's rows are the list's first: the rest goes below them. */
      self->pending = FALSE;
      keep_whole_list (self, job->loader, instances, text);
      hs_object_list_take (self->page, g_steal_pointer (&instances));
      g_clear_object (&self->page);
      gtk_label_set_text (self->label, text);
      apply_filter (self);
    }
  else
    hs_instances_pane_show_objects (self, text, job->loader, g_steal_pointer (&instances));
  hs_timing_span (start, "instances of %s listed %.3f s after they were asked for", job->name,
                  (start - job->asked) / 1e6);
}

/* A class with static fields: a link to its class object (its statics,
 * their values and what they retain) above its instances, the way to
 * them when it has none. */
static void
show_statics (HsInstancesPane *self, HsAnalysis *a, const HsClass *classes, guint n_classes)
{
  HsObj class_obj = n_classes == 1 ? hs_class_object (a->heap, classes[0]) : HS_OBJ_NONE;
  g_autoptr (GArray) statics = class_obj != HS_OBJ_NONE ? hs_heap_object_fields (a->heap, class_obj) : NULL;

  gtk_widget_set_visible (self->statics_button, statics != NULL && statics->len > 0);
  if (statics == NULL || statics->len == 0)
    return;
  {
    const char *name = hs_class_name (a->heap, classes[0]);
    g_autofree char *count = hs_format_count (statics->len);
    g_autofree char *bytes
        = a->dom != NULL ? hs_format_bytes (hs_dom_tree_retained (a->dom, class_obj)) : NULL;
    g_autofree char *text
        = bytes != NULL
              ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s static field of `%s`, retaining %s",
                                              "%s static fields of `%s`, retaining %s", statics->len),
                                 count, name, bytes)
              : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s static field of `%s`",
                                              "%s static fields of `%s`", statics->len),
                                 count, name);
    hs_label_set_sentence (self->statics_label, text);
  }
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (self->statics_button),
                                          g_variant_new_uint32 (class_obj));
}

void
hs_instances_pane_list_classes (HsInstancesPane *self, HsLoader *loader, const HsClass *classes,
                                guint n_classes, const char *name, HsInstancesPaneFlags flags)
{
  g_autoptr (GTask) task = NULL;
  g_autofree char *text = NULL;
  InstancesJob *job;

  g_return_if_fail (HS_IS_INSTANCES_PANE (self));
  g_return_if_fail (HS_IS_LOADER (loader) && hs_loader_get_analysis (loader) != NULL);
  g_return_if_fail (classes != NULL || n_classes == 0);
  g_return_if_fail (name != NULL);

  text = g_strdup_printf (_ ("Finding the instances of %s…"), name);
  job = g_new0 (InstancesJob, 1);
  job->loader = g_object_ref (loader);
  job->classes = g_array_sized_new (FALSE, FALSE, sizeof (HsClass), n_classes);
  g_array_append_vals (job->classes, classes, n_classes);
  job->name = g_strdup (name);
  job->flags = flags;
  job->heap = self->heap;
  job->cancellable = hs_instances_pane_begin (self, text);
  show_statics (self, hs_loader_get_analysis (loader), classes, n_classes);
  job->asked = g_get_monotonic_time ();
  job->context = g_main_context_ref_thread_default ();
  job->pane = g_object_ref (self);

  task = g_task_new (self, job->cancellable, instances_done, NULL);
  g_task_set_name (task, "[heapscope] instances of a class");
  g_task_set_task_data (task, job, (GDestroyNotify)instances_job_free);
  g_task_run_in_thread (task, instances_thread);
}

void
hs_instances_pane_set_heap (HsInstancesPane *self, int heap)
{
  g_return_if_fail (HS_IS_INSTANCES_PANE (self));
  self->heap = heap;
}

GListModel *
hs_instances_pane_get_instances (HsInstancesPane *self)
{
  g_return_val_if_fail (HS_IS_INSTANCES_PANE (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self)) || self->pending)
    return NULL;
  return hs_object_column_view_get_model (self->table);
}

GListModel *
hs_instances_pane_get_shown (HsInstancesPane *self)
{
  g_return_val_if_fail (HS_IS_INSTANCES_PANE (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self)))
    return NULL;
  return hs_object_column_view_get_model (self->table);
}

gboolean
hs_instances_pane_get_pending (HsInstancesPane *self)
{
  g_return_val_if_fail (HS_IS_INSTANCES_PANE (self), FALSE);
  return self->pending;
}

/* ---------------------------------------------------------------------- */
/* the filter                                                             */

/* Keeps the whole list shown (objs NULL: forgets it), and stops a filter
 * running over the one before. The array is shared with the list model
 * and the filter's workers, never copied: tens of millions of instances
 * are hundreds of MB, seconds on the UI thread; no one changes
 * it once shown. */
static void
keep_whole_list (HsInstancesPane *self, HsLoader *loader, GArray *objs, const char *label)
{
  if (self->filter_cancellable != NULL)
    g_cancellable_cancel (self->filter_cancellable);
  g_clear_object (&self->filter_cancellable);
  g_clear_pointer (&self->all, g_array_unref);
  g_clear_pointer (&self->all_label, g_free);
  g_clear_object (&self->all_loader);
  self->filtered = FALSE;
  if (objs == NULL)
    return;
  self->all = g_array_ref (objs);
  self->all_label = g_strdup (label);
  self->all_loader = g_object_ref (loader);
}

typedef struct
{
  HsLoader *loader; /* its analysis held while the worker reads it */
  HsInstanceFilter *filter;
  GArray *all; /* shared with the pane, never changed */
  char *text;
} FilterJob;

static void
filter_job_free (FilterJob *job)
{
  hs_analysis_release (hs_loader_get_analysis (job->loader));
  g_object_unref (job->loader);
  hs_instance_filter_free (job->filter);
  g_array_unref (job->all);
  g_free (job->text);
  g_free (job);
}

static void
filter_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  FilterJob *job = data;
  GError *error = NULL;
  GArray *kept = hs_instance_filter_apply (job->filter, hs_loader_get_analysis (job->loader),
                                           (const HsObj *)job->all->data, job->all->len, cancellable, &error);

  if (kept == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, kept, (GDestroyNotify)g_array_unref);
}

static void
filter_done (GObject *source, GAsyncResult *result, gpointer data)
{
  HsInstancesPane *self = HS_INSTANCES_PANE (source);
  FilterJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  /* Cancelled by a newer filter, another list, or the pane going. */
  g_autoptr (GArray) kept = g_task_propagate_pointer (G_TASK (result), &error);
  g_autoptr (HsObjectList) list = NULL;
  g_autofree char *n = NULL, *total = NULL, *text = NULL;

  if (hs_task_failed (GTK_WIDGET (self), error, _ ("Could not filter the instances")))
    return;
  g_clear_object (&self->filter_cancellable);
  n = hs_format_count (kept->len);
  total = hs_format_count (self->all->len);
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s of %s instance match “%s”",
                                       "%s of %s instances match “%s”", self->all->len),
                          n, total, job->text);
  list = hs_object_list_new_take (job->loader, g_steal_pointer (&kept));
  gtk_label_set_text (self->label, text);
  set_model (self, G_LIST_MODEL (list));
  hs_paths_list_button_set (self->paths_button, text, G_LIST_MODEL (list));
}

/* Filters the whole list by the entry's text (on a worker), or shows it
 * all again when the text is empty; a text that does not parse says why
 * and leaves the list as it is. */
static void
apply_filter (HsInstancesPane *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->filter_entry));
  g_autoptr (GError) error = NULL;
  g_autoptr (HsInstanceFilter) filter = NULL;
  g_autoptr (GTask) task = NULL;
  FilterJob *job;

  if (self->all == NULL || self->pending)
    return; /* applied when the whole list is known */
  if (self->filter_cancellable != NULL)
    g_cancellable_cancel (self->filter_cancellable);
  g_clear_object (&self->filter_cancellable);
  filter = hs_instance_filter_new (text, &error);
  gtk_widget_set_visible (GTK_WIDGET (self->filter_error), error != NULL);
  if (error != NULL)
    {
      gtk_label_set_text (self->filter_error, error->message);
      return;
    }
  if (filter == NULL)
    {
      g_autoptr (HsObjectList) list = NULL;
      if (!self->filtered)
        return;
      self->filtered = FALSE;
      list = hs_object_list_new_take (self->all_loader, g_array_ref (self->all));
      gtk_label_set_text (self->label, self->all_label);
      set_model (self, G_LIST_MODEL (list));
      hs_paths_list_button_set (self->paths_button, self->all_label, G_LIST_MODEL (list));
      return;
    }
  self->filtered = TRUE;
  job = g_new0 (FilterJob, 1);
  job->loader = g_object_ref (self->all_loader);
  hs_analysis_hold (hs_loader_get_analysis (job->loader));
  job->filter = g_steal_pointer (&filter);
  job->all = g_array_ref (self->all);
  job->text = g_strstrip (g_strdup (text));
  self->filter_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->filter_cancellable, filter_done, NULL);
  g_task_set_name (task, "[heapscope] filter the instances");
  g_task_set_task_data (task, job, (GDestroyNotify)filter_job_free);
  g_task_run_in_thread (task, filter_thread);
}

static void
on_filter_changed (GtkSearchEntry *entry, HsInstancesPane *self)
{
  apply_filter (self);
}

void
hs_instances_pane_set_filter (HsInstancesPane *self, const char *text)
{
  g_return_if_fail (HS_IS_INSTANCES_PANE (self));
  g_signal_handlers_block_by_func (self->filter_entry, on_filter_changed, self);
  gtk_editable_set_text (GTK_EDITABLE (self->filter_entry), text != NULL ? text : "");
  g_signal_handlers_unblock_by_func (self->filter_entry, on_filter_changed, self);
  apply_filter (self);
}

gboolean
hs_instances_pane_get_filtering (HsInstancesPane *self)
{
  g_return_val_if_fail (HS_IS_INSTANCES_PANE (self), FALSE);
  return self->filter_cancellable != NULL;
}

const char *
hs_instances_pane_get_filter_error (HsInstancesPane *self)
{
  g_return_val_if_fail (HS_IS_INSTANCES_PANE (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->filter_error)) ? gtk_label_get_text (self->filter_error)
                                                                  : NULL;
}

static void
on_close (GtkButton *button, HsInstancesPane *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

static void
hs_instances_pane_dispose (GObject *object)
{
  HsInstancesPane *self = HS_INSTANCES_PANE (object);

  keep_whole_list (self, NULL, NULL, NULL);
  g_clear_object (&self->page);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  forget_depths (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_INSTANCES_PANE);
  G_OBJECT_CLASS (hs_instances_pane_parent_class)->dispose (object);
}

/* Export (the toolbar's Export button): every object of the list, not
 * only the pages shown, written on a worker (millions of rows: seconds). */
typedef struct
{
  HsLoader *loader;
  GArray *objs; /* HsObj, a copy of the list's */
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  hs_analysis_release (hs_loader_get_analysis (job->loader));
  g_object_unref (job->loader);
  g_array_unref (job->objs);
  g_free (job);
}

static void
export_build (gpointer data, GString *out)
{
  ExportJob *job = data;
  hs_csv_export_object_array (out, hs_loader_get_analysis (job->loader), (const HsObj *)job->objs->data,
                              job->objs->len);
}

/* The list shown as a job, or NULL (and a toast) when there is none. */
static ExportJob *
export_job_new (HsInstancesPane *self)
{
  GListModel *model = hs_object_column_view_get_model (self->table);
  guint n = model != NULL ? g_list_model_get_n_items (model) : 0;
  g_autoptr (GObject) first = n > 0 ? g_list_model_get_item (model, 0) : NULL;
  ExportJob *job;

  if (!HS_IS_OBJECT_LIST (model) || !HS_IS_OBJECT_ROW (first))
    {
      gtk_widget_activate_action (GTK_WIDGET (self), "win.toast", "s", _ ("Nothing to export yet"));
      return NULL;
    }
  job = g_new0 (ExportJob, 1);
  job->loader = g_object_ref (hs_object_row_get_loader (HS_OBJECT_ROW (first)));
  /* A mapping applied meanwhile would free the names it reads. */
  hs_analysis_hold (hs_loader_get_analysis (job->loader));
  job->objs = g_array_sized_new (FALSE, FALSE, sizeof (HsObj), n);
  for (guint i = 0; i < n; i++)
    {
      HsObj o = hs_object_list_get_obj (HS_OBJECT_LIST (model), i);
      g_array_append_val (job->objs, o);
    }
  return job;
}

static void
action_copy_csv (GtkWidget *widget, const char *name, GVariant *param)
{
  ExportJob *job = export_job_new (HS_INSTANCES_PANE (widget));

  if (job != NULL)
    hs_csv_export_copy_built (widget, export_build, job, (GDestroyNotify)export_job_free);
}

static void
action_save_csv (GtkWidget *widget, const char *name, GVariant *param)
{
  ExportJob *job = export_job_new (HS_INSTANCES_PANE (widget));

  if (job != NULL)
    {
      HsAnalysis *a = hs_loader_get_analysis (job->loader);
      g_autofree char *file = hs_csv_export_file_name (hs_loader_get_file_name (job->loader), "instances");
      hs_csv_export_save_built (widget, file, export_build, job, (GDestroyNotify)export_job_free,
                                hs_heap_path (a->heap));
    }
}

static void
hs_instances_pane_class_init (HsInstancesPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hs_instances_pane_dispose;

  g_type_ensure (HS_TYPE_OBJECT_COLUMN_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/heapscope/Heapscope/ui/hs-instances-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, HsInstancesPane, box);
  gtk_widget_class_bind_template_child (widget_class, HsInstancesPane, label);
  gtk_widget_class_bind_template_child (widget_class, HsInstancesPane, table);
  gtk_widget_class_bind_template_child (widget_class, HsInstancesPane, filter_entry);
  gtk_widget_class_bind_template_child (widget_class, HsInstancesPane, filter_error);
  gtk_widget_class_bind_template_child (widget_class, HsInstancesPane, statics_button);
  gtk_widget_class_bind_template_child (widget_class, HsInstancesPane, statics_label);
  gtk_widget_class_bind_template_callback (widget_class, on_close);
  gtk_widget_class_install_action (widget_class, "export.copy-csv", NULL, action_copy_csv);
  gtk_widget_class_install_action (widget_class, "export.save-csv", NULL, action_save_csv);
  gtk_widget_class_bind_template_callback (widget_class, on_filter_changed);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  /* As the GtkBox it replaces in the views' templates. */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GENERIC);
}

static void
hs_instances_pane_init (HsInstancesPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->heap = -1;
  self->paths_button = hs_paths_list_button_new (GTK_WIDGET (self->label));
  /* The views' Export button, before the pane's close button. */
  GtkWidget *toolbar = gtk_widget_get_parent (GTK_WIDGET (self->label));
  GtkWidget *close = gtk_widget_get_last_child (toolbar);
  gtk_box_insert_child_after (GTK_BOX (toolbar), hs_csv_export_button_new (),
                              gtk_widget_get_prev_sibling (close));
  /* Hidden until something is listed. */
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}
