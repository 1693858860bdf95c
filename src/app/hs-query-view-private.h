/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-query-view-private.h: HsQueryView's fields, shared by its parts:
 * hs-query-view.c (the editor, the run on a worker, the errors, the
 * completion), hs-query-view-table.c (the result's table, its selection
 * and its export) and hs-query-view-library.c (the library of ready and
 * saved queries, the history). */
#pragma once

#include <gtksourceview/gtksource.h>

#include "hs-query-view.h"
#include "hs-selection-bar.h"

G_BEGIN_DECLS

struct _HsQueryView
{
  HsView parent_instance;

  GtkWidget *box;
  GtkWidget *editor;
  GtkWidget *error_label;
  GtkWidget *table;
  GtkWidget *status;
  GtkWidget *unreachable_check;
  GtkWidget *library_button;
  GtkWidget *history_button;
  GtkWidget *run_button;
  GtkWidget *cancel_button;

  GListStore *store;
  GtkSortListModel *sorted;
  GtkMultiSelection *selection;
  HsSelectionBar *selection_bar; /* the object rows selected, their retained size */
  GPtrArray *titles;             /* char *: the result's column titles */
  guint64 total;
  char *error;
  GCancellable *cancellable;
  gboolean running;
  guint generation;
  GPtrArray *history;  /* char *, newest first */
  GPtrArray *saved;    /* char *, in the order saved */
  GSettings *settings; /* NULL when the schema is not installed */
  GtkSourceCompletionWords *words;
  GtkTextBuffer *word_buffer; /* the names completion offers */
  GtkTextTag *error_tag;
};

/* hs-query-view-table.c: its actions, callbacks and export; the table's
 * models (in init); a result shown (its column titles, its rows, and the
 * number of rows the query had), every row and column dropped. */
void _hs_query_view_table_class_init (HsQueryViewClass *klass);
void _hs_query_view_table_init (HsQueryView *self);
void _hs_query_view_show_rows (HsQueryView *self, GPtrArray *titles, GPtrArray *rows, guint64 total);
void _hs_query_view_clear_rows (HsQueryView *self);

/* hs-query-view-library.c: its actions; the saved queries and the history
 * read from the settings and their menus built (in init); a query run
 * added to the history. */
void _hs_query_view_library_class_init (HsQueryViewClass *klass);
void _hs_query_view_library_init (HsQueryView *self);
void _hs_query_view_history_add (HsQueryView *self, const char *text);
void _hs_query_view_restore_text (HsQueryView *self);

G_END_DECLS
