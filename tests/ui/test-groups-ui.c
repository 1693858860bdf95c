/* SPDX-License-Identifier: GPL-3.0-or-later */
/* UI test of the grouped tables on tests/cli/groupsdump.py's dump (every
 * figure worked out by hand there): the Classes view grouped by package
 * (a package expanded, its sums shown), by class loader and by
 * superclass, the groups adding up to the plain table, a class row of the
 * tree activated; the Dominator Tree grouped by class, a group expanded
 * to its object and that object's children grouped again. Both exported
 * as CSV (write_csv) with a package or a group expanded: the rows as
 * shown, their depth and their sums read back.
 * HS_TEST_SHOTS=DIR saves the window as PNGs. */
#include "config.h"

#include <string.h>

#include "ui-util.h"
#include "hs-class-group-row.h"
#include "hs-dom-group-row.h"
#include "hs-ui-util-private.h"

typedef struct
{
  const char *name;
  guint64 count, reachable, shallow, retained;
} Want;

static gboolean
grouped (gpointer data)
{
  return !hs_classes_view_is_grouping (data) && hs_classes_view_get_tree_model (data) != NULL;
}

static gboolean
dom_ready (gpointer data)
{
  return !hs_dominators_view_is_sorting (data) && hs_dominators_view_get_model (data) != NULL;
}

/* The inner item of row position of the table as shown. */
static gpointer
shown_item (HsClassesView *view, guint position)
{
  g_autoptr (GtkTreeListRow) row = g_list_model_get_item (hs_classes_view_get_shown_model (view), position);
  g_assert_nonnull (row);
  g_assert_true (GTK_IS_TREE_LIST_ROW (row));
  return gtk_tree_list_row_get_item (row);
}

static void
assert_group (HsClassesView *view, guint position, const Want *want)
{
  g_autoptr (HsClassGroupRow) row = shown_item (view, position);
  g_assert_true (HS_IS_CLASS_GROUP_ROW (row));
  g_assert_cmpstr (hs_class_group_row_get_name (row), ==, want->name);
  g_assert_cmpuint (hs_class_group_row_get_value (row, HS_CLASS_COLUMN_COUNT), ==, want->count);
  g_assert_cmpuint (hs_class_group_row_get_value (row, HS_CLASS_COLUMN_REACHABLE), ==, want->reachable);
  g_assert_cmpuint (hs_class_group_row_get_value (row, HS_CLASS_COLUMN_UNREACHABLE), ==,
                    want->count - want->reachable);
  g_assert_cmpuint (hs_class_group_row_get_value (row, HS_CLASS_COLUMN_SHALLOW), ==, want->shallow);
  g_assert_cmpuint (hs_class_group_row_get_value (row, HS_CLASS_COLUMN_RETAINED), ==, want->retained);
}

/* The position of the row named name in the table as shown. */
static guint
find_row (HsClassesView *view, const char *name)
{
  GListModel *model = hs_classes_view_get_shown_model (view);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (HsClassGroupRow) row = shown_item (view, i);
      if (g_strcmp0 (hs_class_group_row_get_name (row), name) == 0)
        return i;
    }
  g_assert_not_reached ();
}

typedef struct
{
  HsClassesView *view;
  guint before;
} MoreRows;

static gboolean
more_rows (gpointer data)
{
  MoreRows *m = data;
  return g_list_model_get_n_items (hs_classes_view_get_shown_model (m->view)) > m->before;
}

static void
expand (HsClassesView *view, guint position)
{
  g_autoptr (GtkTreeListRow) row = g_list_model_get_item (hs_classes_view_get_shown_model (view), position);
  guint before = g_list_model_get_n_items (hs_classes_view_get_shown_model (view));

  g_assert_true (gtk_tree_list_row_is_expandable (row));
  gtk_tree_list_row_set_expanded (row, TRUE);
  /* The children are listed below it, and drawn. */
  g_assert_true (ui_wait_until (more_rows, &(MoreRows){ view, before }, 10000));
  g_assert_true (ui_wait_drawn (GTK_WIDGET (view), 10000));
}

