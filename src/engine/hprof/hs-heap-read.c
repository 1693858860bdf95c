/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-read.c: reading the indexed heap: accessors of the file, objects,
 * classes and roots; fields and statics; named references.
 *
 * Accessors that take an object or class index are called per object in
 * whole-heap loops (leak search, native sizes, the front ends' tables), so
 * they check nothing: the index must be valid. Entry points called once per
 * question check their arguments. */
#include "config.h"

#include <string.h>

#include "hs-heap-private.h"

/* ---- the file ------------------------------------------------------------- */
const char *
hs_heap_path (HsHeap *heap)
{
  return heap->path;
}
const char *
hs_heap_format (HsHeap *heap)
{
  return heap->format;
}
guint
hs_heap_id_size (HsHeap *heap)
{
  return heap->id_size;
}
guint
hs_heap_ref_size (HsHeap *heap)
{
  return heap->ref_size;
}
guint
hs_heap_object_align (HsHeap *heap)
{
  return heap->align;
}
gboolean
hs_heap_is_android (HsHeap *heap)
{
  return heap->android;
}
const HsObjectLayout *
hs_heap_object_layout (HsHeap *heap)
{
  return &heap->layout;
}

gboolean
hs_heap_is_compressed_file (HsHeap *heap)
{
  return heap->gzip;
}
gboolean
hs_heap_follow_weak (HsHeap *heap)
{
  return heap->follow_weak;
}
guint64
hs_heap_file_size (HsHeap *heap)
{
  return heap->file_size;
}
guint64
hs_heap_n_duplicates (HsHeap *heap)
{
  return heap->n_duplicates;
}
const guint8 *
hs_heap_bytes (HsHeap *heap, gsize *len)
{
  *len = heap->len;
  return heap->data;
}
guint64
hs_heap_timestamp_ms (HsHeap *heap)
{
  return heap->timestamp_ms;
}
guint
hs_heap_n_dumps (HsHeap *heap)
{
  return heap->n_dumps;
}
guint
hs_heap_dump_index (HsHeap *heap)
{
  return heap->dump_index;
}
const char *
hs_heap_warning (HsHeap *heap)
{
  return heap->warning;
}

gboolean
hs_heap_changed (HsHeap *heap)
{
  g_return_val_if_fail (heap != NULL, FALSE);
  return hs_guard_changed (heap->guard_slot);
}

gboolean
hs_heap_any_changed (void)
{
  return hs_guard_any_changed ();
}

gboolean
hs_heap_check_unchanged (HsHeap *heap, GError **error)
{
  g_return_val_if_fail (heap != NULL, FALSE);
  if (!hs_heap_changed (heap))
    return TRUE;
  if (error && *error == NULL)
    g_set_error (error, HS_ERROR, HS_ERROR_IO, "%s: the file changed while it was open (it was cut short)",
                 heap->name);
  return FALSE;
}
const HsSummary *
hs_heap_summary (HsHeap *heap)
{
  return &heap->summary;
}
gboolean
hs_heap_reachability_known (HsHeap *heap)
{
  return heap->totals_done;
}

/* ---- objects ---------------------------------------------------------------- */
guint64
hs_heap_n_objects (HsHeap *heap)
{
  return heap->n;
}
guint64
hs_heap_object_id (HsHeap *heap, HsObj o)
{
  return hs_heap_id_at (heap, o);
}
HsKind
hs_heap_object_kind (HsHeap *heap, HsObj o)
{
  return heap->flags[o] & HS_FLAG_KIND_MASK;
}
gboolean
hs_heap_object_reachable (HsHeap *heap, HsObj o)
{
  return (heap->flags[o] & HS_FLAG_REACHABLE) != 0;
}
gboolean
hs_heap_object_is_root (HsHeap *heap, HsObj o)
{
  return (heap->flags[o] & HS_FLAG_ROOT) != 0;
}
guint64
hs_heap_object_offset (HsHeap *heap, HsObj o)
{
  return hs_heap_off (heap, o);
}
const HsGraph *
hs_heap_graph (HsHeap *heap)
{
  g_return_val_if_fail (heap != NULL, NULL);
  return &heap->graph;
}

HsClass
hs_heap_object_as_class (HsHeap *heap, HsObj o)
{
  if (hs_heap_object_kind (heap, o) != HS_KIND_CLASS)
    return HS_CLASS_NONE;
  return hs_heap_class_by_id (heap, hs_heap_id_at (heap, o));
}

static const guint8 *
obj_body (HsHeap *heap, HsObj o)
{
  return heap->data + hs_heap_off (heap, o) + 1;
}

guint32
hs_heap_array_length (HsHeap *heap, HsObj o)
{
  HsKind k = hs_heap_object_kind (heap, o);
  if (k != HS_KIND_OBJ_ARRAY && k != HS_KIND_PRIM_ARRAY)
    return 0;
  return hs_be32 (obj_body (heap, o) + heap->id_size + 4);
}

HsType
hs_heap_array_elem_type (HsHeap *heap, HsObj o)
{
  HsKind k = hs_heap_object_kind (heap, o);
  if (k == HS_KIND_OBJ_ARRAY)
    return HS_TYPE_OBJECT;
  if (k != HS_KIND_PRIM_ARRAY)
    return 0;
  return obj_body (heap, o)[heap->id_size + 8];
}

const guint8 *
hs_heap_prim_array_data (HsHeap *heap, HsObj o)
{
  if (hs_heap_object_kind (heap, o) != HS_KIND_PRIM_ARRAY)
    return NULL;
  if (heap->data[hs_heap_off (heap, o)] == HS_HPROF_PRIM_ARRAY_NODATA)
    return NULL;
  return obj_body (heap, o) + heap->id_size + 9;
}

guint64
hs_heap_obj_array_get (HsHeap *heap, HsObj o, guint32 i)
{
  if (hs_heap_object_kind (heap, o) != HS_KIND_OBJ_ARRAY || i >= hs_heap_array_length (heap, o))
    return 0;
  guint ids = heap->id_size;
  return hs_read_id (obj_body (heap, o) + 2 * ids + 8 + (guint64)i * ids, ids);
}

/* ---- named references and fields -------------------------------------------- */

/* Calls fn for each field value of an instance (own class first, then the
 * superclasses, as the record holds them) or each static of a class object,
 * until fn returns FALSE. Stops where the record's data ends. */
typedef gboolean (*FieldFunc) (const HsFieldValue *fv, gpointer data);

static void
walk_fields (HsHeap *heap, HsObj o, FieldFunc fn, gpointer data)
{
  const guint8 *b = obj_body (heap, o);
  guint ids = heap->id_size;

  if (heap->data[hs_heap_off (heap, o)] == HS_HPROF_INSTANCE_DUMP)
    {
      guint64 cid = hs_read_id (b + ids + 4, ids);
      guint32 nbytes = hs_be32 (b + 2 * ids + 4);
      const guint8 *fields = b + 2 * ids + 8;
      guint64 pos = 0;
      HsClass c = hs_heap_class_by_id (heap, cid);
      /* Only the classes that declare fields (a million empty ones between
       * them cost nothing). */
      for (c = c != HS_CLASS_NONE ? hs_class_info (heap, c)->fields_from : c; c != HS_CLASS_NONE;
           c = hs_class_info (heap, c)->super != HS_CLASS_NONE
                   ? hs_class_info (heap, hs_class_info (heap, c)->super)->fields_from
                   : HS_CLASS_NONE)
        {
          HsClassInfo *ci = hs_class_info (heap, c);
          for (guint f = 0; f < ci->n_fields; f++)
            {
              guint sz = hs_type_size (ci->fields[f].type, ids);
              if (pos + sz > nbytes)
                return;
              HsFieldValue fv = { ci->fields[f].name, ci->fields[f].type,
                                  hs_value_decode (fields + pos, ci->fields[f].type, ids), c };
              if (!fn (&fv, data))
                return;
              pos += sz;
            }
        }
    }
  else if (heap->data[hs_heap_off (heap, o)] == HS_HPROF_CLASS_DUMP)
    {
      HsClass self = hs_heap_class_by_id (heap, hs_heap_id_at (heap, o));
      if (self == HS_CLASS_NONE)
        return;
      HsClassInfo *ci = hs_class_info (heap, self);
      for (guint k = 0; k < ci->n_statics; k++)
        {
          HsFieldValue fv = { ci->statics[k].name, ci->statics[k].type, ci->statics[k].value, self };
          if (!fn (&fv, data))
            return;
        }
    }
}

typedef struct
{
  HsHeap *heap;
  HsRefFunc func;
  gpointer data;
  HsRefKind kind; /* FIELD for instances, STATIC for class objects */
  gboolean stopped;
} RefWalk;

/* Object fields (or statics) that name an object of the dump, as references. */
static gboolean
ref_of_field (const HsFieldValue *fv, gpointer data)
{
  RefWalk *w = data;
  if (fv->type != HS_TYPE_OBJECT || !fv->value.id)
    return TRUE;
  HsObj t = hs_heap_find (w->heap, fv->value.id);
  if (t == HS_OBJ_NONE)
    return TRUE;
  HsClassInfo *ci = hs_class_info (w->heap, fv->declared_in);
  HsNamedRef r
      = { .kind = w->kind,
          .name = fv->name,
          .declared_in = fv->declared_in,
          .is_weak = w->kind == HS_REF_FIELD && ci->is_reference_class && strcmp (fv->name, "referent") == 0,
          .target = t };
  if (!w->func (&r, w->data))
    {
      w->stopped = TRUE;
      return FALSE;
    }
  return TRUE;
}

/* Per object in the leak search's walk: unchecked. */
void
hs_heap_foreach_ref (HsHeap *heap, HsObj o, HsRefFunc func, gpointer user_data)
{
  const guint8 *b = obj_body (heap, o);
  guint ids = heap->id_size;
  HsNamedRef r = { 0 };

  switch (heap->data[hs_heap_off (heap, o)])
    {
      case HS_HPROF_INSTANCE_DUMP:
        {
          guint64 cid = hs_read_id (b + ids + 4, ids);
          RefWalk w = { heap, func, user_data, HS_REF_FIELD, FALSE };
          walk_fields (heap, o, ref_of_field, &w);
          if (w.stopped)
            return;
          HsObj t = hs_heap_find (heap, cid);
          if (t != HS_OBJ_NONE)
            {
              r = (HsNamedRef){ .kind = HS_REF_CLASS, .target = t };
              func (&r, user_data);
            }
          break;
        }
      case HS_HPROF_OBJ_ARRAY_DUMP:
        {
          guint32 len = hs_be32 (b + ids + 4);
          const guint8 *el = b + 2 * ids + 8;
          for (guint32 k = 0; k < len; k++)
            {
              guint64 id = hs_read_id (el + (guint64)k * ids, ids);
              HsObj t = id ? hs_heap_find (heap, id) : HS_OBJ_NONE;
              if (t != HS_OBJ_NONE)
                {
                  r = (HsNamedRef){ .kind = HS_REF_ELEMENT, .index = k, .target = t };
                  if (!func (&r, user_data))
                    return;
                }
            }
          HsObj t = hs_heap_find (heap, hs_read_id (b + ids + 8, ids));
          if (t != HS_OBJ_NONE)
            {
              r = (HsNamedRef){ .kind = HS_REF_CLASS, .target = t };
              func (&r, user_data);
            }
          break;
        }
      case HS_HPROF_PRIM_ARRAY_DUMP:
      case HS_HPROF_PRIM_ARRAY_NODATA:
        {
          HsClass c = hs_heap_object_class (heap, o);
          if (c != HS_CLASS_NONE && hs_class_info (heap, c)->obj != HS_OBJ_NONE)
            {
              r = (HsNamedRef){ .kind = HS_REF_CLASS, .target = hs_class_info (heap, c)->obj };
              func (&r, user_data);
            }
          break;
        }
      case HS_HPROF_CLASS_DUMP:
        {
          HsClass self = hs_heap_class_by_id (heap, hs_heap_id_at (heap, o));
          if (self == HS_CLASS_NONE)
            return;
          HsClassInfo *ci = hs_class_info (heap, self);
          RefWalk w = { heap, func, user_data, HS_REF_STATIC, FALSE };
          walk_fields (heap, o, ref_of_field, &w);
          if (w.stopped)
            return;
          HsObj t = ci->super_id ? hs_heap_find (heap, ci->super_id) : HS_OBJ_NONE;
          if (t != HS_OBJ_NONE)
            {
              r = (HsNamedRef){ .kind = HS_REF_SUPER, .name = "<super>", .target = t };
              if (!func (&r, user_data))
                return;
            }
          t = ci->loader_id ? hs_heap_find (heap, ci->loader_id) : HS_OBJ_NONE;
          if (t != HS_OBJ_NONE)
            {
              r = (HsNamedRef){ .kind = HS_REF_LOADER, .name = "<classLoader>", .target = t };
              func (&r, user_data);
            }
          break;
        }
      default: break;
    }
}

static gboolean
collect_field (const HsFieldValue *fv, gpointer data)
{
  g_array_append_val ((GArray *)data, *fv);
  return TRUE;
}

void
hs_heap_foreach_field (HsHeap *heap, HsObj o, HsFieldFunc func, gpointer user_data)
{
  g_return_if_fail (heap != NULL && o < heap->n && func != NULL);
  walk_fields (heap, o, func, user_data);
}

GArray *
hs_heap_object_fields (HsHeap *heap, HsObj o)
{
  g_return_val_if_fail (heap != NULL && o < heap->n, NULL);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (HsFieldValue));
  walk_fields (heap, o, collect_field, out);
  return out;
}

