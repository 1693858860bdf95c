/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-search.c: classes by name and strings by contents (see hs-search.h). */
#include "config.h"

#include <string.h>

#include "hs-search.h"
#include "hs-query.h"

gboolean
hs_search_contains (const char *hay, gsize hay_len, const char *needle, gsize needle_len)
{
  if (needle_len == 0)
    return TRUE;
  if (hay_len < needle_len)
    return FALSE;
  char first = g_ascii_tolower (needle[0]);
  for (gsize i = 0; i + needle_len <= hay_len; i++)
    {
      if (g_ascii_tolower (hay[i]) != first)
        continue;
      gsize k = 1;
      while (k < needle_len && g_ascii_tolower (hay[i + k]) == g_ascii_tolower (needle[k]))
        k++;
      if (k == needle_len)
        return TRUE;
    }
  return FALSE;
}

void
hs_search_result_free (HsSearchResult *r)
{
  if (r == NULL)
    return;
  g_clear_pointer (&r->classes, g_array_unref);
  g_clear_pointer (&r->strings, g_array_unref);
  g_free (r);
}

HsSearchResult *
hs_search (HsHeap *heap, const char *needle, guint max_results, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (heap != NULL, NULL);
  g_return_val_if_fail (needle != NULL && needle[0] != '\0', NULL);
  gsize nlen = strlen (needle);
  g_autoptr (HsSearchResult) r = g_new0 (HsSearchResult, 1);
  r->classes = g_array_new (FALSE, FALSE, sizeof (HsClass));
  r->strings = g_array_new (FALSE, FALSE, sizeof (HsObj));

  guint nc = hs_heap_n_classes (heap);
  for (HsClass c = 0; c < nc; c++)
    {
      const char *name = hs_class_name (heap, c);
      if (name == NULL || !hs_search_contains (name, strlen (name), needle, nlen))
        continue;
      if (r->classes->len < max_results)
        g_array_append_val (r->classes, c);
      r->n_classes++;
    }

  /* One mask of String classes (several loaders may define one), then one
   * pass over the objects with one buffer. */
  g_autoptr (GArray) sc = hs_query_classes_named (heap, "java.lang.String");
  if (sc->len == 0)
    return g_steal_pointer (&r);
  guint8 *is_string = g_new0 (guint8, nc + 1);
  for (guint k = 0; k < sc->len; k++)
    is_string[g_array_index (sc, HsClass, k)] = 1;
  const HsClassCol *klass = hs_heap_class_col (heap);
  guint64 n = hs_heap_n_objects (heap);
  GString *buf = g_string_sized_new (256);
  for (guint64 i = 0; i < n; i++)
    {
      if ((i & 0xfff) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          g_string_free (buf, TRUE);
          g_free (is_string);
          return NULL;
        }
      HsClass c = hs_class_col_get (klass, i);
      if (c == HS_CLASS_NONE || c >= nc || !is_string[c]
          || hs_heap_object_kind (heap, (HsObj)i) != HS_KIND_INSTANCE)
        continue;
      g_string_truncate (buf, 0);
      if (!hs_heap_append_string (heap, (HsObj)i, 0, buf))
        continue;
      if (!hs_search_contains (buf->str, buf->len, needle, nlen))
        continue;
      if (r->strings->len < max_results)
        {
          HsObj o = (HsObj)i;
          g_array_append_val (r->strings, o);
        }
      r->n_strings++;
    }
  g_string_free (buf, TRUE);
  g_free (is_string);
  return g_steal_pointer (&r);
}
