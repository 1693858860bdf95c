/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-refs.c: an object's outgoing and incoming references, a page at a
 * time (see hs-refs.h). */
#include "config.h"

#include "hs-refs.h"

#include <string.h>

/* A named reference is an edge of the graph unless it is a referent the
 * graph leaves out (hs-heap-classes.c: only with follow_weak). */
static inline gboolean
is_edge (HsHeap *heap, const HsNamedRef *r)
{
  return !r->is_weak || hs_heap_follow_weak (heap);
}

guint64
hs_refs_count (HsHeap *heap, HsObj o, HsRefsDirection dir)
{
  gsize n = 0;
  HsObj first;

  g_return_val_if_fail (heap != NULL, 0);
  if (o >= hs_heap_n_objects (heap))
    return 0;
  if (dir == HS_REFS_INCOMING)
    {
      hs_heap_referrers (heap, o, &n);
      return n;
    }
  hs_heap_refs (heap, o, &first, &n);
  return n + (first != HS_OBJ_NONE ? 1 : 0);
}

/* --- outgoing: the object read up to the page's end --------------------- */

typedef struct
{
  HsHeap *heap;
  guint64 seen, offset, end;
  GArray *out;
} OutWalk;

static gboolean
out_cb (const HsNamedRef *r, gpointer data)
{
  OutWalk *w = data;

  if (!is_edge (w->heap, r))
    return TRUE;
  if (w->seen++ < w->offset)
    return TRUE;
  HsRef ref = { r->target, r->kind, r->name, r->index };
  g_array_append_val (w->out, ref);
  return w->seen < w->end;
}

/* --- incoming: each referrer read once ---------------------------------- */

typedef struct
{
  HsHeap *heap;
  HsObj to;
  guint64 seen, skip, want; /* references to `to`: skip the first skip, keep want */
  HsObj from;
  GArray *out;
  gboolean no_elements; /* the elements were named already */
} InWalk;

static gboolean
in_cb (const HsNamedRef *r, gpointer data)
{
  InWalk *w = data;

  if (r->target != w->to || !is_edge (w->heap, r) || (w->no_elements && r->kind == HS_REF_ELEMENT))
    return TRUE;
  if (w->seen++ < w->skip)
    return TRUE;
  HsRef ref = { w->from, r->kind, r->name, r->index };
  g_array_append_val (w->out, ref);
  return w->seen < w->skip + w->want;
}

/* Entries [b, e) of the referrers list are one referrer, holding o that
 * many times; k of its references to o come before b. */
static void
name_run (HsHeap *heap, HsObj o, HsObj from, guint64 k, guint64 count, GArray *out)
{
  InWalk w = { heap, o, 0, k, count, from, out, FALSE };
  guint before = out->len;

  /* An array holding o many times is read once per page: its elements
   * are matched by id as the record writes them (an element with o's id
   * is a reference to o), with no look-up per element; its other
   * reference, <class>, below. OBJ_ARRAY_DUMP: tag, id, serial, length,
   * class id, elements. */
  gsize size = 0;
  const guint8 *bytes = hs_heap_bytes (heap, &size);
  guint ids = hs_heap_id_size (heap);
  guint64 at = hs_heap_object_offset (heap, from) + 1 + 2 * (guint64)ids + 8;
  guint32 len = hs_heap_array_length (heap, from);
  if (hs_heap_object_kind (heap, from) == HS_KIND_OBJ_ARRAY && (ids == 4 || ids == 8) && at <= size
      && (guint64)len * ids <= size - at)
    {
      guint64 id = hs_heap_object_id (heap, o);
      guint8 want[8];
      for (guint b = 0; b < ids; b++)
        want[b] = (guint8)(id >> (8 * (ids - 1 - b)));
      for (guint32 i = 0; i < len && out->len - before < count; i++)
        if (memcmp (bytes + at + (guint64)i * ids, want, ids) == 0 && w.seen++ >= k)
          {
            HsRef ref = { from, HS_REF_ELEMENT, NULL, i };
            g_array_append_val (out, ref);
          }
      w.skip = k > w.seen ? k - w.seen : 0;
      w.want = count - (out->len - before);
      w.seen = 0;
      w.no_elements = TRUE;
    }
  if (out->len - before < count)
    hs_heap_foreach_ref (heap, from, in_cb, &w);
  /* The index and the record disagree (never in a well-formed dump): the
   * referrer is still listed, its reference unnamed. */
  for (guint64 i = out->len - before; i < count; i++)
    {
      HsRef ref = { from, HS_REF_FIELD, NULL, 0 };
      g_array_append_val (out, ref);
    }
}

