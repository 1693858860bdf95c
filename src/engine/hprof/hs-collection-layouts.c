/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-collection-layouts.c: the layouts of the collections Heapscope reads
 * (docs/semantics.md "Waste", "Problem suspects") and a reader of one
 * collection's size through them. */
#include "config.h"

#include <string.h>

#include "hs-collection-layouts.h"

/* Android's libcore before the OpenJDK classes (API 23 and older) names
 * some fields differently: ArrayList's `array`, HashSet's `backingMap`,
 * WeakHashMap's `elementData` and `elementCount`, Hashtable's `size`; its
 * HashMap has `table` and `size` like the JDK's. */
const HsCollectionLayout hs_collection_layouts[] = {
  { "java.util.HashMap", "HashMap", HS_COLLECTION_HASH, { "table" }, { "size" } },
  { "java.util.WeakHashMap",
    "WeakHashMap",
    HS_COLLECTION_HASH,
    { "table" },
    { "size", "elementCount" },
    "elementData" },
  { "java.util.Hashtable", "Hashtable", HS_COLLECTION_HASH, { "table" }, { "count", "size" } },
  { "java.util.HashSet", "HashSet", HS_COLLECTION_SET, { "map" }, { NULL }, "backingMap" },
  { "java.util.concurrent.ConcurrentHashMap",
    "ConcurrentHashMap",
    HS_COLLECTION_CHM,
    { "table" },
    { "baseCount" } },
  { "java.util.ArrayList", "ArrayList", HS_COLLECTION_LIST, { "elementData" }, { "size" }, "array" },
  { "java.util.Vector", "Vector", HS_COLLECTION_LIST, { "elementData" }, { "elementCount" } },
  { "java.util.ArrayDeque", "ArrayDeque", HS_COLLECTION_DEQUE, { "elements" }, { "head", "tail" } },
  { "android.util.ArrayMap", "ArrayMap", HS_COLLECTION_ARRAYS, { "mHashes", "mArray" }, { "mSize" } },
  { "android.util.ArraySet", "ArraySet", HS_COLLECTION_ARRAYS, { "mHashes", "mArray" }, { "mSize" } },
  { "android.util.SparseArray", "SparseArray", HS_COLLECTION_ARRAYS, { "mKeys", "mValues" }, { "mSize" } },
};

const guint hs_collection_n_layouts = G_N_ELEMENTS (hs_collection_layouts);

int
hs_collection_layout_of (HsHeap *heap, HsClass c)
{
  for (guint depth = 0; c != HS_CLASS_NONE && depth < HS_COLLECTION_MAX_DEPTH;
       c = hs_class_super (heap, c), depth++)
    {
      const char *name = hs_class_name (heap, c);
      for (guint i = 0; name != NULL && i < G_N_ELEMENTS (hs_collection_layouts); i++)
        if (strcmp (name, hs_collection_layouts[i].class_name) == 0)
          return (int)i;
    }
  return -1;
}

/* The first size candidate o has; FALSE when none reads. */
static gboolean
read_size_field (HsHeap *heap, HsObj o, const HsCollectionLayout *l, gint64 *v)
{
  for (guint i = 0; i < 2; i++)
    if (l->sizes[i] != NULL && hs_heap_read_integer (heap, o, l->sizes[i], v))
      return TRUE;
  return FALSE;
}

static gboolean
read_entries (HsHeap *heap, HsObj o, const HsCollectionLayout *l, HsObj backing, gint64 *v)
{
  gint64 head, tail;
  switch (l->kind)
    {
      case HS_COLLECTION_DEQUE:
        if (!hs_heap_read_integer (heap, o, l->sizes[0], &head)
            || !hs_heap_read_integer (heap, o, l->sizes[1], &tail))
          return FALSE;
        *v = tail - head;
        if (*v < 0 && backing != HS_OBJ_NONE)
          *v += hs_heap_array_length (heap, backing);
        return TRUE;
      case HS_COLLECTION_CHM:
        {
          HsObj cells = hs_heap_read_ref (heap, o, "counterCells");
          guint32 nc = 0;
          if (!read_size_field (heap, o, l, v))
            return FALSE;
          if (cells != HS_OBJ_NONE && hs_heap_object_kind (heap, cells) == HS_KIND_OBJ_ARRAY)
            nc = hs_heap_array_length (heap, cells);
          for (guint32 i = 0; i < nc && i < 4096; i++)
            {
              HsObj cell = hs_heap_find (heap, hs_heap_obj_array_get (heap, cells, i));
              gint64 cv;
              if (cell != HS_OBJ_NONE && hs_heap_read_integer (heap, cell, "value", &cv) && cv > 0)
                *v += cv;
            }
          return TRUE;
        }
      default: return read_size_field (heap, o, l, v);
    }
}

gboolean
hs_collection_read (HsHeap *heap, HsObj o, const HsCollectionLayout **layout, guint64 *size, HsObj *backing)
{
  const HsCollectionLayout *l;
  HsObj arr;
  gint64 v = 0;
  int i;

  g_return_val_if_fail (heap != NULL, FALSE);
  if (o >= hs_heap_n_objects (heap) || hs_heap_object_kind (heap, o) != HS_KIND_INSTANCE)
    return FALSE;
  i = hs_collection_layout_of (heap, hs_heap_object_class (heap, o));
  if (i < 0)
    return FALSE;
  l = &hs_collection_layouts[i];
  arr = hs_heap_read_ref (heap, o, l->arrays[0]);
  if (arr == HS_OBJ_NONE && l->alt_array != NULL)
    arr = hs_heap_read_ref (heap, o, l->alt_array);
  if (l->kind == HS_COLLECTION_SET)
    {
      /* The map it wraps, read as a hash table. */
      const HsCollectionLayout *inner;
      int k = arr != HS_OBJ_NONE && hs_heap_object_kind (heap, arr) == HS_KIND_INSTANCE
                  ? hs_collection_layout_of (heap, hs_heap_object_class (heap, arr))
                  : -1;
      /* Only a hash table (a set wrapping a set is not followed). */
      if (k < 0 || hs_collection_layouts[k].kind != HS_COLLECTION_HASH
          || !hs_collection_read (heap, arr, &inner, size, backing))
        return FALSE;
      *layout = l;
      return TRUE;
    }
  if (arr != HS_OBJ_NONE && hs_heap_object_kind (heap, arr) != HS_KIND_OBJ_ARRAY
      && hs_heap_object_kind (heap, arr) != HS_KIND_PRIM_ARRAY)
    return FALSE;
  if (!read_entries (heap, o, l, arr, &v) || v < 0)
    return FALSE;
  *layout = l;
  *size = (guint64)v;
  *backing = arr;
  return TRUE;
}
