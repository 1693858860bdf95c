/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-compare-cells-private.h: the Compare view's columns (their order,
 * titles and fields) and the factories of their cells. */
#pragma once

#include <gtk/gtk.h>
#include "hs-compare.h"

G_BEGIN_DECLS

#define HS_COMPARE_N_COLUMNS 14

HsCompareField hs_compare_column_field (guint column);
/* Translated. */
const char *hs_compare_column_title (guint column);
/* Cells of GtkListItems holding HsCompareItem. */
GtkListItemFactory *hs_compare_cell_factory_new (guint column);

G_END_DECLS
