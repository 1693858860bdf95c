/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab.h: one dump in a tab of the window (template
 * ui/hs-dump-tab.ui): its pages (welcome, loading, error, content), its
 * loader (with its own cancel and error), its views (one of each type of
 * its view table), its inspector and its back/forward history.
 * The window (hs-window.h) is the shell around the tabs: it binds and
 * follows the tab's properties, all read-only but inspector-shown and
 * notified when they change: "loader", "title" (the file's name, NULL on
 * the welcome page), "page", "loading", "analysing" (the leaks shown while
 * the analysis runs), "analysed", "inspector-shown" and "needs-attention"
 * (a load ended while the tab was not shown). The tab talks to its window
 * only through the window's actions (win.toast, win.toast-button,
 * win.dismiss-toast, win.open-file); its views reach it through
 * tab.show-class and win.visited. */
#pragma once

#include <adwaita.h>
#include "hs-history.h"
#include "hs-loader.h"
#include "hs-view.h"

G_BEGIN_DECLS

#define HS_TYPE_DUMP_TAB (hs_dump_tab_get_type ())
G_DECLARE_FINAL_TYPE (HsDumpTab, hs_dump_tab, HS, DUMP_TAB, AdwBin)

HsDumpTab *hs_dump_tab_new (void);
/* The type of the view at index of the view table, in the switcher's
 * order (G_TYPE_INVALID past its end). */
GType hs_dump_tab_get_view_type (guint index);
/* Opens a dump (dump: which dump of the file, 0 = the first); a load
 * still running in this tab is cancelled. */
void hs_dump_tab_open (HsDumpTab *self, GFile *file, int dump);
/* Loads the file again (after an option changed, or it changed on disk). */
void hs_dump_tab_reload (HsDumpTab *self);
/* The same for a preference that changes every number: once done, the
 * view and the object inspected are shown again, back/forward kept. */
void hs_dump_tab_reload_in_place (HsDumpTab *self);
/* Re-analyse (hs-dump-tab-index.c): loads the dump in place again,
 * analysed afresh instead of read from its saved index, whose index is
 * then replaced. Nothing while no dump is loaded or loading. */
void hs_dump_tab_reanalyse (HsDumpTab *self);
/* Opens the dump again from the index that came with it (DUMP.hsindex,
 * which the window asks about); nothing when there is none. */
void hs_dump_tab_use_index (HsDumpTab *self);
/* The banner saying the dump was opened from its saved index, as shown;
 * NULL when hidden. */
const char *hs_dump_tab_get_index_banner (HsDumpTab *self);
/* The suspects' threshold changed: the suspects found again on the
 * finished analysis (a worker), the view and history kept; a load still
 * running starts over. */
void hs_dump_tab_find_suspects (HsDumpTab *self);
/* Cancels the load of this tab (its Cancel button). */
void hs_dump_tab_cancel (HsDumpTab *self);
/* TRUE when it shows nothing yet (welcome page). */
gboolean hs_dump_tab_is_empty (HsDumpTab *self);
/* The file of the dump shown or loading, or NULL. */
GFile *hs_dump_tab_get_file (HsDumpTab *self);
/* The file's name while a dump is shown or loading, else NULL. */
const char *hs_dump_tab_get_title (HsDumpTab *self);

HsLoader *hs_dump_tab_get_loader (HsDumpTab *self);
/* The finished analysis, or NULL. */
HsAnalysis *hs_dump_tab_get_analysis (HsDumpTab *self);
/* "welcome", "loading", "error" or "content". */
const char *hs_dump_tab_get_page (HsDumpTab *self);
const char *hs_dump_tab_get_error_text (HsDumpTab *self);
/* The banner saying the dump has no GC roots, as shown; NULL when hidden. */
const char *hs_dump_tab_get_roots_banner (HsDumpTab *self);
gboolean hs_dump_tab_is_analysing (HsDumpTab *self);

HsView *hs_dump_tab_get_view_by_name (HsDumpTab *self, const char *name);
const char *hs_dump_tab_get_view (HsDumpTab *self);
void hs_dump_tab_set_view (HsDumpTab *self, const char *name);
/* The views' stack (for the window's view switchers). */
AdwViewStack *hs_dump_tab_get_view_stack (HsDumpTab *self);

void hs_dump_tab_inspect (HsDumpTab *self, HsObj obj);
GtkWidget *hs_dump_tab_get_inspector (HsDumpTab *self);
/* The inspector shown (beside the views, or over them when narrow). */
gboolean hs_dump_tab_get_inspector_shown (HsDumpTab *self);
void hs_dump_tab_set_inspector_shown (HsDumpTab *self, gboolean shown);

/* Narrow (the window's width): the inspector is a sheet over the views. */
void hs_dump_tab_set_narrow (HsDumpTab *self, gboolean narrow);

guint hs_dump_tab_get_n_dumps_offered (HsDumpTab *self);
void hs_dump_tab_choose_dump (HsDumpTab *self, guint index);

HsHistory *hs_dump_tab_get_history (HsDumpTab *self);
void hs_dump_tab_back (HsDumpTab *self);
void hs_dump_tab_forward (HsDumpTab *self);

/* Whether the file changed on disk since it was loaded; the first time,
 * the window's toast says so (hs-dump-tab-changed.c). */
gboolean hs_dump_tab_check_changed (HsDumpTab *self);

/* The heap selector (shown for dumps with several heaps): the heap the
 * Overview, Classes, Dominator Tree and Treemap show, hs-heap.h's index or
 * -1 for every heap. An Android dump opens on its app heap. */
gboolean hs_dump_tab_get_heap_selector_shown (HsDumpTab *self);
int hs_dump_tab_get_heap (HsDumpTab *self);
void hs_dump_tab_set_heap (HsDumpTab *self, int heap);

G_END_DECLS
