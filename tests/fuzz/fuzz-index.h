/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-index.h: one input through the index reader (fuzz-index.c), shared
 * by the libFuzzer target and its seed driver (fuzz-index-driver.c). */
#pragma once

#include <glib.h>

/* The first byte of data chooses how the rest is read (fuzz-index.c);
 * aborts on a broken promise. TRUE when the rest opened as an index. */
gboolean hs_fuzz_index_one (const guint8 *data, gsize size);
