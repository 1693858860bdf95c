/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-id.h: an object id typed by a user (Go to, retained-set's
 * ids), read into the object it names. Engine layer. */
#pragma once

#include "hs-heap.h"

G_BEGIN_DECLS

/* "0x1a2b" is hexadecimal; digits only ("6699") are decimal; digits with
 * a hex letter and no 0x ("1a2b") are hexadecimal, as hs_query_parse_id
 * reads them everywhere else. When the decimal reading of plain digits
 * names no object of heap, the same digits read as hexadecimal are tried
 * (the ids the window and the CLI print are hexadecimal). Returns the
 * object or HS_OBJ_NONE; *id (optional) gets the id read (the decimal one
 * when neither names an object); *is_id (optional) FALSE when text is no
 * number at all. Spaces around text are ignored. */
HsObj hs_object_id_find (HsHeap *heap, const char *text, guint64 *id, gboolean *is_id);

G_END_DECLS
