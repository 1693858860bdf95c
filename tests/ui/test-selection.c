/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-selection.c: several rows selected and their precise retained size
 * computed in the window (HsSelectionBar under the instance list), and Go
 * to's completions and ids, on selection.hprof
 * (tests/engine/make-selection-dumps.py works every figure out by hand:
 * two Parents sharing a child retain 32 bytes each alone, 112 together). */
#include "config.h"
#include "ui-util.h"
#include "hs-instances-pane.h"
#include "hs-object-column-view.h"
#include "hs-query-view.h"
#include "hs-selection-bar.h"

#include <string.h>

#define LOAD_TIMEOUT_MS 120000
#define P1 0x10010
#define P2 0x10020
#define U 0x10070

static const char *dump_path;
static const char *filter_path;  /* filter.hprof: three Strings, three Holders */
static const char *suspect_path; /* suspect.hprof: the class suspect com.example.Big */

static HsWindow *
open_path (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HsWindow *window = ui_window_new (NULL, 1400, 800);

  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  return window;
}

static HsWindow *
open_dump (void)
{
  return open_path (dump_path);
}

static HsHeap *
heap_of (HsWindow *window)
{
  return hs_loader_get_analysis (hs_window_get_loader (window))->heap;
}

static gboolean
bar_idle (gpointer data)
{
  return !hs_selection_bar_get_busy (data);
}

static void
assert_result (HsSelectionBar *bar, guint64 objects, guint64 shallow, guint64 retained, guint64 count)
{
  HsRetainedSelection r;

  g_assert_true (ui_wait_until (bar_idle, bar, 30000));
  if (!hs_selection_bar_get_result (bar, &r))
    g_error ("no result: %s", hs_selection_bar_get_text (bar));
  g_assert_cmpuint (r.n_objects, ==, objects);
  g_assert_cmpuint (r.shallow, ==, shallow);
  g_assert_cmpuint (r.retained, ==, retained);
  g_assert_cmpuint (r.retained_count, ==, count);
}

static guint
position_of (GListModel *list, HsObj obj)
{
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (HsObjectRow) row = g_list_model_get_item (list, i);
      if (hs_object_row_get_obj (row) == obj)
        return i;
    }
  g_assert_not_reached ();
}

static void
test_instances (void)
{
  HsWindow *window = open_dump ();
  HsHeap *heap = heap_of (window);
  HsObj p1 = hs_heap_find (heap, P1), p2 = hs_heap_find (heap, P2), u = hs_heap_find (heap, U);
  HsClassesView *classes;
  HsObjectColumnView *table;
  HsSelectionBar *bar;
  GListModel *list;
  guint at1, at2;

  g_assert_true (hs_window_go_to (window, "com.example.Parent", NULL));
  g_assert_true (ui_wait_for_instances (window, 30000));
  classes = ui_classes_view (window);
  list = hs_classes_view_get_instances (classes);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 3);
  table = HS_OBJECT_COLUMN_VIEW (ui_find_child (ui_find_child (GTK_WIDGET (classes), HS_TYPE_INSTANCES_PANE),
                                                HS_TYPE_OBJECT_COLUMN_VIEW));
  bar = HS_SELECTION_BAR (ui_find_child (GTK_WIDGET (table), HS_TYPE_SELECTION_BAR));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));

  /* P1 and P2 (32 bytes each by retained size: the first two rows, U last). */
  at1 = position_of (list, p1);
  at2 = position_of (list, p2);
  g_assert_cmpuint (MAX (at1, at2), ==, 1);
  hs_object_column_view_select_range (table, 0, 2);
  g_assert_true (ui_wait_visible (GTK_WIDGET (bar), 10000));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  g_assert_nonnull (ui_find_button (GTK_WIDGET (bar), "Calculate Precise Retained Size"));
  g_signal_emit_by_name (ui_find_button (GTK_WIDGET (bar), "Calculate Precise Retained Size"), "clicked");
  /* Together: 112 bytes in 6 objects, more than 32 + 32. */
  assert_result (bar, 2, 32, 112, 6);
  g_assert_cmpstr (hs_selection_bar_get_text (bar), ==, "2 objects, shallow 32 B, retain 112 B (6 objects)");
  ui_shot (GTK_WIDGET (window), "selection-instances.png");

  /* The rows' menu: on a selected row, the selection; on another, that row. */
  gtk_widget_activate_action (GTK_WIDGET (table), "rows.retained-size", "u", (guint32)p2);
  assert_result (bar, 2, 32, 112, 6);
  gtk_widget_activate_action (GTK_WIDGET (table), "rows.retained-size", "u", (guint32)u);
  assert_result (bar, 1, 16, 0, 0);

  /* One row alone: 32 bytes. */
  hs_object_column_view_select (table, at1);
  hs_selection_bar_compute_selection (bar);
  assert_result (bar, 1, 16, 32, 2);

  /* Cancelled: said so, no answer. */
  hs_selection_bar_compute_selection (bar);
  hs_selection_bar_cancel (bar);
  g_assert_true (ui_wait_until (bar_idle, bar, 30000));
  g_assert_false (hs_selection_bar_get_result (bar, NULL));
  g_assert_cmpstr (hs_selection_bar_get_text (bar), ==, "Cancelled");

  /* A new request replaces the one running: the answer is the second's. */
  hs_object_column_view_select_range (table, 0, 2);
  hs_selection_bar_compute_selection (bar);
  hs_object_column_view_select (table, at2);
  hs_selection_bar_compute_selection (bar);
  assert_result (bar, 1, 16, 32, 2);

  ui_destroy_window (window);
}

