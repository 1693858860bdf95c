/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-report.c: the HTML report on tests/report/make-dumps.py's tiny dump:
 * its content, determinism, and atomic writing.
 *
 *   test-report DUMPS_DIR   (tiny.hprof inside)
 *
 * Expected values come from the dump's construction (see make-dumps.py):
 * one leak, class com.example.Holder --static sLeaky--> com.example.Leaky,
 * retaining 16 + 1016 = 1032 bytes in 2 objects. */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <glib/gstdio.h>
#include "hs-report.h"

static char *dumps_dir;
static HsAnalysis *tiny;

static HsAnalysis *
load (const char *name)
{
  g_autofree char *path = g_build_filename (dumps_dir, name, NULL);
  HsAnalysisOptions opts = { 0 };
  g_autoptr (GError) error = NULL;
  HsAnalysis *a = hs_analysis_run (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (a);
  return a;
}

static guint
count (const char *hay, const char *needle)
{
  guint n = 0;
  for (const char *p = strstr (hay, needle); p; p = strstr (p + 1, needle))
    n++;
  return n;
}

static char *
tmp_dir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("hs-report-XXXXXX", &error);
  g_assert_no_error (error);
  return dir;
}

static int
cmp_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *)a, *(const char *const *)b);
}

/* Names in a folder, sorted, space-separated. */
static char *
list_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *n;
  g_assert_nonnull (d);
  while ((n = g_dir_read_name (d)))
    g_ptr_array_add (names, g_strdup (n));
  g_ptr_array_sort (names, cmp_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **)names->pdata);
}

static void
rm_rf (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *n;
  while (d && (n = g_dir_read_name (d)))
    {
      g_autofree char *p = g_build_filename (dir, n, NULL);
      g_chmod (p, 0755);
      if (g_file_test (p, G_FILE_TEST_IS_DIR))
        rm_rf (p);
      else
        g_unlink (p);
    }
  g_rmdir (dir);
}

