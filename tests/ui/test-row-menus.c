/* SPDX-License-Identifier: GPL-3.0-or-later */
/* UI test of the context menus of list rows, whose owner (a cell of a
 * recycled row) can go while the menu is open or while its item acts: on
 * tests/suspects/server_oom.py's dump, the instance list of the Classes
 * view and the object list of the Paths view, each row's menu opened on a
 * cell as a right click does and its "List Incoming References" chosen as
 * a click on the item does (the item's action, then the menu hidden), the
 * list then recycled (the model replaced, the rows scrolled). The window
 * must live, and the References view must show the object. */
#include "config.h"

#include <adwaita.h>
#include <string.h>

#include "ui-util.h"
#include "hs-object-menu.h"
#include "hs-object-row.h"
#include "hs-object-column-view.h"
#include "hs-paths-view.h"
#include "hs-refs-view.h"

#define LOAD_TIMEOUT_MS 120000

static const char *dumps_dir;

static HsAnalysis *
open_and_wait (HsWindow *window, const char *name)
{
  g_autofree char *path = g_build_filename (dumps_dir, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  return hs_loader_get_analysis (hs_window_get_loader (window));
}

/* The first mapped cell with text of the first column below root (the
 * name cells of a column view's rows: GtkInscription). */
static GtkWidget *
first_cell (GtkWidget *root)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (!gtk_widget_get_mapped (c))
        continue;
      if (GTK_IS_INSCRIPTION (c) && gtk_inscription_get_text (GTK_INSCRIPTION (c)) != NULL
          && strchr (gtk_inscription_get_text (GTK_INSCRIPTION (c)), '@') != NULL)
        return c;
      if ((found = first_cell (c)) != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_popover (GtkWidget *root)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_POPOVER_MENU (c) && gtk_widget_get_visible (c))
        return c;
      if ((found = find_popover (c)) != NULL)
        return found;
    }
  return NULL;
}

/* The menu item (a GtkModelButton) whose text is label. */
static GtkWidget *
find_item (GtkWidget *root, const char *label)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (g_str_equal (G_OBJECT_TYPE_NAME (c), "GtkModelButton"))
        {
          g_autofree char *text = NULL;
          g_object_get (c, "text", &text, NULL);
          if (g_strcmp0 (text, label) == 0)
            return c;
        }
      if ((found = find_item (c, label)) != NULL)
        return found;
    }
  return NULL;
}

/* What a click on a menu item does: its "clicked" (GTK's menu activates
 * the item's action, then hides the menu). */
static void
click_item (GtkWidget *popover, const char *label)
{
  GtkWidget *item = find_item (popover, label);

  g_assert_nonnull (item);
  g_signal_emit_by_name (item, "clicked");
}

/* What a right click on widget does: its secondary-button gesture's
 * "pressed" (the product's handler finds the row's object itself). */
static void
right_click (GtkWidget *widget)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean clicked = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_CLICK (c)
          && gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == GDK_BUTTON_SECONDARY)
        {
          g_signal_emit_by_name (c, "pressed", 1, 10.0, 5.0);
          clicked = TRUE;
          break;
        }
    }
  g_assert_true (clicked);
}

static gboolean
refs_ready (gpointer data)
{
  return !hs_refs_view_is_busy (data) && hs_refs_view_get_model (data) != NULL;
}

/* The menu of the first row of the object table below root opened on its
 * name cell, "List Incoming References" chosen, then the table's rows
 * recycled by recycle(data); the References view shows that object. */
