/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window.c: the main window (template ui/hs-window.ui), a libadwaita
 * shell: the header bar (view switcher, Back/Forward, Go to, Export,
 * inspector), the tabs (one dump each, HsDumpTab), the view switcher bar
 * when narrow, toasts, the window's size. The views are the tab's
 * (hs-dump-tab.c holds their table). The tabs' wiring is in hs-window-tabs.c;
 * actions, drag and drop, Go to and toasts in hs-window-actions.c, -dnd.c,
 * -goto.c, -toast.c. What the public functions do about a dump, they do
 * to the tab shown. */
#include "config.h"
#include "hs-window-private.h"
#include "hs-window-mapping.h"
#include "hs-settings.h"

#include <glib/gi18n.h>

G_DEFINE_FINAL_TYPE (HsWindow, hs_window, ADW_TYPE_APPLICATION_WINDOW)

HsAnalysis *
_hs_window_get_analysis (HsWindow *self)
{
  return self->tab != NULL ? hs_dump_tab_get_analysis (self->tab) : NULL;
}

/* ---------------------------------------------------------------------- */
/* the tab shown                                                          */

HsDumpTab *
hs_window_get_tab (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return self->tab;
}

/* The tab shown, made if there is none (a window always has one to show). */
static HsDumpTab *
current_tab (HsWindow *self)
{
  return self->tab != NULL ? self->tab : hs_window_add_tab (self);
}

void
hs_window_open (HsWindow *self, GFile *file, int dump)
{
  g_return_if_fail (HS_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  hs_dump_tab_open (current_tab (self), file, dump);
}

gboolean
hs_window_is_empty (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), FALSE);
  return hs_window_get_n_tabs (self) <= 1 && (self->tab == NULL || hs_dump_tab_is_empty (self->tab));
}

void
hs_window_reload (HsWindow *self)
{
  g_return_if_fail (HS_IS_WINDOW (self));
  for (guint i = 0; i < hs_window_get_n_tabs (self); i++)
    hs_dump_tab_reload_in_place (hs_window_get_nth_tab (self, i));
}

void
hs_window_find_suspects (HsWindow *self)
{
  g_return_if_fail (HS_IS_WINDOW (self));
  for (guint i = 0; i < hs_window_get_n_tabs (self); i++)
    hs_dump_tab_find_suspects (hs_window_get_nth_tab (self, i));
}

HsLoader *
hs_window_get_loader (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return self->tab != NULL ? hs_dump_tab_get_loader (self->tab) : NULL;
}

const char *
hs_window_get_page (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return self->tab != NULL ? hs_dump_tab_get_page (self->tab) : "welcome";
}

const char *
hs_window_get_error_text (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return self->tab != NULL ? hs_dump_tab_get_error_text (self->tab) : NULL;
}

gboolean
hs_window_is_analysing (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), FALSE);
  return self->tab != NULL && hs_dump_tab_is_analysing (self->tab);
}

HsView *
hs_window_get_view_by_name (HsWindow *self, const char *name)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return hs_dump_tab_get_view_by_name (current_tab (self), name);
}

const char *
hs_window_get_view (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return self->tab != NULL ? hs_dump_tab_get_view (self->tab) : NULL;
}

void
hs_window_set_view (HsWindow *self, const char *name)
{
  g_return_if_fail (HS_IS_WINDOW (self));
  if (self->tab != NULL)
    hs_dump_tab_set_view (self->tab, name);
}

void
hs_window_inspect (HsWindow *self, HsObj obj)
{
  g_return_if_fail (HS_IS_WINDOW (self));
  if (self->tab != NULL)
    hs_dump_tab_inspect (self->tab, obj);
}

GtkWidget *
hs_window_get_inspector (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return hs_dump_tab_get_inspector (current_tab (self));
}

guint
hs_window_get_n_dumps_offered (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), 0);
  return self->tab != NULL ? hs_dump_tab_get_n_dumps_offered (self->tab) : 0;
}

void
hs_window_choose_dump (HsWindow *self, guint index)
{
  g_return_if_fail (HS_IS_WINDOW (self));
  if (self->tab != NULL)
    hs_dump_tab_choose_dump (self->tab, index);
}

HsHistory *
hs_window_get_history (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return hs_dump_tab_get_history (current_tab (self));
}

gboolean
hs_window_check_changed (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), FALSE);
  return self->tab != NULL && hs_dump_tab_check_changed (self->tab);
}

void
hs_window_load_mapping (HsWindow *self, GFile *file)
{
  g_return_if_fail (HS_IS_WINDOW (self));
  hs_dump_tab_load_mapping (current_tab (self), file);
}

gboolean
hs_window_is_mapping_busy (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), FALSE);
  return self->tab != NULL && hs_dump_tab_is_mapping_busy (self->tab);
}

const char *
hs_window_get_mapping_path (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return self->tab != NULL ? hs_dump_tab_get_mapping_path (self->tab) : NULL;
}

const char *
hs_window_get_offered_mapping (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  return self->tab != NULL ? hs_dump_tab_get_offered_mapping (self->tab) : NULL;
}

/* ---------------------------------------------------------------------- */
/* window                                                                 */

/* Natural moments to notice that the dump's file changed: the window
 * becomes active again (the user may have rewritten it meanwhile). */
static void
on_active (GtkWindow *window, GParamSpec *pspec, HsWindow *self)
{
  if (gtk_window_is_active (window))
    hs_window_check_changed (self);
}

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
  self->tab = NULL;
  _hs_window_tabs_dispose (self);
  _hs_window_toast_dispose (self);
  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (hs_window_parent_class)->dispose (object);
}

static void
hs_window_finalize (GObject *object)
{
  HsWindow *self = HS_WINDOW (object);

  g_clear_object (&self->toast);
  g_clear_object (&self->compare_tabs);
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

  /* Windows made without an AdwApplication (tests, the screenshot tool)
   * get libadwaita's style too; adw_init is idempotent. */
  adw_init ();
  g_type_ensure (HS_TYPE_DUMP_TAB);
  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-window.ui");
  gtk_widget_class_bind_template_child (widget_class, HsWindow, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, switcher_bar);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, switcher_scroller);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, tab_bar);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, tab_view);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, inspector_button);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, export_button);
  _hs_window_class_tabs_init (widget_class);
  _hs_window_class_actions_init (klass);
  _hs_window_class_toast_init (widget_class);
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

static void
hs_window_init (HsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->cancellable = g_cancellable_new ();
  ensure_style (GTK_WIDGET (self));
  _hs_window_dnd_init (self);
  _hs_window_tabs_init (self);
  g_signal_connect (self, "notify::is-active", G_CALLBACK (on_active), self);

  self->settings = hs_settings_new_if_installed ();
  if (self->settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self), g_settings_get_int (self->settings, "window-width"),
                                   g_settings_get_int (self->settings, "window-height"));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
    }
  /* One empty tab: the welcome page. */
  hs_window_add_tab (self);
}

HsWindow *
hs_window_new (GtkApplication *application)
{
  return g_object_new (HS_TYPE_WINDOW, "application", application, NULL);
}
