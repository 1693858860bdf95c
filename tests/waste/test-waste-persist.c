/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-waste-persist.c: what the waste pass found, written as an index
 * record (hs-waste-persist.h) and read back: every field the same (the
 * static layout and config names as the same pointers), the JSON and CSV
 * byte for byte the same, on the Insights dump (make-insights-dump.py:
 * duplicate strings and bitmaps, worked out by hand there), the suspects
 * heaps (zeroed byte[1000]), the sample dump and the corpus (collections
 * of every layout it has); the HTML report the same from an analysis whose leaks,
 * suspects and waste were all read back; each of the three readers
 * refusing the others' records; and hostile bytes (every cut refused,
 * flipped bytes refused or read as waste its readers show). */
#include "config.h"

#include <string.h>

#include "hs-report.h"
#include "../hs-test-corpus.h"
#include "../hs-test-record-kinds.h"

static const char *insights_dump;
static const char *dumps_dir;

/* As hs_cli_load asks for the waste command. */
static HsAnalysis *
analyse (const char *path)
{
  return hs_test_record_analyse (path, &hs_waste_beside);
}

static HsWaste *
find_waste (HsAnalysis *a)
{
  g_autoptr (GError) error = NULL;
  HsWaste *w = hs_waste_find (a, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (w);
  return w;
}

static char *
waste_json (const HsWaste *w, HsHeap *heap)
{
  GString *out = g_string_new (NULL);
  hs_waste_to_json (w, heap, -1, out);
  return g_string_free (out, FALSE);
}

/* ---- every field -------------------------------------------------------- */

static void
assert_objects_equal (const GArray *a, const GArray *b)
{
  g_assert_cmpmem (a->data, a->len * sizeof (HsObj), b->data, b->len * sizeof (HsObj));
}

static void
assert_kind_equal (const HsWasteArrayKind *a, const HsWasteArrayKind *b)
{
  g_assert_cmpint (a->type, ==, b->type);
  g_assert_cmpuint (a->count, ==, b->count);
  g_assert_cmpuint (a->bytes, ==, b->bytes);
  assert_objects_equal (a->objects, b->objects);
}

static void
assert_waste_equal (const HsWaste *a, const HsWaste *b)
{
  g_assert_cmpuint (a->strings->len, ==, b->strings->len);
  for (guint i = 0; i < a->strings->len; i++)
    {
      const HsWasteString *x = &g_array_index (a->strings, HsWasteString, i);
      const HsWasteString *y = &g_array_index (b->strings, HsWasteString, i);
      g_assert_cmpstr (x->value, ==, y->value);
      g_assert_cmpuint (x->length, ==, y->length);
      g_assert_cmpuint (x->count, ==, y->count);
      g_assert_cmpuint (x->wasted, ==, y->wasted);
      assert_objects_equal (x->objects, y->objects);
    }
  g_assert_cmpuint (a->collections->len, ==, b->collections->len);
  for (guint i = 0; i < a->collections->len; i++)
    {
      const HsWasteCollection *x = &g_array_index (a->collections, HsWasteCollection, i);
      const HsWasteCollection *y = &g_array_index (b->collections, HsWasteCollection, i);
      g_assert_cmpuint (x->klass, ==, y->klass);
      g_assert_true (x->layout == y->layout); /* the same static string */
      g_assert_cmpuint (x->count, ==, y->count);
      g_assert_cmpuint (x->empty, ==, y->empty);
      g_assert_cmpuint (x->empty_bytes, ==, y->empty_bytes);
      g_assert_cmpuint (x->size_sum, ==, y->size_sum);
      g_assert_cmpuint (x->capacity_sum, ==, y->capacity_sum);
      g_assert_cmpuint (x->wasted, ==, y->wasted);
      g_assert_cmpmem (x->fill_histogram, sizeof x->fill_histogram, y->fill_histogram,
                       sizeof y->fill_histogram);
      assert_objects_equal (x->objects, y->objects);
    }
  for (guint t = 0; t < G_N_ELEMENTS (a->zero_arrays); t++)
    assert_kind_equal (&a->zero_arrays[t], &b->zero_arrays[t]);
  assert_kind_equal (&a->null_arrays, &b->null_arrays);
  g_assert_cmpuint (a->dup_arrays->len, ==, b->dup_arrays->len);
  for (guint i = 0; i < a->dup_arrays->len; i++)
    {
      const HsWasteDupArray *x = &g_array_index (a->dup_arrays, HsWasteDupArray, i);
      const HsWasteDupArray *y = &g_array_index (b->dup_arrays, HsWasteDupArray, i);
      g_assert_cmpint (x->type, ==, y->type);
      g_assert_cmpuint (x->length, ==, y->length);
      g_assert_cmpuint (x->count, ==, y->count);
      g_assert_cmpuint (x->wasted, ==, y->wasted);
      assert_objects_equal (x->objects, y->objects);
      g_assert_cmpint (x->thread_locals, ==, y->thread_locals);
      g_assert_cmpuint (x->locals, ==, y->locals);
      g_assert_cmpuint (x->first_serial, ==, y->first_serial);
      g_assert_cmpint (x->many_threads, ==, y->many_threads);
    }
  g_assert_cmpuint (a->boxed->len, ==, b->boxed->len);
  for (guint i = 0; i < a->boxed->len; i++)
    {
      const HsWasteBoxed *x = &g_array_index (a->boxed, HsWasteBoxed, i);
      const HsWasteBoxed *y = &g_array_index (b->boxed, HsWasteBoxed, i);
      g_assert_cmpuint (x->klass, ==, y->klass);
      g_assert_cmpuint (x->count, ==, y->count);
      g_assert_cmpuint (x->bytes, ==, y->bytes);
      g_assert_cmpuint (x->primitive_bytes, ==, y->primitive_bytes);
      g_assert_cmpuint (x->wasted, ==, y->wasted);
      assert_objects_equal (x->objects, y->objects);
    }
  g_assert_cmpuint (a->bitmaps->len, ==, b->bitmaps->len);
  for (guint i = 0; i < a->bitmaps->len; i++)
    {
      const HsWasteBitmap *x = &g_array_index (a->bitmaps, HsWasteBitmap, i);
      const HsWasteBitmap *y = &g_array_index (b->bitmaps, HsWasteBitmap, i);
      g_assert_cmpuint (x->obj, ==, y->obj);
      g_assert_cmpint (x->width, ==, y->width);
      g_assert_cmpint (x->height, ==, y->height);
      g_assert_true (x->config == y->config); /* the same static string */
      g_assert_cmpuint (x->java_bytes, ==, y->java_bytes);
      g_assert_cmpuint (x->native_bytes, ==, y->native_bytes);
      g_assert_cmpint (x->source, ==, y->source);
      g_assert_cmpuint (x->pixels, ==, y->pixels);
      g_assert_cmpuint (x->duplicates, ==, y->duplicates);
      g_assert_cmpuint (x->first_copy, ==, y->first_copy);
      g_assert_cmpstr (x->problem, ==, y->problem);
    }
  g_assert_cmpuint (a->strings_wasted, ==, b->strings_wasted);
  g_assert_cmpuint (a->collections_wasted, ==, b->collections_wasted);
  g_assert_cmpuint (a->arrays_wasted, ==, b->arrays_wasted);
  g_assert_cmpuint (a->boxed_wasted, ==, b->boxed_wasted);
  g_assert_cmpuint (a->bitmaps_wasted, ==, b->bitmaps_wasted);
  g_assert_cmpuint (a->total_wasted, ==, b->total_wasted);
  g_assert_cmpuint (a->thread_buffers_bytes, ==, b->thread_buffers_bytes);
  g_assert_cmpmem (&a->seconds, sizeof a->seconds, &b->seconds, sizeof b->seconds);
  g_assert_cmpint (a->beside, ==, b->beside);
  /* one reference, as hs_waste_compute's */
  g_assert_cmpint (b->ref_count, ==, 1);
}

/* Saved, read back whole: every field, the JSON, the CSV, the summary
 * line and the bitmaps drawn the same. */
static HsWaste *
round_trip (HsAnalysis *a, const HsWaste *w)
{
  HsWaste *back = hs_test_record_round_trip (hs_test_record_waste (), w, a->heap);
  assert_waste_equal (w, back);
  g_autofree char *json = waste_json (w, a->heap), *json_back = waste_json (back, a->heap);
  g_assert_cmpstr (json_back, ==, json);
  return back;
}

/* The Insights dump: "droid" three times (96 bytes wasted), four bitmaps
 * of which b2 duplicates b1 (its 40-byte buffer) and one cannot be drawn. */
static void
test_insights (void)
{
  g_autoptr (HsAnalysis) a = analyse (insights_dump);
  g_autoptr (HsWaste) w = find_waste (a);
  g_autoptr (HsWaste) back = round_trip (a, w);
  g_assert_cmpuint (back->strings->len, ==, 1);
  const HsWasteString *s = &g_array_index (back->strings, HsWasteString, 0);
  g_assert_cmpstr (s->value, ==, "droid");
  g_assert_cmpuint (s->count, ==, 3);
  g_assert_cmpuint (s->wasted, ==, 96);
  g_assert_cmpuint (back->bitmaps->len, ==, 4);
  guint problems = 0, duplicates = 0;
  for (guint i = 0; i < back->bitmaps->len; i++)
    {
      const HsWasteBitmap *b = &g_array_index (back->bitmaps, HsWasteBitmap, i);
      problems += b->problem != NULL;
      duplicates += b->first_copy != b->obj;
      if (b->problem == NULL)
        {
          /* drawn from what was read back as from what was found */
          g_autoptr (GBytes) png = hs_waste_bitmap_png (a->heap, b, 0, NULL);
          g_autoptr (GBytes) want = hs_waste_bitmap_png (a->heap, hs_waste_bitmap_of (w, b->obj), 0, NULL);
          g_assert_nonnull (png);
          g_assert_true (g_bytes_equal (png, want));
        }
    }
  g_assert_cmpuint (problems, ==, 1);
  g_assert_cmpuint (duplicates, ==, 1);
  g_assert_cmpuint (back->bitmaps_wasted, ==, 40);
}

/* StaticMap's heap: its one java.util.HashMap is full (100 entries in a
 * table of 100: nothing to save, not listed), and the 100 byte[1000] are
 * all zero (1016 bytes each). */
static void
test_static_map (void)
{
  g_autofree char *path = g_build_filename (dumps_dir, "static-map.hprof", NULL);
  g_autoptr (HsAnalysis) a = analyse (path);
  g_autoptr (HsWaste) w = find_waste (a);
  g_autoptr (HsWaste) back = round_trip (a, w);
  g_assert_cmpuint (back->collections->len, ==, 0);
  g_assert_cmpuint (back->zero_arrays[HS_TYPE_BYTE].count, ==, 100);
  g_assert_cmpuint (back->zero_arrays[HS_TYPE_BYTE].bytes, ==, 100 * 1016);
  g_assert_cmpuint (back->zero_arrays[HS_TYPE_BYTE].objects->len, ==, HS_WASTE_SAMPLE);
}

/* The sample dump and the corpus: the same after the round trip. */
static void
test_others (void)
{
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (paths, g_strdup (HS_SAMPLE_DUMP));
  g_autofree char *corpus = hs_test_corpus_dir ();
  for (guint k = 0; corpus && k < 2; k++)
    {
      g_autofree char *dir = g_build_filename (corpus, k == 0 ? "jvm" : "android", NULL);
      g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
      for (const char *name; d && (name = g_dir_read_name (d));)
        if (g_str_has_suffix (name, ".hprof"))
          g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
    }
  guint64 strings = 0, collections = 0;
  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr (HsAnalysis) a = analyse (paths->pdata[i]);
      g_autoptr (HsWaste) w = find_waste (a);
      g_autoptr (HsWaste) back = round_trip (a, w);
      strings += back->strings->len;
      collections += back->collections->len;
    }
  /* real dumps have both */
  if (corpus)
    {
      g_assert_cmpuint (strings, >, 0);
      g_assert_cmpuint (collections, >, 0);
    }
}

