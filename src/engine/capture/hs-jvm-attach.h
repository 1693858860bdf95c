/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-jvm-attach.h: a command sent to a running HotSpot JVM through its
 * attach mechanism, as jcmd does, without any JDK tool. */
#pragma once

#include <gio/gio.h>

#include "hs-jvm-list.h"

G_BEGIN_DECLS

/* Called about five times a second while the JVM works on the command. */
typedef void (*HsAttachTick) (gpointer data);

/* Sends jcmd's command line (such as "GC.heap_dump /tmp/x.hprof") to the
 * JVM and returns what it printed. Starts the JVM's attach listener when it
 * is not running (the .attach_pid file and SIGQUIT) and waits at most
 * timeout_ms for it; speaks protocol 2 to a JVM that offers it (JDK 24 and
 * later), protocol 1 to the others. Only the JVM itself is spoken to: the
 * socket's peer must be that pid, as the JVM's user. output (NULL: none)
 * is the file the command writes, as seen from here: while it grows the
 * JVM is working (every wait is bounded, see hs-jvm-attach.c), and after
 * a cancel it is removed once the JVM has created it. Fails with a message
 * that says what to do: another user's JVM or socket, attach disabled, no
 * answer, the JVM's own error. */
char *hs_jvm_attach_jcmd (const HsJvm *jvm, const char *command, const char *output, guint timeout_ms,
                          HsAttachTick tick, gpointer tick_data, GCancellable *cancellable, GError **error);

G_END_DECLS
