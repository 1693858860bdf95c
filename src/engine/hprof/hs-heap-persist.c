/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-persist.c: a loaded heap into a persistent index and back
 * (hs-heap-persist.h, docs/index.md).
 *
 * The HEAP section is a record (hs-index-blob.h): the scalars, the class
 * table with its names, roots, threads, stacks and heaps, and a list of
 * the arrays with their element counts. Each array is a section of its
 * own, used in place. The counts are checked against what the scalars
 * say they must be (n objects, n classes ...), so that a section whose
 * checksum holds but whose size is wrong is refused, never read past. */
#include "config.h"

#include <string.h>

#include "hs-heap-persist.h"
#include "hs-heap-private.h"
#include "hs-graph.h"
#include "hs-index-blob.h"
#include "hs-index-varint.h"
#include "hs-mem.h"
#include "hs-strhash.h"

#define HEAP_TAG 0x50414548u /* "HEAP" */
/* 2: the object layout (hs-object-layout.h) is kept, and sizes follow it. */
#define HEAP_LAYOUT 2u
#define ABSENT G_MAXUINT64

/* The arrays, in the order the record lists them. */
enum
{
  A_KLASS16,
  A_KLASS32,
  A_UNITS,
  A_S32,
  A_BIG_OBJ,
  A_BIG_SIZE,
  A_OFFSETS,
  A_OFFS,
  A_OFF_DELTA,
  A_OFF_BASE,
  A_OFF_ESC_FIRST,
  A_OFF_ESC,
  A_FLAGS,
  A_BUCKETS,
  A_REF_DELTA,
  A_REF_BASE,
  A_REF_ESC,
  A_REF_TARGETS,
  A_REF_CLASS_EDGE,
  A_CLASS_IDS_SORTED,
  A_CLASS_IDS_INDEX,
  A_CLASS_REF_OFFSETS,
  A_HEAP_OF,
  N_ARRAYS
};

typedef struct
{
  gpointer *slot;
  gsize elem;
  guint64 count; /* ABSENT: none */
} Array;

/* The heap's array pointers, with their element sizes. */
static void
arrays_of (HsHeap *heap, Array a[N_ARRAYS])
{
#define SLOT(i, field, size) a[i] = (Array){ (gpointer *)&heap->field, size, ABSENT }
  SLOT (A_KLASS16, cols.klass.k16, 2);
  SLOT (A_KLASS32, cols.klass.k32, 4);
  SLOT (A_UNITS, cols.shallow.units, 2);
  SLOT (A_S32, cols.shallow.s32, 4);
  SLOT (A_BIG_OBJ, cols.shallow.big_obj, 4);
  SLOT (A_BIG_SIZE, cols.shallow.big_size, 4);
  SLOT (A_OFFSETS, offsets, 8);
  SLOT (A_OFFS, offs, 1);
  SLOT (A_OFF_DELTA, off_delta, 2);
  SLOT (A_OFF_BASE, off_base, 8);
  SLOT (A_OFF_ESC_FIRST, off_esc_first, 4);
  SLOT (A_OFF_ESC, off_esc, 8);
  SLOT (A_FLAGS, flags, 1);
  SLOT (A_BUCKETS, buckets, 4);
  SLOT (A_REF_DELTA, ref_delta, 2);
  SLOT (A_REF_BASE, ref_base, 8);
  SLOT (A_REF_ESC, ref_esc, 8);
  SLOT (A_REF_TARGETS, ref_targets, 4);
  SLOT (A_REF_CLASS_EDGE, ref_class_edge, 4);
  SLOT (A_CLASS_IDS_SORTED, class_ids_sorted, 8);
  SLOT (A_CLASS_IDS_INDEX, class_ids_index, 4);
  SLOT (A_CLASS_REF_OFFSETS, class_ref_offsets, 4);
  SLOT (A_HEAP_OF, heap_of, 1);
#undef SLOT
}

static guint64
ref_blocks (const HsHeap *heap)
{
  return (heap->n >> HS_GRAPH_BLOCK_SHIFT) + 1;
}

static guint64
off_blocks (const HsHeap *heap)
{
  return (heap->n + HS_OFF_BLOCK - 1) >> HS_OFF_BLOCK_SHIFT;
}

/* Escaped blocks of 64 offsets in ref_esc: one past the highest named. */
static guint64
ref_escaped (const HsHeap *heap)
{
  guint64 blocks = 0;

  if (!heap->ref_base)
    return 0;
  for (guint64 b = 0, nb = ref_blocks (heap); b < nb; b++)
    if (heap->ref_base[b] & HS_GRAPH_ESCAPED)
      blocks = MAX (blocks, (heap->ref_base[b] & ~HS_GRAPH_ESCAPED) + 1);
  return blocks;
}

