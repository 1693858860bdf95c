/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-overview-row.c: see hs-overview-row.h. */
#include "config.h"
#include "hs-overview-row.h"

struct _HsOverviewRow
{
  GObject parent_instance;
  char *name;
  char *value;
  char *key;
  char *tip;
  char *shallow;
  char *reachable;
  char *retained;
  char *percent;
  double fraction;
  HsObj obj;
  const char *css_class; /* static */
};

G_DEFINE_FINAL_TYPE (HsOverviewRow, hs_overview_row, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_VALUE,
  PROP_TIP,
  PROP_SHALLOW,
  PROP_REACHABLE,
  PROP_RETAINED,
  PROP_PERCENT,
  PROP_FRACTION,
  PROP_TARGET,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hs_overview_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsOverviewRow *self = HS_OVERVIEW_ROW (object);

  switch (prop_id)
    {
      case PROP_NAME: g_value_set_string (value, self->name); break;
      case PROP_VALUE: g_value_set_string (value, self->value); break;
      case PROP_TIP: g_value_set_string (value, self->tip); break;
      case PROP_SHALLOW: g_value_set_string (value, self->shallow); break;
      case PROP_REACHABLE: g_value_set_string (value, self->reachable); break;
      case PROP_RETAINED: g_value_set_string (value, self->retained); break;
      case PROP_PERCENT: g_value_set_string (value, self->percent); break;
      case PROP_FRACTION: g_value_set_double (value, self->fraction); break;
      case PROP_TARGET: g_value_set_variant (value, g_variant_new_uint32 (self->obj)); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_overview_row_finalize (GObject *object)
{
  HsOverviewRow *self = HS_OVERVIEW_ROW (object);

  g_free (self->name);
  g_free (self->value);
  g_free (self->key);
  g_free (self->tip);
  g_free (self->shallow);
  g_free (self->reachable);
  g_free (self->retained);
  g_free (self->percent);
  G_OBJECT_CLASS (hs_overview_row_parent_class)->finalize (object);
}

static void
hs_overview_row_class_init (HsOverviewRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = hs_overview_row_get_property;
  object_class->finalize = hs_overview_row_finalize;
  /* Set when the Overview makes the row, before any list shows it. */
  properties[PROP_NAME] = g_param_spec_string (
      "name", NULL, "The row's name: a fact's, an object's label or a heap's", NULL, flags);
  properties[PROP_VALUE]
      = g_param_spec_string ("value", NULL, "A fact's value, or a heap's objects", NULL, flags);
  properties[PROP_TIP]
      = g_param_spec_string ("tip", NULL, "The value's or the object's tooltip", NULL, flags);
  properties[PROP_SHALLOW] = g_param_spec_string ("shallow", NULL, "A heap's shallow size", NULL, flags);
  properties[PROP_REACHABLE]
      = g_param_spec_string ("reachable", NULL, "A heap's reachable size", NULL, flags);
  properties[PROP_RETAINED]
      = g_param_spec_string ("retained", NULL, "An object's or a heap's retained size", NULL, flags);
  properties[PROP_PERCENT]
      = g_param_spec_string ("percent", NULL, "An object's share of the heap", NULL, flags);
  properties[PROP_FRACTION]
      = g_param_spec_double ("fraction", NULL, "An object's share of the heap, of 1", 0, 1, 0, flags);
  properties[PROP_TARGET] = g_param_spec_variant ("target", NULL, "The object, as win.inspect's target",
                                                  G_VARIANT_TYPE_UINT32, NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hs_overview_row_init (HsOverviewRow *self)
{
  self->obj = HS_OBJ_NONE;
}

HsOverviewRow *
hs_overview_row_new (const char *name, const char *value, const char *key, const char *tip)
{
  HsOverviewRow *row = g_object_new (HS_TYPE_OVERVIEW_ROW, NULL);

  row->name = g_strdup (name);
  row->value = g_strdup (value);
  row->key = g_strdup (key);
  row->tip = g_strdup (tip);
  return row;
}

HsOverviewRow *
hs_overview_row_new_object (HsObj obj, const char *label, const char *desc, const char *retained,
                            const char *percent, double fraction)
{
  HsOverviewRow *row = g_object_new (HS_TYPE_OVERVIEW_ROW, NULL);

  row->obj = obj;
  row->name = g_strdup (label);
  row->tip = desc != NULL ? g_strdup_printf ("%s\n%s", label, desc) : g_strdup (label);
  row->retained = g_strdup (retained);
  row->percent = g_strdup (percent);
  row->fraction = CLAMP (fraction, 0, 1);
  return row;
}

HsOverviewRow *
hs_overview_row_new_heap (const char *name, const char *objects, const char *shallow, const char *reachable,
                          const char *retained, const char *css_class)
{
  HsOverviewRow *row = g_object_new (HS_TYPE_OVERVIEW_ROW, NULL);

  row->name = g_strdup (name);
  row->value = g_strdup (objects);
  row->shallow = g_strdup (shallow);
  row->reachable = g_strdup (reachable);
  row->retained = g_strdup (retained);
  row->css_class = g_intern_string (css_class);
  return row;
}

const char *
hs_overview_row_get_key (HsOverviewRow *self)
{
  g_return_val_if_fail (HS_IS_OVERVIEW_ROW (self), NULL);
  return self->key;
}

const char *
hs_overview_row_get_value (HsOverviewRow *self)
{
  g_return_val_if_fail (HS_IS_OVERVIEW_ROW (self), NULL);
  return self->value;
}

const char *
hs_overview_row_get_css_class (HsOverviewRow *self)
{
  g_return_val_if_fail (HS_IS_OVERVIEW_ROW (self), NULL);
  return self->css_class;
}
