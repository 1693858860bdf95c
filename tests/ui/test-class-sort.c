/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-class-sort.c: the class table of a dump with 12,000 classes (more
 * than HS_CLASS_ORDER_WORKER_MIN: make-many-classes-dump.py) is sorted on
 * a worker:
 * - a header click returns with the rows in their old order
 *   (hs_classes_view_is_sorting), and the main loop gets the new order;
 * - that order is the documented one (the column, then the name; a
 *   descending sort turns the whole order), checked against the dump's
 *   own formula: class p.C<i> has (i * 7919) mod 13 instances;
 * - a click while a sort runs cancels it: the last one asked wins;
 * - Go to a class before the first order is there finds it.
 * The table is never filled with the order of a class index, even before
 * the first sort is done. */
#include "config.h"
#include "ui-util.h"
#include "hs-class-order.h"
#include "hs-classes-view.h"

#include <string.h>

#define LOAD_TIMEOUT_MS 120000
#define N_CLASSES 12000

static const char *dump_path;

static guint
expected_count (guint i)
{
  return (i * 7919) % 13;
}

typedef struct
{
  guint count;
  char name[16];
} Expected;

static int
by_count_then_name (gconstpointer pa, gconstpointer pb)
{
  const Expected *a = pa, *b = pb;

  if (a->count != b->count)
    return a->count < b->count ? -1 : 1;
  return strcmp (a->name, b->name);
}

static int
by_name (gconstpointer pa, gconstpointer pb)
{
  return strcmp (((const Expected *)pa)->name, ((const Expected *)pb)->name);
}

/* The generated classes, in the order the table must show them. */
static Expected *
expected_order (GCompareFunc compare, gboolean descending)
{
  Expected *e = g_new0 (Expected, N_CLASSES);

  for (guint i = 0; i < N_CLASSES; i++)
    {
      e[i].count = expected_count (i);
      g_snprintf (e[i].name, sizeof e[i].name, "p.C%05u", i);
    }
  qsort (e, N_CLASSES, sizeof *e, compare);
  if (descending)
    for (guint i = 0, j = N_CLASSES - 1; i < j; i++, j--)
      {
        Expected t = e[i];
        e[i] = e[j];
        e[j] = t;
      }
  return e;
}

/* The model's rows of the generated classes (the dump's base classes left
 * out) are expected's, in its order. */
static void
assert_order (GListModel *model, const Expected *expected)
{
  guint k = 0;

  g_assert_cmpuint (g_list_model_get_n_items (model), >=, N_CLASSES);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (HsClassRow) row = g_list_model_get_item (model, i);
      const char *name = hs_class_row_get_name (row);
      if (!g_str_has_prefix (name, "p.C"))
        continue;
      g_assert_cmpuint (k, <, N_CLASSES);
      g_assert_cmpstr (name, ==, expected[k].name);
      g_assert_cmpuint (hs_class_row_get_value (row, HS_CLASS_COLUMN_COUNT), ==, expected[k].count);
      k++;
    }
  g_assert_cmpuint (k, ==, N_CLASSES);
}

/* The classes of the first n rows. */
static GArray *
first_rows (GListModel *model, guint n)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (HsClass));

  for (guint i = 0; i < n && i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (HsClassRow) row = g_list_model_get_item (model, i);
      HsClass c = hs_class_row_get_class (row);
      g_array_append_val (out, c);
    }
  return out;
}

static gboolean
sorted (gpointer data)
{
  return !hs_classes_view_is_sorting (data);
}

static void
test_class_sort_on_worker (void)
{
  g_autoptr (HsLoader) loader = ui_load_dump (dump_path, LOAD_TIMEOUT_MS);
  HsClassesView *view = HS_CLASSES_VIEW (hs_classes_view_new ());
  GtkWidget *window = ui_window_with (GTK_WIDGET (view), 1000, 600);
  GListModel *model;
  g_autofree Expected *count_desc = expected_order (by_count_then_name, TRUE);
  g_autofree Expected *count_asc = expected_order (by_count_then_name, FALSE);
  g_autofree Expected *name_asc = expected_order (by_name, FALSE);
  g_autoptr (GArray) before = NULL;
  g_autoptr (GArray) still = NULL;

  g_assert_cmpuint (hs_heap_n_classes (hs_loader_get_analysis (loader)->heap), >=, HS_CLASS_ORDER_WORKER_MIN);
  hs_view_set_loader (HS_VIEW (view), loader);
  hs_view_ensure_filled (HS_VIEW (view));
  model = hs_classes_view_get_class_model (view);
  /* The first order (retained size, descending) is on its way: no rows
   * until it is there. */
  g_assert_true (hs_classes_view_is_sorting (view));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 0);
  g_assert_true (ui_wait_until (sorted, view, 60000));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==,
                    hs_heap_n_classes (hs_loader_get_analysis (loader)->heap));

  /* A click returns with the old order; the worker's comes later. */
  before = first_rows (model, 200);
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_COUNT, GTK_SORT_DESCENDING);
  g_assert_true (hs_classes_view_is_sorting (view));
  still = first_rows (model, 200);
  g_assert_cmpuint (still->len, ==, before->len);
  g_assert_cmpmem (still->data, still->len * sizeof (HsClass), before->data, before->len * sizeof (HsClass));
  g_assert_true (ui_wait_until (sorted, view, 60000));
  assert_order (model, count_desc);

  /* By name, then at once by count ascending: the name sort is cancelled
   * (or its answer dropped), the count's shown. */
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_NAME, GTK_SORT_ASCENDING);
  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_COUNT, GTK_SORT_ASCENDING);
  g_assert_true (ui_wait_until (sorted, view, 60000));
  ui_iterate (100); /* a superseded answer would come now */
  assert_order (model, count_asc);

  hs_classes_view_sort_by_column (view, HS_CLASS_COLUMN_NAME, GTK_SORT_ASCENDING);
  g_assert_true (ui_wait_until (sorted, view, 60000));
  assert_order (model, name_asc);

  ui_destroy_window (GTK_WINDOW (window));
}

/* Go to a class right after the table was filled, before the worker's
 * first order: the class is found and its instances listed. */
static void
test_show_class_at_once (void)
{
  g_autoptr (HsLoader) loader = ui_load_dump (dump_path, LOAD_TIMEOUT_MS);
  HsClassesView *view = HS_CLASSES_VIEW (hs_classes_view_new ());
  GtkWidget *window = ui_window_with (GTK_WIDGET (view), 1000, 600);
  HsAnalysis *a = hs_loader_get_analysis (loader);

  hs_view_set_loader (HS_VIEW (view), loader);
  hs_view_ensure_filled (HS_VIEW (view));
  g_assert_true (hs_classes_view_is_sorting (view));
  g_assert_true (hs_classes_view_show_class (view, "p.C00042"));
  g_assert_false (hs_classes_view_is_sorting (view));
  g_assert_cmpuint (hs_classes_view_get_instances_class (view), ==, hs_heap_find_class (a->heap, "p.C00042"));
  g_assert_true (ui_wait_until (sorted, view, 60000));
  g_assert_cmpuint (g_list_model_get_n_items (hs_classes_view_get_class_model (view)), ==, 1);

  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >=, 2);
  dump_path = argv[1];
  g_test_add_func ("/class-sort/on-worker", test_class_sort_on_worker);
  g_test_add_func ("/class-sort/show-class-at-once", test_show_class_at_once);
  return g_test_run ();
}
