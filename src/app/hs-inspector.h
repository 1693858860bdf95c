/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-inspector.h: the object inspector pane: fields and values, referrers,
 * the path to the nearest GC root, sizes. */
#pragma once

#include <gtk/gtk.h>
#include "hs-loader.h"

G_BEGIN_DECLS

#define HS_TYPE_INSPECTOR (hs_inspector_get_type ())
G_DECLARE_FINAL_TYPE (HsInspector, hs_inspector, HS, INSPECTOR, GtkWidget)

GtkWidget *hs_inspector_new (void);
void hs_inspector_set_loader (HsInspector *self, HsLoader *loader);
/* Shows obj. Back and forward are the window's ("win.back"): following a
 * field or referrer activates "win.inspect". */
void hs_inspector_show (HsInspector *self, HsObj obj);
HsObj hs_inspector_get_obj (HsInspector *self);
/* The path to a GC root of the shown object once computed (root first,
 * the object last), or NULL while it is being computed / when none. */
GArray *hs_inspector_get_root_path (HsInspector *self);
/* The shown object's GC root as the inspector words it ("Local variable
 * in worker-3, store.Worker.hold"), NULL when it is not a root. */
const char *hs_inspector_get_gc_root_text (HsInspector *self);
/* The thread the shown path starts at when its root is a thread's local
 * (shown above it), else HS_OBJ_NONE. */
HsObj hs_inspector_get_root_thread (HsInspector *self);
/* Rows the path section shows: a long path is abridged. */
guint hs_inspector_get_n_path_rows (HsInspector *self);
gboolean hs_inspector_is_busy (HsInspector *self);

G_END_DECLS
