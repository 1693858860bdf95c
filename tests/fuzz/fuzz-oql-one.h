/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-oql-one.h: one OQL query on a fixed analysis (fuzz-oql-one.c),
 * shared by the libFuzzer target and the regression driver. */
#pragma once

#include <glib.h>

/* Loads the dump (data/sample/sample.hprof) once; aborts when it cannot. */
void hs_fuzz_oql_init (void);
/* Parses and runs data as a query (at most 2000 rows, two seconds); aborts
 * on a broken promise: an error without a UTF-8 message in the OQL domain,
 * a syntax error without its position. Returns TRUE when it ran. */
gboolean hs_fuzz_oql_one (const guint8 *data, gsize size);
