/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-blob.c: little-endian records for index sections, read back
 * with every read bounds-checked (hs-index-blob.h). */
#include "hs-index-blob.h"

#include <string.h>

#define STR_NULL G_MAXUINT32

void
hs_index_blob_init (HsIndexBlob *b)
{
  b->bytes = g_byte_array_new ();
}

void
hs_index_blob_clear (HsIndexBlob *b)
{
  g_clear_pointer (&b->bytes, g_byte_array_unref);
}

void
hs_index_blob_bytes (HsIndexBlob *b, gconstpointer data, gsize len)
{
  if (len > 0)
    g_byte_array_append (b->bytes, data, len);
}

void
hs_index_blob_u8 (HsIndexBlob *b, guint8 v)
{
  hs_index_blob_bytes (b, &v, 1);
}

void
hs_index_blob_u32 (HsIndexBlob *b, guint32 v)
{
  v = GUINT32_TO_LE (v);
  hs_index_blob_bytes (b, &v, 4);
}

void
hs_index_blob_u64 (HsIndexBlob *b, guint64 v)
{
  v = GUINT64_TO_LE (v);
  hs_index_blob_bytes (b, &v, 8);
}

void
hs_index_blob_i64 (HsIndexBlob *b, gint64 v)
{
  hs_index_blob_u64 (b, (guint64)v);
}

void
hs_index_blob_double (HsIndexBlob *b, double v)
{
  guint64 bits;

  memcpy (&bits, &v, 8);
  hs_index_blob_u64 (b, bits);
}

void
hs_index_blob_str (HsIndexBlob *b, const char *s)
{
  if (s == NULL)
    {
      hs_index_blob_u32 (b, STR_NULL);
      return;
    }
  gsize len = strlen (s);
  g_return_if_fail (len < STR_NULL);
  hs_index_blob_u32 (b, (guint32)len);
  hs_index_blob_bytes (b, s, len);
}

void
hs_index_blob_objs (HsIndexBlob *b, const GArray *objs)
{
  g_return_if_fail (g_array_get_element_size ((GArray *)objs) == sizeof (guint32));
  hs_index_blob_u32 (b, objs->len);
  for (guint i = 0; i < objs->len; i++)
    hs_index_blob_u32 (b, g_array_index (objs, guint32, i));
}

void
hs_index_blob_u64s (HsIndexBlob *b, const GArray *values)
{
  g_return_if_fail (g_array_get_element_size ((GArray *)values) == sizeof (guint64));
  hs_index_blob_u32 (b, values->len);
  for (guint i = 0; i < values->len; i++)
    hs_index_blob_u64 (b, g_array_index (values, guint64, i));
}

void
hs_index_blob_strs (HsIndexBlob *b, const GPtrArray *strs)
{
  hs_index_blob_u32 (b, strs->len);
  for (guint i = 0; i < strs->len; i++)
    hs_index_blob_str (b, g_ptr_array_index (strs, i));
}

void
hs_index_cursor_init (HsIndexCursor *c, gconstpointer data, gsize len)
{
  /* No arithmetic on NULL, even + 0. */
  c->p = data;
  c->end = data ? c->p + len : NULL;
  c->failed = FALSE;
}

void
hs_index_cursor_fail (HsIndexCursor *c)
{
  c->failed = TRUE;
  c->p = c->end;
}

gconstpointer
hs_index_cursor_bytes (HsIndexCursor *c, gsize len)
{
  if (c->failed || (gsize)(c->end - c->p) < len)
    {
      hs_index_cursor_fail (c);
      return NULL;
    }
  const guint8 *at = c->p;
  c->p += len;
  return at;
}

guint8
hs_index_cursor_u8 (HsIndexCursor *c)
{
  const guint8 *p = hs_index_cursor_bytes (c, 1);
  return p ? *p : 0;
}

guint32
hs_index_cursor_u32 (HsIndexCursor *c)
{
  const guint8 *p = hs_index_cursor_bytes (c, 4);
  guint32 v = 0;

  if (p)
    memcpy (&v, p, 4);
  return GUINT32_FROM_LE (v);
}

guint64
hs_index_cursor_u64 (HsIndexCursor *c)
{
  const guint8 *p = hs_index_cursor_bytes (c, 8);
  guint64 v = 0;

  if (p)
    memcpy (&v, p, 8);
  return GUINT64_FROM_LE (v);
}

gint64
hs_index_cursor_i64 (HsIndexCursor *c)
{
  return (gint64)hs_index_cursor_u64 (c);
}

double
hs_index_cursor_double (HsIndexCursor *c)
{
  guint64 bits = hs_index_cursor_u64 (c);
  double v;

  memcpy (&v, &bits, 8);
  return v;
}

char *
hs_index_cursor_str (HsIndexCursor *c)
{
  guint32 len = hs_index_cursor_u32 (c);

  if (c->failed || len == STR_NULL)
    return NULL;
  const char *s = hs_index_cursor_bytes (c, len);
  if (s == NULL)
    return NULL;
  if (memchr (s, 0, len) != NULL || !g_utf8_validate (s, len, NULL))
    {
      hs_index_cursor_fail (c);
      return NULL;
    }
  return g_strndup (s, len);
}

guint32
hs_index_cursor_count (HsIndexCursor *c, gsize min_item_bytes)
{
  guint32 n = hs_index_cursor_u32 (c);

  if (c->failed)
    return 0;
  if (min_item_bytes == 0)
    min_item_bytes = 1;
  if ((guint64)n > (guint64)(c->end - c->p) / min_item_bytes)
    {
      hs_index_cursor_fail (c);
      return 0;
    }
  return n;
}

guint32
hs_index_cursor_obj (HsIndexCursor *c, guint64 n, gboolean none_ok)
{
  guint32 o = hs_index_cursor_u32 (c);

  if (c->failed)
    return G_MAXUINT32;
  if (o == G_MAXUINT32 ? !none_ok : (guint64)o >= n)
    {
      hs_index_cursor_fail (c);
      return G_MAXUINT32;
    }
  return o;
}

gboolean
hs_index_cursor_ok (const HsIndexCursor *c, gboolean whole)
{
  return !c->failed && (!whole || c->p == c->end);
}

GArray *
hs_index_cursor_objs (HsIndexCursor *c, guint64 n)
{
  guint32 k = hs_index_cursor_count (c, 4);
  GArray *objs = g_array_sized_new (FALSE, FALSE, sizeof (guint32), k);

  for (guint i = 0; i < k && !c->failed; i++)
    {
      guint32 o = hs_index_cursor_obj (c, n, FALSE);
      g_array_append_val (objs, o);
    }
  return objs;
}

GArray *
hs_index_cursor_u64s (HsIndexCursor *c)
{
  guint32 k = hs_index_cursor_count (c, 8);
  GArray *values = g_array_sized_new (FALSE, FALSE, sizeof (guint64), k);

  for (guint i = 0; i < k && !c->failed; i++)
    {
      guint64 v = hs_index_cursor_u64 (c);
      g_array_append_val (values, v);
    }
  return values;
}

GPtrArray *
hs_index_cursor_strs (HsIndexCursor *c)
{
  guint32 k = hs_index_cursor_count (c, 4);
  GPtrArray *strs = g_ptr_array_new_full (k, g_free);

  for (guint i = 0; i < k && !c->failed; i++)
    {
      char *s = hs_index_cursor_str (c);
      if (s == NULL)
        hs_index_cursor_fail (c);
      else
        g_ptr_array_add (strs, s);
    }
  return strs;
}
