/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-compare.c: the Compare view in the real window under Xvfb (issue
 * 14). The dumps are tests/cli/test_diff.py's program at two moments,
 * written at build time by make-compare-dumps.py; every expected figure
 * below is worked out by hand in test_diff.py's docstring:
 *   baseline (n = 3 items, OldCache): 19 objects, 184 reachable bytes
 *   current  (n = 8 items, NewSession x2, Plugin of a second loader):
 *            34 objects, 472 reachable bytes.
 * Also: HS_COMPARE_SCREENSHOTS=DIR writes the window comparing the two,
 * with a broken baseline and while a baseline is analysed (PNGs); HS_BENCH_CURRENT and HS_BENCH_BASELINE (paths) run /ui/compare-bench,
 * which prints the process's peak RSS with the current dump alone and
 * after its comparison with the baseline (docs/performance.md). */
#include "config.h"
#include "ui-util.h"
#include "hs-compare-view.h"
#include "hs-object-column-view.h"
#include "hs-object-list.h"

#include <glib/gstdio.h>
#include <string.h>

static const char *dumps_dir;

typedef struct
{
  const char *name;
  HsCompareStatus status;
  guint64 base[3]; /* count, shallow, retained */
  guint64 cur[3];
} Expected;

static const Expected expected[] = {
  { "java.lang.Object", HS_COMPARE_BOTH, { 0, 0, 0 }, { 0, 0, 0 } },
  { "com.example.Registry", HS_COMPARE_BOTH, { 0, 0, 0 }, { 0, 0, 0 } },
  { "java.lang.Class", HS_COMPARE_BOTH, { 9, 8, 152 }, { 10, 8, 376 } },
  { "java.lang.ClassLoader", HS_COMPARE_BOTH, { 1, 8, 8 }, { 2, 16, 16 } },
  { "com.example.Item", HS_COMPARE_BOTH, { 3, 48, 120 }, { 8, 128, 320 } },
  { "byte[]", HS_COMPARE_BOTH, { 3, 72, 72 }, { 8, 192, 192 } },
  { "java.lang.Object[]", HS_COMPARE_BOTH, { 1, 24, 144 }, { 1, 48, 368 } },
  { "com.example.OldCache", HS_COMPARE_GONE, { 1, 8, 8 }, { 0, 0, 0 } },
  { "com.example.NewSession", HS_COMPARE_NEW, { 0, 0, 0 }, { 2, 32, 32 } },
  { "com.example.Plugin", HS_COMPARE_BOTH, { 1, 16, 16 }, { 3, 48, 48 } },
};

/* Orders from the changes above, biggest first, ties by name (bytes). */
static const char *const order_retained[] = { "java.lang.Class",
                                              "java.lang.Object[]",
                                              "com.example.Item",
                                              "byte[]",
                                              "com.example.NewSession",
                                              "com.example.Plugin",
                                              "java.lang.ClassLoader",
                                              "com.example.Registry",
                                              "java.lang.Object",
                                              "com.example.OldCache",
                                              NULL };
static const char *const order_count[] = { "byte[]",
                                           "com.example.Item",
                                           "com.example.NewSession",
                                           "com.example.Plugin",
                                           "java.lang.Class",
                                           "java.lang.ClassLoader",
                                           "com.example.Registry",
                                           "java.lang.Object",
                                           "java.lang.Object[]",
                                           "com.example.OldCache",
                                           NULL };
/* Shallow change, biggest first (ties by name); by default without the
 * classes that did not change at all (Registry, Object). */
static const char *const order_shallow[] = { "byte[]",
                                             "com.example.Item",
                                             "com.example.NewSession",
                                             "com.example.Plugin",
                                             "java.lang.Object[]",
                                             "java.lang.ClassLoader",
                                             "com.example.Registry",
                                             "java.lang.Class",
                                             "java.lang.Object",
                                             "com.example.OldCache",
                                             NULL };
static const char *const order_shallow_changed[] = { "byte[]",
                                                     "com.example.Item",
                                                     "com.example.NewSession",
                                                     "com.example.Plugin",
                                                     "java.lang.Object[]",
                                                     "java.lang.ClassLoader",
                                                     "java.lang.Class",
                                                     "com.example.OldCache",
                                                     NULL };
