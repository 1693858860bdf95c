/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-growth-newest.c: the objects a node merges in the newest dump of the
 * series, from the node of each of its objects the tree kept (one pass
 * over the dump's objects per question). */
#include "config.h"

#include "hs-growth-private.h"

#define CHECK_EVERY 0x10000

GArray *
hs_growth_node_newest_objects (const HsGrowth *g, guint32 node, guint max, GCancellable *cancellable,
                               GError **error)
{
  GArray *objs;

  g_return_val_if_fail (g != NULL, NULL);
  if (g->newest_node == NULL || node >= g->nodes->len)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "The series has no newest dump or no node %u", node);
      return NULL;
    }
  objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (guint64 o = 0; o < g->newest_n; o++)
    {
      if ((o % CHECK_EVERY) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          g_array_unref (objs);
          return NULL;
        }
      if (g->newest_node[o] != node)
        continue;
      HsObj x = (HsObj)o;
      g_array_append_val (objs, x);
      if (max > 0 && objs->len >= max)
        break;
    }
  return objs;
}

HsObj *
hs_growth_path_newest_objects (const HsGrowth *g, const guint32 *path, guint n_steps)
{
  HsObj *objs;
  guint32 *step_of; /* per node: its step + 1, 0 when not on the path */
  guint left = 0;

  g_return_val_if_fail (g != NULL && (path != NULL || n_steps == 0), NULL);
  objs = g_new (HsObj, MAX (n_steps, 1));
  for (guint i = 0; i < n_steps; i++)
    objs[i] = HS_OBJ_NONE;
  if (g->newest_node == NULL)
    return objs;
  step_of = g_new0 (guint32, MAX (g->nodes->len, 1));
  for (guint i = 0; i < n_steps; i++)
    if (path[i] < g->nodes->len && _hs_growth_objects (g, path[i])[g->n_dumps - 1] == 1)
      {
        step_of[path[i]] = i + 1;
        left++;
      }
  for (guint64 o = 0; o < g->newest_n && left > 0; o++)
    {
      guint32 nd = g->newest_node[o];
      if (nd == HS_GROWTH_NO_NODE || nd >= g->nodes->len || step_of[nd] == 0)
        continue;
      objs[step_of[nd] - 1] = (HsObj)o;
      step_of[nd] = 0;
      left--;
    }
  g_free (step_of);
  return objs;
}
