/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-timing.c: HEAPSCOPE_DEBUG_TIMES marks of what the user sees
 * (the content page and the first leak trace drawn, counted in frames
 * since the open), and HEAPSCOPE_DEBUG_VISIT_VIEWS=1: once the views are
 * filled, every view is shown in turn, as a click on the switcher would,
 * and the time until it is drawn reported (tools/ui-timing.sh). The state
 * lives here, not in the window's struct. */
#include "config.h"
#include "hs-dump-tab-private.h"
#include "hs-classes-view.h"
#include "hs-leaks-view.h"
#include "hs-timing.h"

struct _HsDumpTabTiming
{
  GdkFrameClock *clock;
  gulong paint_id;
  gboolean trace_pending;
  gboolean content_pending;
  guint frames;
  /* The views to visit (page names, the one shown first last), the one
   * asked for, and when. */
  GPtrArray *visit_order;
  guint visit;
  gint64 visit_start;
};

static void visit_schedule (HsDumpTab *self, guint ms);

static const char *
visiting (HsDumpTabTiming *t)
{
  return t->visit_order != NULL && t->visit < t->visit_order->len
             ? g_ptr_array_index (t->visit_order, t->visit)
             : NULL;
}

static gboolean
visit_next_view (gpointer data)
{
  HsDumpTab *self = data;
  HsDumpTabTiming *t = self->timing;
  const char *name;
  gint64 start = g_get_monotonic_time ();

  if (t == NULL || (name = visiting (t)) == NULL)
    return G_SOURCE_REMOVE;
  t->visit_start = start;
  hs_dump_tab_set_view (self, name);
  hs_timing_span (start, "view %s asked for", name);
  return G_SOURCE_REMOVE;
}

static void
visit_schedule (HsDumpTab *self, guint ms)
{
  g_timeout_add_full (G_PRIORITY_DEFAULT, ms, visit_next_view, g_object_ref (self), g_object_unref);
}

void
_hs_dump_tab_timing_visit_views (HsDumpTab *self)
{
  HsDumpTabTiming *t = self->timing;
  const char *shown = hs_dump_tab_get_view (self);

  if (t == NULL || g_getenv ("HEAPSCOPE_DEBUG_VISIT_VIEWS") == NULL)
    return;
  g_clear_pointer (&t->visit_order, g_ptr_array_unref);
  t->visit_order = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < self->views->len; i++)
    {
      const char *name = hs_view_get_name (g_ptr_array_index (self->views, i));
      if (g_strcmp0 (name, shown) != 0)
        g_ptr_array_add (t->visit_order, g_strdup (name));
    }
  if (shown != NULL)
    g_ptr_array_add (t->visit_order, g_strdup (shown));
  t->visit = 0;
  visit_schedule (self, 1000);
}

static gboolean
first_trace_drawn (HsDumpTab *self)
{
  HsView *leaks = hs_dump_tab_get_view_by_name (self, "leaks");
  HsLeakTraceView *trace;

  if (!HS_IS_LEAKS_VIEW (leaks))
    return FALSE;
  trace = hs_leaks_view_get_trace_view (HS_LEAKS_VIEW (leaks));
  return hs_leak_trace_view_get_n_nodes (trace) > 0 && gtk_widget_get_mapped (GTK_WIDGET (trace))
         && gtk_widget_get_width (GTK_WIDGET (trace)) > 0;
}

/* After each frame: whether the content page and the first leak trace have
 * been drawn yet (mapped before this paint), and whether the view being
 * visited has been. */
/* Lets go of the frame clock. By the time a window closes, GDK may have
 * dropped the clock's handlers already (the surface destroyed first):
 * disconnecting by id then is a GLib warning, fatal in the tests. */
static void
drop_clock (HsDumpTabTiming *t)
{
  if (t->clock != NULL && t->paint_id != 0 && g_signal_handler_is_connected (t->clock, t->paint_id))
    g_signal_handler_disconnect (t->clock, t->paint_id);
  t->paint_id = 0;
  g_clear_object (&t->clock);
}

