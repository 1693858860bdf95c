/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-mcp-roots.c: the folders `heapscope-cli mcp` may read dumps from:
 * the --root folders, else the roots the client gives (roots/list). A
 * dump is named by a path; its real path (every symbolic link and ".."
 * resolved) must be a regular file inside one of them. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "hs-mcp.h"

/* How long a call waits for the client's answer to roots/list. */
#define ROOTS_WAIT_US (10 * G_TIME_SPAN_SECOND)

struct _HsMcpRoots
{
  GMutex lock;
  GCond answered;
  GPtrArray *dirs; /* real paths */
  gboolean fixed;  /* --root given */
  gboolean waiting;
};

/* dir's real path when it is a folder, else NULL with errno set. */
static char *
real_dir (const char *dir)
{
  char *real = realpath (dir, NULL);
  struct stat st;

  if (real && (stat (real, &st) != 0 || !S_ISDIR (st.st_mode)))
    {
      free (real);
      errno = ENOTDIR;
      return NULL;
    }
  return real;
}

static void
add_dir (GPtrArray *dirs, char *real)
{
  /* One allocator for all of them: g_free. */
  g_ptr_array_add (dirs, g_strdup (real));
  free (real);
}

HsMcpRoots *
hs_mcp_roots_new (char **dirs, GError **error)
{
  HsMcpRoots *r = g_new0 (HsMcpRoots, 1);

  g_mutex_init (&r->lock);
  g_cond_init (&r->answered);
  r->dirs = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; dirs && dirs[i]; i++)
    {
      char *real = real_dir (dirs[i]);
      if (!real)
        {
          int e = errno;
          g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "--root %s: %s", dirs[i], g_strerror (e));
          hs_mcp_roots_free (r);
          return NULL;
        }
      add_dir (r->dirs, real);
      r->fixed = TRUE;
    }
  return r;
}

void
hs_mcp_roots_free (HsMcpRoots *r)
{
  if (!r)
    return;
  g_ptr_array_unref (r->dirs);
  g_mutex_clear (&r->lock);
  g_cond_clear (&r->answered);
  g_free (r);
}

gboolean
hs_mcp_roots_fixed (HsMcpRoots *r)
{
  return r->fixed;
}

void
hs_mcp_roots_asked (HsMcpRoots *r)
{
  g_mutex_lock (&r->lock);
  r->waiting = TRUE;
  g_mutex_unlock (&r->lock);
}

void
hs_mcp_roots_set_client (HsMcpRoots *r, const char *const *uris)
{
  g_mutex_lock (&r->lock);
  if (!r->fixed)
    {
      g_ptr_array_set_size (r->dirs, 0);
      for (guint i = 0; uris && uris[i]; i++)
        {
          g_autofree char *file = g_filename_from_uri (uris[i], NULL, NULL);
          char *real = file ? real_dir (file) : NULL;
          if (real)
            add_dir (r->dirs, real);
        }
    }
  r->waiting = FALSE;
  g_cond_broadcast (&r->answered);
  g_mutex_unlock (&r->lock);
}

/* real under dir (a real path): dir itself or below it. */
static gboolean
is_under (const char *real, const char *dir)
{
  gsize n = strlen (dir);

  if (g_str_equal (dir, "/"))
    return TRUE;
  return strncmp (real, dir, n) == 0 && (real[n] == '/' || real[n] == '\0');
}

char *
hs_mcp_roots_check (HsMcpRoots *r, const char *path, GError **error)
{
  g_autofree char *real = NULL;
  char *resolved;
  struct stat st;
  gboolean inside = FALSE;
  GString *list;

  if (!path || !*path)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "no dump named");
      return NULL;
    }
  resolved = realpath (path, NULL);
  if (!resolved)
    {
      int e = errno;
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: %s", path, g_strerror (e));
      return NULL;
    }
  real = g_strdup (resolved);
  free (resolved);

  g_mutex_lock (&r->lock);
  gint64 until = g_get_monotonic_time () + ROOTS_WAIT_US;
  while (r->waiting)
    if (!g_cond_wait_until (&r->answered, &r->lock, until))
      r->waiting = FALSE; /* no answer: the roots known (none), not another wait each call */
  for (guint i = 0; i < r->dirs->len && !inside; i++)
    inside = is_under (real, r->dirs->pdata[i]);
  list = g_string_new (NULL);
  for (guint i = 0; i < r->dirs->len; i++)
    g_string_append_printf (list, "%s%s", i ? ", " : "", (char *)r->dirs->pdata[i]);
  gboolean fixed = r->fixed;
  g_mutex_unlock (&r->lock);

  if (!inside)
    {
      if (list->len == 0)
        g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                     "%s: this server may read no folder (start it with --root DIR, or give it roots)", path);
      else
        g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                     "%s is outside the folders this server may read (%s: %s)", path,
                     fixed ? "--root" : "the client's roots", list->str);
      g_string_free (list, TRUE);
      return NULL;
    }
  g_string_free (list, TRUE);
  if (stat (real, &st) != 0)
    {
      int e = errno;
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: %s", path, g_strerror (e));
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s: not a regular file%s", path,
                   S_ISDIR (st.st_mode)    ? " (a folder)"
                   : S_ISFIFO (st.st_mode) ? " (a pipe)"
                                           : "");
      return NULL;
    }
  return g_steal_pointer (&real);
}
