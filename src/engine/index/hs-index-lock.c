/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-lock.c: the writer's lock of a cache index (see
 * hs-index-lock.h). The lock file holds one line of text, rewritten in
 * place: "heapscope index lock 1 ANALYSIS_MS\n", ANALYSIS_MS -1 while the
 * holder analyses, then the milliseconds its analysis took. flock locks
 * belong to the open file: a child forked to write the index keeps the
 * lock after its parent exits, and a holder that dies frees it. */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "hs-index-lock.h"

#define LOCK_SUFFIX ".lock"
#define LOCK_MAGIC "heapscope index lock 1 "
/* How often a waiter looks. */
#define POLL_US (20 * 1000)
/* Past this, no analysis is waited for (a holder stopped, not dead). */
#define ANALYSIS_WAIT_MAX_S 600.0
/* Beside the holder's analysis time: what finding and mapping the index
 * then costs. */
#define SLACK_S 0.25

struct _HsIndexLock
{
  int fd;
};

static char *
lock_path (const char *index_path)
{
  return g_strconcat (index_path, LOCK_SUFFIX, NULL);
}

/* Opens the lock file without following a link or blocking. */
static int
open_lock (const char *path, gboolean create)
{
  return open (path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | (create ? O_CREAT : 0), 0600);
}

static void
publish (int fd, gint64 analysis_ms)
{
  char line[64];
  int n = g_snprintf (line, sizeof line, LOCK_MAGIC "%" G_GINT64_FORMAT "\n", analysis_ms);

  if (ftruncate (fd, 0) == 0 && pwrite (fd, line, (size_t)n, 0) != n)
    (void)0; /* a waiter reads no time: it waits as for an analysis */
}

HsIndexLock *
hs_index_lock_take (const char *index_path, gboolean *busy)
{
  g_autofree char *path = NULL;
  struct stat st;
  int fd;

  g_return_val_if_fail (index_path != NULL && busy != NULL, NULL);
  *busy = FALSE;
  path = lock_path (index_path);
  fd = open_lock (path, TRUE);
  if (fd < 0)
    return NULL;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_uid != geteuid ())
    {
      close (fd);
      return NULL;
    }
  if (flock (fd, LOCK_EX | LOCK_NB) != 0)
    {
      *busy = errno == EWOULDBLOCK;
      close (fd);
      return NULL;
    }
  publish (fd, -1);
  HsIndexLock *l = g_new (HsIndexLock, 1);
  l->fd = fd;
  return l;
}

void
hs_index_lock_analysed (HsIndexLock *lock, double seconds)
{
  if (lock)
    publish (lock->fd, (gint64)(seconds * 1000));
}

void
hs_index_lock_free (HsIndexLock *lock)
{
  if (!lock)
    return;
  close (lock->fd);
  g_free (lock);
}

void
hs_index_lock_done (const char *index_path)
{
  g_autofree char *path = lock_path (index_path);
  g_unlink (path);
}

/* The holder's analysis time in seconds, or -1 while it analyses (or
 * when the file says nothing readable). */
static double
holder_analysis (int fd)
{
  char buf[64] = { 0 };
  ssize_t n = pread (fd, buf, sizeof buf - 1, 0);
  char *end = NULL;
  gint64 ms;

  if (n <= (ssize_t)strlen (LOCK_MAGIC) || strncmp (buf, LOCK_MAGIC, strlen (LOCK_MAGIC)) != 0)
    return -1;
  ms = g_ascii_strtoll (buf + strlen (LOCK_MAGIC), &end, 10);
  if (end == buf + strlen (LOCK_MAGIC) || *end != '\n' || ms < 0)
    return -1;
  return ms / 1000.0;
}

gboolean
hs_index_lock_wait (const char *index_path, GCancellable *cancellable, double *waited)
{
  g_autofree char *path = NULL;
  gint64 t0 = g_get_monotonic_time ();
  gint64 writing_since = 0; /* when the holder was first seen writing */
  gboolean done = FALSE;
  struct stat st;
  int fd;

  g_return_val_if_fail (index_path != NULL, TRUE);
  if (waited)
    *waited = 0;
  path = lock_path (index_path);
  fd = open_lock (path, FALSE);
  if (fd < 0)
    return TRUE; /* no lock file: nobody writes */
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_uid != geteuid ())
    {
      close (fd);
      return FALSE; /* not ours: analyse */
    }
  for (;;)
    {
      if (flock (fd, LOCK_SH | LOCK_NB) == 0)
        {
          done = TRUE; /* the holder is done, or gone */
          break;
        }
      if (g_cancellable_is_cancelled (cancellable))
        break;
      gint64 now = g_get_monotonic_time ();
      double analysis = holder_analysis (fd);
      if (analysis < 0)
        {
          /* It analyses: it started first, it ends first. */
          if ((now - t0) / 1e6 > ANALYSIS_WAIT_MAX_S)
            break;
        }
      else
        {
          /* It writes: waited for as long as an analysis here would take. */
          if (writing_since == 0)
            writing_since = now;
          if ((now - writing_since) / 1e6 > analysis + SLACK_S)
            break;
        }
      g_usleep (POLL_US);
    }
  close (fd);
  if (waited)
    *waited = (g_get_monotonic_time () - t0) / 1e6;
  return done;
}
