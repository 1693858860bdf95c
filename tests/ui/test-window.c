/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-window.c: the real window under Xvfb, on a corpus dump, a generated
 * dump and broken files. Expected values come from the corpus's
 * expected JSON files (an independent implementation) and the corpus README,
 * the generator's planted structure (tests/generator/README.md), or are
 * recomputed here straight from the engine's per-class arrays rather than
 * through the window's models. */
#include "config.h"
#include "ui-util.h"
#include "../hs-test-corpus.h"
#include "hs-dump-tab.h"
#include "hs-application.h"

#include <glib/gstdio.h>
#include <string.h>

#define LOAD_TIMEOUT_MS 120000

/* NULL, with the test skipped, without the corpus (hs-test-corpus.h). */
static char *
corpus_path (const char *rel)
{
  return hs_test_corpus_path (rel);
}

static HsAnalysis *
open_and_wait (HsWindow *window, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HsLoaderState state;

  hs_window_open (window, file, 0);
  g_assert_cmpstr (hs_window_get_page (window), ==, "loading");
  state = ui_wait_for_load (window, LOAD_TIMEOUT_MS);
  if (state != HS_LOADER_DONE)
    g_error ("loading %s ended in state %d: %s", path, state,
             hs_window_get_error_text (window) ? hs_window_get_error_text (window) : "");
  g_assert_cmpstr (hs_window_get_page (window), ==, "content");
  return hs_loader_get_analysis (hs_window_get_loader (window));
}

static void
window_close (HsWindow *window)
{
  ui_destroy_window (window);
}

typedef struct
{
  HsClassesView *view;
  HsClassColumn column;
  GtkSortType order;
} SortAsked;

/* The classes view sorted as asked, its worker done. */
static gboolean
sorted_as_asked (gpointer data)
{
  SortAsked *s = data;
  HsClassColumn column;
  GtkSortType order;

  hs_classes_view_get_sort (s->view, &column, &order);
  return !hs_classes_view_is_sorting (s->view) && column == s->column && order == s->order;
}

static void
sort_and_wait (HsWindow *window, HsClassColumn column, GtkSortType order)
{
  SortAsked s = { ui_classes_view (window), column, order };

  hs_classes_view_sort_by_column (s.view, column, order);
  g_assert_true (ui_wait_until (sorted_as_asked, &s, 30000));
}

typedef struct
{
  GListModel *model;
  guint n;
} NItems;

static gboolean
has_n_items (gpointer data)
{
  NItems *w = data;
  return g_list_model_get_n_items (w->model) == w->n;
}

/* Iterates until model has n items (10 s at most: the assertion that
 * follows says what went wrong). */
static void
wait_n_items (GListModel *model, guint n)
{
  ui_wait_until (has_n_items, &(NItems){ model, n }, 10000);
}

typedef struct
{
  HsWindow *window;
  guint row;
} LeakRow;

/* The trace view shows the first trace of the leak group of that row. */
static gboolean
row_trace_shown (gpointer data)
{
  LeakRow *l = data;
  HsLeakGroup *group = hs_leaks_view_get_group (ui_leaks_view (l->window), l->row);

  return group != NULL && group->traces->len > 0
         && hs_leak_trace_view_get_trace (ui_trace_view (l->window)) == g_ptr_array_index (group->traces, 0);
}

static void
select_leak_row (HsWindow *window, guint row)
{
  hs_leaks_view_select (ui_leaks_view (window), row);
  g_assert_true (ui_wait_until (row_trace_shown, &(LeakRow){ window, row }, 10000));
}

/* --- classes ------------------------------------------------------------ */

static int
compare_rows (HsClassRow *a, HsClassRow *b, HsClassColumn column)
{
  if (column != HS_CLASS_COLUMN_NAME)
    {
      guint64 va = hs_class_row_get_value (a, column), vb = hs_class_row_get_value (b, column);
      if (va != vb)
        return va < vb ? -1 : 1;
    }
  return strcmp (hs_class_row_get_name (a), hs_class_row_get_name (b));
}

static void
check_class_sorting (HsWindow *window, HsAnalysis *a)
{
  GListModel *model = hs_classes_view_get_class_model (ui_classes_view (window));
  guint n = g_list_model_get_n_items (model);

  for (HsClassColumn column = 0; column < HS_CLASS_N_COLUMNS; column++)
    for (int o = 0; o < 2; o++)
      {
        GtkSortType order = o == 0 ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING;
        HsClassColumn got_column;
        GtkSortType got_order;
        g_autoptr (HsClassRow) prev = NULL;

        sort_and_wait (window, column, order);
        hs_classes_view_get_sort (ui_classes_view (window), &got_column, &got_order);
        g_assert_cmpint (got_column, ==, column);
        g_assert_cmpint (got_order, ==, order);
        g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);
        for (guint i = 0; i < n; i++)
          {
            g_autoptr (HsClassRow) row = g_list_model_get_item (model, i);
            if (prev != NULL)
              {
                int c = compare_rows (prev, row, column);
                if (order == GTK_SORT_ASCENDING ? c > 0 : c < 0)
                  g_error ("column %d order %d: rows %u (%s) and %u (%s) out of order", column, order, i - 1,
                           hs_class_row_get_name (prev), i, hs_class_row_get_name (row));
              }
            g_clear_object (&prev);
            prev = g_steal_pointer (&row);
          }

        /* The first row of a numeric column holds the extreme value,
         * recomputed from the engine's arrays rather than the model. */
        if (column != HS_CLASS_COLUMN_NAME && n > 0)
          {
            g_autoptr (HsClassRow) first = g_list_model_get_item (model, 0);
            guint64 best = ui_class_value (a, 0, column);
            for (HsClass c = 1; c < hs_heap_n_classes (a->heap); c++)
              {
                guint64 v = ui_class_value (a, c, column);
                best = order == GTK_SORT_ASCENDING ? MIN (best, v) : MAX (best, v);
              }
            g_assert_cmpuint (hs_class_row_get_value (first, column), ==, best);
          }
      }
  sort_and_wait (window, HS_CLASS_COLUMN_RETAINED, GTK_SORT_DESCENDING);
}

