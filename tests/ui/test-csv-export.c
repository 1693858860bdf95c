/* SPDX-License-Identifier: GPL-3.0-or-later */
/* UI test of Copy as CSV and Save as CSV (hs-csv-export, the views'
 * Export button) on tests/cli/test_csv.py's heap (written by
 * make-csv-dump.py; its numbers are worked out there): the class table
 * saved to a file and read back to the figures the table's rows have (and
 * the heap's own), copied to the clipboard; the dominator tree with a row
 * expanded (a depth column); the Threads view, one row per frame. The CSV
 * is read back by ui_csv_read (ui-util.h, a small RFC 4180 reader), not by
 * the writer. */
#include "config.h"

#include <string.h>
#include <time.h>
#include <glib/gstdio.h>

#include "ui-util.h"
#include "hs-class-row.h"
#include "hs-csv-export.h"
#include "hs-compare-view.h"
#include "hs-insights-view.h"
#include "hs-instances-pane.h"
#include "hs-paths-view.h"
#include "hs-object-list.h"
#include "hs-object-row.h"
#include "hs-query.h"
#include "hs-threads.h"
#include "hs-threads-view.h"

#define ODD 0x130 /* the class com.example.Odd,"Q"\nName */
#define O1 0x20000
#define O2 0x20010
#define O3 0x20020
static const char *const odd_name = "com.example.Odd,\"Q\"\nName";

static guint64
num (GPtrArray *rows, guint r, guint c)
{
  guint64 v = 0;
  g_assert_true (g_ascii_string_to_unsigned (ui_csv_cell (rows, r, c), 10, 0, G_MAXUINT64, &v, NULL));
  return v;
}

static guint64
hex (GPtrArray *rows, guint r, guint c)
{
  const char *s = ui_csv_cell (rows, r, c);
  guint64 v = 0;
  g_assert_true (g_str_has_prefix (s, "0x"));
  g_assert_true (g_ascii_string_to_unsigned (s + 2, 16, 0, G_MAXUINT64, &v, NULL));
  return v;
}

static void
assert_header (GPtrArray *rows, const char *const *names)
{
  GPtrArray *h = g_ptr_array_index (rows, 0);
  guint n = g_strv_length ((char **)names);
  g_assert_cmpuint (h->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (g_ptr_array_index (h, i), ==, names[i]);
  for (guint r = 1; r < rows->len; r++)
    g_assert_cmpuint (((GPtrArray *)g_ptr_array_index (rows, r))->len, ==, n);
}

static char *
view_csv (HsView *view)
{
  GString *out = g_string_new (NULL);
  g_assert_true (hs_view_write_csv (view, out));
  return g_string_free (out, FALSE);
}

/* --- the window ---------------------------------------------------------------- */

static HsWindow *
open_window (const char *path)
{
  HsWindow *window = ui_window_new (NULL, 1400, 900);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 600000), ==, HS_LOADER_DONE);
  return window;
}

typedef struct
{
  char *text;
  gboolean done;
} Clip;

static void
clip_read (GObject *source, GAsyncResult *res, gpointer data)
{
  Clip *c = data;
  c->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), res, NULL);
  c->done = TRUE;
}

static gboolean
clip_done (gpointer data)
{
  return ((Clip *)data)->done;
}

/* The clipboard's text, once read. */
static char *
clipboard_text (GtkWidget *widget)
{
  Clip clip = { 0 };
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), NULL, clip_read, &clip);
  g_assert_true (ui_wait_until (clip_done, &clip, 10000));
  return clip.text;
}

typedef struct
{
  GtkWidget *widget;
  const char *prefix;
} ClipWait;

static gboolean
clip_starts (gpointer data)
{
  ClipWait *w = data;
  g_autofree char *text = clipboard_text (w->widget);
  return text != NULL && g_str_has_prefix (text, w->prefix);
}

typedef struct
{
  HsView *view;
  guint n_rows;    /* or 0 */
  const char *has; /* or NULL */
} CsvWait;

/* The view's CSV has n_rows rows (the header included; 0: any number)
 * and a row whose first cell is has (NULL: any). */
