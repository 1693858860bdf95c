/* SPDX-License-Identifier: GPL-3.0-or-later */
/* UI test of the Threads view on the generator's threads dump
 * (tests/generator/dumps/threads.hprof.gz, ThreadScenario.java): the rows
 * and their order, the top thread's stack with its locals, opening a local
 * in the inspector, the inspector of a thread object showing its stack. */
#include "config.h"

#include <string.h>

#include "ui-util.h"
#include "hs-threads.h"
#include "hs-threads-view.h"
#include "hs-inspector.h"

static gboolean
view_ready (gpointer data)
{
  return hs_threads_view_is_ready (data);
}

/* The line of the `// frame: NAME` marker in ThreadScenario.java. */
static int
marker_line (const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("HS_SOURCE_ROOT"), "tests", "generator", "com",
                                            "example", "ThreadScenario.java", NULL);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_autofree char *want = g_strdup_printf ("// frame: %s", name);
  for (guint i = 0; lines[i]; i++)
    if (g_str_has_suffix (lines[i], want))
      return (int)i + 1;
  g_assert_not_reached ();
}

/* TRUE if a label under w shows text (the inspector has no text API). */
static gboolean
has_label (GtkWidget *w, const char *text)
{
  if (GTK_IS_LABEL (w) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (w)), text) == 0)
    return TRUE;
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    if (has_label (c, text))
      return TRUE;
  return FALSE;
}

/* The view is ready and its table shows a sort arrow. */
static gboolean
view_sorted (gpointer data)
{
  return hs_threads_view_is_ready (data) && ui_sort_indicator (data) >= 0;
}

typedef struct
{
  GtkWidget *view;
  int direction;
} ArrowWait;

static gboolean
arrow_is (gpointer data)
{
  ArrowWait *w = data;
  return ui_sort_indicator (w->view) == w->direction;
}

typedef struct
{
  HsThreadsView *view;
  const char *name;
} FirstWait;

static gboolean
first_row_is (gpointer data)
{
  FirstWait *w = data;
  return g_strcmp0 (hs_threads_view_get_row_name (w->view, 0), w->name) == 0;
}

typedef struct
{
  HsWindow *window;
  HsObj obj;              /* or HS_OBJ_NONE: any object */
  const char *class_name; /* or NULL: any class */
  const char *label;      /* or NULL: a label the inspector shows */
} InspectWait;

/* The inspector is done showing the object wanted. */
static gboolean
inspected (gpointer data)
{
  InspectWait *w = data;
  HsInspector *insp = HS_INSPECTOR (hs_window_get_inspector (w->window));
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (w->window));
  HsObj o = hs_inspector_get_obj (insp);

  if (o == HS_OBJ_NONE || hs_inspector_is_busy (insp) || (w->obj != HS_OBJ_NONE && o != w->obj))
    return FALSE;
  if (w->class_name != NULL && g_strcmp0 (hs_heap_object_class_name (a->heap, o), w->class_name) != 0)
    return FALSE;
  return w->label == NULL || has_label (GTK_WIDGET (insp), w->label);
}

typedef struct
{
  HsThreadsView *view;
  const char *part;
} StackWait;

/* The stack shown holds part. */
static gboolean
stack_has (gpointer data)
{
  StackWait *w = data;
  g_autofree char *stack = hs_threads_view_get_stack_text (w->view);
  return stack != NULL && strstr (stack, w->part) != NULL;
}