/* Element counts of the arrays as the heap has them now. */
static void
counts_of (HsHeap *heap, Array a[N_ARRAYS])
{
  guint64 n = heap->n, nk = heap->classes->len;
  guint64 c[N_ARRAYS] = {
    [A_KLASS16] = n,
    [A_KLASS32] = n,
    [A_UNITS] = n,
    [A_S32] = n,
    [A_BIG_OBJ] = heap->cols.shallow.n_big,
    [A_BIG_SIZE] = heap->cols.shallow.n_big,
    [A_OFFSETS] = n,
    [A_OFFS] = n * heap->off_width + 8,
    [A_OFF_DELTA] = n,
    [A_OFF_BASE] = off_blocks (heap),
    [A_OFF_ESC_FIRST] = off_blocks (heap) + 1,
    [A_OFF_ESC] = MAX (heap->n_off_esc, 1),
    [A_FLAGS] = n,
    [A_BUCKETS] = heap->n_buckets + 1,
    [A_REF_DELTA] = n + 1,
    [A_REF_BASE] = ref_blocks (heap),
    [A_REF_ESC] = ref_escaped (heap) << HS_GRAPH_BLOCK_SHIFT,
    [A_REF_TARGETS] = heap->ref_delta ? hs_graph_offset_ (&heap->graph, n) : 0,
    [A_REF_CLASS_EDGE] = MAX (nk, 1),
    [A_CLASS_IDS_SORTED] = heap->n_class_ids,
    [A_CLASS_IDS_INDEX] = heap->n_class_ids,
    [A_CLASS_REF_OFFSETS] = heap->n_class_ref_offsets,
    [A_HEAP_OF] = MAX (n, 1),
  };
  for (guint i = 0; i < N_ARRAYS; i++)
    a[i].count = *a[i].slot ? c[i] : ABSENT;
}

/* --- writing ------------------------------------------------------------ */

static void
put_value (HsIndexBlob *b, const HsValue *v)
{
  guint64 raw = 0;

  hs_index_blob_u32 (b, v->type);
  memcpy (&raw, &v->id, sizeof raw);
  hs_index_blob_u64 (b, raw);
}

static void
put_classes (HsHeap *heap, HsIndexBlob *b)
{
  hs_index_blob_u32 (b, heap->classes->len);
  for (guint c = 0; c < heap->classes->len; c++)
    {
      HsClassInfo *ci = hs_class_info (heap, c);
      /* The dump's own names: a mapping is applied after a reopen. */
      hs_index_blob_str (b, ci->obf_name ? ci->obf_name : ci->name);
      hs_index_blob_u64 (b, ci->id);
      hs_index_blob_u32 (b, ci->obj);
      hs_index_blob_u64 (b, ci->super_id);
      hs_index_blob_u64 (b, ci->loader_id);
      hs_index_blob_u32 (b, ci->super);
      hs_index_blob_u32 (b, ci->declared_size);
      hs_index_blob_u32 (b, ci->instance_size);
      hs_index_blob_u32 (b, ci->data_size);
      hs_index_blob_u32 (b, ci->statics_size);
      hs_index_blob_u32 (b, ci->refs_start);
      hs_index_blob_u32 (b, ci->refs_count);
      hs_index_blob_u8 (b, ci->prim_type);
      hs_index_blob_u8 (b, ci->is_reference_class ? 1 : 0);
      hs_index_blob_u8 (b, ci->is_thread ? 1 : 0);
      hs_index_blob_u32 (b, ci->fields_from);
      hs_index_blob_u64 (b, ci->count);
      hs_index_blob_u64 (b, ci->reachable_count);
      hs_index_blob_u64 (b, ci->shallow);
      hs_index_blob_u32 (b, ci->n_fields);
      for (guint f = 0; f < ci->n_fields; f++)
        {
          const char *obf = ci->obf_fields ? ci->obf_fields[f] : NULL;
          hs_index_blob_str (b, obf ? obf : ci->fields[f].name);
          hs_index_blob_u32 (b, ci->fields[f].type);
        }
      hs_index_blob_u32 (b, ci->n_statics);
      for (guint f = 0; f < ci->n_statics; f++)
        {
          const char *obf = ci->obf_fields ? ci->obf_fields[ci->n_fields + f] : NULL;
          hs_index_blob_str (b, obf ? obf : ci->statics[f].name);
          hs_index_blob_u32 (b, ci->statics[f].type);
          put_value (b, &ci->statics[f].value);
        }
    }
}

