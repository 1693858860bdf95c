/* hs-window.h: the main window: welcome, loading, error and content pages,
 * and the Overview, Leaks, Classes, Dominator tree and Treemap views. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define HS_TYPE_WINDOW (hs_window_get_type ())
G_DECLARE_FINAL_TYPE (HsWindow, hs_window, HS, WINDOW, GtkApplicationWindow)

HsWindow *hs_window_new  (GtkApplication *application);
/* Opens a dump (dump: which dump of the file, 0 = the first). */
void      hs_window_open (HsWindow *self, GFile *file, int dump);
/* TRUE when the window shows nothing yet (welcome page): reused for opens. */
gboolean  hs_window_is_empty (HsWindow *self);

/* Loads the shown or loading file again (after an option changed). */
void      hs_window_reload (HsWindow *self);

G_END_DECLS