/* ---- the HTML report ---------------------------------------------------- */

/* The report of an analysis, then of the same analysis with its leaks,
 * suspects and waste replaced by what was read back: the same bytes. */
static void
report_round_trip (const char *path)
{
  g_autoptr (HsAnalysis) a = analyse (path);
  g_autoptr (HsWaste) w = find_waste (a);
  HsReportOptions opts = { 0 };
  opts.waste = w;
  GString *before = hs_report_build (a, &opts);

  guint64 n = hs_heap_n_objects (a->heap);
  g_autoptr (GBytes) lb = hs_test_record_save (hs_test_record_leaks (), a->leaks);
  g_autoptr (GBytes) sb = hs_test_record_save (hs_test_record_suspects (), a->suspects);
  g_autoptr (GBytes) wb = hs_test_record_save (hs_test_record_waste (), w);
  HsLeakReport *leaks = hs_test_record_load (hs_test_record_leaks (), lb, &n);
  HsSuspects *suspects = hs_test_record_load (hs_test_record_suspects (), sb, &n);
  g_autoptr (HsWaste) back = hs_test_record_load (hs_test_record_waste (), wb, a->heap);

  hs_leak_report_free (a->leaks);
  a->leaks = leaks;
  hs_suspects_free (a->suspects);
  a->suspects = suspects;
  opts.waste = back;
  GString *after = hs_report_build (a, &opts);
  g_assert_cmpuint (before->len, >, 0);
  g_assert_true (before->len == after->len && memcmp (before->str, after->str, before->len) == 0);
  g_string_free (before, TRUE);
  g_string_free (after, TRUE);
}

