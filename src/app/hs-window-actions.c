/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window-actions.c: the window's actions (win.open, open-file,
 * new-tab, compare, export, find, close, reload, reanalyse, load-mapping, view,
 * inspect, toast, toast-button, dismiss-toast, zoom-treemap; back,
 * forward, goto, copy-id, copy-path, query-object), installed on the
 * class, acting on the tab shown, with the file
 * choosers (GtkFileChooserNative: GTK 4.8 has no GtkFileDialog), the
 * export on a worker, and Alt+1..N for the views of the tab's view table. */
#include "config.h"
#include "hs-query-view.h"
#include "hs-window-private.h"
#include "hs-dump-tab-mapping.h"
#include "hs-window-mapping.h"
#include "hs-classes-view.h"
#include "hs-compare-view.h"
#include "hs-growth-view.h"
#include "hs-window-series.h"
#include "hs-insights-view.h"
#include "hs-threads-view.h"
#include "hs-treemap-view.h"
#include "hs-paths-view.h"
#include "hs-refs-view.h"
#include "hs-loaders-view.h"
#include "hs-object-path.h"
#include "hs-report.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>
#include <string.h>

static void
open_response (GtkNativeDialog *dialog, int response, HsWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      g_autoptr (GPtrArray) chosen = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        g_ptr_array_add (chosen, g_list_model_get_item (files, i));
      if (chosen->len > 1)
        _hs_window_series_open (self, (GFile *const *)chosen->pdata, chosen->len); /* one series */
      else if (chosen->len == 1)
        {
          if (g_object_get_data (G_OBJECT (dialog), "hs-new-tab") != NULL)
            hs_window_open_in_new_tab (self, chosen->pdata[0], 0);
          else
            hs_window_open_file (self, chosen->pdata[0]);
        }
    }
  g_object_unref (dialog);
}

/* A chooser of dump files (the caller connects "response"). */
static GtkFileChooserNative *
dump_chooser_new (HsWindow *self, const char *title, const char *accept)
{
  GtkFileChooserNative *dialog;
  g_autoptr (GtkFileFilter) dumps = gtk_file_filter_new ();
  g_autoptr (GtkFileFilter) all = gtk_file_filter_new ();

  dialog = gtk_file_chooser_native_new (title, GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN, accept,
                                        _ ("_Cancel"));
  gtk_file_filter_set_name (dumps, _ ("Heap dumps"));
  gtk_file_filter_add_pattern (dumps, "*.hprof");
  gtk_file_filter_add_pattern (dumps, "*.hprof.gz");
  gtk_file_filter_add_mime_type (dumps, "application/x-java-hprof");
  gtk_file_filter_set_name (all, _ ("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), dumps);
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), all);
  gtk_file_chooser_set_filter (GTK_FILE_CHOOSER (dialog), dumps);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  return dialog;
}

