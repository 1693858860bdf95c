/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-index-heap-extras.c: what the persistent index keeps beside the
 * heap's own arrays so that a reopened dump answers the window's first
 * questions at once: the objects' depths (section 0x1ff), the
 * referrers (0x1fd, 0x1fe) and every class's instances (0x301, 0x302).
 * The sample dump is analysed, its index written and read back: every
 * object's depth and referrers, and com.example.User's instances, are
 * those of the fresh analysis, and the reopened heap built nothing
 * itself. Then sections made hostile after their checksums were checked
 * (the mapping is private, copy-on-write): a referrer list out of bounds
 * or naming no object reads as none, the others stay right; offsets that
 * do not start at 0 refuse the index. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "hs-heap-private.h"
#include "hs-index.h"
#include "hs-class-instances.h"
#include "hs-query.h"

static HsAnalysis *fresh;
static char *index_path;

static const HsIndexIdentity ident = { 1, 2, 3, 4, 5, 6, 7 };

static HsIndexFile *
open_index (void)
{
  g_autoptr (GError) error = NULL;
  HsIndexFile *f = hs_index_file_open (index_path, NULL, HS_INDEX_MATCH_SAME_FILE, NULL, &error);
  g_assert_no_error (error);
  return f;
}

static HsAnalysis *
read_index (HsIndexFile *f, GError **error)
{
  HsAnalysisOptions opts = { 0 };
  return hs_index_read (f, HS_SAMPLE_DUMP, &opts, NULL, NULL, NULL, error);
}

static void
test_round_trip (void)
{
  g_autoptr (HsIndexFile) f = open_index ();
  g_autoptr (GError) error = NULL;
  g_autoptr (HsAnalysis) a = read_index (f, &error);
  g_assert_no_error (error);
  HsHeap *h = a->heap, *fh = fresh->heap;
  guint64 n = hs_heap_n_objects (h);

  /* Read, not built: the arrays lie in the index. */
  g_assert_true (hs_heap_depths_known (h));
  g_assert_true (h->rev_mapped);
  g_assert_true (hs_index_file_contains (f, h->depth));
  g_assert_true (hs_index_file_contains (f, h->rev_targets));
  g_assert_nonnull (a->class_instances);

  g_assert_cmpuint (n, ==, hs_heap_n_objects (fh));
  guint64 with_referrers = 0;
  for (HsObj o = 0; o < n; o++)
    {
      gsize k, fk;
      const HsObj *r = hs_heap_referrers (h, o, &k), *fr = hs_heap_referrers (fh, o, &fk);
      g_assert_cmpuint (k, ==, fk);
      g_assert_cmpmem (r, k * sizeof (HsObj), fr, fk * sizeof (HsObj));
      g_assert_cmpuint (hs_heap_object_depth (h, o), ==, hs_heap_object_depth (fh, o));
      with_referrers += k > 0;
    }
  g_assert_cmpuint (with_referrers, >, n / 2);

  HsClass user = hs_heap_find_class (h, "com.example.User");
  g_autoptr (GArray) listed = hs_class_instances_listed (a, &user, 1);
  g_autoptr (GArray) scanned = hs_query_instances (fresh, &user, 1);
  g_assert_nonnull (listed);
  g_assert_cmpuint (listed->len, ==, 3000); /* data/sample/README */
  g_assert_cmpmem (listed->data, listed->len * sizeof (HsObj), scanned->data, scanned->len * sizeof (HsObj));
}

/* The first object with at least two referrers, and one with none after
 * it in the reverse list's order: the lists around it are known. */
static HsObj
object_with_referrers (HsHeap *h, gsize at_least)
{
  for (HsObj o = 0; o < hs_heap_n_objects (h); o++)
    {
      gsize k;
      hs_heap_referrers (h, o, &k);
      if (k >= at_least)
        return o;
    }
  g_assert_not_reached ();
  return HS_OBJ_NONE;
}

static void
test_hostile_referrers (void)
{
  g_autoptr (HsIndexFile) f = open_index ();
  guint64 off_len = 0, rev_len = 0;
  HsObj *rev = hs_index_file_section (f, HS_INDEX_SECTION_HEAP_REFERRERS, &rev_len);
  guint32 *off = hs_index_file_section (f, HS_INDEX_SECTION_HEAP_REFERRER_OFFSETS, &off_len);
  HsHeap *fh = fresh->heap;
  guint64 n = hs_heap_n_objects (fh);
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (rev);
  g_assert_cmpuint (off_len, ==, 4 * (n + 1)); /* the sample has fewer than 2^32 references */
  /* x's first referrer names no object; y's list runs backwards. */
  HsObj x = object_with_referrers (fh, 2);
  HsObj y = x + 1;
  while (off[y + 1] - off[y] < 2)
    y++;
  rev[off[x]] = (HsObj)n;
  guint32 saved = off[y + 1];
  off[y + 1] = off[y] - 1;

  /* Every list is checked before the index is used (docs/index.md, "What
   * a hostile index can do"): the index is refused, not read with lists
   * left out. */
  g_autoptr (HsAnalysis) a = read_index (f, &error);
  g_assert_null (a);
  g_assert_error (error, HS_ERROR, HS_ERROR_INDEX);
  g_assert_nonnull (strstr (error->message, "referrers are not whole"));
  off[y + 1] = saved;
}

static void
test_offsets_not_from_zero (void)
{
  g_autoptr (HsIndexFile) f = open_index ();
  guint64 off_len = 0;
  guint32 *off = hs_index_file_section (f, HS_INDEX_SECTION_HEAP_REFERRER_OFFSETS, &off_len);
  g_autoptr (GError) error = NULL;

  off[0] = 1;
  g_autoptr (HsAnalysis) a = read_index (f, &error);
  g_assert_null (a);
  g_assert_error (error, HS_ERROR, HS_ERROR_INDEX);
  g_assert_nonnull (strstr (error->message, "referrers are not whole"));
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  HsAnalysisOptions opts = { 0 };

  g_test_init (&argc, &argv, NULL);
  fresh = hs_analysis_run (HS_SAMPLE_DUMP, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_autofree char *dir = g_dir_make_tmp ("hs-index-extras-XXXXXX", &error);
  g_assert_no_error (error);
  index_path = g_build_filename (dir, "sample.hsindex", NULL);
  g_assert_true (hs_index_write (fresh, NULL, &ident, index_path, NULL, &error));
  g_assert_no_error (error);

  g_test_add_func ("/index-heap-extras/round-trip", test_round_trip);
  g_test_add_func ("/index-heap-extras/hostile-referrers", test_hostile_referrers);
  g_test_add_func ("/index-heap-extras/offsets-not-from-zero", test_offsets_not_from_zero);
  int status = g_test_run ();
  g_remove (index_path);
  g_rmdir (dir);
  g_free (index_path);
  hs_analysis_free (fresh);
  return status;
}