/* Retained change ascending: -8, then the ties by name still ascending. */
static const char *const order_retained_up[] = { "com.example.OldCache",
                                                 "com.example.Registry",
                                                 "java.lang.Object",
                                                 "java.lang.ClassLoader",
                                                 "com.example.NewSession",
                                                 "com.example.Plugin",
                                                 "byte[]",
                                                 "com.example.Item",
                                                 "java.lang.Class",
                                                 "java.lang.Object[]",
                                                 NULL };
/* Baseline count, biggest first: Class 9, then 3 (byte[], Item by name),
 * then 1 (ClassLoader, Object[] ... by name), then 0. */
static const char *const order_base_count[] = { "java.lang.Class",
                                                "byte[]",
                                                "com.example.Item",
                                                "com.example.OldCache",
                                                "com.example.Plugin",
                                                "java.lang.ClassLoader",
                                                "java.lang.Object[]",
                                                "com.example.NewSession",
                                                "com.example.Registry",
                                                "java.lang.Object",
                                                NULL };
/* Names containing "example", in the order of order_retained. */
static const char *const order_filtered[]
    = { "com.example.Item",     "com.example.NewSession", "com.example.Plugin",
        "com.example.Registry", "com.example.OldCache",   NULL };

static char *
dump_path (const char *name)
{
  return g_build_filename (dumps_dir, name, NULL);
}

static GFile *
dump_file (const char *name)
{
  g_autofree char *path = dump_path (name);
  return g_file_new_for_path (path);
}

static HsWindow *
window_with (const char *name)
{
  HsWindow *window = hs_window_new (NULL);
  g_autoptr (GFile) file = dump_file (name);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 760);
  gtk_window_present (GTK_WINDOW (window));
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 60000), ==, HS_LOADER_DONE);
  return window;
}

static HsCompareView *
compare_view (HsWindow *window)
{
  return HS_COMPARE_VIEW (ui_view (window, "compare"));
}

static gboolean
not_loading (gpointer data)
{
  return g_strcmp0 (hs_compare_view_get_page (data), "loading") != 0;
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
  return gtk_widget_get_visible (hs_window_get_inspector (w->window))
         && hs_inspector_get_obj (ui_inspector (w->window)) == w->obj;
}

typedef struct
{
  GtkLabel *label;
  const char *text;
} LabelWait;

static gboolean
label_is (gpointer data)
{
  LabelWait *w = data;
  return g_strcmp0 (gtk_label_get_text (w->label), w->text) == 0;
}

/* Compare with… that dump, as the action does once a file is chosen. */
static const char *
compare_with (HsWindow *window, const char *name)
{
  HsCompareView *view = compare_view (window);
  g_autoptr (GFile) file = dump_file (name);

  hs_window_compare_with (window, file, 0);
  g_assert_cmpstr (hs_window_get_view (window), ==, "compare");
  g_assert_true (ui_wait_until (not_loading, view, 60000));
  g_assert_true (ui_wait_shown (GTK_WIDGET (view), 10000));
  return hs_compare_view_get_page (view);
}

static void
check_order (HsCompareView *view, const char *const *names)
{
  GListModel *model = G_LIST_MODEL (hs_compare_view_get_list (view));
  guint n = g_strv_length ((char **)names);

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (HsCompareItem) item = g_list_model_get_item (model, i);
      g_assert_cmpstr (hs_compare_item_get_name (item), ==, names[i]);
    }
}

static const Expected *
expected_row (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    if (g_str_equal (expected[i].name, name))
      return &expected[i];
  g_error ("unexpected class %s", name);
}

