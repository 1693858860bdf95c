/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-classes-timing.c: HEAPSCOPE_DEBUG_VISIT_VIEWS=1 with
 * HEAPSCOPE_DEBUG_TIMES=1 (tools/ui-timing.sh, VISIT=1): once the first
 * instance list of the class table is asked for and the window's visit of
 * every view is over, shows the class table and times what a user does next
 * there: a sort by each column until it is drawn, the instances of the
 * class with the most objects, and the sort back (issue 18). Public API of
 * the view only. */
#include "config.h"
#include "hs-classes-view.h"
#include "hs-timing.h"

#include <adwaita.h>

typedef struct
{
  HsClassesView *view;
  guint step;
  gint64 start;
  const char *what;
  GdkFrameClock *clock;
  gulong paint_id;
  gboolean page_seen; /* the first page of the instances was shown */
  char *last_view;    /* the window's view when last polled, and since when */
  gint64 last_change;
} Run;

static const struct
{
  HsClassColumn column;
  GtkSortType order;
  const char *what;
  gboolean instances; /* then list the first row's instances */
} steps[] = {
  { HS_CLASS_COLUMN_COUNT, GTK_SORT_DESCENDING, "count", FALSE },
  { HS_CLASS_COLUMN_SHALLOW, GTK_SORT_DESCENDING, "shallow size", FALSE },
  { HS_CLASS_COLUMN_NAME, GTK_SORT_ASCENDING, "name", FALSE },
  { HS_CLASS_COLUMN_COUNT, GTK_SORT_DESCENDING, "count", TRUE },
  { HS_CLASS_COLUMN_RETAINED, GTK_SORT_DESCENDING, "retained size", FALSE },
};

static gboolean run_step (gpointer data);

static void
run_free (Run *r)
{
  if (r->clock != NULL)
    g_clear_signal_handler (&r->paint_id, r->clock);
  g_clear_object (&r->clock);
  g_free (r->last_view);
  g_object_unref (r->view);
  g_free (r);
}

static gboolean
wait_instances (gpointer data)
{
  Run *r = data;

  if (hs_classes_view_instances_pending (r->view))
    {
      if (!r->page_seen && hs_classes_view_get_instances_shown (r->view) != NULL)
        {
          r->page_seen = TRUE;
          hs_timing_mark ("class table: first page of the instances of the class with the most objects shown "
                          "%.3f s after they were asked for",
                          (g_get_monotonic_time () - r->start) / 1e6);
        }
      return G_SOURCE_CONTINUE;
    }
  double since = (g_get_monotonic_time () - r->start) / 1e6;
  /* A list that came whole (from a persistent index) had no first page
   * before it: shown when listed. */
  if (!r->page_seen)
    hs_timing_mark ("class table: first page of the instances of the class with the most objects shown "
                    "%.3f s after they were asked for",
                    since);
  hs_timing_mark (
      "class table: instances of the class with the most objects listed %.3f s after they were asked for",
      since);
  g_timeout_add (300, run_step, r);
  return G_SOURCE_REMOVE;
}

static void
on_after_paint (GdkFrameClock *clock, Run *r)
{
  /* A big table is sorted on a worker: drawn sorted once it is done. */
  if (hs_classes_view_is_sorting (r->view))
    return;
  g_clear_signal_handler (&r->paint_id, clock);
  hs_timing_mark ("class table drawn sorted by %s %.3f s after the click", r->what,
                  (g_get_monotonic_time () - r->start) / 1e6);
  if (steps[r->step - 1].instances)
    {
      r->start = g_get_monotonic_time ();
      hs_classes_view_show_instances (r->view, 0);
      g_timeout_add (20, wait_instances, r);
    }
  else
    g_timeout_add (300, run_step, r);
}

static gboolean
run_step (gpointer data)
{
  Run *r = data;

  if (r->step >= G_N_ELEMENTS (steps) || !gtk_widget_get_mapped (GTK_WIDGET (r->view)))
    {
      hs_timing_mark ("class table timings done");
      hs_timing_cpu_report ();
      run_free (r);
      return G_SOURCE_REMOVE;
    }
  r->what = steps[r->step].what;
  r->start = g_get_monotonic_time ();
  hs_classes_view_sort_by_column (r->view, steps[r->step].column, steps[r->step].order);
  hs_timing_span (r->start, "class table sorted by %s", r->what);
  r->step++;
  g_clear_object (&r->clock);
  r->clock = g_object_ref (gtk_widget_get_frame_clock (GTK_WIDGET (r->view)));
  r->paint_id = g_signal_connect (r->clock, "after-paint", G_CALLBACK (on_after_paint), r);
  gtk_widget_queue_draw (GTK_WIDGET (r->view));
  return G_SOURCE_REMOVE;
}

/* The window visits every view in turn first (hs-window-timing.c): once
 * its view has not changed for 3 s, show the class table and begin. */
static gboolean
wait_visits (gpointer data)
{
  Run *r = data;
  /* The view shown beside this one: the visible page of their stack. */
  GtkWidget *stack = gtk_widget_get_ancestor (GTK_WIDGET (r->view), ADW_TYPE_VIEW_STACK);
  const char *shown = stack != NULL ? adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (stack)) : NULL;
  gint64 now = g_get_monotonic_time ();

  if (hs_classes_view_instances_pending (r->view) || g_strcmp0 (shown, r->last_view) != 0)
    {
      g_free (r->last_view);
      r->last_view = g_strdup (shown);
      r->last_change = now;
      return G_SOURCE_CONTINUE;
    }
  if (now - r->last_change < 3 * G_USEC_PER_SEC)
    return G_SOURCE_CONTINUE;
  gtk_widget_activate_action (GTK_WIDGET (r->view), "win.view", "s", "classes");
  g_timeout_add (1000, run_step, r);
  return G_SOURCE_REMOVE;
}

void
_hs_classes_view_timing_start (HsClassesView *self)
{
  static gboolean started;
  Run *r;

  if (started || !hs_timing_enabled () || g_getenv ("HEAPSCOPE_DEBUG_VISIT_VIEWS") == NULL
      || gtk_widget_get_frame_clock (GTK_WIDGET (self)) == NULL)
    return;
  started = TRUE;
  r = g_new0 (Run, 1);
  r->view = g_object_ref (self);
  r->last_change = g_get_monotonic_time ();
  g_timeout_add (100, wait_visits, r);
}
