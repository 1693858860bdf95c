/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-capture-dialog.c: Capture Heap Dump (see hs-capture-dialog.h).
 *
 * Two workers, each with a cancellable the dialog cancels when it goes:
 * the listing (performance data files, and adb when it is installed: adb
 * may take seconds) and the capture. The capture's progress callback runs
 * on the worker; it leaves the phase and the byte count under a lock, and
 * a timer on the main thread shows them. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hs-adb.h"
#include "hs-capture-dialog.h"
#include "hs-jvm-dump.h"
#include "hs-jvm-list.h"

#define PROGRESS_MS 100

/* What a row stands for: a local JVM (pid) or a device's process. */
typedef struct
{
  guint pid;
  char *serial; /* NULL: a local JVM */
  char *name;   /* main class or process name, for the file name */
} Target;

typedef struct
{
  GPtrArray *jvms;    /* HsJvm */
  GPtrArray *missing; /* HsJvmMissing */
  GPtrArray *devices; /* HsAdbDevice, NULL without adb */
  GPtrArray *procs;   /* GPtrArray of HsAdbProcess per device (NULL when not ready) */
} Listing;

typedef struct
{
  GMutex lock;
  char *phase;
  guint64 bytes;
} Progress;

typedef struct
{
  Target target;
  char *dest;
  HsCaptureFlags flags;
  Progress *progress; /* shared with the dialog's timer */
} CaptureJob;

struct _HsCaptureDialog
{
  AdwWindow parent_instance;

  GtkButton *cancel_button;
  GtkButton *capture_button;
  GtkButton *refresh_button;
  GtkStack *stack;
  GtkSearchEntry *search_entry;
  GtkLabel *status_label;
  GtkListBox *target_list;
  GtkSwitch *all_switch;
  GtkSwitch *gzip_switch;
  AdwActionRow *folder_row;
  AdwStatusPage *progress_page;
  GtkLabel *phase_label;
  GtkProgressBar *progress_bar;

  GtkWindow *parent; /* weak */
  char *folder;
  char *written;
  guint want_pid; /* choose this JVM once listed */
  guint n_targets;
  GCancellable *list_cancellable;    /* the listing under way, else NULL */
  GCancellable *capture_cancellable; /* the capture under way, else NULL */
  Progress *progress;
  guint progress_timer;
  gboolean disposed;
};

G_DEFINE_FINAL_TYPE (HsCaptureDialog, hs_capture_dialog, ADW_TYPE_WINDOW)

/* Dumps captured in this session: path -> pid (local JVMs only; main
 * thread only). */
static GHashTable *captured;

guint
hs_capture_dialog_pid_of (const char *path)
{
  return path != NULL && captured != NULL ? GPOINTER_TO_UINT (g_hash_table_lookup (captured, path)) : 0;
}

static void
target_clear (Target *t)
{
  g_clear_pointer (&t->serial, g_free);
  g_clear_pointer (&t->name, g_free);
}

static void
target_free (Target *t)
{
  target_clear (t);
  g_free (t);
}

static void
listing_free (Listing *l)
{
  g_clear_pointer (&l->jvms, g_ptr_array_unref);
  g_clear_pointer (&l->missing, g_ptr_array_unref);
  g_clear_pointer (&l->devices, g_ptr_array_unref);
  g_clear_pointer (&l->procs, g_ptr_array_unref);
  g_free (l);
}

static void
progress_free (Progress *p)
{
  g_mutex_clear (&p->lock);
  g_free (p->phase);
  g_free (p);
}

static void
capture_job_free (CaptureJob *job)
{
  target_clear (&job->target);
  g_free (job->dest);
  g_free (job);
}

/* --- listing ------------------------------------------------------------ */

static void
list_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Listing *l = g_new0 (Listing, 1);
  g_autofree char *adb = g_find_program_in_path ("adb");

  l->jvms = hs_jvm_list (&l->missing);
  if (adb)
    l->devices = hs_adb_devices (cancellable, NULL);
  if (l->devices)
    {
      l->procs = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);
      for (guint i = 0; i < l->devices->len; i++)
        {
          HsAdbDevice *d = g_ptr_array_index (l->devices, i);
          GPtrArray *p
              = g_str_equal (d->state, "device") ? hs_adb_processes (d->serial, cancellable, NULL) : NULL;

          g_ptr_array_add (l->procs, p ? p : g_ptr_array_new ());
        }
    }
  g_task_return_pointer (task, l, (GDestroyNotify)listing_free);
}

