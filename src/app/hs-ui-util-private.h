/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-ui-util-private.h: small widget helpers shared by the window and its
 * views (one copy of each, instead of one per file). */
#pragma once

#include <gtk/gtk.h>
#include "hs-heap.h"
#include "hs-parallel.h" /* hs_run_niced_by */

G_BEGIN_DECLS

/* A label with an x alignment and an optional CSS class. */
GtkWidget *hs_label_new (const char *text, const char *css_class, float xalign);
/* Removes every child of a GtkBox or every row of a GtkListBox. */
void hs_clear_box (GtkWidget *box);
/* A count with the digit grouping of the user's locale, a comma where
 * the locale has none: 2,493,333. */
char *hs_format_count (guint64 n);
/* An object's short description as the window shows it: an array's
 * length grouped and with its noun's plural ("4,096 items", "1 item:
 * "a""), else hs_heap_describe's. NULL when there is none. */
char *hs_describe_object (HsHeap *heap, HsObj o);
/* What "retained size" means, for the headers of the columns that show it. */
const char *hs_retained_size_tooltip (void);
/* Hides the n columns of view while the width it is shown in (its
 * scrolled window's) is below min_width, and shows them again when it is
 * not: in a narrow window the columns that matter most (the name, the
 * sizes) stay in sight instead of beyond a sideways scroll. view must be
 * in a GtkScrolledWindow; the columns are held. */
void hs_column_view_hide_when_narrow (GtkColumnView *view, int min_width, GtkColumnViewColumn *const *columns,
                                      guint n);
/* Every new order of view (a header clicked, a sort asked for) shows its
 * first rows: view scrolls to its top when its sorter changes. */
void hs_column_view_scroll_top_on_sort (GtkColumnView *view);
/* A tooltip on a column's header (GTK 4.8 has no API for it). */
void hs_column_view_set_header_tooltip (GtkColumnView *view, GtkColumnViewColumn *column,
                                        const char *tooltip);
/* After a worker's result: FALSE when there is no error. Else TRUE, and
 * unless the work was cancelled (a newer request, the dump or the widget
 * gone: nothing to say) widget says "what: the error" in a toast through
 * "win.toast". */
gboolean hs_task_failed (GtkWidget *widget, const GError *error, const char *what);
/* A popover made for one popup (a context menu), already given its
 * parent, is unparented once it closed: on the next idle, because a menu
 * item's action is activated after "closed" and is looked up from the
 * popover up through its parents. Should the parent (a recycled row) be
 * destroyed first, the popover is unparented then. */
void hs_popover_unparent_after_close (GtkPopover *popover);
/* A flat button that inspects obj through the "win.inspect" action (so it
 * is insensitive while the window disables inspection). */
GtkWidget *hs_inspect_button_new (HsObj obj);

/* Sets a cell's text and tooltip to a name of any length: a name longer
 * than Pango can lay out in one line (a dump's class names may be 1 MiB;
 * laid out whole they overflow Pango's coordinates and draw as garbage)
 * is shown as its first and last 1,000 characters around an ellipsis, and
 * its tooltip as the first 2,000 characters and the length in all. */
void hs_cell_set_name (GtkInscription *cell, const char *name);
/* The same text and tooltip, for a list item template's closures (the
 * first argument, the template's object, is not used). */
char *hs_cell_name_text (gpointer unused, const char *name);
char *hs_cell_name_tip (gpointer unused, const char *name);

/* A wrapping label never hyphenates: an id, a number or a name is broken
 * only where a space or a zero-width space lets it (Pango's hyphens would
 * read as part of it: "Object[]@0xc0f-"). */
void hs_label_no_hyphens (GtkLabel *label);
/* text with a zero-width space (U+200B) after each '.', '$' and '@' (an
 * object's "Object[]@0x1234"), so that a
 * wrapping label breaks a class name between its parts, never inside one
 * (Pango's word-char wrap breaks "java.util.HashMap" anywhere). Only for
 * labels that are not selectable: copy the plain name. Past 2,000
 * characters the rest is an ellipsis. */
char *hs_name_breakable (const char *text);
/* text (taken) when it has at most max_chars characters, else its first
 * max_chars - 1 characters and an ellipsis: cut between characters,
 * never inside one (text is UTF-8, made valid first if it is not). */
char *hs_text_cut_chars (char *text, glong max_chars);

/* Runs fn (data) on a new thread named name at a lower priority (nice +10,
 * Linux: per thread, and inherited by the threads it starts, e.g. the
 * engine's second core) and returns when it is done. For a worker's long
 * sort or scan: on a machine with two cores, two busy workers at the UI
 * thread's priority left it waiting up to a second for a core. */
void hs_run_niced (const char *name, GThreadFunc fn, gpointer data);
G_END_DECLS
