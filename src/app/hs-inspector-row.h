/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-inspector-row.h: one row of the inspector's lists (an object's
 * fields, array elements or contents, a thread's stack, the path to a GC
 * root, the referrers): its kind and the text of its parts as properties
 * that the row template binds (ui/hs-inspector-row.ui). A few hundred at
 * most per object shown: one small object each. The inspector fills it. */
#pragma once

#include <glib-object.h>
#include "hs-types.h"

G_BEGIN_DECLS

#define HS_TYPE_INSPECTOR_ROW (hs_inspector_row_get_type ())
G_DECLARE_FINAL_TYPE (HsInspectorRow, hs_inspector_row, HS, INSPECTOR_ROW, GObject)

/* The kinds of row, each a part of the template:
 * - "pair": a name and, right-aligned, its value or a link to obj;
 * - "link": a link to obj across the row, after an optional prefix;
 * - "hex": a name and, under it, bytes in hex;
 * - "frame": a stack frame in monospace;
 * - "note": a dim line (the elided part of a long path);
 * - "heading": a heading inside a card (a thread's stack). */
HsInspectorRow *hs_inspector_row_new (const char *kind, const char *name, const char *value);
/* A "pair" whose value is a link to obj, or a "link" to obj, with the
 * link's text (made breakable between a class name's parts) and tooltip. */
HsInspectorRow *hs_inspector_row_new_link (const char *kind, const char *name, HsObj obj, const char *text,
                                           const char *tip, const char *prefix);
void hs_inspector_row_set_sensitive (HsInspectorRow *self, gboolean sensitive);

G_END_DECLS
