/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-heaps-ui.c: the heap selector in the real window under Xvfb
 * (Android's app, image and zygote heaps). heaps.hprof is the dump of
 * tests/cli/test_heaps.py, whose docstring works out every figure:
 *   heaps in order: default (the 5 class objects), zygote (Z1, Z2, Z3),
 *   app (A1, A2, A3, A4), image (I1);
 *   app: Node 2 (A1, A4; shallow 32, retained 64), java.lang.Object[] 1
 *   (A2; 24, 88), byte[] 1 (A3; 16, 16);
 *   zygote: Node 2 (Z1, Z3; 32, retained 48), byte[] 1 (Z2, unreachable;
 *   32, 0);
 *   all heaps: Node 5, java.lang.Class 5, byte[] 2, java.lang.Object[] 1;
 *   app's top level (no app object retains them): A2 88, A1 32, A4 32.
 * heaps-hotspot.hprof has one heap: no selector. */
#include "config.h"

#include <string.h>

#include "ui-util.h"
#include "hs-dump-tab.h"
#include "hs-object-row.h"

static const char *dumps_dir;

static HsWindow *
open_dump (const char *name)
{
  g_autofree char *path = g_build_filename (dumps_dir, name, NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HsWindow *window = ui_window_new (NULL, 1200, 800);

  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 120000), ==, HS_LOADER_DONE);
  g_assert_true (ui_wait_shown (GTK_WIDGET (window), 10000));
  return window;
}

typedef struct
{
  const char *name;
  guint64 count, shallow, retained;
} Row;

/* The class table shows exactly these rows (any order). */
static gboolean
counted (gpointer view)
{
  return !hs_classes_view_is_counting (view);
}

/* The Depth column's depths: computed on a worker once instances are
 * listed, when no index brought them. */
static gboolean
depths_known (gpointer heap)
{
  return hs_heap_depths_known (heap);
}

typedef struct
{
  HsWindow *window;
  int heap;
} HeapWait;

/* The class table follows the heap chosen. */
static gboolean
classes_heap_is (gpointer data)
{
  HeapWait *w = data;
  return hs_view_get_heap (ui_view (w->window, "classes")) == w->heap;
}

static void
assert_classes (HsWindow *window, const Row *want, guint n_want)
{
  GListModel *model = hs_classes_view_get_class_model (ui_classes_view (window));
  /* One heap's figures are counted on a worker. */
  g_assert_true (ui_wait_until (counted, ui_classes_view (window), 30000));
  guint n = g_list_model_get_n_items (model);

  g_assert_cmpuint (n, ==, n_want);
  for (guint i = 0; i < n_want; i++)
    {
      gboolean found = FALSE;
      for (guint j = 0; j < n && !found; j++)
        {
          g_autoptr (HsClassRow) row = g_list_model_get_item (model, j);
          if (strcmp (hs_class_row_get_name (row), want[i].name) != 0)
            continue;
          found = TRUE;
          g_assert_cmpuint (hs_class_row_get_value (row, HS_CLASS_COLUMN_COUNT), ==, want[i].count);
          if (want[i].shallow != G_MAXUINT64)
            g_assert_cmpuint (hs_class_row_get_value (row, HS_CLASS_COLUMN_SHALLOW), ==, want[i].shallow);
          if (want[i].retained != G_MAXUINT64)
            g_assert_cmpuint (hs_class_row_get_value (row, HS_CLASS_COLUMN_RETAINED), ==, want[i].retained);
        }
      if (!found)
        g_error ("class %s not in the table", want[i].name);
    }
}

