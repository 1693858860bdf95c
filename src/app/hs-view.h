/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-view.h: the base of every view of the window's content (overview,
 * leaks, classes, dominator tree, treemap, ...). A view is a widget with its
 * own template; it is given the loader of the dump and fills itself the
 * first time it is shown once the analysis is done ("filled on first
 * visit"), so the window needs no per-view tables.
 *
 * The window adds each view to its GtkStack under hs_view_get_name() with
 * hs_view_get_title() (and the icon), hides the ones that need the whole
 * analysis while only the leaks are known, and calls:
 *   hs_view_set_loader()     when a dump's analysis is done, or, for a
 *                            view that does not need it (it is shown
 *                            early), when the dump is opened; NULL to
 *                            forget the dump: the view clears itself;
 *   hs_view_show_early()     when the leak report is known early (only
 *                            views whose class implements show_early);
 *   hs_view_ensure_filled()  when the view becomes the visible one.
 * A view whose class calls hs_view_class_set_revealed_on_demand() keeps its
 * page out of the view switcher until hs_view_reveal().
 * Views talk back through actions, never through a window pointer nor
 * through another view: "win.inspect" (guint32 object index) opens an
 * object in the inspector, "win.view" (string) switches views,
 * "win.toast" (string) says something, "tab.show-class" (string) shows the
 * class table on a class. */
#pragma once

#include <gtk/gtk.h>
#include "hs-loader.h"

G_BEGIN_DECLS

#define HS_TYPE_VIEW (hs_view_get_type ())
G_DECLARE_DERIVABLE_TYPE (HsView, hs_view, HS, VIEW, GtkWidget)

struct _HsViewClass
{
  GtkWidgetClass parent_class;

  /* Fills the view from hs_loader_get_analysis (loader), which is done.
   * Called at most once per dump, on the UI thread; keep it short (big
   * work goes to a worker, see the classes view's instances). */
  void (*fill) (HsView *self, HsLoader *loader);
  /* Drops what was shown for the previous dump. */
  void (*clear) (HsView *self);
  /* Optional: the leak report is known (hs_loader_get_leaks), the rest of
   * the analysis is not; retained sizes are still 0. */
  void (*show_early) (HsView *self, HsLoader *loader);
  /* Optional: the view's table or tree as CSV (hs-csv.h: the header row,
   * then the rows as shown, numbers unformatted) appended to out; FALSE
   * when there is nothing to export yet. A view that has it puts the
   * Export button in its header (hs_view_add_export_button): its Copy as
   * CSV and Save as CSV… (the actions export.copy-csv, export.save-csv)
   * call this (hs-csv-export.h). */
  gboolean (*write_csv) (HsView *self, GString *out);

  /*< private >*/
  const char *name;
  const char *title;
  const char *icon_name;
  const char *fill_timing;
  gboolean needs_analysis;
  gboolean uses_heap;
  gboolean revealed_on_demand;

  gpointer padding[3];
};

/* Class metadata, set once in class_init: the stack page name ("classes"),
 * the translated title, an icon name or NULL, whether the view is hidden
 * while only the leaks are known, and the text of the timing mark printed
 * when it is filled (tools/ui-timing.sh looks for these; NULL: "NAME
 * filled"). */
void hs_view_class_set_page (HsViewClass *klass, const char *name, const char *title, const char *icon_name,
                             gboolean needs_analysis, const char *fill_timing);

/* The page name of a view class (for what the window sets up in its own
 * class_init, e.g. the Alt+N bindings, before any view exists). */
const char *hs_view_class_get_name (HsViewClass *klass);

const char *hs_view_get_name (HsView *self);
const char *hs_view_get_title (HsView *self);
const char *hs_view_get_icon_name (HsView *self);
gboolean hs_view_get_needs_analysis (HsView *self);

/* The loader of the dump shown, or NULL. Setting it (also to the same
 * loader) clears the view and marks it to be filled on its next
 * hs_view_ensure_filled(). */
HsLoader *hs_view_get_loader (HsView *self);
void hs_view_set_loader (HsView *self, HsLoader *loader);
/* The cancellable every worker of the view is given: cancelled when the
 * loader is set again (another dump, the names of a mapping, the tab
 * closed) and when the view goes. Owned by the view. */
GCancellable *hs_view_get_cancellable (HsView *self);
/* Calls the class's show_early (if any) with the loader, which keeps
 * loading; the view is filled properly after hs_view_set_loader(). */
void hs_view_show_early (HsView *self, HsLoader *loader);
/* Fills the view if it has a finished loader and has not been filled for
 * it yet. Returns TRUE if it filled it now. */
gboolean hs_view_ensure_filled (HsView *self);
gboolean hs_view_is_filled (HsView *self);

/* The heap the view shows (hs-heap.h's index; -1: every heap), for the
 * views whose class calls hs_view_class_set_uses_heap in class_init
 * (Overview, Classes, Dominator Tree, Treemap). The dump tab's heap
 * selector sets it; a view already filled is emptied and, when it is
 * shown, filled again. Reset to -1 with another loader. */
void hs_view_class_set_uses_heap (HsViewClass *klass);
gboolean hs_view_get_uses_heap (HsView *self);
int hs_view_get_heap (HsView *self);
void hs_view_set_heap (HsView *self, int heap);

/* Views reached from the others (Paths, References, Class Loaders): their
 * class calls hs_view_class_set_revealed_on_demand in class_init, and the
 * view's page in the dump tab's AdwViewStack is kept out of the view
 * switcher (put back out when the tab shows every page) until
 * hs_view_reveal(), which whatever asks the view something calls. Each
 * hs_view_set_loader() takes it out again. hs_view_reveal() shows the page
 * only while the view itself is visible (the tab hides the views that need
 * the analysis until it is done); it does nothing for other views. */
void hs_view_class_set_revealed_on_demand (HsViewClass *klass);
void hs_view_reveal (HsView *self);

/* The view's table as CSV (HsViewClass.write_csv) appended to out;
 * FALSE when the view has none or nothing to export yet. */
gboolean hs_view_write_csv (HsView *self, GString *out);
/* Appends the shared Export menu button (hs_csv_export_button_new) to
 * header, the box at the top of the view: the same button, in the same
 * place (the header's end), in every view. */
void hs_view_add_export_button (HsView *self, GtkWidget *header);

/* The analysis of the loader (NULL when none, or not finished). */
HsAnalysis *hs_view_get_analysis (HsView *self);

G_END_DECLS
