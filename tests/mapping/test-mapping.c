/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mapping.c: hs-mapping on hand-written R8/ProGuard mappings (every
 * expected value below is read off the mapping text next to it), and a
 * mapping applied to the committed sample dump (tests/generator/README.md:
 * 3000 com.example.User of 32 bytes, two com.example.LeakedActivity). */
#include "config.h"

#include <string.h>
#include <unistd.h>

#include "hs-analysis.h"
#include "hs-heap-mapping.h"
#include "hs-mapping.h"
#include "hs-threads.h"

static const char *sample_path;

/* An R8 mapping: file header, class metadata, line ranges, a two-deep
 * inlining (Util.log into fill, fill's call site at line 16), a method
 * without lines, an inner class, aggressive overloading of field a. */
static const char r8_text[] = "# compiler: R8\n"
                              "# compiler_version: 8.2.42\n"
                              "# {\"id\":\"com.android.tools.r8.mapping\",\"version\":\"2.2\"}\n"
                              "com.example.Cache -> a.a:\n"
                              "# {\"id\":\"sourceFile\",\"fileName\":\"Cache.kt\"}\n"
                              "    java.util.Map entries -> a\n"
                              "    int size -> a\n"
                              "    com.example.Cache$Entry[] table -> b\n"
                              "    1:4:void fill(int):12:15 -> a\n"
                              "    5:5:void com.example.Util.log(java.lang.String):30:30 -> a\n"
                              "    5:5:void fill(int):16 -> a\n"
                              "    # {\"id\":\"com.android.tools.r8.synthesized\"}\n"
                              "    6:9:int evict():40:43 -> b\n"
                              "    void clear() -> c\n"
                              "\n"
                              "com.example.Cache$Entry -> a.a$a:\r\n"
                              "    java.lang.Object value -> a\r\n"
                              "com.example.Util -> a.b:\n"
                              "    # {\"id\":\"sourceFile\",\"fileName\":\"Util.java\"}\n"
                              "    100:101:void log(java.lang.String):30:31 -> a\n";

static HsMapping *
parse (const char *text, GError **error)
{
  return hs_mapping_parse (text, strlen (text), "mapping.txt", error);
}

static void
test_classes_fields (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HsMapping) m = parse (r8_text, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hs_mapping_n_classes (m), ==, 3);
  g_assert_cmpstr (hs_mapping_lookup_class (m, "a.a"), ==, "com.example.Cache");
  g_assert_cmpstr (hs_mapping_lookup_class (m, "a.a$a"), ==, "com.example.Cache$Entry");
  g_assert_null (hs_mapping_lookup_class (m, "a.c"));
  g_assert_null (hs_mapping_lookup_class (m, "com.example.Cache")); /* not an obfuscated name */
  g_autofree char *arr1 = hs_mapping_map_type (m, "a.a[]");
  g_autofree char *arr2 = hs_mapping_map_type (m, "a.a$a[][]");
  g_autofree char *plain = hs_mapping_map_type (m, "a.b");
  g_autofree char *none = hs_mapping_map_type (m, "int[]");
  g_assert_cmpstr (arr1, ==, "com.example.Cache[]");
  g_assert_cmpstr (arr2, ==, "com.example.Cache$Entry[][]");
  g_assert_cmpstr (plain, ==, "com.example.Util");
  g_assert_null (none);
  /* Field a is both the Map and the int: the type decides. */
  g_assert_cmpstr (hs_mapping_map_field (m, "a.a", "a", TRUE, NULL), ==, "entries");
  g_assert_cmpstr (hs_mapping_map_field (m, "a.a", "a", FALSE, "int"), ==, "size");
  g_assert_cmpstr (hs_mapping_map_field (m, "a.a", "b", TRUE, NULL), ==, "table");
  g_assert_cmpstr (hs_mapping_map_field (m, "a.a$a", "a", TRUE, NULL), ==, "value");
  g_assert_null (hs_mapping_map_field (m, "a.a", "z", TRUE, NULL));
  g_assert_null (hs_mapping_map_field (m, "a.z", "a", TRUE, NULL));
  g_assert_cmpstr (hs_mapping_source_file (m, "com.example.Cache"), ==, "Cache.kt");
  g_assert_cmpstr (hs_mapping_source_file (m, "com.example.Util"), ==, "Util.java");
  g_assert_null (hs_mapping_source_file (m, "com.example.Cache$Entry"));
}

