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

/* What a click on a menu item does: its "clicked" (GTK's menu activates
 * the item's action, then hides the menu). */
static void
click_item (GtkWidget *popover, const char *label)
{
  GtkWidget *item = ui_find_menu_item (popover, label);

  g_assert_nonnull (item);
  g_signal_emit_by_name (item, "clicked");
}

/* What a right click on widget does: its secondary-button gesture's
 * "pressed" (the product's handler finds the row's object itself). */
static void
right_click (GtkWidget *widget)
{
  GtkGesture *click = ui_secondary_click_gesture (widget);

  g_assert_nonnull (click);
  g_signal_emit_by_name (click, "pressed", 1, 10.0, 5.0);
}

static gboolean
menu_mapped (gpointer cell)
{
  GtkWidget *popover = ui_shown_popover (cell);
  return popover != NULL && gtk_widget_get_mapped (popover);
}

static gboolean
showing_refs (gpointer window)
{
  return g_strcmp0 (hs_window_get_view (window), "refs") == 0;
}

/* The menu gone: unparented once closed (or with its row). */
static gboolean
menu_gone (gpointer data)
{
  GtkWidget **popover = data;
  return *popover == NULL || gtk_widget_get_parent (*popover) == NULL;
}

static gboolean
window_gone (gpointer data)
{
  return *(gpointer *)data == NULL;
}

/* The window destroyed and finalized (nothing of it left running). */
static void
destroy_window (HsWindow *window)
{
  gpointer weak = window;

  g_object_add_weak_pointer (G_OBJECT (window), &weak);
  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (ui_wait_until (window_gone, &weak, 10000));
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
  g_assert_true (ui_wait_until (menu_mapped, cell, 10000));
  popover = ui_shown_popover (cell);
  g_object_add_weak_pointer (G_OBJECT (popover), (gpointer *)&popover);
  click_item (popover, "List Incoming References");
  /* The rows go while the menu closes and its idle work is pending. */
  recycle (data);
  g_assert_true (ui_wait_until (showing_refs, window, 10000));
  g_assert_true (ui_wait_until (refs_ready, refs, 60000));
  first = hs_refs_view_get_row_text (refs, 0);
  g_assert_nonnull (first);
  /* The menu's idle work done with its row gone. */
  g_assert_true (ui_wait_until (menu_gone, &popover, 10000));
  if (popover != NULL)
    g_object_remove_weak_pointer (G_OBJECT (popover), (gpointer *)&popover);
}

static gboolean
has_cell (gpointer root)
{
  return first_cell (root) != NULL;
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
      g_assert_true (hs_classes_view_show_class (classes, round % 2 ? "store.Session" : "byte[]"));
      g_assert_true (ui_wait_for_instances (window, 60000));
      g_assert_true (ui_wait_until (has_cell, classes, 10000));
      incoming_from_row (window, GTK_WIDGET (classes), reshow_instances, window);
    }
  destroy_window (window);
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
      /* The first row selected: its objects listed below the tree. */
      model = hs_paths_view_get_model (paths);
      g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), >, 0);
      /* The tree is the view's first column view (the object table's
       * is inside its HsObjectColumnView, after it). */
      sel = gtk_column_view_get_model (
          GTK_COLUMN_VIEW (ui_find_child (GTK_WIDGET (paths), GTK_TYPE_COLUMN_VIEW)));
      gtk_selection_model_select_item (sel, 0, TRUE);
      g_assert_true (
          ui_wait_until (has_cell, ui_find_child (GTK_WIDGET (paths), HS_TYPE_OBJECT_COLUMN_VIEW), 10000));
      incoming_from_row (window, ui_find_child (GTK_WIDGET (paths), HS_TYPE_OBJECT_COLUMN_VIEW), reshow_paths,
                         window);
    }
  destroy_window (window);
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
