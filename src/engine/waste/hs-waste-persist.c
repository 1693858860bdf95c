/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-waste-persist.c: what the waste pass found as an index record, and
 * read back (hs-waste-persist.h).
 *
 * The record starts with the tag "WAST" and its layout number, then every
 * list and total of HsWaste in the struct's order. A collection's layout
 * and a bitmap's config point at static strings: their names are written,
 * and read back as the same static strings (hs_collection_layouts,
 * hs_waste_bitmap_configs); a name not among them fails the read. Reading
 * checks objects against the heap's object count, classes against its
 * class count, every count against the bytes left, array types and bitmap
 * sources against their ranges, and that a bitmap said to be drawable has
 * the pixels and the size its reader accepts (hs_waste_bitmap_png trusts
 * them); on any failure what was built is freed and NULL returned. */
#include "config.h"

#include "hs-waste-persist.h"
#include "hs-waste-private.h"
#include "hs-collection-layouts.h"

#include <string.h>

#define TAG(a, b, c, d) ((guint32)(a) | (guint32)(b) << 8 | (guint32)(c) << 16 | (guint32)(d) << 24)
#define WASTE_TAG TAG ('W', 'A', 'S', 'T')
/* Raised whenever what is written changes. */
#define WASTE_LAYOUT 1

/* The fewest bytes an item of each list takes, for the counts' checks. */
#define MIN_STRING (4 + 8 + 8 + 8 + 4)
#define MIN_COLLECTION (4 + 4 + 8 * 6 + 8 * HS_WASTE_FILL_BUCKETS + 4)
#define MIN_DUP (1 + 4 + 8 + 8 + 4 + 1 + 8 + 4 + 1)
#define MIN_BOXED (4 + 8 * 4 + 4)
#define MIN_BITMAP (4 + 8 + 8 + 4 + 8 + 8 + 1 + 4 + 8 + 4 + 4)

/* ---- writing ------------------------------------------------------------ */

static void
save_array_kind (HsIndexBlob *out, const HsWasteArrayKind *k)
{
  hs_index_blob_u8 (out, k->type);
  hs_index_blob_u64 (out, k->count);
  hs_index_blob_u64 (out, k->bytes);
  hs_index_blob_objs (out, k->objects);
}

static void
save_strings (HsIndexBlob *out, const GArray *a)
{
  hs_index_blob_u32 (out, a->len);
  for (guint i = 0; i < a->len; i++)
    {
      const HsWasteString *s = &g_array_index (a, HsWasteString, i);
      hs_index_blob_str (out, s->value);
      hs_index_blob_u64 (out, s->length);
      hs_index_blob_u64 (out, s->count);
      hs_index_blob_u64 (out, s->wasted);
      hs_index_blob_objs (out, s->objects);
    }
}

static void
save_collections (HsIndexBlob *out, const GArray *a)
{
  hs_index_blob_u32 (out, a->len);
  for (guint i = 0; i < a->len; i++)
    {
      const HsWasteCollection *c = &g_array_index (a, HsWasteCollection, i);
      hs_index_blob_u32 (out, c->klass);
      hs_index_blob_str (out, c->layout);
      hs_index_blob_u64 (out, c->count);
      hs_index_blob_u64 (out, c->empty);
      hs_index_blob_u64 (out, c->empty_bytes);
      hs_index_blob_u64 (out, c->size_sum);
      hs_index_blob_u64 (out, c->capacity_sum);
      hs_index_blob_u64 (out, c->wasted);
      for (guint b = 0; b < HS_WASTE_FILL_BUCKETS; b++)
        hs_index_blob_u64 (out, c->fill_histogram[b]);
      hs_index_blob_objs (out, c->objects);
    }
}

static void
save_dup_arrays (HsIndexBlob *out, const GArray *a)
{
  hs_index_blob_u32 (out, a->len);
  for (guint i = 0; i < a->len; i++)
    {
      const HsWasteDupArray *d = &g_array_index (a, HsWasteDupArray, i);
      hs_index_blob_u8 (out, d->type);
      hs_index_blob_u32 (out, d->length);
      hs_index_blob_u64 (out, d->count);
      hs_index_blob_u64 (out, d->wasted);
      hs_index_blob_objs (out, d->objects);
      hs_index_blob_u8 (out, d->thread_locals != FALSE);
      hs_index_blob_u64 (out, d->locals);
      hs_index_blob_u32 (out, d->first_serial);
      hs_index_blob_u8 (out, d->many_threads != FALSE);
    }
}

