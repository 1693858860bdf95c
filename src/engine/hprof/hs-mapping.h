/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-mapping.h: a ProGuard / R8 mapping file (mapping.txt), read once into
 * flat sorted arrays, and the lookups that turn obfuscated names back into
 * the real ones: classes (and arrays of them), fields, stack frames (with
 * line ranges and inlined frames). Engine layer: GLib only.
 *
 * The format, one entry a line:
 *   com.example.Cache -> a.a:                     a class
 *   # {"id":"sourceFile","fileName":"Cache.java"} R8 metadata (JSON comment)
 *       java.util.Map entries -> a                a field
 *       1:4:void fill(int):12:15 -> a             a method, obfuscated lines
 *                                                 1-4 are original lines 12-15
 *       5:5:void com.example.Util.log():30 -> a   inlined frames: lines sharing
 *       5:5:void fill(int):16 -> a                one obfuscated range, the
 *                                                 innermost first
 *       void clear() -> b                         a method without lines
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _HsMapping HsMapping;

/* One original frame of an obfuscated one (strings owned by the mapping). */
typedef struct
{
  const char *class_name;  /* original class, Java source form */
  const char *method;      /* original method name */
  const char *source_file; /* from R8's sourceFile metadata, else NULL */
  gint line;               /* original line; the given line when the
                             * mapping has no range for it */
} HsMappedFrame;

/* The biggest mapping file hs_mapping_load reads (1 GiB: a big app's is
 * tens of MB); the CLI checks --mapping against it before any dump is read. */
#define HS_MAPPING_MAX_BYTES ((guint64)1 << 30)

/* Reads path (a regular file of at most 1 GiB). A malformed line gives
 * HS_ERROR_FORMAT naming the file and line number; not a regular file,
 * too big or unreadable gives HS_ERROR_IO. */
HsMapping *hs_mapping_load (const char *path, GError **error);
/* Same, on text in memory; name is used in messages. */
HsMapping *hs_mapping_parse (const char *data, gsize len, const char *name, GError **error);
HsMapping *hs_mapping_ref (HsMapping *mapping);
void hs_mapping_unref (HsMapping *mapping);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsMapping, hs_mapping_unref)

guint hs_mapping_n_classes (HsMapping *mapping);

/* The original name of the obfuscated class obf ("a.a" -> "com.example.Cache"),
 * NULL when the mapping does not name it. No arrays: see hs_mapping_map_type. */
const char *hs_mapping_lookup_class (HsMapping *mapping, const char *obf);
/* A class or array name: "a.a[][]" -> "com.example.Cache[][]" (caller frees),
 * NULL when the element class is not in the mapping. */
char *hs_mapping_map_type (HsMapping *mapping, const char *obf);
/* The original name of field obf of obfuscated class obf_class, NULL when
 * unknown. Two fields may share an obfuscated name when their types differ
 * (aggressive overloading): is_object picks the one whose type is (not) a
 * reference, prim_type ("int", "long", ...) the primitive one; both may be
 * FALSE/NULL. */
const char *hs_mapping_map_field (HsMapping *mapping, const char *obf_class, const char *obf_field,
                                  gboolean is_object, const char *prim_type);
/* Appends to frames (HsMappedFrame) the original frames of the obfuscated
 * frame (obf_class, obf_method, line): one, or several when methods were
 * inlined there, innermost first. line <= 0 (unknown) picks the method's
 * first entry. Returns how many were appended, 0 when the mapping does not
 * know the method. */
guint hs_mapping_map_frame (HsMapping *mapping, const char *obf_class, const char *obf_method, gint line,
                            GArray *frames);
/* The sourceFile metadata of an original class, NULL when none. */
const char *hs_mapping_source_file (HsMapping *mapping, const char *class_name);

G_END_DECLS
