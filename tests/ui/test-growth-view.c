/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-growth-view.c: the Growth view in the real window under Xvfb. The
 * series is tests/cli/growthdump.py's program after 0..3 round trips,
 * written at build time by make-growth-dumps.py; its docstring derives
 * every figure: over the four dumps five paths grow, the request map
 * first (3 keys and 3 values a step: 18 new objects), the listener list
 * last (1 a step: 3); the list that grew once and the pool at its ceiling
 * do not. The newest dump is the tab's, the three older ones are added as
 * "Add to Series…" adds them. */
#include "config.h"
#include "ui-util.h"
#include "hs-growth-item.h"
#include "hs-growth-view.h"
#include "hs-classes-view.h"
#include "hs-leak-trace-view.h"
#include "hs-object-row.h"
#include "hs-window-series.h"

#include <glib/gstdio.h>
#include <utime.h>

static const char *dumps_dir;

static GFile *
dump_file (guint step)
{
  g_autofree char *name = g_strdup_printf ("growth-%u.hprof", step);
  g_autofree char *path = g_build_filename (dumps_dir, name, NULL);
  return g_file_new_for_path (path);
}

static GFile *
series_file (const char *letter)
{
  g_autofree char *name = g_strdup_printf ("series-%s.hprof", letter);
  g_autofree char *path = g_build_filename (dumps_dir, name, NULL);
  return g_file_new_for_path (path);
}

static char *
base_name (gpointer file)
{
  return g_file_get_basename (file);
}

static gboolean
not_loading (gpointer data)
{
  return g_strcmp0 (hs_growth_view_get_page (data), "loading") != 0;
}

static HsWindow *
window_with_newest (void)
{
  HsWindow *window = hs_window_new (NULL);
  g_autoptr (GFile) file = dump_file (3);

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 760);
  gtk_window_present (GTK_WINDOW (window));
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 60000), ==, HS_LOADER_DONE);
  return window;
}

static gboolean growth_done (gpointer data);

static gboolean
objects_found (gpointer data)
{
  return !hs_growth_view_objects_pending (data);
}

/* The reasons of a trace node, as one string "a|b|...". */
static char *
joined_reasons (HsLeakNode *node)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; node->reasons != NULL && i < node->reasons->len; i++)
    g_string_append_printf (s, "%s%s", i ? "|" : "", (const char *)g_ptr_array_index (node->reasons, i));
  return g_string_free (s, FALSE);
}

typedef struct
{
  HsWindow *window;
  HsObj obj;
} InspectWait;

static gboolean
inspected (gpointer data)
{
  InspectWait *w = data;
  return hs_inspector_get_obj (ui_inspector (w->window)) == w->obj;
}

/* The class table is shown with the instances asked for listed. */
static gboolean
instances_listed (gpointer data)
{
  return g_strcmp0 (hs_window_get_view (data), "classes") == 0
         && hs_classes_view_get_instances (ui_classes_view (data)) != NULL;
}

/* The growth view's trace shows its rows (a row selected). */
static gboolean
trace_shown (gpointer data)
{
  HsLeakTraceView *trace = HS_LEAK_TRACE_VIEW (ui_find_child (data, HS_TYPE_LEAK_TRACE_VIEW));
  return hs_leak_trace_view_get_n_rows (trace) > 0 && gtk_widget_get_mapped (GTK_WIDGET (trace));
}

/* The first row selected (the request map): its path in the trace widget,
 * as growthdump.py builds it: class App (a sticky class) --static
 * requests--> the one RequestLog --byId--> the one HashMap of 3 + 3s
 * entries. Each step is one object in the newest dump, so each can be
 * inspected; the map's keys and values are 3, 6, 9, 12. */
