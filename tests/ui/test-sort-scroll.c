/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-sort-scroll.c: a new order shows its first rows. In every table
 * sorted by its headers (here the Classes table and the Query view's
 * table), scrolled down and then sorted again, the table is back at its
 * top: on the sample dump, in the real window under Xvfb. */
#include "config.h"
#include "ui-util.h"
#include "hs-query-view.h"

#define LOAD_TIMEOUT_MS 120000

static const char *sample;

static gboolean
query_done (gpointer data)
{
  return !hs_query_view_is_running (data);
}

/* The table laid out with more than two pages of rows. */
static gboolean
scrollable (gpointer adj)
{
  return gtk_adjustment_get_upper (adj) - gtk_adjustment_get_lower (adj)
             > 2 * gtk_adjustment_get_page_size (adj)
         && gtk_adjustment_get_page_size (adj) > 0;
}

static gboolean
scrolled_down (gpointer adj)
{
  return gtk_adjustment_get_value (adj) > gtk_adjustment_get_page_size (adj);
}

static gboolean
at_top (gpointer adj)
{
  return gtk_adjustment_get_value (adj) == gtk_adjustment_get_lower (adj);
}

/* The table's vertical adjustment, scrolled to its bottom: well below the
 * top, or the table is too short to tell anything. */
static GtkAdjustment *
scroll_down (GtkColumnView *table)
{
  GtkAdjustment *adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (table));

  g_assert_nonnull (adj);
  g_assert_true (ui_wait_until (scrollable, adj, 10000));
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj));
  g_assert_true (ui_wait_until (scrolled_down, adj, 10000));
  return adj;
}

/* The list scrolls to its first row after the sort (the column view
 * scrolls on its own time): the wait is only a bound for the failure. */
static void
assert_top (GtkAdjustment *adj, const char *table)
{
  if (!ui_wait_until (at_top, adj, 10000))
    g_error ("%s: sorted again at %.0f px, not at its top", table, gtk_adjustment_get_value (adj));
}

static void
test_sort_scroll (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 800);
  g_autoptr (GFile) file = g_file_new_for_path (sample);
  HsClassesView *classes;
  HsQueryView *query;
  GtkColumnView *table;
  GtkAdjustment *adj;

  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);

  /* The classes by name, then by retained size. */
  hs_window_set_view (window, "classes");
  classes = HS_CLASSES_VIEW (ui_view (window, "classes"));
  table = GTK_COLUMN_VIEW (ui_find_child (GTK_WIDGET (classes), GTK_TYPE_COLUMN_VIEW));
  adj = scroll_down (table);
  hs_classes_view_sort_by_column (classes, HS_CLASS_COLUMN_NAME, GTK_SORT_ASCENDING);
  assert_top (adj, "classes by name");
  adj = scroll_down (table);
  hs_classes_view_sort_by_column (classes, HS_CLASS_COLUMN_RETAINED, GTK_SORT_DESCENDING);
  assert_top (adj, "classes by retained size");

  /* Every String, by its object's column, then turned around. */
  hs_window_set_view (window, "query");
  query = HS_QUERY_VIEW (ui_view (window, "query"));
  hs_query_view_set_text (query, "SELECT * FROM java.lang.String");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (query), "query.run", NULL));
  g_assert_true (ui_wait_until (query_done, query, 30000));
  g_assert_null (hs_query_view_get_error (query));
  g_assert_cmpuint (hs_query_view_get_n_rows (query), >, 100);
  table = GTK_COLUMN_VIEW (ui_find_child (GTK_WIDGET (query), GTK_TYPE_COLUMN_VIEW));
  adj = scroll_down (table);
  hs_query_view_sort_by (query, 0, GTK_SORT_DESCENDING);
  assert_top (adj, "query by object, descending");
  adj = scroll_down (table);
  hs_query_view_sort_by (query, 0, GTK_SORT_ASCENDING);
  assert_top (adj, "query by object, ascending");

  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  sample = g_getenv ("HS_SAMPLE_DUMP");
  g_assert_nonnull (sample);
  g_test_add_func ("/sort-scroll/tables", test_sort_scroll);
  return g_test_run ();
}
