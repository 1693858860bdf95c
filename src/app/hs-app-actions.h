/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-app-actions.h: the application's own windows and actions, installed
 * on the application at startup: app.preferences (Ctrl+comma), app.about
 * and app.mapping-folder (the default mapping folder, a string; backed by
 * GSettings like the analysis options). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void hs_app_actions_install (GtkApplication *app);
/* The about window (AdwAboutWindow), transient for parent; not shown. */
GtkWidget *hs_about_window_new (GtkWindow *parent);

G_END_DECLS