static gboolean
csv_is (gpointer data)
{
  CsvWait *w = data;
  g_autoptr (GString) csv = g_string_new (NULL);
  g_autoptr (GPtrArray) rows = NULL;
  gboolean found = w->has == NULL;

  if (!hs_view_write_csv (w->view, csv))
    return FALSE;
  rows = ui_csv_read (csv->str);
  for (guint r = 1; r < rows->len && !found; r++)
    found = g_strcmp0 (ui_csv_cell (rows, r, 0), w->has) == 0;
  return (w->n_rows == 0 || rows->len == w->n_rows) && found;
}

static gboolean
toast_shown (gpointer data)
{
  return ui_toast_text (data) != NULL;
}

typedef struct
{
  GListModel *model;
  guint more_than;
} GrowWait;

static gboolean
grown (gpointer data)
{
  GrowWait *w = data;
  return g_list_model_get_n_items (w->model) > w->more_than;
}

static void
test_classes (gconstpointer data)
{
  static const char *const header[]
      = { "name",        "id",      "loader",   "count", "reachable_count", "unreachable_count",
          "native_size", "shallow", "retained", NULL };
  HsWindow *window = open_window (data);
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));
  hs_window_set_view (window, "classes");
  HsClassesView *view = ui_classes_view (window);
  g_assert_true (ui_wait_shown (GTK_WIDGET (view), 10000));
  /* The Export button is in the view's header. */
  g_assert_nonnull (ui_find_child (GTK_WIDGET (view), GTK_TYPE_MENU_BUTTON));
  ui_shot (GTK_WIDGET (window), "csv-classes.png");

  /* Saved to a file (as Save as CSV… does once a file is chosen). */
  g_autofree char *csv = view_csv (HS_VIEW (view));
  g_autofree char *dir = g_dir_make_tmp ("hs-csv-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "classes.csv", NULL);
  g_autoptr (GError) error = NULL;
  g_assert_true (hs_csv_export_write (file, csv, strlen (csv), NULL, &error));
  g_assert_no_error (error);
  g_autofree char *back = NULL;
  g_assert_true (g_file_get_contents (file, &back, NULL, NULL));
  g_assert_cmpstr (back, ==, csv);

  /* Read back: one row per row of the table, in its order, the same
   * figures as the table's rows and the heap's. */
  g_autoptr (GPtrArray) rows = ui_csv_read (back);
  assert_header (rows, header);
  GListModel *model = hs_classes_view_get_class_model (view);
  g_assert_cmpuint (rows->len - 1, ==, g_list_model_get_n_items (model));
  gboolean seen_odd = FALSE;
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (HsClassRow) row = g_list_model_get_item (model, i);
      HsClass c = hs_class_row_get_class (row);
      g_assert_cmpstr (ui_csv_cell (rows, i + 1, 0), ==, hs_class_row_get_name (row));
      g_assert_cmpuint (hex (rows, i + 1, 1), ==, hs_class_id (a->heap, c));
      g_assert_cmpuint (hex (rows, i + 1, 2), ==, hs_class_loader_id (a->heap, c));
      for (HsClassColumn k = HS_CLASS_COLUMN_COUNT; k < HS_CLASS_N_COLUMNS; k++)
        {
          g_assert_cmpuint (num (rows, i + 1, 2 + k), ==, hs_class_row_get_value (row, k));
          g_assert_cmpuint (num (rows, i + 1, 2 + k), ==, ui_class_value (a, c, k));
        }
      if (g_strcmp0 (ui_csv_cell (rows, i + 1, 0), odd_name) == 0)
        {
          /* By hand (test_csv.py): three Odd instances of 16 bytes. */
          g_assert_cmpuint (hex (rows, i + 1, 1), ==, ODD);
          g_assert_cmpuint (num (rows, i + 1, 3), ==, 3);
          g_assert_cmpuint (num (rows, i + 1, 7), ==, 48);
          seen_odd = TRUE;
        }
    }
  g_assert_true (seen_odd);
  /* Numbers unformatted: no unit, no digit grouping. */
  g_assert_null (strstr (back, " B,"));
  g_assert_null (strstr (back, "kB"));

  /* Filtered: only the rows shown. */
  hs_classes_view_set_filter (view, "Odd");
  g_assert_true (ui_wait_until (csv_is, &(CsvWait){ HS_VIEW (view), 2, odd_name }, 30000));
  {
    g_autofree char *f = view_csv (HS_VIEW (view));
    g_autoptr (GPtrArray) fr = ui_csv_read (f);
    g_assert_cmpuint (fr->len, ==, 2);
    g_assert_cmpstr (ui_csv_cell (fr, 1, 0), ==, odd_name);
  }

  /* Copy as CSV: the same text on the clipboard, and a toast. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "export.copy-csv", NULL));
  g_assert_true (ui_wait_until (toast_shown, window, 10000));
  g_assert_cmpstr (ui_toast_text (window), ==, "Copied as CSV");
  {
    g_autofree char *text = clipboard_text (GTK_WIDGET (view));
    g_autofree char *f = view_csv (HS_VIEW (view));
    g_assert_cmpstr (text, ==, f);
  }

  /* The instances pane's own Export: every instance of Odd, written on a
   * worker. */
  hs_classes_view_show_instances (view, 0);
  g_assert_true (ui_wait_for_instances (window, 30000));
  GtkWidget *pane = ui_find_child (GTK_WIDGET (view), HS_TYPE_INSTANCES_PANE);
  g_assert_nonnull (pane);
  g_assert_nonnull (ui_find_child (pane, GTK_TYPE_MENU_BUTTON));
  g_assert_true (gtk_widget_activate_action (pane, "export.copy-csv", NULL));
  ClipWait wait = { pane, "id,class,shallow,retained\n" };
  g_assert_true (ui_wait_until (clip_starts, &wait, 30000));
  {
    g_autofree char *text = clipboard_text (pane);
    g_autoptr (GPtrArray) ir = ui_csv_read (text);
    /* By hand (test_csv.py): O1, O2, O3, 16 bytes each; O1 retains 32. */
    g_assert_cmpuint (ir->len, ==, 4);
    for (guint i = 1; i < ir->len; i++)
      {
        guint64 id = hex (ir, i, 0);
        g_assert_true (id == O1 || id == O2 || id == O3);
        g_assert_cmpstr (ui_csv_cell (ir, i, 1), ==, odd_name);
        g_assert_cmpuint (num (ir, i, 2), ==, 16);
        g_assert_cmpuint (num (ir, i, 3), ==, id == O1 ? 32 : 16);
      }
  }
  ui_shot (GTK_WIDGET (window), "csv-instances.png");

  /* Never over the dump itself, a folder or a device. */
  g_clear_error (&error);
  g_assert_false (hs_csv_export_write (data, csv, strlen (csv), data, &error));
  g_assert_nonnull (strstr (error->message, "the heap dump itself"));
  g_clear_error (&error);
  g_assert_false (hs_csv_export_write (dir, csv, strlen (csv), NULL, &error));
  g_clear_error (&error);
  g_assert_false (hs_csv_export_write ("/dev/null", csv, strlen (csv), NULL, &error));
  g_assert_nonnull (strstr (error->message, "not a regular file"));
  g_unlink (file);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_dominators (gconstpointer data)
{
  static const char *const header[] = { "depth", "id", "class", "shallow", "retained", NULL };
  HsWindow *window = open_window (data);
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));
  hs_window_set_view (window, "dominators");
  HsDominatorsView *view = ui_dominators_view (window);
  GtkTreeListModel *model = hs_dominators_view_get_model (view);
  guint n_before;
  g_assert_true (ui_wait_shown (GTK_WIDGET (view), 10000));
  n_before = g_list_model_get_n_items (G_LIST_MODEL (model));

  /* Expand O1: O2 below it. */
  HsObj o1 = hs_heap_find (a->heap, O1);
  gboolean expanded = FALSE;
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)) && !expanded; i++)
    {
      g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (model, i);
      g_autoptr (GObject) item = gtk_tree_list_row_get_item (row);
      if (HS_IS_OBJECT_ROW (item) && hs_object_row_get_obj (HS_OBJECT_ROW (item)) == o1)
        {
          gtk_tree_list_row_set_expanded (row, TRUE);
          expanded = TRUE;
        }
    }
  g_assert_true (expanded);
  g_assert_true (ui_wait_until (grown, &(GrowWait){ G_LIST_MODEL (model), n_before }, 30000));
  ui_shot (GTK_WIDGET (window), "csv-dominators.png");

  g_autofree char *csv = view_csv (HS_VIEW (view));
  g_autoptr (GPtrArray) rows = ui_csv_read (csv);
  assert_header (rows, header);
  /* The rows of the tree as shown, in its order, objects only. */
  guint r = 1;
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
    {
      g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (model, i);
      g_autoptr (GObject) item = gtk_tree_list_row_get_item (row);
      if (!HS_IS_OBJECT_ROW (item))
        continue;
      HsObj o = hs_object_row_get_obj (HS_OBJECT_ROW (item));
      g_assert_cmpuint (r, <, rows->len);
      g_assert_cmpuint (num (rows, r, 0), ==, gtk_tree_list_row_get_depth (row));
      g_assert_cmpuint (hex (rows, r, 1), ==, hs_heap_object_id (a->heap, o));
      g_assert_cmpstr (ui_csv_cell (rows, r, 2), ==, hs_heap_object_class_name (a->heap, o));
      g_assert_cmpuint (num (rows, r, 3), ==, hs_heap_object_shallow (a->heap, o));
      g_assert_cmpuint (num (rows, r, 4), ==, hs_dom_tree_retained (a->dom, o));
      r++;
    }
  g_assert_cmpuint (r, ==, rows->len);
  /* By hand: O1 at the top retains 32 bytes; O2, expanded below it, 16. */
  gboolean seen = FALSE;
  for (guint i = 1; i + 1 < rows->len; i++)
    if (hex (rows, i, 1) == O1)
      {
        g_assert_cmpuint (num (rows, i, 0), ==, 0);
        g_assert_cmpuint (num (rows, i, 4), ==, 32);
        g_assert_cmpstr (ui_csv_cell (rows, i, 2), ==, odd_name);
        g_assert_cmpuint (hex (rows, i + 1, 1), ==, O2);
        g_assert_cmpuint (num (rows, i + 1, 0), ==, 1);
        g_assert_cmpuint (num (rows, i + 1, 4), ==, 16);
        seen = TRUE;
      }
  g_assert_true (seen);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
