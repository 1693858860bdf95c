/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-dom-paging.c: the dominator tree view shows every list a page
 * (1000 rows) at a time, then "N of M shown – show more" (for the
 * 8 M top-level rows of a 140 M-object dump). The view in a GtkWindow
 * under Xvfb, on paging.hprof (make-paging-dump.py: 2,100 top-level
 * byte[] of known sizes, an Object[] holding 1,200 more, three classes)
 * and instances.hprof (make-sorting-dumps.py: an Object[] holding
 * 224,000 byte[], a list sorted on a worker). The expected order is
 * computed here from the generator's sizes: retained size descending,
 * ties by address. HS_TEST_SHOTS=DIR saves the states as PNGs.
 * Arguments: the folder of the dumps. */
#include "config.h"
#include "ui-util.h"
#include "hs-dominators-view.h"
#include "hs-object-column-view.h"
#include "hs-paged-list.h"

#include <adwaita.h>
#include <locale.h>
#include <string.h>

#define LOAD_TIMEOUT_MS 120000
#define PAGE 1000
#define TOP 2100            /* top-level byte[] */
#define KIDS 1200           /* byte[] under the holder */
#define N_TOP (1 + TOP + 3) /* the holder, the byte[], three classes */
#define TOP_BASE 0x100000
#define KID_BASE 0x300000
#define HOLDER 0x200000
#define HOLDER_SHALLOW 4816 /* align (12 + 4 x 1200, 8) */

static const char *dump_dir;

static HsLoader *
load_dump (const char *name)
{
  g_autofree char *path = g_build_filename (dump_dir, name, NULL);
  return ui_load_dump (path, LOAD_TIMEOUT_MS);
}

typedef struct
{
  guint64 addr;
  guint64 size;
} Expected;

/* A byte[n] with 4-byte ids: align (12 + n, 8) (docs/semantics.md). */
static guint64
byte_array_size (guint64 n)
{
  return (12 + n + 7) / 8 * 8;
}

static int
expected_cmp (gconstpointer pa, gconstpointer pb)
{
  const Expected *a = pa, *b = pb;

  if (a->size != b->size)
    return a->size > b->size ? -1 : 1;
  return a->addr < b->addr ? -1 : a->addr > b->addr;
}

/* The generator's arrays, largest first, ties by address (which is the
 * object index order: the heap sorts its objects by address). */
static Expected *
expected_order (guint64 base, guint n, guint mult, guint mod)
{
  Expected *e = g_new (Expected, n);

  for (guint i = 0; i < n; i++)
    {
      e[i].addr = base + 8 * i;
      e[i].size = byte_array_size ((i * mult) % mod + 1);
    }
  qsort (e, n, sizeof *e, expected_cmp);
  return e;
}

/* The item of row i (an HsObjectRow or an HsMoreRow) and its depth. */
static GObject *
row_item (GListModel *model, guint i, guint *depth)
{
  g_autoptr (GtkTreeListRow) row = g_list_model_get_item (model, i);

  g_assert_nonnull (row);
  if (depth != NULL)
    *depth = gtk_tree_list_row_get_depth (row);
  return gtk_tree_list_row_get_item (row);
}

/* Row i is the object at address addr, at depth depth, retaining size. */
static void
assert_object_row (HsAnalysis *a, GListModel *model, guint i, guint depth, guint64 addr, guint64 size)
{
  guint d;
  g_autoptr (GObject) item = row_item (model, i, &d);
  HsObjectRow *row;

  if (!HS_IS_OBJECT_ROW (item))
    g_error ("row %u is no object", i);
  row = HS_OBJECT_ROW (item);
  g_assert_cmpuint (d, ==, depth);
  g_assert_cmpuint (hs_object_row_get_obj (row), ==, hs_heap_find (a->heap, addr));
  g_assert_cmpuint (hs_object_row_get_retained (row), ==, size);
  g_assert_cmpuint (hs_object_row_get_shallow (row), ==, addr == HOLDER ? HOLDER_SHALLOW : size);
}

/* Row i is a more row of that kind at depth depth saying text. */
static HsMoreRow *
assert_more_row (GListModel *model, guint i, guint depth, HsMoreRowKind kind, const char *text)
{
  guint d;
  GObject *item = row_item (model, i, &d);
  g_autofree char *said = NULL;

  if (!HS_IS_MORE_ROW (item))
    g_error ("row %u is no \"show more\" row", i);
  g_assert_cmpuint (d, ==, depth);
  g_assert_cmpint (hs_more_row_get_kind (HS_MORE_ROW (item)), ==, kind);
  said = hs_more_row_get_text (HS_MORE_ROW (item));
  g_assert_cmpstr (said, ==, text);
  g_object_unref (item);
  return HS_MORE_ROW (item); /* the model holds it */
}

