/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window.h: the main window, a libadwaita shell (header bar with the
 * view switcher, toasts) around tabs, one dump each (HsDumpTab: its pages,
 * views, inspector and history). The views are HsView subclasses listed
 * once, in the tab's view table (hs-dump-tab.c). The functions below that
 * are about a dump act on the tab shown. */
#pragma once

#include <adwaita.h>
#include "hs-dump-tab.h"
#include "hs-history.h"
#include "hs-heap.h"
#include "hs-loader.h"
#include "hs-view.h"

G_BEGIN_DECLS

#define HS_TYPE_WINDOW (hs_window_get_type ())
G_DECLARE_FINAL_TYPE (HsWindow, hs_window, HS, WINDOW, AdwApplicationWindow)

HsWindow *hs_window_new (GtkApplication *application);
/* Opens a dump in the tab shown (dump: which dump of the file, 0 = the
 * first), replacing what it shows. */
void hs_window_open (HsWindow *self, GFile *file, int dump);
/* Opens a file as the user asked (Open, a drop, a recent file, the command
 * line): its tab if it is open already, else the tab shown if it is
 * empty, else a new tab. Returns the tab. */
HsDumpTab *hs_window_open_file (HsWindow *self, GFile *file);
/* Opens a dump in a new tab (shown). */
HsDumpTab *hs_window_open_in_new_tab (HsWindow *self, GFile *file, int dump);
/* TRUE when the window shows nothing yet (one tab, on its welcome page). */
gboolean hs_window_is_empty (HsWindow *self);
/* Loads every tab's file again (after an option changed). */
void hs_window_reload (HsWindow *self);
/* Each tab's suspects found again at the threshold now set. */
void hs_window_find_suspects (HsWindow *self);

/* Tabs (AdwTabView). The tab shown, the number of tabs, the tab at index,
 * a new empty tab (shown), showing and closing one (the window closes with
 * its last tab). */
HsDumpTab *hs_window_get_tab (HsWindow *self);
guint hs_window_get_n_tabs (HsWindow *self);
HsDumpTab *hs_window_get_nth_tab (HsWindow *self, guint index);
HsDumpTab *hs_window_add_tab (HsWindow *self);
void hs_window_select_tab (HsWindow *self, HsDumpTab *tab);
void hs_window_close_tab (HsWindow *self, HsDumpTab *tab);
/* The tab whose dump is file (shown or loading), or NULL. */
HsDumpTab *hs_window_find_tab (HsWindow *self, GFile *file);

/* The loader of the dump shown or loading, or NULL. */
HsLoader *hs_window_get_loader (HsWindow *self);
/* "welcome", "loading", "error" or "content". */
const char *hs_window_get_page (HsWindow *self);
/* The message of the error page (NULL unless it is shown). */
const char *hs_window_get_error_text (HsWindow *self);
/* TRUE while the leaks are shown before the analysis is done (the views
 * that need it are hidden, retained sizes pending). */
gboolean hs_window_is_analysing (HsWindow *self);

/* The view of that page name ("overview", "leaks", ...), or NULL. */
HsView *hs_window_get_view_by_name (HsWindow *self, const char *name);
/* The name of the view shown; shows a view (as the switcher does: a
 * hidden view is not shown). */
const char *hs_window_get_view (HsWindow *self);
void hs_window_set_view (HsWindow *self, const char *name);

/* Opens an object in the inspector (once the analysis is done). */
void hs_window_inspect (HsWindow *self, HsObj obj);
GtkWidget *hs_window_get_inspector (HsWindow *self);

/* Compare with…: dump (0-based) of file becomes the baseline of the dump
 * shown (analysed on a worker in the Compare view, which is shown). */
void hs_window_compare_with (HsWindow *self, GFile *file, int dump);
/* The same with the dump of another tab, analysed already (not again). */
void hs_window_compare_with_tab (HsWindow *self, HsDumpTab *baseline);

/* Whether the dump's file changed on disk since it was loaded (cut short,
 * rewritten, removed); the first time, a toast says so. What is shown is
 * kept. Checked when the window becomes active, when a tab is shown and
 * before inspecting. */
gboolean hs_window_check_changed (HsWindow *self);

/* The text of the toast shown, or NULL. */
const char *hs_window_get_toast_text (HsWindow *self);

/* Writes the HTML report on a worker thread, then shows the toast. */
void hs_window_export_to (HsWindow *self, const char *path);

/* Dumps offered by the "several dumps" banner (0 when hidden), and the
 * user's choice of one (reloads the file with that dump). */
guint hs_window_get_n_dumps_offered (HsWindow *self);
void hs_window_choose_dump (HsWindow *self, guint index);

/* Back and forward: the history of the dump shown (hs-dump-tab-history.c). */
HsHistory *hs_window_get_history (HsWindow *self);
/* Go to (hs-window-goto.c): an object id ("0x1a2b", "1a2b" or decimal
 * digits, hs-object-id.h) opens the object in the inspector, a class name
 * the classes view on that class. FALSE when the dump has neither:
 * *message (optional) says so. */
gboolean hs_window_go_to (HsWindow *self, const char *text, char **message);
/* The class names Go to's popover lists for the text typed now, best first
 * (at most HS_WINDOW_GOTO_COMPLETIONS; hs-fuzzy.h's order), each followed
 * by a tab and its instance count: "java.util.HashMap\t12". NULL-terminated,
 * g_strfreev it. */
#define HS_WINDOW_GOTO_COMPLETIONS 20
char **hs_window_get_goto_completions (HsWindow *self);

/* Writes a copy of the dump shown with its primitive arrays zeroed (String
 * contents kept when keep_strings) to path, on a worker; a toast says how
 * it went (hs-window-capture.c). */
void hs_window_strip_to (HsWindow *self, const char *path, gboolean keep_strings);

G_END_DECLS
