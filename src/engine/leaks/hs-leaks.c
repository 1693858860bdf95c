/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-leaks.c: LeakCanary-style leak finding, the orchestration.
 *
 * 1. Leaking objects: referents of retained KeyedWeakReferences
 *    (hs-leak-watched.c), and with android_inspectors_as_leaks the objects
 *    the Android inspectors call leaking (hs-leak-inspectors.c).
 * 2. One breadth-first search from all GC roots over the CSR graph, with two
 *    queues as in Shark (hs-leak-search.c): references matched by a
 *    library-leak pattern, Java-frame locals and the weaker root types go to
 *    the "visit last" queue. Referents, ignored references and the
 *    bookkeeping links of Finalizer/FinalizerReference/Cleaner are never
 *    followed. Leaking objects are leaves. State is two flat arrays: parent
 *    (HsObj) and one byte.
 * 3. For each leaking object reached (hs-leak-trace.c): the path (names
 *    recovered only for the nodes on it), inspector statuses with Shark's
 *    propagation, suspects, fingerprint, exact retained size from the
 *    dominator tree.
 * 4. Leaking objects reached only through other leaking objects are listed
 *    on those (also_leaking); the others without a path are reported as such.
 *
 * The same search also leads to chosen objects (hs_leaks_trace_targets),
 * for the problem suspects.
 */
#include "config.h"

#include "hs-leaks-private.h"

gboolean
hs_leaks_unwatched_android (HsHeap *heap)
{
  return hs_heap_is_android (heap)
         && hs_heap_find_class (heap, "leakcanary.KeyedWeakReference") == HS_CLASS_NONE
         && hs_heap_find_class (heap, "com.squareup.leakcanary.KeyedWeakReference") == HS_CLASS_NONE;
}

HsLeakReport *
hs_leaks_find (HsHeap *heap, const HsDomTree *dom, const HsLeakOptions *opts, HsProgressFunc progress,
               gpointer progress_data, GCancellable *cancellable, GError **error)
{
  static const HsLeakOptions defaults = { 0 };
  g_auto (LeakCtx) c = { 0 };
  g_autoptr (HsLeakReport) report = NULL;

  g_return_val_if_fail (heap != NULL, NULL);
  if (opts == NULL)
    opts = &defaults;
  if (!_hs_leak_ctx_init (&c, heap, dom, opts, error))
    return NULL;

  if (progress)
    progress ("leaks", 0.0, progress_data);
  _hs_leak_find_watched (&c);
  if (opts->android_inspectors_as_leaks
      || (opts->android_inspectors_when_unwatched && hs_leaks_unwatched_android (heap)))
    _hs_leak_find_inspector_leaks (&c);

  report = g_new0 (HsLeakReport, 1);
  report->application_leaks = g_ptr_array_new_with_free_func (_hs_leak_group_free);
  report->library_leaks = g_ptr_array_new_with_free_func (_hs_leak_group_free);
  report->unreachable_leaking = g_ptr_array_new_with_free_func (g_free);
  report->n_watched = c.watched->len;

  if (c.leaking->len > 0)
    {
      if (!_hs_leak_run_search (&c, progress, progress_data, cancellable, error))
        return NULL;
      if (c.n_found < c.n_reachable_leaking)
        _hs_leak_search_behind (&c, cancellable);
    }
  /* Leaking objects that something keeps alive: those with a path and those
   * behind them. The others (unreachable: only weak/soft references, or only
   * ignored references) are listed in unreachable_leaking. */
  for (guint i = 0; i < c.leaking->len; i++)
    if (c.state[g_array_index (c.leaking, HsObj, i)] & (F_FOUND | F_BEHIND))
      report->n_leaking_objects++;

  if (!_hs_leak_group_traces (&c, report, cancellable, error))
    return NULL;
  if (progress)
    progress ("paths", 1.0, progress_data);
  return g_steal_pointer (&report);
}

GPtrArray *
hs_leaks_trace_targets (HsHeap *heap, const HsDomTree *dom, const HsLeakOptions *opts,
                        const HsLeakTarget *targets, guint n_targets, GCancellable *cancellable,
                        GError **error)
{
  static const HsLeakOptions defaults = { 0 };
  g_auto (LeakCtx) c = { 0 };
  g_autoptr (GPtrArray) out = NULL;

  g_return_val_if_fail (heap != NULL, NULL);
  g_return_val_if_fail (targets != NULL || n_targets == 0, NULL);
  if (opts == NULL)
    opts = &defaults;
  if (!_hs_leak_ctx_init (&c, heap, dom, opts, error))
    return NULL;
  c.expand_found = TRUE;
  /* The watchers are read for the inspectors' word on the path's nodes;
   * their referents are not what this search looks for. */
  _hs_leak_find_watched (&c);
  for (guint i = 0; i < c.leaking->len; i++)
    c.state[g_array_index (c.leaking, HsObj, i)] &= ~F_LEAKING;
  g_array_set_size (c.leaking, 0);
  for (guint i = 0; i < n_targets; i++)
    {
      HsObj o = targets[i].target;
      if (o < c.n && !(c.state[o] & F_LEAKING))
        {
          c.state[o] |= F_LEAKING;
          g_array_append_val (c.leaking, o);
        }
    }
  if (c.leaking->len > 0 && !_hs_leak_run_search (&c, NULL, NULL, cancellable, error))
    return NULL;

  out = g_ptr_array_new_full (n_targets, (GDestroyNotify)hs_leak_trace_free);
  for (guint i = 0; i < n_targets; i++)
    {
      HsObj o = targets[i].target;
      const HsMatcher *lib = NULL;
      HsLeakTrace *t = NULL;
      if (o < c.n && (c.state[o] & F_FOUND))
        t = _hs_leak_build_trace (&c, o, TRUE, targets[i].mark_from, &lib);
      g_ptr_array_add (out, t);
    }
  return g_steal_pointer (&out);
}
