/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-prefs.c: the preferences window changes the analysis through the
 * settings (the suspects' threshold on a dump with one known suspect, the
 * reference rules), the style, the default mapping folder, the about
 * window and the question of a file with several dumps. */
#include "config.h"
#include "ui-util.h"
#include "hs-treemap-widget.h"
#include "hs-application.h"
#include "hs-app-actions.h"
#include "hs-dump-chooser.h"
#include "hs-preferences-window.h"
#include "hs-mapping-folder.h"
#include "hs-window-mapping.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>
#include "../hs-test-corpus.h"

#define LOAD_TIMEOUT_MS 120000

static const char *dumps_dir;

/* One application for the process (registered once), as the app has. */
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

static HsAnalysis *
open_and_wait (HsWindow *window, const char *path)
{
  g_autoptr (GFile) file = g_file_new_for_path (path);

  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  hs_window_open (window, file, 0);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  g_assert_cmpstr (hs_window_get_page (window), ==, "content");
  return hs_loader_get_analysis (hs_window_get_loader (window));
}

typedef struct
{
  HsWindow *window;
  HsLoader *old;
} Reload;

static gboolean
new_loader (gpointer data)
{
  Reload *r = data;
  return hs_window_get_loader (r->window) != r->old;
}

/* Waits until the window analyses its dump again (a new loader) and that
 * analysis ends; old: a reference to the loader before the change. */
static HsAnalysis *
wait_reload (HsWindow *window, HsLoader *old)
{
  Reload r = { window, old };

  g_assert_true (ui_wait_until (new_loader, &r, 10000));
  g_object_unref (old);
  g_assert_cmpint (ui_wait_for_load (window, LOAD_TIMEOUT_MS), ==, HS_LOADER_DONE);
  g_assert_cmpstr (hs_window_get_page (window), ==, "content");
  return hs_loader_get_analysis (hs_window_get_loader (window));
}

#define LOADER(w) g_object_ref (hs_window_get_loader (w))

typedef struct
{
  HsWindow *window;
  double percent;
} PercentWait;

static gboolean
suspects_at (gpointer data)
{
  PercentWait *w = data;
  HsAnalysis *a = hs_loader_get_analysis (hs_window_get_loader (w->window));
  return a != NULL && a->suspects != NULL && a->suspects->percent == w->percent;
}

/* Waits until the window's suspects are found again at percent: on the
 * same analysis (the threshold needs no new one). */
static HsAnalysis *
wait_suspects (HsWindow *window, double percent)
{
  PercentWait w = { window, percent };
  HsLoader *loader = hs_window_get_loader (window);
  HsAnalysis *a = hs_loader_get_analysis (loader);

  g_assert_true (ui_wait_until (suspects_at, &w, LOAD_TIMEOUT_MS));
  g_assert_true (hs_window_get_loader (window) == loader);
  g_assert_true (hs_loader_get_analysis (loader) == a);
  return a;
}

/* Closes the test's windows (app.quit would end the application), each
 * waited for until it is finalized. */
static void
quit (HsApplication *app)
{
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

  for (GList *l = windows; l != NULL; l = l->next)
    ui_destroy_window (GTK_WINDOW (l->data));
  g_list_free (windows);
}

#define THRESHOLD_ROW "Problem _Suspects' Threshold"
#define WEAK_ROW "Follow _Weak References"
#define INSPECTORS_ROW "_Android Leaks without a KeyedWeakReference"

/* The preferences window's control of type in the row titled title. */
static gpointer
prefs_control (HsPreferencesWindow *prefs, const char *title, GType type)
{
  GtkWidget *w = ui_find_row_child (GTK_WIDGET (prefs), title, type);

  g_assert_nonnull (w);
  return w;
}

typedef struct
{
  GtkSpinButton *spin;
  int value;
} SpinWait;

static gboolean
spin_at (gpointer data)
{
  SpinWait *w = data;
  return gtk_spin_button_get_value_as_int (w->spin) == w->value;
}

typedef struct
{
  GtkSwitch *sw;
  gboolean active;
} SwitchWait;

static gboolean
switch_at (gpointer data)
{
  SwitchWait *w = data;
  return gtk_switch_get_active (w->sw) == w->active;
}

static gboolean
no_dialog (gpointer data)
{
  return hs_dump_chooser_get_dialog (GTK_WINDOW (data)) == NULL;
}

