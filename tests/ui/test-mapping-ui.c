/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-mapping-ui.c: a ProGuard/R8 mapping in the window on the
 * committed sample dump (tests/generator/README.md: 3000 com.example.User,
 * two leaking com.example.LeakedActivity). The mappings are written here:
 * they "deobfuscate" com.example.User into x.RealUser, so every name the
 * window shows can be checked against them. */
#include "config.h"
#include "ui-util.h"
#include "hs-window-mapping.h"
#include "hs-class-row.h"

#include <glib/gstdio.h>
#include <string.h>

#define TIMEOUT_MS 120000

static char *tmpdir;

static char *
write_file (const char *name, const char *text)
{
  char *path = g_build_filename (tmpdir, name, NULL);
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  return path;
}

static gboolean
not_busy (gpointer data)
{
  return !hs_window_is_mapping_busy (HS_WINDOW (data));
}

static gboolean
has_class (HsWindow *window, const char *name)
{
  GListModel *model = hs_classes_view_get_class_model (ui_classes_view (window));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (HsClassRow) row = g_list_model_get_item (model, i);
      if (strcmp (hs_class_row_get_name (row), name) == 0)
        return TRUE;
    }
  return FALSE;
}

static HsWindow *
open_dump (const char *path)
{
  HsWindow *window = hs_window_new (NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);

  gtk_window_set_default_size (GTK_WINDOW (window), 1200, 760);
  gtk_window_present (GTK_WINDOW (window));
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, TIMEOUT_MS), ==, HS_LOADER_DONE);
  return window;
}

static void
apply_and_wait (HsWindow *window, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  hs_window_load_mapping (window, file);
  g_assert_true (hs_window_is_mapping_busy (window));
  g_assert_true (ui_wait_until (not_busy, window, TIMEOUT_MS));
}

/* A dump of its own folder, with or without a mapping.txt beside it. */
static char *
copy_sample (const char *dir_name)
{
  g_autofree char *dir = g_build_filename (tmpdir, dir_name, NULL);
  char *dst = g_build_filename (dir, "app.hprof", NULL);
  g_autofree char *data = NULL;
  gsize len;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_get_contents (g_getenv ("HS_SAMPLE_DUMP"), &data, &len, NULL));
  g_assert_true (g_file_set_contents (dst, data, len, NULL));
  return dst;
}

static const char mapping_text[] = "# compiler: R8\n"
                                   "x.RealUser -> com.example.User:\n"
                                   "    java.lang.String realName -> name\n"
                                   "x.RealLeaked -> com.example.LeakedActivity:\n";

static void
test_apply_in_place (void)
{
  g_autofree char *dump = copy_sample ("plain");
  g_autofree char *map = write_file ("good.txt", mapping_text);
  g_autofree char *bad = write_file ("bad.txt", "x.RealUser -> com.example.User:\n    no arrow here\n");
  HsWindow *window = open_dump (dump);
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));
  HsLeakReport *before;

  g_assert_null (hs_window_get_offered_mapping (window));
  g_assert_true (has_class (window, "com.example.User"));

  /* A malformed mapping: the dump stays as it was, the error names the line. */
  apply_and_wait (window, bad);
  g_assert_nonnull (ui_toast_text (window));
  g_assert_nonnull (strstr (ui_toast_text (window), "bad.txt:2:"));
  g_assert_true (has_class (window, "com.example.User"));
  g_assert_null (hs_window_get_mapping_path (window));

  /* The good one: renamed in place (same analysis, same heap), the class
   * table refilled, the leaks found again under the new names. */
  before = a->leaks;
  apply_and_wait (window, map);
  g_assert_true (hs_loader_get_analysis (hs_window_get_loader (window)) == a);
  g_assert_cmpstr (hs_window_get_mapping_path (window), ==, map);
  g_assert_true (has_class (window, "x.RealUser"));
  g_assert_false (has_class (window, "com.example.User"));
  g_assert_true (a->leaks != before);
  {
    g_autoptr (GString) js = g_string_new (NULL);
    hs_leak_report_to_json (a->leaks, js);
    g_assert_nonnull (strstr (js->str, "\"class\":\"x.RealLeaked\""));
  }
  if (g_getenv ("HS_MAPPING_SCREENSHOT"))
    {
      g_autoptr (GdkTexture) tex = NULL;
      hs_window_set_view (window, "leaks");
      g_assert_true (ui_wait_shown (GTK_WIDGET (hs_window_get_view_by_name (window, "leaks")), 10000));
      tex = ui_render_widget (GTK_WIDGET (window));
      gdk_texture_save_to_png (tex, g_getenv ("HS_MAPPING_SCREENSHOT"));
    }
  ui_destroy_window (GTK_WINDOW (window));

  /* Remembered for that dump: applied again when it is opened. */
  window = open_dump (dump);
  g_assert_true (ui_wait_until (not_busy, window, TIMEOUT_MS));
  g_assert_cmpstr (hs_window_get_mapping_path (window), ==, map);
  g_assert_true (has_class (window, "x.RealUser"));
  ui_destroy_window (GTK_WINDOW (window));
}

