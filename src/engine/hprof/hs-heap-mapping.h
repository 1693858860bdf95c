/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-heap-mapping.h: a ProGuard / R8 mapping applied to an open heap. The
 * class and field names of the heap are replaced in place (nothing is read
 * from the dump again), so everything computed from names afterwards (leak
 * fingerprints, library-leak matchers, suspects, class lookups by name,
 * reports) sees the real names. Engine layer: GLib only. */
#pragma once

#include "hs-heap.h"
#include "hs-mapping.h"

G_BEGIN_DECLS

typedef struct
{
  guint mapping_classes; /* classes the mapping names */
  guint classes_renamed; /* classes of the dump it renamed (arrays too) */
  guint classes_matched; /* classes of the dump it names (renamed or kept) */
  guint fields_renamed;
  guint fields_unknown; /* fields of matched classes it does not name */
} HsMappingStats;

/* Renames the heap's classes and fields through mapping (the heap keeps a
 * reference for hs_heap_map_frame). Names always start from the dump's own:
 * applying another mapping replaces the first; NULL restores the dump's
 * names. Readers on other threads see each name either old or new (the
 * old strings and lookup tables stay valid until the heap is freed), but
 * should read again afterwards.
 * stats may be NULL. */
void hs_heap_apply_mapping (HsHeap *heap, HsMapping *mapping, HsMappingStats *stats);
/* The mapping applied, or NULL. */
HsMapping *hs_heap_mapping (HsHeap *heap);
/* The dump's own name of class c when a mapping renamed it, else NULL. */
const char *hs_class_obfuscated_name (HsHeap *heap, HsClass c);
/* The dump's own name of the field (instance field of declared_in, or a
 * static of class declared_in) named name, when a mapping renamed it. */
const char *hs_heap_field_obfuscated_name (HsHeap *heap, HsClass declared_in, const char *name);
/* A stack frame of the dump through the applied mapping (see
 * hs_mapping_map_frame): class_name may be the dump's name or the renamed
 * one. Appends HsMappedFrame to frames; 0 when no mapping or it does not
 * know the method (show the frame as it is). */
guint hs_heap_map_frame (HsHeap *heap, const char *class_name, const char *method, gint line, GArray *frames);
/* A warning when the mapping looks like another build's (few of its
 * classes matched, or the matched classes' fields are unknown to it), else
 * NULL. Caller frees. */
char *hs_mapping_stats_warning (const HsMappingStats *stats, const char *mapping_name);

G_END_DECLS
