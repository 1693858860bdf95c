/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-libfuzzer.c: the libFuzzer entry point of every target
 * (fuzz-target.h; built with -Dfuzzing=true and CC=clang, run by
 * build-aux/fuzz.sh). GLib's criticals are findings too: fatal. */
#include "config.h"

#include "fuzz-target.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR);
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
