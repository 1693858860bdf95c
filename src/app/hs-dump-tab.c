/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab.c: one dump in a tab (template ui/hs-dump-tab.ui): its
 * pages (welcome, loading, error, content), the loader's wiring
 * (progress, the leaks shown early, the views given the dump), the
 * "several dumps" banner, the inspector beside or over the views. The
 * views are one of each type of its view table. Its back/forward,
 * mapping, "changed on disk", recent files, debug timing and saved index
 * are in hs-dump-tab-history.c, -mapping.c, -changed.c, -recent.c,
 * -timing.c, -index.c. */
#include "config.h"
#include "hs-dump-tab-private.h"
#include "hs-dump-tab-mapping.h"
#include "hs-settings.h"
#include "hs-inspector.h"
#include "hs-timing.h"
#include "hs-classes-view.h"
#include "hs-compare-view.h"
#include "hs-dominators-view.h"
#include "hs-insights-view.h"
#include "hs-leaks-view.h"
#include "hs-loaders-view.h"
#include "hs-overview-view.h"
#include "hs-paths-view.h"
#include "hs-refs-view.h"
#include "hs-query-view.h"
#include "hs-threads-view.h"
#include "hs-treemap-view.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>
#include <string.h>

G_DEFINE_FINAL_TYPE (HsDumpTab, hs_dump_tab, ADW_TYPE_BIN)

/* What the window shows of the tab (its page in the tab bar, the header
 * bar), as properties it binds or follows. */
enum
{
  PROP_0,
  PROP_LOADER,
  PROP_TITLE,
  PROP_PAGE,
  PROP_LOADING,
  PROP_ANALYSING,
  PROP_ANALYSED,
  PROP_INSPECTOR_SHOWN,
  PROP_NEEDS_ATTENTION,
  PROP_MAPPING_BUSY,
  PROP_MAPPING_PATH,
  N_PROPS
};
static GParamSpec *properties[N_PROPS];

static void
set_boolean (HsDumpTab *self, gboolean *field, gboolean value, guint prop)
{
  if (*field == value)
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

/* The title, page, loading and analysed properties follow the page shown
 * and the loader; each is notified when it changes. */
static void
update_state (HsDumpTab *self)
{
  const char *page = g_intern_string (gtk_stack_get_visible_child_name (self->main_stack));
  const char *title = self->loader != NULL && page != g_intern_static_string ("welcome")
                          ? hs_loader_get_file_name (self->loader)
                          : NULL;

  if (self->disposed)
    return;
  g_object_freeze_notify (G_OBJECT (self));
  if (page != self->page)
    {
      self->page = page;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAGE]);
    }
  if (g_strcmp0 (title, self->title) != 0)
    {
      g_free (self->title);
      self->title = g_strdup (title);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TITLE]);
    }
  set_boolean (self, &self->loading, page == g_intern_static_string ("loading"), PROP_LOADING);
  set_boolean (self, &self->analysed, _hs_dump_tab_get_analysis (self) != NULL, PROP_ANALYSED);
  g_object_thaw_notify (G_OBJECT (self));
}

/* A load ended while the tab was not shown: its page in the tab bar says
 * so until it is shown. */
static void
ask_attention (HsDumpTab *self)
{
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    set_boolean (self, &self->needs_attention, TRUE, PROP_NEEDS_ATTENTION);
}

static void
hs_dump_tab_map (GtkWidget *widget)
{
  HsDumpTab *self = HS_DUMP_TAB (widget);

  GTK_WIDGET_CLASS (hs_dump_tab_parent_class)->map (widget);
  set_boolean (self, &self->needs_attention, FALSE, PROP_NEEDS_ATTENTION);
}

/* Toasts are the window's: asked for through its actions (nothing while
 * the tab is in no window). */
void
_hs_dump_tab_show_toast_button (HsDumpTab *self, const char *text, const char *button,
                                const char *detailed_action)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.toast-button", "(sss)", text, button, detailed_action);
}