typedef struct
{
  const char *name;
  HsValue *out;
  gboolean found;
} FindField;

static gboolean
find_field (const HsFieldValue *fv, gpointer data)
{
  FindField *ff = data;
  if (strcmp (fv->name, ff->name) != 0)
    return TRUE;
  *ff->out = fv->value;
  ff->found = TRUE;
  return FALSE;
}

gboolean
hs_heap_read_field (HsHeap *heap, HsObj o, const char *name, HsValue *out)
{
  g_return_val_if_fail (heap != NULL && o < heap->n, FALSE);
  g_return_val_if_fail (name != NULL && out != NULL, FALSE);
  FindField ff = { name, out, FALSE };
  walk_fields (heap, o, find_field, &ff);
  return ff.found;
}

gboolean
hs_heap_read_static (HsHeap *heap, const char *class_name, const char *field, HsValue *out)
{
  g_return_val_if_fail (heap != NULL, FALSE);
  g_return_val_if_fail (class_name != NULL && field != NULL && out != NULL, FALSE);
  HsClass c = hs_heap_find_class (heap, class_name);
  HsObj cobj = c == HS_CLASS_NONE ? HS_OBJ_NONE : hs_class_object (heap, c);
  return cobj != HS_OBJ_NONE && hs_heap_read_field (heap, cobj, field, out);
}