static void
check_class_filter (HsWindow *window, HsAnalysis *a, const char *query)
{
  GListModel *model = hs_classes_view_get_class_model (ui_classes_view (window));
  guint expected = 0, n;
  g_autofree char *folded = g_utf8_casefold (query, -1);

  for (HsClass c = 0; c < hs_heap_n_classes (a->heap); c++)
    {
      g_autofree char *name = g_utf8_casefold (hs_class_name (a->heap, c), -1);
      if (strstr (name, folded) != NULL)
        expected++;
    }
  hs_classes_view_set_filter (ui_classes_view (window), query);
  wait_n_items (model, expected);
  n = g_list_model_get_n_items (model);
  g_assert_cmpuint (n, ==, expected);
  g_assert_cmpuint (n, >, 0);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (HsClassRow) row = g_list_model_get_item (model, i);
      g_autofree char *name = g_utf8_casefold (hs_class_row_get_name (row), -1);
      g_assert_nonnull (strstr (name, folded));
    }
  hs_classes_view_set_filter (ui_classes_view (window), "");
  wait_n_items (model, hs_heap_n_classes (a->heap));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, hs_heap_n_classes (a->heap));
}

/* --- dominator tree ----------------------------------------------------- */

static guint64
row_retained (GListModel *model, guint i, guint *depth)
{
  g_autoptr (GtkTreeListRow) row = g_list_model_get_item (model, i);
  g_autoptr (HsObjectRow) obj = gtk_tree_list_row_get_item (row);
  if (depth != NULL)
    *depth = gtk_tree_list_row_get_depth (row);
  return hs_object_row_get_retained (obj);
}

static void
check_dominator_tree (HsWindow *window, HsAnalysis *a, guint64 expected_top)
{
  GtkTreeListModel *tree;
  GListModel *model;
  gsize n_roots = 0, n_children = 0;
  g_autoptr (GtkTreeListRow) first = NULL;
  g_autoptr (HsObjectRow) first_obj = NULL;
  guint64 parent_retained;
  guint before;

  /* Every row at once (pages: test-dom-paging.c): the checks below walk
   * whole lists (12,614 top-level entries in the Android dump). */
  hs_dominators_view_set_page_size (ui_dominators_view (window), 0);
  tree = hs_dominators_view_get_model (ui_dominators_view (window));
  model = G_LIST_MODEL (tree);
  g_assert_nonnull (tree);
  hs_dom_tree_children (a->dom, a->dom->n, &n_roots);
  before = g_list_model_get_n_items (model);
  g_assert_cmpuint (before, ==, n_roots);
  g_assert_cmpuint (before, >, 0);

  /* The largest retained size of the heap is at the top level. */
  parent_retained = row_retained (model, 0, NULL);
  if (expected_top > 0)
    g_assert_cmpuint (parent_retained, ==, expected_top);
  for (guint i = 1; i < before; i++)
    g_assert_cmpuint (row_retained (model, i - 1, NULL), >=, row_retained (model, i, NULL));

  /* Expand the first row: its children appear below it, one level down,
   * largest first, none larger than their dominator. */
  first = g_list_model_get_item (model, 0);
  first_obj = gtk_tree_list_row_get_item (first);
  hs_dom_tree_children (a->dom, hs_object_row_get_obj (first_obj), &n_children);
  g_assert_true (gtk_tree_list_row_is_expandable (first) == (n_children > 0));
  g_assert_cmpuint (n_children, >, 0);
  gtk_tree_list_row_set_expanded (first, TRUE);
  wait_n_items (model, before + n_children);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, before + n_children);
  for (guint i = 1; i <= n_children; i++)
    {
      guint depth;
      guint64 r = row_retained (model, i, &depth);
      g_assert_cmpuint (depth, ==, 1);
      g_assert_cmpuint (r, <=, parent_retained);
      if (i > 1)
        g_assert_cmpuint (row_retained (model, i - 1, NULL), >=, r);
    }
  /* The children's retained sizes plus the parent's own shallow size
   * cannot exceed what the parent retains. */
  {
    guint64 sum = hs_heap_object_shallow (a->heap, hs_object_row_get_obj (first_obj));
    for (guint i = 1; i <= n_children; i++)
      sum += row_retained (model, i, NULL);
    g_assert_cmpuint (sum, ==, parent_retained);
  }
}

/* --- rendering ---------------------------------------------------------- */

static gboolean
widget_has_size (gpointer data)
{
  return gtk_widget_get_width (data) > 0 && gtk_widget_get_height (data) > 0;
}

static gboolean
treemap_laid_out (gpointer data)
{
  HsTreemapWidget *treemap = data;
  return !hs_treemap_widget_is_computing (treemap) && hs_treemap_widget_get_n_rects (treemap) > 10;
}

/* async: lay out on the worker thread, as for big heaps. */
static GdkTexture *
render_treemap (HsWindow *window, gboolean async)
{
  GtkWidget *treemap = GTK_WIDGET (hs_treemap_view_get_treemap (ui_treemap_view (window)));
  GdkTexture *texture;

  if (async)
    hs_treemap_widget_set_async_threshold (HS_TREEMAP_WIDGET (treemap), 0);
  hs_window_set_view (window, "treemap");
  g_assert_true (ui_wait_until (widget_has_size, treemap, 5000));
  /* Drawn: a layout with the top level and some children. */
  g_assert_true (ui_wait_until (treemap_laid_out, treemap, 30000));
  texture = ui_render_widget (treemap);
  g_assert_nonnull (texture);
  g_assert_cmpuint (ui_count_colors (texture), >, 20);
  return texture;
}

/* Where to click to zoom: the centre, or else the first point of a grid
 * over the picture, whose object has more than 20 children in the dominator
 * tree, so that the zoomed picture has rectangles to draw. What is under
 * the centre depends on the window's size (a leaf there would zoom into a
 * parent with one or two rectangles). */
static guint64
zoom_target (HsTreemapWidget *treemap, HsAnalysis *a)
{
  double w = gtk_widget_get_width (GTK_WIDGET (treemap)), h = gtk_widget_get_height (GTK_WIDGET (treemap));

  for (int i = -1; i < 64; i++)
    {
      double x = i < 0 ? w / 2 : w * (i % 8 + 0.5) / 8, y = i < 0 ? h / 2 : h * (i / 8 + 0.5) / 8;
      guint64 node = hs_treemap_widget_node_at (treemap, x, y);
      gsize n = 0;

      if (node >= a->dom->n)
        continue;
      hs_dom_tree_children (a->dom, node, &n);
      if (n > 20)
        return node;
    }
  g_error ("no object with more than 20 dominated children under the treemap");
}

/* Click-to-zoom and Backspace (the treemap.zoom-out action it is bound
 * to): the zoom path follows the dominator tree and the picture changes. */
