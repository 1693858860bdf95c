/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paged-list.c: HsPagedList, the first pages of a list and its "show
 * more" rows (see the header). */
#include "config.h"
#include "hs-paged-list.h"

struct _HsPagedList
{
  GObject parent_instance;
  GListModel *rows;
  gsize page;
  gsize limit; /* rows shown at most; G_MAXSIZE: all */
  /* What was announced last: rows shown, more rows after them. */
  guint shown;
  guint n_more;
  HsMoreRow *more[2]; /* made when asked for, dropped when the counts change */
};

static void hs_paged_list_model_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HsPagedList, hs_paged_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, hs_paged_list_model_init))

/* The more rows for this many shown of total: "show more" while rows are
 * hidden, and "show all" beside it once the user has asked for a page. */
static guint
more_rows (HsPagedList *self, guint shown, guint total)
{
  if (shown >= total)
    return 0;
  return shown > self->page ? 2 : 1;
}

static void
on_more_activate (HsMoreRow *row, HsPagedList *self)
{
  if (hs_more_row_get_kind (row) == HS_MORE_ROW_ALL)
    hs_paged_list_show_all (self);
  else
    hs_paged_list_show_more (self);
}

static GType
hs_paged_list_get_item_type (GListModel *model)
{
  return G_TYPE_OBJECT;
}

static guint
hs_paged_list_get_n_items (GListModel *model)
{
  HsPagedList *self = HS_PAGED_LIST (model);
  return self->shown + self->n_more;
}

static gpointer
hs_paged_list_get_item (GListModel *model, guint position)
{
  HsPagedList *self = HS_PAGED_LIST (model);
  guint k;

  if (position < self->shown)
    return g_list_model_get_item (self->rows, position);
  k = position - self->shown;
  if (k >= self->n_more)
    return NULL;
  if (self->more[k] == NULL)
    {
      self->more[k] = hs_more_row_new (k == 0 ? HS_MORE_ROW_NEXT_PAGE : HS_MORE_ROW_ALL, self->shown,
                                       g_list_model_get_n_items (self->rows));
      /* A row outliving the list (held by a list item) does nothing. */
      g_signal_connect_object (self->more[k], "activate", G_CALLBACK (on_more_activate), self, 0);
    }
  return g_object_ref (self->more[k]);
}

static void
hs_paged_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = hs_paged_list_get_item_type;
  iface->get_n_items = hs_paged_list_get_n_items;
  iface->get_item = hs_paged_list_get_item;
}

/* Recomputes what is shown and announces the items from position from
 * on (the rows before it are unchanged). */
static void
update (HsPagedList *self, guint from)
{
  guint total = g_list_model_get_n_items (self->rows);
  guint before = self->shown + self->n_more;
  guint shown = (guint)MIN ((gsize)total, self->limit);
  guint after;

  from = MIN (from, MIN (self->shown, shown));
  self->shown = shown;
  self->n_more = more_rows (self, shown, total);
  g_clear_object (&self->more[0]);
  g_clear_object (&self->more[1]);
  after = self->shown + self->n_more;
  if (before - from > 0 || after - from > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), from, before - from, after - from);
}

static void
on_rows_changed (GListModel *rows, guint position, guint removed, guint added, HsPagedList *self)
{
  update (self, position);
}

static void
hs_paged_list_dispose (GObject *object)
{
  HsPagedList *self = HS_PAGED_LIST (object);

  if (self->rows != NULL)
    g_signal_handlers_disconnect_by_func (self->rows, on_rows_changed, self);
  g_clear_object (&self->rows);
  g_clear_object (&self->more[0]);
  g_clear_object (&self->more[1]);
  G_OBJECT_CLASS (hs_paged_list_parent_class)->dispose (object);
}

static void
hs_paged_list_class_init (HsPagedListClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = hs_paged_list_dispose;
}

static void
hs_paged_list_init (HsPagedList *self)
{
}

HsPagedList *
hs_paged_list_new (GListModel *rows, gsize page)
{
  HsPagedList *self;
  guint total;

  g_return_val_if_fail (G_IS_LIST_MODEL (rows), NULL);

  self = g_object_new (HS_TYPE_PAGED_LIST, NULL);
  self->rows = g_object_ref (rows);
  self->page = page > 0 ? page : G_MAXSIZE;
  self->limit = self->page;
  total = g_list_model_get_n_items (rows);
  self->shown = (guint)MIN ((gsize)total, self->limit);
  self->n_more = more_rows (self, self->shown, total);
  g_signal_connect (rows, "items-changed", G_CALLBACK (on_rows_changed), self);
  return self;
}

void
hs_paged_list_show_more (HsPagedList *self)
{
  g_return_if_fail (HS_IS_PAGED_LIST (self));
  /* From what is shown, so that a list that grew shows one page more. */
  self->limit = (gsize)self->shown + MIN (self->page, G_MAXSIZE - self->shown);
  update (self, self->shown);
}

void
hs_paged_list_show_all (HsPagedList *self)
{
  g_return_if_fail (HS_IS_PAGED_LIST (self));
  self->limit = G_MAXSIZE;
  update (self, self->shown);
}