static void
put_tables (HsHeap *heap, HsIndexBlob *b)
{
  /* Roots, as records. */
  hs_index_blob_u32 (b, heap->roots->len);
  for (guint i = 0; i < heap->roots->len; i++)
    {
      const HsRoot *r = &g_array_index (heap->roots, HsRoot, i);
      hs_index_blob_u64 (b, r->id);
      hs_index_blob_u32 (b, r->obj);
      hs_index_blob_u8 (b, r->type);
      hs_index_blob_u32 (b, r->thread_serial);
      hs_index_blob_u32 (b, r->frame);
      hs_index_blob_u32 (b, r->thread_obj);
    }
  /* Thread serial -> thread object id. */
  hs_index_blob_u32 (b, g_hash_table_size (heap->thread_objs));
  GHashTableIter it;
  gpointer k, v;
  g_hash_table_iter_init (&it, heap->thread_objs);
  while (g_hash_table_iter_next (&it, &k, &v))
    {
      hs_index_blob_u32 (b, GPOINTER_TO_UINT (k));
      hs_index_blob_u64 (b, *(guint64 *)v);
    }
  /* Stacks. */
  hs_index_blob_u8 (b, heap->stack_frames != NULL);
  if (heap->stack_frames)
    {
      hs_index_blob_u32 (b, heap->stack_frames->len);
      for (guint i = 0; i < heap->stack_frames->len; i++)
        {
          const HsStackFrameRec *f = &g_array_index (heap->stack_frames, HsStackFrameRec, i);
          hs_index_blob_u64 (b, f->id);
          hs_index_blob_u64 (b, f->method_off);
          hs_index_blob_u64 (b, f->sig_off);
          hs_index_blob_u64 (b, f->file_off);
          hs_index_blob_u64 (b, f->class_off);
          hs_index_blob_u32 (b, f->method_len);
          hs_index_blob_u32 (b, f->sig_len);
          hs_index_blob_u32 (b, f->file_len);
          hs_index_blob_u32 (b, f->class_len);
          hs_index_blob_u64 (b, f->class_id);
          hs_index_blob_u32 (b, (guint32)f->line);
        }
      hs_index_blob_u32 (b, heap->stack_traces->len);
      for (guint i = 0; i < heap->stack_traces->len; i++)
        {
          const HsStackTraceRec *t = &g_array_index (heap->stack_traces, HsStackTraceRec, i);
          hs_index_blob_u32 (b, t->serial);
          hs_index_blob_u32 (b, t->thread_serial);
          hs_index_blob_u32 (b, t->first);
          hs_index_blob_u32 (b, t->n);
        }
      hs_index_blob_u64s (b, heap->stack_frame_ids);
    }
  /* Heaps (Android). */
  hs_index_blob_u32 (b, heap->n_heaps);
  hs_index_blob_u8 (b, heap->heap_names != NULL);
  for (guint h = 0; heap->heap_names && h < heap->n_heaps; h++)
    hs_index_blob_str (b, heap->heap_names[h]);
  hs_index_blob_u8 (b, heap->heap_totals != NULL);
  for (guint h = 0; heap->heap_totals && h < heap->n_heaps; h++)
    {
      const HsHeapTotals *t = &heap->heap_totals[h];
      hs_index_blob_u64 (b, t->objects);
      hs_index_blob_u64 (b, t->shallow);
      hs_index_blob_u64 (b, t->reachable);
      hs_index_blob_u64 (b, t->reachable_shallow);
    }
}

/* The references' targets, row by row as the CSR has them, each as a
 * zigzag varint of its difference from the one before (the first from
 * the referring object): most objects refer to objects written near them,
 * a byte or two each. */
static gboolean
write_targets (HsHeap *heap, HsIndexWriter *w, GError **error)
{
  const HsGraph *g = &heap->graph;
  guint64 m = hs_graph_offset_ (g, heap->n);
  g_autoptr (GByteArray) bytes = g_byte_array_sized_new (MIN (2 * m, (guint64)G_MAXUINT32) + 16);

  for (guint64 v = 0, e = 0; v < heap->n; v++)
    {
      gint64 prev = (gint64)v;
      for (guint64 end = hs_graph_offset_ (g, v + 1); e < end; e++)
        {
          hs_varint_put (bytes, hs_varint_zigzag ((gint64)heap->ref_targets[e] - prev));
          prev = heap->ref_targets[e];
        }
    }
  return hs_index_writer_add (w, HS_INDEX_SECTION_HEAP_ARRAY_FIRST + A_REF_TARGETS, bytes->data, bytes->len,
                              error);
}

