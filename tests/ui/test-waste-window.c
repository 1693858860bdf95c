/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-waste-window.c: the Insights view's findings in the real window
 * under Xvfb: each finding must open its objects in the inspector
 * and in the class table. For one finding of each kind of the dump
 * make-waste-dump.py writes (its docstring names the ids), activating the
 * row opens its first object in the inspector, and its Class button shows
 * the class table filtered to its class, that class selected and its
 * instances listed. HS_WASTE_SHOT_DIR=DIR also saves what the test looks
 * at as PNGs. */
#include "config.h"
#include "ui-util.h"
#include "hs-insights-view.h"
#include "hs-class-row.h"

#include <string.h>

#define LOAD_TIMEOUT_MS 120000

static const char *dump_path;

static void
maybe_save (HsWindow *window, const char *name)
{
  const char *dir = g_getenv ("HS_WASTE_SHOT_DIR");
  if (dir == NULL)
    return;
  g_autofree char *file = g_strdup_printf ("%s.png", name);
  g_autofree char *path = g_build_filename (dir, file, NULL);
  g_assert_true (ui_wait_shown (GTK_WIDGET (window), 10000));
  g_assert_true (ui_wait_frames (GTK_WIDGET (window), 3, 10000));
  g_autoptr (GdkTexture) texture = ui_render_widget (GTK_WIDGET (window));
  g_assert_true (texture != NULL && gdk_texture_save_to_png (texture, path));
}

static gboolean
view_not_busy (gpointer data)
{
  return !hs_insights_view_is_busy (data);
}

/* The n-th GtkListBox below root, depth first (the view's lists, in the
 * order it builds them: strings, collections, arrays, boxes). */
static GtkListBox *
nth_list_box (GtkWidget *root, guint *n)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (GTK_IS_LIST_BOX (c) && (*n)-- == 0)
        return GTK_LIST_BOX (c);
      GtkListBox *found = nth_list_box (c, n);
      if (found != NULL)
        return found;
    }
  return NULL;
}

typedef struct
{
  HsWindow *window;
  const char *name;
} ViewWait;

static gboolean
view_is (gpointer data)
{
  ViewWait *w = data;
  return g_strcmp0 (hs_window_get_view (w->window), w->name) == 0;
}

typedef struct
{
  HsWindow *window;
  HsObj obj;
} InspectWait;

/* The inspector is shown with obj. */
static gboolean
inspected (gpointer data)
{
  InspectWait *w = data;
  HsInspector *inspector = ui_inspector (w->window);
  return gtk_widget_get_visible (GTK_WIDGET (inspector)) && hs_inspector_get_obj (inspector) == w->obj;
}

/* The class table filtered to one class. */
static gboolean
one_class_listed (gpointer data)
{
  return g_list_model_get_n_items (hs_classes_view_get_class_model (ui_classes_view (data))) == 1;
}

static HsInsightsView *
show_insights (HsWindow *window)
{
  HsInsightsView *view = HS_INSIGHTS_VIEW (ui_view (window, "insights"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.view", "s", "insights");
  g_assert_true (ui_wait_until (view_is, &(ViewWait){ window, "insights" }, 10000));
  g_assert_cmpstr (hs_window_get_view (window), ==, "insights");
  g_assert_true (ui_wait_until (view_not_busy, view, LOAD_TIMEOUT_MS));
  return view;
}

typedef struct
{
  HsInsightsKind kind;
  guint list;             /* which list box of the view */
  const char *row_start;  /* the start of the row's text */
  guint64 first_id;       /* the object the row opens */
  const char *class_name; /* what its Class button shows */
  guint instances;        /* of that class */
} Finding;

static void
check_finding (HsWindow *window, HsAnalysis *a, const Finding *f)
{
  HsInsightsView *view = show_insights (window);
  HsObj first = hs_heap_find (a->heap, f->first_id);
  g_assert_cmpuint (first, !=, HS_OBJ_NONE);
  g_assert_cmpuint (hs_insights_view_get_n_rows (view, f->kind), ==, 1);
  g_assert_true (g_str_has_prefix (hs_insights_view_get_row_text (view, f->kind, 0), f->row_start));
  g_assert_cmpuint (hs_insights_view_get_row_object (view, f->kind, 0), ==, first);

  guint n = f->list;
  GtkListBox *box = nth_list_box (GTK_WIDGET (view), &n);
  g_assert_nonnull (box);
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (box, 0);
  g_assert_nonnull (row);
  g_assert_null (gtk_list_box_get_row_at_index (box, 1));

  /* The row: its first object in the inspector. */
  g_signal_emit_by_name (box, "row-activated", row);
  g_assert_true (ui_wait_until (inspected, &(InspectWait){ window, first }, LOAD_TIMEOUT_MS));
  HsInspector *inspector = ui_inspector (window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (inspector)));
  g_assert_cmpuint (hs_inspector_get_obj (inspector), ==, first);
  g_assert_cmpstr (hs_heap_object_class_name (a->heap, first), ==, f->class_name);

  /* The Class button: the class table, filtered to the class, which is
   * selected and whose instances are listed. */
  GtkWidget *button = ui_find_button (GTK_WIDGET (row), "Class");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_true (ui_wait_until (view_is, &(ViewWait){ window, "classes" }, 10000));
  g_assert_true (ui_wait_until (one_class_listed, window, LOAD_TIMEOUT_MS));
  g_assert_cmpstr (hs_window_get_view (window), ==, "classes");
  HsClassesView *classes = ui_classes_view (window);
  GListModel *model = hs_classes_view_get_class_model (classes);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 1);
  g_autoptr (HsClassRow) crow = g_list_model_get_item (model, 0);
  g_assert_cmpstr (hs_class_row_get_name (crow), ==, f->class_name);
  HsClass c = hs_heap_find_class (a->heap, f->class_name);
  g_assert_cmpuint (c, !=, HS_CLASS_NONE);
  g_assert_cmpuint (hs_classes_view_get_instances_class (classes), ==, c);
  g_assert_true (ui_wait_for_instances (window, LOAD_TIMEOUT_MS));
  GListModel *instances = hs_classes_view_get_instances (classes);
  g_assert_nonnull (instances);
  g_assert_cmpuint (g_list_model_get_n_items (instances), ==, f->instances);
}

static void
test_findings (void)
{
  HsWindow *window = hs_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 760);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_wait_shown (GTK_WIDGET (window), 10000));
  g_autoptr (GFile) file = g_file_new_for_path (dump_path);
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));

  /* make-waste-dump.py's findings (ids and counts from its docstring). */
  static const Finding findings[] = {
    { HS_INSIGHTS_STRINGS, 0, "\"droid\"\t3 copies\t", 0x2000, "java.lang.String", 3 },
    { HS_INSIGHTS_COLLECTIONS, 1, "java.util.ArrayList\t1 (0 empty), 10% full\t", 0x3100,
      "java.util.ArrayList", 1 },
    { HS_INSIGHTS_ARRAYS, 2, "int[] all zero\t1\t", 0x5000, "int[]", 1 },
    { HS_INSIGHTS_BOXED, 3, "java.lang.Integer\t4\t", 0x4000, "java.lang.Integer", 4 },
  };
  for (guint i = 0; i < G_N_ELEMENTS (findings); i++)
    {
      check_finding (window, a, &findings[i]);
      if (i == 0)
        maybe_save (window, "waste-class-table");
    }
  show_insights (window);
  maybe_save (window, "waste-insights");
  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  dump_path = argv[1];
  g_test_add_func ("/waste/window-findings", test_findings);
  return g_test_run ();
}
