/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-private.h: the tab's struct and the internals shared by the
 * files of one dump's tab (hs-dump-tab.c, -loading.c, -dumps.c, -roots.c,
 * -heaps.c, -index.c, -mapping.c, -history.c, -changed.c, -recent.c,
 * -suspects.c). Not for tests: they use hs-dump-tab.h, hs-window.h and each
 * view's own API. */
#pragma once

#include "hs-banner.h"
#include "hs-dump-tab.h"
#include "hs-history.h"
#include "hs-inspector.h"

G_BEGIN_DECLS

typedef struct _HsDumpTabTiming HsDumpTabTiming;

struct _HsDumpTab
{
  AdwBin parent_instance;

  /* template */
  GtkStack *main_stack;
  GtkLabel *recent_label;
  GtkListBox *recent_list;
  AdwStatusPage *loading_page;
  GtkLabel *loading_phase;
  GtkProgressBar *loading_progress;
  GtkLabel *error_message;
  GtkRevealer *analysis_bar;
  GtkLabel *analysis_phase;
  GtkProgressBar *analysis_progress;
  /* the banner area */
  HsBanner *dumps_banner;
  GtkDropDown *dumps_dropdown;
  HsBanner *roots_banner;
  HsBanner *mapping_banner;
  HsBanner *index_banner;
  HsBanner *heaps_banner;
  GtkDropDown *heap_dropdown;
  AdwViewStack *view_stack;
  AdwFlap *flap;
  HsInspector *inspector;
  /* The flap waits for a frame before it opens (hs-dump-tab.c:
   * sync_flap): the clock whose "after-paint" it waits for, and how many
   * frames it waited. */
  GdkFrameClock *flap_clock;
  gulong flap_paint_id;
  guint flap_waits;

