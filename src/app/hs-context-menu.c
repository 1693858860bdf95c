/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-context-menu.c: a context menu that outlives its widget safely (see
 * the header). */
#include "config.h"
#include "hs-context-menu.h"

static void on_owner_destroy (GtkWidget *owner, GtkWidget *popover);

/* The menu leaves its widget (once: the widget's destroy or the idle after
 * "closed", whichever comes first). */
static void
release (GtkWidget *popover)
{
  GtkWidget *owner = gtk_widget_get_parent (popover);

  if (owner == NULL)
    return;
  g_signal_handlers_disconnect_by_func (owner, on_owner_destroy, popover);
  gtk_widget_unparent (popover);
}

static void
on_owner_destroy (GtkWidget *owner, GtkWidget *popover)
{
  gtk_popover_popdown (GTK_POPOVER (popover));
  release (popover);
}

static void
release_later (gpointer data)
{
  GtkWidget *popover = data;

  release (popover);
  g_object_unref (popover);
}

static void
on_closed (GtkPopover *popover, gpointer data)
{
  /* Later: a menu item closes the menu before its action runs, and the
   * action is found through the menu's parents. The reference keeps the
   * menu until then whatever happens to its widget. */
  g_idle_add_once (release_later, g_object_ref (popover));
}

void
hs_context_menu_popup (GtkWidget *widget, GMenuModel *model, double x, double y)
{
  GtkWidget *popover;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  g_return_if_fail (G_IS_MENU_MODEL (model));

  popover = gtk_popover_menu_new_from_model (model);
  gtk_widget_set_parent (popover, widget);
  gtk_popover_set_has_arrow (GTK_POPOVER (popover), FALSE);
  gtk_widget_set_halign (popover, GTK_ALIGN_START);
  if (x >= 0)
    gtk_popover_set_pointing_to (GTK_POPOVER (popover), &(GdkRectangle){ (int)x, (int)y, 1, 1 });
  g_signal_connect (widget, "destroy", G_CALLBACK (on_owner_destroy), popover);
  g_signal_connect (popover, "closed", G_CALLBACK (on_closed), NULL);
  gtk_popover_popup (GTK_POPOVER (popover));
}
