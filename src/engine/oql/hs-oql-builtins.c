/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-builtins.c: what an OQL value offers: fields, @attributes, the
 * functions (toString, toHex, classof, dominators, dominatorof, outbounds,
 * inbounds, eval) and a closed list of methods on strings, arrays, lists
 * and collections (docs/semantics.md "OQL"). Nothing calls code from the
 * dump: a method is one of the names below or an error. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "hs-heap-private.h"
#include "hs-oql-eval-private.h"

/* --- values from the heap ----------------------------------------------- */

HsOqlValue
hs_oql_from_heap_value (HsOqlEval *ev, const HsValue *v)
{
  switch (v->type)
    {
      case HS_TYPE_OBJECT:
        return v->id ? hs_oql_value_object (hs_heap_find (ev->h, v->id)) : HS_OQL_VALUE_NULL;
      case HS_TYPE_BOOLEAN: return hs_oql_value_bool (v->z);
      case HS_TYPE_CHAR: return (HsOqlValue){ .kind = HS_OQL_CHAR, .i = v->c };
      case HS_TYPE_FLOAT: return hs_oql_value_double (v->f);
      case HS_TYPE_DOUBLE: return hs_oql_value_double (v->d);
      case HS_TYPE_BYTE: return hs_oql_value_int (v->b);
      case HS_TYPE_SHORT: return hs_oql_value_int (v->s);
      case HS_TYPE_INT: return hs_oql_value_int (v->i);
      case HS_TYPE_LONG: return hs_oql_value_long (v->j);
      default: return HS_OQL_VALUE_NULL;
    }
}

static gboolean
is_class_named (HsOqlEval *ev, HsObj o, const char *name)
{
  if (hs_heap_object_kind (ev->h, o) != HS_KIND_INSTANCE)
    return FALSE;
  HsClass c = hs_heap_object_class (ev->h, o);
  return c != HS_CLASS_NONE && g_str_equal (hs_class_name (ev->h, c), name);
}

char *
hs_oql_string_of (HsOqlEval *ev, const HsOqlValue *v)
{
  if (v->kind == HS_OQL_STRING)
    return g_strdup (v->s);
  if (v->kind == HS_OQL_OBJECT && is_class_named (ev, v->o, "java.lang.String"))
    return hs_heap_read_string (ev->h, v->o, HS_OQL_STRING_MAX_CHARS);
  return NULL;
}

/* --- collections, read through their own fields ------------------------- */

typedef struct
{
  const char *class_name;
  const char *array;    /* the backing array of a list, NULL for maps */
  const char *sizes[2]; /* size field candidates */
  const char *inner;    /* a set read through its map */
} Layout;

/* The same classes and fields as the waste analysis's collections. */
static const Layout layouts[] = {
  { "java.util.HashMap", NULL, { "size" }, NULL },
  { "java.util.WeakHashMap", NULL, { "size" }, NULL },
  { "java.util.Hashtable", NULL, { "count" }, NULL },
  { "java.util.HashSet", NULL, { NULL }, "map" },
  { "java.util.concurrent.ConcurrentHashMap", NULL, { "baseCount", "count" }, NULL },
  { "java.util.ArrayList", "elementData", { "size" }, NULL },
  { "java.util.Vector", "elementData", { "elementCount" }, NULL },
  { "android.util.ArrayMap", NULL, { "mSize" }, NULL },
  { "android.util.ArraySet", NULL, { "mSize" }, NULL },
  { "android.util.SparseArray", NULL, { "mSize" }, NULL },
};

static const Layout *
layout_of (HsOqlEval *ev, HsObj o)
{
  if (hs_heap_object_kind (ev->h, o) != HS_KIND_INSTANCE)
    return NULL;
  HsClass c = hs_heap_object_class (ev->h, o);
  /* Bounded: a dump's superclass chain may loop. */
  for (guint steps = 0; c != HS_CLASS_NONE && steps < 64; steps++, c = hs_class_super (ev->h, c))
    for (guint i = 0; i < G_N_ELEMENTS (layouts); i++)
      if (g_str_equal (hs_class_name (ev->h, c), layouts[i].class_name))
        return &layouts[i];
  return NULL;
}

