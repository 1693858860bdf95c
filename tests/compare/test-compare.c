/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-compare: the comparison of two class histograms (hs-compare) and
 * the report's growth section (hs-report-growth), on histograms written
 * by hand, so every expected figure is the difference of two numbers
 * below. The histograms of real dumps are tested through the CLI
 * (tests/cli/test_diff.py). */
#include "config.h"

#include <string.h>

#include "hs-compare.h"
#include "hs-report-growth.h"

typedef struct
{
  const char *name;
  guint64 count, shallow, retained;
} Row;

/* A histogram as hs_class_histogram_new leaves it: rows sorted by name. */
static HsClassHistogram *
make (const char *file, const Row *rows, guint n, guint64 objects, guint64 reachable_bytes, gboolean android,
      guint id_size)
{
  HsClassHistogram *h = g_new0 (HsClassHistogram, 1);
  h->file = g_strdup (file);
  h->n_dumps = 1;
  h->android = android;
  h->id_size = id_size;
  h->retained_known = TRUE;
  h->objects = objects;
  h->reachable_objects = objects;
  h->reachable_bytes = reachable_bytes;
  h->shallow_bytes = reachable_bytes;
  h->names = g_string_chunk_new (64);
  h->rows = g_new0 (HsHistogramRow, MAX (n, 1));
  h->n_rows = n;
  for (guint i = 0; i < n; i++)
    {
      h->rows[i].name = g_string_chunk_insert (h->names, rows[i].name);
      h->rows[i].stats = (HsClassStats){ rows[i].count, rows[i].shallow, rows[i].retained };
      if (i > 0)
        g_assert_cmpint (strcmp (rows[i - 1].name, rows[i].name), <, 0);
    }
  return h;
}

/* Baseline and current of one program (names in byte order). */
static const Row base_rows[] = {
  { "byte[]", 1000, 1000000, 900000 },
  { "com.example.Gone", 10, 160, 160 },
  { "com.example.Same", 5, 80, 400 },
  { "java.lang.String", 2000, 48000, 120000 },
};
static const Row cur_rows[] = {
  { "byte[]", 401000, 25100000, 25000000 }, /* +400000 +24.1 MB +24.1 MB */
  { "com.example.New", 12000, 192000, 192000 },
  { "com.example.Same", 5, 80, 400 },
  { "java.lang.String", 1000, 24000, 60000 }, /* shrank: -1000 -24000 -60000 */
};

static HsCompare *
make_compare (void)
{
  /* objects 1,000,000 -> 1,412,000; reachable 1 MB -> 39.2 MB */
  return hs_compare_new (
      make ("/tmp/dir/old.hprof", base_rows, G_N_ELEMENTS (base_rows), 1000000, 1000000, FALSE, 4),
      make ("/tmp/dir/new.hprof", cur_rows, G_N_ELEMENTS (cur_rows), 1412000, 39200000, FALSE, 4));
}

static const HsCompareRow *
find (const HsCompare *c, const char *name)
{
  for (guint i = 0; i < c->n_rows; i++)
    if (g_str_equal (c->rows[i].name, name))
      return &c->rows[i];
  g_assert_not_reached ();
  return NULL;
}