static const HsMappedFrame *
frame (GArray *a, guint i)
{
  return &g_array_index (a, HsMappedFrame, i);
}

static void
test_frames (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HsMapping) m = parse (r8_text, &error);
  g_assert_no_error (error);
  g_autoptr (GArray) f = g_array_new (FALSE, FALSE, sizeof (HsMappedFrame));

  /* 1:4 -> 12:15: obfuscated line 3 is line 14. */
  g_assert_cmpuint (hs_mapping_map_frame (m, "a.a", "a", 3, f), ==, 1);
  g_assert_cmpstr (frame (f, 0)->class_name, ==, "com.example.Cache");
  g_assert_cmpstr (frame (f, 0)->method, ==, "fill");
  g_assert_cmpint (frame (f, 0)->line, ==, 14);
  g_assert_cmpstr (frame (f, 0)->source_file, ==, "Cache.kt");
  /* Line 5: Util.log (line 30) inlined into fill at line 16. */
  g_array_set_size (f, 0);
  g_assert_cmpuint (hs_mapping_map_frame (m, "a.a", "a", 5, f), ==, 2);
  g_assert_cmpstr (frame (f, 0)->class_name, ==, "com.example.Util");
  g_assert_cmpstr (frame (f, 0)->method, ==, "log");
  g_assert_cmpint (frame (f, 0)->line, ==, 30);
  g_assert_cmpstr (frame (f, 0)->source_file, ==, "Util.java");
  g_assert_cmpstr (frame (f, 1)->class_name, ==, "com.example.Cache");
  g_assert_cmpstr (frame (f, 1)->method, ==, "fill");
  g_assert_cmpint (frame (f, 1)->line, ==, 16);
  /* b: 6:9 -> 40:43 (the metadata comment before it is ignored). */
  g_array_set_size (f, 0);
  g_assert_cmpuint (hs_mapping_map_frame (m, "a.a", "b", 9, f), ==, 1);
  g_assert_cmpstr (frame (f, 0)->method, ==, "evict");
  g_assert_cmpint (frame (f, 0)->line, ==, 43);
  /* c has no lines: the line is kept. */
  g_array_set_size (f, 0);
  g_assert_cmpuint (hs_mapping_map_frame (m, "a.a", "c", 77, f), ==, 1);
  g_assert_cmpstr (frame (f, 0)->method, ==, "clear");
  g_assert_cmpint (frame (f, 0)->line, ==, 77);
  /* Unknown line (0) and a line outside every range: the first entry. */
  g_array_set_size (f, 0);
  g_assert_cmpuint (hs_mapping_map_frame (m, "a.a", "a", 0, f), ==, 1);
  g_assert_cmpstr (frame (f, 0)->method, ==, "fill");
  g_assert_cmpint (frame (f, 0)->line, ==, 0);
  /* Unknown method or class. */
  g_array_set_size (f, 0);
  g_assert_cmpuint (hs_mapping_map_frame (m, "a.a", "zz", 3, f), ==, 0);
  g_assert_cmpuint (hs_mapping_map_frame (m, "q.q", "a", 3, f), ==, 0);
  g_assert_cmpuint (f->len, ==, 0);
  /* Another class's range: 100:101 -> 30:31. */
  g_assert_cmpuint (hs_mapping_map_frame (m, "a.b", "a", 101, f), ==, 1);
  g_assert_cmpstr (frame (f, 0)->method, ==, "log");
  g_assert_cmpint (frame (f, 0)->line, ==, 31);
}

