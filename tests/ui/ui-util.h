/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-util.h: helpers shared by the UI tests and the screenshot tool. */
#pragma once

#include <gtk/gtk.h>
#include "hs-window.h"
#include "hs-inspector.h"
#include "hs-leaks-view.h"
#include "hs-overview-view.h"
#include "hs-classes-view.h"
#include "hs-dominators-view.h"
#include "hs-treemap-view.h"

/* Iterates the default main context until the loader leaves LOADING, the
 * window leaves its loading page and has drawn a frame after, or the
 * timeout passes; returns the final state. */
HsLoaderState ui_wait_for_load (HsWindow *window, guint timeout_ms);
/* Iterates until the class's instances asked for are found (not
 * hs_classes_view_instances_pending) or the timeout; TRUE if found. */
gboolean ui_wait_for_instances (HsWindow *window, guint timeout_ms);
/* Iterates the main context for about ms milliseconds. */
void ui_iterate (guint ms);
/* A new window (of app, may be NULL) of width x height, presented and
 * waited for until mapped with a size (asserted). */
HsWindow *ui_window_new (GtkApplication *app, int width, int height);
/* Iterates until cond(data) or the timeout; returns cond's last value. */
gboolean ui_wait_until (gboolean (*cond) (gpointer), gpointer data, guint timeout_ms);
/* A loader of path with the default options, started, waited for and
 * asserted done (its error printed if it failed). */
HsLoader *ui_load_dump (const char *path, guint timeout_ms);
/* A plain window of width x height around child, presented and waited
 * for until mapped with a size (asserted). */
GtkWidget *ui_window_with (GtkWidget *child, int width, int height);
/* Saves widget as drawn now to $HS_TEST_SHOTS/file_name (a PNG) when that
 * variable is set; nothing otherwise. */
void ui_shot (GtkWidget *widget, const char *file_name);
/* Renders a widget as it is shown now (gtk_widget_paintable_new and the
 * native's renderer). NULL if it has no size. */
GdkTexture *ui_render_widget (GtkWidget *widget);
/* Distinct colours of a texture. */
guint ui_count_colors (GdkTexture *texture);
/* Number of pixels that differ between two textures of the same size
 * (G_MAXUINT if the sizes differ). */
guint ui_count_diff (GdkTexture *a, GdkTexture *b);

/* The window's views through their own API: the view of that name, filled
 * if the analysis is done (as showing it would). */
HsView *ui_view (HsWindow *window, const char *name);
HsLeaksView *ui_leaks_view (HsWindow *window);
HsLeakTraceView *ui_trace_view (HsWindow *window);
HsClassesView *ui_classes_view (HsWindow *window);
HsDominatorsView *ui_dominators_view (HsWindow *window);
HsTreemapView *ui_treemap_view (HsWindow *window);
HsInspector *ui_inspector (HsWindow *window);
/* The toast's text while it is shown, else NULL. */
const char *ui_toast_text (HsWindow *window);
/* The window's drop target (files dropped on the window open). */
GtkDropTarget *ui_drop_target (HsWindow *window);
/* The first button below root (depth first) labelled label, or NULL. */
GtkWidget *ui_find_button (GtkWidget *root, const char *label);
/* root itself or its first descendant (depth first) of type, or NULL. */
GtkWidget *ui_find_child (GtkWidget *root, GType type);
/* The first shown popover (a context menu) below root, or NULL. */
GtkWidget *ui_shown_popover (GtkWidget *root);
/* The menu item (a GtkModelButton) below root whose text is label, or NULL. */
GtkWidget *ui_find_menu_item (GtkWidget *root, const char *label);
/* w's click gesture for the secondary button (a context menu's), or NULL. */
GtkGesture *ui_secondary_click_gesture (GtkWidget *w);
/* The direction the first sort arrow shown below root says (a column
 * view header's GTK_SORT_ASCENDING or GTK_SORT_DESCENDING), -1 if none. */
int ui_sort_indicator (GtkWidget *root);
/* A class's figure for a classes-table column, read from the heap and the
 * analysis directly (what the table must show). */
guint64 ui_class_value (HsAnalysis *a, HsClass c, HsClassColumn column);

/* CSV as the Export button writes it, read back by a small RFC 4180
 * reader of its own (not by the writer): rows, each a GPtrArray of its
 * cells (strings); asserts every row ends with a line break. */
GPtrArray *ui_csv_read (const char *text);
/* Cell c of row r of what ui_csv_read read (asserted to be there). */
const char *ui_csv_cell (GPtrArray *rows, guint r, guint c);
/* The number of cells of row r. */
guint ui_csv_width (GPtrArray *rows, guint r);
/* The view's CSV (hs_view_write_csv, asserted to have some) saved to a
 * file as Save as CSV… does once a file is chosen (hs_csv_export_write),
 * read back from it and the file removed. */
char *ui_view_csv_saved (HsView *view);
/* The clipboard's text (of widget's display), once read; NULL if none. */
char *ui_clipboard_text (GtkWidget *widget);

/* Waiting for what a window shows. */
/* Iterates until widget is mapped with a width and a height; FALSE if the
 * timeout passed first. */
gboolean ui_wait_shown (GtkWidget *widget, guint timeout_ms);
/* Asks for a new layout of widget and iterates until its frame clock has
 * painted a frame with it mapped (its layout done and drawn); FALSE if
 * the timeout passed first. */
gboolean ui_wait_drawn (GtkWidget *widget, guint timeout_ms);
/* Iterates until widget is visible; FALSE if the timeout passed first. */
gboolean ui_wait_visible (GtkWidget *widget, guint timeout_ms);
/* Iterates until the window shows the view of that name, mapped with a
 * size, and has drawn a frame with it; FALSE if the timeout passed first. */
gboolean ui_wait_view (HsWindow *window, const char *name, guint timeout_ms);
/* Destroys a window and iterates until it is finalized (asserted, 10 s). */
void ui_destroy_window (gpointer window);
/* The first button below root (depth first) whose action is action, or
 * NULL. */
GtkWidget *ui_find_action_button (GtkWidget *root, const char *action);

/* Waiting on notify and frames, finding widgets from the outside. */

/* Iterates until object emits notify::property, or the timeout; TRUE if
 * it did. Connect before causing the change: see ui_notify_watch. */
typedef struct UiNotifyWatch UiNotifyWatch;
UiNotifyWatch *ui_notify_watch (gpointer object, const char *property);
/* Waits for the watched notify (TRUE if it fired) and frees the watch. */
gboolean ui_notify_wait (UiNotifyWatch *watch, guint timeout_ms);
/* The first widget of type inside the row below root whose title (an
 * AdwPreferencesRow's, mnemonic underscores included) is title, or NULL. */
GtkWidget *ui_find_row_child (GtkWidget *root, const char *title, GType type);
/* The first mapped label below root showing text, or NULL. */
GtkWidget *ui_find_label (GtkWidget *root, const char *text);
/* Iterates until a popover below root is shown and mapped with a size;
 * returns it, or NULL at the timeout. */
GtkWidget *ui_wait_popover (GtkWidget *root, guint timeout_ms);
/* Iterates until widget's frame clock has shown n more frames (a tick
 * callback asks for them), or the timeout; TRUE if it did. For what needs
 * a layout to settle, with a condition checked after each frame. */
gboolean ui_wait_frames (GtkWidget *widget, guint n, guint timeout_ms);
/* The n-th (from 0, depth first) descendant of root of type, or NULL. */
GtkWidget *ui_find_nth_child (GtkWidget *root, GType type, guint n);
