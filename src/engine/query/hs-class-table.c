/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-table.c: HsClassTable (see the header). One pass over the
 * sparse native sizes, and for one heap hs_query_heap_classes. */
#include "config.h"
#include "hs-class-table.h"

struct _HsClassTable
{
  HsAnalysis *analysis; /* not owned: the loader keeps it while rows live */
  int heap;
  guint n_classes;
  HsHeapClasses *hc; /* NULL for every heap */
  guint64 *native;   /* n_classes + 1 */
};

static void
table_clear (gpointer data)
{
  HsClassTable *t = data;
  hs_heap_classes_free (t->hc);
  g_free (t->native);
}

HsClassTable *
hs_class_table_new (HsAnalysis *analysis, int heap, GCancellable *cancellable)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  HsHeap *h = analysis->heap;
  HsClassTable *t = g_atomic_rc_box_new0 (HsClassTable);
  t->analysis = analysis;
  t->heap = heap >= 0 && (guint)heap < hs_heap_n_heaps (h) ? heap : -1;
  t->n_classes = hs_heap_n_classes (h);
  if (t->heap >= 0)
    {
      t->hc = hs_query_heap_classes (analysis, (guint)t->heap, cancellable, NULL);
      if (t->hc == NULL)
        {
          hs_class_table_unref (t);
          return NULL;
        }
    }
  t->native = g_new0 (guint64, t->n_classes + 1);
  if (analysis->native_size != NULL)
    {
      GHashTableIter it;
      gpointer key, value;
      g_hash_table_iter_init (&it, analysis->native_size);
      while (g_hash_table_iter_next (&it, &key, &value))
        {
          HsObj o = GPOINTER_TO_UINT (key);
          if (t->heap >= 0 && hs_heap_object_heap (h, o) != (guint)t->heap)
            continue;
          HsClass c = hs_heap_object_class (h, o);
          if (c < t->n_classes)
            t->native[c] += *(guint64 *)value;
        }
    }
  return t;
}

guint64
hs_class_table_value (HsClassTable *table, HsClassColumn column, HsClass c)
{
  switch (column)
    {
      case HS_CLASS_COLUMN_COUNT: return hs_class_table_count (table, c);
      case HS_CLASS_COLUMN_REACHABLE: return hs_class_table_reachable (table, c);
      case HS_CLASS_COLUMN_UNREACHABLE:
        return hs_class_table_count (table, c) - hs_class_table_reachable (table, c);
      case HS_CLASS_COLUMN_NATIVE: return hs_class_table_native (table, c);
      case HS_CLASS_COLUMN_SHALLOW: return hs_class_table_shallow (table, c);
      case HS_CLASS_COLUMN_RETAINED: return hs_class_table_retained (table, c);
      case HS_CLASS_COLUMN_NAME:
      case HS_CLASS_N_COLUMNS:
      default: return 0;
    }
}

HsClassFigures *
hs_class_table_figures (HsClassTable *table)
{
  HsClassFigures *fig;

  g_return_val_if_fail (table != NULL, NULL);
  fig = hs_class_figures_new (table->analysis, table->hc);
  fig->native = table->native;
  return fig;
}

HsClassTable *
hs_class_table_ref (HsClassTable *table)
{
  return g_atomic_rc_box_acquire (table);
}

void
hs_class_table_unref (HsClassTable *table)
{
  if (table != NULL)
    g_atomic_rc_box_release_full (table, table_clear);
}

guint64
hs_class_table_count (HsClassTable *table, HsClass c)
{
  if (c >= table->n_classes)
    return 0;
  return table->hc ? table->hc->count[c] : hs_class_count (table->analysis->heap, c);
}

guint64
hs_class_table_reachable (HsClassTable *table, HsClass c)
{
  if (c >= table->n_classes)
    return 0;
  return table->hc ? table->hc->reachable[c] : hs_class_reachable_count (table->analysis->heap, c);
}

guint64
hs_class_table_shallow (HsClassTable *table, HsClass c)
{
  if (c >= table->n_classes)
    return 0;
  return table->hc ? table->hc->shallow[c] : hs_class_shallow (table->analysis->heap, c);
}

guint64
hs_class_table_retained (HsClassTable *table, HsClass c)
{
  if (c >= table->n_classes)
    return 0;
  if (table->hc)
    return table->hc->retained ? table->hc->retained[c] : 0;
  return table->analysis->class_retained ? table->analysis->class_retained[c] : 0;
}

guint64
hs_class_table_native (HsClassTable *table, HsClass c)
{
  return c < table->n_classes ? table->native[c] : 0;
}

HsAnalysis *
hs_class_table_get_analysis (HsClassTable *table)
{
  return table->analysis;
}
