/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-classes.c: `heapscope-cli classes`: one row per class, sorted by
 * hs_query_sorted_classes (--sort count, shallow or retained). */
#include "config.h"

#include "hs-cli.h"

int
hs_cli_classes (const HsCliOptions *o, const char *path, GError **error)
{
  HsClassSort sort = HS_CLASS_SORT_RETAINED;

  /* The argument is checked before the dump is read. */
  if (o->sort && !hs_class_sort_from_string (o->sort, &sort))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "--sort takes count, shallow or retained, not \"%s\"",
                   o->sort);
      return 2;
    }
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, TRUE, FALSE, error);
  if (!a)
    return 2;
  HsHeap *h = a->heap;
  int heap = -1;
  if (!hs_cli_resolve_heap (o, h, &heap, error))
    return 2;
  /* --heap: counted and sized over that heap's instances. */
  g_autoptr (HsHeapClasses) hc = heap >= 0 ? hs_query_heap_classes (a, (guint)heap, NULL, error) : NULL;
  if (heap >= 0 && !hc)
    return 2;
  g_autoptr (GArray) rows = hc ? hs_query_sorted_heap_classes (a, hc, sort)
                               : hs_query_sorted_classes (a, sort, HS_CLASS_FILTER_PRESENT);
  guint n = o->limit >= 0 ? MIN ((guint)o->limit, rows->len) : rows->len;
  static const char *const columns[]
      = { "name", "id", "loader", "count", "reachable_count", "shallow", "retained", "obfuscated_name" };
  GString *out = g_string_new (o->json ? "[" : NULL);
  HsCsv csv;
  if (o->csv)
    hs_cli_csv_begin (&csv, out, columns, G_N_ELEMENTS (columns));
  else if (!o->json)
    g_string_append_printf (out, "%12s %12s %14s %14s  %s\n", "count", "reachable", "shallow", "retained",
                            "class");
  for (guint i = 0; i < n; i++)
    {
      HsClass c = g_array_index (rows, HsClass, i);
      guint64 count = hc ? hc->count[c] : hs_class_count (h, c);
      guint64 reachable = hc ? hc->reachable[c] : hs_class_reachable_count (h, c);
      guint64 shallow = hc ? hc->shallow[c] : hs_class_shallow (h, c);
      guint64 retained = hc ? hc->retained[c] : a->class_retained[c];
      if (o->json)
        {
          g_string_append (out, i ? ",\n {\"name\": " : "\n {\"name\": ");
          hs_json_string (out, hs_class_name (h, c));
          hs_cli_append_obfuscated (out, h, c);
          g_string_append (out, ", \"id\": ");
          hs_json_id (out, hs_class_id (h, c));
          g_string_append (out, ", \"loader\": ");
          hs_json_id (out, hs_class_loader_id (h, c));
          g_string_append_printf (
              out,
              ", \"count\": %" G_GUINT64_FORMAT ", \"reachable_count\": %" G_GUINT64_FORMAT
              ", \"shallow\": %" G_GUINT64_FORMAT ", \"retained\": %" G_GUINT64_FORMAT "}",
              count, reachable, shallow, retained);
        }
      else if (o->csv)
        {
          hs_csv_text (&csv, hs_class_name (h, c));
          hs_csv_id (&csv, hs_class_id (h, c));
          hs_csv_id (&csv, hs_class_loader_id (h, c));
          hs_csv_uint (&csv, count);
          hs_csv_uint (&csv, reachable);
          hs_csv_uint (&csv, shallow);
          hs_csv_uint (&csv, retained);
          hs_csv_text (&csv, hs_class_obfuscated_name (h, c));
          hs_csv_end_row (&csv);
        }
      else
        {
          g_autofree char *name = hs_cli_visible (hs_class_name (h, c), -1, FALSE);
          g_string_append_printf (out,
                                  "%12" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT
                                  " %14" G_GUINT64_FORMAT "  %s\n",
                                  count, reachable, shallow, retained, name);
        }
      hs_cli_flush_big (out);
    }
  hs_cli_finish_list (o, out);
  return 0;
}