static void
check_treemap_zoom (HsWindow *window, HsAnalysis *a, GdkTexture *before)
{
  HsTreemapWidget *treemap = hs_treemap_view_get_treemap (ui_treemap_view (window));
  GtkWidget *widget = GTK_WIDGET (treemap);
  guint64 node = zoom_target (treemap, a);
  const guint64 *path;
  guint n;
  g_autoptr (GdkTexture) zoomed = NULL;

  g_assert_cmpuint (node, <, a->dom->n);
  hs_treemap_widget_zoom_into (treemap, node);
  path = hs_treemap_widget_get_path (treemap, &n);
  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpuint (path[0], ==, a->dom->n);
  /* Each step is the immediate dominator of the next. */
  for (guint i = 1; i < n; i++)
    {
      HsObj up = a->dom->idom[path[i]];
      g_assert_cmpuint (up == (HsObj)a->dom->n ? a->dom->n : (guint64)up, ==, path[i - 1]);
    }
  g_assert_true (ui_wait_until (treemap_laid_out, treemap, 30000));
  zoomed = ui_render_widget (widget);
  g_assert_nonnull (zoomed);
  g_assert_cmpuint (ui_count_diff (zoomed, before), >, 1000);

  {
    g_autofree guint64 *before_path = g_memdup2 (path, n * sizeof *path);
    guint before_n = n;

    g_assert_true (gtk_widget_activate_action (widget, "treemap.zoom-out", NULL));
    path = hs_treemap_widget_get_path (treemap, &n);
    /* One step up the same path. */
    g_assert_cmpuint (n, ==, before_n - 1);
    g_assert_cmpmem (path, n * sizeof *path, before_path, n * sizeof *path);
  }
  hs_treemap_widget_zoom_to (treemap, 0);
  hs_treemap_widget_get_path (treemap, &n);
  g_assert_cmpuint (n, ==, 1);
}

static void
check_window_picture (HsWindow *window)
{
  g_autoptr (GdkTexture) texture = ui_render_widget (GTK_WIDGET (window));
  g_assert_nonnull (texture);
  g_assert_cmpuint (ui_count_colors (texture), >, 30);
}

/* --- inspector ---------------------------------------------------------- */

static gboolean
inspector_idle (gpointer data)
{
  return !hs_inspector_is_busy (data);
}

static gboolean
refers_to (HsHeap *heap, HsObj from, HsObj to)
{
  gsize n = 0;
  HsObj first;
  const HsObj *refs = hs_heap_refs (heap, from, &first, &n);
  if (first == to)
    return TRUE;
  for (gsize i = 0; i < n; i++)
    if (refs[i] == to)
      return TRUE;
  return FALSE;
}

static void
check_inspector (HsWindow *window, HsAnalysis *a, HsObj obj)
{
  HsInspector *inspector = ui_inspector (window);
  GArray *path;

  hs_window_inspect (window, obj);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (inspector)));
  g_assert_cmpuint (hs_inspector_get_obj (inspector), ==, obj);
  g_assert_true (ui_wait_until (inspector_idle, inspector, 30000));
  path = hs_inspector_get_root_path (inspector);
  g_assert_nonnull (path);
  g_assert_cmpuint (path->len, >=, 1);
  g_assert_true (hs_heap_object_is_root (a->heap, g_array_index (path, HsObj, 0)));
  g_assert_cmpuint (g_array_index (path, HsObj, path->len - 1), ==, obj);
  for (guint i = 0; i + 1 < path->len; i++)
    g_assert_true (refers_to (a->heap, g_array_index (path, HsObj, i), g_array_index (path, HsObj, i + 1)));
}

/* --- overview and leak trace buttons ----------------------------------- */

static void
on_clipboard_text (GObject *clipboard, GAsyncResult *result, gpointer data)
{
  *(char **)data = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (clipboard), result, NULL);
}

static gboolean
string_set (gpointer data)
{
  return *(char **)data != NULL;
}

/* Copy Trace puts the trace shown on the clipboard, as text naming its
 * leaking class (the last node's), and says so in the toast. */
static void
check_copy_trace (HsWindow *window)
{
  HsLeakTrace *trace = hs_leak_trace_view_get_trace (ui_trace_view (window));
  HsLeakNode *last = g_ptr_array_index (trace->nodes, trace->nodes->len - 1);
  GtkWidget *copy = ui_find_button (GTK_WIDGET (ui_trace_view (window)), "_Copy Trace");
  g_autofree char *text = NULL;

  g_assert_nonnull (copy);
  g_signal_emit_by_name (copy, "clicked");
  g_assert_cmpstr (ui_toast_text (window), ==, "Leak trace copied to the clipboard");
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL, on_clipboard_text,
                                 &text);
  g_assert_true (ui_wait_until (string_set, &text, 5000));
  g_assert_nonnull (strstr (text, last->class_name));
}

/* The overview lists the ten objects that retain the most (the sample has
 * thousands) and its Show Leaks button switches to the leaks. */
static void
check_overview (HsWindow *window)
{
  HsOverviewView *overview = HS_OVERVIEW_VIEW (ui_view (window, "overview"));
  GtkWidget *button = ui_find_button (GTK_WIDGET (overview), "Show _Leaks");

  g_assert_cmpuint (hs_overview_view_get_n_biggest (overview), ==, 10);
  hs_window_set_view (window, "overview");
  g_assert_cmpstr (hs_window_get_view (window), ==, "overview");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  g_assert_cmpstr (hs_window_get_view (window), ==, "leaks");
}

/* --- tests -------------------------------------------------------------- */

static GdkTexture *corpus_treemap;

static void
test_welcome (void)
{
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  g_assert_cmpstr (hs_window_get_page (window), ==, "welcome");
  g_assert_null (hs_window_get_loader (window));
  check_window_picture (window);
  window_close (window);
}

