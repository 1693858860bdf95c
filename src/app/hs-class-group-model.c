/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-group-model.c: HsClassGroupModel (see the header). */
#include "config.h"
#include "hs-class-group-model.h"
#include "hs-class-group-list.h"

#include <string.h>

struct _HsClassGroupModel
{
  GObject parent_instance;
  HsLoader *loader;
  HsClassTable *table;
  guint grouping;
  char *filter; /* casefolded, or NULL */
  HsClassColumn column;
  GtkSortType order;
  HsClassTree *tree;         /* shown, or NULL: no rows */
  GCancellable *cancellable; /* the grouping running, if any */
  GError *error;             /* why the last grouping failed, or NULL */
};

enum
{
  PROP_0,
  PROP_GROUPING,
  PROP_FILTER,
  PROP_SORT_COLUMN,
  PROP_SORT_ORDER,
  PROP_BUSY,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

static GType
hs_class_group_model_get_item_type (GListModel *model)
{
  return HS_TYPE_CLASS_GROUP_ROW;
}

static guint
hs_class_group_model_get_n_items (GListModel *model)
{
  HsClassGroupModel *self = HS_CLASS_GROUP_MODEL (model);
  guint32 n = 0;

  if (self->tree != NULL)
    hs_class_tree_children (self->tree, hs_class_tree_get_groups (self->tree)->n_nodes, &n);
  return n;
}

static gpointer
hs_class_group_model_get_item (GListModel *model, guint position)
{
  HsClassGroupModel *self = HS_CLASS_GROUP_MODEL (model);
  const guint32 *children;
  guint32 n;

  if (self->tree == NULL)
    return NULL;
  children = hs_class_tree_children (self->tree, hs_class_tree_get_groups (self->tree)->n_nodes, &n);
  if (position >= n)
    return NULL;
  return hs_class_group_row_new (self->tree, children[position]);
}

static void
hs_class_group_model_model_init (GListModelInterface *iface)
{
  iface->get_item_type = hs_class_group_model_get_item_type;
  iface->get_n_items = hs_class_group_model_get_n_items;
  iface->get_item = hs_class_group_model_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (HsClassGroupModel, hs_class_group_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL, hs_class_group_model_model_init))

/* Shows tree (taken; NULL: no rows): every row changes. */
static void
show_tree (HsClassGroupModel *self, HsClassTree *tree)
{
  guint before = hs_class_group_model_get_n_items (G_LIST_MODEL (self));
  guint after;

  g_clear_pointer (&self->tree, hs_class_tree_unref);
  self->tree = tree;
  after = hs_class_group_model_get_n_items (G_LIST_MODEL (self));
  if (before > 0 || after > 0)
    g_list_model_items_changed (G_LIST_MODEL (self), 0, before, after);
}

/* Cancels the grouping running; busy is notified by the caller. */
static gboolean
cancel_grouping (HsClassGroupModel *self)
{
  if (self->cancellable == NULL)
    return FALSE;
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  return TRUE;
}

typedef struct
{
  HsLoader *loader;
  HsClassTable *table;
  HsClassGrouping by;
  char *filter; /* casefolded, or NULL */
  HsClassColumn column;
  GtkSortType order;
} GroupJob;

static void
group_job_free (GroupJob *job)
{
  g_clear_object (&job->loader);
  g_clear_pointer (&job->table, hs_class_table_unref);
  g_free (job->filter);
  g_free (job);
}

static void
group_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GroupJob *job = data;
  HsAnalysis *a = hs_loader_get_analysis (job->loader);
  g_autofree HsClassFigures *fig = NULL;
  g_autofree guint8 *include = NULL;
  GError *error = NULL;
  HsClassGroups *groups;

  hs_analysis_hold (a);
  fig = hs_class_table_figures (job->table);
  /* The classes the plain table shows with the same filter. */
  include = g_new0 (guint8, (gsize)fig->n_classes + 1);
  for (HsClass c = 0; c < fig->n_classes; c++)
    {
      g_autofree char *folded = NULL;
      if (!fig->include[c])
        continue;
      if (job->filter != NULL)
        {
          folded = g_utf8_casefold (hs_class_name (a->heap, c), -1);
          if (strstr (folded, job->filter) == NULL)
            continue;
        }
      include[c] = 1;
    }
  fig->include = include;
  groups = hs_class_groups_new (a->heap, fig, job->by, cancellable, &error);
  if (groups != NULL)
    {
      HsClassTree *tree = hs_class_tree_new (groups);
      hs_analysis_release (a);
      g_task_return_pointer (task, tree, (GDestroyNotify)hs_class_tree_unref);
      return;
    }
  hs_analysis_release (a);
  g_task_return_error (task, error);
}