/* A count grouped by threes with the locale's separator, a comma where it
 * has none (the tests run in C): 10,004. */
static char *
grouped (guint n)
{
  const struct lconv *lc = localeconv ();
  const char *sep = lc->thousands_sep != NULL && *lc->thousands_sep != '\0' ? lc->thousands_sep : ",";
  g_autofree char *digits = g_strdup_printf ("%u", n);
  GString *s = g_string_new (NULL);
  gsize len = strlen (digits);

  for (gsize i = 0; i < len; i++)
    {
      g_string_append_c (s, digits[i]);
      if (i + 1 < len && (len - 1 - i) % 3 == 0)
        g_string_append (s, sep);
    }
  return g_string_free (s, FALSE);
}

static char *
shown_text (guint shown, guint total)
{
  g_autofree char *a = grouped (shown), *b = grouped (total);
  return g_strdup_printf ("%s of %s shown – show more", a, b);
}

typedef struct
{
  GListModel *model;
  guint n;
} ItemsWait;

static gboolean
has_items (gpointer data)
{
  ItemsWait *w = data;
  return g_list_model_get_n_items (w->model) == w->n;
}

/* Waits until the table's model has n rows (a page added, a node
 * expanded). */
static void
wait_items (GListModel *model, guint n)
{
  ItemsWait w = { model, n };
  if (!ui_wait_until (has_items, &w, 30000))
    g_error ("the table has %u rows, not %u", g_list_model_get_n_items (model), n);
}

