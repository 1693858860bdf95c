/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loader-row.c: see hs-loader-row.h. */
#include "config.h"
#include "hs-loader-row.h"

G_DEFINE_FINAL_TYPE (HsLoaderRow, hs_loader_row, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_NAME,
  PROP_CLASSES,
  PROP_LOADERS,
  PROP_INSTANCES,
  PROP_RETAINED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hs_loader_row_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsLoaderRow *self = HS_LOADER_ROW (object);

  switch (prop_id)
    {
      case PROP_NAME: g_value_set_string (value, self->name); break;
      case PROP_CLASSES: g_value_set_string (value, self->classes); break;
      case PROP_LOADERS: g_value_set_string (value, self->loaders); break;
      case PROP_INSTANCES: g_value_set_string (value, self->instances); break;
      case PROP_RETAINED: g_value_set_string (value, self->retained); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_loader_row_finalize (GObject *object)
{
  HsLoaderRow *self = HS_LOADER_ROW (object);

  g_free (self->name);
  g_free (self->classes);
  g_free (self->loaders);
  g_free (self->instances);
  g_free (self->retained);
  G_OBJECT_CLASS (hs_loader_row_parent_class)->finalize (object);
}

static void
hs_loader_row_class_init (HsLoaderRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->get_property = hs_loader_row_get_property;
  object_class->finalize = hs_loader_row_finalize;
  /* Set once when the view makes the row: never notified. */
  properties[PROP_NAME] = g_param_spec_string ("name", NULL, "The loader's or the class's name", NULL, flags);
  properties[PROP_CLASSES]
      = g_param_spec_string ("classes", NULL, "The classes a loader defines", NULL, flags);
  properties[PROP_LOADERS]
      = g_param_spec_string ("loaders", NULL, "The loaders defining a class", NULL, flags);
  properties[PROP_INSTANCES] = g_param_spec_string ("instances", NULL, "The instances", NULL, flags);
  properties[PROP_RETAINED] = g_param_spec_string ("retained", NULL, "What a loader retains", NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hs_loader_row_init (HsLoaderRow *self)
{
  self->def = G_MAXUINT;
}

HsLoaderRow *
hs_loader_row_new (guint index, guint def)
{
  HsLoaderRow *row = g_object_new (HS_TYPE_LOADER_ROW, NULL);

  row->index = index;
  row->def = def;
  return row;
}
