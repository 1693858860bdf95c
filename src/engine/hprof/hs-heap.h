/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap.h: the parsed, indexed heap dump (engine layer, GLib/GIO only).
 *
 * Every object of the analysed dump gets a dense index (HsObj) in ascending
 * order of its id, so the index doubles as a sorted id table. Everything
 * per-object lives in flat arrays; references are a CSR graph.
 */
#pragma once

#include <gio/gio.h>

/* HsObj, HsClass, HsProgressFunc, HS_ERROR; the format: HsType, HsRootType,
 * HsValue, hs_root_type_name. */
#include "hs-types.h"
#include "hs-columns.h" /* HsClassCol, HsSizeCol */
#include "hs-graph.h"
#include "hs-hprof.h"
#include "hs-object-layout.h"
#include "hs-format.h" /* hs_format_bytes, for the heap's callers */

G_BEGIN_DECLS

typedef enum
{
  HS_KIND_INSTANCE = 0,
  HS_KIND_CLASS = 1,
  HS_KIND_OBJ_ARRAY = 2,
  HS_KIND_PRIM_ARRAY = 3,
} HsKind;

typedef struct
{
  guint64 id;  /* the object id as written */
  HsObj obj;   /* HS_OBJ_NONE when the id names no object of the dump */
  guint8 type; /* HsRootType */
  guint32 thread_serial;
  guint32 frame;    /* frame number for JAVA_FRAME / JNI_LOCAL / JNI_MONITOR,
                          the stack trace serial for THREAD_OBJECT, else 0 */
  HsObj thread_obj; /* the thread object for thread-bound roots, if known */
} HsRoot;

typedef struct
{
  const char *name; /* field name (owned by the heap) */
  HsType type;
} HsFieldDecl;

/* One field of one object, from hs_heap_object_fields(). */
typedef struct
{
  const char *name;
  HsType type;
  HsValue value;
  HsClass declared_in; /* the class that declares the field */
} HsFieldValue;

typedef struct
{
  int dump;             /* which dump of the file, 0-based (default 0) */
  gboolean follow_weak; /* count Reference.referent as a reference (MAT's way) */
  /* Leave reachability and the totals to hs_heap_set_reachable() (the
   * dominator tree's walk finds the same set, so the pipeline does not walk
   * the heap twice). Until then nothing is reachable and totals are 0. */
  gboolean defer_reachability;
} HsOpenOptions;

typedef struct _HsHeap HsHeap;

/* The first member of HsHeap, so that the inline accessors reach it. */
typedef struct
{
  HsClassCol klass;
  HsSizeCol shallow;
} HsHeapColumns;

HsHeap *hs_heap_open (const char *path, const HsOpenOptions *opts, HsProgressFunc progress,
                      gpointer progress_data, GCancellable *cancellable, GError **error);
/* Same, on bytes already in memory (tests, fuzzing). The buffer must outlive
 * the heap. name is used in messages. */
HsHeap *hs_heap_open_bytes (const guint8 *data, gsize len, const char *name, const HsOpenOptions *opts,
                            HsProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                            GError **error);
void hs_heap_free (HsHeap *heap);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsHeap, hs_heap_free)

/* --- the file ---------------------------------------------------------- */
const char *hs_heap_path (HsHeap *heap);
const char *hs_heap_format (HsHeap *heap); /* "JAVA PROFILE 1.0.2" */
guint hs_heap_id_size (HsHeap *heap);
guint hs_heap_ref_size (HsHeap *heap);
guint hs_heap_object_align (HsHeap *heap);
/* How the dump's JVM lays out objects (docs/semantics.md, "Object layout"). */
const HsObjectLayout *hs_heap_object_layout (HsHeap *heap);
gboolean hs_heap_is_android (HsHeap *heap);
gboolean hs_heap_is_compressed_file (HsHeap *heap); /* gzip */
gboolean hs_heap_follow_weak (HsHeap *heap);
guint64 hs_heap_file_size (HsHeap *heap); /* bytes on disk */
/* The whole dump file as the heap reads it: mapped, or inflated from gzip. */
const guint8 *hs_heap_bytes (HsHeap *heap, gsize *len);
/* Objects the dump writes more than once (only the last copy is read). */
guint64 hs_heap_n_duplicates (HsHeap *heap);
guint64 hs_heap_timestamp_ms (HsHeap *heap); /* from the header */
guint hs_heap_n_dumps (HsHeap *heap);
guint hs_heap_dump_index (HsHeap *heap);
/* Set when the file ended early: what was complete was loaded. */
const char *hs_heap_warning (HsHeap *heap);
/* A mapped dump truncated after it was opened: reads of the cut part see
 * zeros from then on (hs-guard.h) and the heap is "changed". Callers check
 * at the end of each phase; the second sets HS_ERROR_IO "PATH: the file
 * changed while it was open" and returns FALSE. */
