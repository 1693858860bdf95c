/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-selection-bar.c: a selection's precise retained size under a table
 * (see the header). The layout is ui/hs-selection-bar.ui. The worker
 * writes its progress into the job (an atomic per mille); the bar reads it
 * a few times a second while the job runs, so the UI thread never waits
 * for the worker and the worker never queues work on the UI thread. */
#include "config.h"
#include "hs-selection-bar.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

struct _HsSelectionBar
{
  GtkWidget parent_instance;

  /* template */
  GtkBox *box;
  GtkLabel *count_label;
  GtkLabel *result_label;
  GtkProgressBar *progress;
  GtkButton *cancel_button;
  GtkButton *compute_button;

  HsSelectionCollectFunc collect;
  gpointer collect_data;
  guint n_selected;
  GCancellable *cancellable; /* the job running, or NULL */
  struct _Job *job;          /* the job running (a reference), for its progress */
  guint tick;                /* the source reading its progress */
  gboolean has_result;
  HsRetainedSelection result;
  gboolean compact; /* a sidebar's: no selection, no button */
};

G_DEFINE_FINAL_TYPE (HsSelectionBar, hs_selection_bar, GTK_TYPE_WIDGET)

typedef struct _Job
{
  gint ref_count;
  HsLoader *loader;
  GArray *objs;     /* HsObj */
  GArray *classes;  /* HsClass */
  char *members_of; /* a class suspect's name: its members join objs, found on the worker */
  gint permille;    /* atomic: the worker's progress */
  HsRetainedSelection result;
} Job;

static Job *
job_ref (Job *job)
{
  g_atomic_int_inc (&job->ref_count);
  return job;
}

static void
job_unref (Job *job)
{
  if (!g_atomic_int_dec_and_test (&job->ref_count))
    return;
  /* What the worker read may be freed now (a mapping replaced it). */
  hs_analysis_release (hs_loader_get_analysis (job->loader));
  g_object_unref (job->loader);
  g_array_unref (job->objs);
  g_array_unref (job->classes);
  g_free (job->members_of);
  g_free (job);
}

static void
on_fraction (double fraction, gpointer data)
{
  Job *job = data;
  g_atomic_int_set (&job->permille, (gint)(fraction * 1000));
}

static void
selection_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  GError *error = NULL;

  if (job->members_of != NULL)
    {
      g_autoptr (GArray) members
          = hs_retained_selection_top_level_of (hs_loader_get_analysis (job->loader), job->members_of);
      g_array_append_vals (job->objs, members->data, members->len);
    }
  if (hs_retained_selection_compute (hs_loader_get_analysis (job->loader), (const HsObj *)job->objs->data,
                                     job->objs->len, (const HsClass *)job->classes->data, job->classes->len,
                                     on_fraction, job, cancellable, &job->result, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
set_running (HsSelectionBar *self, gboolean running)
{
  gtk_widget_set_visible (GTK_WIDGET (self->progress), running);
  gtk_widget_set_visible (GTK_WIDGET (self->cancel_button), running);
  if (!running)
    {
      g_clear_handle_id (&self->tick, g_source_remove);
      g_clear_pointer (&self->job, job_unref);
      g_clear_object (&self->cancellable);
    }
}

static gboolean
on_tick (gpointer data)
{
  HsSelectionBar *self = data;

  if (self->job != NULL)
    gtk_progress_bar_set_fraction (self->progress, g_atomic_int_get (&self->job->permille) / 1000.0);
  return G_SOURCE_CONTINUE;
}

static void
show_result (HsSelectionBar *self, const HsRetainedSelection *r)
{
  g_autofree char *objects = hs_format_count (r->n_objects);
  g_autofree char *shallow = hs_format_bytes (r->shallow);
  g_autofree char *retained = hs_format_bytes (r->retained);
  g_autofree char *count = hs_format_count (r->retained_count);
  g_autofree char *text = NULL;

  /* Translators: "3 objects, shallow 48 B, retain 112 B (6 objects)". */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s object, shallow %s, retains %s (%s objects)",
                                       "%s objects, shallow %s, retain %s (%s objects)", r->n_objects),
                          objects, shallow, retained, count);
  gtk_label_set_text (self->result_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->result_label),
                               _ ("Precise retained size: what freeing all of them together would free"));
}

