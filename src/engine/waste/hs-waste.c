/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-waste.c: the waste finders' driver (both cores: one scan in halves,
 * then strings on one, collections, boxes and arrays on the other), the
 * pass beside the dominators, and the result's references. */
#include "config.h"

#include <string.h>

#include "hs-waste-private.h"
#include "hs-parallel.h"
#include "hs-debug.h"
#include "hs-query.h"

/* --- the driver ------------------------------------------------------------- */

static gpointer
run_scan_first (gpointer data)
{
  hs_waste_strings_scan (data, 0);
  return NULL;
}

static gpointer
run_scan_second (gpointer data)
{
  hs_waste_strings_scan (data, 1);
  return NULL;
}

static gpointer
run_strings (gpointer data)
{
  HsWasteCtx *ctx = data;
  HsDebugClock clock = { "waste (strings thread) ", TRUE };
  hs_debug_step (&clock, NULL);
  hs_waste_strings_group (ctx);
  hs_debug_step (&clock, "strings: sort and group");
  return NULL;
}

static gpointer
run_the_rest (gpointer data)
{
  HsWasteCtx *ctx = data;
  HsDebugClock clock = { "waste (collections thread) ", TRUE };
  hs_debug_step (&clock, NULL);
  hs_waste_find_boxed (ctx);
  hs_debug_step (&clock, "boxed");
  hs_waste_find_collections (ctx);
  hs_debug_step (&clock, "collections");
  hs_waste_find_arrays (ctx);
  hs_debug_step (&clock, "arrays");
  return NULL;
}

/* hs_run_pair runs one function on two arguments: each names its job. */
typedef struct
{
  GThreadFunc fn;
  HsWasteCtx *ctx;
} Job;

static gpointer
run_job (gpointer data)
{
  Job *j = data;
  return j->fn (j->ctx);
}

HsWaste *
hs_waste_find (HsAnalysis *analysis, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);
  HsWaste *beside = hs_analysis_beside_result (analysis, &hs_waste_beside);
  return beside ? beside : hs_waste_compute (analysis, cancellable, error);
}

/* The scan's entries (one a String) and its five bit arrays (skip, and
 * once and twice per scan half), with room for the collection lists and
 * the grouping. */
guint64
hs_waste_estimate_memory (HsHeap *heap)
{
  g_return_val_if_fail (heap != NULL, 0);
  g_autoptr (GArray) string_classes = hs_query_classes_named (heap, "java.lang.String");
  guint64 strings = 0;
  for (guint i = 0; i < string_classes->len; i++)
    strings += hs_class_reachable_count (heap, g_array_index (string_classes, HsClass, i));
  return strings * HS_WASTE_STRING_ENTRY_BYTES + 5 * (heap->n / 8) + heap->n / 4 + (16u << 20);
}

/* Both jobs of a step: on two threads, or one after the other here. */
static void
run_both (gboolean two, Job *jobs)
{
  if (two)
    hs_run_pair ("hs-waste", run_job, &jobs[0], &jobs[1]);
  else
    {
      run_job (&jobs[0]);
      run_job (&jobs[1]);
    }
}

/* Two threads for a step when no other work needs the second core:
 * always, or once *others_done is set. */
static gboolean
two_now (const gint *others_done)
{
  return others_done == NULL || g_atomic_int_get (others_done) != 0;
}

static HsWaste *compute (HsAnalysis *analysis, const gint *others_done, GCancellable *cancellable,
                         GError **error);

HsWaste *
hs_waste_compute (HsAnalysis *analysis, GCancellable *cancellable, GError **error)
{
  return compute (analysis, NULL, cancellable, error);
}

HsWaste *
hs_waste_new (void)
{
  HsWaste *w = g_new0 (HsWaste, 1);
  w->ref_count = 1;
  w->strings = g_array_new (FALSE, FALSE, sizeof (HsWasteString));
  w->collections = g_array_new (FALSE, FALSE, sizeof (HsWasteCollection));
  w->dup_arrays = g_array_new (FALSE, FALSE, sizeof (HsWasteDupArray));
  w->boxed = g_array_new (FALSE, FALSE, sizeof (HsWasteBoxed));
  w->bitmaps = g_array_new (FALSE, FALSE, sizeof (HsWasteBitmap));
  for (guint t = 0; t < G_N_ELEMENTS (w->zero_arrays); t++)
    {
      w->zero_arrays[t].type = t;
      w->zero_arrays[t].objects = g_array_new (FALSE, FALSE, sizeof (HsObj));
    }
  w->null_arrays.type = HS_TYPE_OBJECT;
  w->null_arrays.objects = g_array_new (FALSE, FALSE, sizeof (HsObj));
  return w;
}

HsWaste *
hs_waste_compute_beside (HsAnalysis *analysis, const gint *others_done, GCancellable *cancellable,
                         GError **error)
{
  g_return_val_if_fail (others_done != NULL, NULL);
  return compute (analysis, others_done, cancellable, error);
}

