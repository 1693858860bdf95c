/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dom-persist.c: the dominator tree's arrays as index sections
 * (hs-dom-persist.h). The record holds n and the reachable count; each
 * array is a section whose size follows from them. */
#include "config.h"

#include "hs-dom-persist.h"
#include "hs-dominators-private.h"
#include "hs-index-blob.h"

#define DOM_TAG 0x4d4f4455u /* "UDOM" */
#define DOM_LAYOUT 1u

enum
{
  D_IDOM,
  D_RETAINED40,
  D_RETAINED_COUNT,
  D_CHILD_OFFSETS,
  D_CHILD_TARGETS,
  D_UNSORTED,
  N_DOM_ARRAYS
};

/* Bytes of each array for a tree of n nodes, r of them reachable. */
static void
sizes_for (guint64 n, guint64 r, guint64 bytes[N_DOM_ARRAYS])
{
  bytes[D_IDOM] = 4 * MAX (n, 1);
  bytes[D_RETAINED40] = 5 * (n + 1) + 3;
  bytes[D_RETAINED_COUNT] = 4 * (n + 1);
  bytes[D_CHILD_OFFSETS] = 4 * (n + 2);
  bytes[D_CHILD_TARGETS] = 4 * MAX (r, 1);
  bytes[D_UNSORTED] = sizeof (gint) * (UNSORTED_WORD (n) + 1);
}

gboolean
hs_dom_tree_persist_write (const HsDomTree *t, HsIndexWriter *w, GError **error)
{
  HsIndexBlob b;
  guint64 bytes[N_DOM_ARRAYS];
  guint64 r = t->child_offsets[t->n + 1];
  gconstpointer arrays[N_DOM_ARRAYS]
      = { t->idom, t->retained40, t->retained_count, t->child_offsets, t->child_targets, t->unsorted };
  gboolean ok;

  g_return_val_if_fail (t != NULL && t->idom && t->retained40 && t->retained_count && t->child_offsets
                            && t->child_targets,
                        FALSE);
  sizes_for (t->n, r, bytes);
  hs_index_blob_init (&b);
  hs_index_blob_u32 (&b, DOM_TAG);
  hs_index_blob_u32 (&b, DOM_LAYOUT);
  hs_index_blob_u64 (&b, t->n);
  hs_index_blob_u64 (&b, t->n_reachable);
  hs_index_blob_u64 (&b, r);
  hs_index_blob_u8 (&b, t->unsorted != NULL);
  ok = hs_index_writer_add (w, HS_INDEX_SECTION_DOM, b.bytes->data, b.bytes->len, error);
  hs_index_blob_clear (&b);
  for (guint i = 0; ok && i < N_DOM_ARRAYS; i++)
    if (arrays[i] != NULL)
      ok = hs_index_writer_add (w, HS_INDEX_SECTION_DOM_ARRAY_FIRST + i, arrays[i], bytes[i], error);
  return ok;
}

HsDomTree *
hs_dom_tree_persist_read (HsIndexFile *f, guint64 n_objects, GError **error)
{
  guint64 len = 0, bytes[N_DOM_ARRAYS];
  gconstpointer rec = hs_index_file_section (f, HS_INDEX_SECTION_DOM, &len);
  gpointer arrays[N_DOM_ARRAYS] = { 0 };
  HsIndexCursor c;

  if (rec == NULL)
    return NULL;
  hs_index_cursor_init (&c, rec, len);
  if (hs_index_cursor_u32 (&c) != DOM_TAG || hs_index_cursor_u32 (&c) != DOM_LAYOUT)
    hs_index_cursor_fail (&c);
  guint64 n = hs_index_cursor_u64 (&c);
  guint64 n_reachable = hs_index_cursor_u64 (&c);
  guint64 r = hs_index_cursor_u64 (&c);
  gboolean has_unsorted = hs_index_cursor_u8 (&c);
  if (!hs_index_cursor_ok (&c, TRUE) || n != n_objects || r > n || n_reachable > n)
    goto bad;
  sizes_for (n, r, bytes);
  for (guint i = 0; i < N_DOM_ARRAYS; i++)
    {
      guint64 have = 0;
      arrays[i] = hs_index_file_section (f, HS_INDEX_SECTION_DOM_ARRAY_FIRST + i, &have);
      if (i == D_UNSORTED && !has_unsorted && arrays[i] == NULL)
        continue;
      if (arrays[i] == NULL || have != bytes[i])
        goto bad;
    }
  /* The children's offsets bound every list (the accessors trust them):
   * from 0, never decreasing, to r; every child and every immediate
   * dominator an object (or the virtual root n, or none). Checked in full
   * whatever the checksums say. */
  const guint32 *off = arrays[D_CHILD_OFFSETS];
  if (off[0] != 0 || off[n + 1] != r)
    goto bad;
  for (guint64 v = 0; v <= n; v++)
    if (off[v + 1] < off[v])
      goto bad;
  const HsObj *children = arrays[D_CHILD_TARGETS];
  for (guint64 e = 0; e < r; e++)
    if (children[e] >= n)
      goto bad;
  const HsObj *idom = arrays[D_IDOM];
  for (guint64 v = 0; v < n; v++)
    if (idom[v] > n && idom[v] != HS_OBJ_NONE)
      goto bad;

  HsDomTree *t = g_new0 (HsDomTree, 1);
  t->n = n;
  t->n_reachable = n_reachable;
  t->idom = arrays[D_IDOM];
  t->retained40 = arrays[D_RETAINED40];
  t->retained_count = arrays[D_RETAINED_COUNT];
  t->child_offsets = arrays[D_CHILD_OFFSETS];
  t->child_targets = arrays[D_CHILD_TARGETS];
  t->unsorted = arrays[D_UNSORTED];
  t->index = hs_index_file_ref (f);
  g_mutex_init (&t->sort_lock);
  return t;

bad:
  g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: the dominator tree is not whole or not of this heap",
               hs_index_file_path (f));
  return NULL;
}
