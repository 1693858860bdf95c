/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-private.h: the tab's struct and the internals shared by the
 * files of one dump's tab (hs-dump-tab.c, -history.c, -mapping.c,
 * -changed.c, -recent.c, -timing.c). Not for tests: they use
 * hs-dump-tab.h, hs-window.h and each view's own API. */
#pragma once

#include "hs-dump-tab.h"
#include "hs-history.h"

G_BEGIN_DECLS

typedef struct _HsDumpTabTiming HsDumpTabTiming;

struct _HsDumpTab
{
  AdwBin parent_instance;

  /* template */
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
  GtkRevealer *heaps_revealer;
  GtkDropDown *heap_dropdown;
  GtkLabel *heap_label;
  GtkWidget *flap;
  GtkWidget *inspector;

  GPtrArray *views; /* HsView*, in the order of the view table */
  GSettings *settings;
  HsLoader *loader;
  /* The loader's fraction and phase on the loading page, and on the bar
   * over the leaks shown early. */
  GBinding *page_bindings[2];
  GBinding *bar_bindings[2];
  /* The leaks are shown (from the loader's early report) while the
   * analysis still runs: the other views wait, retained sizes are pending. */
  gboolean early;
  gboolean setting_dump;             /* the dumps dropdown is being set, not chosen */
  gboolean setting_heap;             /* the heap dropdown is being set, not chosen */
  gboolean disposed;                 /* async results arriving later are dropped */
  HsDumpTabTiming *timing;           /* HEAPSCOPE_DEBUG_TIMES, NULL when off */
  struct _HsDumpTabMapping *mapping; /* hs-dump-tab-mapping.c */

  /* back and forward (hs-dump-tab-history.c) */
  HsHistory *history;
  GHashTable *view_extras; /* view name -> guint64: its place, as "win.visited" told */
  gboolean replaying;      /* a location is being shown again: record nothing */

  /* the dump's file when it was loaded (hs-dump-tab-changed.c) */
  gboolean file_known;
  gboolean file_noticed; /* the toast was shown for this load */
  guint64 file_size;
  gint64 file_mtime;
};

/* hs-dump-tab.c */
HsAnalysis *_hs_dump_tab_get_analysis (HsDumpTab *self);
/* "shell-changed": the window shows the tab's page, title, inspector and
 * history state again (when the tab is the one shown). */
void _hs_dump_tab_shell_changed (HsDumpTab *self);
/* Toasts go to the tab's window (none while the tab is not in one). */
void _hs_dump_tab_show_toast (HsDumpTab *self, const char *text, const char *uri);
void _hs_dump_tab_show_toast_action (HsDumpTab *self, const char *text, const char *button,
                                     const char *action, GVariant *target);

/* hs-dump-tab-heaps.c: the heap selector. */
void _hs_dump_tab_heaps_update (HsDumpTab *self, HsAnalysis *a);
void _hs_dump_tab_heaps_clear (HsDumpTab *self);
void _hs_dump_tab_on_heap_selected (GtkDropDown *dropdown, GParamSpec *pspec, HsDumpTab *self);

/* hs-dump-tab-history.c: back/forward through the locations of one dump. */
void _hs_dump_tab_history_init (HsDumpTab *self);
void _hs_dump_tab_history_free (HsDumpTab *self);
void _hs_dump_tab_history_record (HsDumpTab *self);
void _hs_dump_tab_history_visited (HsDumpTab *self, const char *view, guint64 extra);
void _hs_dump_tab_history_clear (HsDumpTab *self);

/* hs-dump-tab-mapping.c: the mapping banner (init), what a finished load
 * offers or applies, forgetting it with the dump. */
void _hs_dump_tab_mapping_init (HsDumpTab *self);
void _hs_dump_tab_mapping_dump_done (HsDumpTab *self);
void _hs_dump_tab_mapping_dump_closed (HsDumpTab *self);
void _hs_dump_tab_mapping_free (HsDumpTab *self);

/* hs-dump-tab-changed.c: the file as it was when loaded. */
void _hs_dump_tab_changed_remember (HsDumpTab *self);

/* hs-dump-tab-recent.c: the recent dumps of the welcome page. */
void _hs_dump_tab_recent_refresh (HsDumpTab *self);
void _hs_dump_tab_recent_add (HsDumpTab *self, GFile *file);
void _hs_dump_tab_recent_activated (GtkListBox *list, GtkListBoxRow *row, HsDumpTab *self);

/* hs-dump-tab-timing.c: HEAPSCOPE_DEBUG_TIMES marks of what is drawn, and
 * HEAPSCOPE_DEBUG_VISIT_VIEWS (every view shown in turn). */
void _hs_dump_tab_timing_start (HsDumpTab *self);
guint _hs_dump_tab_timing_frames (HsDumpTab *self);
void _hs_dump_tab_timing_visit_views (HsDumpTab *self);
void _hs_dump_tab_timing_free (HsDumpTab *self);

G_END_DECLS
