/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-memory-check.c: the memory check's notices (hs-memory-check.c). When
 * a dump does not fit (a fake /proc/meminfo of 1 MB against the estimate
 * for a million objects, about 100 MB) and the spill directory has room
 * (its free space faked at 1 TiB), the analysis spills: the CLI's notice
 * goes to the notice function in English, always; the window's shorter one
 * is translated like the window's own strings (the project's domain,
 * po/zh_CN.po compiled here with msgfmt, LANGUAGE=zh_CN). */
#include "config.h"

#include <locale.h>
#include <libintl.h>
#include <string.h>

#include <glib/gstdio.h>

#include "hs-mem-spill.h"
#include "hs-memory-check.h"

static char *tmpdir;
static char *cli_notice;

static void
on_notice (const char *notice, gpointer data)
{
  g_free (cli_notice);
  cli_notice = g_strdup (notice);
}

/* The window's notice for a million objects (the check is made again each
 * time: it says so whenever spilling starts). */
static char *
window_notice (void)
{
  g_autoptr (GError) error = NULL;
  char *notice = NULL;

  hs_mem_spill_stop ();
  g_clear_pointer (&cli_notice, g_free);
  g_assert_true (hs_memory_check_full ("dump.hprof", 1000000, 0, &notice, &error));
  g_assert_no_error (error);
  g_assert_true (hs_mem_spill_active ());
  hs_mem_spill_stop ();
  g_assert_nonnull (notice);
  g_assert_nonnull (cli_notice);
  return notice;
}

static void
assert_cli_notice_english (const char *spill)
{
  g_autofree char *tail = g_strdup_printf (" to %s; this will be slower", spill);
  g_assert_true (g_str_has_prefix (cli_notice, "dump.hprof: analysing 1000000 objects needs about "));
  g_assert_true (g_str_has_suffix (cli_notice, tail));
}

static void
test_notices (void)
{
  g_autofree char *meminfo = g_build_filename (tmpdir, "meminfo", NULL);
  g_autofree char *spill = g_build_filename (tmpdir, "spill", NULL);
  g_autofree char *locale_dir = g_build_filename (tmpdir, "locale", NULL);
  g_autofree char *mo_dir = g_build_filename (locale_dir, "zh_CN", "LC_MESSAGES", NULL);
  g_autofree char *mo = g_build_filename (mo_dir, GETTEXT_PACKAGE ".mo", NULL);
  g_autofree char *po = g_build_filename (g_getenv ("HS_SOURCE_ROOT"), "po", "zh_CN.po", NULL);
  g_autofree char *msgfmt = g_find_program_in_path ("msgfmt");

  g_assert_cmpint (g_mkdir (spill, 0700), ==, 0);
  g_assert_true (g_file_set_contents (
      meminfo, "MemTotal: 2048 kB\nMemFree: 1024 kB\nMemAvailable: 1024 kB\nSwapFree: 0 kB\n", -1, NULL));
  g_setenv ("HS_TEST_MEMINFO", meminfo, TRUE);
  g_setenv ("HEAPSCOPE_SPILL_DIR", spill, TRUE);
  g_setenv ("HS_TEST_SPILL_FREE", "1099511627776", TRUE);
  g_setenv ("HEAPSCOPE_IGNORE_MEMORY_CHECK", "0", TRUE);
  g_unsetenv ("HEAPSCOPE_SPILL_BUDGET");
  hs_memory_set_notice_func (on_notice, NULL);

  /* In the C locale: the English notice, the figures first. */
  g_autofree char *english = window_notice ();
  g_autofree char *to = g_strdup_printf (" to %s; this will be slower (needs about ", spill);
  g_assert_true (g_str_has_prefix (english, "Not enough memory: spilling about "));
  g_assert_nonnull (strstr (english, to));
  g_assert_true (g_str_has_suffix (english, " available)"));
  assert_cli_notice_english (spill);

  if (msgfmt == NULL || g_getenv ("HS_SOURCE_ROOT") == NULL)
    {
      g_test_skip ("msgfmt or HS_SOURCE_ROOT missing: the translation not checked");
      return;
    }
  if (setlocale (LC_ALL, "C.UTF-8") == NULL)
    {
      g_test_skip ("no C.UTF-8 locale: the translation not checked");
      return;
    }
  g_assert_cmpint (g_mkdir_with_parents (mo_dir, 0700), ==, 0);
  const char *argv[] = { msgfmt, "-o", mo, po, NULL };
  gint status = -1;
  g_autoptr (GError) error = NULL;
  g_assert_true (
      g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  bindtextdomain (GETTEXT_PACKAGE, locale_dir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_setenv ("LANGUAGE", "zh_CN", TRUE);

  /* The window's notice in Chinese, with the same figures and folder in
   * it; the CLI's still in English. */
  g_autofree char *chinese = window_notice ();
  g_assert_true (g_str_has_prefix (chinese, "内存不足"));
  g_assert_nonnull (strstr (chinese, spill));
  g_assert_null (strstr (chinese, "spilling"));
  assert_cli_notice_english (spill);

  g_setenv ("LANGUAGE", "", TRUE);
  setlocale (LC_ALL, "C");
  hs_memory_set_notice_func (NULL, NULL);
}

static void
remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)))
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_remove (child);
    }
  if (dir)
    g_dir_close (dir);
  g_rmdir (path);
}

int
main (int argc, char **argv)
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("hs-memcheck-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);
  g_test_add_func ("/memory-check/notices", test_notices);
  ret = g_test_run ();
  remove_tree (tmpdir);
  g_free (tmpdir);
  g_free (cli_notice);
  return ret;
}
