/* hs-waste-arrays.c: primitive arrays that are all zero, object arrays
 * that are all null (both from HS_WASTE_MIN_ARRAY elements), duplicate
 * primitive arrays by content (keyed hash, then memcmp: a collision never
 * merges two contents), and boxed primitives. Arrays other finders account
 * for (String values, bitmap buffers) are left to them. */
#include "config.h"

#include <string.h>

#include "hs-waste-private.h"

static gboolean
all_zero (const guint8 *p, guint64 n)
{
  guint64 acc = 0, w;
  guint64 i = 0;
  for (; i + 8 <= n; i += 8)
    {
      memcpy (&w, p + i, 8);
      acc |= w;
      if ((i & 4095) == 0 && acc)
        return FALSE;
    }
  for (; i < n; i++)
    acc |= p[i];
  return acc == 0;
}

static guint64
content_hash (const guint64 key[2], HsType t, guint32 len, const guint8 *p, guint64 bytes)
{
  HsSip s;
  guint8 head[5] = { (guint8) t, len >> 24, len >> 16, len >> 8, len };
  hs_sip_init (&s, key);
  hs_sip_bytes (&s, head, 5);
  hs_sip_bytes (&s, p, bytes);
  return hs_sip_final (&s);
}

static gint
cmp_dups (gconstpointer pa, gconstpointer pb)
{
  const HsWasteDupArray *a = pa, *b = pb;
  if (a->wasted != b->wasted)
    return a->wasted > b->wasted ? -1 : 1;
  if (a->count != b->count)
    return a->count > b->count ? -1 : 1;
  return g_array_index (a->objects, HsObj, 0) < g_array_index (b->objects, HsObj, 0) ? -1 : 1;
}

void
hs_waste_find_arrays (HsWasteCtx *ctx)
{
  HsHeap *heap = ctx->heap;
  HsWaste *w = ctx->w;
  guint ids = heap->id_size;
  g_autoptr(GArray) hashed = g_array_new (FALSE, FALSE, sizeof (HsHashedObj));
  for (guint64 o = 0; o < heap->n; o++)
    {
      if ((o & 0xfffff) == 0 && g_cancellable_is_cancelled (ctx->cancellable))
        return;
      guint8 fl = heap->flags[o];
      HsKind k = fl & HS_FLAG_KIND_MASK;
      if (!(fl & HS_FLAG_REACHABLE) || (k != HS_KIND_PRIM_ARRAY && k != HS_KIND_OBJ_ARRAY))
        continue;
      guint32 len = hs_heap_array_length (heap, (HsObj) o);
      if (len < HS_WASTE_MIN_ARRAY)
        continue;
      if (k == HS_KIND_OBJ_ARRAY)
        {
          if (all_zero (hs_waste_obj_array_data (heap, (HsObj) o), (guint64) len * ids))
            {
              w->null_arrays.count++;
              w->null_arrays.bytes += hs_heap_object_shallow (heap, o);
              hs_sample_add (w->null_arrays.objects, (HsObj) o);
            }
          continue;
        }
      const guint8 *p = hs_heap_prim_array_data (heap, (HsObj) o);
      HsType t = hs_heap_array_elem_type (heap, (HsObj) o);
      if (!p || t >= G_N_ELEMENTS (w->zero_arrays) || hs_type_size (t, ids) == 0 || hs_bit_get (ctx->skip, o))
        continue;
      guint64 bytes = (guint64) len * hs_type_size (t, ids);
      if (all_zero (p, bytes))
        {
          w->zero_arrays[t].count++;
          w->zero_arrays[t].bytes += hs_heap_object_shallow (heap, o);
          hs_sample_add (w->zero_arrays[t].objects, (HsObj) o);
          continue;
        }
      HsHashedObj h = { content_hash (ctx->key, t, len, p, bytes), (HsObj) o };
      g_array_append_val (hashed, h);
    }
  hs_hashed_sort (hashed);
  const HsHashedObj *e = (const HsHashedObj *) hashed->data;
  for (guint i = 0; i < hashed->len;)
    {
      guint j = i + 1;
      while (j < hashed->len && e[j].hash == e[i].hash)
        j++;
      guint first_group = w->dup_arrays->len;
      for (guint k = i; k < j && j - i >= 2; k++)
        {
          HsObj o = e[k].obj;
          HsType t = hs_heap_array_elem_type (heap, o);
          guint32 len = hs_heap_array_length (heap, o);
          guint64 bytes = (guint64) len * hs_type_size (t, ids);
          HsWasteDupArray *g = NULL;
          for (guint q = first_group; q < w->dup_arrays->len && !g; q++)
            {
              HsWasteDupArray *cand = &g_array_index (w->dup_arrays, HsWasteDupArray, q);
              HsObj r = g_array_index (cand->objects, HsObj, 0);
              if (cand->type == t && cand->length == len &&
                  memcmp (hs_heap_prim_array_data (heap, r), hs_heap_prim_array_data (heap, o), bytes) == 0)
                g = cand;
            }
          if (!g)
            {
              HsWasteDupArray ng = { t, len, 0, 0, g_array_new (FALSE, FALSE, sizeof (HsObj)) };
              g_array_append_val (w->dup_arrays, ng);
              g = &g_array_index (w->dup_arrays, HsWasteDupArray, w->dup_arrays->len - 1);
            }
          else
            g->wasted += hs_heap_object_shallow (heap, o);
          g->count++;
          hs_sample_add (g->objects, o);
        }
      for (guint q = w->dup_arrays->len; q-- > first_group;)
        if (g_array_index (w->dup_arrays, HsWasteDupArray, q).count < 2)
          {
            g_array_unref (g_array_index (w->dup_arrays, HsWasteDupArray, q).objects);
            g_array_remove_index_fast (w->dup_arrays, q);
          }
      i = j;
    }
  g_array_sort (w->dup_arrays, cmp_dups);
  for (guint i = 0; i < w->dup_arrays->len; i++)
    w->arrays_wasted += g_array_index (w->dup_arrays, HsWasteDupArray, i).wasted;
}