void
_hs_dump_tab_show_toast (HsDumpTab *self, const char *text)
{
  gtk_widget_activate_action (GTK_WIDGET (self), "win.toast", "s", text);
}

HsAnalysis *
_hs_dump_tab_get_analysis (HsDumpTab *self)
{
  if (self->loader == NULL || hs_loader_get_state (self->loader) != HS_LOADER_DONE)
    return NULL;
  return hs_loader_get_analysis (self->loader);
}

/* ---------------------------------------------------------------------- */
/* inspector                                                              */

void
hs_dump_tab_inspect (HsDumpTab *self, HsObj obj)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));

  if (_hs_dump_tab_get_analysis (self) == NULL || obj == HS_OBJ_NONE)
    return;
  /* A mapping whose file was cut reads zeros: say so, and do not show an
   * object made of them. */
  if (hs_dump_tab_check_changed (self) && hs_heap_changed (_hs_dump_tab_get_analysis (self)->heap))
    return;
  hs_inspector_show (self->inspector, obj);
  hs_dump_tab_set_inspector_shown (self, TRUE);
  _hs_dump_tab_history_record (self);
}

/* The flap (beside, or over the views when folded) follows the
 * inspector's visibility, and a folded flap closed by a click outside
 * hides it. */
static void
on_inspector_visible (GObject *object, GParamSpec *pspec, HsDumpTab *self)
{
  gboolean shown = gtk_widget_get_visible (GTK_WIDGET (self->inspector));

  if (adw_flap_get_reveal_flap (self->flap) != shown)
    adw_flap_set_reveal_flap (self->flap, shown);
  if (!self->disposed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INSPECTOR_SHOWN]);
}

static void
on_flap_revealed (GObject *object, GParamSpec *pspec, HsDumpTab *self)
{
  gboolean revealed = adw_flap_get_reveal_flap (self->flap);

  if (gtk_widget_get_visible (GTK_WIDGET (self->inspector)) != revealed)
    gtk_widget_set_visible (GTK_WIDGET (self->inspector), revealed);
}

void
hs_dump_tab_set_narrow (HsDumpTab *self, gboolean narrow)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));
  adw_flap_set_fold_policy (self->flap, narrow ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_NEVER);
}

gboolean
hs_dump_tab_get_inspector_shown (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), FALSE);
  return gtk_widget_get_visible (GTK_WIDGET (self->inspector));
}

void
hs_dump_tab_set_inspector_shown (HsDumpTab *self, gboolean shown)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));
  gtk_widget_set_visible (GTK_WIDGET (self->inspector), shown);
}

/* ---------------------------------------------------------------------- */
/* pages and views                                                        */

static void
show_page (HsDumpTab *self, const char *page)
{
  gboolean content = g_str_equal (page, "content");

  /* The content at once, not faded in: what the user waits for is shown
   * in the first frame, and no frames are spent on the fade. */
  gtk_stack_set_visible_child_full (self->main_stack, page,
                                    content ? GTK_STACK_TRANSITION_TYPE_NONE
                                            : gtk_stack_get_transition_type (self->main_stack));
  if (g_str_equal (page, "welcome"))
    _hs_dump_tab_recent_refresh (self);
  update_state (self);
}

const char *
hs_dump_tab_get_title (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return self->title;
}

GFile *
hs_dump_tab_get_file (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return self->loader != NULL ? hs_loader_get_file (self->loader) : NULL;
}

/* While only the leaks are known, the views that need the whole analysis
 * are hidden from the switcher and the analysis bar shows its progress. */
