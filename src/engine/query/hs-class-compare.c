/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-compare.c: the one class comparison (see the header). */
#include "config.h"
#include "hs-class-compare.h"

#include <string.h>

int
hs_class_compare (guint64 va, const char *na, guint32 a, guint64 vb, const char *nb, guint32 b,
                  HsClassDirection direction)
{
  int r = 0;

  if (va != vb)
    {
      r = va < vb ? -1 : 1;
      return direction == HS_CLASS_ASCENDING ? r : -r;
    }
  if (na != nb)
    {
      if (na == NULL || nb == NULL)
        r = na == NULL ? -1 : 1;
      else
        r = strcmp (na, nb);
    }
  if (r == 0)
    r = a < b ? -1 : a > b ? 1 : 0;
  else
    r = r < 0 ? -1 : 1;
  return direction == HS_CLASS_DESCENDING ? -r : r;
}