static GtkWidget *
target_row_new (const char *title, const char *subtitle, Target *target)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *t = g_markup_escape_text (title, -1);
  g_autofree char *s = g_markup_escape_text (subtitle, -1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), t);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), s);
  adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 2);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "hs-target", target, (GDestroyNotify)target_free);
  return row;
}

static char *
simple_name (const char *main_class)
{
  g_autofree char *base = g_path_get_basename (*main_class ? main_class : "java");
  const char *dot = strrchr (base, '.');
  g_autofree char *name = NULL;

  /* com.example.Main -> Main; app.jar -> app */
  if (dot && g_str_has_suffix (base, ".jar"))
    name = g_strndup (base, dot - base);
  else
    name = g_strdup (dot && dot[1] ? dot + 1 : base);
  g_strcanon (name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-", '_');
  return g_steal_pointer (&name);
}

static void
add_jvm_row (HsCaptureDialog *self, const HsJvm *j)
{
  Target *t = g_new0 (Target, 1);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  t->pid = j->pid;
  t->name = simple_name (j->main);
  title = *j->args ? g_strdup_printf ("%s %s", *j->main ? j->main : _ ("Java"), j->args)
                   : g_strdup (*j->main ? j->main : _ ("Java"));
  /* TRANSLATORS: pid, user, Java version */
  subtitle
      = g_strdup_printf (_ ("Process %u · %s · Java %s"), j->pid, j->user, *j->version ? j->version : "?");
  gtk_list_box_append (self->target_list, target_row_new (title, subtitle, t));
  self->n_targets++;
}

static void
add_device_rows (HsCaptureDialog *self, const HsAdbDevice *d, GPtrArray *procs)
{
  for (guint i = 0; i < procs->len; i++)
    {
      const HsAdbProcess *p = g_ptr_array_index (procs, i);
      Target *t = g_new0 (Target, 1);
      g_autofree char *subtitle = NULL;

      t->pid = p->pid;
      t->serial = g_strdup (d->serial);
      t->name = g_strdup (p->name);
      g_strcanon (t->name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-", '_');
      /* TRANSLATORS: pid, device model or serial */
      subtitle = g_strdup_printf (_ ("Process %u on %s"), p->pid, *d->model ? d->model : d->serial);
      gtk_list_box_append (self->target_list, target_row_new (p->name, subtitle, t));
      self->n_targets++;
    }
}

static void
clear_rows (HsCaptureDialog *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->target_list))))
    gtk_list_box_remove (self->target_list, child);
  self->n_targets = 0;
}

static void
list_done (GObject *source, GAsyncResult *result, gpointer data)
{
  HsCaptureDialog *self = HS_CAPTURE_DIALOG (source);
  g_autoptr (GError) error = NULL;
  Listing *l = g_task_propagate_pointer (G_TASK (result), &error);
  g_autoptr (GString) status = g_string_new (NULL);

  /* Cancelled: the dialog is going, or a new listing replaced this one. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  if (l == NULL)
    {
      g_autofree char *text
          = g_strdup_printf (_ ("Could not list the processes: %s"), error != NULL ? error->message : "?");
      g_clear_object (&self->list_cancellable);
      gtk_label_set_text (self->status_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->status_label), TRUE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->refresh_button), TRUE);
      return;
    }
  g_clear_object (&self->list_cancellable);
  clear_rows (self);
  for (guint i = 0; i < l->jvms->len; i++)
    add_jvm_row (self, g_ptr_array_index (l->jvms, i));
  for (guint i = 0; l->devices && i < l->devices->len; i++)
    add_device_rows (self, g_ptr_array_index (l->devices, i), g_ptr_array_index (l->procs, i));
  if (self->n_targets == 0)
    g_string_append (status, _ ("No Java virtual machine runs on this machine, and adb shows no app."));
  for (guint i = 0; i < l->missing->len; i++)
    {
      const HsJvmMissing *m = g_ptr_array_index (l->missing, i);

      if (status->len)
        g_string_append_c (status, '\n');
      /* TRANSLATORS: a pid and the reason it cannot be listed */
      g_string_append_printf (status, _ ("Java process %u is not listed: %s"), m->pid, m->reason);
    }
  gtk_label_set_text (self->status_label, status->str);
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), status->len > 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->refresh_button), TRUE);
  if (self->want_pid)
    hs_capture_dialog_select_pid (self, self->want_pid);
  listing_free (l);
}

