/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-compare-list.c: HsCompareList (see the header). */
#include "config.h"
#include "hs-compare-list.h"

#include <string.h>

struct _HsCompareList
{
  GObject parent_instance;
  HsCompare *cmp;
  guint *shown; /* indexes into cmp->rows, in the order shown */
  guint n_shown;
  char **folded; /* casefolded names, made at the first filter */
  char *query;   /* casefolded, NULL: every row */
  HsCompareField field;
  gboolean descending;
  gboolean changed_only; /* rows that changed in some figure */
};

static GType
hs_compare_list_get_item_type (GListModel *model)
{
  return HS_TYPE_COMPARE_ITEM;
}

static guint
hs_compare_list_get_n_items (GListModel *model)
{
  return HS_COMPARE_LIST (model)->n_shown;
}

static gpointer
hs_compare_list_get_item (GListModel *model, guint position)
{
  HsCompareList *self = HS_COMPARE_LIST (model);

  if (position >= self->n_shown)
    return NULL;
  return hs_compare_item_new (G_OBJECT (self), &self->cmp->rows[self->shown[position]]);
}

static void
hs_compare_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = hs_compare_list_get_item_type;
  iface->get_n_items = hs_compare_list_get_n_items;
  iface->get_item = hs_compare_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (HsCompareList, hs_compare_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, hs_compare_list_model_init))

static void
hs_compare_list_finalize (GObject *object)
{
  HsCompareList *self = HS_COMPARE_LIST (object);

  g_clear_pointer (&self->cmp, hs_compare_free);
  g_free (self->shown);
  g_strfreev (self->folded);
  g_free (self->query);
  G_OBJECT_CLASS (hs_compare_list_parent_class)->finalize (object);
}

static void
hs_compare_list_class_init (HsCompareListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_compare_list_finalize;
}

static void
hs_compare_list_init (HsCompareList *self)
{
}

static int
shown_cmp (gconstpointer pa, gconstpointer pb, gpointer data)
{
  HsCompareList *self = data;
  const HsCompareRow *a = &self->cmp->rows[*(const guint *)pa];
  const HsCompareRow *b = &self->cmp->rows[*(const guint *)pb];
  gboolean numeric = self->field != HS_COMPARE_NAME && self->field != HS_COMPARE_STATUS;

  if (numeric)
    return self->descending ? hs_compare_row_cmp (a, b, self->field)
                            : hs_compare_row_cmp_ascending (a, b, self->field);
  return self->descending ? -hs_compare_row_cmp (a, b, self->field) : hs_compare_row_cmp (a, b, self->field);
}

/* The rows shown again, from the filter and the order. */
static void
refresh (HsCompareList *self)
{
  guint old = self->n_shown;

  self->n_shown = 0;
  for (guint i = 0; i < self->cmp->n_rows; i++)
    {
      const HsCompareRow *r = &self->cmp->rows[i];
      if (self->changed_only && r->status == HS_COMPARE_BOTH && r->delta.count == 0 && r->delta.shallow == 0
          && r->delta.retained == 0)
        continue;
      if (self->query == NULL || strstr (self->folded[i], self->query) != NULL)
        self->shown[self->n_shown++] = i;
    }
  g_qsort_with_data (self->shown, self->n_shown, sizeof (guint), shown_cmp, self);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, old, self->n_shown);
}

HsCompareList *
hs_compare_list_new (HsCompare *cmp)
{
  HsCompareList *self;

  g_return_val_if_fail (cmp != NULL, NULL);

  self = g_object_new (HS_TYPE_COMPARE_LIST, NULL);
  self->cmp = cmp;
  self->shown = g_new (guint, MAX (cmp->n_rows, 1));
  self->field = HS_COMPARE_DELTA_SHALLOW;
  self->descending = TRUE;
  self->changed_only = TRUE;
  refresh (self);
  return self;
}

const HsCompare *
hs_compare_list_get_compare (HsCompareList *self)
{
  g_return_val_if_fail (HS_IS_COMPARE_LIST (self), NULL);
  return self->cmp;
}

void
hs_compare_list_set_sort (HsCompareList *self, HsCompareField field, gboolean descending)
{
  g_return_if_fail (HS_IS_COMPARE_LIST (self));
  g_return_if_fail (field <= HS_COMPARE_PERCENT_RETAINED);

  if (self->field == field && self->descending == descending)
    return;
  self->field = field;
  self->descending = descending;
  refresh (self);
}

void
hs_compare_list_set_changed_only (HsCompareList *self, gboolean changed_only)
{
  g_return_if_fail (HS_IS_COMPARE_LIST (self));

  if (self->changed_only == !!changed_only)
    return;
  self->changed_only = !!changed_only;
  refresh (self);
}

void
hs_compare_list_set_filter (HsCompareList *self, const char *text)
{
  g_return_if_fail (HS_IS_COMPARE_LIST (self));

  g_clear_pointer (&self->query, g_free);
  if (text != NULL && text[0] != '\0')
    {
      self->query = g_utf8_casefold (text, -1);
      if (self->folded == NULL)
        {
          self->folded = g_new0 (char *, self->cmp->n_rows + 1);
          for (guint i = 0; i < self->cmp->n_rows; i++)
            self->folded[i] = g_utf8_casefold (self->cmp->rows[i].name, -1);
        }
    }
  refresh (self);
}