/* Every text the widgets below w show (inscriptions and labels), one
 * string, each text between newlines. */
static void
collect_texts (GtkWidget *w, GString *out)
{
  const char *text = NULL;
  if (GTK_IS_INSCRIPTION (w))
    text = gtk_inscription_get_text (GTK_INSCRIPTION (w));
  else if (GTK_IS_LABEL (w))
    text = gtk_label_get_text (GTK_LABEL (w));
  if (text != NULL && gtk_widget_get_mapped (w))
    g_string_append_printf (out, "\n%s\n", text);
  for (GtkWidget *c = gtk_widget_get_first_child (w); c; c = gtk_widget_get_next_sibling (c))
    collect_texts (c, out);
}

static gboolean
shows (GtkWidget *w, const char *text)
{
  g_autoptr (GString) all = g_string_new (NULL);
  g_autofree char *line = g_strdup_printf ("\n%s\n", text);
  collect_texts (w, all);
  return strstr (all->str, line) != NULL;
}

/* The view's CSV (hs_view_write_csv) as rows of cells. The dump's names
 * hold no comma, quote or line break: a cell is what lies between commas
 * (tests/ui/test-csv-export.c reads quoted cells). */
static GPtrArray *
view_csv_rows (gpointer view)
{
  g_autoptr (GString) out = g_string_new (NULL);
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  g_auto (GStrv) lines = NULL;

  g_assert_true (hs_view_write_csv (HS_VIEW (view), out));
  g_assert_null (strchr (out->str, '"'));
  g_assert_true (g_str_has_suffix (out->str, "\n"));
  g_string_truncate (out, out->len - 1);
  lines = g_strsplit (out->str, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    g_ptr_array_add (rows, g_strsplit (lines[i], ",", -1));
  return rows;
}

/* Cell column of row r (row 0: the header, checked against names). */
static const char *
csv_cell (GPtrArray *rows, guint r, guint column)
{
  char **row = g_ptr_array_index (rows, r);
  g_assert_cmpuint (column, <, g_strv_length (row));
  return row[column];
}

static guint64
csv_num (GPtrArray *rows, guint r, guint column)
{
  guint64 v = 0;
  g_assert_true (g_ascii_string_to_unsigned (csv_cell (rows, r, column), 10, 0, G_MAXUINT64, &v, NULL));
  return v;
}

static void
csv_assert_header (GPtrArray *rows, const char *const *names)
{
  guint n = g_strv_length ((char **)names);
  for (guint r = 0; r < rows->len; r++)
    g_assert_cmpuint (g_strv_length (g_ptr_array_index (rows, r)), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (csv_cell (rows, 0, i), ==, names[i]);
}

/* The grouped class table's columns: classes --group --csv's
 * (tests/cli/test_groups.py asserts the same header). */
enum
{
  GC_DEPTH,
  GC_KIND,
  GC_NAME,
  GC_PACKAGE,
  GC_ID,
  GC_LOADER,
  GC_COUNT,
  GC_REACHABLE,
  GC_UNREACHABLE,
  GC_SHALLOW,
  GC_RETAINED,
  GC_NATIVE,
  GC_CLASSES,
};

static void
assert_csv_group (GPtrArray *rows, guint r, guint depth, const char *kind, const Want *want)
{
  g_assert_cmpuint (csv_num (rows, r, GC_DEPTH), ==, depth);
  g_assert_cmpstr (csv_cell (rows, r, GC_KIND), ==, kind);
  g_assert_cmpstr (csv_cell (rows, r, GC_NAME), ==, want->name);
  g_assert_cmpuint (csv_num (rows, r, GC_COUNT), ==, want->count);
  g_assert_cmpuint (csv_num (rows, r, GC_REACHABLE), ==, want->reachable);
  g_assert_cmpuint (csv_num (rows, r, GC_UNREACHABLE), ==, want->count - want->reachable);
  g_assert_cmpuint (csv_num (rows, r, GC_SHALLOW), ==, want->shallow);
  g_assert_cmpuint (csv_num (rows, r, GC_RETAINED), ==, want->retained);
  /* groupsdump.py's dump has no native allocations. */
  g_assert_cmpuint (csv_num (rows, r, GC_NATIVE), ==, 0);
}

/* Grouped by package with com expanded: com, its one package example
 * below it, then java, char[] and org (groupsdump.py's sums). */
static void
check_grouped_csv (HsClassesView *view)
{
  static const char *const columns[] = { "depth",
                                         "kind",
                                         "name",
                                         "package",
                                         "id",
                                         "loader",
                                         "count",
                                         "reachable_count",
                                         "unreachable_count",
                                         "shallow",
                                         "retained",
                                         "native_size",
                                         "classes",
                                         "own_count",
                                         "own_reachable_count",
                                         "own_unreachable_count",
                                         "own_shallow",
                                         "own_retained",
                                         "own_native_size",
                                         "more",
                                         "obfuscated_name",
                                         NULL };
  static const Want com = { "com", 12, 11, 208, 240 }, example = { "example", 12, 11, 208, 240 },
                    java = { "java", 14, 14, 16, 48 }, chars = { "char[]", 1, 1, 32, 32 },
                    org = { "org", 1, 1, 8, 8 };
  g_autoptr (GPtrArray) rows = view_csv_rows (view);
  guint64 sums[4] = { 0 };

  csv_assert_header (rows, columns);
  /* One row per row shown. */
  g_assert_cmpuint (rows->len - 1, ==, g_list_model_get_n_items (hs_classes_view_get_shown_model (view)));
  g_assert_cmpuint (rows->len, ==, 6);
  assert_csv_group (rows, 1, 0, "package", &com);
  g_assert_cmpstr (csv_cell (rows, 1, GC_PACKAGE), ==, "com");
  assert_csv_group (rows, 2, 1, "package", &example);
  g_assert_cmpstr (csv_cell (rows, 2, GC_PACKAGE), ==, "com.example");
  g_assert_cmpuint (csv_num (rows, 2, GC_CLASSES), ==, 7);
  g_assert_cmpstr (csv_cell (rows, 2, GC_ID), ==, "");
  assert_csv_group (rows, 3, 0, "package", &java);
  assert_csv_group (rows, 4, 0, "class", &chars);
  g_assert_cmpstr (csv_cell (rows, 4, GC_PACKAGE), ==, "");
  g_assert_true (g_str_has_prefix (csv_cell (rows, 4, GC_ID), "0x"));
  g_assert_cmpstr (csv_cell (rows, 4, GC_LOADER), ==, "0x0");
  assert_csv_group (rows, 5, 0, "package", &org);
  /* The top level adds up to the plain table: 28 27 264 328. */
  for (guint r = 1; r < rows->len; r++)
    if (csv_num (rows, r, GC_DEPTH) == 0)
      {
        sums[0] += csv_num (rows, r, GC_COUNT);
        sums[1] += csv_num (rows, r, GC_REACHABLE);
        sums[2] += csv_num (rows, r, GC_SHALLOW);
        sums[3] += csv_num (rows, r, GC_RETAINED);
      }
  g_assert_cmpuint (sums[0], ==, 28);
  g_assert_cmpuint (sums[1], ==, 27);
  g_assert_cmpuint (sums[2], ==, 264);
  g_assert_cmpuint (sums[3], ==, 328);
}

static HsWindow *
open_window (const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  HsWindow *window = ui_window_new (NULL, 1400, 900);

  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, 60000), ==, HS_LOADER_DONE);
  return window;
}

