/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-menu.c: the object row's context menu (see the header). */
#include "config.h"
#include "hs-object-menu.h"
#include "hs-context-menu.h"

#include <glib/gi18n.h>

GMenuModel *
hs_object_menu_model (HsObj obj)
{
  GMenu *menu = g_menu_new ();
  g_autoptr (GMenuItem) id = g_menu_item_new (_ ("Copy Id"), NULL);
  g_autoptr (GMenuItem) path = g_menu_item_new (_ ("Copy Path to GC Root"), NULL);

  g_menu_item_set_action_and_target_value (id, "win.copy-id", g_variant_new_uint32 (obj));
  g_menu_item_set_action_and_target_value (path, "win.copy-path", g_variant_new_uint32 (obj));
  g_autoptr (GMenuItem) other = g_menu_item_new (_ ("Other Paths to GC Roots"), NULL);

  g_menu_item_set_action_and_target_value (other, "win.other-paths", g_variant_new_uint32 (obj));
  g_menu_append_item (menu, id);
  g_menu_append_item (menu, path);
  g_menu_append_item (menu, other);
  {
    /* The Query view with a query over this object (or a class's instances). */
    g_autoptr (GMenuItem) query = g_menu_item_new (_ ("Query from Here"), NULL);
    g_menu_item_set_action_and_target_value (query, "win.query-object", g_variant_new_uint32 (obj));
    g_menu_append_item (menu, query);
  }
  {
    /* The References view on this object (Eclipse MAT's "List objects
     * with outgoing / incoming references"). */
    g_autoptr (GMenuItem) out = g_menu_item_new (_ ("List Outgoing References"), NULL);
    g_autoptr (GMenuItem) in = g_menu_item_new (_ ("List Incoming References"), NULL);
    g_menu_item_set_action_and_target_value (out, "win.list-outgoing", g_variant_new_uint32 (obj));
    g_menu_item_set_action_and_target_value (in, "win.list-incoming", g_variant_new_uint32 (obj));
    g_menu_append_item (menu, out);
    g_menu_append_item (menu, in);
    /* Offered by the tables whose rows can be selected several at a time
     * (HsSelectionBar): the selection's, or this row's, retained size. */
    g_autoptr (GMenuItem) retained = g_menu_item_new (_ ("Calculate Precise Retained Size"), NULL);
    g_menu_item_set_action_and_target_value (retained, "rows.retained-size", g_variant_new_uint32 (obj));
    g_menu_item_set_attribute (retained, "hidden-when", "s", "action-missing");
    g_menu_append_item (menu, retained);
  }
  return G_MENU_MODEL (menu);
}

GtkWidget *
hs_object_menu_button_new (HsObj obj)
{
  g_autoptr (GMenuModel) model = hs_object_menu_model (obj);
  GtkWidget *button = gtk_menu_button_new ();

  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "edit-copy-symbolic");
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), model);
  gtk_widget_set_tooltip_text (button, _ ("Copy the Id or the Path to a GC Root"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL, _ ("Copy"), -1);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_menu_button_set_has_frame (GTK_MENU_BUTTON (button), FALSE);
  return button;
}

void
hs_object_menu_popup (GtkWidget *widget, HsObj obj, double x, double y)
{
  g_autoptr (GMenuModel) model = NULL;

  g_return_if_fail (GTK_IS_WIDGET (widget));
  if (obj == HS_OBJ_NONE)
    return;
  model = hs_object_menu_model (obj);
  hs_context_menu_popup (widget, model, x, y);
}

typedef struct
{
  HsObjectMenuFunc get_obj;
  gpointer data;
} Attach;

static void
show_at (GtkWidget *widget, double x, double y)
{
  Attach *at = g_object_get_data (G_OBJECT (widget), "hs-object-menu");
  if (at != NULL)
    hs_object_menu_popup (widget, at->get_obj (widget, x, y, at->data), x, y);
}

static void
on_pressed (GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
  GtkWidget *widget = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  show_at (widget, x, y);
}

static void
on_long_press (GtkGestureLongPress *gesture, double x, double y, gpointer data)
{
  show_at (gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture)), x, y);
}

static gboolean
on_menu_key (GtkWidget *widget, GVariant *args, gpointer data)
{
  show_at (widget, gtk_widget_get_width (widget) / 2.0, gtk_widget_get_height (widget) / 2.0);
  return TRUE;
}

void
hs_object_menu_attach (GtkWidget *widget, HsObjectMenuFunc get_obj, gpointer data)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *press = gtk_gesture_long_press_new ();
  GtkEventController *keys = gtk_shortcut_controller_new ();
  Attach *at = g_new0 (Attach, 1);

  g_return_if_fail (GTK_IS_WIDGET (widget));
  at->get_obj = get_obj;
  at->data = data;
  g_object_set_data_full (G_OBJECT (widget), "hs-object-menu", at, g_free);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_pressed), NULL);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (click));
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (press), TRUE);
  g_signal_connect (press, "pressed", G_CALLBACK (on_long_press), NULL);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (press));
  gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_F10, GDK_SHIFT_MASK),
                                                     gtk_keyval_trigger_new (GDK_KEY_Menu, 0)),
                        gtk_callback_action_new (on_menu_key, NULL, NULL)));
  gtk_widget_add_controller (widget, keys);
}