gboolean
hs_heap_read_integer (HsHeap *heap, HsObj o, const char *name, gint64 *out)
{
  g_return_val_if_fail (heap != NULL && name != NULL && out != NULL, FALSE);
  HsValue v;
  if (o == HS_OBJ_NONE || !hs_heap_read_field (heap, o, name, &v))
    return FALSE;
  switch (v.type)
    {
      case HS_TYPE_LONG: *out = v.j; return TRUE;
      case HS_TYPE_INT: *out = v.i; return TRUE;
      case HS_TYPE_SHORT: *out = v.s; return TRUE;
      case HS_TYPE_BYTE: *out = v.b; return TRUE;
      case HS_TYPE_CHAR: *out = v.c; return TRUE;
      default: return FALSE;
    }
}

HsObj
hs_heap_read_ref (HsHeap *heap, HsObj o, const char *name)
{
  g_return_val_if_fail (heap != NULL && o < heap->n && name != NULL, HS_OBJ_NONE);
  HsValue v;
  if (!hs_heap_read_field (heap, o, name, &v) || v.type != HS_TYPE_OBJECT || v.id == 0)
    return HS_OBJ_NONE;
  return hs_heap_find (heap, v.id);
}

/* ---- classes -------------------------------------------------------------------- */
guint
hs_heap_n_classes (HsHeap *heap)
{
  return heap->classes->len;
}
const char *
hs_class_name (HsHeap *heap, HsClass c)
{
  return hs_class_info (heap, c)->name;
}
HsObj
hs_class_object (HsHeap *heap, HsClass c)
{
  return hs_class_info (heap, c)->obj;
}
guint64
hs_class_id (HsHeap *heap, HsClass c)
{
  return hs_class_info (heap, c)->id;
}
HsClass
hs_class_super (HsHeap *heap, HsClass c)
{
  return hs_class_info (heap, c)->super;
}
guint64
hs_class_loader_id (HsHeap *heap, HsClass c)
{
  return hs_class_info (heap, c)->loader_id;
}
guint64
hs_class_count (HsHeap *heap, HsClass c)
{
  return hs_class_info (heap, c)->count;
}
guint64
hs_class_reachable_count (HsHeap *heap, HsClass c)
{
  return hs_class_info (heap, c)->reachable_count;
}
guint64
hs_class_shallow (HsHeap *heap, HsClass c)
{
  return hs_class_info (heap, c)->shallow;
}

