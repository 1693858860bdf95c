/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-workers.c: the window's workers and the UI thread, on
 * the committed sample dump. A mapping applied while an export and the
 * threads computation run: Export is off while the mapping runs, the
 * export started before it finishes (it holds what it reads), the names
 * change under the workers without a read of freed memory (the ASan
 * build of build-aux/test.sh runs this suite's C code under the same
 * engine; tests/mapping/test-mapping.c /mapping/apply-while-read races
 * the engine directly). Then a tab closed during each long job: every
 * job is started and the tab closed before the main loop runs again
 * (so the job is queued or running when it closes); the tab must go
 * (its workers stopped or finished, nothing left holding it) without a
 * critical. */
#include "config.h"
#include "ui-util.h"
#include "hs-dump-tab.h"
#include "hs-threads-view.h"
#include "hs-window-mapping.h"
#include "hs-window-private.h"

#include <glib/gstdio.h>
#include <string.h>

#define TIMEOUT_MS 120000

static char *tmpdir;

static const char mapping_text[] = "x.RealUser -> com.example.User:\n"
                                   "    java.lang.String realName -> name\n"
                                   "x.RealLeaked -> com.example.LeakedActivity:\n";

static gboolean
not_busy (gpointer data)
{
  return !hs_window_is_mapping_busy (HS_WINDOW (data));
}

static gboolean
file_exists (gpointer data)
{
  return g_file_test (data, G_FILE_TEST_IS_REGULAR);
}

static gboolean
threads_ready (gpointer data)
{
  return hs_threads_view_is_ready (HS_THREADS_VIEW (ui_view (HS_WINDOW (data), "threads")));
}

static gboolean
gone (gpointer data)
{
  return *(gpointer *)data == NULL;
}

static HsDumpTab *
open_tab (HsWindow *window)
{
  g_autoptr (GFile) file = g_file_new_for_path (g_getenv ("HS_SAMPLE_DUMP"));
  HsDumpTab *tab = hs_window_open_in_new_tab (window, file, 0);

  hs_window_select_tab (window, tab);
  g_assert_cmpint (ui_wait_for_load (window, TIMEOUT_MS), ==, HS_LOADER_DONE);
  return tab;
}