static void
save_boxed (HsIndexBlob *out, const GArray *a)
{
  hs_index_blob_u32 (out, a->len);
  for (guint i = 0; i < a->len; i++)
    {
      const HsWasteBoxed *b = &g_array_index (a, HsWasteBoxed, i);
      hs_index_blob_u32 (out, b->klass);
      hs_index_blob_u64 (out, b->count);
      hs_index_blob_u64 (out, b->bytes);
      hs_index_blob_u64 (out, b->primitive_bytes);
      hs_index_blob_u64 (out, b->wasted);
      hs_index_blob_objs (out, b->objects);
    }
}

static void
save_bitmaps (HsIndexBlob *out, const GArray *a)
{
  hs_index_blob_u32 (out, a->len);
  for (guint i = 0; i < a->len; i++)
    {
      const HsWasteBitmap *b = &g_array_index (a, HsWasteBitmap, i);
      hs_index_blob_u32 (out, b->obj);
      hs_index_blob_i64 (out, b->width);
      hs_index_blob_i64 (out, b->height);
      hs_index_blob_str (out, b->config);
      hs_index_blob_u64 (out, b->java_bytes);
      hs_index_blob_u64 (out, b->native_bytes);
      hs_index_blob_u8 (out, b->source);
      hs_index_blob_u32 (out, b->pixels);
      hs_index_blob_u64 (out, b->duplicates);
      hs_index_blob_u32 (out, b->first_copy);
      hs_index_blob_str (out, b->problem);
    }
}

void
hs_waste_save (const HsWaste *w, HsIndexBlob *out)
{
  g_return_if_fail (w != NULL && out != NULL);
  hs_index_blob_u32 (out, WASTE_TAG);
  hs_index_blob_u32 (out, WASTE_LAYOUT);
  save_strings (out, w->strings);
  save_collections (out, w->collections);
  for (guint t = 0; t < G_N_ELEMENTS (w->zero_arrays); t++)
    save_array_kind (out, &w->zero_arrays[t]);
  save_array_kind (out, &w->null_arrays);
  save_dup_arrays (out, w->dup_arrays);
  save_boxed (out, w->boxed);
  save_bitmaps (out, w->bitmaps);
  hs_index_blob_u64 (out, w->strings_wasted);
  hs_index_blob_u64 (out, w->collections_wasted);
  hs_index_blob_u64 (out, w->arrays_wasted);
  hs_index_blob_u64 (out, w->boxed_wasted);
  hs_index_blob_u64 (out, w->bitmaps_wasted);
  hs_index_blob_u64 (out, w->total_wasted);
  hs_index_blob_u64 (out, w->thread_buffers_bytes);
  hs_index_blob_double (out, w->seconds);
  hs_index_blob_u8 (out, w->beside != FALSE);
}

/* ---- reading ------------------------------------------------------------ */

/* What a read checks indexes against. */
typedef struct
{
  HsIndexCursor *in;
  guint64 n_objects;
  guint n_classes;
} Reader;

static gboolean
load_bool (HsIndexCursor *in)
{
  guint8 v = hs_index_cursor_u8 (in);
  if (v > 1)
    hs_index_cursor_fail (in);
  return v == 1;
}

static HsClass
load_class (Reader *r)
{
  guint32 c = hs_index_cursor_u32 (r->in);
  if (c >= r->n_classes)
    {
      hs_index_cursor_fail (r->in);
      return 0;
    }
  return c;
}

/* A basic type of the dump's (hs_type_size knows it). */
static HsType
load_type (HsIndexCursor *in)
{
  guint8 t = hs_index_cursor_u8 (in);
  if (hs_type_size (t, 8) == 0)
    {
      hs_index_cursor_fail (in);
      return HS_TYPE_OBJECT;
    }
  return t;
}

/* A collection's layout: the static name in hs_collection_layouts, or
 * NULL (the read failed). */
static const char *
load_layout (HsIndexCursor *in)
{
  g_autofree char *name = hs_index_cursor_str (in);
  for (guint i = 0; name && i < hs_collection_n_layouts; i++)
    if (strcmp (name, hs_collection_layouts[i].layout) == 0)
      return hs_collection_layouts[i].layout;
  hs_index_cursor_fail (in);
  return NULL;
}

