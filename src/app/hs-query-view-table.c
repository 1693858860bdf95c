/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-query-view-table.c: the Query view's result table, a part of
 * HsQueryView (hs-query-view-private.h): one small HsQueryRow per row
 * shown in a GtkSortListModel, a column per title (cells sorted by number
 * when both are numbers, else as text), the object rows' menu and their
 * retained size together (the selection bar), the rows as CSV, and the
 * table's part of the API. */
#include "config.h"

#include <math.h>

#include <glib/gi18n.h>

#include "hs-csv-export.h"
#include "hs-object-menu.h"
#include "hs-query-row.h"
#include "hs-query-view-private.h"
#include "hs-ui-util-private.h"

/* ---- the selection: the object rows' retained size together ------------------ */

static void
on_selection_changed (GtkSelectionModel *model, guint position, guint n_items, HsQueryView *self)
{
  g_autoptr (GtkBitset) selected = gtk_selection_model_get_selection (model);
  hs_selection_bar_set_n_selected (self->selection_bar,
                                   (guint)MIN (gtk_bitset_get_size (selected), G_MAXUINT));
}

/* The objects of the object rows selected (a table row has none). */
static HsLoader *
collect_selection (HsSelectionBar *bar, GArray *objs, GArray *classes, gpointer data)
{
  HsQueryView *self = data;
  g_autoptr (GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GtkBitsetIter iter;
  guint position;

  for (gboolean ok = gtk_bitset_iter_init_first (&iter, selected, &position); ok;
       ok = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr (HsQueryRow) row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
      if (row != NULL && row->object != HS_OBJ_NONE)
        g_array_append_val (objs, row->object);
    }
  return hs_view_get_analysis (HS_VIEW (self)) != NULL ? hs_view_get_loader (HS_VIEW (self)) : NULL;
}

/* rows.retained-size (the rows' menu): the selection when the object is
 * in it, else that object alone. */
static void
action_retained_size (GtkWidget *widget, const char *name, GVariant *param)
{
  HsQueryView *self = HS_QUERY_VIEW (widget);
  HsObj clicked = g_variant_get_uint32 (param);
  g_autoptr (GArray) objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  HsLoader *loader = collect_selection (self->selection_bar, objs, NULL, self);

  if (loader == NULL)
    return;
  for (guint i = 0; i < objs->len; i++)
    if (g_array_index (objs, HsObj, i) == clicked)
      {
        hs_selection_bar_compute (self->selection_bar, loader, objs, NULL);
        return;
      }
  g_array_set_size (objs, 0);
  g_array_append_val (objs, clicked);
  hs_selection_bar_compute (self->selection_bar, loader, objs, NULL);
}

/* ---- the columns and their cells ------------------------------------------- */

/* The object of the row a cell is in, for the object menu. */
static HsObj
cell_object (GtkWidget *widget, double x, double y, gpointer item)
{
  HsQueryRow *row = gtk_list_item_get_item (item);
  return row ? row->object : HS_OBJ_NONE;
}

/* The characters a cell asks room for; a longer value gets a tooltip. */
#define CELL_NAT_CHARS 20

static void
setup_cell (GtkSignalListItemFactory *f, GtkListItem *item, gpointer data)
{
  GtkWidget *ins = gtk_inscription_new (NULL);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (ins), 6);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (ins), CELL_NAT_CHARS);
  /* A value wider than its column ends with an ellipsis, whole in the
   * cell's tooltip. */
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (ins), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_list_item_set_child (item, ins);
  hs_object_menu_attach (ins, cell_object, item);
}

static void
bind_cell (GtkSignalListItemFactory *f, GtkListItem *item, gpointer column)
{
  HsQueryRow *row = gtk_list_item_get_item (item);
  GtkWidget *ins = gtk_list_item_get_child (item);
  const char *text = hs_query_row_cell (row, GPOINTER_TO_UINT (column));
  gtk_inscription_set_text (GTK_INSCRIPTION (ins), text);
  gtk_widget_set_tooltip_text (ins, text != NULL && g_utf8_strlen (text, -1) > CELL_NAT_CHARS ? text : NULL);
  gtk_inscription_set_xalign (
      GTK_INSCRIPTION (ins),
      isnan (row->numbers[GPOINTER_TO_UINT (column)]) || g_str_has_prefix (text, "0x") ? 0 : 1);
}