static void
test_corpus_leak (void)
{
  g_autofree char *path = corpus_path ("android/leak_service_binder.hprof");
  if (!path)
    return;
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  HsAnalysis *a = open_and_wait (window, path);
  GListModel *classes;
  HsLeakGroup *group;
  HsLeakTrace *trace;
  HsLeakNode *first, *last;

  /* Leaks: exactly one (corpus README), a LeakyService, whose path starts
   * at a static field of the LeakyService class. */
  g_assert_cmpuint (hs_leaks_view_get_n_rows (ui_leaks_view (window)), ==, 1);
  g_assert_cmpuint (a->leaks->application_leaks->len + a->leaks->library_leaks->len, ==, 1);
  group = a->leaks->application_leaks->len > 0 ? g_ptr_array_index (a->leaks->application_leaks, 0)
                                               : g_ptr_array_index (a->leaks->library_leaks, 0);
  g_assert_cmpuint (group->traces->len, ==, 1);
  trace = g_ptr_array_index (group->traces, 0);
  first = g_ptr_array_index (trace->nodes, 0);
  last = g_ptr_array_index (trace->nodes, trace->nodes->len - 1);
  g_assert_true (first->is_class);
  g_assert_cmpstr (first->class_name, ==, "com.example.leakcanary.LeakyService");
  g_assert_cmpint (first->ref_kind, ==, HS_PATH_REF_STATIC);
  g_assert_cmpstr (last->class_name, ==, "com.example.leakcanary.LeakyService");
  g_assert_cmpint (last->leaking, ==, HS_LEAKING_YES);
  select_leak_row (window, 0);
  /* The trace is shown as one card per node. */
  g_assert_cmpuint (hs_leak_trace_view_get_n_nodes (ui_trace_view (window)), ==, trace->nodes->len);

  /* An Android dump with an app and a zygote heap (the independent reading
   * of test_heaps_corpus.py) opens on the app heap; the whole dump is one
   * choice away. */
  g_assert_true (hs_dump_tab_get_heap_selector_shown (hs_window_get_tab (window)));
  g_assert_cmpint (hs_dump_tab_get_heap (hs_window_get_tab (window)), ==, hs_heap_find_heap (a->heap, "app"));
  hs_dump_tab_set_heap (hs_window_get_tab (window), -1);

  /* Classes: one row per class; default order retained descending, with
   * expected/leak_service_binder.json's top two classes first. */
  classes = hs_classes_view_get_class_model (ui_classes_view (window));
  g_assert_cmpuint (g_list_model_get_n_items (classes), ==, hs_heap_n_classes (a->heap));
  {
    g_autoptr (HsClassRow) r0 = g_list_model_get_item (classes, 0);
    g_autoptr (HsClassRow) r1 = g_list_model_get_item (classes, 1);
    g_assert_cmpstr (hs_class_row_get_name (r0), ==, "java.lang.Class");
    g_assert_cmpuint (hs_class_row_get_value (r0, HS_CLASS_COLUMN_RETAINED), ==, 1505352);
    g_assert_cmpuint (hs_class_row_get_value (r0, HS_CLASS_COLUMN_COUNT), ==, 3645);
    g_assert_cmpstr (hs_class_row_get_name (r1), ==, "java.lang.String");
    g_assert_cmpuint (hs_class_row_get_value (r1, HS_CLASS_COLUMN_RETAINED), ==, 825048);
    g_assert_cmpuint (hs_class_row_get_value (r1, HS_CLASS_COLUMN_REACHABLE), ==, 11534);
    g_assert_cmpuint (hs_class_row_get_value (r1, HS_CLASS_COLUMN_UNREACHABLE), ==, 11584 - 11534);
  }
  check_class_sorting (window, a);
  check_class_filter (window, a, "LeakyService");

  /* Instances of java.lang.String (row 1, selected as by a click): 11584
   * of them (expected json), largest retained first. */
  {
    GListModel *inst;
    guint n;
    g_assert_null (hs_classes_view_get_instances (ui_classes_view (window)));
    hs_classes_view_select_class (ui_classes_view (window), 1);
    /* Found on a worker: the list is empty until then. */
    g_assert_true (hs_classes_view_instances_pending (ui_classes_view (window)));
    g_assert_true (ui_wait_for_instances (window, 30000));
    inst = hs_classes_view_get_instances (ui_classes_view (window));
    g_assert_nonnull (inst);
    n = g_list_model_get_n_items (inst);
    g_assert_cmpuint (n, ==, 11584);
    for (guint i = 1; i < n; i++)
      {
        g_autoptr (HsObjectRow) p = g_list_model_get_item (inst, i - 1);
        g_autoptr (HsObjectRow) q = g_list_model_get_item (inst, i);
        g_assert_cmpuint (hs_object_row_get_retained (p), >=, hs_object_row_get_retained (q));
      }
    /* A sort moves the selected row: its instances stay listed, not
     * searched again. */
    sort_and_wait (window, HS_CLASS_COLUMN_NAME, GTK_SORT_ASCENDING);
    g_assert_false (hs_classes_view_instances_pending (ui_classes_view (window)));
    g_assert_true (hs_classes_view_get_instances (ui_classes_view (window)) == inst);
    sort_and_wait (window, HS_CLASS_COLUMN_RETAINED, GTK_SORT_DESCENDING);
    g_assert_true (hs_classes_view_get_instances (ui_classes_view (window)) == inst);
    /* Activating the selected row (the second click of a double click)
     * keeps the list too. */
    {
      g_autoptr (HsClassRow) row
          = g_list_model_get_item (hs_classes_view_get_class_model (ui_classes_view (window)), 1);
      g_assert_cmpstr (hs_class_row_get_name (row), ==, "java.lang.String");
    }
    hs_classes_view_show_instances (ui_classes_view (window), 1);
    g_assert_false (hs_classes_view_instances_pending (ui_classes_view (window)));
    g_assert_true (hs_classes_view_get_instances (ui_classes_view (window)) == inst);
  }

  /* Dominator tree: the top object of expected json retains 256648. */
  check_dominator_tree (window, a, 256648);

  /* The inspector finds a path from a GC root to the leaking object. */
  check_inspector (window, a, last->obj);

  corpus_treemap = render_treemap (window, FALSE);
  check_treemap_zoom (window, a, corpus_treemap);
  check_window_picture (window);
  window_close (window);
}

static void
test_jhat_classes (void)
{
  g_autofree char *path = corpus_path ("jvm/jhat_jdk8_x32.hprof");
  if (!path)
    return;
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  HsAnalysis *a = open_and_wait (window, path);

  /* Corpus README: 361 classes. */
  g_assert_cmpuint (hs_heap_n_classes (a->heap), ==, 361);
  g_assert_cmpuint (g_list_model_get_n_items (hs_classes_view_get_class_model (ui_classes_view (window))), ==,
                    361);
  check_class_sorting (window, a);
  check_dominator_tree (window, a, 0);
  window_close (window);
}

