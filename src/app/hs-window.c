/* hs-window.c: the main window (template ui/hs-window.ui): its pages
 * (welcome, loading, error, content), the loader's wiring (progress, the
 * leaks shown early, the views given the dump), the title, the "several
 * dumps" banner and the window's size. The views are HsView subclasses
 * listed once, in view_table; actions, drag and drop, recent files and
 * debug timing are in hs-window-actions.c, -dnd.c, -recent.c, -timing.c. */
#include "config.h"
#include "hs-window-private.h"
#include "hs-application.h"
#include "hs-classes-view.h"
#include "hs-compare-view.h"
#include "hs-dominators-view.h"
#include "hs-insights-view.h"
#include "hs-inspector.h"
#include "hs-leaks-view.h"
#include "hs-overview-view.h"
#include "hs-threads-view.h"
#include "hs-timing.h"
#include "hs-treemap-view.h"

#include <glib/gi18n.h>
#include <string.h>

G_DEFINE_FINAL_TYPE (HsWindow, hs_window, ADW_TYPE_APPLICATION_WINDOW)

/* The views, in the switcher's order (Alt+1..N), each with the icon of
 * its page in the view switcher. Adding a view: its file pair (an HsView
 * subclass with hs_view_class_set_page) and one line here. */
static const struct {
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
};

GType
_hs_window_get_view_type (guint index)
{
  return index < G_N_ELEMENTS (view_table) ? view_table[index].get_type () : G_TYPE_INVALID;
}

/* The icon of the view's page: the view's own, else the table's. */
const char *
_hs_window_get_view_icon (HsView *view)
{
  if (hs_view_get_icon_name (view) != NULL)
    return hs_view_get_icon_name (view);
  for (guint i = 0; i < G_N_ELEMENTS (view_table); i++)
    if (G_TYPE_CHECK_INSTANCE_TYPE (view, view_table[i].get_type ()))
      return view_table[i].icon_name;
  return NULL;
}

HsAnalysis *
_hs_window_get_analysis (HsWindow *self)
{
  if (self->loader == NULL || hs_loader_get_state (self->loader) != HS_LOADER_DONE)
    return NULL;
  return hs_loader_get_analysis (self->loader);
}

/* ---------------------------------------------------------------------- */
/* inspector                                                              */

void
hs_window_inspect (HsWindow *self, HsObj obj)
{
  g_return_if_fail (HS_IS_WINDOW (self));

  if (_hs_window_get_analysis (self) == NULL || obj == HS_OBJ_NONE)
    return;
  /* A mapping whose file was cut reads zeros: say so, and do not show an
   * object made of them. */
  if (hs_window_check_changed (self) && hs_heap_changed (_hs_window_get_analysis (self)->heap))
    return;
  hs_inspector_show (HS_INSPECTOR (self->inspector), obj);
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->inspector_button), TRUE);
  _hs_window_history_record (self);
}

static void
on_inspector_visible (GObject *object, GParamSpec *pspec, HsWindow *self)
{
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->inspector_button),
                                gtk_widget_get_visible (self->inspector));
}

static void
on_inspector_toggled (GtkToggleButton *button, HsWindow *self)
{
  gtk_widget_set_visible (self->inspector, gtk_toggle_button_get_active (button));
}

/* ---------------------------------------------------------------------- */
/* pages and views                                                        */

static void
show_page (HsWindow *self, const char *page)
{
  gboolean content = g_str_equal (page, "content");
  /* Early leaks: no export, search or inspection before the analysis. */
  gboolean ready = content && !self->early;

  /* The content at once, not faded in: what the user waits for is shown
   * in the first frame, and no frames are spent on the fade. */
  gtk_stack_set_visible_child_full (GTK_STACK (self->main_stack), page,
                                    content ? GTK_STACK_TRANSITION_TYPE_NONE
                                            : gtk_stack_get_transition_type (GTK_STACK (self->main_stack)));
  adw_view_switcher_title_set_view_switcher_enabled (ADW_VIEW_SWITCHER_TITLE (self->switcher_title), content);
  gtk_widget_set_visible (self->export_button, content);
  gtk_widget_set_visible (self->inspector_button, ready);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export", ready);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.find", ready);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.inspect", ready);
}

