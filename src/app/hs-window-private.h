/* hs-window-private.h: the window's struct and the internals shared by
 * the files of the window (hs-window.c, -actions.c, -dnd.c, -recent.c,
 * -timing.c), as gnome-text-editor does. Not for tests: they use
 * hs-window.h and each view's own API. */
#pragma once

#include "hs-window.h"
#include "hs-loader.h"
#include "hs-view.h"
#include "hs-history.h"

G_BEGIN_DECLS

typedef struct _HsWindowTiming HsWindowTiming;

struct _HsWindow
{
  AdwApplicationWindow parent_instance;

  /* template */
  GtkWidget *switcher_title;
  GtkWidget *switcher_bar;
  GtkWidget *toast_overlay;
  GtkWidget *inspector_button;
  GtkWidget *export_button;
  GtkWidget *main_stack;
  GtkWidget *recent_label;
  GtkWidget *recent_list;
  GtkWidget *loading_page;
  GtkWidget *loading_phase;
  GtkWidget *loading_progress;
  GtkWidget *error_message;
  GtkWidget *analysis_bar;
  GtkWidget *analysis_phase;
  GtkWidget *analysis_progress;
  GtkWidget *dumps_revealer;
  GtkWidget *dumps_label;
  GtkWidget *dumps_dropdown;
  GtkWidget *view_stack;
  GtkWidget *inspector;
  AdwToast *toast;         /* the toast shown (hs-window-toast.c), or NULL */
  char *toast_text;        /* its text, unescaped */

  GPtrArray *views;        /* HsView*, in the order of the view table */
  GSettings *settings;
  HsLoader *loader;
  /* The loader's fraction and phase on the loading page, and on the bar
   * over the leaks shown early. */
  GBinding *page_bindings[2];
  GBinding *bar_bindings[2];
  /* The leaks are shown (from the loader's early report) while the
   * analysis still runs: the other views wait, retained sizes are pending. */
  gboolean early;
  gboolean setting_dump;   /* the dumps dropdown is being set, not chosen */
  gboolean disposed;       /* async results arriving later are dropped */
  HsWindowTiming *timing;  /* HEAPSCOPE_DEBUG_TIMES, NULL when off */
  struct _HsWindowMapping *mapping; /* hs-window-mapping.c */

  /* back and forward (hs-window-history.c), Go to (hs-window-goto.c) */
  HsHistory *history;
  GHashTable *view_extras; /* view name -> guint64: its place, as "win.visited" told */
  gboolean replaying;      /* a location is being shown again: record nothing */
  GtkWidget *nav_box;
  GtkWidget *goto_button;
  GtkWidget *goto_entry;
  GtkWidget *goto_message;

  /* the dump's file when it was loaded (hs-window-changed.c) */
  gboolean file_known;
  gboolean file_noticed;   /* the toast was shown for this load */
  guint64 file_size;
  gint64 file_mtime;
};

/* hs-window.c */
/* The type of the view at index of the view table (G_TYPE_INVALID past
 * its end). */
GType       _hs_window_get_view_type    (guint index);
const char *_hs_window_get_view_icon    (HsView *view);
HsAnalysis *_hs_window_get_analysis     (HsWindow *self);

/* hs-window-toast.c: notices in the window's AdwToastOverlay; a new one
 * replaces the one shown. uri non-NULL: an Open button opens it. */
void        _hs_window_show_toast       (HsWindow *self, const char *text, const char *uri);
/* The same with a button activating action (target: floating or NULL). */
void        _hs_window_show_toast_action (HsWindow *self, const char *text, const char *button,
                                          const char *action, GVariant *target);
void        _hs_window_dismiss_toast    (HsWindow *self);
void        _hs_window_class_toast_init (GtkWidgetClass *widget_class);

/* hs-window-changed.c: the dump's file as it was when loaded (remember,
 * at the end of a load), the check (hs_window_check_changed), win.reload. */
void        _hs_window_changed_remember (HsWindow *self);
void        _hs_window_changed_init     (HsWindow *self);
void        _hs_window_class_changed_init (GtkWidgetClass *widget_class);

/* hs-window-actions.c: win.open, export, find, close, view, inspect, toast
 * and the Alt+1..N bindings of the views. */
void        _hs_window_class_actions_init (HsWindowClass *klass);

/* hs-window-history.c: back/forward through the locations of one dump. */
void        _hs_window_history_init     (HsWindow *self);
void        _hs_window_history_free     (HsWindow *self);
void        _hs_window_history_record   (HsWindow *self);
void        _hs_window_history_visited  (HsWindow *self, const char *view, guint64 extra);
void        _hs_window_history_back     (HsWindow *self);
void        _hs_window_history_forward  (HsWindow *self);
void        _hs_window_history_clear    (HsWindow *self);

/* hs-window-goto.c: the Go to popover (template children bound here). */
void        _hs_window_class_goto_init  (GtkWidgetClass *widget_class);
void        _hs_window_goto_popup       (HsWindow *self);

/* hs-window-dnd.c: files dropped on the window open. */
void        _hs_window_dnd_init         (HsWindow *self);

/* hs-window-mapping.c: the mapping banner (init), what a finished load
 * offers or applies, forgetting it with the dump, win.load-mapping. */
void        _hs_window_mapping_init       (HsWindow *self);
void        _hs_window_mapping_dump_done  (HsWindow *self);
void        _hs_window_mapping_dump_closed (HsWindow *self);
void        _hs_window_mapping_free       (HsWindow *self);
void        _hs_window_load_mapping_action (GtkWidget *widget, const char *action_name, GVariant *param);

/* hs-window-recent.c: the recent dumps of the welcome page. */
void        _hs_window_recent_refresh   (HsWindow *self);
void        _hs_window_recent_add       (HsWindow *self, GFile *file);
void        _hs_window_recent_activated (GtkListBox *list, GtkListBoxRow *row, HsWindow *self);

/* hs-window-timing.c: HEAPSCOPE_DEBUG_TIMES marks of what is drawn, and
 * HEAPSCOPE_DEBUG_VISIT_VIEWS (every view shown in turn). */
void        _hs_window_timing_start     (HsWindow *self);
guint       _hs_window_timing_frames    (HsWindow *self);
void        _hs_window_timing_visit_views (HsWindow *self);
void        _hs_window_timing_free      (HsWindow *self);

G_END_DECLS
