/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-instance-depths.c: the instance list never waits for the Depth
 * column (a walk of the whole heap, seconds on a big dump).
 * On paging.hprof (make-paging-dump.py) the byte[] are 2,100 JNI global
 * roots at 0x100000 + 8 i (depth 0) and 1,200 held by a root Object[] at
 * 0x300000 + 8 j (depth 1). With the heap's depth lock held by this test,
 * so that no worker can compute the depths, the 3,300 byte[] are listed
 * and their Depth cells are empty; once it is let go, the cells shown
 * fill with 0 or 1 as each row's address says, also at the end of the
 * list, where the held ones are; at 1400 px light and 600 px dark.
 * HS_TEST_SHOTS=DIR saves the window before, after and at the end. */
#include "config.h"
#include "ui-util.h"
#include "hs-classes-view.h"
#include "hs-instances-pane.h"
#include "hs-heap-private.h"

#include <adwaita.h>
#include <stdlib.h>
#include <string.h>

#define LOAD_TIMEOUT_MS 120000
#define N_BYTE_ARRAYS 3300
#define KID_BASE 0x300000

static const char *dump_path;

static gboolean
has_css_name (GtkWidget *w, const char *name)
{
  return g_strcmp0 (gtk_widget_get_css_name (w), name) == 0;
}

static const char *
cell_text (GtkWidget *cell)
{
  GtkWidget *ins = ui_find_child (cell, GTK_TYPE_INSCRIPTION);
  return ins != NULL ? gtk_inscription_get_text (GTK_INSCRIPTION (ins)) : NULL;
}

typedef struct
{
  guint rows;  /* rows shown with an object */
  guint empty; /* ... whose Depth cell is empty */
  guint wrong; /* ... whose Depth is not the expected one */
  guint held;  /* ... of a byte[] held by the Object[] (depth 1) */
} Cells;

/* Every row of the table shown (css name "row") with its cells in column
 * order (css "cell"): Object, then Depth. */
static void
collect (GtkWidget *w, Cells *c)
{
  if (has_css_name (w, "row") && gtk_widget_get_mapped (w))
    {
      GtkWidget *cells[2] = { 0 };
      guint n = 0;
      for (GtkWidget *k = gtk_widget_get_first_child (w); k && n < 2; k = gtk_widget_get_next_sibling (k))
        if (has_css_name (k, "cell"))
          cells[n++] = k;
      const char *name = n == 2 ? cell_text (cells[0]) : NULL;
      const char *at = name != NULL ? strstr (name, "@0x") : NULL;
      if (at != NULL)
        {
          guint64 addr = g_ascii_strtoull (at + 3, NULL, 16);
          const char *depth = cell_text (cells[1]);
          c->rows++;
          c->held += addr >= KID_BASE;
          if (depth == NULL || *depth == '\0')
            c->empty++;
          else if (strcmp (depth, addr >= KID_BASE ? "1" : "0") != 0)
            c->wrong++;
        }
      return;
    }
  for (GtkWidget *k = gtk_widget_get_first_child (w); k; k = gtk_widget_get_next_sibling (k))
    collect (k, c);
}

static Cells
depth_cells (HsClassesView *classes)
{
  Cells c = { 0 };
  collect (GTK_WIDGET (classes), &c);
  return c;
}

static gboolean
depths_shown (gpointer data)
{
  Cells c = depth_cells (data);
  return c.rows > 0 && c.empty == 0;
}

/* The list drew more than five rows (their depth cells empty or not). */
static gboolean
rows_drawn (gpointer data)
{
  return depth_cells (data).rows > 5;
}

/* Scrolled to the end: the held ones (the list's last rows) drawn. The
 * list estimates the height of the rows it has not drawn, so its end
 * moves as it scrolls: scrolled to the end again until they are. */
static gboolean
end_drawn (gpointer data)
{
  GtkWidget *pane = ui_find_child (GTK_WIDGET (data), HS_TYPE_INSTANCES_PANE);
  GtkAdjustment *adj
      = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (ui_find_child (pane, GTK_TYPE_COLUMN_VIEW)));

  if (depth_cells (data).held > 0)
    return TRUE;
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  return FALSE;
}

