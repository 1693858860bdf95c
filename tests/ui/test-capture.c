/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-capture.c: Capture Heap Dump in the window. A real JVM
 * (tests/capture/CaptureTarget.java, compiled here) holds 1234
 * CaptureTarget$Planted objects and leaves 5000 CaptureTarget$Garbage ones
 * unreferenced. Ctrl+Shift+D's action opens the dialog; it lists the JVM;
 * Capture writes a live dump into the chosen folder and opens it in a new
 * tab, whose analysis has the 1234 and none of the 5000; Capture again
 * over that tab chooses the same JVM and opens a second tab; Save Stripped
 * Copy writes a copy of the same length with the same objects. Skips
 * without java and javac. */
#include "config.h"
#include "ui-util.h"
#include "hs-capture-dialog.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#define WAIT_MS 60000

static const char *source_dir;

typedef struct
{
  GPid pid;
  int out_fd;
  char *classes;
} Jvm;

static gboolean
jvm_start (Jvm *jvm)
{
  g_autofree char *javac = g_find_program_in_path ("javac");
  g_autofree char *java = g_find_program_in_path ("java");
  g_autofree char *source = g_build_filename (source_dir, "tests", "capture", "CaptureTarget.java", NULL);
  g_autoptr (GError) error = NULL;
  int status = 0;
  char line[256];
  gsize n = 0;

  if (!javac || !java)
    return FALSE;
  jvm->classes = g_dir_make_tmp ("hs-capture-ui-XXXXXX", NULL);
  {
    const char *argv[] = { javac, "-d", jvm->classes, source, NULL };
    g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, 0, NULL, NULL, NULL, NULL, &status, &error));
    g_assert_no_error (error);
    g_assert_cmpint (status, ==, 0);
  }
  {
    const char *argv[]
        = { java, "-Xint", "-XX:+UseSerialGC", "-Xmn64m", "-cp", jvm->classes, "CaptureTarget", NULL };
    g_assert_true (g_spawn_async_with_pipes (NULL, (char **)argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL, NULL,
                                             &jvm->pid, NULL, &jvm->out_fd, NULL, &error));
    g_assert_no_error (error);
  }
  /* java.version, then "ready" */
  while (n < sizeof line - 1 && read (jvm->out_fd, line + n, 1) == 1)
    if (line[n++] == '\n' && n > 6 && memcmp (line + n - 6, "ready\n", 6) == 0)
      return TRUE;
  g_assert_not_reached ();
}

static void
jvm_stop (Jvm *jvm)
{
  kill (jvm->pid, SIGKILL);
  g_spawn_close_pid (jvm->pid);
  close (jvm->out_fd);
}

static HsCaptureDialog *
find_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels (); /* not ours */

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (toplevels, i);

      if (HS_IS_CAPTURE_DIALOG (w))
        return HS_CAPTURE_DIALOG (w);
    }
  return NULL;
}

static gboolean
listed (gpointer data)
{
  return !hs_capture_dialog_is_listing (data);
}

static gboolean
dialog_gone (gpointer data)
{
  return find_dialog () == NULL;
}

static gboolean
file_written (gpointer path)
{
  return g_file_test (path, G_FILE_TEST_EXISTS);
}

static gboolean
tab_loaded (gpointer data)
{
  HsLoader *loader = hs_window_get_loader (data);

  return loader && hs_loader_get_state (loader) == HS_LOADER_DONE;
}

