/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-leaks.c: libFuzzer entry point for the leak search (built with
 * -Dfuzzing=true and CC=clang; HS_FUZZ_TARGET=fuzz-leaks build-aux/fuzz.sh). */
#include "config.h"

#include <stdlib.h>

#include "fuzz-leaks-one.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR);
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  hs_fuzz_leaks_one (data, size);
  return 0;
}
