/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-system-props.c: system properties and JVM arguments read from the
 * dump (hs-system-props.h; docs/semantics.md "System properties and JVM
 * arguments"). Maps are read through their own fields, whatever their
 * class: a `table` of nodes chained by `next` (HashMap, Hashtable,
 * ConcurrentHashMap and its TreeBins), Properties' `map`, an unmodifiable
 * wrapper's `m`, the immutable maps of Map.of. */
#include "config.h"

#include <string.h>

#include "hs-system-props.h"

/* Wrappers followed before a map or list is reached (UnmodifiableMap of
 * a Properties of a ConcurrentHashMap is 3). */
#define MAX_DEPTH 6

typedef struct
{
  HsHeap *heap;
  GArray *props;    /* HsSystemProp */
  GHashTable *seen; /* objects read (GUINT_TO_POINTER (obj + 1)) */
  gsize text;       /* bytes of text kept */
  guint64 slots;    /* table slots looked at */
  gboolean truncated;
} Reader;

static gboolean
has_field (HsHeap *heap, HsObj o, const char *name)
{
  HsValue v;

  return o != HS_OBJ_NONE && hs_heap_object_kind (heap, o) == HS_KIND_INSTANCE
         && hs_heap_read_field (heap, o, name, &v);
}

/* Once per object: FALSE the second time (a chain that loops). */
static gboolean
first_visit (Reader *r, HsObj o)
{
  gpointer key = GUINT_TO_POINTER ((guint)o + 1);

  if (g_hash_table_contains (r->seen, key))
    return FALSE;
  g_hash_table_add (r->seen, key);
  return TRUE;
}

/* A String's value, else the object's label; NULL when the text budget is
 * spent. */
static char *
text_of (Reader *r, HsObj o)
{
  GString *s = g_string_new (NULL);

  if (!hs_heap_append_string (r->heap, o, HS_SYSTEM_PROPS_MAX_CHARS, s))
    {
      g_autofree char *label = hs_heap_object_label (r->heap, o);
      g_string_assign (s, label);
    }
  if (r->text + s->len > HS_SYSTEM_PROPS_MAX_TEXT)
    {
      r->truncated = TRUE;
      g_string_free (s, TRUE);
      return NULL;
    }
  r->text += s->len;
  return g_string_free (s, FALSE);
}

/* FALSE once a bound is reached (stop reading). */
static gboolean
add_entry (Reader *r, HsObj key, HsObj value)
{
  if (key == HS_OBJ_NONE || value == HS_OBJ_NONE)
    return TRUE; /* not a mapping (a TreeBin's own node, a removed slot) */
  if (r->props->len >= HS_SYSTEM_PROPS_MAX)
    {
      r->truncated = TRUE;
      return FALSE;
    }
  HsSystemProp p = { text_of (r, key), NULL };
  if (p.key != NULL)
    p.value = text_of (r, value);
  if (p.value == NULL)
    {
      g_free (p.key);
      return FALSE;
    }
  g_array_append_val (r->props, p);
  return TRUE;
}

/* A bucket: nodes chained by `next`, with `key` and `value` (HashMap,
 * Hashtable) or `val` (ConcurrentHashMap); a TreeBin's nodes start at
 * `first` and chain by `next` too. */
static gboolean
read_chain (Reader *r, HsObj node)
{
  while (node != HS_OBJ_NONE && hs_heap_object_kind (r->heap, node) == HS_KIND_INSTANCE
         && first_visit (r, node))
    {
      HsValue key;
      if (!hs_heap_read_field (r->heap, node, "key", &key))
        {
          node = hs_heap_read_ref (r->heap, node, "first"); /* a TreeBin, or nothing */
          continue;
        }
      HsObj value = hs_heap_read_ref (r->heap, node, "value");
      if (value == HS_OBJ_NONE)
        value = hs_heap_read_ref (r->heap, node, "val");
      if (!add_entry (
              r, key.type == HS_TYPE_OBJECT && key.id != 0 ? hs_heap_find (r->heap, key.id) : HS_OBJ_NONE,
              value))
        return FALSE;
      node = hs_heap_read_ref (r->heap, node, "next");
    }
  return TRUE;
}

static HsObj
element (HsHeap *heap, HsObj arr, guint32 i)
{
  guint64 id = hs_heap_obj_array_get (heap, arr, i);

  return id == 0 ? HS_OBJ_NONE : hs_heap_find (heap, id);
}

/* A table of buckets, or (pairs) Map.of's keys and values side by side. */
static gboolean
read_table (Reader *r, HsObj table, gboolean pairs)
{
  if (table == HS_OBJ_NONE || hs_heap_object_kind (r->heap, table) != HS_KIND_OBJ_ARRAY
      || !first_visit (r, table))
    return TRUE;
  guint32 n = hs_heap_array_length (r->heap, table);
  for (guint32 i = 0; i < n; i += pairs ? 2 : 1)
    {
      if (++r->slots > HS_SYSTEM_PROPS_MAX_SLOTS)
        {
          r->truncated = TRUE;
          return FALSE;
        }
      if (pairs)
        {
          if (i + 1 < n && !add_entry (r, element (r->heap, table, i), element (r->heap, table, i + 1)))
            return FALSE;
        }
      else if (!read_chain (r, element (r->heap, table, i)))
        return FALSE;
    }
  return TRUE;
}

static gboolean
read_map (Reader *r, HsObj map, guint depth)
{
  HsHeap *heap = r->heap;

  if (map == HS_OBJ_NONE || depth > MAX_DEPTH || hs_heap_object_kind (heap, map) != HS_KIND_INSTANCE
      || !first_visit (r, map))
    return TRUE;
  const char *cname = hs_heap_object_class_name (heap, map);
  if (g_str_has_prefix (cname, "java.util.ImmutableCollections$Map1"))
    return add_entry (r, hs_heap_read_ref (heap, map, "k0"), hs_heap_read_ref (heap, map, "v0"));
  if (g_str_has_prefix (cname, "java.util.ImmutableCollections$MapN"))
    return read_table (r, hs_heap_read_ref (heap, map, "table"), TRUE);
  /* Properties since Java 9 keeps its entries in `map`; a wrapper in `m`. */
  if (!read_map (r, hs_heap_read_ref (heap, map, "map"), depth + 1))
    return FALSE;
  if (!read_map (r, hs_heap_read_ref (heap, map, "m"), depth + 1))
    return FALSE;
  return read_table (r, hs_heap_read_ref (heap, map, "table"), FALSE);
}

static int
cmp_props (gconstpointer pa, gconstpointer pb)
{
  const HsSystemProp *a = pa, *b = pb;
  int c = strcmp (a->key, b->key);

  return c != 0 ? c : strcmp (a->value, b->value);
}

static void
read_props (HsSystemProps *out, Reader *r)
{
  static const struct
  {
    const char *klass, *field, *source;
  } sources[] = {
    { "java.lang.System", "props", "java.lang.System.props" },
    { "jdk.internal.misc.VM", "savedProps", "jdk.internal.misc.VM.savedProps" },
    { "sun.misc.VM", "savedProps", "sun.misc.VM.savedProps" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (sources) && r->props->len == 0; i++)
    {
      HsValue v;
      if (!hs_heap_read_static (r->heap, sources[i].klass, sources[i].field, &v) || v.type != HS_TYPE_OBJECT
          || v.id == 0)
        continue;
      read_map (r, hs_heap_find (r->heap, v.id), 0);
      if (r->props->len > 0)
        out->source = sources[i].source;
    }
  g_array_sort (r->props, cmp_props);
  out->n_props = r->props->len;
  out->props = (HsSystemProp *)g_array_free (r->props, FALSE);
  r->props = NULL;
}

/* VisualVM's: the first sun.management.VMManagementImpl (the one
 * ManagementFactoryHelper.jvm holds when there is that static). */
static HsObj
find_vm_management (HsHeap *heap)
{
  HsValue v;

  if (hs_heap_read_static (heap, "sun.management.ManagementFactoryHelper", "jvm", &v)
      && v.type == HS_TYPE_OBJECT && v.id != 0)
    {
      HsObj o = hs_heap_find (heap, v.id);
      if (o != HS_OBJ_NONE)
        return o;
    }
  HsClass c = hs_heap_find_class (heap, "sun.management.VMManagementImpl");
  if (c == HS_CLASS_NONE || hs_class_count (heap, c) == 0)
    return HS_OBJ_NONE;
  guint64 n = hs_heap_n_objects (heap);
  for (HsObj o = 0; o < n; o++)
    if (hs_heap_object_class (heap, o) == c)
      return o;
  return HS_OBJ_NONE;
}

static void
add_arg (GPtrArray *args, Reader *r, HsObj o)
{
  if (o == HS_OBJ_NONE)
    return;
  if (args->len >= HS_SYSTEM_PROPS_MAX_ARGS)
    {
      r->truncated = TRUE;
      return;
    }
  char *text = text_of (r, o);
  if (text != NULL)
    g_ptr_array_add (args, text);
}

/* A List of Strings: an unmodifiable wrapper (`list`), Arrays.asList
 * (`a`), ArrayList (`elementData` up to `size`), List.of (`elements`,
 * `e0`/`e1`). */
static void
read_list (GPtrArray *args, Reader *r, HsObj list, guint depth)
{
  HsHeap *heap = r->heap;

  if (list == HS_OBJ_NONE || depth > MAX_DEPTH || !first_visit (r, list))
    return;
  if (hs_heap_object_kind (heap, list) == HS_KIND_OBJ_ARRAY)
    {
      guint32 n = hs_heap_array_length (heap, list);
      for (guint32 i = 0; i < n && !r->truncated; i++)
        add_arg (args, r, element (heap, list, i));
      return;
    }
  if (hs_heap_object_kind (heap, list) != HS_KIND_INSTANCE)
    return;
  if (has_field (heap, list, "list"))
    read_list (args, r, hs_heap_read_ref (heap, list, "list"), depth + 1);
  else if (has_field (heap, list, "a"))
    read_list (args, r, hs_heap_read_ref (heap, list, "a"), depth + 1);
  else if (has_field (heap, list, "elements"))
    read_list (args, r, hs_heap_read_ref (heap, list, "elements"), depth + 1);
  else if (has_field (heap, list, "elementData"))
    {
      HsObj arr = hs_heap_read_ref (heap, list, "elementData");
      gint64 size = 0;
      if (arr == HS_OBJ_NONE || hs_heap_object_kind (heap, arr) != HS_KIND_OBJ_ARRAY
          || !hs_heap_read_integer (heap, list, "size", &size))
        return;
      guint32 n = (guint32)CLAMP (size, 0, (gint64)hs_heap_array_length (heap, arr));
      for (guint32 i = 0; i < n && !r->truncated; i++)
        add_arg (args, r, element (heap, arr, i));
    }
  else if (has_field (heap, list, "e0"))
    {
      add_arg (args, r, hs_heap_read_ref (heap, list, "e0"));
      add_arg (args, r, hs_heap_read_ref (heap, list, "e1"));
    }
}

static void
read_args (HsSystemProps *out, Reader *r)
{
  GPtrArray *args = g_ptr_array_new ();
  HsObj vmm = find_vm_management (r->heap);

  if (vmm != HS_OBJ_NONE && has_field (r->heap, vmm, "vmArgs"))
    {
      read_list (args, r, hs_heap_read_ref (r->heap, vmm, "vmArgs"), 0);
      out->jvm_args_source = "sun.management.VMManagementImpl.vmArgs";
    }
  out->n_jvm_args = args->len;
  g_ptr_array_add (args, NULL);
  out->jvm_args = (char **)g_ptr_array_free (args, FALSE);
}

HsSystemProps *
hs_system_props_read (HsHeap *heap)
{
  g_return_val_if_fail (heap != NULL, NULL);
  HsSystemProps *out = g_new0 (HsSystemProps, 1);
  Reader r = { heap, g_array_new (FALSE, FALSE, sizeof (HsSystemProp)), g_hash_table_new (NULL, NULL) };

  read_props (out, &r);
  read_args (out, &r);
  if (out->n_jvm_args == 0)
    out->jvm_args_source = NULL;
  out->truncated = r.truncated;
  g_hash_table_unref (r.seen);
  return out;
}

void
hs_system_props_free (HsSystemProps *props)
{
  if (props == NULL)
    return;
  for (guint i = 0; i < props->n_props; i++)
    {
      g_free (props->props[i].key);
      g_free (props->props[i].value);
    }
  g_free (props->props);
  g_strfreev (props->jvm_args);
  g_free (props);
}

const char *
hs_system_props_get (const HsSystemProps *props, const char *key)
{
  g_return_val_if_fail (props != NULL && key != NULL, NULL);
  guint lo = 0, hi = props->n_props;

  while (lo < hi) /* the first of the keys not below key */
    {
      guint mid = lo + (hi - lo) / 2;
      if (strcmp (props->props[mid].key, key) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < props->n_props && strcmp (props->props[lo].key, key) == 0 ? props->props[lo].value : NULL;
}

void
hs_system_props_append_csv (GString *out, const HsSystemProps *props)
{
  g_return_if_fail (out != NULL && props != NULL);
  g_string_append (out, "key,value\n");
  for (guint i = 0; i < props->n_props; i++)
    {
      hs_format_append_csv_cell (out, props->props[i].key);
      g_string_append_c (out, ',');
      hs_format_append_csv_cell (out, props->props[i].value);
      g_string_append (out, "\n");
    }
  g_string_append (out, "\njvm argument\n");
  for (guint i = 0; i < props->n_jvm_args; i++)
    {
      hs_format_append_csv_cell (out, props->jvm_args[i]);
      g_string_append (out, "\n");
    }
}