static void
test_sample (void)
{
  const char *path = g_getenv ("HS_SAMPLE_DUMP");
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  HsAnalysis *a;
  g_autoptr (GdkTexture) treemap = NULL;
  guint traces = 0;

  g_assert_nonnull (path);
  a = open_and_wait (window, path);
  /* tests/generator/README.md: 3 leaking objects in 2 application leak
   * groups, no library leaks. */
  g_assert_cmpuint (hs_leaks_view_get_n_rows (ui_leaks_view (window)), ==, 2);
  g_assert_cmpuint (a->leaks->library_leaks->len, ==, 0);
  for (guint i = 0; i < a->leaks->application_leaks->len; i++)
    traces += ((HsLeakGroup *)g_ptr_array_index (a->leaks->application_leaks, i))->traces->len;
  g_assert_cmpuint (traces, ==, 3);
  for (guint i = 0; i < 2; i++)
    {
      select_leak_row (window, i);
      g_assert_cmpuint (hs_leak_trace_view_get_n_nodes (ui_trace_view (window)), >=, 2);
    }
  check_copy_trace (window);
  check_overview (window);

  g_assert_cmpuint (g_list_model_get_n_items (hs_classes_view_get_class_model (ui_classes_view (window))), ==,
                    hs_heap_n_classes (a->heap));
  check_class_sorting (window, a);
  check_class_filter (window, a, "com.example");
  check_dominator_tree (window, a, 0);

  treemap = render_treemap (window, TRUE);
  /* A different dump draws a different treemap. */
  if (corpus_treemap == NULL)
    {
      /* Run alone (-p): draw the corpus dump's treemap here. */
      g_autofree char *other = corpus_path ("android/leak_service_binder.hprof");
      if (!other)
        return;
      HsWindow *w = ui_window_new (NULL, 1200, 760);
      open_and_wait (w, other);
      corpus_treemap = render_treemap (w, FALSE);
      window_close (w);
    }
  g_assert_cmpuint (ui_count_diff (treemap, corpus_treemap), >, 1000);
  check_window_picture (window);
  window_close (window);
}

static gboolean
worker_paused (gpointer data)
{
  return hs_loader_get_paused_for_tests ();
}

/* Opens the dump and returns once the worker is in the given phase,
 * held there by the loader's test hook until cancelled: certainly midway,
 * however fast the machine. */
static HsLoader *
open_until_phase (HsWindow *window, GFile *file, const char *phase)
{
  HsLoader *loader;

  hs_loader_set_pause_phase_for_tests (phase);
  hs_window_open (window, file, 0);
  loader = g_object_ref (hs_window_get_loader (window));
  g_assert_true (ui_wait_until (worker_paused, NULL, 60000));
  return loader;
}

static gboolean
loader_finished (gpointer data)
{
  return hs_loader_get_state (data) != HS_LOADER_LOADING;
}

static void
test_cancel (void)
{
  g_autofree char *path = corpus_path ("jvm/openjdk_jdk11_04_x64.hprof.gz");
  if (!path)
    return;
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  HsLoader *loader;

  /* Closing the window midway cancels the work: the loader ends cancelled
   * (it outlives the window through our reference). */
  loader = open_until_phase (window, file, "parsing");
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_LOADING);
  window_close (window);
  g_assert_true (ui_wait_until (loader_finished, loader, 30000));
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_CANCELLED);
  g_assert_null (hs_loader_get_analysis (loader));
  g_object_unref (loader);

  /* Cancel in a window that stays, while parsing and later while finding
   * dominators (after the heap is built): back to the welcome page. */
  window = ui_window_new (NULL, 1200, 760);
  for (guint i = 0; i < 2; i++)
    {
      loader = open_until_phase (window, file, i == 0 ? "parsing" : "dominators");
      g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_LOADING);
      hs_loader_cancel (loader);
      g_assert_cmpint (ui_wait_for_load (window, 30000), ==, HS_LOADER_CANCELLED);
      g_assert_null (hs_loader_get_analysis (loader));
      g_assert_cmpstr (hs_window_get_page (window), ==, "welcome");
      g_assert_false (hs_loader_get_paused_for_tests ());
      g_object_unref (loader);
    }
  window_close (window);
  hs_loader_set_pause_phase_for_tests (NULL);
}

static gboolean
content_shown (gpointer data)
{
  return g_strcmp0 (hs_window_get_page (data), "content") == 0;
}

static GtkWidget *
analysis_bar (HsWindow *window)
{
  /* The bar is the tab's (one dump per tab). */
  return GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (hs_window_get_tab (window)), HS_TYPE_DUMP_TAB,
                                                    "analysis_bar"));
}

static const char *
last_class (HsLeakGroup *g, guint trace)
{
  HsLeakTrace *t = g_ptr_array_index (g->traces, trace);
  return ((HsLeakNode *)g_ptr_array_index (t->nodes, t->nodes->len - 1))->class_name;
}

/* The leaks are shown as soon as the leak search is done, while the
 * dominators are still being computed (the worker is held in that phase);
 * their retained sizes follow when the analysis is done. Expected values:
 * tests/generator/README.md (scenario sample): two application leak
 * groups, two com.example.LeakedActivity of 1104 bytes, 4 objects each
 * (path of 4 nodes from the class com.example.LeakHolder), one
 * com.example.ThreadLeak of 2096 bytes, 4 objects (path of 2 nodes from
 * the thread com.example.LeakThread). */
