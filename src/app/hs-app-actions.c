/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-app-actions.c: app.preferences, app.about and app.mapping-folder (see
 * hs-app-actions.h). The analysis options themselves (app.follow-weak,
 * app.android-inspectors-as-leaks, app.suspects-percent) are made by
 * hs-application.c from the same GSettings keys; the preferences window
 * changes those actions, so the settings stay the single source and the
 * application's listener analyses the open dumps again. */
#include "config.h"
#include "hs-app-actions.h"
#include "hs-settings.h"
#include "hs-palette.h"
#include "hs-preferences-window.h"

#include <adwaita.h>
#include <glib/gi18n.h>

GtkWidget *
hs_about_window_new (GtkWindow *parent)
{
  static const char *developers[] = { "The Heapscope developers", NULL };
  static const char *ideas[] = { "LeakCanary https://square.github.io/leakcanary/",
                                 "Eclipse Memory Analyzer https://eclipse.dev/mat/", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW, "application-name", "Heapscope", "application-icon", APP_ID,
                        "version", PACKAGE_VERSION, "developer-name", "The Heapscope authors", "website",
                        "https://heapscope.org/", "issue-url", "https://heapscope.org/issues", "license-type",
                        GTK_LICENSE_GPL_3_0, "copyright", "© 2026 The Heapscope authors", "comments",
                        _ ("Find memory leaks and what retains memory in Java and Android heap dumps"),
                        "developers", developers,
                        /* Translators: your name and e-mail address, one translator a line. */
                        "translator-credits", _ ("translator-credits"), "transient-for", parent, "modal",
                        parent != NULL, NULL);
  adw_about_window_add_acknowledgement_section (ADW_ABOUT_WINDOW (about),
                                                _ ("Leak Finding and Retained Sizes after"), ideas);
  return about;
}

static void
about_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  GtkApplication *app = data;

  gtk_window_present (GTK_WINDOW (hs_about_window_new (gtk_application_get_active_window (app))));
}

static void
preferences_action (GSimpleAction *action, GVariant *param, gpointer data)
{
  GtkApplication *app = data;
  GtkWindow *parent = gtk_application_get_active_window (app);

  gtk_window_present (GTK_WINDOW (hs_preferences_window_new (app, parent)));
}

/* app.mapping-folder: the GSettings key when the schema is installed, else
 * a plain string state for the session. */
static void
add_mapping_folder (GtkApplication *app)
{
  g_autoptr (GSettings) settings = hs_settings_new_if_installed ();
  g_autoptr (GAction) action = NULL;

  if (settings != NULL)
    action = g_settings_create_action (settings, "mapping-folder");
  else
    action = G_ACTION (
        g_simple_action_new_stateful ("mapping-folder", G_VARIANT_TYPE_STRING, g_variant_new_string ("")));
  g_action_map_add_action (G_ACTION_MAP (app), action);
}

void
hs_app_actions_install (GtkApplication *app)
{
  static const GActionEntry entries[] = {
    { "about", about_action, NULL, NULL, NULL, { 0 } },
    { "preferences", preferences_action, NULL, NULL, NULL, { 0 } },
  };
  static const char *preferences_accels[] = { "<Control>comma", NULL };

  g_return_if_fail (GTK_IS_APPLICATION (app));

  /* libadwaita's styles and style manager (an AdwApplication does this
   * itself); the style follows the system's, never forced. */
  adw_init ();
  hs_palette_ensure ();
  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  add_mapping_folder (app);
  gtk_application_set_accels_for_action (app, "app.preferences", preferences_accels);
}
