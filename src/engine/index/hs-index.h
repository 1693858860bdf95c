/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-index.h: the persistent index of an analysis (docs/index.md): writing
 * what an analysis computed, and opening a dump from it instead of
 * analysing it again. Engine layer: GLib only. */
#pragma once

#include "hs-analysis.h"
#include "hs-index-file.h"
#include "hs-index-lock.h"
#include "hs-waste.h"

G_BEGIN_DECLS

typedef enum
{
  HS_INDEX_USE_CACHE, /* look in the cache (or beside the dump), write there after */
  HS_INDEX_NO_CACHE,  /* analyse afresh, write nothing (--no-cache, Re-analyse writes) */
  HS_INDEX_REANALYSE, /* analyse afresh and replace the index */
} HsIndexPolicy;

typedef struct
{
  HsIndexPolicy policy;
  /* An index file to use (--index FILE): matched by the dump's bytes,
   * not its name; an error if it cannot be used. NULL: the cache (an
   * index of this user's only). */
  const char *index_path;
} HsIndexOptions;

/* How an analysis was obtained, for the window's banner and the notes. */
typedef struct
{
  gboolean from_index;
  gint64 analysed;  /* when the index was written (Unix seconds) */
  char *index_path; /* the index read or written, NULL if none */
  /* Why no index was used or written, NULL if nothing to say: "the dump
   * changed since it was indexed", "index written by another version",
   * "cache folder is read-only" ... */
  char *note;
  /* A fresh whole analysis: an index should be written to write_path
   * (hs_index_save_start), with this identity. */
  gboolean write;
  char *write_path;
  HsIndexIdentity identity;
  /* DUMP.hsindex beside the dump, not read: an index that came with the
   * dump is read only when asked (index_path); NULL if there is none. */
  char *beside_path;
  /* With write: the lock that says this process writes that index
   * (hs-index-lock.h), held until the outcome is cleared; a child forked
   * to write the index keeps it. */
  HsIndexLock *lock;
} HsIndexOutcome;

void hs_index_outcome_clear (HsIndexOutcome *outcome);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (HsIndexOutcome, hs_index_outcome_clear)

/* Writes everything a reopen needs from analysis (and waste, may be NULL)
 * to path. The analysis must be whole (dominators and leaks not skipped,
 * leaks adopted). */
gboolean hs_index_write (HsAnalysis *analysis, HsWaste *waste, const HsIndexIdentity *identity,
                         const char *path, GCancellable *cancellable, GError **error);

/* Opens the dump at path from the index file f (already checked against
 * the dump's identity): maps the dump, takes the arrays from f (shared,
 * copy-on-write), reads the records. opts->mapping, if any, is applied
 * after and the name-dependent results found again. */
HsAnalysis *hs_index_read (HsIndexFile *f, const char *path, const HsAnalysisOptions *opts,
                           HsProgressFunc progress, gpointer progress_data, GCancellable *cancellable,
                           GError **error);

/* The analysis of the dump at path, from an index when one matches (the
 * cache, or iopts->index_path alone; DUMP.hsindex beside the dump is only
 * named in outcome->beside_path),
 * else fresh (hs_analysis_run); outcome says which, and whether an index
 * should be written now (hs_index_save_start, once the analysis is whole:
 * leaks adopted). Never fails because of an index: one that cannot be used
 * is noted in outcome->note and the dump is analysed. */
HsAnalysis *hs_index_open (const char *path, const HsAnalysisOptions *opts, const HsIndexOptions *iopts,
                           HsIndexOutcome *outcome, HsProgressFunc progress, gpointer progress_data,
                           GCancellable *cancellable, GError **error);

/* Writes the index an outcome asks for on a thread of its own, making
 * room in the cache first: the analysis must stay alive and whole until
 * hs_index_save_finish. With wait_for_waste, the waste found beside the
 * analysis goes in too (the thread waits for it). background: at nice
 * +19 (the window, whose views come first). NULL when the outcome asks
 * for nothing. */
typedef struct _HsIndexSave HsIndexSave;
HsIndexSave *hs_index_save_start (HsAnalysis *analysis, const HsIndexOutcome *outcome,
                                  gboolean wait_for_waste, gboolean background);
/* What the writing thread does first: room in the cache folder for the
 * index an outcome asks for (hs_index_cache_make_room); FALSE with the
 * reason when none should be written. For a caller that says so before
 * it goes on. */
gboolean hs_index_save_make_room (HsAnalysis *analysis, const HsIndexOutcome *outcome, GError **error);
/* Waits for the writing (cancelled first with cancel) and frees s; TRUE
 * when the index was written. *note: why none was, or NULL. */
gboolean hs_index_save_finish (HsIndexSave *s, gboolean cancel, char **note);

G_END_DECLS