static void
assert_trace (HsWindow *window, HsGrowthView *view)
{
  HsLeakTraceView *trace = HS_LEAK_TRACE_VIEW (ui_find_child (GTK_WIDGET (view), HS_TYPE_LEAK_TRACE_VIEW));
  HsAnalysis *a = hs_dump_tab_get_analysis (hs_window_get_tab (window));
  const char *classes[] = { "class com.example.App", "com.example.RequestLog", "java.util.HashMap" };
  const char *rows[]
      = { "class com.example.App \xe2\x86\x93 static com.example.App.requests",
          "com.example.RequestLog \xe2\x86\x93 com.example.RequestLog.byId", "java.util.HashMap" };
  HsLeakNode *last;
  HsValue size;
  g_autofree char *reasons = NULL;

  g_assert_nonnull (a);
  g_assert_cmpstr (hs_leak_trace_view_get_title (trace), ==, "com.example.RequestLog.byId");
  g_assert_cmpstr (hs_leak_trace_view_get_subtitle (trace), ==, "+18 new objects");
  g_assert_cmpuint (hs_leak_trace_view_get_n_rows (trace), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_autofree char *text = hs_leak_trace_view_get_row_text (trace, i);
      HsLeakNode *node = hs_leak_trace_view_get_row_node (trace, i);
      g_assert_cmpstr (text, ==, rows[i]);
      g_assert_nonnull (node);
      g_assert_cmpstr (node->description, ==,
                       "Objects per dump: 1 \xe2\x86\x92 1 \xe2\x86\x92 1 \xe2\x86\x92 1");
      /* One object a step in the newest dump: inspectable. */
      g_assert_cmpuint (node->obj, !=, HS_OBJ_NONE);
      if (i > 0)
        g_assert_cmpstr (hs_heap_object_class_name (a->heap, node->obj), ==, classes[i]);
    }
  g_assert_cmpuint (hs_heap_object_kind (a->heap, hs_leak_trace_view_get_row_node (trace, 0)->obj), ==,
                    HS_KIND_CLASS);
  last = hs_leak_trace_view_get_row_node (trace, 2);
  g_assert_true (hs_heap_read_field (a->heap, last->obj, "size", &size));
  g_assert_cmpint (size.i, ==, 12);
  reasons = joined_reasons (last);
  g_assert_nonnull (strstr (reasons, "Grew by 18 new objects"));
  g_assert_nonnull (strstr (
      reasons, "[key] \xe2\x86\x92 java.lang.String: 3 \xe2\x86\x92 6 \xe2\x86\x92 9 \xe2\x86\x92 12"));
  g_assert_nonnull (strstr (
      reasons, "[value] \xe2\x86\x92 com.example.Request: 3 \xe2\x86\x92 6 \xe2\x86\x92 9 \xe2\x86\x92 12"));
  /* Inspecting a step opens its object (the RequestLog). */
  gtk_widget_activate_action (GTK_WIDGET (trace), "win.inspect", "u",
                              (guint32)hs_leak_trace_view_get_row_node (trace, 1)->obj);
  g_assert_true (ui_wait_until (
      inspected, &(InspectWait){ window, hs_leak_trace_view_get_row_node (trace, 1)->obj }, 30000));
  g_assert_cmpuint (hs_inspector_get_obj (ui_inspector (window)), ==,
                    hs_leak_trace_view_get_row_node (trace, 1)->obj);
}

/* Show Objects on the listeners list (the last row): the one ArrayList
 * at static App.listeners, listed in the class view's instances. */
static void
assert_show_objects (HsWindow *window, HsGrowthView *view)
{
  GtkSelectionModel *sel
      = gtk_list_view_get_model (GTK_LIST_VIEW (ui_find_child (GTK_WIDGET (view), GTK_TYPE_LIST_VIEW)));
  HsAnalysis *a = hs_dump_tab_get_analysis (hs_window_get_tab (window));
  HsClassesView *classes;
  GListModel *listed;
  g_autoptr (HsObjectRow) row = NULL;
  HsValue size;

  gtk_selection_model_select_item (sel, 4, TRUE);
  g_assert_true (gtk_selection_model_is_selected (sel, 4));
  g_assert_true (hs_growth_view_show_objects (view));
  g_assert_true (ui_wait_until (objects_found, view, 60000));
  g_assert_true (ui_wait_until (instances_listed, window, 30000));
  g_assert_cmpstr (hs_window_get_view (window), ==, "classes");
  classes = HS_CLASSES_VIEW (ui_view (window, "classes"));
  listed = hs_classes_view_get_instances (classes);
  g_assert_nonnull (listed);
  g_assert_cmpuint (g_list_model_get_n_items (listed), ==, 1);
  row = g_list_model_get_item (listed, 0);
  g_assert_cmpstr (hs_heap_object_class_name (a->heap, hs_object_row_get_obj (row)), ==,
                   "java.util.ArrayList");
  /* 1 + 3 Listeners in the newest dump. */
  g_assert_true (hs_heap_read_field (a->heap, hs_object_row_get_obj (row), "size", &size));
  g_assert_cmpint (size.i, ==, 4);
  hs_window_set_view (window, "growth");
}

