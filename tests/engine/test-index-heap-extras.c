/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-index-heap-extras.c: what the persistent index keeps beside the
 * heap's own arrays so that a reopened dump answers the window's first
 * questions at once: the objects' depths (section 0x1ff, varints) and
 * every class's instances (0x301, 0x302); and what it leaves out, the
 * referrers, built again from the references on first use. The sample
 * dump is analysed, its index written and read back: every object's depth
 * and referrers, and com.example.User's instances, are those of the fresh
 * analysis. Then sections made hostile after their checksums were checked
 * (the mapping is private, copy-on-write): a depth that runs past its
 * section, or one longer than 32 bits, refuses the index. */
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

  /* The depths read (decoded from the index, not computed), the
   * referrers not there until asked for. */
  g_assert_true (hs_heap_depths_known (h));
  g_assert_false (hs_index_file_contains (f, h->depth));
  g_assert_null (h->rev_targets);
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

/* The depths' section: varints of depth + 1, one an object. */
static guint8 *
depths_section (HsIndexFile *f, guint64 *len)
{
  guint8 *p = hs_index_file_section (f, HS_INDEX_SECTION_HEAP_DEPTHS, len);
  g_assert_nonnull (p);
  /* One to five bytes an object. */
  g_assert_cmpuint (*len, >=, hs_heap_n_objects (fresh->heap));
  g_assert_cmpuint (*len, <=, 5 * hs_heap_n_objects (fresh->heap));
  return p;
}

static void
assert_refused (HsIndexFile *f, const char *what)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HsAnalysis) a = read_index (f, &error);
  g_assert_null (a);
  g_assert_error (error, HS_ERROR, HS_ERROR_INDEX);
  g_assert_nonnull (strstr (error->message, what));
}

static void
test_depth_past_its_section (void)
{
  g_autoptr (HsIndexFile) f = open_index ();
  guint64 len = 0;
  guint8 *p = depths_section (f, &len);

  /* The last depth says another byte follows: there is none. */
  p[len - 1] |= 0x80;
  assert_refused (f, "depths are not whole");
}

static void
test_depth_over_32_bits (void)
{
  g_autoptr (HsIndexFile) f = open_index ();
  guint64 len = 0;
  guint8 *p = depths_section (f, &len);

  /* Five bytes whose fifth carries bits past 32: as many bytes as five
   * depths, so only the value's width is wrong. */
  memset (p, 0xff, 4);
  p[4] = 0x1f;
  assert_refused (f, "depths are not whole");
}

static void
test_depths_short (void)
{
  g_autoptr (HsIndexFile) f = open_index ();
  guint64 len = 0;
  guint8 *p = depths_section (f, &len);

  /* Two depths made one (a continued byte): one depth fewer than the
   * objects, the section ends first. */
  p[len / 2] |= 0x80;
  assert_refused (f, "depths are not whole");
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
  g_test_add_func ("/index-heap-extras/depth-past-its-section", test_depth_past_its_section);
  g_test_add_func ("/index-heap-extras/depth-over-32-bits", test_depth_over_32_bits);
  g_test_add_func ("/index-heap-extras/depths-short", test_depths_short);
  int status = g_test_run ();
  g_remove (index_path);
  g_rmdir (dir);
  g_free (index_path);
  hs_analysis_free (fresh);
  return status;
}
