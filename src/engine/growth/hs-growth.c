/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth.c: a series of dumps: the node table all of them share, the
 * names, what each dump says of its program (for the warnings), and the
 * accessors of the result. */
#include "config.h"

#include <string.h>

#include "hs-growth-private.h"
#include "hs-system-props.h"

HsGrowth *
hs_growth_new (guint n_dumps, guint min_growth)
{
  HsGrowth *g;

  g_return_val_if_fail (n_dumps >= 2 && n_dumps <= HS_GROWTH_MAX_DUMPS, NULL);
  g_return_val_if_fail (min_growth >= 1, NULL);
  g = g_new0 (HsGrowth, 1);
  g->n_dumps = n_dumps;
  g->min_growth = min_growth;
  g->dumps = g_new0 (GrowthDump, n_dumps);
  g->nodes = g_array_new (FALSE, FALSE, sizeof (GrowthNode));
  g->objects = g_array_new (FALSE, TRUE, sizeof (guint64));
  g->retained = g_array_new (FALSE, TRUE, sizeof (guint64));
  g->mask = 1023;
  g->slots = g_new0 (guint32, g->mask + 1);
  g->names = g_ptr_array_new ();
  g->name_ids = g_hash_table_new (g_str_hash, g_str_equal);
  g->chunk = g_string_chunk_new (4096);
  g->warnings = g_ptr_array_new_with_free_func (g_free);
  _hs_growth_name (g, "");
  return g;
}

void
hs_growth_free (HsGrowth *g)
{
  if (g == NULL)
    return;
  for (guint k = 0; k < g->n_dumps; k++)
    {
      g_free (g->dumps[k].path);
      g_free (g->dumps[k].java_version);
      g_free (g->dumps[k].main_class);
      g_clear_pointer (&g->dumps[k].class_names, g_hash_table_unref);
    }
  g_free (g->dumps);
  g_array_unref (g->nodes);
  g_array_unref (g->objects);
  g_array_unref (g->retained);
  g_free (g->slots);
  g_ptr_array_unref (g->names);
  g_hash_table_unref (g->name_ids);
  g_string_chunk_free (g->chunk);
  g_ptr_array_unref (g->warnings);
  g_free (g->newest_node);
  g_clear_pointer (&g->growing, g_array_unref);
  g_clear_pointer (&g->gchildren, g_array_unref);
  g_free (g->gchild_off);
  g_free (g->new_objects);
  g_free (g->child_gain);
  g_free (g);
}

/* The main class of "sun.java.command" (its first word). */
static char *
main_class_of (const HsSystemProps *props)
{
  const char *cmd = hs_system_props_get (props, "sun.java.command");
  const char *end;
  if (cmd == NULL || *cmd == '\0')
    return NULL;
  end = strchr (cmd, ' ');
  return end ? g_strndup (cmd, end - cmd) : g_strdup (cmd);
}

static GHashTable *
class_names_of (HsHeap *heap)
{
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint64 c = 0; c < hs_heap_n_classes (heap); c++)
    {
      const char *name = hs_class_name (heap, (HsClass)c);
      if (name)
        g_hash_table_add (set, g_strdup (name));
    }
  return set;
}

static void
warn (HsGrowth *g, char *text)
{
  for (guint i = 0; i < g->warnings->len; i++)
    if (strcmp (g_ptr_array_index (g->warnings, i), text) == 0)
      {
        g_free (text);
        return;
      }
  g_ptr_array_add (g->warnings, text);
}

/* Compares dump k with the one before: program, JVM version, classes. */
static void
compare_with_previous (HsGrowth *g, guint k)
{
  GrowthDump *a = &g->dumps[k - 1], *b = &g->dumps[k];
  g_autofree char *an = g_path_get_basename (a->path), *bn = g_path_get_basename (b->path);
  guint shared = 0, smaller;
  GHashTableIter it;
  gpointer name;

  if (a->main_class && b->main_class && strcmp (a->main_class, b->main_class) != 0)
    warn (g, g_strdup_printf ("%s and %s are dumps of different programs (%s, %s)", an, bn, a->main_class,
                              b->main_class));
  if (a->java_version && b->java_version && strcmp (a->java_version, b->java_version) != 0)
    warn (g, g_strdup_printf ("%s and %s come from different Java versions (%s, %s)", an, bn, a->java_version,
                              b->java_version));
  g_hash_table_iter_init (&it, a->class_names);
  while (g_hash_table_iter_next (&it, &name, NULL))
    if (g_hash_table_contains (b->class_names, name))
      shared++;
  smaller = MIN (g_hash_table_size (a->class_names), g_hash_table_size (b->class_names));
  if (smaller > 0 && shared * 2 < smaller)
    warn (g, g_strdup_printf ("%s and %s have few classes in common (%u of %u): "
                              "dumps of different programs?",
                              an, bn, shared, smaller));
}

gboolean
hs_growth_add_dump (HsGrowth *g, HsHeap *heap, const HsDomTree *dom, const char *path,
                    GCancellable *cancellable, GError **error)
{
  GrowthDump *d;
  const HsSummary *sum;

  g_return_val_if_fail (g != NULL && heap != NULL && dom != NULL, FALSE);
  if (g->added >= g->n_dumps || g->finished)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "The series has %u dumps already", g->n_dumps);
      return FALSE;
    }
  d = &g->dumps[g->added];
  if (!_hs_growth_add_tree (g, heap, dom, cancellable, error))
    return FALSE;
  d->path = g_strdup (path ? path : "");
  sum = hs_heap_summary (heap);
  d->objects = sum->reachable_objects;
  d->reachable_bytes = sum->reachable_bytes;
  {
    g_autoptr (HsSystemProps) props = hs_system_props_read (heap);
    const char *v = hs_system_props_get (props, "java.version");
    d->java_version = v ? g_strdup (v) : NULL;
    d->main_class = main_class_of (props);
  }
  d->class_names = class_names_of (heap);
  if (g->added > 0)
    {
      compare_with_previous (g, g->added);
      g_clear_pointer (&g->dumps[g->added - 1].class_names, g_hash_table_unref);
    }
  g->added++;
  return TRUE;
}

