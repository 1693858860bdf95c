/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-order.c: the class table's order (see the header). No row
 * objects: one value and one name pointer per class, and g_qsort_with_data
 * over the class indexes. */
#include "config.h"
#include "hs-class-order.h"

typedef struct
{
  const guint64 *value; /* NULL: by name only */
  const char **name;
  HsClassDirection direction;
} Keys;

/* hs_class_compare on the flat arrays. */
static gint
compare_classes (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const Keys *k = data;
  guint32 a = *(const guint32 *)pa, b = *(const guint32 *)pb;

  return hs_class_compare (k->value != NULL ? k->value[a] : 0, k->name[a], a,
                           k->value != NULL ? k->value[b] : 0, k->name[b], b, k->direction);
}

guint32 *
hs_class_order_sort (HsClassTable *table, HsClassColumn column, HsClassDirection direction,
                     GCancellable *cancellable)
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
        value[c] = hs_class_table_value (table, column, c);
    }
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_free (out);
      return NULL;
    }
  keys = (Keys){ value, name, direction };
  /* Class counts fit in an int: hs-heap.h indexes them with HsClass. */
  g_qsort_with_data (out, (gint)n, sizeof (guint32), compare_classes, &keys);
  return out;
}
