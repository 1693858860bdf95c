/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-mapping.c: renaming an open heap's classes and fields through a
 * ProGuard / R8 mapping (see hs-heap-mapping.h). The dump's own names are
 * kept beside the new ones (HsClassInfo.obf_name, obf_fields), so the
 * obfuscated name can still be shown and another mapping applied. */
#include "config.h"

#include <string.h>

#include "hs-heap-mapping.h"
#include "hs-heap-private.h"
#include "hs-strhash.h"

void
_hs_heap_mapping_clear (HsHeap *heap)
{
  for (guint i = 0; i < heap->classes->len; i++)
    g_clear_pointer (&hs_class_info (heap, i)->obf_fields, g_free);
  g_clear_pointer (&heap->mapping, hs_mapping_unref);
  g_clear_pointer (&heap->old_class_by_name, g_ptr_array_unref);
  g_clear_pointer (&heap->old_mappings, g_ptr_array_unref);
  g_clear_pointer (&heap->old_obf_fields, g_ptr_array_unref);
}

/* Renaming happens on one thread (the window's UI thread) while workers
 * read names (a threads list, an export, a search): every name is
 * published with one atomic store of a pointer into heap->names, which
 * lives as long as the heap; whatever is replaced (a mapping, an
 * obf_fields array, a lookup table) is kept until the heap goes, so a
 * reader never holds a pointer to freed memory. A reader sees each name
 * either before or after; the window finds the name-dependent results
 * again once renaming is done. */
#define PUBLISH(slot, value) g_atomic_pointer_set ((gpointer *)&(slot), (gpointer)(value))

static void
retire (GPtrArray **list, gpointer p, GDestroyNotify free_func)
{
  if (p == NULL)
    return;
  if (*list == NULL)
    *list = g_ptr_array_new_with_free_func (free_func);
  g_ptr_array_add (*list, p);
}

static const char *
intern_name (HsHeap *heap, const char *s)
{
  g_mutex_lock (&heap->names_lock);
  const char *copy = g_string_chunk_insert (heap->names, s);
  g_mutex_unlock (&heap->names_lock);
  return copy;
}

/* The name of field slot (instance fields, then statics) under mapping m,
 * from its dump name; its dump name goes to obf[slot] when renamed (obf
 * made on the first). */
static const char *
map_field (HsHeap *heap, HsMapping *m, const char *class_dump_name, guint n_slots, guint slot,
           const char *dump_name, HsType type, const char **obf_out[], HsMappingStats *st)
{
  const char *orig = hs_mapping_map_field (m, class_dump_name, dump_name, type == HS_TYPE_OBJECT,
                                           type == HS_TYPE_OBJECT ? NULL : hs_type_name (type));
  if (!orig)
    {
      st->fields_unknown++;
      return dump_name;
    }
  if (strcmp (orig, dump_name) == 0)
    return dump_name;
  if (!*obf_out)
    *obf_out = g_new0 (const char *, n_slots);
  (*obf_out)[slot] = dump_name;
  st->fields_renamed++;
  return intern_name (heap, orig);
}

/* One class from its dump names to m's (NULL: back to the dump's). */
static void
map_class (HsHeap *heap, HsClassInfo *ci, HsMapping *m, HsMappingStats *st)
{
  const char *dump_name = ci->obf_name ? ci->obf_name : ci->name;
  const char **old_obf = ci->obf_fields, **obf = NULL;
  guint n_slots = ci->n_fields + ci->n_statics;
  gboolean fields = m != NULL && hs_mapping_lookup_class (m, dump_name) != NULL;

  /* Fields first: they are looked up under the class's dump name. */
  for (guint f = 0; f < n_slots; f++)
    {
      gboolean is_static = f >= ci->n_fields;
      const char *cur = is_static ? ci->statics[f - ci->n_fields].name : ci->fields[f].name;
      const char *dump = old_obf && old_obf[f] ? old_obf[f] : cur;
      HsType type = is_static ? ci->statics[f - ci->n_fields].type : ci->fields[f].type;
      const char *name = fields ? map_field (heap, m, dump_name, n_slots, f, dump, type, &obf, st) : dump;
      if (name == cur)
        continue;
      if (is_static)
        PUBLISH (ci->statics[f - ci->n_fields].name, name);
      else
        PUBLISH (ci->fields[f].name, name);
    }
  PUBLISH (ci->obf_fields, obf);
  retire (&heap->old_obf_fields, old_obf, g_free);

  const char *name = dump_name, *obf_name = NULL;
  if (m != NULL)
    {
      g_autofree char *orig = hs_mapping_map_type (m, dump_name);
      if (orig != NULL)
        {
          st->classes_matched++;
          if (strcmp (orig, dump_name) != 0)
            {
              name = intern_name (heap, orig);
              obf_name = dump_name;
              st->classes_renamed++;
            }
        }
    }
  /* The dump's name stays reachable through one of the two throughout. */
  if (obf_name)
    PUBLISH (ci->obf_name, obf_name);
  PUBLISH (ci->name, name);
  if (!obf_name)
    PUBLISH (ci->obf_name, NULL);
}