static void
test_early_leaks (void)
{
  const char *path = g_getenv ("HS_SAMPLE_DUMP");
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  HsLoader *loader;
  HsLeakReport *early;
  HsLeakGroup *activity = NULL, *thread = NULL, *selected;
  HsLeakTrace *shown;
  HsAnalysis *a;
  g_autofree char *activity_bytes = hs_format_bytes (2 * 1104);
  g_autofree char *thread_bytes = hs_format_bytes (2096);
  g_autofree char *activity_row = g_strdup_printf ("2 instances · %s retained", activity_bytes);
  g_autofree char *thread_row = g_strdup_printf ("1 instance · %s retained", thread_bytes);

  loader = open_until_phase (window, file, "dominators");
  g_assert_true (ui_wait_until (content_shown, window, 60000));
  /* Still held among the dominators: nothing of the analysis exists yet. */
  g_assert_true (hs_loader_get_paused_for_tests ());
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_LOADING);
  g_assert_null (hs_loader_get_analysis (loader));
  g_assert_true (hs_window_is_analysing (window));
  g_assert_cmpstr (hs_window_get_view (window), ==, "leaks");
  /* The bar over the leaks says the analysis goes on. */
  g_assert_true (gtk_widget_get_visible (analysis_bar (window)));

  early = hs_loader_get_leaks (loader);
  g_assert_nonnull (early);
  g_assert_cmpuint (early->application_leaks->len, ==, 2);
  g_assert_cmpuint (early->library_leaks->len, ==, 0);
  g_assert_cmpuint (hs_leaks_view_get_n_rows (ui_leaks_view (window)), ==, 2);
  g_assert_null (hs_leaks_view_get_group (ui_leaks_view (window), 2));
  for (guint i = 0; i < 2; i++)
    {
      HsLeakGroup *g = hs_leaks_view_get_group (ui_leaks_view (window), i);
      g_assert_nonnull (g);
      if (g_str_equal (last_class (g, 0), "com.example.LeakedActivity"))
        activity = g;
      else if (g_str_equal (last_class (g, 0), "com.example.ThreadLeak"))
        thread = g;
      /* Retained sizes are not known yet, and the row says so. */
      for (guint t = 0; t < g->traces->len; t++)
        g_assert_cmpuint (((HsLeakTrace *)g_ptr_array_index (g->traces, t))->retained_bytes, ==, 0);
      g_assert_cmpstr (hs_leaks_view_get_row_subtitle (ui_leaks_view (window), i), ==,
                       g == activity ? "2 instances · retained size pending"
                                     : "1 instance · retained size pending");
    }
  g_assert_nonnull (activity);
  g_assert_nonnull (thread);
  g_assert_cmpuint (activity->traces->len, ==, 2);
  g_assert_cmpuint (thread->traces->len, ==, 1);
  for (guint t = 0; t < 2; t++)
    {
      HsLeakTrace *trace = g_ptr_array_index (activity->traces, t);
      HsLeakNode *root = g_ptr_array_index (trace->nodes, 0);
      g_assert_cmpuint (trace->nodes->len, ==, 4);
      g_assert_true (root->is_class);
      g_assert_cmpstr (root->class_name, ==, "com.example.LeakHolder");
      g_assert_cmpstr (last_class (activity, t), ==, "com.example.LeakedActivity");
    }
  g_assert_cmpuint (((HsLeakTrace *)g_ptr_array_index (thread->traces, 0))->nodes->len, ==, 2);
  g_assert_cmpstr (
      ((HsLeakNode *)g_ptr_array_index (((HsLeakTrace *)g_ptr_array_index (thread->traces, 0))->nodes, 0))
          ->class_name,
      ==, "com.example.LeakThread");

  /* The first row is selected and its trace drawn, one card per node. */
  selected = hs_leaks_view_get_group (ui_leaks_view (window), 0);
  shown = hs_leak_trace_view_get_trace (ui_trace_view (window));
  g_assert_true (shown == g_ptr_array_index (selected->traces, 0));
  g_assert_cmpuint (hs_leak_trace_view_get_n_nodes (ui_trace_view (window)), ==, shown->nodes->len);
  g_assert_cmpstr (hs_leak_trace_view_get_subtitle (ui_trace_view (window)), ==,
                   "Application leak · retained size pending");
  check_window_picture (window);
  /* The views that need the dominators wait, and so does the inspector. */
  hs_window_set_view (window, "classes");
  g_assert_cmpstr (hs_window_get_view (window), ==, "leaks");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.inspect", "u", (guint32)shown->leaking_obj);
  /* A frame drawn after the action: the inspector would be in it. */
  g_assert_true (ui_wait_drawn (GTK_WIDGET (window), 10000));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (ui_inspector (window))));

  /* Let the analysis finish: the same report, filled in, groups ordered by
   * retained size (2208 before 2096); the selection and trace stay. */
  hs_loader_set_pause_phase_for_tests (NULL);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  a = hs_loader_get_analysis (loader);
  g_assert_true (a->leaks == early);
  g_assert_true (hs_loader_get_leaks (loader) == early);
  g_assert_false (hs_window_is_analysing (window));
  g_assert_cmpstr (hs_window_get_page (window), ==, "content");
  /* ...and is gone, leaving no empty strip over the views. */
  g_assert_false (gtk_widget_get_visible (analysis_bar (window)));
  g_assert_cmpuint (hs_leaks_view_get_n_rows (ui_leaks_view (window)), ==, 2);
  g_assert_true (hs_leaks_view_get_group (ui_leaks_view (window), 0) == activity);
  g_assert_true (hs_leaks_view_get_group (ui_leaks_view (window), 1) == thread);
  g_assert_cmpstr (hs_leaks_view_get_row_subtitle (ui_leaks_view (window), 0), ==, activity_row);
  g_assert_cmpstr (hs_leaks_view_get_row_subtitle (ui_leaks_view (window), 1), ==, thread_row);
  for (guint t = 0; t < 2; t++)
    {
      HsLeakTrace *trace = g_ptr_array_index (activity->traces, t);
      g_assert_cmpuint (trace->retained_bytes, ==, 1104);
      g_assert_cmpuint (trace->retained_count, ==, 4);
    }
  g_assert_cmpuint (((HsLeakTrace *)g_ptr_array_index (thread->traces, 0))->retained_bytes, ==, 2096);
  g_assert_cmpuint (((HsLeakTrace *)g_ptr_array_index (thread->traces, 0))->retained_count, ==, 4);
  g_assert_true (hs_leak_trace_view_get_trace (ui_trace_view (window)) == shown);
  g_assert_cmpuint (hs_leak_trace_view_get_n_nodes (ui_trace_view (window)), ==, shown->nodes->len);
  {
    g_autofree char *bytes = hs_format_bytes (selected == activity ? 1104 : 2096);
    g_autofree char *subtitle = g_strdup_printf ("Application leak · retaining %s in 4 objects", bytes);
    g_assert_cmpstr (hs_leak_trace_view_get_subtitle (ui_trace_view (window)), ==, subtitle);
  }
  /* Now the other views and the inspector are there. */
  hs_window_set_view (window, "classes");
  g_assert_cmpstr (hs_window_get_view (window), ==, "classes");
  g_assert_cmpuint (g_list_model_get_n_items (hs_classes_view_get_class_model (ui_classes_view (window))), ==,
                    hs_heap_n_classes (a->heap));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.inspect", "u", (guint32)shown->leaking_obj);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (ui_inspector (window))));
  g_assert_cmpuint (hs_inspector_get_obj (ui_inspector (window)), ==, shown->leaking_obj);
  g_assert_true (ui_wait_until (inspector_idle, ui_inspector (window), 30000));
  check_window_picture (window);
  g_object_unref (loader);
  window_close (window);
}

