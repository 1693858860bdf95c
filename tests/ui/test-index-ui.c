/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-index-ui.c: the saved index in the window. The first
 * open of a dump writes its index to $XDG_CACHE_HOME/heapscope in the
 * background; opened again, the dump comes from it and the banner says
 * so, its depths known and a class's instances listed as the fresh
 * analysis listed them; Re-analyse analyses it afresh and writes the
 * index again; a cut index is said in a toast and the dump analysed
 * anyway. The
 * preferences' group keeps its limit in $XDG_CONFIG_HOME/heapscope/
 * cache.ini and Clear removes the indexes. XDG_CACHE_HOME and
 * XDG_CONFIG_HOME are fresh temporary folders of this process. An index
 * beside a dump (DUMP.hsindex, written by heapscope-cli index) is not
 * read: the banner asks whether to use it, and Use Index opens the dump
 * from it, the banner naming the file.
 * HS_TEST_SHOTS=DIR saves the banner at 1400 and 600 px, light and dark. */
#include "config.h"
#include "ui-util.h"
#include "hs-application.h"
#include "hs-banner.h"
#include "hs-index.h"
#include "hs-index-cache.h"
#include "hs-preferences-window.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#define LOAD_TIMEOUT_MS 120000
#define WRITE_TIMEOUT_MS 120000

static const char *sample;
static char *tmp_root; /* XDG_CACHE_HOME and XDG_CONFIG_HOME are below */

/* $XDG_CACHE_HOME/heapscope, as this test set it (not the engine's
 * answer). */
static char *
cache_folder (void)
{
  return g_build_filename (tmp_root, "cache", "heapscope", NULL);
}

/* The index files (*.hsindex) in the cache folder, sorted. */
static GPtrArray *
index_files (void)
{
  g_autofree char *folder = cache_folder ();
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".hsindex"))
      g_ptr_array_add (files, g_build_filename (folder, name, NULL));
  g_ptr_array_sort (files, (GCompareFunc)g_strcmp0);
  return files;
}

static gboolean
one_index (gpointer data)
{
  g_autoptr (GPtrArray) files = index_files ();
  return files->len == 1;
}

/* The single index file, once the background writer left it there. */
static char *
wait_for_index (void)
{
  g_autoptr (GPtrArray) files = NULL;

  g_assert_true (ui_wait_until (one_index, NULL, WRITE_TIMEOUT_MS));
  files = index_files ();
  return g_strdup (g_ptr_array_index (files, 0));
}

typedef struct
{
  const char *path;
  guint64 ino;
  gint64 mtime_ns;
} FileStamp;

static gboolean
stamp_of (const char *path, FileStamp *stamp)
{
  GStatBuf st;

  if (g_stat (path, &st) != 0)
    return FALSE;
  stamp->path = path;
  stamp->ino = st.st_ino;
  stamp->mtime_ns = (gint64)st.st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st.st_mtim.tv_nsec;
  return TRUE;
}

static gboolean
stamp_changed (gpointer data)
{
  const FileStamp *old = data;
  FileStamp now;

  return stamp_of (old->path, &now) && (now.ino != old->ino || now.mtime_ns != old->mtime_ns);
}

static HsLoader *
open_and_wait (HsWindow *window)
{
  g_autoptr (GFile) file = g_file_new_for_path (sample);

  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  g_assert_cmpstr (hs_window_get_page (window), ==, "content");
  return hs_window_get_loader (window);
}

static void
on_tab_finalized (gpointer data, GObject *where)
{
  *(gboolean *)data = TRUE;
}

static gboolean
flag_set (gpointer data)
{
  return *(gboolean *)data;
}

/* Closes tab and waits until it is finalized (its loader and the index
 * writer with it are let go). */
static void
close_tab (HsWindow *window, HsDumpTab *tab)
{
  gboolean gone = FALSE;

  g_object_weak_ref (G_OBJECT (tab), on_tab_finalized, &gone);
  hs_window_close_tab (window, tab);
  g_assert_true (ui_wait_until (flag_set, &gone, 30000));
}

