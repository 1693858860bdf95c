/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-csv-export.c: Copy as CSV and Save as CSV for every table of the
 * window (see the header). A view's text is made on the UI thread from
 * what its table shows (rows already made: milliseconds); a list of every
 * instance of a class (millions of rows) is made on a worker
 * (hs_csv_export_copy_built, _save_built); files are written on a worker. */
#include "config.h"
#include "hs-csv-export.h"
#include "hs-file-save.h"
#include "hs-object-row.h"
#include "hs-dom-group-row.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>
#include <string.h>

void
hs_csv_export_model (GString *out, const char *const *columns, guint n_columns, GListModel *model,
                     HsCsvRowFunc row, gpointer data)
{
  HsCsv csv;
  guint n;

  g_return_if_fail (out != NULL && columns != NULL && row != NULL);

  hs_csv_init (&csv, out);
  hs_csv_header (&csv, columns, n_columns);
  n = model != NULL ? g_list_model_get_n_items (model) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (model, i);
      row (item, &csv, data);
    }
}

/* One object's cells: id, class, shallow, retained (as HsObjectRow's). */
static void
object_cells (HsCsv *csv, HsAnalysis *a, HsObj o)
{
  hs_csv_id (csv, hs_heap_object_id (a->heap, o));
  hs_csv_text (csv, hs_heap_object_class_name (a->heap, o));
  hs_csv_uint (csv, hs_heap_object_shallow (a->heap, o));
  hs_csv_uint (csv, a->dom != NULL && o < a->dom->n ? hs_dom_tree_retained (a->dom, o) : 0);
  hs_csv_end_row (csv);
}

void
hs_csv_export_object_array (GString *out, HsAnalysis *a, const HsObj *objs, gsize n)
{
  static const char *const columns[] = { "id", "class", "shallow", "retained" };
  HsCsv csv;

  g_return_if_fail (out != NULL && a != NULL && (objs != NULL || n == 0));

  hs_csv_init (&csv, out);
  hs_csv_header (&csv, columns, G_N_ELEMENTS (columns));
  for (gsize i = 0; i < n; i++)
    object_cells (&csv, a, objs[i]);
}

void
hs_csv_export_objects (GString *out, GListModel *model, gboolean tree)
{
  static const char *const columns[] = { "depth", "id", "class", "shallow", "retained" };
  HsCsv csv;
  guint n;

  g_return_if_fail (out != NULL);

  hs_csv_init (&csv, out);
  hs_csv_header (&csv, tree ? columns : columns + 1, G_N_ELEMENTS (columns) - (tree ? 0 : 1));
  n = model != NULL ? g_list_model_get_n_items (model) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (model, i);
      g_autoptr (GObject) obj = NULL;
      guint depth = 0;

      /* A tree's row does not hold its item: this reference does. */
      if (GTK_IS_TREE_LIST_ROW (item))
        {
          depth = gtk_tree_list_row_get_depth (GTK_TREE_LIST_ROW (item));
          obj = gtk_tree_list_row_get_item (GTK_TREE_LIST_ROW (item));
        }
      else
        obj = g_object_ref (item);
      if (!HS_IS_OBJECT_ROW (obj))
        continue;
      HsObjectRow *row = HS_OBJECT_ROW (obj);
      if (tree)
        hs_csv_uint (&csv, depth);
      object_cells (&csv, hs_loader_get_analysis (hs_object_row_get_loader (row)),
                    hs_object_row_get_obj (row));
    }
}

