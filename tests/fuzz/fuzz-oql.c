/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-oql.c: libFuzzer target for the OQL parser and evaluator
 * (fuzz-oql-one.c). HS_FUZZ_TARGET=oql build-aux/fuzz.sh. */
#include "config.h"

#include "fuzz-oql-one.h"

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

int
LLVMFuzzerInitialize (int *argc, char ***argv)
{
  hs_fuzz_oql_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  hs_fuzz_oql_one (data, size);
  return 0;
}
