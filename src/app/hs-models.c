/* hs-models.c: on-demand row objects over flat engine arrays. */
#include "config.h"
#include "hs-models.h"

#include <string.h>

/* --- HsObjectRow ------------------------------------------------------- */

struct _HsObjectRow
{
  GObject parent_instance;
  HsLoader *loader;
  HsObj obj;
};

G_DEFINE_FINAL_TYPE (HsObjectRow, hs_object_row, G_TYPE_OBJECT)

static void
hs_object_row_finalize (GObject *object)
{
  g_clear_object (&HS_OBJECT_ROW (object)->loader);
  G_OBJECT_CLASS (hs_object_row_parent_class)->finalize (object);
}

static void
hs_object_row_class_init (HsObjectRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_object_row_finalize;
}

static void
hs_object_row_init (HsObjectRow *self)
{
}

HsObjectRow *
hs_object_row_new (HsLoader *loader, HsObj obj)
{
  HsObjectRow *self = g_object_new (HS_TYPE_OBJECT_ROW, NULL);
  self->loader = g_object_ref (loader);
  self->obj = obj;
  return self;
}

HsObj hs_object_row_get_obj (HsObjectRow *self) { return self->obj; }
HsLoader *hs_object_row_get_loader (HsObjectRow *self) { return self->loader; }

guint64
hs_object_row_get_retained (HsObjectRow *self)
{
  HsAnalysis *a = hs_loader_get_analysis (self->loader);
  if (a == NULL || a->dom == NULL || self->obj >= a->dom->n)
    return 0;
  return a->dom->retained[self->obj];
}

guint64
hs_object_row_get_shallow (HsObjectRow *self)
{
  HsAnalysis *a = hs_loader_get_analysis (self->loader);
  if (a == NULL)
    return 0;
  return hs_heap_object_shallow (a->heap, self->obj);
}

/* --- HsObjectList ------------------------------------------------------ */

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
  HsObjectList *self = g_object_new (HS_TYPE_OBJECT_LIST, NULL);
  self->loader = g_object_ref (loader);
  self->items = items;
  self->n = items != NULL ? n : 0;
  return self;
}

HsObjectList *
hs_object_list_new_take (HsLoader *loader, GArray *items)
{
  HsObjectList *self = g_object_new (HS_TYPE_OBJECT_LIST, NULL);
  self->loader = g_object_ref (loader);
  self->owned = items;
  self->items = (const HsObj *) items->data;
  self->n = items->len;
  return self;
}

HsObj
hs_object_list_get_obj (HsObjectList *self, guint position)
{
  return position < self->n ? self->items[position] : HS_OBJ_NONE;
}

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
  HsHeap *heap = analysis->heap;
  guint64 n = hs_heap_n_objects (heap);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (HsObj));
  InstanceSortData d;

  /* One linear scan; the class table has no per-class instance lists. */
  for (guint64 o = 0; o < n; o++)
    if (hs_heap_object_class (heap, (HsObj) o) == c)
      g_array_append_val (out, o);

  d.retained = analysis->dom != NULL ? analysis->dom->retained : NULL;
  d.shallow = hs_heap_shallow_sizes (heap);
  g_array_sort_with_data (out, compare_instances, &d);
  return out;
}

/* --- HsClassRow -------------------------------------------------------- */

struct _HsClassRow
{
  GObject parent_instance;
  HsLoader *loader;
  HsClass klass;
};

G_DEFINE_FINAL_TYPE (HsClassRow, hs_class_row, G_TYPE_OBJECT)

static void
hs_class_row_finalize (GObject *object)
{
  g_clear_object (&HS_CLASS_ROW (object)->loader);
  G_OBJECT_CLASS (hs_class_row_parent_class)->finalize (object);
}

static void
hs_class_row_class_init (HsClassRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_class_row_finalize;
}

static void
hs_class_row_init (HsClassRow *self)
{
}

HsClass hs_class_row_get_class (HsClassRow *self) { return self->klass; }

const char *
hs_class_row_get_name (HsClassRow *self)
{
  HsAnalysis *a = hs_loader_get_analysis (self->loader);
  const char *name = a != NULL ? hs_class_name (a->heap, self->klass) : NULL;
  return name != NULL ? name : "";
}

