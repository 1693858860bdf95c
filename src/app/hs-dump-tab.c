/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab.c: one dump in a tab (template ui/hs-dump-tab.ui): the
 * type (its template, its properties, the page shown: welcome, loading,
 * error or content) and its views, one of each type of its view table.
 * its views' stack (the view shown, each view given the dump, the views
 * that need the whole analysis hidden while only the leaks are known,
 * "tab.show-class", "tab.show-objects") and its inspector pane in the
 * flap beside the views (over them when the window is narrow; "inspector-shown" is its
 * visibility). The rest is beside it, sharing hs-dump-tab-private.h: the
 * loader's wiring in hs-dump-tab-loading.c, the banners (HsBanner, in
 * the template's banner area) in -dumps.c,
 * -roots.c, -heaps.c,
 * -index.c, -mapping.c; back/forward, "changed on disk", recent files,
 * suspects in -history.c, -changed.c, -recent.c, -suspects.c. */
#include "config.h"
#include "hs-dump-tab-private.h"
#include "hs-dump-tab-mapping.h"
#include "hs-settings.h"
#include "hs-classes-view.h"
#include "hs-compare-view.h"
#include "hs-growth-view.h"
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
  PROP_INDEX_BANNER,
  PROP_ROOTS_BANNER,
  PROP_N_DUMPS_OFFERED,
  PROP_HEAP_SELECTOR_SHOWN,
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
void
_hs_dump_tab_update_state (HsDumpTab *self)
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
void
_hs_dump_tab_ask_attention (HsDumpTab *self)
{
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    set_boolean (self, &self->needs_attention, TRUE, PROP_NEEDS_ATTENTION);
}

void
_hs_dump_tab_set_analysing (HsDumpTab *self, gboolean early)
{
  set_boolean (self, &self->early, early, PROP_ANALYSING);
}

void
_hs_dump_tab_notify_loader (HsDumpTab *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADER]);
}

void
_hs_dump_tab_notify_inspector_shown (HsDumpTab *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INSPECTOR_SHOWN]);
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
/* pages                                                                  */

void
_hs_dump_tab_show_page (HsDumpTab *self, const char *page)
{
  gboolean content = g_str_equal (page, "content");

  /* The content at once, not faded in: what the user waits for is shown
   * in the first frame, and no frames are spent on the fade. */
  gtk_stack_set_visible_child_full (self->main_stack, page,
                                    content ? GTK_STACK_TRANSITION_TYPE_NONE
                                            : gtk_stack_get_transition_type (self->main_stack));
  if (g_str_equal (page, "welcome"))
    _hs_dump_tab_recent_refresh (self);
  _hs_dump_tab_update_state (self);
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
  _hs_dump_tab_loading_drop (self);
}

/* ---------------------------------------------------------------------- */
/* tab                                                                    */

/* ---- the views on their stack -------------------------------------------- */

/* While only the leaks are known, the views that need the whole analysis
 * are hidden from the switcher and the analysis bar shows its progress. */
void
_hs_dump_tab_views_set_early (HsDumpTab *self, gboolean early)
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
    _hs_dump_tab_set_analysing (self, early);
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
void
_hs_dump_tab_views_on_changed (AdwViewStack *stack, GParamSpec *pspec, HsDumpTab *self)
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

AdwViewStack *
hs_dump_tab_get_view_stack (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return self->view_stack;
}

/* The views that show something while the dump loads (the leaks, early)
 * are given its loader when it is opened, those that need the whole
 * analysis when it is done; each fills itself when first shown after
 * that. NULL: they forget the dump. */
void
_hs_dump_tab_views_give_loader (HsDumpTab *self, HsLoader *loader, gboolean needs_analysis)
{
  for (guint i = 0; i < self->views->len; i++)
    {
      HsView *view = g_ptr_array_index (self->views, i);
      if (hs_view_get_needs_analysis (view) == needs_analysis)
        hs_view_set_loader (view, loader);
    }
}

/* "tab.show-answer" from the Overview: the Leaks view on the row it
 * opens on (the first leak, else the first suspect), whatever was
 * selected there since. */
static void
views_show_answer_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsDumpTab *self = HS_DUMP_TAB (widget);
  HsView *leaks = hs_dump_tab_get_view_by_name (self, "leaks");

  if (leaks == NULL)
    return;
  hs_dump_tab_set_view (self, "leaks");
  hs_view_ensure_filled (leaks);
  hs_leaks_view_select_first (HS_LEAKS_VIEW (leaks));
}

/* "tab.show-class" (a class name) from a view: the class table filtered
 * to the class and the class selected; just filtered when no class has
 * exactly that name. */
