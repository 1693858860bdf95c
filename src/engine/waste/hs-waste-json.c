/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-waste-json.c: the waste findings as JSON and as one summary line. */
#include "config.h"

#include "hs-waste-private.h"
#include "hs-json.h"
#include "hs-query.h"

/* Sample paths: the first strings get a few shortest paths from a GC root. */
#define PATH_STRINGS 10
#define PATHS_EACH 3
#define PATH_VISITS 200000

char *
hs_waste_summary_line (const HsWaste *w)
{
  g_return_val_if_fail (w != NULL, NULL);
  struct
  {
    const char *what;
    guint64 bytes;
  } parts[] = {
    { "duplicate strings", w->strings_wasted }, { "collections", w->collections_wasted },
    { "duplicate arrays", w->arrays_wasted },   { "boxed primitives", w->boxed_wasted },
    { "duplicate bitmaps", w->bitmaps_wasted },
  };
  /* Biggest first (a stable insertion sort of five). */
  for (guint i = 1; i < G_N_ELEMENTS (parts); i++)
    for (guint j = i; j > 0 && parts[j].bytes > parts[j - 1].bytes; j--)
      {
        __typeof__ (parts[0]) t = parts[j];
        parts[j] = parts[j - 1];
        parts[j - 1] = t;
      }
  if (w->total_wasted == 0)
    return g_strdup ("no wasted memory found");
  g_autofree char *total = hs_format_bytes (w->total_wasted);
  GString *s = g_string_new (NULL);
  g_string_printf (s, "about %s could be saved:", total);
  gboolean first = TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (parts); i++)
    if (parts[i].bytes)
      {
        g_autofree char *b = hs_format_bytes (parts[i].bytes);
        g_string_append_printf (s, "%s %s %s", first ? "" : ",", parts[i].what, b);
        first = FALSE;
      }
  return g_string_free (s, FALSE);
}

static void
objects (GString *out, HsHeap *heap, GArray *objs)
{
  g_string_append (out, "\"objects\": [");
  for (guint i = 0; i < objs->len; i++)
    {
      if (i)
        g_string_append (out, ", ");
      hs_json_id (out, hs_heap_object_id (heap, g_array_index (objs, HsObj, i)));
    }
  g_string_append_c (out, ']');
}

static guint
n_of (GArray *a, int limit)
{
  return limit < 0 ? a->len : MIN (a->len, (guint)limit);
}

static void
array_kind (GString *out, HsHeap *heap, const HsWasteArrayKind *k)
{
  g_string_append_printf (
      out, "{\"type\": \"%s\", \"count\": %" G_GUINT64_FORMAT ", \"bytes\": %" G_GUINT64_FORMAT ", ",
      hs_type_name (k->type), k->count, k->bytes);
  objects (out, heap, k->objects);
  g_string_append_c (out, '}');
}

