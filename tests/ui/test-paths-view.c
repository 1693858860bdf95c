/* SPDX-License-Identifier: GPL-3.0-or-later */
/* UI test of the Paths view on tests/cli/pathsdump.py's dump (routes and
 * sizes counted by hand there): merged paths of com.example.Session opened
 * as "Merged Paths to GC Roots" does, a reference excluded and what that
 * freed, back and forward through both, a node's objects listed, and the
 * other paths of one object; at 1400 px every row shown whole. */
#include "config.h"

#include <string.h>

#include "ui-util.h"
#include "hs-paths-view.h"
#include "hs-object-column-view.h"
#include "hs-object-menu.h"

/* pathsdump.py's addresses */
#define ID_S3 0x1070
#define ID_S4 0x1078
#define ID_S1 0x1060

/* The first button below w whose tooltip is tip. */
static GtkWidget *
find_tooltip_button (GtkWidget *w, const char *tip)
{
  if (GTK_IS_BUTTON (w) && g_strcmp0 (gtk_widget_get_tooltip_text (w), tip) == 0)
    return w;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_tooltip_button (c, tip);
      if (found)
        return found;
    }
  return NULL;
}

static gboolean
not_busy (gpointer data)
{
  return !hs_paths_view_is_busy (data) && hs_paths_view_get_model (data) != NULL;
}

static char *
row_label (HsPathsView *view, guint i)
{
  GtkTreeListModel *model = hs_paths_view_get_model (view);
  g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (model, i);
  g_autoptr (HsPathsItem) item = NULL;
  g_assert_nonnull (row);
  item = gtk_tree_list_row_get_item (row);
  return hs_paths_item_get_label (item);
}

/* A cell of the tree (its list item template's GtkInscription) shows
 * that text. */
static gboolean
tree_shows (GtkWidget *root, const char *text)
{
  if (GTK_IS_INSCRIPTION (root) && g_strcmp0 (gtk_inscription_get_text (GTK_INSCRIPTION (root)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    if (tree_shows (c, text))
      return TRUE;
  return FALSE;
}

/* The tree's path cell (a GtkTreeExpander) showing that text. */
static GtkWidget *
path_cell (GtkWidget *root, const char *text)
{
  if (GTK_IS_TREE_EXPANDER (root))
    {
      GtkWidget *child = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (root));
      if (GTK_IS_INSCRIPTION (child)
          && g_strcmp0 (gtk_inscription_get_text (GTK_INSCRIPTION (child)), text) == 0)
        return root;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = path_cell (c, text);
      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
popover_hidden (gpointer data)
{
  return !gtk_widget_get_mapped (data);
}

/* A secondary click on a reference's path cell offers "Exclude This
 * Reference" with that reference. */
static void
assert_exclude_menu (GtkWidget *tree, const char *label, const char *reference)
{
  GtkWidget *cell = path_cell (tree, label);
  g_autoptr (GListModel) controllers = NULL;
  GtkGesture *click = NULL;
  GtkWidget *popover;
  GMenuModel *menu;
  g_autofree char *item_label = NULL, *target = NULL;

  g_assert_nonnull (cell);
  controllers = gtk_widget_observe_controllers (cell);
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && click == NULL; i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_GESTURE_CLICK (c))
        click = GTK_GESTURE (c);
    }
  g_assert_nonnull (click);
  g_assert_cmpuint (gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (click)), ==, GDK_BUTTON_SECONDARY);
  g_signal_emit_by_name (click, "pressed", 1, 5.0, 5.0);
  popover = ui_wait_popover (cell, 10000);
  g_assert_nonnull (popover);
  menu = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (popover));
  g_assert_cmpint (g_menu_model_get_n_items (menu), ==, 1);
  g_assert_true (g_menu_model_get_item_attribute (menu, 0, "label", "s", &item_label));
  g_assert_cmpstr (item_label, ==, "Exclude This Reference");
  g_assert_true (g_menu_model_get_item_attribute (menu, 0, "target", "s", &target));
  g_assert_cmpstr (target, ==, reference);
  gtk_popover_popdown (GTK_POPOVER (popover));
  g_assert_true (ui_wait_until (popover_hidden, popover, 10000));
}