static void
open_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  GtkFileChooserNative *dialog = dump_chooser_new (self, _ ("Open a Heap Dump"), _ ("_Open"));

  /* Several chosen are a series (hs-window-series.h). */
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (open_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* Ctrl+T: a file chooser, the dump chosen in a new tab. */
static void
new_tab_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  GtkFileChooserNative *dialog = dump_chooser_new (self, _ ("Open a Heap Dump in a New Tab"), _ ("_Open"));

  g_object_set_data (G_OBJECT (dialog), "hs-new-tab", GINT_TO_POINTER (1));
  g_signal_connect_object (dialog, "response", G_CALLBACK (open_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* --- compare ------------------------------------------------------------- */

void
hs_window_compare_with (HsWindow *self, GFile *file, int dump)
{
  HsView *view;

  g_return_if_fail (HS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  view = hs_window_get_view_by_name (self, "compare");
  if (_hs_window_get_analysis (self) == NULL || view == NULL)
    return;
  hs_window_set_view (self, "compare");
  hs_compare_view_set_baseline (HS_COMPARE_VIEW (view), file, dump);
}

void
hs_window_compare_with_tab (HsWindow *self, HsDumpTab *baseline)
{
  HsView *view;
  HsAnalysis *b;

  g_return_if_fail (HS_IS_WINDOW (self));
  g_return_if_fail (HS_IS_DUMP_TAB (baseline));

  view = hs_window_get_view_by_name (self, "compare");
  b = hs_dump_tab_get_analysis (baseline);
  if (_hs_window_get_analysis (self) == NULL || view == NULL || b == NULL || baseline == self->tab)
    return;
  hs_window_set_view (self, "compare");
  hs_compare_view_set_baseline_analysis (HS_COMPARE_VIEW (view), b);
}

/* The menu's "Compare with" a tab: its index in the tab bar. */
static void
compare_tab_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  HsDumpTab *tab = hs_window_get_nth_tab (self, g_variant_get_uint32 (param));

  if (tab != NULL)
    hs_window_compare_with_tab (self, tab);
}

static void
compare_response (GtkNativeDialog *dialog, int response, HsWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      if (file != NULL)
        hs_window_compare_with (self, file, 0);
    }
  g_object_unref (dialog);
}

static void
compare_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  GtkFileChooserNative *dialog;

  /* Before the analysis is done there is nothing to compare with. */
  if (_hs_window_get_analysis (self) == NULL)
    return;
  dialog = dump_chooser_new (self, _ ("Compare with a Baseline Dump"), _ ("_Compare"));
  g_signal_connect_object (dialog, "response", G_CALLBACK (compare_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* --- add to series ------------------------------------------------------ */

/* The dumps chosen are the older dumps of a series whose newest is the
 * tab's, oldest first by the time each was taken (hs-window-series.h). */
static void
add_to_series_response (GtkNativeDialog *dialog, int response, HsWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GListModel) files = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (dialog));
      g_autoptr (GPtrArray) older = g_ptr_array_new_with_free_func (g_object_unref);
      HsView *view = hs_window_get_view_by_name (self, "growth");
      for (guint i = 0; i < g_list_model_get_n_items (files); i++)
        g_ptr_array_add (older, g_list_model_get_item (files, i));
      _hs_window_series_order (older);
      if (view != NULL && older->len > 0)
        {
          hs_window_set_view (self, "growth");
          hs_growth_view_set_series (HS_GROWTH_VIEW (view), (GFile *const *)older->pdata, older->len);
        }
    }
  g_object_unref (dialog);
}

static void
add_to_series_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  GtkFileChooserNative *dialog;

  if (_hs_window_get_analysis (self) == NULL)
    return;
  dialog = dump_chooser_new (self, _ ("Add Earlier Dumps to a Series"), _ ("_Add"));
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (add_to_series_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

/* The comparison shown in the Compare view, referenced, or NULL. */
static HsCompareList *
compare_list_ref (HsWindow *self)
{
  HsView *view = hs_window_get_view_by_name (self, "compare");
  HsCompareList *list = view != NULL ? hs_compare_view_get_list (HS_COMPARE_VIEW (view)) : NULL;

  return list != NULL ? g_object_ref (list) : NULL;
}

/* --- export -------------------------------------------------------------- */

typedef struct
{
  HsLoader *loader;
  HsCompareList *compare; /* while comparing: the growth section */
  HsWaste *waste;         /* the Insights view's findings, when it has them */
  char *path;
} ExportJob;

static void
export_job_free (ExportJob *job)
{
  /* The results it read may be freed now (a mapping replaced them). */
  if (job->loader != NULL)
    hs_analysis_release (hs_loader_get_analysis (job->loader));
  g_clear_object (&job->loader);
  g_clear_object (&job->compare);
  g_clear_pointer (&job->waste, hs_waste_free);
  g_free (job->path);
  g_free (job);
}

static void
export_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ExportJob *job = data;
  HsReportOptions opts = { .include_generation_time = TRUE };

  if (g_task_return_error_if_cancelled (task))
    return;

  /* The list is only read here (its HsCompare never changes). */
  if (job->compare != NULL)
    opts.compare = hs_compare_list_get_compare (job->compare);
  /* Not found again when the Insights view has it. */
  opts.waste = job->waste;
  GError *error = NULL;

  if (hs_report_write (hs_loader_get_analysis (job->loader), &opts, job->path, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
export_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsWindow *self = HS_WINDOW (source);
  ExportJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  gboolean ok = g_task_propagate_boolean (G_TASK (result), &error);

  /* The window's cancellable is cancelled when it goes. */
  if (!ok && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (ok)
    {
      g_autoptr (GFile) file = g_file_new_for_path (job->path);
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *name = g_file_get_basename (file);
      g_autofree char *text = g_strdup_printf (_ ("Report saved as %s"), name);
      _hs_window_show_toast (self, text, uri);
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_ ("Could not save the report: %s"), error->message);
      _hs_window_show_toast (self, text, NULL);
    }
}

void
hs_window_export_to (HsWindow *self, const char *path)
{
  g_autoptr (GTask) task = NULL;
  ExportJob *job;

  g_return_if_fail (HS_IS_WINDOW (self));
  g_return_if_fail (path != NULL);

  if (_hs_window_get_analysis (self) == NULL)
    return;
  if (hs_window_is_mapping_busy (self))
    {
      /* The report would mix the dump's names and the mapping's. */
      _hs_window_show_toast (self, _ ("A mapping is being applied: export the report once it is done"), NULL);
      return;
    }
  job = g_new0 (ExportJob, 1);
  job->loader = g_object_ref (hs_window_get_loader (self));
  /* It reads the leaks and suspects, which a mapping applied meanwhile
   * replaces: they stay until it lets go (export_job_free). */
  hs_analysis_hold (hs_loader_get_analysis (job->loader));
  job->compare = compare_list_ref (self);
  job->waste = hs_insights_view_ref_waste (HS_INSIGHTS_VIEW (hs_window_get_view_by_name (self, "insights")));
  job->path = g_strdup (path);
  task = g_task_new (self, self->cancellable, export_done, NULL);
  g_task_set_name (task, "[heapscope] export the report");
  g_task_set_task_data (task, job, (GDestroyNotify)export_job_free);
  g_task_run_in_thread (task, export_thread);
}

static void
export_response (GtkNativeDialog *dialog, int response, HsWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      if (path != NULL)
        hs_window_export_to (self, path);
    }
  g_object_unref (dialog);
}

/* "dump.hprof.gz" -> "dump-leaks.html" */
static char *
report_name (const char *dump_name)
{
  g_autofree char *base = g_strdup (dump_name);

  if (g_str_has_suffix (base, ".gz"))
    base[strlen (base) - 3] = '\0';
  if (g_str_has_suffix (base, ".hprof"))
    base[strlen (base) - 6] = '\0';
  return g_strdup_printf ("%s-leaks.html", base);
}

static void
export_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  GtkFileChooserNative *dialog;
  g_autoptr (GtkFileFilter) html = gtk_file_filter_new ();
  g_autofree char *name = NULL;

  if (_hs_window_get_analysis (self) == NULL)
    return;
  name = report_name (hs_loader_get_file_name (hs_window_get_loader (self)));
  dialog = gtk_file_chooser_native_new (_ ("Export the Leak Report"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Export"), _ ("_Cancel"));
  gtk_file_filter_set_name (html, _ ("HTML files"));
  gtk_file_filter_add_mime_type (html, "text/html");
  gtk_file_filter_add_pattern (html, "*.html");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), html);
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (export_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
find_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);

  if (_hs_window_get_analysis (self) == NULL)
    return;
  hs_window_set_view (self, "classes");
  hs_classes_view_focus_filter (HS_CLASSES_VIEW (hs_window_get_view_by_name (self, "classes")));
}

/* Ctrl+W: closes the tab shown; the window goes with its last tab. */
static void
close_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);

  if (self->tab == NULL || hs_window_get_n_tabs (self) <= 1)
    gtk_window_close (GTK_WINDOW (widget));
  else
    hs_window_close_tab (self, self->tab);
}

