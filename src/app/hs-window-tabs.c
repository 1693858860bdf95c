/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window-tabs.c: the window's tabs (AdwTabView, AdwTabBar shown when
 * there are two or more): one dump each. The header bar shows the tab
 * shown (its views in the switcher, its title, its inspector and history);
 * a tab dragged out of the bar becomes a new window; the window closes
 * with its last tab. Opening a file that is open already shows its tab. */
#include "config.h"
#include "hs-window-private.h"
#include "hs-dump-chooser.h"
#include "hs-dump-tab-mapping.h"
#include "hs-dump-tab-private.h"
#include "hs-history.h"

#include <glib/gi18n.h>

static AdwTabView *
tab_view (HsWindow *self)
{
  return self->tab_view;
}

guint
hs_window_get_n_tabs (HsWindow *self)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), 0);
  return (guint)adw_tab_view_get_n_pages (tab_view (self));
}

HsDumpTab *
hs_window_get_nth_tab (HsWindow *self, guint index)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  if (index >= hs_window_get_n_tabs (self))
    return NULL;
  return HS_DUMP_TAB (adw_tab_page_get_child (adw_tab_view_get_nth_page (tab_view (self), index)));
}

HsDumpTab *
hs_window_add_tab (HsWindow *self)
{
  HsDumpTab *tab;

  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  tab = hs_dump_tab_new ();
  adw_tab_view_append (tab_view (self), GTK_WIDGET (tab));
  hs_window_select_tab (self, tab);
  return tab;
}

void
hs_window_select_tab (HsWindow *self, HsDumpTab *tab)
{
  AdwTabPage *page;

  g_return_if_fail (HS_IS_WINDOW (self));
  g_return_if_fail (HS_IS_DUMP_TAB (tab));
  page = adw_tab_view_get_page (tab_view (self), GTK_WIDGET (tab));
  if (page != NULL)
    adw_tab_view_set_selected_page (tab_view (self), page);
}

void
hs_window_close_tab (HsWindow *self, HsDumpTab *tab)
{
  AdwTabPage *page;

  g_return_if_fail (HS_IS_WINDOW (self));
  g_return_if_fail (HS_IS_DUMP_TAB (tab));
  page = adw_tab_view_get_page (tab_view (self), GTK_WIDGET (tab));
  if (page != NULL)
    adw_tab_view_close_page (tab_view (self), page);
}

HsDumpTab *
hs_window_find_tab (HsWindow *self, GFile *file)
{
  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  for (guint i = 0; i < hs_window_get_n_tabs (self); i++)
    {
      HsDumpTab *tab = hs_window_get_nth_tab (self, i);
      GFile *shown = hs_dump_tab_get_file (tab);
      if (shown != NULL && !hs_dump_tab_is_empty (tab) && g_file_equal (shown, file))
        return tab;
    }
  return NULL;
}

HsDumpTab *
hs_window_open_in_new_tab (HsWindow *self, GFile *file, int dump)
{
  HsDumpTab *tab;

  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  tab = hs_window_add_tab (self);
  hs_dump_tab_open (tab, file, dump);
  return tab;
}

HsDumpTab *
hs_window_open_file (HsWindow *self, GFile *file)
{
  HsDumpTab *tab;

  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  if ((tab = hs_window_find_tab (self, file)) != NULL)
    {
      hs_window_select_tab (self, tab);
      return tab;
    }
  if (self->tab != NULL && hs_dump_tab_is_empty (self->tab))
    {
      hs_dump_tab_open (self->tab, file, 0);
      return self->tab;
    }
  return hs_window_open_in_new_tab (self, file, 0);
}

/* The menu's "Compare with" the other tabs analysed already. */
static void
fill_compare_tabs (HsWindow *self)
{
  g_menu_remove_all (self->compare_tabs);
  if (_hs_window_get_analysis (self) == NULL)
    return;
  for (guint i = 0; i < hs_window_get_n_tabs (self); i++)
    {
      HsDumpTab *tab = hs_window_get_nth_tab (self, i);
      g_autofree char *label = NULL, *detailed = NULL;

      if (tab == self->tab || hs_dump_tab_get_analysis (tab) == NULL)
        continue;
      /* Translators: a menu item, %s is another tab's file name. */
      label = g_strdup_printf (_ ("Compare with %s"), hs_dump_tab_get_title (tab));
      detailed = g_strdup_printf ("win.compare-tab(uint32 %u)", i);
      g_menu_append (self->compare_tabs, label, detailed);
    }
}