static void
test_threads_view (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("HS_SOURCE_ROOT"), "tests", "generator", "dumps",
                                            "threads.hprof.gz", NULL);
  HsWindow *window = hs_window_new (NULL);
  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 760);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_wait_shown (GTK_WIDGET (window), 10000));
  g_autoptr (GFile) file = g_file_new_for_path (path);
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 120000), ==, HS_LOADER_DONE);
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));

  hs_window_set_view (window, "threads");
  HsThreadsView *view = HS_THREADS_VIEW (hs_window_get_view_by_name (window, "threads"));
  g_assert_true (ui_wait_until (view_sorted, view, 30000));

  /* The engine's threads, for the order (largest stack retained first). */
  g_autoptr (HsThreads) ts = hs_threads_read (a->heap, a->dom);
  hs_threads_compute_stack_retained (ts, a->heap);
  guint n = hs_threads_view_get_n_rows (view);
  g_assert_cmpuint (n, ==, ts->n_threads);
  guint64 prev = G_MAXUINT64;
  for (guint i = 0; i < n; i++)
    {
      const char *name = hs_threads_view_get_row_name (view, i);
      const HsThread *t = NULL;
      for (guint k = 0; k < ts->n_threads; k++)
        if (g_strcmp0 (ts->threads[k].name, name) == 0)
          t = &ts->threads[k];
      g_assert_nonnull (t);
      g_assert_cmpuint (t->stack_retained, <=, prev);
      prev = t->stack_retained;
    }
  /* Largest first, and the arrow GTK draws for descending says so. */
  g_assert_cmpint (ui_sort_indicator (GTK_WIDGET (view)), ==, GTK_SORT_DESCENDING);
  {
    /* A size header clicked (GTK sorts a new column ascending first):
     * biggest first, with the descending arrow. */
    GtkColumnView *table = GTK_COLUMN_VIEW (ui_find_child (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW));
    GListModel *columns = gtk_column_view_get_columns (table);
    GtkColumnViewColumn *retained = NULL;
    for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
      {
        g_autoptr (GtkColumnViewColumn) col = g_list_model_get_item (columns, c);
        if (g_strcmp0 (gtk_column_view_column_get_title (col), "Retained") == 0)
          retained = col;
      }
    g_assert_nonnull (retained);
    gtk_column_view_sort_by_column (table, retained, GTK_SORT_ASCENDING);
    g_assert_true (ui_wait_frames (GTK_WIDGET (view), 1, 10000));
    g_assert_cmpint (ui_sort_indicator (GTK_WIDGET (view)), ==, GTK_SORT_DESCENDING);
    prev = G_MAXUINT64;
    for (guint i = 0; i < n; i++)
      for (guint k = 0; k < ts->n_threads; k++)
        if (g_strcmp0 (ts->threads[k].name, hs_threads_view_get_row_name (view, i)) == 0)
          {
            g_assert_cmpuint (ts->threads[k].retained, <=, prev);
            prev = ts->threads[k].retained;
          }
    /* Clicked again: smallest first, the ascending arrow. */
    gtk_column_view_sort_by_column (table, retained, GTK_SORT_ASCENDING);
    g_assert_true (ui_wait_until (arrow_is, &(ArrowWait){ GTK_WIDGET (view), GTK_SORT_ASCENDING }, 10000));
    g_assert_cmpint (ui_sort_indicator (GTK_WIDGET (view)), ==, GTK_SORT_ASCENDING);
    /* Back to the first order. */
    GtkColumnViewColumn *stack_col = NULL;
    for (guint c = 0; c < g_list_model_get_n_items (columns); c++)
      {
        g_autoptr (GtkColumnViewColumn) col = g_list_model_get_item (columns, c);
        if (g_strcmp0 (gtk_column_view_column_get_title (col), "Stack retained") == 0)
          stack_col = col;
      }
    gtk_column_view_sort_by_column (table, stack_col, GTK_SORT_DESCENDING);
    g_assert_true (ui_wait_until (first_row_is, &(FirstWait){ view, "hold-worker" }, 10000));
  }
  /* ThreadScenario: hold-worker's byte[4096] (4112 bytes) is the most any
   * stack holds; it is selected first. */
  g_assert_cmpstr (hs_threads_view_get_row_name (view, 0), ==, "hold-worker");
  g_autofree char *stack = hs_threads_view_get_stack_text (view);
  g_autofree char *hold = g_strdup_printf ("at com.example.HoldThread.hold(ThreadScenario.java:%d)\n",
                                           marker_line ("HoldThread.hold"));
  g_autofree char *run = g_strdup_printf ("at com.example.HoldThread.run(ThreadScenario.java:%d)\n",
                                          marker_line ("HoldThread.run"));
  g_assert_nonnull (strstr (stack, "at jdk.internal.misc.Unsafe.park(Native Method)\n"));
  g_assert_nonnull (strstr (stack, hold));
  g_assert_nonnull (strstr (stack, run));
  g_assert_true (strstr (stack, hold) < strstr (stack, run)); /* innermost first */
  g_assert_nonnull (strstr (stack, "local byte[]@0x"));
  {
    /* byte[4096]: align(16 + 4096, 8) = 4112 bytes, its own retained size */
    g_autofree char *b = hs_format_bytes (4112);
    g_autofree char *want = g_strdup_printf ("shallow %s, retained %s", b, b);
    g_assert_nonnull (strstr (stack, want));
  }

  /* Activating the byte[] local opens it in the inspector. */
  g_auto (GStrv) lines = g_strsplit (stack, "\n", -1);
  guint local = 0;
  for (guint i = 0; lines[i] && !g_str_has_prefix (lines[i], "local byte[]@"); i++)
    if (g_str_has_prefix (lines[i], "local "))
      local++;
  g_assert_true (hs_threads_view_activate_local (view, local));
  g_assert_true (ui_wait_until (inspected, &(InspectWait){ window, HS_OBJ_NONE, "byte[]", NULL }, 60000));
  HsObj o = hs_inspector_get_obj (HS_INSPECTOR (hs_window_get_inspector (window)));
  g_assert_cmpuint (o, !=, HS_OBJ_NONE);
  g_assert_cmpstr (hs_heap_object_class_name (a->heap, o), ==, "byte[]");
  g_assert_cmpuint (hs_heap_object_shallow (a->heap, o), ==, 4112);
  g_assert_true (strstr (stack, "local byte[]@0x") != NULL);
  {
    g_autofree char *id
        = g_strdup_printf ("local byte[]@0x%" G_GINT64_MODIFIER "x", hs_heap_object_id (a->heap, o));
    g_assert_nonnull (strstr (stack, id));
  }

  /* The inspector of the hold-worker's thread object shows its stack. */
  for (guint k = 0; k < ts->n_threads; k++)
    if (g_strcmp0 (ts->threads[k].name, "hold-worker") == 0)
      {
        hs_window_inspect (window, ts->threads[k].obj);
        g_assert_true (
            ui_wait_until (inspected, &(InspectWait){ window, ts->threads[k].obj, NULL, "Stack" }, 60000));
      }
  {
    GtkWidget *insp = hs_window_get_inspector (window);
    g_autofree char *line = g_strndup (hold, strlen (hold) - 1);
    g_assert_true (has_label (insp, "Stack"));
    g_assert_true (has_label (insp, line));
  }

  /* Another row: the sleeper's stack. */
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (hs_threads_view_get_row_name (view, i), "sleep-worker") == 0)
      hs_threads_view_select_row (view, i);
  g_assert_true (ui_wait_until (stack_has, &(StackWait){ view, "Thread.sleep" }, 10000));
  g_free (stack);
  stack = hs_threads_view_get_stack_text (view);
  g_assert_nonnull (strstr (stack, "at java.lang.Thread.sleep(Native Method)\n"));
  g_assert_nonnull (strstr (stack, "local long[]@0x"));

  if (g_getenv ("HS_THREADS_SCREENSHOT"))
    {
      for (guint i = 0; i < n; i++)
        if (g_strcmp0 (hs_threads_view_get_row_name (view, i), "hold-worker") == 0)
          hs_threads_view_select_row (view, i);
      g_assert_true (ui_wait_until (stack_has, &(StackWait){ view, "HoldThread.hold" }, 10000));
      g_autoptr (GdkTexture) tex = ui_render_widget (GTK_WIDGET (window));
      g_assert_nonnull (tex);
      gdk_texture_save_to_png (tex, g_getenv ("HS_THREADS_SCREENSHOT"));
    }
  ui_destroy_window (GTK_WINDOW (window));
}

/* Not run by default: HS_THREADS_BENCH_DUMP=FILE HEAPSCOPE_DEBUG_TIMES=1
 * shows how long the view takes on the UI thread for a big dump. */
static void
test_threads_view_bench (void)
{
  const char *path = g_getenv ("HS_THREADS_BENCH_DUMP");
  if (path == NULL)
    {
      g_test_skip ("HS_THREADS_BENCH_DUMP is not set");
      return;
    }
  HsWindow *window = hs_window_new (NULL);
  gtk_window_present (GTK_WINDOW (window));
  g_autoptr (GFile) file = g_file_new_for_path (path);
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 600000), ==, HS_LOADER_DONE);
  hs_window_set_view (window, "threads");
  HsThreadsView *view = HS_THREADS_VIEW (hs_window_get_view_by_name (window, "threads"));
  g_assert_true (ui_wait_until (view_ready, view, 600000));
  g_assert_cmpuint (hs_threads_view_get_n_rows (view), >, 0);
  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/threads-view", test_threads_view);
  g_test_add_func ("/ui/threads-view-bench", test_threads_view_bench);
  return g_test_run ();
}
