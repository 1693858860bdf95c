/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-perfdata.h: HotSpot's performance data file (hsperfdata_USER/PID), the
 * shared memory each JVM writes unless started with -XX:-UsePerfData: a
 * prologue, then named entries. We read the few string entries that say
 * what the JVM runs. The file belongs to another process and is read as
 * untrusted bytes: every offset and length is checked against the buffer. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  char *command; /* sun.rt.javaCommand: main class or -jar file, then its arguments */
  char *version; /* java.property.java.version (or java.vm.version) */
  char *vm_args; /* java.rt.vmArgs: the JVM's own options */
} HsPerfData;

/* Reads the string entries of a performance data file held in data.
 * Returns FALSE with error (HS_ERROR_FORMAT, naming the byte offset) when
 * the bytes are not one; what is missing stays NULL. */
gboolean hs_perfdata_parse (const guint8 *data, gsize len, HsPerfData *out, GError **error);
void hs_perfdata_clear (HsPerfData *p);

G_END_DECLS
