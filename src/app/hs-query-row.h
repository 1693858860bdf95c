/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-query-row.h: one row of the Query view's result table: its cells as
 * text (and as numbers, for sorting) and its object, if the row is one.
 * Rows are made for the rows shown only (the view keeps at most
 * HS_QUERY_VIEW_MAX_ROWS of a result). */
#pragma once

#include <glib-object.h>
#include "hs-types.h"

G_BEGIN_DECLS

#define HS_TYPE_QUERY_ROW (hs_query_row_get_type ())
G_DECLARE_FINAL_TYPE (HsQueryRow, hs_query_row, HS, QUERY_ROW, GObject)

struct _HsQueryRow
{
  GObject parent_instance;
  HsObj object;    /* HS_OBJ_NONE: a table row */
  GStrv cells;     /* one per column */
  double *numbers; /* a cell's number, NAN when it is not one */
};

/* Takes cells; numbers are parsed from them. */
HsQueryRow *hs_query_row_new (HsObj object, GStrv cells);
const char *hs_query_row_cell (HsQueryRow *row, guint column);

G_END_DECLS
