/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-banner.c: a banner over a dump's views (see the header). The layout
 * is ui/hs-banner.ui; the banner's visibility follows "revealed". */
#include "config.h"
#include "hs-banner.h"

struct _HsBanner
{
  AdwBin parent_instance;

  /* template */
  GtkBox *box;
  GtkImage *icon;
  AdwBin *widget_bin;
  GtkButton *button;
  GtkButton *dismiss_button;

  char *title;
  char *button_label;
  char *button_tooltip;
  char *action_name;
  HsBannerKind kind;
};

G_DEFINE_ENUM_TYPE (HsBannerKind, hs_banner_kind, G_DEFINE_ENUM_VALUE (HS_BANNER_INFO, "info"),
                    G_DEFINE_ENUM_VALUE (HS_BANNER_WARNING, "warning"),
                    G_DEFINE_ENUM_VALUE (HS_BANNER_OFFER, "offer"))

G_DEFINE_FINAL_TYPE (HsBanner, hs_banner, ADW_TYPE_BIN)

enum
{
  PROP_0,
  PROP_TITLE,
  PROP_BUTTON_LABEL,
  PROP_BUTTON_TOOLTIP,
  PROP_ACTION_NAME,
  PROP_REVEALED,
  PROP_KIND,
  PROP_ICON_NAME,
  PROP_WIDGET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  SIGNAL_BUTTON_CLICKED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
has_text (gpointer unused, const char *text)
{
  return text != NULL && *text != '\0';
}

static void
on_button_clicked (HsBanner *self)
{
  g_signal_emit (self, signals[SIGNAL_BUTTON_CLICKED], 0);
}

/* Dismissed: hidden until the tab reveals it again. */
static void
on_dismiss_clicked (HsBanner *self)
{
  hs_banner_set_revealed (self, FALSE);
}

static gboolean
set_string (char **field, const char *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (value);
  return TRUE;
}

static void
set_icon_name (HsBanner *self, const char *name)
{
  gtk_image_set_from_icon_name (self->icon, name);
  gtk_widget_set_visible (GTK_WIDGET (self->icon), has_text (NULL, name));
}

static void
set_widget (HsBanner *self, GtkWidget *widget)
{
  adw_bin_set_child (self->widget_bin, widget);
  gtk_widget_set_visible (GTK_WIDGET (self->widget_bin), widget != NULL);
}

static void
hs_banner_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsBanner *self = HS_BANNER (object);