/* Closes the tab shown and opens the sample again in a new one. */
static HsLoader *
reopen_in_new_tab (HsWindow *window)
{
  HsDumpTab *old = hs_window_get_tab (window);

  hs_window_add_tab (window);
  close_tab (window, old);
  g_assert_cmpuint (hs_window_get_n_tabs (window), ==, 1);
  return open_and_wait (window);
}

typedef struct
{
  HsWindow *window;
  HsLoader *old;
} Reload;

static gboolean
new_load_done (gpointer data)
{
  Reload *r = data;
  HsLoader *loader = hs_window_get_loader (r->window);

  return loader != r->old && loader != NULL && hs_loader_get_state (loader) != HS_LOADER_LOADING;
}

/* "Opened from the index (analysed DATE)" with the date of that loader's
 * index in the locale's date and time. */
static char *
expected_banner (HsLoader *loader)
{
  g_autoptr (GDateTime) dt = g_date_time_new_from_unix_local (hs_loader_get_analysed (loader));
  g_autofree char *date = g_date_time_format (dt, "%x %X");

  return g_strdup_printf ("Opened from the index (analysed %s)", date);
}

/* walk for shown_banner */
static GtkWidget *
find_banner (GtkWidget *root, const char *button_label)
{
  if (HS_IS_BANNER (root) && hs_banner_get_revealed (HS_BANNER (root))
      && g_strcmp0 (hs_banner_get_button_label (HS_BANNER (root)), button_label) == 0)
    return root;
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_banner (c, button_label);
      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The tab's banner revealed with that button (Re-analyse, Use Index), as
 * shown (drawn), or NULL. */
static GtkWidget *
shown_banner (HsWindow *window, const char *button_label)
{
  GtkWidget *banner = find_banner (GTK_WIDGET (hs_window_get_tab (window)), button_label);

  return banner != NULL && gtk_widget_is_drawable (banner) ? banner : NULL;
}

static void
count_notify (guint *n)
{
  (*n)++;
}

/* The new analysis's banners: no index question, no Re-analyse. */
static gboolean
no_index_banner (gpointer data)
{
  return hs_dump_tab_get_index_banner (hs_window_get_tab (data)) == NULL
         && shown_banner (data, "_Re-analyse") == NULL;
}

/* The new analysis's banner says it came from an index, with Re-analyse. */
static gboolean
banner_names_index (gpointer data)
{
  const char *text = hs_dump_tab_get_index_banner (hs_window_get_tab (data));
  return text != NULL && g_str_has_prefix (text, "Opened from the index")
         && shown_banner (data, "_Re-analyse") != NULL;
}

/* The banner's button clicked, as the user does: its signal, and its
 * action when it has one. */
static void
click_banner (GtkWidget *banner)
{
  g_autofree char *action = NULL;

  g_object_get (banner, "action-name", &action, NULL);
  g_signal_emit_by_name (banner, "button-clicked");
  if (action != NULL)
    g_assert_true (gtk_widget_activate_action (banner, action, NULL));
}

/* The instances of com.example.User (3000 in the sample, its README) as
 * the instance pane lists them, checked in the order of hs-query.h:
 * retained size descending, then shallow size descending, then index. */
static GArray *
user_instances (HsWindow *window)
{
  HsClassesView *classes = ui_classes_view (window);
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (window));
  GArray *objs = g_array_new (FALSE, FALSE, sizeof (HsObj));

  hs_window_set_view (window, "classes");
  g_assert_true (hs_classes_view_show_class (classes, "com.example.User"));
  g_assert_true (ui_wait_for_instances (window, LOAD_TIMEOUT_MS));
  GListModel *list = hs_classes_view_get_instances (classes);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 3000);
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (HsObjectRow) row = g_list_model_get_item (list, i);
      HsObj o = hs_object_row_get_obj (row);
      if (i > 0)
        {
          HsObj p = g_array_index (objs, HsObj, i - 1);
          guint64 rp = hs_dom_tree_retained (a->dom, p), ro = hs_dom_tree_retained (a->dom, o);
          guint64 sp = hs_heap_object_shallow (a->heap, p), so = hs_heap_object_shallow (a->heap, o);
          g_assert_true (rp > ro || (rp == ro && (sp > so || (sp == so && p < o))));
        }
      g_assert_cmpstr (hs_heap_object_class_name (a->heap, o), ==, "com.example.User");
      g_array_append_val (objs, o);
    }
  return objs;
}

