/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-analysis.c: the whole pipeline, phase by phase, with timings. */
#include "config.h"

#include "hs-analysis.h"
#include "hs-native.h"
#include "hs-heap-private.h"
#include "hs-debug.h"
#include "hs-guard.h"
#include "hs-mem-spill.h"
#include "hs-memory-check.h"
#include "hs-parallel.h"

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

/* What runs on the second core beside the dominators: the leak search
 * (LeakJob), then, with opts->beside, the reachability that the dominators'
 * walk found (marked here: the leak search reads the flags), the native
 * sizes and the pass (the waste pass), which may go on after the analysis
 * returns. The main thread waits for `ready` (leaks done, reachability
 * marked) before it reads the flags or the native sizes. */
enum
{
  REACH_WAITING,
  REACH_GIVEN,
  REACH_NONE
};

struct _HsAnalysisBeside
{
  HsAnalysis *a;
  gboolean do_leaks;
  const HsBesidePass *pass; /* NULL: no pass */
  gboolean background;      /* the pass at nice +19 */
  LeakJob leaks;
  GMutex lock;
  GCond cond;
  int reach;        /* REACH_*: the walk's bits handed over, or none will come */
  guint64 *reached; /* a copy of them (REACH_GIVEN, until marked) */
  gboolean ready;
  gint dominators_done;  /* atomic: the pass may take both cores */
  double native_seconds; /* of the native sizes found here (REACH_GIVEN) */
  GCancellable *cancel;  /* the pass's: with the caller's, or by hs_analysis_free */
  GCancellable *caller;
  gulong caller_handler;
  GMutex join_lock;
  GThread *thread; /* until joined */
  gpointer result; /* what the pass found, NULL if nothing */
};
typedef struct _HsAnalysisBeside Beside;

/* hs_analysis_hold, _release, _retire. */
struct _HsAnalysisReaders
{
  GMutex lock;
  guint held;
  GPtrArray *retired; /* Retired */
};

/* The walk's bits, copied on the dominators' thread (the walk reuses them). */
static void
on_reached (const guint64 *bits, gpointer data)
{
  Beside *b = data;
  gsize words = b->a->heap->n / 64 + 1;
  guint64 *copy = g_memdup2 (bits, words * sizeof (guint64));
  g_mutex_lock (&b->lock);
  b->reached = copy;
  b->reach = REACH_GIVEN;
  g_cond_broadcast (&b->cond);
  g_mutex_unlock (&b->lock);
}

/* After the dominators (or their failure): no bits will come. */
static void
no_more_reached (Beside *b)
{
  g_mutex_lock (&b->lock);
  if (b->reach == REACH_WAITING)
    b->reach = REACH_NONE;
  g_cond_broadcast (&b->cond);
  g_mutex_unlock (&b->lock);
}

/* The pass beside, when memory allows it next to the rest of the
 * analysis's arrays (the dominators' peak is still to come). */
static gboolean
pass_fits (const HsBesidePass *pass, HsHeap *heap)
{
  if (hs_mem_spill_active ())
    return FALSE;
  const HsGraph *g = hs_heap_graph (heap);
  guint64 need = hs_heap_estimate_memory (heap->n, hs_graph_n_edges (g)) + pass->estimate_memory (heap);
  return need <= hs_memory_available ();
}

typedef struct
{
  Beside *b;
  gpointer result;
} PassCall;

static gpointer
pass_call (gpointer data)
{
  PassCall *c = data;
  /* One thread while the dominators run: they keep their core (both, for
   * their two-thread steps); both cores for what starts after them. */
  c->result = c->b->pass->run (c->b->a, &c->b->dominators_done, c->b->cancel);
  return NULL;
}

