/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-waste-fields.c: what the waste finders read of objects: field
 * positions resolved per class, integral and reference fields, object
 * array data, and the samples of objects they keep. */
#include "config.h"

#include <string.h>

#include "hs-waste-private.h"

HsWField
hs_wfield (HsHeap *heap, HsClass c, const char *name)
{
  HsWField f = { -1, 0 };
  guint64 pos = 0;
  guint depth = 0;
  for (; c != HS_CLASS_NONE && depth < HS_WASTE_MAX_DEPTH; c = hs_class_info (heap, c)->super, depth++)
    {
      HsClassInfo *ci = hs_class_info (heap, c);
      for (guint i = 0; i < ci->n_fields; i++)
        {
          if (strcmp (ci->fields[i].name, name) == 0)
            {
              if (pos < G_MAXINT32)
                {
                  f.pos = (gint32)pos;
                  f.type = ci->fields[i].type;
                }
              return f;
            }
          pos += hs_type_size (ci->fields[i].type, heap->id_size);
        }
    }
  return f;
}

int
hs_waste_ancestor_named (HsHeap *heap, HsClass c, const char *const *names, guint n)
{
  for (guint depth = 0; c != HS_CLASS_NONE && depth < HS_WASTE_MAX_DEPTH;
       c = hs_class_info (heap, c)->super, depth++)
    for (guint i = 0; i < n; i++)
      if (strcmp (hs_class_info (heap, c)->name, names[i]) == 0)
        return (int)i;
  return -1;
}

static const guint8 *
field_at (HsHeap *heap, HsObj o, HsWField f)
{
  if (f.pos < 0 || o >= heap->n)
    return NULL;
  const guint8 *rec = heap->data + hs_heap_off (heap, o);
  if (rec[0] != HS_HPROF_INSTANCE_DUMP)
    return NULL;
  guint ids = heap->id_size;
  guint32 nbytes = hs_be32 (rec + 1 + 2 * ids + 4);
  if ((guint64)f.pos + hs_type_size (f.type, ids) > nbytes)
    return NULL;
  return rec + 1 + 2 * ids + 8 + f.pos;
}

gboolean
hs_wfield_int (HsHeap *heap, HsObj o, HsWField f, gint64 *out)
{
  const guint8 *p = field_at (heap, o, f);
  if (!p || f.type == HS_TYPE_OBJECT || f.type == HS_TYPE_FLOAT || f.type == HS_TYPE_DOUBLE)
    return FALSE;
  HsValue v = hs_value_decode (p, f.type, heap->id_size);
  switch (f.type)
    {
      case HS_TYPE_LONG: *out = v.j; return TRUE;
      case HS_TYPE_INT: *out = v.i; return TRUE;
      case HS_TYPE_SHORT: *out = v.s; return TRUE;
      case HS_TYPE_BYTE: *out = v.b; return TRUE;
      case HS_TYPE_CHAR: *out = v.c; return TRUE;
      case HS_TYPE_BOOLEAN: *out = v.z; return TRUE;
      default: return FALSE;
    }
}

/* The id a reference field of o holds; 0 for null, a missing field or
 * one of another type. */
static guint64
ref_field_id (HsHeap *heap, HsObj o, HsWField f)
{
  const guint8 *p = field_at (heap, o, f);
  return p && f.type == HS_TYPE_OBJECT ? hs_read_id (p, heap->id_size) : 0;
}

HsObj
hs_wfield_ref (HsHeap *heap, HsObj o, HsWField f)
{
  guint64 id = ref_field_id (heap, o, f);
  if (id == 0)
    return HS_OBJ_NONE;
  /* Ids are read from the dump (no id array is kept after the
   * load), so matching o's outgoing edges by id would read their records:
   * the bucketed lookup reads fewer. */
  return hs_heap_find (heap, id);
}

HsObj
hs_wfield_ref_edges (HsHeap *heap, HsObj o, HsWField f)
{
  guint64 id = ref_field_id (heap, o, f);
  if (id == 0)
    return HS_OBJ_NONE;
  /* A collection holds a few references; many (a hostile class) go
   * straight to the lookup. */
  const HsGraph *g = hs_heap_graph (heap);
  for (guint64 e = hs_graph_begin (g, o), end = MIN (hs_graph_end (g, o), e + 8); e < end; e++)
    if (hs_heap_object_id (heap, hs_graph_target (g, e)) == id)
      return hs_graph_target (g, e);
  return hs_heap_find (heap, id);
}

const guint8 *
hs_waste_obj_array_data (HsHeap *heap, HsObj o)
{
  if (hs_heap_object_kind (heap, o) != HS_KIND_OBJ_ARRAY)
    return NULL;
  return heap->data + hs_heap_off (heap, o) + 1 + 2 * heap->id_size + 8;
}

void
hs_sample_add (GArray *sample, HsObj o)
{
  if (sample->len < HS_WASTE_SAMPLE)
    g_array_append_val (sample, o);
}