gboolean hs_heap_changed (HsHeap *heap);
gboolean hs_heap_check_unchanged (HsHeap *heap, GError **error);
/* TRUE once any mapped dump of this process changed (even a freed one). */
gboolean hs_heap_any_changed (void);

/* --- objects ----------------------------------------------------------- */
guint64 hs_heap_n_objects (HsHeap *heap);
HsObj hs_heap_find (HsHeap *heap, guint64 id);
guint64 hs_heap_object_id (HsHeap *heap, HsObj o);
HsKind hs_heap_object_kind (HsHeap *heap, HsObj o);
/* The class the object is an instance of: for class objects that is
 * java.lang.Class (HS_CLASS_NONE if the dump has no such class). */
static inline HsClass
hs_heap_object_class (HsHeap *heap, HsObj o)
{
  return hs_class_col_get (&((const HsHeapColumns *)heap)->klass, o);
}
static inline guint32
hs_heap_object_shallow (HsHeap *heap, HsObj o)
{
  return hs_size_col_get (&((const HsHeapColumns *)heap)->shallow, o);
}
/* The same columns for every object at once (for code that takes a column
 * rather than the heap, e.g. the dominators' per-class sums). */
static inline const HsClassCol *
hs_heap_class_col (HsHeap *heap)
{
  return &((const HsHeapColumns *)heap)->klass;
}
static inline const HsSizeCol *
hs_heap_size_col (HsHeap *heap)
{
  return &((const HsHeapColumns *)heap)->shallow;
}
gboolean hs_heap_object_reachable (HsHeap *heap, HsObj o);
gboolean hs_heap_object_is_root (HsHeap *heap, HsObj o);
/* Byte offset of the object's sub-record in the (uncompressed) dump. */
guint64 hs_heap_object_offset (HsHeap *heap, HsObj o);
/* For class objects: the class-table entry it defines, else HS_CLASS_NONE. */
HsClass hs_heap_object_as_class (HsHeap *heap, HsObj o);
/* Array length (0 for non-arrays), element type for primitive arrays. */
guint32 hs_heap_array_length (HsHeap *heap, HsObj o);
HsType hs_heap_array_elem_type (HsHeap *heap, HsObj o);
/* Raw big-endian element bytes of a primitive array (NULL for NODATA). */
const guint8 *hs_heap_prim_array_data (HsHeap *heap, HsObj o);
/* Element i of an object array as a raw id (0 = null). */
guint64 hs_heap_obj_array_get (HsHeap *heap, HsObj o, guint32 i);

/* Outgoing references (dangling dropped), in order: *first unless it is
 * HS_OBJ_NONE (the edge to the class object, which is not stored), then the
 * *n returned. */
const HsObj *hs_heap_refs (HsHeap *heap, HsObj o, HsObj *first, gsize *n);
/* Incoming references; built on first use (thread-safe), or read from a
 * persistent index that holds them. */
const HsObj *hs_heap_referrers (HsHeap *heap, HsObj o, gsize *n);
/* The reference graph for whole-graph walks (hs-graph.h: edges, shallow
 * sizes as weights, classes), valid for the life of the heap. */
const HsGraph *hs_heap_graph (HsHeap *heap);

/* Named outgoing references of one object, decoded from the file, in the
 * order the object holds them (dangling and null values skipped). The
 * referent of java.lang.ref.Reference is reported with is_weak = TRUE (it
 * is reported even when not followed, so callers can decide). */
