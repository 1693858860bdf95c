/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-history.c: back/forward locations (see hs-history.h). The list is
 * capped so a long session does not grow it without bound. */
#include "config.h"
#include "hs-history.h"

#define MAX_LOCATIONS 500

struct _HsHistory
{
  GObject parent_instance;
  GArray *locations; /* HsLocation */
  guint cursor;      /* index of the current location; 0 when empty */
};

G_DEFINE_FINAL_TYPE (HsHistory, hs_history, G_TYPE_OBJECT)

enum
{
  PROP_0,
  PROP_CAN_GO_BACK,
  PROP_CAN_GO_FORWARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
location_clear (gpointer data)
{
  HsLocation *l = data;
  g_clear_pointer (&l->view, g_free);
}

static void
notify_both (HsHistory *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_GO_BACK]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_GO_FORWARD]);
}

void
hs_history_push (HsHistory *self, const char *view, HsObj obj, guint64 extra)
{
  g_return_if_fail (HS_IS_HISTORY (self));
  g_return_if_fail (view != NULL);

  if (self->locations->len > 0)
    {
      HsLocation *cur = &g_array_index (self->locations, HsLocation, self->cursor);
      if (g_str_equal (cur->view, view) && cur->obj == obj)
        {
          if (cur->extra == extra)
            return;
          if (cur->extra == HS_HISTORY_NO_EXTRA)
            {
              cur->extra = extra;
              return;
            }
        }
      g_array_set_size (self->locations, self->cursor + 1);
    }
  HsLocation l = { g_strdup (view), obj, extra };
  g_array_append_val (self->locations, l);
  if (self->locations->len > MAX_LOCATIONS)
    g_array_remove_index (self->locations, 0);
  self->cursor = self->locations->len - 1;
  notify_both (self);
}

const HsLocation *
hs_history_go_back (HsHistory *self)
{
  g_return_val_if_fail (HS_IS_HISTORY (self), NULL);
  if (!hs_history_can_go_back (self))
    return NULL;
  self->cursor--;
  notify_both (self);
  return hs_history_get_current (self);
}

const HsLocation *
hs_history_go_forward (HsHistory *self)
{
  g_return_val_if_fail (HS_IS_HISTORY (self), NULL);
  if (!hs_history_can_go_forward (self))
    return NULL;
  self->cursor++;
  notify_both (self);
  return hs_history_get_current (self);
}

const HsLocation *
hs_history_get_current (HsHistory *self)
{
  g_return_val_if_fail (HS_IS_HISTORY (self), NULL);
  if (self->locations->len == 0)
    return NULL;
  return &g_array_index (self->locations, HsLocation, self->cursor);
}

gboolean
hs_history_can_go_back (HsHistory *self)
{
  g_return_val_if_fail (HS_IS_HISTORY (self), FALSE);
  return self->locations->len > 0 && self->cursor > 0;
}

gboolean
hs_history_can_go_forward (HsHistory *self)
{
  g_return_val_if_fail (HS_IS_HISTORY (self), FALSE);
  return self->cursor + 1 < self->locations->len;
}

guint
hs_history_get_length (HsHistory *self)
{
  g_return_val_if_fail (HS_IS_HISTORY (self), 0);
  return self->locations->len;
}

void
hs_history_clear (HsHistory *self)
{
  g_return_if_fail (HS_IS_HISTORY (self));
  g_array_set_size (self->locations, 0);
  self->cursor = 0;
  notify_both (self);
}

static void
hs_history_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsHistory *self = HS_HISTORY (object);

  switch (prop_id)
    {
      case PROP_CAN_GO_BACK: g_value_set_boolean (value, hs_history_can_go_back (self)); break;
      case PROP_CAN_GO_FORWARD: g_value_set_boolean (value, hs_history_can_go_forward (self)); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_history_finalize (GObject *object)
{
  HsHistory *self = HS_HISTORY (object);
  g_clear_pointer (&self->locations, g_array_unref);
  G_OBJECT_CLASS (hs_history_parent_class)->finalize (object);
}

static void
hs_history_class_init (HsHistoryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = hs_history_get_property;
  object_class->finalize = hs_history_finalize;
  properties[PROP_CAN_GO_BACK]
      = g_param_spec_boolean ("can-go-back", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_CAN_GO_FORWARD]
      = g_param_spec_boolean ("can-go-forward", NULL, NULL, FALSE, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hs_history_init (HsHistory *self)
{
  self->locations = g_array_new (FALSE, FALSE, sizeof (HsLocation));
  g_array_set_clear_func (self->locations, location_clear);
}

HsHistory *
hs_history_new (void)
{
  return g_object_new (HS_TYPE_HISTORY, NULL);
}
