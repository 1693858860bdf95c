/* hs-heap-read.c: reading the indexed heap: accessors, fields, strings,
 * named references, referrers. */
#include "config.h"

#include <string.h>

#include "hs-heap-private.h"

/* ---- the file ------------------------------------------------------------- */
const char *hs_heap_path (HsHeap *heap) { return heap->path; }
const char *hs_heap_format (HsHeap *heap) { return heap->format; }
guint hs_heap_id_size (HsHeap *heap) { return heap->id_size; }
guint hs_heap_ref_size (HsHeap *heap) { return heap->ref_size; }
guint hs_heap_object_align (HsHeap *heap) { return heap->align; }
gboolean hs_heap_is_android (HsHeap *heap) { return heap->android; }
gboolean hs_heap_is_compressed_file (HsHeap *heap) { return heap->gzip; }
gboolean hs_heap_follow_weak (HsHeap *heap) { return heap->follow_weak; }
guint64 hs_heap_file_size (HsHeap *heap) { return heap->file_size; }
guint64 hs_heap_timestamp_ms (HsHeap *heap) { return heap->timestamp_ms; }
guint hs_heap_n_dumps (HsHeap *heap) { return heap->n_dumps; }
guint hs_heap_dump_index (HsHeap *heap) { return heap->dump_index; }
const char *hs_heap_warning (HsHeap *heap) { return heap->warning; }
const HsSummary *hs_heap_summary (HsHeap *heap) { return &heap->summary; }
gboolean hs_heap_reachability_known (HsHeap *heap) { return heap->totals_done; }

/* ---- objects ---------------------------------------------------------------- */
guint64 hs_heap_n_objects (HsHeap *heap) { return heap->n; }
guint64 hs_heap_object_id (HsHeap *heap, HsObj o) { return heap->ids[o]; }
HsKind hs_heap_object_kind (HsHeap *heap, HsObj o) { return heap->flags[o] & HS_FLAG_KIND_MASK; }
HsClass hs_heap_object_class (HsHeap *heap, HsObj o) { return heap->klass[o]; }
const HsClass *hs_heap_object_classes (HsHeap *heap) { return heap->klass; }
guint32 hs_heap_object_shallow (HsHeap *heap, HsObj o) { return heap->shallow[o]; }
gboolean hs_heap_object_reachable (HsHeap *heap, HsObj o) { return (heap->flags[o] & HS_FLAG_REACHABLE) != 0; }
gboolean hs_heap_object_is_root (HsHeap *heap, HsObj o) { return (heap->flags[o] & HS_FLAG_ROOT) != 0; }
guint64 hs_heap_object_offset (HsHeap *heap, HsObj o) { return heap->offsets[o]; }
const guint64 *hs_heap_ref_offsets (HsHeap *heap) { return heap->ref_offsets; }
const HsObj *hs_heap_ref_targets (HsHeap *heap) { return heap->ref_targets; }
const guint32 *hs_heap_shallow_sizes (HsHeap *heap) { return heap->shallow; }

HsClass
hs_heap_object_as_class (HsHeap *heap, HsObj o)
{
  if (hs_heap_object_kind (heap, o) != HS_KIND_CLASS)
    return HS_CLASS_NONE;
  return hs_heap_class_by_id (heap, heap->ids[o]);
}

static const guint8 *
obj_body (HsHeap *heap, HsObj o)
{
  return heap->data + heap->offsets[o] + 1;
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
  if (heap->data[heap->offsets[o]] == 0xC3)
    return NULL;
  return obj_body (heap, o) + heap->id_size + 9;
}

guint64
hs_heap_obj_array_get (HsHeap *heap, HsObj o, guint32 i)
{
  if (hs_heap_object_kind (heap, o) != HS_KIND_OBJ_ARRAY || i >= hs_heap_array_length (heap, o))
    return 0;
  guint ids = heap->id_size;
  return hs_read_id (obj_body (heap, o) + 2 * ids + 8 + (guint64) i * ids, ids);
}

