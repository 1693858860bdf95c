/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-inspector-row.c: see hs-inspector-row.h. */
#include "config.h"
#include "hs-inspector-row.h"
#include "hs-ui-util-private.h"

/* A name longer than this may be shortened beside its value: the whole
 * of it is in its tooltip then. */
#define NAME_CHARS 16

struct _HsInspectorRow
{
  GObject parent_instance;
  const char *kind; /* static */
  char *name;
  char *value;
  char *text;
  char *tip;
  char *prefix;
  HsObj obj;
  gboolean sensitive;
};

G_DEFINE_FINAL_TYPE (HsInspectorRow, hs_inspector_row, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_KIND,
  PROP_NAME,
  PROP_NAME_TIP,
  PROP_VALUE,
  PROP_VALUE_TIP,
  PROP_LINKED,
  PROP_OBJ,
  PROP_TEXT,
  PROP_TIP,
  PROP_PREFIX,
  PROP_SENSITIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hs_inspector_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsInspectorRow *self = HS_INSPECTOR_ROW (object);

  switch (prop_id)
    {
      case PROP_KIND: g_value_set_static_string (value, self->kind); break;
      case PROP_NAME: g_value_set_string (value, self->name); break;
      case PROP_NAME_TIP:
        g_value_set_string (
            value, self->name != NULL && g_utf8_strlen (self->name, -1) > NAME_CHARS ? self->name : NULL);
        break;
      case PROP_VALUE: g_value_set_string (value, self->value); break;
      case PROP_VALUE_TIP:
        g_value_set_string (value, self->value != NULL && *self->value != '\0' ? self->value : NULL);
        break;
      case PROP_LINKED: g_value_set_boolean (value, self->obj != HS_OBJ_NONE); break;
      case PROP_OBJ: g_value_set_uint (value, self->obj); break;
      case PROP_TEXT: g_value_set_string (value, self->text); break;
      case PROP_TIP: g_value_set_string (value, self->tip); break;
      case PROP_PREFIX: g_value_set_string (value, self->prefix); break;
      case PROP_SENSITIVE: g_value_set_boolean (value, self->sensitive); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_inspector_row_finalize (GObject *object)
{
  HsInspectorRow *self = HS_INSPECTOR_ROW (object);

  g_free (self->name);
  g_free (self->value);
  g_free (self->text);
  g_free (self->tip);
  g_free (self->prefix);
  G_OBJECT_CLASS (hs_inspector_row_parent_class)->finalize (object);
}

static void
hs_inspector_row_class_init (HsInspectorRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = hs_inspector_row_get_property;
  object_class->finalize = hs_inspector_row_finalize;
  /* Set when the inspector makes the row, before any list shows it: only
   * "sensitive" may change after, and is notified. */
  properties[PROP_KIND]
      = g_param_spec_string ("kind", NULL, "pair, link, hex, frame, note or heading", NULL, flags);
  properties[PROP_NAME]
      = g_param_spec_string ("name", NULL, "The row's name, or a frame's or note's text", NULL, flags);
  properties[PROP_NAME_TIP]
      = g_param_spec_string ("name-tip", NULL, "The name when it may be shortened", NULL, flags);
  properties[PROP_VALUE]
      = g_param_spec_string ("value", NULL, "The value of a pair, or the hex", NULL, flags);
  properties[PROP_VALUE_TIP]
      = g_param_spec_string ("value-tip", NULL, "The value when there is one", NULL, flags);
  properties[PROP_LINKED]
      = g_param_spec_boolean ("linked", NULL, "Whether the value links to an object", FALSE, flags);
  properties[PROP_OBJ]
      = g_param_spec_uint ("obj", NULL, "The object linked to", 0, G_MAXUINT32, HS_OBJ_NONE, flags);
  properties[PROP_TEXT] = g_param_spec_string ("text", NULL, "The link's text", NULL, flags);
  properties[PROP_TIP] = g_param_spec_string ("tip", NULL, "The link's tooltip", NULL, flags);
  properties[PROP_PREFIX] = g_param_spec_string ("prefix", NULL, "What the link's text follows", NULL, flags);
  properties[PROP_SENSITIVE] = g_param_spec_boolean ("sensitive", NULL, "Whether the link can be followed",
                                                     TRUE, flags | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hs_inspector_row_init (HsInspectorRow *self)
{
  self->kind = "pair";
  self->obj = HS_OBJ_NONE;
  self->sensitive = TRUE;
}

HsInspectorRow *
hs_inspector_row_new (const char *kind, const char *name, const char *value)
{
  HsInspectorRow *row = g_object_new (HS_TYPE_INSPECTOR_ROW, NULL);

  row->kind = g_intern_string (kind);
  row->name = g_strdup (name);
  row->value = g_strdup (value);
  return row;
}

HsInspectorRow *
hs_inspector_row_new_link (const char *kind, const char *name, HsObj obj, const char *text, const char *tip,
                           const char *prefix)
{
  HsInspectorRow *row = hs_inspector_row_new (kind, name, NULL);

  row->obj = obj;
  row->text = hs_name_breakable (text);
  row->tip = g_strdup (tip);
  row->prefix = g_strdup (prefix);
  return row;
}

void
hs_inspector_row_set_sensitive (HsInspectorRow *self, gboolean sensitive)
{
  g_return_if_fail (HS_IS_INSPECTOR_ROW (self));
  sensitive = !!sensitive;
  if (self->sensitive == sensitive)
    return;
  self->sensitive = sensitive;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SENSITIVE]);
}
