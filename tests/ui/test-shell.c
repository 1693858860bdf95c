/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-shell.c: the window's libadwaita shell under Xvfb: a
 * picture of the real toplevel made by the application (the header bar
 * and what is right under it), the toast, the narrow layout, "changed on
 * disk", and tabs (two dumps, switching, closing, cancelling one load
 * while the other stays). */
#include "config.h"
#include "ui-util.h"
#include "../hs-test-corpus.h"
#include "hs-application.h"
#include "hs-compare-view.h"
#include "hs-query.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>
#include <unistd.h>

#define LOAD_TIMEOUT_MS 120000

static const char *sample;

/* A window made as `heapscope FILE` makes it: by the application. */
static HsWindow *
app_window_open (HsApplication *app, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  GtkWindow *window;

  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_application_open (G_APPLICATION (app), &file, 1, "");
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (HS_IS_WINDOW (window));
  gtk_window_set_default_size (window, 1200, 760);
  g_assert_cmpint (ui_wait_for_load (HS_WINDOW (window), LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  return HS_WINDOW (window);
}

static void
save_picture (GdkTexture *texture, const char *name)
{
  const char *dir = g_getenv ("HS_SHELL_SHOT_DIR");
  g_autofree char *file = NULL, *path = NULL;

  if (dir == NULL)
    return;
  file = g_strdup_printf ("%s.png", name);
  path = g_build_filename (dir, file, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
}

/* The first widget of type below root (depth first), or NULL. */
static GtkWidget *
find_widget (GtkWidget *root, GType type)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type) && gtk_widget_get_mapped (c))
        return c;
      if ((found = find_widget (c, type)) != NULL)
        return found;
    }
  return NULL;
}

/* The first button below root showing that icon, or NULL. */
static GtkWidget *
ui_find_button_by_icon (GtkWidget *root, const char *icon)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_BUTTON (c) && g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (c)), icon) == 0)
        return c;
      if ((found = ui_find_button_by_icon (c, icon)) != NULL)
        return found;
    }
  return NULL;
}

/* The y (in the window) of a widget's top and bottom edges. */
static void
widget_rows (GtkWidget *widget, GtkWidget *window, int *top, int *bottom)
{
  graphene_rect_t r;

  g_assert_true (gtk_widget_compute_bounds (widget, window, &r));
  *top = (int)r.origin.y;
  *bottom = (int)(r.origin.y + r.size.height);
}

static guint32
pixel (const guint8 *data, gsize stride, int x, int y)
{
  guint32 px;

  memcpy (&px, data + y * stride + x * 4, 4);
  return px;
}

/* Whether row y of the picture is one colour from x0 to x1. */
static gboolean
row_is_plain (const guint8 *data, gsize stride, int y, int x0, int x1)
{
  guint32 first = pixel (data, stride, x0, y);

  for (int x = x0 + 1; x < x1; x++)
    if (pixel (data, stride, x, y) != first)
      return FALSE;
  return TRUE;
}

/* No empty band above the content: in the window the application makes (not a
 * widget rendered alone), the content starts right under the header bar.
 * Read from the picture of the whole toplevel, not only from the widgets'
 * places. */
static void
test_real_window_picture (void)
{
  g_autoptr (HsApplication) app = hs_application_new ();
  HsWindow *window = app_window_open (app, sample);
  GtkWidget *header, *view;
  g_autoptr (GdkTexture) shot = NULL;
  g_autofree guint8 *data = NULL;
  gsize stride;
  int header_top, header_bottom, view_top, view_bottom, w, h, plain = 0;

  hs_window_set_view (window, "leaks");
  g_assert_true (ui_wait_view (window, "leaks", 10000));
  shot = ui_render_widget (GTK_WIDGET (window));
  g_assert_nonnull (shot);
  save_picture (shot, "real-window");
  w = gdk_texture_get_width (shot);
  h = gdk_texture_get_height (shot);
  stride = (gsize)w * 4;
  data = g_malloc ((gsize)h * stride);
  gdk_texture_download (shot, data, stride);

  header = find_widget (GTK_WIDGET (window), ADW_TYPE_HEADER_BAR);
  g_assert_nonnull (header);
  widget_rows (header, GTK_WIDGET (window), &header_top, &header_bottom);
  /* The header bar is the first thing in the window (no menu bar or
   * titlebar over it) and a header bar's height, not more. */
  g_assert_cmpint (header_top, <=, 1);
  g_assert_cmpint (header_bottom - header_top, >=, 30);
  g_assert_cmpint (header_bottom - header_top, <=, 56);

  view = GTK_WIDGET (hs_window_get_view_by_name (window, "leaks"));
  g_assert_true (gtk_widget_get_mapped (view));
  widget_rows (view, GTK_WIDGET (window), &view_top, &view_bottom);
  /* At most the header bar's 1 px border between them. */
  g_assert_cmpint (view_top - header_bottom, >=, 0);
  g_assert_cmpint (view_top - header_bottom, <=, 1);

  /* The picture: the Leaks view is a sidebar beside the trace, with a
   * border between them from its first row, so no row of it is one colour
   * across the window. A band (of the window's background, or any hidden
   * bar keeping its height) would be plain rows under the header bar. Of
   * the rows under it, at most the header's own border may be plain. */
  for (int y = header_bottom; y < header_bottom + 29 && y < h; y++)
    {
      if (!row_is_plain (data, stride, y, 0, w))
        break;
      plain++;
    }
  g_assert_cmpint (plain, <=, 1);
  /* The header bar's rows are not plain either (its buttons), and the
   * row under the band's height is the Leaks view's. */
  g_assert_false (row_is_plain (data, stride, header_bottom - 20, 0, w));
  g_assert_false (row_is_plain (data, stride, header_bottom + 28, 0, w));

  ui_destroy_window (window);
}

