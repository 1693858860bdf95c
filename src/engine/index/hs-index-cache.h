/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index-cache.h: the folder of persistent indexes,
 * $XDG_CACHE_HOME/heapscope/ (docs/index.md): where an index goes, the
 * size limit and which index goes first when it is reached (the least
 * recently used), listing and clearing. Engine layer: GLib only. */
#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* $XDG_CACHE_HOME/heapscope (g_get_user_cache_dir), not created here. */
char *hs_index_cache_dir (void);

/* The size limit in bytes: the one set (hs_index_cache_set_limit, kept in
 * $XDG_CONFIG_HOME/heapscope/cache.ini), else the default: four times the
 * biggest index in the folder or about to be written (biggest), at least
 * 1 GiB. 0 set: no index is kept. */
guint64 hs_index_cache_limit (guint64 biggest);
gboolean hs_index_cache_set_limit (guint64 bytes, gboolean is_default, GError **error);
/* Whether a limit was set (else the default applies). */
gboolean hs_index_cache_limit_is_set (void);

/* Creates the folder (0700) if needed; FALSE when it cannot be made, is
 * a symlink or another user's. */
gboolean hs_index_cache_ensure_dir (GError **error);
/* Makes room for an index of `incoming` bytes: creates the folder, checks
 * that it is writable and that the file system has room for it (leaving
 * 5% of it free), then removes the least recently used indexes until the
 * folder with the new one fits the limit. FALSE with an error saying why
 * when no index should be written (read-only, full, or bigger than the
 * limit): the caller goes on without one, with a note. keep: an index
 * never removed (the one being replaced), may be NULL. */
gboolean hs_index_cache_make_room (guint64 incoming, const char *keep, GError **error);
/* Marks an index used now (its mtime: the LRU order). */
void hs_index_cache_touch (const char *index_path);

typedef struct
{
  char *path;      /* the index file */
  char *dump_path; /* the dump it was written for, NULL if unreadable */
  guint64 size;    /* bytes of the index */
  guint64 dump_size;
  gint64 created;   /* Unix seconds, 0 if unreadable */
  gint64 last_used; /* Unix seconds */
  gboolean usable;  /* its header and info check out for this version */
} HsIndexCacheEntry;

void hs_index_cache_entry_free (HsIndexCacheEntry *e);
/* The indexes in the folder, most recently used first (an empty array
 * when there is no folder). */
GPtrArray *hs_index_cache_list (GError **error);
/* Removes every index (and leftover temporary file) from the folder;
 * *removed_bytes gets what was freed. Touches nothing else there. */
gboolean hs_index_cache_clear (guint64 *removed_bytes, GError **error);

G_END_DECLS