static gboolean
collection_size (HsOqlEval *ev, HsObj o, gint64 *size)
{
  const Layout *l = layout_of (ev, o);
  if (!l)
    return FALSE;
  if (l->inner)
    {
      HsObj m = hs_heap_read_ref (ev->h, o, l->inner);
      return m != HS_OBJ_NONE && m != o && layout_of (ev, m) && !layout_of (ev, m)->inner
             && collection_size (ev, m, size);
    }
  for (guint i = 0; i < G_N_ELEMENTS (l->sizes) && l->sizes[i]; i++)
    if (hs_heap_read_integer (ev->h, o, l->sizes[i], size))
      return TRUE;
  return FALSE;
}

/* --- lists and arrays --------------------------------------------------- */

static gboolean
array_get (HsOqlEval *ev, HsObj arr, guint32 i, HsOqlValue *out)
{
  HsKind k = hs_heap_object_kind (ev->h, arr);
  if (k == HS_KIND_OBJ_ARRAY)
    {
      guint64 id = hs_heap_obj_array_get (ev->h, arr, i);
      *out = id ? hs_oql_value_object (hs_heap_find (ev->h, id)) : HS_OQL_VALUE_NULL;
      return TRUE;
    }
  if (k == HS_KIND_PRIM_ARRAY)
    {
      const guint8 *data = hs_heap_prim_array_data (ev->h, arr);
      HsType t = hs_heap_array_elem_type (ev->h, arr);
      if (!data)
        {
          *out = HS_OQL_VALUE_NULL;
          return TRUE;
        }
      guint sz = hs_type_size (t, hs_heap_id_size (ev->h));
      HsValue v = hs_value_decode (data + (gsize)i * sz, t, hs_heap_id_size (ev->h));
      *out = hs_oql_from_heap_value (ev, &v);
      return TRUE;
    }
  return FALSE;
}

/* The elements of an array object, a list value or an ArrayList-like
 * collection: (kind, object, length) to read one at a time. */
typedef struct
{
  const HsOqlList *list;
  HsObj array;
  guint64 len;
} Seq;

static gboolean
as_seq (HsOqlEval *ev, const HsOqlValue *v, Seq *s)
{
  *s = (Seq){ .array = HS_OBJ_NONE };
  if (v->kind == HS_OQL_LIST)
    {
      s->list = v->list;
      s->len = hs_oql_list_len (v->list);
      return TRUE;
    }
  if (v->kind != HS_OQL_OBJECT)
    return FALSE;
  HsKind k = hs_heap_object_kind (ev->h, v->o);
  if (k == HS_KIND_OBJ_ARRAY || k == HS_KIND_PRIM_ARRAY)
    {
      s->array = v->o;
      s->len = hs_heap_array_length (ev->h, v->o);
      return TRUE;
    }
  const Layout *l = layout_of (ev, v->o);
  gint64 size;
  if (l && l->array && collection_size (ev, v->o, &size))
    {
      HsObj arr = hs_heap_read_ref (ev->h, v->o, l->array);
      if (arr == HS_OBJ_NONE || hs_heap_object_kind (ev->h, arr) != HS_KIND_OBJ_ARRAY)
        return FALSE;
      s->array = arr;
      s->len = (guint64)CLAMP (size, 0, (gint64)hs_heap_array_length (ev->h, arr));
      return TRUE;
    }
  return FALSE;
}

static void
seq_get (HsOqlEval *ev, const Seq *s, guint64 i, HsOqlValue *out)
{
  if (s->list)
    hs_oql_value_copy (out, hs_oql_list_get (s->list, (guint)i));
  else if (!array_get (ev, s->array, (guint32)i, out))
    *out = HS_OQL_VALUE_NULL;
}