static void
start_listing (HsCaptureDialog *self)
{
  g_autoptr (GTask) task = NULL;

  if (self->list_cancellable)
    g_cancellable_cancel (self->list_cancellable);
  g_clear_object (&self->list_cancellable);
  self->list_cancellable = g_cancellable_new ();
  gtk_widget_set_sensitive (GTK_WIDGET (self->refresh_button), FALSE);
  task = g_task_new (self, self->list_cancellable, list_done, NULL);
  g_task_set_name (task, "[heapscope] list JVMs");
  g_task_set_return_on_cancel (task, TRUE);
  g_task_run_in_thread (task, list_thread);
}

/* --- capture ------------------------------------------------------------ */

static void
on_progress (const char *phase, guint64 bytes, gpointer data)
{
  Progress *p = data;

  g_mutex_lock (&p->lock);
  if (!p->phase || !g_str_equal (p->phase, phase))
    {
      g_free (p->phase);
      p->phase = g_strdup (phase);
    }
  p->bytes = bytes;
  g_mutex_unlock (&p->lock);
}

static const char *
phase_text (const char *phase)
{
  if (g_str_equal (phase, "Waiting for the JVM"))
    return _ ("Waiting for the JVM");
  if (g_str_equal (phase, "Waiting for the device"))
    return _ ("Waiting for the device");
  if (g_str_equal (phase, "Writing"))
    return _ ("Writing");
  if (g_str_equal (phase, "Copying from the device"))
    return _ ("Copying from the device");
  if (g_str_equal (phase, "Compressing"))
    return _ ("Compressing");
  return _ ("Copying");
}

static gboolean
show_progress (gpointer data)
{
  HsCaptureDialog *self = data;
  g_autofree char *phase = NULL;
  guint64 bytes;

  g_mutex_lock (&self->progress->lock);
  phase = g_strdup (self->progress->phase);
  bytes = self->progress->bytes;
  g_mutex_unlock (&self->progress->lock);
  if (phase)
    {
      g_autofree char *size = g_format_size (bytes);
      g_autofree char *text = bytes ? g_strdup_printf ("%s: %s", phase_text (phase), size)
                                    : g_strdup_printf ("%s…", phase_text (phase));

      gtk_label_set_text (self->phase_label, text);
    }
  gtk_progress_bar_pulse (self->progress_bar);
  return G_SOURCE_CONTINUE;
}

static void
capture_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  CaptureJob *job = data;
  GError *error = NULL;
  gboolean ok;

  if (job->target.serial)
    {
      g_autofree char *pid = g_strdup_printf ("%u", job->target.pid);

      ok = hs_adb_dump_heap (job->target.serial, pid, job->dest, job->flags, on_progress, job->progress,
                             cancellable, &error);
    }
  else
    {
      g_autoptr (HsJvm) jvm = hs_jvm_find (job->target.pid, &error);

      ok = jvm
           && hs_jvm_dump_heap (jvm, job->dest, job->flags, on_progress, job->progress, cancellable, &error);
    }
  if (ok)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
stop_progress (HsCaptureDialog *self)
{
  g_clear_handle_id (&self->progress_timer, g_source_remove);
  g_clear_object (&self->capture_cancellable);
  gtk_widget_set_sensitive (GTK_WIDGET (self->capture_button),
                            gtk_list_box_get_selected_row (self->target_list) != NULL);
  gtk_widget_set_sensitive (GTK_WIDGET (self->refresh_button), TRUE);
}

static void
capture_done (GObject *source, GAsyncResult *result, gpointer data)
{
  HsCaptureDialog *self = HS_CAPTURE_DIALOG (source);
  CaptureJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return; /* the dialog is going, or Cancel: nothing to say */
      stop_progress (self);
      gtk_stack_set_visible_child_name (self->stack, "choose");
      gtk_label_set_text (self->status_label, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->status_label), TRUE);
      return;
    }
  stop_progress (self);
  g_free (self->written);
  self->written = g_strdup (job->dest);
  if (job->target.serial == NULL)
    {
      if (captured == NULL)
        captured = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      g_hash_table_replace (captured, g_strdup (job->dest), GUINT_TO_POINTER (job->target.pid));
    }
  if (self->parent)
    {
      g_autofree char *uri = g_filename_to_uri (job->dest, NULL, NULL);

      if (uri)
        gtk_widget_activate_action (GTK_WIDGET (self->parent), "win.open-file", "s", uri);
    }
  gtk_window_close (GTK_WINDOW (self));
}

/* A name of its own in the folder: NAME-PID-TIME.hprof, "-2", "-3" ...
 * when a dump of the same second is there already. */
