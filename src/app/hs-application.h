/* hs-application.h: the GtkApplication (no libadwaita on Debian 12's
 * GTK 4.8 stack): app-wide actions and accelerators, opening files. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define HS_TYPE_APPLICATION (hs_application_get_type ())
G_DECLARE_FINAL_TYPE (HsApplication, hs_application, HS, APPLICATION, GtkApplication)

HsApplication *hs_application_new (void);
/* The app's settings (APP_ID), or NULL when its schema is not installed
 * (tests and uninstalled runs): the one schema lookup, for the
 * application's options and the window's size alike. */
GSettings     *hs_settings_new_if_installed (void);

G_END_DECLS