static void
test_merge (void)
{
  g_autoptr (HsCompare) c = make_compare ();
  g_assert_cmpuint (c->n_rows, ==, 5);
  g_assert_cmpuint (c->n_new, ==, 1);
  g_assert_cmpuint (c->n_gone, ==, 1);
  g_assert_cmpint (c->delta_objects, ==, 412000);
  g_assert_cmpint (c->delta_reachable_bytes, ==, 38200000);

  const HsCompareRow *b = find (c, "byte[]");
  g_assert_cmpint (b->status, ==, HS_COMPARE_BOTH);
  g_assert_cmpint (b->delta.count, ==, 400000);
  g_assert_cmpint (b->delta.shallow, ==, 24100000);
  g_assert_cmpint (b->delta.retained, ==, 24100000);
  const HsCompareRow *s = find (c, "java.lang.String");
  g_assert_cmpint (s->delta.count, ==, -1000);
  g_assert_cmpint (s->delta.shallow, ==, -24000);
  g_assert_cmpint (s->delta.retained, ==, -60000);
  const HsCompareRow *n = find (c, "com.example.New");
  g_assert_cmpint (n->status, ==, HS_COMPARE_NEW);
  g_assert_cmpuint (n->baseline.count, ==, 0);
  g_assert_cmpint (n->delta.count, ==, 12000);
  const HsCompareRow *gone = find (c, "com.example.Gone");
  g_assert_cmpint (gone->status, ==, HS_COMPARE_GONE);
  g_assert_cmpuint (gone->current.retained, ==, 0);
  g_assert_cmpint (gone->delta.retained, ==, -160);
  g_assert_cmpstr (hs_compare_status_name (gone->status), ==, "gone");

  double p = 0;
  g_assert_true (hs_compare_percent (s->baseline.count, s->delta.count, &p));
  g_assert_cmpfloat_with_epsilon (p, -50.0, 1e-9);
  g_assert_false (hs_compare_percent (n->baseline.count, n->delta.count, &p));
}

static void
assert_order (HsCompare *c, HsCompareField f, const char *const *names)
{
  hs_compare_sort (c, f);
  for (guint i = 0; i < c->n_rows; i++)
    g_assert_cmpstr (c->rows[i].name, ==, names[i]);
}

static void
test_sort (void)
{
  g_autoptr (HsCompare) c = make_compare ();
  /* retained change: byte[] +24100000, New +192000, Same 0, Gone -160, String -60000 */
  const char *retained[]
      = { "byte[]", "com.example.New", "com.example.Same", "com.example.Gone", "java.lang.String" };
  for (guint i = 0; i < c->n_rows; i++)
    g_assert_cmpstr (c->rows[i].name, ==, retained[i]); /* the initial order */
  /* count change: byte[] +400000, New +12000, Same 0, Gone -10, String -1000 */
  const char *count[]
      = { "byte[]", "com.example.New", "com.example.Same", "com.example.Gone", "java.lang.String" };
  assert_order (c, HS_COMPARE_DELTA_COUNT, count);
  /* current count: byte[] 401000, New 12000, String 1000, Same 5, Gone 0 */
  const char *current[]
      = { "byte[]", "com.example.New", "java.lang.String", "com.example.Same", "com.example.Gone" };
  assert_order (c, HS_COMPARE_CURRENT_COUNT, current);
  /* percent of retained: New +inf, byte[] +2577.8%, Same 0, Gone -100%, String -50% */
  const char *pct[]
      = { "com.example.New", "byte[]", "com.example.Same", "java.lang.String", "com.example.Gone" };
  assert_order (c, HS_COMPARE_PERCENT_RETAINED, pct);
  const char *name[]
      = { "byte[]", "com.example.Gone", "com.example.New", "com.example.Same", "java.lang.String" };
  assert_order (c, HS_COMPARE_NAME, name);

  HsCompareField f;
  g_assert_true (hs_compare_parse_sort_key ("shallow", &f));
  g_assert_cmpint (f, ==, HS_COMPARE_DELTA_SHALLOW);
  g_assert_false (hs_compare_parse_sort_key ("size", &f));
  g_assert_false (hs_compare_parse_sort_key (NULL, &f));
}

static int
ascending_qsort (gconstpointer a, gconstpointer b, gpointer field)
{
  return hs_compare_row_cmp_ascending (a, b, GPOINTER_TO_INT (field));
}

static void
assert_ascending (HsCompareRow *rows, guint n, HsCompareField f, const char *const *names)
{
  g_qsort_with_data (rows, n, sizeof *rows, ascending_qsort, GINT_TO_POINTER (f));
  for (guint i = 0; i < n; i++)
    g_assert_cmpstr (rows[i].name, ==, names[i]);
}

/* Smallest first with ties by name A to Z (not the descending order
 * reversed, which would put the ties Z to A). */