static void
check_rows (HsCompareView *view)
{
  GListModel *model = G_LIST_MODEL (hs_compare_view_get_list (view));

  g_assert_cmpuint (g_list_model_get_n_items (model), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autoptr (HsCompareItem) item = g_list_model_get_item (model, i);
      const HsCompareRow *r = hs_compare_item_get_row (item);
      const Expected *e = expected_row (r->name);
      guint64 got_base[3] = { r->baseline.count, r->baseline.shallow, r->baseline.retained };
      guint64 got_cur[3] = { r->current.count, r->current.shallow, r->current.retained };
      gint64 got_delta[3] = { r->delta.count, r->delta.shallow, r->delta.retained };

      g_assert_cmpint (r->status, ==, e->status);
      for (guint k = 0; k < 3; k++)
        {
          g_assert_cmpuint (got_base[k], ==, e->base[k]);
          g_assert_cmpuint (got_cur[k], ==, e->cur[k]);
          g_assert_cmpint (got_delta[k], ==, (gint64)e->cur[k] - (gint64)e->base[k]);
        }
    }
}

static gboolean
instances_found (gpointer data)
{
  return hs_compare_view_get_instances (data) != NULL;
}

static guint
position_of (HsCompareView *view, const char *name)
{
  GListModel *model = G_LIST_MODEL (hs_compare_view_get_list (view));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (HsCompareItem) item = g_list_model_get_item (model, i);
      if (g_str_equal (hs_compare_item_get_name (item), name))
        return i;
    }
  g_error ("no row %s", name);
}

/* The instances of a class name in the current dump: every loader's
 * class of that name (Plugin: 1 of loader A + 2 of loader B). */
static void
check_instances (HsWindow *window, HsCompareView *view, const char *name, guint n, guint64 retained)
{
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));
  GListModel *instances;

  hs_compare_view_select_class (view, position_of (view, name));
  g_assert_true (ui_wait_until (instances_found, view, 30000));
  instances = hs_compare_view_get_instances (view);
  g_assert_cmpuint (g_list_model_get_n_items (instances), ==, n);
  for (guint i = 0; i < n; i++)
    {
      HsObj o = hs_object_list_get_obj (HS_OBJECT_LIST (instances), i);
      g_assert_cmpstr (hs_class_name (a->heap, hs_heap_object_class (a->heap, o)), ==, name);
      g_assert_cmpuint (a->dom != NULL ? hs_dom_tree_retained (a->dom, o) : 0, ==, retained);
    }
}

static GtkDropTarget *
view_drop_target (HsCompareView *view)
{
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (view));

  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
      if (GTK_IS_DROP_TARGET (c))
        return GTK_DROP_TARGET (c);
    }
  return NULL;
}

/* Activating an instance (double click, Enter) opens it in the window's
 * inspector, through win.inspect. */
static void
check_inspect (HsWindow *window, HsCompareView *view)
{
  GListModel *instances = hs_compare_view_get_instances (view);
  HsObj first = hs_object_list_get_obj (HS_OBJECT_LIST (instances), 0);
  GtkWidget *table = ui_find_child (GTK_WIDGET (view), HS_TYPE_OBJECT_COLUMN_VIEW);
  GtkWidget *cv = ui_find_child (table, GTK_TYPE_COLUMN_VIEW);

  /* As a double click does: the row selected, then activated. */
  hs_object_column_view_select (HS_OBJECT_COLUMN_VIEW (table), 0);
  g_assert_cmpuint (hs_object_column_view_get_selected (HS_OBJECT_COLUMN_VIEW (table)), ==, first);
  g_signal_emit_by_name (cv, "activate", 0);
  g_assert_true (ui_wait_until (inspected, &(InspectWait){ window, first }, 30000));
  g_assert_true (gtk_widget_get_visible (hs_window_get_inspector (window)));
  g_assert_cmpuint (hs_inspector_get_obj (ui_inspector (window)), ==, first);
}

static gboolean
toast_shown (gpointer data)
{
  return ui_toast_text (data) != NULL;
}