/* ProGuard's own format: ranges without original lines keep the line. */
static void
test_proguard_format (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HsMapping) m = parse ("com.example.Main -> com.example.Main:\n"
                                   "    23:23:void <init>() -> <init>\n"
                                   "    47:58:java.lang.Object build(java.lang.String,int) -> a\n"
                                   "com.example.App -> com.example.a:\n"
                                   "    java.util.HashMap users -> a\n",
                                   &error);
  g_assert_no_error (error);
  g_autoptr (GArray) f = g_array_new (FALSE, FALSE, sizeof (HsMappedFrame));
  g_assert_cmpuint (hs_mapping_map_frame (m, "com.example.Main", "a", 50, f), ==, 1);
  g_assert_cmpstr (frame (f, 0)->method, ==, "build");
  g_assert_cmpint (frame (f, 0)->line, ==, 50);
  g_assert_cmpstr (hs_mapping_lookup_class (m, "com.example.Main"), ==, "com.example.Main");
}

static void
expect_error (const char *text, const char *where)
{
  g_autoptr (GError) error = NULL;
  HsMapping *m = parse (text, &error);
  g_assert_null (m);
  g_assert_error (error, HS_ERROR, HS_ERROR_FORMAT);
  if (!g_str_has_prefix (error->message, where))
    g_error ("\"%s\" does not start with \"%s\"", error->message, where);
}

static void
test_malformed (void)
{
  expect_error ("a.b.C -> a:\n    int x -> a\nthis is not a mapping\n", "mapping.txt:3: ");
  expect_error ("    int x -> a\n", "mapping.txt:1: "); /* member before class */
  expect_error ("a.b.C -> a\n", "mapping.txt:1: ");     /* no colon */
  expect_error ("a.b.C -> :\n", "mapping.txt:1: ");
  expect_error ("a.b.C -> a:\n    1:x:void f() -> a\n", "mapping.txt:2: ");
  expect_error ("a.b.C -> a:\n    9:2:void f() -> a\n", "mapping.txt:2: "); /* range backwards */
  expect_error ("a.b.C -> a:\n    1:2:void f():3:q -> a\n", "mapping.txt:2: ");
  expect_error ("a.b.C -> a:\n    1:99999999999:void f() -> a\n", "mapping.txt:2: ");
  expect_error ("a.b.C -> a:\n    void f( -> a\n", "mapping.txt:2: ");
  expect_error ("a.b.C -> a:\n    int -> a\n", "mapping.txt:2: ");
  expect_error ("# c\n\na.b.C -> a:\n    int x ->\n", "mapping.txt:4: ");
  /* Names that are not UTF-8 (found by fuzz-mapping) would reach labels and
   * the report as invalid text: the line is refused. */
  expect_error ("a.b.C -> a:\ncom.example.Cache\377 -> a.a:\n", "mapping.txt:2: ");
  expect_error ("a.b.C -> a:\n    int \300\200x -> a\n", "mapping.txt:2: ");
  {
    static const char nul[] = "a.b.C -> a:\n    int x\0y -> a\n";
    g_autoptr (GError) e = NULL;
    g_assert_null (hs_mapping_parse (nul, sizeof nul - 1, "mapping.txt", &e));
    g_assert_true (g_str_has_prefix (e->message, "mapping.txt:2: "));
  }
  /* A class with no fields (no methods) asked for one: no pointer
   * arithmetic on the empty table (fuzz-mapping, UBSan in the sanitizer build). */
  {
    g_autoptr (GError) e = NULL;
    g_autoptr (HsMapping) nf = parse ("a.b.C -> a:\n", &e);
    g_autoptr (GArray) frames = g_array_new (FALSE, FALSE, sizeof (HsMappedFrame));
    g_assert_no_error (e);
    g_assert_null (hs_mapping_map_field (nf, "a", "x", TRUE, NULL));
    g_assert_cmpuint (hs_mapping_map_frame (nf, "a", "x", 3, frames), ==, 0);
  }
  /* Empty files and comments alone are fine: an empty mapping. */
  g_autoptr (GError) error = NULL;
  g_autoptr (HsMapping) m = parse ("# nothing\n\n", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hs_mapping_n_classes (m), ==, 0);
}

