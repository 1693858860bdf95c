/* hs-analysis.c: the whole pipeline, phase by phase, with timings. */
#include "config.h"

#include "hs-analysis.h"
#include "hs-native.h"
#include "hs-query.h"
#include "hs-heap-private.h"

static void
add_timing (HsAnalysis *a, const char *phase, gint64 start)
{
  HsPhaseTime t = { phase, (g_get_monotonic_time () - start) / 1e6 };
  g_array_append_val (a->timings, t);
}

/* The leak search needs the graph, not the dominator tree (retained sizes
 * are filled in afterwards), so it runs on the second core meanwhile, and
 * its report can be shown before the dominators are done (leaks_ready). */
typedef struct
{
  HsHeap *heap;
  const HsLeakOptions *opts;
  GCancellable *cancellable;
  HsLeaksReadyFunc ready; /* takes the report as soon as it exists */
  gpointer ready_data;
  HsLeakReport *report;
  gboolean handed_over; /* report went to ready */
  GError *error;
  double seconds;
} LeakJob;

static gpointer
leak_search (gpointer data)
{
  LeakJob *job = data;
  job->report = hs_leaks_find (job->heap, NULL, job->opts, NULL, NULL, job->cancellable, &job->error);
  return NULL;
}

static gpointer
leak_thread (gpointer data)
{
  LeakJob *job = data;
  gint64 t0 = g_get_monotonic_time ();
  /* The search reads the dump's fields: a mapped file cut short meanwhile
   * gives an error, not SIGBUS (what the interrupted search held is lost). */
  if (!hs_guarded_call (leak_search, job))
    {
      job->report = NULL;
      g_clear_error (&job->error);
      g_set_error (&job->error, HS_ERROR, HS_ERROR_IO,
                   "%s: the file changed while it was open (it was cut short)", hs_heap_path (job->heap));
    }
  job->seconds = (g_get_monotonic_time () - t0) / 1e6;
  /* Handed over here, not after the join: the dominators take longer. */
  if (job->report && job->ready)
    {
      job->ready (g_steal_pointer (&job->report), job->ready_data);
      job->handed_over = TRUE;
    }
  return NULL;
}

static gboolean
join_leaks (GThread **thread, LeakJob *job, HsAnalysis *a, GError **error)
{
  if (!*thread)
    return TRUE;
  g_thread_join (g_steal_pointer (thread));
  if (!job->report && !job->handed_over)
    {
      g_propagate_error (error, g_steal_pointer (&job->error));
      return FALSE;
    }
  a->leaks = g_steal_pointer (&job->report);
  a->leaks_handed_over = job->handed_over;
  HsPhaseTime t = { "leaks (beside dominators)", job->seconds };
  g_array_append_val (a->timings, t);
  return TRUE;
}

/* The class retained sizes on a thread beside the suspects. */
typedef struct
{
  const HsDomTree *dom;
  const HsGraph *g;
  guint n_classes;
  guint64 *out;
  double seconds;
} ClassRetainedJob;

static gpointer
class_retained_thread (gpointer data)
{
  ClassRetainedJob *job = data;
  gint64 t0 = g_get_monotonic_time ();
  hs_dom_tree_class_retained (job->dom, job->g, job->n_classes, job->out);
  job->seconds = (g_get_monotonic_time () - t0) / 1e6;
  return NULL;
}

/* Joins the thread (if any) whichever way the pipeline returns, and puts
 * its time where the serial step's was, after "dominators". */
typedef struct
{
  GThread **thread;
  GArray *timings;
  guint at;
  ClassRetainedJob *job;
} ClassRetainedJoin;

static void
class_retained_join (ClassRetainedJoin *j)
{
  if (!j->thread)
    return;
  if (*j->thread)
    g_thread_join (g_steal_pointer (j->thread));
  HsPhaseTime t = { "class retained", j->job->seconds };
  g_array_insert_val (j->timings, MIN (j->at, j->timings->len), t);
}
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (ClassRetainedJoin, class_retained_join)