static void
incoming_from_row (HsWindow *window, GtkWidget *root, void (*recycle) (gpointer), gpointer data)
{
  HsRefsView *refs = HS_REFS_VIEW (hs_window_get_view_by_name (window, "refs"));
  GtkWidget *cell = first_cell (root);
  GtkWidget *popover;
  g_autofree char *first = NULL;

  g_assert_nonnull (cell);
  right_click (cell);
  ui_iterate (50);
  popover = find_popover (cell);
  g_assert_nonnull (popover);
  g_assert_true (gtk_widget_get_mapped (popover));
  click_item (popover, "List Incoming References");
  /* The rows go while the menu closes and its idle work is pending. */
  recycle (data);
  ui_iterate (300);
  g_assert_cmpstr (hs_window_get_view (window), ==, "refs");
  g_assert_true (ui_wait_until (refs_ready, refs, 60000));
  ui_iterate (100);
  first = hs_refs_view_get_row_text (refs, 0);
  g_assert_nonnull (first);
}

static void
reshow_instances (gpointer data)
{
  HsWindow *window = data;
  HsClassesView *classes = ui_classes_view (window);

  /* Another class, then back: the instance table's model replaced twice,
   * its rows unbound and disposed. */
  g_assert_true (hs_classes_view_show_class (classes, "store.Session"));
  g_assert_true (hs_classes_view_show_class (classes, "byte[]"));
}

static void
test_instances (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 900);

  open_and_wait (window, "server-oom.hprof");
  for (guint round = 0; round < 4; round++)
    {
      HsClassesView *classes = ui_classes_view (window);

      hs_window_set_view (window, "classes");
      ui_iterate (100);
      g_assert_true (hs_classes_view_show_class (classes, round % 2 ? "store.Session" : "byte[]"));
      g_assert_true (ui_wait_for_instances (window, 60000));
      ui_iterate (300);
      incoming_from_row (window, GTK_WIDGET (classes), reshow_instances, window);
      ui_iterate (200);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  ui_iterate (100);
}

static gboolean
paths_ready (gpointer data)
{
  return !hs_paths_view_is_busy (data) && hs_paths_view_get_model (data) != NULL;
}

static void
reshow_paths (gpointer data)
{
  HsWindow *window = data;
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));
  HsPathsView *paths = HS_PATHS_VIEW (hs_window_get_view_by_name (window, "paths"));
  HsClass session = hs_heap_find_class (a->heap, "store.Session");

  /* A new request: the tree and the object list below it emptied. */
  hs_paths_view_show_class (paths, session);
}

static void
test_paths (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 900);
  HsAnalysis *a = open_and_wait (window, "server-oom.hprof");
  HsPathsView *paths = HS_PATHS_VIEW (hs_window_get_view_by_name (window, "paths"));
  HsClass session = hs_heap_find_class (a->heap, "store.Session");

  g_assert_cmpuint (session, !=, HS_CLASS_NONE);
  for (guint round = 0; round < 4; round++)
    {
      GtkTreeListModel *model;
      GtkSelectionModel *sel;

      hs_view_reveal (HS_VIEW (paths));
      hs_window_set_view (window, "paths");
      hs_paths_view_show_class (paths, session);
      g_assert_true (ui_wait_until (paths_ready, paths, 60000));
      ui_iterate (200);
      /* The first row selected: its objects listed below the tree. */
      model = hs_paths_view_get_model (paths);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), >, 0);
      /* The tree is the view's first column view (the object table's
       * is inside its HsObjectColumnView, after it). */
      sel = gtk_column_view_get_model (
          GTK_COLUMN_VIEW (ui_find_child (GTK_WIDGET (paths), GTK_TYPE_COLUMN_VIEW)));
      gtk_selection_model_select_item (sel, 0, TRUE);
      ui_iterate (300);
      incoming_from_row (window, ui_find_child (GTK_WIDGET (paths), HS_TYPE_OBJECT_COLUMN_VIEW), reshow_paths,
                         window);
      ui_iterate (200);
    }
  gtk_window_destroy (GTK_WINDOW (window));
  ui_iterate (100);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  g_assert_cmpint (argc, ==, 2);
  dumps_dir = argv[1];
  g_test_add_func ("/row-menus/instances", test_instances);
  g_test_add_func ("/row-menus/paths", test_paths);
  return g_test_run ();
}
