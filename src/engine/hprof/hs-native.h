/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-native.h: native memory the Java heap does not show (Bitmap pixels,
 * registered native allocations), as sparse tables. */
#pragma once

#include "hs-heap.h"
#include "hs-dominators.h"

G_BEGIN_DECLS

/* GUINT_TO_POINTER (HsObj) -> guint64* bytes, for objects with native memory. */
GHashTable *hs_native_sizes (HsHeap *heap);
/* Sum of native sizes over each dominator subtree (virtual root: key n). */
GHashTable *hs_native_retained (const HsDomTree *dom, GHashTable *native);

G_END_DECLS
