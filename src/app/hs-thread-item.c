/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-thread-item.c: one row of the Threads view's table (see
 * hs-thread-item.h). */
#include "config.h"
#include "hs-thread-item.h"

G_DEFINE_FINAL_TYPE (HsThreadItem, hs_thread_item, G_TYPE_OBJECT)

enum
{
  ITEM_0,
  ITEM_NAME,
  ITEM_ID,
  ITEM_DAEMON,
  ITEM_STATE,
  ITEM_RETAINED,
  ITEM_STACK_RETAINED,
  ITEM_TOP,
  N_ITEM
};
static GParamSpec *item_props[N_ITEM];

static void
hs_thread_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsThreadItem *it = HS_THREAD_ITEM (object);
  switch (prop_id)
    {
      case ITEM_NAME: g_value_set_string (value, it->name); break;
      case ITEM_ID: g_value_set_string (value, it->id); break;
      case ITEM_DAEMON: g_value_set_string (value, it->daemon); break;
      case ITEM_STATE: g_value_set_string (value, it->state); break;
      case ITEM_RETAINED: g_value_set_uint64 (value, it->retained); break;
      case ITEM_STACK_RETAINED: g_value_set_uint64 (value, it->stack_retained); break;
      case ITEM_TOP: g_value_set_boolean (value, it->top); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_thread_item_finalize (GObject *object)
{
  HsThreadItem *it = HS_THREAD_ITEM (object);
  g_free (it->name);
  g_free (it->id);
  g_free (it->daemon);
  g_free (it->state);
  G_OBJECT_CLASS (hs_thread_item_parent_class)->finalize (object);
}

static void
hs_thread_item_class_init (HsThreadItemClass *klass)
{
  GObjectClass *oc = G_OBJECT_CLASS (klass);
  oc->get_property = hs_thread_item_get_property;
  oc->finalize = hs_thread_item_finalize;
  item_props[ITEM_NAME]
      = g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  item_props[ITEM_ID]
      = g_param_spec_string ("id", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  item_props[ITEM_DAEMON]
      = g_param_spec_string ("daemon", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  item_props[ITEM_STATE]
      = g_param_spec_string ("state", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  item_props[ITEM_RETAINED] = g_param_spec_uint64 ("retained", NULL, NULL, 0, G_MAXUINT64, 0,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  item_props[ITEM_STACK_RETAINED] = g_param_spec_uint64 ("stack-retained", NULL, NULL, 0, G_MAXUINT64, 0,
                                                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  item_props[ITEM_TOP] = g_param_spec_boolean ("top", NULL, "The thread whose stack holds the most", FALSE,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (oc, N_ITEM, item_props);
}

static void
hs_thread_item_init (HsThreadItem *it)
{
}
