/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-order.c: the order of a series' dumps (see the header). The
 * header is "JAVA PROFILE 1.0.x", a NUL, the u4 identifier size and the
 * u8 time in milliseconds. */
#include "config.h"

#include "hs-growth-order.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAGIC "JAVA PROFILE "
#define HEAD_MAX 64 /* the format string's room, then 12 bytes */

static guint64
header_time (int fd)
{
  guint8 head[HEAD_MAX + 12];
  gsize len = 0;
  const guint8 *nul, *p;

  while (len < sizeof head)
    {
      gssize r = read (fd, head + len, sizeof head - len);
      if (r < 0 && errno == EINTR)
        continue;
      if (r <= 0)
        break;
      len += (gsize)r;
    }
  if (len < strlen (MAGIC) || memcmp (head, MAGIC, strlen (MAGIC)) != 0)
    return 0;
  nul = memchr (head, '\0', MIN (len, HEAD_MAX));
  if (nul == NULL || (gsize)(nul - head) + 1 + 12 > len)
    return 0;
  p = nul + 1 + 4;
  return (guint64)p[0] << 56 | (guint64)p[1] << 48 | (guint64)p[2] << 40 | (guint64)p[3] << 32
         | (guint64)p[4] << 24 | (guint64)p[5] << 16 | (guint64)p[6] << 8 | p[7];
}

guint64
hs_growth_dump_time_ms (const char *path)
{
  struct stat st;
  guint64 t = 0;
  int fd;

  g_return_val_if_fail (path != NULL, 0);
  /* O_NONBLOCK: a FIFO named as a dump is not waited on. */
  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0);
  if (fd < 0)
    return 0;
  if (fstat (fd, &st) == 0 && S_ISREG (st.st_mode))
    {
      t = header_time (fd);
      if (t == 0)
        t = (guint64)st.st_mtim.tv_sec * 1000 + (guint64)st.st_mtim.tv_nsec / 1000000;
    }
  close (fd);
  return t;
}

typedef struct
{
  guint64 time;
  char *path;
} Dated;

static int
cmp_dated (gconstpointer a, gconstpointer b)
{
  const Dated *x = a, *y = b;
  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return g_strcmp0 (x->path, y->path);
}

void
hs_growth_order_paths (char **paths, guint n)
{
  g_autofree Dated *d = NULL;

  if (n < 2)
    return; /* (qsort is not given NULL) */
  d = g_new (Dated, n);
  for (guint i = 0; i < n; i++)
    {
      d[i].time = hs_growth_dump_time_ms (paths[i]);
      d[i].path = paths[i];
    }
  qsort (d, n, sizeof *d, cmp_dated);
  for (guint i = 0; i < n; i++)
    paths[i] = d[i].path;
}