static void
check_export (HsWindow *window)
{
  g_autofree char *dir = g_dir_make_tmp ("hs-compare-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "report.html", NULL);
  g_autofree char *html = NULL;

  hs_window_export_to (window, path);
  g_assert_true (ui_wait_until (toast_shown, window, 30000));
  g_assert_true (g_file_get_contents (path, &html, NULL, NULL));
  g_assert_nonnull (strstr (html, "<section id=\"growth\">"));
  g_assert_nonnull (strstr (html, "<h2>Growth since compare-old.hprof</h2>"));
  g_assert_nonnull (strstr (html, "+288 B retained, +15 objects; biggest growth: byte[] +5 objects, +120 B"));
  g_unlink (path);
  g_rmdir (dir);
}

static void
maybe_screenshot (HsWindow *window, const char *name)
{
  const char *dir = g_getenv ("HS_COMPARE_SCREENSHOTS");
  g_autoptr (GdkTexture) texture = NULL;
  g_autofree char *out = NULL;

  if (dir == NULL)
    return;
  out = g_build_filename (dir, name, NULL);
  g_assert_true (ui_wait_shown (GTK_WIDGET (compare_view (window)), 10000));
  g_assert_true (ui_wait_frames (GTK_WIDGET (window), 2, 10000));
  texture = ui_render_widget (GTK_WIDGET (window));
  g_assert_nonnull (texture);
  g_assert_true (gdk_texture_save_to_png (texture, out));
}

static void
test_compare (void)
{
  HsWindow *window = window_with ("compare-new.hprof");
  HsCompareView *view = compare_view (window);
  HsLoader *current = hs_window_get_loader (window);
  HsCompareField field;
  GtkSortType order;

  /* No baseline yet: the view offers Compare with…. */
  g_assert_cmpstr (hs_compare_view_get_page (view), ==, "empty");
  g_assert_null (hs_compare_view_get_list (view));

  g_assert_cmpstr (compare_with (window, "compare-old.hprof"), ==, "table");
  g_assert_null (hs_compare_view_get_baseline_loader (view));
  /* Default: what grew first (shallow bytes), only the classes that
   * changed; the toggle shows the others. */
  hs_compare_view_get_sort (view, &field, &order);
  g_assert_cmpint (field, ==, HS_COMPARE_DELTA_SHALLOW);
  g_assert_cmpint (order, ==, GTK_SORT_DESCENDING);
  check_order (view, order_shallow_changed);
  hs_compare_view_set_show_unchanged (view, TRUE);
  check_rows (view);
  check_order (view, order_shallow);
  hs_compare_view_sort_by_column (view, HS_COMPARE_DELTA_RETAINED, GTK_SORT_DESCENDING);
  check_order (view, order_retained);
  g_assert_cmpstr (hs_compare_view_get_summary (view), ==,
                   "+288 B retained, +15 objects; biggest growth: byte[] +5 objects, +120 B");
  g_assert_null (hs_compare_view_get_warning (view));
  /* The open dump is as it was. */
  g_assert_true (hs_window_get_loader (window) == current);
  g_assert_cmpint (hs_loader_get_state (current), ==, HS_LOADER_DONE);

  /* Sorting, through the view's API and as a header click does (the
   * column view's own sort, which the view reads back). */
  hs_compare_view_sort_by_column (view, HS_COMPARE_DELTA_COUNT, GTK_SORT_DESCENDING);
  check_order (view, order_count);
  hs_compare_view_sort_by_column (view, HS_COMPARE_DELTA_RETAINED, GTK_SORT_ASCENDING);
  check_order (view, order_retained_up);
  {
    GtkWidget *cv
        = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (view), HS_TYPE_COMPARE_VIEW, "column_view"));
    GListModel *columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (cv));
    /* The class column is pinned in a view of its own beside the table
     * (which scrolls sideways), both on one vertical adjustment; the
     * table starts with the status, then objects. */
    GtkWidget *names
        = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (view), HS_TYPE_COMPARE_VIEW, "name_view"));
    GtkScrolledWindow *name_scroller = GTK_SCROLLED_WINDOW (
        gtk_widget_get_template_child (GTK_WIDGET (view), HS_TYPE_COMPARE_VIEW, "name_scroller"));
    GtkScrolledWindow *table_scroller = GTK_SCROLLED_WINDOW (
        gtk_widget_get_template_child (GTK_WIDGET (view), HS_TYPE_COMPARE_VIEW, "table_scroller"));
    GListModel *name_columns = gtk_column_view_get_columns (GTK_COLUMN_VIEW (names));
    g_autoptr (GtkColumnViewColumn) class_column = g_list_model_get_item (name_columns, 0);
    g_autoptr (GtkColumnViewColumn) status = g_list_model_get_item (columns, 0);
    g_autoptr (GtkColumnViewColumn) base_count = g_list_model_get_item (columns, 1);

    g_assert_cmpuint (g_list_model_get_n_items (name_columns), ==, 1);
    g_assert_cmpstr (gtk_column_view_column_get_title (class_column), ==, "Class");
    g_assert_cmpstr (gtk_column_view_column_get_title (status), ==, "Status");
    g_assert_true (gtk_scrolled_window_get_vadjustment (name_scroller)
                   == gtk_scrolled_window_get_vadjustment (table_scroller));
    {
      GtkPolicyType h;
      gtk_scrolled_window_get_policy (name_scroller, &h, NULL);
      g_assert_cmpint (h, ==, GTK_POLICY_NEVER);
    }
    /* A click on the class header sorts by name (through the other view). */
    gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (names), class_column, GTK_SORT_ASCENDING);
    hs_compare_view_get_sort (view, &field, &order);
    g_assert_cmpint (field, ==, HS_COMPARE_NAME);

    g_assert_cmpstr (gtk_column_view_column_get_title (base_count), ==, "Objects Before");
    gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (cv), base_count, GTK_SORT_DESCENDING);
    hs_compare_view_get_sort (view, &field, &order);
    g_assert_cmpint (field, ==, HS_COMPARE_BASELINE_COUNT);
    g_assert_cmpint (order, ==, GTK_SORT_DESCENDING);
    check_order (view, order_base_count);
  }
  hs_compare_view_sort_by_column (view, HS_COMPARE_DELTA_RETAINED, GTK_SORT_DESCENDING);

  /* Filter by name, case-insensitive. */
  hs_compare_view_set_filter (view, "EXAMPLE");
  check_order (view, order_filtered);
  hs_compare_view_set_filter (view, NULL);
  check_order (view, order_retained);

  /* A class's instances in the current dump: 8 Items of 16 + 24 bytes
   * retained; Plugin's three (two loaders), 16 each; none of OldCache. */
  check_instances (window, view, "com.example.Item", 8, 40);
  maybe_screenshot (window, "compare.png");
  check_inspect (window, view);
  check_instances (window, view, "com.example.Plugin", 3, 16);
  check_instances (window, view, "com.example.OldCache", 0, 0);

  /* Export while comparing adds the growth section. */
  check_export (window);

  /* Swap: the dump against itself, nothing changed: no row unless the
   * unchanged ones are shown. */
  hs_compare_view_set_show_unchanged (view, FALSE);
  g_assert_cmpstr (compare_with (window, "compare-new.hprof"), ==, "table");
  g_assert_cmpstr (hs_compare_view_get_summary (view), ==, "0 B retained, 0 objects; no class grew");
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (hs_compare_view_get_list (view))), ==, 0);
  hs_compare_view_set_show_unchanged (view, TRUE);
  {
    GListModel *model = G_LIST_MODEL (hs_compare_view_get_list (view));
    g_assert_cmpuint (g_list_model_get_n_items (model), ==, 9);
    for (guint i = 0; i < 9; i++)
      {
        g_autoptr (HsCompareItem) item = g_list_model_get_item (model, i);
        const HsCompareRow *r = hs_compare_item_get_row (item);
        g_assert_cmpint (r->status, ==, HS_COMPARE_BOTH);
        g_assert_true (r->delta.count == 0 && r->delta.shallow == 0 && r->delta.retained == 0);
      }
  }

  /* Other size rules: compared, with the warning shown. The Android
   * baseline's Items are alignUp(4 + 4, 8) = 8 bytes each. */
  g_assert_cmpstr (compare_with (window, "compare-old-android.hprof"), ==, "table");
  g_assert_nonnull (hs_compare_view_get_warning (view));
  g_assert_nonnull (strstr (hs_compare_view_get_warning (view), "Android"));
  {
    g_autoptr (HsCompareItem) item = g_list_model_get_item (G_LIST_MODEL (hs_compare_view_get_list (view)),
                                                            position_of (view, "com.example.Item"));
    g_assert_cmpuint (hs_compare_item_get_row (item)->baseline.shallow, ==, 24);
    g_assert_cmpint (hs_compare_item_get_row (item)->delta.count, ==, 5);
  }

  /* Drop the baseline: the empty page again. */
  hs_compare_view_drop_baseline (view);
  g_assert_cmpstr (hs_compare_view_get_page (view), ==, "empty");
  g_assert_null (hs_compare_view_get_list (view));
  g_assert_true (hs_window_get_loader (window) == current);

  /* A dump dropped on the Compare view (the value a file manager's drag
   * gives) is the baseline; the open dump stays. */
  {
    GtkDropTarget *target = view_drop_target (view);
    GValue value = G_VALUE_INIT;
    g_autofree char *old = dump_path ("compare-old.hprof");
    gboolean handled = FALSE;

    g_assert_nonnull (target);
    g_value_init (&value, GDK_TYPE_FILE_LIST);
    g_value_take_boxed (&value, g_slist_prepend (NULL, g_file_new_for_path (old)));
    g_signal_emit_by_name (target, "drop", &value, 10.0, 10.0, &handled);
    g_value_unset (&value);
    g_assert_true (handled);
    g_assert_true (ui_wait_until (not_loading, view, 60000));
    g_assert_cmpstr (hs_compare_view_get_page (view), ==, "table");
    check_order (view, order_retained);
    g_assert_true (hs_window_get_loader (window) == current);
  }

  ui_destroy_window (GTK_WINDOW (window));
}