/* The toast's Reload (the file changed on disk): the tab shown. */
static void
reload_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);

  if (self->tab != NULL)
    hs_dump_tab_reload (self->tab);
}

/* Re-analyse (the menu, the saved index's banner): the tab shown, analysed
 * afresh and its saved index replaced. Enabled while a dump is shown
 * (hs-window-tabs.c). */
static void
reanalyse_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);

  if (self->tab != NULL)
    hs_dump_tab_reanalyse (self->tab);
}

static void
load_mapping_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);

  if (self->tab != NULL)
    hs_dump_tab_choose_mapping (self->tab, GTK_WINDOW (self));
}

static void
view_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);

  if (_hs_window_get_analysis (self) != NULL)
    hs_window_set_view (self, g_variant_get_string (param, NULL));
}

static void
inspect_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  hs_window_inspect (HS_WINDOW (widget), g_variant_get_uint32 (param));
}

/* The treemap zoomed to an object (a suspect's accumulation point). */
static void
zoom_treemap_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  HsView *view = hs_window_get_view_by_name (self, "treemap");

  if (_hs_window_get_analysis (self) == NULL || !HS_IS_TREEMAP_VIEW (view))
    return;
  hs_window_set_view (self, "treemap");
  hs_treemap_view_zoom_to_object (HS_TREEMAP_VIEW (view), g_variant_get_uint32 (param));
}

/* The Threads view on one thread (a GC root's thread, from the
 * inspector), given by its thread object. */
