/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-compare-cells.c: the Compare view's columns and their cells: counts
 * with the locale's grouping, sizes in SI units, changes signed, percents
 * only where the baseline is not 0 (docs/semantics.md), zero changes dimmed. */
#include "config.h"
#include "hs-compare-cells-private.h"
#include "hs-compare-item.h"
#include "hs-format.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

typedef enum
{
  KIND_NAME,
  KIND_STATUS,
  KIND_COUNT,
  KIND_BYTES,
  KIND_COUNT_DELTA,
  KIND_BYTES_DELTA,
  KIND_PERCENT,
} CellKind;

typedef struct
{
  HsCompareField field;
  CellKind kind;
  const char *title; /* N_() */
} ColumnInfo;

/* In the table's order: each figure before, now, its change and percent. */
static const ColumnInfo columns[] = {
  { HS_COMPARE_NAME, KIND_NAME, N_ ("Class") },
  { HS_COMPARE_STATUS, KIND_STATUS, N_ ("Status") },
  /* What grew first, as the default order ranks it: objects and shallow
   * bytes in view without scrolling sideways, retained growth beside. */
  { HS_COMPARE_BASELINE_COUNT, KIND_COUNT, N_ ("Objects Before") },
  { HS_COMPARE_CURRENT_COUNT, KIND_COUNT, N_ ("Objects Now") },
  { HS_COMPARE_DELTA_COUNT, KIND_COUNT_DELTA, N_ ("Objects ±") },
  { HS_COMPARE_PERCENT_COUNT, KIND_PERCENT, N_ ("Objects (%)") },
  { HS_COMPARE_BASELINE_SHALLOW, KIND_BYTES, N_ ("Shallow Before") },
  { HS_COMPARE_CURRENT_SHALLOW, KIND_BYTES, N_ ("Shallow Now") },
  { HS_COMPARE_DELTA_SHALLOW, KIND_BYTES_DELTA, N_ ("Shallow ±") },
  { HS_COMPARE_PERCENT_SHALLOW, KIND_PERCENT, N_ ("Shallow (%)") },
  { HS_COMPARE_BASELINE_RETAINED, KIND_BYTES, N_ ("Retained Before") },
  { HS_COMPARE_CURRENT_RETAINED, KIND_BYTES, N_ ("Retained Now") },
  { HS_COMPARE_DELTA_RETAINED, KIND_BYTES_DELTA, N_ ("Retained ±") },
  { HS_COMPARE_PERCENT_RETAINED, KIND_PERCENT, N_ ("Retained (%)") },
};
G_STATIC_ASSERT (G_N_ELEMENTS (columns) == HS_COMPARE_N_COLUMNS);

static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  const ColumnInfo *info = &columns[GPOINTER_TO_UINT (data)];
  GtkWidget *cell = gtk_inscription_new (NULL);
  gboolean numeric = info->kind != KIND_NAME && info->kind != KIND_STATUS;

  gtk_inscription_set_xalign (GTK_INSCRIPTION (cell), numeric ? 1.0 : 0.0);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), info->kind == KIND_NAME
                                                                 ? GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_MIDDLE
                                                                 : GTK_INSCRIPTION_OVERFLOW_CLIP);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), info->kind == KIND_NAME ? 20 : numeric ? 7 : 4);
  if (numeric)
    gtk_widget_add_css_class (cell, "hs-numeric");
  gtk_list_item_set_child (item, cell);
}

static void
row_values (const HsCompareRow *row, HsCompareField field, guint64 *base, gint64 *delta)
{
  switch (field)
    {
      case HS_COMPARE_PERCENT_COUNT:
        *base = row->baseline.count;
        *delta = row->delta.count;
        break;
      case HS_COMPARE_PERCENT_SHALLOW:
        *base = row->baseline.shallow;
        *delta = row->delta.shallow;
        break;
      default:
        *base = row->baseline.retained;
        *delta = row->delta.retained;
        break;
    }
}

static guint64
row_u64 (const HsCompareRow *row, HsCompareField field)
{
  switch (field)
    {
      case HS_COMPARE_BASELINE_COUNT: return row->baseline.count;
      case HS_COMPARE_BASELINE_SHALLOW: return row->baseline.shallow;
      case HS_COMPARE_BASELINE_RETAINED: return row->baseline.retained;
      case HS_COMPARE_CURRENT_COUNT: return row->current.count;
      case HS_COMPARE_CURRENT_SHALLOW: return row->current.shallow;
      case HS_COMPARE_CURRENT_RETAINED: return row->current.retained;
      default: return 0;
    }
}

static gint64
row_delta (const HsCompareRow *row, HsCompareField field)
{
  switch (field)
    {
      case HS_COMPARE_DELTA_COUNT: return row->delta.count;
      case HS_COMPARE_DELTA_SHALLOW: return row->delta.shallow;
      default: return row->delta.retained;
    }
}

static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  const ColumnInfo *info = &columns[GPOINTER_TO_UINT (data)];
  const HsCompareRow *row = hs_compare_item_get_row (gtk_list_item_get_item (item));
  GtkInscription *cell = GTK_INSCRIPTION (gtk_list_item_get_child (item));
  g_autofree char *text = NULL;
  const char *tooltip = NULL;
  gboolean dim = FALSE;
  guint64 base;
  gint64 delta;
  double p;

  switch (info->kind)
    {
      case KIND_NAME:
        text = g_strdup (row->name);
        tooltip = row->name;
        break;
      case KIND_STATUS:
        text = g_strdup (row->status == HS_COMPARE_NEW    ? _ ("new")
                         : row->status == HS_COMPARE_GONE ? _ ("gone")
                                                          : "");
        break;
      case KIND_COUNT: text = hs_format_count (row_u64 (row, info->field)); break;
      case KIND_BYTES: text = hs_format_bytes (row_u64 (row, info->field)); break;
      case KIND_COUNT_DELTA:
        delta = row_delta (row, info->field);
        text = hs_compare_format_count_delta (delta);
        dim = delta == 0;
        break;
      case KIND_BYTES_DELTA:
        delta = row_delta (row, info->field);
        text = hs_compare_format_bytes_delta (delta);
        dim = delta == 0;
        break;
      case KIND_PERCENT:
      default:
        row_values (row, info->field, &base, &delta);
        if (hs_compare_percent (base, delta, &p))
          text = g_strdup_printf ("%+.1f%%", p);
        else
          {
            /* No percent of nothing (docs/semantics.md). */
            text = g_strdup ("—");
            tooltip = _ ("0 in the baseline");
          }
        dim = delta == 0;
        break;
    }
  gtk_inscription_set_text (cell, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (cell), tooltip);
  gtk_widget_set_opacity (GTK_WIDGET (cell), dim ? 0.45 : 1.0);
}

HsCompareField
hs_compare_column_field (guint column)
{
  g_return_val_if_fail (column < HS_COMPARE_N_COLUMNS, HS_COMPARE_NAME);
  return columns[column].field;
}

const char *
hs_compare_column_title (guint column)
{
  g_return_val_if_fail (column < HS_COMPARE_N_COLUMNS, "");
  return _ (columns[column].title);
}

GtkListItemFactory *
hs_compare_cell_factory_new (guint column)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_return_val_if_fail (column < HS_COMPARE_N_COLUMNS, factory);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GUINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GUINT_TO_POINTER (column));
  return factory;
}
