/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-classes.c: the class table. Classes from the CLASS_DUMP records
 * (names in Java source form, fields, statics, a loop-free superclass
 * chain), the synthetic classes objects need but the dump lacks
 * (primitive arrays, java.lang.Class), the reference size and alignment,
 * and each class's instance size and reference-field offsets. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "hs-heap-load-private.h"
#include "hs-field-packing.h"

/* Java source form of a class name: java/lang/String -> java.lang.String,
 * [I -> int[], [[Ljava/lang/Object; -> java.lang.Object[][]. */
static char *
pretty_class_name (const char *raw, gsize len)
{
  g_autofree char *valid = g_utf8_make_valid (raw, len);
  const char *s = valid;
  guint dims = 0;
  while (s[dims] == '[')
    dims++;
  GString *out = g_string_new (NULL);
  if (dims > 0)
    {
      const char *e = s + dims;
      switch (*e)
        {
          case 'Z': g_string_append (out, "boolean"); break;
          case 'C': g_string_append (out, "char"); break;
          case 'F': g_string_append (out, "float"); break;
          case 'D': g_string_append (out, "double"); break;
          case 'B': g_string_append (out, "byte"); break;
          case 'S': g_string_append (out, "short"); break;
          case 'I': g_string_append (out, "int"); break;
          case 'J': g_string_append (out, "long"); break;
          case 'L':
            {
              gsize l = strlen (e + 1);
              if (l > 0 && e[l] == ';')
                l--;
              g_string_append_len (out, e + 1, l);
              break;
            }
          default:
            g_string_append (out, s);
            dims = 0;
            break;
        }
    }
  else
    g_string_append (out, s);
  for (char *c = out->str; *c; c++)
    if (*c == '/')
      *c = '.';
  for (guint i = 0; i < dims; i++)
    g_string_append (out, "[]");
  return g_string_free (out, FALSE);
}

static HsClass
add_class (HsHeap *heap, const char *name)
{
  HsClassInfo ci = { 0 };
  ci.name = (char *)_hs_heap_intern (heap, name);
  ci.obj = HS_OBJ_NONE;
  ci.super = HS_CLASS_NONE;
  ci.fields_from = HS_CLASS_NONE; /* set with the chain facts, after the layout */
  g_array_append_val (heap->classes, ci);
  HsClass c = heap->classes->len - 1;
  if (!g_hash_table_contains (heap->class_by_name, ci.name))
    g_hash_table_insert (heap->class_by_name, ci.name, GUINT_TO_POINTER (c + 1));
  return c;
}

static const char *
intern_string_id (HsParse *ps, guint64 sid)
{
  gsize len;
  const char *s = _hs_parse_string (ps, sid, &len);
  if (!s)
    {
      char buf[40];
      g_snprintf (buf, sizeof buf, "<unnamed 0x%" G_GINT64_MODIFIER "x>", sid);
      return _hs_heap_intern (ps->heap, buf);
    }
  g_autofree char *v = g_utf8_make_valid (s, len);
  return _hs_heap_intern (ps->heap, v);
}

/* (key, payload) pairs by key, then payload. */
static int
cmp_u64_pair (const void *a, const void *b)
{
  const guint64 *x = a, *y = b;
  if (x[0] != y[0])
    return x[0] < y[0] ? -1 : 1;
  return x[1] < y[1] ? -1 : x[1] > y[1];
}

