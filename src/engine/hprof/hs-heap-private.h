/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-private.h: the HsHeap layout, shared by the engine's own files.
 * The load's passes share more in hs-heap-load-private.h. */
#pragma once

#include <string.h>

#include "hs-heap.h"
#include "hs-guard.h" /* hs_guarded_call, for readers of the mapped file */
#include "hs-index-file.h"
#include "hs-object-layout.h"

G_BEGIN_DECLS

typedef struct
{
  const char *name;
  HsType type;
  HsValue value;
} HsStaticField;

typedef struct
{
  char *name; /* Java source form (in heap->names) */
  guint64 id; /* class object id; 0 for synthetic classes */
  HsObj obj;  /* its class object, HS_OBJ_NONE if absent */
  guint64 super_id, loader_id;
  HsClass super;
  guint32 declared_size; /* CLASS_DUMP instance size */
  guint32 instance_size; /* shallow size of an instance */
  guint32 data_size;     /* bytes of field data an instance carries (whole chain) */
  HsFieldDecl *fields;   /* own instance fields */
  guint n_fields;
  HsStaticField *statics;
  guint n_statics;
  guint32 statics_size;           /* shallow size of the class object */
  guint32 refs_start, refs_count; /* slice of heap->class_ref_offsets */
  guint8 prim_type;               /* element type of a synthetic primitive-array class */
  gboolean is_reference_class;    /* declares the referent field (java.lang.ref.Reference) */
  /* Per-class facts of the superclass chain (_hs_heap_class_chain_facts). */
  gboolean is_thread;  /* java.lang.Thread or a subclass */
  HsClass fields_from; /* this class or the nearest superclass declaring instance fields */
  guint64 count, reachable_count, shallow;
  /* Set by a mapping (hs-heap-mapping.c): the dump's own names of what it
   * renamed (NULL when it renamed nothing); obf_fields has n_fields +
   * n_statics entries, NULL for a field it kept. */
  const char *obf_name;
  const char **obf_fields;
} HsClassInfo;

/* A STACK_FRAME record; its strings are byte ranges of heap->data (len
 * G_MAXUINT32: the STRING record is missing), read when asked for. */
typedef struct
{
  guint64 id;
  guint64 method_off, sig_off, file_off, class_off;
  guint32 method_len, sig_len, file_len, class_len;
  guint64 class_id; /* from the class serial's LOAD_CLASS; 0 if none */
  gint32 line;      /* -1 unknown, -2 compiled, -3 native */
} HsStackFrameRec;

/* A STACK_TRACE record: frame ids heap->stack_frame_ids[first .. first+n). */
typedef struct
{
  guint32 serial, thread_serial, first, n;
} HsStackTraceRec;

enum
{
  HS_FLAG_KIND_MASK = 0x03,
  HS_FLAG_REACHABLE = 0x04,
  HS_FLAG_ROOT = 0x08,
};

struct _HsHeap
{
  /* First (hs-heap.h's inline accessors read it): class and shallow size
   * per object, narrowed (hs-heap-graph.c); the heap owns the arrays. */
  HsHeapColumns cols;
  char *path;
  char *name; /* for messages: the path as given */
  GMappedFile *mapped;
  guint64 n_duplicates;  /* objects written more than once (the last copy is read) */
  int guard_slot;        /* hs_guard_register's slot for the mapping, or -1 */
  GHashTable *name_set;  /* the strings of names, interned (_hs_heap_intern) */
  guint8 *owned_data;    /* the file, when read into memory */
  GMappedFile *inflated; /* a gzip file's data: a temporary file (hs-gzip.c) */
  const guint8 *data;
  gsize len;
  guint64 file_size;
  gboolean gzip;

  char format[24];
  guint id_size, ref_size, align; /* ref_size and align: layout's, for short */
  HsObjectLayout layout;          /* hs-heap-object-layout.c */
  gboolean android, compressed_refs, follow_weak;
  gboolean defer_reachability, totals_done;
  guint64 timestamp_ms;
  guint n_dumps, dump_index;
  char *warning;

  /* objects, sorted by id */
  guint64 n;
  /* The ids, while the load needs them (the sort, the lookup table, the
   * reference pass); NULL after it: an id is then read from the object's
   * sub-record (hs_heap_id_at), which saves 8 bytes per object. */
  guint64 *ids;
  /* Instead of ids, from the lookup table on (when shift <= 32): each id's
   * low `shift` bits (the bucket gives the rest), 4 bytes per object. */
  guint32 *ids_lo;
  /* Sub-record offsets (at the tag byte): 64-bit `offsets` only if some
   * loader gives them so; the sub-record pass writes them packed: off_width
   * bytes per object (the fewest that hold the file's length: 4 below
   * 4 GiB, 5 below 1 TiB), little-endian, 8 readable bytes past the last.
   * The sort works on that form; then it is compacted (below), NULL after
   * unless the compact form would be bigger. Read with hs_heap_off. */
  guint64 *offsets;
  guint8 *offs;
  guint off_width;
  guint64 off_mask;
  /* After the sort (hs-heap-offsets.c), about 2 bytes per object instead:
   * per block of HS_OFF_BLOCK objects its first object's offset, per object
   * a 16-bit distance from it, or (from HS_OFF_DIRECT on) the index of an
   * escape among the block's, whose offset off_esc holds. NULL: packed. */
  guint16 *off_delta;
  guint64 *off_base;      /* per block */
  guint32 *off_esc_first; /* per block (+ 1): its first escape in off_esc */
  guint64 *off_esc;
  guint64 n_off_esc;
  guint8 *flags;
  /* id lookup: bucket -> first index with ((id - min_id) >> shift) >= bucket;
   * about one bucket per 8 objects (their ids share a cache line or two). */
  guint32 *buckets;
  guint64 n_buckets;
  guint shift;
  guint64 min_id;