static void
test_paging (void)
{
  g_autoptr (HsLoader) loader = load_dump ("paging.hprof");
  HsAnalysis *a = hs_loader_get_analysis (loader);
  HsDominatorsView *view = HS_DOMINATORS_VIEW (hs_dominators_view_new ());
  GtkWidget *window = ui_window_with (GTK_WIDGET (view), 1000, 760);
  HsObjectColumnView *table
      = HS_OBJECT_COLUMN_VIEW (ui_find_child (GTK_WIDGET (view), HS_TYPE_OBJECT_COLUMN_VIEW));
  GtkWidget *cv = ui_find_child (GTK_WIDGET (table), GTK_TYPE_COLUMN_VIEW);
  g_autofree Expected *top = expected_order (TOP_BASE, TOP, 37, 200);
  g_autofree Expected *kids = expected_order (KID_BASE, KIDS, 13, 97);
  g_autofree char *text = NULL;
  g_autoptr (GtkTreeListRow) holder_row = NULL;
  GListModel *model;
  guint64 holder = HOLDER_SHALLOW;
  gsize n_top = 0;

  for (guint j = 0; j < KIDS; j++)
    holder += kids[j].size;
  hs_dom_tree_children (a->dom, a->dom->n, &n_top);
  g_assert_cmpuint (n_top, ==, N_TOP);

  hs_view_set_loader (HS_VIEW (view), loader);
  g_assert_true (hs_view_ensure_filled (HS_VIEW (view)));
  model = G_LIST_MODEL (hs_dominators_view_get_model (view));
  g_assert_nonnull (model);
  wait_items (model, PAGE + 1);

  /* The first page: the holder, then the 999 largest byte[], then the
   * "show more" row; the summary still counts every top-level entry. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, PAGE + 1);
  {
    g_autofree char *n = grouped (N_TOP);
    text = g_strdup_printf ("%s top-level dominators", n);
  }
  g_assert_nonnull (strstr (hs_dominators_view_get_summary (view), text));
  g_clear_pointer (&text, g_free);
  assert_object_row (a, model, 0, 0, HOLDER, holder);
  for (guint i = 1; i < PAGE; i++)
    assert_object_row (a, model, i, 0, top[i - 1].addr, top[i - 1].size);
  text = shown_text (PAGE, N_TOP);
  assert_more_row (model, PAGE, 0, HS_MORE_ROW_NEXT_PAGE, text);
  g_clear_pointer (&text, g_free);
  ui_shot (window, "dom-paging-first-page.png");

  /* Activating it (as Enter or a double click does) adds the next page
   * below the rows shown, which stay, and the selection with them; then
   * "show more" and "Show all". */
  hs_object_column_view_select (table, 5);
  g_assert_cmpuint (hs_object_column_view_get_selected (table), ==, hs_heap_find (a->heap, top[4].addr));
  g_signal_emit_by_name (cv, "activate", PAGE);
  wait_items (model, 2 * PAGE + 2);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 2 * PAGE + 2);
  g_assert_cmpuint (hs_object_column_view_get_selected (table), ==, hs_heap_find (a->heap, top[4].addr));
  for (guint i = 1; i < 2 * PAGE; i++)
    assert_object_row (a, model, i, 0, top[i - 1].addr, top[i - 1].size);
  text = shown_text (2 * PAGE, N_TOP);
  assert_more_row (model, 2 * PAGE, 0, HS_MORE_ROW_NEXT_PAGE, text);
  g_clear_pointer (&text, g_free);
  {
    g_autofree char *n = grouped (N_TOP);
    text = g_strdup_printf ("Show all %s", n);
  }
  assert_more_row (model, 2 * PAGE + 1, 0, HS_MORE_ROW_ALL, text);
  g_clear_pointer (&text, g_free);
  ui_shot (window, "dom-paging-second-page.png");

  /* "Show all": every entry, the classes (0 bytes) last, no more rows. */
  g_signal_emit_by_name (cv, "activate", 2 * PAGE + 1);
  wait_items (model, N_TOP);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_TOP);
  for (guint i = 1; i <= TOP; i++)
    assert_object_row (a, model, i, 0, top[i - 1].addr, top[i - 1].size);
  for (guint i = TOP + 1; i < N_TOP; i++)
    {
      g_autoptr (GObject) item = row_item (model, i, NULL);
      g_assert_true (HS_IS_OBJECT_ROW (item));
      g_assert_cmpuint (hs_object_row_get_retained (HS_OBJECT_ROW (item)), ==, 0);
    }

  /* A node's children the same way: the holder's 1200, one level down. */
  holder_row = g_list_model_get_item (model, 0);
  g_assert_true (gtk_tree_list_row_is_expandable (holder_row));
  gtk_tree_list_row_set_expanded (holder_row, TRUE);
  wait_items (model, N_TOP + PAGE + 1);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_TOP + PAGE + 1);
  for (guint j = 0; j < PAGE; j++)
    assert_object_row (a, model, 1 + j, 1, kids[j].addr, kids[j].size);
  text = shown_text (PAGE, KIDS);
  {
    HsMoreRow *more = assert_more_row (model, 1 + PAGE, 1, HS_MORE_ROW_NEXT_PAGE, text);
    g_autoptr (GtkTreeListRow) more_row = g_list_model_get_item (model, 1 + PAGE);
    g_assert_false (gtk_tree_list_row_is_expandable (more_row));
    ui_shot (window, "dom-paging-children.png");
    hs_more_row_activate (more);
  }
  g_clear_pointer (&text, g_free);
  wait_items (model, N_TOP + KIDS);
  /* The last 200 follow, and nothing more: the next row is the next
   * top-level one. */
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_TOP + KIDS);
  for (guint j = 0; j < KIDS; j++)
    assert_object_row (a, model, 1 + j, 1, kids[j].addr, kids[j].size);
  assert_object_row (a, model, 1 + KIDS, 0, top[0].addr, top[0].size);

  /* Pages of 10, small enough to see them on one screen: the tree shown
   * again, collapsed; the holder's children with their own "show more",
   * the top level's after a second page, with "Show all". */
  hs_dominators_view_set_page_size (view, 10);
  model = G_LIST_MODEL (hs_dominators_view_get_model (view));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 11);
  g_clear_object (&holder_row);
  holder_row = g_list_model_get_item (model, 0);
  gtk_tree_list_row_set_expanded (holder_row, TRUE);
  wait_items (model, 11 + 11);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 11 + 11);
  for (guint j = 0; j < 10; j++)
    assert_object_row (a, model, 1 + j, 1, kids[j].addr, kids[j].size);
  text = shown_text (10, KIDS);
  assert_more_row (model, 11, 1, HS_MORE_ROW_NEXT_PAGE, text);
  g_clear_pointer (&text, g_free);
  g_signal_emit_by_name (cv, "activate", 11 + 11 - 1);
  wait_items (model, 11 + 11 + 10 + 1);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, 11 + 11 + 10 + 1);
  for (guint i = 12; i < 12 + 19; i++)
    assert_object_row (a, model, i, 0, top[i - 12].addr, top[i - 12].size);
  text = shown_text (20, N_TOP);
  assert_more_row (model, 12 + 19, 0, HS_MORE_ROW_NEXT_PAGE, text);
  g_clear_pointer (&text, g_free);
  ui_shot (window, "dom-paging-pages-of-10.png");

  /* Page size 0 (every row at once), as the older tests ask. */
  hs_dominators_view_set_page_size (view, 0);
  model = G_LIST_MODEL (hs_dominators_view_get_model (view));
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, N_TOP);

  ui_destroy_window (GTK_WINDOW (window));
}