gboolean
_hs_heap_load_classes (HsParse *ps, GError **error)
{
  HsHeap *heap = ps->heap;
  const guint8 *d = heap->data;
  guint ids = heap->id_size;
  guint nc = ps->class_dumps->len;

  /* A class written twice (repeated dumps merged into one) keeps its last
   * CLASS_DUMP, like every other object; file order is kept otherwise. */
  {
    guint64 *pairs = g_new (guint64, 2 * (gsize)nc + 2);
    for (guint k = 0; k < nc; k++)
      {
        guint64 off = g_array_index (ps->class_dumps, guint64, k);
        pairs[2 * k] = hs_read_id (d + off + 1, ids);
        pairs[2 * k + 1] = off;
      }
    qsort (pairs, nc, 2 * sizeof (guint64), cmp_u64_pair);
    guint w = 0;
    for (guint k = 0; k < nc; k++)
      {
        if (k + 1 < nc && pairs[2 * k + 2] == pairs[2 * k])
          continue;
        g_array_index (ps->class_dumps, guint64, w++) = pairs[2 * k + 1];
      }
    g_array_set_size (ps->class_dumps, w);
    g_array_sort (ps->class_dumps, hs_cmp_u64);
    nc = w;
    g_free (pairs);
  }

  for (guint k = 0; k < nc; k++)
    {
      guint64 off = g_array_index (ps->class_dumps, guint64, k);
      const guint8 *b = d + off + 1;
      guint64 cid = hs_read_id (b, ids);
      gsize len;
      const char *raw = _hs_parse_class_name (ps, cid, &len);
      g_autofree char *name = raw ? pretty_class_name (raw, len) : NULL;
      if (!name)
        name = g_strdup_printf ("<unknown class 0x%" G_GINT64_MODIFIER "x>", cid);
      HsClass c = add_class (heap, name);
      HsClassInfo *ci = hs_class_info (heap, c);
      ci->id = cid;
      ci->super_id = hs_read_id (b + ids + 4, ids);
      ci->loader_id = hs_read_id (b + 2 * ids + 4, ids);
      ci->declared_size = hs_be32 (b + 7 * ids + 4);
      guint64 q = 7 * ids + 8;
      guint np = hs_be16 (b + q);
      q += 2;
      for (guint i = 0; i < np; i++)
        q += 3 + hs_type_size (b[q + 2], ids);
      guint ns = hs_be16 (b + q);
      q += 2;
      ci->statics = ns ? g_new0 (HsStaticField, ns) : NULL;
      ci->n_statics = ns;
      guint64 ssize = 0;
      for (guint i = 0; i < ns; i++)
        {
          HsStaticField *sf = &ci->statics[i];
          sf->name = intern_string_id (ps, hs_read_id (b + q, ids));
          sf->type = b[q + ids];
          sf->value = hs_value_decode (b + q + ids + 1, sf->type, ids);
          ssize += sf->type == HS_TYPE_OBJECT ? 0 : hs_type_size (sf->type, ids);
          q += ids + 1 + hs_type_size (sf->type, ids);
        }
      ci->statics_size = (guint32)ssize; /* object statics added once R is known */
      guint nf = hs_be16 (b + q);
      q += 2;
      ci->fields = nf ? g_new0 (HsFieldDecl, nf) : NULL;
      ci->n_fields = nf;
      for (guint i = 0; i < nf; i++)
        {
          ci->fields[i].name = intern_string_id (ps, hs_read_id (b + q, ids));
          ci->fields[i].type = b[q + ids];
          if (hs_type_size (ci->fields[i].type, ids) == 0)
            {
              _hs_set_format_error (error, heap->name, off, "class %s declares field %s of invalid type %u",
                                    ci->name, ci->fields[i].name, ci->fields[i].type);
              return FALSE;
            }
          q += ids + 1;
        }
    }

  _hs_heap_index_class_ids (heap);
  for (guint i = 0; i < heap->classes->len; i++)
    {
      HsClassInfo *ci = hs_class_info (heap, i);
      ci->super = ci->super_id ? hs_heap_class_by_id (heap, ci->super_id) : HS_CLASS_NONE;
    }
  /* Break superclass loops (hostile files) where they loop, in time linear
   * in the classes (a walk per class was quadratic on deep hierarchies):
   * state 1 = on the current walk, 2 = its chain ends. */
  {
    guint ncls = heap->classes->len;
    guint8 *state = g_new0 (guint8, ncls + 1);
    for (guint i = 0; i < ncls; i++)
      {
        HsClass c = i;
        while (c != HS_CLASS_NONE && state[c] == 0)
          {
            state[c] = 1;
            c = hs_class_info (heap, c)->super;
          }
        if (c != HS_CLASS_NONE && state[c] == 1)
          {
            /* The walk came back to c: cut c's link into the loop. */
            hs_class_info (heap, c)->super = HS_CLASS_NONE;
            _hs_heap_add_warning (heap, "%s: the superclass chain of %s loops; it was cut", heap->name,
                                  hs_class_info (heap, c)->name);
          }
        for (c = i; c != HS_CLASS_NONE && state[c] == 1; c = hs_class_info (heap, c)->super)
          state[c] = 2;
      }
    g_free (state);
  }

  /* Android detection by java.lang.Object's shadow$_klass_ field. */
  HsClass obj_class = hs_heap_find_class (heap, "java.lang.Object");
  if (obj_class != HS_CLASS_NONE)
    {
      HsClassInfo *oc = hs_class_info (heap, obj_class);
      for (guint i = 0; i < oc->n_fields; i++)
        if (g_str_equal (oc->fields[i].name, "shadow$_klass_"))
          heap->android = TRUE;
    }
  return TRUE;
}

/* The end of class kc's packed fields after its superclass's layout
 * (super_end and, for a class with a superclass, its gaps); kc's own gaps
 * are appended to holes. */