typedef enum
{
  HS_REF_FIELD,   /* instance field: name */
  HS_REF_STATIC,  /* static field of a class object: name */
  HS_REF_ELEMENT, /* array element: index */
  HS_REF_CLASS,   /* the object's class (instance/array -> class object) */
  HS_REF_SUPER,   /* class -> superclass */
  HS_REF_LOADER,  /* class -> class loader */
} HsRefKind;
typedef struct
{
  HsRefKind kind;
  const char *name;    /* field name, NULL for elements */
  guint32 index;       /* array index for ELEMENT */
  HsClass declared_in; /* for FIELD */
  gboolean is_weak;    /* Reference.referent */
  HsObj target;
} HsNamedRef;
typedef gboolean (*HsRefFunc) (const HsNamedRef *ref, gpointer user_data); /* return FALSE to stop */
void hs_heap_foreach_ref (HsHeap *heap, HsObj o, HsRefFunc func, gpointer user_data);

/* Fields of an instance (own class first, then superclasses) or the static
 * fields of a class object; returns a GArray of HsFieldValue. */
GArray *hs_heap_object_fields (HsHeap *heap, HsObj o);
/* The same, one call of func per field in that order, without a copy;
 * func returns FALSE to stop. */
typedef gboolean (*HsFieldFunc) (const HsFieldValue *fv, gpointer user_data);
void hs_heap_foreach_field (HsHeap *heap, HsObj o, HsFieldFunc func, gpointer user_data);
/* Looks a field up by name through the class hierarchy (instances) or in
 * the statics (class objects). FALSE when there is no such field. */
gboolean hs_heap_read_field (HsHeap *heap, HsObj o, const char *name, HsValue *out);
/* A static field of the class named class_name (Java source form). FALSE
 * when the dump has no such class, class object or field. */
gboolean hs_heap_read_static (HsHeap *heap, const char *class_name, const char *field, HsValue *out);
/* Convenience: an integral field (long, int, short, byte or char) widened to
 * 64 bits. FALSE when o is HS_OBJ_NONE or the field is missing or of
 * another type. */
gboolean hs_heap_read_integer (HsHeap *heap, HsObj o, const char *name, gint64 *out);
/* Convenience: object field value as an object index (HS_OBJ_NONE if null,
 * missing or dangling). */
HsObj hs_heap_read_ref (HsHeap *heap, HsObj o, const char *name);
/* Java string contents as UTF-8 (java.lang.String instances, char[]/byte[]
 * are decoded as text too), cut to max_chars with "…"; NULL if not a string. */
char *hs_heap_read_string (HsHeap *heap, HsObj o, gsize max_chars);
/* The same appended to s (one buffer for many strings); FALSE, s
 * unchanged, if not a string. */
gboolean hs_heap_append_string (HsHeap *heap, HsObj o, gsize max_chars, GString *s);
/* Short description for display: `"hello"` for strings, a thread's name,
 * a class object's name, array lengths; NULL when nothing useful. */
char *hs_heap_describe (HsHeap *heap, HsObj o);
/* "java.util.HashMap" / "int[]" / "class java.lang.String" (for class objects). */
const char *hs_heap_object_class_name (HsHeap *heap, HsObj o);
/* "java.util.HashMap@0x1234abcd" style label (caller frees). */
char *hs_heap_object_label (HsHeap *heap, HsObj o);

/* --- classes ----------------------------------------------------------- */
guint hs_heap_n_classes (HsHeap *heap);
const char *hs_class_name (HsHeap *heap, HsClass c); /* Java source form */
HsObj hs_class_object (HsHeap *heap, HsClass c);     /* its class object */
guint64 hs_class_id (HsHeap *heap, HsClass c);
HsClass hs_class_super (HsHeap *heap, HsClass c);
guint64 hs_class_loader_id (HsHeap *heap, HsClass c);
const HsFieldDecl *hs_class_fields (HsHeap *heap, HsClass c, guint *n); /* own instance fields */
gboolean hs_class_is_subclass_of (HsHeap *heap, HsClass c, const char *name);
/* Per-class facts, once per class, top-down: bit r of the result's [c] is
 * set when c or one of its superclasses is named names[r] (n <= 32).
 * g_free the array (hs_heap_n_classes entries, at least one). */
