/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-png.h: a minimal PNG writer (8-bit RGBA, zlib) for bitmaps. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* rgba: width * height * 4 bytes, rows top to bottom, straight alpha.
 * NULL when the sizes are 0 or beyond 2^31 - 1. */
GBytes *hs_png_encode_rgba (const guint8 *rgba, guint32 width, guint32 height);

G_END_DECLS