static void
test_reopen (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 800);
  gint64 before = g_get_real_time () / G_USEC_PER_SEC;
  g_autofree char *index = NULL, *banner = NULL;
  g_autoptr (GPtrArray) none = index_files ();
  HsLoader *loader;
  gint64 written;
  FileStamp stamp;
  Reload r;

  /* First open: analysed, nothing in the cache yet. */
  g_assert_cmpuint (none->len, ==, 0);
  loader = open_and_wait (window);
  g_assert_false (hs_loader_get_from_index (loader));
  g_assert_null (hs_dump_tab_get_index_banner (hs_window_get_tab (window)));
  g_assert_null (shown_banner (window, "_Re-analyse"));
  g_autoptr (GArray) fresh_users = user_instances (window);
  index = wait_for_index ();
  written = g_get_real_time () / G_USEC_PER_SEC;

  /* Opened again in a new tab: from the index, said in the banner with
   * the date it was written (between the first open and now). */
  loader = reopen_in_new_tab (window);
  g_assert_true (hs_loader_get_from_index (loader));
  g_assert_cmpint (hs_loader_get_analysed (loader), >=, before);
  g_assert_cmpint (hs_loader_get_analysed (loader), <=, written);
  banner = expected_banner (loader);
  g_assert_cmpstr (hs_dump_tab_get_index_banner (hs_window_get_tab (window)), ==, banner);
  g_assert_nonnull (strstr (banner, "Opened from the index"));
  g_assert_nonnull (shown_banner (window, "_Re-analyse"));
  /* No note: the index was used. */
  g_assert_null (hs_loader_get_index_note (loader));
  /* The index holds the depths and each class's instances in order: the
   * list is the one the fresh analysis found by a scan and a sort. */
  g_assert_true (hs_heap_depths_known (hs_loader_get_analysis (loader)->heap));
  g_autoptr (GArray) reopened_users = user_instances (window);
  g_assert_cmpmem (reopened_users->data, reopened_users->len * sizeof (HsObj), fresh_users->data,
                   fresh_users->len * sizeof (HsObj));

  /* Re-analyse (the banner's button): analysed afresh, the banner gone,
   * the index written again (a new file or new contents). */
  g_assert_true (stamp_of (index, &stamp));
  r.window = window;
  r.old = g_object_ref (loader);
  click_banner (shown_banner (window, "_Re-analyse"));
  g_assert_true (ui_wait_until (new_load_done, &r, LOAD_TIMEOUT_MS));
  g_object_unref (r.old);
  g_assert_true (ui_wait_until (no_index_banner, window, 10000));
  loader = hs_window_get_loader (window);
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_DONE);
  g_assert_false (hs_loader_get_from_index (loader));
  g_assert_null (hs_dump_tab_get_index_banner (hs_window_get_tab (window)));
  g_assert_null (shown_banner (window, "_Re-analyse"));
  g_assert_true (ui_wait_until (stamp_changed, &stamp, WRITE_TIMEOUT_MS));
  g_free (wait_for_index ());

  /* And the rewritten index opens the dump again. */
  loader = reopen_in_new_tab (window);
  g_assert_true (hs_loader_get_from_index (loader));
  g_assert_nonnull (shown_banner (window, "_Re-analyse"));

  ui_destroy_window (GTK_WINDOW (window));
}

