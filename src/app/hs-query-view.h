/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-query-view.h: the Query view: an OQL editor (highlighting, completion
 * of keywords, functions, attributes, class and field names), Ctrl+Enter
 * runs the query on a worker (Cancel stops it), the result in a sortable
 * table whose object rows open the inspector, errors under the editor at
 * their position, a history of the queries run and a library of ready
 * ones, copy as CSV. The functions below are its API for the tests. */
#pragma once

#include "hs-view.h"

G_BEGIN_DECLS

#define HS_TYPE_QUERY_VIEW (hs_query_view_get_type ())
G_DECLARE_FINAL_TYPE (HsQueryView, hs_query_view, HS, QUERY_VIEW, HsView)

/* Rows kept of one result (the rest is counted). */
#define HS_QUERY_VIEW_MAX_ROWS 100000

void hs_query_view_set_text (HsQueryView *self, const char *text);
char *hs_query_view_get_text (HsQueryView *self);
/* The id of the editor's GtkSourceView style scheme: "Adwaita", or
 * "Adwaita-dark" while the style manager is dark. */
const char *hs_query_view_get_scheme_id (HsQueryView *self);
void hs_query_view_set_unreachable (HsQueryView *self, gboolean unreachable);
/* Runs the editor's query (what Ctrl+Enter does). */
void hs_query_view_run (HsQueryView *self);
void hs_query_view_cancel (HsQueryView *self);
gboolean hs_query_view_is_running (HsQueryView *self);
/* The result shown: its columns, its rows in the table's order, the
 * number of rows the query had. */
guint hs_query_view_get_n_columns (HsQueryView *self);
const char *hs_query_view_get_column_title (HsQueryView *self, guint column);
guint hs_query_view_get_n_rows (HsQueryView *self);
const char *hs_query_view_get_cell (HsQueryView *self, guint row, guint column);
guint64 hs_query_view_get_total (HsQueryView *self);
/* Sorts by a column, as a click on its header does. */
void hs_query_view_sort_by (HsQueryView *self, guint column, GtkSortType order);
/* Opens row in the inspector, as activating it does; FALSE when the row is
 * not an object. */
gboolean hs_query_view_activate_row (HsQueryView *self, guint row);
/* The error under the editor (NULL when none) and the cursor's place. */
const char *hs_query_view_get_error (HsQueryView *self);
void hs_query_view_get_cursor (HsQueryView *self, guint *line, guint *column);
/* The rows shown as CSV (what Copy as CSV puts on the clipboard, Save as
 * CSV… writes); "" before a result. */
char *hs_query_view_get_csv (HsQueryView *self);
/* The library of ready queries. */
guint hs_query_view_get_n_library (void);
const char *hs_query_view_get_library_query (guint index);
/* The saved queries (query.save), in the order saved; kept per user in
 * the settings, as the history is. */
guint hs_query_view_get_n_saved (HsQueryView *self);
const char *hs_query_view_get_saved (HsQueryView *self, guint index);
/* The queries run, newest first. */
guint hs_query_view_get_n_history (HsQueryView *self);
const char *hs_query_view_get_history (HsQueryView *self, guint index);

G_END_DECLS
