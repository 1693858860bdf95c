/* hs-parallel.c: see hs-parallel.h. */
#include "config.h"

#include "hs-parallel.h"

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