static void
set_title (HsWindow *self)
{
  g_autofree char *title = NULL;

  if (self->loader == NULL || g_strcmp0 (hs_window_get_page (self), "content") != 0)
    {
      gtk_window_set_title (GTK_WINDOW (self), _("Heapscope"));
      adw_view_switcher_title_set_title (ADW_VIEW_SWITCHER_TITLE (self->switcher_title), _("Heapscope"));
      return;
    }
  title = g_strdup_printf ("%s — Heapscope", hs_loader_get_file_name (self->loader));
  gtk_window_set_title (GTK_WINDOW (self), title);
  /* Shown in place of the switcher when the window is narrow. */
  adw_view_switcher_title_set_title (ADW_VIEW_SWITCHER_TITLE (self->switcher_title),
                                     hs_loader_get_file_name (self->loader));
}

/* The loader's fraction and phase on a progress bar and a label. */
static void
bind_progress (HsWindow *self, GtkWidget *bar, GtkWidget *label, GBinding *bindings[2])
{
  bindings[0] = g_object_ref (g_object_bind_property (self->loader, "fraction", bar, "fraction",
                                                      G_BINDING_SYNC_CREATE));
  bindings[1] = g_object_ref (g_object_bind_property (self->loader, "phase", label, "label",
                                                      G_BINDING_SYNC_CREATE));
}

static void
unbind_progress (GBinding *bindings[2])
{
  g_clear_object (&bindings[0]);
  g_clear_object (&bindings[1]);
}

/* While only the leaks are known, the views that need the whole analysis
 * are hidden from the switcher and the analysis bar shows its progress. */
static void
set_early (HsWindow *self, gboolean early)
{
  self->early = early;
  for (guint i = 0; i < self->views->len; i++)
    {
      HsView *view = g_ptr_array_index (self->views, i);
      if (hs_view_get_needs_analysis (view))
        {
          /* The page's visible is the switcher's, the widget's the stack's. */
          gtk_widget_set_visible (GTK_WIDGET (view), !early);
          adw_view_stack_page_set_visible (adw_view_stack_get_page (ADW_VIEW_STACK (self->view_stack),
                                                                    GTK_WIDGET (view)), !early);
        }
    }
  unbind_progress (self->bar_bindings);
  if (early)
    bind_progress (self, self->analysis_progress, self->analysis_phase, self->bar_bindings);
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->analysis_bar), early);
  /* Hidden too: GTK 4.8's revealer, without a transition, could keep its
   * height once hidden after being shown while unmapped (an empty strip
   * over the views). */
  gtk_widget_set_visible (self->analysis_bar, early);
}

HsView *
hs_window_get_view_by_name (HsWindow *self, const char *name)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
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
on_view_changed (AdwViewStack *stack, GParamSpec *pspec, HsWindow *self)
{
  GtkWidget *child = adw_view_stack_get_visible_child (stack);

  if (HS_IS_VIEW (child))
    hs_view_ensure_filled (HS_VIEW (child));
  _hs_window_history_record (self);
}

const char *
hs_window_get_view (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return adw_view_stack_get_visible_child_name (ADW_VIEW_STACK (self->view_stack));
}

void
hs_window_set_view (HsWindow *self, const char *name)
{
  HsView *view;

  g_return_if_fail (HS_IS_WINDOW (self));
  /* As GtkStack did: a hidden view (waiting for the analysis) is not shown. */
  view = name != NULL ? hs_window_get_view_by_name (self, name) : NULL;
  if (view != NULL && gtk_widget_get_visible (GTK_WIDGET (view)))
    adw_view_stack_set_visible_child (ADW_VIEW_STACK (self->view_stack), GTK_WIDGET (view));
}

/* The views that show something while the dump loads (the leaks, early)
 * are given its loader when it is opened, those that need the whole
 * analysis when it is done; each fills itself when first shown after
 * that. NULL: they forget the dump. */
static void
give_views_loader (HsWindow *self, HsLoader *loader, gboolean needs_analysis)
{
  for (guint i = 0; i < self->views->len; i++)
    {
      HsView *view = g_ptr_array_index (self->views, i);
      if (hs_view_get_needs_analysis (view) == needs_analysis)
        hs_view_set_loader (view, loader);
    }
}

static void
clear_views (HsWindow *self)
{
  set_early (self, FALSE);
  give_views_loader (self, NULL, FALSE);
  give_views_loader (self, NULL, TRUE);
  hs_inspector_set_loader (HS_INSPECTOR (self->inspector), NULL);
  gtk_widget_set_visible (self->inspector, FALSE);
}

/* ---------------------------------------------------------------------- */
/* loading                                                                */

/* The leak thread is done, the dominators are not: the leaks are shown now,
 * their retained sizes and the other views when the analysis is done. */
