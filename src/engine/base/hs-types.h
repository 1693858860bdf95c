/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-types.h: the engine's basic types, shared by every unit: object and
 * class indexes, progress callbacks and the error domain. No code, no
 * dependency beyond GLib, so graph code (hs-dominators) and the matcher
 * table need not know the heap. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Dense object index. 32 bits today (4 billion objects); every array that is
 * indexed by it uses this typedef so widening it is a one-line change. */
typedef guint32 HsObj;
#define HS_OBJ_NONE ((HsObj)G_MAXUINT32)

/* Index into the class table (not an object index). */
typedef guint32 HsClass;
#define HS_CLASS_NONE ((HsClass)G_MAXUINT32)

/* Called from the thread doing the work; must be thread-safe.
 * phase is a short untranslated key ("reading", "decompressing",
 * "parsing", "references", "reachability", "paths", "dominators", ...),
 * fraction in [0,1]. Two kinds of report are not phases (fraction 0):
 * "notice:TEXT", a notice that stays under every later phase, and
 * "bytes:N", the bytes done so far in the current phase (decompressing). */
typedef void (*HsProgressFunc) (const char *phase, double fraction, gpointer user_data);

#define HS_ERROR (hs_error_quark ())
GQuark hs_error_quark (void);
typedef enum
{
  HS_ERROR_FORMAT, /* malformed input: message names file and byte offset */
  HS_ERROR_IO,
  HS_ERROR_NO_MEMORY, /* the dump needs more memory than is available */
  HS_ERROR_ARGUMENT,  /* e.g. --dump N out of range */
  HS_ERROR_INDEX,     /* a persistent index that cannot be used: the dump is analysed afresh */
} HsError;

G_END_DECLS