static void
assert_row (HsPathsView *view, guint i, const char *label, guint64 objects, guint64 reached)
{
  GtkTreeListModel *model = hs_paths_view_get_model (view);
  g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (model, i);
  g_autoptr (HsPathsItem) item = gtk_tree_list_row_get_item (row);
  g_autofree char *text = hs_paths_item_get_label (item);
  guint64 o, r, s, ret;
  g_assert_cmpstr (text, ==, label);
  g_assert_true (hs_paths_item_get_counts (item, &o, &r, &s, &ret));
  g_assert_cmpuint (o, ==, objects);
  g_assert_cmpuint (r, ==, reached);
  /* The row's cells as its properties give them, the path drawn in the
   * tree (the first column view: the objects' table is below it). */
  {
    g_autofree char *shown_label = NULL, *shown_objects = NULL, *shown_reached = NULL;
    g_autofree char *want_objects = g_strdup_printf ("%" G_GUINT64_FORMAT, objects);
    g_autofree char *want_reached = g_strdup_printf ("%" G_GUINT64_FORMAT, reached);
    g_object_get (item, "label", &shown_label, "objects", &shown_objects, "reached", &shown_reached, NULL);
    g_assert_cmpstr (shown_label, ==, label);
    g_assert_cmpstr (shown_objects, ==, want_objects);
    g_assert_cmpstr (shown_reached, ==, want_reached);
    g_assert_true (tree_shows (ui_find_child (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW), label));
  }
}

/* The view is done (not busy: a question starts its worker at once) and
 * the tree drew its rows: the first row's path is in a cell. */
static gboolean
view_drawn (gpointer data)
{
  GListModel *model;
  g_autofree char *first = NULL;

  if (!not_busy (data))
    return FALSE;
  model = G_LIST_MODEL (hs_paths_view_get_model (data));
  if (g_list_model_get_n_items (model) == 0)
    return TRUE;
  first = row_label (data, 0);
  return tree_shows (ui_find_child (GTK_WIDGET (data), GTK_TYPE_COLUMN_VIEW), first);
}

static void
wait_view (HsPathsView *view)
{
  g_assert_true (ui_wait_until (view_drawn, view, 60000));
}

typedef struct
{
  HsObjectColumnView *objects;
  guint n;
} ObjectsWait;

static gboolean
objects_listed (gpointer data)
{
  ObjectsWait *w = data;
  GListModel *model = hs_object_column_view_get_model (w->objects);
  return model != NULL && g_list_model_get_n_items (model) == w->n;
}

typedef struct
{
  HsPathsView *view;
  guint row;
  const char *text;
} RowWait;

/* Row row is there with its label text, drawn in the tree. */
static gboolean
row_drawn (gpointer data)
{
  RowWait *w = data;
  g_autofree char *label = NULL;

  if (g_list_model_get_n_items (G_LIST_MODEL (hs_paths_view_get_model (w->view))) <= w->row)
    return FALSE;
  label = row_label (w->view, w->row);
  return g_strcmp0 (label, w->text) == 0
         && tree_shows (ui_find_child (GTK_WIDGET (w->view), GTK_TYPE_COLUMN_VIEW), w->text);
}

static gboolean
merged_button_ready (gpointer data)
{
  GtkWidget *button = find_tooltip_button (data, "Merged Paths to GC Roots");
  return button != NULL && gtk_widget_get_mapped (button) && gtk_widget_get_sensitive (button);
}