static void
test_ascending (void)
{
  HsCompareRow rows[] = {
    { .name = "E", .status = HS_COMPARE_BOTH, .baseline.retained = 100, .delta.retained = 5 },
    { .name = "D", .status = HS_COMPARE_NEW, .delta.retained = 10 },
    { .name = "C", .status = HS_COMPARE_BOTH, .baseline.retained = 6, .delta.retained = -3 },
    { .name = "B", .status = HS_COMPARE_BOTH, .baseline.retained = 100, .delta.retained = 5 },
    { .name = "A", .status = HS_COMPARE_BOTH, .baseline.retained = 10, .delta.retained = 5 },
  };
  /* -3, then the three +5 by name, then +10 */
  const char *delta[] = { "C", "A", "B", "E", "D" };
  assert_ascending (rows, G_N_ELEMENTS (rows), HS_COMPARE_DELTA_RETAINED, delta);
  /* C -50%, B and E +5%, A +50%, D new (above every percent) */
  const char *pct[] = { "C", "B", "E", "A", "D" };
  assert_ascending (rows, G_N_ELEMENTS (rows), HS_COMPARE_PERCENT_RETAINED, pct);
  /* baseline retained: D 0, C 6, A 10, B and E 100 */
  const char *base[] = { "D", "C", "A", "B", "E" };
  assert_ascending (rows, G_N_ELEMENTS (rows), HS_COMPARE_BASELINE_RETAINED, base);
  /* name and status as hs_compare_row_cmp */
  const char *name[] = { "A", "B", "C", "D", "E" };
  assert_ascending (rows, G_N_ELEMENTS (rows), HS_COMPARE_NAME, name);
  g_assert_cmpint (hs_compare_row_cmp_ascending (&rows[0], &rows[3], HS_COMPARE_STATUS), ==,
                   hs_compare_row_cmp (&rows[0], &rows[3], HS_COMPARE_STATUS));
}

static void
test_summary (void)
{
  g_autoptr (HsCompare) c = make_compare ();
  g_autofree char *s = hs_compare_summary (c);
  /* g_format_size (as hs_format_bytes) puts a no-break space before the unit. */
  g_assert_cmpstr (s, ==,
                   "+38.2\xc2\xa0MB retained, +412,000 objects; biggest growth: byte[] +400,000 objects, "
                   "+24.1\xc2\xa0MB");
  g_assert_null (hs_compare_warning (c));

  g_autofree char *neg = hs_compare_format_bytes_delta (-950);
  g_assert_cmpstr (neg, ==, "-950 B");
  g_autofree char *zero = hs_compare_format_bytes_delta (0);
  g_assert_cmpstr (zero, ==, "0 B");
  g_autofree char *cnt = hs_compare_format_count_delta (-1234567);
  g_assert_cmpstr (cnt, ==, "-1,234,567");

  /* With itself: nothing grew. */
  g_autoptr (HsCompare) same = hs_compare_new (make ("a", base_rows, 4, 10, 100, FALSE, 4),
                                               make ("a", base_rows, 4, 10, 100, FALSE, 4));
  g_autofree char *s2 = hs_compare_summary (same);
  g_assert_cmpstr (s2, ==, "0 B retained, 0 objects; no class grew");
  g_assert_null (hs_compare_biggest_growth (same));
  for (guint i = 0; i < same->n_rows; i++)
    {
      g_assert_cmpint (same->rows[i].status, ==, HS_COMPARE_BOTH);
      g_assert_cmpint (same->rows[i].delta.retained, ==, 0);
    }
}

static void
test_warning (void)
{
  g_autoptr (HsCompare) a
      = hs_compare_new (make ("a", base_rows, 4, 1, 1, TRUE, 4), make ("b", cur_rows, 4, 1, 1, FALSE, 4));
  g_autofree char *w = hs_compare_warning (a);
  g_assert_nonnull (strstr (w, "an Android dump, the current one a HotSpot dump"));
  g_assert_null (strstr (w, "ids"));
  g_autoptr (HsCompare) b
      = hs_compare_new (make ("a", base_rows, 4, 1, 1, FALSE, 8), make ("b", cur_rows, 4, 1, 1, FALSE, 4));
  g_autofree char *w2 = hs_compare_warning (b);
  g_assert_nonnull (strstr (w2, "8-byte ids, the current one 4-byte ids"));
  g_assert_null (strstr (w2, "Android"));
  g_autoptr (HsCompare) both
      = hs_compare_new (make ("a", base_rows, 4, 1, 1, TRUE, 4), make ("b", cur_rows, 4, 1, 1, FALSE, 8));
  g_autofree char *w3 = hs_compare_warning (both);
  g_assert_nonnull (strstr (w3, "Android"));
  g_assert_nonnull (strstr (w3, "4-byte ids, the current one 8-byte ids"));
}

