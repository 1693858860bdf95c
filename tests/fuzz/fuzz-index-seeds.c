/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-index-seeds.c: the index target's seeds (fuzz-index.c), made with
 * this build's writer (an index names the program version that wrote it,
 * so stored seeds would go stale): a valid small index read as it is and
 * made to pass the sums (mode bytes 0 and 1, fuzz-index.c), copies cut at
 * 1/4, 1/2 and a byte before the end, and copies with one byte flipped in
 * the header, the table and a section. Each seed's outcome is known (the
 * valid ones open, the broken ones read as they are do not; a flipped
 * section byte made to pass the sums opens) and checked by the driver. */
#include "config.h"

#include <string.h>
#include <glib/gstdio.h>

#include "fuzz-index.h"
#include "fuzz-target.h"
#include "hs-index-blob.h"
#include "hs-index-file.h"

static guint8 *
valid_index (gsize *len)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hs-fuzz-index-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "seed.hsindex", NULL);
  HsIndexBlob info, heap, dom;
  guint32 array[64];
  char *data = NULL;

  g_assert_no_error (error);
  hs_index_blob_init (&info);
  hs_index_blob_u8 (&info, 3); /* read as a string by fuzz-index.c */
  hs_index_blob_str (&info, "/tmp/seed.hprof");
  hs_index_blob_u8 (&info, 6);
  hs_index_blob_i64 (&info, 1733000000);
  hs_index_blob_init (&heap);
  hs_index_blob_u8 (&heap, 7); /* a count of u64 */
  hs_index_blob_u32 (&heap, 3);
  for (guint i = 0; i < 3; i++)
    hs_index_blob_u64 (&heap, i * 1000);
  hs_index_blob_init (&dom);
  hs_index_blob_u8 (&dom, 4); /* a count of objects */
  hs_index_blob_u32 (&dom, 2);
  hs_index_blob_u32 (&dom, 999);
  hs_index_blob_u32 (&dom, G_MAXUINT32);
  for (guint i = 0; i < 64; i++)
    array[i] = i * 3;

  HsIndexWriter *w = hs_index_writer_new (path, &hs_fuzz_index_seed_identity, &error);
  g_assert_no_error (error);
  hs_index_writer_add (w, HS_INDEX_SECTION_INFO, info.bytes->data, info.bytes->len, &error);
  hs_index_writer_add (w, HS_INDEX_SECTION_HEAP, heap.bytes->data, heap.bytes->len, &error);
  hs_index_writer_add (w, HS_INDEX_SECTION_HEAP_ARRAY_FIRST, array, sizeof array, &error);
  hs_index_writer_add (w, HS_INDEX_SECTION_HEAP_ARRAY_FIRST + 1, NULL, 0, &error);
  hs_index_writer_add (w, HS_INDEX_SECTION_DOM, dom.bytes->data, dom.bytes->len, &error);
  /* Two classes' instances: objects 1, 0, then 2. */
  static const guint64 class_offsets[3] = { 0, 2, 3 };
  static const guint32 class_objects[3] = { 1, 0, 2 };
  hs_index_writer_add (w, HS_INDEX_SECTION_CLASS_INSTANCE_OFFSETS, class_offsets, sizeof class_offsets,
                       &error);
  hs_index_writer_add (w, HS_INDEX_SECTION_CLASS_INSTANCE_OBJECTS, class_objects, sizeof class_objects,
                       &error);
  g_assert_no_error (error);
  g_assert_true (hs_index_writer_finish (w, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &data, len, &error));
  g_unlink (path);
  g_rmdir (dir);
  hs_index_blob_clear (&info);
  hs_index_blob_clear (&heap);
  hs_index_blob_clear (&dom);
  return (guint8 *)data;
}

/* The mode byte, then the file. */
static void
add_seed (GPtrArray *seeds, const char *name, guint8 mode, const guint8 *file, gsize len, gboolean opens)
{
  g_autoptr (GByteArray) b = g_byte_array_new ();

  g_byte_array_append (b, &mode, 1);
  g_byte_array_append (b, file, len);
  hs_fuzz_seed_add (seeds, g_strdup (name), b->data, b->len,
                    opens ? HS_FUZZ_EXPECT_TRUE : HS_FUZZ_EXPECT_FALSE);
}

GPtrArray *
hs_fuzz_index_seeds (void)
{
  GPtrArray *seeds = hs_fuzz_seeds_new ();
  gsize len;
  g_autofree guint8 *b = valid_index (&len);
  guint64 table;

  memcpy (&table, b + 32, 8); /* docs/index.md: the table's offset */
  add_seed (seeds, "index-seed-valid", 0, b, len, TRUE);
  add_seed (seeds, "index-seed-valid-fixed", 1, b, len, TRUE);
  add_seed (seeds, "index-seed-valid-identity", 2, b, len, TRUE);
  add_seed (seeds, "index-seed-valid-bytes", 6, b, len, TRUE);
  add_seed (seeds, "index-seed-valid-fewer-objects", 8, b, len, TRUE);
  add_seed (seeds, "index-seed-cut-quarter", 0, b, len / 4, FALSE);
  add_seed (seeds, "index-seed-cut-half", 0, b, len / 2, FALSE);
  add_seed (seeds, "index-seed-cut-last-byte", 0, b, len - 1, FALSE);
  struct
  {
    const char *name;
    gsize at;
    guint8 mask;
    gboolean opens_fixed;
  } flips[] = {
    { "index-seed-flip-header", 60, 0x01, TRUE },         /* the identity: fine once the sums are right */
    { "index-seed-flip-table", table + 32, 0x03, FALSE }, /* HEAP's id 2 becomes 1: INFO twice */
    { "index-seed-flip-section", 192 + 5, 0x01, TRUE },   /* INFO's bytes */
  };
  for (guint i = 0; i < G_N_ELEMENTS (flips); i++)
    {
      g_autofree char *fixed = g_strconcat (flips[i].name, "-fixed", NULL);
      b[flips[i].at] ^= flips[i].mask;
      add_seed (seeds, flips[i].name, 0, b, len, FALSE);
      add_seed (seeds, fixed, 1, b, len, flips[i].opens_fixed);
      b[flips[i].at] ^= flips[i].mask;
    }
  return seeds;
}