static void
group_done (GObject *source, GAsyncResult *result, gpointer data)
{
  HsClassGroupModel *self = HS_CLASS_GROUP_MODEL (source);
  g_autoptr (GError) error = NULL;
  HsClassTree *tree = g_task_propagate_pointer (G_TASK (result), &error);

  /* Cancelled: a newer grouping, filter or table, or the model went (a
   * task whose cancellable is cancelled returns that, whatever it found). */
  if (tree == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_clear_object (&self->cancellable);
          self->error = g_steal_pointer (&error);
          g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ERROR]);
          g_object_notify_by_pspec (G_OBJECT (self), props[PROP_BUSY]);
        }
      return;
    }
  g_clear_object (&self->cancellable);
  hs_class_tree_sort (tree, self->column, self->order);
  show_tree (self, tree);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_BUSY]);
}

/* Groups the classes again on a worker, or, with no grouping or table,
 * shows no rows. */
static void
regroup (HsClassGroupModel *self)
{
  g_autoptr (GTask) task = NULL;
  gboolean was_busy = cancel_grouping (self);
  GroupJob *job;

  if (self->error != NULL)
    {
      g_clear_error (&self->error);
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ERROR]);
    }

  if (self->grouping == HS_CLASS_GROUP_MODEL_NONE || self->table == NULL)
    {
      show_tree (self, NULL);
      if (was_busy)
        g_object_notify_by_pspec (G_OBJECT (self), props[PROP_BUSY]);
      return;
    }
  job = g_new0 (GroupJob, 1);
  job->loader = g_object_ref (self->loader);
  job->table = hs_class_table_ref (self->table);
  job->by = (HsClassGrouping)(self->grouping - 1);
  job->filter = g_strdup (self->filter);
  self->cancellable = g_cancellable_new ();
  /* The task holds the model, hence the loader and the analysis. */
  task = g_task_new (self, self->cancellable, group_done, NULL);
  g_task_set_name (task, "[heapscope] group the classes");
  g_task_set_task_data (task, job, (GDestroyNotify)group_job_free);
  g_task_run_in_thread (task, group_thread);
  if (!was_busy)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_BUSY]);
}

