/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fuzz-index-sums.c: an index file made to pass its sums (see
 * fuzz-index-sums.h), for the index targets. */
#include "config.h"

#include <string.h>

#include "fuzz-index-sums.h"
#include "hs-index-file.h"
#include "hs-index-file-private.h"

void
hs_fuzz_index_fix_sums (guint8 *b, gsize len)
{
  if (len < HS_INDEX_HEADER_SIZE)
    return;
  memset (b + HS_INDEX_OFF_VERSION, 0, HS_INDEX_VERSION_LEN);
  memcpy (b + HS_INDEX_OFF_VERSION, PACKAGE_VERSION, sizeof PACKAGE_VERSION);
  guint64 length = len, table;
  guint32 n;
  memcpy (b + HS_INDEX_OFF_LENGTH, &length, 8);
  memcpy (&n, b + HS_INDEX_OFF_N, 4);
  memcpy (&table, b + HS_INDEX_OFF_TABLE, 8);
  if ((guint64)n > (len - HS_INDEX_HEADER_SIZE) / HS_INDEX_ENTRY_SIZE || table > len
      || (guint64)n * HS_INDEX_ENTRY_SIZE > len - table)
    return;
  for (guint32 i = 0; i < n; i++)
    {
      guint8 *e = b + table + (gsize)i * HS_INDEX_ENTRY_SIZE;
      guint64 off, slen, sum;
      memcpy (&off, e + HS_INDEX_ENTRY_OFFSET, 8);
      memcpy (&slen, e + HS_INDEX_ENTRY_LENGTH, 8);
      if (off > len || slen > len - off)
        continue;
      sum = hs_index_checksum (b + off, slen);
      memcpy (e + HS_INDEX_ENTRY_CHECKSUM, &sum, 8);
    }
  guint64 sum = hs_index_header_checksum (b, b + table, (gsize)n * HS_INDEX_ENTRY_SIZE);
  memcpy (b + HS_INDEX_OFF_CHECKSUM, &sum, 8);
}
