/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-guard.c: the SIGBUS guard for code that reads a mapped file, and the
 * process-wide handler that keeps a mapped dump readable after the file
 * shrank (see hs-guard.h). */
#include "config.h"

#include <setjmp.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include "hs-guard.h"

/* A mapped file that shrinks while we read it raises SIGBUS on the pages past
 * its new end. Two answers, one handler:
 * - a fault inside a registered mapping (a dump or an index,
 *   hs_guard_register): zero pages are mapped over the rest of the
 *   mapping (MAP_FIXED, anonymous, writable: an index's mapping is),
 *   the mapping is marked changed, and the read is retried: it sees zeros,
 *   every later read too, and whoever owns the mapping checks the mark at
 *   the end of a phase and reports "the file changed while it was open";
 * - under a guard (hs_guarded_call, the load), the guarded call also ends
 *   at once: the load reports the file shrank instead of parsing zeros.
 * Any other SIGBUS goes to what was there before (or kills, as usual). */
typedef struct
{
  sigjmp_buf env;
} BusGuard;
static __thread BusGuard *bus_guard;
static struct sigaction bus_previous;

#define N_SLOTS 64
typedef struct
{
  volatile guintptr start, end; /* [start, end): 0, 0 when free */
  volatile gint changed;
} Slot;
static Slot slots[N_SLOTS];
static volatile gint any_changed;

/* Async-signal-safe: only reads of the slots, mmap and atomic stores. */
static gboolean
zero_fill (guintptr addr)
{
  for (guint i = 0; i < N_SLOTS; i++)
    {
      guintptr s = slots[i].start, e = slots[i].end;
      if (s == 0 || addr < s || addr >= e)
        continue;
      guintptr page = (guintptr)sysconf (_SC_PAGESIZE);
      guintptr from = addr & ~(page - 1);
      guintptr to = (e + page - 1) & ~(page - 1);
      /* Writable: an index is mapped copy-on-write and may be written to
       * (hs-index-file.c); zeros written to go nowhere. */
      int prot = PROT_READ | PROT_WRITE;
      if (mmap ((void *)from, to - from, prot, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
        return FALSE;
      g_atomic_int_set (&slots[i].changed, 1);
      g_atomic_int_set (&any_changed, 1);
      return TRUE;
    }
  return FALSE;
}

static void
bus_handler (int sig, siginfo_t *info, void *ctx)
{
  gboolean ours = info && zero_fill ((guintptr)info->si_addr);
  if (bus_guard)
    siglongjmp (bus_guard->env, 1);
  if (ours)
    return; /* the read is retried and sees zeros */
  /* Not ours: what was there before, or the default (die). */
  if (bus_previous.sa_flags & SA_SIGINFO && bus_previous.sa_sigaction)
    bus_previous.sa_sigaction (sig, info, ctx);
  else if (bus_previous.sa_handler != SIG_IGN && bus_previous.sa_handler != SIG_DFL
           && bus_previous.sa_handler)
    bus_previous.sa_handler (sig);
  else
    {
      signal (SIGBUS, SIG_DFL);
      raise (SIGBUS);
    }
}

static void
bus_install (void)
{
  static gsize once = 0;
  if (g_once_init_enter (&once))
    {
      struct sigaction sa = { 0 };
      sa.sa_sigaction = bus_handler;
      sa.sa_flags = SA_SIGINFO | SA_NODEFER;
      sigemptyset (&sa.sa_mask);
      sigaction (SIGBUS, &sa, &bus_previous);
      g_once_init_leave (&once, 1);
    }
}

G_LOCK_DEFINE_STATIC (slots);

int
hs_guard_register (const void *start, gsize len)
{
  g_return_val_if_fail (start != NULL && len > 0, -1);
  bus_install ();
  G_LOCK (slots);
  for (int i = 0; i < N_SLOTS; i++)
    if (slots[i].start == 0)
      {
        slots[i].changed = 0;
        slots[i].end = (guintptr)start + len;
        slots[i].start = (guintptr)start; /* last: the handler checks start */
        G_UNLOCK (slots);
        return i;
      }
  G_UNLOCK (slots);
  return -1; /* more than 64 dumps mapped: unguarded, as before */
}

void
hs_guard_unregister (int slot)
{
  if (slot < 0 || slot >= N_SLOTS)
    return;
  G_LOCK (slots);
  slots[slot].start = 0;
  slots[slot].end = 0;
  G_UNLOCK (slots);
}

gboolean
hs_guard_changed (int slot)
{
  if (slot < 0 || slot >= N_SLOTS)
    return FALSE;
  return g_atomic_int_get (&slots[slot].changed) != 0;
}

gboolean
hs_guard_any_changed (void)
{
  return g_atomic_int_get (&any_changed) != 0;
}

/* Runs fn (data); FALSE if it touched a page of a file that had shrunk. */
gboolean
hs_guarded_call (GThreadFunc fn, gpointer data)
{
  g_return_val_if_fail (fn != NULL, FALSE);
  BusGuard g, *prev = bus_guard;
  bus_install ();
  if (sigsetjmp (g.env, 1) != 0)
    {
      bus_guard = prev;
      return FALSE;
    }
  bus_guard = &g;
  fn (data);
  bus_guard = prev;
  return TRUE;
}