/* A toast saying text is on the screen: its widget (CSS name "toast")
 * mapped below window with a label of that text. */
static gboolean
toast_shows (GtkWidget *root, const char *text)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (g_str_equal (gtk_widget_get_css_name (c), "toast") && gtk_widget_get_mapped (c))
        {
          GtkWidget *label = ui_find_child (c, GTK_TYPE_LABEL);
          if (label != NULL && g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), text) == 0)
            return TRUE;
        }
      if (toast_shows (c, text))
        return TRUE;
    }
  return FALSE;
}

typedef struct
{
  HsWindow *window;
  const char *text;
} ToastShown;

static gboolean
toast_on_screen (gpointer data)
{
  ToastShown *t = data;
  return toast_shows (GTK_WIDGET (t->window), t->text);
}

static void
wait_toast_on_screen (HsWindow *window, const char *text)
{
  g_assert_true (ui_wait_until (toast_on_screen, &(ToastShown){ window, text }, 10000));
}

static void
open_and_wait (HsWindow *window, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);

  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  g_assert_cmpstr (hs_window_get_page (window), ==, "content");
}

/* The toast: a view's notice through win.toast, a new one replacing the
 * one shown, markup characters shown as they are. */
static void
test_toast (void)
{
  HsWindow *window = ui_window_new (NULL, 1000, 700);

  g_assert_null (hs_window_get_toast_text (window));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toast", "s", "first"));
  g_assert_cmpstr (hs_window_get_toast_text (window), ==, "first");
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toast", "s", "a <b> & c"));
  g_assert_cmpstr (hs_window_get_toast_text (window), ==, "a <b> & c");
  /* Shown on the screen, and still that text. */
  wait_toast_on_screen (window, "a <b> & c");
  g_assert_cmpstr (hs_window_get_toast_text (window), ==, "a <b> & c");
  ui_destroy_window (window);
}

/* Notices a few milliseconds apart with animations on (two exports, a copy
 * and a mapping): each replaces the one shown or coming, at every moment
 * of its show and hide animations, and the window goes while the last one
 * moves. libadwaita 1.2 crashes (adw_animation_skip) when a toast is
 * dismissed during its show animation: the window must never do it. The
 * text said is the last one. */
