/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-text.c: the heap as text: Java strings (UTF-16, Latin-1 and
 * char[]/byte[] arrays), class names and labels of objects, short
 * descriptions, thread names, byte sizes. */
#include "config.h"

#include <string.h>

#include "hs-heap-private.h"

static void
append_utf16 (GString *s, const guint8 *p, guint64 n, gboolean little, gsize max_chars, gboolean *cut)
{
  gsize chars = 0;
  for (guint64 i = 0; i < n; i++)
    {
      if (chars >= max_chars)
        {
          *cut = TRUE;
          return;
        }
      gunichar u = little ? (p[2 * i] | (p[2 * i + 1] << 8)) : ((p[2 * i] << 8) | p[2 * i + 1]);
      if (u >= 0xD800 && u <= 0xDBFF && i + 1 < n)
        {
          gunichar l = little ? (p[2 * i + 2] | (p[2 * i + 3] << 8)) : ((p[2 * i + 2] << 8) | p[2 * i + 3]);
          if (l >= 0xDC00 && l <= 0xDFFF)
            {
              u = 0x10000 + ((u - 0xD800) << 10) + (l - 0xDC00);
              i++;
            }
        }
      if ((u >= 0xD800 && u <= 0xDFFF) || u == 0)
        u = u == 0 ? 0x2400 : 0xFFFD; /* show NUL as ␀, lone surrogates as � */
      g_string_append_unichar (s, u);
      chars++;
    }
}

static void
append_latin1 (GString *s, const guint8 *p, guint64 n, gsize max_chars, gboolean *cut)
{
  for (guint64 i = 0; i < n; i++)
    {
      if (i >= max_chars)
        {
          *cut = TRUE;
          return;
        }
      g_string_append_unichar (s, p[i] ? p[i] : 0x2400);
    }
}

/* Decodes a char[]/byte[] range [from, from+count) of array arr. */
static gboolean
decode_array_text (HsHeap *heap, HsObj arr, gint64 from, gint64 count, gint coder, gsize max_chars,
                   GString *s, gboolean *cut)
{
  if (arr == HS_OBJ_NONE || hs_heap_object_kind (heap, arr) != HS_KIND_PRIM_ARRAY)
    return FALSE;
  HsType t = hs_heap_array_elem_type (heap, arr);
  guint64 len = hs_heap_array_length (heap, arr);
  const guint8 *data = hs_heap_prim_array_data (heap, arr);
  if (!data)
    return TRUE; /* NODATA: an empty string as far as we can tell */
  if (t == HS_TYPE_CHAR)
    {
      if (from < 0 || (guint64)from > len)
        from = 0;
      if (count < 0 || (guint64)(from + count) > len)
        count = len - from;
      append_utf16 (s, data + 2 * from, count, FALSE, max_chars, cut);
    }
  else if (t == HS_TYPE_BYTE)
    {
      if (coder == 1)
        {
          guint64 units = len / 2;
          if (count >= 0 && (guint64)count < units)
            units = count;
          append_utf16 (s, data, units, TRUE, max_chars, cut);
        }
      else
        {
          guint64 n = len;
          if (count >= 0 && (guint64)count < n)
            n = count;
          append_latin1 (s, data, n, max_chars, cut);
        }
    }
  else
    return FALSE;
  return TRUE;
}

gboolean
hs_heap_append_string (HsHeap *heap, HsObj o, gsize max_chars, GString *s)
{
  g_return_val_if_fail (heap != NULL, FALSE);
  g_return_val_if_fail (s != NULL, FALSE);
  if (o == HS_OBJ_NONE)
    return FALSE;
  gsize start = s->len;
  gboolean cut = FALSE, ok = FALSE;
  if (max_chars == 0)
    max_chars = G_MAXSIZE;
  HsKind k = hs_heap_object_kind (heap, o);
  if (k == HS_KIND_PRIM_ARRAY)
    {
      ok = decode_array_text (heap, o, 0, -1, 0, max_chars, s, &cut);
    }
  else if (k == HS_KIND_INSTANCE)
    {
      HsClass c = hs_heap_object_class (heap, o);
      if (c != HS_CLASS_NONE && strcmp (hs_class_name (heap, c), "java.lang.String") == 0)
        {
          HsValue v;
          HsObj arr = hs_heap_read_ref (heap, o, "value");
          gint64 offset = 0, count = -1;
          gint coder = 0;
          if (hs_heap_read_field (heap, o, "offset", &v) && v.type == HS_TYPE_INT)
            offset = v.i;
          if (hs_heap_read_field (heap, o, "count", &v) && v.type == HS_TYPE_INT)
            count = v.i;
          if (hs_heap_read_field (heap, o, "coder", &v) && v.type == HS_TYPE_BYTE)
            coder = v.b;
          if (arr == HS_OBJ_NONE)
            ok = count == 0 || count == -1; /* empty, or the value is not in the dump */
          else
            {
              /* JDK 9+ byte[] strings carry no count: the array is the string. */
              if (hs_heap_array_elem_type (heap, arr) == HS_TYPE_BYTE && !hs_heap_is_android (heap))
                count = -1;
              ok = decode_array_text (heap, arr, offset, count, coder, max_chars, s, &cut);
            }
        }
    }
  if (!ok)
    {
      g_string_truncate (s, start);
      return FALSE;
    }
  if (cut)
    g_string_append (s, "…");
  return TRUE;
}