static void
test_android (void)
{
  HsWindow *window = open_dump ("heaps.hprof");
  HsDumpTab *tab = hs_window_get_tab (window);
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));
  int app = hs_heap_find_heap (a->heap, "app"), zygote = hs_heap_find_heap (a->heap, "zygote");

  g_assert_cmpint (app, ==, 2);
  g_assert_cmpint (zygote, ==, 1);
  /* The selector is there and opens on the app heap, for every view that
   * shows one heap. */
  g_assert_true (hs_dump_tab_get_heap_selector_shown (tab));
  g_assert_cmpint (hs_dump_tab_get_heap (tab), ==, app);
  g_assert_cmpint (hs_view_get_heap (ui_view (window, "classes")), ==, app);
  g_assert_cmpint (hs_view_get_heap (ui_view (window, "overview")), ==, app);
  g_assert_cmpint (hs_view_get_heap (ui_view (window, "dominators")), ==, app);
  g_assert_cmpint (hs_view_get_heap (ui_view (window, "treemap")), ==, app);

  const Row app_rows[]
      = { { "Node", 2, 32, 64 }, { "java.lang.Object[]", 1, 24, 88 }, { "byte[]", 1, 16, 16 } };
  assert_classes (window, app_rows, G_N_ELEMENTS (app_rows));
  /* HS_TEST_SHOTS=DIR: the window on the app heap, for a look. */
  hs_window_set_view (window, "classes");
  ui_shot (GTK_WIDGET (window), "heaps-classes.png");
  hs_window_set_view (window, "overview");
  ui_shot (GTK_WIDGET (window), "heaps-overview.png");

  /* Node's instances in the app heap: A1 and A4 only (A1 retains 32, A4
   * 32: by index then), with their depths from the roots known: A4 is a
   * root (0), A1 is A2 -> Z1 -> A1 (2). */
  {
    GListModel *model = hs_classes_view_get_class_model (ui_classes_view (window));
    guint pos = G_MAXUINT;
    g_assert_true (ui_wait_until (counted, ui_classes_view (window), 30000));
    for (guint i = 0; i < g_list_model_get_n_items (model); i++)
      {
        g_autoptr (HsClassRow) row = g_list_model_get_item (model, i);
        if (strcmp (hs_class_row_get_name (row), "Node") == 0)
          pos = i;
      }
    g_assert_cmpuint (pos, !=, G_MAXUINT);
    hs_classes_view_select_class (ui_classes_view (window), pos);
    g_assert_true (ui_wait_for_instances (window, 30000));
    GListModel *inst = hs_classes_view_get_instances (ui_classes_view (window));
    g_assert_cmpuint (g_list_model_get_n_items (inst), ==, 2);
    static const guint64 ids[] = { 0x3000, 0x3060 };
    static const guint32 depths[] = { 2, 0 };
    g_assert_true (ui_wait_until (depths_known, a->heap, 30000));
    for (guint i = 0; i < 2; i++)
      {
        g_autoptr (HsObjectRow) row = g_list_model_get_item (inst, i);
        HsObj o = hs_object_row_get_obj (row);
        g_assert_cmpuint (hs_heap_object_id (a->heap, o), ==, ids[i]);
        g_assert_cmpuint (hs_heap_object_depth (a->heap, o), ==, depths[i]);
      }
  }

  /* The Overview's "bytes retained by heap": one row per heap. */
  g_assert_cmpuint (hs_overview_view_get_n_heap_rows (HS_OVERVIEW_VIEW (ui_view (window, "overview"))), ==,
                    4);

  /* The dominator tree's top level: the app objects no app object retains. */
  {
    GListModel *m = G_LIST_MODEL (hs_dominators_view_get_model (ui_dominators_view (window)));
    static const guint64 ids[] = { 0x3010, 0x3000, 0x3060 };
    g_assert_cmpuint (g_list_model_get_n_items (m), ==, G_N_ELEMENTS (ids));
    for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
      {
        g_autoptr (GtkTreeListRow) tr = g_list_model_get_item (m, i);
        g_autoptr (HsObjectRow) row = gtk_tree_list_row_get_item (tr);
        g_assert_cmpuint (hs_heap_object_id (a->heap, hs_object_row_get_obj (row)), ==, ids[i]);
      }
  }

  /* Another heap: the class table follows. */
  hs_dump_tab_set_heap (tab, zygote);
  g_assert_true (ui_wait_until (classes_heap_is, &(HeapWait){ window, zygote }, 10000));
  g_assert_cmpint (hs_view_get_heap (ui_view (window, "classes")), ==, zygote);
  const Row zygote_rows[] = { { "Node", 2, 32, 48 }, { "byte[]", 1, 32, 0 } };
  assert_classes (window, zygote_rows, G_N_ELEMENTS (zygote_rows));

  /* All heaps: the whole class table. */
  hs_dump_tab_set_heap (tab, -1);
  g_assert_true (ui_wait_until (classes_heap_is, &(HeapWait){ window, -1 }, 10000));
  const Row all_rows[] = { { "Node", 5, 80, G_MAXUINT64 },
                           { "java.lang.Class", 5, 0, G_MAXUINT64 },
                           { "byte[]", 2, 48, G_MAXUINT64 },
                           { "java.lang.Object[]", 1, 24, G_MAXUINT64 },
                           { "java.lang.Object", 0, 0, G_MAXUINT64 } };
  assert_classes (window, all_rows, G_N_ELEMENTS (all_rows));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_hotspot (void)
{
  HsWindow *window = open_dump ("heaps-hotspot.hprof");
  HsDumpTab *tab = hs_window_get_tab (window);

  g_assert_false (hs_dump_tab_get_heap_selector_shown (tab));
  g_assert_cmpint (hs_dump_tab_get_heap (tab), ==, -1);
  g_assert_cmpint (hs_view_get_heap (ui_view (window, "classes")), ==, -1);
  g_assert_cmpuint (hs_overview_view_get_n_heap_rows (HS_OVERVIEW_VIEW (ui_view (window, "overview"))), ==,
                    0);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  dumps_dir = argv[1];
  g_test_add_func ("/heaps/android", test_android);
  g_test_add_func ("/heaps/hotspot", test_hotspot);
  return g_test_run ();
}
