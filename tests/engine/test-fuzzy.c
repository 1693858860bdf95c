/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-fuzzy: Go to's ranking of class names, names and a query in, an order
 * out. Each expected order follows from the tiers of hs-fuzzy.h by hand. */
#include "hs-fuzzy.h"

#include <string.h>

static const char *const names[] = {
  /* 0 */ "java.util.HashMap",
  /* 1 */ "java.util.HashMap$Node",
  /* 2 */ "java.util.concurrent.ConcurrentHashMap",
  /* 3 */ "com.example.MapHolder",
  /* 4 */ "java.util.LinkedHashMap",
  /* 5 */ "com.example.Bitmap",
  /* 6 */ "java.lang.String",
  /* 7 */ "com.example.Hammock",
  /* 8 */ "int[]",
  /* 9 */ "com.example.hash.Maker",
};

static void
assert_rank (const char *query, const guint *want, guint n_want, guint limit)
{
  g_autoptr (GArray) got = hs_fuzzy_rank (names, G_N_ELEMENTS (names), query, limit);
  g_autoptr (GString) text = g_string_new (NULL);

  for (guint i = 0; i < got->len; i++)
    g_string_append_printf (text, "%s%u", i ? " " : "", g_array_index (got, guint, i));
  g_test_message ("%s: %s", query, text->str);
  g_assert_cmpuint (got->len, ==, n_want);
  for (guint i = 0; i < n_want; i++)
    g_assert_cmpuint (g_array_index (got, guint, i), ==, want[i]);
}

static void
test_tiers (void)
{
  guint score;

  g_assert_cmpint (hs_fuzzy_match ("java.util.HashMap", "hash", &score), ==, HS_FUZZY_PREFIX);
  g_assert_cmpint (hs_fuzzy_match ("java.util.HashMap", "map", &score), ==, HS_FUZZY_SEGMENT);
  g_assert_cmpuint (score, ==, 14); /* "Map" starts at 14 */
  g_assert_cmpint (hs_fuzzy_match ("java.util.HashMap", "util", &score), ==, HS_FUZZY_SEGMENT);
  g_assert_cmpuint (score, ==, 5);
  g_assert_cmpint (hs_fuzzy_match ("java.util.concurrent.ConcurrentHashMap", "chm", &score), ==,
                   HS_FUZZY_SEGMENT);
  g_assert_cmpint (hs_fuzzy_match ("com.example.Bitmap", "map", &score), ==, HS_FUZZY_SUBSTRING);
  g_assert_cmpuint (score, ==, 15);
  g_assert_cmpint (hs_fuzzy_match ("java.util.HashMap", "hsmp", &score), ==, HS_FUZZY_SUBSEQUENCE);
  /* H(10) s(12) M(14) p(16): the window 10..16 */
  g_assert_cmpuint (score, ==, 6);
  g_assert_cmpint (hs_fuzzy_match ("java.lang.String", "xyz", &score), ==, HS_FUZZY_NONE);
  g_assert_cmpint (hs_fuzzy_match ("int[]", "", &score), ==, HS_FUZZY_NONE);
  g_assert_cmpint (hs_fuzzy_match ("int[]", "int[][]", &score), ==, HS_FUZZY_NONE);
  /* Case does not matter. */
  g_assert_cmpint (hs_fuzzy_match ("java.lang.String", "STR", &score), ==, HS_FUZZY_PREFIX);
  g_assert_cmpint (hs_fuzzy_match ("int[]", "INT[", &score), ==, HS_FUZZY_PREFIX);
}

static void
test_rank (void)
{
  /* "map": the prefix of MapHolder's simple name (3); segment starts:
   * "Map" at 14 in HashMap (0, 17 characters) and HashMap$Node (1, 22),
   * at 20 in LinkedHashMap (4), at 35 in ConcurrentHashMap (2); a
   * substring at 15 in Bitmap (5); subsequences m(2) a(6) p(8) of
   * "com.example", a window of 6, in Hammock (7, 19 characters) and
   * hash.Maker (9, 22). String and int[] have no 'm'. */
  static const guint map[] = { 3, 0, 1, 4, 2, 5, 7, 9 };
  assert_rank ("map", map, G_N_ELEMENTS (map), 0);

  /* "hash": prefix of HashMap (17 chars) before HashMap$Node (22); then
   * the segment "hash" of com.example.hash.Maker at 12, LinkedHashMap at 16,
   * ConcurrentHashMap at 31; then Hammock? h-a-... no 's': out. */
  static const guint hash[] = { 0, 1, 9, 4, 2 };
  assert_rank ("hash", hash, G_N_ELEMENTS (hash), 0);

  /* "hm": segment initials: HashMap (H at 10), HashMap$Node (10), hash.Maker
   * (h at 12), LinkedHashMap (16), ConcurrentHashMap (31); subsequences:
   * Hammock (h at 12, m at 14: window 2), Bitmap? no 'h'. */
  static const guint hm[] = { 0, 1, 9, 4, 2, 7 };
  assert_rank ("hm", hm, G_N_ELEMENTS (hm), 0);
  /* The top 2 of them. */
  assert_rank ("hm", hm, 2, 2);

  /* Nothing. */
  assert_rank ("qqq", NULL, 0, 0);
}

static void
test_long_names (void)
{
  /* A name of a megabyte of 'a' and a query that almost matches it: one
   * answer, no time to speak of (linear in the name). */
  gsize n = 1 << 20;
  g_autofree char *big = g_malloc (n + 1);
  memset (big, 'a', n);
  big[n] = '\0';
  g_assert_cmpint (hs_fuzzy_match (big, "ab", NULL), ==, HS_FUZZY_NONE);
  g_assert_cmpint (hs_fuzzy_match (big, "aa", NULL), ==, HS_FUZZY_PREFIX);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/fuzzy/tiers", test_tiers);
  g_test_add_func ("/fuzzy/rank", test_rank);
  g_test_add_func ("/fuzzy/long-names", test_long_names);
  return g_test_run ();
}
