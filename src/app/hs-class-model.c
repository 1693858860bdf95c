/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-model.c: HsClassModel (position: the class at that position of
 * the order shown) and the column sorters of the classes view. */
#include "config.h"
#include "hs-class-model.h"
#include "hs-class-order.h"

struct _HsClassModel
{
  GObject parent_instance;
  HsLoader *loader;
  HsClassTable *table;
  guint n_classes;
  guint32 *order; /* n_classes class indexes, or NULL: no rows yet */
  HsClassColumn column;
  GtkSortType sort_order;
  GCancellable *cancellable; /* the order being computed, if any */
  /* The row of each class once asked for (by class index; a class is a
   * row, not a heap object): after a new order the column view finds the
   * rows it shows among the same objects and keeps their cells. With a
   * new row per get_item, showing a new order of 12,000 classes took
   * 170-210 ms on the UI thread, with these 90-100 ms (test-class-sort,
   * loaded machine). */
  HsClassRow **rows;
};

enum
{
  PROP_0,
  PROP_SORT_COLUMN,
  PROP_SORT_ORDER,
  PROP_BUSY,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

static GType
hs_class_model_get_item_type (GListModel *model)
{
  return HS_TYPE_CLASS_ROW;
}

static guint
hs_class_model_get_n_items (GListModel *model)
{
  HsClassModel *self = HS_CLASS_MODEL (model);

  return self->order != NULL ? self->n_classes : 0;
}

static gpointer
hs_class_model_get_item (GListModel *model, guint position)
{
  HsClassModel *self = HS_CLASS_MODEL (model);
  guint c;

  if (self->order == NULL || position >= self->n_classes)
    return NULL;
  c = self->order[position];
  if (self->rows[c] == NULL)
    self->rows[c] = hs_class_row_new (self->loader, c, self->table);
  return g_object_ref (self->rows[c]);
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

static HsClassDirection
direction_of (GtkSortType order)
{
  return order == GTK_SORT_DESCENDING ? HS_CLASS_DESCENDING : HS_CLASS_ASCENDING;
}

/* Shows order (taken): every row changes. */
static void
show_order (HsClassModel *self, guint32 *order)
{
  guint before = g_list_model_get_n_items (G_LIST_MODEL (self));

  g_free (self->order);
  self->order = order;
  if (before > 0 || self->n_classes > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, before, self->n_classes);
}

static void
cancel_sort (HsClassModel *self)
{
  if (self->cancellable == NULL)
    return;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_BUSY]);
}

typedef struct
{
  HsClassTable *table;
  HsClassColumn column;
  GtkSortType order;
} SortJob;

static void
sort_job_free (SortJob *job)
{
  g_clear_pointer (&job->table, hs_class_table_unref);
  g_free (job);
}

static void
sort_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  SortJob *job = data;
  HsAnalysis *a = hs_class_table_get_analysis (job->table);
  guint32 *out;

  /* The names may be renamed by a mapping meanwhile: hold them. */
  hs_analysis_hold (a);
  out = hs_class_order_sort (job->table, job->column, direction_of (job->order), cancellable);
  hs_analysis_release (a);
  if (out == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
  else
    g_task_return_pointer (task, out, g_free);
}

static void
sort_done (GObject *source, GAsyncResult *result, gpointer data)
{
  HsClassModel *self = HS_CLASS_MODEL (source);
  g_autoptr (GError) error = NULL;
  guint32 *order = g_task_propagate_pointer (G_TASK (result), &error);

  /* Cancelled: a newer sort, or the model went. */
  if (order == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("Could not sort the classes: %s", error->message);
      return;
    }
  if (g_task_get_cancellable (G_TASK (result)) != self->cancellable)
    {
      g_free (order);
      return;
    }
  g_clear_object (&self->cancellable);
  show_order (self, order);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_BUSY]);
}

/* Computes the order of the sort set: at once when small, else on a
 * worker. */
static void
start_sort (HsClassModel *self)
{
  g_autoptr (GTask) task = NULL;
  SortJob *job;

  cancel_sort (self);
  if (self->table == NULL)
    return;
  if (self->n_classes < HS_CLASS_ORDER_WORKER_MIN)
    {
      show_order (self,
                  hs_class_order_sort (self->table, self->column, direction_of (self->sort_order), NULL));
      return;
    }
  job = g_new0 (SortJob, 1);
  job->table = hs_class_table_ref (self->table);
  job->column = self->column;
  job->order = self->sort_order;
  self->cancellable = g_cancellable_new ();
  /* The task holds the model, hence the loader and the analysis. */
  task = g_task_new (self, self->cancellable, sort_done, NULL);
  g_task_set_name (task, "[heapscope] sort the class table");
  g_task_set_task_data (task, job, (GDestroyNotify)sort_job_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, sort_thread);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_BUSY]);
}