static void
test_report (void)
{
  static const char *const names[] = { "tiny.hprof", "static-map.hprof", "parked.hprof" };
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dumps_dir, names[i], NULL);
      report_round_trip (path);
    }
  report_round_trip (insights_dump);
  g_autofree char *corpus = hs_test_corpus_path ("android/leak_service_binder.hprof");
  if (corpus)
    report_round_trip (corpus);
}

/* ---- hostile bytes ------------------------------------------------------ */

static void
test_hostile_bytes (void)
{
  g_autofree char *map = g_build_filename (dumps_dir, "static-map.hprof", NULL);
  const char *paths[] = { insights_dump, map };
  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr (HsAnalysis) a = analyse (paths[i]);
      g_autoptr (HsWaste) w = find_waste (a);
      hs_test_record_hostile (hs_test_record_waste (), w, a->heap, paths[i]);
    }
}

/* A name not among the static ones (a layout, a config) fails the read. */
static void
test_unknown_names (void)
{
  g_autoptr (HsAnalysis) a = analyse (insights_dump);
  g_autoptr (HsWaste) w = find_waste (a);
  g_assert_cmpuint (w->bitmaps->len, >, 0);
  HsWasteBitmap *b = &g_array_index (w->bitmaps, HsWasteBitmap, 0);
  const char *config = b->config;
  b->config = "ARGB_4444";
  g_autoptr (GBytes) bytes = hs_test_record_save (hs_test_record_waste (), w);
  b->config = config;
  gsize len;
  gconstpointer data = g_bytes_get_data (bytes, &len);
  HsIndexCursor c;
  hs_index_cursor_init (&c, data, len);
  g_assert_null (hs_waste_load (&c, a->heap));
  g_assert_false (hs_index_cursor_ok (&c, FALSE));
}

