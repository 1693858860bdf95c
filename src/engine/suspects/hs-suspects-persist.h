/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-suspects-persist.h: problem suspects written into a persistent index
 * section and read back, every field (docs/index.md). Engine layer: GLib
 * only. */
#pragma once

#include "hs-index-blob.h"
#include "hs-suspects.h"

G_BEGIN_DECLS

void hs_suspects_save (const HsSuspects *suspects, HsIndexBlob *out);
/* NULL when the bytes are not suspects this version wrote. */
HsSuspects *hs_suspects_load (HsIndexCursor *in, guint64 n_objects);

G_END_DECLS
