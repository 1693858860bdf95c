/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-query-row.c: a result row of the Query view (see hs-query-row.h). */
#include "config.h"

#include <math.h>

#include "hs-query-row.h"

G_DEFINE_FINAL_TYPE (HsQueryRow, hs_query_row, G_TYPE_OBJECT)

static void
hs_query_row_finalize (GObject *object)
{
  HsQueryRow *self = HS_QUERY_ROW (object);
  g_strfreev (self->cells);
  g_free (self->numbers);
  G_OBJECT_CLASS (hs_query_row_parent_class)->finalize (object);
}

static void
hs_query_row_class_init (HsQueryRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_query_row_finalize;
}

static void
hs_query_row_init (HsQueryRow *self)
{
  self->object = HS_OBJ_NONE;
}

HsQueryRow *
hs_query_row_new (HsObj object, GStrv cells)
{
  HsQueryRow *self = g_object_new (HS_TYPE_QUERY_ROW, NULL);
  guint n = g_strv_length (cells);
  self->object = object;
  self->cells = cells;
  self->numbers = g_new (double, n + 1);
  for (guint i = 0; i < n; i++)
    {
      char *end = NULL;
      const char *c = cells[i];
      double d = NAN;
      /* Hex ids sort by value too. */
      if (g_str_has_prefix (c, "0x"))
        d = (double)g_ascii_strtoull (c + 2, &end, 16);
      else if (*c)
        d = g_ascii_strtod (c, &end);
      self->numbers[i] = end && *end == '\0' && end != c ? d : NAN;
    }
  return self;
}

const char *
hs_query_row_cell (HsQueryRow *row, guint column)
{
  return column < g_strv_length (row->cells) ? row->cells[column] : "";
}