/* The position of obj's row in a table of HsObjectRow (or tree rows of
 * them); G_MAXUINT when it is not shown. */
static guint
row_of (GtkColumnView *view, HsObj obj)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (model, i);
      g_autoptr (GObject) row = GTK_IS_TREE_LIST_ROW (item)
                                    ? gtk_tree_list_row_get_item (GTK_TREE_LIST_ROW (item))
                                    : g_object_ref (item);
      if (HS_IS_OBJECT_ROW (row) && hs_object_row_get_obj (HS_OBJECT_ROW (row)) == obj)
        {
          if (GTK_IS_TREE_LIST_ROW (item))
            gtk_tree_list_row_set_expanded (GTK_TREE_LIST_ROW (item), TRUE);
          return i;
        }
    }
  return G_MAXUINT;
}

static gboolean
has_rows (gpointer data)
{
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (data))) > 0;
}

typedef struct
{
  GtkColumnView *columns;
  HsHeap *heap;
} ParentsListed;

static gboolean
parents_listed (gpointer data)
{
  ParentsListed *p = data;
  return row_of (p->columns, hs_heap_find (p->heap, P1)) != G_MAXUINT
         && row_of (p->columns, hs_heap_find (p->heap, P2)) != G_MAXUINT;
}

/* The dominator tree: ROOT alone, then its children P1 and P2 together. */
static void
test_dominators (void)
{
  HsWindow *window = open_dump ();
  HsHeap *heap = heap_of (window);
  HsDominatorsView *view = ui_dominators_view (window);
  HsObjectColumnView *table
      = HS_OBJECT_COLUMN_VIEW (ui_find_child (GTK_WIDGET (view), HS_TYPE_OBJECT_COLUMN_VIEW));
  GtkColumnView *columns = GTK_COLUMN_VIEW (ui_find_child (GTK_WIDGET (table), GTK_TYPE_COLUMN_VIEW));
  HsSelectionBar *bar = HS_SELECTION_BAR (ui_find_child (GTK_WIDGET (table), HS_TYPE_SELECTION_BAR));
  GtkSelectionModel *model;
  guint root, p1, p2;

  hs_window_set_view (window, "dominators");
  g_assert_true (ui_wait_view (window, "dominators", 10000));
  model = gtk_column_view_get_model (columns);
  g_assert_true (ui_wait_until (has_rows, columns, 10000));
  root = row_of (columns, hs_heap_find (heap, 0x10000));
  g_assert_cmpuint (root, !=, G_MAXUINT);
  hs_object_column_view_select (table, root);
  hs_selection_bar_compute_selection (bar);
  /* ROOT: everything reachable but the class objects (0 bytes each). */
  assert_result (bar, 1, 16, 128, 7);
  /* ROOT's row was expanded: its children P1 and P2 are listed below it. */
  g_assert_true (ui_wait_until (parents_listed, &(ParentsListed){ columns, heap }, 10000));
  p1 = row_of (columns, hs_heap_find (heap, P1));
  p2 = row_of (columns, hs_heap_find (heap, P2));
  g_assert_cmpuint (p1, !=, G_MAXUINT);
  g_assert_cmpuint (p2, !=, G_MAXUINT);
  gtk_selection_model_unselect_all (model);
  gtk_selection_model_select_item (model, p1, FALSE);
  gtk_selection_model_select_item (model, p2, FALSE);
  hs_selection_bar_compute_selection (bar);
  assert_result (bar, 2, 32, 112, 6);
  ui_shot (GTK_WIDGET (window), "selection-dominators.png");

  ui_destroy_window (window);
}

