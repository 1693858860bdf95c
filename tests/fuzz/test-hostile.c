/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-hostile.c: broken and hostile dumps through the engine in-process
 *, on buffers of exactly the input's size so that AddressSanitizer
 * sees any read past the end (the CLI tests map files, whose last page
 * hides such reads).
 *
 *   test-hostile DIR    (DIR: what hostile_dumps.py wrote)
 *
 * - every prefix of small valid dumps either loads (at most the full
 *   dump's objects; a warning that the file is truncated, naming a byte
 *   offset, unless the prefix ends on a record boundary) or is refused
 *   with an HS_ERROR naming the file and, past the header, a byte offset;
 *   each prefix also goes through the whole pipeline (fuzz-one.c);
 * - every malformed dump goes through the whole pipeline; those whose
 *   outcome is decided (.expect) load or fail as written;
 * - a file that shrinks or grows while it is read, and between the stat
 *   and the mapping, gives a heap or a clean error, never SIGBUS. */
#include "config.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "fuzz-one.h"
#include "hs-analysis.h"

static const char *dir;

static guint8 *
load (const char *name, gsize *len)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr (GError) error = NULL;
  char *data = NULL;
  g_assert_true (g_file_get_contents (path, &data, len, &error));
  g_assert_no_error (error);
  return (guint8 *)data;
}

/* A copy of exactly len bytes (len 0: a 1-byte allocation, not read). */
static guint8 *
exact_copy (const guint8 *data, gsize len)
{
  guint8 *p = g_malloc (MAX (len, 1));
  memcpy (p, data, len);
  return p;
}

static gboolean
in_bounds (GArray *bounds, gsize k)
{
  for (guint i = 0; i < bounds->len; i++)
    if (g_array_index (bounds, gsize, i) == k)
      return TRUE;
  return FALSE;
}

typedef struct
{
  const char *name;
  guint64 objects; /* in the whole dump, counted from hostile_dumps.py */
} CutDump;

/* cut-leak-4: 14 classes + Leaky, byte[40], KeyedWeakReference, 2 Strings,
 * char[5], byte[10], Thread, Object[3] = 23; the same with 8-byte ids;
 * Android adds an int[100] without data: 24. */
static const CutDump cut_dumps[] = {
  { "cut-leak-4", 23 },
  { "cut-leak-8-unsegmented", 23 },
  { "cut-android", 24 },
};

