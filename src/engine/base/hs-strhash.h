/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-strhash.h: a keyed string hash for tables keyed by names from a dump.
 *
 * g_str_hash is unseeded: a dump can hold thousands of class or field
 * names chosen to collide, and every table keyed by them turns quadratic.
 * hs_str_hash is SipHash-1-3 with a key drawn at random once per process,
 * so collisions cannot be chosen in advance. Use it (with g_str_equal) for
 * every GHashTable whose keys come from a dump. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

guint hs_str_hash (gconstpointer key);

G_END_DECLS
