/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab.h: one dump in a tab of the window (template
 * ui/hs-dump-tab.ui): its pages (welcome, loading, error, content), its
 * loader (with its own cancel and error), its views (one of each type of
 * the window's view table), its inspector and its back/forward history.
 * The window (hs-window.h) is the shell around the tabs. */
#pragma once

#include <adwaita.h>
#include "hs-history.h"
#include "hs-loader.h"
#include "hs-view.h"

G_BEGIN_DECLS

#define HS_TYPE_DUMP_TAB (hs_dump_tab_get_type ())
G_DECLARE_FINAL_TYPE (HsDumpTab, hs_dump_tab, HS, DUMP_TAB, AdwBin)

HsDumpTab *hs_dump_tab_new (void);
/* Opens a dump (dump: which dump of the file, 0 = the first); a load
 * still running in this tab is cancelled. */
void hs_dump_tab_open (HsDumpTab *self, GFile *file, int dump);
/* Loads the file again (after an option changed, or it changed on disk). */
void hs_dump_tab_reload (HsDumpTab *self);
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