static gboolean
seq_to_list (HsOqlEval *ev, const HsOqlNode *at, const Seq *s, guint64 from, guint64 to, HsOqlValue *out)
{
  if (to > from && to - from > HS_OQL_MAX_LIST)
    return hs_oql_eval_fail (ev, at,
                             "%" G_GUINT64_FORMAT " elements are more than a query reads at once (%u)",
                             to - from, HS_OQL_MAX_LIST);
  HsOqlList *l = hs_oql_list_new ();
  for (guint64 i = from; i < to; i++)
    {
      HsOqlValue v;
      if ((i & 0xfff) == 0 && !hs_oql_eval_tick (ev))
        {
          hs_oql_list_unref (l);
          return FALSE;
        }
      seq_get (ev, s, i, &v);
      hs_oql_list_append (l, &v);
    }
  *out = hs_oql_value_list_take (l);
  return TRUE;
}

HsOqlList *
hs_oql_as_list (HsOqlEval *ev, const HsOqlNode *at, const HsOqlValue *v)
{
  Seq s;
  HsOqlValue lv;
  if (v->kind == HS_OQL_LIST)
    return hs_oql_list_ref (v->list);
  if (!as_seq (ev, v, &s) || !seq_to_list (ev, at, &s, 0, s.len, &lv))
    return NULL;
  return lv.list;
}

gboolean
hs_oql_index (HsOqlEval *ev, const HsOqlNode *at, const HsOqlValue *base, gint64 index, HsOqlValue *out)
{
  Seq s;
  (void)at;
  *out = HS_OQL_VALUE_NULL;
  if (!as_seq (ev, base, &s))
    return TRUE;
  if (index < 0)
    index += (gint64)s.len;
  if (index >= 0 && (guint64)index < s.len)
    seq_get (ev, &s, (guint64)index, out);
  return TRUE;
}

gboolean
hs_oql_slice (HsOqlEval *ev, const HsOqlNode *at, const HsOqlValue *base, gint64 from, gint64 to,
              HsOqlValue *out)
{
  Seq s;
  *out = HS_OQL_VALUE_NULL;
  if (!as_seq (ev, base, &s))
    return TRUE;
  gint64 n = (gint64)s.len;
  if (from < 0)
    from += n;
  if (to < 0)
    to += n;
  from = MAX (from, 0);
  to = MIN (to, n - 1);
  if (to < from)
    {
      *out = hs_oql_value_list_take (hs_oql_list_new ());
      return TRUE;
    }
  return seq_to_list (ev, at, &s, (guint64)from, (guint64)to + 1, out);
}

/* --- fields and attributes ---------------------------------------------- */

/* The field's place in instances of c: own class first, then the
 * superclasses, as the record lays them out (and as hs_heap_read_field
 * finds them), at most 64 classes up. */
static void
resolve_field (HsHeap *heap, HsClass c, const char *name, HsOqlFieldCache *fc)
{
  guint64 pos = 0;
  fc->klass = c;
  fc->pos = -1;
  for (guint depth = 0; c != HS_CLASS_NONE && depth < 64; c = hs_class_info (heap, c)->super, depth++)
    {
      HsClassInfo *ci = hs_class_info (heap, c);
      for (guint i = 0; i < ci->n_fields; i++)
        {
          if (strcmp (ci->fields[i].name, name) == 0)
            {
              if (pos < G_MAXINT32)
                {
                  fc->pos = (gint32)pos;
                  fc->type = ci->fields[i].type;
                }
              return;
            }
          pos += hs_type_size (ci->fields[i].type, heap->id_size);
        }
    }
}

/* An instance field through the node's cache: FALSE when o is not an
 * instance, its class has no such field or its record is too short. */
static gboolean
read_instance_field (HsOqlEval *ev, const HsOqlNode *at, HsObj o, const char *name, HsValue *out)
{
  HsHeap *heap = ev->h;
  const guint8 *rec = heap->data + hs_heap_off (heap, o);
  if (rec[0] != HS_HPROF_INSTANCE_DUMP || !at)
    return FALSE;
  HsClass c = hs_heap_object_class (heap, o);
  if (c == HS_CLASS_NONE)
    return FALSE;
  HsOqlFieldCache *fc = &ev->field_cache[at - &g_array_index (ev->q->nodes, HsOqlNode, 0)];
  if (fc->klass != c)
    resolve_field (heap, c, name, fc);
  if (fc->pos < 0)
    return FALSE;
  guint ids = heap->id_size;
  guint32 nbytes = hs_be32 (rec + 1 + 2 * ids + 4);
  if ((guint64)fc->pos + hs_type_size (fc->type, ids) > nbytes)
    return FALSE;
  *out = hs_value_decode (rec + 1 + 2 * ids + 8 + fc->pos, fc->type, ids);
  return TRUE;
}