/* --- boxed primitives ------------------------------------------------------- */

static const struct {
  const char *name;
  guint size;
} boxes[] = {
  { "java.lang.Integer", 4 }, { "java.lang.Long", 8 }, { "java.lang.Short", 2 },
  { "java.lang.Byte", 1 }, { "java.lang.Character", 2 }, { "java.lang.Boolean", 1 },
  { "java.lang.Float", 4 }, { "java.lang.Double", 8 },
};

static gint
cmp_boxed (gconstpointer pa, gconstpointer pb)
{
  const HsWasteBoxed *a = pa, *b = pb;
  if (a->wasted != b->wasted)
    return a->wasted > b->wasted ? -1 : 1;
  return a->klass < b->klass ? -1 : a->klass > b->klass;
}

void
hs_waste_find_boxed (HsWasteCtx *ctx)
{
  HsHeap *heap = ctx->heap;
  guint n_classes = hs_heap_n_classes (heap);
  g_autofree gint32 *row = g_new (gint32, MAX (n_classes, 1));
  g_autofree guint8 *size = g_new0 (guint8, MAX (n_classes, 1));
  gboolean any = FALSE;
  for (HsClass c = 0; c < n_classes; c++)
    {
      row[c] = -1;
      for (guint i = 0; i < G_N_ELEMENTS (boxes); i++)
        if (strcmp (hs_class_name (heap, c), boxes[i].name) == 0)
          {
            size[c] = boxes[i].size;
            any = TRUE;
          }
    }
  if (!any)
    return;
  GArray *rows = ctx->w->boxed;
  for (guint64 o = 0; o < heap->n; o++)
    {
      HsClass c = hs_heap_object_class (heap, o);
      if (c >= n_classes || !size[c] || !(heap->flags[o] & HS_FLAG_REACHABLE) ||
          (heap->flags[o] & HS_FLAG_KIND_MASK) != HS_KIND_INSTANCE)
        continue;
      if (row[c] < 0)
        {
          HsWasteBoxed nb = { c, 0, 0, 0, 0, g_array_new (FALSE, FALSE, sizeof (HsObj)) };
          g_array_append_val (rows, nb);
          row[c] = rows->len - 1;
        }
      HsWasteBoxed *b = &g_array_index (rows, HsWasteBoxed, row[c]);
      b->count++;
      b->bytes += hs_heap_object_shallow (heap, o);
      b->primitive_bytes += size[c];
      hs_sample_add (b->objects, (HsObj) o);
    }
  for (guint i = 0; i < rows->len; i++)
    {
      HsWasteBoxed *b = &g_array_index (rows, HsWasteBoxed, i);
      b->wasted = b->bytes > b->primitive_bytes ? b->bytes - b->primitive_bytes : 0;
      ctx->w->boxed_wasted += b->wasted;
    }
  g_array_sort (rows, cmp_boxed);
}
