/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-loading.c: a dump's tab and its loader. Opening a dump
 * (with the application's analysis options) shows the loading page,
 * whose phase and progress are bound to the loader in the template; the
 * leaks, when the loader finds some early, are shown while the analysis
 * goes on; the finished analysis is given to the views and the content
 * shown (where the user was, after a reload in place); a failure shows
 * the error page, a cancel the welcome page. Dropping the loader (a new
 * open, the tab closed or gone) stops its workers and empties the views.
 * With HEAPSCOPE_DEBUG_TIMES, the drawing of a load is timed here too. */
#include "config.h"
#include "hs-dump-tab-private.h"
#include "hs-leaks-view.h"
#include "hs-timing.h"

#include <glib/gi18n.h>
#include <string.h>

/* HEAPSCOPE_DEBUG_TIMES marks of what the user sees of a load: the
 * content page and the first leak trace drawn, counted in frames since
 * the open (tools/ui-timing.sh). NULL in the tab when timing is off. */
struct _HsDumpTabTiming
{
  GdkFrameClock *clock;
  gulong paint_id;
  gboolean trace_pending;
  gboolean content_pending;
  guint frames;
};

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

/* Lets go of the frame clock. By the time a window closes, GDK may have
 * dropped the clock's handlers already (the surface destroyed first):
 * disconnecting by id then is a GLib warning, fatal in the tests. */
static void
timing_drop_clock (HsDumpTabTiming *t)
{
  if (t->clock != NULL && t->paint_id != 0 && g_signal_handler_is_connected (t->clock, t->paint_id))
    g_signal_handler_disconnect (t->clock, t->paint_id);
  t->paint_id = 0;
  g_clear_object (&t->clock);
}

/* After each frame: whether the content page and the first leak trace
 * have been drawn yet (mapped before this paint). */
static void
timing_on_after_paint (GdkFrameClock *clock, HsDumpTab *self)
{
  HsDumpTabTiming *t = self->timing;

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

static void
timing_start (HsDumpTab *self)
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
  timing_drop_clock (t);
  if (clock == NULL)
    {
      hs_timing_mark ("the window has no frame clock yet: nothing drawn will be reported");
      return;
    }
  t->clock = g_object_ref (clock);
  t->paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (timing_on_after_paint), self);
}

void
_hs_dump_tab_timing_free (HsDumpTab *self)
{
  if (self->timing == NULL)
    return;
  timing_drop_clock (self->timing);
  g_clear_pointer (&self->timing, g_free);
}

/* The dump's views and inspector forget it. */
static void
clear_views (HsDumpTab *self)
{
  _hs_dump_tab_views_set_early (self, FALSE);
  _hs_dump_tab_views_give_loader (self, NULL, FALSE);
  _hs_dump_tab_views_give_loader (self, NULL, TRUE);
  hs_inspector_set_loader (self->inspector, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->inspector), FALSE);
  _hs_dump_tab_heaps_clear (self);
}

/* The leak thread is done, the dominators are not: the leaks are shown now,
 * their retained sizes and the other views when the analysis is done. */
static void
on_loader_leaks_ready (HsLoader *loader, HsDumpTab *self)
{
  HsLeakReport *report = hs_loader_get_leaks (loader);
  gint64 start = g_get_monotonic_time ();

  if (loader != self->loader || hs_loader_get_state (loader) != HS_LOADER_LOADING || report == NULL)
    return;
  /* No leak: nothing worth showing before the other views. */
  if (report->application_leaks->len + report->library_leaks->len == 0)
    return;
  for (guint i = 0; i < self->views->len; i++)
    hs_view_show_early (g_ptr_array_index (self->views, i), loader);
  hs_dump_tab_set_view (self, "leaks");
  _hs_dump_tab_views_set_early (self, TRUE);
  _hs_dump_tab_show_page (self, "content");
  hs_timing_span (start, "leaks shown early");
}

/* The view and the object of hs_dump_tab_reload_in_place (recorded as
 * one place: the history goes on from where it was). */
static void
restore_place (HsDumpTab *self)
{
  g_autofree char *view = g_steal_pointer (&self->reload_view);
  HsObj obj = self->reload_obj;
  HsAnalysis *a = _hs_dump_tab_get_analysis (self);

  self->reload_obj = HS_OBJ_NONE;
  self->replaying = TRUE;
  hs_dump_tab_set_view (self, view);
  self->replaying = FALSE;
  if (obj != HS_OBJ_NONE && a != NULL && obj < hs_heap_n_objects (a->heap))
    hs_dump_tab_inspect (self, obj);
}