guint64
hs_class_row_get_value (HsClassRow *self, HsClassColumn column)
{
  HsAnalysis *a = hs_loader_get_analysis (self->loader);
  HsHeap *heap;

  if (a == NULL)
    return 0;
  heap = a->heap;
  switch (column)
    {
    case HS_CLASS_COLUMN_COUNT:
      return hs_class_count (heap, self->klass);
    case HS_CLASS_COLUMN_REACHABLE:
      return hs_class_reachable_count (heap, self->klass);
    case HS_CLASS_COLUMN_UNREACHABLE:
      return hs_class_count (heap, self->klass) - hs_class_reachable_count (heap, self->klass);
    case HS_CLASS_COLUMN_SHALLOW:
      return hs_class_shallow (heap, self->klass);
    case HS_CLASS_COLUMN_RETAINED:
      return a->class_retained != NULL ? a->class_retained[self->klass] : 0;
    case HS_CLASS_COLUMN_NAME:
    case HS_CLASS_N_COLUMNS:
    default:
      return 0;
    }
}

/* --- HsClassModel ------------------------------------------------------ */

struct _HsClassModel
{
  GObject parent_instance;
  HsLoader *loader;
  guint n;
};

static GType
hs_class_model_get_item_type (GListModel *model)
{
  return HS_TYPE_CLASS_ROW;
}

static guint
hs_class_model_get_n_items (GListModel *model)
{
  return HS_CLASS_MODEL (model)->n;
}

static gpointer
hs_class_model_get_item (GListModel *model, guint position)
{
  HsClassModel *self = HS_CLASS_MODEL (model);
  HsClassRow *row;

  if (position >= self->n)
    return NULL;
  row = g_object_new (HS_TYPE_CLASS_ROW, NULL);
  row->loader = g_object_ref (self->loader);
  row->klass = position;
  return row;
}

static void
hs_class_model_model_init (GListModelInterface *iface)
{
  iface->get_item_type = hs_class_model_get_item_type;
  iface->get_n_items = hs_class_model_get_n_items;
  iface->get_item = hs_class_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (HsClassModel, hs_class_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, hs_class_model_model_init))

static void
hs_class_model_finalize (GObject *object)
{
  g_clear_object (&HS_CLASS_MODEL (object)->loader);
  G_OBJECT_CLASS (hs_class_model_parent_class)->finalize (object);
}

static void
hs_class_model_class_init (HsClassModelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_class_model_finalize;
}

static void
hs_class_model_init (HsClassModel *self)
{
}

HsClassModel *
hs_class_model_new (HsLoader *loader)
{
  HsClassModel *self = g_object_new (HS_TYPE_CLASS_MODEL, NULL);
  HsAnalysis *a = hs_loader_get_analysis (loader);

  self->loader = g_object_ref (loader);
  self->n = a != NULL ? hs_heap_n_classes (a->heap) : 0;
  return self;
}

/* --- sorters ----------------------------------------------------------- */

static int
compare_names (HsClassRow *a, HsClassRow *b)
{
  /* Byte order: deterministic, and fast enough for 100k classes. */
  int r = strcmp (hs_class_row_get_name (a), hs_class_row_get_name (b));
  if (r != 0)
    return r < 0 ? GTK_ORDERING_SMALLER : GTK_ORDERING_LARGER;
  if (a->klass != b->klass)
    return a->klass < b->klass ? GTK_ORDERING_SMALLER : GTK_ORDERING_LARGER;
  return GTK_ORDERING_EQUAL;
}

static int
compare_class_rows (gconstpointer pa, gconstpointer pb, gpointer user_data)
{
  HsClassRow *a = (HsClassRow *) pa, *b = (HsClassRow *) pb;
  HsClassColumn column = GPOINTER_TO_UINT (user_data);

  if (column != HS_CLASS_COLUMN_NAME)
    {
      guint64 va = hs_class_row_get_value (a, column);
      guint64 vb = hs_class_row_get_value (b, column);
      if (va != vb)
        return va < vb ? GTK_ORDERING_SMALLER : GTK_ORDERING_LARGER;
    }
  return compare_names (a, b);
}

GtkSorter *
hs_class_sorter_new (HsClassColumn column)
{
  return GTK_SORTER (gtk_custom_sorter_new (compare_class_rows, GUINT_TO_POINTER (column), NULL));
}
