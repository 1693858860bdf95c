/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-cache-group.h: the preferences' group of saved indexes
 * (template ui/hs-index-cache-group.ui), over the engine's cache folder
 * (hs-index-cache.h): "Keep Indexes" (off: a limit of 0, no index kept),
 * the size limit (Automatic, or a size in GiB), kept in
 * $XDG_CONFIG_HOME/heapscope/cache.ini, the folder, the space the indexes
 * use now (measured on a worker: the listing reads their headers) and
 * Clear, confirmed first. */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define HS_TYPE_INDEX_CACHE_GROUP (hs_index_cache_group_get_type ())
G_DECLARE_FINAL_TYPE (HsIndexCacheGroup, hs_index_cache_group, HS, INDEX_CACHE_GROUP, AdwPreferencesGroup)

/* Measures the space used again (on a worker). */
void hs_index_cache_group_refresh (HsIndexCacheGroup *self);

/* For the tests: the texts the rows show, the Clear
 * button's question while it is asked (NULL otherwise), and whether a
 * worker (measuring, clearing) is still running. */
const char *hs_index_cache_group_get_folder_text (HsIndexCacheGroup *self);
const char *hs_index_cache_group_get_used_text (HsIndexCacheGroup *self);
AdwMessageDialog *hs_index_cache_group_get_dialog (HsIndexCacheGroup *self);
gboolean hs_index_cache_group_is_busy (HsIndexCacheGroup *self);
/* The limit each position of the limit row stands for, in bytes; 0 for
 * Automatic (position 0). */
guint64 hs_index_cache_group_limit_at (HsIndexCacheGroup *self, guint position);

G_END_DECLS