static void
test_content (void)
{
  HsReportOptions opts = { 0 };
  g_autoptr (GString) html = hs_report_build (tiny, &opts);
  const char *s = html->str;

  g_assert_true (g_str_has_prefix (s, "<!DOCTYPE html>\n"));
  g_assert_true (g_str_has_suffix (s, "</html>\n"));
  g_assert_true (g_utf8_validate (s, html->len, NULL));
  /* Self-contained: no network, one inline script without src. */
  g_assert_null (strstr (s, "http://"));
  g_assert_null (strstr (s, "https://"));
  g_assert_null (strstr (s, "<script src"));
  g_assert_cmpuint (count (s, "<script"), ==, 1);
  g_assert_nonnull (strstr (s, "Content-Security-Policy"));

  /* The dump: base name only, format, id size, the header's date. */
  g_assert_nonnull (strstr (s, "<title>Heap report: tiny.hprof</title>"));
  g_assert_nonnull (strstr (s, "JAVA PROFILE 1.0.2"));
  g_assert_nonnull (strstr (s, "<th scope=\"row\">Identifier size</th><td>4 bytes"));
  g_assert_nonnull (strstr (s, "2026-01-01 00:00:00 UTC"));
  g_assert_nonnull (strstr (s, "HotSpot JVM"));
  g_assert_null (strstr (s, dumps_dir));

  for (const char *const *id
       = (const char *const[]){ "dump", "totals", "leaks", "classes", "objects", "treemap", NULL };
       *id; id++)
    {
      g_autofree char *sec = g_strdup_printf ("<section id=\"%s\"", *id);
      g_assert_cmpuint (count (s, sec), ==, 1);
    }

  /* One application leak, as planted, with its path and sizes. */
  g_assert_nonnull (strstr (s, "data-application-groups=\"1\" data-library-groups=\"0\""));
  g_assert_cmpuint (count (s, "<article class=\"leak-group application\""), ==, 1);
  g_assert_cmpuint (count (s, "<article class=\"leak-group library\""), ==, 0);
  g_assert_cmpuint (count (s, "<details class=\"trace\""), ==, 1);
  g_assert_nonnull (strstr (s, "data-retained=\"1032\" data-retained-count=\"2\""));
  g_assert_nonnull (
      strstr (s, "<span class=\"cls\">com.example.Holder</span> <span class=\"kind\">class</span>"));
  g_assert_nonnull (
      strstr (s, "<span class=\"cls\">com.example.Leaky</span> <span class=\"kind\">instance</span>"));
  /* The only reference of the path is the suspect, underlined. */
  g_assert_nonnull (
      strstr (s, "<span class=\"kw\">static</span> <span class=\"owner\" "
                 "title=\"com.example.Holder\">Holder</span>.<span class=\"field suspect\">sLeaky</span>"));
  g_assert_cmpuint (count (s, "class=\"field suspect\""), ==, 1);
  g_assert_nonnull (strstr (s, "<span class=\"status yes\">Leaking: YES</span>"));
  g_assert_nonnull (strstr (s, "<span class=\"status no\">Leaking: NO</span>"));
  /* The watch: key and description from the KeyedWeakReference. */
  g_assert_nonnull (strstr (s, "f00dcafe-0001"));
  g_assert_nonnull (strstr (s, "com.example.Leaky received Activity#onDestroy() callback"));

  /* Classes: all of them fit in the default 50 rows; one row per class:
   * the 13 the dump defines and java.lang.Class, which docs/semantics.md counts
   * class objects under. */
  guint nc = hs_heap_n_classes (tiny->heap);
  g_assert_cmpuint (nc, ==, 14);
  const char *table = strstr (s, "<table class=\"data sortable\" id=\"class-table\">");
  const char *table_end = table ? strstr (table, "</table>") : NULL;
  g_assert_nonnull (table_end);
  g_autofree char *class_table = g_strndup (table, table_end - table);
  g_assert_cmpuint (count (class_table, "<tr><td class=\"name\">"), ==, nc);
  /* byte[] objects: the 1000- and 4000-byte arrays: 1016 + 4016 bytes. */
  g_assert_nonnull (strstr (class_table,
                            "<code>byte[]</code></td><td class=\"num\" data-v=\"2\">2</td>"
                            "<td class=\"num\" data-v=\"2\">2</td><td class=\"num\" data-v=\"5032\""));

  /* The treemap shows boxes with tooltips; the biggest object (the thread,
   * retaining its 4016-byte buffer) leads the objects table. */
  g_assert_cmpuint (count (s, "<rect "), >, 3);
  /* One <title> tooltip per box, plus the page title. */
  g_assert_cmpuint (count (s, "<rect ") + 1, ==, count (s, "<title>"));
  const char *objs = strstr (s, "id=\"object-table\"");
  g_assert_nonnull (objs);
  const char *row1 = strstr (objs, "<tbody>");
  g_assert_nonnull (row1);
  g_assert_true (g_str_has_prefix (strstr (row1, "<code>") + 6, "java.lang.Thread</code>"));
  g_assert_nonnull (strstr (s, "worker-1"));
}

static void
test_deterministic (void)
{
  HsReportOptions opts = { 0 };
  g_autoptr (GString) a = hs_report_build (tiny, &opts);
  g_autoptr (GString) b = hs_report_build (tiny, &opts);
  g_assert_cmpuint (a->len, ==, b->len);
  g_assert_cmpmem (a->str, a->len, b->str, b->len);
  g_assert_null (strstr (a->str, "class=\"generated\""));

  /* A second, independent analysis of the same file: same bytes. */
  HsAnalysis *again = load ("tiny.hprof");
  g_autoptr (GString) c = hs_report_build (again, &opts);
  g_assert_cmpmem (a->str, a->len, c->str, c->len);
  hs_analysis_free (again);

  HsReportOptions timed = { .include_generation_time = TRUE };
  g_autoptr (GString) t = hs_report_build (tiny, &timed);
  g_assert_cmpuint (count (t->str, "<time class=\"generated\">"), ==, 1);
  /* Only the footer differs: identical up to it. */
  const char *foot = strstr (a->str, "<footer>");
  g_assert_nonnull (foot);
  g_assert_cmpint (strncmp (a->str, t->str, foot - a->str), ==, 0);
}

/* HsReportOptions.waste: the Insights section uses the findings it is
 * given (the window's) instead of running the finders again. */