static void
list_before_depths (int width, gboolean dark)
{
  HsWindow *window = ui_window_new (NULL, width, 900);
  g_autoptr (GFile) file = g_file_new_for_path (dump_path);
  HsClassesView *classes = ui_classes_view (window);

  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  HsHeap *heap = hs_loader_get_analysis (hs_window_get_loader (window))->heap;
  g_assert_false (hs_heap_depths_known (heap));

  /* No worker can compute the depths while this is held. */
  g_mutex_lock (&heap->depth_lock);
  hs_window_set_view (window, "classes");
  g_assert_true (hs_classes_view_show_class (classes, "byte[]"));
  g_assert_true (ui_wait_for_instances (window, LOAD_TIMEOUT_MS));
  g_assert_cmpuint (g_list_model_get_n_items (hs_classes_view_get_instances (classes)), ==, N_BYTE_ARRAYS);
  g_assert_true (ui_wait_until (rows_drawn, classes, 30000));
  Cells before = depth_cells (classes);
  g_assert_cmpuint (before.rows, >, 5);
  g_assert_cmpuint (before.empty, ==, before.rows);
  g_assert_false (hs_heap_depths_known (heap));
  g_autofree char *shot
      = g_strdup_printf ("instance-depths-%d-%s-before.png", width, dark ? "dark" : "light");
  ui_shot (GTK_WIDGET (window), shot);

  /* Let go: the depths are computed on a worker and the cells filled. */
  g_mutex_unlock (&heap->depth_lock);
  g_assert_true (ui_wait_until (depths_shown, classes, LOAD_TIMEOUT_MS));
  g_assert_true (hs_heap_depths_known (heap));
  Cells after = depth_cells (classes);
  g_assert_cmpuint (after.rows, >, 5);
  g_assert_cmpuint (after.wrong, ==, 0);
  /* Every row's depth, shown or not. */
  GListModel *list = hs_classes_view_get_instances (classes);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (HsObjectRow) row = g_list_model_get_item (list, i);
      HsObj o = hs_object_row_get_obj (row);
      g_assert_cmpuint (hs_heap_object_depth (heap, o), ==, hs_heap_object_id (heap, o) >= KID_BASE ? 1 : 0);
    }
  /* The end of the list: the smallest, the held ones last among equals
   * (a higher index), shown with depth 1. */
  GtkWidget *pane = ui_find_child (GTK_WIDGET (classes), HS_TYPE_INSTANCES_PANE);
  GtkWidget *view = ui_find_child (pane, GTK_TYPE_COLUMN_VIEW);
  GtkAdjustment *adj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
  g_assert_true (ui_wait_until (end_drawn, classes, 30000));
  Cells end = depth_cells (classes);
  g_assert_cmpuint (end.held, >, 0);
  g_assert_cmpuint (end.empty, ==, 0);
  g_assert_cmpuint (end.wrong, ==, 0);
  g_free (shot);
  shot = g_strdup_printf ("instance-depths-%d-%s-end.png", width, dark ? "dark" : "light");
  ui_shot (GTK_WIDGET (window), shot);
  g_free (shot);
  shot = g_strdup_printf ("instance-depths-%d-%s-after.png", width, dark ? "dark" : "light");
  ui_shot (GTK_WIDGET (window), shot);

  ui_destroy_window (GTK_WINDOW (window));
}

/* At the widest and the narrowest width the window is tried at, light
 * and dark (HS_TEST_SHOTS=DIR saves each before and after the depths). */
static void
test_list_before_depths (void)
{
  AdwStyleManager *manager = adw_style_manager_get_default ();

  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_LIGHT);
  list_before_depths (1400, FALSE);
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_FORCE_DARK);
  list_before_depths (600, TRUE);
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  if (argc < 2)
    g_error ("usage: test-instance-depths PAGING_DUMP");
  dump_path = argv[1];
  g_test_add_func ("/instance-depths/list-before-depths", test_list_before_depths);
  return g_test_run ();
}