static void
test_json (void)
{
  g_autoptr (HsCompare) c = make_compare ();
  g_autoptr (GString) out = g_string_new (NULL);
  hs_compare_to_json (c, out, 1);
  g_assert_cmpstr (out->str, ==,
                   "{\"baseline\": {\"file\": \"/tmp/dir/old.hprof\", \"objects\": 1000000, "
                   "\"reachable_bytes\": 1000000},\n"
                   " \"current\": {\"file\": \"/tmp/dir/new.hprof\", \"objects\": 1412000, "
                   "\"reachable_bytes\": 39200000},\n"
                   " \"classes\": [\n"
                   "  {\"name\": \"byte[]\", \"status\": \"both\", \"baseline\": {\"count\": 1000, "
                   "\"shallow\": 1000000, \"retained\": 900000}, "
                   "\"current\": {\"count\": 401000, \"shallow\": 25100000, \"retained\": 25000000}, "
                   "\"delta\": {\"count\": 400000, \"shallow\": 24100000, \"retained\": 24100000}}\n ]}\n");
  g_string_truncate (out, 0);
  hs_compare_to_json (c, out, 0);
  g_assert_nonnull (strstr (out->str, "\"classes\": []}"));
}

static guint
count_of (const char *hay, const char *needle)
{
  guint n = 0;
  for (const char *p = strstr (hay, needle); p; p = strstr (p + 1, needle))
    n++;
  return n;
}

static void
test_growth_section (void)
{
  static const Row hostile_base[] = { { "a&b", 1, 8, 8 } };
  static const Row hostile_cur[] = {
    { "<script>alert(1)</script>", 3, 48, 48 },
    { "a&b", 2, 16, 16 },
    { "quote\"'\x01\xff", 1, 8, 8 },
  };
  g_autoptr (HsCompare) c = hs_compare_new (make ("/x/<b>old&.hprof", hostile_base, 1, 1, 8, TRUE, 4),
                                            make ("/x/new.hprof", hostile_cur, 3, 6, 72, FALSE, 4));
  g_autoptr (GString) html = g_string_new (NULL);
  hs_report_growth_section (html, c, 2);
  const char *s = html->str;
  g_assert_true (
      g_str_has_prefix (s, "<section id=\"growth\">\n<h2>Growth since &lt;b&gt;old&amp;.hprof</h2>"));
  g_assert_true (g_str_has_suffix (s, "</section>\n"));
  g_assert_true (g_utf8_validate (s, -1, NULL));
  g_assert_null (strstr (s, "<script"));
  g_assert_null (strstr (s, "/x/")); /* base names only */
  g_assert_null (strstr (s, "\x01"));
  g_assert_nonnull (strstr (s, "&lt;script&gt;alert(1)&lt;/script&gt;"));
  /* Warning: Android against HotSpot. */
  g_assert_nonnull (strstr (s, "<p class=\"warning\">"));
  /* Totals: objects 1 -> 6, reachable 8 B -> 72 B, +64 B. */
  g_assert_nonnull (strstr (
      s, "<tr><th>Objects</th><td class=\"num\" data-v=\"1\">1</td><td class=\"num\" data-v=\"6\">6</td>"
         "<td class=\"num\" data-v=\"5\">+5</td></tr>"));
  g_assert_nonnull (strstr (s, "data-v=\"64\" title=\"+64 bytes\">+64 B</td>"));
  /* Top 2 of the 3 that grew: <script> (+48), then a&b and the quote
   * class tie at +8 and go by name ('a' < 'q'): a&b second. */
  g_assert_nonnull (strstr (s, "The top 2 of 3 classes"));
  g_assert_cmpuint (count_of (s, "<tr><td class=\"name\">"), ==, 2);
  const char *p1 = strstr (s, "<code>&lt;script&gt;"), *p2 = strstr (s, "<code>a&amp;b</code>");
  g_assert_nonnull (p2);
  g_assert_true (strstr (s, "<table class=\"data sortable\"") < p1 && p1 < p2);
  g_assert_null (strstr (s, "quote"));
  /* a&b: baseline 8, delta +8: +100.0%. */
  g_assert_nonnull (strstr (s, "data-v=\"100.0\">+100.0%</td>"));
  /* Balanced markup. */
  g_assert_cmpuint (count_of (s, "<tr>"), ==, count_of (s, "</tr>"));
  g_assert_cmpuint (count_of (s, "<td"), ==, count_of (s, "</td>"));
  g_assert_cmpuint (count_of (s, "<table"), ==, count_of (s, "</table>"));

  /* All rows, then nothing grew. */
  g_string_truncate (html, 0);
  hs_report_growth_section (html, c, G_MAXUINT);
  g_assert_nonnull (strstr (html->str, "quote&quot;&#39;"));
  g_assert_cmpuint (count_of (html->str, "<tr><td class=\"name\">"), ==, 3);
  g_autoptr (HsCompare) same = hs_compare_new (make ("old.hprof", base_rows, 4, 10, 100, FALSE, 4),
                                               make ("new.hprof", base_rows, 4, 10, 100, FALSE, 4));
  g_string_truncate (html, 0);
  hs_report_growth_section (html, same, 10);
  g_assert_nonnull (strstr (html->str, "<p class=\"none\">No class grew.</p>"));
  g_assert_null (strstr (html->str, "growth-table"));
  g_assert_null (strstr (html->str, "warning"));
}