static guint64
pack_class (const HsClassInfo *k, guint64 super_end, guint R, GArray *holes, guint32 *hole_start,
            guint8 *hole_n, HsClass kc)
{
  guint64 counts[4] = { 0 }, refs = 0;
  guint32 sh = k->super == HS_CLASS_NONE ? 0 : hole_start[k->super];
  guint8 nh = k->super == HS_CLASS_NONE ? 0 : hole_n[k->super];

  if (k->n_fields == 0)
    {
      hole_start[kc] = sh;
      hole_n[kc] = nh;
      return super_end;
    }
  for (guint f = 0; f < k->n_fields; f++)
    if (k->fields[f].type == HS_TYPE_OBJECT)
      refs++;
    else
      switch (hs_type_size (k->fields[f].type, 8))
        {
          case 8: counts[0]++; break;
          case 4: counts[1]++; break;
          case 2: counts[2]++; break;
          case 1: counts[3]++; break;
          default: break; /* not a basic type: takes no room */
        }
  /* hs_field_pack copies the superclass's gaps before it appends. */
  guint32 start = holes->len;
  const HsFieldHole *super_holes = nh ? &g_array_index (holes, HsFieldHole, sh) : NULL;
  guint64 end = hs_field_pack (super_holes, nh, super_end, counts, refs, R, holes);
  hole_start[kc] = start;
  hole_n[kc] = (guint8)(holes->len - start);
  return end;
}

/* Sizes that depend on the layout, and each class's followed-reference
 * offsets within instance data. */
void
_hs_heap_layout_classes (HsHeap *heap)
{
  guint P = heap->id_size, R = heap->ref_size, A = heap->align, H = heap->layout.header_size;
  gboolean packed = heap->layout.fields == HS_FIELDS_PACKED;
  guint nc = heap->classes->len;
  GArray *pool = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 *sz = g_new0 (guint32, nc); /* S(C) before alignment to A */
  /* Packed fields: each class's gaps (a slice of holes; a class without
   * fields of its own shares its superclass's). */
  GArray *holes = packed ? g_array_new (FALSE, FALSE, sizeof (HsFieldHole)) : NULL;
  guint32 *hole_start = packed ? g_new0 (guint32, nc) : NULL;
  guint8 *hole_n = packed ? g_new0 (guint8, nc) : NULL;
  guint8 *done = g_new0 (guint8, nc);
  HsClass *chain = g_new (HsClass, nc + 1);

  for (guint i = 0; i < nc; i++)
    {
      HsClassInfo *ci = hs_class_info (heap, i);
      guint32 nobj = 0;
      for (guint k = 0; k < ci->n_statics; k++)
        nobj += ci->statics[k].type == HS_TYPE_OBJECT;
      ci->statics_size = (guint32)hs_align_up ((guint64)ci->statics_size + (guint64)nobj * R, A);
      if (strcmp (ci->name, "java.lang.ref.Reference") == 0)
        ci->is_reference_class = TRUE;
    }
  /* Sizes and instance data layout, from the top of each chain down. The
   * layout: own fields first, then the superclass's. A
   * class's reference offsets are its own, then its superclass's shifted by
   * its own data size: built from the top of each chain down, in time linear
   * in the pool (a walk of the whole chain per class was quadratic on deep
   * hierarchies). The pool is capped: a hostile file can make every one of
   * thousands of subclasses inherit 65535 reference fields. */
  const guint pool_cap = 1u << 24;
  gboolean capped = FALSE;
  for (guint i = 0; i < nc; i++)
    {
      guint depth = 0;
      HsClass c = i;
      while (c != HS_CLASS_NONE && !done[c])
        {
          chain[depth++] = c;
          c = hs_class_info (heap, c)->super;
        }
      while (depth > 0)
        {
          HsClass kc = chain[--depth];
          HsClassInfo *k = hs_class_info (heap, kc);
          /* S(C) of docs/semantics.md: the header at the top, else the own
           * fields placed after S(super): summed and aligned up to R, or
           * packed into the superclass's gaps. */
          guint64 sc;
          if (packed)
            sc = pack_class (k, k->super == HS_CLASS_NONE ? H : sz[k->super], R, holes, hole_start, hole_n,
                             kc);
          else
            {
              guint64 own = 0;
              for (guint f = 0; f < k->n_fields; f++)
                own += k->fields[f].type == HS_TYPE_OBJECT ? R : hs_type_size (k->fields[f].type, P);
              sc = k->super == HS_CLASS_NONE ? H : hs_align_up (own + sz[k->super], R);
            }
          sz[kc] = (guint32)MIN (sc, (guint64)G_MAXUINT32);
          k->instance_size
              = heap->android ? (guint32)hs_align_up (k->declared_size, 8) : (guint32)hs_align_up (sz[kc], A);
          guint64 pos = 0;
          k->refs_start = pool->len;
          for (guint f = 0; f < k->n_fields; f++)
            {
              if (k->fields[f].type == HS_TYPE_OBJECT
                  && !(k->is_reference_class && !heap->follow_weak
                       && g_str_equal (k->fields[f].name, "referent")))
                {
                  guint32 o = (guint32)pos;
                  g_array_append_val (pool, o);
                }
              pos += hs_type_size (k->fields[f].type, P);
            }
          if (k->super != HS_CLASS_NONE)
            {
              const HsClassInfo *s = hs_class_info (heap, k->super);
              if (pool->len + (guint64)s->refs_count > pool_cap)
                {
                  capped = TRUE;
                }
              else
                {
                  for (guint32 r = 0; r < s->refs_count; r++)
                    {
                      guint32 o = (guint32)(pos + g_array_index (pool, guint32, s->refs_start + r));
                      g_array_append_val (pool, o);
                    }
                }
              pos += s->data_size;
            }
          k->data_size = (guint32)MIN (pos, (guint64)G_MAXUINT32);
          k->refs_count = pool->len - k->refs_start;
          done[kc] = 1;
        }
    }
  if (capped)
    _hs_heap_add_warning (heap,
                          "%s: the classes inherit more than %u reference fields in all; the inherited "
                          "references of some classes were left out",
                          heap->name, pool_cap);
  heap->n_class_ref_offsets = pool->len;
  heap->class_ref_offsets = (guint32 *)g_array_free (pool, FALSE);
  g_free (sz);
  g_free (done);
  g_free (chain);
  if (holes)
    g_array_free (holes, TRUE);
  g_free (hole_start);
  g_free (hole_n);
}

