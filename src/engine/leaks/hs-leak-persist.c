/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leak-persist.c: a leak report and its traces as index records, and
 * read back (hs-leak-persist.h).
 *
 * A report record starts with the tag "LEAK" and its layout number; each
 * trace in it is a record of its own, tag "LTRC" (suspects embed traces
 * too). Pointers that readers test for NULL (a node's reasons and labels,
 * the private part, the lists of also-leaking objects) are written with a
 * byte saying whether they are there; the lists every reader walks are
 * always there. Reading checks every object index against the heap's,
 * every count against the bytes left, every enum and boolean against its
 * range, the private part's node count against the nodes, and that a trace
 * has a node and a group a trace, so that what comes back is safe for
 * every reader of a report; on any failure what was
 * built is freed and NULL returned. */
#include "config.h"

#include "hs-leak-persist.h"
#include "hs-leak-report-private.h"

#include <string.h>

/* The tag's bytes as written, in order: "LEAK", "LTRC". */
#define TAG(a, b, c, d) ((guint32)(a) | (guint32)(b) << 8 | (guint32)(c) << 16 | (guint32)(d) << 24)
#define REPORT_TAG TAG ('L', 'E', 'A', 'K')
#define TRACE_TAG TAG ('L', 'T', 'R', 'C')
/* Raised whenever what is written changes. */
#define REPORT_LAYOUT 1
#define TRACE_LAYOUT 1

/* The fewest bytes an item of each list takes, for the counts' checks. */
#define MIN_NODE (4 + 4 + 1 + 1 + 4 + 1 + 1 + 1 + 4 + 4 + 4 + 1 + 4)
#define MIN_TRACE (4 + 4 + 1 + 4 + 4)
#define MIN_GROUP (4 + 4 + 1 + 4 + 4)
#define MIN_PRIV_NODE (8 + 1 + 8 + 8)

/* ---- writing ------------------------------------------------------------ */

/* A list that may be NULL: a byte, then the list. */
static void
save_maybe_strings (HsIndexBlob *out, const GPtrArray *a)
{
  hs_index_blob_u8 (out, a != NULL);
  if (a)
    hs_index_blob_strs (out, a);
}

static void
save_node (HsIndexBlob *out, const HsLeakNode *n)
{
  hs_index_blob_u32 (out, n->obj);
  hs_index_blob_str (out, n->class_name);
  hs_index_blob_u8 (out, n->is_class != FALSE);
  hs_index_blob_u8 (out, n->kind);
  hs_index_blob_str (out, n->description);
  hs_index_blob_u8 (out, n->leaking);
  save_maybe_strings (out, n->reasons);
  hs_index_blob_u8 (out, n->ref_kind);
  hs_index_blob_str (out, n->ref_name);
  hs_index_blob_u32 (out, n->ref_index);
  hs_index_blob_str (out, n->ref_owner_class);
  hs_index_blob_u8 (out, n->suspect != FALSE);
  hs_index_blob_str (out, n->obfuscated_class);
}

static void
save_private (HsIndexBlob *out, const HsLeakTracePrivate *x)
{
  hs_index_blob_u32 (out, x->n_nodes);
  for (guint i = 0; i < x->n_nodes; i++)
    {
      hs_index_blob_u64 (out, x->node_ids[i]);
      save_maybe_strings (out, x->labels[i]);
      hs_index_blob_u64 (out, x->node_retained[i]);
      hs_index_blob_u64 (out, x->node_retained_count[i]);
    }
  hs_index_blob_u8 (out, x->also_ids != NULL);
  if (x->also_ids)
    hs_index_blob_u64s (out, x->also_ids);
  save_maybe_strings (out, x->also_desc);
  hs_index_blob_str (out, x->root_desc);
  hs_index_blob_str (out, x->fingerprint);
  hs_index_blob_str (out, x->fingerprint_desc);
}

void
hs_leak_trace_save (const HsLeakTrace *t, HsIndexBlob *out)
{
  g_return_if_fail (t != NULL && t->nodes != NULL && out != NULL);
  hs_index_blob_u32 (out, TRACE_TAG);
  hs_index_blob_u32 (out, TRACE_LAYOUT);
  hs_index_blob_u8 (out, t->root_type);
  hs_index_blob_str (out, t->root_thread_name);
  hs_index_blob_u32 (out, t->nodes->len);
  for (guint i = 0; i < t->nodes->len; i++)
    save_node (out, g_ptr_array_index (t->nodes, i));
  hs_index_blob_u32 (out, t->leaking_obj);
  hs_index_blob_u64 (out, t->retained_bytes);
  hs_index_blob_u64 (out, t->retained_count);
  hs_index_blob_str (out, t->key);
  hs_index_blob_str (out, t->watch_description);
  hs_index_blob_i64 (out, t->retained_duration_ms);
  hs_index_blob_i64 (out, t->watch_duration_ms);
  hs_index_blob_u8 (out, t->also_leaking != NULL);
  if (t->also_leaking)
    hs_index_blob_objs (out, t->also_leaking);
  hs_index_blob_str (out, t->signature);
  hs_index_blob_u8 (out, t->priv != NULL);
  if (t->priv)
    save_private (out, t->priv);
  hs_index_blob_u64 (out, t->n_elided);
  hs_index_blob_u32 (out, t->elided_at);
}

