/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-menu.h: the context menu of an object row ("Copy id", "Copy
 * path to GC root", "Query from here"), a GtkPopoverMenu over a GMenu whose
 * items activate "win.copy-id", "win.copy-path" and "win.query-object" with
 * the object index (guint32). Any
 * widget inside the window can offer it: right click, long press, or
 * Shift+F10 / the Menu key. */
#pragma once

#include <gtk/gtk.h>
#include "hs-types.h"

G_BEGIN_DECLS

/* The object a click at x, y of widget is about (HS_OBJ_NONE: no menu). */
typedef HsObj (*HsObjectMenuFunc) (GtkWidget *widget, double x, double y, gpointer data);

/* The menu model for obj (new reference). */
GMenuModel *hs_object_menu_model (HsObj obj);
/* Pops the menu for obj up at x, y of widget (x < 0: under the widget). */
void hs_object_menu_popup (GtkWidget *widget, HsObj obj, double x, double y);
/* A flat menu button (a copy icon) with the menu for obj. */
GtkWidget *hs_object_menu_button_new (HsObj obj);
/* Offers the menu on widget for the object get_obj names. */
void hs_object_menu_attach (GtkWidget *widget, HsObjectMenuFunc get_obj, gpointer data);

G_END_DECLS
