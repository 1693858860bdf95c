/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-preferences-window.h: the preferences (AdwPreferencesWindow): follow
 * weak references, Android leaks without a KeyedWeakReference, the problem
 * suspects' threshold and the default mapping folder. Each row shows and
 * changes an app action (app.follow-weak, app.android-inspectors-as-leaks,
 * app.suspects-percent, app.mapping-folder), each backed by its GSettings
 * key: changing one analyses the open dumps again. The saved indexes have
 * a group of their own (hs-index-cache-group.h). */
#pragma once

#include <adwaita.h>
#include "hs-index-cache-group.h"

G_BEGIN_DECLS

#define HS_TYPE_PREFERENCES_WINDOW (hs_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (HsPreferencesWindow, hs_preferences_window, HS, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

HsPreferencesWindow *hs_preferences_window_new (GtkApplication *app, GtkWindow *parent);

/* For the tests: the rows' controls and the folder as the row shows it. */
GtkSwitch *hs_preferences_window_get_weak_switch (HsPreferencesWindow *self);
/* The Style row (System, Light, Dark: the "color-scheme" key), NULL when
 * the schema is not installed. */
AdwComboRow *hs_preferences_window_get_style_row (HsPreferencesWindow *self);
GtkSwitch *hs_preferences_window_get_inspectors_switch (HsPreferencesWindow *self);
GtkSpinButton *hs_preferences_window_get_percent_spin (HsPreferencesWindow *self);
/* What the folder chooser does with its answer (NULL: forget it). */
void hs_preferences_window_set_mapping_folder (HsPreferencesWindow *self, GFile *folder);
const char *hs_preferences_window_get_folder_text (HsPreferencesWindow *self);
HsIndexCacheGroup *hs_preferences_window_get_cache_group (HsPreferencesWindow *self);

G_END_DECLS