static char *
dest_path (HsCaptureDialog *self, const Target *t, gboolean gzip)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  for (guint n = 1;; n++)
    {
      g_autofree char *suffix = n > 1 ? g_strdup_printf ("-%u", n) : g_strdup ("");
      g_autofree char *name
          = g_strdup_printf ("%s-%u-%s%s.hprof%s", t->name, t->pid, stamp, suffix, gzip ? ".gz" : "");
      char *path = g_build_filename (self->folder, name, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS) || n == 1000)
        return path;
      g_free (path);
    }
}

static void
on_capture_clicked (HsCaptureDialog *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->target_list);
  const Target *t = row ? g_object_get_data (G_OBJECT (row), "hs-target") : NULL;
  g_autoptr (GTask) task = NULL;
  CaptureJob *job;

  if (!t || self->capture_cancellable)
    return;
  job = g_new0 (CaptureJob, 1);
  job->target.pid = t->pid;
  job->target.serial = g_strdup (t->serial);
  job->target.name = g_strdup (t->name);
  job->flags = (gtk_switch_get_active (self->all_switch) ? HS_CAPTURE_ALL : HS_CAPTURE_LIVE)
               | (gtk_switch_get_active (self->gzip_switch) ? HS_CAPTURE_GZIP : 0);
  job->dest = dest_path (self, t, (job->flags & HS_CAPTURE_GZIP) != 0);
  job->progress = self->progress;
  on_progress (t->serial ? "Waiting for the device" : "Waiting for the JVM", 0, self->progress);
  self->capture_cancellable = g_cancellable_new ();
  gtk_widget_set_sensitive (GTK_WIDGET (self->capture_button), FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->refresh_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), FALSE);
  gtk_stack_set_visible_child_name (self->stack, "progress");
  adw_status_page_set_description (self->progress_page, job->dest);
  show_progress (self);
  self->progress_timer = g_timeout_add (PROGRESS_MS, show_progress, self);
  task = g_task_new (self, self->capture_cancellable, capture_done, NULL);
  g_task_set_name (task, "[heapscope] capture a heap dump");
  g_task_set_task_data (task, job, (GDestroyNotify)capture_job_free);
  g_task_run_in_thread (task, capture_thread);
}

/* --- the rest of the dialog --------------------------------------------- */

static void
on_cancel_clicked (HsCaptureDialog *self)
{
  if (self->capture_cancellable)
    {
      g_cancellable_cancel (self->capture_cancellable);
      stop_progress (self);
      gtk_stack_set_visible_child_name (self->stack, "choose");
      return;
    }
  gtk_window_close (GTK_WINDOW (self));
}

static void
on_refresh_clicked (HsCaptureDialog *self)
{
  start_listing (self);
}

static void
on_row_selected (HsCaptureDialog *self, GtkListBoxRow *row)
{
  if (self->disposed) /* the list's rows go with the template */
    return;
  gtk_widget_set_sensitive (GTK_WIDGET (self->capture_button), row != NULL && !self->capture_cancellable);
}

static void
on_row_activated (HsCaptureDialog *self, GtkListBoxRow *row)
{
  on_capture_clicked (self);
}

static gboolean
row_matches (GtkListBoxRow *row, gpointer data)
{
  HsCaptureDialog *self = data;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->search_entry));
  g_autofree char *needle = g_utf8_casefold (text, -1);
  g_autofree char *title = NULL;
  g_autofree char *subtitle = NULL;

  if (!*text)
    return TRUE;
  title = g_utf8_casefold (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), -1);
  subtitle = g_utf8_casefold (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), -1);
  return strstr (title, needle) || strstr (subtitle, needle);
}

static void
on_search_changed (HsCaptureDialog *self)
{
  gtk_list_box_invalidate_filter (self->target_list);
}

static void
folder_chosen (GtkNativeDialog *native, int response, gpointer data)
{
  HsCaptureDialog *self = data;

  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
      g_autofree char *path = file ? g_file_get_path (file) : NULL;

      if (path)
        hs_capture_dialog_set_folder (self, path);
    }
  g_object_unref (native);
  g_object_unref (self);
}

