/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-waste.h: wasted memory (docs/semantics.md "Waste"):
 * duplicate strings, badly filled collections, zero and duplicate arrays,
 * boxed primitives and Android bitmaps (with their pixels as PNG).
 * Engine layer: GLib and zlib only. Only reachable objects count. */
#pragma once

#include "hs-analysis.h"

G_BEGIN_DECLS

/* Longest string value kept (longer ones end in "…"; length is exact). */
#define HS_WASTE_MAX_CHARS 200
/* Objects kept per finding (the first ones by object index). */
#define HS_WASTE_SAMPLE 16
/* Arrays shorter than this are not reported as all-zero/all-null/duplicate. */
#define HS_WASTE_MIN_ARRAY 8

typedef struct
{
  char *value;     /* UTF-8, cut at HS_WASTE_MAX_CHARS characters */
  guint64 length;  /* UTF-16 code units of the whole value */
  guint64 count;   /* String instances holding it */
  guint64 wasted;  /* bytes of every copy beyond the first */
  GArray *objects; /* HsObj: up to HS_WASTE_SAMPLE of the Strings */
} HsWasteString;

#define HS_WASTE_FILL_BUCKETS 10
typedef struct
{
  HsClass klass;
  const char *layout;  /* "HashMap", "ArrayList", ... the layout it was read as */
  guint64 count;       /* reachable instances read */
  guint64 empty;       /* with size 0 */
  guint64 empty_bytes; /* shallow of the empty ones and their backing arrays */
  guint64 size_sum, capacity_sum;
  guint64 wasted;                                /* what right-sized ones would save */
  guint64 fill_histogram[HS_WASTE_FILL_BUCKETS]; /* size/capacity in tenths */
  GArray *objects;                               /* HsObj: up to HS_WASTE_SAMPLE, most wasteful first */
} HsWasteCollection;

typedef struct
{
  HsType type; /* element type; HS_TYPE_OBJECT for all-null arrays */
  guint64 count;
  guint64 bytes;   /* shallow */
  GArray *objects; /* HsObj, up to HS_WASTE_SAMPLE */
} HsWasteArrayKind;

typedef struct
{
  HsType type;
  guint32 length;
  guint64 count;  /* arrays with this content */
  guint64 wasted; /* shallow of every copy beyond the first */
  GArray *objects;
  /* Every copy is a local of a thread's frame, and they belong to more
   * than one thread: working buffers whose contents match at the moment of
   * the dump, not copies to share (listed apart, not in the totals). */
  gboolean thread_locals;
  guint64 locals;        /* copies that are thread locals (while grouping) */
  guint32 first_serial;  /* the thread serial of the first such copy */
  gboolean many_threads; /* another copy is another thread's */
} HsWasteDupArray;

typedef struct
{
  HsClass klass; /* java.lang.Integer, ... */
  guint64 count;
  guint64 bytes;           /* shallow of the boxes */
  guint64 primitive_bytes; /* count * the primitive's size */
  guint64 wasted;          /* bytes - primitive_bytes */
  GArray *objects;
} HsWasteBoxed;

typedef enum
{
  HS_BITMAP_SOURCE_NONE,       /* no pixels in the dump */
  HS_BITMAP_SOURCE_BUFFER,     /* mBuffer byte[] (Android 3.0 - 7.1) */
  HS_BITMAP_SOURCE_DUMP_PNG,   /* Bitmap.dumpData, PNG compressed (Android 8+) */
  HS_BITMAP_SOURCE_DUMP_OTHER, /* dumpData in another format (WEBP ...) */
} HsBitmapSource;

typedef struct
{
  HsObj obj;
  gint64 width, height; /* as written */
  const char *config;   /* "ARGB_8888", "RGB_565", "ALPHA_8", "?" */
  guint64 java_bytes;   /* the pixel buffer on the Java heap (mBuffer's shallow) */
  guint64 native_bytes; /* from hs-native (registry or estimate), 0 if none */
  HsBitmapSource source;
  HsObj pixels;       /* the byte[] holding its pixels (or PNG), HS_OBJ_NONE */
  guint64 duplicates; /* other bitmaps with the same pixels */
  HsObj first_copy;   /* the lowest-index bitmap with these pixels */
  char *problem;      /* why it cannot be drawn; NULL when it can */
} HsWasteBitmap;