gboolean
hs_heap_persist_write (HsHeap *heap, HsIndexWriter *w, GError **error)
{
  g_autoptr (GByteArray) bytes = NULL;
  HsIndexBlob b;
  Array a[N_ARRAYS];

  g_return_val_if_fail (heap != NULL && w != NULL, FALSE);
  g_return_val_if_fail (heap->ids == NULL && heap->ids_lo == NULL, FALSE); /* loaded */

  arrays_of (heap, a);
  counts_of (heap, a);
  hs_index_blob_init (&b);
  hs_index_blob_u32 (&b, HEAP_TAG);
  hs_index_blob_u32 (&b, HEAP_LAYOUT);
  hs_index_blob_u64 (&b, heap->n);
  hs_index_blob_u64 (&b, heap->n_duplicates);
  hs_index_blob_u64 (&b, heap->file_size);
  hs_index_blob_u8 (&b, heap->gzip);
  hs_index_blob_str (&b, heap->format);
  hs_index_blob_u32 (&b, heap->id_size);
  hs_index_blob_u32 (&b, heap->ref_size);
  hs_index_blob_u32 (&b, heap->align);
  hs_index_blob_u32 (&b, sizeof heap->layout);
  hs_index_blob_bytes (&b, &heap->layout, sizeof heap->layout);
  hs_index_blob_u8 (&b, heap->android);
  hs_index_blob_u8 (&b, heap->compressed_refs);
  hs_index_blob_u8 (&b, heap->follow_weak);
  hs_index_blob_u8 (&b, heap->defer_reachability);
  hs_index_blob_u8 (&b, heap->totals_done);
  hs_index_blob_u64 (&b, heap->timestamp_ms);
  hs_index_blob_u32 (&b, heap->n_dumps);
  hs_index_blob_u32 (&b, heap->dump_index);
  hs_index_blob_str (&b, heap->warning);
  hs_index_blob_u32 (&b, heap->off_width);
  hs_index_blob_u64 (&b, heap->off_mask);
  hs_index_blob_u64 (&b, heap->n_off_esc);
  hs_index_blob_u64 (&b, heap->n_buckets);
  hs_index_blob_u32 (&b, heap->shift);
  hs_index_blob_u64 (&b, heap->min_id);
  hs_index_blob_u32 (&b, heap->n_class_ids);
  hs_index_blob_u32 (&b, heap->class_class);
  for (guint i = 0; i < G_N_ELEMENTS (heap->prim_class); i++)
    hs_index_blob_u32 (&b, heap->prim_class[i]);
  hs_index_blob_u32 (&b, heap->n_class_ref_offsets);
  hs_index_blob_u32 (&b, heap->cols.shallow.unit);
  hs_index_blob_u64 (&b, heap->cols.shallow.n_big);
  hs_index_blob_u64 (&b, heap->graph.n_first_);
  hs_index_blob_u32 (&b, (guint32)sizeof heap->summary);
  hs_index_blob_bytes (&b, &heap->summary, sizeof heap->summary);
  put_classes (heap, &b);
  put_tables (heap, &b);
  for (guint i = 0; i < N_ARRAYS; i++)
    hs_index_blob_u64 (&b, a[i].count);
  bytes = g_steal_pointer (&b.bytes);

  if (!hs_index_writer_add (w, HS_INDEX_SECTION_HEAP, bytes->data, bytes->len, error))
    return FALSE;
  for (guint i = 0; i < N_ARRAYS; i++)
    if (i == A_REF_TARGETS && a[i].count != ABSENT)
      {
        if (!write_targets (heap, w, error))
          return FALSE;
      }
    else if (a[i].count != ABSENT
             && !hs_index_writer_add (w, HS_INDEX_SECTION_HEAP_ARRAY_FIRST + i, *a[i].slot,
                                      a[i].count * a[i].elem, error))
      return FALSE;
  return TRUE;
}

/* The depths as varints of depth + 1 (unreachable, G_MAXUINT32, is 0):
 * most are a few steps from a root, a byte each. */
gboolean
hs_heap_persist_write_depths (HsHeap *heap, HsIndexWriter *w, GError **error)
{
  g_return_val_if_fail (heap != NULL && w != NULL, FALSE);

  if (!hs_heap_depths_known (heap))
    return TRUE;
  g_autoptr (GByteArray) bytes = g_byte_array_sized_new (heap->n + 16);
  for (guint64 o = 0; o < heap->n; o++)
    hs_varint_put (bytes, heap->depth[o] + 1);
  return hs_index_writer_add (w, HS_INDEX_SECTION_HEAP_DEPTHS, bytes->data, bytes->len, error);
}

/* --- reading ------------------------------------------------------------ */

static void
get_value (HsIndexCursor *c, HsValue *v)
{
  guint32 type = hs_index_cursor_u32 (c);
  guint64 raw = hs_index_cursor_u64 (c);

  if (type > 255)
    hs_index_cursor_fail (c);
  v->type = (HsType)type;
  memcpy (&v->id, &raw, sizeof raw);
}

static const char *
get_name (HsHeap *heap, HsIndexCursor *c)
{
  g_autofree char *s = hs_index_cursor_str (c);

  if (s == NULL)
    {
      hs_index_cursor_fail (c);
      return "";
    }
  return _hs_heap_intern (heap, s);
}

static guint32
get_class (HsIndexCursor *c, guint64 nk)
{
  guint32 k = hs_index_cursor_u32 (c);

  if (k != HS_CLASS_NONE && k >= nk)
    hs_index_cursor_fail (c);
  return k;
}

/* Whether every superclass chain ends (a dump's loops are cut at load,
 * every walk over the chains counts on it): one walk per class, in time
 * linear in the classes (state 1: on this walk, 2: its chain ends). */
static gboolean
superclasses_end (HsHeap *heap)
{
  guint nk = heap->classes->len;
  g_autofree guint8 *state = g_new0 (guint8, MAX (nk, 1u));

  for (guint i = 0; i < nk; i++)
    {
      HsClass c = i;
      while (c != HS_CLASS_NONE && state[c] == 0)
        {
          state[c] = 1;
          c = hs_class_info (heap, c)->super;
        }
      if (c != HS_CLASS_NONE && state[c] == 1)
        return FALSE;
      for (c = i; c != HS_CLASS_NONE && state[c] == 1; c = hs_class_info (heap, c)->super)
        state[c] = 2;
    }
  return TRUE;
}

