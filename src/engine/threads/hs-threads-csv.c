/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-threads-csv.c: threads as CSV, one row per frame (threads --csv, the
 * Threads view's export; see hs-threads.h). */
#include "config.h"

#include "hs-threads.h"

static const char *const columns[]
    = { "thread_id", "thread_name", "tid",       "daemon", "state", "retained", "stack_retained", "frame",
        "class",     "method",      "signature", "file",   "line",  "locals",   "locals_retained" };

void
hs_threads_csv_header (HsCsv *csv)
{
  g_return_if_fail (csv != NULL);
  hs_csv_header (csv, columns, G_N_ELEMENTS (columns));
}

static void
thread_cells (HsCsv *csv, const HsThread *t)
{
  hs_csv_id (csv, t->id);
  hs_csv_text (csv, t->name);
  if (t->tid >= 0)
    hs_csv_int (csv, t->tid);
  else
    hs_csv_empty (csv);
  hs_csv_text (csv, t->daemon < 0 ? NULL : t->daemon ? "true" : "false");
  hs_csv_text (csv, t->state);
  hs_csv_uint (csv, t->retained);
  hs_csv_uint (csv, t->stack_retained);
}

void
hs_thread_to_csv (const HsThread *t, HsCsv *csv)
{
  g_return_if_fail (t != NULL && csv != NULL);

  if (t->n_frames == 0)
    {
      thread_cells (csv, t);
      for (guint i = 0; i < 8; i++)
        hs_csv_empty (csv);
      hs_csv_end_row (csv);
      return;
    }
  for (guint k = 0; k < t->n_frames; k++)
    {
      const HsThreadFrame *f = &t->frames[k];
      guint64 locals_retained = 0;

      for (guint j = 0; j < f->n_locals; j++)
        locals_retained += f->locals[j].retained;
      thread_cells (csv, t);
      hs_csv_uint (csv, k);
      hs_csv_text (csv, f->class_name);
      hs_csv_text (csv, f->unknown ? "<unknown frame>" : f->method);
      hs_csv_text (csv, f->signature);
      hs_csv_text (csv, f->file);
      hs_csv_int (csv, f->line);
      hs_csv_uint (csv, f->n_locals);
      hs_csv_uint (csv, locals_retained);
      hs_csv_end_row (csv);
    }
}