  GPtrArray *views; /* HsView*, in the order of the view table */
  GSettings *settings;
  HsLoader *loader;
  /* The leaks are shown (from the loader's early report) while the
   * analysis still runs: the other views wait, retained sizes are pending. */
  gboolean early; /* "analysing" */
  /* The properties the window follows (hs-dump-tab.c:
   * _hs_dump_tab_update_state). */
  char *title;
  const char *page; /* interned */
  gboolean loading;
  gboolean analysed;
  gboolean needs_attention;
  gboolean setting_dump;              /* the dumps dropdown is being set, not chosen */
  gboolean setting_heap;              /* the heap dropdown is being set, not chosen */
  gboolean disposed;                  /* async results arriving later are dropped */
  GCancellable *cancellable;          /* the tab's own workers' (a mapping), for this loader */
  HsDumpTabTiming *timing;            /* HEAPSCOPE_DEBUG_TIMES, NULL when off */
  struct _HsDumpTabMapping *mapping;  /* hs-dump-tab-mapping.c */
  GCancellable *suspects_cancellable; /* hs-dump-tab-suspects.c */
  /* Analysed again for a preference: where the user was, shown again once
   * done (hs_dump_tab_reload_in_place); the history is kept. */
  char *reload_view;
  HsObj reload_obj;
  gboolean keep_history;
  /* The saved index for the next open (Re-analyse: HS_INDEX_REANALYSE),
   * back to HS_INDEX_USE_CACHE once that open started. */
  HsIndexPolicy index_policy;
  /* The index file for the next open (Use Index: DUMP.hsindex), or NULL. */
  char *index_path;

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
/* Shows the page ("welcome", "loading", "error", "content"); the
 * properties follow. */
void _hs_dump_tab_show_page (HsDumpTab *self, const char *page);
/* "title", "page", "loading" and "analysed" follow the page shown and the
 * loader, each notified when it changes. */
void _hs_dump_tab_update_state (HsDumpTab *self);
/* A load ended: "needs-attention" while the tab is not shown. */
void _hs_dump_tab_ask_attention (HsDumpTab *self);
/* "analysing" set (self->early), notified when it changes. */
void _hs_dump_tab_set_analysing (HsDumpTab *self, gboolean early);
void _hs_dump_tab_notify_loader (HsDumpTab *self);
void _hs_dump_tab_notify_inspector_shown (HsDumpTab *self);
/* Toasts go to the tab's window through "win.toast" and
 * "win.toast-button" (none while the tab is not in one); the button
 * activates detailed_action ("win.reload"). */
void _hs_dump_tab_show_toast (HsDumpTab *self, const char *text);
void _hs_dump_tab_show_toast_button (HsDumpTab *self, const char *text, const char *button,
                                     const char *detailed_action);
/* The cancellable of the tab's own workers: cancelled (and replaced) when
 * the dump goes, and when the tab is closed or goes. */
GCancellable *_hs_dump_tab_cancellable (HsDumpTab *self);
/* The tab is being closed: its load, its views' and its own workers stop
 * (the window's close-page). */
void _hs_dump_tab_closing (HsDumpTab *self);

/* hs-dump-tab-loading.c: the loader's wiring. drop: the loader goes (a
 * new open, the tab closed or gone), its workers and the views' stop. */
void _hs_dump_tab_loading_drop (HsDumpTab *self);
void _hs_dump_tab_loading_on_cancel_clicked (GtkButton *button, HsDumpTab *self);

/* The views on their stack. set_early: only the leaks are known (the
 * views needing the analysis hidden); give_loader: to the views that need
 * the analysis or to the others (NULL: they forget the dump); on_changed:
 * the view shown is filled. */
void _hs_dump_tab_views_set_early (HsDumpTab *self, gboolean early);
void _hs_dump_tab_views_give_loader (HsDumpTab *self, HsLoader *loader, gboolean needs_analysis);
void _hs_dump_tab_views_on_changed (AdwViewStack *stack, GParamSpec *pspec, HsDumpTab *self);

/* hs-dump-tab-dumps.c: the "several dumps" banner and its dropdown. */
void _hs_dump_tab_dumps_update (HsDumpTab *self, HsHeap *heap);
void _hs_dump_tab_dumps_on_selected (GObject *dropdown, GParamSpec *pspec, HsDumpTab *self);

/* hs-dump-tab-roots.c: the "no GC roots" banner. */
void _hs_dump_tab_roots_update (HsDumpTab *self, HsHeap *heap);

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

/* hs-dump-tab-mapping.c: what a finished load offers (the mapping
 * banner) or applies, forgetting it with the dump. */
void _hs_dump_tab_mapping_init (HsDumpTab *self);
/* The mapping banner's button (a template callback). */
void _hs_dump_tab_mapping_apply_clicked (HsDumpTab *self);
void _hs_dump_tab_mapping_dump_done (HsDumpTab *self);
void _hs_dump_tab_mapping_dump_closed (HsDumpTab *self);
void _hs_dump_tab_mapping_free (HsDumpTab *self);

/* hs-dump-tab-changed.c: the file as it was when loaded. */
void _hs_dump_tab_changed_remember (HsDumpTab *self);

/* hs-dump-tab-index.c: the "opened from the index" banner and the note
 * of an index that could not be used, once the load is done; hidden when
 * the dump goes. */
void _hs_dump_tab_index_dump_done (HsDumpTab *self);
void _hs_dump_tab_index_dump_closed (HsDumpTab *self);
/* The banner's button (a template callback): Use Index for the offer. */
void _hs_dump_tab_index_button_clicked (HsDumpTab *self);

/* hs-dump-tab-suspects.c: the suspects found again at a new threshold;
 * cancel: the dump goes. */
void _hs_dump_tab_suspects_cancel (HsDumpTab *self);

/* hs-dump-tab-recent.c: the recent dumps of the welcome page. */
void _hs_dump_tab_recent_refresh (HsDumpTab *self);
void _hs_dump_tab_recent_add (HsDumpTab *self, GFile *file);
void _hs_dump_tab_recent_activated (GtkListBox *list, GtkListBoxRow *row, HsDumpTab *self);

/* hs-dump-tab-loading.c: the HEAPSCOPE_DEBUG_TIMES marks of a load's
 * drawing stop. */
void _hs_dump_tab_timing_free (HsDumpTab *self);

G_END_DECLS
