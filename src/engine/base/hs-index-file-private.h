/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-file-private.h: the byte layout of an index file (docs/index.md,
 * "File format") and its checksum's parts, shared by the writer
 * (hs-index-writer.c), the reader (hs-index-file.c) and the tests that
 * build broken files on purpose. Not for other units: they read sections
 * through hs-index-file.h. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The header, HS_INDEX_HEADER_SIZE bytes at offset 0. Its scalars are in
 * the byte order of the machine that wrote it, as the sections' arrays
 * are; the byte order mark tells a machine of the other order. */
#define HS_INDEX_MAGIC "HSINDEX" /* 8 bytes with its NUL */
#define HS_INDEX_BYTE_ORDER_MARK 0x01020304u
#define HS_INDEX_HEADER_SIZE 192
#define HS_INDEX_ALIGN 64 /* of every section and of the table */
#define HS_INDEX_ENTRY_SIZE 32
#define HS_INDEX_VERSION_LEN 64 /* the program version, NUL-padded */

#define HS_INDEX_OFF_MAGIC 0      /* char[8] */
#define HS_INDEX_OFF_ORDER 8      /* u32 HS_INDEX_BYTE_ORDER_MARK */
#define HS_INDEX_OFF_WORD 12      /* u8 sizeof (gsize), 3 bytes 0 */
#define HS_INDEX_OFF_FORMAT 16    /* u32 HS_INDEX_FORMAT_VERSION */
#define HS_INDEX_OFF_HSIZE 20     /* u32 HS_INDEX_HEADER_SIZE */
#define HS_INDEX_OFF_N 24         /* u32 sections in the table; u32 0 */
#define HS_INDEX_OFF_TABLE 32     /* u64 offset of the table */
#define HS_INDEX_OFF_LENGTH 40    /* u64 length of the whole file */
#define HS_INDEX_OFF_CREATED 48   /* i64 Unix seconds */
#define HS_INDEX_OFF_IDENTITY 56  /* 7 x u64, HsIndexIdentity's order */
#define HS_INDEX_OFF_VERSION 112  /* char[HS_INDEX_VERSION_LEN] */
#define HS_INDEX_OFF_CHECKSUM 184 /* u64 of bytes [0, 184) and the table; 176: u64 0 */

/* One entry of the table: u32 id, u32 flags (0), u64 offset, u64 length,
 * u64 checksum. */
#define HS_INDEX_ENTRY_ID 0
#define HS_INDEX_ENTRY_FLAGS 4
#define HS_INDEX_ENTRY_OFFSET 8
#define HS_INDEX_ENTRY_LENGTH 16
#define HS_INDEX_ENTRY_CHECKSUM 24

/* A section longer than HS_INDEX_CHUNKED_ABOVE is checksummed as chunks of
 * HS_INDEX_CHUNK bytes (the last one shorter) whose sums are combined, so
 * that both cores can check it. */
#define HS_INDEX_CHUNKED_ABOVE ((guint64)64 << 20)
#define HS_INDEX_CHUNK ((guint64)16 << 20)

/* The checksum of bytes taken in pieces: hs_index_hasher_stripes over
 * whole 32-byte stripes, then hs_index_hasher_finish over the rest (fewer
 * than 32 bytes) with the length of the whole. */
typedef struct
{
  guint64 v[4];
} HsIndexHasher;

#define HS_INDEX_STRIPE 32

void hs_index_hasher_init (HsIndexHasher *h, guint64 seed);
void hs_index_hasher_stripes (HsIndexHasher *h, const guint8 *p, gsize n_stripes);
guint64 hs_index_hasher_finish (HsIndexHasher *h, const guint8 *tail, gsize tail_len, guint64 total_len);

/* The checksum of one block (a chunk, or a section not chunked). */
guint64 hs_index_checksum_block (gconstpointer data, guint64 len);
/* A chunked section's checksum from its chunks' (n of them) and its length. */
guint64 hs_index_checksum_combine (const guint64 *chunk_sums, guint64 n, guint64 len);
/* The header's checksum: bytes [0, HS_INDEX_OFF_CHECKSUM) of the header,
 * then the table. */
guint64 hs_index_header_checksum (const guint8 *header, const guint8 *table, gsize table_len);

G_END_DECLS
