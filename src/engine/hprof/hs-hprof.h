/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-hprof.h: the HPROF file format in one place as Heapscope reads it:
 * record and sub-record tags, basic types and their sizes, big-endian
 * readers and value decoding, and the names shown for types and roots.
 * Knows nothing of HsHeap. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Top-level record tags. Each record is u1 tag, u4 time, u4 length, body. */
typedef enum
{
  HS_HPROF_STRING = 0x01,     /* id, UTF-8 bytes */
  HS_HPROF_LOAD_CLASS = 0x02, /* u4 serial, class id, u4 stack serial, name id */
  HS_HPROF_UNLOAD_CLASS = 0x03,
  HS_HPROF_STACK_FRAME = 0x04,
  HS_HPROF_STACK_TRACE = 0x05,
  HS_HPROF_ALLOC_SITES = 0x06,
  HS_HPROF_HEAP_SUMMARY = 0x07,
  HS_HPROF_START_THREAD = 0x0A,
  HS_HPROF_END_THREAD = 0x0B,
  HS_HPROF_HEAP_DUMP = 0x0C, /* a whole dump in one record */
  HS_HPROF_CPU_SAMPLES = 0x0D,
  HS_HPROF_CONTROL_SETTINGS = 0x0E,
  HS_HPROF_HEAP_DUMP_SEGMENT = 0x1C, /* one piece of a segmented dump */
  HS_HPROF_HEAP_DUMP_END = 0x2C,
} HsHprofTag;

/* Size of a record header: tag, time, length. */
#define HS_HPROF_RECORD_HEADER 9

/* HPROF basic types (same numbers as the file). */
typedef enum
{
  HS_TYPE_OBJECT = 2,
  HS_TYPE_BOOLEAN = 4,
  HS_TYPE_CHAR = 5,
  HS_TYPE_FLOAT = 6,
  HS_TYPE_DOUBLE = 7,
  HS_TYPE_BYTE = 8,
  HS_TYPE_SHORT = 9,
  HS_TYPE_INT = 10,
  HS_TYPE_LONG = 11,
} HsType;

/* GC root types: the root sub-record tags of a heap dump. */
typedef enum
{
  HS_ROOT_JNI_GLOBAL = 0x01,      /* id, JNI global ref id */
  HS_ROOT_JNI_LOCAL = 0x02,       /* id, u4 thread serial, u4 frame */
  HS_ROOT_JAVA_FRAME = 0x03,      /* id, u4 thread serial, u4 frame */
  HS_ROOT_NATIVE_STACK = 0x04,    /* id, u4 thread serial */
  HS_ROOT_STICKY_CLASS = 0x05,    /* id */
  HS_ROOT_THREAD_BLOCK = 0x06,    /* id, u4 thread serial */
  HS_ROOT_MONITOR_USED = 0x07,    /* id */
  HS_ROOT_THREAD_OBJECT = 0x08,   /* id, u4 thread serial, u4 stack serial */
  HS_ROOT_INTERNED_STRING = 0x89, /* Android, id */
  HS_ROOT_FINALIZING = 0x8A,
  HS_ROOT_DEBUGGER = 0x8B,
  HS_ROOT_REFERENCE_CLEANUP = 0x8C,
  HS_ROOT_VM_INTERNAL = 0x8D,
  HS_ROOT_JNI_MONITOR = 0x8E, /* id, u4 thread serial, u4 frame */
  HS_ROOT_UNREACHABLE = 0x90, /* Android: listed, but not a root */
  /* Not in any file: an object nothing references, taken as a root when
   * the dump has no root records (docs/semantics.md "Roots"). */
  HS_ROOT_INFERRED = 0xFE,
  HS_ROOT_UNKNOWN = 0xFF,
} HsRootType;

/* The other sub-record tags of a heap dump (besides the roots above). */
typedef enum
{
  HS_HPROF_CLASS_DUMP = 0x20,
  HS_HPROF_INSTANCE_DUMP = 0x21,     /* id, u4 stack, class id, u4 nbytes, field data */
  HS_HPROF_OBJ_ARRAY_DUMP = 0x22,    /* id, u4 stack, u4 length, class id, ids */
  HS_HPROF_PRIM_ARRAY_DUMP = 0x23,   /* id, u4 stack, u4 length, u1 type, data */
  HS_HPROF_PRIM_ARRAY_NODATA = 0xC3, /* Android: as PRIM_ARRAY_DUMP without data */
  HS_HPROF_HEAP_DUMP_INFO = 0xFE,    /* Android: u4 heap id, name id */
} HsHprofSubTag;

/* One decoded value of a basic type. */
typedef struct
{
  HsType type;
  union
  {
    guint64 id; /* HS_TYPE_OBJECT: raw id, 0 = null */
    gboolean z;
    guint16 c;
    gfloat f;
    gdouble d;
    gint8 b;
    gint16 s;
    gint32 i;
    gint64 j;
  };
} HsValue;

/* Big-endian readers; callers bound-check. */
static inline guint32
hs_be32 (const guint8 *p)
{
  return ((guint32)p[0] << 24) | ((guint32)p[1] << 16) | ((guint32)p[2] << 8) | p[3];
}
static inline guint16
hs_be16 (const guint8 *p)
{
  return (guint16)((p[0] << 8) | p[1]);
}
static inline guint64
hs_be64 (const guint8 *p)
{
  return ((guint64)hs_be32 (p) << 32) | hs_be32 (p + 4);
}
static inline guint64
hs_read_id (const guint8 *p, guint id_size)
{
  return id_size == 4 ? hs_be32 (p) : hs_be64 (p);
}

/* Size in bytes of a basic type in the file (objects: id size); 0 if invalid. */
static inline guint
hs_type_size (guint type, guint id_size)
{
  switch (type)
    {
      case HS_TYPE_OBJECT: return id_size;
      case HS_TYPE_BOOLEAN:
      case HS_TYPE_BYTE: return 1;
      case HS_TYPE_CHAR:
      case HS_TYPE_SHORT: return 2;
      case HS_TYPE_FLOAT:
      case HS_TYPE_INT: return 4;
      case HS_TYPE_DOUBLE:
      case HS_TYPE_LONG: return 8;
      default: return 0;
    }
}

/* The value of basic type `type` at p (hs_type_size bytes, bound-checked by
 * the caller); an invalid type gives a value with only .type set. */
HsValue hs_value_decode (const guint8 *p, guint type, guint id_size);
/* "Object", "int", ...; "?" for an invalid type. */
const char *hs_type_name (HsType type);
/* "Java Frame", "Sticky Class", ... */
const char *hs_root_type_name (guint8 type);

G_END_DECLS