static void
hs_class_model_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsClassModel *self = HS_CLASS_MODEL (object);

  switch (prop_id)
    {
      case PROP_SORT_COLUMN: g_value_set_uint (value, self->column); break;
      case PROP_SORT_ORDER: g_value_set_enum (value, self->sort_order); break;
      case PROP_BUSY: g_value_set_boolean (value, self->cancellable != NULL); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_class_model_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HsClassModel *self = HS_CLASS_MODEL (object);

  switch (prop_id)
    {
      case PROP_SORT_COLUMN:
        hs_class_model_set_sort (self, g_value_get_uint (value), self->sort_order);
        break;
      case PROP_SORT_ORDER: hs_class_model_set_sort (self, self->column, g_value_get_enum (value)); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_class_model_dispose (GObject *object)
{
  HsClassModel *self = HS_CLASS_MODEL (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (hs_class_model_parent_class)->dispose (object);
}

static void
hs_class_model_finalize (GObject *object)
{
  HsClassModel *self = HS_CLASS_MODEL (object);

  for (guint c = 0; c < self->n_classes && self->rows != NULL; c++)
    g_clear_object (&self->rows[c]);
  g_clear_pointer (&self->rows, g_free);
  g_clear_pointer (&self->order, g_free);
  g_clear_object (&self->loader);
  g_clear_pointer (&self->table, hs_class_table_unref);
  G_OBJECT_CLASS (hs_class_model_parent_class)->finalize (object);
}

static void
hs_class_model_class_init (HsClassModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = hs_class_model_get_property;
  object_class->set_property = hs_class_model_set_property;
  object_class->dispose = hs_class_model_dispose;
  object_class->finalize = hs_class_model_finalize;

  props[PROP_SORT_COLUMN]
      = g_param_spec_uint ("sort-column", NULL, NULL, 0, HS_CLASS_N_COLUMNS - 1, HS_CLASS_COLUMN_RETAINED,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_SORT_ORDER]
      = g_param_spec_enum ("sort-order", NULL, NULL, GTK_TYPE_SORT_TYPE, GTK_SORT_DESCENDING,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_BUSY]
      = g_param_spec_boolean ("busy", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
hs_class_model_init (HsClassModel *self)
{
  self->column = HS_CLASS_COLUMN_RETAINED;
  self->sort_order = GTK_SORT_DESCENDING;
}

HsClassModel *
hs_class_model_new (HsLoader *loader, HsClassTable *table, HsClassColumn column, GtkSortType order)
{
  HsClassModel *self;
  HsAnalysis *a;

  g_return_val_if_fail (HS_IS_LOADER (loader), NULL);
  g_return_val_if_fail (column < HS_CLASS_N_COLUMNS, NULL);

  self = g_object_new (HS_TYPE_CLASS_MODEL, NULL);
  a = hs_loader_get_analysis (loader);
  self->loader = g_object_ref (loader);
  self->table = table != NULL ? hs_class_table_ref (table) : NULL;
  self->n_classes = a != NULL && table != NULL ? hs_heap_n_classes (a->heap) : 0;
  self->rows = g_new0 (HsClassRow *, (gsize)self->n_classes + 1);
  self->column = column;
  self->sort_order = order;
  start_sort (self);
  return self;
}

HsClassTable *
hs_class_model_get_table (HsClassModel *self)
{
  g_return_val_if_fail (HS_IS_CLASS_MODEL (self), NULL);
  return self->table;
}

void
hs_class_model_set_sort (HsClassModel *self, HsClassColumn column, GtkSortType order)
{
  g_return_if_fail (HS_IS_CLASS_MODEL (self));
  g_return_if_fail (column < HS_CLASS_N_COLUMNS);

  if (column == self->column && order == self->sort_order)
    return;
  self->column = column;
  self->sort_order = order;
  start_sort (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SORT_COLUMN]);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SORT_ORDER]);
}

HsClassColumn
hs_class_model_get_sort_column (HsClassModel *self)
{
  g_return_val_if_fail (HS_IS_CLASS_MODEL (self), HS_CLASS_COLUMN_NAME);
  return self->column;
}

GtkSortType
hs_class_model_get_sort_order (HsClassModel *self)
{
  g_return_val_if_fail (HS_IS_CLASS_MODEL (self), GTK_SORT_ASCENDING);
  return self->sort_order;
}

gboolean
hs_class_model_get_busy (HsClassModel *self)
{
  g_return_val_if_fail (HS_IS_CLASS_MODEL (self), FALSE);
  return self->cancellable != NULL;
}

void
hs_class_model_sort_now (HsClassModel *self)
{
  g_return_if_fail (HS_IS_CLASS_MODEL (self));

  if (self->cancellable == NULL)
    return;
  cancel_sort (self);
  show_order (self, hs_class_order_sort (self->table, self->column, direction_of (self->sort_order), NULL));
}

/* --- sorters ----------------------------------------------------------- */

static int
compare_class_rows (gconstpointer pa, gconstpointer pb, gpointer user_data)
{
  HsClassRow *a = (HsClassRow *)pa, *b = (HsClassRow *)pb;
  HsClassColumn column = GPOINTER_TO_UINT (user_data);
  gboolean by_name = column == HS_CLASS_COLUMN_NAME;

  return hs_class_compare (by_name ? 0 : hs_class_row_get_value (a, column), hs_class_row_get_name (a),
                           hs_class_row_get_class (a), by_name ? 0 : hs_class_row_get_value (b, column),
                           hs_class_row_get_name (b), hs_class_row_get_class (b), HS_CLASS_ASCENDING);
}

GtkSorter *
hs_class_sorter_new (HsClassColumn column)
{
  g_return_val_if_fail (column < HS_CLASS_N_COLUMNS, NULL);
  return GTK_SORTER (gtk_custom_sorter_new (compare_class_rows, GUINT_TO_POINTER (column), NULL));
}