/* Back and forward follow the history of the tab shown. */
static void
sync_history (HsWindow *self)
{
  HsHistory *history = self->tab != NULL ? hs_dump_tab_get_history (self->tab) : NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.back",
                                 history != NULL && hs_history_can_go_back (history));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.forward",
                                 history != NULL && hs_history_can_go_forward (history));
}

/* A mapping applied to the dump shown: "Mapping: NAME" in the header,
 * the subtitle under the file's name when the header is narrow. */
static void
sync_mapping_tag (HsWindow *self, gboolean content)
{
  const char *path = content && self->tab != NULL ? hs_dump_tab_get_mapping_path (self->tab) : NULL;
  g_autofree char *base = path != NULL ? g_path_get_basename (path) : NULL;
  g_autofree char *text = base != NULL ? g_strdup_printf (_ ("Mapping: %s"), base) : NULL;

  g_autofree char *tip = path != NULL ? g_strdup_printf (_ ("ProGuard/R8 mapping applied: %s"), path) : NULL;

  gtk_label_set_text (self->mapping_tag, text != NULL ? text : "");
  /* The header gives its sides their minimum: the text's own width, up to
   * max-width-chars, then shortened. */
  gtk_label_set_width_chars (self->mapping_tag, text != NULL ? MIN ((int)g_utf8_strlen (text, -1), 18) : -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->mapping_tag), tip);
  gtk_widget_set_visible (GTK_WIDGET (self->mapping_tag), text != NULL && !self->narrow);
  adw_view_switcher_title_set_subtitle (self->switcher_title, text);
}

/* The smallest natural width of the view switchers below w (the title's
 * narrow switcher: icons over whole labels), 0 if none. */
static int
switcher_width (GtkWidget *w)
{
  int best = 0;

  if (ADW_IS_VIEW_SWITCHER (w))
    {
      gtk_widget_measure (w, GTK_ORIENTATION_HORIZONTAL, -1, NULL, &best, NULL, NULL);
      return best;
    }
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      int n = switcher_width (c);
      if (n > 0 && (best == 0 || n < best))
        best = n;
    }
  return best;
}

/* Whether the header's switcher shows every view's whole title: it has
 * the window's width less the header's sides (its centre box moves the
 * title off the centre rather than shrink it). Below that libadwaita 1.2 would ellipsize its
 * labels ("Overvi…"): the title shows the file's name instead and the
 * bar at the bottom the views (bound in _hs_window_tabs_init). */
static gboolean
switcher_fits (HsWindow *self)
{
  GtkWidget *centre = gtk_widget_get_parent (GTK_WIDGET (self->switcher_title));
  int width = 0, height = 0, side = 0, need;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (gtk_window_is_maximized (GTK_WINDOW (self)) && gtk_widget_get_width (GTK_WIDGET (self)) > 0)
    width = gtk_widget_get_width (GTK_WIDGET (self));
  need = switcher_width (GTK_WIDGET (self->switcher_title));
  if (width <= 0 || need <= 0)
    return TRUE;
  if (GTK_IS_CENTER_BOX (centre))
    {
      GtkWidget *sides[2] = { gtk_center_box_get_start_widget (GTK_CENTER_BOX (centre)),
                              gtk_center_box_get_end_widget (GTK_CENTER_BOX (centre)) };
      for (guint i = 0; i < 2; i++)
        if (sides[i] != NULL && gtk_widget_get_visible (sides[i]))
          {
            int nat = 0;
            gtk_widget_measure (sides[i], GTK_ORIENTATION_HORIZONTAL, -1, NULL, &nat, NULL, NULL);
            side += nat;
          }
    }
  /* The header bar's own padding and spacing on both sides. */
  return width >= need + side + 24;
}

/* The header bar, the switchers, the window's title and actions show the
 * tab shown (its page, title, analysing); called when one of those
 * changes. */
