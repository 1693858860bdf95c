/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-threads.c: heapscope-cli threads DUMP, every thread like jstack
 * prints it, with the locals the dump attributes to each frame
 * (docs/semantics.md "Threads"). */
#include "config.h"

#include "hs-cli.h"
#include "hs-threads.h"

static void
thread_json (GString *out, const HsThread *t)
{
  g_string_append (out, "{\"id\": ");
  hs_json_id (out, t->id);
  g_string_append (out, ", \"name\": ");
  hs_json_string_or_null (out, t->name);
  g_string_append_printf (out, ", \"daemon\": %s, \"state\": ",
                          t->daemon < 0 ? "null"
                          : t->daemon   ? "true"
                                        : "false");
  hs_json_string_or_null (out, t->state);
  g_string_append_printf (
      out, ", \"retained\": %" G_GUINT64_FORMAT ", \"stack_retained\": %" G_GUINT64_FORMAT ", \"frames\": [",
      t->retained, t->stack_retained);
  for (guint k = 0; k < t->n_frames; k++)
    {
      const HsThreadFrame *f = &t->frames[k];
      g_string_append (out, k ? ", {\"class\": " : "{\"class\": ");
      hs_json_string_or_null (out, f->class_name);
      g_string_append (out, ", \"method\": ");
      hs_json_string_or_null (out, f->unknown ? "<unknown frame>" : f->method);
      g_string_append (out, ", \"signature\": ");
      hs_json_string_or_null (out, f->signature);
      g_string_append (out, ", \"file\": ");
      hs_json_string_or_null (out, f->file);
      g_string_append_printf (out, ", \"line\": %d, \"locals\": [", f->line);
      for (guint j = 0; j < f->n_locals; j++)
        {
          const HsThreadLocal *l = &f->locals[j];
          g_string_append (out, j ? ", {\"id\": " : "{\"id\": ");
          hs_json_id (out, l->id);
          g_string_append (out, ", \"class\": ");
          hs_json_string_or_null (out, l->class_name);
          g_string_append_printf (out, ", \"shallow\": %u, \"retained\": %" G_GUINT64_FORMAT "}", l->shallow,
                                  l->retained);
        }
      g_string_append (out, "]}");
    }
  g_string_append (out, "]}");
}

static void
thread_text (GString *out, const HsThread *t)
{
  g_autofree char *ret = hs_format_bytes (t->retained);
  g_autofree char *sret = hs_format_bytes (t->stack_retained);
  g_string_append_printf (out, "\"%s\"", t->name ? t->name : "<no name>");
  if (t->tid >= 0)
    g_string_append_printf (out, " #%" G_GINT64_FORMAT, t->tid);
  if (t->daemon == 1)
    g_string_append (out, " daemon");
  g_string_append_printf (out, " 0x%" G_GINT64_MODIFIER "x", t->id);
  if (t->state)
    g_string_append_printf (out, "\n   java.lang.Thread.State: %s", t->state);
  g_string_append_printf (out, "\n   retained: %s, stack retained: %s\n", ret, sret);
  if (!t->has_stack)
    g_string_append (out, "\t(no stack trace)\n");
  for (guint k = 0; k < t->n_frames; k++)
    {
      const HsThreadFrame *f = &t->frames[k];
      g_autofree char *line = hs_thread_frame_text (f);
      g_string_append_printf (out, "\tat %s\n", line);
      for (guint j = 0; j < f->n_locals; j++)
        {
          const HsThreadLocal *l = &f->locals[j];
          g_autofree char *lr = hs_format_bytes (l->retained);
          g_string_append_printf (out,
                                  "\t    - local %s@0x%" G_GINT64_MODIFIER "x (shallow %u, retained %s)\n",
                                  l->class_name ? l->class_name : "<missing object>", l->id, l->shallow, lr);
        }
    }
  g_string_append_c (out, '\n');
}

int
hs_cli_threads_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error)
{
  (void)path;
  (void)error;
  g_autoptr (HsThreads) ts = hs_threads_read (a->heap, a->dom);
  hs_threads_compute_stack_retained (ts, a->heap);
  if (ts->warnings && !o->quiet)
    g_printerr ("warning: %s\n", ts->warnings);
  GString *out = g_string_new (o->json ? "{\"threads\": [" : NULL);
  HsCsv csv;
  if (o->csv)
    {
      hs_csv_init (&csv, out);
      hs_threads_csv_header (&csv);
    }
  for (guint i = 0; i < ts->n_threads; i++)
    {
      if (o->csv)
        hs_thread_to_csv (&ts->threads[i], &csv);
      else if (o->json)
        {
          if (i)
            g_string_append (out, ", ");
          thread_json (out, &ts->threads[i]);
        }
      else
        thread_text (out, &ts->threads[i]);
      hs_cli_flush_big (out);
    }
  if (o->json)
    g_string_append (out, "]}\n");
  else if (ts->n_threads == 0 && !o->csv)
    g_string_append (out, "No threads in this dump.\n");
  if (o->csv)
    hs_cli_write (out);
  else
    hs_cli_write_raw (out);
  g_string_free (out, TRUE);
  return 0;
}

int
hs_cli_threads (const HsCliOptions *o, const char *path, GError **error)
{
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, TRUE, FALSE, error);
  if (a == NULL)
    return 2;
  return hs_cli_threads_emit (o, a, path, error);
}
