/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-screenshots.c: opens a dump in the real window and saves a PNG of
 * every view (for data/screenshots, the README, the AppStream metainfo
 * and docs/user-guide.md; docs/testing.md says how they are taken). Not a
 * test. HS_SCREENSHOT_WIDTH sets the window's width, HS_SCREENSHOT_BASELINE
 * adds the Compare view against that dump.
 *   HEAPSCOPE_NO_CACHE=1 HS_SCREENSHOT_DIR=data/screenshots \
 *     xvfb-run -a -s "-screen 0 1920x1080x24" build/tests/ui/hs-screenshots [DUMP] */
#include "config.h"
#include "ui-util.h"
#include "hs-treemap-widget.h"

#include "hs-app-actions.h"
#include "hs-compare-view.h"
#include "hs-paths-view.h"
#include "hs-query-view.h"
#include "hs-query.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdlib.h>

static HsWindow *window;
static const char *out_dir;

/* The window shown, the view on show laid out: mapped with a size (on
 * the content page), then three frames drawn for the last layout. */
static void
wait_laid_out (void)
{
  const char *name = hs_window_get_view (window);
  HsView *view = name != NULL ? hs_window_get_view_by_name (window, name) : NULL;

  if (!ui_wait_shown (GTK_WIDGET (window), 30000))
    g_error ("the window is not shown");
  if (g_strcmp0 (hs_window_get_page (window), "content") == 0 && view != NULL
      && !ui_wait_shown (GTK_WIDGET (view), 30000))
    g_error ("the %s view is not shown", name);
  if (!ui_wait_frames (GTK_WIDGET (window), 3, 30000))
    g_error ("the window draws no frame");
}

static void
save_now (const char *name)
{
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *file = g_strdup_printf ("%s.png", name);
  g_autofree char *path = g_build_filename (out_dir, file, NULL);

  wait_laid_out ();
  texture = ui_render_widget (GTK_WIDGET (window));
  if (texture == NULL || !gdk_texture_save_to_png (texture, path))
    g_error ("could not save %s", path);
  g_print ("%s\n", path);
}

static gboolean
worker_paused (gpointer data)
{
  return hs_loader_get_paused_for_tests ();
}

static void
save (const char *name)
{
  save_now (name);
}

static gboolean
inspector_done (gpointer data)
{
  return !hs_inspector_is_busy (HS_INSPECTOR (data))
         && hs_inspector_get_obj (HS_INSPECTOR (data)) != HS_OBJ_NONE;
}

static gboolean
paths_done (gpointer data)
{
  return !hs_paths_view_is_busy (data);
}

static gboolean
query_done (gpointer data)
{
  return !hs_query_view_is_running (data);
}

static gboolean
compare_done (gpointer data)
{
  return g_strcmp0 (hs_compare_view_get_page (data), "loading") != 0;
}

/* For docs/user-guide.md: the views a question opens, on the dump shown.
 * The Paths view on the merged paths of the first leaking object's class,
 * the Query view on the HashMaps of more than 10 entries, and, with
 * HS_SCREENSHOT_BASELINE=OLD (an earlier dump of the same program),
 * Compare against OLD. HS_SCREENSHOT_PATHS_CLASS=NAME shows the merged
 * paths of that class instead (a dump with no application leak). */
static void
save_question_views (HsAnalysis *a)
{
  const char *baseline = g_getenv ("HS_SCREENSHOT_BASELINE");
  const char *paths_class = g_getenv ("HS_SCREENSHOT_PATHS_CLASS");
  HsView *view;
  HsClass c = HS_CLASS_NONE;

  if (paths_class != NULL)
    c = hs_heap_find_class (a->heap, paths_class);
  else if (a->leaks != NULL && a->leaks->application_leaks->len > 0)
    {
      HsLeakGroup *g = g_ptr_array_index (a->leaks->application_leaks, 0);
      HsLeakTrace *t = g_ptr_array_index (g->traces, 0);
      c = hs_heap_object_class (a->heap, t->leaking_obj);
    }
  if (c != HS_CLASS_NONE)
    {
      gtk_widget_activate_action (GTK_WIDGET (window), "win.merged-paths", "u", (guint32)c);
      view = hs_window_get_view_by_name (window, "paths");
      if (view == NULL || !ui_wait_until (paths_done, view, 60000))
        g_error ("the merged paths did not come");
      save ("paths");
    }

  view = hs_window_get_view_by_name (window, "query");
  if (view != NULL)
    {
      hs_window_set_view (window, "query");
      hs_query_view_set_text (HS_QUERY_VIEW (view), "SELECT s, s.size, s.@retainedHeapSize "
                                                    "FROM java.util.HashMap s WHERE s.size > 10");
      hs_query_view_run (HS_QUERY_VIEW (view));
      if (!ui_wait_until (query_done, view, 60000))
        g_error ("the query did not end");
      save ("query");
    }

  if (baseline != NULL)
    {
      g_autoptr (GFile) old = g_file_new_for_commandline_arg (baseline);

      hs_window_compare_with (window, old, 0);
      view = hs_window_get_view_by_name (window, "compare");
      if (view == NULL || !ui_wait_until (compare_done, view, 60000))
        g_error ("the comparison did not end");
      save ("compare");
    }
}