static gpointer
beside_thread (gpointer data)
{
  Beside *b = data;
  HsHeap *heap = b->a->heap;
  if (b->do_leaks)
    leak_thread (&b->leaks);
  gboolean marked = FALSE;
  if (b->pass)
    {
      g_mutex_lock (&b->lock);
      while (b->reach == REACH_WAITING)
        g_cond_wait (&b->cond, &b->lock);
      g_mutex_unlock (&b->lock);
      if (b->reach == REACH_GIVEN)
        {
          hs_heap_set_reachable_bits (heap, b->reached);
          g_clear_pointer (&b->reached, g_free);
          gint64 t0 = g_get_monotonic_time ();
          b->a->native_size = hs_native_sizes (heap);
          b->native_seconds = (g_get_monotonic_time () - t0) / 1e6;
          marked = TRUE;
        }
    }
  /* Whether the pass fits is decided before the main thread goes on: from
   * the memory as it is when the analysis hands over, not as it is whenever
   * this thread next gets a core (the caller may have returned by then). */
  gboolean run_pass = marked && !g_cancellable_is_cancelled (b->cancel) && pass_fits (b->pass, heap);
  g_mutex_lock (&b->lock);
  b->ready = TRUE;
  g_cond_broadcast (&b->cond);
  g_mutex_unlock (&b->lock);
  if (!run_pass)
    return NULL;
  if (b->background)
    hs_thread_lower_priority (19);
  PassCall call = { b, NULL };
  if (!hs_guarded_call (pass_call, &call) || !hs_heap_check_unchanged (heap, NULL))
    g_clear_pointer (&call.result, b->pass->unref);
  b->result = call.result;
  return NULL;
}

static void
cancel_beside (GCancellable *caller, gpointer data)
{
  g_cancellable_cancel (data);
}

static Beside *
beside_start (HsAnalysis *a, const HsAnalysisOptions *opts, GCancellable *cancellable)
{
  gboolean two = g_get_num_processors () > 1;
  /* With a leaks_ready callback the caller wants the report early: a
   * thread of its own even on one core. */
  gboolean do_leaks = !opts->skip_leaks && (two || opts->leaks_ready);
  const HsBesidePass *pass = two ? opts->beside : NULL;
  if (!do_leaks && !pass)
    return NULL;
  Beside *b = g_new0 (Beside, 1);
  b->a = a;
  b->do_leaks = do_leaks;
  b->pass = pass;
  b->background = opts->beside_in_background;
  b->leaks = (LeakJob){
    a->heap, &opts->leaks, cancellable, opts->leaks_ready, opts->leaks_ready_data, NULL, FALSE, NULL, 0
  };
  g_mutex_init (&b->lock);
  g_mutex_init (&b->join_lock);
  g_cond_init (&b->cond);
  b->reach = pass ? REACH_WAITING : REACH_NONE;
  b->cancel = g_cancellable_new ();
  if (cancellable)
    {
      b->caller = g_object_ref (cancellable);
      b->caller_handler = g_cancellable_connect (cancellable, G_CALLBACK (cancel_beside), b->cancel, NULL);
    }
  b->thread = g_thread_new (do_leaks ? "hs-leaks" : "hs-beside", beside_thread, b);
  return b;
}

/* Until the leaks are done and reachability is marked. */
static void
beside_wait_ready (Beside *b)
{
  g_mutex_lock (&b->lock);
  while (!b->ready)
    g_cond_wait (&b->cond, &b->lock);
  g_mutex_unlock (&b->lock);
}

/* Waits for the thread (the pass's end); again: does nothing. */
static void
beside_join (Beside *b)
{
  g_mutex_lock (&b->join_lock);
  GThread *t = g_steal_pointer (&b->thread);
  if (t)
    g_thread_join (t);
  g_mutex_unlock (&b->join_lock);
}

static void
beside_free (Beside *b)
{
  if (!b)
    return;
  no_more_reached (b);
  g_cancellable_cancel (b->cancel);
  beside_join (b);
  if (b->caller)
    {
      g_cancellable_disconnect (b->caller, b->caller_handler);
      g_object_unref (b->caller);
    }
  g_object_unref (b->cancel);
  g_free (b->reached);
  if (b->result)
    b->pass->unref (b->result);
  if (b->leaks.report)
    hs_leak_report_free (b->leaks.report);
  g_clear_error (&b->leaks.error);
  g_mutex_clear (&b->lock);
  g_mutex_clear (&b->join_lock);
  g_cond_clear (&b->cond);
  g_free (b);
}