  /* references (CSR) */
  /* The edge offsets (HsGraph's delta_, base_, esc_). While the reference
   * pass runs, ref_delta's block holds the degrees (guint32, n + 1). */
  guint16 *ref_delta;
  guint64 *ref_base;
  guint64 *ref_esc;
  HsObj *ref_targets;
  HsObj *ref_class_edge; /* per class: its instances' implicit first edge (HsGraph) */
  HsGraph graph;         /* the view hs_heap_graph hands out, set after the reference pass */
  GMutex referrers_lock;
  guint32 *rev_off32; /* referrers (built on demand): 32-bit offsets */
  guint64 *rev_off64; /* or 64-bit, from 2^32 references on */
  HsObj *rev_targets;
  guint64 n_rev; /* entries of rev_targets */

  /* classes */
  GArray *classes;           /* HsClassInfo */
  guint64 *class_ids_sorted; /* class ids, sorted, paired with: */
  HsClass *class_ids_index;
  guint n_class_ids;
  HsClass class_class;        /* java.lang.Class */
  HsClass prim_class[12];     /* by HsType, for primitive arrays */
  guint32 *class_ref_offsets; /* pool: byte offsets of followed object fields */
  guint n_class_ref_offsets;
  GStringChunk *names;
  GMutex names_lock;          /* guards names and name_set once loaded: workers
                                 * intern labels while the UI thread maps names */
  GHashTable *class_by_name;  /* name -> first HsClass + 1 */
  struct _HsMapping *mapping; /* applied (hs-heap-mapping.c), or NULL */
  /* What a mapping replaced, kept until the heap goes: workers may be
   * reading it (hs-heap-mapping.c). */
  GPtrArray *old_class_by_name; /* GHashTable */
  GPtrArray *old_mappings;      /* HsMapping */
  GPtrArray *old_obf_fields;    /* arrays of HsClassInfo.obf_fields */

  /* roots */
  GArray *roots;           /* HsRoot */
  GHashTable *thread_objs; /* serial -> id */

  /* stacks (hs-heap-records.c), NULL when the file has none */
  GArray *stack_frames;    /* HsStackFrameRec, sorted by id */
  GArray *stack_traces;    /* HsStackTraceRec, sorted by serial */
  GArray *stack_frame_ids; /* guint64 */

  HsSummary summary;

  /* heaps (Android's HEAP_DUMP_INFO, hs-heap-heaps.c) */
  const char **heap_names;   /* HS_HEAP_MAX_HEAPS slots, n_heaps used */
  guint n_heaps;             /* heaps holding objects, from the load on */
  guint8 *heap_of;           /* per object its heap; NULL with one heap */
  HsHeapTotals *heap_totals; /* n_heaps */
  /* references from the nearest GC root, per object (G_MAXUINT32: not
   * reachable), built on first use under depth_lock */
  guint32 *depth;
  GMutex depth_lock;
  /* The persistent index the arrays above come from (hs-heap-persist.c),
   * or NULL: they are the heap's own. What lies in it is not freed. */
  struct _HsIndexFile *index;
};

/* Frees p unless it lies in the index the heap's arrays come from. */
static inline void
_hs_heap_free_array (HsHeap *heap, gpointer p, void (*free_func) (gpointer))
{
  if (p != NULL && (heap->index == NULL || !hs_index_file_contains (heap->index, p)))
    free_func (p);
}

static inline HsClassInfo *
hs_class_info (HsHeap *heap, HsClass c)
{
  return &g_array_index (heap->classes, HsClassInfo, c);
}

#define HS_OFF_BLOCK_SHIFT 7
#define HS_OFF_BLOCK (1u << HS_OFF_BLOCK_SHIFT)
#define HS_OFF_DIRECT (65536u - HS_OFF_BLOCK)

/* The packed offsets (heap->offs before and, when it is smaller, after the
 * sort): w bytes each, little-endian, 8 bytes to spare after the last. */
static inline guint64
hs_offs_get (const guint8 *offs, guint64 i, guint w, guint64 mask)
{
  guint64 v;
  memcpy (&v, offs + i * w, 8);
  return GUINT64_FROM_LE (v) & mask;
}

