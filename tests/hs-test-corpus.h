/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-test-corpus.h: where the C tests find the corpus of real dumps, and
 * how they skip without it: the same rule as tests/testlib.py
 * (docs/testing.md). $HS_CORPUS_DIR when it is set, else ../shared/corpus
 * beside the source tree ($HS_SOURCE_ROOT/..); a missing
 * corpus or file is g_test_skip, shown as SKIP (the tests run with
 * protocol: 'tap'), never a failure. */
#pragma once

#include <glib.h>

/* The corpus folder, or NULL (free it). */
static inline char *
hs_test_corpus_dir (void)
{
  const char *env = g_getenv ("HS_CORPUS_DIR");
  const char *root = g_getenv ("HS_SOURCE_ROOT");

  if (env && *env)
    return g_file_test (env, G_FILE_TEST_IS_DIR) ? g_strdup (env) : NULL;
  if (root && *root)
    {
      char *d = g_build_filename (root, "..", "shared", "corpus", NULL);
      if (g_file_test (d, G_FILE_TEST_IS_DIR))
        return d;
      g_free (d);
    }
  return NULL;
}

/* The corpus file rel ("android/leak_service_binder.hprof"), or NULL with
 * the current test skipped (free it). */
static inline char *
hs_test_corpus_path (const char *rel)
{
  char *dir = hs_test_corpus_dir ();
  char *path;

  if (dir == NULL)
    {
      g_test_skip ("no corpus (set HS_CORPUS_DIR or put it in ../shared/corpus)");
      return NULL;
    }
  path = g_build_filename (dir, rel, NULL);
  g_free (dir);
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      char *msg = g_strdup_printf ("corpus file %s missing", rel);
      g_test_skip (msg);
      g_free (msg);
      g_clear_pointer (&path, g_free);
    }
  return path;
}
