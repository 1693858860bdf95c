/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-path.c: an object's path to a GC root as text (see
 * hs-object-path.h). */
#include "config.h"

#include "hs-object-path.h"
#include "hs-query.h"

typedef struct
{
  HsObj to;
  char *name;
} FindData;

static gboolean
find_cb (const HsNamedRef *r, gpointer user_data)
{
  FindData *d = user_data;
  if (r->target != d->to)
    return TRUE;
  switch (r->kind)
    {
      case HS_REF_FIELD:
      case HS_REF_STATIC: d->name = g_strdup_printf (".%s", r->name ? r->name : "?"); break;
      case HS_REF_ELEMENT: d->name = g_strdup_printf ("[%u]", r->index); break;
      case HS_REF_CLASS: d->name = g_strdup ("<class>"); break;
      case HS_REF_SUPER: d->name = g_strdup ("<super>"); break;
      case HS_REF_LOADER: d->name = g_strdup ("<loader>"); break;
    }
  /* A field beats the implicit class reference: keep looking only when
   * what we found is one of those. */
  if (r->kind == HS_REF_FIELD || r->kind == HS_REF_STATIC || r->kind == HS_REF_ELEMENT)
    return FALSE;
  return TRUE;
}

char *
hs_object_path_ref_name (HsHeap *heap, HsObj from, HsObj to)
{
  g_return_val_if_fail (heap != NULL, NULL);
  if (from == HS_OBJ_NONE || to == HS_OBJ_NONE || from >= hs_heap_n_objects (heap))
    return NULL;
  FindData d = { to, NULL };
  hs_heap_foreach_ref (heap, from, find_cb, &d);
  return d.name;
}

char *
hs_object_path_text (HsHeap *heap, HsObj obj, guint max_visits)
{
  g_return_val_if_fail (heap != NULL, NULL);
  g_autoptr (GArray) path = hs_query_root_path (heap, obj, max_visits);
  if (path == NULL)
    return NULL;
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < path->len; i++)
    {
      HsObj o = g_array_index (path, HsObj, i);
      g_autofree char *label = hs_heap_object_label (heap, o);
      g_string_append (out, label);
      if (i + 1 < path->len)
        {
          g_autofree char *ref = hs_object_path_ref_name (heap, o, g_array_index (path, HsObj, i + 1));
          g_string_append_printf (out, " %s", ref ? ref : "?");
        }
      g_string_append_c (out, '\n');
    }
  return g_string_free (out, FALSE);
}