static void
test_toast_burst (void)
{
  static const guint gaps[] = { 0, 5, 20, 50, 80, 120, 200, 310, 450, 520 };
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  for (guint round = 0; round < 2; round++)
    {
      HsWindow *window = ui_window_new (NULL, 1000, 700);

      for (guint i = 0; i < G_N_ELEMENTS (gaps); i++)
        {
          g_autofree char *text = g_strdup_printf ("notice %u", i);
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toast", "s", text));
          g_assert_cmpstr (hs_window_get_toast_text (window), ==, text);
          ui_iterate (gaps[i]);
        }
      /* The last one comes on the screen once the others have gone. */
      wait_toast_on_screen (window, "notice 9");
      g_assert_cmpstr (hs_window_get_toast_text (window), ==, "notice 9");
      /* Gone while a notice comes in. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toast", "s", "last"));
      ui_iterate (round == 0 ? 40 : 150);
      ui_destroy_window (window);
    }
}

/* A copy of the sample is cut to half its size after it was loaded: the
 * window says so once, keeps its page and views, and does not crash when
 * the inspector is used after. */
static void
test_changed_on_disk (void)
{
  g_autofree char *dir = g_dir_make_tmp ("heapscope-shell-XXXXXX", NULL);
  g_autofree char *copy = g_build_filename (dir, "copy.hprof", NULL);
  g_autofree char *contents = NULL;
  gsize len = 0;
  HsWindow *window = ui_window_new (NULL, 1000, 700);
  HsAnalysis *a;
  g_autoptr (GArray) top = NULL;
  HsObj obj;

  g_assert_true (g_file_get_contents (sample, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (copy, contents, len, NULL));
  open_and_wait (window, copy);
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  top = hs_query_top_objects (a, 1);
  g_assert_cmpuint (top->len, ==, 1);
  obj = g_array_index (top, HsObj, 0);

  /* Unchanged: nothing said. */
  g_assert_false (hs_window_check_changed (window));
  g_assert_null (hs_window_get_toast_text (window));

  g_assert_cmpint (truncate (copy, len / 2), ==, 0);
  /* The inspector's read is a natural moment to notice. */
  hs_window_inspect (window, obj);
  g_assert_nonnull (hs_window_get_toast_text (window));
  g_assert_nonnull (strstr (hs_window_get_toast_text (window), "copy.hprof changed on disk"));
  g_assert_true (hs_window_check_changed (window));
  /* What was shown stays: the same page, the same analysis, the inspector
   * on the object (the dump was read into memory, its data is intact). */
  g_assert_cmpstr (hs_window_get_page (window), ==, "content");
  g_assert_true (hs_loader_get_analysis (hs_window_get_loader (window)) == a);
  g_assert_cmpuint (hs_inspector_get_obj (ui_inspector (window)), ==, obj);
  g_assert_true (gtk_widget_get_visible (hs_window_get_inspector (window)));

  /* Said once per load. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.toast", "s", "other"));
  g_assert_true (hs_window_check_changed (window));
  g_assert_cmpstr (hs_window_get_toast_text (window), ==, "other");
  wait_toast_on_screen (window, "other");

  /* Reload (the toast's button): the half file is a broken dump now, an
   * error page naming the file, not a crash. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL));
  ui_wait_for_load (window, LOAD_TIMEOUT_MS);
  if (g_strcmp0 (hs_window_get_page (window), "error") == 0)
    g_assert_nonnull (strstr (hs_window_get_error_text (window), "copy.hprof"));
  else
    g_assert_cmpstr (hs_window_get_page (window), ==, "content");

  ui_destroy_window (window);
  g_unlink (copy);
  g_rmdir (dir);
}

/* NULL, with the test skipped, without the corpus (hs-test-corpus.h). */
static char *
corpus_path (const char *rel)
{
  return hs_test_corpus_path (rel);
}

static gboolean
worker_paused (gpointer data)
{
  return hs_loader_get_paused_for_tests ();
}

static gboolean
tabs_revealed (gpointer bar)
{
  return adw_tab_bar_get_tabs_revealed (ADW_TAB_BAR (bar));
}

static gboolean
loader_ended (gpointer loader)
{
  return hs_loader_get_state (loader) != HS_LOADER_LOADING;
}

typedef struct
{
  HsWindow *a, *b;
} TwoWindows;

static gboolean
one_tab_each (gpointer data)
{
  TwoWindows *w = data;
  return hs_window_get_n_tabs (w->a) == 1 && hs_window_get_n_tabs (w->b) == 1;
}

static gboolean
tab_not_loading (gpointer data)
{
  HsLoader *loader = hs_dump_tab_get_loader (data);
  return loader == NULL || hs_loader_get_state (loader) != HS_LOADER_LOADING;
}

static gboolean
tabs_are (gpointer data)
{
  HsWindow *window = data;
  return hs_window_get_n_tabs (window) == GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (window), "want"));
}

/* Two dumps in two tabs: each its own loader, views and inspector;
 * switching shows the other; a file open already shows its tab; a load
 * cancelled in a third tab leaves the two others loaded; closing tabs;
 * a tab dragged out becomes a window. Expected values: the sample's two
 * application leak groups (tests/generator/README.md), jhat_jdk8_x32's
 * 361 classes (the corpus's expected files, as test-window's drop test). */
static void
test_tabs (void)
{
  g_autofree char *jhat = corpus_path ("jvm/jhat_jdk8_x32.hprof");
  if (!jhat)
    return;
  g_autofree char *binder = corpus_path ("android/leak_service_binder.hprof");
  if (!binder)
    return;
  g_autoptr (GFile) sample_file = g_file_new_for_path (sample);
  g_autoptr (GFile) jhat_file = g_file_new_for_path (jhat);
  g_autoptr (GFile) binder_file = g_file_new_for_path (binder);
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  HsDumpTab *first, *second, *third;
  HsAnalysis *a1, *a2;
  HsLoader *cancelled;
  AdwTabView *view = ADW_TAB_VIEW (ui_find_child (GTK_WIDGET (window), ADW_TYPE_TAB_VIEW));
  GtkWidget *bar = find_widget (GTK_WIDGET (window), ADW_TYPE_TAB_BAR);

  /* One tab, empty: the bar hides itself. */
  g_assert_cmpuint (hs_window_get_n_tabs (window), ==, 1);
  g_assert_true (hs_window_is_empty (window));
  g_assert_nonnull (bar);
  g_assert_false (adw_tab_bar_get_tabs_revealed (ADW_TAB_BAR (bar)));

  /* The empty tab takes the first dump; the second gets a tab of its own. */
  first = hs_window_open_file (window, sample_file);
  g_assert_true (first == hs_window_get_tab (window));
  g_assert_cmpuint (hs_window_get_n_tabs (window), ==, 1);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  a1 = hs_dump_tab_get_analysis (first);
  g_assert_cmpuint (a1->leaks->application_leaks->len, ==, 2);

  second = hs_window_open_file (window, jhat_file);
  g_assert_true (second != first);
  g_assert_true (second == hs_window_get_tab (window));
  g_assert_cmpuint (hs_window_get_n_tabs (window), ==, 2);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  a2 = hs_dump_tab_get_analysis (second);
  g_assert_cmpuint (hs_heap_n_classes (a2->heap), ==, 361);
  ui_wait_until (tabs_revealed, bar, 10000);
  g_assert_true (adw_tab_bar_get_tabs_revealed (ADW_TAB_BAR (bar)));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "jhat_jdk8_x32.hprof — Heapscope");
  /* Wide: the header has Back, Forward, Go to and Export. */
  g_assert_true (
      gtk_widget_get_mapped (ui_find_button_by_icon (GTK_WIDGET (window), "go-previous-symbolic")));
  g_assert_true (
      gtk_widget_get_mapped (ui_find_button_by_icon (GTK_WIDGET (window), "document-save-as-symbolic")));
  {
    g_autoptr (GdkTexture) shot = ui_render_widget (GTK_WIDGET (window));
    g_assert_nonnull (shot);
    save_picture (shot, "wide-two-tabs");
  }

  /* Each tab its own views and inspector. */
  g_assert_true (hs_dump_tab_get_view_by_name (first, "classes")
                 != hs_dump_tab_get_view_by_name (second, "classes"));
  g_assert_true (hs_dump_tab_get_inspector (first) != hs_dump_tab_get_inspector (second));
  hs_window_inspect (window, 0);
  g_assert_true (hs_dump_tab_get_inspector_shown (second));
  g_assert_false (hs_dump_tab_get_inspector_shown (first));

  /* The jhat dump compared with the sample's tab: its analysis as it is
   * (no baseline loader, no second analysis); a row for every class name
   * of either dump, so at least jhat's 361. */
  {
    HsCompareView *compare = HS_COMPARE_VIEW (hs_dump_tab_get_view_by_name (second, "compare"));

    hs_window_compare_with_tab (window, first);
    g_assert_cmpstr (hs_window_get_view (window), ==, "compare");
    g_assert_null (hs_compare_view_get_baseline_loader (compare));
    g_assert_cmpstr (hs_compare_view_get_page (compare), ==, "table");
    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (hs_compare_view_get_list (compare))), >=, 361);
    g_assert_true (hs_dump_tab_get_analysis (first) == a1);
    /* And from the menu: the other tab, by its index. */
    hs_compare_view_drop_baseline (compare);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.compare-tab", "u", 0));
    g_assert_cmpstr (hs_compare_view_get_page (compare), ==, "table");
  }

  /* Opening the sample again shows its tab (no third tab, no new load). */
  g_assert_true (hs_window_open_file (window, sample_file) == first);
  g_assert_true (hs_window_get_tab (window) == first);
  g_assert_cmpuint (hs_window_get_n_tabs (window), ==, 2);
  g_assert_true (hs_window_get_loader (window) == hs_dump_tab_get_loader (first));
  g_assert_true (hs_dump_tab_get_analysis (first) == a1);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "sample.hprof — Heapscope");
  /* Back to the other: as it was (its inspector still open). */
  hs_window_select_tab (window, second);
  g_assert_true (hs_window_get_loader (window) == hs_dump_tab_get_loader (second));
  g_assert_true (hs_dump_tab_get_inspector_shown (second));
  g_assert_true (gtk_widget_get_visible (hs_window_get_inspector (window)));

  /* A third dump held among the dominators, then cancelled: only that tab
   * goes back to its welcome page; the two others keep their analyses. */
  hs_loader_set_pause_phase_for_tests ("dominators");
  third = hs_window_open_in_new_tab (window, binder_file, 0);
  g_assert_cmpuint (hs_window_get_n_tabs (window), ==, 3);
  g_assert_true (ui_wait_until (worker_paused, NULL, 60000));
  g_assert_cmpstr (hs_dump_tab_get_page (third), ==, "loading");
  cancelled = g_object_ref (hs_dump_tab_get_loader (third));
  /* While it loads, the others are shown as they are. */
  hs_window_select_tab (window, first);
  g_assert_cmpstr (hs_window_get_page (window), ==, "content");
  hs_dump_tab_cancel (third);
  g_assert_true (ui_wait_until (tab_not_loading, third, 30000));
  hs_loader_set_pause_phase_for_tests (NULL);
  /* The paused worker resumes, sees it was cancelled and ends. */
  g_assert_true (ui_wait_until (loader_ended, cancelled, 30000));
  g_assert_cmpint (hs_loader_get_state (cancelled), ==, HS_LOADER_CANCELLED);
  g_assert_cmpstr (hs_dump_tab_get_page (third), ==, "welcome");
  g_assert_cmpint (hs_loader_get_state (hs_dump_tab_get_loader (first)), ==, HS_LOADER_DONE);
  g_assert_cmpint (hs_loader_get_state (hs_dump_tab_get_loader (second)), ==, HS_LOADER_DONE);
  g_assert_true (hs_dump_tab_get_analysis (first) == a1);
  g_assert_true (hs_dump_tab_get_analysis (second) == a2);
  g_assert_cmpstr (hs_dump_tab_get_page (first), ==, "content");
  g_assert_cmpstr (hs_dump_tab_get_page (second), ==, "content");
  g_object_unref (cancelled);

  /* Closing a tab: the others stay. Ctrl+W (win.close) closes the tab
   * shown, not the window. */
  hs_window_close_tab (window, third);
  g_object_set_data (G_OBJECT (window), "want", GUINT_TO_POINTER (2));
  g_assert_true (ui_wait_until (tabs_are, window, 5000));
  g_assert_true (hs_window_get_tab (window) == first);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.close", NULL));
  g_object_set_data (G_OBJECT (window), "want", GUINT_TO_POINTER (1));
  g_assert_true (ui_wait_until (tabs_are, window, 5000));
  g_assert_true (hs_window_get_tab (window) == second);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_cmpint (hs_loader_get_state (hs_window_get_loader (window)), ==, HS_LOADER_DONE);
  g_assert_cmpuint (hs_heap_n_classes (hs_dump_tab_get_analysis (hs_window_get_tab (window))->heap), ==, 361);

  /* Ctrl+Tab and Ctrl+Shift+Tab are the tab view's; Alt+1..N stay the
   * views'. */
  g_assert_true (adw_tab_view_get_shortcuts (view) & ADW_TAB_VIEW_SHORTCUT_CONTROL_TAB);
  g_assert_true (adw_tab_view_get_shortcuts (view) & ADW_TAB_VIEW_SHORTCUT_CONTROL_SHIFT_TAB);
  g_assert_false (adw_tab_view_get_shortcuts (view) & ADW_TAB_VIEW_SHORTCUT_ALT_DIGITS);

  /* A tab dragged out: the tab view asks for a window and the tab moves
   * there with its dump, the new window's own empty tab goes. */
  {
    HsDumpTab *moved = hs_window_open_file (window, sample_file);
    AdwTabView *other = NULL;
    HsWindow *other_window;

    g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
    g_assert_cmpuint (hs_window_get_n_tabs (window), ==, 2);
    g_signal_emit_by_name (view, "create-window", &other);
    g_assert_nonnull (other);
    other_window = HS_WINDOW (gtk_widget_get_ancestor (GTK_WIDGET (other), HS_TYPE_WINDOW));
    g_assert_true (other_window != window);
    adw_tab_view_transfer_page (view, adw_tab_view_get_page (view, GTK_WIDGET (moved)), other, 0);
    ui_wait_until (one_tab_each, &(TwoWindows){ window, other_window }, 10000);
    g_assert_cmpuint (hs_window_get_n_tabs (window), ==, 1);
    g_assert_cmpuint (hs_window_get_n_tabs (other_window), ==, 1);
    g_assert_true (hs_window_get_tab (other_window) == moved);
    g_assert_cmpstr (hs_window_get_page (other_window), ==, "content");
    g_assert_cmpuint (
        hs_dump_tab_get_analysis (hs_window_get_tab (other_window))->leaks->application_leaks->len, ==, 2);
    g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (other_window)), ==, "sample.hprof — Heapscope");
    gtk_window_destroy (GTK_WINDOW (other_window));
  }

  ui_destroy_window (window);
}