/* The header's Export button, found by its action. */
static GtkWidget *
find_action_button (GtkWidget *root, const char *action)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_BUTTON (c) && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (c)), action) == 0)
        return c;
      if ((found = find_action_button (c, action)) != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
export_button (HsWindow *window)
{
  GtkWidget *button = find_action_button (GTK_WIDGET (window), "win.export");
  g_assert_nonnull (button);
  return button;
}

static gboolean
export_sensitive (gpointer data)
{
  return gtk_widget_is_sensitive (export_button (data));
}

static gboolean
toast_shown (gpointer data)
{
  return ui_toast_text (data) != NULL;
}

static void
test_mapping_during_export_and_threads (void)
{
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  g_autofree char *mapping = g_build_filename (tmpdir, "mapping.txt", NULL);
  g_autofree char *report = g_build_filename (tmpdir, "during.html", NULL);
  g_autoptr (GFile) mapping_file = g_file_new_for_path (mapping);

  g_assert_true (g_file_set_contents (mapping, mapping_text, -1, NULL));
  open_tab (window);
  /* Two notices a few ms apart (two exports): the second replaces the
   * first during its show animation (which crashed libadwaita 1.2 when
   * the first was dismissed before the second was added). */
  {
    g_autofree char *second = g_build_filename (tmpdir, "second.html", NULL);
    hs_window_export_to (window, report);
    g_assert_true (ui_wait_until (file_exists, report, TIMEOUT_MS));
    /* The first notice shown (its animation starts), then the second. */
    g_assert_true (ui_wait_until (toast_shown, window, TIMEOUT_MS));
    hs_window_export_to (window, second);
    g_assert_true (ui_wait_until (file_exists, second, TIMEOUT_MS));
    g_assert_true (ui_wait_until (toast_shown, window, TIMEOUT_MS));
    /* Its show animation runs over the next frames. */
    g_assert_true (ui_wait_frames (GTK_WIDGET (window), 20, TIMEOUT_MS));
    g_remove (second);
  }
  for (guint round = 0; round < 3; round++)
    {
      g_remove (report);
      /* The threads computation and an export on workers, then the
       * mapping: all three before the main loop runs again. */
      hs_window_set_view (window, "threads");
      hs_window_export_to (window, report);
      hs_window_load_mapping (window, mapping_file);
      g_assert_true (hs_window_is_mapping_busy (window));
      /* Export is off meanwhile (the action, so its button and the
       * shortcut). A direct call would only say so in a toast. */
      g_assert_false (gtk_widget_is_sensitive (export_button (window)));
      g_assert_true (ui_wait_until (not_busy, window, TIMEOUT_MS));
      g_assert_true (ui_wait_until (file_exists, report, TIMEOUT_MS));
      g_assert_true (ui_wait_until (threads_ready, window, TIMEOUT_MS));
      g_assert_true (ui_wait_until (export_sensitive, window, TIMEOUT_MS));
      g_assert_true (gtk_widget_is_sensitive (export_button (window)));
    }
  /* An export after the mapping: the real names. */
  g_remove (report);
  hs_window_export_to (window, report);
  g_assert_true (ui_wait_until (file_exists, report, TIMEOUT_MS));
  {
    g_autofree char *html = NULL;
    g_assert_true (g_file_get_contents (report, &html, NULL, NULL));
    g_assert_nonnull (strstr (html, "x.RealLeaked"));
  }
  g_remove (report);
  g_remove (mapping);
  /* The window goes while the last toast may still move. */
  g_assert_true (ui_wait_until (toast_shown, window, TIMEOUT_MS));
  ui_destroy_window (GTK_WINDOW (window));
}

/* The long jobs of a tab, each started on a fresh tab which is then
 * closed at once. */
typedef enum
{
  JOB_THREADS,
  JOB_DOMINATORS,
  JOB_INSTANCES,
  JOB_INSIGHTS,
  JOB_TREEMAP,
  JOB_INSPECTOR,
  JOB_EXPORT,
  JOB_MAPPING,
  JOB_LOAD,
  N_JOBS
} Job;

static const char *const job_names[] = { "threads",   "dominators", "instances", "insights", "treemap",
                                         "inspector", "export",     "mapping",   "load" };

static void
start_job (HsWindow *window, Job job, const char *dir)
{
  switch (job)
    {
      case JOB_THREADS: hs_window_set_view (window, "threads"); break;
      case JOB_DOMINATORS: hs_window_set_view (window, "dominators"); break;
      case JOB_INSTANCES:
        hs_window_set_view (window, "classes");
        hs_classes_view_show_instances (ui_classes_view (window), 0);
        break;
      case JOB_INSIGHTS: hs_window_set_view (window, "insights"); break;
      case JOB_TREEMAP: hs_window_set_view (window, "treemap"); break;
      case JOB_INSPECTOR: hs_window_inspect (window, 1); break;
      case JOB_EXPORT:
        {
          g_autofree char *path = g_build_filename (dir, "closed.html", NULL);
          hs_window_export_to (window, path);
          break;
        }
      case JOB_MAPPING:
        {
          g_autofree char *path = g_build_filename (dir, "mapping.txt", NULL);
          g_autoptr (GFile) file = g_file_new_for_path (path);
          g_assert_true (g_file_set_contents (path, mapping_text, -1, NULL));
          hs_window_load_mapping (window, file);
          break;
        }
      case JOB_LOAD:
      case N_JOBS: break;
    }
}

static void
test_close_tab_during_jobs (void)
{
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  HsDumpTab *keep = hs_window_get_tab (window); /* the window stays open */

  g_assert_nonnull (keep);
  for (Job job = 0; job < N_JOBS; job++)
    {
      gpointer weak = NULL;
      HsDumpTab *tab;

      g_test_message ("closing a tab during: %s", job_names[job]);
      if (job == JOB_LOAD)
        {
          g_autoptr (GFile) file = g_file_new_for_path (g_getenv ("HS_SAMPLE_DUMP"));
          tab = hs_window_open_in_new_tab (window, file, 0);
          hs_window_select_tab (window, tab);
        }
      else
        {
          tab = open_tab (window);
          start_job (window, job, tmpdir);
        }
      weak = tab;
      g_object_add_weak_pointer (G_OBJECT (tab), &weak);
      hs_window_close_tab (window, tab);
      /* The tab goes once its workers let go of it. */
      g_assert_true (ui_wait_until (gone, &weak, TIMEOUT_MS));
      g_assert_cmpuint (hs_window_get_n_tabs (window), ==, 1);
    }
  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  /* Animations on, as for users: toasts come a few ms apart here (a report
   * saved, a mapping applied), which the window paces. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  tmpdir = g_dir_make_tmp ("hs-workers-XXXXXX", NULL);
  g_test_add_func ("/workers/mapping-during-export-and-threads", test_mapping_during_export_and_threads);
  g_test_add_func ("/workers/close-tab-during-jobs", test_close_tab_during_jobs);
  int rc = g_test_run ();
  g_autoptr (GDir) d = g_dir_open (tmpdir, 0, NULL);
  for (const char *n; d && (n = g_dir_read_name (d));)
    {
      g_autofree char *p = g_build_filename (tmpdir, n, NULL);
      g_remove (p);
    }
  g_rmdir (tmpdir);
  g_free (tmpdir);
  return rc;
}
