/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dom-persist.c: the dominator tree's arrays as index sections
 * (hs-dom-persist.h, docs/index.md "Compressed sections"). The record
 * holds n, the reachable count and the number of children r. The retained
 * sizes (5 bytes each) and the unsorted lists' bitmap are used in place;
 * the retained counts are varints, the child lists are each list's length
 * as a varint then its children as zigzag varints of the difference from
 * the one before (the first from the parent), and the immediate
 * dominators are not kept: each child's is the list it is in. Decoding is
 * one pass over each section, into arrays of the sizes the record gives,
 * and refuses a list that names a non-object or an object twice. */
#include "config.h"

#include "hs-dom-persist.h"
#include "hs-dominators-private.h"
#include "hs-index-blob.h"
#include "hs-index-varint.h"
#include "hs-mem.h"
#include "hs-parallel.h"

#define DOM_TAG 0x4d4f4455u /* "UDOM" */
#define DOM_LAYOUT 2u

/* The sections after HS_INDEX_SECTION_DOM_ARRAY_FIRST. */
enum
{
  D_RETAINED40 = 1,
  D_RETAINED_COUNT = 2, /* n + 1 varints */
  D_CHILD_COUNTS = 3,   /* n + 1 varints: the length of each list */
  D_CHILDREN = 4,       /* r zigzag varints */
  D_UNSORTED = 5,
};

static guint64
retained40_bytes (guint64 n)
{
  return 5 * (n + 1) + 3;
}

static guint64
unsorted_bytes (guint64 n)
{
  return sizeof (gint) * (UNSORTED_WORD (n) + 1);
}

static gboolean
add_bytes (HsIndexWriter *w, guint i, GByteArray *bytes, GError **error)
{
  gboolean ok = hs_index_writer_add (w, HS_INDEX_SECTION_DOM_ARRAY_FIRST + i, bytes->data, bytes->len, error);
  g_byte_array_unref (bytes);
  return ok;
}

gboolean
hs_dom_tree_persist_write (const HsDomTree *t, HsIndexWriter *w, GError **error)
{
  HsIndexBlob b;
  gboolean ok;

  g_return_val_if_fail (t != NULL && t->idom && t->retained40 && t->retained_count && t->child_offsets
                            && t->child_targets,
                        FALSE);
  guint64 n = t->n, r = t->child_offsets[n + 1];
  hs_index_blob_init (&b);
  hs_index_blob_u32 (&b, DOM_TAG);
  hs_index_blob_u32 (&b, DOM_LAYOUT);
  hs_index_blob_u64 (&b, n);
  hs_index_blob_u64 (&b, t->n_reachable);
  hs_index_blob_u64 (&b, r);
  hs_index_blob_u8 (&b, t->unsorted != NULL);
  ok = hs_index_writer_add (w, HS_INDEX_SECTION_DOM, b.bytes->data, b.bytes->len, error);
  hs_index_blob_clear (&b);
  ok = ok
       && hs_index_writer_add (w, HS_INDEX_SECTION_DOM_ARRAY_FIRST + D_RETAINED40, t->retained40,
                               retained40_bytes (n), error);

  GByteArray *counts = g_byte_array_sized_new (n + 16);
  for (guint64 v = 0; v <= n; v++)
    hs_varint_put (counts, t->retained_count[v]);
  ok = ok && add_bytes (w, D_RETAINED_COUNT, counts, error);

  GByteArray *lens = g_byte_array_sized_new (n + 16), *children = g_byte_array_sized_new (r + 16);
  for (guint64 v = 0; v <= n; v++)
    {
      guint64 from = t->child_offsets[v], to = t->child_offsets[v + 1];
      gint64 prev = (gint64)v;
      hs_varint_put (lens, (guint32)(to - from));
      for (guint64 e = from; e < to; e++)
        {
          hs_varint_put (children, hs_varint_zigzag ((gint64)t->child_targets[e] - prev));
          prev = t->child_targets[e];
        }
    }
  ok = ok && add_bytes (w, D_CHILD_COUNTS, lens, error);
  ok = ok && add_bytes (w, D_CHILDREN, children, error);
  if (ok && t->unsorted)
    ok = hs_index_writer_add (w, HS_INDEX_SECTION_DOM_ARRAY_FIRST + D_UNSORTED, t->unsorted,
                              unsorted_bytes (n), error);
  return ok;
}

/* --- reading ------------------------------------------------------------ */

typedef struct
{
  GThreadFunc fn;
  gconstpointer bytes;
  guint64 len, n, r;
  guint32 *out;           /* the retained counts; the child offsets */
  HsObj *idom, *children; /* the lists' job */
  gboolean ok;
} DecodeJob;

static gpointer
run_job (gpointer data)
{
  DecodeJob *j = data;
  return j->fn (j);
}

