/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-option-file.c: a bounded read of a regular file (see hs-option-file.h). */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "hs-option-file.h"
#include "hs-types.h"

static char *
fail (int fd, char *buf, GError **error, GError *e)
{
  g_propagate_error (error, e);
  g_free (buf);
  close (fd);
  return NULL;
}

char *
hs_option_file_read (const char *path, guint64 max_bytes, const char *kind, const char *max_text, gsize *len,
                     GError **error)
{
  g_return_val_if_fail (path != NULL && kind != NULL && max_text != NULL && len != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* O_NONBLOCK: opening a FIFO must not wait for a writer. */
  int fd = open (path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    {
      int e = errno;
      g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: %s", path, g_strerror (e));
      return NULL;
    }
  struct stat st;
  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    return fail (
        fd, NULL, error,
        g_error_new (HS_ERROR, HS_ERROR_IO, "%s: not a regular file (a %s is a text file)", path, kind));
  if ((guint64)st.st_size > max_bytes)
    return fail (fd, NULL, error,
                 g_error_new (HS_ERROR, HS_ERROR_IO,
                              "%s: %" G_GUINT64_FORMAT " bytes is too big for a %s (at most %s)", path,
                              (guint64)st.st_size, kind, max_text));
  gsize cap = (gsize)st.st_size, n = 0;
  char *buf = g_malloc (cap + 1);
  for (;;)
    {
      if (n == cap)
        {
          /* The file grew since fstat: read on, within the limit. */
          if (cap >= max_bytes)
            return fail (fd, buf, error,
                         g_error_new (HS_ERROR, HS_ERROR_IO, "%s: too big for a %s (at most %s)", path, kind,
                                      max_text));
          cap = MIN (cap * 2 + 4096, max_bytes);
          buf = g_realloc (buf, cap + 1);
        }
      ssize_t r = read (fd, buf + n, cap - n);
      if (r < 0 && errno == EINTR)
        continue;
      if (r < 0)
        {
          int e = errno;
          return fail (fd, buf, error, g_error_new (HS_ERROR, HS_ERROR_IO, "%s: %s", path, g_strerror (e)));
        }
      if (r == 0)
        break;
      n += r;
    }
  close (fd);
  buf[n] = '\0';
  *len = n;
  return buf;
}