threads_ready (gpointer data)
{
  return hs_threads_view_is_ready (data);
}

static void
test_threads (gconstpointer data)
{
  HsWindow *window = open_window (data);
  hs_window_set_view (window, "threads");
  HsThreadsView *view = HS_THREADS_VIEW (ui_view (window, "threads"));
  g_assert_true (ui_wait_until (threads_ready, view, 30000));
  g_assert_true (ui_wait_shown (GTK_WIDGET (view), 10000));
  g_assert_nonnull (ui_find_child (GTK_WIDGET (view), GTK_TYPE_MENU_BUTTON));
  ui_shot (GTK_WIDGET (window), "csv-threads.png");

  g_autofree char *csv = view_csv (HS_VIEW (view));
  g_autoptr (GPtrArray) rows = ui_csv_read (csv);
  GPtrArray *h = g_ptr_array_index (rows, 0);
  g_assert_cmpstr (g_ptr_array_index (h, 1), ==, "thread_name");
  g_assert_cmpstr (g_ptr_array_index (h, 7), ==, "frame");
  g_assert_cmpstr (g_ptr_array_index (h, 9), ==, "method");
  /* By hand (test_csv.py): one thread "main,\"x\"", two frames, innermost
   * first: @evil (a formula-like name, defused) at line 7 holding the
   * thread's name (String 16 + char[8] 32 bytes) in a local, then run at
   * line 42. */
  g_assert_cmpuint (rows->len, ==, 3);
  g_assert_cmpstr (ui_csv_cell (rows, 1, 1), ==, "main,\"x\"");
  g_assert_cmpuint (num (rows, 1, 7), ==, 0);
  g_assert_cmpstr (ui_csv_cell (rows, 1, 8), ==, odd_name);
  g_assert_cmpstr (ui_csv_cell (rows, 1, 9), ==, "'@evil");
  g_assert_cmpuint (num (rows, 1, 12), ==, 7);
  g_assert_cmpuint (num (rows, 1, 13), ==, 1);
  g_assert_cmpuint (num (rows, 1, 14), ==, 48);
  g_assert_cmpuint (num (rows, 2, 7), ==, 1);
  g_assert_cmpstr (ui_csv_cell (rows, 2, 9), ==, "run");
  g_assert_cmpuint (num (rows, 2, 12), ==, 42);
  g_assert_cmpuint (num (rows, 2, 13), ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
insights_done (gpointer data)
{
  return !hs_insights_view_is_busy (data);
}

static gboolean
paths_done (gpointer data)
{
  return !hs_paths_view_is_busy (data) && hs_paths_view_get_model (data) != NULL;
}

static gboolean
compare_done (gpointer data)
{
  return g_strcmp0 (hs_compare_view_get_page (data), "table") == 0;
}

/* Each other view's export: its header, and a row worked out by hand. */
static void
test_other_views (gconstpointer data)
{
  HsWindow *window = open_window (data);
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));

  /* Insights: every finding, the kind first; the duplicate String
   * =HYPERLINK("http://x") defused, two copies, 16 + 56 bytes wasted. */
  hs_window_set_view (window, "insights");
  HsInsightsView *insights = HS_INSIGHTS_VIEW (ui_view (window, "insights"));
  g_assert_true (ui_wait_until (insights_done, insights, 60000));
  g_assert_true (ui_wait_shown (GTK_WIDGET (insights), 10000));
  g_assert_nonnull (ui_find_child (GTK_WIDGET (insights), GTK_TYPE_MENU_BUTTON));
  ui_shot (GTK_WIDGET (window), "csv-insights.png");
  {
    g_autofree char *csv = view_csv (HS_VIEW (insights));
    g_autoptr (GPtrArray) rows = ui_csv_read (csv);
    gboolean seen = FALSE;
    g_assert_cmpstr (ui_csv_cell (rows, 0, 0), ==, "kind");
    for (guint i = 1; i < rows->len; i++)
      if (g_strcmp0 (ui_csv_cell (rows, i, 0), "duplicate_string") == 0
          && g_strcmp0 (ui_csv_cell (rows, i, 1), "'=HYPERLINK(\"http://x\")") == 0)
        {
          g_assert_cmpuint (num (rows, i, 2), ==, 2);
          g_assert_cmpuint (num (rows, i, 3), ==, 72);
          seen = TRUE;
        }
    g_assert_true (seen);
  }

  /* Merged paths of Odd: the three instances reached from the top rows. */
  hs_window_set_view (window, "paths");
  HsPathsView *paths = HS_PATHS_VIEW (ui_view (window, "paths"));
  GArray *odd = hs_query_classes_named (a->heap, odd_name);
  g_assert_cmpuint (odd->len, ==, 1);
  hs_paths_view_show_class (paths, g_array_index (odd, HsClass, 0));
  g_array_unref (odd);
  g_assert_true (ui_wait_until (paths_done, paths, 60000));
  g_assert_true (ui_wait_shown (GTK_WIDGET (paths), 10000));
  ui_shot (GTK_WIDGET (window), "csv-paths.png");
  {
    static const char *const header[]
        = { "depth", "path", "objects", "reached", "shallow", "retained", NULL };
    g_autofree char *csv = view_csv (HS_VIEW (paths));
    g_autoptr (GPtrArray) rows = ui_csv_read (csv);
    guint64 reached = 0;
    assert_header (rows, header);
    for (guint i = 1; i < rows->len; i++)
      if (num (rows, i, 0) == 0)
        reached += num (rows, i, 3);
    g_assert_cmpuint (reached, ==, 3);
  }

  /* Compare with itself: every change 0; Odd 3 instances on both sides. */
  hs_window_set_view (window, "compare");
  HsCompareView *compare = HS_COMPARE_VIEW (ui_view (window, "compare"));
  g_autoptr (GFile) file = g_file_new_for_path (data);
  g_assert_true (hs_compare_view_set_baseline (compare, file, 0));
  g_assert_true (ui_wait_until (compare_done, compare, 120000));
  hs_compare_view_set_show_unchanged (compare, TRUE);
  /* The unchanged classes join the table (the dump against itself: every
   * class is unchanged). */
  g_assert_true (ui_wait_until (csv_is, &(CsvWait){ HS_VIEW (compare), 0, odd_name }, 30000));
  ui_shot (GTK_WIDGET (window), "csv-compare.png");
  {
    g_autofree char *csv = view_csv (HS_VIEW (compare));
    g_autoptr (GPtrArray) rows = ui_csv_read (csv);
    gboolean seen = FALSE;
    g_assert_cmpstr (ui_csv_cell (rows, 0, 0), ==, "name");
    g_assert_cmpstr (ui_csv_cell (rows, 0, 10), ==, "delta_retained");
    for (guint i = 1; i < rows->len; i++)
      {
        g_assert_cmpstr (ui_csv_cell (rows, i, 8), ==, "0");
        if (g_strcmp0 (ui_csv_cell (rows, i, 0), odd_name) == 0)
          {
            g_assert_cmpuint (num (rows, i, 2), ==, 3);
            g_assert_cmpuint (num (rows, i, 5), ==, 3);
            g_assert_cmpuint (num (rows, i, 6), ==, 48);
            seen = TRUE;
          }
      }
    g_assert_true (seen);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* --- timing (not run by default) -------------------------------------------- */

static int
cmp_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The median of 5 runs of what export does on the UI thread for a table:
 * its CSV text (the file is written on a worker). */
static void
time_export (const char *what, HsView *view, HsAnalysis *a, GArray *objects)
{
  double ms[5], cpu[5];
  gsize bytes = 0, rows = 0;

  for (guint i = 0; i < G_N_ELEMENTS (ms); i++)
    {
      GString *out = g_string_new (NULL);
      struct timespec c0, c1;
      clock_gettime (CLOCK_THREAD_CPUTIME_ID, &c0);
      gint64 t0 = g_get_monotonic_time ();
      if (view != NULL)
        g_assert_true (hs_view_write_csv (view, out));
      else
        hs_csv_export_object_array (out, a, (const HsObj *)objects->data, objects->len);
      ms[i] = (g_get_monotonic_time () - t0) / 1000.0;
      clock_gettime (CLOCK_THREAD_CPUTIME_ID, &c1);
      cpu[i] = (c1.tv_sec - c0.tv_sec) * 1e3 + (c1.tv_nsec - c0.tv_nsec) / 1e6;
      bytes = out->len;
      rows = 0;
      for (const char *p = out->str; (p = strchr (p, '\n')) != NULL; p++)
        rows++;
      g_string_free (out, TRUE);
    }
  qsort (ms, G_N_ELEMENTS (ms), sizeof ms[0], cmp_double);
  qsort (cpu, G_N_ELEMENTS (cpu), sizeof cpu[0], cmp_double);
  g_printerr ("csv-bench: %s: %" G_GSIZE_FORMAT " lines, %" G_GSIZE_FORMAT
              " bytes: median %.1f ms (%.1f .. %.1f), CPU %.1f ms\n",
              what, rows, bytes, ms[2], ms[0], ms[4], cpu[2]);
}

/* HS_CSV_BENCH_DUMP=FILE: the time of each export on a big dump
 * (docs/performance.md, "CSV export"). */
static void
test_bench (void)
{
  const char *path = g_getenv ("HS_CSV_BENCH_DUMP");
  if (path == NULL)
    {
      g_test_skip ("HS_CSV_BENCH_DUMP is not set");
      return;
    }
  HsWindow *window = open_window (path);
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));
  hs_window_set_view (window, "classes");
  HsClassesView *classes = ui_classes_view (window);
  g_assert_true (ui_wait_shown (GTK_WIDGET (classes), 10000));
  time_export ("classes", HS_VIEW (classes), NULL, NULL);
  /* The class with the most instances: the instances pane's export. */
  HsClass big = 0;
  for (HsClass c = 0; c < hs_heap_n_classes (a->heap); c++)
    if (hs_class_count (a->heap, c) > hs_class_count (a->heap, big))
      big = c;
  g_autoptr (GArray) objs = hs_query_instances (a, &big, 1);
  g_printerr ("csv-bench: instances of %s (on a worker)\n", hs_class_name (a->heap, big));
  time_export ("instances", NULL, a, objs);
  hs_window_set_view (window, "dominators");
  HsDominatorsView *dom = ui_dominators_view (window);
  hs_dominators_view_get_model (dom);
  g_assert_true (ui_wait_shown (GTK_WIDGET (dom), 10000));
  time_export ("dominator tree (top level)", HS_VIEW (dom), NULL, NULL);
  hs_window_set_view (window, "threads");
  HsThreadsView *threads = HS_THREADS_VIEW (ui_view (window, "threads"));
  g_assert_true (ui_wait_until (threads_ready, threads, 600000));
  time_export ("threads", HS_VIEW (threads), NULL, NULL);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 2);
  const char *dump = argv[1];
  g_test_add_func ("/csv-export/bench", test_bench);
  g_test_add_data_func ("/csv-export/classes", dump, test_classes);
  g_test_add_data_func ("/csv-export/dominators", dump, test_dominators);
  g_test_add_data_func ("/csv-export/threads", dump, test_threads);
  g_test_add_data_func ("/csv-export/other-views", dump, test_other_views);
  return g_test_run ();
}
