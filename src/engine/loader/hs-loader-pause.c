/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loader-pause.c: a ready-made HsLoaderTestHook that holds workers at a
 * named phase, so that tests can look at or cancel a load that is certainly
 * midway however fast the machine. Workers wait on a condition variable,
 * woken when the pause changes or their load is cancelled (no polling).
 * Test support only: nothing calls it outside tests. */
#include "config.h"
#include "hs-loader.h"

#ifndef HS_TEST_HOOKS
#error "hs-loader-pause.c is only built into the test variant of the engine"
#endif

static struct
{
  GMutex lock;
  GCond changed;     /* the phase changed or a load was cancelled */
  const char *phase; /* interned; NULL: no pause */
  guint n_paused;    /* workers waiting now */
} held;

/* Main thread (g_cancellable_cancel): wakes the waiting workers, which
 * look at their own cancellable. */
static void
on_cancelled (GCancellable *cancellable, gpointer user_data)
{
  g_mutex_lock (&held.lock);
  g_cond_broadcast (&held.changed);
  g_mutex_unlock (&held.lock);
}

/* Worker thread. */
static void
pause_at_phase (HsLoader *loader, const char *phase, GCancellable *cancellable, gpointer user_data)
{
  gboolean wait;
  gulong handler;

  g_mutex_lock (&held.lock);
  wait = phase != NULL && phase == held.phase;
  g_mutex_unlock (&held.lock);
  if (!wait)
    return;

  /* Connected outside the lock: when already cancelled, on_cancelled runs
   * here at once (and takes the lock). */
  handler = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), NULL, NULL);
  g_mutex_lock (&held.lock);
  held.n_paused++;
  while (phase == held.phase && !g_cancellable_is_cancelled (cancellable))
    g_cond_wait (&held.changed, &held.lock);
  held.n_paused--;
  g_mutex_unlock (&held.lock);
  g_cancellable_disconnect (cancellable, handler);
}

static const HsLoaderTestHook pause_hook = { pause_at_phase, NULL };

void
hs_loader_set_pause_phase_for_tests (const char *phase)
{
  g_mutex_lock (&held.lock);
  held.phase = phase != NULL ? g_intern_string (phase) : NULL;
  g_cond_broadcast (&held.changed);
  g_mutex_unlock (&held.lock);
  hs_loader_set_test_hook (phase != NULL ? &pause_hook : NULL);
}

gboolean
hs_loader_get_paused_for_tests (void)
{
  gboolean paused;

  g_mutex_lock (&held.lock);
  paused = held.n_paused > 0;
  g_mutex_unlock (&held.lock);
  return paused;
}