/* Sorted by count (descending), the grouped table made again. */
static gboolean
sorted_by_count (gpointer data)
{
  HsClassColumn column;
  GtkSortType order;

  hs_classes_view_get_sort (data, &column, &order);
  return column == HS_CLASS_COLUMN_COUNT && order == GTK_SORT_DESCENDING && !hs_classes_view_is_sorting (data)
         && grouped (data);
}

static gboolean
inspecting (gpointer data)
{
  HsWindow *window = ((gpointer *)data)[0];
  HsObj obj = GPOINTER_TO_UINT (((gpointer *)data)[1]);
  return hs_inspector_get_obj (ui_inspector (window)) == obj;
}

static gboolean
plain_table (gpointer data)
{
  GListModel *shown = hs_classes_view_get_shown_model (data);
  g_autoptr (GObject) first = shown != NULL ? g_list_model_get_item (shown, 0) : NULL;
  return !hs_classes_view_is_grouping (data) && first != NULL && HS_IS_CLASS_ROW (first);
}

static void
test_classes_grouped (gconstpointer data)
{
  HsWindow *window = open_window (data);
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));
  HsClassesView *view = ui_classes_view (window);
  GListModel *plain;
  guint64 sums[4] = { 0 };
  static const HsClassColumn cols[4] = { HS_CLASS_COLUMN_COUNT, HS_CLASS_COLUMN_REACHABLE,
                                         HS_CLASS_COLUMN_SHALLOW, HS_CLASS_COLUMN_RETAINED };

  hs_window_set_view (window, "classes");
  g_assert_true (ui_wait_view (window, "classes", 10000));
  /* The plain table's totals: 28 27 264 328 (groupsdump.py). */
  plain = hs_classes_view_get_class_model (view);
  for (guint i = 0; i < g_list_model_get_n_items (plain); i++)
    {
      g_autoptr (HsClassRow) row = g_list_model_get_item (plain, i);
      for (guint k = 0; k < 4; k++)
        sums[k] += hs_class_row_get_value (row, cols[k]);
    }
  g_assert_cmpuint (sums[0], ==, 28);
  g_assert_cmpuint (sums[1], ==, 27);
  g_assert_cmpuint (sums[2], ==, 264);
  g_assert_cmpuint (sums[3], ==, 328);

  /* By package: com 240, java 48, char[] 32, org 8 (by retained size). */
  hs_classes_view_set_grouping (view, HS_CLASSES_GROUP_PACKAGE);
  g_assert_true (ui_wait_until (grouped, view, 30000));
  g_assert_true (ui_wait_drawn (GTK_WIDGET (view), 10000));
  {
    static const Want top[] = { { "com", 12, 11, 208, 240 },
                                { "java", 14, 14, 16, 48 },
                                { "char[]", 1, 1, 32, 32 },
                                { "org", 1, 1, 8, 8 } };
    guint64 got[4] = { 0 };
    g_assert_cmpuint (g_list_model_get_n_items (hs_classes_view_get_shown_model (view)), ==, 4);
    for (guint i = 0; i < 4; i++)
      {
        g_autoptr (HsClassGroupRow) row = shown_item (view, i);
        assert_group (view, i, &top[i]);
        for (guint k = 0; k < 4; k++)
          got[k] += hs_class_group_row_get_value (row, cols[k]);
      }
    /* The groups add up to the plain table. */
    for (guint k = 0; k < 4; k++)
      g_assert_cmpuint (got[k], ==, sums[k]);
  }
  /* The table shows the sums: the com row's cells. */
  g_assert_true (shows (GTK_WIDGET (view), "com"));
  {
    g_autofree char *retained = hs_format_bytes (240);
    g_autofree char *shallow = hs_format_bytes (208);
    g_assert_true (shows (GTK_WIDGET (view), retained));
    g_assert_true (shows (GTK_WIDGET (view), shallow));
  }
  /* Expand com, com.example, com.example.app: model below app. */
  expand (view, find_row (view, "com"));
  check_grouped_csv (view);
  expand (view, find_row (view, "example"));
  expand (view, find_row (view, "app"));
  {
    Want model = { "model", 7, 6, 128, 112 };
    Want app = { "app", 10, 9, 176, 160 };
    g_autofree char *retained = hs_format_bytes (112);
    assert_group (view, find_row (view, "app"), &app);
    assert_group (view, find_row (view, "model"), &model);
    expand (view, find_row (view, "model"));
    g_assert_true (shows (GTK_WIDGET (view), "model"));
    g_assert_true (shows (GTK_WIDGET (view), retained));
    g_assert_true (shows (GTK_WIDGET (view), "SpecialItem"));
  }
  ui_shot (GTK_WIDGET (window), "classes-grouped-package.png");
  /* A class row of the tree works as in the plain table: its instances. */
  {
    guint pos = find_row (view, "SpecialItem");
    HsClass special = hs_heap_find_class (a->heap, "com.example.app.model.SpecialItem");
    g_signal_emit_by_name (ui_find_child (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW), "activate", pos);
    g_assert_true (ui_wait_for_instances (window, 30000));
    g_assert_cmpuint (hs_classes_view_get_instances_class (view), ==, special);
    g_assert_cmpuint (g_list_model_get_n_items (hs_classes_view_get_instances (view)), ==, 2);
  }
  /* Sorted within each level by the column clicked: by count, java (14)
   * then com (12). */
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_COUNT, GTK_SORT_DESCENDING);
  g_assert_true (ui_wait_until (sorted_by_count, view, 30000));
  {
    g_autoptr (HsClassGroupRow) first = shown_item (view, 0);
    g_autoptr (HsClassGroupRow) second = shown_item (view, 1);
    g_assert_cmpstr (hs_class_group_row_get_name (first), ==, "java");
    g_assert_cmpstr (hs_class_group_row_get_name (second), ==, "com");
    /* The packages open stay open: model's classes, by count, Item (4)
     * before SpecialItem (2). */
    g_assert_cmpuint (find_row (view, "Item"), <, find_row (view, "SpecialItem"));
  }
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_RETAINED, GTK_SORT_DESCENDING);

  /* By class loader: the bootstrap loader 160, L1 (named) 128, L2 40. */
  hs_classes_view_set_grouping (view, HS_CLASSES_GROUP_LOADER);
  g_assert_true (ui_wait_until (grouped, view, 30000));
  g_assert_true (ui_wait_drawn (GTK_WIDGET (view), 10000));
  {
    HsObj l1 = HS_OBJ_NONE;
    for (HsObj o = 0; o < hs_heap_n_objects (a->heap); o++)
      if (g_strcmp0 (hs_heap_object_class_name (a->heap, o), "com.example.NamedLoader") == 0)
        l1 = o;
    g_assert_cmpuint (l1, !=, HS_OBJ_NONE);
    g_autofree char *name = g_strdup_printf ("com.example.NamedLoader @ 0x%" G_GINT64_MODIFIER "x (plugin-a)",
                                             hs_heap_object_id (a->heap, l1));
    Want sys = { "<system class loader>", 17, 17, 80, 160 };
    Want named = { name, 8, 7, 144, 128 };
    assert_group (view, 0, &sys);
    assert_group (view, 1, &named);
    g_assert_true (shows (GTK_WIDGET (view), name));
    /* Activating a loader's row opens the loader object. */
    g_signal_emit_by_name (ui_find_child (GTK_WIDGET (view), GTK_TYPE_COLUMN_VIEW), "activate", 1);
    ui_wait_until (inspecting, (gpointer[]){ window, GUINT_TO_POINTER (l1) }, 10000);
    g_assert_cmpuint (hs_inspector_get_obj (ui_inspector (window)), ==, l1);
    ui_shot (GTK_WIDGET (window), "classes-grouped-loader.png");
  }

  /* By superclass: java.lang.Object above everything. */
  hs_classes_view_set_grouping (view, HS_CLASSES_GROUP_SUPERCLASS);
  g_assert_true (ui_wait_until (grouped, view, 30000));
  g_assert_true (ui_wait_drawn (GTK_WIDGET (view), 10000));
  {
    Want object = { "java.lang.Object", 28, 27, 264, 328 };
    Want base = { "com.example.app.model.Base", 7, 6, 128, 112 };
    g_assert_cmpuint (g_list_model_get_n_items (hs_classes_view_get_shown_model (view)), ==, 1);
    assert_group (view, 0, &object);
    expand (view, 0);
    assert_group (view, find_row (view, "com.example.app.model.Base"), &base);
  }

  /* The filter applies to the grouped table: the classes whose name holds
   * "item" (Item, SpecialItem) in their packages, 6 5 112 96. */
  hs_classes_view_set_grouping (view, HS_CLASSES_GROUP_PACKAGE);
  hs_classes_view_set_filter (view, "item");
  g_assert_true (ui_wait_until (grouped, view, 30000));
  {
    Want com = { "com", 6, 5, 112, 96 };
    g_assert_cmpuint (g_list_model_get_n_items (hs_classes_view_get_shown_model (view)), ==, 1);
    assert_group (view, 0, &com);
    g_assert_nonnull (strstr (hs_classes_view_get_status (view), "2 classes"));
  }
  hs_classes_view_set_filter (view, NULL);

  /* Back to the plain table. */
  hs_classes_view_set_grouping (view, HS_CLASSES_GROUP_NONE);
  ui_wait_until (plain_table, view, 30000);
  g_assert_true (hs_classes_view_get_shown_model (view) != NULL);
  {
    g_autoptr (GObject) first = g_list_model_get_item (hs_classes_view_get_shown_model (view), 0);
    g_assert_true (HS_IS_CLASS_ROW (first));
  }
  ui_shot (GTK_WIDGET (window), "classes-plain.png");
  ui_destroy_window (window);
}

