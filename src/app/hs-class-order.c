/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-order.c: the class table's order (see the header). No row
 * objects: one value and one name pointer per class, and g_qsort_with_data
 * over the class indexes. */
#include "config.h"
#include "hs-class-order.h"

#include <string.h>

typedef struct
{
  const guint64 *value; /* NULL: by name only */
  const char **name;
} Keys;

static guint64
column_value (HsClassTable *t, HsClassColumn column, HsClass c)
{
  switch (column)
    {
      case HS_CLASS_COLUMN_COUNT: return hs_class_table_count (t, c);
      case HS_CLASS_COLUMN_REACHABLE: return hs_class_table_reachable (t, c);
      case HS_CLASS_COLUMN_UNREACHABLE: return hs_class_table_count (t, c) - hs_class_table_reachable (t, c);
      case HS_CLASS_COLUMN_NATIVE: return hs_class_table_native (t, c);
      case HS_CLASS_COLUMN_SHALLOW: return hs_class_table_shallow (t, c);
      case HS_CLASS_COLUMN_RETAINED: return hs_class_table_retained (t, c);
      case HS_CLASS_COLUMN_NAME:
      case HS_CLASS_N_COLUMNS:
      default: return 0;
    }
}

int
hs_class_order_compare (guint64 va, const char *na, HsClass a, guint64 vb, const char *nb, HsClass b)
{
  int r;

  if (va != vb)
    return va < vb ? -1 : 1;
  r = strcmp (na, nb);
  if (r != 0)
    return r < 0 ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/* hs_class_order_compare on the flat arrays. */
static gint
compare_classes (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const Keys *k = data;
  guint32 a = *(const guint32 *)pa, b = *(const guint32 *)pb;

  return hs_class_order_compare (k->value != NULL ? k->value[a] : 0, k->name[a], a,
                                 k->value != NULL ? k->value[b] : 0, k->name[b], b);
}

guint32 *
hs_class_order_sort (HsClassTable *table, HsClassColumn column, GtkSortType order, GCancellable *cancellable)
{
  g_return_val_if_fail (table != NULL, NULL);
  g_return_val_if_fail (column < HS_CLASS_N_COLUMNS, NULL);

  HsHeap *heap = hs_class_table_get_analysis (table)->heap;
  guint32 n = hs_heap_n_classes (heap);
  g_autofree guint64 *value = NULL;
  g_autofree const char **name = g_new (const char *, (gsize)n + 1);
  guint32 *out = g_new (guint32, (gsize)n + 1);
  Keys keys;

  for (guint32 c = 0; c < n; c++)
    {
      const char *s = hs_class_name (heap, c);
      out[c] = c;
      name[c] = s != NULL ? s : "";
    }
  if (column != HS_CLASS_COLUMN_NAME)
    {
      value = g_new (guint64, (gsize)n + 1);
      for (guint32 c = 0; c < n; c++)
        value[c] = column_value (table, column, c);
    }
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_free (out);
      return NULL;
    }
  keys = (Keys){ value, name };
  /* Class counts fit in an int: hs-heap.h indexes them with HsClass. */
  g_qsort_with_data (out, (gint)n, sizeof (guint32), compare_classes, &keys);
  if (order == GTK_SORT_DESCENDING)
    for (guint32 i = 0, j = n; i + 1 < j; i++, j--)
      {
        guint32 t = out[i];
        out[i] = out[j - 1];
        out[j - 1] = t;
      }
  return out;
}

typedef struct
{
  HsLoader *loader;
  HsClassTable *table;
  HsClassColumn column;
  GtkSortType order;
} SortJob;

static void
sort_job_free (SortJob *job)
{
  g_clear_object (&job->loader);
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
  out = hs_class_order_sort (job->table, job->column, job->order, cancellable);
  hs_analysis_release (a);
  if (out == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
  else
    g_task_return_pointer (task, out, g_free);
}

void
hs_class_order_sort_async (gpointer source, HsLoader *loader, HsClassTable *table, HsClassColumn column,
                           GtkSortType order, GCancellable *cancellable, GAsyncReadyCallback callback,
                           gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  SortJob *job;

  g_return_if_fail (HS_IS_LOADER (loader));
  g_return_if_fail (table != NULL);

  job = g_new0 (SortJob, 1);
  job->loader = g_object_ref (loader);
  job->table = hs_class_table_ref (table);
  job->column = column;
  job->order = order;
  task = g_task_new (source, cancellable, callback, user_data);
  g_task_set_name (task, "[heapscope] sort the class table");
  g_task_set_task_data (task, job, (GDestroyNotify)sort_job_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, sort_thread);
}

guint32 *
hs_class_order_sort_finish (GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (G_IS_TASK (result), NULL);
  return g_task_propagate_pointer (G_TASK (result), error);
}