/* The class table: a class row stands for all its instances. */
static void
test_classes (void)
{
  HsWindow *window = open_dump ();
  HsClassesView *classes = ui_classes_view (window);
  GtkColumnView *table = GTK_COLUMN_VIEW (ui_find_child (GTK_WIDGET (classes), GTK_TYPE_COLUMN_VIEW));
  GtkSelectionModel *model = gtk_column_view_get_model (table);
  HsSelectionBar *bar = HS_SELECTION_BAR (ui_find_child (GTK_WIDGET (classes), HS_TYPE_SELECTION_BAR));

  hs_window_set_view (window, "classes");
  g_assert_true (ui_wait_view (window, "classes", 10000));
  g_assert_true (ui_wait_until (has_rows, table, 10000));
  /* Parent (P1, P2, U) and Node (SHARED): 4 objects of 64 bytes; they
   * retain P1 P2 L1 L2 SHARED SC, 112 bytes in 6 objects (U and its L3 are
   * unreachable). */
  gtk_selection_model_unselect_all (model);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
    {
      g_autoptr (HsClassRow) row = g_list_model_get_item (G_LIST_MODEL (model), i);
      if (g_str_equal (hs_class_row_get_name (row), "com.example.Parent")
          || g_str_equal (hs_class_row_get_name (row), "com.example.Node"))
        gtk_selection_model_select_item (model, i, FALSE);
    }
  g_assert_true (ui_wait_visible (GTK_WIDGET (bar), 10000));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  hs_selection_bar_compute_selection (bar);
  assert_result (bar, 4, 64, 112, 6);
  ui_shot (GTK_WIDGET (window), "selection-classes.png");

  ui_destroy_window (window);
}

static gboolean
query_done (gpointer data)
{
  return !hs_query_view_is_running (data);
}

/* The Query view: all rows selected, the object rows' retained size. */
static void
test_query (void)
{
  HsWindow *window = open_dump ();
  HsQueryView *view = HS_QUERY_VIEW (ui_view (window, "query"));
  HsSelectionBar *bar = HS_SELECTION_BAR (ui_find_child (GTK_WIDGET (view), HS_TYPE_SELECTION_BAR));
  GtkColumnView *table = GTK_COLUMN_VIEW (ui_find_child (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW));
  HsObj p1 = hs_heap_find (heap_of (window), P1);

  hs_window_set_view (window, "query");
  hs_query_view_set_text (view, "SELECT * FROM com.example.Parent");
  hs_query_view_run (view);
  g_assert_true (ui_wait_until (query_done, view, 30000));
  /* The reachable Parents, P1 and P2. */
  g_assert_cmpuint (hs_query_view_get_n_rows (view), ==, 2);
  gtk_selection_model_select_all (gtk_column_view_get_model (table));
  g_assert_true (ui_wait_visible (GTK_WIDGET (bar), 10000));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  hs_selection_bar_compute_selection (bar);
  assert_result (bar, 2, 32, 112, 6);
  ui_shot (GTK_WIDGET (window), "selection-query.png");
  /* The menu of a row selected: the selection. */
  gtk_widget_activate_action (GTK_WIDGET (view), "rows.retained-size", "u", (guint32)p1);
  assert_result (bar, 2, 32, 112, 6);

  /* A table: its rows have no object; a cell's Parent alone through the menu. */
  hs_query_view_set_text (view, "SELECT p.@length FROM int[] p");
  hs_query_view_run (view);
  g_assert_true (ui_wait_until (query_done, view, 30000));
  g_assert_false (hs_selection_bar_get_result (bar, NULL));
  gtk_widget_activate_action (GTK_WIDGET (view), "rows.retained-size", "u", (guint32)p1);
  assert_result (bar, 1, 16, 32, 2);

  ui_destroy_window (window);
}