static void
test_load_refuses (void)
{
  g_autoptr (GError) e1 = NULL, e2 = NULL, e3 = NULL;
  g_assert_null (hs_mapping_load ("/", &e1));
  g_assert_error (e1, HS_ERROR, HS_ERROR_IO);
  g_assert_null (hs_mapping_load ("/dev/zero", &e2));
  g_assert_error (e2, HS_ERROR, HS_ERROR_IO);
  g_assert_null (hs_mapping_load ("/nonexistent/mapping.txt", &e3));
  g_assert_error (e3, HS_ERROR, HS_ERROR_IO);
  /* A file on disk: the error names it and the line. */
  g_autofree char *path = NULL;
  int fd = g_file_open_tmp ("hs-mapping-XXXXXX.txt", &path, NULL);
  g_assert_cmpint (fd, >=, 0);
  const char bad[] = "a -> b:\n  x\n";
  g_assert_cmpint (write (fd, bad, sizeof bad - 1), ==, sizeof bad - 1);
  close (fd);
  g_autoptr (GError) e4 = NULL;
  g_assert_null (hs_mapping_load (path, &e4));
  g_autofree char *want = g_strdup_printf ("%s:2: ", path);
  g_assert_true (g_str_has_prefix (e4->message, want));
  unlink (path);
}

/* The sample dump with a mapping that "deobfuscates" com.example.User into
 * x.RealUser (its field name into realName) and LeakedActivity into
 * x.RealLeaked, and an array of Users. */
static void
test_apply (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HsMapping) m = parse ("x.RealUser -> com.example.User:\n"
                                   "    java.lang.String realName -> name\n"
                                   "    int years -> age\n"
                                   "x.RealLeaked -> com.example.LeakedActivity:\n"
                                   "x.Holder -> com.example.LeakHolder:\n"
                                   "    java.util.ArrayList all -> leaked\n"
                                   "x.Unused -> q.q:\n",
                                   &error);
  g_assert_no_error (error);
  HsAnalysisOptions opts = { 0 };
  opts.mapping = m;
  g_autoptr (HsAnalysis) a = hs_analysis_run (sample_path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  HsHeap *h = a->heap;
  g_assert_true (hs_heap_mapping (h) == m);
  /* User, LeakedActivity, LeakHolder renamed; q.q is not in the dump. */
  g_assert_cmpuint (a->mapping_stats.mapping_classes, ==, 4);
  g_assert_cmpuint (a->mapping_stats.classes_renamed, ==, 3);
  g_assert_cmpuint (a->mapping_stats.fields_renamed, ==, 3);
  HsClass u = hs_heap_find_class (h, "x.RealUser");
  g_assert_cmpuint (u, !=, HS_CLASS_NONE);
  g_assert_cmpuint (hs_heap_find_class (h, "com.example.User"), ==, HS_CLASS_NONE);
  g_assert_cmpstr (hs_class_obfuscated_name (h, u), ==, "com.example.User");
  g_assert_cmpuint (hs_class_count (h, u), ==, 3000);
  g_assert_cmpuint (hs_class_shallow (h, u), ==, 3000 * 32);
  guint nf;
  const HsFieldDecl *fd = hs_class_fields (h, u, &nf);
  gboolean saw_real = FALSE, saw_years = FALSE;
  for (guint i = 0; i < nf; i++)
    {
      saw_real |= strcmp (fd[i].name, "realName") == 0;
      saw_years |= strcmp (fd[i].name, "years") == 0;
      g_assert_cmpstr (fd[i].name, !=, "name");
    }
  g_assert_true (saw_real && saw_years);
  g_assert_cmpstr (hs_heap_field_obfuscated_name (h, u, "realName"), ==, "name");
  g_assert_null (hs_heap_field_obfuscated_name (h, u, "tags"));
  /* Objects read by the new field names; statics too. */
  HsValue v;
  g_assert_true (hs_heap_read_static (h, "x.Holder", "all", &v));
  g_assert_false (hs_heap_read_static (h, "x.Holder", "leaked", &v));
  /* The leaks see the new names (fingerprints follow the names). */
  g_assert_nonnull (a->leaks);
  g_autoptr (GString) js = g_string_new (NULL);
  hs_leak_report_to_json (a->leaks, js);
  g_assert_nonnull (
      strstr (js->str, "\"class\":\"x.RealLeaked\",\"obfuscated_name\":\"com.example.LeakedActivity\""));
  g_assert_nonnull (strstr (js->str, "\"name\":\"all\""));
  g_assert_null (strstr (js->str, "\"class\":\"com.example.LeakHolder\""));
  g_assert_nonnull (
      strstr (js->str, "\"class\":\"x.Holder\",\"obfuscated_name\":\"com.example.LeakHolder\""));
  /* No mapping: the dump's names again. */
  HsMappingStats st;
  hs_heap_apply_mapping (h, NULL, &st);
  g_assert_cmpuint (st.classes_renamed, ==, 0);
  g_assert_cmpuint (hs_heap_find_class (h, "com.example.User"), ==, u);
  g_assert_null (hs_class_obfuscated_name (h, u));
  fd = hs_class_fields (h, u, &nf);
  for (guint i = 0; i < nf; i++)
    g_assert_cmpstr (fd[i].name, !=, "realName");
  g_assert_true (hs_heap_read_static (h, "com.example.LeakHolder", "leaked", &v));
  /* Applied again on the worker's side of the window: the new report
   * under the new names. */
  hs_heap_apply_mapping (h, m, &st);
  g_assert_cmpuint (st.classes_renamed, ==, 3);
  HsLeakReport *report = NULL;
  HsSuspects *suspects = NULL;
  g_assert_true (hs_analysis_find_named (a, &opts, &report, &suspects, NULL, &error));
  g_assert_no_error (error);
  g_autoptr (GString) js2 = g_string_new (NULL);
  hs_leak_report_to_json (report, js2);
  g_assert_nonnull (strstr (js2->str, "x.RealLeaked"));
  hs_leak_report_free (report);
  hs_suspects_free (suspects);
}

