/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-waste-persist.h: the waste a pass found, written into a persistent
 * index section and read back, every field (docs/index.md). Engine layer:
 * GLib only. */
#pragma once

#include "hs-index-blob.h"
#include "hs-waste.h"

G_BEGIN_DECLS

void hs_waste_save (const HsWaste *waste, HsIndexBlob *out);
/* NULL when the bytes are not waste this version wrote; object and class
 * indexes are checked against heap's. */
HsWaste *hs_waste_load (HsIndexCursor *in, HsHeap *heap);

G_END_DECLS