static gboolean
page_needs_attention (gpointer data)
{
  return adw_tab_page_get_needs_attention (data);
}

static gboolean
page_attended (gpointer data)
{
  return !adw_tab_page_get_needs_attention (data);
}

/* What the tab bar and the header show of each tab follows the tab's
 * properties: the page's title and tooltip are the file's name ("New
 * Tab" before a dump), loading while it loads; a load that ends while its
 * tab is not shown marks the page until it is shown; the inspector button
 * shows and sets the shown tab's inspector. */
static void
test_tab_pages (void)
{
  g_autofree char *jhat = corpus_path ("jvm/jhat_jdk8_x32.hprof");
  g_autoptr (GFile) sample_file = g_file_new_for_path (sample);
  g_autoptr (GFile) jhat_file = g_file_new_for_path (jhat);
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  AdwTabView *view = ADW_TAB_VIEW (ui_find_child (GTK_WIDGET (window), ADW_TYPE_TAB_VIEW));
  HsDumpTab *first = hs_window_get_tab (window), *second;
  AdwTabPage *first_page = adw_tab_view_get_page (view, GTK_WIDGET (first)), *second_page;
  GtkWidget *inspector_button = ui_find_button_by_icon (GTK_WIDGET (window), "view-dual-symbolic");

  g_assert_cmpstr (adw_tab_page_get_title (first_page), ==, "New Tab");
  g_assert_false (adw_tab_page_get_loading (first_page));

  hs_window_open_file (window, sample_file);
  g_assert_true (adw_tab_page_get_loading (first_page));
  g_assert_cmpstr (adw_tab_page_get_title (first_page), ==, "sample.hprof");
  g_assert_cmpstr (adw_tab_page_get_tooltip (first_page), ==, "sample.hprof");
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  g_assert_false (adw_tab_page_get_loading (first_page));
  /* Loaded while shown: nothing to attend to. */
  g_assert_false (adw_tab_page_get_needs_attention (first_page));

  /* The inspector button and the tab's inspector, both ways. */
  g_assert_nonnull (inspector_button);
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (inspector_button)));
  hs_window_inspect (window, 0);
  g_assert_true (hs_dump_tab_get_inspector_shown (first));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (inspector_button)));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (inspector_button), FALSE);
  g_assert_false (hs_dump_tab_get_inspector_shown (first));

  /* A second dump opened in a new tab, the first shown again before any
   * of it is read: it loads unseen. */
  second = hs_window_open_in_new_tab (window, jhat_file, 0);
  second_page = adw_tab_view_get_page (view, GTK_WIDGET (second));
  g_assert_true (adw_tab_page_get_loading (second_page));
  g_assert_cmpstr (adw_tab_page_get_title (second_page), ==, "jhat_jdk8_x32.hprof");
  hs_window_select_tab (window, first);
  g_assert_true (ui_wait_until (tab_not_loading, second, LOAD_TIMEOUT_MS));
  g_assert_true (ui_wait_until (page_needs_attention, second_page, 5000));
  g_assert_false (adw_tab_page_get_loading (second_page));
  g_assert_false (adw_tab_page_get_needs_attention (first_page));
  /* The header is still the first tab's. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "sample.hprof — Heapscope");
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (inspector_button)));

  /* Shown: attended to; the header and the button are the second tab's. */
  hs_window_inspect (window, 0);
  hs_window_select_tab (window, second);
  g_assert_true (ui_wait_until (page_attended, second_page, 5000));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "jhat_jdk8_x32.hprof — Heapscope");
  g_assert_false (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (inspector_button)));
  hs_window_select_tab (window, first);
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (inspector_button)));

  ui_destroy_window (window);
}

