/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-more-row.h: the last rows of a list shown one page at a time
 * (HsPagedList, Eclipse MAT's way with a node of millions of children):
 * "1,000 of 8,123,456 shown – show more", and once more than a page is
 * shown "Show all 8,123,456". Activating one emits "activate": the list
 * that made it shows its next page, or every row. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  HS_MORE_ROW_NEXT_PAGE,
  HS_MORE_ROW_ALL,
} HsMoreRowKind;

#define HS_TYPE_MORE_ROW (hs_more_row_get_type ())
G_DECLARE_FINAL_TYPE (HsMoreRow, hs_more_row, HS, MORE_ROW, GObject)

/* shown of total rows are shown. */
HsMoreRow *hs_more_row_new (HsMoreRowKind kind, gsize shown, gsize total);
HsMoreRowKind hs_more_row_get_kind (HsMoreRow *self);
/* What the row says (translated, counts grouped by the locale). */
char *hs_more_row_get_text (HsMoreRow *self);
/* Emits "activate" (no arguments): its list shows the next page
 * (NEXT_PAGE) or every row (ALL); nothing once the list is gone. */
void hs_more_row_activate (HsMoreRow *self);

G_END_DECLS
