/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of hs-runtime: the runtime facts of dumps written by
 * make-engine-dumps.py (its docstring gives each value) and of corpus
 * dumps, whose values hprof-statics.py (an independent Python reader)
 * prints:
 *   hprof-statics.py leak_service_binder.hprof android.os.Build MANUFACTURER ...
 *   -> MANUFACTURER "unknown", MODEL "Android SDK built for x86",
 *      RELEASE "4.4.4", SDK_INT 19, no VersionProps or sun.misc.Version
 *   openjdk_jdk11_04_x64: VersionProps.java_runtime_version
 *      "11.0.4+11-post-Ubuntu-1ubuntu218.04.3"
 *   oracle_jdk8_05_x64: sun.misc.Version.java_runtime_version "1.8.0_05-b13" */
#include "hs-runtime.h"
#include "../hs-test-corpus.h"

static const char *dump_dir;

static HsHeap *
open_path (const char *path)
{
  g_autoptr (GError) error = NULL;
  HsOpenOptions opts = { 0 };
  HsHeap *heap = hs_heap_open (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (heap);
  return heap;
}

static HsHeap *
open_dump (const char *name)
{
  g_autofree char *path = g_build_filename (dump_dir, name, NULL);
  return open_path (path);
}

/* NULL (and the test skipped) when the corpus is missing. */
static HsHeap *
open_corpus (const char *kind, const char *name)
{
  g_autofree char *rel = g_build_filename (kind, name, NULL);
  g_autofree char *path = hs_test_corpus_path (rel);
  if (!path)
    return NULL;
  return open_path (path);
}

/* Every field of info; sdk_int only when has_sdk_int (NULL strings: none). */
static void
assert_info (const HsRuntimeInfo *info, HsRuntimeKind kind, int api_level, gboolean has_sdk_int, int sdk_int,
             const char *manufacturer, const char *model, const char *release, const char *java_version)
{
  g_assert_cmpint (info->kind, ==, kind);
  g_assert_cmpint (info->api_level, ==, api_level);
  g_assert_cmpint (!!info->has_sdk_int, ==, !!has_sdk_int);
  if (has_sdk_int)
    g_assert_cmpint (info->sdk_int, ==, sdk_int);
  g_assert_cmpstr (info->manufacturer, ==, manufacturer);
  g_assert_cmpstr (info->model, ==, model);
  g_assert_cmpstr (info->release, ==, release);
  g_assert_cmpstr (info->java_version, ==, java_version);
}

static void
test_android (void)
{
  g_autoptr (HsHeap) heap = open_dump ("runtime-android.hprof");
  g_autoptr (HsRuntimeInfo) info = hs_runtime_info_read (heap);

  assert_info (info, HS_RUNTIME_ANDROID, 34, TRUE, 34, "Google", "Pixel 8", "14", NULL);
  g_autofree char *label = hs_runtime_label (info, "JVM");
  g_assert_cmpstr (label, ==, "Android 14 (API 34), Google Pixel 8");
}

/* The label from what is known: nothing, the release alone, a model that
 * starts with its maker's name, a JVM. */
static void
test_label (void)
{
  HsRuntimeInfo none = { .kind = HS_RUNTIME_ANDROID, .api_level = 0 };
  g_autofree char *a = hs_runtime_label (&none, "JVM");
  g_assert_cmpstr (a, ==, "Android (ART)");
  HsRuntimeInfo rel = { .kind = HS_RUNTIME_ANDROID, .api_level = 0, .release = (char *)"9" };
  g_autofree char *b = hs_runtime_label (&rel, "JVM");
  g_assert_cmpstr (b, ==, "Android 9");
  HsRuntimeInfo dev = { .kind = HS_RUNTIME_ANDROID,
                        .api_level = 30,
                        .manufacturer = (char *)"Google",
                        .model = (char *)"Google Pixel 4a" };
  g_autofree char *c = hs_runtime_label (&dev, "JVM");
  g_assert_cmpstr (c, ==, "Android (API 30), Google Pixel 4a");
  HsRuntimeInfo jvm = { .kind = HS_RUNTIME_JVM, .api_level = -1, .java_version = (char *)"17" };
  g_autofree char *d = hs_runtime_label (&jvm, "JVM");
  g_assert_cmpstr (d, ==, "JVM");
}

static void
test_jvm_with_build (void)
{
  g_autoptr (HsHeap) heap = open_dump ("runtime-jvm-build.hprof");
  g_autoptr (HsRuntimeInfo) info = hs_runtime_info_read (heap);

  assert_info (info, HS_RUNTIME_JVM, 0, TRUE, 0, NULL, NULL, NULL, "1.8.0_1-b1");
}

static void
test_jvm_none (void)
{
  g_autoptr (HsHeap) heap = open_dump ("runtime-jvm-none.hprof");
  g_autoptr (HsRuntimeInfo) info = hs_runtime_info_read (heap);

  assert_info (info, HS_RUNTIME_JVM, -1, FALSE, 0, NULL, NULL, NULL, NULL);
}

static void
test_corpus_android (void)
{
  g_autoptr (HsHeap) heap = open_corpus ("android", "leak_service_binder.hprof");
  if (!heap)
    return;
  g_autoptr (HsRuntimeInfo) info = hs_runtime_info_read (heap);

  assert_info (info, HS_RUNTIME_ANDROID, 19, TRUE, 19, "unknown", "Android SDK built for x86", "4.4.4", NULL);
  /* The emulator's maker, "unknown", is left out. */
  g_autofree char *label = hs_runtime_label (info, "JVM");
  g_assert_cmpstr (label, ==, "Android 4.4.4 (API 19), Android SDK built for x86");
}

static void
test_corpus_jvm (void)
{
  g_autoptr (HsHeap) jdk11 = open_corpus ("jvm", "openjdk_jdk11_04_x64.hprof.gz");
  if (!jdk11)
    return;
  g_autoptr (HsRuntimeInfo) info = hs_runtime_info_read (jdk11);
  assert_info (info, HS_RUNTIME_JVM, -1, FALSE, 0, NULL, NULL, NULL, "11.0.4+11-post-Ubuntu-1ubuntu218.04.3");

  g_autoptr (HsHeap) jdk8 = open_corpus ("jvm", "oracle_jdk8_05_x64.hprof");
  if (!jdk8)
    return;
  g_autoptr (HsRuntimeInfo) info8 = hs_runtime_info_read (jdk8);
  /* hprof-statics.py: no android.os.Build here either. */
  assert_info (info8, HS_RUNTIME_JVM, -1, FALSE, 0, NULL, NULL, NULL, "1.8.0_05-b13");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  dump_dir = argv[1];
  g_test_add_func ("/runtime/android", test_android);
  g_test_add_func ("/runtime/label", test_label);
  g_test_add_func ("/runtime/jvm-with-build", test_jvm_with_build);
  g_test_add_func ("/runtime/jvm-none", test_jvm_none);
  g_test_add_func ("/runtime/corpus-android", test_corpus_android);
  g_test_add_func ("/runtime/corpus-jvm", test_corpus_jvm);
  return g_test_run ();
}
