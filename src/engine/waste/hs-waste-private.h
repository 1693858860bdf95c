/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-waste-private.h: what the waste finders (hs-waste-*.c) share: field
 * positions resolved once per class, a keyed hash, samples. */
#pragma once

#include "hs-waste.h"
#include "hs-heap-private.h"

/* Bytes of the strings scan's entry per reachable String (hs-waste-strings.c),
 * for hs_waste_estimate_memory. */
#define HS_WASTE_STRING_ENTRY_BYTES 24

G_BEGIN_DECLS

/* Where a field sits in an instance's field data: pos < 0 when absent. */
typedef struct
{
  gint32 pos;
  HsType type;
} HsWField;

/* Superclass chains deeper than this are not followed by the finders:
 * real hierarchies are a few dozen deep at most, and a hostile dump's
 * chain of 100,000 classes must not make the per-class work quadratic. */
#define HS_WASTE_MAX_DEPTH 64

/* The index in names[] of the nearest class of c's superclass chain (c
 * first) named one of them, or -1. */
int hs_waste_ancestor_named (HsHeap *heap, HsClass c, const char *const *names, guint n);

/* The field named name of instances of c (own class first, then supers,
 * as the record lays them out). */
HsWField hs_wfield (HsHeap *heap, HsClass c, const char *name);
/* Integral (or boolean) value of the field in o; FALSE when absent, o is
 * not an instance or its record is too short. */
gboolean hs_wfield_int (HsHeap *heap, HsObj o, HsWField f, gint64 *out);
/* Object field as an object index (HS_OBJ_NONE: null, absent, dangling). */
HsObj hs_wfield_ref (HsHeap *heap, HsObj o, HsWField f);
/* The same, found among o's outgoing edges when one of them has the
 * field's id (the record of a target is read, which its reader wants
 * next anyway), else through the id lookup: the same answer, without the
 * lookup's reads of the dump in the common case. */
HsObj hs_wfield_ref_edges (HsHeap *heap, HsObj o, HsWField f);

/* SipHash-2-4 keyed with the run's random key: values come from an
 * untrusted file, so grouping them must not be floodable. */
typedef struct
{
  guint64 v0, v1, v2, v3;
  guint64 tail;
  guint ntail;
  guint64 total;
} HsSip;
void hs_sip_init (HsSip *s, const guint64 key[2]);
void hs_sip_bytes (HsSip *s, const guint8 *p, gsize n);
guint64 hs_sip_final (HsSip *s);
/* SipHash-1-3 with the 128-bit output (its own init). */
void hs_sip_init128 (HsSip *s, const guint64 key[2]);
void hs_sip13_bytes (HsSip *s, const guint8 *p, gsize n);
void hs_sip13_final128 (HsSip *s, guint64 out[2]);
/* All three on n contiguous bytes at once (faster: the strings' hash). */
void hs_sip13_128 (const guint64 key[2], const guint8 *p, gsize n, guint64 out[2]);

/* Hash and object, sorted by hash then object, to group equal contents. */
typedef struct
{
  guint64 hash;
  HsObj obj;
} HsHashedObj;
void hs_hashed_sort (GArray *a);

/* Appends o to a sample (an HsObj GArray) while it holds fewer than
 * HS_WASTE_SAMPLE. */
void hs_sample_add (GArray *sample, HsObj o);
/* The same array of every object (n_objects) bit: set. */
static inline gboolean
hs_bit_get (const guint8 *bits, guint64 i)
{
  return (bits[i >> 3] >> (i & 7)) & 1;
}
static inline void
hs_bit_set (guint8 *bits, guint64 i)
{
  bits[i >> 3] |= (guint8)(1u << (i & 7));
}

/* The finders: each fills its part of w. skip (n bits) marks arrays other
 * finders account for (String values, bitmap buffers), so that the array
 * finder does not count them twice. */
/* What the one scan over the objects does with instances of a class. */
enum
{
  HS_WROLE_STRING = 1,
  HS_WROLE_COLLECTION = 2,
  HS_WROLE_BOX = 4
};

/* Kind and reachability of object o: the reader's flag byte (one load per
 * object in the scans; hs-heap.h has them only as two calls). */
static inline guint8
hs_wflags (const HsHeap *heap, guint64 o)
{
  return heap->flags[o];
}
#define HS_WFLAGS_REACHABLE_INSTANCE HS_FLAG_REACHABLE /* | HS_KIND_INSTANCE (0) */
#define HS_WFLAGS_MASK (HS_FLAG_REACHABLE | HS_FLAG_KIND_MASK)

typedef struct
{
  HsAnalysis *analysis;
  HsHeap *heap;
  HsWaste *w;
  guint64 key[2];
  guint8 *skip;
  GCancellable *cancellable;
  guint8 *role;         /* per class: HS_WROLE_* bits */
  gpointer strings;     /* the string finder's state between its steps */
  gpointer collections; /* the collection finder's layouts per class */
  GArray *coll_objs[2]; /* HsObj: reachable collection instances, per scan part */
  gpointer boxes;       /* the box finder's tallies per scan part */
} HsWasteCtx;

/* An empty result, every list made (hs_waste_compute fills it,
 * hs_waste_load reads into it). */
HsWaste *hs_waste_new (void);

/* One scan finds the Strings and the collections: prepare both (they mark
 * ctx->role), then scan (part 0 and 1 at once: halves of the objects), then
 * group the strings (frees their state) and read the collections found. */
void hs_waste_collections_prepare (HsWasteCtx *ctx);
void hs_waste_strings_prepare (HsWasteCtx *ctx);
void hs_waste_strings_scan (HsWasteCtx *ctx, guint part);
/* After both parts: which value arrays are shared, which the array finder
 * skips (one thread, before the finders that follow). */
void hs_waste_strings_merge (HsWasteCtx *ctx);
void hs_waste_strings_group (HsWasteCtx *ctx);
void hs_waste_find_arrays (HsWasteCtx *ctx);
void hs_waste_find_collections (HsWasteCtx *ctx);
/* Boxes are counted by the scan: prepare marks their classes, add counts
 * one (part: the scan's half), find merges the halves into w->boxed. */
void hs_waste_boxed_prepare (HsWasteCtx *ctx);
void hs_waste_boxed_add (HsWasteCtx *ctx, guint part, HsClass c, HsObj o);
void hs_waste_find_boxed (HsWasteCtx *ctx);
void hs_waste_find_bitmaps (HsWasteCtx *ctx);

/* What HsWasteBitmap.config points at: "ARGB_8888", "RGB_565", "ALPHA_8"
 * (4, 2 and 1 bytes a pixel), "?" (not known). */
#define HS_WASTE_BITMAP_N_CONFIGS 4
extern const char *const hs_waste_bitmap_configs[HS_WASTE_BITMAP_N_CONFIGS];
/* A bitmap bigger than this is not drawn (its problem says so). */
#define HS_WASTE_BITMAP_MAX_SIDE (1 << 16)
#define HS_WASTE_BITMAP_MAX_PIXELS (G_GUINT64_CONSTANT (1) << 28)

/* Element data of an object array (ids), NULL for other kinds. */
const guint8 *hs_waste_obj_array_data (HsHeap *heap, HsObj o);

G_END_DECLS