/* Each button of the view switchers (the header's and the bottom bar's)
 * says its view's whole title in its tooltip: nine views in a phone's
 * width, or beside the inspector, ellipsize the longest titles ("Leaks &
 * Su…"). The buttons are the switcher's, made for the stack's pages when
 * the stack is set; their labels hold the pages' titles. */
static void
titles_as_tooltips (GtkWidget *widget, GtkWidget *button)
{
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      if (GTK_IS_BUTTON (c))
        titles_as_tooltips (c, c);
      else if (GTK_IS_LABEL (c) && button != NULL && *gtk_label_get_text (GTK_LABEL (c)) != '\0')
        gtk_widget_set_tooltip_text (button, gtk_label_get_text (GTK_LABEL (c)));
      else
        titles_as_tooltips (c, button);
    }
}

/* The bar's button of the view shown (an active toggle button below w),
 * or NULL. */
static GtkWidget *
shown_view_button (GtkWidget *w)
{
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_TOGGLE_BUTTON (c) && gtk_widget_get_visible (c)
          && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (c)))
        return c;
      if ((found = shown_view_button (c)) != NULL)
        return found;
    }
  return NULL;
}

/* A frame after the view changed (its button is active and laid out by
 * then): the part of the bar its scroller shows holds that button. */
static gboolean
scroll_bar_to_view (GtkWidget *scroller, GdkFrameClock *clock, gpointer data)
{
  HsWindow *self = data;
  GtkAdjustment *adj = gtk_scrolled_window_get_hadjustment (self->switcher_scroller);
  GtkWidget *button = shown_view_button (GTK_WIDGET (self->switcher_bar));
  graphene_rect_t b;

  self->bar_tick = 0;
  if (button != NULL && gtk_widget_compute_bounds (button, GTK_WIDGET (self->switcher_bar), &b))
    {
      double value = gtk_adjustment_get_value (adj);
      double page = gtk_adjustment_get_page_size (adj);

      if (b.origin.x < value)
        gtk_adjustment_set_value (adj, b.origin.x);
      else if (b.origin.x + b.size.width > value + page)
        gtk_adjustment_set_value (adj, b.origin.x + b.size.width - page);
    }
  return G_SOURCE_REMOVE;
}

static void
on_view_shown (HsWindow *self)
{
  if (self->bar_tick == 0)
    self->bar_tick
        = gtk_widget_add_tick_callback (GTK_WIDGET (self->switcher_scroller), scroll_bar_to_view, self, NULL);
}

void
_hs_window_sync_header (HsWindow *self)
{
  HsDumpTab *tab = self->tab;
  const char *page = tab != NULL ? hs_dump_tab_get_page (tab) : "welcome";
  const char *name = tab != NULL ? hs_dump_tab_get_title (tab) : NULL;
  gboolean content = g_str_equal (page, "content");
  /* Early leaks: no export, search or inspection before the analysis. */
  gboolean ready = content && !hs_dump_tab_is_analysing (tab);
  AdwViewStack *stack = tab != NULL ? hs_dump_tab_get_view_stack (tab) : NULL;
  g_autofree char *window_title = NULL;

  if (tab != NULL)
    hs_dump_tab_set_narrow (tab, self->narrow);
  if (adw_view_switcher_title_get_stack (self->switcher_title) != stack)
    {
      adw_view_switcher_title_set_stack (self->switcher_title, stack);
      titles_as_tooltips (GTK_WIDGET (self->switcher_title), NULL);
    }
  if (adw_view_switcher_bar_get_stack (self->switcher_bar) != stack)
    {
      adw_view_switcher_bar_set_stack (self->switcher_bar, stack);
      titles_as_tooltips (GTK_WIDGET (self->switcher_bar), NULL);
      g_signal_group_set_target (self->stack_signals, stack);
      on_view_shown (self);
    }
  /* libadwaita 1.2's switcher title counts the visible views only when the
   * stack's pages change, not when one is shown or hidden (those waiting
   * for the analysis while the leaks are shown early): with one view left
   * it hid its switcher and kept it hidden, the switcher at the bottom at
   * any width. Turning it off and on counts them again. */
  /* The bar at the bottom (revealed when the title has no room for the
   * switcher: bound in _hs_window_tabs_init) only over a dump's views. */
  gtk_widget_set_visible (GTK_WIDGET (self->switcher_bar), content);
  adw_view_switcher_title_set_title (self->switcher_title, content && name != NULL ? name : _ ("Heapscope"));
  window_title
      = content && name != NULL ? g_strdup_printf ("%s — Heapscope", name) : g_strdup (_ ("Heapscope"));
  gtk_window_set_title (GTK_WINDOW (self), window_title);

  /* Back, forward and Go to are there when a dump is (as Export is); a
   * narrow window has no room for them in the header (their shortcuts
   * and the menu's Export stay). */
  gtk_widget_set_visible (GTK_WIDGET (self->export_button), content && !self->narrow);
  sync_mapping_tag (self, content);
  gtk_widget_set_visible (GTK_WIDGET (self->nav_box), content && !self->narrow);
  gtk_widget_set_visible (GTK_WIDGET (self->inspector_button), ready);
  /* No export while a mapping renames the dump: the report would mix names. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export",
                                 ready && !hs_dump_tab_is_mapping_busy (tab));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.find", ready);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.strip", ready);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.reanalyse", ready);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.inspect", ready);
  sync_history (self);
  fill_compare_tabs (self);
  /* Last: the header's sides are set (the switcher's room). */
  self->switcher_fits = switcher_fits (self);
  if (content)
    adw_view_switcher_title_set_view_switcher_enabled (self->switcher_title, FALSE);
  adw_view_switcher_title_set_view_switcher_enabled (self->switcher_title, content && self->switcher_fits);
}