static void
views_show_class_action (GtkWidget *widget, const char *action_name, GVariant *param)
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

/* "tab.show-objects" (what, objects) from a view: a set of objects of the
 * dump in the class view's instance list, labelled what. */
static void
views_show_objects_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsDumpTab *self = HS_DUMP_TAB (widget);
  HsView *classes = hs_dump_tab_get_view_by_name (self, "classes");
  HsAnalysis *a = _hs_dump_tab_get_analysis (self);
  g_autoptr (GVariant) list = NULL;
  const HsObj *objs;
  const char *what;
  gsize n = 0;
  GArray *arr;

  if (a == NULL || !HS_IS_CLASSES_VIEW (classes))
    return;
  g_variant_get (param, "(&s@au)", &what, &list);
  objs = g_variant_get_fixed_array (list, &n, sizeof (HsObj));
  arr = g_array_sized_new (FALSE, FALSE, sizeof (HsObj), (guint)n);
  for (gsize i = 0; i < n; i++)
    if (objs[i] < hs_heap_n_objects (a->heap))
      g_array_append_val (arr, objs[i]);
  hs_dump_tab_set_view (self, "classes");
  hs_classes_view_show_objects (HS_CLASSES_VIEW (classes), what, arr);
}

/* ---- the inspector pane ------------------------------------------------------ */

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

static void sync_flap (HsDumpTab *self);

static void
flap_stop_waiting (HsDumpTab *self)
{
  if (self->flap_clock != NULL)
    g_clear_signal_handler (&self->flap_paint_id, self->flap_clock);
  g_clear_object (&self->flap_clock);
}

static void
flap_after_paint (GdkFrameClock *clock, HsDumpTab *self)
{
  flap_stop_waiting (self);
  self->flap_waits++;
  sync_flap (self);
}

/* The flap (beside, or over the views when folded) follows the
 * inspector's visibility. libadwaita 1.2's AdwFlap opens with an initial
 * velocity divided by its swipe distance, the widths it last gave its
 * flap and separator: 0 when it was last laid out folded with the
 * inspector hidden (or never), and 0/0 makes a spring whose first frame
 * is NaN, a frame where the views are given a width of INT_MIN. So with
 * animations on, a mapped flap opens only once it has a distance: after
 * the frame that lays it out with the inspector in it (a few frames at
 * most, then it opens anyway). */
static void
sync_flap (HsDumpTab *self)
{
  GtkWidget *flap = GTK_WIDGET (self->flap);
  gboolean shown = gtk_widget_get_visible (GTK_WIDGET (self->inspector));
  gboolean animations = FALSE;
  GdkFrameClock *clock;

  flap_stop_waiting (self);
  if (adw_flap_get_reveal_flap (self->flap) == shown)
    {
      self->flap_waits = 0;
      return;
    }
  g_object_get (gtk_widget_get_settings (flap), "gtk-enable-animations", &animations, NULL);
  if (shown && animations && !self->disposed && self->flap_waits < 3 && gtk_widget_get_mapped (flap)
      && adw_swipeable_get_distance (ADW_SWIPEABLE (self->flap)) <= 0
      && (clock = gtk_widget_get_frame_clock (flap)) != NULL)
    {
      self->flap_clock = g_object_ref (clock);
      self->flap_paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (flap_after_paint), self);
      gtk_widget_queue_resize (flap);
      return;
    }
  self->flap_waits = 0;
  adw_flap_set_reveal_flap (self->flap, shown);
}

/* A folded flap closed by a click outside hides the inspector. */
static void
inspector_on_visible (GObject *object, GParamSpec *pspec, HsDumpTab *self)
{
  self->flap_waits = 0;
  sync_flap (self);
  if (!self->disposed)
    _hs_dump_tab_notify_inspector_shown (self);
}

static void
on_flap_revealed (GObject *object, GParamSpec *pspec, HsDumpTab *self)
{
  gboolean revealed = adw_flap_get_reveal_flap (self->flap);

  if (gtk_widget_get_visible (GTK_WIDGET (self->inspector)) != revealed)
    gtk_widget_set_visible (GTK_WIDGET (self->inspector), revealed);
}

static void
inspector_init (HsDumpTab *self)
{
  g_signal_connect (self->flap, "notify::reveal-flap", G_CALLBACK (on_flap_revealed), self);
}

void
hs_dump_tab_set_narrow (HsDumpTab *self, gboolean narrow)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));
  adw_flap_set_fold_policy (self->flap, narrow ? ADW_FLAP_FOLD_POLICY_ALWAYS : ADW_FLAP_FOLD_POLICY_NEVER);
}

