/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-index-driver.c: the index target (fuzz-index.c) without libFuzzer.
 *
 *   fuzz-index-driver [FILE|FOLDER...]   the seeds, then the kept inputs
 *   fuzz-index-driver --write-seeds DIR  the seeds as files (fuzz.sh)
 *
 * The seeds are made here with this build's writer (an index names the
 * program version that wrote it, so stored seeds would go stale): a valid
 * small index read as it is and made to pass the sums (mode bytes 0 and
 * 1, fuzz-index.c), copies cut at 1/4, 1/2 and a byte before the end, and
 * copies with one byte flipped in the header, the table and a section.
 * Each seed's outcome is known (the valid ones open, the broken ones read
 * as they are do not; a flipped section byte made to pass the sums opens)
 * and checked. In folders, only files named index-* are read (the others
 * there belong to the other targets). Exits 0 when all went as expected. */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>

#include "fuzz-index.h"
#include "hs-index-blob.h"
#include "hs-index-file.h"

static const HsIndexIdentity seed_identity = { 4096, 7, 8, 9, 10, 11, 12 };

typedef struct
{
  char *name;
  GByteArray *bytes; /* the mode byte, then the file */
  gboolean opens;
} Seed;

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

  HsIndexWriter *w = hs_index_writer_new (path, &seed_identity, &error);
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

static void
add_seed (GArray *seeds, const char *name, guint8 mode, const guint8 *file, gsize len, gboolean opens)
{
  Seed s = { g_strdup (name), g_byte_array_new (), opens };

  g_byte_array_append (s.bytes, &mode, 1);
  g_byte_array_append (s.bytes, file, len);
  g_array_append_val (seeds, s);
}

static GArray *
make_seeds (void)
{
  GArray *seeds = g_array_new (FALSE, FALSE, sizeof (Seed));
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

static void
seeds_free (GArray *seeds)
{
  for (guint i = 0; i < seeds->len; i++)
    {
      Seed *s = &g_array_index (seeds, Seed, i);
      g_free (s->name);
      g_byte_array_unref (s->bytes);
    }
  g_array_unref (seeds);
}

static int
cmp_names (gconstpointer a, gconstpointer b)
{
  /* g_ptr_array_sort passes pointers to the elements. */
  return g_strcmp0 (*(char *const *)a, *(char *const *)b);
}

static gboolean
run_file (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  gsize len = 0;

  if (!g_file_get_contents (path, &data, &len, &error))
    {
      fprintf (stderr, "%s: %s\n", path, error->message);
      return FALSE;
    }
  printf ("%s: %s\n", path, hs_fuzz_index_one ((const guint8 *)data, len) ? "opened" : "refused");
  return TRUE;
}

int
main (int argc, char **argv)
{
  GArray *seeds = make_seeds ();
  gboolean ok = TRUE;

  if (argc == 3 && strcmp (argv[1], "--write-seeds") == 0)
    {
      for (guint i = 0; i < seeds->len; i++)
        {
          Seed *s = &g_array_index (seeds, Seed, i);
          g_autofree char *path = g_build_filename (argv[2], s->name, NULL);
          g_autoptr (GError) error = NULL;
          if (!g_file_set_contents (path, (const char *)s->bytes->data, s->bytes->len, &error))
            {
              fprintf (stderr, "%s\n", error->message);
              ok = FALSE;
            }
        }
      seeds_free (seeds);
      return ok ? 0 : 1;
    }
  for (guint i = 0; i < seeds->len; i++)
    {
      Seed *s = &g_array_index (seeds, Seed, i);
      gboolean opened = hs_fuzz_index_one (s->bytes->data, s->bytes->len);
      printf ("%s: %s\n", s->name, opened ? "opened" : "refused");
      if (opened != s->opens)
        {
          fprintf (stderr, "%s: expected it %s\n", s->name, s->opens ? "to open" : "to be refused");
          ok = FALSE;
        }
    }
  seeds_free (seeds);
  for (int i = 1; i < argc; i++)
    {
      g_autoptr (GDir) dir = g_dir_open (argv[i], 0, NULL);
      if (!dir)
        {
          ok &= run_file (argv[i]);
          continue;
        }
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *name;
      while ((name = g_dir_read_name (dir)))
        if (g_str_has_prefix (name, "index-"))
          g_ptr_array_add (names, g_build_filename (argv[i], name, NULL));
      g_ptr_array_sort (names, cmp_names);
      for (guint j = 0; j < names->len; j++)
        ok &= run_file (g_ptr_array_index (names, j));
    }
  return ok ? 0 : 1;
}
