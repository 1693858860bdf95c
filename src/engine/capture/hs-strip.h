/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-strip.h: a copy of a heap dump that can be shared: the contents of
 * every primitive array are zeros (passwords, tokens, user data, images),
 * and with them the text of every String, unless asked to keep it. Records,
 * objects, references and sizes are unchanged, so every analysis of the
 * copy gives what the original gives, apart from values. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef struct
{
  gboolean keep_strings; /* leave the arrays that hold String text as they are */
  guint64 arrays;        /* out: primitive arrays zeroed */
  guint64 bytes;         /* out: bytes zeroed */
} HsStripOptions;

/* Writes the stripped copy of dump (every dump of the file) to out, through
 * a temporary file renamed at the end; out is never the dump itself, a
 * folder, a device, a FIFO or a socket. out is gzip-compressed when its
 * name ends in ".gz". */
gboolean hs_strip_write (const char *dump, const char *out, HsStripOptions *opts, GCancellable *cancellable,
                         GError **error);
/* The same copy written to the descriptor fd as it is made (stdout:
 * `strip -o -`), never compressed; fd is left open. */
gboolean hs_strip_write_fd (const char *dump, int fd, HsStripOptions *opts, GCancellable *cancellable,
                            GError **error);

G_END_DECLS