/* Each tab's page in the bar shows its title ("New Tab" while it has
 * none), loading while it loads, and a load that ended unseen. */
static gboolean
title_or_new_tab (GBinding *binding, const GValue *from, GValue *to, gpointer data)
{
  const char *title = g_value_get_string (from);

  g_value_set_string (to, title != NULL ? title : _ ("New Tab"));
  return TRUE;
}

/* Our references: a binding whose tab or page went first is unbound
 * already, which unbinding again allows. */
static void
binding_free (GBinding *binding)
{
  g_binding_unbind (binding);
  g_object_unref (binding);
}

static void
bind_tab_page (AdwTabPage *page, HsDumpTab *tab)
{
  GPtrArray *bindings = g_ptr_array_new_with_free_func ((GDestroyNotify)binding_free);

  g_ptr_array_add (
      bindings, g_object_ref (g_object_bind_property_full (tab, "title", page, "title", G_BINDING_SYNC_CREATE,
                                                           title_or_new_tab, NULL, NULL, NULL)));
  g_ptr_array_add (bindings, g_object_ref (g_object_bind_property_full (tab, "title", page, "tooltip",
                                                                        G_BINDING_SYNC_CREATE,
                                                                        title_or_new_tab, NULL, NULL, NULL)));
  g_ptr_array_add (bindings, g_object_ref (g_object_bind_property (tab, "loading", page, "loading",
                                                                   G_BINDING_SYNC_CREATE)));
  g_ptr_array_add (bindings, g_object_ref (g_object_bind_property (
                                 tab, "needs-attention", page, "needs-attention", G_BINDING_SYNC_CREATE)));
  g_object_set_data_full (G_OBJECT (page), "hs-tab-bindings", bindings, (GDestroyNotify)g_ptr_array_unref);
}

/* A file of several dumps: which one, asked when the analysis of the tab
 * shown is done (once per window and file). */
static void
on_tab_analysed (HsDumpTab *tab, GParamSpec *pspec, HsWindow *self)
{
  if (hs_dump_tab_get_analysis (tab) != NULL)
    hs_dump_chooser_ask (GTK_WINDOW (self), tab);
}

static void
on_tab_state (HsDumpTab *tab, GParamSpec *pspec, HsWindow *self)
{
  _hs_window_sync_header (self);
}

static void
on_history_state (HsHistory *history, GParamSpec *pspec, HsWindow *self)
{
  sync_history (self);
}

/* The menu's "Compare with" follows every tab's title and analysis. */
static void
on_any_tab_state (HsDumpTab *tab, GParamSpec *pspec, HsWindow *self)
{
  if (!self->disposed)
    fill_compare_tabs (self);
}

