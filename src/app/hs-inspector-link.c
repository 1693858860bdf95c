/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-inspector-link.c: see hs-inspector-link.h. */
#include "config.h"
#include "hs-inspector-link.h"
#include "hs-object-menu.h"

struct _HsInspectorLink
{
  GtkButton parent_instance;
  HsObj obj;
};

G_DEFINE_FINAL_TYPE (HsInspectorLink, hs_inspector_link, GTK_TYPE_BUTTON)

enum
{
  PROP_0,
  PROP_OBJ,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hs_inspector_link_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsInspectorLink *self = HS_INSPECTOR_LINK (object);

  switch (prop_id)
    {
      case PROP_OBJ: g_value_set_uint (value, self->obj); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_inspector_link_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HsInspectorLink *self = HS_INSPECTOR_LINK (object);

  switch (prop_id)
    {
      case PROP_OBJ: hs_inspector_link_set_obj (self, g_value_get_uint (value)); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_inspector_link_clicked (GtkButton *button)
{
  HsInspectorLink *self = HS_INSPECTOR_LINK (button);

  if (self->obj != HS_OBJ_NONE)
    gtk_widget_activate_action (GTK_WIDGET (self), "inspector.follow", "u", (guint32)self->obj);
}

static HsObj
link_object (GtkWidget *widget, double x, double y, gpointer data)
{
  return HS_INSPECTOR_LINK (widget)->obj;
}

static void
hs_inspector_link_class_init (HsInspectorLinkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkButtonClass *button_class = GTK_BUTTON_CLASS (klass);

  object_class->get_property = hs_inspector_link_get_property;
  object_class->set_property = hs_inspector_link_set_property;
  button_class->clicked = hs_inspector_link_clicked;
  properties[PROP_OBJ]
      = g_param_spec_uint ("obj", NULL, "The object linked to", 0, G_MAXUINT32, HS_OBJ_NONE,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hs_inspector_link_init (HsInspectorLink *self)
{
  self->obj = HS_OBJ_NONE;
  gtk_widget_add_css_class (GTK_WIDGET (self), "flat");
  gtk_widget_add_css_class (GTK_WIDGET (self), "hs-link");
  hs_object_menu_attach (GTK_WIDGET (self), link_object, NULL);
}

void
hs_inspector_link_set_obj (HsInspectorLink *self, HsObj obj)
{
  g_return_if_fail (HS_IS_INSPECTOR_LINK (self));
  if (self->obj == obj)
    return;
  self->obj = obj;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OBJ]);
}
