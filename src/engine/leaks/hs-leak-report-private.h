/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-report-private.h: the part of a trace the engine keeps out of the
 * public struct: object ids (JSON and text need them without the heap),
 * LeakCanary-style labels and per-node retained sizes. Owned by the trace. */
#pragma once

#include "hs-leak-report.h"
#include "hs-format.h"

G_BEGIN_DECLS

struct _HsLeakTracePrivate
{
  guint n_nodes;
  guint64 *node_ids;
  GPtrArray **labels;     /* per node: char* */
  guint64 *node_retained; /* G_MAXUINT64 = not shown */
  guint64 *node_retained_count;
  GArray *also_ids;     /* guint64 */
  GPtrArray *also_desc; /* char* "Class@0x.." */
  char *root_desc;
  /* An abridged leak trace's fingerprint and short description, computed
   * over all its suspects when it was built (NULL for whole traces). */
  char *fingerprint;
  char *fingerprint_desc;
};

HsLeakTracePrivate *_hs_leak_trace_private_new (guint n_nodes);
void _hs_leak_node_free (gpointer node);
void _hs_leak_group_free (gpointer group);
/* Orders: traces shortest first, then retained desc, then object; groups by
 * retained desc, then fingerprint. */
gint _hs_leak_trace_cmp (gconstpointer a, gconstpointer b);
gint _hs_leak_group_cmp (gconstpointer a, gconstpointer b);
/* The traces of each group, then the groups, in those orders. */
void _hs_leak_groups_sort (GPtrArray *groups);
/* Retained sizes of the trace and of its nodes marked to show one
 * (leaking, or node_retained already set), from dom. */
void _hs_leak_trace_set_retained (HsLeakTrace *trace, const HsDomTree *dom);

G_END_DECLS
