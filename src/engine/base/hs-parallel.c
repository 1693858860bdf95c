/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-parallel.c: see hs-parallel.h. */
#include "config.h"

#include "hs-parallel.h"

#include <errno.h>
#include <sys/resource.h>

void
hs_run_pair (const char *name, GThreadFunc fn, gpointer first, gpointer second)
{
  GThread *th = second ? g_thread_try_new (name, fn, second, NULL) : NULL;
  fn (first);
  if (th)
    g_thread_join (th);
  else if (second)
    fn (second);
}

void
hs_thread_lower_priority (int increment)
{
#ifdef __linux__
  /* PRIO_PROCESS 0 is the calling thread on Linux. */
  errno = 0;
  int now = getpriority (PRIO_PROCESS, 0);
  if (errno == 0)
    (void)setpriority (PRIO_PROCESS, 0, MIN (now + increment, 19));
#else
  (void)increment;
#endif
}

typedef struct
{
  GThreadFunc fn;
  gpointer data;
  int increment;
} Niced;

static gpointer
niced_thread (gpointer data)
{
  Niced *n = data;
  hs_thread_lower_priority (n->increment);
  n->fn (n->data);
  return NULL;
}

void
hs_run_niced_by (const char *name, int increment, GThreadFunc fn, gpointer data)
{
  g_return_if_fail (fn != NULL);
  Niced n = { fn, data, increment };
  GThread *t = g_thread_try_new (name, niced_thread, &n, NULL);
  if (t == NULL)
    fn (data);
  else
    g_thread_join (t);
}