static gpointer
retained_count_job (gpointer data)
{
  DecodeJob *j = data;
  HsVarintReader rd;

  hs_varint_reader_init (&rd, j->bytes, j->len);
  for (guint64 v = 0; v <= j->n; v++)
    j->out[v] = hs_varint_next (&rd);
  j->ok = hs_varint_reader_done (&rd);
  return NULL;
}

/* The lengths into offsets (from 0, never past r, ending at r), then each
 * list: every child an object below n seen in no list before, whose
 * immediate dominator is the list's parent. */
static gpointer
children_job (gpointer data)
{
  DecodeJob *j = data;
  const guint64 n = j->n, r = j->r;
  const guint8 *const *sec = j->bytes;
  HsVarintReader lens, kids;
  guint64 acc = 0;

  j->ok = FALSE;
  hs_varint_reader_init (&lens, sec[0], j->len);
  j->out[0] = 0;
  for (guint64 v = 0; v <= n; v++)
    {
      acc += hs_varint_next (&lens);
      if (acc > r)
        return NULL;
      j->out[v + 1] = (guint32)acc;
    }
  if (acc != r || !hs_varint_reader_done (&lens))
    return NULL;
  memset (j->idom, 0xff, sizeof (HsObj) * MAX (n, (guint64)1));
  hs_varint_reader_init (&kids, sec[1], (guint64)(sec[2] - sec[1]));
  for (guint64 v = 0; v <= n; v++)
    {
      gint64 prev = (gint64)v;
      for (guint64 e = j->out[v], end = j->out[v + 1]; e < end; e++)
        {
          gint64 c = prev + hs_varint_unzigzag (hs_varint_next (&kids));
          if (c < 0 || (guint64)c >= n || j->idom[c] != HS_OBJ_NONE)
            return NULL;
          j->idom[c] = (HsObj)v;
          j->children[e] = (HsObj)c;
          prev = c;
        }
    }
  j->ok = hs_varint_reader_done (&kids);
  return NULL;
}

HsDomTree *
hs_dom_tree_persist_read (HsIndexFile *f, guint64 n_objects, GError **error)
{
  guint64 len = 0, have[D_UNSORTED + 1] = { 0 };
  gconstpointer rec = hs_index_file_section (f, HS_INDEX_SECTION_DOM, &len);
  gpointer arrays[D_UNSORTED + 1] = { 0 };
  g_autofree guint32 *counts = NULL, *offsets = NULL;
  g_autofree HsObj *idom = NULL, *children = NULL;
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
  for (guint i = D_RETAINED40; i <= D_UNSORTED; i++)
    {
      arrays[i] = hs_index_file_section (f, HS_INDEX_SECTION_DOM_ARRAY_FIRST + i, &have[i]);
      if (arrays[i] == NULL && !(i == D_UNSORTED && !has_unsorted))
        goto bad;
    }
  if (have[D_RETAINED40] != retained40_bytes (n)
      || (arrays[D_UNSORTED] && have[D_UNSORTED] != unsorted_bytes (n)))
    goto bad;

  /* The retained counts on one core, the lists on the other. */
  /* hs_mem: huge pages, a fault per 2 MiB (g_free frees them) */
  counts = hs_mem_new (guint32, n + 1);
  offsets = hs_mem_new (guint32, n + 2);
  idom = hs_mem_new (HsObj, MAX (n, (guint64)1));
  children = hs_mem_new (HsObj, MAX (r, (guint64)1));
  const guint8 *lists[3]
      = { arrays[D_CHILD_COUNTS], arrays[D_CHILDREN], (const guint8 *)arrays[D_CHILDREN] + have[D_CHILDREN] };
  DecodeJob jobs[2] = {
    { retained_count_job, arrays[D_RETAINED_COUNT], have[D_RETAINED_COUNT], n, r, counts, NULL, NULL, FALSE },
    { children_job, lists, have[D_CHILD_COUNTS], n, r, offsets, idom, children, FALSE },
  };
  gboolean two = n > 1000000 && g_get_num_processors () > 1;
  if (two)
    hs_run_pair ("hs-dom-read", run_job, &jobs[0], &jobs[1]);
  else
    {
      run_job (&jobs[0]);
      run_job (&jobs[1]);
    }
  if (!jobs[0].ok || !jobs[1].ok)
    goto bad;

  HsDomTree *t = g_new0 (HsDomTree, 1);
  t->n = n;
  t->n_reachable = n_reachable;
  t->idom = g_steal_pointer (&idom);
  t->retained40 = arrays[D_RETAINED40];
  t->retained_count = g_steal_pointer (&counts);
  t->child_offsets = g_steal_pointer (&offsets);
  t->child_targets = g_steal_pointer (&children);
  t->unsorted = arrays[D_UNSORTED];
  t->index = hs_index_file_ref (f);
  g_mutex_init (&t->sort_lock);
  return t;

bad:
  g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: the dominator tree is not whole or not of this heap",
               hs_index_file_path (f));
  return NULL;
}