int
main (int argc, char *argv[])
{
  const char *dump = argc > 1 ? argv[1] : HS_SAMPLE_DUMP;
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (dump);
  HsAnalysis *a;

  gtk_init ();
  adw_init ();
  out_dir = g_getenv ("HS_SCREENSHOT_DIR");
  if (out_dir == NULL)
    out_dir = ".";
  g_mkdir_with_parents (out_dir, 0755);

  window = hs_window_new (NULL);
  const char *width = g_getenv ("HS_SCREENSHOT_WIDTH");

  gtk_window_set_default_size (GTK_WINDOW (window), width != NULL ? atoi (width) : 1200, 760);
  gtk_window_present (GTK_WINDOW (window));
  save ("welcome");

  /* The error page, on a file that is not a heap dump. */
  {
    g_autofree char *tmp = g_dir_make_tmp ("heapscope-shot-XXXXXX", NULL);
    g_autofree char *bad = g_build_filename (tmp, "notes.hprof", NULL);
    g_autoptr (GFile) bad_file = g_file_new_for_path (bad);
    g_file_set_contents (bad, "JAVA PROFILE 1.0.2\0\0\0\0\x09garbage", 29, NULL);
    hs_window_open (window, bad_file, 0);
    ui_wait_for_load (window, 30000);
    save ("error");
    g_unlink (bad);
    g_rmdir (tmp);
  }

  /* The loading page, held in the "dominators" phase by the loader's test
   * hook, then cancelled. */
  hs_loader_set_pause_phase_for_tests ("dominators");
  hs_window_open (window, file, 0);
  if (!ui_wait_until (worker_paused, NULL, 60000))
    g_error ("the loader did not reach the dominators phase");
  save_now ("loading");
  hs_loader_cancel (hs_window_get_loader (window));
  ui_wait_for_load (window, 30000);
  hs_loader_set_pause_phase_for_tests (NULL);

  hs_window_open (window, file, 0);
  if (ui_wait_for_load (window, 300000) != HS_LOADER_DONE)
    g_error ("could not load %s: %s", dump, hs_window_get_error_text (window));
  a = hs_loader_get_analysis (hs_window_get_loader (window));

  hs_window_set_view (window, "overview");
  save ("overview");

  hs_window_set_view (window, "leaks");
  hs_leaks_view_select (ui_leaks_view (window), 0);
  save ("leaks");

  hs_window_set_view (window, "classes");
  hs_classes_view_show_instances (ui_classes_view (window), 0);
  ui_wait_for_instances (window, 60000);
  save ("classes");

  hs_window_set_view (window, "dominators");
  {
    GListModel *model = G_LIST_MODEL (hs_dominators_view_get_model (ui_dominators_view (window)));
    g_autoptr (GtkTreeListRow) row = g_list_model_get_item (model, 0);
    if (row != NULL)
      gtk_tree_list_row_set_expanded (row, TRUE);
  }
  save ("dominators");

  hs_window_set_view (window, "treemap");
  save ("treemap");
  {
    /* Zoomed into the biggest object. */
    g_autoptr (GArray) top = hs_query_top_objects (a, 1);
    if (top->len > 0)
      hs_treemap_widget_zoom_into (
          HS_TREEMAP_WIDGET (ui_find_child (GTK_WIDGET (ui_treemap_view (window)), HS_TYPE_TREEMAP_WIDGET)),
          g_array_index (top, HsObj, 0));
    save ("treemap-zoomed");
    hs_treemap_widget_zoom_to (
        HS_TREEMAP_WIDGET (ui_find_child (GTK_WIDGET (ui_treemap_view (window)), HS_TYPE_TREEMAP_WIDGET)), 0);
  }

  hs_window_set_view (window, "loaders");
  save ("loaders");

  /* The references of the biggest object (the view is in the switcher
   * once asked). */
  {
    g_autoptr (GArray) top = hs_query_top_objects (a, 1);
    if (top->len > 0)
      {
        gtk_widget_activate_action (GTK_WIDGET (window), "win.list-outgoing", "u",
                                    (guint32)g_array_index (top, HsObj, 0));
        save ("refs");
      }
  }

  save_question_views (a);

  /* The inspector on the first leaking object, over the leak view. */
  hs_window_set_view (window, "leaks");
  if (a->leaks != NULL && a->leaks->application_leaks->len > 0)
    {
      HsLeakGroup *g = g_ptr_array_index (a->leaks->application_leaks, 0);
      HsLeakTrace *t = g_ptr_array_index (g->traces, 0);
      hs_window_inspect (window, t->leaking_obj);
    }
  else
    {
      g_autoptr (GArray) top = hs_query_top_objects (a, 1);
      if (top->len > 0)
        hs_window_inspect (window, g_array_index (top, HsObj, 0));
    }
  if (!ui_wait_until (inspector_done, hs_window_get_inspector (window), 60000)
      || !ui_wait_shown (hs_window_get_inspector (window), 30000))
    g_error ("the inspector did not show its object");
  save ("inspector");
  gtk_widget_set_visible (hs_window_get_inspector (window), FALSE);

  /* The dark style (as the system's would be), for the metainfo's dark
   * screenshots; then the about window. */
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);
  hs_window_set_view (window, "leaks");
  save ("leaks-dark");
  hs_window_set_view (window, "overview");
  save ("overview-dark");
  hs_window_set_view (window, "treemap");
  save ("treemap-dark");
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  {
    GtkWidget *about = hs_about_window_new (GTK_WINDOW (window));
    g_autoptr (GdkTexture) texture = NULL;
    g_autofree char *path = g_build_filename (out_dir, "about.png", NULL);

    gtk_window_present (GTK_WINDOW (about));
    if (!ui_wait_shown (about, 30000) || !ui_wait_frames (about, 3, 30000))
      g_error ("the about window is not shown");
    texture = ui_render_widget (about);
    if (texture == NULL || !gdk_texture_save_to_png (texture, path))
      g_error ("could not save %s", path);
    g_print ("%s\n", path);
    gtk_window_destroy (GTK_WINDOW (about));
  }

  gtk_window_destroy (GTK_WINDOW (window));
  return 0;
}