static gpointer
beside_run (HsAnalysis *analysis, const gint *others_done, GCancellable *cancellable)
{
  HsWaste *w = hs_waste_compute_beside (analysis, others_done, cancellable, NULL);
  if (w)
    w->beside = TRUE;
  return w;
}

static gpointer
beside_ref (gpointer waste)
{
  return hs_waste_ref (waste);
}

static void
beside_unref (gpointer waste)
{
  hs_waste_free (waste);
}

const HsBesidePass hs_waste_beside = { beside_run, hs_waste_estimate_memory, beside_ref, beside_unref };

static HsWaste *
compute (HsAnalysis *analysis, const gint *others_done, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);
  HsHeap *heap = analysis->heap;
  if (!hs_heap_reachability_known (heap))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s: reachability is not known yet", heap->name);
      return NULL;
    }
  gint64 t0 = g_get_monotonic_time ();
  HsWaste *w = hs_waste_new ();

  HsWasteCtx ctx = { analysis, heap, w, { 0, 0 }, NULL, cancellable };
  ctx.role = g_malloc0 (MAX (hs_heap_n_classes (heap), 1));
  for (guint i = 0; i < 2; i++)
    ctx.key[i] = ((guint64)g_random_int () << 32) | g_random_int ();
  ctx.skip = g_malloc0 ((heap->n + 7) / 8 + 1);
  /* Bitmaps first (few objects): their buffers are then skipped by the
   * array finder, which runs after the strings on the same thread. */
  HsDebugClock clock = { "waste ", FALSE };
  hs_debug_step (&clock, NULL);
  hs_waste_find_bitmaps (&ctx);
  hs_debug_step (&clock, "bitmaps");
  /* One scan on both cores (halves of the objects) decodes the Strings and
   * lists the collections; then the strings are grouped on one core while
   * the other reads the collections, the boxes and the arrays (every String
   * value is marked by then). */
  hs_waste_collections_prepare (&ctx);
  hs_waste_strings_prepare (&ctx);
  hs_waste_boxed_prepare (&ctx);
  Job scans[2] = { { run_scan_first, &ctx }, { run_scan_second, &ctx } };
  gboolean two = two_now (others_done);
  run_both (two, scans);
  hs_waste_strings_merge (&ctx);
  hs_debug_step (&clock,
                 two ? "strings: decode and hash (two threads)" : "strings: decode and hash (one thread)");
  Job jobs[2] = { { run_strings, &ctx }, { run_the_rest, &ctx } };
  two = two_now (others_done);
  run_both (two, jobs);
  hs_debug_step (&clock, two ? "the rest (two threads)" : "the rest (one thread)");
  g_free (ctx.skip);
  ctx.skip = NULL;
  g_free (ctx.role);
  for (guint i = 0; i < 2; i++)
    g_clear_pointer (&ctx.coll_objs[i], g_array_unref);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      hs_waste_free (w);
      return NULL;
    }
  w->total_wasted
      = w->strings_wasted + w->collections_wasted + w->arrays_wasted + w->boxed_wasted + w->bitmaps_wasted;
  w->seconds = (g_get_monotonic_time () - t0) / 1e6;
  return w;
}

void
hs_waste_free (HsWaste *w)
{
  if (!w || !g_atomic_int_dec_and_test (&w->ref_count))
    return;
  for (guint i = 0; i < w->strings->len; i++)
    {
      g_free (g_array_index (w->strings, HsWasteString, i).value);
      g_array_unref (g_array_index (w->strings, HsWasteString, i).objects);
    }
  for (guint i = 0; i < w->collections->len; i++)
    g_array_unref (g_array_index (w->collections, HsWasteCollection, i).objects);
  for (guint i = 0; i < w->dup_arrays->len; i++)
    g_array_unref (g_array_index (w->dup_arrays, HsWasteDupArray, i).objects);
  for (guint i = 0; i < w->boxed->len; i++)
    g_array_unref (g_array_index (w->boxed, HsWasteBoxed, i).objects);
  for (guint i = 0; i < w->bitmaps->len; i++)
    g_free (g_array_index (w->bitmaps, HsWasteBitmap, i).problem);
  for (guint t = 0; t < G_N_ELEMENTS (w->zero_arrays); t++)
    g_array_unref (w->zero_arrays[t].objects);
  g_array_unref (w->null_arrays.objects);
  g_array_unref (w->strings);
  g_array_unref (w->collections);
  g_array_unref (w->dup_arrays);
  g_array_unref (w->boxed);
  g_array_unref (w->bitmaps);
  g_free (w);
}

HsWaste *
hs_waste_ref (HsWaste *w)
{
  g_return_val_if_fail (w != NULL, NULL);
  g_atomic_int_inc (&w->ref_count);
  return w;
}