void
hs_heap_apply_mapping (HsHeap *heap, HsMapping *m, HsMappingStats *stats)
{
  g_return_if_fail (heap != NULL);
  HsMappingStats st = { 0 };

  if (m)
    {
      hs_mapping_ref (m);
      st.mapping_classes = hs_mapping_n_classes (m);
    }
  /* The old mapping stays alive for a worker that maps frames with it. */
  HsMapping *old = heap->mapping;
  PUBLISH (heap->mapping, m);
  retire (&heap->old_mappings, old, (GDestroyNotify)hs_mapping_unref);
  for (guint i = 0; i < heap->classes->len; i++)
    map_class (heap, hs_class_info (heap, i), m, &st);
  /* Lookups by name find the new names; the first class of a name wins.
   * A new table replaces the old one, which is kept until the heap goes: a
   * worker in the middle of a lookup still reads a whole table. */
  _hs_heap_class_chain_facts (heap);
  /* Keyed by names from the dump: the keyed hash (hs-strhash.h). */
  GHashTable *by_name = g_hash_table_new (hs_str_hash, g_str_equal);
  for (guint i = 0; i < heap->classes->len; i++)
    {
      const char *name = hs_class_info (heap, i)->name;
      if (!g_hash_table_contains (by_name, name))
        g_hash_table_insert (by_name, (gpointer)name, GUINT_TO_POINTER (i + 1));
    }
  retire (&heap->old_class_by_name, heap->class_by_name, (GDestroyNotify)g_hash_table_unref);
  PUBLISH (heap->class_by_name, by_name);
  if (stats)
    *stats = st;
}

HsMapping *
hs_heap_mapping (HsHeap *heap)
{
  g_return_val_if_fail (heap != NULL, NULL);
  return g_atomic_pointer_get (&heap->mapping);
}

const char *
hs_class_obfuscated_name (HsHeap *heap, HsClass c)
{
  g_return_val_if_fail (heap != NULL, NULL);
  if (c >= heap->classes->len)
    return NULL; /* HS_CLASS_NONE: nothing was renamed */
  return hs_class_info (heap, c)->obf_name;
}

const char *
hs_heap_field_obfuscated_name (HsHeap *heap, HsClass declared_in, const char *name)
{
  g_return_val_if_fail (heap != NULL && name != NULL, NULL);
  if (declared_in >= heap->classes->len)
    return NULL;
  HsClassInfo *ci = hs_class_info (heap, declared_in);
  const char **obf = g_atomic_pointer_get (&ci->obf_fields); /* kept alive by the heap */
  if (!obf)
    return NULL;
  for (guint f = 0; f < ci->n_fields; f++)
    if (obf[f] && strcmp (ci->fields[f].name, name) == 0)
      return obf[f];
  for (guint f = 0; f < ci->n_statics; f++)
    if (obf[ci->n_fields + f] && strcmp (ci->statics[f].name, name) == 0)
      return obf[ci->n_fields + f];
  return NULL;
}

guint
hs_heap_map_frame (HsHeap *heap, const char *class_name, const char *method, gint line, GArray *frames)
{
  g_return_val_if_fail (heap != NULL && class_name != NULL && method != NULL && frames != NULL, 0);
  HsMapping *m = g_atomic_pointer_get (&heap->mapping); /* kept alive by the heap */
  if (!m)
    return 0;
  HsClass c = hs_heap_find_class (heap, class_name);
  const char *obf = c != HS_CLASS_NONE ? g_atomic_pointer_get (&hs_class_info (heap, c)->obf_name) : NULL;
  return hs_mapping_map_frame (m, obf ? obf : class_name, method, line, frames);
}

char *
hs_mapping_stats_warning (const HsMappingStats *st, const char *mapping_name)
{
  g_return_val_if_fail (st != NULL, NULL);
  const char *name = mapping_name ? mapping_name : "the mapping";
  guint fields = st->fields_renamed + st->fields_unknown;
  if (st->classes_matched == 0)
    return g_strdup_printf ("%s renamed no class of this dump: it is probably the mapping of another build",
                            name);
  /* Few of its classes in the dump, or most of their fields unknown to it. */
  if ((guint64)st->classes_matched * 20 < st->mapping_classes
      || (fields >= 4 && st->fields_unknown * 2 > fields))
    return g_strdup_printf ("%s renamed only %u classes of this dump (%u of its %u classes matched, "
                            "%u of %u fields unknown to it): it may be the mapping of another build",
                            name, st->classes_renamed, st->classes_matched, st->mapping_classes,
                            st->fields_unknown, fields);
  return NULL;
}