static void
on_loader_leaks_ready (HsLoader *loader, HsWindow *self)
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
  hs_window_set_view (self, "leaks");
  set_early (self, TRUE);
  show_page (self, "content");
  set_title (self);
  hs_timing_span (start, "leaks shown early");
}

/* A file with several dumps: say so and offer the others. */
static void
update_dumps_banner (HsWindow *self, HsHeap *heap)
{
  g_autoptr(GtkStringList) items = NULL;
  g_autofree char *text = NULL;

  gtk_revealer_set_reveal_child (GTK_REVEALER (self->dumps_revealer), hs_heap_n_dumps (heap) > 1);
  if (hs_heap_n_dumps (heap) <= 1)
    return;
  items = gtk_string_list_new (NULL);
  text = g_strdup_printf (_("This file holds %u heap dumps. Choose the one to analyse:"), hs_heap_n_dumps (heap));
  for (guint i = 0; i < hs_heap_n_dumps (heap); i++)
    {
      g_autofree char *s = g_strdup_printf (_("Dump %u"), i + 1);
      gtk_string_list_append (items, s);
    }
  self->setting_dump = TRUE;
  gtk_drop_down_set_model (GTK_DROP_DOWN (self->dumps_dropdown), G_LIST_MODEL (items));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->dumps_dropdown), hs_heap_dump_index (heap));
  self->setting_dump = FALSE;
  gtk_label_set_text (GTK_LABEL (self->dumps_label), text);
}

static void
populate (HsWindow *self)
{
  HsAnalysis *a = _hs_window_get_analysis (self);
  gint64 start = g_get_monotonic_time ();
  gboolean was_early = self->early;
  HsLeakReport *leaks = hs_loader_get_leaks (self->loader);
  gint64 t;

  set_early (self, FALSE);
  /* The dominator tree view sorts its top level on a worker from here. */
  give_views_loader (self, self->loader, TRUE);
  t = g_get_monotonic_time ();
  hs_inspector_set_loader (HS_INSPECTOR (self->inspector), self->loader);
  hs_timing_span (t, "inspector given the dump");
  gtk_widget_set_visible (self->inspector, FALSE);
  update_dumps_banner (self, a->heap);

  /* Leaks first when there are any: that is what the dump was taken for.
   * Shown early, they stay where the user is. */
  if (!was_early)
    {
      gboolean any = leaks != NULL && leaks->application_leaks->len + leaks->library_leaks->len > 0;
      hs_window_set_view (self, any ? "leaks" : "overview");
    }
  on_view_changed (ADW_VIEW_STACK (self->view_stack), NULL, self);
  show_page (self, "content");
  set_title (self);
  hs_timing_span (start, "all views filled");
  hs_timing_cpu_report ();
  _hs_window_timing_visit_views (self);
}

static void
on_loader_state (HsLoader *loader, GParamSpec *pspec, HsWindow *self)
{
  const GError *error;

  if (loader != self->loader)
    return;
  switch (hs_loader_get_state (loader))
    {
    case HS_LOADER_DONE:
      hs_timing_mark ("analysis finished (seen on the UI thread; frame %u since the open)",
                      _hs_window_timing_frames (self));
      _hs_window_recent_add (self, hs_loader_get_file (loader));
      populate (self);
      _hs_window_changed_remember (self);
      _hs_window_mapping_dump_done (self);
      break;
    case HS_LOADER_FAILED:
      clear_views (self);
      error = hs_loader_get_error (loader);
      gtk_label_set_text (GTK_LABEL (self->error_message), error != NULL ? error->message : _("Unknown error"));
      show_page (self, "error");
      set_title (self);
      break;
    case HS_LOADER_CANCELLED:
      clear_views (self);
      show_page (self, "welcome");
      set_title (self);
      _hs_window_show_toast (self, _("Loading was cancelled"), NULL);
      break;
    case HS_LOADER_IDLE:
    case HS_LOADER_LOADING:
    default:
      break;
    }
}

static void
drop_loader (HsWindow *self)
{
  if (self->loader == NULL)
    return;
  unbind_progress (self->page_bindings);
  g_signal_handlers_disconnect_by_data (self->loader, self);
  hs_loader_cancel (self->loader);
  _hs_window_mapping_dump_closed (self);
  clear_views (self);
  g_clear_object (&self->loader);
}