static void
save_groups (HsIndexBlob *out, const GPtrArray *groups)
{
  hs_index_blob_u32 (out, groups->len);
  for (guint i = 0; i < groups->len; i++)
    {
      const HsLeakGroup *g = g_ptr_array_index (groups, i);
      hs_index_blob_str (out, g->fingerprint);
      hs_index_blob_str (out, g->description);
      hs_index_blob_u8 (out, g->library != FALSE);
      hs_index_blob_str (out, g->library_pattern);
      hs_index_blob_u32 (out, g->traces->len);
      for (guint k = 0; k < g->traces->len; k++)
        hs_leak_trace_save (g_ptr_array_index (g->traces, k), out);
    }
}

void
hs_leak_report_save (const HsLeakReport *r, HsIndexBlob *out)
{
  g_return_if_fail (r != NULL && out != NULL);
  hs_index_blob_u32 (out, REPORT_TAG);
  hs_index_blob_u32 (out, REPORT_LAYOUT);
  save_groups (out, r->application_leaks);
  save_groups (out, r->library_leaks);
  hs_index_blob_u64 (out, r->n_leaking_objects);
  hs_index_blob_u64 (out, r->n_watched);
  hs_index_blob_strs (out, r->unreachable_leaking);
}

/* ---- reading ------------------------------------------------------------ */

/* A byte that must be 0 or 1. */
static gboolean
load_bool (HsIndexCursor *in)
{
  guint8 v = hs_index_cursor_u8 (in);
  if (v > 1)
    hs_index_cursor_fail (in);
  return v == 1;
}

/* A byte that must be at most max. */
static guint8
load_enum (HsIndexCursor *in, guint8 max)
{
  guint8 v = hs_index_cursor_u8 (in);
  if (v > max)
    {
      hs_index_cursor_fail (in);
      return 0;
    }
  return v;
}

static GPtrArray *
load_maybe_strings (HsIndexCursor *in)
{
  return load_bool (in) ? hs_index_cursor_strs (in) : NULL;
}

static HsLeakNode *
load_node (HsIndexCursor *in, guint64 n_objects)
{
  HsLeakNode *n = g_new0 (HsLeakNode, 1);
  n->obj = hs_index_cursor_obj (in, n_objects, FALSE);
  n->class_name = hs_index_cursor_str (in);
  n->is_class = load_bool (in);
  n->kind = load_enum (in, HS_KIND_PRIM_ARRAY);
  n->description = hs_index_cursor_str (in);
  n->leaking = load_enum (in, HS_LEAKING_YES);
  n->reasons = load_maybe_strings (in);
  n->ref_kind = load_enum (in, HS_PATH_REF_LOCAL);
  n->ref_name = hs_index_cursor_str (in);
  n->ref_index = hs_index_cursor_u32 (in);
  n->ref_owner_class = hs_index_cursor_str (in);
  n->suspect = load_bool (in);
  n->obfuscated_class = hs_index_cursor_str (in);
  return n;
}

/* The private part of a trace of n_nodes nodes (the count written must
 * be that: readers index it by node). NULL on failure. */
static HsLeakTracePrivate *
load_private (HsIndexCursor *in, guint n_nodes)
{
  guint32 n = hs_index_cursor_count (in, MIN_PRIV_NODE);
  HsLeakTracePrivate *x;
  if (in->failed || n != n_nodes)
    {
      hs_index_cursor_fail (in);
      return NULL;
    }
  x = _hs_leak_trace_private_new (n);
  for (guint i = 0; i < n && !in->failed; i++)
    {
      x->node_ids[i] = hs_index_cursor_u64 (in);
      x->labels[i] = load_maybe_strings (in);
      x->node_retained[i] = hs_index_cursor_u64 (in);
      x->node_retained_count[i] = hs_index_cursor_u64 (in);
    }
  /* _hs_leak_trace_private_new made both lists: replaced by what was
   * written, which may be none. */
  g_clear_pointer (&x->also_ids, g_array_unref);
  if (load_bool (in))
    x->also_ids = hs_index_cursor_u64s (in);
  g_clear_pointer (&x->also_desc, g_ptr_array_unref);
  x->also_desc = load_maybe_strings (in);
  x->root_desc = hs_index_cursor_str (in);
  x->fingerprint = hs_index_cursor_str (in);
  x->fingerprint_desc = hs_index_cursor_str (in);
  return x;
}

