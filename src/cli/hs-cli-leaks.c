/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-leaks.c: `heapscope-cli leaks`: the leak traces, LeakCanary's text or JSON. */
#include "config.h"

#include "hs-cli.h"

/* --csv: one row per node of every trace (docs/semantics.md, "CSV"):
 * the group and the trace repeated on each of its rows, so a filter on
 * step = 0 gives the GC roots and on leaking = YES the leaking objects.
 * step is the node's place on the path (an abridged trace skips the
 * numbers of the nodes left out). */
static void
leaks_csv (HsAnalysis *a, GString *out)
{
  static const char *const columns[]
      = { "list", "group", "signature", "group_description", "trace",     "retained_bytes", "retained_count",
          "step", "id",    "class",     "leaking",           "reference", "suspect" };
  GPtrArray *lists[2] = { a->leaks->application_leaks, a->leaks->library_leaks };
  HsCsv csv;

  hs_cli_csv_begin (&csv, out, columns, G_N_ELEMENTS (columns));
  for (guint l = 0; l < 2; l++)
    for (guint g = 0; g < lists[l]->len; g++)
      {
        HsLeakGroup *grp = lists[l]->pdata[g];
        for (guint t = 0; t < grp->traces->len; t++)
          {
            HsLeakTrace *tr = grp->traces->pdata[t];
            for (guint k = 0; k < tr->nodes->len; k++)
              {
                HsLeakNode *nd = tr->nodes->pdata[k];
                gboolean last = k + 1 == tr->nodes->len;
                g_autofree char *ref = last ? NULL : hs_leak_node_ref_label (nd);
                hs_csv_text (&csv, l == 0 ? "application" : "library");
                hs_csv_uint (&csv, g);
                hs_csv_text (&csv, grp->fingerprint);
                hs_csv_text (&csv, grp->description);
                hs_csv_uint (&csv, t);
                hs_csv_uint (&csv, tr->retained_bytes);
                hs_csv_uint (&csv, tr->retained_count);
                /* Its place on the path: an abridged trace skips numbers. */
                hs_csv_uint (&csv, k + (tr->n_elided > 0 && k >= tr->elided_at ? tr->n_elided : 0));
                hs_csv_id (&csv, hs_heap_object_id (a->heap, nd->obj));
                hs_csv_text (&csv, nd->class_name);
                hs_csv_text (&csv, hs_leaking_name (nd->leaking));
                hs_csv_text (&csv, ref);
                hs_csv_text (&csv, last ? NULL : nd->suspect ? "true" : "false");
                hs_csv_end_row (&csv);
              }
            hs_cli_flush_big (out);
          }
      }
}

int
hs_cli_leaks_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error)
{
  (void)path;
  (void)error;
  GString *out = g_string_new (NULL);
  if (o->csv)
    leaks_csv (a, out);
  else if (o->json)
    {
      hs_leak_report_to_json (a->leaks, out);
      g_string_append_c (out, '\n');
    }
  else
    {
      GPtrArray *lists[2] = { a->leaks->application_leaks, a->leaks->library_leaks };
      const char *titles[2] = { "APPLICATION LEAKS", "LIBRARY LEAKS" };
      for (guint l = 0; l < 2; l++)
        {
          guint total = hs_cli_n_traces (lists[l]);
          g_string_append_printf (out, "====================================\n%s\n\n", titles[l]);
          if (lists[l]->len == 0)
            g_string_append_printf (out, "No %s leaks found.\n\n", l == 0 ? "application" : "library");
          for (guint g = 0; g < lists[l]->len; g++)
            {
              HsLeakGroup *grp = lists[l]->pdata[g];
              HsLeakTrace *first = grp->traces->pdata[0];
              g_autofree char *sz = hs_format_bytes (first->retained_bytes);
              g_string_append_printf (out, "%s retained by %s: %u instance%s (first retains %s)\n", sz,
                                      grp->description ? grp->description : "", grp->traces->len,
                                      grp->traces->len == 1 ? "" : "s", sz);
              if (grp->library_pattern)
                g_string_append_printf (out, "Library leak match: %s\n", grp->library_pattern);
              g_string_append_printf (out, "Signature: %s\n", grp->fingerprint);
              for (guint t = 0; t < grp->traces->len; t++)
                {
                  g_autofree char *txt = hs_leak_trace_to_text (grp->traces->pdata[t]);
                  g_string_append (out, txt);
                  g_string_append (out, "\n");
                }
            }
          if (total)
            g_string_append_printf (out, "%u %s leak%s in %u group%s.\n\n", total,
                                    l == 0 ? "application" : "library", total == 1 ? "" : "s", lists[l]->len,
                                    lists[l]->len == 1 ? "" : "s");
        }
      g_string_append_printf (out,
                              "====================================\n%" G_GUINT64_FORMAT
                              " watched reference%s, %" G_GUINT64_FORMAT " leaking object%s.\n",
                              a->leaks->n_watched, a->leaks->n_watched == 1 ? "" : "s",
                              a->leaks->n_leaking_objects, a->leaks->n_leaking_objects == 1 ? "" : "s");
    }
  hs_cli_write (out);
  g_string_free (out, TRUE);
  return 0;
}

int
hs_cli_leaks (const HsCliOptions *o, const char *path, GError **error)
{
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, TRUE, TRUE, error);
  if (!a)
    return 2;
  return hs_cli_leaks_emit (o, a, path, error);
}
