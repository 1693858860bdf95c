/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-waste-bitmaps.c: Android bitmaps: size, config, bytes, duplicates by
 * pixel content, and their pixels as PNG.
 *
 * Pixels come from mBuffer (Android 3.0 - 7.1: a byte[] of exactly
 * width * height * bytes-per-pixel; the config follows from that size:
 * 4 ARGB_8888 (bytes R G B A, premultiplied), 2 RGB_565 (little-endian),
 * 1 ALPHA_8), or from the static Bitmap.dumpData Android 8+ fills when a
 * dump is taken with bitmaps (natives[i] is a Bitmap's mNativePtr,
 * buffers[i] its pixels compressed, PNG or WEBP). Anything else, or sizes
 * that do not agree, give a message instead of pixels. */
#include "config.h"

#include <string.h>

#include "hs-waste-private.h"
#include "hs-png.h"

#define MAX_SIDE HS_WASTE_BITMAP_MAX_SIDE
#define MAX_PIXELS HS_WASTE_BITMAP_MAX_PIXELS

const char *const hs_waste_bitmap_configs[HS_WASTE_BITMAP_N_CONFIGS]
    = { "ARGB_8888", "RGB_565", "ALPHA_8", "?" };

static const char *const bitmap_name[] = { "android.graphics.Bitmap" };
static const guint8 png_sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

typedef struct
{
  guint64 native;
  HsObj buffer;
} DumpEntry;

typedef struct
{
  HsWField width, height, buffer, nptr, nbitmap, recycled;
  GArray *dump; /* DumpEntry sorted by native */
} BitmapFields;

static gint
cmp_entry (gconstpointer pa, gconstpointer pb)
{
  const DumpEntry *a = pa, *b = pb;
  return a->native < b->native ? -1 : a->native > b->native;
}

static void
read_dump_data (HsHeap *heap, GArray *out)
{
  HsValue v;
  if (!hs_heap_read_static (heap, "android.graphics.Bitmap", "dumpData", &v) || v.type != HS_TYPE_OBJECT
      || !v.id)
    return;
  HsObj dd = hs_heap_find (heap, v.id);
  if (dd == HS_OBJ_NONE || hs_heap_object_kind (heap, dd) != HS_KIND_INSTANCE)
    return;
  HsObj natives = hs_heap_read_ref (heap, dd, "natives");
  HsObj buffers = hs_heap_read_ref (heap, dd, "buffers");
  gint64 count = -1;
  hs_heap_read_integer (heap, dd, "count", &count);
  if (natives == HS_OBJ_NONE || buffers == HS_OBJ_NONE
      || hs_heap_array_elem_type (heap, natives) != HS_TYPE_LONG
      || hs_heap_object_kind (heap, buffers) != HS_KIND_OBJ_ARRAY)
    return;
  const guint8 *p = hs_heap_prim_array_data (heap, natives);
  guint64 n = MIN (hs_heap_array_length (heap, natives), hs_heap_array_length (heap, buffers));
  if (count >= 0 && (guint64)count < n)
    n = (guint64)count;
  for (guint64 i = 0; p && i < n; i++)
    {
      DumpEntry e
          = { hs_be64 (p + 8 * i), hs_heap_find (heap, hs_heap_obj_array_get (heap, buffers, (guint32)i)) };
      if (e.buffer != HS_OBJ_NONE)
        g_array_append_val (out, e);
    }
  g_array_sort (out, cmp_entry);
}

static void
fields_init (HsHeap *heap, HsClass c, BitmapFields *f)
{
  f->width = hs_wfield (heap, c, "mWidth");
  f->height = hs_wfield (heap, c, "mHeight");
  f->buffer = hs_wfield (heap, c, "mBuffer");
  f->nptr = hs_wfield (heap, c, "mNativePtr");
  f->nbitmap = hs_wfield (heap, c, "mNativeBitmap");
  f->recycled = hs_wfield (heap, c, "mRecycled");
}

static HsObj
dump_lookup (GArray *dump, guint64 native)
{
  guint lo = 0, hi = dump->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint64 x = g_array_index (dump, DumpEntry, mid).native;
      if (x == native)
        return g_array_index (dump, DumpEntry, mid).buffer;
      if (x < native)
        lo = mid + 1;
      else
        hi = mid;
    }
  return HS_OBJ_NONE;
}

