/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-application.c: the application (see hs-application.h). */
#include "config.h"
#include "hs-application.h"
#include "hs-window.h"
#include "hs-app-actions.h"
#include "hs-style-setting.h"

#include <glib/gi18n.h>

struct _HsApplication
{
  AdwApplication parent_instance;
  GSettings *settings;
};

G_DEFINE_FINAL_TYPE (HsApplication, hs_application, ADW_TYPE_APPLICATION)

static void
quit_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  GApplication *app = data;
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (app)));

  /* Close the windows so that each remembers its size. */
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
  g_application_quit (app);
}

static void
toggle_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  g_autoptr (GVariant) state = g_action_get_state (G_ACTION (action));
  g_simple_action_set_state (action, g_variant_new_boolean (!g_variant_get_boolean (state)));
}

static HsWindow *
new_window (HsApplication *self)
{
  HsWindow *window = hs_window_new (GTK_APPLICATION (self));
  gtk_window_present (GTK_WINDOW (window));
  return window;
}

static void
hs_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (new_window (HS_APPLICATION (app)));
  gtk_window_present (window);
}

static void
hs_application_open (GApplication *app, GFile **files, int n_files, const char *hint)
{
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (app));
  HsWindow *window = HS_IS_WINDOW (active) ? HS_WINDOW (active) : new_window (HS_APPLICATION (app));

  /* Each file in its tab (the tab shown when it is empty; a file open
   * already shows its tab). */
  for (int i = 0; i < n_files; i++)
    hs_window_open_file (window, files[i]);
  gtk_window_present (GTK_WINDOW (window));
}

/* The reference rules and leak options change every number: analyse the
 * open dumps again. The suspects' threshold changes only the suspects:
 * found again on each dump's dominator tree. */
static void
on_option_changed (GAction *action, GParamSpec *pspec, HsApplication *self)
{
  gboolean threshold = g_str_equal (g_action_get_name (action), "suspects-percent");

  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    if (HS_IS_WINDOW (l->data))
      {
        if (threshold)
          hs_window_find_suspects (HS_WINDOW (l->data));
        else
          hs_window_reload (HS_WINDOW (l->data));
      }
}

static void
add_toggle (HsApplication *self, const char *key)
{
  g_autoptr (GAction) action = NULL;

  /* Backed by GSettings when the schema is installed, else a plain
   * stateful action with the schema's default (off; the suspects'
   * threshold: 10, set by activating it with a percentage). */
  if (self->settings != NULL)
    action = g_settings_create_action (self->settings, key);
  else if (g_str_equal (key, "suspects-percent"))
    action = G_ACTION (g_simple_action_new_stateful (key, G_VARIANT_TYPE_INT32, g_variant_new_int32 (10)));
  else
    {
      GSimpleAction *simple = g_simple_action_new_stateful (key, NULL, g_variant_new_boolean (FALSE));
      g_signal_connect (simple, "activate", G_CALLBACK (toggle_action), NULL);
      action = G_ACTION (simple);
    }
  g_signal_connect_object (action, "notify::state", G_CALLBACK (on_option_changed), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self), action);
}

static void
hs_application_startup (GApplication *app)
{
  HsApplication *self = HS_APPLICATION (app);
  static const GActionEntry entries[] = {
    { "quit", quit_action, NULL, NULL, NULL, { 0 } },
  };
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *open_accels[] = { "<Control>o", NULL };
  static const char *export_accels[] = { "<Control>e", NULL };
  static const char *find_accels[] = { "<Control>f", NULL };
  static const char *close_accels[] = { "<Control>w", NULL };
  static const char *help_accels[] = { "F1", "<Control>question", NULL };
  G_APPLICATION_CLASS (hs_application_parent_class)->startup (app);

  g_set_application_name ("Heapscope");
  gtk_window_set_default_icon_name (APP_ID);

  self->settings = hs_settings_new_if_installed ();
  if (self->settings != NULL)
    hs_style_setting_follow (self->settings);

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  add_toggle (self, "follow-weak");
  add_toggle (self, "android-inspectors-as-leaks");
  add_toggle (self, "suspects-percent");
  hs_app_actions_install (GTK_APPLICATION (app));

  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.open", open_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.export", export_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.find", find_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.close", close_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "win.show-help-overlay", help_accels);
}

static void
hs_application_finalize (GObject *object)
{
  g_clear_object (&HS_APPLICATION (object)->settings);
  G_OBJECT_CLASS (hs_application_parent_class)->finalize (object);
}

static void
hs_application_class_init (HsApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = hs_application_finalize;
  app_class->activate = hs_application_activate;
  app_class->open = hs_application_open;
  app_class->startup = hs_application_startup;
}

static void
hs_application_init (HsApplication *self)
{
}

HsApplication *
hs_application_new (void)
{
  return g_object_new (HS_TYPE_APPLICATION, "application-id", APP_ID, "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/org/heapscope/Heapscope", NULL);
}