static void
get_classes (HsHeap *heap, HsIndexCursor *c)
{
  /* A class takes at least 90 bytes of the record. */
  guint nk = hs_index_cursor_count (c, 90);

  g_array_set_size (heap->classes, nk);
  for (guint k = 0; k < nk && !c->failed; k++)
    {
      HsClassInfo *ci = hs_class_info (heap, k);
      ci->name = (char *)get_name (heap, c);
      ci->id = hs_index_cursor_u64 (c);
      ci->obj = hs_index_cursor_obj (c, heap->n, TRUE);
      ci->super_id = hs_index_cursor_u64 (c);
      ci->loader_id = hs_index_cursor_u64 (c);
      ci->super = get_class (c, nk);
      ci->declared_size = hs_index_cursor_u32 (c);
      ci->instance_size = hs_index_cursor_u32 (c);
      ci->data_size = hs_index_cursor_u32 (c);
      ci->statics_size = hs_index_cursor_u32 (c);
      ci->refs_start = hs_index_cursor_u32 (c);
      ci->refs_count = hs_index_cursor_u32 (c);
      ci->prim_type = hs_index_cursor_u8 (c);
      ci->is_reference_class = hs_index_cursor_u8 (c) != 0;
      ci->is_thread = hs_index_cursor_u8 (c) != 0;
      ci->fields_from = get_class (c, nk);
      ci->count = hs_index_cursor_u64 (c);
      ci->reachable_count = hs_index_cursor_u64 (c);
      ci->shallow = hs_index_cursor_u64 (c);
      if ((guint64)ci->refs_start + ci->refs_count > heap->n_class_ref_offsets)
        hs_index_cursor_fail (c);
      ci->n_fields = hs_index_cursor_count (c, 8);
      ci->fields = g_new0 (HsFieldDecl, MAX (ci->n_fields, 1));
      for (guint f = 0; f < ci->n_fields && !c->failed; f++)
        {
          ci->fields[f].name = get_name (heap, c);
          ci->fields[f].type = (HsType)hs_index_cursor_u32 (c);
        }
      ci->n_statics = hs_index_cursor_count (c, 20);
      ci->statics = g_new0 (HsStaticField, MAX (ci->n_statics, 1));
      for (guint f = 0; f < ci->n_statics && !c->failed; f++)
        {
          ci->statics[f].name = get_name (heap, c);
          ci->statics[f].type = (HsType)hs_index_cursor_u32 (c);
          get_value (c, &ci->statics[f].value);
        }
      if (ci->n_fields == 0)
        g_clear_pointer (&ci->fields, g_free);
      if (ci->n_statics == 0)
        g_clear_pointer (&ci->statics, g_free);
      if (!c->failed && !g_hash_table_contains (heap->class_by_name, ci->name))
        g_hash_table_insert (heap->class_by_name, ci->name, GUINT_TO_POINTER (k + 1));
    }
}

/* A byte range of a stack frame's string: inside the dump, or missing. */
static void
check_range (HsIndexCursor *c, const HsHeap *heap, guint64 off, guint32 len)
{
  if (len != G_MAXUINT32 && (off > heap->len || len > heap->len - off))
    hs_index_cursor_fail (c);
}

static void
get_tables (HsHeap *heap, HsIndexCursor *c)
{
  guint nr = hs_index_cursor_count (c, 25);
  for (guint i = 0; i < nr && !c->failed; i++)
    {
      HsRoot r;
      r.id = hs_index_cursor_u64 (c);
      r.obj = hs_index_cursor_obj (c, heap->n, TRUE);
      r.type = hs_index_cursor_u8 (c);
      r.thread_serial = hs_index_cursor_u32 (c);
      r.frame = hs_index_cursor_u32 (c);
      r.thread_obj = hs_index_cursor_obj (c, heap->n, TRUE);
      g_array_append_val (heap->roots, r);
    }
  guint nt = hs_index_cursor_count (c, 12);
  for (guint i = 0; i < nt && !c->failed; i++)
    {
      guint32 serial = hs_index_cursor_u32 (c);
      guint64 *id = g_new (guint64, 1);
      *id = hs_index_cursor_u64 (c);
      g_hash_table_insert (heap->thread_objs, GUINT_TO_POINTER (serial), id);
    }
  if (hs_index_cursor_u8 (c))
    {
      heap->stack_frames = g_array_new (FALSE, FALSE, sizeof (HsStackFrameRec));
      heap->stack_traces = g_array_new (FALSE, FALSE, sizeof (HsStackTraceRec));
      guint nf = hs_index_cursor_count (c, 68);
      for (guint i = 0; i < nf && !c->failed; i++)
        {
          HsStackFrameRec f;
          f.id = hs_index_cursor_u64 (c);
          f.method_off = hs_index_cursor_u64 (c);
          f.sig_off = hs_index_cursor_u64 (c);
          f.file_off = hs_index_cursor_u64 (c);
          f.class_off = hs_index_cursor_u64 (c);
          f.method_len = hs_index_cursor_u32 (c);
          f.sig_len = hs_index_cursor_u32 (c);
          f.file_len = hs_index_cursor_u32 (c);
          f.class_len = hs_index_cursor_u32 (c);
          f.class_id = hs_index_cursor_u64 (c);
          f.line = (gint32)hs_index_cursor_u32 (c);
          check_range (c, heap, f.method_off, f.method_len);
          check_range (c, heap, f.sig_off, f.sig_len);
          check_range (c, heap, f.file_off, f.file_len);
          check_range (c, heap, f.class_off, f.class_len);
          g_array_append_val (heap->stack_frames, f);
        }
      guint ntr = hs_index_cursor_count (c, 16);
      for (guint i = 0; i < ntr && !c->failed; i++)
        {
          HsStackTraceRec t;
          t.serial = hs_index_cursor_u32 (c);
          t.thread_serial = hs_index_cursor_u32 (c);
          t.first = hs_index_cursor_u32 (c);
          t.n = hs_index_cursor_u32 (c);
          g_array_append_val (heap->stack_traces, t);
        }
      heap->stack_frame_ids = hs_index_cursor_u64s (c);
      guint nid = heap->stack_frame_ids->len;
      for (guint i = 0; i < heap->stack_traces->len; i++)
        {
          const HsStackTraceRec *t = &g_array_index (heap->stack_traces, HsStackTraceRec, i);
          if ((guint64)t->first + t->n > nid)
            hs_index_cursor_fail (c);
        }
    }
  heap->n_heaps = hs_index_cursor_u32 (c);
  if (heap->n_heaps > HS_HEAP_MAX_HEAPS)
    hs_index_cursor_fail (c);
  if (hs_index_cursor_u8 (c))
    {
      heap->heap_names = g_new0 (const char *, HS_HEAP_MAX_HEAPS);
      for (guint h = 0; h < heap->n_heaps && !c->failed; h++)
        heap->heap_names[h] = get_name (heap, c);
    }
  if (hs_index_cursor_u8 (c) && !c->failed)
    {
      heap->heap_totals = g_new0 (HsHeapTotals, MAX (heap->n_heaps, 1));
      for (guint h = 0; h < heap->n_heaps; h++)
        {
          HsHeapTotals *t = &heap->heap_totals[h];
          t->objects = hs_index_cursor_u64 (c);
          t->shallow = hs_index_cursor_u64 (c);
          t->reachable = hs_index_cursor_u64 (c);
          t->reachable_shallow = hs_index_cursor_u64 (c);
        }
    }
}