static void
test_broken_baseline (void)
{
  HsWindow *window = window_with ("compare-new.hprof");
  HsCompareView *view = compare_view (window);
  HsLoader *current = hs_window_get_loader (window);
  g_autofree char *offset_path = dump_path ("compare-broken.offset");
  g_autofree char *offset = NULL;
  const char *error;

  g_assert_true (g_file_get_contents (offset_path, &offset, NULL, NULL));
  g_strstrip (offset);
  /* A comparison shown first: the broken baseline replaces it. */
  g_assert_cmpstr (compare_with (window, "compare-old.hprof"), ==, "table");
  g_assert_cmpstr (compare_with (window, "compare-broken.hprof"), ==, "error");
  error = hs_compare_view_get_error_text (view);
  g_assert_nonnull (strstr (error, "compare-broken.hprof"));
  g_assert_nonnull (strstr (error, offset));
  g_assert_null (hs_compare_view_get_list (view));
  maybe_screenshot (window, "compare-error.png");
  /* The open dump stays as it was, its other views too. */
  g_assert_cmpstr (hs_window_get_page (window), ==, "content");
  g_assert_true (hs_window_get_loader (window) == current);
  g_assert_cmpint (hs_loader_get_state (current), ==, HS_LOADER_DONE);
  g_assert_cmpuint (g_list_model_get_n_items (hs_classes_view_get_class_model (ui_classes_view (window))), >,
                    0);
  /* And it can still be compared (by default: what changed, shallow
   * growth first). */
  g_assert_cmpstr (compare_with (window, "compare-old.hprof"), ==, "table");
  check_order (view, order_shallow_changed);
  ui_destroy_window (GTK_WINDOW (window));
}

