/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-trace-row.c: one row of a trace view's list (see hs-trace-row.h). */
#include "config.h"
#include "hs-trace-row.h"

struct _HsTraceRow
{
  GObject parent_instance;
  guint position;
};

G_DEFINE_FINAL_TYPE (HsTraceRow, hs_trace_row, G_TYPE_OBJECT)

static void
hs_trace_row_class_init (HsTraceRowClass *klass)
{
}

static void
hs_trace_row_init (HsTraceRow *self)
{
}

HsTraceRow *
hs_trace_row_new (guint position)
{
  HsTraceRow *self = g_object_new (HS_TYPE_TRACE_ROW, NULL);

  self->position = position;
  return self;
}

guint
hs_trace_row_get_position (HsTraceRow *self)
{
  g_return_val_if_fail (HS_IS_TRACE_ROW (self), 0);
  return self->position;
}