/* A bitmap's config: the static name in hs_waste_bitmap_configs, or NULL
 * (the read failed). */
static const char *
load_config (HsIndexCursor *in)
{
  g_autofree char *name = hs_index_cursor_str (in);
  for (guint i = 0; name && i < HS_WASTE_BITMAP_N_CONFIGS; i++)
    if (strcmp (name, hs_waste_bitmap_configs[i]) == 0)
      return hs_waste_bitmap_configs[i];
  hs_index_cursor_fail (in);
  return NULL;
}

/* Into *k, whose objects list is replaced. */
static void
load_array_kind (Reader *r, HsWasteArrayKind *k)
{
  k->type = hs_index_cursor_u8 (r->in);
  k->count = hs_index_cursor_u64 (r->in);
  k->bytes = hs_index_cursor_u64 (r->in);
  g_array_unref (k->objects);
  k->objects = hs_index_cursor_objs (r->in, r->n_objects);
}

/* Each list's items are appended whole (their objects list made) before
 * anything else is read, so that hs_waste_free frees what a failed read
 * left. */
static void
load_strings (Reader *r, GArray *a)
{
  guint32 n = hs_index_cursor_count (r->in, MIN_STRING);
  for (guint i = 0; i < n && !r->in->failed; i++)
    {
      HsWasteString s = { 0 };
      s.value = hs_index_cursor_str (r->in);
      if (s.value == NULL) /* every reader shows it */
        hs_index_cursor_fail (r->in);
      s.length = hs_index_cursor_u64 (r->in);
      s.count = hs_index_cursor_u64 (r->in);
      s.wasted = hs_index_cursor_u64 (r->in);
      s.objects = hs_index_cursor_objs (r->in, r->n_objects);
      g_array_append_val (a, s);
    }
}

static void
load_collections (Reader *r, GArray *a)
{
  guint32 n = hs_index_cursor_count (r->in, MIN_COLLECTION);
  for (guint i = 0; i < n && !r->in->failed; i++)
    {
      HsWasteCollection c = { 0 };
      c.klass = load_class (r);
      c.layout = load_layout (r->in);
      c.count = hs_index_cursor_u64 (r->in);
      c.empty = hs_index_cursor_u64 (r->in);
      c.empty_bytes = hs_index_cursor_u64 (r->in);
      c.size_sum = hs_index_cursor_u64 (r->in);
      c.capacity_sum = hs_index_cursor_u64 (r->in);
      c.wasted = hs_index_cursor_u64 (r->in);
      for (guint b = 0; b < HS_WASTE_FILL_BUCKETS; b++)
        c.fill_histogram[b] = hs_index_cursor_u64 (r->in);
      c.objects = hs_index_cursor_objs (r->in, r->n_objects);
      g_array_append_val (a, c);
    }
}

static void
load_dup_arrays (Reader *r, GArray *a)
{
  guint32 n = hs_index_cursor_count (r->in, MIN_DUP);
  for (guint i = 0; i < n && !r->in->failed; i++)
    {
      HsWasteDupArray d = { 0 };
      d.type = load_type (r->in);
      d.length = hs_index_cursor_u32 (r->in);
      d.count = hs_index_cursor_u64 (r->in);
      d.wasted = hs_index_cursor_u64 (r->in);
      d.objects = hs_index_cursor_objs (r->in, r->n_objects);
      d.thread_locals = load_bool (r->in);
      d.locals = hs_index_cursor_u64 (r->in);
      d.first_serial = hs_index_cursor_u32 (r->in);
      d.many_threads = load_bool (r->in);
      g_array_append_val (a, d);
    }
}

static void
load_boxed (Reader *r, GArray *a)
{
  guint32 n = hs_index_cursor_count (r->in, MIN_BOXED);
  for (guint i = 0; i < n && !r->in->failed; i++)
    {
      HsWasteBoxed b = { 0 };
      b.klass = load_class (r);
      b.count = hs_index_cursor_u64 (r->in);
      b.bytes = hs_index_cursor_u64 (r->in);
      b.primitive_bytes = hs_index_cursor_u64 (r->in);
      b.wasted = hs_index_cursor_u64 (r->in);
      b.objects = hs_index_cursor_objs (r->in, r->n_objects);
      g_array_append_val (a, b);
    }
}

