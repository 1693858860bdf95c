/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-settings.h: the app's GSettings, looked up in one place for the
 * application's options, the window's size and the tabs alike. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The app's settings (APP_ID), or NULL when its schema is not installed
 * (tests and uninstalled runs). */
GSettings *hs_settings_new_if_installed (void);

G_END_DECLS
