/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-machine-steered.c: hs-machine.h for the test programs, linked instead
 * of src/engine/base/hs-machine.c into the engine's test variant: the
 * machine's figures unless the environment says otherwise.
 *   HS_TEST_MEMINFO=FILE      read instead of /proc/meminfo;
 *   HS_TEST_SPILL_FREE=BYTES  the spill folder's free space, less what
 *                             this process spilled there;
 *   HS_TEST_SPILL_MIN=BYTES   the smallest block that spills (at least
 *                             two pages), so that small dumps spill. */
#include "config.h"
#include "hs-machine.h"

#include <sys/statvfs.h>

static const char *
env (const char *name)
{
  const char *v = g_getenv (name);
  return v != NULL && *v != '\0' ? v : NULL;
}

char *
hs_machine_meminfo (void)
{
  const char *path = env ("HS_TEST_MEMINFO");
  char *text = NULL;
  g_file_get_contents (path ? path : "/proc/meminfo", &text, NULL, NULL);
  return text;
}

guint64
hs_machine_free_bytes (const char *dir, guint64 spilled)
{
  const char *fake = env ("HS_TEST_SPILL_FREE");
  if (fake != NULL)
    {
      guint64 v = g_ascii_strtoull (fake, NULL, 10);
      return v > spilled ? v - spilled : 0;
    }
  struct statvfs sv;
  if (statvfs (dir, &sv) == 0)
    return (guint64)sv.f_bavail * sv.f_frsize;
  return 0;
}

gsize
hs_machine_spill_min_block (void)
{
  const char *min = env ("HS_TEST_SPILL_MIN");
  return min ? MAX ((gsize)g_ascii_strtoull (min, NULL, 10), (gsize)2 * 4096) : (gsize)4 << 20;
}