static void
selection_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Job *job = data;
  HsSelectionBar *self = HS_SELECTION_BAR (source);
  g_autoptr (GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* Cancelled by a newer request or by the bar going: that one says. */
      if (self->job == job)
        {
          set_running (self, FALSE);
          gtk_label_set_text (self->result_label, g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)
                                                      ? _ ("Cancelled")
                                                      : error->message);
        }
      job_unref (job);
      return;
    }
  if (self->job == job)
    {
      set_running (self, FALSE);
      self->result = job->result;
      self->has_result = TRUE;
      show_result (self, &job->result);
    }
  job_unref (job);
}

void
hs_selection_bar_cancel (HsSelectionBar *self)
{
  g_return_if_fail (HS_IS_SELECTION_BAR (self));
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
}

static void
start_job (HsSelectionBar *self, HsLoader *loader, GArray *objs, GArray *classes, const char *members_of)
{
  g_autoptr (GTask) task = NULL;
  Job *job;

  /* A new request: the one running stops. */
  hs_selection_bar_cancel (self);
  set_running (self, FALSE);
  self->has_result = FALSE;

  job = g_new0 (Job, 1);
  job->ref_count = 1;
  job->loader = g_object_ref (loader);
  hs_analysis_hold (hs_loader_get_analysis (loader));
  job->objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  job->classes = g_array_new (FALSE, FALSE, sizeof (HsClass));
  if (objs != NULL)
    g_array_append_vals (job->objs, objs->data, objs->len);
  if (classes != NULL)
    g_array_append_vals (job->classes, classes->data, classes->len);
  job->members_of = g_strdup (members_of);
  if (members_of != NULL)
    {
      g_autofree char *title = g_strdup_printf (_ ("Members of %s"), members_of);
      gtk_label_set_text (self->count_label, title);
    }

  self->cancellable = g_cancellable_new ();
  self->job = job_ref (job);
  gtk_progress_bar_set_fraction (self->progress, 0);
  gtk_label_set_text (self->result_label, _ ("Computing the precise retained size…"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->result_label), NULL);
  set_running (self, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  self->tick = g_timeout_add (100, on_tick, self);

  task = g_task_new (self, self->cancellable, selection_done, job);
  g_task_set_name (task, "[heapscope] precise retained size of a selection");
  g_task_set_task_data (task, job_ref (job), (GDestroyNotify)job_unref);
  g_task_run_in_thread (task, selection_thread);
}

void
hs_selection_bar_compute (HsSelectionBar *self, HsLoader *loader, GArray *objs, GArray *classes)
{
  g_return_if_fail (HS_IS_SELECTION_BAR (self));
  g_return_if_fail (HS_IS_LOADER (loader) && hs_loader_get_analysis (loader) != NULL);
  start_job (self, loader, objs, classes, NULL);
}

void
hs_selection_bar_compute_members (HsSelectionBar *self, HsLoader *loader, const char *class_name)
{
  g_return_if_fail (HS_IS_SELECTION_BAR (self));
  g_return_if_fail (HS_IS_LOADER (loader) && hs_loader_get_analysis (loader) != NULL);
  g_return_if_fail (class_name != NULL);
  start_job (self, loader, NULL, NULL, class_name);
}

void
hs_selection_bar_compute_selection (HsSelectionBar *self)
{
  g_autoptr (GArray) objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  g_autoptr (GArray) classes = g_array_new (FALSE, FALSE, sizeof (HsClass));
  HsLoader *loader;

  g_return_if_fail (HS_IS_SELECTION_BAR (self));
  if (self->collect == NULL)
    return;
  loader = self->collect (self, objs, classes, self->collect_data);
  if (loader == NULL || hs_loader_get_analysis (loader) == NULL || objs->len + classes->len == 0)
    return;
  hs_selection_bar_compute (self, loader, objs, classes);
}

void
hs_selection_bar_set_collect_func (HsSelectionBar *self, HsSelectionCollectFunc func, gpointer data)
{
  g_return_if_fail (HS_IS_SELECTION_BAR (self));
  self->collect = func;
  self->collect_data = data;
}

void
hs_selection_bar_set_n_selected (HsSelectionBar *self, guint n)
{
  g_autofree char *count = hs_format_count (n);
  g_autofree char *text = NULL;

  g_return_if_fail (HS_IS_SELECTION_BAR (self));
  self->n_selected = n;
  if (self->compact)
    {
      gtk_widget_set_visible (GTK_WIDGET (self), self->job != NULL || self->has_result);
      return;
    }
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s row selected", "%s rows selected", n), count);
  gtk_label_set_text (self->count_label, text);
  gtk_widget_set_sensitive (GTK_WIDGET (self->compute_button), n > 0);
  /* Shown while there is a selection or an answer to read. */
  gtk_widget_set_visible (GTK_WIDGET (self), n > 0 || self->job != NULL || self->has_result);
}

void
hs_selection_bar_reset (HsSelectionBar *self)
{
  g_return_if_fail (HS_IS_SELECTION_BAR (self));
  hs_selection_bar_cancel (self);
  set_running (self, FALSE);
  self->has_result = FALSE;
  gtk_label_set_text (self->result_label, "");
  hs_selection_bar_set_n_selected (self, 0);
}

void
hs_selection_bar_set_compact (HsSelectionBar *self, gboolean compact)
{
  g_return_if_fail (HS_IS_SELECTION_BAR (self));
  self->compact = compact;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->box),
                                  compact ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (self->box, compact ? 3 : 12);
  gtk_label_set_wrap (self->result_label, compact);
  gtk_label_set_ellipsize (self->result_label, compact ? PANGO_ELLIPSIZE_NONE : PANGO_ELLIPSIZE_END);
  gtk_widget_set_visible (GTK_WIDGET (self->compute_button), !compact);
  gtk_widget_set_halign (GTK_WIDGET (self->cancel_button), compact ? GTK_ALIGN_START : GTK_ALIGN_FILL);
}

