/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-trace-rows.c: the rows of a trace view (see hs-trace-rows.h). */
#include "config.h"
#include "hs-trace-rows.h"

struct _HsTraceRows
{
  GObject parent_instance;
  guint n;
};

static GType
hs_trace_rows_get_item_type (GListModel *model)
{
  return HS_TYPE_TRACE_ROW;
}

static guint
hs_trace_rows_get_n_items (GListModel *model)
{
  return HS_TRACE_ROWS (model)->n;
}

static gpointer
hs_trace_rows_get_item (GListModel *model, guint position)
{
  if (position >= HS_TRACE_ROWS (model)->n)
    return NULL;
  return hs_trace_row_new (position);
}

static void
hs_trace_rows_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = hs_trace_rows_get_item_type;
  iface->get_n_items = hs_trace_rows_get_n_items;
  iface->get_item = hs_trace_rows_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (HsTraceRows, hs_trace_rows, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, hs_trace_rows_iface_init))

static void
hs_trace_rows_class_init (HsTraceRowsClass *klass)
{
}

static void
hs_trace_rows_init (HsTraceRows *self)
{
}

HsTraceRows *
hs_trace_rows_new (void)
{
  return g_object_new (HS_TYPE_TRACE_ROWS, NULL);
}

/* Two signals, not one: GTK 4.8's list view looks every added item up among
 * the removed ones when a change does both (a get_item per added row), so
 * removing then adding keeps a 100,000-row change to the rows it shows. */
void
hs_trace_rows_reset (HsTraceRows *self, guint n)
{
  guint old;

  g_return_if_fail (HS_IS_TRACE_ROWS (self));

  old = self->n;
  self->n = 0;
  if (old > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, old, 0);
  self->n = n;
  if (n > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, 0, n);
}
