/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-object-layout.c: a dump's object layout (hs-object-layout.h):
 * guessed from the ids (_hs_heap_set_ref_size_and_align), then read from
 * what the JDK keeps in its statics when the dump has them: Unsafe's array
 * base offsets, reference scale and address size, and AtomicInteger's
 * field offset (docs/semantics.md, "Object layout"). */
#include "config.h"

#include <string.h>

#include "hs-heap-private.h"
#include "hs-heap-load-private.h"
#include "hs-object-layout.h"

/* Unsafe's statics by HPROF basic type. */
static const char *const base_names[12] = {
  [HS_TYPE_OBJECT] = "ARRAY_OBJECT_BASE_OFFSET", [HS_TYPE_BOOLEAN] = "ARRAY_BOOLEAN_BASE_OFFSET",
  [HS_TYPE_CHAR] = "ARRAY_CHAR_BASE_OFFSET",     [HS_TYPE_FLOAT] = "ARRAY_FLOAT_BASE_OFFSET",
  [HS_TYPE_DOUBLE] = "ARRAY_DOUBLE_BASE_OFFSET", [HS_TYPE_BYTE] = "ARRAY_BYTE_BASE_OFFSET",
  [HS_TYPE_SHORT] = "ARRAY_SHORT_BASE_OFFSET",   [HS_TYPE_INT] = "ARRAY_INT_BASE_OFFSET",
  [HS_TYPE_LONG] = "ARRAY_LONG_BASE_OFFSET",
};

/* The value of a static int or long named name, or -1. */
static gint64
static_number (const HsClassInfo *ci, const char *name)
{
  for (guint k = 0; k < ci->n_statics; k++)
    if (ci->statics[k].name && strcmp (ci->statics[k].name, name) == 0)
      {
        if (ci->statics[k].type == HS_TYPE_INT)
          return ci->statics[k].value.i;
        if (ci->statics[k].type == HS_TYPE_LONG)
          return ci->statics[k].value.j;
        return -1;
      }
  return -1;
}

static gboolean
declares_field (const HsClassInfo *ci, const char *name)
{
  for (guint k = 0; k < ci->n_fields; k++)
    if (ci->fields[k].name && strcmp (ci->fields[k].name, name) == 0)
      return TRUE;
  return FALSE;
}

void
_hs_heap_read_object_layout (HsHeap *heap)
{
  HsLayoutFacts f;
  HsClass c;

  hs_object_layout_guess (&heap->layout, heap->id_size, heap->ref_size, heap->align, heap->android);
  if (heap->android)
    return;
  hs_layout_facts_init (&f);
  c = hs_heap_find_class (heap, "jdk.internal.misc.Unsafe"); /* JDK 9 and later */
  if (c == HS_CLASS_NONE)
    c = hs_heap_find_class (heap, "sun.misc.Unsafe");
  if (c != HS_CLASS_NONE)
    {
      const HsClassInfo *ci = hs_class_info (heap, c);
      for (guint t = 0; t < G_N_ELEMENTS (base_names); t++)
        if (base_names[t])
          f.array_base[t] = static_number (ci, base_names[t]);
      f.ref_scale = static_number (ci, "ARRAY_OBJECT_INDEX_SCALE");
      f.address_size = static_number (ci, "ADDRESS_SIZE");
    }
  c = hs_heap_find_class (heap, "java.util.concurrent.atomic.AtomicInteger");
  if (c != HS_CLASS_NONE)
    {
      const HsClassInfo *ci = hs_class_info (heap, c);
      f.first_field = static_number (ci, "VALUE"); /* JDK 9 and later */
      if (f.first_field == -1)
        f.first_field = static_number (ci, "valueOffset");
    }
  /* JDK 15 brought both the packed field layout and hidden classes, whose
   * data java.lang.Class keeps in its field classData. */
  c = hs_heap_find_class (heap, "java.lang.Class");
  f.packed = c != HS_CLASS_NONE && declares_field (hs_class_info (heap, c), "classData");
  if (hs_object_layout_read (&heap->layout, heap->id_size, &f))
    {
      heap->ref_size = heap->layout.ref_size;
      heap->compressed_refs = heap->ref_size < heap->id_size;
    }
}
