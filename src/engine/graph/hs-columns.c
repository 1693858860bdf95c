/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-columns.c: the out-of-line part of the narrow columns (hs-columns.h):
 * the size column's overflow table. */
#include "config.h"

#include "hs-columns.h"

guint32
_hs_size_col_big (const HsSizeCol *col, guint64 o)
{
  guint64 lo = 0, hi = col->n_big;
  while (lo < hi)
    {
      guint64 mid = lo + (hi - lo) / 2;
      if (col->big_obj[mid] < o)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < col->n_big && col->big_obj[lo] == o ? col->big_size[lo] : 0;
}