static gpointer
dom_item (HsDominatorsView *view, guint position)
{
  g_autoptr (GtkTreeListRow) row
      = gtk_tree_list_model_get_row (hs_dominators_view_get_model (view), position);
  g_assert_nonnull (row);
  return gtk_tree_list_row_get_item (row);
}

static void
dom_expand (HsDominatorsView *view, guint position)
{
  g_autoptr (GtkTreeListRow) row
      = gtk_tree_list_model_get_row (hs_dominators_view_get_model (view), position);
  gtk_tree_list_row_set_expanded (row, TRUE);
  g_assert_true (ui_wait_until (dom_ready, view, 30000));
  g_assert_true (ui_wait_drawn (GTK_WIDGET (view), 10000));
}

static void
assert_dom_group (HsDominatorsView *view, guint position, const char *label, guint64 shallow,
                  guint64 retained)
{
  g_autoptr (GObject) item = dom_item (view, position);
  const HsDomGroup *g;
  g_autofree char *text = NULL;
  g_assert_true (HS_IS_DOM_GROUP_ROW (item));
  g = hs_dom_group_row_get_group (HS_DOM_GROUP_ROW (item));
  text = hs_dom_group_row_get_label (HS_DOM_GROUP_ROW (item));
  g_assert_cmpstr (text, ==, label);
  g_assert_cmpuint (g->shallow, ==, shallow);
  g_assert_cmpuint (g->retained, ==, retained);
}

