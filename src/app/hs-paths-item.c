/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-item.c: the paths view's rows (see the header). */
#include "config.h"
#include "hs-paths-item.h"
#include "hs-format.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>
#include <string.h>

struct _HsPathsResult
{
  gint ref_count;
  HsHeap *heap; /* borrowed: the loader's, which outlives the view's rows */
  HsMergedPaths *merged;
  HsPathSet *set;
};

HsPathsResult *
hs_paths_result_new_merged (HsHeap *heap, HsMergedPaths *merged)
{
  HsPathsResult *r = g_new0 (HsPathsResult, 1);
  r->ref_count = 1;
  r->heap = heap;
  r->merged = merged;
  return r;
}

HsPathsResult *
hs_paths_result_new_set (HsHeap *heap, HsPathSet *set)
{
  HsPathsResult *r = g_new0 (HsPathsResult, 1);
  r->ref_count = 1;
  r->heap = heap;
  r->set = set;
  return r;
}

HsPathsResult *
hs_paths_result_ref (HsPathsResult *r)
{
  g_atomic_int_inc (&r->ref_count);
  return r;
}

void
hs_paths_result_unref (HsPathsResult *r)
{
  if (r == NULL || !g_atomic_int_dec_and_test (&r->ref_count))
    return;
  hs_merged_paths_free (r->merged);
  hs_path_set_free (r->set);
  g_free (r);
}

const HsMergedPaths *
hs_paths_result_get_merged (HsPathsResult *r)
{
  return r->merged;
}

const HsPathSet *
hs_paths_result_get_set (HsPathsResult *r)
{
  return r->set;
}

typedef enum
{
  ITEM_NODE, /* a node of merged paths: index */
  ITEM_PATH, /* path index of a path set */
  ITEM_STEP, /* step sub of path index */
} ItemKind;

struct _HsPathsItem
{
  GObject parent_instance;
  HsPathsResult *result;
  ItemKind kind;
  guint index, sub;
};

G_DEFINE_FINAL_TYPE (HsPathsItem, hs_paths_item, G_TYPE_OBJECT)

static void
hs_paths_item_finalize (GObject *object)
{
  hs_paths_result_unref (HS_PATHS_ITEM (object)->result);
  G_OBJECT_CLASS (hs_paths_item_parent_class)->finalize (object);
}

/* The cells of the row as the tree's list item templates bind them
 * (ui/hs-paths-view.ui): computed when read, never notified (a row does
 * not change). */
enum
{
  PROP_0,
  PROP_LABEL,
  PROP_OBJECTS,
  PROP_REACHED,
  PROP_SHALLOW,
  PROP_RETAINED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hs_paths_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsPathsItem *self = HS_PATHS_ITEM (object);
  guint64 objects, reached, shallow, retained;
  gboolean has;