const HsObj *
hs_heap_refs (HsHeap *heap, HsObj o, gsize *n)
{
  *n = heap->ref_offsets[o + 1] - heap->ref_offsets[o];
  return heap->ref_targets + heap->ref_offsets[o];
}

const HsObj *
hs_heap_referrers (HsHeap *heap, HsObj o, gsize *n)
{
  g_mutex_lock (&heap->referrers_lock);
  if (!heap->rev_offsets) {
    guint64 N = heap->n, E = heap->ref_offsets[N];
    guint64 *off = g_new0 (guint64, N + 1);
    HsObj *tg = g_new (HsObj, MAX (E, (guint64) 1));
    for (guint64 e = 0; e < E; e++)
      off[heap->ref_targets[e] + 1]++;
    for (guint64 i = 0; i < N; i++)
      off[i + 1] += off[i];
    guint64 *fill = g_memdup2 (off, (N + 1) * sizeof (guint64));
    for (guint64 s = 0; s < N; s++)
      for (guint64 e = heap->ref_offsets[s]; e < heap->ref_offsets[s + 1]; e++)
        tg[fill[heap->ref_targets[e]]++] = (HsObj) s;
    g_free (fill);
    heap->rev_targets = tg;
    heap->rev_offsets = off;
  }
  g_mutex_unlock (&heap->referrers_lock);
  *n = heap->rev_offsets[o + 1] - heap->rev_offsets[o];
  return heap->rev_targets + heap->rev_offsets[o];
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

  if (heap->data[heap->offsets[o]] == 0x21) {
    guint64 cid = hs_read_id (b + ids + 4, ids);
    guint32 nbytes = hs_be32 (b + 2 * ids + 4);
    const guint8 *fields = b + 2 * ids + 8;
    guint64 pos = 0;
    for (HsClass c = hs_heap_class_by_id (heap, cid); c != HS_CLASS_NONE; c = hs_class_info (heap, c)->super) {
      HsClassInfo *ci = hs_class_info (heap, c);
      for (guint f = 0; f < ci->n_fields; f++) {
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
  } else if (heap->data[heap->offsets[o]] == 0x20) {
    HsClass self = hs_heap_class_by_id (heap, heap->ids[o]);
    if (self == HS_CLASS_NONE)
      return;
    HsClassInfo *ci = hs_class_info (heap, self);
    for (guint k = 0; k < ci->n_statics; k++) {
      HsFieldValue fv = { ci->statics[k].name, ci->statics[k].type, ci->statics[k].value, self };
      if (!fn (&fv, data))
        return;
    }
  }
}

typedef struct {
  HsHeap *heap;
  HsRefFunc func;
  gpointer data;
  HsRefKind kind;        /* FIELD for instances, STATIC for class objects */
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
  HsNamedRef r = { .kind = w->kind, .name = fv->name, .declared_in = fv->declared_in,
                   .is_weak = w->kind == HS_REF_FIELD && ci->is_reference_class && strcmp (fv->name, "referent") == 0, .target = t };
  if (!w->func (&r, w->data)) {
    w->stopped = TRUE;
    return FALSE;
  }
  return TRUE;
}

void
hs_heap_foreach_ref (HsHeap *heap, HsObj o, HsRefFunc func, gpointer user_data)
{
  const guint8 *b = obj_body (heap, o);
  guint ids = heap->id_size;
  HsNamedRef r = { 0 };

  switch (heap->data[heap->offsets[o]]) {
  case 0x21: {
    guint64 cid = hs_read_id (b + ids + 4, ids);
    RefWalk w = { heap, func, user_data, HS_REF_FIELD, FALSE };
    walk_fields (heap, o, ref_of_field, &w);
    if (w.stopped)
      return;
    HsObj t = hs_heap_find (heap, cid);
    if (t != HS_OBJ_NONE) {
      r = (HsNamedRef) { .kind = HS_REF_CLASS, .target = t };
      func (&r, user_data);
    }
    break;
  }
  case 0x22: {
    guint32 len = hs_be32 (b + ids + 4);
    const guint8 *el = b + 2 * ids + 8;
    for (guint32 k = 0; k < len; k++) {
      guint64 id = hs_read_id (el + (guint64) k * ids, ids);
      HsObj t = id ? hs_heap_find (heap, id) : HS_OBJ_NONE;
      if (t != HS_OBJ_NONE) {
        r = (HsNamedRef) { .kind = HS_REF_ELEMENT, .index = k, .target = t };
        if (!func (&r, user_data))
          return;
      }
    }
    HsObj t = hs_heap_find (heap, hs_read_id (b + ids + 8, ids));
    if (t != HS_OBJ_NONE) {
      r = (HsNamedRef) { .kind = HS_REF_CLASS, .target = t };
      func (&r, user_data);
    }
    break;
  }
  case 0x23: case 0xC3: {
    HsClass c = heap->klass[o];
    if (c != HS_CLASS_NONE && hs_class_info (heap, c)->obj != HS_OBJ_NONE) {
      r = (HsNamedRef) { .kind = HS_REF_CLASS, .target = hs_class_info (heap, c)->obj };
      func (&r, user_data);
    }
    break;
  }
  case 0x20: {
    HsClass self = hs_heap_class_by_id (heap, heap->ids[o]);
    if (self == HS_CLASS_NONE)
      return;
    HsClassInfo *ci = hs_class_info (heap, self);
    RefWalk w = { heap, func, user_data, HS_REF_STATIC, FALSE };
    walk_fields (heap, o, ref_of_field, &w);
    if (w.stopped)
      return;
    HsObj t = ci->super_id ? hs_heap_find (heap, ci->super_id) : HS_OBJ_NONE;
    if (t != HS_OBJ_NONE) {
      r = (HsNamedRef) { .kind = HS_REF_SUPER, .name = "<super>", .target = t };
      if (!func (&r, user_data))
        return;
    }
    t = ci->loader_id ? hs_heap_find (heap, ci->loader_id) : HS_OBJ_NONE;
    if (t != HS_OBJ_NONE) {
      r = (HsNamedRef) { .kind = HS_REF_LOADER, .name = "<classLoader>", .target = t };
      func (&r, user_data);
    }
    break;
  }
  default:
    break;
  }
}

static gboolean
collect_field (const HsFieldValue *fv, gpointer data)
{
  g_array_append_val ((GArray *) data, *fv);
  return TRUE;
}

GArray *
hs_heap_object_fields (HsHeap *heap, HsObj o)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (HsFieldValue));
  walk_fields (heap, o, collect_field, out);
  return out;
}