static void
test_dominators_grouped (gconstpointer data)
{
  HsWindow *window = open_window (data);
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));
  HsDominatorsView *view = ui_dominators_view (window);
  GListModel *model;
  guint64 retained = 0, objects = 0;

  hs_window_set_view (window, "dominators");
  g_assert_true (ui_wait_view (window, "dominators", 10000));
  hs_dominators_view_set_grouped (view, TRUE);
  g_assert_true (ui_wait_until (dom_ready, view, 30000));
  g_assert_true (ui_wait_drawn (GTK_WIDGET (view), 10000));
  model = G_LIST_MODEL (hs_dominators_view_get_model (view));
  /* Nine classes at the top level (groupsdump.py), the biggest first. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 9);
  assert_dom_group (view, 0, "com.example.NamedLoader · 1 object", 16, 64);
  assert_dom_group (view, 1, "com.example.app.model.Item · 3 objects", 48, 48);
  assert_dom_group (view, 8, "java.lang.Class · 13 objects", 0, 0);
  for (guint i = 0; i < 9; i++)
    {
      g_autoptr (GObject) item = dom_item (view, i);
      retained += hs_dom_group_row_get_group (HS_DOM_GROUP_ROW (item))->retained;
      objects += hs_dom_group_row_get_group (HS_DOM_GROUP_ROW (item))->objects;
    }
  /* The groups hold every top-level object and every reachable byte. */
  g_assert_cmpuint (retained, ==, 248);
  g_assert_cmpuint (retained, ==, hs_dom_tree_retained (a->dom, a->dom->n));
  g_assert_cmpuint (objects, ==, 25);
  g_assert_true (shows (GTK_WIDGET (view), "com.example.NamedLoader · 1 object"));
  {
    g_autofree char *b = hs_format_bytes (64);
    g_assert_true (shows (GTK_WIDGET (view), b));
  }
  /* The group opens on its object, the loader L1; the loader's children
   * grouped again: the String (48 retained), then the char[] (32). */
  dom_expand (view, 0);
  {
    g_autoptr (GObject) item = dom_item (view, 1);
    g_assert_true (HS_IS_OBJECT_ROW (item));
    g_assert_cmpstr (hs_heap_object_class_name (a->heap, hs_object_row_get_obj (HS_OBJECT_ROW (item))), ==,
                     "com.example.NamedLoader");
  }
  dom_expand (view, 1);
  assert_dom_group (view, 2, "java.lang.String · 1 object", 16, 48);
  dom_expand (view, 2);
  dom_expand (view, 3);
  assert_dom_group (view, 4, "char[] · 1 object", 32, 32);
  g_assert_true (ui_wait_drawn (GTK_WIDGET (view), 10000));
  g_assert_true (shows (GTK_WIDGET (view), "char[] · 1 object"));
  ui_shot (GTK_WIDGET (window), "dominators-grouped.png");
  /* Exported as shown: the NamedLoader group, its object L1, L1's
   * String group, the String, its char[] group; then the other groups. */
  {
    static const char *const columns[]
        = { "depth", "kind", "name", "id", "loader", "objects", "shallow", "retained", "largest", NULL };
    g_autoptr (GPtrArray) rows = view_csv_rows (view);
    g_autoptr (GObject) l1 = dom_item (view, 1);
    g_autofree char *l1_id = g_strdup_printf (
        "0x%" G_GINT64_MODIFIER "x", hs_heap_object_id (a->heap, hs_object_row_get_obj (HS_OBJECT_ROW (l1))));
    guint64 top_retained = 0, top_objects = 0;

    csv_assert_header (rows, columns);
    g_assert_cmpuint (rows->len - 1, ==, g_list_model_get_n_items (model));
    g_assert_cmpuint (rows->len - 1, ==, 13);
    g_assert_cmpstr (csv_cell (rows, 1, 0), ==, "0");
    g_assert_cmpstr (csv_cell (rows, 1, 1), ==, "class");
    g_assert_cmpstr (csv_cell (rows, 1, 2), ==, "com.example.NamedLoader");
    g_assert_cmpuint (csv_num (rows, 1, 5), ==, 1);
    g_assert_cmpuint (csv_num (rows, 1, 6), ==, 16);
    g_assert_cmpuint (csv_num (rows, 1, 7), ==, 64);
    g_assert_cmpstr (csv_cell (rows, 1, 8), ==, l1_id);
    g_assert_cmpstr (csv_cell (rows, 2, 0), ==, "1");
    g_assert_cmpstr (csv_cell (rows, 2, 1), ==, "object");
    g_assert_cmpstr (csv_cell (rows, 2, 3), ==, l1_id);
    g_assert_cmpstr (csv_cell (rows, 2, 5), ==, "");
    g_assert_cmpuint (csv_num (rows, 2, 7), ==, 64);
    g_assert_cmpstr (csv_cell (rows, 3, 0), ==, "2");
    g_assert_cmpstr (csv_cell (rows, 3, 2), ==, "java.lang.String");
    g_assert_cmpuint (csv_num (rows, 3, 7), ==, 48);
    g_assert_cmpstr (csv_cell (rows, 4, 1), ==, "object");
    g_assert_cmpstr (csv_cell (rows, 5, 0), ==, "4");
    g_assert_cmpstr (csv_cell (rows, 5, 2), ==, "char[]");
    g_assert_cmpuint (csv_num (rows, 5, 6), ==, 32);
    g_assert_cmpuint (csv_num (rows, 5, 7), ==, 32);
    for (guint r = 1; r < rows->len; r++)
      if (csv_num (rows, r, 0) == 0)
        {
          g_assert_cmpstr (csv_cell (rows, r, 1), ==, "class");
          top_objects += csv_num (rows, r, 5);
          top_retained += csv_num (rows, r, 7);
        }
    /* The groups hold every top-level object and every reachable byte. */
    g_assert_cmpuint (top_objects, ==, 25);
    g_assert_cmpuint (top_retained, ==, 248);
  }

  /* Off again: the objects themselves, the loader L1 first (64). */
  hs_dominators_view_set_grouped (view, FALSE);
  g_assert_true (ui_wait_until (dom_ready, view, 30000));
  {
    g_autoptr (GObject) item = dom_item (view, 0);
    g_assert_true (HS_IS_OBJECT_ROW (item));
    g_assert_cmpuint (hs_object_row_get_retained (HS_OBJECT_ROW (item)), ==, 64);
  }
  ui_destroy_window (window);
}

