/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-columns.h: per-object columns stored as narrow as the values allow,
 * with inline accessors for hot loops. The heap keeps its class index and
 * shallow size per object this way (hs-heap-graph.c fills them); graph code
 * (dominators, retained sizes) reads them without knowing the heap. A
 * column made from a plain array: { .k32 = array } / { .s32 = array }; an
 * empty one ({ 0 }) reads HS_CLASS_NONE / 0 everywhere. */
#pragma once

#include <glib.h>
#include "hs-types.h"

G_BEGIN_DECLS

typedef struct
{
  const guint16 *k16; /* when the dump has fewer than 65535 classes (0xffff: none) */
  const HsClass *k32; /* otherwise */
} HsClassCol;

typedef struct
{
  /* Shallow sizes in units of `unit` (the object alignment, which every
   * size formula aligns to); 0xffff: the size is in the overflow table
   * (big objects, or a size that is no multiple of unit). */
  const guint16 *units;
  guint32 unit;
  const guint32 *s32;   /* plain sizes, when units is NULL */
  const HsObj *big_obj; /* the overflow table, sorted by object */
  const guint32 *big_size;
  guint64 n_big;
} HsSizeCol;

static inline HsClass
hs_class_col_get (const HsClassCol *col, guint64 o)
{
  if (G_LIKELY (col->k16 != NULL))
    {
      guint16 k = col->k16[o];
      return k == 0xffff ? HS_CLASS_NONE : (HsClass)k;
    }
  return col->k32 ? col->k32[o] : HS_CLASS_NONE;
}

/* The overflow table's entry for o (binary search). */
guint32 _hs_size_col_big (const HsSizeCol *col, guint64 o);

static inline guint32
hs_size_col_get (const HsSizeCol *col, guint64 o)
{
  if (G_LIKELY (col->units != NULL))
    {
      guint16 u = col->units[o];
      if (G_LIKELY (u != 0xffff))
        return (guint32)u * col->unit;
      return _hs_size_col_big (col, o);
    }
  return col->s32 ? col->s32[o] : 0;
}

G_END_DECLS