/* Each reader refuses the records of the others (their tags differ). */
static void
test_other_kinds (void)
{
  g_autofree char *path = g_build_filename (dumps_dir, "static-map.hprof", NULL);
  g_autoptr (HsAnalysis) a = analyse (path);
  g_autoptr (HsWaste) w = find_waste (a);
  guint64 n = hs_heap_n_objects (a->heap);
  GBytes *records[3] = { hs_test_record_save (hs_test_record_leaks (), a->leaks),
                         hs_test_record_save (hs_test_record_suspects (), a->suspects),
                         hs_test_record_save (hs_test_record_waste (), w) };
  for (guint k = 0; k < 3; k++)
    {
      gsize len;
      gconstpointer data = g_bytes_get_data (records[k], &len);
      HsIndexCursor c;
      hs_index_cursor_init (&c, data, len);
      if (k != 0)
        g_assert_null (hs_leak_report_load (&c, n));
      hs_index_cursor_init (&c, data, len);
      if (k != 1)
        g_assert_null (hs_suspects_load (&c, n));
      hs_index_cursor_init (&c, data, len);
      if (k != 2)
        g_assert_null (hs_waste_load (&c, a->heap));
      g_bytes_unref (records[k]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 3);
  insights_dump = argv[1];
  dumps_dir = argv[2];
  g_test_add_func ("/waste-persist/insights", test_insights);
  g_test_add_func ("/waste-persist/static-map", test_static_map);
  g_test_add_func ("/waste-persist/others", test_others);
  g_test_add_func ("/waste-persist/report", test_report);
  g_test_add_func ("/waste-persist/unknown-names", test_unknown_names);
  g_test_add_func ("/waste-persist/other-kinds", test_other_kinds);
  g_test_add_func ("/waste-persist/hostile-bytes", test_hostile_bytes);
  return g_test_run ();
}
