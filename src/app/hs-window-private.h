/* hs-window-private.h: the window's struct and the internals shared by
 * the files of the window (hs-window.c, -actions.c, -dnd.c, -recent.c,
 * -timing.c), as gnome-text-editor does. Not for tests: they use
 * hs-window.h and each view's own API. */
#pragma once

#include "hs-window.h"
#include "hs-loader.h"
#include "hs-toast.h"
#include "hs-view.h"

G_BEGIN_DECLS

typedef struct _HsWindowTiming HsWindowTiming;

struct _HsWindow
{
  GtkApplicationWindow parent_instance;

  /* template */
  GtkWidget *title_stack;
  GtkWidget *inspector_button;
  GtkWidget *export_button;
  GtkWidget *main_stack;
  GtkWidget *recent_label;
  GtkWidget *recent_list;
  GtkWidget *loading_title;
  GtkWidget *loading_size;
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
  HsToast *toast;

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
};

/* hs-window.c */
/* The type of the view at index of the view table (G_TYPE_INVALID past
 * its end). */
GType       _hs_window_get_view_type    (guint index);
HsAnalysis *_hs_window_get_analysis     (HsWindow *self);
void        _hs_window_show_toast       (HsWindow *self, const char *text, const char *uri);

/* hs-window-actions.c: win.open, export, find, close, view, inspect, toast
 * and the Alt+1..N bindings of the views. */
void        _hs_window_class_actions_init (HsWindowClass *klass);

/* hs-window-dnd.c: files dropped on the window open. */
void        _hs_window_dnd_init         (HsWindow *self);

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
