/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-jvm-dump.h: a heap dump of a running HotSpot JVM, taken through its
 * attach mechanism (hs-jvm-attach.h) and written to a file of ours. */
#pragma once

#include <gio/gio.h>

#include "hs-jvm-list.h"

G_BEGIN_DECLS

typedef enum
{
  HS_CAPTURE_LIVE = 0,      /* reachable objects only: the JVM runs a full GC first */
  HS_CAPTURE_ALL = 1 << 0,  /* every object, garbage included */
  HS_CAPTURE_GZIP = 1 << 1, /* the file gzip-compressed */
} HsCaptureFlags;

/* phase: "Waiting for the JVM", "Writing", "Copying", "Compressing";
 * bytes: how much of the file exists so far (0 while waiting). */
typedef void (*HsCaptureProgress) (const char *phase, guint64 bytes, gpointer data);

/* Asks the JVM to dump its heap into a new file in its own /tmp, then moves
 * it to dest (through a temporary file beside dest, renamed at the end: a
 * half-written dump never has dest's name). dest is never a folder, a
 * device, a FIFO or a socket. Nothing is left behind on failure or cancel.
 * The file belongs to the caller, whoever the JVM runs as. */
gboolean hs_jvm_dump_heap (const HsJvm *jvm, const char *dest, HsCaptureFlags flags,
                           HsCaptureProgress progress, gpointer progress_data, GCancellable *cancellable,
                           GError **error);

/* Checks that dest may be written: FALSE with error for a folder, a
 * device, FIFO or socket, or a folder we cannot write in. */
gboolean hs_capture_check_dest (const char *dest, GError **error);

/* Moves (or copies) src to a temporary file beside dest, compressing it
 * when gzip, and renames that to dest. src is removed. */
gboolean hs_capture_finish_file (const char *src, const char *dest, gboolean gzip, HsCaptureProgress progress,
                                 gpointer progress_data, GCancellable *cancellable, GError **error);

G_END_DECLS