static void
test_given_waste (void)
{
  HsReportOptions opts = { 0 };
  g_autoptr (GString) own = hs_report_build (tiny, &opts);
  g_autoptr (HsWaste) w = hs_waste_find (tiny, NULL, NULL);
  g_assert_nonnull (w);
  opts.waste = w;
  g_autoptr (GString) given = hs_report_build (tiny, &opts);
  g_assert_cmpmem (own->str, own->len, given->str, given->len);

  /* Findings that differ from the dump's show as they are given. */
  w->strings_wasted += 7000000;
  w->total_wasted += 7000000;
  g_autofree char *line = hs_waste_summary_line (w);
  g_autoptr (GString) changed = hs_report_build (tiny, &opts);
  g_assert_nonnull (strstr (changed->str, line));
  g_assert_null (strstr (own->str, line));
}

static void
test_options (void)
{
  HsReportOptions opts = { .top_classes = 3, .top_objects = 2 };
  g_autoptr (GString) html = hs_report_build (tiny, &opts);
  const char *table = strstr (html->str, "id=\"class-table\"");
  g_autofree char *ct = g_strndup (table, strstr (table, "</table>") - table);
  g_assert_cmpuint (count (ct, "<tr><td class=\"name\">"), ==, 3);
  const char *ot = strstr (html->str, "id=\"object-table\"");
  g_autofree char *obt = g_strndup (ot, strstr (ot, "</table>") - ot);
  g_assert_cmpuint (count (obt, "<tr><td class=\"mono\">"), ==, 2);
}

/* Without leaks and dominators (the CLI's cheap commands skip them): the
 * sections say so; the page is still whole. */
