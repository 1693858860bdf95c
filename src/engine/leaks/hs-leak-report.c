/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-report.c: freeing, ordering and reading the leak finder's results,
 * and the trace's private part (ids, labels, per-node retained sizes). */
#include "config.h"

#include "hs-leak-report-private.h"

#include <string.h>

HsLeakTracePrivate *
_hs_leak_trace_private_new (guint n)
{
  HsLeakTracePrivate *x = g_new0 (HsLeakTracePrivate, 1);
  x->n_nodes = n;
  x->node_ids = g_new0 (guint64, n);
  x->labels = g_new0 (GPtrArray *, n);
  x->node_retained = g_new (guint64, n);
  x->node_retained_count = g_new (guint64, n);
  for (guint i = 0; i < n; i++)
    x->node_retained[i] = x->node_retained_count[i] = G_MAXUINT64;
  x->also_ids = g_array_new (FALSE, FALSE, sizeof (guint64));
  x->also_desc = g_ptr_array_new_with_free_func (g_free);
  return x;
}

static void
trace_private_free (HsLeakTracePrivate *x)
{
  if (x == NULL)
    return;
  for (guint i = 0; i < x->n_nodes; i++)
    if (x->labels[i])
      g_ptr_array_unref (x->labels[i]);
  g_free (x->labels);
  g_free (x->node_ids);
  g_free (x->node_retained);
  g_free (x->node_retained_count);
  if (x->also_ids)
    g_array_unref (x->also_ids);
  if (x->also_desc)
    g_ptr_array_unref (x->also_desc);
  g_free (x->root_desc);
  g_free (x->fingerprint);
  g_free (x->fingerprint_desc);
  g_free (x);
}

void
_hs_leak_node_free (gpointer p)
{
  HsLeakNode *n = p;
  g_free (n->class_name);
  g_free (n->obfuscated_class);
  g_free (n->description);
  if (n->reasons)
    g_ptr_array_unref (n->reasons);
  g_free (n->ref_name);
  g_free (n->ref_owner_class);
  g_free (n);
}

void
hs_leak_trace_free (HsLeakTrace *t)
{
  if (t == NULL)
    return;
  trace_private_free (t->priv);
  g_free (t->root_thread_name);
  if (t->nodes)
    g_ptr_array_unref (t->nodes);
  g_free (t->key);
  g_free (t->watch_description);
  if (t->also_leaking)
    g_array_unref (t->also_leaking);
  g_free (t->signature);
  g_free (t);
}

void
_hs_leak_group_free (gpointer p)
{
  HsLeakGroup *g = p;
  g_free (g->description);
  g_free (g->library_pattern);
  if (g->traces)
    g_ptr_array_unref (g->traces);
  g_free (g);
}

void
hs_leak_report_free (HsLeakReport *report)
{
  if (report == NULL)
    return;
  g_clear_pointer (&report->application_leaks, g_ptr_array_unref);
  g_clear_pointer (&report->library_leaks, g_ptr_array_unref);
  g_clear_pointer (&report->unreachable_leaking, g_ptr_array_unref);
  g_free (report);
}

const char *
hs_leaking_name (HsLeaking l)
{
  switch (l)
    {
      case HS_LEAKING_NO: return "NO";
      case HS_LEAKING_YES: return "YES";
      default: return "UNKNOWN";
    }
}

const char *
hs_leak_node_kind (const HsLeakNode *node)
{
  g_return_val_if_fail (node != NULL, "instance");
  if (node->is_class)
    return "class";
  switch (node->kind)
    {
      case HS_KIND_CLASS: return "class";
      case HS_KIND_OBJ_ARRAY:
      case HS_KIND_PRIM_ARRAY: return "array";
      case HS_KIND_INSTANCE:
      default: return "instance";
    }
}

guint64
hs_leak_group_get_retained (const HsLeakGroup *g)
{
  guint64 s = 0;
  g_return_val_if_fail (g != NULL, 0);
  for (guint i = 0; g->traces && i < g->traces->len; i++)
    s += ((HsLeakTrace *)g_ptr_array_index (g->traces, i))->retained_bytes;
  return s;
}