static void
test_truncation (void)
{
  for (guint d = 0; d < G_N_ELEMENTS (cut_dumps); d++)
    {
      g_autofree char *fname = g_strconcat (cut_dumps[d].name, ".hprof", NULL);
      g_autofree char *bname = g_strconcat (cut_dumps[d].name, ".bounds", NULL);
      gsize len = 0, blen = 0;
      g_autofree guint8 *full = load (fname, &len);
      g_autofree char *btext = (char *)load (bname, &blen);
      g_auto (GStrv) lines = g_strsplit (btext, "\n", -1);
      g_autoptr (GArray) bounds = g_array_new (FALSE, FALSE, sizeof (gsize));
      for (guint i = 0; lines[i]; i++)
        if (*lines[i])
          {
            gsize b = g_ascii_strtoull (lines[i], NULL, 10);
            g_array_append_val (bounds, b);
          }
      g_assert_cmpuint (bounds->len, >, 3);
      g_assert_true (in_bounds (bounds, len));

      /* The whole dump loads without a warning, with every object. */
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (HsHeap) heap = hs_heap_open_bytes (full, len, "cut.hprof", NULL, NULL, NULL, NULL, &error);
        g_assert_no_error (error);
        g_assert_nonnull (heap);
        g_assert_null (hs_heap_warning (heap));
        g_assert_cmpuint (hs_heap_n_objects (heap), ==, cut_dumps[d].objects);
      }

      guint n_loaded = 0, n_refused = 0, n_warned = 0;
      for (gsize k = 0; k < len; k++)
        {
          g_autoptr (GError) error = NULL;
          g_autofree guint8 *buf = exact_copy (full, k);
          HsHeap *heap = hs_heap_open_bytes (buf, k, "cut.hprof", NULL, NULL, NULL, NULL, &error);
          if (heap)
            {
              g_assert_no_error (error);
              n_loaded++;
              g_assert_cmpuint (hs_heap_n_objects (heap), <=, cut_dumps[d].objects);
              const char *w = hs_heap_warning (heap);
              if (!in_bounds (bounds, k))
                {
                  if (!w || !strstr (w, "truncated") || !strstr (w, "offset"))
                    g_error ("%s cut at %" G_GSIZE_FORMAT ": loaded without a truncation warning (%s)",
                             cut_dumps[d].name, k, w ? w : "none");
                }
              if (w)
                n_warned++;
              hs_heap_free (heap);
            }
          else
            {
              n_refused++;
              g_assert_nonnull (error);
              if (error->domain != HS_ERROR || error->code != HS_ERROR_FORMAT)
                g_error ("%s cut at %" G_GSIZE_FORMAT ": unexpected error %s", cut_dumps[d].name, k,
                         error->message);
              if (!strstr (error->message, "cut.hprof"))
                g_error ("%s cut at %" G_GSIZE_FORMAT ": message does not name the file: %s",
                         cut_dumps[d].name, k, error->message);
              /* Past the empty file and on record boundaries (a well-formed file
         * that holds no dump yet) the message says where the trouble is. */
              if (k > 0 && !in_bounds (bounds, k) && !strstr (error->message, "offset"))
                g_error ("%s cut at %" G_GSIZE_FORMAT ": message names no offset: %s", cut_dumps[d].name, k,
                         error->message);
            }
          /* The whole pipeline on the same bytes (any option the last byte picks). */
          hs_fuzz_one (buf, k);
        }
      g_test_message ("%s: %" G_GSIZE_FORMAT " prefixes: %u loaded (%u with a warning), %u refused",
                      cut_dumps[d].name, len, n_loaded, n_warned, n_refused);
      /* The dump's records are mostly heap dump segments: most cuts load what
     * came before; the ones inside the header are refused. */
      g_assert_cmpuint (n_loaded, >, 0);
      g_assert_cmpuint (n_refused, >=, 31); /* 0..30: empty file, inside the 31-byte header */
    }
}

static void
test_malformed (void)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  const char *name;
  guint n = 0, n_expect = 0;
  while ((name = g_dir_read_name (d)))
    {
      if (!g_str_has_prefix (name, "bad-") || !g_str_has_suffix (name, ".hprof"))
        continue;
      gsize len = 0;
      g_autofree guint8 *data = load (name, &len);
      g_autofree guint8 *buf = exact_copy (data, len);
      n++;
      /* Never a crash, whatever the options. */
      hs_fuzz_one (buf, len);

      g_autofree char *stem = g_strndup (name, strlen (name) - strlen (".hprof"));
      g_autofree char *ename = g_strconcat (stem, ".expect", NULL);
      g_autofree char *epath = g_build_filename (dir, ename, NULL);
      g_autofree char *expect = NULL;
      if (!g_file_get_contents (epath, &expect, NULL, NULL))
        continue;
      g_strstrip (expect);
      n_expect++;
      g_autoptr (GError) error = NULL;
      g_autoptr (HsHeap) heap = hs_heap_open_bytes (buf, len, name, NULL, NULL, NULL, NULL, &error);
      if (g_str_equal (expect, "load"))
        {
          if (!heap)
            g_error ("%s: refused: %s", name, error->message);
          continue;
        }
      if (heap)
        g_error ("%s: loaded, expected %s", name, expect);
      g_assert_error (error, HS_ERROR, HS_ERROR_FORMAT);
      g_assert_nonnull (strstr (error->message, name));
      if (g_str_has_prefix (expect, "error "))
        {
          g_autofree char *at = g_strdup_printf ("byte offset %s:", expect + 6);
          if (!strstr (error->message, at))
            g_error ("%s: message does not say \"%s\": %s", name, at, error->message);
        }
    }
  g_test_message ("%u malformed dumps, %u with a decided outcome", n, n_expect);
  /* hostile_dumps.bad_dumps: 10 header, 9 record, 1 dangling-id, 9 class,
   * 11 array and 5 other dumps; 18 of them with an .expect (10 header, the
   * unknown record and sub-record tags, dangling ids and the last 5). */
  g_assert_cmpuint (n, ==, 45);
  g_assert_cmpuint (n_expect, ==, 18);
}