gboolean
hs_selection_bar_get_busy (HsSelectionBar *self)
{
  g_return_val_if_fail (HS_IS_SELECTION_BAR (self), FALSE);
  return self->job != NULL;
}

gboolean
hs_selection_bar_get_result (HsSelectionBar *self, HsRetainedSelection *out)
{
  g_return_val_if_fail (HS_IS_SELECTION_BAR (self), FALSE);
  if (self->has_result && out != NULL)
    *out = self->result;
  return self->has_result;
}

const char *
hs_selection_bar_get_text (HsSelectionBar *self)
{
  g_return_val_if_fail (HS_IS_SELECTION_BAR (self), NULL);
  return gtk_label_get_text (self->result_label);
}

static void
on_compute_clicked (GtkButton *button, HsSelectionBar *self)
{
  hs_selection_bar_compute_selection (self);
}

static void
on_cancel_clicked (GtkButton *button, HsSelectionBar *self)
{
  hs_selection_bar_cancel (self);
}

static void
hs_selection_bar_dispose (GObject *object)
{
  HsSelectionBar *self = HS_SELECTION_BAR (object);

  hs_selection_bar_cancel (self);
  set_running (self, FALSE);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_SELECTION_BAR);
  G_OBJECT_CLASS (hs_selection_bar_parent_class)->dispose (object);
}

static void
hs_selection_bar_class_init (HsSelectionBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hs_selection_bar_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/heapscope/Heapscope/ui/hs-selection-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, HsSelectionBar, box);
  gtk_widget_class_bind_template_child (widget_class, HsSelectionBar, count_label);
  gtk_widget_class_bind_template_child (widget_class, HsSelectionBar, result_label);
  gtk_widget_class_bind_template_child (widget_class, HsSelectionBar, progress);
  gtk_widget_class_bind_template_child (widget_class, HsSelectionBar, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, HsSelectionBar, compute_button);
  gtk_widget_class_bind_template_callback (widget_class, on_compute_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "hs-selection-bar");
}

static void
hs_selection_bar_init (HsSelectionBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  hs_selection_bar_set_n_selected (self, 0);
}
