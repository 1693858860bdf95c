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
}

/* Back to the dump's names. */
static void
restore (HsHeap *heap)
{
  for (guint i = 0; i < heap->classes->len; i++)
    {
      HsClassInfo *ci = hs_class_info (heap, i);
      if (ci->obf_name)
        {
          ci->name = (char *)ci->obf_name;
          ci->obf_name = NULL;
        }
      if (ci->obf_fields)
        {
          for (guint f = 0; f < ci->n_fields; f++)
            if (ci->obf_fields[f])
              ci->fields[f].name = ci->obf_fields[f];
          for (guint f = 0; f < ci->n_statics; f++)
            if (ci->obf_fields[ci->n_fields + f])
              ci->statics[f].name = ci->obf_fields[ci->n_fields + f];
          g_clear_pointer (&ci->obf_fields, g_free);
        }
    }
}

static const char *
map_field (HsHeap *heap, HsMapping *m, HsClassInfo *ci, guint slot, const char *name, HsType type,
           HsMappingStats *st)
{
  const char *orig = hs_mapping_map_field (m, ci->name, name, type == HS_TYPE_OBJECT,
                                           type == HS_TYPE_OBJECT ? NULL : hs_type_name (type));
  if (!orig)
    {
      st->fields_unknown++;
      return name;
    }
  if (strcmp (orig, name) == 0)
    return name;
  if (!ci->obf_fields)
    ci->obf_fields = g_new0 (const char *, ci->n_fields + ci->n_statics);
  ci->obf_fields[slot] = name;
  st->fields_renamed++;
  return g_string_chunk_insert (heap->names, orig);
}

void
hs_heap_apply_mapping (HsHeap *heap, HsMapping *m, HsMappingStats *stats)
{
  g_return_if_fail (heap != NULL);
  HsMappingStats st = { 0 };

  restore (heap);
  if (m)
    hs_mapping_ref (m);
  g_clear_pointer (&heap->mapping, hs_mapping_unref);
  heap->mapping = m;
  if (m)
    {
      st.mapping_classes = hs_mapping_n_classes (m);
      for (guint i = 0; i < heap->classes->len; i++)
        {
          HsClassInfo *ci = hs_class_info (heap, i);
          /* Fields first: they are looked up under the class's dump name. */
          if (hs_mapping_lookup_class (m, ci->name))
            {
              for (guint f = 0; f < ci->n_fields; f++)
                ci->fields[f].name = map_field (heap, m, ci, f, ci->fields[f].name, ci->fields[f].type, &st);
              for (guint f = 0; f < ci->n_statics; f++)
                ci->statics[f].name = map_field (heap, m, ci, ci->n_fields + f, ci->statics[f].name,
                                                 ci->statics[f].type, &st);
            }
          g_autofree char *orig = hs_mapping_map_type (m, ci->name);
          if (!orig)
            continue;
          st.classes_matched++;
          if (strcmp (orig, ci->name) == 0)
            continue;
          ci->obf_name = ci->name;
          ci->name = g_string_chunk_insert (heap->names, orig);
          st.classes_renamed++;
        }
    }
  /* Lookups by name find the new names; the first class of a name wins.
   * A new table replaces the old one, which is kept until the heap goes: a
   * worker in the middle of a lookup (the window renames while its views'
   * workers may read) still reads a whole table. */
  _hs_heap_class_chain_facts (heap);
  /* Keyed by names from the dump: the keyed hash (hs-strhash.h). */
  GHashTable *by_name = g_hash_table_new (hs_str_hash, g_str_equal);
  for (guint i = 0; i < heap->classes->len; i++)
    {
      const char *name = hs_class_info (heap, i)->name;
      if (!g_hash_table_contains (by_name, name))
        g_hash_table_insert (by_name, (gpointer)name, GUINT_TO_POINTER (i + 1));
    }
  if (!heap->old_class_by_name)
    heap->old_class_by_name = g_ptr_array_new_with_free_func ((GDestroyNotify)g_hash_table_unref);
  g_ptr_array_add (heap->old_class_by_name, heap->class_by_name);
  g_atomic_pointer_set (&heap->class_by_name, by_name);
  if (stats)
    *stats = st;
}

HsMapping *
hs_heap_mapping (HsHeap *heap)
{
  g_return_val_if_fail (heap != NULL, NULL);
  return heap->mapping;
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
  if (!ci->obf_fields)
    return NULL;
  for (guint f = 0; f < ci->n_fields; f++)
    if (ci->obf_fields[f] && strcmp (ci->fields[f].name, name) == 0)
      return ci->obf_fields[f];
  for (guint f = 0; f < ci->n_statics; f++)
    if (ci->obf_fields[ci->n_fields + f] && strcmp (ci->statics[f].name, name) == 0)
      return ci->obf_fields[ci->n_fields + f];
  return NULL;
}

guint
hs_heap_map_frame (HsHeap *heap, const char *class_name, const char *method, gint line, GArray *frames)
{
  g_return_val_if_fail (heap != NULL && class_name != NULL && method != NULL && frames != NULL, 0);
  if (!heap->mapping)
    return 0;
  HsClass c = hs_heap_find_class (heap, class_name);
  const char *obf = c != HS_CLASS_NONE && hs_class_info (heap, c)->obf_name
                        ? hs_class_info (heap, c)->obf_name
                        : class_name;
  return hs_mapping_map_frame (heap->mapping, obf, method, line, frames);
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