static void
hs_class_group_model_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsClassGroupModel *self = HS_CLASS_GROUP_MODEL (object);

  switch (prop_id)
    {
      case PROP_GROUPING: g_value_set_uint (value, self->grouping); break;
      case PROP_FILTER: g_value_set_string (value, self->filter); break;
      case PROP_SORT_COLUMN: g_value_set_uint (value, self->column); break;
      case PROP_SORT_ORDER: g_value_set_enum (value, self->order); break;
      case PROP_BUSY: g_value_set_boolean (value, self->cancellable != NULL); break;
      case PROP_ERROR: g_value_set_boxed (value, self->error); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_class_group_model_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HsClassGroupModel *self = HS_CLASS_GROUP_MODEL (object);

  switch (prop_id)
    {
      case PROP_GROUPING: hs_class_group_model_set_grouping (self, g_value_get_uint (value)); break;
      case PROP_FILTER: hs_class_group_model_set_filter (self, g_value_get_string (value)); break;
      case PROP_SORT_COLUMN:
        hs_class_group_model_set_sort (self, g_value_get_uint (value), self->order);
        break;
      case PROP_SORT_ORDER:
        hs_class_group_model_set_sort (self, self->column, g_value_get_enum (value));
        break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_class_group_model_dispose (GObject *object)
{
  HsClassGroupModel *self = HS_CLASS_GROUP_MODEL (object);

  cancel_grouping (self);
  G_OBJECT_CLASS (hs_class_group_model_parent_class)->dispose (object);
}

static void
hs_class_group_model_finalize (GObject *object)
{
  HsClassGroupModel *self = HS_CLASS_GROUP_MODEL (object);

  g_clear_pointer (&self->tree, hs_class_tree_unref);
  g_clear_object (&self->loader);
  g_clear_pointer (&self->table, hs_class_table_unref);
  g_free (self->filter);
  g_clear_error (&self->error);
  G_OBJECT_CLASS (hs_class_group_model_parent_class)->finalize (object);
}

static void
hs_class_group_model_class_init (HsClassGroupModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = hs_class_group_model_get_property;
  object_class->set_property = hs_class_group_model_set_property;
  object_class->dispose = hs_class_group_model_dispose;
  object_class->finalize = hs_class_group_model_finalize;

  props[PROP_GROUPING]
      = g_param_spec_uint ("grouping", NULL, NULL, 0, HS_CLASS_GROUP_MODEL_BY (HS_CLASS_GROUP_SUPERCLASS), 0,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_FILTER] = g_param_spec_string (
      "filter", NULL, NULL, NULL, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_SORT_COLUMN]
      = g_param_spec_uint ("sort-column", NULL, NULL, 0, HS_CLASS_N_COLUMNS - 1, HS_CLASS_COLUMN_RETAINED,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_SORT_ORDER]
      = g_param_spec_enum ("sort-order", NULL, NULL, GTK_TYPE_SORT_TYPE, GTK_SORT_DESCENDING,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_BUSY]
      = g_param_spec_boolean ("busy", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  /* Why the last grouping failed (not a cancel), until the next request. */
  props[PROP_ERROR]
      = g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
hs_class_group_model_init (HsClassGroupModel *self)
{
  self->column = HS_CLASS_COLUMN_RETAINED;
  self->order = GTK_SORT_DESCENDING;
}

HsClassGroupModel *
hs_class_group_model_new (void)
{
  return g_object_new (HS_TYPE_CLASS_GROUP_MODEL, NULL);
}

void
hs_class_group_model_set_table (HsClassGroupModel *self, HsLoader *loader, HsClassTable *table)
{
  g_return_if_fail (HS_IS_CLASS_GROUP_MODEL (self));
  g_return_if_fail (table == NULL || HS_IS_LOADER (loader));

  /* The rows of another table are not shown meanwhile. */
  show_tree (self, NULL);
  g_clear_object (&self->loader);
  self->loader = table != NULL ? g_object_ref (loader) : NULL;
  g_clear_pointer (&self->table, hs_class_table_unref);
  self->table = table != NULL ? hs_class_table_ref (table) : NULL;
  regroup (self);
}

void
hs_class_group_model_set_grouping (HsClassGroupModel *self, guint grouping)
{
  g_return_if_fail (HS_IS_CLASS_GROUP_MODEL (self));
  g_return_if_fail (grouping <= HS_CLASS_GROUP_MODEL_BY (HS_CLASS_GROUP_SUPERCLASS));

  if (grouping == self->grouping)
    return;
  self->grouping = grouping;
  regroup (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_GROUPING]);
}

guint
hs_class_group_model_get_grouping (HsClassGroupModel *self)
{
  g_return_val_if_fail (HS_IS_CLASS_GROUP_MODEL (self), HS_CLASS_GROUP_MODEL_NONE);
  return self->grouping;
}

void
hs_class_group_model_set_filter (HsClassGroupModel *self, const char *filter)
{
  g_autofree char *folded = NULL;

  g_return_if_fail (HS_IS_CLASS_GROUP_MODEL (self));

  folded = filter != NULL && filter[0] != '\0' ? g_utf8_casefold (filter, -1) : NULL;
  if (g_strcmp0 (folded, self->filter) == 0)
    return;
  g_free (self->filter);
  self->filter = g_steal_pointer (&folded);
  regroup (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FILTER]);
}

const char *
hs_class_group_model_get_filter (HsClassGroupModel *self)
{
  g_return_val_if_fail (HS_IS_CLASS_GROUP_MODEL (self), NULL);
  return self->filter;
}

void
hs_class_group_model_set_sort (HsClassGroupModel *self, HsClassColumn column, GtkSortType order)
{
  g_return_if_fail (HS_IS_CLASS_GROUP_MODEL (self));
  g_return_if_fail (column < HS_CLASS_N_COLUMNS);

  if (column == self->column && order == self->order)
    return;
  self->column = column;
  self->order = order;
  /* A grouping running sorts its tree when done. */
  if (self->tree != NULL)
    {
      HsClassTree *tree = hs_class_tree_ref (self->tree);
      hs_class_tree_sort (tree, column, order);
      show_tree (self, tree);
    }
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SORT_COLUMN]);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SORT_ORDER]);
}

const GError *
hs_class_group_model_get_error (HsClassGroupModel *self)
{
  g_return_val_if_fail (HS_IS_CLASS_GROUP_MODEL (self), NULL);
  return self->error;
}

gboolean
hs_class_group_model_get_busy (HsClassGroupModel *self)
{
  g_return_val_if_fail (HS_IS_CLASS_GROUP_MODEL (self), FALSE);
  return self->cancellable != NULL;
}

HsClassTree *
hs_class_group_model_get_tree (HsClassGroupModel *self)
{
  g_return_val_if_fail (HS_IS_CLASS_GROUP_MODEL (self), NULL);
  return self->tree;
}

GListModel *
hs_class_group_row_children (gpointer item, gpointer user_data)
{
  HsClassGroupRow *row = item;

  if (hs_class_group_row_get_n_children (row) == 0)
    return NULL;
  return G_LIST_MODEL (
      hs_class_group_list_new (hs_class_group_row_get_tree (row), hs_class_group_row_get_node (row)));
}