static gboolean
worker_paused (gpointer data)
{
  return hs_loader_get_paused_for_tests ();
}

static gboolean
page_is_empty (gpointer data)
{
  return g_strcmp0 (hs_compare_view_get_page (data), "empty") == 0;
}

static void
test_cancel_baseline (void)
{
  HsWindow *window = window_with ("compare-new.hprof");
  HsCompareView *view = compare_view (window);
  HsLoader *current = hs_window_get_loader (window);
  g_autoptr (GFile) old = dump_file ("compare-old.hprof");
  g_autoptr (HsLoader) baseline = NULL;
  GtkWidget *phase;

  /* Held in its parsing phase by the loader's test hook: midway. */
  hs_loader_set_pause_phase_for_tests ("parsing");
  hs_window_compare_with (window, old, 0);
  g_assert_true (ui_wait_until (worker_paused, NULL, 30000));
  g_assert_cmpstr (hs_compare_view_get_page (view), ==, "loading");
  baseline = g_object_ref (hs_compare_view_get_baseline_loader (view));
  g_assert_cmpint (hs_loader_get_state (baseline), ==, HS_LOADER_LOADING);
  phase
      = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (view), HS_TYPE_COMPARE_VIEW, "loading_phase"));
  /* The phase reaches the label from the worker through the main loop. */
  g_assert_true (
      ui_wait_until (label_is, &(LabelWait){ GTK_LABEL (phase), hs_loader_phase_name ("parsing") }, 30000));
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (phase)), ==, hs_loader_phase_name ("parsing"));
  maybe_screenshot (window, "compare-loading.png");

  hs_compare_view_cancel (view);
  g_assert_true (ui_wait_until (page_is_empty, view, 30000));
  g_assert_null (hs_compare_view_get_baseline_loader (view));
  g_assert_false (hs_loader_get_paused_for_tests ());
  hs_loader_set_pause_phase_for_tests (NULL);
  /* The open dump untouched. */
  g_assert_true (hs_window_get_loader (window) == current);
  g_assert_cmpint (hs_loader_get_state (current), ==, HS_LOADER_DONE);
  g_assert_cmpstr (hs_window_get_page (window), ==, "content");

  /* Opening another dump drops a comparison. */
  g_assert_cmpstr (compare_with (window, "compare-old.hprof"), ==, "table");
  hs_window_open (window, old, 0);
  g_assert_cmpint (ui_wait_for_load (window, 60000), ==, HS_LOADER_DONE);
  g_assert_cmpstr (hs_compare_view_get_page (compare_view (window)), ==, "empty");
  g_assert_null (hs_compare_view_get_list (compare_view (window)));
  ui_destroy_window (GTK_WINDOW (window));
}