static void
set_early (HsDumpTab *self, gboolean early)
{
  for (guint i = 0; i < self->views->len; i++)
    {
      HsView *view = g_ptr_array_index (self->views, i);
      if (hs_view_get_needs_analysis (view))
        {
          /* The page's visible is the switcher's, the widget's the stack's. */
          gtk_widget_set_visible (GTK_WIDGET (view), !early);
          adw_view_stack_page_set_visible (adw_view_stack_get_page (self->view_stack, GTK_WIDGET (view)),
                                           !early);
        }
    }
  gtk_revealer_set_reveal_child (self->analysis_bar, early);
  /* Hidden too: GTK 4.8's revealer, without a transition, could keep its
   * height once hidden after being shown while unmapped (an empty strip
   * over the views). */
  gtk_widget_set_visible (GTK_WIDGET (self->analysis_bar), early);
  if (!self->disposed)
    set_boolean (self, &self->early, early, PROP_ANALYSING);
}

HsView *
hs_dump_tab_get_view_by_name (HsDumpTab *self, const char *name)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);

  for (guint i = 0; i < self->views->len; i++)
    {
      HsView *view = g_ptr_array_index (self->views, i);
      if (g_str_equal (hs_view_get_name (view), name))
        return view;
    }
  return NULL;
}

/* The view shown is filled the first time it is shown for a dump. */
static void
on_view_changed (AdwViewStack *stack, GParamSpec *pspec, HsDumpTab *self)
{
  GtkWidget *child = adw_view_stack_get_visible_child (stack);

  if (HS_IS_VIEW (child))
    hs_view_ensure_filled (HS_VIEW (child));
  _hs_dump_tab_history_record (self);
}

const char *
hs_dump_tab_get_view (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return adw_view_stack_get_visible_child_name (self->view_stack);
}

void
hs_dump_tab_set_view (HsDumpTab *self, const char *name)
{
  HsView *view;

  g_return_if_fail (HS_IS_DUMP_TAB (self));
  /* As GtkStack did: a hidden view (waiting for the analysis) is not shown. */
  view = name != NULL ? hs_dump_tab_get_view_by_name (self, name) : NULL;
  if (view != NULL && gtk_widget_get_visible (GTK_WIDGET (view)))
    adw_view_stack_set_visible_child (self->view_stack, GTK_WIDGET (view));
}

/* The views that show something while the dump loads (the leaks, early)
 * are given its loader when it is opened, those that need the whole
 * analysis when it is done; each fills itself when first shown after
 * that. NULL: they forget the dump. */
static void
give_views_loader (HsDumpTab *self, HsLoader *loader, gboolean needs_analysis)
{
  for (guint i = 0; i < self->views->len; i++)
    {
      HsView *view = g_ptr_array_index (self->views, i);
      if (hs_view_get_needs_analysis (view) == needs_analysis)
        hs_view_set_loader (view, loader);
    }
}

static void
clear_views (HsDumpTab *self)
{
  set_early (self, FALSE);
  give_views_loader (self, NULL, FALSE);
  give_views_loader (self, NULL, TRUE);
  hs_inspector_set_loader (self->inspector, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->inspector), FALSE);
  _hs_dump_tab_heaps_clear (self);
}

/* ---------------------------------------------------------------------- */
/* loading                                                                */

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
  set_early (self, TRUE);
  show_page (self, "content");
  hs_timing_span (start, "leaks shown early");
}

/* A dump cut before its GC roots: the banner says what the sizes of
 * every view stand on (the objects nothing references, as roots). */
static void
update_roots_banner (HsDumpTab *self, HsHeap *heap)
{
  const HsSummary *s = hs_heap_summary (heap);
  g_autofree char *count = NULL, *text = NULL;

  gtk_revealer_set_reveal_child (self->roots_revealer, s->roots_inferred);
  if (!s->roots_inferred)
    return;
  count = hs_format_count (s->gc_roots);
  text = g_strdup_printf (_ ("This dump has no GC roots: it was probably cut short before them. Every view "
                             "counts the %s objects nothing references as the roots."),
                          count);
  gtk_label_set_text (self->roots_label, text);
}

const char *
hs_dump_tab_get_roots_banner (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return gtk_revealer_get_reveal_child (self->roots_revealer) ? gtk_label_get_text (self->roots_label) : NULL;
}

