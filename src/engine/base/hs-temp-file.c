/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-temp-file.c: unlinked temporary files (see hs-temp-file.h). */
#define _GNU_SOURCE /* O_TMPFILE */
#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>

#include "hs-temp-file.h"

int
hs_temp_file_open (const char *dir, const char *prefix)
{
  g_return_val_if_fail (dir != NULL && prefix != NULL, -1);
  int fd = -1;
#if defined(O_TMPFILE)
  fd = open (dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0)
    return fd;
#endif
  g_autofree char *name = g_strconcat (prefix, "-XXXXXX", NULL);
  g_autofree char *tmpl = g_build_filename (dir, name, NULL);
  fd = g_mkstemp_full (tmpl, O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0)
    g_unlink (tmpl); /* gone from the directory at once */
  return fd;
}