/* hs_leak_trace_free frees what load_private made: its part is set on
 * the trace at once (a failed read frees the trace). */
HsLeakTrace *
hs_leak_trace_load (HsIndexCursor *in, guint64 n_objects)
{
  g_autoptr (HsLeakTrace) t = NULL;
  guint32 n;

  g_return_val_if_fail (in != NULL, NULL);
  if (hs_index_cursor_u32 (in) != TRACE_TAG || hs_index_cursor_u32 (in) != TRACE_LAYOUT)
    {
      hs_index_cursor_fail (in);
      return NULL;
    }
  t = g_new0 (HsLeakTrace, 1);
  t->root_type = hs_index_cursor_u8 (in);
  t->root_thread_name = hs_index_cursor_str (in);
  n = hs_index_cursor_count (in, MIN_NODE);
  t->nodes = g_ptr_array_new_full (n, _hs_leak_node_free);
  for (guint i = 0; i < n && !in->failed; i++)
    g_ptr_array_add (t->nodes, load_node (in, n_objects));
  t->leaking_obj = hs_index_cursor_obj (in, n_objects, FALSE);
  t->retained_bytes = hs_index_cursor_u64 (in);
  t->retained_count = hs_index_cursor_u64 (in);
  t->key = hs_index_cursor_str (in);
  t->watch_description = hs_index_cursor_str (in);
  t->retained_duration_ms = hs_index_cursor_i64 (in);
  t->watch_duration_ms = hs_index_cursor_i64 (in);
  if (load_bool (in))
    t->also_leaking = hs_index_cursor_objs (in, n_objects);
  t->signature = hs_index_cursor_str (in);
  if (load_bool (in) && !in->failed)
    t->priv = load_private (in, t->nodes->len);
  t->n_elided = hs_index_cursor_u64 (in);
  t->elided_at = hs_index_cursor_u32 (in);
  /* A path has its root at least (readers take the first and the last
   * node); the gap stands before a kept node, or after the last. */
  if (t->nodes->len == 0 || (t->n_elided > 0 && t->elided_at > t->nodes->len))
    hs_index_cursor_fail (in);
  if (in->failed)
    return NULL;
  return g_steal_pointer (&t);
}

static gboolean
load_groups (HsIndexCursor *in, guint64 n_objects, GPtrArray *groups, gboolean library)
{
  guint32 n = hs_index_cursor_count (in, MIN_GROUP);
  for (guint i = 0; i < n && !in->failed; i++)
    {
      HsLeakGroup *g = g_new0 (HsLeakGroup, 1);
      g_autofree char *fingerprint = NULL;
      guint32 k;

      g_ptr_array_add (groups, g);
      fingerprint = hs_index_cursor_str (in);
      /* a fixed array of 41: at most 40 characters */
      if (fingerprint == NULL || strlen (fingerprint) >= sizeof g->fingerprint)
        {
          hs_index_cursor_fail (in);
          break;
        }
      g_strlcpy (g->fingerprint, fingerprint, sizeof g->fingerprint);
      g->description = hs_index_cursor_str (in);
      g->library = load_bool (in);
      g->library_pattern = hs_index_cursor_str (in);
      k = hs_index_cursor_count (in, MIN_TRACE);
      g->traces = g_ptr_array_new_full (k, (GDestroyNotify)hs_leak_trace_free);
      for (guint j = 0; j < k && !in->failed; j++)
        {
          HsLeakTrace *t = hs_leak_trace_load (in, n_objects);
          if (t)
            g_ptr_array_add (g->traces, t);
        }
      /* each list holds its own kind only, and a group its traces (readers
       * show the first) */
      if (g->library != library || g->traces->len == 0)
        hs_index_cursor_fail (in);
    }
  return !in->failed;
}

HsLeakReport *
hs_leak_report_load (HsIndexCursor *in, guint64 n_objects)
{
  g_autoptr (HsLeakReport) r = NULL;

  g_return_val_if_fail (in != NULL, NULL);
  if (hs_index_cursor_u32 (in) != REPORT_TAG || hs_index_cursor_u32 (in) != REPORT_LAYOUT)
    {
      hs_index_cursor_fail (in);
      return NULL;
    }
  r = g_new0 (HsLeakReport, 1);
  r->application_leaks = g_ptr_array_new_with_free_func (_hs_leak_group_free);
  r->library_leaks = g_ptr_array_new_with_free_func (_hs_leak_group_free);
  if (!load_groups (in, n_objects, r->application_leaks, FALSE)
      || !load_groups (in, n_objects, r->library_leaks, TRUE))
    return NULL;
  r->n_leaking_objects = hs_index_cursor_u64 (in);
  r->n_watched = hs_index_cursor_u64 (in);
  r->unreachable_leaking = hs_index_cursor_strs (in);
  if (in->failed)
    return NULL;
  return g_steal_pointer (&r);
}