/* The view switcher bar revealed whole at the bottom. */
static gboolean
bar_shown (gpointer window)
{
  GtkWidget *bar = find_widget (window, ADW_TYPE_VIEW_SWITCHER_BAR);
  int nat = 0;

  if (bar == NULL || !adw_view_switcher_bar_get_reveal (ADW_VIEW_SWITCHER_BAR (bar)))
    return FALSE;
  gtk_widget_measure (bar, GTK_ORIENTATION_VERTICAL, -1, NULL, &nat, NULL, NULL);
  return gtk_widget_get_mapped (bar) && nat > 0 && gtk_widget_get_height (bar) >= nat;
}

/* The inspector's flap shown whole (its animation done). */
static gboolean
flap_revealed (gpointer flap)
{
  return adw_flap_get_reveal_flap (flap) && adw_flap_get_reveal_progress (flap) >= 1.0;
}

static gboolean
flap_closed (gpointer flap)
{
  return !adw_flap_get_reveal_flap (flap) && adw_flap_get_reveal_progress (flap) <= 0.0;
}

/* Unfolded, the inspector beside the views. */
static gboolean
flap_beside (gpointer flap)
{
  return !adw_flap_get_folded (flap) && flap_revealed (flap);
}

/* What the flap did while the inspector opened: its smallest swipe
 * distance when "reveal-flap" turned on. libadwaita 1.2 divides the
 * reveal's initial velocity (0) by it: at 0 that makes a NaN spring, and
 * a frame of NaN reveal progress allocates the views with a width of
 * INT_MIN. And whether its reveal progress was ever not a number. */
