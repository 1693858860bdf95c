/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-style-setting.h: the window's style (the "color-scheme" key:
 * "system", "light" or "dark") applied to libadwaita's style manager, and
 * the preferences' row that chooses it. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Applies the key to the default AdwStyleManager now and on each change
 * (for the settings' life). */
void hs_style_setting_follow (GSettings *settings);
/* A combo row System / Light / Dark bound to the key. */
GtkWidget *hs_style_row_new (GSettings *settings);

G_END_DECLS