static void
read_bitmap (HsAnalysis *a, const BitmapFields *f, HsObj o, HsWasteBitmap *b)
{
  HsHeap *heap = a->heap;
  gint64 v;
  memset (b, 0, sizeof *b);
  b->obj = o;
  b->first_copy = o;
  b->pixels = HS_OBJ_NONE;
  b->config = hs_waste_bitmap_configs[3];
  b->width = hs_wfield_int (heap, o, f->width, &v) ? v : -1;
  b->height = hs_wfield_int (heap, o, f->height, &v) ? v : -1;
  b->native_bytes = hs_analysis_native_size (a, o);
  if (b->width <= 0 || b->height <= 0)
    {
      b->problem = g_strdup_printf ("its size %" G_GINT64_FORMAT " x %" G_GINT64_FORMAT " is not a picture's",
                                    b->width, b->height);
      return;
    }
  if (b->width > MAX_SIDE || b->height > MAX_SIDE || (guint64)b->width * (guint64)b->height > MAX_PIXELS)
    {
      b->problem = g_strdup_printf (
          "its size %" G_GINT64_FORMAT " x %" G_GINT64_FORMAT " is too large to draw", b->width, b->height);
      return;
    }
  guint64 px = (guint64)b->width * (guint64)b->height;
  if (hs_wfield_int (heap, o, f->recycled, &v) && v)
    {
      b->problem = g_strdup ("it was recycled: its pixels are gone");
      return;
    }
  HsObj buf = hs_wfield_ref (heap, o, f->buffer);
  if (buf != HS_OBJ_NONE)
    {
      const guint8 *data = hs_heap_prim_array_data (heap, buf);
      guint64 len = hs_heap_array_length (heap, buf);
      b->java_bytes = hs_heap_object_shallow (heap, buf);
      if (hs_heap_array_elem_type (heap, buf) != HS_TYPE_BYTE || !data)
        {
          b->problem = g_strdup ("its mBuffer is not a byte[] with data");
          return;
        }
      b->config = hs_waste_bitmap_configs[len == px * 4 ? 0 : len == px * 2 ? 1 : len == px ? 2 : 3];
      if (b->config[0] == '?')
        {
          b->problem
              = g_strdup_printf ("its buffer holds %" G_GUINT64_FORMAT " bytes, which %" G_GINT64_FORMAT
                                 " x %" G_GINT64_FORMAT " pixels of 1, 2 or 4 bytes do not fill",
                                 len, b->width, b->height);
          return;
        }
      b->source = HS_BITMAP_SOURCE_BUFFER;
      b->pixels = buf;
      return;
    }
  HsObj dumped = HS_OBJ_NONE;
  if (f->dump && f->dump->len
      && (hs_wfield_int (heap, o, f->nptr, &v) || hs_wfield_int (heap, o, f->nbitmap, &v)))
    dumped = dump_lookup (f->dump, (guint64)v);
  if (dumped == HS_OBJ_NONE)
    {
      b->problem = g_strdup (
          "the dump holds no pixels for it (Android 8+ keeps them only in dumps taken with bitmaps)");
      return;
    }
  const guint8 *data = hs_heap_prim_array_data (heap, dumped);
  guint64 len = hs_heap_array_length (heap, dumped);
  b->pixels = dumped;
  if (hs_heap_array_elem_type (heap, dumped) == HS_TYPE_BYTE && data && len > 8
      && memcmp (data, png_sig, 8) == 0)
    b->source = HS_BITMAP_SOURCE_DUMP_PNG;
  else
    {
      b->source = HS_BITMAP_SOURCE_DUMP_OTHER;
      b->problem = g_strdup (
          "its pixels are kept compressed in a format other than PNG (WEBP?), which is not decoded");
    }
}

gboolean
hs_waste_bitmap_read (HsAnalysis *analysis, HsObj o, HsWasteBitmap *out)
{
  g_return_val_if_fail (analysis != NULL && out != NULL, FALSE);
  HsHeap *heap = analysis->heap;
  if (o >= heap->n || hs_heap_object_kind (heap, o) != HS_KIND_INSTANCE
      || hs_waste_ancestor_named (heap, hs_heap_object_class (heap, o), bitmap_name, 1) < 0)
    return FALSE;
  BitmapFields f;
  fields_init (heap, hs_heap_object_class (heap, o), &f);
  f.dump = g_array_new (FALSE, FALSE, sizeof (DumpEntry));
  read_dump_data (heap, f.dump);
  read_bitmap (analysis, &f, o, out);
  g_array_unref (f.dump);
  return TRUE;
}

