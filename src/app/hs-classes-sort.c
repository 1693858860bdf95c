/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-classes-sort.c: the classes view's rows in the order of the column
 * sorted (hs-class-order.h), a part of HsClassesView
 * (hs-classes-view-private.h). */
#include "config.h"
#include "hs-classes-view-private.h"
#include "hs-class-order.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

/* The rows in the order of the column sorted: computed on a worker for a
 * big table (the click returns at once; the rows change when it is done,
 * and a newer click cancels it), at once for a small one. Until the first
 * order is there, the table shows no rows. */
void
_hs_classes_view_cancel_order (HsClassesView *self)
{
  if (self->sort_cancellable != NULL)
    g_cancellable_cancel (self->sort_cancellable);
  g_clear_object (&self->sort_cancellable);
}

static void
show_order (HsClassesView *self, guint32 *order)
{
  hs_class_model_set_order (self->class_model, order);
  if (gtk_filter_list_model_get_model (self->class_filter_model) != G_LIST_MODEL (self->class_model))
    gtk_filter_list_model_set_model (self->class_filter_model, G_LIST_MODEL (self->class_model));
  _hs_classes_view_update_status (self);
}

static void
order_done (GObject *source, GAsyncResult *result, gpointer data)
{
  HsClassesView *self = HS_CLASSES_VIEW (source);
  g_autoptr (HsClassModel) model = data;
  g_autoptr (GError) error = NULL;
  guint32 *order = hs_class_order_sort_finish (result, &error);

  /* Cancelled: another column, another table, or the view is gone. */
  if (hs_task_failed (GTK_WIDGET (self), error, _ ("Could not sort the classes")))
    return;
  if (model != self->class_model)
    {
      g_free (order);
      return;
    }
  g_clear_object (&self->sort_cancellable);
  show_order (self, order);
}

void
_hs_classes_view_order_rows (HsClassesView *self)
{
  HsClassTable *table;

  if (self->class_model == NULL
      || (self->ordered && self->ordered_by == self->sort_column && self->ordered_dir == self->sort_order))
    return;
  _hs_classes_view_cancel_order (self);
  table = hs_class_model_get_table (self->class_model);
  self->ordered = TRUE;
  self->ordered_by = self->sort_column;
  self->ordered_dir = self->sort_order;
  if (g_list_model_get_n_items (G_LIST_MODEL (self->class_model)) < HS_CLASS_ORDER_WORKER_MIN)
    {
      show_order (self, hs_class_order_sort (table, self->sort_column, self->sort_order, NULL));
      return;
    }
  self->sort_cancellable = g_cancellable_new ();
  hs_class_order_sort_async (self, hs_view_get_loader (HS_VIEW (self)), table, self->sort_column,
                             self->sort_order, self->sort_cancellable, order_done,
                             g_object_ref (self->class_model));
}

gboolean
hs_classes_view_is_sorting (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), FALSE);
  return self->sort_cancellable != NULL;
}

void
_hs_classes_view_order_now (HsClassesView *self)
{
  if (self->sort_cancellable == NULL || self->class_model == NULL)
    return;
  _hs_classes_view_cancel_order (self);
  show_order (self, hs_class_order_sort (hs_class_model_get_table (self->class_model), self->ordered_by,
                                         self->ordered_dir, NULL));
}