static void
test_growth_view (void)
{
  HsWindow *window = window_with_newest ();
  HsGrowthView *view = HS_GROWTH_VIEW (ui_view (window, "growth"));
  GFile *older[3];
  GListModel *model;
  HsGrowthItem *first, *last;
  const guint64 *counts;
  guint n;
  g_autofree char *csv = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  GString *out = g_string_new (NULL);

  g_assert_cmpstr (hs_growth_view_get_page (view), ==, "empty");
  for (guint i = 0; i < 3; i++)
    older[i] = dump_file (i);
  g_assert_true (hs_growth_view_set_series (view, older, 3));
  hs_window_set_view (window, "growth");
  g_assert_true (ui_wait_until (not_loading, view, 120000));
  g_assert_cmpstr (hs_growth_view_get_page (view), ==, "content");

  model = hs_growth_view_get_model (view);
  g_assert_nonnull (model);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 5);
  first = g_list_model_get_item (model, 0);
  g_assert_cmpstr (hs_growth_item_get_class_name (first), ==, "java.util.HashMap");
  g_assert_cmpstr (hs_growth_item_get_reference (first), ==, "com.example.RequestLog.byId");
  g_assert_cmpstr (hs_growth_item_get_new_text (first), ==, "+18 new objects");
  /* Its keys and values: 3 + 3 = 6 a step, 6, 12, 18, 24. */
  counts = hs_growth_item_get_counts (first, &n);
  g_assert_cmpuint (n, ==, 4);
  for (guint k = 0; k < 4; k++)
    g_assert_cmpuint (counts[k], ==, 6 * (k + 1));
  g_assert_true (
      g_str_has_prefix (hs_growth_item_get_trace (first), "GC root (System Class) class com.example.App"));
  last = g_list_model_get_item (model, 4);
  g_assert_cmpstr (hs_growth_item_get_reference (last), ==, "static com.example.App.listeners");
  g_assert_cmpstr (hs_growth_item_get_new_text (last), ==, "+3 new objects");
  g_assert_cmpstr (hs_growth_item_get_children (last), ==,
                   "1 \xe2\x86\x92 2 \xe2\x86\x92 3 \xe2\x86\x92 4  [] \xe2\x86\x92 com.example.Listener");

  /* Export as CSV: a row per growing child, 2 + 2 + 1 + 1 + 1. */
  g_assert_true (hs_view_write_csv (HS_VIEW (view), out));
  csv = g_string_free (out, FALSE);
  rows = ui_csv_read (csv);
  g_assert_cmpuint (rows->len, ==, 8);
  g_assert_cmpstr (ui_csv_cell (rows, 0, 0), ==, "path");

  /* The first row selected: its trace and children below ($HS_TEST_SHOTS). */
  gtk_selection_model_select_item (
      gtk_list_view_get_model (GTK_LIST_VIEW (ui_find_child (GTK_WIDGET (view), GTK_TYPE_LIST_VIEW))), 0,
      TRUE);
  g_assert_true (ui_wait_until (trace_shown, view, 30000));
  ui_shot (GTK_WIDGET (window), "growth-view.png");

  /* The view's page is in the switcher once asked (revealed on demand). */
  g_assert_cmpstr (hs_window_get_view (window), ==, "growth");

  assert_trace (window, view);
  assert_show_objects (window, view);

  g_object_unref (first);
  g_object_unref (last);
  for (guint i = 0; i < 3; i++)
    g_object_unref (older[i]);
  ui_destroy_window (GTK_WINDOW (window));
}

static void
test_growth_missing (void)
{
  HsWindow *window = window_with_newest ();
  HsGrowthView *view = HS_GROWTH_VIEW (ui_view (window, "growth"));
  g_autofree char *path = g_build_filename (dumps_dir, "no-such.hprof", NULL);
  GFile *older[1] = { g_file_new_for_path (path) };

  g_assert_true (hs_growth_view_set_series (view, older, 1));
  g_assert_true (ui_wait_until (not_loading, view, 60000));
  g_assert_cmpstr (hs_growth_view_get_page (view), ==, "error");
  g_assert_nonnull (strstr (hs_growth_view_get_error_text (view), "no-such.hprof"));
  g_assert_null (hs_growth_view_get_model (view));
  g_object_unref (older[0]);
  ui_destroy_window (GTK_WINDOW (window));
}

