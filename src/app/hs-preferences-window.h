/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-preferences-window.h: the preferences (AdwPreferencesWindow): the
 * style (the system's, light or dark), follow weak references, Android leaks without a KeyedWeakReference, the problem
 * suspects' threshold and the default mapping folder. Each row is bound
 * to its GSettings key (style, follow-weak, android-inspectors-as-leaks,
 * suspects-percent, mapping-folder), from which the application makes its
 * actions: changing one analyses the open dumps again. Without the
 * installed schema the rows only show the defaults. The saved indexes
 * have a group of their own (hs-index-cache-group.h). */
#pragma once

#include <adwaita.h>
#include "hs-index-cache-group.h"

G_BEGIN_DECLS

#define HS_TYPE_PREFERENCES_WINDOW (hs_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (HsPreferencesWindow, hs_preferences_window, HS, PREFERENCES_WINDOW,
                      AdwPreferencesWindow)

HsPreferencesWindow *hs_preferences_window_new (GtkApplication *app, GtkWindow *parent);

/* What the folder chooser does with its answer (NULL: forget it). */
void hs_preferences_window_set_mapping_folder (HsPreferencesWindow *self, GFile *folder);
const char *hs_preferences_window_get_folder_text (HsPreferencesWindow *self);

G_END_DECLS
