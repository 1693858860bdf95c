/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-context-menu.c: a context menu that outlives its widget safely (see
 * the header). */
#include "config.h"
#include "hs-context-menu.h"
#include "hs-ui-util-private.h"

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
  /* Unparented after its item acted, or when the widget goes first. */
  hs_popover_unparent_after_close (GTK_POPOVER (popover));
  gtk_popover_popup (GTK_POPOVER (popover));
}