/* A series whose older dump is another program's on another Java
 * (other-1, make-growth-dumps.py) still runs, under two warnings naming
 * both dumps and what differs: main classes org.other.Tool and
 * com.example.Main, Java 21.0.1 and 17.0.2 (growthdump.py's defaults). */
static void
test_growth_warnings (void)
{
  HsWindow *window = window_with_newest ();
  HsGrowthView *view = HS_GROWTH_VIEW (ui_view (window, "growth"));
  g_autofree char *path = g_build_filename (dumps_dir, "other-1.hprof", NULL);
  GFile *older[1] = { g_file_new_for_path (path) };
  const char *summary;

  g_assert_true (hs_growth_view_set_series (view, older, 1));
  g_assert_true (ui_wait_until (growth_done, view, 60000));
  g_assert_cmpstr (hs_growth_view_get_page (view), ==, "content");
  summary = hs_growth_view_get_summary (view);
  g_assert_nonnull (strstr (summary, "other-1.hprof and growth-3.hprof are dumps of different programs "
                                     "(org.other.Tool, com.example.Main)"));
  g_assert_nonnull (strstr (summary, "other-1.hprof and growth-3.hprof come from different Java versions "
                                     "(21.0.1, 17.0.2)"));
  /* One program on one Java: no warning. */
  g_object_unref (older[0]);
  older[0] = dump_file (2);
  g_assert_true (hs_growth_view_set_series (view, older, 1));
  g_assert_true (ui_wait_until (growth_done, view, 60000));
  g_assert_cmpstr (hs_growth_view_get_page (view), ==, "content");
  g_assert_null (strstr (hs_growth_view_get_summary (view), "different"));
  g_object_unref (older[0]);
  ui_destroy_window (GTK_WINDOW (window));
}

/* Closing the window while the older dumps are analysed cancels it all. */
static void
test_growth_close_while_loading (void)
{
  HsWindow *window = window_with_newest ();
  HsGrowthView *view = HS_GROWTH_VIEW (ui_view (window, "growth"));
  GFile *older[3];

  for (guint i = 0; i < 3; i++)
    older[i] = dump_file (i);
  g_assert_true (hs_growth_view_set_series (view, older, 3));
  g_assert_cmpstr (hs_growth_view_get_page (view), ==, "loading");
  /* Cancelled: the window and its view are let go (finalized) soon. */
  ui_destroy_window (GTK_WINDOW (window));
  for (guint i = 0; i < 3; i++)
    g_object_unref (older[i]);
}

/* The order of a series is the dumps' own (make-growth-dumps.py): their
 * headers' timestamps, b (0 round trips), d (1), a (2), c (3), though
 * neither their names nor their mtimes say so; a dump without one, by its
 * mtime: series-e copied and dated 90 s after the first dump's header,
 * between d's and a's. A file named twice is one dump. */