char *
hs_heap_read_string (HsHeap *heap, HsObj o, gsize max_chars)
{
  g_return_val_if_fail (heap != NULL, NULL);
  GString *s = g_string_new (NULL);
  if (!hs_heap_append_string (heap, o, max_chars, s))
    {
      g_string_free (s, TRUE);
      return NULL;
    }
  return g_string_free (s, FALSE);
}

/* Bytes of a class name kept in a "class NAME" label (the whole label,
 * ellipsis included, stays under 1,024 bytes). */
#define LABEL_NAME_MAX 1000

const char *
hs_heap_object_class_name (HsHeap *heap, HsObj o)
{
  if (hs_heap_object_kind (heap, o) == HS_KIND_CLASS)
    {
      HsClass c = hs_heap_object_as_class (heap, o);
      if (c != HS_CLASS_NONE)
        {
          /* At most about 1 KiB, cut at a character boundary with an
       * ellipsis: a byte cut could split a UTF-8 sequence. */
          const char *name = hs_class_info (heap, c)->name;
          gsize len = strlen (name);
          g_autoptr (GString) key = g_string_new ("class ");
          if (len <= LABEL_NAME_MAX)
            g_string_append_len (key, name, len);
          else
            {
              const char *end = g_utf8_find_prev_char (name, name + LABEL_NAME_MAX + 1);
              g_string_append_len (key, name, end ? end - name : 0);
              g_string_append (key, "…");
            }
          return _hs_heap_intern (heap, key->str);
        }
    }
  HsClass c = hs_heap_object_class (heap, o);
  return c == HS_CLASS_NONE ? "<unknown class>" : hs_class_info (heap, c)->name;
}

char *
hs_heap_object_label (HsHeap *heap, HsObj o)
{
  g_return_val_if_fail (heap != NULL && o < heap->n, NULL);
  return g_strdup_printf ("%s@0x%" G_GINT64_MODIFIER "x", hs_heap_object_class_name (heap, o),
                          hs_heap_id_at (heap, o));
}

char *
hs_heap_describe (HsHeap *heap, HsObj o)
{
  g_return_val_if_fail (heap != NULL && o < heap->n, NULL);
  HsKind k = hs_heap_object_kind (heap, o);
  HsClass c = hs_heap_object_class (heap, o);
  if (k == HS_KIND_CLASS)
    {
      HsClass self = hs_heap_object_as_class (heap, o);
      return self == HS_CLASS_NONE ? NULL : g_strdup (hs_class_info (heap, self)->name);
    }
  if (k == HS_KIND_OBJ_ARRAY || k == HS_KIND_PRIM_ARRAY)
    {
      guint32 n = hs_heap_array_length (heap, o);
      if (k == HS_KIND_PRIM_ARRAY && (hs_heap_array_elem_type (heap, o) == HS_TYPE_CHAR))
        {
          g_autofree char *txt = hs_heap_read_string (heap, o, 60);
          if (txt)
            return g_strdup_printf ("%u items: \"%s\"", n, txt);
        }
      return g_strdup_printf ("%u item%s", n, n == 1 ? "" : "s");
    }
  if (c == HS_CLASS_NONE)
    return NULL;
  if (strcmp (hs_class_info (heap, c)->name, "java.lang.String") == 0)
    {
      g_autofree char *txt = hs_heap_read_string (heap, o, 80);
      return txt ? g_strdup_printf ("\"%s\"", txt) : NULL;
    }
  if (hs_class_info (heap, c)->is_thread)
    {
      HsObj name = hs_heap_read_ref (heap, o, "name");
      g_autofree char *txt = hs_heap_read_string (heap, name, 80);
      return txt ? g_strdup_printf ("Thread name: \"%s\"", txt) : NULL;
    }
  return NULL;
}

char *
hs_heap_thread_name (HsHeap *heap, guint32 thread_serial)
{
  g_return_val_if_fail (heap != NULL, NULL);
  guint64 *tid = g_hash_table_lookup (heap->thread_objs, GUINT_TO_POINTER (thread_serial));
  if (!tid)
    return NULL;
  HsObj t = hs_heap_find (heap, *tid);
  if (t == HS_OBJ_NONE)
    return NULL;
  return hs_heap_read_string (heap, hs_heap_read_ref (heap, t, "name"), 80);
}
