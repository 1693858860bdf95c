/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window-capture.c: the window's actions for taking a dump and sending
 * one on: win.capture (Capture Heap Dump…, Ctrl+Shift+D: the dialog,
 * which opens the dump it writes in a new tab; over a tab whose dump it
 * captured, the same JVM is chosen, so a second dump opens beside the
 * first, ready for Compare) and win.strip (Save Stripped Copy…: the dump
 * shown written again with its primitive arrays zeroed, on a worker). */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hs-capture-dialog.h"
#include "hs-strip.h"
#include "hs-window-private.h"

static void
capture_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsLoader *loader = hs_window_get_loader (HS_WINDOW (widget));
  g_autofree char *path = loader != NULL ? g_file_get_path (hs_loader_get_file (loader)) : NULL;
  HsCaptureDialog *dialog = hs_capture_dialog_new (GTK_WINDOW (widget), hs_capture_dialog_pid_of (path));

  gtk_window_present (GTK_WINDOW (dialog));
}

typedef struct
{
  char *dump;
  char *out;
  HsStripOptions opts;
} StripJob;

static void
strip_job_free (StripJob *job)
{
  g_free (job->dump);
  g_free (job->out);
  g_free (job);
}

static void
strip_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  StripJob *job = data;
  GError *error = NULL;

  if (hs_strip_write (job->dump, job->out, &job->opts, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
strip_done (GObject *source, GAsyncResult *result, gpointer data)
{
  HsWindow *self = HS_WINDOW (source);
  StripJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* The window's cancellable is cancelled when it goes. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      text = g_strdup_printf (_ ("Could not save the stripped copy: %s"), error->message);
      _hs_window_show_toast (self, text, NULL);
      return;
    }
  {
    g_autofree char *name = g_path_get_basename (job->out);
    g_autofree char *uri = g_filename_to_uri (job->out, NULL, NULL);
    g_autofree char *bytes = g_format_size (job->opts.bytes);

    /* Translators: a file name, then a size such as "1.2 MB" */
    text = g_strdup_printf (_ ("Stripped copy saved as %s (%s of values zeroed)"), name, bytes);
    _hs_window_show_toast (self, text, uri);
  }
}

static void
strip_response (GtkNativeDialog *native, int response, HsWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = file != NULL ? g_file_get_path (file) : NULL;
      const char *keep = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (native), "keep-strings");

      if (path != NULL)
        hs_window_strip_to (self, path, g_strcmp0 (keep, "true") == 0);
    }
  g_object_unref (native);
}

/* "app.hprof.gz" -> "app-stripped.hprof" */
static char *
stripped_name (const char *dump_name)
{
  g_autofree char *base = g_strdup (dump_name);

  if (g_str_has_suffix (base, ".gz"))
    base[strlen (base) - 3] = '\0';
  if (g_str_has_suffix (base, ".hprof"))
    base[strlen (base) - 6] = '\0';
  return g_strdup_printf ("%s-stripped.hprof", base);
}

static void
strip_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsWindow *self = HS_WINDOW (widget);
  HsLoader *loader = hs_window_get_loader (self);
  GtkFileChooserNative *native;
  g_autofree char *name = NULL;
  g_autoptr (GFile) folder = NULL;

  if (_hs_window_get_analysis (self) == NULL)
    return;
  name = stripped_name (hs_loader_get_file_name (loader));
  folder = g_file_get_parent (hs_loader_get_file (loader));
  native = gtk_file_chooser_native_new (_ ("Save a Stripped Copy to Share"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE, _ ("_Save"), _ ("_Cancel"));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), name);
  if (folder != NULL)
    gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), folder, NULL);
  gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (native), "keep-strings",
                               _ ("Keep the text of Strings (other values are zeroed)"), NULL, NULL);
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  g_signal_connect_object (native, "response", G_CALLBACK (strip_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

void
hs_window_strip_to (HsWindow *self, const char *path, gboolean keep_strings)
{
  HsLoader *loader = hs_window_get_loader (self);
  g_autoptr (GTask) task = NULL;
  StripJob *job;

  g_return_if_fail (HS_IS_WINDOW (self));
  if (_hs_window_get_analysis (self) == NULL)
    return;
  job = g_new0 (StripJob, 1);
  job->dump = g_file_get_path (hs_loader_get_file (loader));
  job->out = g_strdup (path);
  job->opts.keep_strings = keep_strings;
  task = g_task_new (self, self->cancellable, strip_done, NULL);
  g_task_set_name (task, "[heapscope] save a stripped copy");
  g_task_set_task_data (task, job, (GDestroyNotify)strip_job_free);
  g_task_run_in_thread (task, strip_thread);
  _hs_window_show_toast (self, _ ("Saving the stripped copy…"), NULL);
}

void
_hs_window_class_capture_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.capture", NULL, capture_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.capture", NULL);
  gtk_widget_class_install_action (widget_class, "win.strip", NULL, strip_action);
}
