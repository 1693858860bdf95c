/* hs-heap-private.h: the HsHeap layout, shared by the engine's own files. */
#pragma once

#include "hs-heap.h"

G_BEGIN_DECLS

typedef struct {
  const char *name;
  HsType type;
  HsValue value;
} HsStaticField;

typedef struct {
  char *name;                 /* Java source form (in heap->names) */
  guint64 id;                 /* class object id; 0 for synthetic classes */
  HsObj obj;                  /* its class object, HS_OBJ_NONE if absent */
  guint64 super_id, loader_id;
  HsClass super;
  guint32 declared_size;      /* CLASS_DUMP instance size */
  guint32 instance_size;      /* shallow size of an instance */
  guint32 data_size;          /* bytes of field data an instance carries (whole chain) */
  HsFieldDecl *fields;        /* own instance fields */
  guint n_fields;
  HsStaticField *statics;
  guint n_statics;
  guint32 statics_size;       /* shallow size of the class object */
  guint32 refs_start, refs_count; /* slice of heap->class_ref_offsets */
  guint8 prim_type;           /* element type of a synthetic primitive-array class */
  gboolean is_reference_class;/* declares the referent field (java.lang.ref.Reference) */
  guint64 count, reachable_count, shallow;
} HsClassInfo;

enum {
  HS_FLAG_KIND_MASK = 0x03,
  HS_FLAG_REACHABLE = 0x04,
  HS_FLAG_ROOT = 0x08,
};

struct _HsHeap {
  char *path;
  char *name;                 /* for messages: the path as given */
  GMappedFile *mapped;
  guint8 *owned_data;         /* decompressed gzip */
  const guint8 *data;
  gsize len;
  guint64 file_size;
  gboolean gzip;

  char format[24];
  guint id_size, ref_size, align;
  gboolean android, compressed_refs, follow_weak;
  gboolean defer_reachability, totals_done;
  guint64 timestamp_ms;
  guint n_dumps, dump_index;
  char *warning;

  /* objects, sorted by id */
  guint64 n;
  guint64 *ids;
  guint64 *offsets;           /* sub-record offset (at the tag byte) */
  HsClass *klass;
  guint32 *shallow;
  guint8 *flags;
  /* id lookup: bucket -> first index with ((id - min_id) >> shift) >= bucket */
  guint32 *buckets;
  guint64 n_buckets;
  guint shift;
  guint64 min_id;

  /* references (CSR) */
  guint64 *ref_offsets;       /* n + 1 */
  HsObj *ref_targets;
  GMutex referrers_lock;
  guint64 *rev_offsets;       /* built on demand */
  HsObj *rev_targets;

  /* classes */
  GArray *classes;            /* HsClassInfo */
  guint64 *class_ids_sorted;  /* class ids, sorted, paired with: */
  HsClass *class_ids_index;
  guint n_class_ids;
  HsClass class_class;        /* java.lang.Class */
  HsClass prim_class[12];     /* by HsType, for primitive arrays */
  guint32 *class_ref_offsets; /* pool: byte offsets of followed object fields */
  guint n_class_ref_offsets;
  GStringChunk *names;
  GHashTable *class_by_name;  /* name -> first HsClass + 1 */

  /* roots */
  GArray *roots;              /* HsRoot */
  GHashTable *thread_objs;    /* serial -> id */

  HsSummary summary;
};

/* Big-endian readers; callers bound-check. */
static inline guint32 hs_be32 (const guint8 *p) { return ((guint32) p[0] << 24) | ((guint32) p[1] << 16) | ((guint32) p[2] << 8) | p[3]; }
static inline guint16 hs_be16 (const guint8 *p) { return (guint16) ((p[0] << 8) | p[1]); }
static inline guint64 hs_be64 (const guint8 *p) { return ((guint64) hs_be32 (p) << 32) | hs_be32 (p + 4); }
static inline guint64 hs_read_id (const guint8 *p, guint id_size) { return id_size == 4 ? hs_be32 (p) : hs_be64 (p); }

/* Size in bytes of a basic type in the file (objects: id size); 0 if invalid. */
static inline guint hs_type_size (guint type, guint id_size)
{
  switch (type) {
  case HS_TYPE_OBJECT: return id_size;
  case HS_TYPE_BOOLEAN: case HS_TYPE_BYTE: return 1;
  case HS_TYPE_CHAR: case HS_TYPE_SHORT: return 2;
  case HS_TYPE_FLOAT: case HS_TYPE_INT: return 4;
  case HS_TYPE_DOUBLE: case HS_TYPE_LONG: return 8;
  default: return 0;
  }
}

static inline HsClassInfo *hs_class_info (HsHeap *heap, HsClass c)
{ return &g_array_index (heap->classes, HsClassInfo, c); }

HsClass hs_heap_class_by_id (HsHeap *heap, guint64 id);
HsValue hs_value_decode (const guint8 *p, guint type, guint id_size);
const char *hs_type_name (HsType type);
void hs_heap_release_pages (HsHeap *heap);
/* Runs fn (data) under a SIGBUS guard; FALSE if the mapped file shrank. */
gboolean hs_guarded_call (GThreadFunc fn, gpointer data);

G_END_DECLS