  switch (prop_id)
    {
      case PROP_TITLE: g_value_set_string (value, self->title); break;
      case PROP_BUTTON_LABEL: g_value_set_string (value, self->button_label); break;
      case PROP_BUTTON_TOOLTIP: g_value_set_string (value, self->button_tooltip); break;
      case PROP_ACTION_NAME: g_value_set_string (value, self->action_name); break;
      case PROP_REVEALED: g_value_set_boolean (value, hs_banner_get_revealed (self)); break;
      case PROP_KIND: g_value_set_enum (value, self->kind); break;
      case PROP_ICON_NAME: g_value_set_string (value, gtk_image_get_icon_name (self->icon)); break;
      case PROP_WIDGET: g_value_set_object (value, adw_bin_get_child (self->widget_bin)); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_banner_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HsBanner *self = HS_BANNER (object);

  switch (prop_id)
    {
      case PROP_TITLE: hs_banner_set_title (self, g_value_get_string (value)); break;
      case PROP_BUTTON_LABEL: hs_banner_set_button_label (self, g_value_get_string (value)); break;
      case PROP_BUTTON_TOOLTIP:
        if (set_string (&self->button_tooltip, g_value_get_string (value)))
          g_object_notify_by_pspec (object, pspec);
        break;
      case PROP_ACTION_NAME:
        if (set_string (&self->action_name, g_value_get_string (value)))
          g_object_notify_by_pspec (object, pspec);
        break;
      case PROP_REVEALED: hs_banner_set_revealed (self, g_value_get_boolean (value)); break;
      case PROP_KIND: hs_banner_set_kind (self, g_value_get_enum (value)); break;
      case PROP_ICON_NAME: set_icon_name (self, g_value_get_string (value)); break;
      case PROP_WIDGET: set_widget (self, g_value_get_object (value)); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_banner_finalize (GObject *object)
{
  HsBanner *self = HS_BANNER (object);

  g_free (self->title);
  g_free (self->button_label);
  g_free (self->button_tooltip);
  g_free (self->action_name);
  G_OBJECT_CLASS (hs_banner_parent_class)->finalize (object);
}

static void
hs_banner_class_init (HsBannerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = hs_banner_get_property;
  object_class->set_property = hs_banner_set_property;
  object_class->finalize = hs_banner_finalize;

  properties[PROP_TITLE] = g_param_spec_string ("title", NULL, "What the banner says", NULL, flags);
  properties[PROP_BUTTON_LABEL] = g_param_spec_string (
      "button-label", NULL, "The button's label (a mnemonic), or NULL: no button", NULL, flags);
  properties[PROP_BUTTON_TOOLTIP]
      = g_param_spec_string ("button-tooltip", NULL, "The button's tooltip", NULL, flags);
  properties[PROP_ACTION_NAME]
      = g_param_spec_string ("action-name", NULL, "The action the button activates, or NULL", NULL, flags);
  properties[PROP_REVEALED] = g_param_spec_boolean ("revealed", NULL, "The banner is shown", FALSE, flags);
  properties[PROP_KIND] = g_param_spec_enum ("kind", NULL, "Information, a warning or an offer",
                                             HS_TYPE_BANNER_KIND, HS_BANNER_INFO, flags);
  properties[PROP_ICON_NAME]
      = g_param_spec_string ("icon-name", NULL, "The icon before the title, or NULL", NULL, flags);
  properties[PROP_WIDGET] = g_param_spec_object (
      "widget", NULL, "A control after the title (a dropdown), or NULL", GTK_TYPE_WIDGET, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The button was clicked (also when it activates "action-name"). */
  signals[SIGNAL_BUTTON_CLICKED] = g_signal_new ("button-clicked", G_TYPE_FROM_CLASS (klass),
                                                 G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-banner.ui");
  gtk_widget_class_bind_template_child (widget_class, HsBanner, box);
  gtk_widget_class_bind_template_child (widget_class, HsBanner, icon);
  gtk_widget_class_bind_template_child (widget_class, HsBanner, widget_bin);
  gtk_widget_class_bind_template_child (widget_class, HsBanner, button);
  gtk_widget_class_bind_template_child (widget_class, HsBanner, dismiss_button);
  gtk_widget_class_bind_template_callback (widget_class, has_text);
  gtk_widget_class_bind_template_callback (widget_class, on_button_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_dismiss_clicked);
}

static void
hs_banner_init (HsBanner *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

const char *
hs_banner_get_title (HsBanner *self)
{
  g_return_val_if_fail (HS_IS_BANNER (self), NULL);
  return self->title;
}

void
hs_banner_set_title (HsBanner *self, const char *title)
{
  g_return_if_fail (HS_IS_BANNER (self));
  if (set_string (&self->title, title))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
}

const char *
hs_banner_get_button_label (HsBanner *self)
{
  g_return_val_if_fail (HS_IS_BANNER (self), NULL);
  return self->button_label;
}

void
hs_banner_set_button_label (HsBanner *self, const char *label)
{
  g_return_if_fail (HS_IS_BANNER (self));
  if (set_string (&self->button_label, label))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUTTON_LABEL]);
}

gboolean
hs_banner_get_revealed (HsBanner *self)
{
  g_return_val_if_fail (HS_IS_BANNER (self), FALSE);
  return gtk_widget_get_visible (GTK_WIDGET (self));
}

void
hs_banner_set_revealed (HsBanner *self, gboolean revealed)
{
  g_return_if_fail (HS_IS_BANNER (self));
  revealed = !!revealed;
  if (hs_banner_get_revealed (self) == revealed)
    return;
  gtk_widget_set_visible (GTK_WIDGET (self), revealed);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REVEALED]);
}

HsBannerKind
hs_banner_get_kind (HsBanner *self)
{
  g_return_val_if_fail (HS_IS_BANNER (self), HS_BANNER_INFO);
  return self->kind;
}

/* A warning is tinted; an offer's button is the suggested action and it
 * can be dismissed. */
void
hs_banner_set_kind (HsBanner *self, HsBannerKind kind)
{
  g_return_if_fail (HS_IS_BANNER (self));
  if (self->kind == kind)
    return;
  self->kind = kind;
  if (kind == HS_BANNER_WARNING)
    gtk_widget_add_css_class (GTK_WIDGET (self->box), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->box), "warning");
  if (kind == HS_BANNER_OFFER)
    gtk_widget_add_css_class (GTK_WIDGET (self->button), "suggested-action");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->button), "suggested-action");
  gtk_widget_set_visible (GTK_WIDGET (self->dismiss_button), kind == HS_BANNER_OFFER);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
}