/* The inspector on the object retaining the most (the first of the
 * dominator tree's sorted top level: no scan here): its sizes and fields
 * are built on the UI thread, its path and referrers on a worker. */
static void
visit_inspector (HsDumpTab *self)
{
  HsAnalysis *a = self->loader != NULL ? hs_loader_get_analysis (self->loader) : NULL;
  const HsObj *tops = NULL;
  gsize n = 0;
  gint64 start = g_get_monotonic_time ();

  if (a == NULL || a->dom == NULL || !hs_dom_tree_children_try (a->dom, a->dom->n, 0, &tops, &n) || n == 0)
    return;
  hs_dump_tab_inspect (self, tops[0]);
  hs_timing_span (start, "inspector shown on the object retaining the most");
}

static void
on_after_paint (GdkFrameClock *clock, HsDumpTab *self)
{
  HsDumpTabTiming *t = self->timing;
  const char *name = visiting (t);

  if (t->visit_start > 0 && name != NULL && g_strcmp0 (hs_dump_tab_get_view (self), name) == 0)
    {
      hs_timing_mark ("view %s drawn %.3f s after it was asked for", name,
                      (g_get_monotonic_time () - t->visit_start) / 1e6);
      t->visit_start = 0;
      /* The class table's first class (the largest retained): its
       * instance list, found on a worker. */
      if (g_str_equal (name, "classes"))
        {
          gint64 start = g_get_monotonic_time ();
          hs_classes_view_show_instances (HS_CLASSES_VIEW (hs_dump_tab_get_view_by_name (self, "classes")),
                                          0);
          hs_timing_span (start, "instances of the first class asked for");
        }
      if (++t->visit < t->visit_order->len)
        visit_schedule (self, 500);
      else
        {
          HsView *leaks = hs_dump_tab_get_view_by_name (self, "leaks");
          hs_timing_mark ("views visited");
          visit_inspector (self);
          /* A click on the second leak (the leaks view is shown last): its
           * trace is timed by the view (hs-leaks-view.c). */
          if (HS_IS_LEAKS_VIEW (leaks) && hs_leaks_view_get_n_rows (HS_LEAKS_VIEW (leaks)) > 1)
            hs_leaks_view_select (HS_LEAKS_VIEW (leaks), 1);
        }
    }

  t->frames++;
  if (t->content_pending && g_strcmp0 (hs_dump_tab_get_page (self), "content") == 0
      && gtk_widget_get_mapped (GTK_WIDGET (self->view_stack)))
    {
      t->content_pending = FALSE;
      hs_timing_mark ("content page drawn (view %s)", hs_dump_tab_get_view (self));
    }
  if (t->trace_pending && first_trace_drawn (self))
    {
      t->trace_pending = FALSE;
      hs_timing_mark ("first leak trace drawn (frame %u since the open)", t->frames);
      hs_timing_cpu_report ();
    }
}

void
_hs_dump_tab_timing_start (HsDumpTab *self)
{
  HsDumpTabTiming *t;
  GdkFrameClock *clock;

  hs_timing_start ();
  if (!hs_timing_enabled ())
    return;
  if (self->timing == NULL)
    self->timing = g_new0 (HsDumpTabTiming, 1);
  t = self->timing;
  t->trace_pending = TRUE;
  t->content_pending = TRUE;
  t->frames = 0;
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  if (clock == t->clock)
    return;
  drop_clock (t);
  if (clock == NULL)
    {
      hs_timing_mark ("the window has no frame clock yet: nothing drawn will be reported");
      return;
    }
  t->clock = g_object_ref (clock);
  t->paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), self);
}

guint
_hs_dump_tab_timing_frames (HsDumpTab *self)
{
  return self->timing != NULL ? self->timing->frames : 0;
}

void
_hs_dump_tab_timing_free (HsDumpTab *self)
{
  HsDumpTabTiming *t = self->timing;

  if (t == NULL)
    return;
  drop_clock (t);
  g_clear_pointer (&t->visit_order, g_ptr_array_unref);
  g_clear_pointer (&self->timing, g_free);
}