static gboolean
filter_idle (gpointer data)
{
  return !hs_instances_pane_get_filtering (data);
}

static guint
filtered (HsInstancesPane *pane, const char *text)
{
  hs_instances_pane_set_filter (pane, text);
  g_assert_true (ui_wait_until (filter_idle, pane, 30000));
  return g_list_model_get_n_items (hs_instances_pane_get_instances (pane));
}

/* The instance list's filter: Strings by contents and by a regex, a bad
 * pattern said inline, Holders by a field and by retained size. */
static void
test_filter (void)
{
  HsWindow *window = open_path (filter_path);
  HsClassesView *classes = ui_classes_view (window);
  HsInstancesPane *pane;
  const char *error;

  g_assert_true (hs_window_go_to (window, "java.lang.String", NULL));
  g_assert_true (ui_wait_for_instances (window, 30000));
  pane = HS_INSTANCES_PANE (ui_find_child (GTK_WIDGET (classes), HS_TYPE_INSTANCES_PANE));
  g_assert_cmpuint (g_list_model_get_n_items (hs_instances_pane_get_instances (pane)), ==, 3);
  /* "hello" and "help me". */
  g_assert_cmpuint (filtered (pane, "hel"), ==, 2);
  ui_shot (GTK_WIDGET (window), "selection-filter.png");
  /* "world!" alone. */
  g_assert_cmpuint (filtered (pane, "/^w.*!$/"), ==, 1);
  g_assert_null (hs_instances_pane_get_filter_error (pane));
  /* A bad pattern: GRegex's message, the list as it was. */
  g_assert_cmpuint (filtered (pane, "/[/"), ==, 1);
  error = hs_instances_pane_get_filter_error (pane);
  g_assert_nonnull (error);
  g_assert_true (strstr (error, "[") != NULL || strlen (error) > 10);
  g_assert_cmpuint (filtered (pane, ""), ==, 3);
  g_assert_null (hs_instances_pane_get_filter_error (pane));

  /* The filter stays for the next list: Holders whose n is 22 (H2). */
  hs_instances_pane_set_filter (pane, "n=22");
  g_assert_true (hs_window_go_to (window, "com.example.Holder", NULL));
  g_assert_true (ui_wait_for_instances (window, 30000));
  g_assert_true (ui_wait_until (filter_idle, pane, 30000));
  g_assert_cmpuint (g_list_model_get_n_items (hs_instances_pane_get_instances (pane)), ==, 1);
  /* H1 and H2 retain 56 bytes each, H3 16. */
  g_assert_cmpuint (filtered (pane, "retained>=50B"), ==, 2);
  g_assert_cmpuint (filtered (pane, "name=hello"), ==, 1);

  ui_destroy_window (window);
}

/* A class suspect's members retain together their own arrays and the one
 * they share: 1496 bytes in 21 objects, more than the suspect's 1280. */
static void
test_suspect (void)
{
  HsWindow *window = open_path (suspect_path);
  HsLeaksView *leaks = ui_leaks_view (window);
  HsSelectionBar *bar = HS_SELECTION_BAR (ui_find_child (GTK_WIDGET (leaks), HS_TYPE_SELECTION_BAR));
  GtkWidget *button;

  hs_window_set_view (window, "leaks");
  g_assert_true (ui_wait_view (window, "leaks", 10000));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (bar)));
  button = ui_find_button (GTK_WIDGET (leaks), "Calculate Precise Retained Size");
  g_assert_nonnull (button);
  g_signal_emit_by_name (button, "clicked");
  assert_result (bar, 10, 160, 1496, 21);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (bar)));
  ui_shot (GTK_WIDGET (window), "selection-suspect.png");
  ui_destroy_window (window);
}

