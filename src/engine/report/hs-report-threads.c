/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-threads.c: the report's Threads section, when the dump has
 * stacks: one row per thread (largest stack retained size first) with its
 * stack collapsed in a <details>, jstack style, locals under each frame. */
#include "config.h"

#include <stdlib.h>

#include "hs-report-private.h"
#include "hs-threads.h"

static int
cmp_stack_retained (const void *a, const void *b)
{
  const HsThread *x = *(const HsThread *const *)a, *y = *(const HsThread *const *)b;
  if (x->stack_retained != y->stack_retained)
    return x->stack_retained > y->stack_retained ? -1 : 1;
  return x->serial < y->serial ? -1 : x->serial > y->serial;
}

static void
thread_stack (GString *out, const HsThread *t)
{
  g_string_append_printf (out, "<details class=\"stack\"><summary>%u frame%s</summary>\n<pre>", t->n_frames,
                          t->n_frames == 1 ? "" : "s");
  for (guint k = 0; k < t->n_frames; k++)
    {
      const HsThreadFrame *f = &t->frames[k];
      g_autofree char *line = hs_thread_frame_text (f);
      g_string_append (out, "at ");
      hs_html_escape (out, line);
      g_string_append_c (out, '\n');
      for (guint j = 0; j < f->n_locals; j++)
        {
          const HsThreadLocal *l = &f->locals[j];
          g_string_append (out, "    local ");
          hs_html_escape (out, l->class_name ? l->class_name : "<missing object>");
          g_string_append_c (out, '@');
          hs_html_append_id (out, l->id);
          g_string_append (out, " shallow ");
          hs_html_append_bytes (out, l->shallow);
          g_string_append (out, ", retained ");
          hs_html_append_bytes (out, l->retained);
          g_string_append_c (out, '\n');
        }
    }
  g_string_append (out, "</pre></details>");
}

void
hs_report_section_threads (GString *out, const HsReportContext *ctx)
{
  HsAnalysis *a = ctx->analysis;
  if (!hs_heap_has_stacks (a->heap))
    return;
  g_autoptr (HsThreads) ts = hs_threads_read (a->heap, a->dom);
  if (ts->n_threads == 0)
    return;
  hs_threads_compute_stack_retained (ts, a->heap);
  g_autofree const HsThread **order = g_new (const HsThread *, ts->n_threads);
  for (guint i = 0; i < ts->n_threads; i++)
    order[i] = &ts->threads[i];
  qsort (order, ts->n_threads, sizeof *order, cmp_stack_retained);
  g_string_append (
      out,
      "<section id=\"threads\">\n<h2>Threads</h2>\n<p>Every thread the dump holds, with the bytes its "
      "stack's locals keep alive (the retained size of the set of its locals); the stacks are folded.</p>\n"
      "<table class=\"data sortable\" "
      "id=\"thread-table\">\n<thead><tr><th>Thread</th><th>Id</th><th>Daemon</th>"
      "<th>State</th><th>Retained</th><th>Stack retained</th><th>Stack</th></tr></thead>\n<tbody>\n");
  for (guint i = 0; i < ts->n_threads; i++)
    {
      const HsThread *t = order[i];
      g_string_append (out, "<tr><td>");
      hs_html_escape (out, t->name ? t->name : "(no name)");
      g_string_append (out, "</td><td>");
      hs_html_append_id (out, t->id);
      g_string_append_printf (out, "</td><td>%s</td><td>", t->daemon < 0 ? "" : t->daemon ? "yes" : "no");
      hs_html_escape (out, t->state ? t->state : "");
      g_string_append (out, "</td>");
      hs_html_td_bytes (out, t->retained);
      hs_html_td_bytes (out, t->stack_retained);
      g_string_append (out, "<td>");
      if (t->n_frames)
        thread_stack (out, t);
      else
        g_string_append (out, "no frames");
      g_string_append (out, "</td></tr>\n");
    }
  g_string_append (out, "</tbody>\n</table>\n</section>\n");
}