/* A file with several dumps: say so and offer the others. */
static void
update_dumps_banner (HsDumpTab *self, HsHeap *heap)
{
  g_autoptr (GtkStringList) items = NULL;
  g_autofree char *text = NULL;

  gtk_revealer_set_reveal_child (self->dumps_revealer, hs_heap_n_dumps (heap) > 1);
  if (hs_heap_n_dumps (heap) <= 1)
    return;
  items = gtk_string_list_new (NULL);
  text = g_strdup_printf (_ ("This file holds %u heap dumps. Choose the one to analyse:"),
                          hs_heap_n_dumps (heap));
  for (guint i = 0; i < hs_heap_n_dumps (heap); i++)
    {
      g_autofree char *s = g_strdup_printf (_ ("Dump %u"), i + 1);
      gtk_string_list_append (items, s);
    }
  self->setting_dump = TRUE;
  gtk_drop_down_set_model (self->dumps_dropdown, G_LIST_MODEL (items));
  gtk_drop_down_set_selected (self->dumps_dropdown, hs_heap_dump_index (heap));
  self->setting_dump = FALSE;
  gtk_label_set_text (self->dumps_label, text);
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

  set_early (self, FALSE);
  /* The dominator tree view sorts its top level on a worker from here. */
  give_views_loader (self, self->loader, TRUE);
  t = g_get_monotonic_time ();
  hs_inspector_set_loader (self->inspector, self->loader);
  hs_timing_span (t, "inspector given the dump");
  gtk_widget_set_visible (GTK_WIDGET (self->inspector), FALSE);
  update_dumps_banner (self, a->heap);
  update_roots_banner (self, a->heap);
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
  on_view_changed (self->view_stack, NULL, self);
  show_page (self, "content");
  hs_timing_span (start, "all views filled");
  hs_timing_cpu_report ();
  _hs_dump_tab_timing_visit_views (self);
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
                        _hs_dump_tab_timing_frames (self));
        _hs_dump_tab_recent_add (self, hs_loader_get_file (loader));
        populate (self);
        _hs_dump_tab_changed_remember (self);
        _hs_dump_tab_mapping_dump_done (self);
        _hs_dump_tab_index_dump_done (self);
        ask_attention (self);
        break;
      case HS_LOADER_FAILED:
        clear_views (self);
        error = hs_loader_get_error (loader);
        gtk_label_set_text (self->error_message, error != NULL ? error->message : _ ("Unknown error"));
        show_page (self, "error");
        ask_attention (self);
        break;
      case HS_LOADER_CANCELLED:
        clear_views (self);
        show_page (self, "welcome");
        _hs_dump_tab_show_toast (self, _ ("Loading was cancelled"));
        break;
      case HS_LOADER_IDLE:
      case HS_LOADER_LOADING:
      default: break;
    }
}

static void
drop_loader (HsDumpTab *self)
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
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADER]);
  update_state (self);
}

GCancellable *
_hs_dump_tab_cancellable (HsDumpTab *self)
{
  if (self->cancellable == NULL)
    self->cancellable = g_cancellable_new ();
  return self->cancellable;
}

void
_hs_dump_tab_closing (HsDumpTab *self)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));
  drop_loader (self);
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

  _hs_dump_tab_timing_start (self);
  drop_loader (self);
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
  g_signal_connect (self->loader, "notify::state", G_CALLBACK (on_loader_state), self);
  g_signal_connect (self->loader, "leaks-ready", G_CALLBACK (on_loader_leaks_ready), self);
  give_views_loader (self, self->loader, FALSE);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADER]);
  /* Title and description are markup: a file name may hold '&'. */
  markup = g_markup_escape_text (hs_loader_get_file_name (self->loader), -1);
  adw_status_page_set_title (self->loading_page, markup);
  adw_status_page_set_description (self->loading_page, NULL);
  show_page (self, "loading");
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