static void
on_selected_page (AdwTabView *view, GParamSpec *pspec, HsWindow *self)
{
  AdwTabPage *page = adw_tab_view_get_selected_page (view);

  if (self->disposed)
    return;
  self->tab = page != NULL ? HS_DUMP_TAB (adw_tab_page_get_child (page)) : NULL;
  g_signal_group_set_target (self->tab_signals, self->tab);
  g_signal_group_set_target (self->history_signals,
                             self->tab != NULL ? hs_dump_tab_get_history (self->tab) : NULL);
  g_binding_group_set_source (self->tab_bindings, self->tab);
  _hs_window_dismiss_toast (self);
  _hs_window_sync_header (self);
  /* A tab shown again: its file may have changed meanwhile. */
  if (self->tab != NULL)
    hs_dump_tab_check_changed (self->tab);
}

static void
on_page_attached (AdwTabView *view, AdwTabPage *page, int position, HsWindow *self)
{
  HsDumpTab *tab = HS_DUMP_TAB (adw_tab_page_get_child (page));

  bind_tab_page (page, tab);
  g_signal_connect_object (tab, "notify::title", G_CALLBACK (on_any_tab_state), self, 0);
  g_signal_connect_object (tab, "notify::analysed", G_CALLBACK (on_any_tab_state), self, 0);
}

static gboolean
close_when_empty (gpointer data)
{
  HsWindow *self = data;

  if (!self->disposed && hs_window_get_n_tabs (self) == 0)
    gtk_window_close (GTK_WINDOW (self));
  return G_SOURCE_REMOVE;
}

/* A tab closed or dragged to another window; the last one takes the
 * window with it (after the drag is done with the tab view). */
static void
on_page_detached (AdwTabView *view, AdwTabPage *page, int position, HsWindow *self)
{
  g_signal_handlers_disconnect_by_func (adw_tab_page_get_child (page), on_any_tab_state, self);
  g_object_set_data (G_OBJECT (page), "hs-tab-bindings", NULL);
  if (self->disposed)
    return;
  if (adw_tab_view_get_n_pages (view) == 0)
    {
      self->tab = NULL;
      g_idle_add_full (G_PRIORITY_DEFAULT, close_when_empty, g_object_ref (self), g_object_unref);
    }
}

/* A tab being closed: its workers stop now (the tasks hold the tab and
 * its views, which would otherwise go only once they finish). */
static gboolean
on_close_page (AdwTabView *view, AdwTabPage *page, HsWindow *self)
{
  _hs_dump_tab_closing (HS_DUMP_TAB (adw_tab_page_get_child (page)));
  return GDK_EVENT_PROPAGATE; /* the default handler closes it */
}

/* A tab dropped outside every window: a new window for it, with no tab of
 * its own (the dropped one is its only tab). */
static AdwTabView *
on_create_window (AdwTabView *view, HsWindow *self)
{
  HsWindow *window = hs_window_new (gtk_window_get_application (GTK_WINDOW (self)));
  HsDumpTab *empty = hs_window_get_tab (window);
  int width = 0, height = 0;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  /* The empty tab goes once the dropped one is there. */
  if (empty != NULL)
    g_object_set_data (G_OBJECT (window), "hs-empty-tab", empty);
  gtk_window_present (GTK_WINDOW (window));
  return tab_view (window);
}

/* The new window's empty tab goes when the dragged tab arrives. */
static void
on_page_attached_drop_empty (AdwTabView *view, AdwTabPage *page, int position, HsWindow *self)
{
  HsDumpTab *empty = g_object_get_data (G_OBJECT (self), "hs-empty-tab");

  if (empty == NULL || GTK_WIDGET (empty) == adw_tab_page_get_child (page))
    return;
  g_object_set_data (G_OBJECT (self), "hs-empty-tab", NULL);
  hs_window_close_tab (self, empty);
}

/* Narrow: the width a phone gives (the header then keeps only what it
 * must). The default width follows the window's size as it is resized. */
