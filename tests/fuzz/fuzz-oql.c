/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-oql.c: the OQL target (fuzz-target.h): query text parsed and run
 * on the sample dump (fuzz-oql-one.c). Its driver is test fuzz-oql (over
 * oql/); its libFuzzer build fuzz-oql (HS_FUZZ_TARGET=oql
 * build-aux/fuzz.sh). */
#include "config.h"

#include "fuzz-oql-one.h"
#include "fuzz-target.h"

const HsFuzzTarget hs_fuzz_target = {
  .yes = "ran",
  .no = "rejected",
  .init = hs_fuzz_oql_init,
  .run = hs_fuzz_oql_one,
};