typedef struct
{
  double min_distance;
  guint openings;
  gboolean nan_progress;
} FlapOpening;

static void
on_flap_reveal (GObject *flap, GParamSpec *pspec, FlapOpening *seen)
{
  if (!adw_flap_get_reveal_flap (ADW_FLAP (flap)))
    return;
  seen->openings++;
  seen->min_distance = MIN (seen->min_distance, adw_swipeable_get_distance (ADW_SWIPEABLE (flap)));
}

static void
on_flap_progress (GObject *flap, GParamSpec *pspec, FlapOpening *seen)
{
  if (isnan (adw_flap_get_reveal_progress (ADW_FLAP (flap))))
    seen->nan_progress = TRUE;
}

static gboolean
bar_hidden (gpointer bar)
{
  return !adw_view_switcher_bar_get_reveal (ADW_VIEW_SWITCHER_BAR (bar));
}

/* At 360 px wide: the window is that narrow (nothing in it asks for
 * more), the view switcher is the bar at the bottom (the header's title
 * shows the file's name), the inspector is a sheet over the views. */
static void
test_narrow (void)
{
  HsWindow *window = ui_window_new (NULL, 360, 720);
  GtkWidget *switcher_bar, *switcher_title, *flap;
  g_autoptr (GdkTexture) shot = NULL;
  HsAnalysis *a;
  g_autoptr (GArray) top = NULL;
  int min = 0;

  /* The welcome page first. */
  g_assert_true (ui_wait_drawn (GTK_WIDGET (window), 10000));
  shot = ui_render_widget (GTK_WIDGET (window));
  save_picture (shot, "narrow-welcome");
  g_clear_object (&shot);

  open_and_wait (window, sample);
  /* The switcher moved to the bottom bar, revealed whole. */
  ui_wait_until (bar_shown, window, 10000);
  gtk_widget_measure (GTK_WIDGET (window), GTK_ORIENTATION_HORIZONTAL, -1, &min, NULL, NULL, NULL);
  /* Not wider than asked (the views wider than that scroll sideways). */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  g_assert_cmpint (min, <=, gtk_widget_get_width (GTK_WIDGET (window)));

  switcher_bar = find_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR);
  switcher_title = find_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_TITLE);
  g_assert_nonnull (switcher_bar);
  g_assert_nonnull (switcher_title);
  g_assert_true (adw_view_switcher_bar_get_reveal (ADW_VIEW_SWITCHER_BAR (switcher_bar)));
  /* Revealed and there: a bar's height at the bottom of the window. */
  {
    int bar_top = 0, bar_bottom = 0, nat = 0;
    gtk_widget_measure (switcher_bar, GTK_ORIENTATION_VERTICAL, -1, NULL, &nat, NULL, NULL);
    g_assert_cmpint (nat, >=, 30);
    widget_rows (switcher_bar, GTK_WIDGET (window), &bar_top, &bar_bottom);
    g_assert_cmpint (bar_bottom - bar_top, >=, 30);
  }
  g_assert_true (adw_view_switcher_title_get_title_visible (ADW_VIEW_SWITCHER_TITLE (switcher_title)));
  g_assert_true (adw_view_switcher_bar_get_stack (ADW_VIEW_SWITCHER_BAR (switcher_bar))
                 == hs_dump_tab_get_view_stack (hs_window_get_tab (window)));
  hs_window_set_view (window, "leaks");
  g_assert_true (ui_wait_view (window, "leaks", 10000));
  shot = ui_render_widget (GTK_WIDGET (window));
  save_picture (shot, "narrow-leaks");
  g_clear_object (&shot);

  /* The inspector over the views (the flap folded), closed again. */
  a = hs_loader_get_analysis (hs_window_get_loader (window));
  top = hs_query_top_objects (a, 1);
  hs_window_inspect (window, g_array_index (top, HsObj, 0));
  flap = find_widget (GTK_WIDGET (window), ADW_TYPE_FLAP);
  g_assert_nonnull (flap);
  ui_wait_until (flap_revealed, flap, 10000);
  g_assert_true (adw_flap_get_folded (ADW_FLAP (flap)));
  g_assert_true (adw_flap_get_reveal_flap (ADW_FLAP (flap)));
  g_assert_true (gtk_widget_get_visible (hs_window_get_inspector (window)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 360);
  shot = ui_render_widget (GTK_WIDGET (window));
  save_picture (shot, "narrow-inspector");
  g_clear_object (&shot);
  adw_flap_set_reveal_flap (ADW_FLAP (flap), FALSE);
  ui_wait_until (flap_closed, flap, 10000);
  g_assert_false (gtk_widget_get_visible (hs_window_get_inspector (window)));

  /* Wide again: the switcher goes back to the header, the inspector beside
   * the views (nine views' buttons need about 1500 pixels beside the
   * header's own). */
  gtk_window_set_default_size (GTK_WINDOW (window), 1600, 760);
  g_assert_true (ui_wait_until (bar_hidden, switcher_bar, 10000));
  hs_window_inspect (window, g_array_index (top, HsObj, 0));
  ui_wait_until (flap_beside, flap, 10000);
  g_assert_false (adw_flap_get_folded (ADW_FLAP (flap)));
  shot = ui_render_widget (GTK_WIDGET (window));
  save_picture (shot, "wide-inspector");

  ui_destroy_window (window);
}