/* The references' targets (write_targets): m of them, at least a byte
 * each, row by row as the offsets say (each row inside 0 .. m, never
 * backwards), every one an object, and nothing after them. */
static gboolean
take_targets (HsHeap *heap, gconstpointer bytes, guint64 len, guint64 m)
{
  const HsGraph *g = &heap->graph;
  HsVarintReader r;

  if (bytes == NULL || heap->ref_delta == NULL || heap->ref_base == NULL || m > len
      || hs_graph_offset_ (g, heap->n) != m)
    return FALSE;
  HsObj *t = hs_mem_new (HsObj, MAX (m, (guint64)1)); /* freed with g_free, as a load's */
  hs_varint_reader_init (&r, bytes, len);
  guint64 e = 0;
  for (guint64 v = 0; v < heap->n; v++)
    {
      guint64 end = hs_graph_offset_ (g, v + 1);
      gint64 prev = (gint64)v;
      if (hs_graph_offset_ (g, v) != e || end < e || end > m)
        break;
      for (; e < end; e++)
        {
          gint64 x = prev + hs_varint_unzigzag (hs_varint_next (&r));
          if (x < 0 || (guint64)x >= heap->n)
            break;
          t[e] = (HsObj)x;
          prev = x;
        }
      if (e < end)
        break;
    }
  if (e != m || !hs_varint_reader_done (&r))
    {
      g_free (t);
      return FALSE;
    }
  heap->ref_targets = t;
  return TRUE;
}

/* The counts the heap's scalars call for must be the ones the record
 * lists, and each listed array a section of exactly that size. */