/* A bitmap without a problem is drawn from its pixels as it says: they
 * must be there, in a drawable source, at a size read_bitmap accepts. */
static gboolean
bitmap_drawable_ok (const HsWasteBitmap *b)
{
  if (b->problem != NULL)
    return TRUE;
  return b->pixels != HS_OBJ_NONE
         && (b->source == HS_BITMAP_SOURCE_DUMP_PNG
             || (b->source == HS_BITMAP_SOURCE_BUFFER && b->config[0] != '?'))
         && b->width > 0 && b->height > 0 && b->width <= HS_WASTE_BITMAP_MAX_SIDE
         && b->height <= HS_WASTE_BITMAP_MAX_SIDE
         && (guint64)b->width * (guint64)b->height <= HS_WASTE_BITMAP_MAX_PIXELS;
}

static void
load_bitmaps (Reader *r, GArray *a)
{
  guint32 n = hs_index_cursor_count (r->in, MIN_BITMAP);
  for (guint i = 0; i < n && !r->in->failed; i++)
    {
      HsWasteBitmap b = { 0 };
      guint8 source;
      b.obj = hs_index_cursor_obj (r->in, r->n_objects, FALSE);
      b.width = hs_index_cursor_i64 (r->in);
      b.height = hs_index_cursor_i64 (r->in);
      b.config = load_config (r->in);
      b.java_bytes = hs_index_cursor_u64 (r->in);
      b.native_bytes = hs_index_cursor_u64 (r->in);
      source = hs_index_cursor_u8 (r->in);
      if (source > HS_BITMAP_SOURCE_DUMP_OTHER)
        hs_index_cursor_fail (r->in);
      b.source = source;
      b.pixels = hs_index_cursor_obj (r->in, r->n_objects, TRUE);
      b.duplicates = hs_index_cursor_u64 (r->in);
      b.first_copy = hs_index_cursor_obj (r->in, r->n_objects, FALSE);
      b.problem = hs_index_cursor_str (r->in);
      g_array_append_val (a, b);
      if (!r->in->failed && !bitmap_drawable_ok (&b))
        hs_index_cursor_fail (r->in);
    }
}

HsWaste *
hs_waste_load (HsIndexCursor *in, HsHeap *heap)
{
  g_autoptr (HsWaste) w = NULL;
  Reader r = { in, 0, 0 };

  g_return_val_if_fail (in != NULL && heap != NULL, NULL);
  r.n_objects = hs_heap_n_objects (heap);
  r.n_classes = hs_heap_n_classes (heap);
  if (hs_index_cursor_u32 (in) != WASTE_TAG || hs_index_cursor_u32 (in) != WASTE_LAYOUT)
    {
      hs_index_cursor_fail (in);
      return NULL;
    }
  w = hs_waste_new ();
  load_strings (&r, w->strings);
  load_collections (&r, w->collections);
  for (guint t = 0; t < G_N_ELEMENTS (w->zero_arrays); t++)
    {
      load_array_kind (&r, &w->zero_arrays[t]);
      /* by type: each at its own place */
      if (w->zero_arrays[t].type != t)
        hs_index_cursor_fail (in);
    }
  load_array_kind (&r, &w->null_arrays);
  if (w->null_arrays.type != HS_TYPE_OBJECT)
    hs_index_cursor_fail (in);
  load_dup_arrays (&r, w->dup_arrays);
  load_boxed (&r, w->boxed);
  load_bitmaps (&r, w->bitmaps);
  w->strings_wasted = hs_index_cursor_u64 (in);
  w->collections_wasted = hs_index_cursor_u64 (in);
  w->arrays_wasted = hs_index_cursor_u64 (in);
  w->boxed_wasted = hs_index_cursor_u64 (in);
  w->bitmaps_wasted = hs_index_cursor_u64 (in);
  w->total_wasted = hs_index_cursor_u64 (in);
  w->thread_buffers_bytes = hs_index_cursor_u64 (in);
  w->seconds = hs_index_cursor_double (in);
  w->beside = load_bool (in);
  if (in->failed)
    return NULL;
  return g_steal_pointer (&w);
}