/* Hidden and lambda classes lose the addresses the JVM gives them (they
 * change from run to run); other names are kept. The dump's '/' reads as
 * '.' in class names. */
static void
test_stable_names (void)
{
  static const char *const cases[][2] = {
    { "OomApp$$Lambda$1+0x00007f7838000c10", "OomApp$$Lambda" },     /* a hidden class: +0x address */
    { "OomApp$$Lambda$14.0x0000000800c03000", "OomApp$$Lambda" },    /* JDK 17: $14/0x... */
    { "OomApp$$Lambda.0x000000080100a000", "OomApp$$Lambda" },       /* JDK 21: /0x... */
    { "Main$$Lambda$1.1023892928", "Main$$Lambda" },                 /* JDK 8: $1/hash */
    { "OomApp$$Lambda$1+0x00007f7838000c10[]", "OomApp$$Lambda[]" }, /* arrays keep [] */
    { "com.example.Proxy.0x0000000800c04400", "com.example.Proxy" }, /* a hidden class */
    { "com.example.Hidden+0x00007f0012345678", "com.example.Hidden" },
  };
  static const char *const kept[] = {
    "com.example.-$$Lambda$MainActivity$Vr7zT5wSqpJcFZ9JiWtG0Ew0Lk", /* D8: no address */
    "OomApp$$Lambda",
    "com.example.Ox0",
    "com.example.Cache$0x12", /* too short for an address */
    "java.util.HashMap$Node[]",
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *s = hs_class_histogram_stable_name (cases[i][0]);
      g_assert_cmpstr (s, ==, cases[i][1]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (kept); i++)
    {
      g_autofree char *s = hs_class_histogram_stable_name (kept[i]);
      g_assert_null (s);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/compare/merge", test_merge);
  g_test_add_func ("/compare/stable-names", test_stable_names);
  g_test_add_func ("/compare/sort", test_sort);
  g_test_add_func ("/compare/ascending", test_ascending);
  g_test_add_func ("/compare/summary", test_summary);
  g_test_add_func ("/compare/warning", test_warning);
  g_test_add_func ("/compare/json", test_json);
  g_test_add_func ("/compare/growth-section", test_growth_section);
  return g_test_run ();
}
