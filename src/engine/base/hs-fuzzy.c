/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-fuzzy.c: fuzzy ranking of names (see the header). */
#include "config.h"
#include "hs-fuzzy.h"

#include <string.h>

static inline gboolean
is_separator (char c)
{
  return c == '.' || c == '$' || c == '_' || c == '/' || c == '-' || c == ' ';
}

/* A word or segment starts at i. */
static inline gboolean
segment_start (const char *s, gsize i)
{
  if (i == 0)
    return !is_separator (s[0]);
  if (is_separator (s[i]))
    return FALSE;
  if (is_separator (s[i - 1]))
    return TRUE;
  return g_ascii_isupper (s[i]) && !g_ascii_isupper (s[i - 1]);
}

/* ASCII lower case without a call (this runs per character of 50,000
 * names on every key). */
#define LOWER(c) ((c) >= 'A' && (c) <= 'Z' ? (char)((c) + ('a' - 'A')) : (c))

static inline gboolean
same (char a, char b)
{
  return LOWER (a) == LOWER (b);
}

static inline gboolean
starts_at (const char *s, gsize i, const char *q, gsize qlen)
{
  for (gsize k = 0; k < qlen; k++)
    if (s[i + k] == '\0' || !same (s[i + k], q[k]))
      return FALSE;
  return TRUE;
}

/* The query's characters as initials of segments, in order, a run of them
 * possibly inside one segment ("chm", "HaMa", "jul" for java.util.List):
 * each query character either continues the segment matched so far or
 * starts a later segment. Greedy, left to right: one pass. */
static gboolean
initials (const char *s, gsize len, const char *q, gsize qlen, guint *first)
{
  gsize i = 0, k = 0;
  gboolean in_run = FALSE;

  while (k < qlen && i < len)
    {
      if (in_run && same (s[i], q[k]))
        {
          i++, k++;
          continue;
        }
      in_run = FALSE;
      /* the next segment start whose first character is q[k] */
      while (i < len && !(segment_start (s, i) && same (s[i], q[k])))
        i++;
      if (i == len)
        return FALSE;
      if (k == 0)
        *first = (guint)i;
      i++, k++;
      in_run = TRUE;
    }
  return k == qlen;
}

HsFuzzyTier
hs_fuzzy_match (const char *name, const char *query, guint *score)
{
  gsize len, qlen, simple = 0;
  guint dummy;

  g_return_val_if_fail (name != NULL && query != NULL, HS_FUZZY_NONE);
  if (score == NULL)
    score = &dummy;
  *score = 0;
  len = strlen (name);
  qlen = strlen (query);
  if (qlen == 0 || qlen > len)
    return HS_FUZZY_NONE;
  /* Every tier needs the query's letters in order: most names fail here,
   * in one pass. */
  {
    gsize k = 0;
    for (gsize i = 0; i < len && k < qlen; i++)
      if (same (name[i], query[k]))
        k++;
    if (k < qlen)
      return HS_FUZZY_NONE;
  }
  for (gsize i = 0; i < len; i++)
    if (name[i] == '.')
      simple = i + 1;
  if (starts_at (name, simple, query, qlen))
    return HS_FUZZY_PREFIX;

  /* Segment starts, and substrings anywhere, in one scan. */
  {
    gsize sub = G_MAXSIZE;
    const char q0 = LOWER (query[0]);
    for (gsize i = 0; i + qlen <= len; i++)
      if (LOWER (name[i]) == q0 && starts_at (name, i, query, qlen))
        {
          if (segment_start (name, i))
            {
              *score = (guint)i;
              return HS_FUZZY_SEGMENT;
            }
          if (sub == G_MAXSIZE)
            sub = i;
        }
    guint first = 0;
    if (initials (name, len, query, qlen, &first))
      {
        *score = first;
        return HS_FUZZY_SEGMENT;
      }
    if (sub != G_MAXSIZE)
      {
        *score = (guint)sub;
        return HS_FUZZY_SUBSTRING;
      }
  }

  /* A subsequence: the shortest window ending at each match of the last
   * character would cost more; the greedy leftmost match, tightened from
   * its end backwards, is one pass each way. */
  {
    gsize i = 0, k = 0, end;
    for (; i < len && k < qlen; i++)
      if (same (name[i], query[k]))
        k++;
    if (k < qlen)
      return HS_FUZZY_NONE;
    end = i - 1;
    k = qlen;
    i = end + 1;
    while (k > 0)
      if (same (name[--i], query[k - 1]))
        k--;
    *score = (guint)(end - i);
    return HS_FUZZY_SUBSEQUENCE;
  }
}

typedef struct
{
  guint index, tier, score, len;
  const char *name;
} Ranked;

static int
compare_ranked (gconstpointer pa, gconstpointer pb)
{
  const Ranked *a = pa, *b = pb;
  int c;

  if (a->tier != b->tier)
    return a->tier < b->tier ? -1 : 1;
  if (a->score != b->score)
    return a->score < b->score ? -1 : 1;
  if (a->len != b->len)
    return a->len < b->len ? -1 : 1;
  if ((c = strcmp (a->name, b->name)) != 0)
    return c;
  return a->index < b->index ? -1 : a->index > b->index;
}

GArray *
hs_fuzzy_rank (const char *const *names, gsize n, const char *query, guint limit)
{
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (Ranked));
  GArray *out;

  g_return_val_if_fail (names != NULL || n == 0, NULL);
  g_return_val_if_fail (query != NULL, NULL);
  for (gsize i = 0; i < n && i < G_MAXUINT; i++)
    {
      guint score;
      HsFuzzyTier tier = names[i] != NULL ? hs_fuzzy_match (names[i], query, &score) : HS_FUZZY_NONE;
      if (tier != HS_FUZZY_NONE)
        {
          Ranked r = { (guint)i, tier, score, (guint)MIN (strlen (names[i]), G_MAXUINT), names[i] };
          g_array_append_val (found, r);
        }
    }
  g_array_sort (found, compare_ranked);
  if (limit == 0 || limit > found->len)
    limit = found->len;
  out = g_array_sized_new (FALSE, FALSE, sizeof (guint), limit);
  for (guint i = 0; i < limit; i++)
    g_array_append_val (out, g_array_index (found, Ranked, i).index);
  return out;
}
