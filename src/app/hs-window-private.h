/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window-private.h: the window's struct and the internals shared by
 * the files of the window (hs-window.c, -actions.c, -dnd.c, -goto.c,
 * -tabs.c, -toast.c), as gnome-text-editor does. What is per dump is in
 * the tab (hs-dump-tab-private.h). Not for tests: they use hs-window.h,
 * hs-dump-tab.h and each view's own API. */
#pragma once

#include "hs-window.h"
#include "hs-dump-tab.h"
#include "hs-loader.h"
#include "hs-view.h"

G_BEGIN_DECLS

struct _HsWindow
{
  AdwApplicationWindow parent_instance;

  /* template */
  AdwViewSwitcherTitle *switcher_title;
  AdwViewSwitcherBar *switcher_bar;
  GtkScrolledWindow *switcher_scroller; /* the bar, scrolled at a phone's width */
  AdwToastOverlay *toast_overlay;
  AdwTabBar *tab_bar;
  AdwTabView *tab_view;
  GtkToggleButton *inspector_button;
  GtkButton *export_button;
  GtkLabel *mapping_tag; /* the mapping applied, if any (hs-window-tabs.c) */
  GtkBox *nav_box;
  GtkMenuButton *goto_button;
  GtkEntry *goto_entry;
  GtkLabel *goto_message;
  GtkScrolledWindow *goto_scroller; /* the completions (hs-window-goto.c) */
  GtkListBox *goto_list;
  GMenu *primary_menu;
  GMenu *compare_tabs; /* "Compare with" the other tabs (hs-window-tabs.c) */

  HsDumpTab *tab; /* the tab shown (not referenced), or NULL */
  GSettings *settings;
  gboolean disposed;         /* async results arriving later are dropped */
  GCancellable *cancellable; /* the window's workers' (export, a path copied) */
  /* The tab shown: the header follows its properties and its history's,
   * the inspector button is bound to its inspector-shown. */
  GSignalGroup *tab_signals;
  GSignalGroup *history_signals;
  GSignalGroup *stack_signals; /* the tab's view stack: the bar follows its view */
  guint bar_tick;              /* the bar scrolled to the view shown next frame */
  GBindingGroup *tab_bindings;
  gboolean narrow;        /* a phone's width (hs-window-tabs.c) */
  gboolean switcher_fits; /* the views' whole titles fit the header */
  AdwToast *toast;        /* the toast shown (hs-window-toast.c), or NULL */
  char *toast_text;       /* the last notice's text (shown or coming), unescaped */
  /* The notice waiting for the toast shown to settle (hs-window-toast.c):
   * a toast to show (HsNotice), or a dismissal (pending_dismiss). */
  struct _HsNotice *pending;
  gboolean pending_dismiss;
  guint toast_source;      /* the timeout that shows or dismisses it */
  gint64 toast_settled_at; /* monotonic time the toast shown stops moving */
};

/* hs-window.c */
/* The finished analysis of the tab shown, or NULL. */
HsAnalysis *_hs_window_get_analysis (HsWindow *self);

/* hs-window-tabs.c: the tab view's signals (a tab shown, attached,
 * detached, dragged out to a new window) and the header following the
 * tab shown. */
void _hs_window_tabs_init (HsWindow *self);
void _hs_window_tabs_dispose (HsWindow *self);
void _hs_window_class_tabs_init (GtkWidgetClass *widget_class);
void _hs_window_sync_header (HsWindow *self);

/* hs-window-toast.c: notices in the window's AdwToastOverlay; a new one
 * replaces the one shown. uri non-NULL: an Open button opens it. */
void _hs_window_show_toast (HsWindow *self, const char *text, const char *uri);
/* The same with a button activating action (target: floating or NULL). */
void _hs_window_show_toast_action (HsWindow *self, const char *text, const char *button, const char *action,
                                   GVariant *target);
void _hs_window_dismiss_toast (HsWindow *self);
/* Drops a notice still waiting (the window goes). */
void _hs_window_toast_dispose (HsWindow *self);
void _hs_window_class_toast_init (GtkWidgetClass *widget_class);

/* hs-window-actions.c: win.open, new-tab, compare, export, find, close,
 * view, inspect, toast, reload and the Alt+1..N bindings of the views. */
void _hs_window_class_actions_init (HsWindowClass *klass);

/* hs-window-goto.c: the Go to popover (template children bound here). */
void _hs_window_class_goto_init (GtkWidgetClass *widget_class);
void _hs_window_goto_popup (HsWindow *self);

/* hs-window-dnd.c: files dropped on the window open. */
void _hs_window_dnd_init (HsWindow *self);

/* hs-window-capture.c: win.capture (Capture Heap Dump) and win.strip
 * (Save Stripped Copy). */
void _hs_window_class_capture_init (GtkWidgetClass *widget_class);

G_END_DECLS