/* A cut index: the dump is analysed anyway, and a toast says why. */
static void
test_cut_index (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 800);
  g_autofree char *index = NULL;
  const char *prefix = "The saved index could not be used: ";
  const char *toast;
  HsLoader *loader;
  FileStamp stamp;
  GStatBuf st;

  /* Written by an open here if the test runs alone. */
  open_and_wait (window);
  index = wait_for_index ();
  /* The writer is done with it once the tab goes. */
  close_tab (window, hs_window_get_tab (window));
  window = ui_window_new (NULL, 1400, 800);
  g_assert_cmpint (g_stat (index, &st), ==, 0);
  g_assert_cmpint (truncate (index, st.st_size / 2), ==, 0);
  g_assert_true (stamp_of (index, &stamp));

  loader = open_and_wait (window);
  g_assert_false (hs_loader_get_from_index (loader));
  g_assert_null (hs_dump_tab_get_index_banner (hs_window_get_tab (window)));
  g_assert_nonnull (hs_loader_get_index_note (loader));
  toast = ui_toast_text (window);
  g_assert_nonnull (toast);
  g_assert_true (g_str_has_prefix (toast, prefix));
  /* The engine's note, whole, after our sentence. */
  g_assert_cmpstr (toast + strlen (prefix), ==, hs_loader_get_index_note (loader));
  ui_shot (GTK_WIDGET (window), "index-note-toast.png");
  /* Replaced by a whole one in the background, which opens the dump. */
  g_assert_true (ui_wait_until (stamp_changed, &stamp, WRITE_TIMEOUT_MS));
  g_assert_cmpint (g_stat (index, &st), ==, 0);
  g_assert_cmpint (st.st_size, >, 0);
  loader = reopen_in_new_tab (window);
  g_assert_true (hs_loader_get_from_index (loader));

  ui_destroy_window (GTK_WINDOW (window));
}

/* The banner as it looks at 1400 and 600 px, light and dark: at 600 px
 * the button stays whole inside the window and the text wraps rather
 * than being cut. */
static void
test_banner_shots (void)
{
  static const int widths[] = { 1400, 600 };
  AdwStyleManager *manager = adw_style_manager_get_default ();

  for (guint w = 0; w < G_N_ELEMENTS (widths); w++)
    for (int dark = 0; dark <= 1; dark++)
      {
        HsWindow *window = ui_window_new (NULL, widths[w], 800);
        g_autofree char *name = NULL;
        graphene_rect_t bounds, label_bounds;
        GtkWidget *banner, *button, *label;
        int min_height;
        HsLoader *loader;

        adw_style_manager_set_color_scheme (manager, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                          : ADW_COLOR_SCHEME_FORCE_LIGHT);
        loader = open_and_wait (window);
        if (!hs_loader_get_from_index (loader))
          {
            /* The first open of the process: once its index is there. */
            g_free (wait_for_index ());
            loader = reopen_in_new_tab (window);
          }
        g_assert_true (hs_loader_get_from_index (loader));
        banner = shown_banner (window, "_Re-analyse");
        g_assert_nonnull (banner);
        /* The banner's own layout: its button and its text. */
        button = ui_find_button (banner, "_Re-analyse");
        g_assert_nonnull (button);
        g_assert_true (gtk_widget_compute_bounds (button, GTK_WIDGET (window), &bounds));
        g_assert_cmpfloat (bounds.origin.x, >=, 0);
        g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=,
                           gtk_widget_get_width (GTK_WIDGET (window)));
        /* The label wraps: it is given the height its text needs at
         * the width it has, inside the window. */
        label = ui_find_child (banner, GTK_TYPE_LABEL);
        g_assert_nonnull (label);
        g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==,
                         hs_dump_tab_get_index_banner (hs_window_get_tab (window)));
        gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (label), &min_height, NULL,
                            NULL, NULL);
        g_assert_cmpint (gtk_widget_get_height (label), >=, min_height);
        /* Beside the button, not under it. */
        g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (window), &label_bounds));
        g_assert_cmpfloat (label_bounds.origin.x + label_bounds.size.width, <=, bounds.origin.x);
        name = g_strdup_printf ("index-banner-%d-%s.png", widths[w], dark ? "dark" : "light");
        ui_shot (GTK_WIDGET (window), name);
        ui_destroy_window (GTK_WINDOW (window));
      }
  adw_style_manager_set_color_scheme (manager, ADW_COLOR_SCHEME_DEFAULT);
}

