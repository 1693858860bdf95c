/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-more-row.c: HsMoreRow, the "show more" / "show all" row at the end
 * of an HsPagedList (see the header). */
#include "config.h"
#include "hs-more-row.h"
#include "hs-paged-list.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

struct _HsMoreRow
{
  GObject parent_instance;
  GWeakRef list;
  HsMoreRowKind kind;
  gsize shown, total;
};

G_DEFINE_FINAL_TYPE (HsMoreRow, hs_more_row, G_TYPE_OBJECT)

static void
hs_more_row_finalize (GObject *object)
{
  g_weak_ref_clear (&HS_MORE_ROW (object)->list);
  G_OBJECT_CLASS (hs_more_row_parent_class)->finalize (object);
}

static void
hs_more_row_class_init (HsMoreRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_more_row_finalize;
}

static void
hs_more_row_init (HsMoreRow *self)
{
  g_weak_ref_init (&self->list, NULL);
}

HsMoreRow *
hs_more_row_new (GListModel *list, HsMoreRowKind kind, gsize shown, gsize total)
{
  HsMoreRow *self;

  g_return_val_if_fail (HS_IS_PAGED_LIST (list), NULL);

  self = g_object_new (HS_TYPE_MORE_ROW, NULL);
  g_weak_ref_set (&self->list, list);
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

gsize
hs_more_row_get_shown (HsMoreRow *self)
{
  g_return_val_if_fail (HS_IS_MORE_ROW (self), 0);
  return self->shown;
}

gsize
hs_more_row_get_total (HsMoreRow *self)
{
  g_return_val_if_fail (HS_IS_MORE_ROW (self), 0);
  return self->total;
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
  g_autoptr (HsPagedList) list = NULL;

  g_return_if_fail (HS_IS_MORE_ROW (self));
  list = g_weak_ref_get (&self->list);
  if (list == NULL)
    return;
  if (self->kind == HS_MORE_ROW_ALL)
    hs_paged_list_show_all (list);
  else
    hs_paged_list_show_more (list);
}