static void
populate (HsDumpTab *self)
{
  HsAnalysis *a = _hs_dump_tab_get_analysis (self);
  gint64 start = g_get_monotonic_time ();
  gboolean was_early = self->early;
  HsLeakReport *leaks = hs_loader_get_leaks (self->loader);
  gint64 t;

  _hs_dump_tab_views_set_early (self, FALSE);
  /* The dominator tree view sorts its top level on a worker from here. */
  _hs_dump_tab_views_give_loader (self, self->loader, TRUE);
  t = g_get_monotonic_time ();
  hs_inspector_set_loader (self->inspector, self->loader);
  hs_timing_span (t, "inspector given the dump");
  gtk_widget_set_visible (GTK_WIDGET (self->inspector), FALSE);
  _hs_dump_tab_dumps_update (self, a->heap);
  _hs_dump_tab_roots_update (self, a->heap);
  /* Before the views are filled: an Android dump opens on its app heap. */
  _hs_dump_tab_heaps_update (self, a);

  /* Analysed again for a preference: where the user was. Else leaks
   * first when there are any: that is what the dump was taken for. Shown
   * early, they stay where the user is. */
  if (self->reload_view != NULL)
    restore_place (self);
  else if (!was_early)
    {
      gboolean any = leaks != NULL && leaks->application_leaks->len + leaks->library_leaks->len > 0;
      hs_dump_tab_set_view (self, any ? "leaks" : "overview");
    }
  _hs_dump_tab_views_on_changed (self->view_stack, NULL, self);
  _hs_dump_tab_show_page (self, "content");
  hs_timing_span (start, "all views filled");
  hs_timing_cpu_report ();
}

static void
on_loader_state (HsLoader *loader, GParamSpec *pspec, HsDumpTab *self)
{
  const GError *error;

  if (loader != self->loader)
    return;
  switch (hs_loader_get_state (loader))
    {
      case HS_LOADER_DONE:
        hs_timing_mark ("analysis finished (seen on the UI thread; frame %u since the open)",
                        self->timing != NULL ? self->timing->frames : 0);
        _hs_dump_tab_recent_add (self, hs_loader_get_file (loader));
        populate (self);
        _hs_dump_tab_changed_remember (self);
        _hs_dump_tab_mapping_dump_done (self);
        _hs_dump_tab_index_dump_done (self);
        _hs_dump_tab_ask_attention (self);
        break;
      case HS_LOADER_FAILED:
        clear_views (self);
        error = hs_loader_get_error (loader);
        gtk_label_set_text (self->error_message, error != NULL ? error->message : _ ("Unknown error"));
        _hs_dump_tab_show_page (self, "error");
        _hs_dump_tab_ask_attention (self);
        break;
      case HS_LOADER_CANCELLED:
        clear_views (self);
        _hs_dump_tab_show_page (self, "welcome");
        _hs_dump_tab_show_toast (self, _ ("Loading was cancelled"));
        break;
      case HS_LOADER_IDLE:
      case HS_LOADER_LOADING:
      default: break;
    }
}

void
_hs_dump_tab_loading_drop (HsDumpTab *self)
{
  if (self->loader == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->loader, self);
  hs_loader_cancel (self->loader);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  _hs_dump_tab_suspects_cancel (self);
  _hs_dump_tab_mapping_dump_closed (self);
  _hs_dump_tab_index_dump_closed (self);
  clear_views (self); /* each view cancels its workers */
  g_clear_object (&self->loader);
  if (!self->disposed)
    _hs_dump_tab_notify_loader (self);
  _hs_dump_tab_update_state (self);
}