guint64
hs_waste_bitmap_bytes (const HsWasteBitmap *b)
{
  return b->native_bytes ? b->native_bytes : b->java_bytes;
}

static gint
cmp_bitmaps (gconstpointer pa, gconstpointer pb)
{
  const HsWasteBitmap *a = pa, *b = pb;
  guint64 x = hs_waste_bitmap_bytes (a), y = hs_waste_bitmap_bytes (b);
  if (x != y)
    return x > y ? -1 : 1;
  return a->obj < b->obj ? -1 : a->obj > b->obj;
}

void
hs_waste_find_bitmaps (HsWasteCtx *ctx)
{
  HsHeap *heap = ctx->heap;
  guint n_classes = hs_heap_n_classes (heap);
  if (hs_heap_find_class (heap, "android.graphics.Bitmap") == HS_CLASS_NONE)
    return;
  g_autofree BitmapFields *f = g_new0 (BitmapFields, n_classes);
  g_autofree guint8 *is_bitmap = g_new0 (guint8, n_classes);
  g_autoptr (GArray) dump = g_array_new (FALSE, FALSE, sizeof (DumpEntry));
  read_dump_data (heap, dump);
  for (HsClass c = 0; c < n_classes; c++)
    if (hs_waste_ancestor_named (heap, c, bitmap_name, 1) == 0)
      {
        is_bitmap[c] = 1;
        fields_init (heap, c, &f[c]);
        f[c].dump = dump;
      }
  GArray *out = ctx->w->bitmaps;
  g_autoptr (GArray) hashed = g_array_new (FALSE, FALSE, sizeof (HsHashedObj));
  for (guint64 o = 0; o < heap->n; o++)
    {
      HsClass c = hs_heap_object_class (heap, o);
      if (c >= n_classes || !is_bitmap[c] || !(heap->flags[o] & HS_FLAG_REACHABLE)
          || (heap->flags[o] & HS_FLAG_KIND_MASK) != HS_KIND_INSTANCE)
        continue;
      HsWasteBitmap b;
      read_bitmap (ctx->analysis, &f[c], (HsObj)o, &b);
      if (b.pixels != HS_OBJ_NONE)
        {
          hs_bit_set (ctx->skip, b.pixels);
          /* Same pixels: same size and the same bytes. */
          HsSip s;
          gint64 wh[2] = { b.width, b.height };
          hs_sip_init (&s, ctx->key);
          hs_sip_bytes (&s, (const guint8 *)wh, sizeof wh);
          hs_sip_bytes (&s, hs_heap_prim_array_data (heap, b.pixels), hs_heap_array_length (heap, b.pixels));
          HsHashedObj h = { hs_sip_final (&s), out->len };
          g_array_append_val (hashed, h);
        }
      g_array_append_val (out, b);
    }
  /* Groups of equal pixels (obj here is the index in out, which is in
   * object order, so a group's first member is its lowest object). Within a
   * run of one hash, each bitmap is compared with the groups' first members
   * only (normally one group per run). */
  hs_hashed_sort (hashed);
  const HsHashedObj *e = (const HsHashedObj *)hashed->data;
  g_autoptr (GArray) reps = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree guint *rep_of = g_new0 (guint, MAX (hashed->len, 1));
  g_autofree guint64 *members = g_new0 (guint64, MAX (hashed->len, 1));
  for (guint i = 0; i < hashed->len;)
    {
      guint j = i + 1;
      while (j < hashed->len && e[j].hash == e[i].hash)
        j++;
      g_array_set_size (reps, 0);
      for (guint k = i; k < j; k++)
        {
          HsWasteBitmap *b = &g_array_index (out, HsWasteBitmap, e[k].obj);
          const guint8 *pb = hs_heap_prim_array_data (heap, b->pixels);
          guint64 lb = hs_heap_array_length (heap, b->pixels);
          guint r = k;
          for (guint q = 0; q < reps->len; q++)
            {
              guint rk = g_array_index (reps, guint, q);
              HsWasteBitmap *c = &g_array_index (out, HsWasteBitmap, e[rk].obj);
              if (c->width == b->width && c->height == b->height
                  && hs_heap_array_length (heap, c->pixels) == lb
                  && memcmp (hs_heap_prim_array_data (heap, c->pixels), pb, lb) == 0)
                {
                  r = rk;
                  break;
                }
            }
          if (r == k)
            g_array_append_val (reps, k);
          rep_of[k] = r;
          members[r]++;
        }
      for (guint k = i; k < j; k++)
        {
          HsWasteBitmap *b = &g_array_index (out, HsWasteBitmap, e[k].obj);
          b->duplicates = members[rep_of[k]] - 1;
          b->first_copy = g_array_index (out, HsWasteBitmap, e[rep_of[k]].obj).obj;
          if (rep_of[k] != k)
            ctx->w->bitmaps_wasted += hs_waste_bitmap_bytes (b);
        }
      i = j;
    }
  g_array_sort (out, cmp_bitmaps);
}