static void
show_thread_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  HsView *view = hs_window_get_view_by_name (self, "threads");

  if (_hs_window_get_analysis (self) == NULL || !HS_IS_THREADS_VIEW (view))
    return;
  hs_window_set_view (self, "threads");
  hs_threads_view_show_thread (HS_THREADS_VIEW (view), g_variant_get_uint32 (param));
}

/* The paths view, shown, with merged paths of a class's instances or the
 * paths of one object. */
static HsPathsView *
paths_view (HsWindow *self)
{
  HsView *view = hs_window_get_view_by_name (self, "paths");

  if (_hs_window_get_analysis (self) == NULL || !HS_IS_PATHS_VIEW (view))
    return NULL;
  hs_view_reveal (view);
  hs_window_set_view (self, "paths");
  return HS_PATHS_VIEW (view);
}

static void
merged_paths_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsPathsView *view = paths_view (HS_WINDOW (widget));

  if (view)
    hs_paths_view_show_class (view, g_variant_get_uint32 (param));
}

static void
other_paths_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsPathsView *view = paths_view (HS_WINDOW (widget));

  if (view)
    hs_paths_view_show_other_paths (view, g_variant_get_uint32 (param));
}

static void
merged_paths_objects_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsPathsView *view = paths_view (HS_WINDOW (widget));
  g_autoptr (GVariant) list = NULL;
  const char *what;
  const HsObj *objs;
  gsize n = 0;

  g_variant_get (param, "(&s@au)", &what, &list);
  objs = g_variant_get_fixed_array (list, &n, sizeof (HsObj));
  if (view)
    hs_paths_view_show_objects (view, objs, n, what);
}

static void
merged_paths_members_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsPathsView *view = paths_view (HS_WINDOW (widget));

  if (view)
    hs_paths_view_show_members (view, g_variant_get_string (param, NULL));
}

/* The Class Loaders view, put in the switcher and shown (the window's
 * menu, the Overview's loaders row). */
static void
class_loaders_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  HsView *view = hs_window_get_view_by_name (self, "loaders");

  if (_hs_window_get_analysis (self) == NULL || !HS_IS_LOADERS_VIEW (view))
    return;
  hs_view_reveal (view);
  hs_window_set_view (self, "loaders");
}

/* The References view, shown, on one object's outgoing or incoming
 * references (the object menus, the inspector's links). */
static void
show_refs (HsWindow *self, HsObj obj, gboolean incoming)
{
  HsView *view = hs_window_get_view_by_name (self, "refs");
  HsAnalysis *a = _hs_window_get_analysis (self);

  if (a == NULL || !HS_IS_REFS_VIEW (view) || obj >= hs_heap_n_objects (a->heap))
    return;
  hs_view_reveal (view);
  hs_window_set_view (self, "refs");
  hs_refs_view_show (HS_REFS_VIEW (view), obj, incoming);
}

static void
list_outgoing_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  show_refs (HS_WINDOW (widget), g_variant_get_uint32 (param), FALSE);
}

static void
list_incoming_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  show_refs (HS_WINDOW (widget), g_variant_get_uint32 (param), TRUE);
}

/* A path step's reference excluded: the object's paths without it. */
static void
exclude_reference_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsPathsView *view = paths_view (HS_WINDOW (widget));
  guint32 obj;
  const char *ref;

  g_variant_get (param, "(u&s)", &obj, &ref);
  if (view)
    hs_paths_view_show_other_paths_without (view, obj, ref);
}

/* A view's short message ("copied to the clipboard"). */
static void
toast_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  _hs_window_show_toast (HS_WINDOW (widget), g_variant_get_string (param, NULL), NULL);
}

/* A notice with a button: (text, button label, detailed action of the
 * button), as "changed on disk" with its Reload. */
static void
toast_button_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  const char *text, *button, *detailed;
  g_autofree char *name = NULL;
  g_autoptr (GVariant) target = NULL;
  g_autoptr (GError) error = NULL;

  g_variant_get (param, "(&s&s&s)", &text, &button, &detailed);
  if (!g_action_parse_detailed_name (detailed, &name, &target, &error))
    {
      g_warning ("win.toast-button: %s", error->message);
      return;
    }
  /* The toast takes its own reference of target (not floating). */
  _hs_window_show_toast_action (HS_WINDOW (widget), text, button, name, target);
}

static void
dismiss_toast_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  _hs_window_dismiss_toast (HS_WINDOW (widget));
}