typedef struct {
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
  FindField ff = { name, out, FALSE };
  walk_fields (heap, o, find_field, &ff);
  return ff.found;
}

gboolean
hs_heap_read_static (HsHeap *heap, const char *class_name, const char *field, HsValue *out)
{
  HsClass c = hs_heap_find_class (heap, class_name);
  HsObj cobj = c == HS_CLASS_NONE ? HS_OBJ_NONE : hs_class_object (heap, c);
  return cobj != HS_OBJ_NONE && hs_heap_read_field (heap, cobj, field, out);
}

gboolean
hs_heap_read_integer (HsHeap *heap, HsObj o, const char *name, gint64 *out)
{
  HsValue v;
  if (o == HS_OBJ_NONE || !hs_heap_read_field (heap, o, name, &v))
    return FALSE;
  switch (v.type) {
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
  HsValue v;
  if (!hs_heap_read_field (heap, o, name, &v) || v.type != HS_TYPE_OBJECT || v.id == 0)
    return HS_OBJ_NONE;
  return hs_heap_find (heap, v.id);
}

/* ---- strings ------------------------------------------------------------------- */

static void
append_utf16 (GString *s, const guint8 *p, guint64 n, gboolean little, gsize max_chars, gboolean *cut)
{
  gsize chars = 0;
  for (guint64 i = 0; i < n; i++) {
    if (chars >= max_chars) {
      *cut = TRUE;
      return;
    }
    gunichar u = little ? (p[2 * i] | (p[2 * i + 1] << 8)) : ((p[2 * i] << 8) | p[2 * i + 1]);
    if (u >= 0xD800 && u <= 0xDBFF && i + 1 < n) {
      gunichar l = little ? (p[2 * i + 2] | (p[2 * i + 3] << 8)) : ((p[2 * i + 2] << 8) | p[2 * i + 3]);
      if (l >= 0xDC00 && l <= 0xDFFF) {
        u = 0x10000 + ((u - 0xD800) << 10) + (l - 0xDC00);
        i++;
      }
    }
    if ((u >= 0xD800 && u <= 0xDFFF) || u == 0)
      u = u == 0 ? 0x2400 : 0xFFFD; /* show NUL as ␀, lone surrogates as � */
    g_string_append_unichar (s, u);
    chars++;
  }
}

static void
append_latin1 (GString *s, const guint8 *p, guint64 n, gsize max_chars, gboolean *cut)
{
  for (guint64 i = 0; i < n; i++) {
    if (i >= max_chars) {
      *cut = TRUE;
      return;
    }
    g_string_append_unichar (s, p[i] ? p[i] : 0x2400);
  }
}

/* Decodes a char[]/byte[] range [from, from+count) of array arr. */
static gboolean
decode_array_text (HsHeap *heap, HsObj arr, gint64 from, gint64 count, gint coder,
                   gsize max_chars, GString *s, gboolean *cut)
{
  if (arr == HS_OBJ_NONE || hs_heap_object_kind (heap, arr) != HS_KIND_PRIM_ARRAY)
    return FALSE;
  HsType t = hs_heap_array_elem_type (heap, arr);
  guint64 len = hs_heap_array_length (heap, arr);
  const guint8 *data = hs_heap_prim_array_data (heap, arr);
  if (!data)
    return TRUE; /* NODATA: an empty string as far as we can tell */
  if (t == HS_TYPE_CHAR) {
    if (from < 0 || (guint64) from > len)
      from = 0;
    if (count < 0 || (guint64) (from + count) > len)
      count = len - from;
    append_utf16 (s, data + 2 * from, count, FALSE, max_chars, cut);
  } else if (t == HS_TYPE_BYTE) {
    if (coder == 1) {
      guint64 units = len / 2;
      if (count >= 0 && (guint64) count < units)
        units = count;
      append_utf16 (s, data, units, TRUE, max_chars, cut);
    } else {
      guint64 n = len;
      if (count >= 0 && (guint64) count < n)
        n = count;
      append_latin1 (s, data, n, max_chars, cut);
    }
  } else
    return FALSE;
  return TRUE;
}

char *
hs_heap_read_string (HsHeap *heap, HsObj o, gsize max_chars)
{
  if (o == HS_OBJ_NONE)
    return NULL;
  GString *s = g_string_new (NULL);
  gboolean cut = FALSE, ok = FALSE;
  if (max_chars == 0)
    max_chars = G_MAXSIZE;
  HsKind k = hs_heap_object_kind (heap, o);
  if (k == HS_KIND_PRIM_ARRAY) {
    ok = decode_array_text (heap, o, 0, -1, 0, max_chars, s, &cut);
  } else if (k == HS_KIND_INSTANCE) {
    HsClass c = heap->klass[o];
    if (c != HS_CLASS_NONE && strcmp (hs_class_name (heap, c), "java.lang.String") == 0) {
      HsValue v;
      HsObj arr = hs_heap_read_ref (heap, o, "value");
      gint64 offset = 0, count = -1;
      gint coder = 0;
      if (hs_heap_read_field (heap, o, "offset", &v) && v.type == HS_TYPE_INT)
        offset = v.i;
      if (hs_heap_read_field (heap, o, "count", &v) && v.type == HS_TYPE_INT)
        count = v.i;
      if (hs_heap_read_field (heap, o, "coder", &v) && v.type == HS_TYPE_BYTE)
        coder = v.b;
      if (arr == HS_OBJ_NONE)
        ok = count == 0 || count == -1; /* empty, or the value is not in the dump */
      else {
        /* JDK 9+ byte[] strings carry no count: the array is the string. */
        if (hs_heap_array_elem_type (heap, arr) == HS_TYPE_BYTE && !hs_heap_is_android (heap))
          count = -1;
        ok = decode_array_text (heap, arr, offset, count, coder, max_chars, s, &cut);
      }
    }
  }
  if (!ok) {
    g_string_free (s, TRUE);
    return NULL;
  }
  if (cut)
    g_string_append (s, "…");
  return g_string_free (s, FALSE);
}

const char *
hs_heap_object_class_name (HsHeap *heap, HsObj o)
{
  if (hs_heap_object_kind (heap, o) == HS_KIND_CLASS) {
    HsClass c = hs_heap_object_as_class (heap, o);
    if (c != HS_CLASS_NONE) {
      char key[1024];
      g_snprintf (key, sizeof key, "class %s", hs_class_info (heap, c)->name);
      return g_string_chunk_insert_const (heap->names, key);
    }
  }
  HsClass c = heap->klass[o];
  return c == HS_CLASS_NONE ? "<unknown class>" : hs_class_info (heap, c)->name;
}

char *
hs_heap_object_label (HsHeap *heap, HsObj o)
{
  return g_strdup_printf ("%s@0x%" G_GINT64_MODIFIER "x", hs_heap_object_class_name (heap, o), heap->ids[o]);
}

char *
hs_heap_describe (HsHeap *heap, HsObj o)
{
  HsKind k = hs_heap_object_kind (heap, o);
  HsClass c = heap->klass[o];
  if (k == HS_KIND_CLASS) {
    HsClass self = hs_heap_object_as_class (heap, o);
    return self == HS_CLASS_NONE ? NULL : g_strdup (hs_class_info (heap, self)->name);
  }
  if (k == HS_KIND_OBJ_ARRAY || k == HS_KIND_PRIM_ARRAY) {
    guint32 n = hs_heap_array_length (heap, o);
    if (k == HS_KIND_PRIM_ARRAY && (hs_heap_array_elem_type (heap, o) == HS_TYPE_CHAR)) {
      g_autofree char *txt = hs_heap_read_string (heap, o, 60);
      if (txt)
        return g_strdup_printf ("%u items: \"%s\"", n, txt);
    }
    return g_strdup_printf ("%u item%s", n, n == 1 ? "" : "s");
  }
  if (c == HS_CLASS_NONE)
    return NULL;
  if (strcmp (hs_class_info (heap, c)->name, "java.lang.String") == 0) {
    g_autofree char *txt = hs_heap_read_string (heap, o, 80);
    return txt ? g_strdup_printf ("\"%s\"", txt) : NULL;
  }
  if (hs_class_is_subclass_of (heap, c, "java.lang.Thread")) {
    HsObj name = hs_heap_read_ref (heap, o, "name");
    g_autofree char *txt = hs_heap_read_string (heap, name, 80);
    return txt ? g_strdup_printf ("Thread name: \"%s\"", txt) : NULL;
  }
  return NULL;
}

/* ---- classes -------------------------------------------------------------------- */
guint hs_heap_n_classes (HsHeap *heap) { return heap->classes->len; }
const char *hs_class_name (HsHeap *heap, HsClass c) { return hs_class_info (heap, c)->name; }
HsObj hs_class_object (HsHeap *heap, HsClass c) { return hs_class_info (heap, c)->obj; }
guint64 hs_class_id (HsHeap *heap, HsClass c) { return hs_class_info (heap, c)->id; }
HsClass hs_class_super (HsHeap *heap, HsClass c) { return hs_class_info (heap, c)->super; }
guint64 hs_class_loader_id (HsHeap *heap, HsClass c) { return hs_class_info (heap, c)->loader_id; }
guint32 hs_class_instance_size (HsHeap *heap, HsClass c) { return hs_class_info (heap, c)->instance_size; }
guint64 hs_class_count (HsHeap *heap, HsClass c) { return hs_class_info (heap, c)->count; }
guint64 hs_class_reachable_count (HsHeap *heap, HsClass c) { return hs_class_info (heap, c)->reachable_count; }
guint64 hs_class_shallow (HsHeap *heap, HsClass c) { return hs_class_info (heap, c)->shallow; }

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

HsClass
hs_heap_find_class (HsHeap *heap, const char *name)
{
  gpointer v = g_hash_table_lookup (heap->class_by_name, name);
  return v ? GPOINTER_TO_UINT (v) - 1 : HS_CLASS_NONE;
}

/* ---- roots ------------------------------------------------------------------------ */
gsize hs_heap_n_roots (HsHeap *heap) { return heap->roots->len; }
const HsRoot *hs_heap_root (HsHeap *heap, gsize i) { return &g_array_index (heap->roots, HsRoot, i); }

GArray *
hs_heap_roots_of (HsHeap *heap, HsObj o)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (gsize));
  if (!(heap->flags[o] & HS_FLAG_ROOT))
    return out;
  for (gsize i = 0; i < heap->roots->len; i++)
    if (g_array_index (heap->roots, HsRoot, i).obj == o)
      g_array_append_val (out, i);
  return out;
}