static void
on_change_folder_clicked (HsCaptureDialog *self)
{
  GtkFileChooserNative *native
      = gtk_file_chooser_native_new (_ ("Save Heap Dumps In"), GTK_WINDOW (self),
                                     GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _ ("_Select"), NULL);
  g_autoptr (GFile) current = g_file_new_for_path (self->folder);

  gtk_file_chooser_set_current_folder (GTK_FILE_CHOOSER (native), current, NULL);
  g_signal_connect (native, "response", G_CALLBACK (folder_chosen), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
hs_capture_dialog_dispose (GObject *object)
{
  HsCaptureDialog *self = HS_CAPTURE_DIALOG (object);

  self->disposed = TRUE;
  if (self->list_cancellable)
    g_cancellable_cancel (self->list_cancellable);
  if (self->capture_cancellable)
    g_cancellable_cancel (self->capture_cancellable);
  g_clear_object (&self->list_cancellable);
  g_clear_object (&self->capture_cancellable);
  g_clear_handle_id (&self->progress_timer, g_source_remove);
  g_clear_weak_pointer (&self->parent);
  G_OBJECT_CLASS (hs_capture_dialog_parent_class)->dispose (object);
}

static void
hs_capture_dialog_finalize (GObject *object)
{
  HsCaptureDialog *self = HS_CAPTURE_DIALOG (object);

  g_free (self->folder);
  g_free (self->written);
  /* The workers' tasks hold the dialog: none runs by now. */
  progress_free (self->progress);
  G_OBJECT_CLASS (hs_capture_dialog_parent_class)->finalize (object);
}

static void
hs_capture_dialog_class_init (HsCaptureDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hs_capture_dialog_dispose;
  object_class->finalize = hs_capture_dialog_finalize;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/heapscope/Heapscope/ui/hs-capture-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, HsCaptureDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, HsCaptureDialog, capture_button);
  gtk_widget_class_bind_template_child (widget_class, HsCaptureDialog, refresh_button);
  gtk_widget_class_bind_template_child (widget_class, HsCaptureDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, HsCaptureDialog, search_entry);
  gtk_widget_class_bind_template_child (widget_class, HsCaptureDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, HsCaptureDialog, target_list);
  gtk_widget_class_bind_template_child (widget_class, HsCaptureDialog, all_switch);
  gtk_widget_class_bind_template_child (widget_class, HsCaptureDialog, gzip_switch);
  gtk_widget_class_bind_template_child (widget_class, HsCaptureDialog, folder_row);
  gtk_widget_class_bind_template_child (widget_class, HsCaptureDialog, progress_page);
  gtk_widget_class_bind_template_child (widget_class, HsCaptureDialog, phase_label);
  gtk_widget_class_bind_template_child (widget_class, HsCaptureDialog, progress_bar);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_capture_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_refresh_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_row_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_change_folder_clicked);
}

static void
hs_capture_dialog_init (HsCaptureDialog *self)
{
  const char *downloads = g_get_user_special_dir (G_USER_DIRECTORY_DOWNLOAD);

  gtk_widget_init_template (GTK_WIDGET (self));
  self->progress = g_new0 (Progress, 1);
  g_mutex_init (&self->progress->lock);
  gtk_list_box_set_filter_func (self->target_list, row_matches, self, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), FALSE);
  hs_capture_dialog_set_folder (
      self, downloads && g_file_test (downloads, G_FILE_TEST_IS_DIR) ? downloads : g_get_tmp_dir ());
}

HsCaptureDialog *
hs_capture_dialog_new (GtkWindow *parent, guint pid)
{
  HsCaptureDialog *self = g_object_new (HS_TYPE_CAPTURE_DIALOG, "transient-for", parent, NULL);

  g_set_weak_pointer (&self->parent, parent);
  self->want_pid = pid;
  start_listing (self);
  return self;
}

void
hs_capture_dialog_set_folder (HsCaptureDialog *self, const char *folder)
{
  g_autofree char *shown = g_filename_display_name (folder);

  g_return_if_fail (HS_IS_CAPTURE_DIALOG (self));
  g_free (self->folder);
  self->folder = g_strdup (folder);
  adw_action_row_set_subtitle (self->folder_row, shown);
}

guint
hs_capture_dialog_get_n_targets (HsCaptureDialog *self)
{
  return self->n_targets;
}

gboolean
hs_capture_dialog_is_listing (HsCaptureDialog *self)
{
  return self->list_cancellable != NULL;
}

guint
hs_capture_dialog_get_selected_pid (HsCaptureDialog *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->target_list);
  const Target *t = row != NULL ? g_object_get_data (G_OBJECT (row), "hs-target") : NULL;

  return t != NULL ? t->pid : 0;
}

gboolean
hs_capture_dialog_select_pid (HsCaptureDialog *self, guint pid)
{
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->target_list)); row;
       row = gtk_widget_get_next_sibling (row))
    {
      const Target *t = g_object_get_data (G_OBJECT (row), "hs-target");

      if (t && !t->serial && t->pid == pid)
        {
          gtk_list_box_select_row (self->target_list, GTK_LIST_BOX_ROW (row));
          return TRUE;
        }
    }
  return FALSE;
}
