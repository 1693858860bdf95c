/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-analysis.h: the whole pipeline (index, leaks with paths, dominators,
 * class retained sizes, native sizes) as one object, for the CLI, the
 * window's loader and the report. Engine layer: GLib only. */
#pragma once

#include "hs-heap.h"
#include "hs-dominators.h"
#include "hs-leaks.h"
#include "hs-suspects.h"
#include "hs-heap-mapping.h"

G_BEGIN_DECLS

/* Takes the report (see HsAnalysisOptions.leaks_ready). */
typedef void (*HsLeaksReadyFunc) (HsLeakReport *report, gpointer user_data);

typedef struct _HsAnalysis HsAnalysis;

/* A pass that a folder above the analysis runs beside the dominators
 * (HsAnalysisOptions.beside): the analysis hands it the reachability the
 * dominators' walk found and the native sizes, and keeps what it returns
 * until asked (hs_analysis_beside_result). */
typedef struct
{
  /* Runs the pass on the calling thread: each of its steps on the one
   * core the dominators leave, unless *others_done (atomic) is set when the
   * step starts. Returns its result (NULL: nothing found, failed or
   * cancelled). */
  gpointer (*run) (HsAnalysis *analysis, const gint *others_done, GCancellable *cancellable);
  /* About the most anonymous memory the pass adds while it runs (bytes):
   * it runs only when that fits beside the analysis. */
  guint64 (*estimate_memory) (HsHeap *heap);
  /* A new reference to a result, and dropping one. */
  gpointer (*ref) (gpointer result);
  void (*unref) (gpointer result);
} HsBesidePass;

typedef struct
{
  HsOpenOptions open;
  HsLeakOptions leaks;
  gboolean skip_leaks; /* summary/classes need no paths */
  gboolean skip_dominators;
  /* Problem suspects' threshold P (percent of the reachable bytes); 0 =
   * 10. Suspects are found after the dominators unless leaks are skipped. */
  double suspects_percent;
  /* Optional: called once, on a worker thread, as soon as the leak report
   * exists, which is while the dominators are still being computed (the
   * search then runs on its own thread even on one core). The callback
   * takes the report: the analysis keeps no pointer to it and never
   * touches it again, so the analysis returned has leaks == NULL and the
   * report's retained sizes are 0 until the caller hands it back, on its
   * own thread, with hs_analysis_adopt_leaks(). Not called when the
   * search fails or is cancelled. */
  HsLeaksReadyFunc leaks_ready;
  gpointer leaks_ready_data;
  /* Optional ProGuard / R8 mapping, applied to the heap before the
   * name-dependent phases (leaks, suspects); not owned. */
  HsMapping *mapping;
  /* Optional: a pass run on the second core while the dominators are
   * computed (the waste pass, hs_waste_beside in hs-waste.h), once the
   * leak search is done and the dominators' walk has found what is
   * reachable, when the machine has two cores and the memory for both (not
   * while spilling). It may still run when the analysis returns:
   * hs_analysis_beside_result() waits for it. With skip_dominators
   * (reachability then comes from the load's own walk), only the native
   * sizes the pass reads are found. */
  const HsBesidePass *beside;
  /* With beside: at nice +19, for a caller that does not wait for it (the
   * window: the dominators, the UI and the lists a user asks for come
   * first). Without, at the caller's priority (the CLI waits for it, and
   * on a busy machine +19 would leave it last). */
  gboolean beside_in_background;
} HsAnalysisOptions;

typedef struct
{
  const char *phase;
  double seconds;
} HsPhaseTime;