const HsFieldDecl *
hs_class_fields (HsHeap *heap, HsClass c, guint *n)
{
  HsClassInfo *ci = hs_class_info (heap, c);
  *n = ci->n_fields;
  return ci->fields;
}

gboolean
hs_class_is_subclass_of (HsHeap *heap, HsClass c, const char *name)
{
  /* The superclass chain was made loop-free at load time. */
  for (; c != HS_CLASS_NONE; c = hs_class_info (heap, c)->super)
    if (strcmp (hs_class_info (heap, c)->name, name) == 0)
      return TRUE;
  return FALSE;
}

void
_hs_heap_class_chain_facts (HsHeap *heap)
{
  static const char *const thread[] = { "java.lang.Thread" };
  guint n_classes = heap->classes->len;
  g_autofree guint32 *bits = hs_class_name_bits (heap, thread, 1);
  g_autofree guint8 *done = g_new0 (guint8, MAX (n_classes, 1));
  g_autofree HsClass *chain = g_new (HsClass, MAX (n_classes, 1));
  for (HsClass i = 0; i < n_classes; i++)
    {
      guint depth = 0;
      hs_class_info (heap, i)->is_thread = bits[i] != 0;
      /* The superclass chain was made loop-free at load time. */
      for (HsClass c = i; c != HS_CLASS_NONE && !done[c]; c = hs_class_info (heap, c)->super)
        chain[depth++] = c;
      while (depth > 0)
        {
          HsClassInfo *ci = hs_class_info (heap, chain[--depth]);
          ci->fields_from = ci->n_fields > 0             ? chain[depth]
                            : ci->super != HS_CLASS_NONE ? hs_class_info (heap, ci->super)->fields_from
                                                         : HS_CLASS_NONE;
          done[chain[depth]] = 1;
        }
    }
}

