/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-menu.c: the class row's paths menu (see the header). */
#include "config.h"
#include "hs-paths-menu.h"
#include "hs-class-row.h"

#include <glib/gi18n.h>

static void
popup (GtkWidget *cell, double x, double y)
{
  GtkListItem *item = g_object_get_data (G_OBJECT (cell), "hs-paths-list-item");
  gpointer row = item ? gtk_list_item_get_item (item) : NULL;
  g_autoptr (GMenu) menu = NULL;
  g_autoptr (GMenuItem) mi = NULL;
  GtkWidget *popover;

  if (!HS_IS_CLASS_ROW (row))
    return;
  menu = g_menu_new ();
  mi = g_menu_item_new (_ ("Merged Paths to GC Roots"), NULL);
  g_menu_item_set_action_and_target_value (
      mi, "win.merged-paths", g_variant_new_uint32 (hs_class_row_get_class (HS_CLASS_ROW (row))));
  g_menu_append_item (menu, mi);
  popover = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
  gtk_widget_set_parent (popover, cell);
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &(GdkRectangle){ (int)x, (int)y, 1, 1 });
  gtk_popover_set_has_arrow (GTK_POPOVER (popover), FALSE);
  g_signal_connect (popover, "closed", G_CALLBACK (gtk_widget_unparent), NULL);
  gtk_popover_popup (GTK_POPOVER (popover));
}

static void
on_pressed (GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
  popup (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)), x, y);
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
on_long_press (GtkGestureLongPress *gesture, double x, double y, gpointer data)
{
  popup (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)), x, y);
}

void
hs_paths_menu_attach_class (GtkWidget *cell, GtkListItem *item)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *press = gtk_gesture_long_press_new ();

  g_object_set_data (G_OBJECT (cell), "hs-paths-list-item", item);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), NULL);
  gtk_widget_add_controller (cell, GTK_EVENT_CONTROLLER (click));
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (press), TRUE);
  g_signal_connect (press, "pressed", G_CALLBACK (on_long_press), NULL);
  gtk_widget_add_controller (cell, GTK_EVENT_CONTROLLER (press));
}

static GtkWidget *
button_new (void)
{
  GtkWidget *button = gtk_button_new_with_label (_ ("Merged Paths to GC Roots"));
  gtk_button_set_has_frame (GTK_BUTTON (button), FALSE);
  gtk_widget_set_halign (button, GTK_ALIGN_START);
  gtk_widget_add_css_class (button, "caption");
  gtk_widget_set_tooltip_text (
      button, _ ("Why these objects are still alive: their paths from the GC roots, merged"));
  return button;
}

GtkWidget *
hs_paths_button_new_objects (const char *what, const HsObj *objs, gsize n)
{
  GtkWidget *button = button_new ();
  GVariant *list = g_variant_new_fixed_array (G_VARIANT_TYPE_UINT32, objs, n, sizeof (HsObj));

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.merged-paths-objects");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new ("(s@au)", what, list));
  return button;
}

GtkWidget *
hs_paths_button_new_members (const char *class_name)
{
  GtkWidget *button = button_new ();

  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.merged-paths-members");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_string (class_name));
  return button;
}