void
hs_csv_export_dom_groups (GString *out, GListModel *model)
{
  static const char *const columns[]
      = { "depth", "kind", "name", "id", "loader", "objects", "shallow", "retained", "largest" };
  HsCsv csv;
  guint n;

  g_return_if_fail (out != NULL);

  hs_csv_init (&csv, out);
  hs_csv_header (&csv, columns, G_N_ELEMENTS (columns));
  n = model != NULL ? g_list_model_get_n_items (model) : 0;
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (model, i);
      g_autoptr (GObject) obj = NULL;
      guint depth = 0;

      if (GTK_IS_TREE_LIST_ROW (item))
        {
          depth = gtk_tree_list_row_get_depth (GTK_TREE_LIST_ROW (item));
          obj = gtk_tree_list_row_get_item (GTK_TREE_LIST_ROW (item));
        }
      else
        obj = g_object_ref (item);
      if (HS_IS_DOM_GROUP_ROW (obj))
        {
          HsDomGroupRow *row = HS_DOM_GROUP_ROW (obj);
          HsHeap *h = hs_loader_get_analysis (hs_dom_group_row_get_loader (row))->heap;
          const HsDomGroup *grp = hs_dom_group_row_get_group (row);
          gsize n_objs;
          const HsObj *objs = hs_dom_group_row_get_objects (row, &n_objs);

          hs_csv_uint (&csv, depth);
          hs_csv_text (&csv, "class");
          hs_csv_text (&csv, hs_dom_group_name (h, grp));
          if (grp->klass != HS_CLASS_NONE)
            {
              hs_csv_id (&csv, hs_class_id (h, grp->klass));
              hs_csv_id (&csv, hs_class_loader_id (h, grp->klass));
            }
          else
            {
              hs_csv_empty (&csv);
              hs_csv_empty (&csv);
            }
          hs_csv_uint (&csv, grp->objects);
          hs_csv_uint (&csv, grp->shallow);
          hs_csv_uint (&csv, grp->retained);
          if (n_objs > 0)
            hs_csv_id (&csv, hs_heap_object_id (h, objs[0]));
          else
            hs_csv_empty (&csv);
          hs_csv_end_row (&csv);
        }
      else if (HS_IS_OBJECT_ROW (obj))
        {
          HsObjectRow *row = HS_OBJECT_ROW (obj);
          HsAnalysis *a = hs_loader_get_analysis (hs_object_row_get_loader (row));
          HsObj o = hs_object_row_get_obj (row);

          hs_csv_uint (&csv, depth);
          hs_csv_text (&csv, "object");
          hs_csv_text (&csv, hs_heap_object_class_name (a->heap, o));
          hs_csv_id (&csv, hs_heap_object_id (a->heap, o));
          hs_csv_empty (&csv);
          hs_csv_empty (&csv);
          hs_csv_uint (&csv, hs_heap_object_shallow (a->heap, o));
          hs_csv_uint (&csv, a->dom != NULL && o < a->dom->n ? hs_dom_tree_retained (a->dom, o) : 0);
          hs_csv_empty (&csv);
          hs_csv_end_row (&csv);
        }
      /* The "more" rows of a paged list have no row. */
    }
}

GtkWidget *
hs_csv_export_button_new (void)
{
  g_autoptr (GMenu) menu = g_menu_new ();
  GtkWidget *button = gtk_menu_button_new ();

  g_menu_append (menu, _ ("_Copy as CSV"), "export.copy-csv");
  g_menu_append (menu, _ ("_Save as CSV…"), "export.save-csv");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_menu_button_set_label (GTK_MENU_BUTTON (button), _ ("_Export"));
  gtk_menu_button_set_use_underline (GTK_MENU_BUTTON (button), TRUE);
  gtk_widget_set_tooltip_text (button, _ ("Export the table as CSV"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_add_css_class (button, "hs-export-button");
  return button;
}

static void
toast (GtkWidget *widget, const char *text)
{
  gtk_widget_activate_action (widget, "win.toast", "s", text);
}

void
hs_csv_export_copy (GtkWidget *widget, const char *csv)
{
  g_return_if_fail (GTK_IS_WIDGET (widget) && csv != NULL);

  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), csv);
  toast (widget, _ ("Copied as CSV"));
}

gboolean
hs_csv_export_write (const char *path, const char *csv, gsize len, const char *keep, GError **error)
{
  return hs_file_save (path, csv, len, keep, "the CSV file", error);
}

char *
hs_csv_export_file_name (const char *dump_name, const char *what)
{
  g_autofree char *base = g_strdup (dump_name != NULL ? dump_name : "heap");

  if (g_str_has_suffix (base, ".gz"))
    base[strlen (base) - 3] = '\0';
  if (g_str_has_suffix (base, ".hprof"))
    base[strlen (base) - 6] = '\0';
  return g_strdup_printf ("%s-%s.csv", base, what);
}

/* --- on a worker ------------------------------------------------------------ */

/* A CSV to copy or save: the text, or what makes it on the worker. */
typedef struct
{
  GString *csv;
  HsCsvBuildFunc build;
  gpointer data;
  GDestroyNotify free_data;
  char *path; /* saving: the file chosen */
  char *keep;
} Job;

static void
job_free (Job *job)
{
  if (job->csv != NULL)
    g_string_free (job->csv, TRUE);
  if (job->free_data != NULL)
    job->free_data (job->data);
  g_free (job->path);
  g_free (job->keep);
  g_free (job);
}

