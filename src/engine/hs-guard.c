/* hs-guard.c: the SIGBUS guard for code that reads a mapped file (see
 * hs-guard.h). */
#include "config.h"

#include <setjmp.h>
#include <signal.h>

#include "hs-guard.h"

/* A mapped file that shrinks while we read it raises SIGBUS on the pages past
 * its new end. Code that reads the mapping runs under a guard: the fault
 * jumps back to the guard, which reports a clean error instead of dying. */
typedef struct { sigjmp_buf env; } BusGuard;
static __thread BusGuard *bus_guard;
static struct sigaction bus_previous;

static void
bus_handler (int sig, siginfo_t *info, void *ctx)
{
  if (bus_guard)
    siglongjmp (bus_guard->env, 1);
  /* Not ours: what was there before, or the default (die). */
  if (bus_previous.sa_flags & SA_SIGINFO && bus_previous.sa_sigaction)
    bus_previous.sa_sigaction (sig, info, ctx);
  else if (bus_previous.sa_handler != SIG_IGN && bus_previous.sa_handler != SIG_DFL && bus_previous.sa_handler)
    bus_previous.sa_handler (sig);
  else {
    signal (SIGBUS, SIG_DFL);
    raise (SIGBUS);
  }
}

static void
bus_install (void)
{
  static gsize once = 0;
  if (g_once_init_enter (&once)) {
    struct sigaction sa = { 0 };
    sa.sa_sigaction = bus_handler;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset (&sa.sa_mask);
    sigaction (SIGBUS, &sa, &bus_previous);
    g_once_init_leave (&once, 1);
  }
}

/* Runs fn (data); FALSE if it touched a page of a file that had shrunk. */
gboolean
hs_guarded_call (GThreadFunc fn, gpointer data)
{
  g_return_val_if_fail (fn != NULL, FALSE);
  BusGuard g, *prev = bus_guard;
  bus_install ();
  if (sigsetjmp (g.env, 1) != 0) {
    bus_guard = prev;
    return FALSE;
  }
  bus_guard = &g;
  fn (data);
  bus_guard = prev;
  return TRUE;
}