static void
on_default_width (GObject *window, GParamSpec *pspec, HsWindow *self)
{
  int width = 0, height = 0;
  gboolean narrow;

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  narrow = width > 0 && width < 600 && !gtk_window_is_maximized (GTK_WINDOW (self));
  if (narrow != self->narrow || switcher_fits (self) != self->switcher_fits)
    {
      self->narrow = narrow;
      _hs_window_sync_header (self);
    }
}

void
_hs_window_tabs_init (HsWindow *self)
{
  self->tab_signals = g_signal_group_new (HS_TYPE_DUMP_TAB);
  for (guint i = 0; i < 6; i++)
    {
      static const char *const shown[]
          = { "notify::page",     "notify::title",        "notify::analysing",
              "notify::analysed", "notify::mapping-busy", "notify::mapping-path" };
      g_signal_group_connect_object (self->tab_signals, shown[i], G_CALLBACK (on_tab_state), self, 0);
    }
  g_signal_group_connect_object (self->tab_signals, "notify::analysed", G_CALLBACK (on_tab_analysed), self,
                                 0);
  self->stack_signals = g_signal_group_new (ADW_TYPE_VIEW_STACK);
  g_signal_group_connect_object (self->stack_signals, "notify::visible-child", G_CALLBACK (on_view_shown),
                                 self, G_CONNECT_SWAPPED);
  self->history_signals = g_signal_group_new (HS_TYPE_HISTORY);
  g_signal_group_connect_object (self->history_signals, "notify::can-go-back", G_CALLBACK (on_history_state),
                                 self, 0);
  g_signal_group_connect_object (self->history_signals, "notify::can-go-forward",
                                 G_CALLBACK (on_history_state), self, 0);
  self->tab_bindings = g_binding_group_new ();
  g_binding_group_bind (self->tab_bindings, "inspector-shown", self->inspector_button, "active",
                        G_BINDING_SYNC_CREATE | G_BINDING_BIDIRECTIONAL);

  self->compare_tabs = g_menu_new ();
  g_menu_insert_section (self->primary_menu, 1, NULL, G_MENU_MODEL (self->compare_tabs));
  g_signal_connect (self, "notify::default-width", G_CALLBACK (on_default_width), self);
  g_signal_connect (self, "notify::maximized", G_CALLBACK (on_default_width), self);
  on_default_width (G_OBJECT (self), NULL, self);
  /* Alt+1..N are the views' (hs-window-actions.c); Ctrl+Tab, Ctrl+Page
   * Up/Down and the others stay the tab view's. */
  adw_tab_view_remove_shortcuts (tab_view (self),
                                 ADW_TAB_VIEW_SHORTCUT_ALT_DIGITS | ADW_TAB_VIEW_SHORTCUT_ALT_ZERO);
  g_signal_connect (self->tab_view, "page-attached", G_CALLBACK (on_page_attached_drop_empty), self);
  g_signal_connect (self->tab_view, "close-page", G_CALLBACK (on_close_page), self);
  g_object_bind_property (self->switcher_title, "title-visible", self->switcher_bar, "reveal",
                          G_BINDING_SYNC_CREATE);
}

void
_hs_window_tabs_dispose (HsWindow *self)
{
  if (self->tab_signals != NULL)
    g_signal_group_set_target (self->tab_signals, NULL);
  if (self->history_signals != NULL)
    g_signal_group_set_target (self->history_signals, NULL);
  if (self->stack_signals != NULL)
    g_signal_group_set_target (self->stack_signals, NULL);
  if (self->bar_tick != 0)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self->switcher_scroller), self->bar_tick);
      self->bar_tick = 0;
    }
  if (self->tab_bindings != NULL)
    g_binding_group_set_source (self->tab_bindings, NULL);
  g_clear_object (&self->tab_signals);
  g_clear_object (&self->history_signals);
  g_clear_object (&self->stack_signals);
  g_clear_object (&self->tab_bindings);
}

void
_hs_window_class_tabs_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, HsWindow, primary_menu);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, mapping_tag);
  gtk_widget_class_bind_template_callback (widget_class, on_selected_page);
  gtk_widget_class_bind_template_callback (widget_class, on_page_attached);
  gtk_widget_class_bind_template_callback (widget_class, on_page_detached);
  gtk_widget_class_bind_template_callback (widget_class, on_create_window);
}