static void
on_cancel_clicked (GtkButton *button, HsDumpTab *self)
{
  hs_dump_tab_cancel (self);
}

static void
on_dump_selected (GObject *dropdown, GParamSpec *pspec, HsDumpTab *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));

  if (self->setting_dump || self->loader == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  if ((int)selected != hs_loader_get_dump (self->loader))
    {
      g_autoptr (GFile) file = g_object_ref (hs_loader_get_file (self->loader));
      hs_dump_tab_open (self, file, selected);
    }
}

/* ---------------------------------------------------------------------- */
/* tab                                                                    */

static void
hs_dump_tab_dispose (GObject *object)
{
  HsDumpTab *self = HS_DUMP_TAB (object);

  /* Empty the views before the loader goes: leak rows point into its
   * analysis. Cancels a load still running and the tab's own workers.
   * Nothing is notified now. */
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->disposed = TRUE;
  drop_loader (self);
  _hs_dump_tab_timing_free (self);
  _hs_dump_tab_history_free (self);
  g_clear_pointer (&self->reload_view, g_free);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (hs_dump_tab_parent_class)->dispose (object);
}

static void
hs_dump_tab_finalize (GObject *object)
{
  HsDumpTab *self = HS_DUMP_TAB (object);

  g_clear_pointer (&self->views, g_ptr_array_unref);
  g_free (self->title);
  _hs_dump_tab_mapping_free (self);
  G_OBJECT_CLASS (hs_dump_tab_parent_class)->finalize (object);
}

/* "win.visited" from a view of this tab goes to this tab's history, also
 * when the view is filled while another tab is shown. */
static void
visited_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  const char *view = NULL;
  guint64 extra = 0;

  g_variant_get (param, "(&st)", &view, &extra);
  _hs_dump_tab_history_visited (HS_DUMP_TAB (widget), view, extra);
}

/* "tab.show-class" (a class name) from a view: the class table filtered
 * to the class and the class selected; just filtered when no class has
 * exactly that name. */
static void
show_class_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsDumpTab *self = HS_DUMP_TAB (widget);
  const char *name = g_variant_get_string (param, NULL);
  HsView *classes = hs_dump_tab_get_view_by_name (self, "classes");

  if (_hs_dump_tab_get_analysis (self) == NULL || !HS_IS_CLASSES_VIEW (classes))
    return;
  hs_dump_tab_set_view (self, "classes");
  if (!hs_classes_view_show_class (HS_CLASSES_VIEW (classes), name))
    hs_classes_view_set_filter (HS_CLASSES_VIEW (classes), name);
}

