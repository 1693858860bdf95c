/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-test-record.h: hostile bytes for the readers of index records
 * (hs-index-blob.h): a record cut at every length (or a dense sample of
 * them) must be refused, and a record with a byte flipped must be refused
 * or read as a structure its readers can show. Each try reads a copy of
 * exactly the bytes it is given, so that the AddressSanitizer build sees a
 * read past them. */
#pragma once

#include <glib.h>
#include <string.h>

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