/* make-suspect-dumps.py: static-map.hprof has one object suspect, the
 * Cache class (104,440 of 104,480 reachable bytes, 99.96%): a suspect at
 * 10% and at 99%, none at 100%. */
static void
test_threshold (void)
{
  g_autoptr (HsApplication) app = app_new ();
  g_autoptr (GSettings) settings = hs_settings_new_if_installed ();
  g_autofree char *path = g_build_filename (dumps_dir, "static-map.hprof", NULL);
  HsPreferencesWindow *prefs;
  GtkSpinButton *spin;
  HsWindow *window;
  HsAnalysis *a;

  g_assert_nonnull (settings);
  window = ui_window_new (GTK_APPLICATION (app), 1200, 760);
  a = open_and_wait (window, path);
  g_assert_cmpfloat (a->suspects->percent, ==, 10.0);
  g_assert_cmpuint (a->suspects->objects->len, ==, 1);

  /* app.preferences opens the window; its spin shows the setting. */
  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "preferences"));
  prefs = hs_preferences_window_new (GTK_APPLICATION (app), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (prefs));
  g_assert_true (ui_wait_shown (GTK_WIDGET (prefs), 10000));
  spin = prefs_control (prefs, THRESHOLD_ROW, GTK_TYPE_SPIN_BUTTON);
  g_assert_cmpint (gtk_spin_button_get_value_as_int (spin), ==, 10);

  /* The preference sets the key; the window finds the suspects again. */
  gtk_spin_button_set_value (spin, 100);
  g_assert_cmpint (g_settings_get_int (settings, "suspects-percent"), ==, 100);
  a = wait_suspects (window, 100);
  g_assert_cmpfloat (a->suspects->percent, ==, 100.0);
  g_assert_cmpuint (a->suspects->objects->len + a->suspects->classes->len, ==, 0);
  /* The leaks view's own threshold shows the same value. */
  g_assert_cmpint (gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (
                       ui_find_child (GTK_WIDGET (ui_leaks_view (window)), GTK_TYPE_SPIN_BUTTON))),
                   ==, 100);

  /* The key changed elsewhere (gsettings set): the row and the analysis
   * follow it. */
  g_settings_set_int (settings, "suspects-percent", 99);
  g_assert_true (ui_wait_until (spin_at, &(SpinWait){ spin, 99 }, 10000));
  a = wait_suspects (window, 99);
  g_assert_cmpfloat (a->suspects->percent, ==, 99.0);
  g_assert_cmpuint (a->suspects->objects->len, ==, 1);

  gtk_spin_button_set_value (spin, 10);
  a = wait_suspects (window, 10);
  g_assert_cmpint (g_settings_get_int (settings, "suspects-percent"), ==, 10);
  g_assert_cmpuint (a->suspects->objects->len, ==, 1);

  if (g_getenv ("HS_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("HS_SCREENSHOT_DIR"), "preferences.png", NULL);
      g_autoptr (GdkTexture) texture = ui_render_widget (GTK_WIDGET (prefs));
      g_assert_true (texture != NULL && gdk_texture_save_to_png (texture, png));
    }
  gtk_window_destroy (GTK_WINDOW (prefs));
  quit (app);
}

/* The switches: following weak references analyses the sample again under
 * the other rule (hs_heap_follow_weak), through the key. */
static void
test_switches (void)
{
  g_autoptr (HsApplication) app = app_new ();
  g_autoptr (GSettings) settings = hs_settings_new_if_installed ();
  HsPreferencesWindow *prefs;
  GtkSwitch *weak, *inspectors;
  HsWindow *window;
  HsAnalysis *a;
  HsLoader *old;

  window = ui_window_new (GTK_APPLICATION (app), 1200, 760);
  a = open_and_wait (window, g_getenv ("HS_SAMPLE_DUMP"));
  g_assert_false (hs_heap_follow_weak (a->heap));
  prefs = hs_preferences_window_new (GTK_APPLICATION (app), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (prefs));
  g_assert_true (ui_wait_shown (GTK_WIDGET (prefs), 10000));
  weak = prefs_control (prefs, WEAK_ROW, GTK_TYPE_SWITCH);
  inspectors = prefs_control (prefs, INSPECTORS_ROW, GTK_TYPE_SWITCH);
  g_assert_false (gtk_switch_get_active (weak));
  g_assert_false (gtk_switch_get_active (inspectors));

  old = LOADER (window);
  gtk_switch_set_active (weak, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "follow-weak"));
  a = wait_reload (window, old);
  g_assert_true (hs_heap_follow_weak (a->heap));
  g_assert_true (gtk_switch_get_active (weak));

  old = LOADER (window);
  g_settings_set_boolean (settings, "follow-weak", FALSE);
  g_assert_true (ui_wait_until (switch_at, &(SwitchWait){ weak, FALSE }, 10000));
  a = wait_reload (window, old);
  g_assert_false (hs_heap_follow_weak (a->heap));

  old = LOADER (window);
  gtk_switch_set_active (inspectors, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "android-inspectors-as-leaks"));
  wait_reload (window, old);
  old = LOADER (window);
  g_settings_set_boolean (settings, "android-inspectors-as-leaks", FALSE);
  wait_reload (window, old);
  gtk_window_destroy (GTK_WINDOW (prefs));
  quit (app);
}