static void
test_capture_opens_a_tab (void)
{
  HsWindow *window = ui_window_new (NULL, 1000, 700);
  g_autofree char *folder = g_dir_make_tmp ("hs-capture-out-XXXXXX", NULL);
  HsCaptureDialog *dialog;
  g_autofree char *written = NULL;
  GtkWidget *capture;
  HsAnalysis *a;
  HsClass planted;
  Jvm jvm = { 0 };

  if (!jvm_start (&jvm))
    {
      g_test_skip ("no java and javac to start a JVM with");
      return;
    }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.capture", NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (ui_wait_until (listed, dialog, WAIT_MS));
  g_assert_cmpuint (hs_capture_dialog_get_n_targets (dialog), >=, 1);
  g_assert_true (hs_capture_dialog_select_pid (dialog, (guint)jvm.pid));
  hs_capture_dialog_set_folder (dialog, folder);
  g_assert_true (ui_wait_shown (GTK_WIDGET (dialog), WAIT_MS));
  ui_shot (GTK_WIDGET (dialog), "capture-dialog.png");

  capture = ui_find_button (GTK_WIDGET (dialog), "C_apture");
  g_assert_nonnull (capture);
  g_assert_true (gtk_widget_get_sensitive (capture));
  g_signal_emit_by_name (capture, "clicked");
  g_assert_true (ui_wait_until (dialog_gone, NULL, WAIT_MS));
  g_assert_true (ui_wait_until (tab_loaded, window, WAIT_MS));

  /* The new tab shows the file the dialog wrote, in the folder chosen. */
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  written = g_path_get_dirname (hs_heap_path (a->heap));
  g_assert_cmpstr (written, ==, folder);
  g_assert_true (g_str_has_prefix (strrchr (hs_heap_path (a->heap), '/') + 1, "CaptureTarget-"));
  planted = hs_heap_find_class (a->heap, "CaptureTarget$Planted");
  g_assert_cmpuint (planted, !=, HS_CLASS_NONE);
  g_assert_cmpuint (hs_class_count (a->heap, planted), ==, 1234);
  g_assert_cmpuint (hs_heap_find_class (a->heap, "CaptureTarget$Garbage") == HS_CLASS_NONE
                        ? 0
                        : hs_class_count (a->heap, hs_heap_find_class (a->heap, "CaptureTarget$Garbage")),
                    ==, 0);
  ui_shot (GTK_WIDGET (window), "capture-tab.png");

  /* Capture again over that tab: the same JVM is chosen, and the second
   * dump opens in a tab of its own beside the first (ready for Compare). */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.capture", NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  g_assert_true (ui_wait_until (listed, dialog, WAIT_MS));
  g_assert_cmpuint (hs_capture_dialog_get_selected_pid (dialog), ==, (guint)jvm.pid);
  hs_capture_dialog_set_folder (dialog, folder);
  g_signal_emit_by_name (ui_find_button (GTK_WIDGET (dialog), "C_apture"), "clicked");
  g_assert_true (ui_wait_until (dialog_gone, NULL, WAIT_MS));
  g_assert_cmpuint (hs_window_get_n_tabs (window), ==, 2);
  g_assert_true (ui_wait_until (tab_loaded, window, WAIT_MS));

  /* Save Stripped Copy: the same length, the same objects, no values. */
  {
    HsAnalysis *second = hs_loader_get_analysis (hs_window_get_loader (window));
    g_autofree char *stripped = g_build_filename (folder, "stripped.hprof", NULL);
    g_autoptr (HsHeap) heap = NULL;
    GStatBuf a_st, b_st;

    hs_window_strip_to (window, stripped, FALSE);
    g_assert_true (ui_wait_until (file_written, stripped, WAIT_MS));
    g_assert_cmpint (g_stat (hs_heap_path (second->heap), &a_st), ==, 0);
    g_assert_cmpint (g_stat (stripped, &b_st), ==, 0);
    g_assert_cmpint (a_st.st_size, ==, b_st.st_size);
    heap = hs_heap_open (stripped, &(HsOpenOptions){ 0 }, NULL, NULL, NULL, NULL);
    g_assert_nonnull (heap);
    g_assert_cmpuint (hs_class_count (heap, hs_heap_find_class (heap, "CaptureTarget$Planted")), ==, 1234);
  }
  jvm_stop (&jvm);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_cancel_closes (void)
{
  HsWindow *window = ui_window_new (NULL, 800, 600);
  HsCaptureDialog *dialog;
  GtkWidget *cancel;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.capture", NULL));
  dialog = find_dialog ();
  g_assert_nonnull (dialog);
  cancel = ui_find_button (GTK_WIDGET (dialog), "_Cancel");
  g_assert_nonnull (cancel);
  g_signal_emit_by_name (cancel, "clicked");
  g_assert_true (ui_wait_until (dialog_gone, NULL, WAIT_MS));
  g_assert_cmpstr (hs_window_get_page (window), ==, "welcome");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_assert_cmpint (argc, ==, 2);
  source_dir = argv[1];
  g_test_add_func ("/capture/cancel", test_cancel_closes);
  g_test_add_func ("/capture/opens-a-tab", test_capture_opens_a_tab);
  return g_test_run ();
}