/* --- a file that changes size while it is read ------------------------ */

typedef struct
{
  const char *path;
  const char *phase; /* the progress phase at which to act */
  goffset new_size;  /* -1: append 1 MiB instead */
  gboolean done;
} Change;

static void
change_file (const char *phase, double fraction, gpointer user_data)
{
  Change *c = user_data;
  if (c->done || !g_str_equal (phase, c->phase))
    return;
  c->done = TRUE;
  if (c->new_size >= 0)
    {
      g_assert_cmpint (truncate (c->path, c->new_size), ==, 0);
    }
  else
    {
      FILE *f = fopen (c->path, "ab");
      g_assert_nonnull (f);
      static char junk[1 << 20];
      memset (junk, 0x2a, sizeof junk);
      g_assert_cmpuint (fwrite (junk, 1, sizeof junk, f), ==, sizeof junk);
      fclose (f);
    }
}

static void
test_file_changes_size (void)
{
  gsize len = 0;
  g_autofree guint8 *full = load ("cut-leak-4.hprof", &len);
  g_autofree char *tmpdir = g_dir_make_tmp ("heapscope-hostile-XXXXXX", NULL);
  g_assert_nonnull (tmpdir);
  g_autofree char *path = g_build_filename (tmpdir, "changing.hprof", NULL);
  /* Pad the dump with an unknown record to several pages, so that a cut
   * leaves whole mapped pages beyond the end of the file. */
  const gsize pad = 64 * 1024;
  g_autofree guint8 *big = g_malloc0 (len + 9 + pad);
  memcpy (big, full, len);
  big[len] = 0x55; /* unknown tag, time 0, length pad */
  big[len + 5] = (pad >> 24) & 0xff;
  big[len + 6] = (pad >> 16) & 0xff;
  big[len + 7] = (pad >> 8) & 0xff;
  big[len + 8] = pad & 0xff;

  struct
  {
    const char *phase;
    goffset size;
  } cases[] = {
    { "reading", 0 },   /* between the stat and the mapping: emptied */
    { "reading", 100 }, /* between the stat and the mapping: cut in the records */
    { "parsing", 0 },   /* while the records are read */
    { "parsing", 200 },    { "parsing", (goffset)len / 2 },
    { "reachability", 0 }, /* after the last pass, before the heap is used */
    { "parsing", -1 },     /* grows */
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_assert_true (g_file_set_contents (path, (const char *)big, len + 9 + pad, NULL));
      Change c = { path, cases[i].phase, cases[i].size, FALSE };
      HsAnalysisOptions opts = { 0 };
      HsAnalysis *a = hs_analysis_run (path, &opts, change_file, &c, NULL, &error);
      g_assert_true (c.done);
      if (!a)
        {
          g_assert_nonnull (error);
          g_assert_true (error->domain == HS_ERROR);
          g_assert_nonnull (strstr (error->message, path));
          g_test_message ("%s -> %" G_GOFFSET_FORMAT ": refused: %s", cases[i].phase, cases[i].size,
                          error->message);
          continue;
        }
      HsHeap *heap = a->heap;
      /* Every object's contents are still readable (no SIGBUS). */
      for (HsObj o = 0; o < hs_heap_n_objects (heap); o++)
        {
          g_free (hs_heap_describe (heap, o));
          GArray *f = hs_heap_object_fields (heap, o);
          if (f)
            g_array_unref (f);
        }
      const char *w = hs_heap_warning (heap);
      g_test_message ("%s -> %" G_GOFFSET_FORMAT ": loaded %" G_GUINT64_FORMAT " objects, warning: %s",
                      cases[i].phase, cases[i].size, hs_heap_n_objects (heap), w ? w : "none");
      /* Changed after the stat: the user is told. */
      g_assert_nonnull (w);
      hs_analysis_free (a);
    }
  g_unlink (path);
  g_rmdir (tmpdir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (argc < 2)
    g_error ("usage: test-hostile DIR");
  dir = argv[1];
  g_test_add_func ("/hostile/truncation", test_truncation);
  g_test_add_func ("/hostile/malformed", test_malformed);
  g_test_add_func ("/hostile/file-changes-size", test_file_changes_size);
  return g_test_run ();
}
