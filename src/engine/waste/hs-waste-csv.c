/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-waste-csv.c: the findings of the waste analysis as one CSV table
 * (waste --csv, the Insights view's export): one row per finding, its
 * kind in the first column, the columns a kind has not left empty. */
#include "config.h"

#include "hs-csv.h"
#include "hs-waste.h"

enum
{
  COL_KIND,
  COL_NAME,
  COL_COUNT,
  COL_WASTED,
  COL_BYTES,
  COL_LENGTH,
  COL_EMPTY,
  COL_SIZE,
  COL_CAPACITY,
  COL_PRIMITIVE_BYTES,
  COL_ID,
  COL_WIDTH,
  COL_HEIGHT,
  COL_DUPLICATES,
  N_COLS
};

static const char *const columns[N_COLS]
    = { "kind", "name",     "count",           "wasted", "bytes", "length", "empty",
        "size", "capacity", "primitive_bytes", "id",     "width", "height", "duplicates" };

/* The numeric cells of one row: those not set are empty. */
typedef struct
{
  gboolean set[N_COLS];
  guint64 v[N_COLS];
} Row;

static void
put (Row *r, int col, guint64 v)
{
  r->set[col] = TRUE;
  r->v[col] = v;
}

static void
write_row (HsCsv *csv, const char *kind, const char *name, const Row *r)
{
  hs_csv_text (csv, kind);
  hs_csv_text (csv, name);
  for (int c = COL_COUNT; c < N_COLS; c++)
    if (!r->set[c])
      hs_csv_empty (csv);
    else if (c == COL_ID)
      hs_csv_id (csv, r->v[c]);
    else
      hs_csv_uint (csv, r->v[c]);
  hs_csv_end_row (csv);
}

static guint
n_of (GArray *a, int limit)
{
  return limit < 0 ? a->len : MIN (a->len, (guint)limit);
}

static void
array_kind (HsCsv *csv, const char *kind, const HsWasteArrayKind *k)
{
  Row r = { 0 };
  g_autofree char *name = g_strdup_printf ("%s[]", hs_type_name (k->type));

  put (&r, COL_COUNT, k->count);
  put (&r, COL_BYTES, k->bytes);
  write_row (csv, kind, name, &r);
}

void
hs_waste_to_csv (const HsWaste *w, HsHeap *heap, int limit, GString *out)
{
  HsCsv csv;

  g_return_if_fail (w != NULL && heap != NULL && out != NULL);

  hs_csv_init (&csv, out);
  hs_csv_header (&csv, columns, N_COLS);
  for (guint i = 0; i < n_of (w->strings, limit); i++)
    {
      const HsWasteString *s = &g_array_index (w->strings, HsWasteString, i);
      Row r = { 0 };
      put (&r, COL_COUNT, s->count);
      put (&r, COL_WASTED, s->wasted);
      put (&r, COL_LENGTH, s->length);
      write_row (&csv, "duplicate_string", s->value, &r);
    }
  for (guint i = 0; i < n_of (w->collections, limit); i++)
    {
      const HsWasteCollection *c = &g_array_index (w->collections, HsWasteCollection, i);
      Row r = { 0 };
      put (&r, COL_COUNT, c->count);
      put (&r, COL_WASTED, c->wasted);
      put (&r, COL_BYTES, c->empty_bytes);
      put (&r, COL_EMPTY, c->empty);
      put (&r, COL_SIZE, c->size_sum);
      put (&r, COL_CAPACITY, c->capacity_sum);
      write_row (&csv, "collection", hs_class_name (heap, c->klass), &r);
    }
  for (guint t = 0; t < G_N_ELEMENTS (w->zero_arrays); t++)
    if (w->zero_arrays[t].count)
      array_kind (&csv, "zero_array", &w->zero_arrays[t]);
  if (w->null_arrays.count)
    array_kind (&csv, "null_array", &w->null_arrays);
  for (guint i = 0; i < n_of (w->dup_arrays, limit); i++)
    {
      const HsWasteDupArray *d = &g_array_index (w->dup_arrays, HsWasteDupArray, i);
      g_autofree char *name = g_strdup_printf ("%s[]", hs_type_name (d->type));
      Row r = { 0 };
      put (&r, COL_COUNT, d->count);
      put (&r, COL_WASTED, d->wasted);
      put (&r, COL_LENGTH, d->length);
      write_row (&csv, d->thread_locals ? "thread_buffer" : "duplicate_array", name, &r);
    }
  for (guint i = 0; i < n_of (w->boxed, limit); i++)
    {
      const HsWasteBoxed *b = &g_array_index (w->boxed, HsWasteBoxed, i);
      Row r = { 0 };
      put (&r, COL_COUNT, b->count);
      put (&r, COL_WASTED, b->wasted);
      put (&r, COL_BYTES, b->bytes);
      put (&r, COL_PRIMITIVE_BYTES, b->primitive_bytes);
      write_row (&csv, "boxed", hs_class_name (heap, b->klass), &r);
    }
  for (guint i = 0; i < n_of (w->bitmaps, limit); i++)
    {
      const HsWasteBitmap *b = &g_array_index (w->bitmaps, HsWasteBitmap, i);
      Row r = { 0 };
      put (&r, COL_BYTES, hs_waste_bitmap_bytes (b));
      put (&r, COL_ID, hs_heap_object_id (heap, b->obj));
      put (&r, COL_WIDTH, (guint64)MAX (b->width, 0));
      put (&r, COL_HEIGHT, (guint64)MAX (b->height, 0));
      put (&r, COL_DUPLICATES, b->duplicates);
      write_row (&csv, "bitmap", b->config, &r);
    }
}