static void
check_broken (const guint8 *bytes, gsize len)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *tmpdir = g_dir_make_tmp ("heapscope-ui-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr (GFile) file = NULL;
  HsWindow *window;

  g_assert_no_error (error);
  path = g_build_filename (tmpdir, "broken.hprof", NULL);
  g_assert_true (g_file_set_contents (path, (const char *)bytes, len, &error));
  file = g_file_new_for_path (path);
  window = ui_window_new (NULL, 1200, 760);
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 30000), ==, HS_LOADER_FAILED);
  g_assert_cmpstr (hs_window_get_page (window), ==, "error");
  g_assert_nonnull (hs_window_get_error_text (window));
  /* The message names the file. */
  g_assert_nonnull (strstr (hs_window_get_error_text (window), "broken.hprof"));
  check_window_picture (window);
  window_close (window);
  g_unlink (path);
  g_rmdir (tmpdir);
}

static void
test_broken (void)
{
  static const guint8 not_hprof[] = "this is not a heap dump\n";
  /* A header with an unknown version and an impossible id size. */
  static const guint8 bad_header[] = {
    'J',  'A', 'V', 'A', ' ', 'P', 'R', 'O', 'F', 'I',  'L',  'E',
    ' ',  '9', '.', '9', '.', '9', 0,   0,   0,   0,    3, /* id size */
    0,    0,   0,   0,   0,   0,   0,   0,                 /* timestamp */
    0x0C, 0,   0,   0,   0,   0,   0,   0,   2,   0x21, 0xde,
  };

  check_broken (not_hprof, sizeof not_hprof - 1);
  check_broken (bad_header, sizeof bad_header);
}

static void
test_several_dumps (void)
{
  g_autofree char *path = corpus_path ("jvm/oracle_jdk7_21_hprofagent.hprof");
  if (!path)
    return;
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  HsAnalysis *a = open_and_wait (window, path);
  guint64 first_objects;

  /* Corpus README: two dumps (runtimes #1 and #2, different object
   * counts). The window offers both and loads the second on request. */
  g_assert_cmpuint (hs_heap_n_dumps (a->heap), ==, 2);
  g_assert_cmpuint (hs_window_get_n_dumps_offered (window), ==, 2);
  g_assert_cmpuint (hs_heap_dump_index (a->heap), ==, 0);
  first_objects = hs_heap_n_objects (a->heap);

  hs_window_choose_dump (window, 1);
  g_assert_cmpstr (hs_window_get_page (window), ==, "loading");
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  g_assert_cmpuint (hs_heap_dump_index (a->heap), ==, 1);
  g_assert_cmpuint (hs_heap_n_objects (a->heap), !=, first_objects);
  g_assert_cmpuint (hs_window_get_n_dumps_offered (window), ==, 2);
  g_assert_cmpuint (g_list_model_get_n_items (hs_classes_view_get_class_model (ui_classes_view (window))), ==,
                    hs_heap_n_classes (a->heap));
  window_close (window);
}

static gboolean
toast_shown (gpointer data)
{
  return ui_toast_text (data) != NULL;
}

static void
test_export (void)
{
  const char *sample = g_getenv ("HS_SAMPLE_DUMP");
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  g_autoptr (GError) error = NULL;
  g_autofree char *tmpdir = g_dir_make_tmp ("heapscope-ui-XXXXXX", &error);
  g_autofree char *path = NULL, *html = NULL;
  gsize len = 0;

  g_assert_no_error (error);
  path = g_build_filename (tmpdir, "report.html", NULL);
  open_and_wait (window, sample);
  hs_window_export_to (window, path);
  g_assert_true (ui_wait_until (toast_shown, window, 60000));
  g_assert_nonnull (strstr (ui_toast_text (window), "report.html"));
  g_assert_true (g_file_get_contents (path, &html, &len, &error));
  g_assert_no_error (error);
  /* An HTML page with the sample's planted leak classes in it. */
  g_assert_nonnull (strstr (html, "<html"));
  g_assert_nonnull (strstr (html, "LeakedActivity"));
  g_assert_nonnull (strstr (html, "ThreadLeak"));
  window_close (window);
  g_unlink (path);
  g_rmdir (tmpdir);
}

static gboolean
has_accel (GtkApplication *app, const char *action, const char *accel)
{
  g_auto (GStrv) accels = gtk_application_get_accels_for_action (app, action);
  return accels != NULL && g_strv_contains ((const char *const *)accels, accel);
}

static gboolean
no_windows (gpointer app)
{
  return gtk_application_get_windows (app) == NULL;
}

static void
test_application (void)
{
  const char *sample = g_getenv ("HS_SAMPLE_DUMP");
  g_autoptr (HsApplication) app = hs_application_new ();
  g_autoptr (GFile) file = g_file_new_for_path (sample);
  g_autoptr (GError) error = NULL;
  GList *windows;
  HsWindow *window;
  HsAnalysis *a;

  /* `heapscope FILE`: the open signal of a HANDLES_OPEN application. */
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_application_get_flags (G_APPLICATION (app)) & G_APPLICATION_HANDLES_OPEN);
  g_application_open (G_APPLICATION (app), &file, 1, "");
  windows = gtk_application_get_windows (GTK_APPLICATION (app));
  g_assert_cmpuint (g_list_length (windows), ==, 1);
  window = HS_WINDOW (windows->data);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  g_assert_false (hs_heap_follow_weak (a->heap));

  /* The keyboard shortcuts of the issue. */
  g_assert_true (has_accel (GTK_APPLICATION (app), "win.open", "<Control>o"));
  g_assert_true (has_accel (GTK_APPLICATION (app), "win.export", "<Control>e"));
  g_assert_true (has_accel (GTK_APPLICATION (app), "win.find", "<Control>f"));
  g_assert_true (has_accel (GTK_APPLICATION (app), "win.close", "<Control>w"));
  g_assert_true (has_accel (GTK_APPLICATION (app), "app.quit", "<Control>q"));
  g_assert_true (has_accel (GTK_APPLICATION (app), "win.show-help-overlay", "F1"));
  g_assert_true (has_accel (GTK_APPLICATION (app), "win.show-help-overlay", "<Control>question"));
  /* The shortcuts window comes from the resources (gtk/help-overlay.ui)
   * and opens from its action (F1) without a warning. */
  g_assert_nonnull (gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window)));
  {
    GLogLevelFlags fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK);
    GtkShortcutsWindow *help = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));

    g_log_set_always_fatal (fatal | G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
    g_assert_true (ui_wait_visible (GTK_WIDGET (help), 10000));
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (help)));
    gtk_widget_set_visible (GTK_WIDGET (help), FALSE);
    g_log_set_always_fatal (fatal);
  }

  /* Following weak references changes every number: the dump is analysed
   * again with the option on. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "follow-weak", NULL);
  g_assert_cmpstr (hs_window_get_page (window), ==, "loading");
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  g_assert_true (hs_heap_follow_weak (a->heap));

  /* Back to the default for the other tests (the setting may be shared),
   * toggled while the dump is being analysed again: that load is dropped
   * and the one that ends follows the option as it is now. */
  {
    HsLoader *midway;

    hs_loader_set_pause_phase_for_tests ("parsing");
    hs_window_open (window, file, 0);
    midway = g_object_ref (hs_window_get_loader (window));
    g_assert_true (ui_wait_until (worker_paused, NULL, 60000));
    hs_loader_set_pause_phase_for_tests (NULL);
    g_action_group_activate_action (G_ACTION_GROUP (app), "follow-weak", NULL);
    g_assert_true (hs_window_get_loader (window) != midway);
    g_assert_true (ui_wait_until (loader_finished, midway, 30000));
    g_assert_cmpint (hs_loader_get_state (midway), ==, HS_LOADER_CANCELLED);
    g_object_unref (midway);
  }
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  g_assert_false (hs_heap_follow_weak (a->heap));

  /* Ctrl+Q's action closes every window. */
  g_action_group_activate_action (G_ACTION_GROUP (app), "quit", NULL);
  ui_wait_until (no_windows, app, 10000);
  g_assert_null (gtk_application_get_windows (GTK_APPLICATION (app)));
}

