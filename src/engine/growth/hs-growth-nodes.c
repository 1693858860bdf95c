/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-nodes.c: the series' names and node table: a node is
 * (parent node, reference, class), found or made by linear probing of
 * an open addressing table over the node indexes (names are ids, so keys
 * compare as integers). */
#include "config.h"

#include "hs-growth-private.h"

guint32
_hs_growth_name (HsGrowth *g, const char *name)
{
  gpointer id;
  char *s;
  if (g_hash_table_lookup_extended (g->name_ids, name, NULL, &id))
    return GPOINTER_TO_UINT (id);
  s = g_string_chunk_insert (g->chunk, name);
  g_ptr_array_add (g->names, s);
  g_hash_table_insert (g->name_ids, s, GUINT_TO_POINTER (g->names->len - 1));
  return g->names->len - 1;
}

static guint
node_hash (guint32 parent, guint32 ref, guint32 cls)
{
  guint64 h = (guint64)parent * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  h ^= (guint64)ref * G_GUINT64_CONSTANT (0xC2B2AE3D27D4EB4F);
  h ^= (guint64)cls * G_GUINT64_CONSTANT (0x165667B19E3779F9);
  return (guint)(h ^ (h >> 29) ^ (h >> 47));
}

static void
table_grow (HsGrowth *g)
{
  gsize size = (g->mask + 1) * 2;
  g_free (g->slots);
  g->slots = g_new0 (guint32, size);
  g->mask = size - 1;
  for (guint i = 0; i < g->nodes->len; i++)
    {
      const GrowthNode *n = &g_array_index (g->nodes, GrowthNode, i);
      gsize j = node_hash (n->parent, n->ref, n->cls) & g->mask;
      while (g->slots[j])
        j = (j + 1) & g->mask;
      g->slots[j] = i + 1;
    }
}

guint32
_hs_growth_node (HsGrowth *g, guint32 parent, guint32 ref, guint32 cls, gint32 root_kind)
{
  GrowthNode n = { parent, ref, cls, root_kind };
  gsize j;
  if ((g->nodes->len + 1) * 2 > g->mask + 1)
    table_grow (g);
  for (j = node_hash (parent, ref, cls) & g->mask; g->slots[j]; j = (j + 1) & g->mask)
    {
      const GrowthNode *o = &g_array_index (g->nodes, GrowthNode, g->slots[j] - 1);
      if (o->parent == parent && o->ref == ref && o->cls == cls)
        return g->slots[j] - 1;
    }
  g_array_append_val (g->nodes, n);
  g_array_set_size (g->objects, g->objects->len + g->n_dumps);
  g_array_set_size (g->retained, g->retained->len + g->n_dumps);
  g->slots[j] = g->nodes->len;
  return g->nodes->len - 1;
}