static void
test_partial (void)
{
  g_autofree char *path = g_build_filename (dumps_dir, "tiny.hprof", NULL);
  HsAnalysisOptions aopts = { .skip_leaks = TRUE, .skip_dominators = TRUE };
  g_autoptr (GError) error = NULL;
  g_autoptr (HsAnalysis) a = hs_analysis_run (path, &aopts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_null (a->dom);
  g_assert_null (a->leaks);

  g_autoptr (GString) html = hs_report_build (a, NULL);
  const char *s = html->str;
  g_assert_true (g_str_has_suffix (s, "</html>\n"));
  g_assert_nonnull (strstr (s, "Leak detection was not run for this report."));
  g_assert_nonnull (strstr (s, "Retained sizes were not computed for this report."));
  g_assert_nonnull (strstr (s, "No dominator tree to draw."));
  g_assert_cmpuint (count (s, "<rect "), ==, 0);
  /* The class table falls back to shallow sizes: byte[] (5032) first. */
  const char *table = strstr (s, "id=\"class-table\"");
  g_assert_nonnull (table);
  g_assert_true (
      g_str_has_prefix (strstr (table, "<tbody>\n") + 8, "<tr><td class=\"name\"><code>byte[]</code>"));
}

static void
test_write (void)
{
  g_autofree char *dir = tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "report.html", NULL);
  g_autoptr (GError) error = NULL;
  HsReportOptions opts = { 0 };
  g_autofree char *contents = NULL;
  gsize len = 0;

  /* Over an existing file: replaced, and nothing else left in the folder. */
  g_assert_true (g_file_set_contents (path, "old", -1, NULL));
  g_assert_true (hs_report_write (tiny, &opts, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  g_autoptr (GString) html = hs_report_build (tiny, &opts);
  g_assert_cmpmem (contents, len, html->str, html->len);
  g_autofree char *names = list_dir (dir);
  g_assert_cmpstr (names, ==, "report.html");

  /* A new file gets the usual permissions (not mkstemp's 0600). */
  GStatBuf st;
  mode_t mask = umask (022);
  umask (mask);
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0666 & ~mask);

  /* A bare file name: the current folder. */
  g_autofree char *cwd = g_get_current_dir ();
  g_assert_cmpint (g_chdir (dir), ==, 0);
  g_assert_true (hs_report_write (tiny, &opts, "bare.html", &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_chdir (cwd), ==, 0);
  g_autofree char *names2 = list_dir (dir);
  g_assert_cmpstr (names2, ==, "bare.html report.html");
  rm_rf (dir);
}

static void
assert_fails_cleanly (const char *path, const char *check_dir)
{
  g_autoptr (GError) error = NULL;
  HsReportOptions opts = { 0 };
  g_autofree char *before = check_dir ? list_dir (check_dir) : NULL;

  g_assert_false (hs_report_write (tiny, &opts, path, &error));
  g_assert_nonnull (error);
  g_assert_true (error->domain == G_IO_ERROR);
  /* The message names the file the user asked for. */
  g_assert_nonnull (strstr (error->message, path));
  if (check_dir)
    {
      g_autofree char *after = list_dir (check_dir);
      g_assert_cmpstr (before, ==, after);
    }
}

static void
test_write_errors (void)
{
  g_autofree char *dir = tmp_dir ();
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", "r.html", NULL);
  g_autofree char *file = g_build_filename (dir, "a-file", NULL);
  g_autofree char *under_file = g_build_filename (file, "r.html", NULL);
  g_autofree char *sub = g_build_filename (dir, "sub", NULL);

  g_assert_true (g_file_set_contents (file, "x", -1, NULL));
  g_assert_cmpint (g_mkdir (sub, 0755), ==, 0);

  assert_fails_cleanly (missing, dir);
  assert_fails_cleanly (under_file, dir);
  assert_fails_cleanly (sub, dir); /* the target is a folder */

  /* A read-only folder stops everyone but root (who bypasses it). */
  if (geteuid () != 0)
    {
      g_autofree char *ro = g_build_filename (dir, "ro", NULL);
      g_autofree char *target = g_build_filename (ro, "r.html", NULL);
      g_assert_cmpint (g_mkdir (ro, 0755), ==, 0);
      g_assert_true (g_file_set_contents (target, "old report", -1, NULL));
      g_assert_cmpint (g_chmod (ro, 0555), ==, 0);
      assert_fails_cleanly (target, ro);
      g_autofree char *kept = NULL;
      g_assert_true (g_file_get_contents (target, &kept, NULL, NULL));
      g_assert_cmpstr (kept, ==, "old report");
    }
  rm_rf (dir);
}

/* A write that fails midway (file size limit: works for root too) leaves
 * the old file as it was and no temporary file behind. */
static void
test_write_fails_midway (void)
{
  g_autofree char *dir = tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "report.html", NULL);
  g_assert_true (g_file_set_contents (path, "the old report", -1, NULL));

  /* The child inherits dir through the environment. */
  g_setenv ("HS_TEST_REPORT_DIR", dir, TRUE);
  g_test_trap_subprocess ("/report/write-fails-midway/child", 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();

  g_autofree char *kept = NULL;
  g_assert_true (g_file_get_contents (path, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "the old report");
  g_autofree char *names = list_dir (dir);
  g_assert_cmpstr (names, ==, "report.html");
  rm_rf (dir);
}

static void
test_write_fails_midway_child (void)
{
  if (!g_test_subprocess ())
    return;
  const char *dir = g_getenv ("HS_TEST_REPORT_DIR");
  g_autofree char *path = g_build_filename (dir, "report.html", NULL);
  g_autoptr (GError) error = NULL;
  HsReportOptions opts = { 0 };
  struct rlimit rl = { 4096, 4096 };

  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &rl), ==, 0);
  g_assert_false (hs_report_write (tiny, &opts, path, &error));
  g_assert_error (error, G_IO_ERROR, g_io_error_from_errno (EFBIG));
  g_assert_nonnull (strstr (error->message, path));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  /* Subprocesses get no extra arguments: pass the folder on in the
   * environment. */
  dumps_dir = g_strdup (argc >= 2 ? argv[1] : g_getenv ("HS_TEST_REPORT_DUMPS"));
  if (dumps_dir == NULL)
    {
      g_printerr ("usage: test-report DUMPS_DIR\n");
      return 1;
    }
  g_setenv ("HS_TEST_REPORT_DUMPS", dumps_dir, TRUE);
  tiny = load ("tiny.hprof");

  g_test_add_func ("/report/content", test_content);
  g_test_add_func ("/report/deterministic", test_deterministic);
  g_test_add_func ("/report/options", test_options);
  g_test_add_func ("/report/given-waste", test_given_waste);
  g_test_add_func ("/report/partial", test_partial);
  g_test_add_func ("/report/write", test_write);
  g_test_add_func ("/report/write-errors", test_write_errors);
  g_test_add_func ("/report/write-fails-midway", test_write_fails_midway);
  g_test_add_func ("/report/write-fails-midway/child", test_write_fails_midway_child);
  int ret = g_test_run ();
  hs_analysis_free (tiny);
  return ret;
}
