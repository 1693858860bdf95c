/* SPDX-License-Identifier: GPL-3.0-or-later */
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
  /* Checked every cache line: most arrays that are not all zero show it
   * in their first line, and the rest of them need not be read. */
  for (; i + 8 <= n; i += 8)
    {
      memcpy (&w, p + i, 8);
      acc |= w;
      if ((i & 63) == 56 && acc)
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
  guint8 head[5] = { (guint8)t, len >> 24, len >> 16, len >> 8, len };
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

/* One reachable array the scan below found: all zero, all null, or
 * hashed for the duplicates. */
static void
one_array (HsWasteCtx *ctx, GArray *hashed, HsObj o, HsKind k)
{
  HsHeap *heap = ctx->heap;
  HsWaste *w = ctx->w;
  guint ids = heap->id_size;
  guint32 len = hs_heap_array_length (heap, o);
  if (len < HS_WASTE_MIN_ARRAY)
    return;
  if (k == HS_KIND_OBJ_ARRAY)
    {
      if (all_zero (hs_waste_obj_array_data (heap, o), (guint64)len * ids))
        {
          w->null_arrays.count++;
          w->null_arrays.bytes += hs_heap_object_shallow (heap, o);
          hs_sample_add (w->null_arrays.objects, o);
        }
      return;
    }
  const guint8 *p = hs_heap_prim_array_data (heap, o);
  HsType t = hs_heap_array_elem_type (heap, o);
  if (!p || t >= G_N_ELEMENTS (w->zero_arrays) || hs_type_size (t, ids) == 0)
    return;
  guint64 bytes = (guint64)len * hs_type_size (t, ids);
  if (all_zero (p, bytes))
    {
      w->zero_arrays[t].count++;
      w->zero_arrays[t].bytes += hs_heap_object_shallow (heap, o);
      hs_sample_add (w->zero_arrays[t].objects, o);
      return;
    }
  HsHashedObj h = { content_hash (ctx->key, t, len, p, bytes), o };
  g_array_append_val (hashed, h);
}

#define BATCH 32

/* Object -> 1 + the thread serial of a Java-frame or JNI-local root
 * naming it (the first), for telling per-thread buffers apart. */
static GHashTable *
local_roots (HsHeap *heap)
{
  GHashTable *locals = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
    {
      const HsRoot *r = hs_heap_root (heap, i);
      if ((r->type == HS_ROOT_JAVA_FRAME || r->type == HS_ROOT_JNI_LOCAL) && r->obj != HS_OBJ_NONE)
        g_hash_table_insert (locals, GSIZE_TO_POINTER ((gsize)r->obj + 1),
                             GSIZE_TO_POINTER ((gsize)r->thread_serial + 1));
    }
  return locals;
}

void
hs_waste_find_arrays (HsWasteCtx *ctx)
{
  HsHeap *heap = ctx->heap;
  HsWaste *w = ctx->w;
  guint ids = heap->id_size;
  g_autoptr (GArray) hashed = g_array_new (FALSE, FALSE, sizeof (HsHashedObj));
  /* In object order, a batch at a time: the records of a batch are
   * fetched while it is gathered (they lie apart: the scan is bound by the
   * memory's latency). */
  HsObj batch[BATCH];
  guint nb = 0;
  for (guint64 o = 0; o <= heap->n; o++)
    {
      if (o == heap->n || nb == BATCH)
        {
          for (guint i = 0; i < nb; i++)
            one_array (ctx, hashed, batch[i], hs_wflags (heap, batch[i]) & HS_FLAG_KIND_MASK);
          nb = 0;
          if (o == heap->n)
            break;
        }
      if ((o & 0xfffff) == 0 && g_cancellable_is_cancelled (ctx->cancellable))
        return;
      guint8 fl = hs_wflags (heap, o);
      HsKind k = fl & HS_FLAG_KIND_MASK;
      if (!(fl & HS_FLAG_REACHABLE) || (k != HS_KIND_PRIM_ARRAY && k != HS_KIND_OBJ_ARRAY))
        continue;
      /* String values and bitmap buffers (primitive arrays) are their
       * finders': skipped before their records are read. */
      if (k == HS_KIND_PRIM_ARRAY && hs_bit_get (ctx->skip, o))
        continue;
      __builtin_prefetch (heap->data + hs_heap_off (heap, o));
      batch[nb++] = (HsObj)o;
    }
  hs_hashed_sort (hashed);
  g_autoptr (GHashTable) locals = local_roots (heap);
  const HsHashedObj *e = (const HsHashedObj *)hashed->data;
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
          guint64 bytes = (guint64)len * hs_type_size (t, ids);
          HsWasteDupArray *g = NULL;
          for (guint q = first_group; q < w->dup_arrays->len && !g; q++)
            {
              HsWasteDupArray *cand = &g_array_index (w->dup_arrays, HsWasteDupArray, q);
              HsObj r = g_array_index (cand->objects, HsObj, 0);
              if (cand->type == t && cand->length == len
                  && memcmp (hs_heap_prim_array_data (heap, r), hs_heap_prim_array_data (heap, o), bytes)
                         == 0)
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
          gsize serial = GPOINTER_TO_SIZE (g_hash_table_lookup (locals, GSIZE_TO_POINTER ((gsize)o + 1)));
          if (serial > 0)
            {
              if (g->locals == 0)
                g->first_serial = (guint32)(serial - 1);
              else if (g->first_serial != serial - 1)
                g->many_threads = TRUE;
              g->locals++;
            }
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
    {
      HsWasteDupArray *d = &g_array_index (w->dup_arrays, HsWasteDupArray, i);
      d->thread_locals = d->locals == d->count && d->many_threads;
      if (d->thread_locals)
        w->thread_buffers_bytes += d->wasted;
      else
        w->arrays_wasted += d->wasted;
    }
}

/* --- boxed primitives ------------------------------------------------------- */

static const struct
{
  const char *name;
  guint size;
} boxes[] = {
  { "java.lang.Integer", 4 }, { "java.lang.Long", 8 },      { "java.lang.Short", 2 },
  { "java.lang.Byte", 1 },    { "java.lang.Character", 2 }, { "java.lang.Boolean", 1 },
  { "java.lang.Float", 4 },   { "java.lang.Double", 8 },
};

static gint
cmp_boxed (gconstpointer pa, gconstpointer pb)
{
  const HsWasteBoxed *a = pa, *b = pb;
  if (a->wasted != b->wasted)
    return a->wasted > b->wasted ? -1 : 1;
  return a->klass < b->klass ? -1 : a->klass > b->klass;
}

/* The boxes' tallies per scan part, one row per box class. */
typedef struct
{
  guint64 count, bytes;
  GArray *objects;
} BoxTally;

/* The JDK's own box caches (Integer.valueOf and friends hand these out):
 * not waste, whatever they hold. */
static const char *const box_caches[] = {
  "java.lang.Integer$IntegerCache", "java.lang.Long$LongCache",           "java.lang.Short$ShortCache",
  "java.lang.Byte$ByteCache",       "java.lang.Character$CharacterCache",
};

/* The boxes in those caches' arrays (static `cache`), as a set. */
static GHashTable *
cached_boxes (HsHeap *heap)
{
  GHashTable *set = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = 0; i < G_N_ELEMENTS (box_caches); i++)
    {
      HsValue v;
      HsObj arr;
      if (!hs_heap_read_static (heap, box_caches[i], "cache", &v) || v.type != HS_TYPE_OBJECT || v.id == 0)
        continue;
      arr = hs_heap_find (heap, v.id);
      if (arr == HS_OBJ_NONE || hs_heap_object_kind (heap, arr) != HS_KIND_OBJ_ARRAY)
        continue;
      /* a cache is at most a few thousand boxes (-XX:AutoBoxCacheMax) */
      for (guint32 k = 0, n = MIN (hs_heap_array_length (heap, arr), 1u << 20); k < n; k++)
        {
          HsObj o = hs_heap_find (heap, hs_heap_obj_array_get (heap, arr, k));
          if (o != HS_OBJ_NONE)
            g_hash_table_add (set, GSIZE_TO_POINTER ((gsize)o + 1));
        }
    }
  return set;
}

typedef struct
{
  GHashTable *cached; /* boxes of the JDK's caches (read only while scanning) */
  gint32 *row;        /* per class: its row, -1 when not a box class */
  GArray *klass;      /* HsClass per row */
  GArray *size;       /* guint: the primitive's size per row */
  BoxTally *tally[2]; /* per scan part, a row each */
} BoxState;

void
hs_waste_boxed_prepare (HsWasteCtx *ctx)
{
  HsHeap *heap = ctx->heap;
  guint n_classes = hs_heap_n_classes (heap);
  BoxState *st = g_new0 (BoxState, 1);
  st->row = g_new (gint32, MAX (n_classes, 1));
  st->klass = g_array_new (FALSE, FALSE, sizeof (HsClass));
  st->size = g_array_new (FALSE, FALSE, sizeof (guint));
  for (HsClass c = 0; c < n_classes; c++)
    {
      st->row[c] = -1;
      for (guint i = 0; i < G_N_ELEMENTS (boxes); i++)
        if (strcmp (hs_class_name (heap, c), boxes[i].name) == 0)
          {
            st->row[c] = (gint32)st->klass->len;
            g_array_append_val (st->klass, c);
            g_array_append_val (st->size, boxes[i].size);
            ctx->role[c] |= HS_WROLE_BOX;
          }
    }
  if (st->klass->len == 0)
    {
      g_free (st->row);
      g_array_unref (st->klass);
      g_array_unref (st->size);
      g_free (st);
      ctx->boxes = NULL;
      return;
    }
  st->cached = cached_boxes (heap);
  for (guint part = 0; part < 2; part++)
    {
      st->tally[part] = g_new0 (BoxTally, st->klass->len);
      for (guint r = 0; r < st->klass->len; r++)
        st->tally[part][r].objects = g_array_new (FALSE, FALSE, sizeof (HsObj));
    }
  ctx->boxes = st;
}

void
hs_waste_boxed_add (HsWasteCtx *ctx, guint part, HsClass c, HsObj o)
{
  BoxState *st = ctx->boxes;
  BoxTally *t = &st->tally[part][st->row[c]];
  if (g_hash_table_contains (st->cached, GSIZE_TO_POINTER ((gsize)o + 1)))
    return;
  t->count++;
  t->bytes += hs_heap_object_shallow (ctx->heap, o);
  hs_sample_add (t->objects, o);
}

/* The two parts' tallies as rows (part 0 holds the lower objects, so its
 * sample comes first), biggest waste first. */
void
hs_waste_find_boxed (HsWasteCtx *ctx)
{
  BoxState *st = ctx->boxes;
  ctx->boxes = NULL;
  if (!st)
    return;
  GArray *rows = ctx->w->boxed;
  for (guint r = 0; r < st->klass->len; r++)
    {
      BoxTally *a = &st->tally[0][r], *b = &st->tally[1][r];
      if (a->count + b->count > 0)
        {
          HsWasteBoxed nb = { g_array_index (st->klass, HsClass, r),
                              a->count + b->count,
                              a->bytes + b->bytes,
                              0,
                              0,
                              g_array_ref (a->objects) };
          for (guint i = 0; i < b->objects->len; i++)
            hs_sample_add (nb.objects, g_array_index (b->objects, HsObj, i));
          nb.primitive_bytes = nb.count * g_array_index (st->size, guint, r);
          nb.wasted = nb.bytes > nb.primitive_bytes ? nb.bytes - nb.primitive_bytes : 0;
          ctx->w->boxed_wasted += nb.wasted;
          g_array_append_val (rows, nb);
        }
      g_array_unref (a->objects);
      g_array_unref (b->objects);
    }
  g_array_sort (rows, cmp_boxed);
  g_hash_table_unref (st->cached);
  g_free (st->tally[0]);
  g_free (st->tally[1]);
  g_free (st->row);
  g_array_unref (st->klass);
  g_array_unref (st->size);
  g_free (st);
}
