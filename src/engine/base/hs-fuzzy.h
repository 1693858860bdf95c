/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-fuzzy.h: fuzzy matching of class names as the user types (Go to's
 * completions), ranked as GNOME's search ranks: a pure function of the
 * names and the query, no heap involved. ASCII letters compare without
 * case. A query matches a name, best tier first:
 *   0 HS_FUZZY_PREFIX     the simple name (after the last '.') starts with it;
 *   1 HS_FUZZY_SEGMENT    it starts at a word or segment start of the name
 *                         (after '.', '$', '_', '/', '-', or a lower-case
 *                         letter followed by an upper-case one: "Map" in
 *                         HashMap), or its letters are the starts of
 *                         segments in order ("chm": ConcurrentHashMap);
 *   2 HS_FUZZY_SUBSTRING  it is anywhere in the name;
 *   3 HS_FUZZY_SUBSEQUENCE its characters are in the name in order.
 * Within a tier: the smaller score (where the match starts, or for a
 * subsequence how far it spreads), then the shorter name, then byte order,
 * then the index (every order is total). Linear in the names' length. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  HS_FUZZY_PREFIX,
  HS_FUZZY_SEGMENT,
  HS_FUZZY_SUBSTRING,
  HS_FUZZY_SUBSEQUENCE,
  HS_FUZZY_NONE,
} HsFuzzyTier;

/* How name matches query (not empty), and its score within the tier;
 * HS_FUZZY_NONE when it does not. */
HsFuzzyTier hs_fuzzy_match (const char *name, const char *query, guint *score);

/* The indexes (guint) of the names[0 .. n) that match query, best first,
 * at most limit of them (0: all). */
GArray *hs_fuzzy_rank (const char *const *names, gsize n, const char *query, guint limit);

G_END_DECLS