guint32 *hs_class_name_bits (HsHeap *heap, const char *const *names, guint n);
/* First class of that name, or HS_CLASS_NONE. */
HsClass hs_heap_find_class (HsHeap *heap, const char *name);
/* Per-class totals over all objects whose class is c. */
guint64 hs_class_count (HsHeap *heap, HsClass c);
guint64 hs_class_reachable_count (HsHeap *heap, HsClass c);
guint64 hs_class_shallow (HsHeap *heap, HsClass c);

/* --- roots ------------------------------------------------------------- */
/* Root records (not UNREACHABLE), and the HS_ROOT_INFERRED ones of a dump
 * that has none (HsSummary.roots_inferred). */
gsize hs_heap_n_roots (HsHeap *heap);
const HsRoot *hs_heap_root (HsHeap *heap, gsize i);
/* Root records naming object o (for display), as indexes for hs_heap_root. */
GArray *hs_heap_roots_of (HsHeap *heap, HsObj o);
/* Thread name for a thread serial (from ROOT_THREAD_OBJECT), NULL if unknown. */
char *hs_heap_thread_name (HsHeap *heap, guint32 thread_serial);

/* --- totals ------------------------------------------------------------ */
typedef struct
{
  guint64 objects, instances, object_arrays, primitive_arrays, class_objects;
  guint64 classes;  /* class-table entries */
  guint64 gc_roots; /* distinct objects that are roots */
  guint64 root_records;
  guint64 roots_by_type[256]; /* distinct objects per root type */
  guint64 reachable_objects, unreachable_objects;
  guint64 shallow_bytes, reachable_bytes, unreachable_bytes;
  guint64 dangling_references;
  guint64 roots_missing; /* root records naming no object */
  /* The dump has no root that names an object of it (cut short before
   * them): the objects nothing references are the roots (HS_ROOT_INFERRED
   * records, counted in gc_roots, not in root_records). */
  gboolean roots_inferred;
} HsSummary;
const HsSummary *hs_heap_summary (HsHeap *heap);

/* --- heaps (Android) ---------------------------------------------------- */
/* Each object is in the heap named by the last HEAP_DUMP_INFO before it
 * ("app", "image", "zygote", ...), or "default" (before any, and in
 * HotSpot dumps). Heaps are numbered 0 .. n-1 in the order their first
 * object appears; only heaps holding objects count, so n >= 1. */
#define HS_HEAP_MAX_HEAPS 256
typedef struct
{
  guint64 objects, shallow, reachable, reachable_shallow;
} HsHeapTotals;
guint hs_heap_n_heaps (HsHeap *heap);
const char *hs_heap_heap_name (HsHeap *heap, guint h);
int hs_heap_find_heap (HsHeap *heap, const char *name); /* -1 if none */
guint hs_heap_object_heap (HsHeap *heap, HsObj o);
const HsHeapTotals *hs_heap_heap_totals (HsHeap *heap, guint h);
/* The heap an Android developer looks at first: "app" in an Android dump
 * with several heaps, else -1 (all heaps). */
int hs_heap_app_heap (HsHeap *heap);
/* References from the nearest GC root, by a breadth-first walk over the
 * reference graph (a root is 0); G_MAXUINT32 when unreachable. The first
 * call walks the whole heap (4 bytes per object, kept): call
 * hs_heap_compute_depths on a worker first to be able to cancel it. */
gboolean hs_heap_compute_depths (HsHeap *heap, GCancellable *cancellable, GError **error);
guint32 hs_heap_object_depth (HsHeap *heap, HsObj o);
/* TRUE once the depths are computed (hs_heap_object_depth is then a read). */
gboolean hs_heap_depths_known (HsHeap *heap);
/* With defer_reachability: marks objects whose idom is not HS_OBJ_NONE
 * reachable and computes the totals. Does nothing otherwise. */
void hs_heap_set_reachable (HsHeap *heap, const HsObj *idom);
/* The same from the dominator walk's bitmap (hs_dom_tree_compute_full's
 * reached: bit i of the 64-bit words set if object i is reachable). */
void hs_heap_set_reachable_bits (HsHeap *heap, const guint64 *bits);
/* FALSE while reachability is deferred (see defer_reachability). */
gboolean hs_heap_reachability_known (HsHeap *heap);

G_END_DECLS