/* Exactly w bytes: leaves its neighbours alone. */
static inline void
hs_offs_put (guint8 *offs, guint64 i, guint w, guint64 v)
{
  v = GUINT64_TO_LE (v);
  if (w == 4)
    memcpy (offs + i * 4, &v, 4);
  else if (w == 5)
    memcpy (offs + i * 5, &v, 5);
  else
    memcpy (offs + i * w, &v, w);
}

/* Byte offset of object o's sub-record (at its tag) in heap->data. */
static inline guint64
hs_heap_off (const HsHeap *heap, guint64 o)
{
  const guint16 *d = heap->off_delta;
  if (G_LIKELY (d != NULL))
    {
      guint v = d[o];
      guint64 b = o >> HS_OFF_BLOCK_SHIFT;
      if (G_LIKELY (v < HS_OFF_DIRECT))
        return heap->off_base[b] + v;
      return heap->off_esc[heap->off_esc_first[b] + (v - HS_OFF_DIRECT)];
    }
  return hs_offs_get (heap->offs, o, heap->off_width, heap->off_mask);
}

/* Fetches what hs_heap_off (heap, o) will read (a prefetch a few objects
 * ahead in a loop over scattered objects). */
static inline void
hs_heap_off_prefetch (const HsHeap *heap, guint64 o)
{
  if (heap->off_delta)
    __builtin_prefetch (heap->off_delta + o);
  else
    __builtin_prefetch (heap->offs + o * heap->off_width);
}

/* The id of o from its low bits and its bucket (during the load, once
 * the full ids are dropped): the last bucket that starts at or before o
 * (buckets[] is non-decreasing). */
static inline guint64
_hs_heap_id_from_lo (const HsHeap *heap, guint64 o)
{
  guint64 lo = 0, hi = heap->n_buckets; /* buckets[lo] <= o < buckets[hi] */
  while (hi - lo > 1)
    {
      guint64 mid = lo + (hi - lo) / 2;
      if (heap->buckets[mid] <= o)
        lo = mid;
      else
        hi = mid;
    }
  return heap->min_id + (lo << heap->shift) + heap->ids_lo[o];
}

/* The id of object o: from the sorted ids during the load, from its
 * sub-record (the id follows the tag) after it. */
static inline guint64
hs_heap_id_at (const HsHeap *heap, guint64 o)
{
  if (heap->ids)
    return heap->ids[o];
  if (heap->ids_lo)
    return _hs_heap_id_from_lo (heap, o);
  return hs_read_id (heap->data + hs_heap_off (heap, o) + 1, heap->id_size);
}

/* Packs heap->offsets (64-bit) into heap->offs in place (hs-heap-index.c). */
void _hs_heap_pack_offsets (HsHeap *heap);
/* Turns the sorted, packed heap->offs into off_delta / off_base / off_esc
 * in place, unless the escapes would cost more (hs-heap-offsets.c). */
void _hs_heap_compact_offsets (HsHeap *heap);
/* Drops heap->ids / ids_lo at the end of the load (hs-heap-index.c). */
void _hs_heap_drop_ids (HsHeap *heap);

/* The class-table entry of the class object with that id, HS_CLASS_NONE if
 * none (hs-heap-index.c). */
HsClass hs_heap_class_by_id (HsHeap *heap, guint64 id);
/* The one copy of a name in heap->names: interned in heap->name_set,
 * keyed by hs-strhash.h (g_string_chunk_insert_const uses g_str_hash,
 * which names chosen to collide make quadratic). Here, not in a unit: the
 * class pass and the readers both intern. */
static inline const char *
_hs_heap_intern (HsHeap *heap, const char *s)
{
  g_mutex_lock (&heap->names_lock);
  const char *have = g_hash_table_lookup (heap->name_set, s);
  if (!have)
    {
      char *copy = g_string_chunk_insert (heap->names, s);
      g_hash_table_add (heap->name_set, copy);
      have = copy;
    }
  g_mutex_unlock (&heap->names_lock);
  return have;
}

/* Fills a heap whose dump is mapped and whose header is read with what
 * the load would compute (hs-heap-persist.c: from a persistent index). */
typedef gboolean (*HsHeapFill) (HsHeap *heap, gpointer data, GCancellable *cancellable, GError **error);
/* hs_heap_open, with fill instead of the load when fill is not NULL. */
HsHeap *_hs_heap_open_filled (const char *path, const HsOpenOptions *opts, HsHeapFill fill,
                              gpointer fill_data, HsProgressFunc progress, gpointer progress_data,
                              GCancellable *cancellable, GError **error);

/* Gives the mapped file's pages back to the page cache (hs-heap.c). */
void hs_heap_release_pages (HsHeap *heap);
/* Sets HsClassInfo.is_thread and .fields_from of every class, once per
 * class, top-down: a describe or a field read per object walked the whole
 * superclass chain (a million-deep chain made each a million steps).
 * After loading and after a renaming. */
void _hs_heap_class_chain_facts (HsHeap *heap);
/* Frees what a mapping added (hs-heap-mapping.c), for hs_heap_free. */
void _hs_heap_mapping_clear (HsHeap *heap);

G_END_DECLS