static gboolean
take_arrays (HsHeap *heap, HsIndexFile *f, const guint64 listed[N_ARRAYS], GError **error)
{
  Array a[N_ARRAYS];
  gconstpointer targets = NULL;
  guint64 targets_len = 0;

  arrays_of (heap, a);
  for (guint i = 0; i < N_ARRAYS; i++)
    {
      guint64 len = 0;
      gpointer p;

      if (listed[i] == ABSENT)
        continue;
      p = hs_index_file_section (f, HS_INDEX_SECTION_HEAP_ARRAY_FIRST + i, &len);
      if (i == A_REF_TARGETS)
        {
          /* varints, decoded once the offsets are known */
          targets = p;
          targets_len = len;
          continue;
        }
      if (p == NULL || listed[i] > G_MAXUINT64 / a[i].elem || len != listed[i] * a[i].elem)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_INDEX,
                       "%s: the heap's array %u is missing or has the wrong size", hs_index_file_path (f), i);
          return FALSE;
        }
      *a[i].slot = p;
    }
  /* Before any array's contents are read: ref_delta and ref_base have the
   * sizes the object count gives, and every escaped block of ref_base is
   * inside ref_esc (counts_of reads them all, then the last offset). */
  guint64 esc_blocks = listed[A_REF_ESC] == ABSENT ? 0 : listed[A_REF_ESC] >> HS_GRAPH_BLOCK_SHIFT;
  gboolean refs_ok = (heap->ref_delta == NULL || listed[A_REF_DELTA] == heap->n + 1)
                     && (heap->ref_base == NULL || listed[A_REF_BASE] == ref_blocks (heap));
  for (guint64 b = 0; refs_ok && heap->ref_base && b < ref_blocks (heap); b++)
    if ((heap->ref_base[b] & HS_GRAPH_ESCAPED) && (heap->ref_base[b] & ~HS_GRAPH_ESCAPED) >= esc_blocks)
      refs_ok = FALSE;
  if (!refs_ok)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: the references are not whole",
                   hs_index_file_path (f));
      return FALSE;
    }
  /* The graph's last offset (the number of edges) needs ref_delta and
   * ref_base, which are checked first. */
  if (heap->ref_delta && heap->ref_base)
    {
      heap->graph.n = heap->n;
      heap->graph.delta_ = heap->ref_delta;
      heap->graph.base_ = heap->ref_base;
      heap->graph.esc_ = heap->ref_esc;
    }
  if (listed[A_REF_TARGETS] != ABSENT && !take_targets (heap, targets, targets_len, listed[A_REF_TARGETS]))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: the reference targets are not whole",
                   hs_index_file_path (f));
      return FALSE;
    }
  counts_of (heap, a);
  for (guint i = 0; i < N_ARRAYS; i++)
    if (a[i].count != listed[i])
      {
        g_set_error (error, HS_ERROR, HS_ERROR_INDEX,
                     "%s: the heap's array %u has %" G_GUINT64_FORMAT " entries where %" G_GUINT64_FORMAT
                     " belong",
                     hs_index_file_path (f), i, listed[i], a[i].count);
        return FALSE;
      }
  /* Exactly one form of each column and of the offsets. */
  if (heap->n > 0
      && ((heap->cols.klass.k16 == NULL) == (heap->cols.klass.k32 == NULL)
          || (heap->cols.shallow.units == NULL) == (heap->cols.shallow.s32 == NULL)
          || (heap->off_delta == NULL && heap->offs == NULL && heap->offsets == NULL) || heap->flags == NULL
          || heap->buckets == NULL || heap->ref_delta == NULL || heap->ref_base == NULL
          || heap->ref_targets == NULL || heap->ref_class_edge == NULL))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: the heap's arrays are not whole",
                   hs_index_file_path (f));
      return FALSE;
    }
  /* The 16-bit size column's overflow table: there, both halves, as soon
   * as the record counts entries in it (a size the column sends there is
   * looked up in both). */
  if (heap->cols.shallow.n_big > 0
      && (heap->cols.shallow.units == NULL || heap->cols.shallow.big_obj == NULL
          || heap->cols.shallow.big_size == NULL))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: the objects' sizes are not whole",
                   hs_index_file_path (f));
      return FALSE;
    }
  if (heap->off_delta && (heap->off_base == NULL || heap->off_esc_first == NULL || heap->off_esc == NULL))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: the object offsets are not whole",
                   hs_index_file_path (f));
      return FALSE;
    }
  return TRUE;
}

/* The depths, if the index has them: n varints, each depth + 1, and
 * nothing after them. Any value is a depth (0, unreachable, comes back as
 * G_MAXUINT32). */
static gboolean
take_depths (HsHeap *heap, HsIndexFile *f, GError **error)
{
  guint64 len = 0;
  gconstpointer bytes = hs_index_file_section (f, HS_INDEX_SECTION_HEAP_DEPTHS, &len);
  HsVarintReader r;

  if (bytes == NULL)
    return TRUE;
  hs_varint_reader_init (&r, bytes, len);
  guint32 *depth = hs_mem_new (guint32, MAX (heap->n, (guint64)1));
  for (guint64 o = 0; o < heap->n; o++)
    depth[o] = hs_varint_next (&r) - 1;
  if (!hs_varint_reader_done (&r))
    {
      hs_mem_free (depth);
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: the objects' depths are not whole",
                   hs_index_file_path (f));
      return FALSE;
    }
  heap->depth = depth;
  return TRUE;
}

typedef struct
{
  HsIndexFile *f;
  const HsOpenOptions *opts;
} Fill;