/* A file the user chose outside the window's own choosers (the welcome
 * page's recent dumps): a URI, opened as hs_window_open_file does. */
static void
open_file_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  g_autoptr (GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  hs_window_open_file (HS_WINDOW (widget), file);
}

static void
back_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsDumpTab *tab = hs_window_get_tab (HS_WINDOW (widget));

  if (tab != NULL)
    hs_dump_tab_back (tab);
}

static void
forward_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsDumpTab *tab = hs_window_get_tab (HS_WINDOW (widget));

  if (tab != NULL)
    hs_dump_tab_forward (tab);
}

static void
goto_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  _hs_window_goto_popup (HS_WINDOW (widget));
}

static void
copy_text (HsWindow *self, const char *text, const char *toast)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);
  _hs_window_show_toast (self, toast, NULL);
}

static void
copy_id_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  HsAnalysis *a = _hs_window_get_analysis (self);
  HsObj obj = g_variant_get_uint32 (param);
  g_autofree char *text = NULL;

  if (a == NULL || obj >= hs_heap_n_objects (a->heap))
    return;
  text = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", hs_heap_object_id (a->heap, obj));
  copy_text (self, text, _ ("Id copied to the clipboard"));
}

/* "Query from here": the Query view with a query over the object; for a
 * class object, over the class's instances. */
static void
query_object_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  HsAnalysis *a = _hs_window_get_analysis (self);
  HsObj obj = g_variant_get_uint32 (param);
  HsView *view = hs_window_get_view_by_name (self, "query");
  g_autofree char *text = NULL;

  if (a == NULL || view == NULL || obj >= hs_heap_n_objects (a->heap))
    return;
  HsClass c = hs_heap_object_as_class (a->heap, obj);
  if (c != HS_CLASS_NONE)
    text = g_strdup_printf ("SELECT * FROM %s c", hs_class_name (a->heap, c));
  else
    text = g_strdup_printf ("SELECT * FROM OBJECTS 0x%" G_GINT64_MODIFIER "x s",
                            hs_heap_object_id (a->heap, obj));
  hs_query_view_set_text (HS_QUERY_VIEW (view), text);
  hs_window_set_view (self, "query");
}

/* "Query from here" on a class row: a query over its instances. */
static void
query_class_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  HsAnalysis *a = _hs_window_get_analysis (self);
  HsClass c = g_variant_get_uint32 (param);
  HsView *view = hs_window_get_view_by_name (self, "query");
  g_autofree char *text = NULL;

  if (a == NULL || view == NULL || c >= hs_heap_n_classes (a->heap))
    return;
  text = g_strdup_printf ("SELECT * FROM %s c", hs_class_name (a->heap, c));
  hs_query_view_set_text (HS_QUERY_VIEW (view), text);
  hs_window_set_view (self, "query");
}

/* The path needs the referrer index and a breadth-first search: on a
 * worker, as the inspector does. */
typedef struct
{
  HsLoader *loader;
  HsObj obj;
} PathJob;

static void
path_job_free (PathJob *job)
{
  g_clear_object (&job->loader);
  g_free (job);
}

static void
path_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  PathJob *job = data;
  if (g_task_return_error_if_cancelled (task))
    return;
  char *text = hs_object_path_text (hs_loader_get_analysis (job->loader)->heap, job->obj, 2000000);

  g_task_return_pointer (task, text, g_free);
}

static void
path_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsWindow *self = HS_WINDOW (source);
  PathJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autofree char *text = g_task_propagate_pointer (G_TASK (result), &error);

  /* Cancelled when the window goes; dropped when another tab is shown. */
  if (hs_task_failed (GTK_WIDGET (self), error, _ ("Could not copy the path to the GC root"))
      || job->loader != hs_window_get_loader (self))
    return;
  if (text == NULL)
    _hs_window_show_toast (self, _ ("No path to a GC root: unreachable or too far"), NULL);
  else
    copy_text (self, text, _ ("Path to the GC root copied to the clipboard"));
}

static void
copy_path_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  HsAnalysis *a = _hs_window_get_analysis (self);
  HsObj obj = g_variant_get_uint32 (param);
  g_autoptr (GTask) task = NULL;
  PathJob *job;

  if (a == NULL || obj >= hs_heap_n_objects (a->heap))
    return;
  job = g_new0 (PathJob, 1);
  job->loader = g_object_ref (hs_window_get_loader (self));
  job->obj = obj;
  task = g_task_new (self, self->cancellable, path_done, NULL);
  g_task_set_name (task, "[heapscope] copy the path to a GC root");
  g_task_set_task_data (task, job, (GDestroyNotify)path_job_free);
  g_task_run_in_thread (task, path_thread);
}