/* A static field of a class object's superclasses, the nearest first (as
 * MAT's path expressions resolve it), 64 classes up at most. */
static gboolean
read_inherited_static (HsOqlEval *ev, HsObj o, const char *name, HsValue *out)
{
  HsClass c = hs_heap_object_as_class (ev->h, o);
  if (c == HS_CLASS_NONE)
    return FALSE;
  c = hs_class_super (ev->h, c);
  for (guint depth = 0; c != HS_CLASS_NONE && depth < 64; depth++, c = hs_class_super (ev->h, c))
    {
      HsObj cobj = hs_class_object (ev->h, c);
      if (cobj != HS_OBJ_NONE && hs_heap_read_field (ev->h, cobj, name, out))
        return TRUE;
    }
  return FALSE;
}

gboolean
hs_oql_field (HsOqlEval *ev, const HsOqlNode *at, const HsOqlValue *base, const char *name, HsOqlValue *out)
{
  HsValue hv;
  *out = HS_OQL_VALUE_NULL;
  if (base->kind == HS_OQL_LIST)
    {
      const HsOqlList *l = base->list;
      if (l->names)
        {
          for (guint i = 0; i < l->names->len && i < hs_oql_list_len (l); i++)
            if (g_str_equal (g_ptr_array_index (l->names, i), name))
              {
                hs_oql_value_copy (out, hs_oql_list_get (l, i));
                return TRUE;
              }
        }
      else if (g_str_equal (name, "length"))
        *out = hs_oql_value_int (hs_oql_list_len (l));
      return TRUE;
    }
  if (base->kind != HS_OQL_OBJECT)
    return TRUE;
  if (read_instance_field (ev, at, base->o, name, &hv)
      || (hs_heap_object_kind (ev->h, base->o) != HS_KIND_INSTANCE
          && hs_heap_read_field (ev->h, base->o, name, &hv))
      || read_inherited_static (ev, base->o, name, &hv))
    *out = hs_oql_from_heap_value (ev, &hv);
  else if (g_str_equal (name, "length") && hs_heap_object_kind (ev->h, base->o) >= HS_KIND_OBJ_ARRAY)
    *out = hs_oql_value_int (hs_heap_array_length (ev->h, base->o));
  return TRUE;
}

static HsOqlValue
object_index_value (HsObj o)
{
  return o > G_MAXINT32 ? hs_oql_value_long (o) : hs_oql_value_int (o);
}

static guint64
retained_of (HsOqlEval *ev, HsObj o)
{
  if (!ev->a->dom || !hs_heap_object_reachable (ev->h, o))
    return 0;
  return hs_dom_tree_retained (ev->a->dom, o);
}

static gboolean
array_values (HsOqlEval *ev, const HsOqlNode *at, HsObj o, HsKind want, HsOqlValue *out)
{
  Seq s = { .array = o, .len = hs_heap_array_length (ev->h, o) };
  if (hs_heap_object_kind (ev->h, o) != want)
    return TRUE;
  return seq_to_list (ev, at, &s, 0, s.len, out);
}

