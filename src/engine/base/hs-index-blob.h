/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-blob.h: records in an index section: a builder that appends
 * little-endian scalars and strings, and a cursor that reads them back
 * with every read bounds-checked. A cursor never reads past its end and
 * never allocates more than the bytes left could describe: a read past the
 * end, a count too big for what is left, an object index out of range or a
 * string that is not UTF-8 sets `failed` and returns 0 / NULL; the caller
 * checks hs_index_cursor_ok at the end and drops what it built. A list
 * (object indexes, u64s, strings) is its count as a u32, then its items.
 * Engine layer: GLib only. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  GByteArray *bytes;
} HsIndexBlob;

void hs_index_blob_init (HsIndexBlob *b);
void hs_index_blob_clear (HsIndexBlob *b);
void hs_index_blob_u8 (HsIndexBlob *b, guint8 v);
void hs_index_blob_u32 (HsIndexBlob *b, guint32 v);
void hs_index_blob_u64 (HsIndexBlob *b, guint64 v);
void hs_index_blob_i64 (HsIndexBlob *b, gint64 v);
void hs_index_blob_double (HsIndexBlob *b, double v);
/* NULL is kept apart from "". */
void hs_index_blob_str (HsIndexBlob *b, const char *s);
void hs_index_blob_bytes (HsIndexBlob *b, gconstpointer data, gsize len);
/* Lists: a GArray of HsObj (object indexes, u32 each), a GArray of
 * guint64, a GPtrArray of strings. */
void hs_index_blob_objs (HsIndexBlob *b, const GArray *objs);
void hs_index_blob_u64s (HsIndexBlob *b, const GArray *values);
void hs_index_blob_strs (HsIndexBlob *b, const GPtrArray *strs);

typedef struct
{
  const guint8 *p, *end;
  gboolean failed;
} HsIndexCursor;

/* A cursor over len bytes at data; data NULL (a section that is not
 * there) reads as no bytes. */
void hs_index_cursor_init (HsIndexCursor *c, gconstpointer data, gsize len);
guint8 hs_index_cursor_u8 (HsIndexCursor *c);
guint32 hs_index_cursor_u32 (HsIndexCursor *c);
guint64 hs_index_cursor_u64 (HsIndexCursor *c);
gint64 hs_index_cursor_i64 (HsIndexCursor *c);
double hs_index_cursor_double (HsIndexCursor *c);
/* A new string (g_free), NULL for a NULL written, or on failure. */
char *hs_index_cursor_str (HsIndexCursor *c);
/* A pointer to len bytes in place, NULL on failure. */
gconstpointer hs_index_cursor_bytes (HsIndexCursor *c, gsize len);
/* A count of items that each take at least min_item_bytes in what follows:
 * fails when the bytes left cannot hold that many (so a hostile count
 * never makes a huge allocation). */
guint32 hs_index_cursor_count (HsIndexCursor *c, gsize min_item_bytes);
/* An object index: below n, or HS_OBJ_NONE (G_MAXUINT32) when none_ok. */
guint32 hs_index_cursor_obj (HsIndexCursor *c, guint64 n, gboolean none_ok);
/* The lists back, each a new array (never NULL): on a failure it holds
 * the items read before it, none when the count was refused, and the
 * caller drops it with what it built. Objects are below n (none is
 * refused); a NULL string is refused (readers print them); the strings
 * are freed with the array. */
GArray *hs_index_cursor_objs (HsIndexCursor *c, guint64 n);
GArray *hs_index_cursor_u64s (HsIndexCursor *c);
GPtrArray *hs_index_cursor_strs (HsIndexCursor *c);
/* Marks the cursor failed (a value the reader found out of range). */
void hs_index_cursor_fail (HsIndexCursor *c);
/* Not failed, and every byte read when whole is set. */
gboolean hs_index_cursor_ok (const HsIndexCursor *c, gboolean whole);

G_END_DECLS