/* --- the preferences ------------------------------------------------------ */

static HsApplication *the_app;

static HsApplication *
app_new (void)
{
  g_autoptr (GError) error = NULL;

  if (the_app == NULL)
    {
      the_app = hs_application_new ();
      g_application_set_flags (G_APPLICATION (the_app),
                               g_application_get_flags (G_APPLICATION (the_app)) | G_APPLICATION_NON_UNIQUE);
      g_assert_true (g_application_register (G_APPLICATION (the_app), NULL, &error));
      g_assert_no_error (error);
    }
  return g_object_ref (the_app);
}

static gboolean
group_idle (gpointer data)
{
  return !hs_index_cache_group_is_busy (data);
}

static HsIndexCacheGroup *
prefs_group (HsApplication *app, HsPreferencesWindow **prefs)
{
  HsIndexCacheGroup *group;

  *prefs = hs_preferences_window_new (GTK_APPLICATION (app), NULL);
  /* Tall enough to show the group below the others (the shots). */
  gtk_window_set_default_size (GTK_WINDOW (*prefs), 600, 1000);
  gtk_window_present (GTK_WINDOW (*prefs));
  group = HS_INDEX_CACHE_GROUP (ui_find_child (GTK_WIDGET (*prefs), HS_TYPE_INDEX_CACHE_GROUP));
  g_assert_nonnull (group);
  g_assert_true (ui_wait_until (group_idle, group, 30000));
  return group;
}

/* An index of the sample written by the engine itself (as the window's
 * loader does, in the foreground here). */
static void
write_index (void)
{
  HsIndexOutcome outcome = { 0 };
  g_autoptr (GError) error = NULL;
  HsAnalysis *a = hs_index_open (sample, NULL, NULL, &outcome, NULL, NULL, NULL, &error);
  char *note = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (a);
  if (outcome.write)
    {
      HsIndexSave *save = hs_index_save_start (a, &outcome, FALSE, FALSE);
      g_assert_true (hs_index_save_finish (save, FALSE, &note));
      g_assert_null (note);
    }
  hs_analysis_free (a);
  hs_index_outcome_clear (&outcome);
}

static char *
cache_ini (void)
{
  return g_build_filename (tmp_root, "config", "heapscope", "cache.ini", NULL);
}

/* The limit as cache.ini holds it ([cache] limit-bytes), 0 if none. */
static guint64
ini_limit (const char *ini)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();

  if (!g_key_file_load_from_file (kf, ini, G_KEY_FILE_NONE, NULL))
    return 0;
  return g_key_file_get_uint64 (kf, "cache", "limit-bytes", NULL);
}

static gboolean
ini_has_limit (const char *ini)
{
  g_autoptr (GKeyFile) kf = g_key_file_new ();

  return g_key_file_load_from_file (kf, ini, G_KEY_FILE_NONE, NULL)
         && g_key_file_has_key (kf, "cache", "limit-bytes", NULL);
}

/* The group's controls, found in it by their row's title or label. */
static GtkButton *
clear_button (HsIndexCacheGroup *group)
{
  GtkWidget *b = ui_find_button (GTK_WIDGET (group), "_Clear…");
  g_assert_nonnull (b);
  return GTK_BUTTON (b);
}

