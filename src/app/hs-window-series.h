/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window-series.h: several dumps opened together (chosen at once in
 * Open, dropped at once on the window) are one series (docs/semantics.md
 * "Growth over a series of dumps"): the newest in a tab, the others its
 * older dumps in the Growth view, which is shown once the newest is
 * analysed. The order is the dumps' own (hs-growth-order.h), for "Add to
 * Series…" too. */
#pragma once

#include "hs-window.h"

G_BEGIN_DECLS

/* Sorts files (GFile, owning, as g_ptr_array_new_with_free_func
 * (g_object_unref) makes) oldest first; a file named twice stays once. */
void _hs_window_series_order (GPtrArray *files);
/* Opens files (n >= 2, any order) as one series; one file opens as Open
 * does. Returns the tab of the newest. */
HsDumpTab *_hs_window_series_open (HsWindow *self, GFile *const *files, guint n);

G_END_DECLS
