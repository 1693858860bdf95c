/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-progress.c: the progress line on a terminal and Ctrl+C (see
 * hs-cli.h). */
#include "config.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#include "hs-cli.h"
#include "hs-loader.h"

/* --- Ctrl+C ---------------------------------------------------------------- */

static GCancellable *cancellable;
static gint exiting;
static gint caught; /* the signal that cancelled, 0 before */

/* How long the engine has to stop after a Ctrl+C before the process
 * leaves on its own (every temporary file is unlinked from the start, so
 * nothing is left behind either way). */
static gint grace_ms = 900;

static void
say (const char *s)
{
  ssize_t r = write (STDERR_FILENO, s, strlen (s));
  (void)r;
}

/* Its own thread: SIGINT and SIGTERM are blocked everywhere else and
 * taken here with sigwait, so cancelling runs as ordinary code (not in a
 * signal handler). */
static gpointer
signal_thread (gpointer data)
{
  sigset_t *set = data;
  int sig = 0;
  gint64 until;

  if (sigwait (set, &sig) != 0)
    return NULL;
  g_atomic_int_set (&caught, sig);
  g_cancellable_cancel (cancellable);
  /* A second signal leaves at once. */
  until = g_get_monotonic_time () + (gint64)g_atomic_int_get (&grace_ms) * 1000;
  for (gint64 left; (left = until - g_get_monotonic_time ()) > 0;)
    {
      struct timespec ts = { left / G_USEC_PER_SEC, (left % G_USEC_PER_SEC) * 1000 };

      if (sigtimedwait (set, NULL, &ts) > 0)
        break;
    }
  if (!g_atomic_int_get (&exiting))
    {
      /* The phase running now does not look at the cancellable often
       * enough: leave anyway. */
      say ("\r\033[Kheapscope-cli: cancelled\n");
      _exit (128 + sig);
    }
  return NULL;
}

void
hs_cli_set_interrupt_grace (guint ms)
{
  g_atomic_int_set (&grace_ms, (gint)MIN (ms, (guint)G_MAXINT));
}

GCancellable *
hs_cli_interrupt_cancellable (void)
{
  return cancellable;
}

void
hs_cli_catch_interrupt (void)
{
  static sigset_t set;

  g_return_if_fail (cancellable == NULL);
  cancellable = g_cancellable_new ();
  sigemptyset (&set);
  sigaddset (&set, SIGINT);
  sigaddset (&set, SIGTERM);
  /* Before any other thread starts: they inherit the mask. */
  pthread_sigmask (SIG_BLOCK, &set, NULL);
  g_thread_unref (g_thread_new ("hs-cli-signals", signal_thread, &set));
}

int
hs_cli_exit_status (int rc)
{
  g_atomic_int_set (&exiting, 1);
  if (rc != 0 && cancellable && g_cancellable_is_cancelled (cancellable))
    return 128 + (g_atomic_int_get (&caught) ? g_atomic_int_get (&caught) : SIGINT);
  return rc;
}

/* --- the progress line ----------------------------------------------------- */

static struct
{
  GMutex lock;
  gboolean on;
  const char *phase; /* interned key */
  double fraction;
  guint64 bytes;
  gint64 shown;
  gboolean drawn;
} line;

#define LINE_INTERVAL (200 * G_TIME_SPAN_MILLISECOND)

static void
draw (void)
{
  g_autofree char *size = line.bytes ? g_format_size (line.bytes) : NULL;
  g_autofree char *text = NULL;

  if (size)
    text = g_strdup_printf ("\r\033[K%s: %s (%.0f%%)", hs_loader_phase_name (line.phase), size,
                            100.0 * line.fraction);
  else
    text = g_strdup_printf ("\r\033[K%s (%.0f%%)", hs_loader_phase_name (line.phase), 100.0 * line.fraction);
  say (text);
  line.drawn = TRUE;
  line.shown = g_get_monotonic_time ();
}

/* Any thread of the engine. */
static void
on_progress (const char *phase, double fraction, gpointer data)
{
  g_mutex_lock (&line.lock);
  if (g_str_has_prefix (phase, "notice:"))
    ; /* printed by the memory check's notice function */
  else if (g_str_has_prefix (phase, "bytes:"))
    line.bytes = g_ascii_strtoull (phase + strlen ("bytes:"), NULL, 10);
  else
    {
      const char *key = g_intern_string (phase);
      gboolean new_phase = key != line.phase;
      if (new_phase)
        line.bytes = 0;
      line.phase = key;
      line.fraction = fraction;
      if (new_phase)
        line.shown = 0;
    }
  if (line.phase && g_get_monotonic_time () - line.shown >= LINE_INTERVAL)
    draw ();
  g_mutex_unlock (&line.lock);
}

HsProgressFunc
hs_cli_progress_func (const HsCliOptions *o)
{
  if (o->quiet || !isatty (STDERR_FILENO))
    return NULL;
  return on_progress;
}

void
hs_cli_progress_end (void)
{
  g_mutex_lock (&line.lock);
  if (line.drawn)
    say ("\r\033[K");
  line.drawn = FALSE;
  line.phase = NULL;
  line.bytes = 0;
  g_mutex_unlock (&line.lock);
}