const HsWasteBitmap *
hs_waste_bitmap_of (const HsWaste *waste, HsObj o)
{
  g_return_val_if_fail (waste != NULL, NULL);
  for (guint i = 0; i < waste->bitmaps->len; i++)
    if (g_array_index (waste->bitmaps, HsWasteBitmap, i).obj == o)
      return &g_array_index (waste->bitmaps, HsWasteBitmap, i);
  return NULL;
}

/* --- pixels ----------------------------------------------------------------- */

static void
decode_pixel (const char *config, const guint8 *p, guint8 *rgba)
{
  if (config[0] == 'A' && config[1] == 'R') /* ARGB_8888: R G B A, premultiplied */
    {
      guint a = p[3];
      for (int i = 0; i < 3; i++)
        rgba[i] = a == 0 ? 0 : (guint8)MIN (255u, (p[i] * 255u + a / 2) / a);
      rgba[3] = (guint8)a;
    }
  else if (config[0] == 'R') /* RGB_565, little endian */
    {
      guint v = p[0] | (p[1] << 8);
      guint r = (v >> 11) & 31, g = (v >> 5) & 63, b = v & 31;
      rgba[0] = (guint8)((r << 3) | (r >> 2));
      rgba[1] = (guint8)((g << 2) | (g >> 4));
      rgba[2] = (guint8)((b << 3) | (b >> 2));
      rgba[3] = 255;
    }
  else /* ALPHA_8 */
    {
      rgba[0] = rgba[1] = rgba[2] = 0;
      rgba[3] = p[0];
    }
}

GBytes *
hs_waste_bitmap_png (HsHeap *heap, const HsWasteBitmap *b, guint max_side, GError **error)
{
  g_return_val_if_fail (heap != NULL && b != NULL, NULL);
  if (b->problem || b->pixels == HS_OBJ_NONE)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_FORMAT,
                   "%s: bitmap 0x%" G_GINT64_MODIFIER "x cannot be drawn: %s", heap->name,
                   hs_heap_object_id (heap, b->obj), b->problem ? b->problem : "no pixels");
      return NULL;
    }
  const guint8 *data = hs_heap_prim_array_data (heap, b->pixels);
  guint64 len = hs_heap_array_length (heap, b->pixels);
  if (b->source == HS_BITMAP_SOURCE_DUMP_PNG)
    return g_bytes_new (data, len);
  guint bpp = b->config[0] == 'A' && b->config[1] == 'R' ? 4 : b->config[0] == 'R' ? 2 : 1;
  guint64 w = (guint64)b->width, h = (guint64)b->height;
  if (!data || len != w * h * bpp) /* read_bitmap checked it: never overread */
    {
      g_set_error (error, HS_ERROR, HS_ERROR_FORMAT,
                   "%s: bitmap 0x%" G_GINT64_MODIFIER "x: its buffer does not match its size", heap->name,
                   hs_heap_object_id (heap, b->obj));
      return NULL;
    }
  guint64 ow = w, oh = h;
  if (max_side > 0 && MAX (w, h) > max_side)
    {
      ow = MAX (1, w * max_side / MAX (w, h));
      oh = MAX (1, h * max_side / MAX (w, h));
    }
  guint8 *rgba = g_try_malloc (ow * oh * 4);
  if (!rgba)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY,
                   "%s: no memory for a %" G_GUINT64_FORMAT " x %" G_GUINT64_FORMAT " picture", heap->name,
                   ow, oh);
      return NULL;
    }
  for (guint64 y = 0; y < oh; y++)
    for (guint64 x = 0; x < ow; x++)
      {
        guint64 sx = x * w / ow, sy = y * h / oh;
        decode_pixel (b->config, data + (sy * w + sx) * bpp, rgba + (y * ow + x) * 4);
      }
  GBytes *png = hs_png_encode_rgba (rgba, (guint32)ow, (guint32)oh);
  g_free (rgba);
  if (!png)
    g_set_error (error, HS_ERROR, HS_ERROR_NO_MEMORY, "%s: the PNG could not be written", heap->name);
  return png;
}