static void
read_options (HsAnalysisOptions *opts)
{
  GApplication *app = g_application_get_default ();
  g_autoptr(GVariant) weak = NULL, inspectors = NULL, percent = NULL;

  memset (opts, 0, sizeof *opts);
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
hs_window_open (HsWindow *self, GFile *file, int dump)
{
  HsAnalysisOptions opts;
  g_autofree char *markup = NULL;

  g_return_if_fail (HS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  _hs_window_timing_start (self);
  drop_loader (self);
  _hs_window_history_clear (self);
  _hs_window_dismiss_toast (self);
  read_options (&opts);
  opts.open.dump = MAX (dump, 0);
  self->loader = hs_loader_new (file, &opts);
  g_signal_connect (self->loader, "notify::state", G_CALLBACK (on_loader_state), self);
  g_signal_connect (self->loader, "leaks-ready", G_CALLBACK (on_loader_leaks_ready), self);
  give_views_loader (self, self->loader, FALSE);
  bind_progress (self, self->loading_progress, self->loading_phase, self->page_bindings);
  /* Title and description are markup: a file name may hold '&'. */
  markup = g_markup_escape_text (hs_loader_get_file_name (self->loader), -1);
  adw_status_page_set_title (ADW_STATUS_PAGE (self->loading_page), markup);
  adw_status_page_set_description (ADW_STATUS_PAGE (self->loading_page), NULL);
  show_page (self, "loading");
  hs_loader_start (self->loader);
  if (hs_loader_get_file_size (self->loader) > 0)
    {
      g_autofree char *size = hs_format_bytes (hs_loader_get_file_size (self->loader));
      adw_status_page_set_description (ADW_STATUS_PAGE (self->loading_page), size);
    }
}

static void
on_cancel_clicked (GtkButton *button, HsWindow *self)
{
  if (self->loader != NULL)
    hs_loader_cancel (self->loader);
}

static void
on_dump_selected (GObject *dropdown, GParamSpec *pspec, HsWindow *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));

  if (self->setting_dump || self->loader == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  if ((int) selected != hs_loader_get_dump (self->loader))
    {
      g_autoptr(GFile) file = g_object_ref (hs_loader_get_file (self->loader));
      hs_window_open (self, file, selected);
    }
}

/* ---------------------------------------------------------------------- */
/* window                                                                 */

static gboolean
hs_window_close_request (GtkWindow *window)
{
  HsWindow *self = HS_WINDOW (window);

  if (self->settings != NULL)
    {
      int width = 0, height = 0;
      gtk_window_get_default_size (window, &width, &height);
      g_settings_delay (self->settings);
      if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
        {
          g_settings_set_int (self->settings, "window-width", width);
          g_settings_set_int (self->settings, "window-height", height);
        }
      g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
      g_settings_apply (self->settings);
    }
  return GTK_WINDOW_CLASS (hs_window_parent_class)->close_request (window);
}

static void
hs_window_dispose (GObject *object)
{
  HsWindow *self = HS_WINDOW (object);

  self->disposed = TRUE;
  /* Empty the views before the loader goes: leak rows point into its
   * analysis. Cancels a load still running. */
  drop_loader (self);
  _hs_window_timing_free (self);
  _hs_window_history_free (self);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (hs_window_parent_class)->dispose (object);
}

static void
hs_window_finalize (GObject *object)
{
  HsWindow *self = HS_WINDOW (object);

  g_clear_pointer (&self->views, g_ptr_array_unref);
  _hs_window_mapping_free (self);
  g_free (self->toast_text);
  G_OBJECT_CLASS (hs_window_parent_class)->finalize (object);
}

static void
hs_window_class_init (HsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = hs_window_dispose;
  object_class->finalize = hs_window_finalize;
  window_class->close_request = hs_window_close_request;

  g_type_ensure (HS_TYPE_INSPECTOR);
  /* Windows made without an AdwApplication (tests, the screenshot tool)
   * get libadwaita's style too; adw_init is idempotent. */
  adw_init ();
  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-window.ui");
  gtk_widget_class_bind_template_child (widget_class, HsWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, inspector_button);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, export_button);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, main_stack);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, recent_label);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, loading_page);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, loading_phase);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, loading_progress);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, error_message);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, analysis_bar);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, analysis_phase);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, analysis_progress);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, dumps_revealer);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, dumps_label);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, dumps_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, inspector);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_recent_activated", G_CALLBACK (_hs_window_recent_activated));
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_inspector_visible);
  gtk_widget_class_bind_template_callback (widget_class, on_inspector_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_dump_selected);
  gtk_widget_class_bind_template_callback (widget_class, on_view_changed);
  _hs_window_class_actions_init (klass);
  _hs_window_class_toast_init (widget_class);
  _hs_window_class_changed_init (widget_class);
}