gint
_hs_leak_trace_cmp (gconstpointer a, gconstpointer b)
{
  const HsLeakTrace *x = *(HsLeakTrace *const *)a, *y = *(HsLeakTrace *const *)b;
  guint64 lx = x->nodes->len + x->n_elided, ly = y->nodes->len + y->n_elided;
  if (lx != ly)
    return lx < ly ? -1 : 1;
  if (x->retained_bytes != y->retained_bytes)
    return x->retained_bytes > y->retained_bytes ? -1 : 1;
  return x->leaking_obj < y->leaking_obj ? -1 : x->leaking_obj > y->leaking_obj;
}

gint
_hs_leak_group_cmp (gconstpointer a, gconstpointer b)
{
  const HsLeakGroup *x = *(HsLeakGroup *const *)a, *y = *(HsLeakGroup *const *)b;
  guint64 rx = hs_leak_group_get_retained (x), ry = hs_leak_group_get_retained (y);
  if (rx != ry)
    return rx > ry ? -1 : 1;
  return strcmp (x->fingerprint, y->fingerprint);
}

void
_hs_leak_groups_sort (GPtrArray *groups)
{
  for (guint g = 0; g < groups->len; g++)
    g_ptr_array_sort (((HsLeakGroup *)g_ptr_array_index (groups, g))->traces, _hs_leak_trace_cmp);
  g_ptr_array_sort (groups, _hs_leak_group_cmp);
}

guint64
hs_leak_trace_node_id (const HsLeakTrace *trace, guint node_index)
{
  HsLeakTracePrivate *x = trace ? trace->priv : NULL;
  return x && node_index < x->n_nodes ? x->node_ids[node_index] : 0;
}

const char *
hs_leak_trace_root_description (const HsLeakTrace *trace)
{
  g_return_val_if_fail (trace != NULL, NULL);
  return trace->priv && trace->priv->root_desc ? trace->priv->root_desc
                                               : hs_root_type_name (trace->root_type);
}

static inline gboolean
in_tree (const HsDomTree *dom, HsObj o)
{
  return o < dom->n && dom->idom[o] != HS_OBJ_NONE;
}

void
_hs_leak_trace_set_retained (HsLeakTrace *t, const HsDomTree *dom)
{
  HsLeakTracePrivate *x = t->priv;
  gboolean ok = in_tree (dom, t->leaking_obj);
  t->retained_bytes = ok ? hs_dom_tree_retained (dom, t->leaking_obj) : 0;
  t->retained_count = ok ? hs_dom_tree_retained_count (dom, t->leaking_obj) : 0;
  if (!x)
    return;
  for (guint i = 0; i < t->nodes->len && i < x->n_nodes; i++)
    {
      HsLeakNode *node = g_ptr_array_index (t->nodes, i);
      if (node->leaking == HS_LEAKING_YES && in_tree (dom, node->obj))
        {
          x->node_retained[i] = hs_dom_tree_retained (dom, node->obj);
          x->node_retained_count[i] = hs_dom_tree_retained_count (dom, node->obj);
        }
    }
}

/* Retained sizes from the dominator tree, for a report found without one
 * (the pipeline finds paths and dominators at the same time); then the
 * orders that depend on them. */
void
hs_leak_report_set_retained (HsLeakReport *report, const HsDomTree *dom)
{
  GPtrArray *lists[2];
  g_return_if_fail (report != NULL && dom != NULL);
  lists[0] = report->application_leaks;
  lists[1] = report->library_leaks;
  for (guint l = 0; l < 2; l++)
    {
      for (guint g = 0; g < lists[l]->len; g++)
        {
          HsLeakGroup *grp = g_ptr_array_index (lists[l], g);
          for (guint t = 0; t < grp->traces->len; t++)
            _hs_leak_trace_set_retained (g_ptr_array_index (grp->traces, t), dom);
        }
      _hs_leak_groups_sort (lists[l]);
    }
}
