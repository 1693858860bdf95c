/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-option-file.h: reads a file named by an option (--matchers, --mapping,
 * the window's choosers) whole, refusing what is not a regular file or is
 * bigger than the caller allows: /dev/zero, a pipe or a folder gives an
 * error at once instead of reading until memory runs out. Engine layer. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The contents of path, NUL-terminated (caller frees), *len its length.
 * kind names the file in messages ("mapping file"), max_text says the limit
 * in words ("1 GiB"). HS_ERROR_IO: cannot be opened or read, not a regular
 * file, more than max_bytes (also when it grows past it while read). */
char *hs_option_file_read (const char *path, guint64 max_bytes, const char *kind, const char *max_text,
                           gsize *len, GError **error);

G_END_DECLS
