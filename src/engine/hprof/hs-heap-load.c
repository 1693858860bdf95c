/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-load.c: what every pass of the load uses: progress and
 * cancellation, format errors that name the file and byte offset, warnings,
 * the memory check (hs-memory-check.c), the step clock. */
#include "config.h"

#include <string.h>

#include "hs-heap-load-private.h"
#include "hs-debug.h"
#include "hs-memory-check.h"

/* HEAPSCOPE_DEBUG_TIMES=1: the time of each step of the index phase. */
static HsDebugClock index_clock = { "", FALSE, 0, 0 };

void
_hs_heap_debug_time (const char *what)
{
  hs_debug_step (&index_clock, what);
}

void
_hs_progress_report (HsLoadProgress *p, const char *phase, double fraction)
{
  if (p->func)
    p->func (phase, CLAMP (fraction, 0.0, 1.0), p->data);
}

gboolean
_hs_check_cancel (HsLoadProgress *p, GError **error)
{
  return !g_cancellable_set_error_if_cancelled (p->cancellable, error);
}

void
_hs_set_format_error (GError **error, const char *name, guint64 offset, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, HS_ERROR, HS_ERROR_FORMAT, "%s: at byte offset %" G_GUINT64_FORMAT ": %s", name, offset,
               msg);
}

void
_hs_heap_add_warning (HsHeap *heap, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  char *joined = heap->warning ? g_strconcat (heap->warning, "\n", msg, NULL) : g_strdup (msg);
  g_free (heap->warning);
  heap->warning = joined;
}

/* The load's progress, for the memory check's notice (the checks run on
 * the load's thread; the file-size one sets it). */
static _Thread_local HsLoadProgress *check_progress;

/* A notice ("... spilling N GB to DIR; this will be slower") goes to the
 * progress function as a phase "notice:TEXT" (hs-loader.c shows it beside
 * the phase); the CLI gets it from hs_memory_set_notice_func. */
static void
report_notice (HsLoadProgress *p, char *notice)
{
  if (notice && p && p->func)
    {
      g_autofree char *phase = g_strconcat ("notice:", notice, NULL);
      p->func (phase, 0.0, p->data);
    }
  g_free (notice);
}

/* The up-front memory check (hs-memory-check.c): the whole analysis's
 * estimate against what the machine can give; spilling starts if it does
 * not fit. */
gboolean
_hs_heap_check_memory (HsHeap *heap, guint64 n_objects, GError **error)
{
  char *notice = NULL;
  gboolean ok = hs_memory_check_full (heap->name, n_objects, 0, &notice, error);
  report_notice (check_progress, notice);
  return ok;
}

/* The same from the file's size, before the objects are counted. */
gboolean
_hs_heap_check_memory_early (HsHeap *heap, HsLoadProgress *prog, GError **error)
{
  check_progress = prog;
  char *notice = NULL;
  gboolean ok = hs_memory_check_file (heap->name, heap->len, &notice, error);
  report_notice (prog, notice);
  return ok;
}