static void
hs_dump_tab_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsDumpTab *self = HS_DUMP_TAB (object);

  switch (prop_id)
    {
      case PROP_LOADER: g_value_set_object (value, self->loader); break;
      case PROP_TITLE: g_value_set_string (value, self->title); break;
      case PROP_PAGE: g_value_set_string (value, self->page); break;
      case PROP_LOADING: g_value_set_boolean (value, self->loading); break;
      case PROP_ANALYSING: g_value_set_boolean (value, self->early); break;
      case PROP_ANALYSED: g_value_set_boolean (value, self->analysed); break;
      case PROP_INSPECTOR_SHOWN: g_value_set_boolean (value, hs_dump_tab_get_inspector_shown (self)); break;
      case PROP_NEEDS_ATTENTION: g_value_set_boolean (value, self->needs_attention); break;
      case PROP_MAPPING_BUSY: g_value_set_boolean (value, hs_dump_tab_is_mapping_busy (self)); break;
      case PROP_MAPPING_PATH: g_value_set_string (value, hs_dump_tab_get_mapping_path (self)); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_dump_tab_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HsDumpTab *self = HS_DUMP_TAB (object);

  switch (prop_id)
    {
      case PROP_INSPECTOR_SHOWN: hs_dump_tab_set_inspector_shown (self, g_value_get_boolean (value)); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_dump_tab_class_init (HsDumpTabClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hs_dump_tab_dispose;
  object_class->finalize = hs_dump_tab_finalize;

  object_class->get_property = hs_dump_tab_get_property;
  object_class->set_property = hs_dump_tab_set_property;
  widget_class->map = hs_dump_tab_map;

  /* The loading page and the analysis bar bind its phase and fraction
   * (ui/hs-dump-tab.ui). */
  properties[PROP_LOADER] = g_param_spec_object ("loader", NULL, "The loader of the dump shown or loading",
                                                 HS_TYPE_LOADER, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_TITLE]
      = g_param_spec_string ("title", NULL, "The file's name while a dump is shown or loading", NULL,
                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_PAGE] = g_param_spec_string ("page", NULL, "welcome, loading, error or content", "welcome",
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOADING] = g_param_spec_boolean ("loading", NULL, "The loading page is shown", FALSE,
                                                   G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANALYSING]
      = g_param_spec_boolean ("analysing", NULL, "The leaks are shown while the analysis runs", FALSE,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANALYSED] = g_param_spec_boolean ("analysed", NULL, "The analysis is done", FALSE,
                                                    G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_INSPECTOR_SHOWN]
      = g_param_spec_boolean ("inspector-shown", NULL, "The inspector is shown", FALSE,
                              G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NEEDS_ATTENTION]
      = g_param_spec_boolean ("needs-attention", NULL, "A load ended while the tab was not shown", FALSE,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAPPING_BUSY]
      = g_param_spec_boolean ("mapping-busy", NULL, "A mapping is being read and applied", FALSE,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_MAPPING_PATH] = g_param_spec_string ("mapping-path", NULL, "The mapping applied, if any",
                                                       NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (HS_TYPE_INSPECTOR);
  g_type_ensure (HS_TYPE_LOADER);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-dump-tab.ui");
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, main_stack);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, recent_label);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, recent_list);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, loading_page);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, loading_phase);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, loading_progress);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, error_message);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, analysis_bar);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, analysis_phase);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, analysis_progress);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, dumps_revealer);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, roots_revealer);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, roots_label);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, dumps_label);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, dumps_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, heaps_revealer);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, heap_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, heap_label);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, index_revealer);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, index_label);
  gtk_widget_class_bind_template_callback (widget_class, _hs_dump_tab_on_heap_selected);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, view_stack);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, flap);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, inspector);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_recent_activated",
                                                G_CALLBACK (_hs_dump_tab_recent_activated));
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_inspector_visible);
  gtk_widget_class_bind_template_callback (widget_class, on_dump_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_view_changed);
  gtk_widget_class_install_action (widget_class, "win.visited", "(st)", visited_action);
  gtk_widget_class_install_action (widget_class, "tab.show-class", "s", show_class_action);
}

/* The views, in the switcher's order (Alt+1..N), each with the icon of
 * its page in the view switcher. Adding a view: its file pair (an HsView
 * subclass with hs_view_class_set_page) and one line here. */
static const struct
{
  GType (*get_type) (void);
  const char *icon_name;
} view_table[] = {
  { hs_overview_view_get_type, "document-properties-symbolic" },
  { hs_leaks_view_get_type, "dialog-warning-symbolic" },
  { hs_classes_view_get_type, "view-list-symbolic" },
  { hs_dominators_view_get_type, "format-indent-more-symbolic" },
  { hs_treemap_view_get_type, "view-grid-symbolic" },
  { hs_insights_view_get_type, "dialog-information-symbolic" },
  { hs_threads_view_get_type, "system-run-symbolic" },
  { hs_compare_view_get_type, "object-flip-horizontal-symbolic" },
  { hs_query_view_get_type, "system-search-symbolic" },
  { hs_paths_view_get_type, "mark-location-symbolic" },
  { hs_refs_view_get_type, "insert-link-symbolic" },
  { hs_loaders_view_get_type, "package-x-generic-symbolic" },
};