/* --- the cost on big dumps (not in the suite: needs the bench dumps) --- */

/* A "VmHWM:" or "VmRSS:" line of /proc/self/status, in kB. */
static guint64
vm_kb (const char *key)
{
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL)
      || (line = strstr (status, key)) == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen (key), NULL, 10);
}

static void
test_compare_bench (void)
{
  const char *cur = g_getenv ("HS_BENCH_CURRENT"), *base = g_getenv ("HS_BENCH_BASELINE");
  g_autoptr (GFile) cur_file = NULL, base_file = NULL;
  HsWindow *window;
  HsCompareView *view;
  guint64 alone;
  gint64 start;
  double seconds;

  if (cur == NULL || base == NULL)
    {
      g_test_skip ("HS_BENCH_CURRENT and HS_BENCH_BASELINE not set");
      return;
    }
  cur_file = g_file_new_for_path (cur);
  base_file = g_file_new_for_path (base);
  window = hs_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  hs_window_open (window, cur_file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 600000), ==, HS_LOADER_DONE);
  g_assert_true (ui_wait_frames (GTK_WIDGET (window), 10, 60000));
  alone = vm_kb ("VmHWM:");
  view = compare_view (window);
  start = g_get_monotonic_time ();
  hs_window_compare_with (window, base_file, 0);
  g_assert_true (ui_wait_until (not_loading, view, 600000));
  g_assert_cmpstr (hs_compare_view_get_page (view), ==, "table");
  seconds = (g_get_monotonic_time () - start) / 1e6;
  g_assert_true (ui_wait_frames (GTK_WIDGET (window), 10, 60000));
  g_print ("bench: current alone VmHWM %" G_GUINT64_FORMAT " kB; after comparing VmHWM %" G_GUINT64_FORMAT
           " kB, VmRSS %" G_GUINT64_FORMAT " kB; baseline analysed and compared in %.2f s; %u rows\n",
           alone, vm_kb ("VmHWM:"), vm_kb ("VmRSS:"), seconds,
           g_list_model_get_n_items (G_LIST_MODEL (hs_compare_view_get_list (view))));
  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  dumps_dir = argc > 1 ? argv[1] : g_getenv ("HS_COMPARE_DUMPS");
  if (dumps_dir == NULL)
    g_error ("usage: test-compare DUMPS_DIR (make-compare-dumps.py's output)");
  g_test_add_func ("/ui/compare", test_compare);
  g_test_add_func ("/ui/compare-broken", test_broken_baseline);
  g_test_add_func ("/ui/compare-cancel", test_cancel_baseline);
  g_test_add_func ("/ui/compare-bench", test_compare_bench);
  return g_test_run ();
}
