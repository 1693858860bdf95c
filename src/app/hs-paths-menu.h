/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-menu.h: the context menu that opens the paths view from a
 * class row: "Merged Paths to GC Roots" (win.merged-paths with the
 * row's class), on a right click or a long press of the cell. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* cell shows the class of item (a GtkListItem of HsClassRow). */
void hs_paths_menu_attach_class (GtkWidget *cell, GtkListItem *item);

G_END_DECLS