/* Class names of primitive arrays, by element type. */
static const char *const prim_names[12] = {
  [HS_TYPE_BOOLEAN] = "boolean[]", [HS_TYPE_CHAR] = "char[]", [HS_TYPE_FLOAT] = "float[]",
  [HS_TYPE_DOUBLE] = "double[]",   [HS_TYPE_BYTE] = "byte[]", [HS_TYPE_SHORT] = "short[]",
  [HS_TYPE_INT] = "int[]",         [HS_TYPE_LONG] = "long[]",
};

/* Classes that are not in the dump but that objects need: primitive arrays
 * with no class object, java.lang.Class. */
static void
synthetic_classes (HsHeap *heap)
{
  for (guint t = 0; t < 12; t++)
    {
      heap->prim_class[t] = HS_CLASS_NONE;
      if (!prim_names[t])
        continue;
      HsClass c = hs_heap_find_class (heap, prim_names[t]);
      heap->prim_class[t] = c; /* created lazily below if an array needs it */
    }
  heap->class_class = hs_heap_find_class (heap, "java.lang.Class");
}

static HsClass
prim_class_for (HsHeap *heap, guint type)
{
  if (type >= 12 || !prim_names[type])
    return HS_CLASS_NONE;
  if (heap->prim_class[type] == HS_CLASS_NONE)
    {
      heap->prim_class[type] = add_class (heap, prim_names[type]);
      hs_class_info (heap, heap->prim_class[type])->prim_type = type;
    }
  return heap->prim_class[type];
}

static guint64
gcd64 (guint64 a, guint64 b)
{
  while (b)
    {
      guint64 t = a % b;
      a = b;
      b = t;
    }
  return a;
}

void
_hs_heap_set_ref_size_and_align (HsHeap *heap)
{
  heap->ref_size = (heap->id_size == 8 && heap->compressed_refs) ? 4 : heap->id_size;
  if (heap->android)
    {
      heap->ref_size = 4;
      heap->align = 8;
    }
  else
    {
      guint64 g = 0, prev = 0;
      for (guint64 i = 0; i < heap->n; i++)
        {
          if (heap->ids[i] == 0)
            continue;
          if (prev)
            {
              g = gcd64 (g, heap->ids[i] - prev);
              if (g != 0 && g <= 8)
                break; /* it only shrinks, and is clamped to 8 */
            }
          prev = heap->ids[i];
        }
      heap->align = (guint)CLAMP (g, 8, 256);
      if (g == 0)
        heap->align = 8;
    }
}

void
_hs_heap_resolve_classes (HsHeap *heap, guint prim_types_seen)
{
  for (guint i = 0; i < heap->classes->len; i++)
    {
      HsClassInfo *ci = hs_class_info (heap, i);
      ci->obj = hs_heap_find (heap, ci->id);
    }
  synthetic_classes (heap);
  /* Make sure every primitive array type that occurs has a class entry. */
  for (guint t = 0; t < 12; t++)
    if ((prim_types_seen & (1u << t)) && t != HS_TYPE_OBJECT)
      (void)prim_class_for (heap, t);
  if (heap->class_class == HS_CLASS_NONE)
    heap->class_class = add_class (heap, "java.lang.Class");
}
