/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-index.c: libFuzzer target for the persistent index's reader
 * (hs_index_file_open_bytes), the record cursor over what it hands
 * out, the leak report's and the suspects' record readers, and the
 * reader of every class's instances. The input's first byte is a mode,
 * the rest the file:
 *   bit 0: made to pass the sums first (this build's version stamped, the
 *          length set, every section's checksum that the table lets us
 *          find and the header's computed again), so that mutations reach
 *          the table's checks and the readers instead of stopping at a
 *          checksum; else the bytes as they are;
 *   bit 1: an expected identity (that of the seeds' dump);
 *   bit 2: matched by bytes rather than by file;
 *   bit 3: every class's instances read for a heap of one object fewer
 *          than their list holds (so that an entry is past the heap).
 * A refusal must be HS_ERROR_INDEX with a UTF-8 message naming the file;
 * an index that opens must hand out sections inside it, 64-byte aligned,
 * found again by id, and each is read through a cursor driven by its own
 * bytes (counts, strings, objects), which must stay inside it. The file
 * is read from a guarded copy (fuzz-target.h), so that a read past it
 * crashes in any build. The seeds are fuzz-index-seeds.c's; the driver
 * (test fuzz-index) runs them and regressions/index-*. */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "fuzz-index.h"
#include "fuzz-index-sums.h"
#include "fuzz-target.h"
#include "hs-index-blob.h"
#include "hs-index-file.h"
#include "hs-index-file-private.h"
#include "hs-leak-persist.h"
#include "hs-suspects-persist.h"
#include "hs-class-instances.h"
#include "hs-types.h"

#define NAME "fuzz.hsindex"

const HsIndexIdentity hs_fuzz_index_seed_identity = { 4096, 7, 8, 9, 10, 11, 12 };

static void
check (gboolean ok)
{
  if (!ok)
    abort ();
}

/* Reads a section as records its own bytes describe. */
static void
read_section (const guint8 *p, guint64 len)
{
  HsIndexCursor c;

  hs_index_cursor_init (&c, p, len);
  while (hs_index_cursor_ok (&c, FALSE) && c.p < c.end)
    {
      const guint8 *before = c.p;
      switch (hs_index_cursor_u8 (&c) % 8)
        {
          case 0: (void)hs_index_cursor_u32 (&c); break;
          case 1: (void)hs_index_cursor_u64 (&c); break;
          case 2: (void)hs_index_cursor_double (&c); break;
          case 3:
            {
              g_autofree char *s = hs_index_cursor_str (&c);
              check (s == NULL || g_utf8_validate (s, -1, NULL));
              break;
            }
          case 4:
            {
              guint32 n = hs_index_cursor_count (&c, 4);
              for (guint32 i = 0; i < n; i++)
                check (hs_index_cursor_obj (&c, 1000, TRUE) != 1000);
              break;
            }
          case 5: (void)hs_index_cursor_bytes (&c, hs_index_cursor_u8 (&c)); break;
          case 6: (void)hs_index_cursor_i64 (&c); break;
          default:
            {
              guint32 n = hs_index_cursor_count (&c, 8);
              for (guint32 i = 0; i < n; i++)
                (void)hs_index_cursor_u64 (&c);
              break;
            }
        }
      check (c.p > before && c.p <= c.end);
    }
}

/* The record readers of the index (leak report, suspects) on a section:
 * a structure or NULL, never a read outside it. */
static void
read_records (const guint8 *p, guint64 len)
{
  HsIndexCursor c;

  hs_index_cursor_init (&c, p, len);
  HsLeakReport *r = hs_leak_report_load (&c, 1000);
  g_clear_pointer (&r, hs_leak_report_free);
  hs_index_cursor_init (&c, p, len);
  HsSuspects *s = hs_suspects_load (&c, 1000);
  g_clear_pointer (&s, hs_suspects_free);
}

/* Every class's instances (hs-class-instances-persist.c) as the sections
 * say, for as many classes as the offsets fit (so that the size check
 * passes and the offsets themselves are checked), against a heap of as
 * many objects as the list holds, or one fewer: each class's list is
 * refused or holds only objects of the heap, in its own range. */
static void
read_class_instances (HsIndexFile *f, gboolean one_fewer)
{
  guint64 off_len = 0, objs_len = 0;
  hs_index_file_section (f, HS_INDEX_SECTION_CLASS_INSTANCE_OFFSETS, &off_len);
  hs_index_file_section (f, HS_INDEX_SECTION_CLASS_INSTANCE_OBJECTS, &objs_len);
  guint nc = off_len >= 8 && off_len / 8 - 1 < G_MAXUINT ? (guint)(off_len / 8 - 1) : 0;
  guint64 n = objs_len / sizeof (HsObj);
  if (one_fewer && n > 0)
    n--;
  g_autoptr (GError) error = NULL;
  HsClassInstances *ci = hs_class_instances_persist_read (f, nc, n, &error);
  check ((ci == NULL) || error == NULL);
  if (ci == NULL)
    return;
  guint64 total = 0;
  for (guint c = 0; c <= MIN (nc, 256u); c++)
    {
      GArray *list = hs_class_instances_of (ci, c, n);
      if (list == NULL)
        continue;
      check (c < nc);
      total += list->len;
      check (total <= n + 1);
      for (guint i = 0; i < list->len; i++)
        check (g_array_index (list, HsObj, i) < n);
      g_array_unref (list);
    }
  hs_class_instances_free (ci);
}

gboolean
hs_fuzz_index_one (const guint8 *data, gsize size)
{
  if (size == 0)
    return FALSE;
  guint8 mode = data[0];
  gsize len = size - 1;
  HsFuzzGuarded g;
  g_autoptr (GError) error = NULL;
  gboolean opened = FALSE;

  hs_fuzz_guarded_copy (&g, data + 1, len);
  guint8 *b = g.bytes;
  if (mode & 1)
    hs_fuzz_index_fix_sums (b, len);
  HsIndexFile *f
      = hs_index_file_open_bytes (b, len, NAME, (mode & 2) ? &hs_fuzz_index_seed_identity : NULL,
                                  (mode & 4) ? HS_INDEX_MATCH_SAME_BYTES : HS_INDEX_MATCH_SAME_FILE, &error);
  if (f == NULL)
    {
      check (error != NULL && error->domain == HS_ERROR && error->code == HS_ERROR_INDEX);
      check (g_utf8_validate (error->message, -1, NULL) && g_str_has_prefix (error->message, NAME ": "));
      goto out;
    }
  check (error == NULL);
  check (strcmp (hs_index_file_program_version (f), PACKAGE_VERSION) == 0);
  check (hs_index_file_length (f) == len);
  guint n = hs_index_file_n_sections (f);
  guint64 total = 0;
  for (guint i = 0; i < n; i++)
    {
      guint32 id;
      guint64 slen, again_len;
      const guint8 *p = hs_index_file_nth_section (f, i, &id, &slen);
      check (p != NULL && hs_index_file_contains (f, p));
      check ((gsize)(p - b) % HS_INDEX_ALIGN == 0 && slen <= (guint64)(b + len - p));
      check (hs_index_file_section (f, id, &again_len) == p && again_len == slen);
      total += slen;
      check (total <= len);
      read_section (p, slen);
      read_records (p, slen);
    }
  read_class_instances (f, (mode & 8) != 0);
  hs_index_file_unref (f);
  opened = TRUE;
out:
  hs_fuzz_guarded_free (&g);
  return opened;
}

const HsFuzzTarget hs_fuzz_target = {
  .prefix = "index-",
  .yes = "opened",
  .no = "refused",
  .run = hs_fuzz_index_one,
  .seeds = hs_fuzz_index_seeds,
};