/* The default mapping folder: a mapping there named like the dump, that
 * gives one of the dump's classes another name, is offered when the dump
 * opens; none when the folder is forgotten. */
static void
test_mapping_folder (void)
{
  g_autoptr (HsApplication) app = app_new ();
  g_autoptr (GSettings) settings = hs_settings_new_if_installed ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hs-mapping-folder-XXXXXX", &error);
  g_autofree char *mapping = NULL;
  g_autofree char *path = g_build_filename (dumps_dir, "static-map.hprof", NULL);
  g_autoptr (GFile) folder = NULL;
  g_autofree char *shown = NULL;
  HsPreferencesWindow *prefs;
  HsWindow *window;

  g_assert_no_error (error);
  mapping = g_build_filename (dir, "static-map.txt", NULL);
  g_assert_true (g_file_set_contents (mapping, "x.RealCache -> com.example.Cache:\n", -1, NULL));
  folder = g_file_new_for_path (dir);
  window = ui_window_new (GTK_APPLICATION (app), 1200, 760);
  prefs = hs_preferences_window_new (GTK_APPLICATION (app), GTK_WINDOW (window));
  g_assert_cmpstr (hs_preferences_window_get_folder_text (prefs), ==, "None");

  hs_preferences_window_set_mapping_folder (prefs, folder);
  {
    g_autofree char *key = g_settings_get_string (settings, "mapping-folder");
    g_assert_cmpstr (key, ==, dir);
  }
  shown = g_filename_display_name (dir);
  g_assert_cmpstr (hs_preferences_window_get_folder_text (prefs), ==, shown);
  {
    g_autofree char *found = hs_mapping_folder_find_for_dump ("/elsewhere/static-map.hprof.gz");
    g_assert_cmpstr (found, ==, mapping);
  }
  open_and_wait (window, path);
  g_assert_cmpstr (hs_window_get_offered_mapping (window), ==, mapping);

  hs_preferences_window_set_mapping_folder (prefs, NULL);
  {
    g_autofree char *key = g_settings_get_string (settings, "mapping-folder");
    g_assert_cmpstr (key, ==, "");
  }
  g_assert_cmpstr (hs_preferences_window_get_folder_text (prefs), ==, "None");
  open_and_wait (window, path);
  g_assert_null (hs_window_get_offered_mapping (window));

  gtk_window_destroy (GTK_WINDOW (prefs));
  g_unlink (mapping);
  g_rmdir (dir);
  quit (app);
}

static gboolean
find_about (gpointer data)
{
  GtkWidget **out = data;
  GListModel *tops = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (tops); i++)
    {
      g_autoptr (GObject) w = g_list_model_get_item (tops, i);
      if (ADW_IS_ABOUT_WINDOW (w) && gtk_widget_get_mapped (GTK_WIDGET (w)))
        *out = GTK_WIDGET (w);
    }
  return *out != NULL;
}

