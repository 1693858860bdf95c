/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-id.c: an object id typed by a user (see the header). */
#include "config.h"
#include "hs-object-id.h"

#include <string.h>

/* Digits in base (10 or 16) from p to its end, without overflow. */
static gboolean
parse_base (const char *p, guint base, guint64 *out)
{
  guint64 v = 0;

  if (*p == '\0')
    return FALSE;
  for (; *p; p++)
    {
      int d = base == 10 ? g_ascii_digit_value (*p) : g_ascii_xdigit_value (*p);
      if (d < 0 || v > (G_MAXUINT64 - (guint64)d) / base)
        return FALSE;
      v = v * base + (guint64)d;
    }
  *out = v;
  return TRUE;
}

HsObj
hs_object_id_find (HsHeap *heap, const char *text, guint64 *id, gboolean *is_id)
{
  g_autofree char *t = NULL;
  guint64 dec = 0, hex = 0;
  gboolean has_dec, has_hex;
  HsObj obj = HS_OBJ_NONE;

  g_return_val_if_fail (heap != NULL && text != NULL, HS_OBJ_NONE);
  t = g_strstrip (g_strdup (text));
  if (t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))
    {
      has_dec = FALSE;
      has_hex = parse_base (t + 2, 16, &hex);
    }
  else
    {
      has_dec = parse_base (t, 10, &dec);
      has_hex = parse_base (t, 16, &hex);
    }
  if (is_id != NULL)
    *is_id = has_dec || has_hex;
  if (id != NULL)
    *id = has_dec ? dec : hex;
  if (has_dec && (obj = hs_heap_find (heap, dec)) != HS_OBJ_NONE)
    return obj;
  if (has_hex && (obj = hs_heap_find (heap, hex)) != HS_OBJ_NONE && id != NULL)
    *id = hex;
  return obj;
}