gboolean
hs_oql_attribute (HsOqlEval *ev, const HsOqlNode *at, const HsOqlValue *base, const char *name,
                  HsOqlValue *out)
{
  HsHeap *h = ev->h;
  *out = HS_OQL_VALUE_NULL;

  if (base->kind == HS_OQL_LIST)
    {
      if (g_str_equal (name, "length"))
        *out = hs_oql_value_int (hs_oql_list_len (base->list));
      return TRUE;
    }
  if (base->kind != HS_OQL_OBJECT)
    return TRUE;
  HsObj o = base->o;
  HsKind kind = hs_heap_object_kind (h, o);
  HsClass own = kind == HS_KIND_CLASS ? hs_heap_object_as_class (h, o) : HS_CLASS_NONE;

  if (g_str_equal (name, "objectId"))
    *out = object_index_value (o);
  else if (g_str_equal (name, "objectAddress"))
    *out = hs_oql_value_long ((gint64)hs_heap_object_id (h, o));
  else if (g_str_equal (name, "class") || g_str_equal (name, "clazz"))
    {
      HsClass c = hs_heap_object_class (h, o);
      *out = c == HS_CLASS_NONE ? HS_OQL_VALUE_NULL : hs_oql_value_object (hs_class_object (h, c));
    }
  else if (g_str_equal (name, "usedHeapSize"))
    *out = hs_oql_value_long (hs_heap_object_shallow (h, o));
  else if (g_str_equal (name, "retainedHeapSize"))
    *out = hs_oql_value_long ((gint64)retained_of (ev, o));
  else if (g_str_equal (name, "displayName"))
    {
      g_autofree char *label = hs_heap_object_label (h, o);
      g_autofree char *desc = hs_heap_describe (h, o);
      *out = hs_oql_value_string_take (desc ? g_strdup_printf ("%s  %s", label, desc)
                                            : g_steal_pointer (&label));
    }
  else if (g_str_equal (name, "length"))
    {
      if (kind == HS_KIND_OBJ_ARRAY || kind == HS_KIND_PRIM_ARRAY)
        *out = hs_oql_value_int (hs_heap_array_length (h, o));
    }
  else if (g_str_equal (name, "GCRootInfo"))
    {
      g_autoptr (GArray) roots = hs_heap_roots_of (h, o);
      if (roots && roots->len)
        {
          HsOqlList *l = hs_oql_list_new ();
          for (guint i = 0; i < roots->len && i < HS_OQL_MAX_LIST; i++)
            {
              const HsRoot *r = hs_heap_root (h, g_array_index (roots, gsize, i));
              HsOqlValue v = hs_oql_value_string (hs_root_type_name (r->type));
              hs_oql_list_append (l, &v);
            }
          *out = hs_oql_value_list_take (l);
        }
    }
  else if (g_str_equal (name, "name"))
    {
      if (own != HS_CLASS_NONE)
        *out = hs_oql_value_string (hs_class_name (h, own));
    }
  else if (g_str_equal (name, "superClass"))
    {
      HsClass sup = own != HS_CLASS_NONE ? hs_class_super (h, own) : HS_CLASS_NONE;
      if (sup != HS_CLASS_NONE)
        *out = hs_oql_value_object (hs_class_object (h, sup));
    }
  else if (g_str_equal (name, "classLoader"))
    {
      guint64 id = own != HS_CLASS_NONE ? hs_class_loader_id (h, own) : 0;
      if (id)
        *out = hs_oql_value_object (hs_heap_find (h, id));
    }
  else if (g_str_equal (name, "valueArray"))
    return array_values (ev, at, o, HS_KIND_PRIM_ARRAY, out);
  else if (g_str_equal (name, "referenceArray"))
    return array_values (ev, at, o, HS_KIND_OBJ_ARRAY, out);
  else
    return hs_oql_eval_fail (
        ev, at,
        "unknown attribute @%s (the attributes: @objectId, @objectAddress, @class, @clazz, "
        "@usedHeapSize, @retainedHeapSize, @displayName, @length, @GCRootInfo, @name, "
        "@superClass, @classLoader, @valueArray, @referenceArray)",
        name);
  return TRUE;
}

/* --- functions ---------------------------------------------------------- */

static HsOqlValue
object_list (const HsObj *objs, gsize n, HsObj first)
{
  HsOqlList *l = hs_oql_list_new ();
  if (first != HS_OBJ_NONE)
    {
      HsOqlValue v = hs_oql_value_object (first);
      hs_oql_list_append (l, &v);
    }
  for (gsize i = 0; i < n && i < HS_OQL_MAX_LIST; i++)
    {
      HsOqlValue v = hs_oql_value_object (objs[i]);
      hs_oql_list_append (l, &v);
    }
  return hs_oql_value_list_take (l);
}