  if (prop_id == PROP_LABEL)
    {
      g_value_take_string (value, hs_paths_item_get_label (self));
      return;
    }
  has = hs_paths_item_get_counts (self, &objects, &reached, &shallow, &retained);
  switch (prop_id)
    {
      case PROP_OBJECTS: g_value_take_string (value, has ? hs_format_count (objects) : NULL); break;
      case PROP_REACHED: g_value_take_string (value, has ? hs_format_count (reached) : NULL); break;
      case PROP_SHALLOW: g_value_take_string (value, has ? hs_format_bytes (shallow) : NULL); break;
      case PROP_RETAINED: g_value_take_string (value, has ? hs_format_bytes (retained) : NULL); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_paths_item_class_init (HsPathsItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS;

  object_class->finalize = hs_paths_item_finalize;
  object_class->get_property = hs_paths_item_get_property;
  properties[PROP_LABEL] = g_param_spec_string ("label", NULL, "The row's text", NULL, flags);
  properties[PROP_OBJECTS]
      = g_param_spec_string ("objects", NULL, "The objects whose paths pass here", NULL, flags);
  properties[PROP_REACHED]
      = g_param_spec_string ("reached", NULL, "The objects the paths reach", NULL, flags);
  properties[PROP_SHALLOW] = g_param_spec_string ("shallow", NULL, "Their shallow size", NULL, flags);
  properties[PROP_RETAINED] = g_param_spec_string ("retained", NULL, "Their retained size", NULL, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hs_paths_item_init (HsPathsItem *self)
{
}

static HsPathsItem *
item_new (HsPathsResult *r, ItemKind kind, guint index, guint sub)
{
  HsPathsItem *self = g_object_new (HS_TYPE_PATHS_ITEM, NULL);
  self->result = hs_paths_result_ref (r);
  self->kind = kind;
  self->index = index;
  self->sub = sub;
  return self;
}

static GListModel *
store_of (HsPathsResult *r, ItemKind kind, guint first, guint n, guint index)
{
  GListStore *store = g_list_store_new (HS_TYPE_PATHS_ITEM);
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (items, kind == ITEM_STEP ? item_new (r, kind, index, first + i)
                                              : item_new (r, kind, first + i, 0));
  g_list_store_splice (store, 0, 0, items->pdata, items->len);
  return G_LIST_MODEL (store);
}

GListModel *
hs_paths_result_top_model (HsPathsResult *r)
{
  if (r->merged)
    return store_of (r, ITEM_NODE, 0, r->merged->n_tops, 0);
  return store_of (r, ITEM_PATH, 0, r->set->paths->len, 0);
}

GListModel *
hs_paths_item_children (HsPathsItem *self)
{
  HsPathsResult *r = self->result;
  if (self->kind == ITEM_NODE)
    {
      const HsPathsNode *n = &r->merged->nodes[self->index];
      return n->n_children ? store_of (r, ITEM_NODE, n->first_child, n->n_children, 0) : NULL;
    }
  if (self->kind == ITEM_PATH)
    {
      const HsPath *p = g_ptr_array_index (r->set->paths, self->index);
      return store_of (r, ITEM_STEP, 0, p->n_steps, self->index);
    }
  return NULL;
}

char *
hs_paths_item_get_label (HsPathsItem *self)
{
  HsPathsResult *r = self->result;
  if (self->kind == ITEM_NODE)
    {
      const HsPathsNode *n = &r->merged->nodes[self->index];
      if (n->parent == HS_PATHS_NO_NODE)
        /* Translators: a GC root of one type and class, e.g. "GC root System Class: class App" */
        return g_strdup_printf (_ ("GC root %s: %s"), hs_root_type_name ((guint8)n->root_kind),
                                n->class_name);
      return g_strdup_printf ("%s → %s", n->reference, n->class_name);
    }
  if (self->kind == ITEM_PATH)
    {
      const HsPath *p = g_ptr_array_index (r->set->paths, self->index);
      guint refs = p->n_steps ? p->n_steps - 1 : 0;
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Path %u from %s (%u reference)",
                                           "Path %u from %s (%u references)", refs),
                              self->index + 1, hs_root_type_name ((guint8)p->root_kind), refs);
    }
  {
    const HsPath *p = g_ptr_array_index (r->set->paths, self->index);
    const HsPathStep *st = &p->steps[self->sub];
    const char *ref = self->sub > 0 ? p->steps[self->sub - 1].reference : NULL;
    guint64 id = hs_heap_object_id (r->heap, st->obj);
    if (ref)
      return g_strdup_printf ("%s → %s @0x%" G_GINT64_MODIFIER "x", ref, st->class_name, id);
    return g_strdup_printf ("%s @0x%" G_GINT64_MODIFIER "x", st->class_name, id);
  }
}

gboolean
hs_paths_item_get_counts (HsPathsItem *self, guint64 *objects, guint64 *reached, guint64 *shallow,
                          guint64 *retained)
{
  if (self->kind == ITEM_NODE)
    {
      const HsPathsNode *n = &self->result->merged->nodes[self->index];
      *objects = n->objects;
      *reached = n->reached;
      *shallow = n->shallow;
      *retained = n->retained;
      return TRUE;
    }
  if (self->kind == ITEM_STEP)
    {
      const HsPath *p = g_ptr_array_index (self->result->set->paths, self->index);
      *objects = 1;
      *reached = 1;
      *shallow = hs_heap_object_shallow (self->result->heap, p->steps[self->sub].obj);
      *retained = 0;
      return TRUE;
    }
  return FALSE;
}

const HsObj *
hs_paths_item_get_objects (HsPathsItem *self, gsize *n)
{
  if (self->kind == ITEM_NODE)
    {
      const HsPathsNode *nd = &self->result->merged->nodes[self->index];
      *n = nd->objects;
      return self->result->merged->objects + nd->first_object;
    }
  if (self->kind == ITEM_STEP)
    {
      const HsPath *p = g_ptr_array_index (self->result->set->paths, self->index);
      *n = 1;
      return &p->steps[self->sub].obj;
    }
  *n = 0;
  return NULL;
}

static char *
exclusion_of (const char *ref)
{
  if (ref == NULL || ref[0] == '[' || ref[0] == '<')
    return NULL;
  if (g_str_has_prefix (ref, "static "))
    ref += strlen ("static ");
  return strchr (ref, '.') ? g_strdup (ref) : NULL;
}

char *
hs_paths_item_get_exclusion (HsPathsItem *self)
{
  if (self->kind == ITEM_NODE)
    return exclusion_of (self->result->merged->nodes[self->index].reference);
  if (self->kind == ITEM_STEP && self->sub > 0)
    {
      const HsPath *p = g_ptr_array_index (self->result->set->paths, self->index);
      return exclusion_of (p->steps[self->sub - 1].reference);
    }
  return NULL;
}
