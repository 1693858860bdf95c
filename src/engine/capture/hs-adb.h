/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-adb.h: heap dumps of Android apps through adb (the program on the
 * PATH): devices, their app processes, and `am dumpheap`, waited for until
 * the file is complete, pulled and removed from the device. */
#pragma once

#include <gio/gio.h>

#include "hs-jvm-dump.h"

G_BEGIN_DECLS

typedef struct
{
  char *serial;
  char *state; /* "device", "unauthorized", "offline", ... */
  char *model; /* "" when adb does not say */
} HsAdbDevice;

typedef struct
{
  guint pid;
  char *user; /* u0_a123 for apps */
  char *name; /* the package or process name */
} HsAdbProcess;

/* The devices adb knows. NULL with error when adb is missing or fails. */
GPtrArray *hs_adb_devices (GCancellable *cancellable, GError **error);
/* The app processes (users u<N>_a<M>) of one device (serial NULL: the
 * only one), by name. */
GPtrArray *hs_adb_processes (const char *serial, GCancellable *cancellable, GError **error);

/* Dumps process (a pid or a process name) on the device to dest: `am
 * dumpheap` (-g first for live objects unless HS_CAPTURE_ALL; -b png on
 * API 35 and later, so that bitmaps keep their pixels) into
 * /data/local/tmp, waits until the file ends with its HEAP_DUMP_END
 * record, pulls it (checked: the device's size, a complete HPROF file),
 * removes the device's copy, and writes dest as hs_capture_finish_file
 * does (gzip when HS_CAPTURE_GZIP). On failure or cancel nothing is left
 * on the device or beside dest, and no adb call is left running. */
gboolean hs_adb_dump_heap (const char *serial, const char *process, const char *dest, HsCaptureFlags flags,
                           HsCaptureProgress progress, gpointer progress_data, GCancellable *cancellable,
                           GError **error);

/* Every adb call is killed when it makes no progress (no output, no growth
 * of the file it writes) for this many seconds (0: the default, 60), and
 * a dump must be written and pulled within 10 times that. */
void hs_adb_set_timeout (guint seconds);

void hs_adb_device_free (HsAdbDevice *d);
void hs_adb_process_free (HsAdbProcess *p);

G_END_DECLS
