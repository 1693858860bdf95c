/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-field-packing.h: where HotSpot puts a class's instance fields since
 * JDK 15 (docs/semantics.md, "Object layout"): after its superclass's, the
 * biggest first, each in the smallest gap left before that it fits in
 * (aligned to its size), else at the end; then the references. Only the
 * gaps and the end matter for sizes: a class's layout is carried to its
 * subclasses as the list of its gaps and its end. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint32 offset, size;
} HsFieldHole;

/* A class's layout keeps at most this many gaps (the first ones); only a
 * hostile dump has more, and its sizes are then too big, never too small. */
#define HS_FIELD_MAX_HOLES 16

/* Places one class's own fields after its superclass's layout: holes[0 ..
 * n_holes) (by offset) and end; for a class without a superclass, no holes
 * and end = the header size. counts[k] = its primitive fields of 8 >> k
 * bytes (8, 4, 2, 1), n_refs its references of ref_size bytes. Appends the
 * class's gaps to out (a GArray of HsFieldHole) and returns its end: the
 * end of its last field, before the object's alignment. */
guint64 hs_field_pack (const HsFieldHole *holes, guint n_holes, guint64 end, const guint64 counts[4],
                       guint64 n_refs, guint ref_size, GArray *out);

G_END_DECLS