void
_hs_window_class_actions_init (HsWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  guint key = 0;
  GType type;

  gtk_widget_class_install_action (widget_class, "win.open", NULL, open_action);
  gtk_widget_class_install_action (widget_class, "win.compare", NULL, compare_action);
  _hs_window_class_capture_init (widget_class);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.compare", NULL);
  gtk_widget_class_install_action (widget_class, "win.export", NULL, export_action);
  gtk_widget_class_install_action (widget_class, "win.compare-tab", "u", compare_tab_action);
  gtk_widget_class_install_action (widget_class, "win.add-to-series", NULL, add_to_series_action);
  gtk_widget_class_install_action (widget_class, "win.new-tab", NULL, new_tab_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_t, GDK_CONTROL_MASK, "win.new-tab", NULL);
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
  gtk_widget_class_install_action (widget_class, "win.reanalyse", NULL, reanalyse_action);
  gtk_widget_class_install_action (widget_class, "win.load-mapping", NULL, load_mapping_action);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, find_action);
  gtk_widget_class_install_action (widget_class, "win.close", NULL, close_action);
  gtk_widget_class_install_action (widget_class, "win.view", "s", view_action);
  gtk_widget_class_install_action (widget_class, "win.inspect", "u", inspect_action);
  /* A row selected with one click in an object table (the instance list,
   * the dominator tree): inspected, as a click is everywhere else. */
  gtk_widget_class_install_action (widget_class, "win.select-object", "u", inspect_action);
  gtk_widget_class_install_action (widget_class, "win.toast", "s", toast_action);
  gtk_widget_class_install_action (widget_class, "win.toast-button", "(sss)", toast_button_action);
  gtk_widget_class_install_action (widget_class, "win.dismiss-toast", NULL, dismiss_toast_action);
  gtk_widget_class_install_action (widget_class, "win.open-file", "s", open_file_action);
  gtk_widget_class_install_action (widget_class, "win.zoom-treemap", "u", zoom_treemap_action);
  gtk_widget_class_install_action (widget_class, "win.show-thread", "u", show_thread_action);
  gtk_widget_class_install_action (widget_class, "win.merged-paths", "u", merged_paths_action);
  gtk_widget_class_install_action (widget_class, "win.other-paths", "u", other_paths_action);
  gtk_widget_class_install_action (widget_class, "win.merged-paths-objects", "(sau)",
                                   merged_paths_objects_action);
  gtk_widget_class_install_action (widget_class, "win.merged-paths-members", "s",
                                   merged_paths_members_action);
  gtk_widget_class_install_action (widget_class, "win.exclude-reference", "(us)", exclude_reference_action);
  gtk_widget_class_install_action (widget_class, "win.class-loaders", NULL, class_loaders_action);
  gtk_widget_class_install_action (widget_class, "win.list-outgoing", "u", list_outgoing_action);
  gtk_widget_class_install_action (widget_class, "win.list-incoming", "u", list_incoming_action);
  gtk_widget_class_install_action (widget_class, "win.back", NULL, back_action);
  gtk_widget_class_install_action (widget_class, "win.forward", NULL, forward_action);
  gtk_widget_class_install_action (widget_class, "win.goto", NULL, goto_action);
  gtk_widget_class_install_action (widget_class, "win.copy-id", "u", copy_id_action);
  gtk_widget_class_install_action (widget_class, "win.query-object", "u", query_object_action);
  gtk_widget_class_install_action (widget_class, "win.query-class", "u", query_class_action);
  gtk_widget_class_install_action (widget_class, "win.copy-path", "u", copy_path_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, GDK_ALT_MASK, "win.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, GDK_ALT_MASK, "win.forward", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Back, 0, "win.back", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Forward, 0, "win.forward", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_l, GDK_CONTROL_MASK, "win.goto", NULL);
  _hs_window_class_goto_init (widget_class);

  /* Alt+1..9: the views in the order of the table. */
  for (guint i = 0; (type = hs_dump_tab_get_view_type (i)) != G_TYPE_INVALID && key < 9; i++)
    {
      g_autoptr (GTypeClass) view_class = g_type_class_ref (type);
      gtk_widget_class_add_binding_action (widget_class, GDK_KEY_1 + key++, GDK_ALT_MASK, "win.view", "s",
                                           hs_view_class_get_name (HS_VIEW_CLASS (view_class)));
    }
}