static gboolean
table_has_page (gpointer data)
{
  GtkColumnView *cv = data;
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (cv))) == PAGE + 1;
}

/* The table (GTK makes the widgets of up to 200 rows at once) is given 40
 * rows when filled, then more on each turn of the main loop, up to the
 * whole first page with its more row. */
static void
test_rows_by_turns (void)
{
  g_autoptr (HsLoader) loader = load_dump ("paging.hprof");
  HsDominatorsView *view = HS_DOMINATORS_VIEW (hs_dominators_view_new ());
  GtkWidget *window = ui_window_with (GTK_WIDGET (view), 1000, 760);
  HsObjectColumnView *table
      = HS_OBJECT_COLUMN_VIEW (ui_find_child (GTK_WIDGET (view), HS_TYPE_OBJECT_COLUMN_VIEW));
  GtkColumnView *cv = GTK_COLUMN_VIEW (ui_find_child (GTK_WIDGET (table), GTK_TYPE_COLUMN_VIEW));

  hs_view_set_loader (HS_VIEW (view), loader);
  g_assert_true (hs_view_ensure_filled (HS_VIEW (view)));
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (cv))), ==, 40);
  g_assert_true (ui_wait_until (table_has_page, cv, 10000));
  g_assert_cmpuint (g_list_model_get_n_items (hs_object_column_view_get_model (table)), ==, PAGE + 1);

  ui_destroy_window (GTK_WINDOW (window));
}

static gboolean
not_sorting (gpointer data)
{
  return !hs_dominators_view_is_sorting (data);
}

/* A child list too long to sort on the UI thread (224,000) is sorted on a
 * worker, then shown a page at a time like any other. */
static void
test_paging_sorted_later (void)
{
  g_autoptr (HsLoader) loader = load_dump ("instances.hprof");
  HsAnalysis *a = hs_loader_get_analysis (loader);
  HsDominatorsView *view = HS_DOMINATORS_VIEW (hs_dominators_view_new ());
  GtkWidget *window = ui_window_with (GTK_WIDGET (view), 1000, 760);
  g_autoptr (GtkTreeListRow) holder_row = NULL;
  g_autofree char *text = NULL;
  GListModel *model;
  guint n_top;
  guint64 prev = G_MAXUINT64;

  hs_view_set_loader (HS_VIEW (view), loader);
  g_assert_true (hs_view_ensure_filled (HS_VIEW (view)));
  model = G_LIST_MODEL (hs_dominators_view_get_model (view));
  g_assert_true (ui_wait_until (not_sorting, view, 10000));
  n_top = g_list_model_get_n_items (model);
  g_assert_cmpuint (n_top, <, PAGE);

  /* Row 0: the Object[] holding every eighth-of-nine byte[] (224,000). */
  holder_row = g_list_model_get_item (model, 0);
  gtk_tree_list_row_set_expanded (holder_row, TRUE);
  g_assert_true (ui_wait_until (not_sorting, view, 60000));
  wait_items (model, n_top + PAGE + 1);
  g_assert_cmpuint (g_list_model_get_n_items (model), ==, n_top + PAGE + 1);
  for (guint j = 1; j <= PAGE; j++)
    {
      guint d;
      g_autoptr (GObject) item = row_item (model, j, &d);
      guint64 r;

      g_assert_true (HS_IS_OBJECT_ROW (item));
      g_assert_cmpuint (d, ==, 1);
      r = hs_object_row_get_retained (HS_OBJECT_ROW (item));
      g_assert_cmpuint (r, <=, prev);
      g_assert_cmpuint (r, ==,
                        hs_heap_object_shallow (a->heap, hs_object_row_get_obj (HS_OBJECT_ROW (item))));
      prev = r;
    }
  /* The largest: byte[60], 12 + 60 = 72 bytes. */
  {
    g_autoptr (GObject) first = row_item (model, 1, NULL);
    g_assert_cmpuint (hs_object_row_get_retained (HS_OBJECT_ROW (first)), ==, 72);
  }
  text = shown_text (PAGE, 224000);
  assert_more_row (model, PAGE + 1, 1, HS_MORE_ROW_NEXT_PAGE, text);

  ui_destroy_window (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init (); /* the app's look (the more rows' accent colour) */
  g_assert_cmpint (argc, >=, 2);
  dump_dir = argv[1];
  g_test_add_func ("/dom-paging/top-and-children", test_paging);
  g_test_add_func ("/dom-paging/sorted-later", test_paging_sorted_later);
  g_test_add_func ("/dom-paging/rows-by-turns", test_rows_by_turns);
  return g_test_run ();
}
