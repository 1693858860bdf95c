/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-menu.h: the context menu that opens the paths view from a
 * class row: "Merged Paths to GC Roots" (win.merged-paths with the
 * row's class), on a right click or a long press of the cell. */
#pragma once

#include <gtk/gtk.h>
#include "hs-types.h"

G_BEGIN_DECLS

/* cell shows the class of item (a GtkListItem of HsClassRow). */
void hs_paths_menu_attach_class (GtkWidget *cell, GtkListItem *item);
/* A small flat button "Merged Paths to GC Roots" for a set of objects
 * (win.merged-paths-objects, what names the set) or for the members of a
 * class suspect (win.merged-paths-members: the dominator tree's
 * top-level objects of that class name). */
GtkWidget *hs_paths_button_new_objects (const char *what, const HsObj *objs, gsize n);
GtkWidget *hs_paths_button_new_members (const char *class_name);
/* The same for an object list shown (an instance list): the objects are
 * read from the list when the button is clicked. Placed right after
 * sibling; hs_paths_list_button_set gives it the list (NULL: insensitive). */
GtkWidget *hs_paths_list_button_new (GtkWidget *sibling);
void hs_paths_list_button_set (GtkWidget *button, const char *what, GListModel *list);

G_END_DECLS
