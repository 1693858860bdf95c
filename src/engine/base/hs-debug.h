/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-debug.h: HEAPSCOPE_DEBUG_TIMES=1 prints the wall and CPU time of each step of
 * the analysis on stderr (with the resident set after it). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  const char *prefix;  /* printed before each step's name */
  gboolean thread_cpu; /* CPU of the calling thread, else of the process */
  gint64 wall, cpu;    /* at the previous step */
} HsDebugClock;

/* Ends the step `what` (NULL: starts the clock, prints nothing). */
void hs_debug_step (HsDebugClock *clock, const char *what);

G_END_DECLS
