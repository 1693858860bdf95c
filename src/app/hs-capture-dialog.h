/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-capture-dialog.h: "Capture Heap Dump": lists the JVMs running on this
 * machine and the app processes of adb's devices, takes a dump of the one
 * chosen on a worker (hs-jvm-dump.h, hs-adb.h) and opens it in a new tab
 * (win.open-file). */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define HS_TYPE_CAPTURE_DIALOG (hs_capture_dialog_get_type ())
G_DECLARE_FINAL_TYPE (HsCaptureDialog, hs_capture_dialog, HS, CAPTURE_DIALOG, AdwWindow)

/* A dialog over parent; when pid is not 0 that JVM is chosen once listed
 * (Capture Again from a tab). */
HsCaptureDialog *hs_capture_dialog_new (GtkWindow *parent, guint pid);
/* The folder the dump is written to (default: the user's Downloads, else
 * the temporary folder). */
void hs_capture_dialog_set_folder (HsCaptureDialog *self, const char *folder);
/* Rows listed (JVMs and device processes); FALSE while listing. */
guint hs_capture_dialog_get_n_targets (HsCaptureDialog *self);
gboolean hs_capture_dialog_is_listing (HsCaptureDialog *self);
/* The pid of the row chosen, 0 when none. */
guint hs_capture_dialog_get_selected_pid (HsCaptureDialog *self);
/* Chooses the JVM of that pid; FALSE when it is not listed. */
gboolean hs_capture_dialog_select_pid (HsCaptureDialog *self, guint pid);
/* The pid of the JVM a dump captured in this session came from (0 when
 * path is NULL or was not captured here), so that Capture again chooses
 * it. */
guint hs_capture_dialog_pid_of (const char *path);

G_END_DECLS