static void
test_paths_view (gconstpointer data)
{
  g_autoptr (GFile) file = g_file_new_for_path (data);
  HsWindow *window = hs_window_new (NULL);
  HsAnalysis *a;
  HsPathsView *view;
  HsClass session;
  GtkColumnView *tree;
  HsObjectColumnView *objects;

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 760);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_wait_shown (GTK_WIDGET (window), 10000));
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 60000), ==, HS_LOADER_DONE);
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  session = hs_heap_find_class (a->heap, "com.example.Session");
  g_assert_cmpuint (session, !=, HS_CLASS_NONE);

  /* "Merged Paths to GC Roots" on the class row */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.merged-paths", "u", (guint32)session);
  g_assert_cmpstr (hs_window_get_view (window), ==, "paths");
  view = HS_PATHS_VIEW (hs_window_get_view_by_name (window, "paths"));
  wait_view (view);
  g_assert_nonnull (strstr (hs_paths_view_get_summary (view), "7 objects"));
  g_assert_nonnull (strstr (hs_paths_view_get_summary (view), "5 with a path to a GC root, 2 without"));
  /* the main branch is open: App, its sessions array, the 3 Sessions in it,
   * then App's cache, then the thread */
  assert_row (view, 0, "GC root System Class: class com.example.App", 1, 4);
  assert_row (view, 1, "static com.example.App.sessions → java.lang.Object[]", 1, 3);
  assert_row (view, 2, "[] → com.example.Session", 3, 3);
  assert_row (view, 3, "static com.example.App.cache → com.example.Cache", 1, 1);
  assert_row (view, 4, "GC root Java Frame: java.lang.Thread", 1, 1);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (hs_paths_view_get_model (view))), ==, 5);

  /* a node opens its objects: the three Sessions below the tree */
  tree = GTK_COLUMN_VIEW (ui_find_child (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW));
  objects = HS_OBJECT_COLUMN_VIEW (ui_find_child (GTK_WIDGET (view), HS_TYPE_OBJECT_COLUMN_VIEW));
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (gtk_column_view_get_model (tree)), 2);
  g_assert_true (ui_wait_until (objects_listed, &(ObjectsWait){ objects, 3 }, 30000));
  g_assert_nonnull (hs_object_column_view_get_model (objects));
  g_assert_cmpuint (g_list_model_get_n_items (hs_object_column_view_get_model (objects)), ==, 3);

  assert_exclude_menu (GTK_WIDGET (tree), "static com.example.App.sessions → java.lang.Object[]",
                       "com.example.App.sessions");

  /* "Exclude This Reference" on the sessions array's row */
  gtk_widget_activate_action (GTK_WIDGET (view), "paths.exclude", "s", "com.example.App.sessions");
  wait_view (view);
  g_assert_nonnull (strstr (hs_paths_view_get_summary (view), "3 with a path to a GC root, 4 without"));
  g_assert_nonnull (strstr (hs_paths_view_get_summary (view), "No other path: 2 objects would be freed"));
  g_assert_nonnull (strstr (hs_paths_view_get_exclusions (view), "com.example.App.sessions"));
  assert_row (view, 0, "GC root System Class: class com.example.App", 1, 2);
  assert_row (view, 1, "static com.example.App.cache → com.example.Cache", 1, 2);

  /* back: the question before the exclusion; forward: after it */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.back", NULL);
  wait_view (view);
  g_assert_null (strstr (hs_paths_view_get_summary (view), "freed"));
  assert_row (view, 0, "GC root System Class: class com.example.App", 1, 4);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.forward", NULL);
  wait_view (view);
  g_assert_nonnull (strstr (hs_paths_view_get_summary (view), "2 objects would be freed"));

  /* every object's menu (the inspector's included) offers the other paths */
  {
    g_autoptr (GMenuModel) menu = hs_object_menu_model (hs_heap_find (a->heap, ID_S3));
    gboolean found = FALSE;
    for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
      {
        g_autofree char *action = NULL;
        g_autoptr (GVariant) target
            = g_menu_model_get_item_attribute_value (menu, i, G_MENU_ATTRIBUTE_TARGET, NULL);
        if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_ACTION, "s", &action)
            && g_str_equal (action, "win.other-paths"))
          found = target && g_variant_get_uint32 (target) == hs_heap_find (a->heap, ID_S3);
      }
    g_assert_true (found);
  }
  /* "Other Paths to GC Roots" of S3: through the sessions array, then the cache */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.other-paths", "u",
                              (guint32)hs_heap_find (a->heap, ID_S3));
  wait_view (view);
  {
    g_autofree char *first = row_label (view, 0);
    g_assert_cmpstr (first, ==, "Path 1 from System Class (2 references)");
  }
  /* the first path open (its 3 steps), the second closed */
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (hs_paths_view_get_model (view))), ==, 5);
  {
    g_autofree char *step = row_label (view, 2);
    g_assert_cmpstr (step, ==, "static com.example.App.sessions → java.lang.Object[] @0x1048");
  }
  {
    g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (hs_paths_view_get_model (view), 4);
    g_autofree char *second = row_label (view, 4);
    g_assert_cmpstr (second, ==, "Path 2 from System Class (3 references)");
    gtk_tree_list_row_set_expanded (row, TRUE);
    g_assert_true (ui_wait_until (
        row_drawn, &(RowWait){ view, 6, "static com.example.App.cache → com.example.Cache @0x1050" }, 30000));
  }
  {
    g_autofree char *step = row_label (view, 6);
    g_assert_cmpstr (step, ==, "static com.example.App.cache → com.example.Cache @0x1050");
  }
  /* "Exclude This Reference" on a trace's step: S4's only route cut */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.exclude-reference", "(us)",
                              (guint32)hs_heap_find (a->heap, ID_S4), "com.example.Cache.entries");
  g_assert_cmpstr (hs_window_get_view (window), ==, "paths");
  wait_view (view);
  g_assert_nonnull (strstr (hs_paths_view_get_summary (view), "no other path: the object would be freed"));
  g_assert_nonnull (strstr (hs_paths_view_get_exclusions (view), "com.example.Cache.entries"));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (hs_paths_view_get_model (view))), ==, 0);
  g_assert_true (gtk_widget_get_sensitive (ui_find_button (GTK_WIDGET (view), "_Reset Exclusions")));
  /* Reset: S4's path again */
  gtk_widget_activate_action (GTK_WIDGET (view), "paths.reset-exclusions", NULL);
  wait_view (view);
  {
    g_autofree char *first = row_label (view, 0);
    g_assert_cmpstr (first, ==, "Path 1 from System Class (3 references)");
  }
  /* "Merged Paths to GC Roots" of a list of objects (a leak group's, a
   * suspect's): S1 and S4, each by its own branch of App */
  {
    HsObj two[] = { hs_heap_find (a->heap, ID_S1), hs_heap_find (a->heap, ID_S4) };
    GVariant *list = g_variant_new_fixed_array (G_VARIANT_TYPE_UINT32, two, 2, sizeof (HsObj));
    gtk_widget_activate_action_variant (GTK_WIDGET (window), "win.merged-paths-objects",
                                        g_variant_new ("(s@au)", "two sessions", list));
  }
  wait_view (view);
  g_assert_nonnull (strstr (hs_paths_view_get_summary (view), "2 objects (two sessions): 2 with a path"));
  assert_row (view, 0, "GC root System Class: class com.example.App", 1, 2);
  /* An instance list's "Merged Paths to GC Roots": the Sessions listed */
  {
    HsClassesView *classes = ui_classes_view (window);
    GtkWidget *button;
    hs_window_set_view (window, "classes");
    g_assert_true (hs_classes_view_show_class (classes, "com.example.Session"));
    g_assert_true (ui_wait_for_instances (window, 30000));
    g_assert_true (ui_wait_until (merged_button_ready, classes, 30000));
    button = find_tooltip_button (GTK_WIDGET (classes), "Merged Paths to GC Roots");
    g_assert_nonnull (button);
    g_assert_true (gtk_widget_get_sensitive (button));
    g_signal_emit_by_name (button, "clicked");
    g_assert_cmpstr (hs_window_get_view (window), ==, "paths");
    wait_view (view);
    g_assert_nonnull (strstr (hs_paths_view_get_summary (view), "7 objects"));
    g_assert_nonnull (strstr (hs_paths_view_get_summary (view), "5 with a path to a GC root, 2 without"));
  }
  /* the reset button is off with the default exclusions */
  g_assert_false (gtk_widget_get_sensitive (ui_find_button (GTK_WIDGET (view), "_Reset Exclusions")));
  ui_destroy_window (GTK_WINDOW (window));
}