static GtkSwitch *
keep_switch (HsIndexCacheGroup *group)
{
  GtkWidget *w = ui_find_row_child (GTK_WIDGET (group), "_Keep Indexes", GTK_TYPE_SWITCH);
  g_assert_nonnull (w);
  return GTK_SWITCH (w);
}

static AdwComboRow *
limit_row (HsIndexCacheGroup *group)
{
  GtkWidget *w = ui_find_child (GTK_WIDGET (group), ADW_TYPE_COMBO_ROW);
  g_assert_nonnull (w);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (w)), ==, "Size _Limit");
  return ADW_COMBO_ROW (w);
}

static gboolean
has_dialog (gpointer data)
{
  return hs_index_cache_group_get_dialog (data) != NULL;
}

/* Clear… activated (a button clicks once its activation is drawn): its
 * question. */
static AdwMessageDialog *
ask_clear (HsIndexCacheGroup *group)
{
  gtk_widget_activate (GTK_WIDGET (clear_button (group)));
  g_assert_true (ui_wait_until (has_dialog, group, 5000));
  return hs_index_cache_group_get_dialog (group);
}

static void
test_preferences (void)
{
  g_autoptr (HsApplication) app = app_new ();
  g_autofree char *folder = cache_folder ();
  g_autofree char *ini = cache_ini ();
  g_autoptr (GPtrArray) files = NULL;
  g_autofree char *size = NULL, *used = NULL;
  HsPreferencesWindow *prefs;
  HsIndexCacheGroup *group;
  AdwMessageDialog *dialog;
  GStatBuf st;

  /* Only the index written here: the other tests' (other options) go. */
  files = index_files ();
  for (guint i = 0; i < files->len; i++)
    g_assert_cmpint (g_remove (g_ptr_array_index (files, i)), ==, 0);
  g_clear_pointer (&files, g_ptr_array_unref);
  write_index ();
  files = index_files ();
  g_assert_cmpuint (files->len, ==, 1);
  g_assert_cmpint (g_stat (g_ptr_array_index (files, 0), &st), ==, 0);
  g_remove (ini);

  /* The folder, and the space used: the one index's size. */
  group = prefs_group (app, &prefs);
  g_assert_cmpstr (hs_index_cache_group_get_folder_text (group), ==, folder);
  size = g_format_size ((guint64)st.st_size);
  used = g_strdup_printf ("%s in 1 index", size);
  g_assert_cmpstr (hs_index_cache_group_get_used_text (group), ==, used);
  /* Nothing set: indexes kept, the automatic limit. */
  g_assert_true (gtk_switch_get_active (keep_switch (group)));
  g_assert_cmpuint (adw_combo_row_get_selected (limit_row (group)), ==, 0);
  ui_shot (GTK_WIDGET (prefs), "index-preferences.png");

  /* 2 GiB (the third choice) is written to cache.ini, and a new window
   * shows it. */
  g_assert_cmpuint (hs_index_cache_group_limit_at (group, 2), ==, G_GUINT64_CONSTANT (2) << 30);
  adw_combo_row_set_selected (limit_row (group), 2);
  g_assert_true (g_file_test (ini, G_FILE_TEST_IS_REGULAR));
  g_assert_cmpuint (ini_limit (ini), ==, G_GUINT64_CONSTANT (2) << 30);
  g_assert_true (hs_index_cache_limit_is_set ());
  g_assert_cmpuint (hs_index_cache_limit (0), ==, G_GUINT64_CONSTANT (2) << 30);
  gtk_window_destroy (GTK_WINDOW (prefs));
  group = prefs_group (app, &prefs);
  g_assert_cmpuint (adw_combo_row_get_selected (limit_row (group)), ==, 2);

  /* Keep Indexes off: a limit of 0, the size row off; on again in the
   * same window: the size it shows, 2 GiB. */
  gtk_switch_set_active (keep_switch (group), FALSE);
  g_assert_true (hs_index_cache_limit_is_set ());
  g_assert_cmpuint (hs_index_cache_limit (0), ==, 0);
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (limit_row (group))));
  gtk_switch_set_active (keep_switch (group), TRUE);
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (limit_row (group))));
  g_assert_cmpuint (hs_index_cache_limit (0), ==, G_GUINT64_CONSTANT (2) << 30);

  /* Off, then a new window: off, and on again there is Automatic (the
   * file keeps no size beside a limit of 0): no limit set. */
  gtk_switch_set_active (keep_switch (group), FALSE);
  g_assert_true (ini_has_limit (ini));
  g_assert_cmpuint (ini_limit (ini), ==, 0);
  gtk_window_destroy (GTK_WINDOW (prefs));
  group = prefs_group (app, &prefs);
  g_assert_false (gtk_switch_get_active (keep_switch (group)));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (limit_row (group))));
  g_assert_cmpuint (adw_combo_row_get_selected (limit_row (group)), ==, 0);
  gtk_switch_set_active (keep_switch (group), TRUE);
  g_assert_false (hs_index_cache_limit_is_set ());
  g_assert_false (ini_has_limit (ini));

  /* Clear asks first: Cancel keeps the index. */
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (clear_button (group))));
  dialog = ask_clear (group);
  adw_message_dialog_response (dialog, "cancel");
  /* Nothing starts: two frames drawn, anything the answer queued has run. */
  g_assert_true (ui_wait_frames (GTK_WIDGET (group), 2, 10000));
  g_assert_true (ui_wait_until (group_idle, group, 30000));
  g_clear_pointer (&files, g_ptr_array_unref);
  files = index_files ();
  g_assert_cmpuint (files->len, ==, 1);

  /* Remove: the index goes, the space used says so, nothing left to
   * clear. */
  dialog = ask_clear (group);
  adw_message_dialog_response (dialog, "remove");
  /* The removal starts at once (busy), on a worker. */
  g_assert_true (hs_index_cache_group_is_busy (group));
  g_assert_true (ui_wait_until (group_idle, group, 30000));
  g_clear_pointer (&files, g_ptr_array_unref);
  files = index_files ();
  g_assert_cmpuint (files->len, ==, 0);
  g_assert_cmpstr (hs_index_cache_group_get_used_text (group), ==, "None");
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (clear_button (group))));
  ui_destroy_window (GTK_WINDOW (prefs));
}

