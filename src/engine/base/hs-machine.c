/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-machine.c: the machine's own figures (hs-machine.h). */
#include "config.h"
#include "hs-machine.h"

#if defined(__linux__)
#include <sys/statvfs.h>
#endif

char *
hs_machine_meminfo (void)
{
  char *text = NULL;
  g_file_get_contents ("/proc/meminfo", &text, NULL, NULL);
  return text;
}

guint64
hs_machine_free_bytes (const char *dir, guint64 spilled)
{
#if defined(__linux__)
  struct statvfs sv;
  if (statvfs (dir, &sv) == 0)
    return (guint64)sv.f_bavail * sv.f_frsize;
#endif
  return 0;
}

gsize
hs_machine_spill_min_block (void)
{
  return (gsize)4 << 20;
}