/* Frames of the heap's classes by either name. */
static void
test_heap_frames (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HsMapping) m = parse ("x.RealUser -> com.example.User:\n"
                                   "    3:5:void greet():20:22 -> a\n",
                                   &error);
  g_autoptr (HsHeap) h = hs_heap_open (sample_path, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_autoptr (GArray) f = g_array_new (FALSE, FALSE, sizeof (HsMappedFrame));
  g_assert_cmpuint (hs_heap_map_frame (h, "com.example.User", "a", 4, f), ==, 0); /* no mapping yet */
  hs_heap_apply_mapping (h, m, NULL);
  g_assert_cmpuint (hs_heap_map_frame (h, "com.example.User", "a", 4, f), ==, 1);
  g_assert_cmpuint (hs_heap_map_frame (h, "x.RealUser", "a", 4, f), ==, 1);
  g_assert_cmpstr (frame (f, 1)->class_name, ==, "x.RealUser");
  g_assert_cmpstr (frame (f, 1)->method, ==, "greet");
  g_assert_cmpint (frame (f, 1)->line, ==, 21);
  /* The warning for a mapping that matches one class of the dump's many. */
  HsMappingStats st = { .mapping_classes = 100, .classes_matched = 1, .classes_renamed = 1 };
  g_autofree char *w = hs_mapping_stats_warning (&st, "m.txt");
  g_assert_nonnull (strstr (w, "renamed only 1 classes"));
  HsMappingStats none = { .mapping_classes = 10 };
  g_autofree char *w0 = hs_mapping_stats_warning (&none, "m.txt");
  g_assert_nonnull (strstr (w0, "renamed no class"));
  HsMappingStats good
      = { .mapping_classes = 10, .classes_matched = 8, .classes_renamed = 8, .fields_renamed = 20 };
  g_assert_null (hs_mapping_stats_warning (&good, "m.txt"));
}