static void
read_options (HsAnalysisOptions *opts)
{
  GApplication *app = g_application_get_default ();
  g_autoptr (GVariant) weak = NULL, inspectors = NULL, percent = NULL;

  memset (opts, 0, sizeof *opts);
  /* Off, the preference still lets an Android dump without a LeakCanary
   * watcher show what the inspectors find leaking: its default follows
   * the dump. */
  opts->leaks.android_inspectors_when_unwatched = TRUE;
  if (app == NULL)
    return;
  weak = g_action_group_get_action_state (G_ACTION_GROUP (app), "follow-weak");
  inspectors = g_action_group_get_action_state (G_ACTION_GROUP (app), "android-inspectors-as-leaks");
  if (weak != NULL && g_variant_is_of_type (weak, G_VARIANT_TYPE_BOOLEAN))
    opts->open.follow_weak = g_variant_get_boolean (weak);
  if (inspectors != NULL && g_variant_is_of_type (inspectors, G_VARIANT_TYPE_BOOLEAN))
    opts->leaks.android_inspectors_as_leaks = g_variant_get_boolean (inspectors);
  percent = g_action_group_get_action_state (G_ACTION_GROUP (app), "suspects-percent");
  if (percent != NULL && g_variant_is_of_type (percent, G_VARIANT_TYPE_INT32))
    opts->suspects_percent = g_variant_get_int32 (percent);
}

void
hs_dump_tab_open (HsDumpTab *self, GFile *file, int dump)
{
  HsAnalysisOptions opts;
  g_autofree char *markup = NULL;

  g_return_if_fail (HS_IS_DUMP_TAB (self));
  g_return_if_fail (G_IS_FILE (file));

  timing_start (self);
  _hs_dump_tab_loading_drop (self);
  if (!self->keep_history)
    {
      _hs_dump_tab_history_clear (self);
      g_clear_pointer (&self->reload_view, g_free);
      self->reload_obj = HS_OBJ_NONE;
    }
  self->keep_history = FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.dismiss-toast", NULL);
  read_options (&opts);
  opts.open.dump = MAX (dump, 0);
  self->loader = hs_loader_new (file, &opts);
  hs_loader_set_index_policy (self->loader, self->index_policy);
  if (self->index_path != NULL)
    hs_loader_set_index_path (self->loader, self->index_path);
  g_signal_connect (self->loader, "notify::state", G_CALLBACK (on_loader_state), self);
  g_signal_connect (self->loader, "leaks-ready", G_CALLBACK (on_loader_leaks_ready), self);
  _hs_dump_tab_views_give_loader (self, self->loader, FALSE);
  _hs_dump_tab_notify_loader (self);
  /* Title and description are markup: a file name may hold '&'. */
  markup = g_markup_escape_text (hs_loader_get_file_name (self->loader), -1);
  adw_status_page_set_title (self->loading_page, markup);
  adw_status_page_set_description (self->loading_page, NULL);
  _hs_dump_tab_show_page (self, "loading");
  hs_loader_start (self->loader);
  if (hs_loader_get_file_size (self->loader) > 0)
    {
      g_autofree char *size = hs_format_bytes (hs_loader_get_file_size (self->loader));
      adw_status_page_set_description (self->loading_page, size);
    }
}

void
hs_dump_tab_cancel (HsDumpTab *self)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));
  if (self->loader != NULL)
    hs_loader_cancel (self->loader);
}

void
_hs_dump_tab_loading_on_cancel_clicked (GtkButton *button, HsDumpTab *self)
{
  hs_dump_tab_cancel (self);
}

void
hs_dump_tab_reload (HsDumpTab *self)
{
  HsLoaderState state;

  g_return_if_fail (HS_IS_DUMP_TAB (self));

  state = self->loader != NULL ? hs_loader_get_state (self->loader) : HS_LOADER_IDLE;
  /* A load still running was started with the old options: it starts over. */
  if (state == HS_LOADER_DONE || state == HS_LOADER_LOADING)
    {
      g_autoptr (GFile) file = g_object_ref (hs_loader_get_file (self->loader));
      hs_dump_tab_open (self, file, hs_loader_get_dump (self->loader));
    }
}

void
hs_dump_tab_reload_in_place (HsDumpTab *self)
{
  HsLoaderState state;

  g_return_if_fail (HS_IS_DUMP_TAB (self));
  state = self->loader != NULL ? hs_loader_get_state (self->loader) : HS_LOADER_IDLE;
  if (state == HS_LOADER_DONE)
    {
      g_free (self->reload_view);
      self->reload_view = g_strdup (hs_dump_tab_get_view (self));
      self->reload_obj = gtk_widget_get_visible (GTK_WIDGET (self->inspector))
                             ? hs_inspector_get_obj (self->inspector)
                             : HS_OBJ_NONE;
    }
  /* A load still running: the place it had been given, if any, stays. */
  self->keep_history = state == HS_LOADER_DONE || self->reload_view != NULL;
  hs_dump_tab_reload (self);
  self->keep_history = FALSE;
}
