/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-path.h: an object's path to its nearest GC root as text, the
 * way "Copy path to GC root" and `heapscope-cli object` print it. Engine
 * layer. */
#pragma once

#include "hs-heap.h"

G_BEGIN_DECLS

/* Names the reference from `from` to `to`: ".field", ".static" for a
 * class's static, "[i]" for an array element, "<class>", "<super>",
 * "<loader>"; NULL when from holds no reference to to. Caller frees. */
char *hs_object_path_ref_name (HsHeap *heap, HsObj from, HsObj to);

/* The root path (hs_query_root_path) as lines "class@0xid .field", the
 * root first, each naming the reference it holds to the next line; the
 * object itself last with no reference. NULL when no root was found
 * within max_visits. Caller frees. */
char *hs_object_path_text (HsHeap *heap, HsObj obj, guint max_visits);

G_END_DECLS