typedef struct _HsWaste
{
  GArray *strings;                  /* HsWasteString, wasted descending */
  GArray *collections;              /* HsWasteCollection, wasted + empty_bytes descending */
  HsWasteArrayKind zero_arrays[12]; /* by HsType (primitive ones) */
  HsWasteArrayKind null_arrays;     /* object arrays all null */
  GArray *dup_arrays;               /* HsWasteDupArray, wasted descending */
  GArray *boxed;                    /* HsWasteBoxed, wasted descending */
  GArray *bitmaps;                  /* HsWasteBitmap, bytes descending */
  /* Totals of what could be saved, by kind (docs/semantics.md). */
  guint64 strings_wasted, collections_wasted, arrays_wasted, boxed_wasted, bitmaps_wasted;
  guint64 total_wasted;
  guint64 thread_buffers_bytes; /* the "waste" of thread_locals groups: not in the totals */
  double seconds;               /* from its start to its end (beside: at the core the dominators left) */
  gboolean beside;              /* found beside the analysis's dominators (hs_waste_beside) */
  gint ref_count;               /* hs_waste_ref / hs_waste_free (atomic) */
} HsWaste;

/* The waste pass as the analysis runs it beside the dominators
 * (HsAnalysisOptions.beside = &hs_waste_beside): hs_waste_compute_beside,
 * its result marked `beside`. */
extern const HsBesidePass hs_waste_beside;

/* What was wasted: the result of the pass run beside the analysis
 * (HsAnalysisOptions.beside = &hs_waste_beside, waited for) if there is
 * one, else hs_waste_compute's. The heap's reachability must be known. */
HsWaste *hs_waste_find (HsAnalysis *analysis, GCancellable *cancellable, GError **error);
/* Runs every finder now (one pass over the objects per kind; the finders
 * share both cores). */
HsWaste *hs_waste_compute (HsAnalysis *analysis, GCancellable *cancellable, GError **error);
/* The same beside other work (the dominators): each of its two steps (the
 * scan, then the grouping and the other finders) on the calling thread
 * alone, on the one core that work leaves, unless *others_done (atomic) is
 * set when the step starts. */
HsWaste *hs_waste_compute_beside (HsAnalysis *analysis, const gint *others_done, GCancellable *cancellable,
                                  GError **error);
/* About the most anonymous memory hs_waste_compute adds while it runs
 * (bytes): its entries for the reachable Strings and its bit arrays. */
guint64 hs_waste_estimate_memory (HsHeap *heap);
/* A result is shared by reference (the window's Insights view and its
 * HTML export on another thread): hs_waste_free drops one reference. */
HsWaste *hs_waste_ref (HsWaste *waste);
void hs_waste_free (HsWaste *waste);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsWaste, hs_waste_free)

/* The bytes a bitmap uses: native if known, else the Java buffer. */
guint64 hs_waste_bitmap_bytes (const HsWasteBitmap *b);
/* The bitmap as a PNG (RGBA, straight alpha). max_side > 0 scales it down
 * (nearest neighbour) so that neither side exceeds it; a PNG that the dump
 * holds already is returned as it is. NULL with a message saying why when
 * it cannot be decoded. */
GBytes *hs_waste_bitmap_png (HsHeap *heap, const HsWasteBitmap *b, guint max_side, GError **error);
/* The bitmap record of object o (NULL when o is not a Bitmap found). */
const HsWasteBitmap *hs_waste_bitmap_of (const HsWaste *waste, HsObj o);
/* Reads one Bitmap on its own (the inspector, `heapscope-cli bitmap`):
 * fills *out (free out->problem). FALSE when o is not a Bitmap. */
gboolean hs_waste_bitmap_read (HsAnalysis *analysis, HsObj o, HsWasteBitmap *out);

/* "about 41 MB could be saved: duplicate strings 23 MB, …" (untranslated). */
char *hs_waste_summary_line (const HsWaste *waste);
/* The whole result as JSON (at most limit items per list; < 0: all); the
 * first 10 duplicate strings carry "paths": up to 3 shortest paths from a
 * GC root to their first copies (labels, the root first; [] when none was
 * found within 200,000 objects). */
void hs_waste_to_json (const HsWaste *waste, HsHeap *heap, int limit, GString *out);
/* The findings as one CSV table (hs-csv.h), at most limit rows per list
 * (< 0: all): kind,name,count,wasted,bytes,length,empty,size,capacity,
 * primitive_bytes,id,width,height,duplicates. kind is duplicate_string
 * (name: the value), collection (name: the class; bytes: the empty ones'),
 * zero_array and null_array (name: "int[]"), duplicate_array and
 * thread_buffer (name: "byte[]", length: elements), boxed (name: the
 * class), bitmap (name: the config); a cell a kind has not is empty. */
void hs_waste_to_csv (const HsWaste *waste, HsHeap *heap, int limit, GString *out);

G_END_DECLS