static void
test_growth_series_order (void)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autofree char *dir = g_dir_make_tmp ("series-order-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (dir, "series-e.hprof", NULL);
  g_autoptr (GFile) e = series_file ("e");
  g_autoptr (GFile) e_copy = g_file_new_for_path (copy);
  const char *expected[]
      = { "series-b.hprof", "series-d.hprof", "series-e.hprof", "series-a.hprof", "series-c.hprof" };
  struct utimbuf times;

  g_assert_nonnull (dir);
  g_assert_true (g_file_copy (e, e_copy, G_FILE_COPY_NONE, NULL, NULL, NULL, NULL));
  times.actime = times.modtime = 1701648000 + 90;
  g_assert_cmpint (g_utime (copy, &times), ==, 0);

  g_ptr_array_add (files, series_file ("a"));
  g_ptr_array_add (files, series_file ("c"));
  g_ptr_array_add (files, g_object_ref (e_copy));
  g_ptr_array_add (files, series_file ("b"));
  g_ptr_array_add (files, series_file ("d"));
  g_ptr_array_add (files, series_file ("c"));
  _hs_window_series_order (files);
  g_assert_cmpuint (files->len, ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      g_autofree char *name = base_name (files->pdata[i]);
      g_assert_cmpstr (name, ==, expected[i]);
    }
  g_assert_cmpint (g_unlink (copy), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static gboolean
growth_done (gpointer data)
{
  const char *page = hs_growth_view_get_page (data);
  return g_strcmp0 (page, "content") == 0 || g_strcmp0 (page, "error") == 0;
}

/* The series' results: the same as test_growth_view's, which only the
 * right order gives (any other makes the map shrink in some interval). */
static void
assert_series_results (HsWindow *window)
{
  HsGrowthView *view = HS_GROWTH_VIEW (ui_view (window, "growth"));
  GListModel *model;
  g_autoptr (HsGrowthItem) first = NULL;
  const guint64 *counts;
  guint n;

  g_assert_true (ui_wait_until (growth_done, view, 120000));
  g_assert_cmpstr (hs_growth_view_get_page (view), ==, "content");
  g_assert_cmpstr (hs_window_get_view (window), ==, "growth");
  model = hs_growth_view_get_model (view);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 5);
  first = g_list_model_get_item (model, 0);
  g_assert_cmpstr (hs_growth_item_get_reference (first), ==, "com.example.RequestLog.byId");
  counts = hs_growth_item_get_counts (first, &n);
  g_assert_cmpuint (n, ==, 4);
  for (guint k = 0; k < 4; k++)
    g_assert_cmpuint (counts[k], ==, 6 * (k + 1));
}

static void
assert_one_tab_of_newest (HsWindow *window)
{
  g_autofree char *name = NULL;

  g_assert_cmpint (ui_wait_for_load (window, 60000), ==, HS_LOADER_DONE);
  g_assert_cmpuint (hs_window_get_n_tabs (window), ==, 1);
  name = base_name (hs_dump_tab_get_file (hs_window_get_tab (window)));
  g_assert_cmpstr (name, ==, "series-c.hprof");
}

static void
shot_first_row (HsWindow *window, const char *file_name)
{
  GtkWidget *list = ui_find_child (GTK_WIDGET (ui_view (window, "growth")), GTK_TYPE_LIST_VIEW);

  gtk_selection_model_select_item (gtk_list_view_get_model (GTK_LIST_VIEW (list)), 0, TRUE);
  g_assert_true (ui_wait_until (trace_shown, ui_view (window, "growth"), 30000));
  ui_shot (GTK_WIDGET (window), file_name);
}

/* Four dumps chosen together (Open with several selected): one tab, the
 * newest (c), the three others its series, the Growth view shown. */
static void
test_growth_series_opened (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 860);
  GFile *files[4] = { series_file ("a"), series_file ("b"), series_file ("c"), series_file ("d") };

  _hs_window_series_open (window, files, 4);
  assert_one_tab_of_newest (window);
  assert_series_results (window);
  shot_first_row (window, "growth-series-1400.png");
  for (guint i = 0; i < 4; i++)
    g_object_unref (files[i]);
  ui_destroy_window (GTK_WINDOW (window));
}

/* The same four dropped at once on the window (the value a file
 * manager's drag gives), in a narrow window. */
static void
test_growth_series_dropped (void)
{
  HsWindow *window = ui_window_new (NULL, 600, 860);
  GValue value = G_VALUE_INIT;
  GSList *files = NULL;
  gboolean handled = FALSE;
  const char *letters[] = { "d", "c", "b", "a" };

  for (guint i = 0; i < 4; i++)
    files = g_slist_prepend (files, series_file (letters[i]));
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, files);
  g_signal_emit_by_name (ui_drop_target (window), "drop", &value, 10.0, 10.0, &handled);
  g_value_unset (&value);
  g_assert_true (handled);
  assert_one_tab_of_newest (window);
  assert_series_results (window);
  shot_first_row (window, "growth-series-600.png");
  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  dumps_dir = argc > 1 ? argv[1] : NULL;
  if (dumps_dir == NULL)
    g_error ("usage: test-growth-view DUMPS_DIR (make-growth-dumps.py's output)");
  g_test_add_func ("/ui/growth", test_growth_view);
  g_test_add_func ("/ui/growth-missing", test_growth_missing);
  g_test_add_func ("/ui/growth-warnings", test_growth_warnings);
  g_test_add_func ("/ui/growth-close-while-loading", test_growth_close_while_loading);
  g_test_add_func ("/ui/growth-series-order", test_growth_series_order);
  g_test_add_func ("/ui/growth-series-opened", test_growth_series_opened);
  g_test_add_func ("/ui/growth-series-dropped", test_growth_series_dropped);
  return g_test_run ();
}
