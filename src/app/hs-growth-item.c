/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-item.c: one row of the Growth view (see the header). The row
 * template binds its labels to the properties; the chart reads the counts. */
#include "config.h"

#include "hs-growth-item.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>
#include <inttypes.h>

struct _HsGrowthItem
{
  GObject parent_instance;
  char *class_name, *reference, *trace, *children, *new_text;
  guint64 *counts;
  guint n_counts;
  guint32 node;
};

G_DEFINE_FINAL_TYPE (HsGrowthItem, hs_growth_item, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CLASS_NAME,
  PROP_REFERENCE,
  PROP_TRACE,
  PROP_CHILDREN,
  PROP_NEW_TEXT,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

static void
append_counts (GString *out, const HsGrowth *g, guint32 node)
{
  for (guint k = 0; k < hs_growth_n_dumps (g); k++)
    g_string_append_printf (out, "%s%" G_GUINT64_FORMAT, k ? " \xe2\x86\x92 " : "",
                            hs_growth_node_objects (g, node, k));
}

HsGrowthItem *
hs_growth_item_new (const HsGrowth *g, guint32 node)
{
  HsGrowthItem *self = g_object_new (HS_TYPE_GROWTH_ITEM, NULL);
  guint n_steps, nd = hs_growth_n_dumps (g);
  g_autofree guint32 *path = hs_growth_node_path (g, node, &n_steps);
  GString *trace = g_string_new (NULL), *children = g_string_new (NULL);
  const char *ref = hs_growth_node_reference (g, node);

  self->node = node;
  self->class_name = g_strdup (hs_growth_node_class (g, node));
  self->reference = g_strdup (ref ? ref : hs_growth_node_root_kind (g, node));
  for (guint s = 0; s < n_steps; s++)
    {
      if (s == 0)
        g_string_append_printf (trace, _ ("GC root (%s) %s"), hs_growth_node_root_kind (g, path[s]),
                                hs_growth_node_class (g, path[s]));
      else
        g_string_append_printf (trace, "\n%s \xe2\x86\x92 %s", hs_growth_node_reference (g, path[s]),
                                hs_growth_node_class (g, path[s]));
      g_string_append (trace, " (");
      append_counts (trace, g, path[s]);
      g_string_append_c (trace, ')');
    }
  self->counts = g_new0 (guint64, nd);
  self->n_counts = nd;
  for (guint c = 0; c < hs_growth_n_growing_children (g, node); c++)
    {
      guint32 ch = hs_growth_growing_child (g, node, c);
      if (c > 0)
        g_string_append_c (children, '\n');
      append_counts (children, g, ch);
      g_string_append_printf (children, "  %s \xe2\x86\x92 %s", hs_growth_node_reference (g, ch),
                              hs_growth_node_class (g, ch));
      for (guint k = 0; k < nd; k++)
        self->counts[k] += hs_growth_node_objects (g, ch, k);
    }
  self->trace = g_string_free (trace, FALSE);
  self->children = g_string_free (children, FALSE);
  {
    guint64 n = hs_growth_new_objects (g, node);
    g_autofree char *count = hs_format_count (n);
    self->new_text = g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "+%s new object", "+%s new objects", (gulong)MIN (n, G_MAXULONG)),
        count);
  }
  return self;
}

guint32
hs_growth_item_get_node (HsGrowthItem *self)
{
  g_return_val_if_fail (HS_IS_GROWTH_ITEM (self), HS_GROWTH_NO_NODE);
  return self->node;
}

const char *
hs_growth_item_get_class_name (HsGrowthItem *self)
{
  g_return_val_if_fail (HS_IS_GROWTH_ITEM (self), NULL);
  return self->class_name;
}

const char *
hs_growth_item_get_reference (HsGrowthItem *self)
{
  g_return_val_if_fail (HS_IS_GROWTH_ITEM (self), NULL);
  return self->reference;
}

const char *
hs_growth_item_get_trace (HsGrowthItem *self)
{
  g_return_val_if_fail (HS_IS_GROWTH_ITEM (self), NULL);
  return self->trace;
}

const char *
hs_growth_item_get_children (HsGrowthItem *self)
{
  g_return_val_if_fail (HS_IS_GROWTH_ITEM (self), NULL);
  return self->children;
}

const char *
hs_growth_item_get_new_text (HsGrowthItem *self)
{
  g_return_val_if_fail (HS_IS_GROWTH_ITEM (self), NULL);
  return self->new_text;
}

const guint64 *
hs_growth_item_get_counts (HsGrowthItem *self, guint *n)
{
  g_return_val_if_fail (HS_IS_GROWTH_ITEM (self) && n != NULL, NULL);
  *n = self->n_counts;
  return self->counts;
}

static void
hs_growth_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsGrowthItem *self = HS_GROWTH_ITEM (object);
  switch (prop_id)
    {
      case PROP_CLASS_NAME: g_value_set_string (value, self->class_name); break;
      case PROP_REFERENCE: g_value_set_string (value, self->reference); break;
      case PROP_TRACE: g_value_set_string (value, self->trace); break;
      case PROP_CHILDREN: g_value_set_string (value, self->children); break;
      case PROP_NEW_TEXT: g_value_set_string (value, self->new_text); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_growth_item_finalize (GObject *object)
{
  HsGrowthItem *self = HS_GROWTH_ITEM (object);
  g_free (self->class_name);
  g_free (self->reference);
  g_free (self->trace);
  g_free (self->children);
  g_free (self->new_text);
  g_free (self->counts);
  G_OBJECT_CLASS (hs_growth_item_parent_class)->finalize (object);
}

static void
hs_growth_item_class_init (HsGrowthItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->get_property = hs_growth_item_get_property;
  object_class->finalize = hs_growth_item_finalize;
  props[PROP_CLASS_NAME]
      = g_param_spec_string ("class-name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_REFERENCE]
      = g_param_spec_string ("reference", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_TRACE]
      = g_param_spec_string ("trace", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_CHILDREN]
      = g_param_spec_string ("children", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  props[PROP_NEW_TEXT]
      = g_param_spec_string ("new-text", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
hs_growth_item_init (HsGrowthItem *self)
{
  (void)self;
}
