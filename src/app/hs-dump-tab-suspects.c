/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-suspects.c: the suspects' threshold changed ("Suspects
 * above N %", app.suspects-percent): the suspects are found again on the
 * dump's dominator tree, on a worker, and swapped in; nothing else is
 * analysed again, and the view shown, its selection, the inspector and
 * back/forward stay where the user left them. A load still running
 * starts over with the new threshold (it reads it when it starts). */
#include "config.h"
#include "hs-dump-tab-private.h"
#include "hs-leaks-view.h"

#include <glib/gi18n.h>

typedef struct
{
  HsLoader *loader;
  double percent;
  HsAnalysisOptions opts; /* the leak options, as the suspects read them */
  HsSuspects *suspects;
} SuspectsJob;

static void
job_free (SuspectsJob *job)
{
  g_clear_object (&job->loader);
  g_clear_pointer (&job->suspects, hs_suspects_free);
  g_free (job);
}

static void
suspects_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  SuspectsJob *job = data;
  HsAnalysis *a = hs_loader_get_analysis (job->loader);
  GError *error = NULL;

  job->suspects = hs_suspects_find (a->heap, a->dom, &job->opts.leaks, job->percent, cancellable, &error);
  if (job->suspects != NULL)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* The views that show suspects show the new ones; the others have none. */
static void
show_new_suspects (HsDumpTab *self)
{
  const char *shown = hs_dump_tab_get_view (self);

  for (guint i = 0; i < self->views->len; i++)
    {
      HsView *view = g_ptr_array_index (self->views, i);
      if (HS_IS_LEAKS_VIEW (view))
        hs_leaks_view_refresh_suspects (HS_LEAKS_VIEW (view));
      else if (g_str_equal (hs_view_get_name (view), "overview") && hs_view_is_filled (view))
        {
          /* Its figures are a moment's work: filled again. */
          hs_view_set_loader (view, self->loader);
          if (g_strcmp0 (shown, "overview") == 0)
            hs_view_ensure_filled (view);
        }
    }
}

static void
suspects_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsDumpTab *self = HS_DUMP_TAB (source);
  SuspectsJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  HsAnalysis *a;
  HsSuspects *old;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) && !self->disposed)
        {
          g_autofree char *text
              = g_strdup_printf (_ ("Could not find the suspects again: %s"), error->message);
          _hs_dump_tab_show_toast (self, text);
        }
      return;
    }
  if (self->disposed || job->loader != self->loader || hs_loader_get_state (self->loader) != HS_LOADER_DONE)
    return;
  a = hs_loader_get_analysis (self->loader);
  old = a->suspects;
  a->suspects = g_steal_pointer (&job->suspects);
  /* The views drop what they showed of the old suspects before they go. */
  show_new_suspects (self);
  hs_suspects_free (old);
}

void
_hs_dump_tab_suspects_cancel (HsDumpTab *self)
{
  if (self->suspects_cancellable != NULL)
    g_cancellable_cancel (self->suspects_cancellable);
  g_clear_object (&self->suspects_cancellable);
}

void
hs_dump_tab_find_suspects (HsDumpTab *self)
{
  GApplication *app = g_application_get_default ();
  g_autoptr (GVariant) percent = NULL;
  g_autoptr (GVariant) inspectors = NULL;
  g_autoptr (GTask) task = NULL;
  HsAnalysis *a;
  SuspectsJob *job;

  g_return_if_fail (HS_IS_DUMP_TAB (self));
  if (self->loader == NULL)
    return;
  if (hs_loader_get_state (self->loader) == HS_LOADER_LOADING)
    {
      hs_dump_tab_reload (self);
      return;
    }
  a = _hs_dump_tab_get_analysis (self);
  if (a == NULL || a->dom == NULL || a->suspects == NULL || app == NULL)
    return;
  job = g_new0 (SuspectsJob, 1);
  job->loader = g_object_ref (self->loader);
  job->percent = a->suspects->percent;
  percent = g_action_group_get_action_state (G_ACTION_GROUP (app), "suspects-percent");
  if (percent != NULL && g_variant_is_of_type (percent, G_VARIANT_TYPE_INT32))
    job->percent = g_variant_get_int32 (percent);
  inspectors = g_action_group_get_action_state (G_ACTION_GROUP (app), "android-inspectors-as-leaks");
  if (inspectors != NULL && g_variant_is_of_type (inspectors, G_VARIANT_TYPE_BOOLEAN))
    job->opts.leaks.android_inspectors_as_leaks = g_variant_get_boolean (inspectors);
  /* One search at a time: the last threshold wins. */
  _hs_dump_tab_suspects_cancel (self);
  self->suspects_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->suspects_cancellable, suspects_done, NULL);
  g_task_set_name (task, "[heapscope] suspects at a new threshold");
  g_task_set_task_data (task, job, (GDestroyNotify)job_free);
  g_task_run_in_thread (task, suspects_thread);
}