static void
test_offered_beside (void)
{
  g_autofree char *dump = copy_sample ("beside");
  g_autofree char *dir = g_path_get_dirname (dump);
  g_autofree char *map = g_build_filename (dir, "mapping.txt", NULL);
  HsWindow *window;
  g_autoptr (GFile) map_file = NULL;

  g_assert_true (g_file_set_contents (map, mapping_text, -1, NULL));
  window = open_dump (dump);
  /* Offered once read and found to name the dump's classes; not applied. */
  g_assert_true (ui_wait_until (not_busy, window, TIMEOUT_MS));
  g_assert_cmpstr (hs_window_get_offered_mapping (window), ==, map);
  g_assert_null (hs_window_get_mapping_path (window));
  g_assert_true (has_class (window, "com.example.User"));
  if (g_getenv ("HS_MAPPING_BANNER_SCREENSHOT"))
    {
      g_autoptr (GdkTexture) tex = NULL;
      hs_window_set_view (window, "classes");
      g_assert_true (ui_wait_shown (GTK_WIDGET (hs_window_get_view_by_name (window, "classes")), 10000));
      tex = ui_render_widget (GTK_WIDGET (window));
      gdk_texture_save_to_png (tex, g_getenv ("HS_MAPPING_BANNER_SCREENSHOT"));
    }
  /* A .txt dropped on the window is a mapping, a dump is not. */
  map_file = g_file_new_for_path (map);
  g_assert_true (hs_file_is_mapping (map_file));
  {
    g_autoptr (GFile) d = g_file_new_for_path (dump);
    g_assert_false (hs_file_is_mapping (d));
  }
  apply_and_wait (window, map);
  g_assert_null (hs_window_get_offered_mapping (window));
  g_assert_true (has_class (window, "x.RealUser"));
  ui_destroy_window (GTK_WINDOW (window));
}

/* What a dump of its own folder (app.hprof) is offered with one mapping
 * file beside it, named name, of text, once the window is done with it. */
static char *
offered_with (const char *dir_name, const char *name, const char *text)
{
  g_autofree char *dump = copy_sample (dir_name);
  g_autofree char *dir = g_path_get_dirname (dump);
  g_autofree char *map = g_build_filename (dir, name, NULL);
  HsWindow *window;
  char *offered;

  g_assert_true (g_file_set_contents (map, text, -1, NULL));
  window = open_dump (dump);
  g_assert_true (ui_wait_until (not_busy, window, TIMEOUT_MS));
  /* An offer (or none) is made once the dump is read: two frames drawn
   * after it, anything queued has run. */
  g_assert_true (ui_wait_frames (GTK_WIDGET (window), 2, 10000));
  offered = g_strdup (hs_window_get_offered_mapping (window));
  ui_destroy_window (GTK_WINDOW (window));
  return offered;
}

/* A mapping beside the dump is offered only when it is named like the dump
 * (or mapping.txt) and the obfuscated names it maps occur in the dump: not
 * another dump's mapping lying in the same folder. */
static void
test_offered_only_matching (void)
{
  /* another app's: its obfuscated classes a.a and a.b are not in the dump */
  static const char foreign[] = "com.other.Cache -> a.a:\n"
                                "    java.util.Map entries -> a\n"
                                "com.other.Main -> a.b:\n"
                                "com.example.User -> com.example.User:\n";
  g_autofree char *named_foreign = offered_with ("named-foreign", "mapping.txt", foreign);
  g_autofree char *other_name = offered_with ("other-name", "other-obf.mapping.txt", mapping_text);
  g_autofree char *named_like = offered_with ("named-like", "app-mapping.txt", mapping_text);
  g_autofree char *broken = offered_with ("broken", "mapping.txt", "com.other.Cache -> a.a:\n no arrow\n");

  g_assert_null (named_foreign);
  g_assert_null (other_name);
  g_assert_null (broken);
  g_assert_nonnull (named_like);
  g_assert_true (g_str_has_suffix (named_like, "/named-like/app-mapping.txt"));
}

int
main (int argc, char **argv)
{
  int rc;

  gtk_test_init (&argc, &argv, NULL);
  tmpdir = g_dir_make_tmp ("hs-mapping-ui-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);
  g_test_add_func ("/mapping-ui/apply-in-place", test_apply_in_place);
  g_test_add_func ("/mapping-ui/offered-beside", test_offered_beside);
  g_test_add_func ("/mapping-ui/offered-only-matching", test_offered_only_matching);
  rc = g_test_run ();
  {
    g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", tmpdir);
    (void)system (cmd);
  }
  g_free (tmpdir);
  return rc;
}