/* Numbers by value (both numbers), else text; the same for every front end. */
static int
compare_cells (gconstpointer a, gconstpointer b, gpointer column)
{
  HsQueryRow *x = (HsQueryRow *)a, *y = (HsQueryRow *)b;
  guint c = GPOINTER_TO_UINT (column);
  double dx = x->numbers[c], dy = y->numbers[c];
  if (!isnan (dx) && !isnan (dy))
    return dx < dy ? GTK_ORDERING_SMALLER : dx > dy ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
  if (isnan (dx) != isnan (dy))
    return isnan (dx) ? GTK_ORDERING_LARGER : GTK_ORDERING_SMALLER;
  int r = g_strcmp0 (hs_query_row_cell (x, c), hs_query_row_cell (y, c));
  return r < 0 ? GTK_ORDERING_SMALLER : r > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static void
remove_columns (HsQueryView *self)
{
  GListModel *cols = gtk_column_view_get_columns (GTK_COLUMN_VIEW (self->table));
  while (g_list_model_get_n_items (cols) > 0)
    {
      g_autoptr (GtkColumnViewColumn) col = g_list_model_get_item (cols, 0);
      gtk_column_view_remove_column (GTK_COLUMN_VIEW (self->table), col);
    }
}

static void
add_columns (HsQueryView *self)
{
  for (guint i = 0; i < self->titles->len; i++)
    {
      GtkListItemFactory *f = gtk_signal_list_item_factory_new ();
      g_signal_connect (f, "setup", G_CALLBACK (setup_cell), NULL);
      g_signal_connect (f, "bind", G_CALLBACK (bind_cell), GUINT_TO_POINTER (i));
      GtkColumnViewColumn *col = gtk_column_view_column_new (g_ptr_array_index (self->titles, i), f);
      GtkSorter *sorter = GTK_SORTER (gtk_custom_sorter_new (compare_cells, GUINT_TO_POINTER (i), NULL));
      gtk_column_view_column_set_sorter (col, sorter);
      g_object_unref (sorter);
      gtk_column_view_column_set_resizable (col, TRUE);
      gtk_column_view_column_set_expand (col, TRUE);
      gtk_column_view_append_column (GTK_COLUMN_VIEW (self->table), col);
      g_object_unref (col);
    }
}

/* ---- the result --------------------------------------------------------- */

void
_hs_query_view_show_rows (HsQueryView *self, GPtrArray *titles, GPtrArray *rows, guint64 total)
{
  remove_columns (self);
  g_ptr_array_set_size (self->titles, 0);
  for (guint i = 0; i < titles->len; i++)
    g_ptr_array_add (self->titles, g_strdup (g_ptr_array_index (titles, i)));
  add_columns (self);
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)), rows->pdata,
                       rows->len);
  /* Another result: the answer about the rows before goes. */
  hs_selection_bar_reset (self->selection_bar);
  self->total = total;
}

void
_hs_query_view_clear_rows (HsQueryView *self)
{
  remove_columns (self);
  g_ptr_array_set_size (self->titles, 0);
  g_list_store_remove_all (self->store);
  hs_selection_bar_reset (self->selection_bar);
  self->total = 0;
}

/* Export (the header's Export button, as every view's): the rows shown. */
static gboolean
hs_query_view_write_csv (HsView *view, GString *out)
{
  HsQueryView *self = HS_QUERY_VIEW (view);
  HsCsv csv;

  if (self->titles->len == 0)
    return FALSE;
  hs_csv_init (&csv, out);
  hs_csv_header (&csv, (const char *const *)self->titles->pdata, self->titles->len);
  for (guint r = 0; r < hs_query_view_get_n_rows (self); r++)
    {
      for (guint c = 0; c < self->titles->len; c++)
        hs_csv_text (&csv, hs_query_view_get_cell (self, r, c));
      hs_csv_end_row (&csv);
    }
  return TRUE;
}

static void
on_row_activated (GtkColumnView *view, guint position, HsQueryView *self)
{
  hs_query_view_activate_row (self, position);
}

void
_hs_query_view_table_class_init (HsQueryViewClass *klass)
{
  GtkWidgetClass *wc = GTK_WIDGET_CLASS (klass);

  HS_VIEW_CLASS (klass)->write_csv = hs_query_view_write_csv;
  gtk_widget_class_install_action (wc, "rows.retained-size", "u", action_retained_size);
  gtk_widget_class_bind_template_callback (wc, on_row_activated);
}

void
_hs_query_view_table_init (HsQueryView *self)
{
  self->store = g_list_store_new (HS_TYPE_QUERY_ROW);
  self->sorted
      = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                 g_object_ref (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->table))));
  /* Several rows at a time: the bar below computes what the objects of
   * the rows selected retain together. */
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (self->sorted));
  g_signal_connect_object (self->selection, "selection-changed", G_CALLBACK (on_selection_changed), self, 0);
  hs_selection_bar_set_collect_func (self->selection_bar, collect_selection, self);
  gtk_column_view_set_model (GTK_COLUMN_VIEW (self->table), GTK_SELECTION_MODEL (self->selection));
  hs_column_view_scroll_top_on_sort (GTK_COLUMN_VIEW (self->table));
}

/* ---- the API ------------------------------------------------------------------ */

guint
hs_query_view_get_n_columns (HsQueryView *self)
{
  return self->titles->len;
}

const char *
hs_query_view_get_column_title (HsQueryView *self, guint column)
{
  return column < self->titles->len ? g_ptr_array_index (self->titles, column) : NULL;
}

guint
hs_query_view_get_n_rows (HsQueryView *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
}

const char *
hs_query_view_get_cell (HsQueryView *self, guint row, guint column)
{
  g_autoptr (HsQueryRow) r = g_list_model_get_item (G_LIST_MODEL (self->sorted), row);
  /* The store keeps the row alive after the local reference goes. */
  return r ? hs_query_row_cell (r, column) : NULL;
}

guint64
hs_query_view_get_total (HsQueryView *self)
{
  return self->total;
}

void
hs_query_view_sort_by (HsQueryView *self, guint column, GtkSortType order)
{
  g_autoptr (GtkColumnViewColumn) col
      = g_list_model_get_item (gtk_column_view_get_columns (GTK_COLUMN_VIEW (self->table)), column);
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->table), col, order);
}

gboolean
hs_query_view_activate_row (HsQueryView *self, guint row)
{
  g_autoptr (HsQueryRow) r = g_list_model_get_item (G_LIST_MODEL (self->sorted), row);
  if (!r || r->object == HS_OBJ_NONE)
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.inspect", "u", (guint32)r->object);
  return TRUE;
}

char *
hs_query_view_get_csv (HsQueryView *self)
{
  GString *out = g_string_new (NULL);

  hs_view_write_csv (HS_VIEW (self), out);
  return g_string_free (out, FALSE);
}