/* The inspector opens, closes and opens again with animations on, beside
 * the views at 1000 px and over them at 360 px: each time the flap opens
 * with a swipe distance above 0, and its progress is always a number. */
static void
test_flap_opening (void)
{
  HsWindow *window = ui_window_new (NULL, 1000, 700);
  FlapOpening seen = { G_MAXDOUBLE, 0, FALSE };
  gboolean animations = FALSE;
  g_autoptr (GArray) top = NULL;
  GtkWidget *flap;
  HsObj obj;

  g_object_get (gtk_settings_get_default (), "gtk-enable-animations", &animations, NULL);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  open_and_wait (window, sample);
  g_assert_true (ui_wait_drawn (GTK_WIDGET (window), 10000));
  top = hs_query_top_objects (hs_loader_get_analysis (hs_window_get_loader (window)), 1);
  g_assert_cmpuint (top->len, ==, 1);
  obj = g_array_index (top, HsObj, 0);
  flap = find_widget (GTK_WIDGET (window), ADW_TYPE_FLAP);
  g_assert_nonnull (flap);
  g_assert_false (adw_flap_get_reveal_flap (ADW_FLAP (flap)));
  g_signal_connect (flap, "notify::reveal-flap", G_CALLBACK (on_flap_reveal), &seen);
  g_signal_connect (flap, "notify::reveal-progress", G_CALLBACK (on_flap_progress), &seen);

  for (guint round = 0; round < 4; round++)
    {
      if (round == 2)
        {
          gtk_window_set_default_size (GTK_WINDOW (window), 360, 720);
          ui_wait_until (flap_closed, flap, 10000);
          ui_iterate (300);
        }
      hs_window_inspect (window, obj);
      g_assert_true (ui_wait_until (flap_revealed, flap, 10000));
      g_assert_cmpuint (seen.openings, ==, round + 1);
      g_assert_cmpfloat (seen.min_distance, >, 0.0);
      adw_flap_set_reveal_flap (ADW_FLAP (flap), FALSE);
      g_assert_true (ui_wait_until (flap_closed, flap, 10000));
      g_assert_false (gtk_widget_get_visible (hs_window_get_inspector (window)));
    }
  g_assert_true (adw_flap_get_folded (ADW_FLAP (flap)));
  g_assert_false (seen.nan_progress);

  g_signal_handlers_disconnect_by_data (flap, &seen);
  ui_destroy_window (window);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", animations, NULL);
}