void
hs_waste_to_json (const HsWaste *w, HsHeap *heap, int limit, GString *out)
{
  g_return_if_fail (w != NULL && heap != NULL && out != NULL);
  g_string_append_printf (out, "{\"summary\": ");
  g_autofree char *line = hs_waste_summary_line (w);
  hs_json_string (out, line);
  g_string_append_printf (out,
                          ", \"total_wasted\": %" G_GUINT64_FORMAT
                          ", \"wasted_by_kind\": {\"duplicate_strings\": %" G_GUINT64_FORMAT
                          ", \"collections\": %" G_GUINT64_FORMAT ", \"arrays\": %" G_GUINT64_FORMAT
                          ", \"boxed\": %" G_GUINT64_FORMAT ", \"bitmaps\": %" G_GUINT64_FORMAT
                          "}, \"thread_buffers\": %" G_GUINT64_FORMAT ",\n",
                          w->total_wasted, w->strings_wasted, w->collections_wasted, w->arrays_wasted,
                          w->boxed_wasted, w->bitmaps_wasted, w->thread_buffers_bytes);

  g_string_append (out, "\"duplicate_strings\": [");
  for (guint i = 0; i < n_of (w->strings, limit); i++)
    {
      const HsWasteString *s = &g_array_index (w->strings, HsWasteString, i);
      g_string_append (out, i ? ",\n  {\"value\": " : "\n  {\"value\": ");
      hs_json_string (out, s->value);
      g_string_append_printf (out,
                              ", \"length\": %" G_GUINT64_FORMAT ", \"count\": %" G_GUINT64_FORMAT
                              ", \"wasted\": %" G_GUINT64_FORMAT ", ",
                              s->length, s->count, s->wasted);
      objects (out, heap, s->objects);
      if (i < PATH_STRINGS)
        {
          g_string_append (out, ", \"paths\": [");
          for (guint k = 0; k < s->objects->len && k < PATHS_EACH; k++)
            {
              g_autoptr (GArray) path
                  = hs_query_root_path (heap, g_array_index (s->objects, HsObj, k), PATH_VISITS);
              g_string_append (out, k ? ", [" : "[");
              for (guint j = 0; path && j < path->len; j++)
                {
                  g_autofree char *label = hs_heap_object_label (heap, g_array_index (path, HsObj, j));
                  if (j)
                    g_string_append (out, ", ");
                  hs_json_string (out, label);
                }
              g_string_append_c (out, ']');
            }
          g_string_append_c (out, ']');
        }
      g_string_append_c (out, '}');
    }
  g_string_append (out, "],\n\"collections\": [");
  for (guint i = 0; i < n_of (w->collections, limit); i++)
    {
      const HsWasteCollection *c = &g_array_index (w->collections, HsWasteCollection, i);
      g_string_append (out, i ? ",\n  {\"class\": " : "\n  {\"class\": ");
      hs_json_string (out, hs_class_name (heap, c->klass));
      g_string_append (out, ", \"layout\": ");
      hs_json_string (out, c->layout);
      g_string_append_printf (out,
                              ", \"count\": %" G_GUINT64_FORMAT ", \"empty\": %" G_GUINT64_FORMAT
                              ", \"empty_bytes\": %" G_GUINT64_FORMAT ", \"size\": %" G_GUINT64_FORMAT
                              ", \"capacity\": %" G_GUINT64_FORMAT ", \"wasted\": %" G_GUINT64_FORMAT
                              ", \"fill_histogram\": [",
                              c->count, c->empty, c->empty_bytes, c->size_sum, c->capacity_sum, c->wasted);
      for (guint b = 0; b < HS_WASTE_FILL_BUCKETS; b++)
        g_string_append_printf (out, "%s%" G_GUINT64_FORMAT, b ? ", " : "", c->fill_histogram[b]);
      g_string_append (out, "], ");
      objects (out, heap, c->objects);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "],\n\"arrays\": {\"min_length\": ");
  g_string_append_printf (out, "%d, \"zero\": [", HS_WASTE_MIN_ARRAY);
  gboolean first = TRUE;
  for (guint t = 0; t < G_N_ELEMENTS (w->zero_arrays); t++)
    if (w->zero_arrays[t].count)
      {
        g_string_append (out, first ? "" : ", ");
        array_kind (out, heap, &w->zero_arrays[t]);
        first = FALSE;
      }
  g_string_append (out, "], \"null\": ");
  array_kind (out, heap, &w->null_arrays);
  g_string_append (out, ", \"duplicates\": [");
  for (guint i = 0; i < n_of (w->dup_arrays, limit); i++)
    {
      const HsWasteDupArray *d = &g_array_index (w->dup_arrays, HsWasteDupArray, i);
      g_string_append_printf (out,
                              "%s{\"type\": \"%s\", \"length\": %u, \"count\": %" G_GUINT64_FORMAT
                              ", \"wasted\": %" G_GUINT64_FORMAT ", \"thread_locals\": %s, ",
                              i ? ",\n  " : "\n  ", hs_type_name (d->type), d->length, d->count, d->wasted,
                              d->thread_locals ? "true" : "false");
      objects (out, heap, d->objects);
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]},\n\"boxed\": [");
  for (guint i = 0; i < n_of (w->boxed, limit); i++)
    {
      const HsWasteBoxed *b = &g_array_index (w->boxed, HsWasteBoxed, i);
      g_string_append (out, i ? ",\n  {\"class\": " : "\n  {\"class\": ");
      hs_json_string (out, hs_class_name (heap, b->klass));
      g_string_append_printf (out,
                              ", \"count\": %" G_GUINT64_FORMAT ", \"bytes\": %" G_GUINT64_FORMAT
                              ", \"primitive_bytes\": %" G_GUINT64_FORMAT ", \"wasted\": %" G_GUINT64_FORMAT
                              "}",
                              b->count, b->bytes, b->primitive_bytes, b->wasted);
    }
  g_string_append (out, "],\n\"bitmaps\": [");
  for (guint i = 0; i < n_of (w->bitmaps, limit); i++)
    {
      const HsWasteBitmap *b = &g_array_index (w->bitmaps, HsWasteBitmap, i);
      static const char *sources[] = { "none", "mBuffer", "dumpData-png", "dumpData-other" };
      g_string_append (out, i ? ",\n  {\"id\": " : "\n  {\"id\": ");
      hs_json_id (out, hs_heap_object_id (heap, b->obj));
      g_string_append_printf (out,
                              ", \"width\": %" G_GINT64_FORMAT ", \"height\": %" G_GINT64_FORMAT
                              ", \"config\": \"%s\", \"bytes\": %" G_GUINT64_FORMAT
                              ", \"java_bytes\": %" G_GUINT64_FORMAT ", \"native_bytes\": %" G_GUINT64_FORMAT
                              ", \"source\": \"%s\", \"duplicates\": %" G_GUINT64_FORMAT ", \"first_copy\": ",
                              b->width, b->height, b->config, hs_waste_bitmap_bytes (b), b->java_bytes,
                              b->native_bytes, sources[b->source], b->duplicates);
      hs_json_id (out, hs_heap_object_id (heap, b->first_copy));
      g_string_append (out, ", \"problem\": ");
      if (b->problem)
        hs_json_string (out, b->problem);
      else
        g_string_append (out, "null");
      g_string_append_c (out, '}');
    }
  g_string_append (out, "]}\n");
}
