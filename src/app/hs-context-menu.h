/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-context-menu.h: a context menu (a GtkPopoverMenu over a GMenuModel)
 * popped up on a widget that can go while the menu is open or while its
 * item acts, as the cell of a list row that the list recycles or
 * disposes: hs_popover_unparent_after_close (hs-ui-util-private.h) keeps
 * the menu the widget's child until its item has acted, and takes it away
 * when the widget is destroyed first, never kept with a parent that is
 * gone. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Pops model up at x, y of widget (x < 0: under the widget). */
void hs_context_menu_popup (GtkWidget *widget, GMenuModel *model, double x, double y);

G_END_DECLS