HsAnalysis *
hs_analysis_run_on_heap (HsHeap *heap, const HsAnalysisOptions *opts, HsProgressFunc progress,
                         gpointer progress_data, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (heap != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  HsAnalysisOptions defaults = { 0 };
  g_autoptr (HsAnalysis) a = g_new0 (HsAnalysis, 1);
  if (!opts)
    opts = &defaults;
  a->heap = heap;
  a->timings = g_array_new (FALSE, FALSE, sizeof (HsPhaseTime));
  /* Before anything reads names: leaks and suspects see the real ones. */
  if (opts->mapping)
    {
      gint64 t0 = g_get_monotonic_time ();
      hs_heap_apply_mapping (heap, opts->mapping, &a->mapping_stats);
      add_timing (a, "mapping", t0);
    }

  if (!opts->skip_dominators)
    {
      LeakJob lj = {
        heap, &opts->leaks, cancellable, opts->leaks_ready, opts->leaks_ready_data, NULL, FALSE, NULL, 0
      };
      GThread *leaks = NULL;
      /* With a leaks_ready callback the caller wants the report early: a
     * thread of its own even on one core. */
      if (!opts->skip_leaks && (g_get_num_processors () > 1 || opts->leaks_ready))
        leaks = g_thread_new ("hs-leaks", leak_thread, &lj);

      gint64 t0 = g_get_monotonic_time ();
      GArray *roots = g_array_new (FALSE, FALSE, sizeof (HsObj));
      for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
        {
          const HsRoot *r = hs_heap_root (heap, i);
          if (r->obj != HS_OBJ_NONE)
            g_array_append_val (roots, r->obj);
        }
      a->dom
          = hs_dom_tree_compute (hs_heap_graph (heap), (const HsObj *)roots->data, roots->len,
                                 progress, progress_data, cancellable, error);
      g_array_unref (roots);
      if (!a->dom)
        {
          join_leaks (&leaks, &lj, a, NULL);
          g_clear_error (&lj.error);
          return NULL;
        }
      add_timing (a, "dominators", t0);

      /* The class retained sizes read only the tree and the class column:
       * they run on a thread of their own beside what follows (the leak
       * search's end, reachability, suspects), joined before returning.
       * Nothing before the join may call hs_dom_tree_children: it sorts a
       * child list in place, under the class walk's feet. */
      if (progress)
        progress ("retained", 0.0, progress_data);
      guint nc = hs_heap_n_classes (heap);
      a->class_retained = g_new0 (guint64, nc + 1);
      ClassRetainedJob crj = { a->dom, hs_heap_graph (heap), nc, a->class_retained, 0 };
      guint cr_at = a->timings->len;
      GThread *cr = g_get_num_processors () > 1 ? g_thread_try_new ("hs-class-ret", class_retained_thread, &crj, NULL)
                                                : NULL;
      if (!cr)
        class_retained_thread (&crj);
      g_auto (ClassRetainedJoin) cr_join = { &cr, a->timings, cr_at, &crj };

      /* The leak thread reads the heap's flags: mark reachability after it. */
      if (leaks && progress)
        progress ("paths", 0.5, progress_data);
      if (!join_leaks (&leaks, &lj, a, error))
        return NULL;
      hs_heap_set_reachable (heap, a->dom->idom);
      if (a->leaks)
        hs_leak_report_set_retained (a->leaks, a->dom);

      t0 = g_get_monotonic_time ();
      if (progress)
        progress ("native", 0.0, progress_data);
      a->native_size = hs_native_sizes (heap);
      a->retained_native = hs_native_retained (a->dom, a->native_size);
      guint64 *tot = a->retained_native
                         ? g_hash_table_lookup (a->retained_native, GUINT_TO_POINTER ((guint)a->dom->n))
                         : NULL;
      a->native_total = tot ? *tot : 0;
      add_timing (a, "native", t0);

      if (!opts->skip_leaks)
        {
          t0 = g_get_monotonic_time ();
          if (progress)
            progress ("suspects", 0.0, progress_data);
          a->suspects
              = hs_suspects_find (heap, a->dom, &opts->leaks, opts->suspects_percent, cancellable, error);
          if (!a->suspects)
            return NULL;
          add_timing (a, "suspects", t0);
        }
    }
  /* A mapped dump cut short after indexing reads as zeros (hs-guard.h). */
  if (g_cancellable_set_error_if_cancelled (cancellable, error) || !hs_heap_check_unchanged (heap, error))
    return NULL;

  if (!opts->skip_leaks && a->dom && !a->leaks && !a->leaks_handed_over)
    {
      gint64 t0 = g_get_monotonic_time ();
      a->leaks = hs_leaks_find (heap, a->dom, &opts->leaks, progress, progress_data, cancellable, error);
      if (!a->leaks)
        return NULL;
      add_timing (a, "leaks", t0);
      if (opts->leaks_ready)
        {
          opts->leaks_ready (g_steal_pointer (&a->leaks), opts->leaks_ready_data);
          a->leaks_handed_over = TRUE;
        }
    }
  if (!hs_heap_check_unchanged (heap, error))
    return NULL;
  return g_steal_pointer (&a);
}

HsAnalysis *
hs_analysis_run (const char *path, const HsAnalysisOptions *opts, HsProgressFunc progress,
                 gpointer progress_data, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  HsAnalysisOptions defaults = { 0 };
  if (!opts)
    opts = &defaults;
  gint64 t0 = g_get_monotonic_time ();
  HsOpenOptions open_opts = opts->open;
  open_opts.defer_reachability = !opts->skip_dominators;
  HsHeap *heap = hs_heap_open (path, &open_opts, progress, progress_data, cancellable, error);
  if (!heap)
    return NULL;
  double parse_s = (g_get_monotonic_time () - t0) / 1e6;
  /* Takes the heap: on failure it is freed with the partial analysis. */
  HsAnalysis *a = hs_analysis_run_on_heap (heap, opts, progress, progress_data, cancellable, error);
  if (!a)
    return NULL;
  HsPhaseTime t = { "index", parse_s };
  g_array_prepend_val (a->timings, t);
  return a;
}

void
hs_analysis_free (HsAnalysis *a)
{
  if (!a)
    return;
  hs_leak_report_free (a->leaks);
  hs_suspects_free (a->suspects);
  hs_dom_tree_free (a->dom);
  g_free (a->class_retained);
  g_clear_pointer (&a->native_size, g_hash_table_unref);
  g_clear_pointer (&a->retained_native, g_hash_table_unref);
  hs_heap_free (a->heap);
  g_array_unref (a->timings);
  g_free (a);
}

gboolean
hs_analysis_find_named (HsAnalysis *a, const HsAnalysisOptions *opts, HsLeakReport **leaks,
                        HsSuspects **suspects, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (a != NULL && a->heap != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  HsAnalysisOptions defaults = { 0 };
  if (!opts)
    opts = &defaults;
  g_autoptr (HsLeakReport) report = NULL;
  if (leaks && a->dom)
    {
      report = hs_leaks_find (a->heap, a->dom, &opts->leaks, NULL, NULL, cancellable, error);
      if (!report)
        return FALSE;
      hs_leak_report_set_retained (report, a->dom);
    }
  if (suspects && a->dom)
    {
      *suspects
          = hs_suspects_find (a->heap, a->dom, &opts->leaks, opts->suspects_percent, cancellable, error);
      if (!*suspects)
        return FALSE;
    }
  else if (suspects)
    *suspects = NULL;
  if (leaks)
    *leaks = g_steal_pointer (&report);
  return TRUE;
}

void
hs_analysis_adopt_leaks (HsAnalysis *a, HsLeakReport *report)
{
  g_return_if_fail (a != NULL);
  g_return_if_fail (a->leaks == NULL);
  a->leaks = report;
  if (report && a->dom)
    hs_leak_report_set_retained (report, a->dom);
}

guint64
hs_analysis_native_size (HsAnalysis *a, HsObj o)
{
  g_return_val_if_fail (a != NULL, 0);
  guint64 *v = a->native_size ? g_hash_table_lookup (a->native_size, GUINT_TO_POINTER (o)) : NULL;
  return v ? *v : 0;
}

guint64
hs_analysis_retained_native (HsAnalysis *a, HsObj o)
{
  g_return_val_if_fail (a != NULL, 0);
  guint64 *v = a->retained_native ? g_hash_table_lookup (a->retained_native, GUINT_TO_POINTER (o)) : NULL;
  return v ? *v : 0;
}

/* Kept for the callers that have not moved to hs-query yet. */
GArray *
hs_analysis_top_objects (HsAnalysis *a, guint limit)
{
  return hs_query_top_objects (a, limit);
}
