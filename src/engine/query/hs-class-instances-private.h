/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-instances-private.h: the layout of HsClassInstances, shared by
 * hs-class-instances.c (building, lookup) and hs-class-instances-persist.c
 * (its index sections). */
#pragma once

#include "hs-class-instances.h"

struct _HsClassInstances
{
  guint n_classes;
  guint64 n;              /* entries of objs */
  const guint64 *offsets; /* n_classes + 1: class c's are objs[offsets[c] .. offsets[c + 1]) */
  const HsObj *objs;
  guint64 *owned_offsets; /* built here: freed with it; NULL when mapped */
  HsObj *owned_objs;
  HsIndexFile *index; /* mapped from this index: held while it lives */
};