gpointer
hs_analysis_beside_result (HsAnalysis *a, const HsBesidePass *pass)
{
  g_return_val_if_fail (a != NULL, NULL);
  g_return_val_if_fail (pass != NULL, NULL);
  Beside *b = a->beside;
  if (!b || b->pass != pass)
    return NULL;
  /* HEAPSCOPE_DEBUG_TIMES: how long the caller waits for the pass (0 when it
   * ended beside the dominators). */
  HsDebugClock clock = { "waste beside: ", TRUE };
  hs_debug_step (&clock, NULL);
  beside_join (b);
  hs_debug_step (&clock, "waited for its end");
  return b->result ? pass->ref (b->result) : NULL;
}

/* The leak report (or the search's error) once the thread is ready. */
static gboolean
take_leaks (Beside *b, HsAnalysis *a, GError **error)
{
  if (!b || !b->do_leaks)
    return TRUE;
  beside_wait_ready (b);
  LeakJob *job = &b->leaks;
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
  a->readers = g_new0 (struct _HsAnalysisReaders, 1);
  g_mutex_init (&a->readers->lock);
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
      /* The leak search and the pass beside (waste) on the second core. */
      Beside *b = a->beside = beside_start (a, opts, cancellable);

      gint64 t0 = g_get_monotonic_time ();
      GArray *roots = g_array_new (FALSE, FALSE, sizeof (HsObj));
      for (gsize i = 0; i < hs_heap_n_roots (heap); i++)
        {
          const HsRoot *r = hs_heap_root (heap, i);
          if (r->obj != HS_OBJ_NONE)
            g_array_append_val (roots, r->obj);
        }
      a->dom = hs_dom_tree_compute_full (hs_heap_graph (heap), (const HsObj *)roots->data, roots->len,
                                         b && b->pass ? on_reached : NULL, b, progress, progress_data,
                                         cancellable, error);
      g_array_unref (roots);
      if (b)
        {
          no_more_reached (b);
          g_atomic_int_set (&b->dominators_done, 1);
        }
      if (!a->dom)
        return NULL; /* hs_analysis_free stops the thread */
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
      GThread *cr = g_get_num_processors () > 1
                        ? g_thread_try_new ("hs-class-ret", class_retained_thread, &crj, NULL)
                        : NULL;
      if (!cr)
        class_retained_thread (&crj);
      g_auto (ClassRetainedJoin) cr_join = { &cr, a->timings, cr_at, &crj };

      /* The leak thread reads the heap's flags: mark reachability after it
       * (the thread marks it itself when it goes on with the pass). */
      if (b && b->do_leaks && progress)
        progress ("paths", 0.5, progress_data);
      if (b)
        beside_wait_ready (b);
      if (!take_leaks (b, a, error))
        return NULL;
      hs_heap_set_reachable (heap, a->dom->idom);
      if (a->leaks)
        hs_leak_report_set_retained (a->leaks, a->dom);

      t0 = g_get_monotonic_time ();
      if (progress)
        progress ("native", 0.0, progress_data);
      /* Found beside with the reachability (the pass beside reads them:
       * the waste pass's bitmaps): their time counts here. */
      gboolean found_beside = b && b->reach == REACH_GIVEN;
      if (!found_beside)
        a->native_size = hs_native_sizes (heap);
      a->retained_native = hs_native_retained (a->dom, a->native_size);
      guint64 *tot = a->retained_native
                         ? g_hash_table_lookup (a->retained_native, GUINT_TO_POINTER ((guint)a->dom->n))
                         : NULL;
      a->native_total = tot ? *tot : 0;
      HsPhaseTime native
          = { "native", (g_get_monotonic_time () - t0) / 1e6 + (found_beside ? b->native_seconds : 0) };
      g_array_append_val (a->timings, native);

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
  else if (opts->beside)
    {
      /* No dominators to hide the pass behind: only the native sizes it
       * reads (the waste pass's bitmaps; hs_waste_find then runs it). */
      gint64 t0 = g_get_monotonic_time ();
      a->native_size = hs_native_sizes (heap);
      add_timing (a, "native", t0);
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

typedef struct
{
  GDestroyNotify func;
  gpointer data;
} Teardown;

void
hs_analysis_add_teardown (HsAnalysis *a, GDestroyNotify func, gpointer data)
{
  g_return_if_fail (a != NULL && func != NULL);
  Teardown *t = g_new (Teardown, 1);
  t->func = func;
  t->data = data;
  a->teardowns = g_slist_prepend (a->teardowns, t);
}

void
hs_analysis_free (HsAnalysis *a)
{
  if (!a)
    return;
  /* First: what reads the analysis in the background. */
  while (a->teardowns)
    {
      Teardown *t = a->teardowns->data;
      a->teardowns = g_slist_delete_link (a->teardowns, a->teardowns);
      t->func (t->data);
      g_free (t);
    }
  /* Then: its thread reads the heap. */
  beside_free (a->beside);
  if (a->readers)
    {
      g_warn_if_fail (a->readers->held == 0);
      g_clear_pointer (&a->readers->retired, g_ptr_array_unref);
      g_mutex_clear (&a->readers->lock);
      g_free (a->readers);
    }
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

/* --- workers that read results the UI thread replaces ------------------- */

typedef struct
{
  gpointer data;
  GDestroyNotify free_func;
} Retired;

static void
retired_free (Retired *r)
{
  r->free_func (r->data);
  g_free (r);
}

HsAnalysis *
hs_analysis_new_from_parts (HsHeap *heap, HsDomTree *dom, guint64 *class_retained)
{
  g_return_val_if_fail (heap != NULL, NULL);
  HsAnalysis *a = g_new0 (HsAnalysis, 1);
  a->readers = g_new0 (struct _HsAnalysisReaders, 1);
  g_mutex_init (&a->readers->lock);
  a->heap = heap;
  a->dom = dom;
  a->class_retained = class_retained;
  a->timings = g_array_new (FALSE, FALSE, sizeof (HsPhaseTime));
  return a;
}

void
hs_analysis_set_beside_result (HsAnalysis *a, const HsBesidePass *pass, gpointer result)
{
  g_return_if_fail (a != NULL && pass != NULL && a->beside == NULL);
  Beside *b = g_new0 (Beside, 1);
  b->a = a;
  b->pass = pass;
  g_mutex_init (&b->lock);
  g_mutex_init (&b->join_lock);
  g_cond_init (&b->cond);
  b->reach = REACH_NONE;
  b->ready = TRUE;
  b->cancel = g_cancellable_new ();
  b->result = result;
  a->beside = b;
}

void
hs_analysis_hold (HsAnalysis *a)
{
  g_return_if_fail (a != NULL && a->readers != NULL);
  g_mutex_lock (&a->readers->lock);
  a->readers->held++;
  g_mutex_unlock (&a->readers->lock);
}

void
hs_analysis_release (HsAnalysis *a)
{
  GPtrArray *free_now = NULL;

  g_return_if_fail (a != NULL && a->readers != NULL);
  g_mutex_lock (&a->readers->lock);
  g_warn_if_fail (a->readers->held > 0);
  if (a->readers->held > 0 && --a->readers->held == 0)
    free_now = g_steal_pointer (&a->readers->retired);
  g_mutex_unlock (&a->readers->lock);
  if (free_now)
    g_ptr_array_unref (free_now);
}

void
hs_analysis_retire (HsAnalysis *a, gpointer data, GDestroyNotify free_func)
{
  gboolean now;

  g_return_if_fail (a != NULL && a->readers != NULL && free_func != NULL);
  if (data == NULL)
    return;
  g_mutex_lock (&a->readers->lock);
  now = a->readers->held == 0;
  if (!now)
    {
      Retired *r = g_new (Retired, 1);
      r->data = data;
      r->free_func = free_func;
      if (!a->readers->retired)
        a->readers->retired = g_ptr_array_new_with_free_func ((GDestroyNotify)retired_free);
      g_ptr_array_add (a->readers->retired, r);
    }
  g_mutex_unlock (&a->readers->lock);
  if (now)
    free_func (data);
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
