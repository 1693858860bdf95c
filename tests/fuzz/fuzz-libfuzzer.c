/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-libfuzzer.c: the libFuzzer entry point of every target
 * (fuzz-target.h; built with -Dfuzzing=true and CC=clang, run by
 * build-aux/fuzz.sh). GLib's criticals are findings too: fatal. A fatal
 * message (a target's g_error on a broken promise) ends in abort(), not
 * in GLib's breakpoint trap, which libFuzzer does not catch: it keeps the
 * input as a crash. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "fuzz-target.h"

static void
abort_on_fatal (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  g_log_default_handler (domain, level, message, data);
  if (level & (G_LOG_FLAG_FATAL | G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL))
    {
      fflush (stderr);
      abort ();
    }
}

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR);
  g_log_set_default_handler (abort_on_fatal, NULL);
  if (hs_fuzz_target.init)
    hs_fuzz_target.init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  hs_fuzz_target.run (data, size);
  return 0;
}
