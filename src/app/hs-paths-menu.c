/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-menu.c: the class row's paths menu (see the header). */
#include "config.h"
#include "hs-paths-menu.h"
#include "hs-class-row.h"
#include "hs-class-group-row.h"
#include "hs-object-list.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

static void
popup (GtkWidget *cell, double x, double y)
{
  GtkListItem *item = g_object_get_data (G_OBJECT (cell), "hs-paths-list-item");
  gpointer row = item ? gtk_list_item_get_item (item) : NULL;
  g_autoptr (GObject) inner = NULL;
  g_autoptr (GMenu) menu = NULL;
  g_autoptr (GMenuItem) mi = NULL;
  GtkWidget *popover;
  HsClass klass;

  /* A class of the plain table, or of the grouped one (a class node). */
  if (GTK_IS_TREE_LIST_ROW (row))
    inner = gtk_tree_list_row_get_item (GTK_TREE_LIST_ROW (row));
  else if (row != NULL)
    inner = g_object_ref (row);
  if (HS_IS_CLASS_ROW (inner))
    klass = hs_class_row_get_class (HS_CLASS_ROW (inner));
  else if (HS_IS_CLASS_GROUP_ROW (inner))
    klass = hs_class_group_row_get_class (HS_CLASS_GROUP_ROW (inner));
  else
    return;
  if (klass == HS_CLASS_NONE) /* a package or a loader */
    return;
  menu = g_menu_new ();
  mi = g_menu_item_new (_ ("Merged Paths to GC Roots"), NULL);
  g_menu_item_set_action_and_target_value (mi, "win.merged-paths", g_variant_new_uint32 (klass));
  g_menu_append_item (menu, mi);
  {
    /* The Query view over the class's instances. */
    g_autoptr (GMenuItem) query = g_menu_item_new (_ ("Query from Here"), NULL);
    g_menu_item_set_action_and_target_value (query, "win.query-class", g_variant_new_uint32 (klass));
    g_menu_append_item (menu, query);
  }
  popover = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
  gtk_widget_set_parent (popover, cell);
  gtk_popover_set_pointing_to (GTK_POPOVER (popover), &(GdkRectangle){ (int)x, (int)y, 1, 1 });
  gtk_popover_set_has_arrow (GTK_POPOVER (popover), FALSE);
  hs_popover_unparent_after_close (GTK_POPOVER (popover));
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

/* An object list's "Merged Paths to GC Roots": its objects read now. */
static void
on_list_clicked (GtkButton *button, gpointer data)
{
  HsObjectList *list = g_object_get_data (G_OBJECT (button), "hs-paths-list");
  const char *what = g_object_get_data (G_OBJECT (button), "hs-paths-what");
  g_autoptr (GArray) objs = NULL;
  guint n;

  if (list == NULL)
    return;
  n = g_list_model_get_n_items (G_LIST_MODEL (list));
  objs = g_array_sized_new (FALSE, FALSE, sizeof (HsObj), n);
  for (guint i = 0; i < n; i++)
    {
      HsObj o = hs_object_list_get_obj (list, i);
      if (o != HS_OBJ_NONE)
        g_array_append_val (objs, o);
    }
  gtk_widget_activate_action_variant (
      GTK_WIDGET (button), "win.merged-paths-objects",
      g_variant_new (
          "(s@au)", what ? what : "",
          g_variant_new_fixed_array (G_VARIANT_TYPE_UINT32, objs->data, objs->len, sizeof (HsObj))));
}

GtkWidget *
hs_paths_list_button_new (GtkWidget *sibling)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("mark-location-symbolic");

  gtk_button_set_has_frame (GTK_BUTTON (button), FALSE);
  gtk_widget_set_tooltip_text (button, _ ("Merged Paths to GC Roots"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Merged Paths to GC Roots"), -1);
  gtk_widget_set_sensitive (button, FALSE);
  g_signal_connect (button, "clicked", G_CALLBACK (on_list_clicked), NULL);
  gtk_widget_insert_after (button, gtk_widget_get_parent (sibling), sibling);
  return button;
}

void
hs_paths_list_button_set (GtkWidget *button, const char *what, GListModel *list)
{
  g_object_set_data_full (G_OBJECT (button), "hs-paths-list",
                          HS_IS_OBJECT_LIST (list) ? g_object_ref (list) : NULL, g_object_unref);
  g_object_set_data_full (G_OBJECT (button), "hs-paths-what", g_strdup (what), g_free);
  gtk_widget_set_sensitive (button, HS_IS_OBJECT_LIST (list));
}
