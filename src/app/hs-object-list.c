/* hs-object-list.c: HsObjectList, a list model over a flat array of object
 * indexes (borrowed from the analysis or owned), one tiny row per
 * get_item. */
#include "config.h"
#include "hs-object-list.h"

struct _HsObjectList
{
  GObject parent_instance;
  HsLoader *loader;
  const HsObj *items;
  gsize n;
  GArray *owned;
};

static GType
hs_object_list_get_item_type (GListModel *model)
{
  return HS_TYPE_OBJECT_ROW;
}

static guint
hs_object_list_get_n_items (GListModel *model)
{
  return (guint) MIN (HS_OBJECT_LIST (model)->n, G_MAXUINT);
}

static gpointer
hs_object_list_get_item (GListModel *model, guint position)
{
  HsObjectList *self = HS_OBJECT_LIST (model);
  if (position >= self->n)
    return NULL;
  return hs_object_row_new (self->loader, self->items[position]);
}

static void
hs_object_list_model_init (GListModelInterface *iface)
{
  iface->get_item_type = hs_object_list_get_item_type;
  iface->get_n_items = hs_object_list_get_n_items;
  iface->get_item = hs_object_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (HsObjectList, hs_object_list, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, hs_object_list_model_init))

static void
hs_object_list_finalize (GObject *object)
{
  HsObjectList *self = HS_OBJECT_LIST (object);
  g_clear_pointer (&self->owned, g_array_unref);
  g_clear_object (&self->loader);
  G_OBJECT_CLASS (hs_object_list_parent_class)->finalize (object);
}

static void
hs_object_list_class_init (HsObjectListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_object_list_finalize;
}

static void
hs_object_list_init (HsObjectList *self)
{
}

HsObjectList *
hs_object_list_new_borrowed (HsLoader *loader, const HsObj *items, gsize n)
{
  HsObjectList *self;

  g_return_val_if_fail (HS_IS_LOADER (loader), NULL);

  self = g_object_new (HS_TYPE_OBJECT_LIST, NULL);
  self->loader = g_object_ref (loader);
  self->items = items;
  self->n = items != NULL ? n : 0;
  return self;
}

HsObjectList *
hs_object_list_new_take (HsLoader *loader, GArray *items)
{
  HsObjectList *self;

  g_return_val_if_fail (HS_IS_LOADER (loader), NULL);
  g_return_val_if_fail (items != NULL, NULL);

  self = g_object_new (HS_TYPE_OBJECT_LIST, NULL);
  self->loader = g_object_ref (loader);
  self->owned = items;
  self->items = (const HsObj *) items->data;
  self->n = items->len;
  return self;
}

HsObj
hs_object_list_get_obj (HsObjectList *self, guint position)
{
  g_return_val_if_fail (HS_IS_OBJECT_LIST (self), HS_OBJ_NONE);
  return position < self->n ? self->items[position] : HS_OBJ_NONE;
}

/* moves to hs-query: engine logic (hs_query_instances_of_class), kept
 * here until that unit lands. */

typedef struct {
  const guint64 *retained;
  const guint32 *shallow;
} InstanceSortData;

static int
compare_instances (gconstpointer pa, gconstpointer pb, gpointer user_data)
{
  const InstanceSortData *d = user_data;
  HsObj a = *(const HsObj *) pa, b = *(const HsObj *) pb;
  guint64 ra = d->retained != NULL ? d->retained[a] : 0;
  guint64 rb = d->retained != NULL ? d->retained[b] : 0;

  if (ra != rb)
    return ra > rb ? -1 : 1;
  if (d->shallow[a] != d->shallow[b])
    return d->shallow[a] > d->shallow[b] ? -1 : 1;
  return a < b ? -1 : a > b;
}

GArray *
hs_instances_of_class (HsAnalysis *analysis, HsClass c)
{
  HsHeap *heap;
  guint64 n;
  GArray *out;
  InstanceSortData d;

  g_return_val_if_fail (analysis != NULL, NULL);

  heap = analysis->heap;
  n = hs_heap_n_objects (heap);
  out = g_array_new (FALSE, FALSE, sizeof (HsObj));
  /* One linear scan; the class table has no per-class instance lists. */
  for (guint64 i = 0; i < n; i++)
    {
      HsObj o = (HsObj) i;
      if (hs_heap_object_class (heap, o) == c)
        g_array_append_val (out, o);
    }

  d.retained = analysis->dom != NULL ? analysis->dom->retained : NULL;
  d.shallow = hs_heap_shallow_sizes (heap);
  g_array_sort_with_data (out, compare_instances, &d);
  return out;
}