static gboolean
views_gone (gpointer data)
{
  gpointer *weak = data;
  return weak[0] == NULL && weak[1] == NULL;
}

/* The window closed while the classes are being grouped and the top
 * level of the dominator tree too: the workers' answers are dropped. */
static void
test_close_while_grouping (gconstpointer data)
{
  HsWindow *window = open_window (data);
  HsClassesView *classes = ui_classes_view (window);
  HsDominatorsView *dominators = ui_dominators_view (window);

  hs_window_set_view (window, "classes");
  hs_classes_view_set_grouping (classes, HS_CLASSES_GROUP_LOADER);
  hs_dominators_view_set_grouped (dominators, TRUE);
  hs_window_set_view (window, "dominators");
  /* The window and both views finalized: what a worker holds of them is
   * let go, its answer dropped. */
  {
    gpointer weak[2] = { classes, dominators };

    g_object_add_weak_pointer (G_OBJECT (classes), &weak[0]);
    g_object_add_weak_pointer (G_OBJECT (dominators), &weak[1]);
    ui_destroy_window (window);
    g_assert_true (ui_wait_until (views_gone, weak, 30000));
  }
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  if (argc < 2)
    return 77;
  g_test_add_data_func ("/groups/classes", argv[1], test_classes_grouped);
  g_test_add_data_func ("/groups/dominators", argv[1], test_dominators_grouped);
  g_test_add_data_func ("/groups/close-while-grouping", argv[1], test_close_while_grouping);
  return g_test_run ();
}