gboolean
hs_oql_function (HsOqlEval *ev, const HsOqlNode *at, const char *name, HsOqlValue *args, guint n_args,
                 HsOqlValue *out)
{
  static const char *const names[]
      = { "toString", "toHex", "classof", "dominators", "dominatorof", "outbounds", "inbounds", "eval" };
  gboolean known = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    known |= g_str_equal (name, names[i]);
  *out = HS_OQL_VALUE_NULL;
  if (!known)
    return hs_oql_eval_fail (ev, at,
                             "unknown function %s (the functions: toString, toHex, classof, dominators, "
                             "dominatorof, outbounds, inbounds, eval)",
                             name);
  if (n_args != 1)
    return hs_oql_eval_fail (ev, at, "%s takes one argument, not %u", name, n_args);
  const HsOqlValue *x = &args[0];

  if (g_str_equal (name, "eval"))
    {
      hs_oql_value_copy (out, x);
      return TRUE;
    }
  if (g_str_equal (name, "toString"))
    {
      if (x->kind != HS_OQL_NULL)
        *out = hs_oql_value_string_take (hs_oql_value_to_text (ev->a, x));
      return TRUE;
    }
  if (g_str_equal (name, "toHex"))
    {
      if (x->kind == HS_OQL_OBJECT)
        *out = hs_oql_value_string_take (
            g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", hs_heap_object_id (ev->h, x->o)));
      else if (x->kind == HS_OQL_INT || x->kind == HS_OQL_LONG || x->kind == HS_OQL_CHAR)
        *out = hs_oql_value_string_take (g_strdup_printf (
            "0x%" G_GINT64_MODIFIER "x", x->kind == HS_OQL_INT ? (guint64)(guint32)x->i : (guint64)x->i));
      return TRUE;
    }
  if (x->kind != HS_OQL_OBJECT)
    return TRUE;
  HsObj o = x->o;
  if (g_str_equal (name, "classof"))
    {
      HsClass c = hs_heap_object_class (ev->h, o);
      if (c != HS_CLASS_NONE)
        *out = hs_oql_value_object (hs_class_object (ev->h, c));
    }
  else if (g_str_equal (name, "dominators"))
    {
      gsize n = 0;
      const HsObj *kids = NULL;
      if (ev->a->dom && hs_heap_object_reachable (ev->h, o))
        kids = hs_dom_tree_children (ev->a->dom, o, &n);
      *out = object_list (kids, kids ? n : 0, HS_OBJ_NONE);
    }
  else if (g_str_equal (name, "dominatorof"))
    {
      if (ev->a->dom && hs_heap_object_reachable (ev->h, o))
        {
          HsObj d = ev->a->dom->idom[o];
          if (d != HS_OBJ_NONE && (guint64)d < ev->a->dom->n)
            *out = hs_oql_value_object (d);
        }
    }
  else if (g_str_equal (name, "outbounds"))
    {
      HsObj first = HS_OBJ_NONE;
      gsize n = 0;
      const HsObj *refs = hs_heap_refs (ev->h, o, &first, &n);
      *out = object_list (refs, n, first);
    }
  else if (g_str_equal (name, "inbounds"))
    {
      gsize n = 0;
      const HsObj *refs = hs_heap_referrers (ev->h, o, &n);
      *out = object_list (refs, n, HS_OBJ_NONE);
    }
  return TRUE;
}

/* --- methods ------------------------------------------------------------ */

static const char *const method_names[]
    = { "length", "size",    "contains", "startsWith", "endsWith",    "equals",      "toString",
        "get",    "indexOf", "isEmpty",  "substring",  "charAt",      "toLowerCase", "toUpperCase",
        "trim",   "subList", "intValue", "longValue",  "doubleValue", "floatValue",  "hashCode" };

static gint64
utf16_length (const char *s)
{
  gint64 n = 0;
  for (const char *p = s; *p; p = g_utf8_next_char (p))
    n += g_utf8_get_char (p) > 0xFFFF ? 2 : 1;
  return n;
}

static gboolean
arg_int (const HsOqlValue *v, gint64 *out)
{
  if (v->kind == HS_OQL_INT || v->kind == HS_OQL_LONG || v->kind == HS_OQL_CHAR)
    {
      *out = v->i;
      return TRUE;
    }
  if (v->kind == HS_OQL_DOUBLE && isfinite (v->d))
    {
      *out = (gint64)v->d;
      return TRUE;
    }
  return FALSE;
}

/* A character offset (in code points) to a byte offset, clamped. */
static const char *
at_char (const char *s, gint64 i)
{
  const char *p = s;
  while (i-- > 0 && *p)
    p = g_utf8_next_char (p);
  return p;
}

static gboolean
string_method (HsOqlEval *ev, const char *s, const char *name, HsOqlValue *args, guint n, HsOqlValue *out)
{
  g_autofree char *a0 = n >= 1 ? hs_oql_string_of (ev, &args[0]) : NULL;
  gint64 i0 = 0, i1 = 0;

  if (g_str_equal (name, "length") && n == 0)
    *out = hs_oql_value_int (utf16_length (s));
  else if (g_str_equal (name, "isEmpty") && n == 0)
    *out = hs_oql_value_bool (*s == '\0');
  else if (g_str_equal (name, "toString") && n == 0)
    *out = hs_oql_value_string (s);
  else if (g_str_equal (name, "trim") && n == 0)
    *out = hs_oql_value_string_take (g_strstrip (g_strdup (s)));
  else if (g_str_equal (name, "toLowerCase") && n == 0)
    *out = hs_oql_value_string_take (g_utf8_strdown (s, -1));
  else if (g_str_equal (name, "toUpperCase") && n == 0)
    *out = hs_oql_value_string_take (g_utf8_strup (s, -1));
  else if (g_str_equal (name, "hashCode") && n == 0)
    {
      guint32 hc = 0;
      for (const char *p = s; *p; p = g_utf8_next_char (p))
        hc = 31 * hc + (guint32)g_utf8_get_char (p);
      *out = hs_oql_value_int ((gint32)hc);
    }
  else if (g_str_equal (name, "contains") && a0)
    *out = hs_oql_value_bool (strstr (s, a0) != NULL);
  else if (g_str_equal (name, "startsWith") && a0)
    *out = hs_oql_value_bool (g_str_has_prefix (s, a0));
  else if (g_str_equal (name, "endsWith") && a0)
    *out = hs_oql_value_bool (g_str_has_suffix (s, a0));
  else if (g_str_equal (name, "equals") && n == 1)
    *out = hs_oql_value_bool (a0 && g_str_equal (s, a0));
  else if (g_str_equal (name, "indexOf") && n == 1)
    {
      char buf[8] = { 0 };
      const char *needle = a0;
      if (!needle && arg_int (&args[0], &i0) && i0 > 0 && i0 <= 0x10FFFF)
        {
          g_unichar_to_utf8 ((gunichar)i0, buf);
          needle = buf;
        }
      if (needle)
        {
          const char *hit = strstr (s, needle);
          *out = hs_oql_value_int (hit ? g_utf8_pointer_to_offset (s, hit) : -1);
        }
    }
  else if (g_str_equal (name, "charAt") && n == 1 && arg_int (&args[0], &i0))
    {
      const char *p = at_char (s, i0);
      if (i0 >= 0 && *p)
        *out = (HsOqlValue){ .kind = HS_OQL_CHAR, .i = g_utf8_get_char (p) };
    }
  else if (g_str_equal (name, "substring") && (n == 1 || n == 2) && arg_int (&args[0], &i0)
           && (n == 1 || arg_int (&args[1], &i1)))
    {
      gint64 len = g_utf8_strlen (s, -1);
      if (n == 1)
        i1 = len;
      if (i0 >= 0 && i1 <= len && i0 <= i1)
        {
          const char *p = at_char (s, i0), *q = at_char (s, i1);
          *out = hs_oql_value_string_take (g_strndup (p, q - p));
        }
    }
  return TRUE;
}

static gboolean
number_method (const HsOqlValue *x, const char *name, HsOqlValue *out)
{
  if (g_str_equal (name, "intValue"))
    *out = hs_oql_value_int (x->kind == HS_OQL_DOUBLE ? (gint64)(isfinite (x->d) ? x->d : 0) : x->i);
  else if (g_str_equal (name, "longValue"))
    *out = hs_oql_value_long (x->kind == HS_OQL_DOUBLE ? (gint64)(isfinite (x->d) ? x->d : 0) : x->i);
  else if (g_str_equal (name, "doubleValue"))
    *out = hs_oql_value_double (hs_oql_value_as_double (x));
  else if (g_str_equal (name, "floatValue"))
    *out = hs_oql_value_double ((float)hs_oql_value_as_double (x));
  else
    return FALSE;
  return TRUE;
}

gboolean
hs_oql_method (HsOqlEval *ev, const HsOqlNode *at, const HsOqlValue *base, const char *name, HsOqlValue *args,
               guint n_args, HsOqlValue *out)
{
  gboolean known = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (method_names); i++)
    known |= g_str_equal (name, method_names[i]);
  *out = HS_OQL_VALUE_NULL;
  if (!known)
    return hs_oql_eval_fail (
        ev, at,
        "unknown method %s() (the methods: length, size, contains, startsWith, endsWith, "
        "equals, toString, get, indexOf, isEmpty, substring, charAt, toLowerCase, "
        "toUpperCase, trim, subList, intValue, longValue, doubleValue, floatValue, hashCode)",
        name);
  if (base->kind == HS_OQL_NULL)
    return TRUE;
  if (g_str_equal (name, "toString") && n_args == 0)
    {
      *out = hs_oql_value_string_take (hs_oql_value_to_text (ev->a, base));
      return TRUE;
    }
  g_autofree char *text = hs_oql_string_of (ev, base);
  if (text)
    return string_method (ev, text, name, args, n_args, out);
  if (hs_oql_value_is_number (base) && n_args == 0 && number_method (base, name, out))
    return TRUE;
  if (base->kind == HS_OQL_OBJECT && n_args == 0)
    {
      /* A boxed number's xxxValue(). */
      HsValue hv;
      if (hs_heap_object_kind (ev->h, base->o) == HS_KIND_INSTANCE
          && hs_heap_read_field (ev->h, base->o, "value", &hv) && hv.type != HS_TYPE_OBJECT)
        {
          HsOqlValue num = hs_oql_from_heap_value (ev, &hv);
          if (number_method (&num, name, out))
            return TRUE;
        }
    }
  if (g_str_equal (name, "equals") && n_args == 1)
    {
      *out = hs_oql_value_bool (hs_oql_values_equal (ev, base, &args[0]));
      return TRUE;
    }
  if (g_str_equal (name, "size") && n_args == 0 && base->kind == HS_OQL_OBJECT)
    {
      gint64 size;
      if (collection_size (ev, base->o, &size))
        {
          *out = hs_oql_value_int (size);
          return TRUE;
        }
    }
  Seq s;
  if (!as_seq (ev, base, &s))
    return TRUE;
  gint64 i0, i1;
  if ((g_str_equal (name, "size") || g_str_equal (name, "length")) && n_args == 0)
    *out = hs_oql_value_int ((gint64)s.len);
  else if (g_str_equal (name, "isEmpty") && n_args == 0)
    *out = hs_oql_value_bool (s.len == 0);
  else if (g_str_equal (name, "get") && n_args == 1 && arg_int (&args[0], &i0))
    {
      if (i0 >= 0 && (guint64)i0 < s.len)
        seq_get (ev, &s, (guint64)i0, out);
    }
  else if (g_str_equal (name, "subList") && n_args == 2 && arg_int (&args[0], &i0) && arg_int (&args[1], &i1))
    {
      if (i0 >= 0 && i0 <= i1 && (guint64)i1 <= s.len)
        return seq_to_list (ev, at, &s, (guint64)i0, (guint64)i1, out);
    }
  else if ((g_str_equal (name, "contains") || g_str_equal (name, "indexOf")) && n_args == 1)
    {
      gint64 found = -1;
      for (guint64 i = 0; i < s.len && found < 0; i++)
        {
          HsOqlValue v;
          if ((i & 0xfff) == 0 && !hs_oql_eval_tick (ev))
            return FALSE;
          seq_get (ev, &s, i, &v);
          if (hs_oql_values_equal (ev, &v, &args[0]))
            found = (gint64)i;
          hs_oql_value_clear (&v);
        }
      *out = g_str_equal (name, "contains") ? hs_oql_value_bool (found >= 0) : hs_oql_value_int (found);
    }
  return TRUE;
}
