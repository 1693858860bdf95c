/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-test-record.h: what the tests of the index records (the leak report,
 * the suspects, the waste; hs-index-blob.h) share: a dump analysed as the
 * CLI does; a record saved, read back whole and shown by its readers the
 * same as what was saved; and hostile bytes: a record cut at every length
 * (or a dense sample of them) must be refused, and a record with a byte
 * flipped must be refused or read as a structure its readers can show.
 * Each try reads a copy of exactly the bytes it is given, so that the
 * AddressSanitizer build sees a read past them. The kinds of record are
 * in hs-test-record-kinds.h. */
#pragma once

#include <glib.h>
#include <string.h>

#include "hs-analysis.h"
#include "hs-index-blob.h"

/* The analysis as hs_cli_load asks for it (the Android inspectors when
 * nothing is watched), with the pass beside when given (the waste's). */
static inline HsAnalysis *
hs_test_record_analyse (const char *path, const HsBesidePass *beside)
{
  g_autoptr (GError) error = NULL;
  HsAnalysisOptions opts = { 0 };

  opts.leaks.android_inspectors_when_unwatched = TRUE;
  opts.beside = beside;
  HsAnalysis *a = hs_analysis_run (path, &opts, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (a);
  g_assert_nonnull (a->leaks);
  g_assert_nonnull (a->suspects);
  return a;
}

/* What a show returns for a record shown as JSON and text: json's text,
 * a line "----", then text; both taken. */
static inline char *
hs_test_record_json_text (GString *json, char *text)
{
  g_string_append_printf (json, "\n----\n%s", text);
  g_free (text);
  return g_string_free (json, FALSE);
}

/* One kind of record as its test handles it. load reads one (NULL when it
 * refuses it), checking indexes against ctx (what the test passes along:
 * the object count, the heap); show is what its readers make of one (its
 * text, JSON, CSV), compared after a round trip and run on every hostile
 * read; free drops what load made. */
typedef struct
{
  void (*save) (gconstpointer record, HsIndexBlob *out);
  gpointer (*load) (HsIndexCursor *in, gpointer ctx);
  char *(*show) (gconstpointer record, gpointer ctx);
  GDestroyNotify free;
} HsTestRecordKind;

static inline GBytes *
hs_test_record_save (const HsTestRecordKind *kind, gconstpointer record)
{
  HsIndexBlob b;

  hs_index_blob_init (&b);
  kind->save (record, &b);
  return g_byte_array_free_to_bytes (g_steal_pointer (&b.bytes));
}

/* Read back whole: not refused, every byte read. */
static inline gpointer
hs_test_record_load (const HsTestRecordKind *kind, GBytes *bytes, gpointer ctx)
{
  HsIndexCursor c;
  gsize len;
  gconstpointer data = g_bytes_get_data (bytes, &len);

  hs_index_cursor_init (&c, data, len);
  gpointer back = kind->load (&c, ctx);
  g_assert_nonnull (back);
  g_assert_true (hs_index_cursor_ok (&c, TRUE));
  return back;
}

/* Saved and read back whole, shown the same as what was saved; returns
 * what was read (kind->free). */
static inline gpointer
hs_test_record_round_trip (const HsTestRecordKind *kind, gconstpointer record, gpointer ctx)
{
  g_autoptr (GBytes) bytes = hs_test_record_save (kind, record);
  gpointer back = hs_test_record_load (kind, bytes, ctx);
  g_autofree char *shown = kind->show (record, ctx), *shown_back = kind->show (back, ctx);

  g_assert_cmpstr (shown_back, ==, shown);
  return back;
}

/* Reads data (len bytes) as the record; TRUE when a structure came back
 * (the callback has shown and freed it). */
typedef gboolean (*HsTestRecordLoad) (const guint8 *data, gsize len, gpointer user_data);

static inline gboolean
hs_test_record_try (const guint8 *data, gsize len, HsTestRecordLoad load, gpointer user_data)
{
  guint8 *copy = g_malloc (MAX (len, 1));
  gboolean ok;

  if (len > 0)
    memcpy (copy, data, len);
  ok = load (copy, len, user_data);
  g_free (copy);
  return ok;
}

/* Every length below len when it is short, else every length of the first
 * and the last 1,024 and 2,048 spread between. */
static inline void
hs_test_record_cuts (const guint8 *data, gsize len, HsTestRecordLoad load, gpointer user_data)
{
  const gsize edge = 1024, spread = 2048;

  for (gsize cut = 0; cut < len; cut++)
    {
      if (len > 2 * edge + spread && cut >= edge && cut < len - edge)
        {
          gsize step = (len - 2 * edge) / spread;
          if ((cut - edge) % step != 0)
            continue;
        }
      if (hs_test_record_try (data, cut, load, user_data))
        g_error ("a record cut at %" G_GSIZE_FORMAT " of %" G_GSIZE_FORMAT " bytes was read", cut, len);
    }
}

/* Flips each byte (at most 600 positions spread over the record), all its
 * bits and its lowest one; returns how many of the tries were read as a
 * structure (the others were refused). */
static inline guint
hs_test_record_flips (const guint8 *data, gsize len, HsTestRecordLoad load, gpointer user_data)
{
  guint8 *copy = g_memdup2 (data, len);
  gsize step = len > 600 ? len / 600 : 1;
  guint read = 0;

  for (gsize at = 0; at < len; at += step)
    for (guint k = 0; k < 2; k++)
      {
        copy[at] ^= k == 0 ? 0xff : 0x01;
        read += hs_test_record_try (copy, len, load, user_data);
        copy[at] = data[at];
      }
  g_free (copy);
  return read;
}

typedef struct
{
  const HsTestRecordKind *kind;
  gpointer ctx;
} HsTestRecordTry;

/* A HsTestRecordLoad for a kind: a refusal fails the cursor; what is read
 * is shown, then freed. */
static inline gboolean
hs_test_record_try_kind (const guint8 *data, gsize len, gpointer user_data)
{
  const HsTestRecordTry *t = user_data;
  HsIndexCursor c;

  hs_index_cursor_init (&c, data, len);
  gpointer record = t->kind->load (&c, t->ctx);
  if (record == NULL)
    {
      g_assert_false (hs_index_cursor_ok (&c, FALSE));
      return FALSE;
    }
  g_assert_true (hs_index_cursor_ok (&c, FALSE));
  g_autofree char *shown = t->kind->show (record, t->ctx);
  g_assert_nonnull (shown);
  t->kind->free (record);
  return TRUE;
}

/* The record saved: read whole, refused at every cut, refused or shown
 * with any byte flipped; name says which in the test's messages. */
static inline void
hs_test_record_hostile (const HsTestRecordKind *kind, gconstpointer record, gpointer ctx, const char *name)
{
  HsTestRecordTry t = { kind, ctx };
  g_autoptr (GBytes) bytes = hs_test_record_save (kind, record);
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  g_assert_true (hs_test_record_try (data, len, hs_test_record_try_kind, &t));
  hs_test_record_cuts (data, len, hs_test_record_try_kind, &t);
  guint read = hs_test_record_flips (data, len, hs_test_record_try_kind, &t);
  g_test_message ("%s: %" G_GSIZE_FORMAT " bytes, %u flipped copies read", name, len, read);
}