GType
hs_dump_tab_get_view_type (guint index)
{
  return index < G_N_ELEMENTS (view_table) ? view_table[index].get_type () : G_TYPE_INVALID;
}

/* The icon of the view's page: the view's own, else the table's. */
static const char *
view_icon (HsView *view)
{
  if (hs_view_get_icon_name (view) != NULL)
    return hs_view_get_icon_name (view);
  for (guint i = 0; i < G_N_ELEMENTS (view_table); i++)
    if (G_TYPE_CHECK_INSTANCE_TYPE (view, view_table[i].get_type ()))
      return view_table[i].icon_name;
  return NULL;
}

/* One view of each type of the table, on the stack by its page metadata
 * (the switcher's title and icon). */
static void
add_views (HsDumpTab *self)
{
  GType type;

  self->views = g_ptr_array_new ();
  for (guint i = 0; (type = hs_dump_tab_get_view_type (i)) != G_TYPE_INVALID; i++)
    {
      HsView *view = g_object_new (type, NULL);
      AdwViewStackPage *page = adw_view_stack_add_titled (self->view_stack, GTK_WIDGET (view),
                                                          hs_view_get_name (view), hs_view_get_title (view));

      adw_view_stack_page_set_icon_name (page, view_icon (view));
      g_ptr_array_add (self->views, view);
    }
}

static void
hs_dump_tab_init (HsDumpTab *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->reload_obj = HS_OBJ_NONE;
  add_views (self);
  g_signal_connect (self->flap, "notify::reveal-flap", G_CALLBACK (on_flap_revealed), self);
  _hs_dump_tab_mapping_init (self);
  _hs_dump_tab_history_init (self);
  self->settings = hs_settings_new_if_installed ();
  /* A banner that is not revealed takes no room: GTK 4.8's revealer could
   * keep its child's height once hidden while unmapped (an empty strip
   * between the header bar and the content). */
  g_object_bind_property (self->dumps_revealer, "reveal-child", self->dumps_revealer, "visible",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->roots_revealer, "reveal-child", self->roots_revealer, "visible",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->index_revealer, "reveal-child", self->index_revealer, "visible",
                          G_BINDING_SYNC_CREATE);
  show_page (self, "welcome");
}

HsDumpTab *
hs_dump_tab_new (void)
{
  return g_object_new (HS_TYPE_DUMP_TAB, NULL);
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

gboolean
hs_dump_tab_is_empty (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), FALSE);
  return self->loader == NULL || g_str_equal (hs_dump_tab_get_page (self), "welcome");
}

HsAnalysis *
hs_dump_tab_get_analysis (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return _hs_dump_tab_get_analysis (self);
}

AdwViewStack *
hs_dump_tab_get_view_stack (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return self->view_stack;
}

HsLoader *
hs_dump_tab_get_loader (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return self->loader;
}

const char *
hs_dump_tab_get_page (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return gtk_stack_get_visible_child_name (self->main_stack);
}

const char *
hs_dump_tab_get_error_text (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  if (g_strcmp0 (hs_dump_tab_get_page (self), "error") != 0)
    return NULL;
  return gtk_label_get_text (self->error_message);
}

gboolean
hs_dump_tab_is_analysing (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), FALSE);
  return self->early;
}

GtkWidget *
hs_dump_tab_get_inspector (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return GTK_WIDGET (self->inspector);
}

guint
hs_dump_tab_get_n_dumps_offered (HsDumpTab *self)
{
  GListModel *model;

  g_return_val_if_fail (HS_IS_DUMP_TAB (self), 0);
  model = gtk_drop_down_get_model (self->dumps_dropdown);
  if (!gtk_revealer_get_reveal_child (self->dumps_revealer) || model == NULL)
    return 0;
  return g_list_model_get_n_items (model);
}

void
hs_dump_tab_choose_dump (HsDumpTab *self, guint index)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));
  gtk_drop_down_set_selected (self->dumps_dropdown, index);
}