/* Our style sheet and icons, once per display. Done here rather than by
 * GtkApplication's automatic resources so that a window shown without an
 * application (tests, the screenshot tool) looks the same. */
static void
ensure_style (GtkWidget *widget)
{
  GdkDisplay *display = gtk_widget_get_display (widget);
  GtkCssProvider *provider;

  if (g_object_get_data (G_OBJECT (display), "hs-style") != NULL)
    return;
  provider = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (provider, "/org/heapscope/Heapscope/css/heapscope.css");
  gtk_style_context_add_provider_for_display (display, GTK_STYLE_PROVIDER (provider),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_set_data_full (G_OBJECT (display), "hs-style", provider, g_object_unref);
  if (g_application_get_default () == NULL)
    gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (display),
                                      "/org/heapscope/Heapscope/icons");
}

/* One view of each type of the table, on the stack by its page metadata. */
static void
add_views (HsWindow *self)
{
  self->views = g_ptr_array_new ();
  for (guint i = 0; i < G_N_ELEMENTS (view_table); i++)
    {
      HsView *view = g_object_new (view_table[i].get_type (), NULL);
      AdwViewStackPage *page = adw_view_stack_add_titled (ADW_VIEW_STACK (self->view_stack), GTK_WIDGET (view),
                                                          hs_view_get_name (view), hs_view_get_title (view));

      adw_view_stack_page_set_icon_name (page, _hs_window_get_view_icon (view));
      g_ptr_array_add (self->views, view);
    }
}

static void
hs_window_init (HsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ensure_style (GTK_WIDGET (self));
  add_views (self);
  _hs_window_dnd_init (self);
  _hs_window_mapping_init (self);
  _hs_window_history_init (self);
  _hs_window_changed_init (self);

  self->settings = hs_settings_new_if_installed ();
  if (self->settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (self->settings, "window-width"),
                                   g_settings_get_int (self->settings, "window-height"));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
    }

  /* A banner that is not revealed takes no room: GTK 4.8's revealer could
   * keep its child's height once hidden while unmapped (an empty strip
   * between the header bar and the content). */
  g_object_bind_property (self->dumps_revealer, "reveal-child", self->dumps_revealer, "visible",
                          G_BINDING_SYNC_CREATE);

  _hs_window_recent_refresh (self);
  show_page (self, "welcome");
}

HsWindow *
hs_window_new (GtkApplication *application)
{
  return g_object_new (HS_TYPE_WINDOW, "application", application, NULL);
}

void
hs_window_reload (HsWindow *self)
{
  HsLoaderState state;

  g_return_if_fail (HS_IS_WINDOW (self));

  state = self->loader != NULL ? hs_loader_get_state (self->loader) : HS_LOADER_IDLE;
  /* A load still running was started with the old options: it starts over. */
  if (state == HS_LOADER_DONE || state == HS_LOADER_LOADING)
    {
      g_autoptr(GFile) file = g_object_ref (hs_loader_get_file (self->loader));
      hs_window_open (self, file, hs_loader_get_dump (self->loader));
    }
}

gboolean
hs_window_is_empty (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), FALSE);
  return self->loader == NULL || g_str_equal (hs_window_get_page (self), "welcome");
}

HsLoader *
hs_window_get_loader (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return self->loader;
}

const char *
hs_window_get_page (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return gtk_stack_get_visible_child_name (GTK_STACK (self->main_stack));
}

const char *
hs_window_get_error_text (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  if (g_strcmp0 (hs_window_get_page (self), "error") != 0)
    return NULL;
  return gtk_label_get_text (GTK_LABEL (self->error_message));
}

gboolean
hs_window_is_analysing (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), FALSE);
  return self->early;
}

GtkWidget *
hs_window_get_inspector (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return self->inspector;
}

guint
hs_window_get_n_dumps_offered (HsWindow *self)
{
  GListModel *model;

  g_return_val_if_fail (HS_IS_WINDOW (self), 0);
  model = gtk_drop_down_get_model (GTK_DROP_DOWN (self->dumps_dropdown));
  if (!gtk_revealer_get_reveal_child (GTK_REVEALER (self->dumps_revealer)) || model == NULL)
    return 0;
  return g_list_model_get_n_items (model);
}

void
hs_window_choose_dump (HsWindow *self, guint index)
{
  g_return_if_fail (HS_IS_WINDOW (self));
  gtk_drop_down_set_selected (GTK_DROP_DOWN (self->dumps_dropdown), index);
}