/* app.about opens libadwaita's about window with meson's version. */
static void
test_about (void)
{
  g_autoptr (HsApplication) app = app_new ();
  HsWindow *window = ui_window_new (GTK_APPLICATION (app), 1200, 760);
  GtkWidget *about = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  g_assert_true (ui_wait_until (find_about, &about, 5000));
  g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, PACKAGE_VERSION);
  g_assert_cmpstr (PACKAGE_VERSION, !=, "");
  g_assert_cmpstr (adw_about_window_get_application_name (ADW_ABOUT_WINDOW (about)), ==, "Heapscope");
  g_assert_cmpstr (adw_about_window_get_website (ADW_ABOUT_WINDOW (about)), ==, "https://heapscope.org/");
  g_assert_cmpint (adw_about_window_get_license_type (ADW_ABOUT_WINDOW (about)), ==, GTK_LICENSE_GPL_3_0);
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (about)) == GTK_WINDOW (window));
  g_assert_true (ui_wait_shown (about, 10000));
  {
    g_autoptr (GdkTexture) texture = ui_render_widget (about);
    g_assert_nonnull (texture);
    g_assert_cmpuint (ui_count_colors (texture), >, 8);
    if (g_getenv ("HS_SCREENSHOT_DIR") != NULL)
      {
        g_autofree char *png = g_build_filename (g_getenv ("HS_SCREENSHOT_DIR"), "about.png", NULL);
        g_assert_true (gdk_texture_save_to_png (texture, png));
      }
  }
  gtk_window_destroy (GTK_WINDOW (about));
  quit (app);
}

static gboolean
dialog_shown (gpointer data)
{
  AdwMessageDialog *d = hs_dump_chooser_get_dialog (GTK_WINDOW (data));
  return d != NULL && gtk_widget_get_mapped (GTK_WIDGET (d));
}

/* Corpus README: jvm/oracle_jdk7_21_hprofagent.hprof holds two dumps.
 * The window asks which one (once); the answer analyses the second. */
static void
test_dump_chooser (void)
{
  g_autofree char *path = hs_test_corpus_path ("jvm/oracle_jdk7_21_hprofagent.hprof");
  if (!path)
    return;
  HsWindow *window = ui_window_new (NULL, 1200, 760);
  AdwMessageDialog *dialog;
  GtkDropDown *dropdown;
  HsAnalysis *a;
  HsLoader *old;

  a = open_and_wait (window, path);
  g_assert_cmpuint (hs_heap_n_dumps (a->heap), ==, 2);
  g_assert_true (ui_wait_until (dialog_shown, window, 5000));
  dialog = hs_dump_chooser_get_dialog (GTK_WINDOW (window));
  g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (dialog)) == GTK_WINDOW (window));
  g_assert_true (adw_message_dialog_has_response (dialog, "analyse"));
  g_assert_true (adw_message_dialog_has_response (dialog, "keep"));
  dropdown = GTK_DROP_DOWN (ui_find_child (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN));
  g_assert_cmpuint (g_list_model_get_n_items (gtk_drop_down_get_model (dropdown)), ==, 2);
  g_assert_cmpuint (gtk_drop_down_get_selected (dropdown), ==, 0);
  if (g_getenv ("HS_SCREENSHOT_DIR") != NULL)
    {
      g_autofree char *png = g_build_filename (g_getenv ("HS_SCREENSHOT_DIR"), "several-dumps.png", NULL);
      g_assert_true (ui_wait_shown (GTK_WIDGET (dialog), 10000));
      g_autoptr (GdkTexture) texture = ui_render_widget (GTK_WIDGET (dialog));
      g_assert_true (texture != NULL && gdk_texture_save_to_png (texture, png));
    }

  gtk_drop_down_set_selected (dropdown, 1);
  old = LOADER (window);
  adw_message_dialog_response (dialog, "analyse");
  a = wait_reload (window, old);
  g_assert_cmpuint (hs_heap_dump_index (a->heap), ==, 1);
  /* Asked once per file: analysing another dump of it asks no more (the
   * answered dialog closes and none follows the new analysis). */
  g_assert_true (ui_wait_until (no_dialog, window, 10000));
  g_assert_null (hs_dump_chooser_get_dialog (GTK_WINDOW (window)));

  /* "Keep" changes nothing. */
  g_object_set_data (G_OBJECT (window), "hs-dump-chooser-asked", NULL);
  hs_dump_chooser_ask (GTK_WINDOW (window), hs_window_get_tab (window));
  dialog = hs_dump_chooser_get_dialog (GTK_WINDOW (window));
  g_assert_nonnull (dialog);
  g_assert_cmpuint (
      gtk_drop_down_get_selected (GTK_DROP_DOWN (ui_find_child (GTK_WIDGET (dialog), GTK_TYPE_DROP_DOWN))),
      ==, 1);
  adw_message_dialog_response (dialog, "keep");
  g_assert_true (ui_wait_until (no_dialog, window, 10000));
  g_assert_cmpstr (hs_window_get_page (window), ==, "content");
  g_assert_cmpint (hs_loader_get_dump (hs_window_get_loader (window)), ==, 1);

  ui_destroy_window (GTK_WINDOW (window));
}