/* Thread frames through the heap's mapping: an inlined call expands into
 * two frames, the locals stay on the outer one; the signature's classes
 * are mapped; a frame the mapping does not know is kept. */
static void
test_thread_frames (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HsMapping) m = parse ("x.RealUser -> com.example.User:\n"
                                   "# {\"id\":\"sourceFile\",\"fileName\":\"RealUser.kt\"}\n"
                                   "    5:5:void x.Util.log(x.RealUser):30:30 -> a\n"
                                   "    5:5:void greet():16 -> a\n",
                                   &error);
  g_autoptr (HsHeap) h = hs_heap_open (sample_path, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  hs_heap_apply_mapping (h, m, NULL);
  HsThreads *ts = g_new0 (HsThreads, 1);
  ts->n_threads = 1;
  ts->threads = g_new0 (HsThread, 1);
  HsThread *t = &ts->threads[0];
  t->n_frames = 2;
  t->frames = g_new0 (HsThreadFrame, 2);
  t->frames[0].class_name = g_strdup ("java.lang.Object");
  t->frames[0].method = g_strdup ("wait");
  t->frames[0].line = -3;
  t->frames[1].class_name = g_strdup ("com.example.User");
  t->frames[1].method = g_strdup ("a");
  t->frames[1].signature = g_strdup ("(Lcom/example/User;I)V");
  t->frames[1].file = g_strdup ("SourceFile");
  t->frames[1].line = 5;
  t->frames[1].n_locals = 1;
  t->frames[1].locals = g_new0 (HsThreadLocal, 1);
  hs_threads_apply_mapping (ts, h);
  g_assert_cmpuint (t->n_frames, ==, 3);
  g_assert_cmpstr (t->frames[0].method, ==, "wait");
  g_assert_cmpint (t->frames[0].line, ==, -3);
  g_assert_cmpstr (t->frames[1].class_name, ==, "x.Util");
  g_assert_cmpstr (t->frames[1].method, ==, "log");
  g_assert_cmpint (t->frames[1].line, ==, 30);
  g_assert_cmpuint (t->frames[1].n_locals, ==, 0);
  g_assert_cmpstr (t->frames[2].class_name, ==, "x.RealUser");
  g_assert_cmpstr (t->frames[2].method, ==, "greet");
  g_assert_cmpint (t->frames[2].line, ==, 16);
  g_assert_cmpstr (t->frames[2].file, ==, "RealUser.kt");
  g_assert_cmpstr (t->frames[2].signature, ==, "(Lx/RealUser;I)V");
  g_assert_cmpuint (t->frames[2].n_locals, ==, 1);
  hs_threads_free (ts);
}

/* Applying mappings while workers read: one thread renames the
 * heap again and again (two mappings and none, in turn, each freed by the
 * caller at once) while others read what the window's workers read: class
 * and field names, the names a mapping replaced, frames mapped through the
 * heap's mapping, lookups by name, the report written from the analysis.
 * Nothing read may be freed under them: in the ASan build a use after free
 * fails the test. Then the results a worker holds (hs_analysis_hold) stay
 * until it lets go. */
typedef struct
{
  HsAnalysis *a;
  gint stop;
  guint rounds;
} Race;

static gpointer
race_reader (gpointer data)
{
  Race *r = data;
  HsHeap *h = r->a->heap;
  g_autoptr (GArray) f = g_array_new (FALSE, FALSE, sizeof (HsMappedFrame));
  guint64 sum = 0;

  while (!g_atomic_int_get (&r->stop))
    {
      for (HsClass c = 0; c < hs_heap_n_classes (h); c++)
        {
          const char *name = hs_class_name (h, c);
          const char *obf = hs_class_obfuscated_name (h, c);
          sum += strlen (name) + (obf ? strlen (obf) : 0);
          guint nf = 0;
          const HsFieldDecl *fd = hs_class_fields (h, c, &nf);
          for (guint i = 0; i < nf; i++)
            {
              const char *o = hs_heap_field_obfuscated_name (h, c, fd[i].name);
              sum += strlen (fd[i].name) + (o ? strlen (o) : 0);
            }
        }
      g_array_set_size (f, 0);
      sum += hs_heap_map_frame (h, "com.example.User", "a", 4, f);
      sum += hs_heap_find_class (h, "x.RealUser") != HS_CLASS_NONE;
      g_atomic_int_inc (&r->rounds);
    }
  return GUINT_TO_POINTER ((guint)(sum & 1));
}

