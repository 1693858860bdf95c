/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-index-sums.h: what anyone can do to an index file (docs/index.md):
 * stamp this build's version and the length, then compute every
 * section's checksum that the table lets us find and the header's again,
 * so that a mutation reaches the checks behind the sums. */
#pragma once

#include <glib.h>

void hs_fuzz_index_fix_sums (guint8 *b, gsize len);