GArray *
hs_refs_page (HsHeap *heap, HsObj o, HsRefsDirection dir, guint64 offset, guint limit)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (HsRef));

  g_return_val_if_fail (heap != NULL, out);
  if (o >= hs_heap_n_objects (heap) || limit == 0)
    return out;
  if (dir == HS_REFS_OUTGOING)
    {
      OutWalk w = { heap, 0, offset, offset + limit, out };
      if (offset < hs_refs_count (heap, o, dir))
        hs_heap_foreach_ref (heap, o, out_cb, &w);
      return out;
    }

  gsize n = 0;
  const HsObj *refs = hs_heap_referrers (heap, o, &n);
  guint64 end = MIN ((guint64)n, offset + limit);
  for (guint64 b = offset; b < end;)
    {
      HsObj from = refs[b];
      guint64 e = b + 1, k = 0;
      /* The list is sorted: a referrer's entries are one run. */
      while (e < end && refs[e] == from)
        e++;
      for (guint64 j = b; j > 0 && refs[j - 1] == from; j--)
        k++;
      name_run (heap, o, from, k, e - b, out);
      b = e;
    }
  return out;
}

char *
hs_ref_name (const HsRef *ref)
{
  g_return_val_if_fail (ref != NULL, NULL);
  switch (ref->kind)
    {
      case HS_REF_ELEMENT: return g_strdup_printf ("[%u]", ref->index);
      case HS_REF_CLASS: return g_strdup ("<class>");
      case HS_REF_SUPER: return g_strdup ("<super>");
      case HS_REF_LOADER: return g_strdup ("<classLoader>");
      case HS_REF_FIELD:
      case HS_REF_STATIC:
      default: return g_strdup (ref->name != NULL ? ref->name : "?");
    }
}

const char *
hs_ref_kind_name (HsRefKind kind)
{
  switch (kind)
    {
      case HS_REF_STATIC: return "static";
      case HS_REF_ELEMENT: return "element";
      case HS_REF_CLASS: return "class";
      case HS_REF_SUPER: return "super";
      case HS_REF_LOADER: return "loader";
      case HS_REF_FIELD:
      default: return "field";
    }
}

void
hs_refs_csv_header (HsCsv *csv)
{
  static const char *const columns[]
      = { "depth", "reference", "kind", "index", "id", "class", "shallow", "retained", "cycle" };

  g_return_if_fail (csv != NULL);
  hs_csv_header (csv, columns, G_N_ELEMENTS (columns));
}

void
hs_refs_csv_row (HsCsv *csv, HsAnalysis *a, guint depth, const HsRef *ref, const char *name, HsObj obj,
                 gboolean cycle)
{
  g_return_if_fail (csv != NULL && a != NULL);

  hs_csv_uint (csv, depth);
  if (obj == HS_OBJ_NONE)
    {
      hs_csv_text (csv, name);
      hs_csv_text (csv, "root");
      for (guint i = 0; i < 5; i++) /* index, id, class, shallow, retained */
        hs_csv_empty (csv);
      hs_csv_text (csv, "false");
      hs_csv_end_row (csv);
      return;
    }
  if (ref != NULL)
    {
      g_autofree char *own = name == NULL ? hs_ref_name (ref) : NULL;
      hs_csv_text (csv, name != NULL ? name : own);
      hs_csv_text (csv, hs_ref_kind_name (ref->kind));
    }
  else
    {
      hs_csv_empty (csv);
      hs_csv_empty (csv);
    }
  if (ref != NULL && ref->kind == HS_REF_ELEMENT)
    hs_csv_uint (csv, ref->index);
  else
    hs_csv_empty (csv);
  hs_csv_id (csv, hs_heap_object_id (a->heap, obj));
  hs_csv_text (csv, hs_heap_object_class_name (a->heap, obj));
  hs_csv_uint (csv, hs_heap_object_shallow (a->heap, obj));
  hs_csv_uint (csv, a->dom != NULL && hs_heap_object_reachable (a->heap, obj)
                        ? hs_dom_tree_retained (a->dom, obj)
                        : 0);
  hs_csv_text (csv, cycle ? "true" : "false");
  hs_csv_end_row (csv);
}
