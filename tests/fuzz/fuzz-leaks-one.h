/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-leaks-one.h: one input through the leak search (fuzz-leaks-one.c):
 * the bytes describe a heap, written as a well-formed HPROF; aborts (via
 * g_error) on a broken invariant of the traces. */
#pragma once

#include <glib.h>

gboolean hs_fuzz_leaks_one (const guint8 *data, gsize len);