GtkWidget *
hs_dump_tab_get_inspector (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return GTK_WIDGET (self->inspector);
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
  flap_stop_waiting (self);
  _hs_dump_tab_loading_drop (self);
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
      case PROP_INDEX_BANNER: g_value_set_string (value, hs_dump_tab_get_index_banner (self)); break;
      case PROP_ROOTS_BANNER: g_value_set_string (value, hs_dump_tab_get_roots_banner (self)); break;
      case PROP_N_DUMPS_OFFERED: g_value_set_uint (value, hs_dump_tab_get_n_dumps_offered (self)); break;
      case PROP_HEAP_SELECTOR_SHOWN:
        g_value_set_boolean (value, hs_dump_tab_get_heap_selector_shown (self));
        break;
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

/* A banner revealed, hidden or retitled: the tab's property that says
 * so follows. */
static void
on_banner_notify (HsBanner *banner, GParamSpec *pspec, HsDumpTab *self)
{
  guint prop = 0;

  if (!g_str_equal (pspec->name, "revealed") && !g_str_equal (pspec->name, "title"))
    return;
  if (banner == self->index_banner)
    prop = PROP_INDEX_BANNER;
  else if (banner == self->roots_banner)
    prop = PROP_ROOTS_BANNER;
  else if (banner == self->dumps_banner)
    prop = PROP_N_DUMPS_OFFERED;
  else if (banner == self->heaps_banner)
    prop = PROP_HEAP_SELECTOR_SHOWN;
  if (prop != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
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
  /* The banners' state: what each says while it is revealed. */
  properties[PROP_INDEX_BANNER]
      = g_param_spec_string ("index-banner", NULL, "The saved index's banner as shown, or NULL", NULL,
                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_ROOTS_BANNER]
      = g_param_spec_string ("roots-banner", NULL, "The no-GC-roots banner as shown, or NULL", NULL,
                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_N_DUMPS_OFFERED]
      = g_param_spec_uint ("n-dumps-offered", NULL, "Dumps the several-dumps banner offers, or 0", 0,
                           G_MAXUINT, 0, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_HEAP_SELECTOR_SHOWN]
      = g_param_spec_boolean ("heap-selector-shown", NULL, "The heaps banner is shown", FALSE,
                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (HS_TYPE_BANNER);
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
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, dumps_banner);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, dumps_dropdown);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, roots_banner);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, mapping_banner);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, index_banner);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, heaps_banner);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, heap_dropdown);
  gtk_widget_class_bind_template_callback (widget_class, on_banner_notify);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_mapping_apply_clicked",
                                                G_CALLBACK (_hs_dump_tab_mapping_apply_clicked));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_index_button_clicked",
                                                G_CALLBACK (_hs_dump_tab_index_button_clicked));
  gtk_widget_class_bind_template_callback (widget_class, _hs_dump_tab_on_heap_selected);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, view_stack);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, flap);
  gtk_widget_class_bind_template_child (widget_class, HsDumpTab, inspector);
  gtk_widget_class_bind_template_callback_full (widget_class, "on_recent_activated",
                                                G_CALLBACK (_hs_dump_tab_recent_activated));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_cancel_clicked",
                                                G_CALLBACK (_hs_dump_tab_loading_on_cancel_clicked));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_inspector_visible",
                                                G_CALLBACK (inspector_on_visible));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_dump_selected",
                                                G_CALLBACK (_hs_dump_tab_dumps_on_selected));
  gtk_widget_class_bind_template_callback_full (widget_class, "on_view_changed",
                                                G_CALLBACK (_hs_dump_tab_views_on_changed));
  gtk_widget_class_install_action (widget_class, "win.visited", "(st)", visited_action);
  gtk_widget_class_install_action (widget_class, "tab.show-class", "s", views_show_class_action);
  gtk_widget_class_install_action (widget_class, "tab.show-objects", "(sau)", views_show_objects_action);
  gtk_widget_class_install_action (widget_class, "tab.show-answer", NULL, views_show_answer_action);
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
  { hs_growth_view_get_type, "media-playlist-repeat-symbolic" },
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
  inspector_init (self);
  _hs_dump_tab_mapping_init (self);
  _hs_dump_tab_history_init (self);
  self->settings = hs_settings_new_if_installed ();
  _hs_dump_tab_show_page (self, "welcome");
}

HsDumpTab *
hs_dump_tab_new (void)
{
  return g_object_new (HS_TYPE_DUMP_TAB, NULL);
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