static GtkEditable *
goto_entry (HsWindow *window)
{
  return GTK_EDITABLE (gtk_widget_get_template_child (GTK_WIDGET (window), HS_TYPE_WINDOW, "goto_entry"));
}

static gboolean
goto_shown (gpointer data)
{
  return gtk_widget_get_mapped (GTK_WIDGET (goto_entry (data)));
}

static void
assert_completions (HsWindow *window, const char *text, const char *const *want)
{
  g_auto (GStrv) got = NULL;

  gtk_editable_set_text (goto_entry (window), text);
  got = hs_window_get_goto_completions (window);
  g_assert_cmpstrv (got, want);
}

static void
test_go_to (void)
{
  HsWindow *window = open_dump ();
  HsHeap *heap = heap_of (window);
  HsObj p1 = hs_heap_find (heap, P1);
  g_autofree char *decimal = g_strdup_printf ("%u", P1);
  g_autofree char *message = NULL;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.goto", NULL);
  g_assert_true (ui_wait_until (goto_shown, window, 10000));
  /* Only Parent has "par" (its simple name's prefix). */
  assert_completions (window, "par", (const char *const[]){ "com.example.Parent\t3", NULL });
  /* "o": Object's prefix first, then the substring at 1 ("com"), shorter
   * names first, then by name. java.lang.Object has no instances (class
   * objects count under java.lang.Class). */
  assert_completions (window, "o",
                      (const char *const[]){ "java.lang.Object\t0", "com.example.Node\t1",
                                             "com.example.Root\t1", "com.example.Parent\t3", NULL });
  /* "cep": the initials of com.example.Parent (segment starts), then the
   * subsequence c-e-p of "com.example" in Node and Root (a window of 8). */
  assert_completions (
      window, "cep",
      (const char *const[]){ "com.example.Parent\t3", "com.example.Node\t1", "com.example.Root\t1", NULL });
  ui_shot (gtk_widget_get_ancestor (GTK_WIDGET (goto_entry (window)), GTK_TYPE_POPOVER),
           "selection-goto.png");
  assert_completions (window, "zzz", (const char *const[]){ NULL });

  /* Enter on "par": the first completion, in the class table. */
  gtk_editable_set_text (goto_entry (window), "par");
  g_signal_emit_by_name (goto_entry (window), "activate");
  g_assert_true (ui_wait_view (window, "classes", 10000));
  g_assert_cmpstr (hs_window_get_view (window), ==, "classes");
  g_assert_true (ui_wait_for_instances (window, 30000));
  g_assert_cmpstr (hs_class_name (heap, hs_classes_view_get_instances_class (ui_classes_view (window))), ==,
                   "com.example.Parent");

  /* A decimal id opens the object; an unknown id says so. */
  g_assert_true (hs_window_go_to (window, decimal, &message));
  g_assert_cmpuint (hs_inspector_get_obj (ui_inspector (window)), ==, p1);
  g_assert_false (hs_window_go_to (window, "0x77770", &message));
  g_assert_cmpstr (message, ==, "No object with id 0x77770 in this dump");

  ui_destroy_window (window);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 4);
  dump_path = argv[1];
  filter_path = argv[2];
  suspect_path = argv[3];
  g_test_add_func ("/selection/instances", test_instances);
  g_test_add_func ("/selection/dominators", test_dominators);
  g_test_add_func ("/selection/classes", test_classes);
  g_test_add_func ("/selection/query", test_query);
  g_test_add_func ("/selection/go-to", test_go_to);
  g_test_add_func ("/selection/filter", test_filter);
  g_test_add_func ("/selection/suspect", test_suspect);
  return g_test_run ();
}