static gboolean
window_gone (gpointer data)
{
  return *(gpointer *)data == NULL;
}

static void
test_window_size (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettings) settings = NULL;
  HsWindow *window;
  int width = 0, height = 0;

  /* The build's compiled schema (GSETTINGS_SCHEMA_DIR, memory backend). */
  g_assert_nonnull (source);
  schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  g_assert_nonnull (schema);
  settings = g_settings_new (APP_ID);
  g_settings_set_int (settings, "window-width", 1000);
  g_settings_set_int (settings, "window-height", 700);

  /* A new window takes the remembered size... */
  window = hs_window_new (NULL);
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, 1000);
  g_assert_cmpint (height, ==, 700);

  /* ...and remembers its own when it closes. */
  gtk_window_set_default_size (GTK_WINDOW (window), 900, 640);
  gtk_window_present (GTK_WINDOW (window));
  g_assert_true (ui_wait_shown (GTK_WIDGET (window), 10000));
  {
    gpointer weak = window;

    g_object_add_weak_pointer (G_OBJECT (window), &weak);
    gtk_window_close (GTK_WINDOW (window));
    g_assert_true (ui_wait_until (window_gone, &weak, 10000));
  }
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 900);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 640);
  g_assert_false (g_settings_get_boolean (settings, "window-maximized"));
}

static void
test_drop (void)
{
  g_autofree char *path = corpus_path ("jvm/jhat_jdk8_x32.hprof");
  if (!path)
    return;
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  GValue value = G_VALUE_INIT;
  GSList *files = g_slist_prepend (NULL, g_file_new_for_path (path));
  gboolean handled = FALSE;
  HsAnalysis *a;

  /* A file dropped on the window (the value a file manager's drag gives). */
  g_value_init (&value, GDK_TYPE_FILE_LIST);
  g_value_take_boxed (&value, files);
  g_signal_emit_by_name (ui_drop_target (window), "drop", &value, 10.0, 10.0, &handled);
  g_value_unset (&value);
  g_assert_true (handled);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  g_assert_cmpstr (hs_loader_get_file_name (hs_window_get_loader (window)), ==, "jhat_jdk8_x32.hprof");
  /* Corpus README: 361 classes. */
  g_assert_cmpuint (hs_heap_n_classes (a->heap), ==, 361);
  window_close (window);
}

/* Class names and strings written to break markup: they show as text,
 * in every view, without a warning. */
static void
test_hostile_names (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("HS_SOURCE_ROOT"), "tests", "generator", "dumps",
                                            "escape.hprof.gz", NULL);
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  HsAnalysis *a;
  GLogLevelFlags fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK);

  g_log_set_always_fatal (fatal | G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL);
  a = open_and_wait (window, path);
  g_assert_cmpuint (hs_leaks_view_get_n_rows (ui_leaks_view (window)), >, 0);
  for (guint i = 0; i < hs_leaks_view_get_n_rows (ui_leaks_view (window)); i++)
    {
      select_leak_row (window, i);
      g_assert_cmpuint (hs_leak_trace_view_get_n_nodes (ui_trace_view (window)), >=, 2);
    }
  for (guint i = 0; i < a->leaks->application_leaks->len; i++)
    {
      HsLeakGroup *g = g_ptr_array_index (a->leaks->application_leaks, i);
      HsLeakTrace *t = g_ptr_array_index (g->traces, 0);
      hs_window_inspect (window, t->leaking_obj);
      g_assert_true (ui_wait_until (inspector_idle, ui_inspector (window), 30000));
    }
  hs_window_set_view (window, "classes");
  check_window_picture (window);
  hs_window_set_view (window, "dominators");
  check_window_picture (window);
  {
    g_autoptr (GdkTexture) treemap = render_treemap (window, FALSE);
    check_window_picture (window);
  }
  g_log_set_always_fatal (fatal);
  window_close (window);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ui/welcome", test_welcome);
  g_test_add_func ("/ui/application", test_application);
  g_test_add_func ("/ui/window-size", test_window_size);
  g_test_add_func ("/ui/drop", test_drop);
  g_test_add_func ("/ui/corpus-leak", test_corpus_leak);
  g_test_add_func ("/ui/jhat-classes", test_jhat_classes);
  g_test_add_func ("/ui/sample", test_sample);
  g_test_add_func ("/ui/hostile-names", test_hostile_names);
  g_test_add_func ("/ui/several-dumps", test_several_dumps);
  g_test_add_func ("/ui/export", test_export);
  g_test_add_func ("/ui/cancel", test_cancel);
  g_test_add_func ("/ui/early-leaks", test_early_leaks);
  g_test_add_func ("/ui/broken", test_broken);
  return g_test_run ();
}
