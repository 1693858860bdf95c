/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-more-row.c: HsMoreRow, the "show more" / "show all" row at the end
 * of a paged list (see the header). */
#include "config.h"
#include "hs-more-row.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

struct _HsMoreRow
{
  GObject parent_instance;
  HsMoreRowKind kind;
  gsize shown, total;
};

G_DEFINE_FINAL_TYPE (HsMoreRow, hs_more_row, G_TYPE_OBJECT)

enum
{
  ACTIVATE,
  N_SIGNALS
};
static guint signals[N_SIGNALS];

static void
hs_more_row_class_init (HsMoreRowClass *klass)
{
  /* The list that made the row shows more: the row does not know it. */
  signals[ACTIVATE] = g_signal_new ("activate", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                                    NULL, G_TYPE_NONE, 0);
}

static void
hs_more_row_init (HsMoreRow *self)
{
}

HsMoreRow *
hs_more_row_new (HsMoreRowKind kind, gsize shown, gsize total)
{
  HsMoreRow *self = g_object_new (HS_TYPE_MORE_ROW, NULL);

  self->kind = kind;
  self->shown = shown;
  self->total = total;
  return self;
}

HsMoreRowKind
hs_more_row_get_kind (HsMoreRow *self)
{
  g_return_val_if_fail (HS_IS_MORE_ROW (self), HS_MORE_ROW_NEXT_PAGE);
  return self->kind;
}

char *
hs_more_row_get_text (HsMoreRow *self)
{
  g_autofree char *shown = NULL;
  g_autofree char *total = NULL;

  g_return_val_if_fail (HS_IS_MORE_ROW (self), NULL);
  shown = hs_format_count (self->shown);
  total = hs_format_count (self->total);
  if (self->kind == HS_MORE_ROW_ALL)
    /* TRANSLATORS: the last row of a long list in the dominator tree */
    return g_strdup_printf (_ ("Show all %s"), total);
  /* TRANSLATORS: the row after the first rows of a long list in the
   * dominator tree: "1,000 of 8,123,456 shown – show more" */
  return g_strdup_printf (_ ("%s of %s shown – show more"), shown, total);
}

void
hs_more_row_activate (HsMoreRow *self)
{
  g_return_if_fail (HS_IS_MORE_ROW (self));
  g_signal_emit (self, signals[ACTIVATE], 0);
}