/* The labels below w that are cut: ellipsized, or given less width than
 * their text needs, each appended to cut. */
static void
cut_labels (GtkWidget *w, GString *cut)
{
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (GTK_IS_LABEL (c) && gtk_widget_get_mapped (c) && *gtk_label_get_text (GTK_LABEL (c)) != '\0')
        {
          PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (c));
          int lw = 0;

          pango_layout_get_pixel_size (layout, &lw, NULL);
          if (pango_layout_is_ellipsized (layout) || lw > gtk_widget_get_width (c) + 1)
            g_string_append_printf (cut, " \"%s\" (%d px)", gtk_label_get_text (GTK_LABEL (c)),
                                    gtk_widget_get_width (c));
        }
      cut_labels (c, cut);
    }
}

/* At 600 px the view switcher is the bar at the bottom, and the bar shows
 * every view's title whole: none of its labels is ellipsized or cut. */
static void
test_switcher_bar_600 (void)
{
  HsWindow *window = ui_window_new (NULL, 600, 800);
  g_autoptr (GString) cut = g_string_new (NULL);
  g_autoptr (GdkTexture) shot = NULL;
  GtkWidget *bar;
  guint shown = 0;

  open_and_wait (window, sample);
  ui_iterate (800);
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 600);
  bar = find_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR);
  g_assert_nonnull (bar);
  g_assert_true (adw_view_switcher_bar_get_reveal (ADW_VIEW_SWITCHER_BAR (bar)));
  /* Every view of the switcher has its button, and there are many. */
  for (GtkWidget *b = find_widget (bar, GTK_TYPE_TOGGLE_BUTTON); b != NULL;
       b = gtk_widget_get_next_sibling (b))
    shown += gtk_widget_get_visible (b);
  g_assert_cmpuint (shown, >=, 8);
  cut_labels (bar, cut);
  shot = ui_render_widget (GTK_WIDGET (window));
  save_picture (shot, "switcher-bar-600");
  if (cut->len > 0)
    g_test_fail_printf ("the switcher bar cuts its labels:%s", cut->str);

  gtk_window_destroy (GTK_WINDOW (window));
  ui_iterate (100);
}

/* The bar's button of the view shown, NULL if none is active. */
static GtkWidget *
active_bar_button (GtkWidget *bar)
{
  for (GtkWidget *b = find_widget (bar, GTK_TYPE_TOGGLE_BUTTON); b != NULL;
       b = gtk_widget_get_next_sibling (b))
    if (gtk_widget_get_visible (b) && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (b)))
      return b;
  return NULL;
}

/* The view shown has its button on screen: inside the part of the bar its
 * scroller shows. */
static gboolean
active_button_in_view (gpointer data)
{
  GtkWidget *bar = data;
  GtkWidget *button = active_bar_button (bar);
  GtkWidget *scroller = gtk_widget_get_ancestor (bar, GTK_TYPE_SCROLLED_WINDOW);
  graphene_rect_t b;

  if (button == NULL || scroller == NULL || !gtk_widget_compute_bounds (button, scroller, &b))
    return FALSE;
  return b.origin.x >= 0 && b.origin.x + b.size.width <= gtk_widget_get_width (scroller) + 0.5;
}

/* At 600 px the bar scrolls, and the view shown (the last, Query; then
 * the first again) is scrolled into its sight. */
static void
test_switcher_bar_follows (void)
{
  HsWindow *window = ui_window_new (NULL, 600, 800);
  GtkWidget *bar;

  open_and_wait (window, sample);
  bar = find_widget (GTK_WIDGET (window), ADW_TYPE_VIEW_SWITCHER_BAR);
  g_assert_nonnull (bar);
  g_assert_true (ui_wait_shown (bar, 10000));
  hs_window_set_view (window, "query");
  g_assert_true (ui_wait_until (active_button_in_view, bar, 10000));
  hs_window_set_view (window, "overview");
  g_assert_true (ui_wait_until (active_button_in_view, bar, 10000));
  ui_destroy_window (window);
}

int
main (int argc, char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);

  sample = g_getenv ("HS_SAMPLE_DUMP");
  g_assert_nonnull (sample);

  g_test_add_func ("/shell/real-window-picture", test_real_window_picture);
  g_test_add_func ("/shell/toast", test_toast);
  g_test_add_func ("/shell/toast-burst", test_toast_burst);
  g_test_add_func ("/shell/changed-on-disk", test_changed_on_disk);
  g_test_add_func ("/shell/tabs", test_tabs);
  g_test_add_func ("/shell/tab-pages", test_tab_pages);
  g_test_add_func ("/shell/narrow", test_narrow);
  g_test_add_func ("/shell/flap-opening", test_flap_opening);
  g_test_add_func ("/shell/switcher-bar-600", test_switcher_bar_600);
  g_test_add_func ("/shell/switcher-bar-follows", test_switcher_bar_follows);
  return g_test_run ();
}
