/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-model.c: HsClassModel (position = class index, or the class at
 * that position of the order set) and the column sorters of the classes
 * view. */
#include "config.h"
#include "hs-class-model.h"
#include "hs-class-order.h"

#include <string.h>

struct _HsClassModel
{
  GObject parent_instance;
  HsLoader *loader;
  HsClassTable *table;
  guint n;
  guint32 *order; /* n class indexes, or NULL: by index */
  /* The row of each class once asked for (by class index; a class is a
   * row, not a heap object): after a new order the column view finds the
   * rows it shows among the same objects and keeps their cells. With a
   * new row per get_item, showing a new order of 12,000 classes took
   * 170-210 ms on the UI thread, with these 90-100 ms (test-class-sort,
   * loaded machine). */
  HsClassRow **rows;
};

static GType
hs_class_model_get_item_type (GListModel *model)
{
  return HS_TYPE_CLASS_ROW;
}

static guint
hs_class_model_get_n_items (GListModel *model)
{
  return HS_CLASS_MODEL (model)->n;
}

static gpointer
hs_class_model_get_item (GListModel *model, guint position)
{
  HsClassModel *self = HS_CLASS_MODEL (model);
  guint c;

  if (position >= self->n)
    return NULL;
  c = self->order != NULL ? self->order[position] : position;
  if (self->rows[c] == NULL)
    self->rows[c] = hs_class_row_new (self->loader, c, self->table);
  return g_object_ref (self->rows[c]);
}

static void
hs_class_model_model_init (GListModelInterface *iface)
{
  iface->get_item_type = hs_class_model_get_item_type;
  iface->get_n_items = hs_class_model_get_n_items;
  iface->get_item = hs_class_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (HsClassModel, hs_class_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, hs_class_model_model_init))

static void
hs_class_model_finalize (GObject *object)
{
  HsClassModel *self = HS_CLASS_MODEL (object);

  for (guint c = 0; c < self->n && self->rows != NULL; c++)
    g_clear_object (&self->rows[c]);
  g_clear_pointer (&self->rows, g_free);
  g_clear_pointer (&self->order, g_free);
  g_clear_object (&self->loader);
  g_clear_pointer (&self->table, hs_class_table_unref);
  G_OBJECT_CLASS (hs_class_model_parent_class)->finalize (object);
}

static void
hs_class_model_class_init (HsClassModelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_class_model_finalize;
}

static void
hs_class_model_init (HsClassModel *self)
{
}

HsClassModel *
hs_class_model_new (HsLoader *loader, HsClassTable *table)
{
  HsClassModel *self;
  HsAnalysis *a;

  g_return_val_if_fail (HS_IS_LOADER (loader), NULL);

  self = g_object_new (HS_TYPE_CLASS_MODEL, NULL);
  a = hs_loader_get_analysis (loader);
  self->loader = g_object_ref (loader);
  self->table = table != NULL ? hs_class_table_ref (table) : NULL;
  self->n = a != NULL ? hs_heap_n_classes (a->heap) : 0;
  self->rows = g_new0 (HsClassRow *, (gsize)self->n + 1);
  return self;
}

HsClassTable *
hs_class_model_get_table (HsClassModel *self)
{
  g_return_val_if_fail (HS_IS_CLASS_MODEL (self), NULL);
  return self->table;
}

void
hs_class_model_set_order (HsClassModel *self, guint32 *order)
{
  g_return_if_fail (HS_IS_CLASS_MODEL (self));

  g_free (self->order);
  self->order = order;
  if (self->n > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, self->n, self->n);
}

/* --- sorters ----------------------------------------------------------- */

static int
compare_class_rows (gconstpointer pa, gconstpointer pb, gpointer user_data)
{
  HsClassRow *a = (HsClassRow *)pa, *b = (HsClassRow *)pb;
  HsClassColumn column = GPOINTER_TO_UINT (user_data);
  gboolean by_name = column == HS_CLASS_COLUMN_NAME;

  return hs_class_order_compare (by_name ? 0 : hs_class_row_get_value (a, column), hs_class_row_get_name (a),
                                 hs_class_row_get_class (a), by_name ? 0 : hs_class_row_get_value (b, column),
                                 hs_class_row_get_name (b), hs_class_row_get_class (b));
}

GtkSorter *
hs_class_sorter_new (HsClassColumn column)
{
  g_return_val_if_fail (column < HS_CLASS_N_COLUMNS, NULL);
  return GTK_SORTER (gtk_custom_sorter_new (compare_class_rows, GUINT_TO_POINTER (column), NULL));
}
