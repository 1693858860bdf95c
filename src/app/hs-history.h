/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-history.h: the window's back/forward history of one dump: a list of
 * locations (a view, the object in the inspector, and one view-specific
 * value such as the treemap's zoom node or the selected leak) and a
 * cursor, like a browser's. Going back or forward moves the cursor and
 * returns the location to show; showing it must not push a new one. */
#pragma once

#include <glib-object.h>
#include "hs-types.h"

G_BEGIN_DECLS

#define HS_HISTORY_NO_EXTRA G_MAXUINT64

typedef struct
{
  char *view;    /* page name of the view */
  HsObj obj;     /* in the inspector, HS_OBJ_NONE when it is closed */
  guint64 extra; /* the view's own place, HS_HISTORY_NO_EXTRA when none */
} HsLocation;

#define HS_TYPE_HISTORY (hs_history_get_type ())
G_DECLARE_FINAL_TYPE (HsHistory, hs_history, HS, HISTORY, GObject)

HsHistory *hs_history_new (void);
/* Records a location after the current one, dropping those ahead of it.
 * Nothing when it equals the current one; when only its extra differs
 * from a current one that had none, the current one takes it (a view
 * telling where it is right after it was shown). */
void hs_history_push (HsHistory *self, const char *view, HsObj obj, guint64 extra);
/* Moves the cursor; the location now current, or NULL at the end. */
const HsLocation *hs_history_go_back (HsHistory *self);
const HsLocation *hs_history_go_forward (HsHistory *self);
const HsLocation *hs_history_get_current (HsHistory *self);
gboolean hs_history_can_go_back (HsHistory *self);
gboolean hs_history_can_go_forward (HsHistory *self);
guint hs_history_get_length (HsHistory *self);
void hs_history_clear (HsHistory *self);

G_END_DECLS