static void
test_apply_while_read (void)
{
  g_autoptr (GError) error = NULL;
  HsAnalysisOptions opts = { 0 };
  g_autoptr (HsAnalysis) a = hs_analysis_run (sample_path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  Race r = { a, 0, 0 };
  GThread *readers[2];
  for (guint i = 0; i < G_N_ELEMENTS (readers); i++)
    readers[i] = g_thread_new ("race-reader", race_reader, &r);
  for (guint round = 0; round < 60; round++)
    {
      HsMapping *m = parse (round % 2 ? "x.RealUser -> com.example.User:\n"
                                        "    java.lang.String realName -> name\n"
                                        "    3:5:void greet():20:22 -> a\n"
                                        "x.Holder -> com.example.LeakHolder:\n"
                                        "    java.util.ArrayList all -> leaked\n"
                                      : "y.OtherUser -> com.example.User:\n"
                                        "    int yearsOld -> age\n"
                                        "    7:9:void hello():1:3 -> a\n",
                            &error);
      g_assert_no_error (error);
      hs_heap_apply_mapping (a->heap, round % 3 == 2 ? NULL : m, NULL);
      hs_mapping_unref (m); /* the heap keeps what it applied, and what it replaced */
      /* Let the readers see this round. */
      guint seen = g_atomic_int_get (&r.rounds);
      while (g_atomic_int_get (&r.rounds) < seen + 2)
        g_thread_yield ();
    }
  g_atomic_int_set (&r.stop, 1);
  for (guint i = 0; i < G_N_ELEMENTS (readers); i++)
    g_thread_join (readers[i]);
  g_assert_cmpuint (r.rounds, >=, 120);

  /* A worker reading the leaks (the window's export) holds the analysis:
   * leaks replaced meanwhile stay until it lets go. */
  HsLeakReport *report = NULL;
  HsSuspects *suspects = NULL;
  g_assert_true (hs_analysis_find_named (a, &opts, &report, &suspects, NULL, &error));
  g_assert_no_error (error);
  hs_analysis_hold (a);
  HsLeakReport *old = a->leaks;
  a->leaks = report;
  hs_analysis_retire (a, old, (GDestroyNotify)hs_leak_report_free);
  /* Still readable (ASan: not freed). */
  g_autoptr (GString) js = g_string_new (NULL);
  hs_leak_report_to_json (old, js);
  g_assert_cmpuint (js->len, >, 0);
  hs_analysis_release (a); /* freed here */
  HsSuspects *old_s = a->suspects;
  a->suspects = suspects;
  hs_analysis_retire (a, old_s, (GDestroyNotify)hs_suspects_free); /* none holds it: freed at once */
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  sample_path = argv[1];
  g_test_add_func ("/mapping/classes-fields", test_classes_fields);
  g_test_add_func ("/mapping/frames", test_frames);
  g_test_add_func ("/mapping/proguard-format", test_proguard_format);
  g_test_add_func ("/mapping/malformed", test_malformed);
  g_test_add_func ("/mapping/load-refuses", test_load_refuses);
  g_test_add_func ("/mapping/apply", test_apply);
  g_test_add_func ("/mapping/heap-frames", test_heap_frames);
  g_test_add_func ("/mapping/thread-frames", test_thread_frames);
  g_test_add_func ("/mapping/apply-while-read", test_apply_while_read);
  return g_test_run ();
}
