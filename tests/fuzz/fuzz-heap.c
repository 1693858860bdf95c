/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-heap.c: libFuzzer entry point for the engine (built with
 * -Dfuzzing=true and CC=clang; run by build-aux/fuzz.sh). */
#include "config.h"

#include <stdlib.h>

#include "fuzz-one.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  /* Warnings from GLib are findings too: make criticals fatal. */
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR);
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  hs_fuzz_one (data, size);
  return 0;
}
