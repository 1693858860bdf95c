/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-layout.c: the object layout of a dump's JVM, guessed or read
 * from what the dump records (docs/semantics.md, "Object layout"). */
#include "config.h"

#include <string.h>

#include "hs-object-layout.h"
#include "hs-hprof.h"

static guint64
up (guint64 v, guint64 a)
{
  return a > 1 ? (v + a - 1) / a * a : v;
}

void
hs_layout_facts_init (HsLayoutFacts *f)
{
  for (guint t = 0; t < G_N_ELEMENTS (f->array_base); t++)
    f->array_base[t] = -1;
  f->ref_scale = -1;
  f->address_size = -1;
  f->first_field = -1;
  f->packed = FALSE;
}

static guint
elem_size (const HsObjectLayout *l, guint type)
{
  return type == HS_TYPE_OBJECT ? l->ref_size : hs_type_size (type, 8);
}

static gboolean
is_array_type (guint t)
{
  return t == HS_TYPE_OBJECT || (t >= HS_TYPE_BOOLEAN && t <= HS_TYPE_LONG);
}

void
hs_object_layout_guess (HsObjectLayout *l, guint id_size, guint ref_size, guint align, gboolean android)
{
  memset (l, 0, sizeof *l);
  l->fields = HS_FIELDS_SUMMED;
  if (android)
    {
      /* ART: a 4-byte class reference and a 4-byte monitor; arrays' length
       * after them, 8-byte elements aligned to 8. */
      l->source = HS_LAYOUT_ANDROID;
      l->ref_size = 4;
      l->header_size = 8;
      l->class_pointer = HS_CLASS_POINTER_COMPRESSED;
      l->align = 8;
      for (guint t = 0; t < G_N_ELEMENTS (l->array_base); t++)
        if (is_array_type (t))
          l->array_base[t] = t != HS_TYPE_OBJECT && hs_type_size (t, 8) == 8 ? 16 : 12;
      return;
    }
  /* HotSpot as dumps before JDK 15 imply it: a mark word of the id size and
   * a class pointer of the reference size (S(java.lang.Object) = P + R),
   * then a 4-byte length; primitive elements start aligned to R. */
  l->source = HS_LAYOUT_GUESSED;
  l->ref_size = (guint8)ref_size;
  l->header_size = (guint8)(id_size + ref_size);
  l->class_pointer = id_size == 8 && ref_size == 4 ? HS_CLASS_POINTER_COMPRESSED : HS_CLASS_POINTER_FULL;
  l->align = (guint16)align;
  for (guint t = 0; t < G_N_ELEMENTS (l->array_base); t++)
    if (is_array_type (t))
      l->array_base[t]
          = (guint8)(t == HS_TYPE_OBJECT ? id_size + ref_size + 4 : up (id_size + ref_size + 4, ref_size));
}

gboolean
hs_object_layout_read (HsObjectLayout *l, guint id_size, const HsLayoutFacts *f)
{
  gboolean used = FALSE;

  if (l->source == HS_LAYOUT_ANDROID)
    return FALSE;
  /* Ids are addresses: a JVM whose addresses are not of the id size did
   * not write this dump as HotSpot does; its statics are not trusted. */
  if (f->address_size != -1 && f->address_size != (gint64)id_size)
    return FALSE;
  if ((f->ref_scale == 4 || f->ref_scale == 8) && f->ref_scale <= (gint64)id_size)
    {
      l->ref_size = (guint8)f->ref_scale;
      used = TRUE;
    }
  for (guint t = 0; t < G_N_ELEMENTS (l->array_base); t++)
    if (is_array_type (t) && f->array_base[t] >= 8 && f->array_base[t] <= 32 && f->array_base[t] % 4 == 0)
      {
        l->array_base[t] = (guint8)f->array_base[t];
        used = TRUE;
      }
  /* The header: the first field's offset in a class whose only field is an
   * int, else the int array's length offset (its elements follow the
   * length, aligned to 8 before JDK 22). */
  gint64 ib = f->array_base[HS_TYPE_INT];
  if (f->first_field == 8 || f->first_field == 12 || f->first_field == 16)
    {
      l->header_size = (guint8)f->first_field;
      used = TRUE;
    }
  else if (ib == 12 || ib == 16)
    l->header_size = (guint8)(ib - 4);
  else if (ib == 20 || ib == 24)
    l->header_size = 16;
  else if (used && l->ref_size != 4 && id_size == 8)
    l->header_size = (guint8)(id_size + l->ref_size);
  if (l->header_size > 2 * id_size)
    l->header_size = (guint8)(2 * id_size);
  if (id_size == 8 && l->header_size == 8)
    l->class_pointer = HS_CLASS_POINTER_COMPACT;
  else if (id_size == 8 && l->header_size == 12)
    l->class_pointer = HS_CLASS_POINTER_COMPRESSED;
  else
    l->class_pointer = HS_CLASS_POINTER_FULL;
  if (f->packed)
    l->fields = HS_FIELDS_PACKED;
  used |= f->packed;
  if (used)
    l->source = HS_LAYOUT_READ;
  return used;
}

guint
hs_object_layout_array_base (const HsObjectLayout *l, guint type)
{
  /* A type that is no array's (a malformed dump's): a byte array's header. */
  return is_array_type (type) ? l->array_base[type] : l->array_base[HS_TYPE_BYTE];
}

guint64
hs_object_layout_array_size (const HsObjectLayout *l, guint type, guint64 len)
{
  guint es = is_array_type (type) ? elem_size (l, type) : 0;
  return up (hs_object_layout_array_base (l, type) + len * es, l->align);
}

const char *
hs_object_layout_class_pointer_name (const HsObjectLayout *l)
{
  if (l->source == HS_LAYOUT_ANDROID)
    return "android";
  switch (l->class_pointer)
    {
      case HS_CLASS_POINTER_COMPRESSED: return "compressed";
      case HS_CLASS_POINTER_COMPACT: return "compact";
      default: return "full";
    }
}

const char *
hs_object_layout_source_name (const HsObjectLayout *l)
{
  switch (l->source)
    {
      case HS_LAYOUT_READ: return "read";
      case HS_LAYOUT_ANDROID: return "android";
      default: return "guessed";
    }
}

const char *
hs_object_layout_fields_name (const HsObjectLayout *l)
{
  return l->fields == HS_FIELDS_PACKED ? "packed" : "summed";
}

char *
hs_object_layout_describe (const HsObjectLayout *l)
{
  const char *kind;
  if (l->source == HS_LAYOUT_ANDROID)
    kind = "Android runtime";
  else if (l->class_pointer == HS_CLASS_POINTER_COMPACT)
    kind = "compact object headers";
  else if (l->class_pointer == HS_CLASS_POINTER_COMPRESSED)
    kind = "compressed class pointers";
  else
    kind = "full class pointers";
  return g_strdup_printf ("References %u bytes, headers %u bytes (%s), objects aligned to %u", l->ref_size,
                          l->header_size, kind, l->align);
}
