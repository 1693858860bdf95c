/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-summary.c: `heapscope-cli summary`: the dump's format and totals. */
#include "config.h"

#include "hs-cli.h"

int
hs_cli_summary_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error)
{
  HsHeap *h = a->heap;
  const HsSummary *s = hs_heap_summary (h);
  guint n_heaps = 0;
  /* --json's heaps; several need the dominator tree for their retained
   * bytes. */
  g_autofree HsHeapRow *heaps = o->json ? hs_query_heaps (h, NULL, &n_heaps, NULL, error) : NULL;
  if (o->json && !heaps)
    return 2;
  GString *out = g_string_new (NULL);
  if (o->json)
    {
      g_string_append (out, "{\n  \"file\": ");
      hs_json_string (out, path);
      g_string_append (out, ",\n  \"format\": ");
      hs_json_string (out, hs_heap_format (h));
      g_string_append_printf (
          out,
          ",\n  \"id_size\": %u,\n  \"ref_size\": %u,\n  \"object_align\": %u,\n  \"android\": %s,\n  "
          "\"gzip\": %s,"
          "\n  \"dumps\": %u,\n  \"dump\": %u,\n  \"timestamp_ms\": %" G_GUINT64_FORMAT
          ",\n  \"follow_weak\": %s,"
          "\n  \"objects\": %" G_GUINT64_FORMAT ",\n  \"instances\": %" G_GUINT64_FORMAT
          ",\n  \"object_arrays\": %" G_GUINT64_FORMAT ",\n  \"primitive_arrays\": %" G_GUINT64_FORMAT
          ",\n  \"class_objects\": %" G_GUINT64_FORMAT ",\n  \"classes\": %" G_GUINT64_FORMAT
          ",\n  \"gc_roots\": %" G_GUINT64_FORMAT ",\n  \"root_records\": %" G_GUINT64_FORMAT
          ",\n  \"roots_missing\": %" G_GUINT64_FORMAT ",\n  \"gc_roots_by_type\": {",
          hs_heap_id_size (h), hs_heap_ref_size (h), hs_heap_object_align (h),
          hs_heap_is_android (h) ? "true" : "false", hs_heap_is_compressed_file (h) ? "true" : "false",
          hs_heap_n_dumps (h), hs_heap_dump_index (h), hs_heap_timestamp_ms (h),
          o->follow_weak ? "true" : "false", s->objects, s->instances, s->object_arrays, s->primitive_arrays,
          s->class_objects, s->classes, s->gc_roots, s->root_records, s->roots_missing);
      gboolean first = TRUE;
      for (guint t = 0; t < 256; t++)
        {
          if (!s->roots_by_type[t])
            continue;
          g_string_append (out, first ? "\n    " : ",\n    ");
          hs_json_string (out, hs_root_type_name (t));
          g_string_append_printf (out, ": %" G_GUINT64_FORMAT, s->roots_by_type[t]);
          first = FALSE;
        }
      g_string_append_printf (
          out,
          "%s},\n  \"reachable_objects\": %" G_GUINT64_FORMAT
          ",\n  \"unreachable_objects\": %" G_GUINT64_FORMAT ",\n  \"shallow_bytes\": %" G_GUINT64_FORMAT
          ",\n  \"reachable_bytes\": %" G_GUINT64_FORMAT ",\n  \"unreachable_bytes\": %" G_GUINT64_FORMAT
          ",\n  \"dangling_references\": %" G_GUINT64_FORMAT ",\n  \"roots_inferred\": %s,\n  \"warning\": ",
          first ? "" : "\n  ", s->reachable_objects, s->unreachable_objects, s->shallow_bytes,
          s->reachable_bytes, s->unreachable_bytes, s->dangling_references,
          s->roots_inferred ? "true" : "false");
      if (hs_heap_warning (h))
        hs_json_string (out, hs_heap_warning (h));
      else
        g_string_append (out, "null");
      g_string_append (out, ",\n  \"heaps\": [");
      for (guint i = 0; i < n_heaps; i++)
        {
          g_string_append (out, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
          hs_json_string (out, heaps[i].name);
          g_string_append_printf (out,
                                  ", \"objects\": %" G_GUINT64_FORMAT ", \"shallow\": %" G_GUINT64_FORMAT
                                  ", \"reachable\": %" G_GUINT64_FORMAT
                                  ", \"reachable_shallow\": %" G_GUINT64_FORMAT
                                  ", \"retained\": %" G_GUINT64_FORMAT "}",
                                  heaps[i].objects, heaps[i].shallow, heaps[i].reachable,
                                  heaps[i].reachable_shallow, heaps[i].retained);
        }
      g_string_append (out, "\n  ]\n}\n");
    }
  else
    {
      g_autofree char *sb = hs_format_bytes (s->shallow_bytes), *rb = hs_format_bytes (s->reachable_bytes),
                      *ub = hs_format_bytes (s->unreachable_bytes);
      g_string_append_printf (out, "File:          %s\nFormat:        %s, %u-byte ids%s%s\n", path,
                              hs_heap_format (h), hs_heap_id_size (h),
                              hs_heap_is_android (h) ? ", Android" : "",
                              hs_heap_is_compressed_file (h) ? ", gzip" : "");
      g_string_append_printf (out, "Dumps:         %u (analysing #%u)\n", hs_heap_n_dumps (h),
                              hs_heap_dump_index (h));
      g_string_append_printf (out, "References:    %u bytes, objects aligned to %u\n", hs_heap_ref_size (h),
                              hs_heap_object_align (h));
      g_string_append_printf (
          out,
          "Objects:       %" G_GUINT64_FORMAT " (%" G_GUINT64_FORMAT " instances, %" G_GUINT64_FORMAT
          " object arrays, %" G_GUINT64_FORMAT " primitive arrays, %" G_GUINT64_FORMAT " class objects)\n",
          s->objects, s->instances, s->object_arrays, s->primitive_arrays, s->class_objects);
      g_string_append_printf (out, "Classes:       %" G_GUINT64_FORMAT "\n", s->classes);
      if (s->roots_inferred)
        g_string_append_printf (
            out,
            "GC roots:      none in the dump (cut short before them?): the %" G_GUINT64_FORMAT
            " objects nothing references stand for them\n",
            s->gc_roots);
      else
        g_string_append_printf (
            out, "GC roots:      %" G_GUINT64_FORMAT " objects from %" G_GUINT64_FORMAT " root records\n",
            s->gc_roots, s->root_records);
      for (guint t = 0; t < 256; t++)
        if (s->roots_by_type[t])
          g_string_append_printf (out, "  %-18s %" G_GUINT64_FORMAT "\n", hs_root_type_name (t),
                                  s->roots_by_type[t]);
      g_string_append_printf (out, "Shallow size:  %s (%" G_GUINT64_FORMAT " bytes)\n", sb, s->shallow_bytes);
      g_string_append_printf (out, "Reachable:     %" G_GUINT64_FORMAT " objects, %s\n", s->reachable_objects,
                              rb);
      g_string_append_printf (out, "Unreachable:   %" G_GUINT64_FORMAT " objects, %s\n",
                              s->unreachable_objects, ub);
      g_string_append_printf (out, "Dangling refs: %" G_GUINT64_FORMAT "\n", s->dangling_references);
    }
  hs_cli_write (out);
  g_string_free (out, TRUE);
  return 0;
}

int
hs_cli_summary (const HsCliOptions *o, const char *path, GError **error)
{
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, FALSE, FALSE, error);
  if (!a)
    return 2;
  return hs_cli_summary_emit (o, a, path, error);
}