/* The texts below w (the labels and inscriptions shown) whose line is
 * wider than the width they were given, appended to cut. */
static void
cut_texts (GtkWidget *w, GString *cut)
{
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      const char *text = NULL;

      if (!gtk_widget_get_mapped (c))
        continue;
      if (GTK_IS_INSCRIPTION (c))
        text = gtk_inscription_get_text (GTK_INSCRIPTION (c));
      else if (GTK_IS_LABEL (c))
        text = gtk_label_get_text (GTK_LABEL (c));
      if (text != NULL && *text != '\0' && strchr (text, '\n') == NULL)
        {
          g_autoptr (PangoLayout) layout = gtk_widget_create_pango_layout (c, text);
          int width = 0;

          pango_layout_get_pixel_size (layout, &width, NULL);
          if (width > gtk_widget_get_width (c) + 1)
            g_string_append_printf (cut, " \"%s\" (%d of %d px)", text, gtk_widget_get_width (c), width);
        }
      cut_texts (c, cut);
    }
}

/* At 1400 px the merged paths' rows (references, class and field names)
 * and the objects' list show whole: the window has room for them. */
static void
test_paths_whole (gconstpointer data)
{
  g_autoptr (GFile) file = g_file_new_for_path (data);
  g_autoptr (GString) cut = g_string_new (NULL);
  HsWindow *window = hs_window_new (NULL);
  HsAnalysis *a;
  HsPathsView *view;
  GtkColumnView *tree;

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  ui_iterate (200);
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 60000), ==, HS_LOADER_DONE);
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.merged-paths", "u",
                              (guint32)hs_heap_find_class (a->heap, "com.example.Session"));
  view = HS_PATHS_VIEW (hs_window_get_view_by_name (window, "paths"));
  wait_view (view);
  tree = GTK_COLUMN_VIEW (ui_find_child (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW));
  gtk_single_selection_set_selected (GTK_SINGLE_SELECTION (gtk_column_view_get_model (tree)), 2);
  ui_iterate (300);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >=, 1300);
  /* The longest row, "static com.example.App.sessions → java.lang.Object[]"
   * (52 characters), is far narrower than the window. */
  assert_row (view, 1, "static com.example.App.sessions → java.lang.Object[]", 1, 3);
  cut_texts (GTK_WIDGET (view), cut);
  if (cut->len > 0)
    g_test_fail_printf ("the Paths view cuts texts at 1400 px:%s", cut->str);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_iterate (50);
}

