/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-layout.h: how the JVM that wrote a dump lays out its objects
 * (docs/semantics.md, "Object layout"): the reference size, the instance
 * header, where each array type's elements start, how fields are placed
 * and the object alignment. One per dump, worked out once from what the
 * dump records of itself (HsLayoutFacts) or, without that, guessed from its
 * ids as for old and Android dumps; every shallow size follows from it. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  HS_LAYOUT_GUESSED, /* from the id size and the object arrays' spacing */
  HS_LAYOUT_READ,    /* from the dump's own Unsafe and field-offset statics */
  HS_LAYOUT_ANDROID, /* ART's fixed layout */
} HsLayoutSource;

typedef enum
{
  HS_CLASS_POINTER_FULL,       /* a mark word and a class pointer of the id size */
  HS_CLASS_POINTER_COMPRESSED, /* a mark word and a 4-byte class pointer */
  HS_CLASS_POINTER_COMPACT,    /* the class pointer inside an 8-byte mark word */
} HsClassPointer;

typedef enum
{
  HS_FIELDS_SUMMED, /* a class's fields summed after its superclass's (S(C)) */
  HS_FIELDS_PACKED, /* HotSpot's field layout since JDK 15: gaps filled */
} HsFieldPlacement;

typedef struct
{
  guint8 ref_size;       /* a reference field or element: 4 or 8 */
  guint8 header_size;    /* an instance's header: where its first field may start */
  guint8 class_pointer;  /* HsClassPointer */
  guint8 fields;         /* HsFieldPlacement */
  guint8 source;         /* HsLayoutSource */
  guint8 array_base[12]; /* by HPROF basic type: where the elements start */
  guint16 align;         /* objects start and end on multiples of it */
} HsObjectLayout;

/* What a dump says of its own layout; -1 where it says nothing. */
typedef struct
{
  gint64 array_base[12]; /* Unsafe.ARRAY_<TYPE>_BASE_OFFSET, by HPROF type */
  gint64 ref_scale;      /* Unsafe.ARRAY_OBJECT_INDEX_SCALE */
  gint64 address_size;   /* Unsafe.ADDRESS_SIZE */
  gint64 first_field;    /* AtomicInteger.VALUE (valueOffset): its int's offset */
  gboolean packed;       /* the JDK is 15 or later (its fields are packed) */
} HsLayoutFacts;

void hs_layout_facts_init (HsLayoutFacts *f);

/* The layout by the rules for dumps that do not record it: a header of an
 * id and a reference, arrays' elements after it and a 4-byte length. */
void hs_object_layout_guess (HsObjectLayout *l, guint id_size, guint ref_size, guint align, gboolean android);

/* Replaces what f knows (and holds sane values for) in a guessed layout.
 * Returns TRUE when it used anything. */
gboolean hs_object_layout_read (HsObjectLayout *l, guint id_size, const HsLayoutFacts *f);

/* The shallow size of an array of len elements of an HPROF basic type. */
guint64 hs_object_layout_array_size (const HsObjectLayout *l, guint type, guint64 len);

/* Where the elements of an array of that type start. */
guint hs_object_layout_array_base (const HsObjectLayout *l, guint type);

/* "References 4 bytes, headers 12 bytes (compressed class pointers),
 * objects aligned to 8" (English: the CLI's and the report's). */
char *hs_object_layout_describe (const HsObjectLayout *l);

/* Names for JSON: "full", "compressed", "compact" (or "android"); "guessed",
 * "read", "android"; "summed", "packed". */
const char *hs_object_layout_class_pointer_name (const HsObjectLayout *l);
const char *hs_object_layout_source_name (const HsObjectLayout *l);
const char *hs_object_layout_fields_name (const HsObjectLayout *l);

G_END_DECLS