/* The accelerators the shortcuts window lists, as "keyval:mods" keys
 * ("<Alt>1...8" is a range). */
static void
collect_listed (GtkWidget *w, GHashTable *listed)
{
  if (GTK_IS_SHORTCUTS_SHORTCUT (w))
    {
      g_autofree char *accel = NULL;
      g_auto (GStrv) parts = NULL;

      g_object_get (w, "accelerator", &accel, NULL);
      parts = g_strsplit (accel != NULL ? accel : "", " ", -1);
      for (guint i = 0; parts[i] != NULL; i++)
        {
          char *range = strstr (parts[i], "...");
          guint key;
          GdkModifierType mods;

          if (range != NULL && range > parts[i])
            {
              char last = range[3], first = range[-1];
              g_autofree char *prefix = g_strndup (parts[i], range - 1 - parts[i]);
              for (char c = first; c <= last; c++)
                {
                  g_autofree char *one = g_strdup_printf ("%s%c", prefix, c);
                  g_assert_true (gtk_accelerator_parse (one, &key, &mods));
                  g_hash_table_add (listed, g_strdup_printf ("%u:%u", key, mods));
                }
              continue;
            }
          if (*parts[i] == '\0')
            continue;
          g_assert_true (gtk_accelerator_parse (parts[i], &key, &mods));
          g_hash_table_add (listed, g_strdup_printf ("%u:%u", key, mods));
        }
    }
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    collect_listed (c, listed);
}

static void
expect_listed (GHashTable *listed, guint key, GdkModifierType mods, const char *what, GString *missing)
{
  g_autofree char *k = g_strdup_printf ("%u:%u", gdk_keyval_to_lower (key), mods);
  if (!g_hash_table_contains (listed, k))
    {
      g_autofree char *name = gtk_accelerator_name (key, mods);
      g_string_append_printf (missing, "%s (%s)\n", name, what);
    }
}

/* Every shortcut of the app is in the shortcuts window: the app's accels
 * for any action, the window's and the treemap's key bindings, and the
 * object rows' Shift+F10 / Menu. */
static void
test_shortcuts (void)
{
  g_autoptr (HsApplication) app = app_new ();
  HsWindow *window = ui_window_new (GTK_APPLICATION (app), 1200, 760);
  GtkShortcutsWindow *help = gtk_application_window_get_help_overlay (GTK_APPLICATION_WINDOW (window));
  g_autoptr (GHashTable) listed = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr (GString) missing = g_string_new (NULL);
  g_auto (GStrv) actions = gtk_application_list_action_descriptions (GTK_APPLICATION (app));
  GtkWidget *treemap;
  guint n_checked = 0;

  g_assert_nonnull (help);
  collect_listed (GTK_WIDGET (help), listed);
  g_assert_cmpuint (g_hash_table_size (listed), >=, 20);

  for (guint i = 0; actions[i] != NULL; i++)
    {
      g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (app), actions[i]);
      for (guint j = 0; accels[j] != NULL; j++)
        {
          guint key;
          GdkModifierType mods;
          g_assert_true (gtk_accelerator_parse (accels[j], &key, &mods));
          expect_listed (listed, key, mods, actions[i], missing);
          n_checked++;
        }
    }
  /* Class key bindings live in a shortcut controller of each instance. */
  hs_window_set_view (window, "treemap");
  treemap = ui_find_child (GTK_WIDGET (ui_treemap_view (window)), HS_TYPE_TREEMAP_WIDGET);
  for (int w = 0; w < 2; w++)
    {
      g_autoptr (GListModel) controllers
          = gtk_widget_observe_controllers (w == 0 ? GTK_WIDGET (window) : treemap);
      for (guint i = 0; i < g_list_model_get_n_items (controllers); i++)
        {
          g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
          if (!GTK_IS_SHORTCUT_CONTROLLER (c))
            continue;
          for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++)
            {
              g_autoptr (GtkShortcut) sc = g_list_model_get_item (G_LIST_MODEL (c), j);
              GtkShortcutTrigger *t = gtk_shortcut_get_trigger (sc);
              g_autofree char *what = gtk_shortcut_action_to_string (gtk_shortcut_get_action (sc));
              /* Ours are named actions (gtk_widget_class_add_binding_action);
               * GTK's own (focus moves, activate, debugging) are signals. */
              if (GTK_IS_KEYVAL_TRIGGER (t) && GTK_IS_NAMED_ACTION (gtk_shortcut_get_action (sc)))
                {
                  expect_listed (listed, gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (t)),
                                 gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (t)), what, missing);
                  n_checked++;
                }
            }
        }
    }
  expect_listed (listed, GDK_KEY_F10, GDK_SHIFT_MASK, "object menu", missing);
  expect_listed (listed, GDK_KEY_Menu, 0, "object menu", missing);
  g_test_message ("%u shortcuts checked", n_checked);
  g_assert_cmpuint (n_checked, >=, 24);
  if (missing->len > 0)
    g_error ("shortcuts not in the shortcuts window:\n%s", missing->str);
  quit (app);
}

