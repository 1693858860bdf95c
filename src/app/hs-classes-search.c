/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-classes-search.c: the classes view's search, a part of HsClassesView
 * (hs-classes-view-private.h): class names and String contents (hs-search,
 * on a worker; Enter in the filter entry), the objects found listed in the
 * instances pane. */
#include "config.h"
#include "hs-classes-view-private.h"
#include "hs-search.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>
#include <inttypes.h>

#define PANE(self) HS_INSTANCES_PANE ((self)->instances_pane)
#define MAX_SEARCH_RESULTS 1000

/* The analysis a search's answer belongs to, or NULL when it came too
 * late: another list was asked for since (the pane cancelled the
 * request), or another dump was opened (the loader). A view that went
 * cancelled it. */
static HsAnalysis *
current_analysis (HsClassesView *self, GCancellable *request, HsLoader *loader)
{
  if (g_cancellable_is_cancelled (request) || loader != hs_view_get_loader (HS_VIEW (self)))
    return NULL;
  return hs_view_get_analysis (HS_VIEW (self));
}

typedef struct
{
  HsLoader *loader;
  char *text;
  GCancellable *request; /* the instances pane's */
} SearchJob;

static void
search_job_free (SearchJob *job)
{
  g_clear_object (&job->loader);
  g_clear_object (&job->request);
  g_free (job->text);
  g_free (job);
}

static void
search_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  SearchJob *job = data;
  GError *error = NULL;
  HsSearchResult *r = hs_search (hs_loader_get_analysis (job->loader)->heap, job->text, MAX_SEARCH_RESULTS,
                                 cancellable, &error);

  if (r == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, r, (GDestroyNotify)hs_search_result_free);
}

static void
search_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsClassesView *self = HS_CLASSES_VIEW (source);
  SearchJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autoptr (HsSearchResult) r = g_task_propagate_pointer (G_TASK (result), &error);
  g_autofree char *text = NULL;
  GArray *objs;
  HsAnalysis *a;

  /* Cancelled by a newer search, or the view went. */
  if (hs_task_failed (GTK_WIDGET (self), error, _ ("Could not search the dump"))
      || (a = current_analysis (self, job->request, job->loader)) == NULL)
    return;
  g_clear_object (&self->search_cancellable);
  /* Results as objects: the class objects of the classes named, then the
   * strings. */
  objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (guint i = 0; i < r->classes->len; i++)
    {
      HsObj o = hs_class_object (a->heap, g_array_index (r->classes, HsClass, i));
      if (o != HS_OBJ_NONE)
        g_array_append_val (objs, o);
    }
  g_array_append_vals (objs, r->strings->data, r->strings->len);
  {
    g_autofree char *n_classes = hs_format_count (r->n_classes);
    g_autofree char *n_shown = hs_format_count (r->strings->len);
    g_autofree char *n_strings = hs_format_count (r->n_strings);
    g_autofree char *classes = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "%s class", "%s classes", (gulong)MIN (r->n_classes, G_MAXULONG)),
        n_classes);
    if (r->n_strings > r->strings->len)
      /* Translators: the classes found ("3 classes"), then the strings. */
      text = g_strdup_printf (_ ("%s · first %s of %s strings containing “%s”"), classes, n_shown, n_strings,
                              job->text);
    else
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %s string containing “%s”",
                                           "%s · %s strings containing “%s”",
                                           (gulong)MIN (r->n_strings, G_MAXULONG)),
                              classes, n_strings, job->text);
  }
  hs_instances_pane_show_objects (PANE (self), text, job->loader, objs);
}

void
_hs_classes_view_cancel_search (HsClassesView *self)
{
  if (self->search_cancellable != NULL)
    g_cancellable_cancel (self->search_cancellable);
  g_clear_object (&self->search_cancellable);
}

void
hs_classes_view_search (HsClassesView *self, const char *text)
{
  g_autoptr (GTask) task = NULL;
  g_autofree char *label = NULL;
  SearchJob *job;

  g_return_if_fail (HS_IS_CLASSES_VIEW (self));
  g_return_if_fail (text != NULL);

  hs_view_ensure_filled (HS_VIEW (self));
  if (hs_view_get_analysis (HS_VIEW (self)) == NULL)
    return;
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->class_search)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->class_search), text);
  hs_classes_view_set_filter (self, text);
  _hs_classes_view_cancel_search (self);
  if (text[0] == '\0')
    {
      _hs_classes_view_forget_instances (self);
      return;
    }
  /* The results share the pane with a class's instances. */
  label = g_strdup_printf (_ ("Searching class names and strings for “%s”…"), text);
  self->instances_class = HS_CLASS_NONE;
  job = g_new0 (SearchJob, 1);
  job->loader = g_object_ref (hs_view_get_loader (HS_VIEW (self)));
  job->text = g_strdup (text);
  job->request = hs_instances_pane_begin (PANE (self), label);
  self->search_cancellable = g_cancellable_new ();

  task = g_task_new (self, self->search_cancellable, search_done, NULL);
  g_task_set_name (task, "[heapscope] search classes and strings");
  g_task_set_task_data (task, job, (GDestroyNotify)search_job_free);
  g_task_run_in_thread (task, search_thread);
}