guint32 *
hs_class_name_bits (HsHeap *heap, const char *const *names, guint n)
{
  g_return_val_if_fail (heap != NULL && n <= 32, NULL);
  guint n_classes = heap->classes->len;
  guint32 *bits = g_new0 (guint32, MAX (n_classes, 1));
  g_autofree guint8 *done = g_new0 (guint8, MAX (n_classes, 1));
  g_autofree HsClass *chain = g_new (HsClass, MAX (n_classes, 1));
  for (HsClass i = 0; i < n_classes; i++)
    {
      guint depth = 0;
      /* The superclass chain was made loop-free at load time. */
      for (HsClass c = i; c != HS_CLASS_NONE && !done[c]; c = hs_class_info (heap, c)->super)
        chain[depth++] = c;
      while (depth > 0)
        {
          HsClass c = chain[--depth];
          HsClassInfo *ci = hs_class_info (heap, c);
          guint32 b = ci->super != HS_CLASS_NONE ? bits[ci->super] : 0;
          for (guint r = 0; r < n; r++)
            if (strcmp (ci->name, names[r]) == 0)
              b |= 1u << r;
          bits[c] = b;
          done[c] = 1;
        }
    }
  return bits;
}

/* ---- roots ------------------------------------------------------------------------ */
gsize
hs_heap_n_roots (HsHeap *heap)
{
  return heap->roots->len;
}
const HsRoot *
hs_heap_root (HsHeap *heap, gsize i)
{
  return &g_array_index (heap->roots, HsRoot, i);
}

GArray *
hs_heap_roots_of (HsHeap *heap, HsObj o)
{
  g_return_val_if_fail (heap != NULL && o < heap->n, NULL);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (gsize));
  if (!(heap->flags[o] & HS_FLAG_ROOT))
    return out;
  for (gsize i = 0; i < heap->roots->len; i++)
    if (g_array_index (heap->roots, HsRoot, i).obj == o)
      g_array_append_val (out, i);
  return out;
}