struct _HsAnalysis
{
  HsHeap *heap;
  HsDomTree *dom;             /* NULL when skipped */
  HsSuspects *suspects;       /* NULL when dominators or leaks are skipped */
  HsLeakReport *leaks;        /* NULL when skipped or handed over */
  gboolean leaks_handed_over; /* to opts->leaks_ready: until adopted, NULL */
  guint64 *class_retained;    /* n_classes entries, NULL when dominators skipped */
  /* Native memory the Java heap does not show (Bitmap pixels, registered
   * native allocations): object index -> bytes, and the sum over each
   * dominator subtree. Both sparse (only non-zero entries). */
  GHashTable *native_size; /* GUINT_TO_POINTER(obj) -> guint64* */
  GHashTable *retained_native;
  guint64 native_total;
  /* Every class's instances in the instance list's order, when an index
   * held them (query/hs-class-instances.h; freed by a teardown), else NULL. */
  struct _HsClassInstances *class_instances;
  GArray *timings;                    /* HsPhaseTime */
  HsMappingStats mapping_stats;       /* of opts->mapping, zero without */
  struct _HsAnalysisBeside *beside;   /* private: the pass of opts->beside */
  struct _HsAnalysisReaders *readers; /* private: hs_analysis_hold, _retire */
  GSList *teardowns;                  /* private: hs_analysis_add_teardown */
};

HsAnalysis *hs_analysis_run (const char *path, const HsAnalysisOptions *opts, HsProgressFunc progress,
                             gpointer progress_data, GCancellable *cancellable, GError **error);
/* Runs the later phases on an already opened heap. Takes ownership of the
 * heap, also on failure (then it is freed). */
HsAnalysis *hs_analysis_run_on_heap (HsHeap *heap, const HsAnalysisOptions *opts, HsProgressFunc progress,
                                     gpointer progress_data, GCancellable *cancellable, GError **error);
void hs_analysis_free (HsAnalysis *analysis);
/* Calls func (data) first thing when the analysis is freed, the last
 * added first: what still reads it in the background (the index being
 * written) ends there. */
void hs_analysis_add_teardown (HsAnalysis *analysis, GDestroyNotify func, gpointer data);
/* Gives the analysis back the report its leaks_ready callback took (a->leaks
 * must be NULL) and fills in the report's retained sizes from the dominator
 * tree, which also orders traces and groups by them. */
void hs_analysis_adopt_leaks (HsAnalysis *analysis, HsLeakReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsAnalysis, hs_analysis_free)

/* Workers that read an analysis's results (a->leaks, a->suspects: the
 * window's report export) while the UI thread may replace them (a
 * mapping's names found again) hold it while they read; what the UI
 * thread replaces is retired: freed at once when no worker holds the
 * analysis, else when the last one releases it. Thread-safe. */
void hs_analysis_hold (HsAnalysis *analysis);
void hs_analysis_release (HsAnalysis *analysis);
void hs_analysis_retire (HsAnalysis *analysis, gpointer data, GDestroyNotify free_func);

/* After names changed (hs_heap_apply_mapping on a->heap): the leak report
 * and the suspects found again under the new names (what depends on names:
 * fingerprints, library-leak matchers, inspectors), for the caller to swap
 * in. Reads the analysis, changes nothing: may run on a worker while
 * nothing renames. Either out pointer may be NULL to skip that phase. */
gboolean hs_analysis_find_named (HsAnalysis *analysis, const HsAnalysisOptions *opts, HsLeakReport **leaks,
                                 HsSuspects **suspects, GCancellable *cancellable, GError **error);

/* Waits for the pass that HsAnalysisOptions.beside ran beside the
 * analysis and returns a new reference to what it found (pass->unref);
 * NULL when there is none: not asked, another pass, one core, not enough
 * memory, failed or cancelled. hs_waste_find() calls it first. */
gpointer hs_analysis_beside_result (HsAnalysis *analysis, const HsBesidePass *pass);
/* An analysis made of parts found before (a persistent index, hs-index.h):
 * takes heap, dom (may be NULL) and class_retained (g_free, may be NULL);
 * the caller sets the other results. */
HsAnalysis *hs_analysis_new_from_parts (HsHeap *heap, HsDomTree *dom, guint64 *class_retained);
/* Hands the analysis the result of pass found before (it takes the
 * reference): hs_analysis_beside_result returns it. */
void hs_analysis_set_beside_result (HsAnalysis *a, const HsBesidePass *pass, gpointer result);
guint64 hs_analysis_native_size (HsAnalysis *a, HsObj o);
guint64 hs_analysis_retained_native (HsAnalysis *a, HsObj o);

G_END_DECLS
