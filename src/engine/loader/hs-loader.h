/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loader.h: loads and analyses a dump on a worker thread, reporting
 * named phases and progress on the main thread through properties.
 * Engine layer: GIO only, usable without a display. */
#pragma once

#include <gio/gio.h>
#include "hs-analysis.h"
#include "hs-index.h"
#include "hs-loader-state.h"

G_BEGIN_DECLS

#define HS_TYPE_LOADER (hs_loader_get_type ())
G_DECLARE_FINAL_TYPE (HsLoader, hs_loader, HS, LOADER, GObject)

HsLoader *hs_loader_new (GFile *file, const HsAnalysisOptions *opts);
void hs_loader_start (HsLoader *self);
void hs_loader_cancel (HsLoader *self);
HsLoaderState hs_loader_get_state (HsLoader *self);
const char *hs_loader_get_phase (HsLoader *self);
double hs_loader_get_fraction (HsLoader *self);
const char *hs_loader_get_file_name (HsLoader *self);
guint64 hs_loader_get_file_size (HsLoader *self);
GFile *hs_loader_get_file (HsLoader *self);
int hs_loader_get_dump (HsLoader *self);
/* Valid once the state is DONE; owned by the loader, which is the reference
 * counted owner of the analysis for every model and task that uses it. */
HsAnalysis *hs_loader_get_analysis (HsLoader *self);
/* Before hs_loader_start: whether a persistent index is read (default
 * HS_INDEX_USE_CACHE; Re-analyse: HS_INDEX_REANALYSE). */
void hs_loader_set_index_policy (HsLoader *self, HsIndexPolicy policy);
/* Once DONE: the analysis came from a persistent index written at
 * hs_loader_get_analysed (Unix seconds); why none was used or will be
 * written (a note for the user), or NULL. */
gboolean hs_loader_get_from_index (HsLoader *self);
/* Before hs_loader_start: an index file to read (as --index does: matched
 * by the dump's bytes; one that cannot be used is noted and the dump
 * analysed). Once DONE: the index the analysis came from, or NULL; the
 * dump's DUMP.hsindex that was not read (it came with the dump), or NULL. */
void hs_loader_set_index_path (HsLoader *self, const char *path);
const char *hs_loader_get_index_path (HsLoader *self);
const char *hs_loader_get_index_beside (HsLoader *self);
gint64 hs_loader_get_analysed (HsLoader *self);
const char *hs_loader_get_index_note (HsLoader *self);
const GError *hs_loader_get_error (HsLoader *self);
/* The leak report: from the "leaks-ready" signal on, while the dominators
 * are still being computed (retained sizes 0 until the state is DONE, when
 * they are filled in and groups and traces ordered by them: the same
 * report, analysis->leaks). Owned by the loader; NULL before, or when the
 * leak search was skipped. */
HsLeakReport *hs_loader_get_leaks (HsLoader *self);
/* The translated name of an engine phase key. */
const char *hs_loader_phase_name (const char *key);

#ifdef HS_TEST_HOOKS
/* Test builds only (docs/testing.md; hs-loader-test-hook.c): a hook that
 * the workers call each time they report progress, on their own thread,
 * once the progress is queued for the main context.
 * It may block, to hold a load midway, but must return once cancellable is
 * cancelled. One hook for the process (a test installs it before it
 * starts loads and keeps it valid while installed); NULL removes it. */
typedef struct
{
  void (*progress) (HsLoader *loader, const char *phase, /* interned */
                    GCancellable *cancellable, gpointer user_data);
  gpointer user_data;
} HsLoaderTestHook;

void hs_loader_set_test_hook (const HsLoaderTestHook *hook);

/* A ready-made hook (hs-loader-pause.c): workers that report this phase
 * wait there, without polling, until cancelled or until the pause phase
 * changes (NULL lifts it and removes the hook), so a test can look at or
 * cancel a load that is certainly midway. */
void hs_loader_set_pause_phase_for_tests (const char *phase);
/* Whether a worker is waiting at the pause phase now. */
gboolean hs_loader_get_paused_for_tests (void);
#endif

G_END_DECLS
