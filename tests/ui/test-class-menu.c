/* SPDX-License-Identifier: GPL-3.0-or-later */
/* UI test of the class row's context menu in the Classes view, used as a
 * user does: a secondary click on the class name's cell, then an item of
 * the menu that opens. On tests/cli/pathsdump.py's dump (7 instances of
 * com.example.Session, 5 of them with a path to a GC root, counted by hand
 * there): "Merged Paths to GC Roots" shows the Paths view on that class,
 * "Query from Here" the Query view holding a query over it. */
#include "config.h"

#include <string.h>

#include "ui-util.h"
#include "hs-paths-view.h"
#include "hs-query-view.h"

#define SESSION "com.example.Session"

/* The first GtkInscription below w showing text. */
static GtkWidget *
find_inscription (GtkWidget *w, const char *text)
{
  if (GTK_IS_INSCRIPTION (w) && g_strcmp0 (gtk_inscription_get_text (GTK_INSCRIPTION (w)), text) == 0)
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_inscription (c, text);
      if (found)
        return found;
    }
  return NULL;
}

/* A secondary click on widget, as the pointer would give it: the
 * click gesture for that button reports a press at the middle. */
static void
secondary_click (GtkWidget *widget)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean pressed = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !pressed; i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_CLICK (c)
          && gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == GDK_BUTTON_SECONDARY)
        {
          g_signal_emit_by_name (c, "pressed", 1, gtk_widget_get_width (widget) / 2.0,
                                 gtk_widget_get_height (widget) / 2.0);
          pressed = TRUE;
        }
    }
  g_assert_true (pressed);
}

static gboolean
session_shown (gpointer classes)
{
  return find_inscription (classes, SESSION) != NULL;
}

static gboolean
menu_shown (gpointer cell)
{
  GtkWidget *popover = ui_find_child (cell, GTK_TYPE_POPOVER_MENU);
  return popover != NULL && gtk_widget_get_mapped (popover);
}

static gboolean
left_classes (gpointer window)
{
  return g_strcmp0 (hs_window_get_view (window), "classes") != 0;
}

/* The class table showing only SESSION, its name cell right-clicked and
 * the menu's item labelled item chosen. */
static void
choose_from_class_menu (HsWindow *window, const char *item)
{
  HsClassesView *classes = ui_classes_view (window);
  GtkWidget *cell, *popover, *button;

  hs_window_set_view (window, "classes");
  g_assert_true (hs_classes_view_show_class (classes, SESSION));
  g_assert_true (ui_wait_until (session_shown, classes, 10000));
  cell = find_inscription (GTK_WIDGET (classes), SESSION);
  g_assert_nonnull (cell);
  secondary_click (cell);
  g_assert_true (ui_wait_until (menu_shown, cell, 10000));
  popover = ui_find_child (cell, GTK_TYPE_POPOVER_MENU);
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_visible (popover));
  button = ui_find_menu_item (popover, item);
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (ui_wait_until (left_classes, window, 10000));
}

static gboolean
paths_ready (gpointer data)
{
  return !hs_paths_view_is_busy (data) && hs_paths_view_get_model (data) != NULL;
}

static HsWindow *
open_window (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HsWindow *window = ui_window_new (NULL, 1200, 760);

  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 60000), ==, HS_LOADER_DONE);
  return window;
}

static void
test_merged_paths (gconstpointer data)
{
  HsWindow *window = open_window (data);
  HsPathsView *view;

  choose_from_class_menu (window, "Merged Paths to GC Roots");
  g_assert_cmpstr (hs_window_get_view (window), ==, "paths");
  view = HS_PATHS_VIEW (hs_window_get_view_by_name (window, "paths"));
  g_assert_true (ui_wait_until (paths_ready, view, 60000));
  g_assert_nonnull (strstr (hs_paths_view_get_summary (view), "7 objects"));
  g_assert_nonnull (strstr (hs_paths_view_get_summary (view), "5 with a path to a GC root, 2 without"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_query_from_here (gconstpointer data)
{
  HsWindow *window = open_window (data);
  HsQueryView *view;
  g_autofree char *text = NULL;

  choose_from_class_menu (window, "Query from Here");
  g_assert_cmpstr (hs_window_get_view (window), ==, "query");
  view = HS_QUERY_VIEW (hs_window_get_view_by_name (window, "query"));
  text = hs_query_view_get_text (view);
  g_assert_cmpstr (text, ==, "SELECT * FROM " SESSION " c");
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  g_test_add_data_func ("/class-menu/merged-paths", argv[1], test_merged_paths);
  g_test_add_data_func ("/class-menu/query-from-here", argv[1], test_query_from_here);
  return g_test_run ();
}
