/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dom-persist.h: a dominator tree written into a persistent index and
 * used in place from it (docs/index.md). Engine layer: GLib only. */
#pragma once

#include "hs-dominators.h"
#include "hs-index-file.h"

G_BEGIN_DECLS

/* Adds the tree's sections (HS_INDEX_SECTION_DOM and its arrays). */
gboolean hs_dom_tree_persist_write (const HsDomTree *tree, HsIndexWriter *w, GError **error);
/* The tree of f, its arrays where f maps them (it holds a reference to
 * f). n_objects: the heap's; NULL with HS_ERROR_INDEX when the sections
 * are missing or of the wrong size, and (FALSE) when f has no tree. */
HsDomTree *hs_dom_tree_persist_read (HsIndexFile *f, guint64 n_objects, GError **error);

G_END_DECLS
