/* hs-analysis.h: the whole pipeline (index, leaks with paths, dominators,
 * class retained sizes, native sizes) as one object, for the CLI, the
 * window's loader and the report. Engine layer: GLib only. */
#pragma once

#include "hs-heap.h"
#include "hs-dominators.h"
#include "hs-leaks.h"

G_BEGIN_DECLS

typedef struct {
  HsOpenOptions open;
  HsLeakOptions leaks;
  gboolean skip_leaks;       /* summary/classes need no paths */
  gboolean skip_dominators;
} HsAnalysisOptions;

typedef struct {
  const char *phase;
  double seconds;
} HsPhaseTime;

typedef struct {
  HsHeap *heap;
  HsDomTree *dom;            /* NULL when skipped */
  HsLeakReport *leaks;       /* NULL when skipped */
  guint64 *class_retained;   /* n_classes entries, NULL when dominators skipped */
  /* Native memory the Java heap does not show (Bitmap pixels, registered
   * native allocations): object index -> bytes, and the sum over each
   * dominator subtree. Both sparse (only non-zero entries). */
  GHashTable *native_size;   /* GUINT_TO_POINTER(obj) -> guint64* */
  GHashTable *retained_native;
  guint64 native_total;
  GArray *timings;           /* HsPhaseTime */
} HsAnalysis;

HsAnalysis *hs_analysis_run   (const char              *path,
                               const HsAnalysisOptions *opts,
                               HsProgressFunc           progress,
                               gpointer                 progress_data,
                               GCancellable            *cancellable,
                               GError                 **error);
/* Runs the later phases on an already opened heap. Takes ownership of the
 * heap, also on failure (then it is freed). */
HsAnalysis *hs_analysis_run_on_heap (HsHeap                  *heap,
                                     const HsAnalysisOptions *opts,
                                     HsProgressFunc           progress,
                                     gpointer                 progress_data,
                                     GCancellable            *cancellable,
                                     GError                 **error);
void        hs_analysis_free  (HsAnalysis *analysis);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsAnalysis, hs_analysis_free)

guint64     hs_analysis_native_size          (HsAnalysis *a, HsObj o);
guint64     hs_analysis_retained_native      (HsAnalysis *a, HsObj o);

/* Biggest objects by retained size (reachable only), largest first. */
GArray     *hs_analysis_top_objects (HsAnalysis *a, guint limit); /* HsObj */

G_END_DECLS