static gboolean
fill_from_index (HsHeap *heap, gpointer data, GCancellable *cancellable, GError **error)
{
  Fill *fill = data;
  HsIndexFile *f = fill->f;
  guint64 len = 0, listed[N_ARRAYS];
  gconstpointer rec = hs_index_file_section (f, HS_INDEX_SECTION_HEAP, &len);
  HsIndexCursor c;
  g_autofree char *format = NULL;
  guint32 id_size;
  gboolean android;

  if (rec == NULL)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: no heap in the index", hs_index_file_path (f));
      return FALSE;
    }
  hs_index_cursor_init (&c, rec, len);
  if (hs_index_cursor_u32 (&c) != HEAP_TAG || hs_index_cursor_u32 (&c) != HEAP_LAYOUT)
    hs_index_cursor_fail (&c);
  heap->n = hs_index_cursor_u64 (&c);
  heap->n_duplicates = hs_index_cursor_u64 (&c);
  guint64 file_size = hs_index_cursor_u64 (&c);
  gboolean gzip = hs_index_cursor_u8 (&c);
  format = hs_index_cursor_str (&c);
  id_size = hs_index_cursor_u32 (&c);
  heap->ref_size = hs_index_cursor_u32 (&c);
  heap->align = hs_index_cursor_u32 (&c);
  if (hs_index_cursor_u32 (&c) != sizeof heap->layout)
    hs_index_cursor_fail (&c);
  gconstpointer layout = hs_index_cursor_bytes (&c, sizeof heap->layout);
  if (layout)
    memcpy (&heap->layout, layout, sizeof heap->layout);
  android = hs_index_cursor_u8 (&c);
  heap->compressed_refs = hs_index_cursor_u8 (&c);
  gboolean follow_weak = hs_index_cursor_u8 (&c);
  heap->defer_reachability = hs_index_cursor_u8 (&c);
  heap->totals_done = hs_index_cursor_u8 (&c);
  guint64 timestamp = hs_index_cursor_u64 (&c);
  heap->n_dumps = hs_index_cursor_u32 (&c);
  guint32 dump_index = hs_index_cursor_u32 (&c);
  heap->warning = hs_index_cursor_str (&c);
  heap->off_width = hs_index_cursor_u32 (&c);
  heap->off_mask = hs_index_cursor_u64 (&c);
  heap->n_off_esc = hs_index_cursor_u64 (&c);
  heap->n_buckets = hs_index_cursor_u64 (&c);
  heap->shift = hs_index_cursor_u32 (&c);
  heap->min_id = hs_index_cursor_u64 (&c);
  heap->n_class_ids = hs_index_cursor_u32 (&c);
  heap->class_class = hs_index_cursor_u32 (&c);
  for (guint i = 0; i < G_N_ELEMENTS (heap->prim_class); i++)
    heap->prim_class[i] = hs_index_cursor_u32 (&c);
  heap->n_class_ref_offsets = hs_index_cursor_u32 (&c);
  heap->cols.shallow.unit = hs_index_cursor_u32 (&c);
  heap->cols.shallow.n_big = hs_index_cursor_u64 (&c);
  guint64 n_first = hs_index_cursor_u64 (&c);
  if (hs_index_cursor_u32 (&c) != sizeof heap->summary)
    hs_index_cursor_fail (&c);
  gconstpointer summary = hs_index_cursor_bytes (&c, sizeof heap->summary);
  if (summary)
    memcpy (&heap->summary, summary, sizeof heap->summary);

  /* What the dump itself says must agree: the index is of this dump. */
  if (!c.failed
      && (heap->n >= G_MAXUINT32 || gzip != heap->gzip || g_strcmp0 (format, heap->format) != 0
          || id_size != heap->id_size || android != heap->android || file_size != heap->file_size
          || timestamp != heap->timestamp_ms || follow_weak != (fill->opts ? fill->opts->follow_weak : FALSE)
          || dump_index != (guint32)(fill->opts ? MAX (fill->opts->dump, 0) : 0) || heap->off_width > 8
          || heap->shift > 63))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: the index is of another dump or other options",
                   hs_index_file_path (f));
      return FALSE;
    }
  heap->dump_index = dump_index;
  heap->follow_weak = follow_weak;
  get_classes (heap, &c);
  get_tables (heap, &c);
  for (guint i = 0; i < N_ARRAYS; i++)
    listed[i] = hs_index_cursor_u64 (&c);
  if (!hs_index_cursor_ok (&c, TRUE))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: the heap's record is not whole or not consistent",
                   hs_index_file_path (f));
      return FALSE;
    }
  if (!superclasses_end (heap))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_INDEX, "%s: a superclass chain loops", hs_index_file_path (f));
      return FALSE;
    }
  /* Where each class's fields are read from, and which are threads: made
   * again from the chains just checked (linear in the classes), never
   * taken from the index, whose fields_from links could go round. */
  _hs_heap_class_chain_facts (heap);
  for (guint i = 0; i < G_N_ELEMENTS (heap->prim_class); i++)
    if (heap->prim_class[i] != HS_CLASS_NONE && heap->prim_class[i] >= heap->classes->len)
      heap->prim_class[i] = HS_CLASS_NONE;
  if (heap->class_class != HS_CLASS_NONE && heap->class_class >= heap->classes->len)
    heap->class_class = HS_CLASS_NONE;

  heap->index = hs_index_file_ref (f);
  if (!take_arrays (heap, f, listed, error))
    return FALSE;
  if (!take_depths (heap, f, error))
    return FALSE;
  HsGraph *g = &heap->graph;
  g->targets_ = heap->ref_targets;
  g->weights_ = heap->cols.shallow;
  g->classes_ = heap->cols.klass;
  g->class_edge_ = heap->ref_class_edge;
  g->n_first_ = n_first;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  /* Whatever the checksums say: every entry of every array. */
  return _hs_heap_persist_check (heap, hs_index_file_path (f), cancellable, error);
}

HsHeap *
hs_heap_open_persisted (const char *path, const HsOpenOptions *opts, HsIndexFile *f, HsProgressFunc progress,
                        gpointer progress_data, GCancellable *cancellable, GError **error)
{
  Fill fill = { f, opts };

  g_return_val_if_fail (path != NULL && f != NULL, NULL);
  return _hs_heap_open_filled (path, opts, fill_from_index, &fill, progress, progress_data, cancellable,
                               error);
}