typedef struct
{
  AdwComboRow *row;
  guint selected;
  AdwColorScheme scheme;
} StyleWait;

/* The row shows selected and the style manager follows with scheme. */
static gboolean
style_at (gpointer data)
{
  StyleWait *w = data;
  return adw_combo_row_get_selected (w->row) == w->selected
         && adw_style_manager_get_color_scheme (adw_style_manager_get_default ()) == w->scheme;
}

/* The style row: Dark sets the key and every window turns dark; the key
 * set elsewhere moves the row and the style; System gives the choice
 * back to the desktop (the style manager's default scheme). */
static void
test_style (void)
{
  g_autoptr (HsApplication) app = app_new ();
  g_autoptr (GSettings) settings = hs_settings_new_if_installed ();
  AdwStyleManager *manager = adw_style_manager_get_default ();
  HsPreferencesWindow *prefs;
  AdwComboRow *row;
  HsWindow *window;

  g_assert_nonnull (settings);
  window = ui_window_new (GTK_APPLICATION (app), 1200, 760);
  prefs = hs_preferences_window_new (GTK_APPLICATION (app), GTK_WINDOW (window));
  gtk_window_present (GTK_WINDOW (prefs));
  g_assert_true (ui_wait_shown (GTK_WIDGET (prefs), 10000));
  row = ADW_COMBO_ROW (ui_find_child (GTK_WIDGET (prefs), ADW_TYPE_COMBO_ROW));
  g_assert_nonnull (row);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 0);
  g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_DEFAULT);

  adw_combo_row_set_selected (row, 2);
  {
    g_autofree char *style = g_settings_get_string (settings, "style");
    g_assert_cmpstr (style, ==, "dark");
  }
  g_assert_true (ui_wait_until (style_at, &(StyleWait){ row, 2, ADW_COLOR_SCHEME_FORCE_DARK }, 10000));
  g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (adw_style_manager_get_dark (manager));

  g_settings_set_string (settings, "style", "light");
  g_assert_true (ui_wait_until (style_at, &(StyleWait){ row, 1, ADW_COLOR_SCHEME_FORCE_LIGHT }, 10000));
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 1);
  g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_assert_false (adw_style_manager_get_dark (manager));

  adw_combo_row_set_selected (row, 0);
  {
    g_autofree char *style = g_settings_get_string (settings, "style");
    g_assert_cmpstr (style, ==, "system");
  }
  g_assert_true (ui_wait_until (style_at, &(StyleWait){ row, 0, ADW_COLOR_SCHEME_DEFAULT }, 10000));
  g_assert_cmpint (adw_style_manager_get_color_scheme (manager), ==, ADW_COLOR_SCHEME_DEFAULT);
  gtk_window_destroy (GTK_WINDOW (prefs));
  quit (app);
}

int
main (int argc, char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, ==, 2);
  dumps_dir = argv[1];
  g_test_add_func ("/prefs/threshold", test_threshold);
  g_test_add_func ("/prefs/switches", test_switches);
  g_test_add_func ("/prefs/style", test_style);
  g_test_add_func ("/prefs/mapping-folder", test_mapping_folder);
  g_test_add_func ("/prefs/about", test_about);
  g_test_add_func ("/prefs/dump-chooser", test_dump_chooser);
  g_test_add_func ("/prefs/shortcuts", test_shortcuts);
  return g_test_run ();
}