const char *
hs_root_type_name (guint8 type)
{
  switch (type) {
  case HS_ROOT_JNI_GLOBAL: return "JNI Global";
  case HS_ROOT_JNI_LOCAL: return "JNI Local";
  case HS_ROOT_JAVA_FRAME: return "Java Frame";
  case HS_ROOT_NATIVE_STACK: return "Native Stack";
  case HS_ROOT_STICKY_CLASS: return "System Class";
  case HS_ROOT_THREAD_BLOCK: return "Thread Block";
  case HS_ROOT_MONITOR_USED: return "Monitor Used";
  case HS_ROOT_THREAD_OBJECT: return "Thread Object";
  case HS_ROOT_INTERNED_STRING: return "Interned String";
  case HS_ROOT_FINALIZING: return "Finalizing";
  case HS_ROOT_DEBUGGER: return "Debugger";
  case HS_ROOT_REFERENCE_CLEANUP: return "Reference Cleanup";
  case HS_ROOT_VM_INTERNAL: return "VM Internal";
  case HS_ROOT_JNI_MONITOR: return "JNI Monitor";
  case HS_ROOT_UNREACHABLE: return "Unreachable";
  case HS_ROOT_UNKNOWN: return "Unknown";
  default: return "Unknown";
  }
}

char *
hs_heap_thread_name (HsHeap *heap, guint32 thread_serial)
{
  guint64 *tid = g_hash_table_lookup (heap->thread_objs, GUINT_TO_POINTER (thread_serial));
  if (!tid)
    return NULL;
  HsObj t = hs_heap_find (heap, *tid);
  if (t == HS_OBJ_NONE)
    return NULL;
  return hs_heap_read_string (heap, hs_heap_read_ref (heap, t, "name"), 80);
}

const char *
hs_type_name (HsType type)
{
  switch (type) {
  case HS_TYPE_OBJECT: return "Object";
  case HS_TYPE_BOOLEAN: return "boolean";
  case HS_TYPE_CHAR: return "char";
  case HS_TYPE_FLOAT: return "float";
  case HS_TYPE_DOUBLE: return "double";
  case HS_TYPE_BYTE: return "byte";
  case HS_TYPE_SHORT: return "short";
  case HS_TYPE_INT: return "int";
  case HS_TYPE_LONG: return "long";
  default: return "?";
  }
}