static void
job_build (Job *job)
{
  if (job->csv == NULL)
    {
      job->csv = g_string_new (NULL);
      job->build (job->data, job->csv);
    }
}

static void
copy_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  job_build (data);
  g_task_return_boolean (task, TRUE);
}

static void
copy_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;

  if (g_task_propagate_boolean (G_TASK (result), &error))
    hs_csv_export_copy (GTK_WIDGET (source), job->csv->str);
  else
    hs_task_failed (GTK_WIDGET (source), error, _ ("Could not copy the table"));
}

void
hs_csv_export_copy_built (GtkWidget *widget, HsCsvBuildFunc build, gpointer data, GDestroyNotify free_data)
{
  g_autoptr (GTask) task = NULL;
  Job *job;

  g_return_if_fail (GTK_IS_WIDGET (widget) && build != NULL);

  job = g_new0 (Job, 1);
  job->build = build;
  job->data = data;
  job->free_data = free_data;
  task = g_task_new (widget, NULL, copy_done, NULL);
  g_task_set_name (task, "[heapscope] copy as CSV");
  g_task_set_task_data (task, job, (GDestroyNotify)job_free);
  g_task_run_in_thread (task, copy_thread);
}

static void
save_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  GError *error = NULL;

  job_build (job);
  if (hs_csv_export_write (job->path, job->csv->str, job->csv->len, job->keep, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
save_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GtkWidget *widget = GTK_WIDGET (source);
  Job *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (g_task_propagate_boolean (G_TASK (result), &error))
    {
      g_autofree char *name = g_path_get_basename (job->path);
      text = g_strdup_printf (_ ("Saved as %s"), name);
    }
  else
    text = g_strdup_printf (_ ("Could not save the table: %s"), error->message);
  toast (widget, text);
}

static void
save_response (GtkNativeDialog *dialog, int response, GtkWidget *widget)
{
  Job *job = g_object_steal_data (G_OBJECT (dialog), "hs-csv-job");

  if (response == GTK_RESPONSE_ACCEPT && job != NULL)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      job->path = file != NULL ? g_file_get_path (file) : NULL;
      if (job->path != NULL)
        {
          g_autoptr (GTask) task = g_task_new (widget, NULL, save_done, NULL);
          g_task_set_name (task, "[heapscope] save as CSV");
          g_task_set_task_data (task, g_steal_pointer (&job), (GDestroyNotify)job_free);
          g_task_run_in_thread (task, save_thread);
        }
    }
  if (job != NULL)
    job_free (job);
  g_object_unref (dialog);
}

static void
save_ask (GtkWidget *widget, const char *suggested_name, Job *job)
{
  GtkFileChooserNative *dialog;
  g_autoptr (GtkFileFilter) filter = gtk_file_filter_new ();
  GtkRoot *root = gtk_widget_get_root (widget);

  dialog = gtk_file_chooser_native_new (_ ("Save as CSV"), GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"), _ ("_Cancel"));
  gtk_file_filter_set_name (filter, _ ("CSV files"));
  gtk_file_filter_add_mime_type (filter, "text/csv");
  gtk_file_filter_add_pattern (filter, "*.csv");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (dialog), filter);
  if (suggested_name != NULL)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (dialog), suggested_name);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_object_set_data_full (G_OBJECT (dialog), "hs-csv-job", job, (GDestroyNotify)job_free);
  g_signal_connect_object (dialog, "response", G_CALLBACK (save_response), widget, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

void
hs_csv_export_save (GtkWidget *widget, const char *suggested_name, GString *csv, const char *keep)
{
  Job *job;

  g_return_if_fail (GTK_IS_WIDGET (widget) && csv != NULL);

  job = g_new0 (Job, 1);
  job->csv = csv;
  job->keep = g_strdup (keep);
  save_ask (widget, suggested_name, job);
}

void
hs_csv_export_save_built (GtkWidget *widget, const char *suggested_name, HsCsvBuildFunc build, gpointer data,
                          GDestroyNotify free_data, const char *keep)
{
  Job *job;

  g_return_if_fail (GTK_IS_WIDGET (widget) && build != NULL);

  job = g_new0 (Job, 1);
  job->build = build;
  job->data = data;
  job->free_data = free_data;
  job->keep = g_strdup (keep);
  save_ask (widget, suggested_name, job);
}