/* w inside the window (not only inside a view that is wider than the
 * window and clipped by it). */
static gboolean
inside (GtkWidget *w, HsWindow *window)
{
  graphene_rect_t b;

  return w != NULL && gtk_widget_compute_bounds (w, GTK_WIDGET (window), &b) && b.origin.x >= 0
         && b.origin.x + b.size.width <= gtk_widget_get_width (GTK_WIDGET (window)) + 1;
}

/* At 600 px the Paths view's summary, exclusions and controls (Follow
 * Weak References, Reset Exclusions, Export) are all inside the window. */
static void
test_paths_fit_600 (gconstpointer data)
{
  g_autoptr (GFile) file = g_file_new_for_path (data);
  HsWindow *window = ui_window_new (NULL, 600, 800);
  HsAnalysis *a;
  HsPathsView *view;

  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 60000), ==, HS_LOADER_DONE);
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.merged-paths", "u",
                              (guint32)hs_heap_find_class (a->heap, "com.example.Session"));
  view = HS_PATHS_VIEW (hs_window_get_view_by_name (window, "paths"));
  wait_view (view);
  g_assert_true (ui_wait_drawn (GTK_WIDGET (view), 10000));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 600);
  g_assert_true (inside (ui_find_button (GTK_WIDGET (view), "_Reset Exclusions"), window));
  g_assert_true (inside (ui_find_child (GTK_WIDGET (view), GTK_TYPE_CHECK_BUTTON), window));
  g_assert_true (inside (ui_find_child (GTK_WIDGET (view), GTK_TYPE_MENU_BUTTON), window));
  /* and the view itself no wider than the window */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (view)), <=, gtk_widget_get_width (GTK_WIDGET (window)));
  ui_destroy_window (window);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  if (argc < 2)
    return 77;
  g_test_add_data_func ("/paths-view", argv[1], test_paths_view);
  g_test_add_data_func ("/paths-view/whole-at-1400", argv[1], test_paths_whole);
  g_test_add_data_func ("/paths-view/fit-600", argv[1], test_paths_fit_600);
  return g_test_run ();
}
