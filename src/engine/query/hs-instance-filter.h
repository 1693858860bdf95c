/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-instance-filter.h: the instance list's filter (the classes view's
 * instance pane). Engine layer. One expression, the whole text:
 *   retained>=1MB   the retained size compared (>=, >, <=, <, =) with a
 *                   size: bytes, or kB, MB, GB (1000-based, as sizes are
 *                   shown) or KiB, MiB, GiB (1024-based);
 *   name=value      the field's value, as text, is value (a String
 *                   field: its contents; a number in decimal; true or
 *                   false; another object 0x and its id; null);
 *   name~regex      the field's value, as text, matches regex (GRegex,
 *                   anywhere in it);
 *   /regex/         the object's display value (a String's contents,
 *                   else its short description) matches regex;
 *   anything else   the display value contains the text (ASCII letters
 *                   without case).
 * A field the object lacks never matches. */
#pragma once

#include <gio/gio.h>
#include "hs-analysis.h"

G_BEGIN_DECLS

typedef struct _HsInstanceFilter HsInstanceFilter;

/* NULL with error set for a bad regular expression or size (the message
 * says what is wrong: GRegex's own for a pattern); NULL without error for
 * an empty (or blank) text: no filter. */
HsInstanceFilter *hs_instance_filter_new (const char *text, GError **error);
void hs_instance_filter_free (HsInstanceFilter *filter);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsInstanceFilter, hs_instance_filter_free)

/* The objs[0 .. n) that match, in their order; NULL with error when
 * cancelled (looked at every 4 Ki objects). */
GArray *hs_instance_filter_apply (const HsInstanceFilter *filter, HsAnalysis *analysis, const HsObj *objs,
                                  gsize n, GCancellable *cancellable, GError **error);

G_END_DECLS
