/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window-mapping.h: a ProGuard / R8 mapping applied to the dump of the
 * tab shown (see hs-dump-tab-mapping.h: each tab has its own). */
#pragma once

#include "hs-window.h"
#include "hs-dump-tab-mapping.h"

G_BEGIN_DECLS

void hs_window_load_mapping (HsWindow *self, GFile *file);
gboolean hs_window_is_mapping_busy (HsWindow *self);
const char *hs_window_get_mapping_path (HsWindow *self);
const char *hs_window_get_offered_mapping (HsWindow *self);

G_END_DECLS
