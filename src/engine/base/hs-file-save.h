/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-file-save.h: writing a file the user named (the HTML report, a table
 * saved as CSV) so that nothing is half written and nothing precious is
 * replaced: the data goes to a temporary file in the target's folder,
 * which is renamed over the target; a symlink stays a link (the file it
 * names is replaced); an existing file keeps its permissions; a folder, a
 * device, a FIFO or a socket, and the heap dump being read, are never
 * written over. Engine layer, GLib only. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* FALSE with an error when path cannot be written over: a folder, not a
 * regular file, or the same file as keep (the dump; may be NULL). what
 * names the data in the messages ("the report": "Cannot write the report
 * to “PATH”: ..."). */
gboolean hs_file_save_check (const char *path, const char *keep, const char *what, GError **error);
/* hs_file_save_check, then len bytes of data to path, atomically. */
gboolean hs_file_save (const char *path, const char *data, gsize len, const char *keep, const char *what,
                       GError **error);

G_END_DECLS