/* A copy of the sample with DUMP.hsindex beside it, written by
 * heapscope-cli index ($HS_CLI) elsewhere and copied there: the
 * window analyses the dump afresh and asks about the index; Use Index
 * opens the dump from that file, and the banner names it. */
static void
test_beside_index (void)
{
  HsWindow *window = ui_window_new (NULL, 1400, 800);
  g_autofree char *dir = g_build_filename (tmp_root, "came-with", NULL);
  g_autofree char *dump = g_build_filename (dir, "dump.hprof", NULL);
  g_autofree char *written = g_build_filename (tmp_root, "written-elsewhere.hsindex", NULL);
  g_autofree char *beside = g_strconcat (dump, ".hsindex", NULL);
  g_autofree char *contents = NULL, *out = NULL, *err = NULL, *banner = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = g_file_new_for_path (dump);
  gsize len;
  int status;
  HsLoader *loader;
  GtkWidget *use;
  guint n_notified = 0;
  Reload r;

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (g_file_get_contents (sample, &contents, &len, &error));
  g_assert_true (g_file_set_contents (dump, contents, len, &error));
  const char *cli = g_getenv ("HS_CLI");
  g_assert_nonnull (cli);
  const char *argv[] = { cli, "index", dump, "-o", written, NULL };
  g_assert_true (
      g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_error ("heapscope-cli index: %s", err);
  g_assert_cmpint (g_rename (written, beside), ==, 0);

  /* Analysed afresh; the question shown with its Use Index button, the
   * tab's "index-banner" notified. */
  hs_window_open (window, file, 0);
  g_signal_connect_swapped (hs_window_get_tab (window), "notify::index-banner", G_CALLBACK (count_notify),
                            &n_notified);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  g_assert_cmpuint (n_notified, >, 0);
  {
    g_autofree char *property = NULL;
    g_object_get (hs_window_get_tab (window), "index-banner", &property, NULL);
    g_assert_cmpstr (property, ==, "Use the index that came with this dump? (dump.hprof.hsindex)");
  }
  g_signal_handlers_disconnect_by_func (hs_window_get_tab (window), count_notify, &n_notified);
  loader = hs_window_get_loader (window);
  g_assert_false (hs_loader_get_from_index (loader));
  g_assert_cmpstr (hs_loader_get_index_beside (loader), ==, beside);
  g_assert_cmpstr (hs_dump_tab_get_index_banner (hs_window_get_tab (window)), ==,
                   "Use the index that came with this dump? (dump.hprof.hsindex)");
  use = shown_banner (window, "_Use Index");
  g_assert_nonnull (use);
  g_assert_null (shown_banner (window, "_Re-analyse"));
  ui_shot (GTK_WIDGET (window), "index-beside-question.png");

  /* Use Index: opened again, from that file, which the banner names. */
  r.window = window;
  r.old = g_object_ref (loader);
  click_banner (use);
  g_assert_true (ui_wait_until (new_load_done, &r, LOAD_TIMEOUT_MS));
  g_object_unref (r.old);
  g_assert_true (ui_wait_until (banner_names_index, window, 10000));
  loader = hs_window_get_loader (window);
  g_assert_cmpint (hs_loader_get_state (loader), ==, HS_LOADER_DONE);
  g_assert_true (hs_loader_get_from_index (loader));
  g_assert_cmpstr (hs_loader_get_index_path (loader), ==, beside);
  g_assert_null (hs_loader_get_index_note (loader));
  g_autoptr (GDateTime) dt = g_date_time_new_from_unix_local (hs_loader_get_analysed (loader));
  g_autofree char *date = g_date_time_format (dt, "%x %X");
  banner = g_strdup_printf ("Opened from the index %s (analysed %s)", beside, date);
  g_assert_cmpstr (hs_dump_tab_get_index_banner (hs_window_get_tab (window)), ==, banner);
  g_assert_null (shown_banner (window, "_Use Index"));
  g_assert_nonnull (shown_banner (window, "_Re-analyse"));
  ui_shot (GTK_WIDGET (window), "index-beside-used.png");

  ui_destroy_window (GTK_WINDOW (window));
}

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

int
main (int argc, char *argv[])
{
  g_autofree char *cache = NULL, *config = NULL;
  int status;

  /* Before anything asks GLib for them: it keeps the first answer. */
  tmp_root = g_dir_make_tmp ("hs-index-ui-XXXXXX", NULL);
  g_assert_nonnull (tmp_root);
  cache = g_build_filename (tmp_root, "cache", NULL);
  config = g_build_filename (tmp_root, "config", NULL);
  g_setenv ("XDG_CACHE_HOME", cache, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  /* The suite's environment turns the index off for every other test. */
  g_unsetenv ("HEAPSCOPE_NO_CACHE");
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  sample = g_getenv ("HS_SAMPLE_DUMP");
  g_assert_nonnull (sample);

  g_test_add_func ("/index/reopen", test_reopen);
  g_test_add_func ("/index/cut-index", test_cut_index);
  g_test_add_func ("/index/banner-shots", test_banner_shots);
  g_test_add_func ("/index/preferences", test_preferences);
  /* Last: it leaves an index of its copy in the cache. */
  g_test_add_func ("/index/beside-index", test_beside_index);
  status = g_test_run ();
  g_clear_object (&the_app);
  remove_tree (tmp_root);
  g_free (tmp_root);
  return status;
}
