/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-heap.c: the whole-engine target (fuzz-target.h): a dump through
 * fuzz-one.c. Its driver is test fuzz-regressions (and real-dumps); its
 * libFuzzer build fuzz-heap (build-aux/fuzz.sh). */
#include "config.h"

#include "fuzz-one.h"
#include "fuzz-target.h"

const HsFuzzTarget hs_fuzz_target = {
  .yes = "loaded",
  .no = "rejected",
  .run = hs_fuzz_one,
};