gboolean
hs_growth_finish (HsGrowth *g, GError **error)
{
  g_return_val_if_fail (g != NULL, FALSE);
  if (g->finished)
    return TRUE;
  if (g->added != g->n_dumps)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "The series has %u of its %u dumps", g->added,
                   g->n_dumps);
      return FALSE;
    }
  for (guint k = 0; k < g->n_dumps; k++)
    g_clear_pointer (&g->dumps[k].class_names, g_hash_table_unref);
  g_ptr_array_add (g->warnings, NULL);
  if (!_hs_growth_detect (g, error))
    return FALSE;
  g->finished = TRUE;
  return TRUE;
}

guint
hs_growth_n_dumps (const HsGrowth *g)
{
  return g->n_dumps;
}

guint
hs_growth_min_growth (const HsGrowth *g)
{
  return g->min_growth;
}

const char *
hs_growth_dump_path (const HsGrowth *g, guint k)
{
  g_return_val_if_fail (k < g->n_dumps, NULL);
  return g->dumps[k].path;
}

guint64
hs_growth_dump_objects (const HsGrowth *g, guint k)
{
  g_return_val_if_fail (k < g->n_dumps, 0);
  return g->dumps[k].objects;
}

guint64
hs_growth_dump_reachable_bytes (const HsGrowth *g, guint k)
{
  g_return_val_if_fail (k < g->n_dumps, 0);
  return g->dumps[k].reachable_bytes;
}

const char *const *
hs_growth_warnings (const HsGrowth *g)
{
  static const char *const none[] = { NULL };
  g_return_val_if_fail (g != NULL, none);
  return g->finished ? (const char *const *)g->warnings->pdata : none;
}

guint
hs_growth_n_growing (const HsGrowth *g)
{
  return g->growing ? g->growing->len : 0;
}

guint32
hs_growth_growing (const HsGrowth *g, guint i)
{
  g_return_val_if_fail (g->growing && i < g->growing->len, HS_GROWTH_NO_NODE);
  return g_array_index (g->growing, guint32, i);
}

guint
hs_growth_n_growing_children (const HsGrowth *g, guint32 node)
{
  if (g->gchild_off == NULL || node >= g->nodes->len)
    return 0;
  return g->gchild_off[node + 1] - g->gchild_off[node];
}

guint32
hs_growth_growing_child (const HsGrowth *g, guint32 node, guint i)
{
  g_return_val_if_fail (i < hs_growth_n_growing_children (g, node), HS_GROWTH_NO_NODE);
  return g_array_index (g->gchildren, guint32, g->gchild_off[node] + i);
}

guint64
hs_growth_new_objects (const HsGrowth *g, guint32 node)
{
  return g->new_objects && node < g->nodes->len ? g->new_objects[node] : 0;
}

const char *
hs_growth_node_reference (const HsGrowth *g, guint32 node)
{
  const GrowthNode *n;
  g_return_val_if_fail (node < g->nodes->len, NULL);
  n = &g_array_index (g->nodes, GrowthNode, node);
  return n->parent == HS_GROWTH_NO_NODE ? NULL : g_ptr_array_index (g->names, n->ref);
}

const char *
hs_growth_node_class (const HsGrowth *g, guint32 node)
{
  g_return_val_if_fail (node < g->nodes->len, NULL);
  return g_ptr_array_index (g->names, g_array_index (g->nodes, GrowthNode, node).cls);
}

const char *
hs_growth_node_root_kind (const HsGrowth *g, guint32 node)
{
  const GrowthNode *n;
  g_return_val_if_fail (node < g->nodes->len, NULL);
  n = &g_array_index (g->nodes, GrowthNode, node);
  return n->parent == HS_GROWTH_NO_NODE ? g_ptr_array_index (g->names, n->ref) : NULL;
}

gint
hs_growth_node_root_type (const HsGrowth *g, guint32 node)
{
  g_return_val_if_fail (node < g->nodes->len, -1);
  return g_array_index (g->nodes, GrowthNode, node).root_kind;
}

guint64
hs_growth_node_objects (const HsGrowth *g, guint32 node, guint k)
{
  g_return_val_if_fail (node < g->nodes->len && k < g->n_dumps, 0);
  return _hs_growth_objects (g, node)[k];
}

guint64
hs_growth_node_retained (const HsGrowth *g, guint32 node, guint k)
{
  g_return_val_if_fail (node < g->nodes->len && k < g->n_dumps, 0);
  return _hs_growth_retained (g, node)[k];
}

guint32 *
hs_growth_node_path (const HsGrowth *g, guint32 node, guint *n_steps)
{
  guint n = 0;
  guint32 *path;
  g_return_val_if_fail (node < g->nodes->len && n_steps != NULL, NULL);
  /* Parents are made before their children: ids fall on the way up. */
  for (guint32 v = node; v != HS_GROWTH_NO_NODE; v = g_array_index (g->nodes, GrowthNode, v).parent)
    n++;
  path = g_new (guint32, n);
  *n_steps = n;
  for (guint32 v = node; v != HS_GROWTH_NO_NODE; v = g_array_index (g->nodes, GrowthNode, v).parent)
    path[--n] = v;
  return path;
}
