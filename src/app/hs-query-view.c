/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-query-view.c: the Query view (see hs-query-view.h). The query runs on
 * a GTask worker with the view's cancellable (cancelled on Cancel, on a new
 * run, on clear and on dispose); the worker keeps at most
 * HS_QUERY_VIEW_MAX_ROWS rows as text and counts the rest, and the table is
 * rebuilt on the UI thread from them: one small HsQueryRow per row shown,
 * never one per heap object. */
#include "config.h"

#include <inttypes.h>
#include <math.h>
#include <string.h>

#include <glib/gi18n.h>
#include <gtksourceview/gtksource.h>

#include "hs-settings.h"
#include "hs-format.h"
#include "hs-object-menu.h"
#include "hs-oql.h"
#include "hs-query-row.h"
#include "hs-query-view.h"
#include "hs-csv-export.h"
#include "hs-selection-bar.h"
#include "hs-strhash.h"

#define HISTORY_MAX 30
/* Class and field names offered for completion, at most. */
#define COMPLETION_WORDS_MAX 200000

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

G_DEFINE_FINAL_TYPE (HsQueryView, hs_query_view, HS_TYPE_VIEW)

static const struct
{
  const char *title, *query;
} library[] = {
  { N_ ("Big hash maps (over 10,000 entries)"),
    "SELECT m AS map, m.size() AS size, m.@retainedHeapSize AS retained\n"
    "FROM INSTANCEOF java.util.HashMap m\nWHERE m.size() > 10000" },
  { N_ ("Big lists (over 10,000 elements)"),
    "SELECT l AS list, l.size() AS size, l.@retainedHeapSize AS retained\n"
    "FROM INSTANCEOF java.util.ArrayList l\nWHERE l.size() > 10000" },
  { N_ ("Strings and who holds them (sort by text: duplicates side by side)"),
    "SELECT toString(s) AS text, s.@retainedHeapSize AS retained, inbounds(s) AS holders\n"
    "FROM java.lang.String s\nWHERE s.value.@length > 100" },
  { N_ ("Empty arrays"), "SELECT * FROM \".*\\[\\]\" a WHERE a.@length = 0" },
  { N_ ("Threads by retained size"),
    "SELECT t AS thread, toString(t.name) AS name, t.@retainedHeapSize AS retained\n"
    "FROM INSTANCEOF java.lang.Thread t" },
  { N_ ("Class loaders and their classes"),
    "SELECT c.@classLoader AS loader, c.@name AS class\nFROM OBJECTS \".*\" c" },
};

/* ---- the worker ------------------------------------------------------------ */

typedef struct
{
  HsAnalysis *analysis; /* borrowed: the task holds the loader */
  char *text;
  HsOqlFlags flags;
  guint generation;
  /* Results */
  gboolean objects;
  GPtrArray *titles; /* char * */
  GPtrArray *rows;   /* HsQueryRow */
  guint64 total;
  GError *error;
} Job;

static void
job_free (Job *job)
{
  g_free (job->text);
  g_clear_pointer (&job->titles, g_ptr_array_unref);
  g_clear_pointer (&job->rows, g_ptr_array_unref);
  g_clear_error (&job->error);
  g_free (job);
}

static void
job_columns (gboolean objects, const char *const *names, guint n, gpointer data)
{
  Job *job = data;
  job->objects = objects;
  if (objects)
    {
      g_ptr_array_add (job->titles, g_strdup (_ ("Object")));
      g_ptr_array_add (job->titles, g_strdup (_ ("Class")));
      g_ptr_array_add (job->titles, g_strdup (_ ("Shallow")));
      g_ptr_array_add (job->titles, g_strdup (_ ("Retained")));
      return;
    }
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (job->titles, g_strdup (names[i]));
}

static gboolean
job_row (const HsOqlRow *row, gpointer data)
{
  Job *job = data;
  HsAnalysis *a = job->analysis;
  if (job->total++ >= HS_QUERY_VIEW_MAX_ROWS)
    return TRUE;
  GPtrArray *b = g_ptr_array_new (); /* char *, NULL-terminated at the end */
  if (row->object != HS_OBJ_NONE)
    {
      HsObj o = row->object;
      guint64 retained
          = a->dom && hs_heap_object_reachable (a->heap, o) ? hs_dom_tree_retained (a->dom, o) : 0;
      g_ptr_array_add (b, g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", hs_heap_object_id (a->heap, o)));
      g_ptr_array_add (b, g_strdup (hs_heap_object_class_name (a->heap, o)));
      g_ptr_array_add (b, g_strdup_printf ("%u", hs_heap_object_shallow (a->heap, o)));
      g_ptr_array_add (b, g_strdup_printf ("%" G_GUINT64_FORMAT, retained));
    }
  else
    for (guint i = 0; i < row->n_values; i++)
      {
        /* One line per cell, bounded. */
        char *t = hs_oql_value_to_text (a, &row->values[i]);
        if (strlen (t) > 4096)
          strcpy (t + 4093, "…");
        g_strdelimit (t, "\n\r\t", ' ');
        g_ptr_array_add (b, t);
      }
  HsObj first = row->object;
  for (guint i = 0; first == HS_OBJ_NONE && i < row->n_values; i++)
    if (row->values[i].kind == HS_OQL_OBJECT)
      first = row->values[i].o;
  g_ptr_array_add (b, NULL);
  g_ptr_array_add (job->rows, hs_query_row_new (first, (GStrv)g_ptr_array_free (b, FALSE)));
  return TRUE;
}

static void
run_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Job *job = data;
  if (!hs_oql_run (job->analysis, job->text, job->flags, job_columns, job_row, job, cancellable, &job->error))
    {
      /* Only the error is shown. */
      g_ptr_array_set_size (job->rows, 0);
    }
  g_task_return_boolean (task, TRUE);
}

/* ---- the table -------------------------------------------------------------- */

/* ---- the selection: the object rows' retained size together ------------------ */

static void
on_selection_changed (GtkSelectionModel *model, guint position, guint n_items, HsQueryView *self)
{
  g_autoptr (GtkBitset) selected = gtk_selection_model_get_selection (model);
  hs_selection_bar_set_n_selected (self->selection_bar,
                                   (guint)MIN (gtk_bitset_get_size (selected), G_MAXUINT));
}

/* The objects of the object rows selected (a table row has none). */
static HsLoader *
collect_selection (HsSelectionBar *bar, GArray *objs, GArray *classes, gpointer data)
{
  HsQueryView *self = data;
  g_autoptr (GtkBitset) selected = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  GtkBitsetIter iter;
  guint position;

  for (gboolean ok = gtk_bitset_iter_init_first (&iter, selected, &position); ok;
       ok = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr (HsQueryRow) row = g_list_model_get_item (G_LIST_MODEL (self->selection), position);
      if (row != NULL && row->object != HS_OBJ_NONE)
        g_array_append_val (objs, row->object);
    }
  return hs_view_get_analysis (HS_VIEW (self)) != NULL ? hs_view_get_loader (HS_VIEW (self)) : NULL;
}

/* rows.retained-size (the rows' menu): the selection when the object is
 * in it, else that object alone. */
static void
action_retained_size (GtkWidget *widget, const char *name, GVariant *param)
{
  HsQueryView *self = HS_QUERY_VIEW (widget);
  HsObj clicked = g_variant_get_uint32 (param);
  g_autoptr (GArray) objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  HsLoader *loader = collect_selection (self->selection_bar, objs, NULL, self);

  if (loader == NULL)
    return;
  for (guint i = 0; i < objs->len; i++)
    if (g_array_index (objs, HsObj, i) == clicked)
      {
        hs_selection_bar_compute (self->selection_bar, loader, objs, NULL);
        return;
      }
  g_array_set_size (objs, 0);
  g_array_append_val (objs, clicked);
  hs_selection_bar_compute (self->selection_bar, loader, objs, NULL);
}

/* The object of the row a cell is in, for the object menu. */
static HsObj
cell_object (GtkWidget *widget, double x, double y, gpointer item)
{
  HsQueryRow *row = gtk_list_item_get_item (item);
  return row ? row->object : HS_OBJ_NONE;
}

static void
setup_cell (GtkSignalListItemFactory *f, GtkListItem *item, gpointer data)
{
  GtkWidget *ins = gtk_inscription_new (NULL);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (ins), 6);
  gtk_inscription_set_nat_chars (GTK_INSCRIPTION (ins), 20);
  gtk_list_item_set_child (item, ins);
  hs_object_menu_attach (ins, cell_object, item);
}

static void
bind_cell (GtkSignalListItemFactory *f, GtkListItem *item, gpointer column)
{
  HsQueryRow *row = gtk_list_item_get_item (item);
  GtkWidget *ins = gtk_list_item_get_child (item);
  const char *text = hs_query_row_cell (row, GPOINTER_TO_UINT (column));
  gtk_inscription_set_text (GTK_INSCRIPTION (ins), text);
  gtk_inscription_set_xalign (
      GTK_INSCRIPTION (ins),
      isnan (row->numbers[GPOINTER_TO_UINT (column)]) || g_str_has_prefix (text, "0x") ? 0 : 1);
}

/* Numbers by value (both numbers), else text; the same for every front end. */
static int
compare_cells (gconstpointer a, gconstpointer b, gpointer column)
{
  HsQueryRow *x = (HsQueryRow *)a, *y = (HsQueryRow *)b;
  guint c = GPOINTER_TO_UINT (column);
  double dx = x->numbers[c], dy = y->numbers[c];
  if (!isnan (dx) && !isnan (dy))
    return dx < dy ? GTK_ORDERING_SMALLER : dx > dy ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
  if (isnan (dx) != isnan (dy))
    return isnan (dx) ? GTK_ORDERING_LARGER : GTK_ORDERING_SMALLER;
  int r = g_strcmp0 (hs_query_row_cell (x, c), hs_query_row_cell (y, c));
  return r < 0 ? GTK_ORDERING_SMALLER : r > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}

static void
remove_columns (HsQueryView *self)
{
  GListModel *cols = gtk_column_view_get_columns (GTK_COLUMN_VIEW (self->table));
  while (g_list_model_get_n_items (cols) > 0)
    {
      g_autoptr (GtkColumnViewColumn) col = g_list_model_get_item (cols, 0);
      gtk_column_view_remove_column (GTK_COLUMN_VIEW (self->table), col);
    }
}

static void
add_columns (HsQueryView *self)
{
  for (guint i = 0; i < self->titles->len; i++)
    {
      GtkListItemFactory *f = gtk_signal_list_item_factory_new ();
      g_signal_connect (f, "setup", G_CALLBACK (setup_cell), NULL);
      g_signal_connect (f, "bind", G_CALLBACK (bind_cell), GUINT_TO_POINTER (i));
      GtkColumnViewColumn *col = gtk_column_view_column_new (g_ptr_array_index (self->titles, i), f);
      GtkSorter *sorter = GTK_SORTER (gtk_custom_sorter_new (compare_cells, GUINT_TO_POINTER (i), NULL));
      gtk_column_view_column_set_sorter (col, sorter);
      g_object_unref (sorter);
      gtk_column_view_column_set_resizable (col, TRUE);
      gtk_column_view_column_set_expand (col, TRUE);
      gtk_column_view_append_column (GTK_COLUMN_VIEW (self->table), col);
      g_object_unref (col);
    }
}

static void
update_status (HsQueryView *self)
{
  g_autofree char *s = NULL;
  guint shown = g_list_model_get_n_items (G_LIST_MODEL (self->store));
  if (self->running)
    s = g_strdup (_ ("Running…"));
  else if (self->error)
    s = g_strdup ("");
  else if (self->total > shown)
    s = g_strdup_printf (_ ("The first %u of %" PRIu64 " rows"), shown, (uint64_t)self->total);
  else if (self->titles->len)
    s = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u row", "%u rows", shown), shown);
  else
    s = g_strdup ("");
  gtk_label_set_text (GTK_LABEL (self->status), s);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "query.cancel", self->running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "query.run", !self->running);
}

/* ---- errors ------------------------------------------------------------------- */

static void
clear_error (HsQueryView *self)
{
  GtkTextBuffer *buf = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor));
  GtkTextIter s, e;
  g_clear_pointer (&self->error, g_free);
  gtk_widget_set_visible (self->error_label, FALSE);
  gtk_text_buffer_get_bounds (buf, &s, &e);
  gtk_text_buffer_remove_tag (buf, self->error_tag, &s, &e);
}

static void
show_error (HsQueryView *self, const GError *error)
{
  GtkTextBuffer *buf = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor));
  guint line, column;
  self->error = g_strdup (error->message);
  gtk_label_set_text (GTK_LABEL (self->error_label), error->message);
  gtk_widget_set_visible (self->error_label, TRUE);
  if (hs_oql_error_position (error, &line, &column) && line > 0 && column > 0)
    {
      GtkTextIter at, end;
      /* Where the error is: the cursor there, the rest of the word marked. */
      gtk_text_buffer_get_iter_at_line_offset (buf, &at, (int)line - 1, (int)column - 1);
      end = at;
      if (!gtk_text_iter_ends_line (&end))
        gtk_text_iter_forward_word_end (&end);
      if (gtk_text_iter_equal (&at, &end))
        gtk_text_iter_forward_char (&end);
      gtk_text_buffer_apply_tag (buf, self->error_tag, &at, &end);
      gtk_text_buffer_place_cursor (buf, &at);
      gtk_widget_grab_focus (self->editor);
    }
}

/* ---- running -------------------------------------------------------------------- */

/* A list of queries into its settings key (per user), when there are settings. */
static void
store_list (HsQueryView *self, const char *key, GPtrArray *list)
{
  if (!self->settings)
    return;
  g_ptr_array_add (list, NULL);
  g_settings_set_strv (self->settings, key, (const char *const *)list->pdata);
  g_ptr_array_set_size (list, list->len - 1);
}

static void
load_list (HsQueryView *self, const char *key, GPtrArray *list, guint max)
{
  if (!self->settings)
    return;
  g_auto (GStrv) v = g_settings_get_strv (self->settings, key);
  for (guint i = 0; v[i] && i < max; i++)
    g_ptr_array_add (list, g_strdup (v[i]));
}

static void
history_rebuild (HsQueryView *self)
{
  g_autoptr (GMenu) menu = g_menu_new ();
  for (guint i = 0; i < self->history->len; i++)
    {
      const char *q = g_ptr_array_index (self->history, i);
      g_autofree char *one_line = g_strndup (q, 80);
      g_strdelimit (one_line, "\n\r\t", ' ');
      g_autoptr (GMenuItem) item = g_menu_item_new (one_line, NULL);
      g_menu_item_set_action_and_target_value (item, "query.history", g_variant_new_uint32 (i));
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->history_button), G_MENU_MODEL (menu));
  gtk_widget_set_sensitive (self->history_button, self->history->len > 0);
}

static void
history_add (HsQueryView *self, const char *text)
{
  for (guint i = 0; i < self->history->len; i++)
    if (g_str_equal (g_ptr_array_index (self->history, i), text))
      {
        g_ptr_array_remove_index (self->history, i);
        break;
      }
  g_ptr_array_insert (self->history, 0, g_strdup (text));
  if (self->history->len > HISTORY_MAX)
    g_ptr_array_set_size (self->history, HISTORY_MAX);
  history_rebuild (self);
  store_list (self, "query-history", self->history);
}

static void
run_done (GObject *source, GAsyncResult *res, gpointer data)
{
  HsQueryView *self = HS_QUERY_VIEW (source);
  Job *job = g_task_get_task_data (G_TASK (res));
  if (job->generation != self->generation)
    return;
  self->running = FALSE;
  if (job->error)
    {
      if (!g_error_matches (job->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        show_error (self, job->error);
      else
        gtk_label_set_text (GTK_LABEL (self->status), _ ("Cancelled"));
      update_status (self);
      if (g_error_matches (job->error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (GTK_LABEL (self->status), _ ("Cancelled"));
      return;
    }
  remove_columns (self);
  g_ptr_array_set_size (self->titles, 0);
  for (guint i = 0; i < job->titles->len; i++)
    g_ptr_array_add (self->titles, g_strdup (g_ptr_array_index (job->titles, i)));
  add_columns (self);
  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       job->rows->pdata, job->rows->len);
  /* Another result: the answer about the rows before goes. */
  hs_selection_bar_reset (self->selection_bar);
  self->total = job->total;
  update_status (self);
}

void
hs_query_view_run (HsQueryView *self)
{
  g_return_if_fail (HS_IS_QUERY_VIEW (self));
  HsLoader *loader = hs_view_get_loader (HS_VIEW (self));
  HsAnalysis *a = hs_view_get_analysis (HS_VIEW (self));
  g_autofree char *text = hs_query_view_get_text (self);
  if (!a || !loader)
    return;
  clear_error (self);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  self->generation++;
  history_add (self, text);
  /* A syntax error is shown at once, without a worker. */
  g_autoptr (GError) syntax = NULL;
  if (!hs_oql_check (text, &syntax))
    {
      show_error (self, syntax);
      update_status (self);
      return;
    }
  Job *job = g_new0 (Job, 1);
  job->analysis = a;
  job->text = g_steal_pointer (&text);
  job->flags = gtk_check_button_get_active (GTK_CHECK_BUTTON (self->unreachable_check)) ? HS_OQL_UNREACHABLE
                                                                                        : HS_OQL_FLAGS_NONE;
  job->generation = self->generation;
  job->titles = g_ptr_array_new_with_free_func (g_free);
  job->rows = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GTask) task = g_task_new (self, self->cancellable, run_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify)job_free);
  /* The loader (and its analysis) outlives the worker's use of it. */
  g_object_set_data_full (G_OBJECT (task), "hs-loader", g_object_ref (loader), g_object_unref);
  g_task_set_return_on_cancel (task, FALSE);
  self->running = TRUE;
  update_status (self);
  g_task_run_in_thread (task, run_thread);
}

void
hs_query_view_cancel (HsQueryView *self)
{
  g_return_if_fail (HS_IS_QUERY_VIEW (self));
  g_cancellable_cancel (self->cancellable);
}

/* ---- actions ------------------------------------------------------------------- */

static void
action_run (GtkWidget *w, const char *name, GVariant *param)
{
  hs_query_view_run (HS_QUERY_VIEW (w));
}

static void
action_cancel (GtkWidget *w, const char *name, GVariant *param)
{
  hs_query_view_cancel (HS_QUERY_VIEW (w));
}

static void
action_library (GtkWidget *w, const char *name, GVariant *param)
{
  guint i = g_variant_get_uint32 (param);
  if (i < G_N_ELEMENTS (library))
    hs_query_view_set_text (HS_QUERY_VIEW (w), library[i].query);
}

static void
action_history (GtkWidget *w, const char *name, GVariant *param)
{
  HsQueryView *self = HS_QUERY_VIEW (w);
  guint i = g_variant_get_uint32 (param);
  if (i < self->history->len)
    {
      g_autofree char *q = g_strdup (g_ptr_array_index (self->history, i));
      hs_query_view_set_text (self, q);
    }
}

/* Export (the header's Export button, as every view's): the rows shown. */
static gboolean
hs_query_view_write_csv (HsView *view, GString *out)
{
  HsQueryView *self = HS_QUERY_VIEW (view);
  HsCsv csv;

  if (self->titles->len == 0)
    return FALSE;
  hs_csv_init (&csv, out);
  hs_csv_header (&csv, (const char *const *)self->titles->pdata, self->titles->len);
  for (guint r = 0; r < hs_query_view_get_n_rows (self); r++)
    {
      for (guint c = 0; c < self->titles->len; c++)
        hs_csv_text (&csv, hs_query_view_get_cell (self, r, c));
      hs_csv_end_row (&csv);
    }
  return TRUE;
}

static void
on_row_activated (GtkColumnView *view, guint position, HsQueryView *self)
{
  hs_query_view_activate_row (self, position);
}

/* ---- completion --------------------------------------------------------------- */

static void
fill_completion (HsQueryView *self, HsAnalysis *a)
{
  static const char *const fixed[] = {
    "SELECT",      "FROM",         "WHERE",
    "UNION",       "OBJECTS",      "INSTANCEOF",
    "DISTINCT",    "RETAINED",     "implements",
    "toString",    "toHex",        "classof",
    "dominators",  "dominatorof",  "outbounds",
    "inbounds",    "objectId",     "objectAddress",
    "clazz",       "usedHeapSize", "retainedHeapSize",
    "displayName", "GCRootInfo",   "superClass",
    "classLoader", "valueArray",   "referenceArray",
    "length",      "size",         "contains",
    "startsWith",  "endsWith",     "equals",
    "indexOf",     "isEmpty",      "substring",
    "subList",
  };
  GString *words = g_string_new (NULL);
  /* Field names come from the dump: the keyed hash (hs-strhash.h). */
  g_autoptr (GHashTable) seen = g_hash_table_new (hs_str_hash, g_str_equal);
  guint n = 0;
  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    g_string_append_printf (words, "%s\n", fixed[i]);
  /* Class names and field names (words split at dots by the provider). */
  for (HsClass c = 0; a && c < hs_heap_n_classes (a->heap) && n < COMPLETION_WORDS_MAX; c++)
    {
      guint nf = 0;
      const HsFieldDecl *f = hs_class_fields (a->heap, c, &nf);
      g_string_append_printf (words, "%s\n", hs_class_name (a->heap, c));
      n++;
      for (guint i = 0; i < nf && n < COMPLETION_WORDS_MAX; i++)
        if (g_hash_table_add (seen, (gpointer)f[i].name))
          {
            g_string_append_printf (words, "%s\n", f[i].name);
            n++;
          }
    }
  gtk_text_buffer_set_text (self->word_buffer, words->str, (int)words->len);
  g_string_free (words, TRUE);
}

/* ---- HsView ------------------------------------------------------------------- */

static void
hs_query_view_fill (HsView *view, HsLoader *loader)
{
  HsQueryView *self = HS_QUERY_VIEW (view);
  fill_completion (self, hs_loader_get_analysis (loader));
  update_status (self);
}

static void
hs_query_view_clear (HsView *view)
{
  HsQueryView *self = HS_QUERY_VIEW (view);
  self->generation++;
  g_cancellable_cancel (self->cancellable);
  self->running = FALSE;
  clear_error (self);
  remove_columns (self);
  g_ptr_array_set_size (self->titles, 0);
  g_list_store_remove_all (self->store);
  hs_selection_bar_reset (self->selection_bar);
  self->total = 0;
  gtk_text_buffer_set_text (self->word_buffer, "", 0);
  update_status (self);
}

static void
hs_query_view_dispose (GObject *object)
{
  HsQueryView *self = HS_QUERY_VIEW (object);
  self->generation++;
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  g_clear_object (&self->words);
  g_clear_object (&self->word_buffer);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_QUERY_VIEW);
  G_OBJECT_CLASS (hs_query_view_parent_class)->dispose (object);
}

static void
hs_query_view_finalize (GObject *object)
{
  HsQueryView *self = HS_QUERY_VIEW (object);
  g_ptr_array_unref (self->titles);
  g_ptr_array_unref (self->history);
  g_ptr_array_unref (self->saved);
  g_free (self->error);
  G_OBJECT_CLASS (hs_query_view_parent_class)->finalize (object);
}

/* The library's actions (with its menu, below). */
static void action_save (GtkWidget *w, const char *name, GVariant *param);
static void action_saved (GtkWidget *w, const char *name, GVariant *param);
static void action_forget_saved (GtkWidget *w, const char *name, GVariant *param);

static void
hs_query_view_class_init (HsQueryViewClass *klass)
{
  GObjectClass *oc = G_OBJECT_CLASS (klass);
  GtkWidgetClass *wc = GTK_WIDGET_CLASS (klass);
  HsViewClass *vc = HS_VIEW_CLASS (klass);

  gtk_source_init ();
  g_type_ensure (GTK_SOURCE_TYPE_VIEW);
  oc->dispose = hs_query_view_dispose;
  oc->finalize = hs_query_view_finalize;
  vc->fill = hs_query_view_fill;
  vc->clear = hs_query_view_clear;
  vc->write_csv = hs_query_view_write_csv;
  hs_view_class_set_page (vc, "query", _ ("Query"), "system-search-symbolic", TRUE, "query filled");
  g_type_ensure (HS_TYPE_SELECTION_BAR);
  gtk_widget_class_set_template_from_resource (wc, "/org/heapscope/Heapscope/ui/hs-query-view.ui");
  gtk_widget_class_bind_template_child (wc, HsQueryView, box);
  gtk_widget_class_bind_template_child (wc, HsQueryView, editor);
  gtk_widget_class_bind_template_child (wc, HsQueryView, error_label);
  gtk_widget_class_bind_template_child (wc, HsQueryView, table);
  gtk_widget_class_bind_template_child (wc, HsQueryView, status);
  gtk_widget_class_bind_template_child (wc, HsQueryView, unreachable_check);
  gtk_widget_class_bind_template_child (wc, HsQueryView, library_button);
  gtk_widget_class_bind_template_child (wc, HsQueryView, history_button);
  gtk_widget_class_bind_template_child (wc, HsQueryView, run_button);
  gtk_widget_class_bind_template_child (wc, HsQueryView, cancel_button);
  gtk_widget_class_bind_template_child (wc, HsQueryView, selection_bar);
  gtk_widget_class_install_action (wc, "rows.retained-size", "u", action_retained_size);
  gtk_widget_class_bind_template_callback (wc, on_row_activated);
  gtk_widget_class_install_action (wc, "query.run", NULL, action_run);
  gtk_widget_class_install_action (wc, "query.cancel", NULL, action_cancel);
  gtk_widget_class_install_action (wc, "query.library", "u", action_library);
  gtk_widget_class_install_action (wc, "query.history", "u", action_history);
  gtk_widget_class_install_action (wc, "query.save", NULL, action_save);
  gtk_widget_class_install_action (wc, "query.saved", "u", action_saved);
  gtk_widget_class_install_action (wc, "query.forget-saved", NULL, action_forget_saved);
}

static void
setup_editor (HsQueryView *self)
{
  GtkSourceLanguageManager *lm = gtk_source_language_manager_get_default ();
  static gsize searched = 0;
  if (g_once_init_enter (&searched))
    {
      /* Our OQL definition first, from the resources. */
      const char *const *old = gtk_source_language_manager_get_search_path (lm);
      g_autoptr (GStrvBuilder) b = g_strv_builder_new ();
      g_strv_builder_add (b, "resource:///org/heapscope/Heapscope/language-specs/");
      g_strv_builder_addv (b, (const char **)old);
      g_auto (GStrv) path = g_strv_builder_end (b);
      gtk_source_language_manager_set_search_path (lm, (const char *const *)path);
      g_once_init_leave (&searched, 1);
    }
  GtkSourceBuffer *buf = GTK_SOURCE_BUFFER (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor)));
  GtkSourceLanguage *lang = gtk_source_language_manager_get_language (lm, "oql");
  if (lang)
    gtk_source_buffer_set_language (buf, lang);
  self->error_tag
      = gtk_text_buffer_create_tag (GTK_TEXT_BUFFER (buf), NULL, "underline", PANGO_UNDERLINE_ERROR, NULL);
  gtk_text_buffer_set_text (GTK_TEXT_BUFFER (buf),
                            "SELECT * FROM java.lang.String s WHERE s.value.@length > 1000", -1);

  /* Completion: the words of a hidden buffer (keywords, functions,
   * attributes, the dump's class and field names), filled per dump. */
  GtkSourceCompletion *completion = gtk_source_view_get_completion (GTK_SOURCE_VIEW (self->editor));
  self->words = gtk_source_completion_words_new (_ ("OQL"));
  self->word_buffer = gtk_text_buffer_new (NULL);
  gtk_source_completion_words_register (self->words, self->word_buffer);
  gtk_source_completion_add_provider (completion, GTK_SOURCE_COMPLETION_PROVIDER (self->words));

  /* Ctrl+Enter runs, before the editor takes Enter for a new line. */
  GtkEventController *keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (
      GTK_SHORTCUT_CONTROLLER (keys),
      gtk_shortcut_new (
          gtk_alternative_trigger_new (gtk_keyval_trigger_new (GDK_KEY_Return, GDK_CONTROL_MASK),
                                       gtk_keyval_trigger_new (GDK_KEY_KP_Enter, GDK_CONTROL_MASK)),
          gtk_named_action_new ("query.run")));
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

/* The library's menu: saving, the ready queries, the saved ones. */
static void
library_rebuild (HsQueryView *self)
{
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GMenu) actions = g_menu_new ();
  g_autoptr (GMenu) ready = g_menu_new ();
  g_autoptr (GMenu) saved = g_menu_new ();
  g_menu_append (actions, _ ("Save This Query"), "query.save");
  if (self->saved->len)
    g_menu_append (actions, _ ("Forget the Saved Queries"), "query.forget-saved");
  for (guint i = 0; i < G_N_ELEMENTS (library); i++)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_ (library[i].title), NULL);
      g_menu_item_set_action_and_target_value (item, "query.library", g_variant_new_uint32 (i));
      g_menu_append_item (ready, item);
    }
  for (guint i = 0; i < self->saved->len; i++)
    {
      g_autofree char *one_line = g_strndup (g_ptr_array_index (self->saved, i), 80);
      g_strdelimit (one_line, "\n\r\t", ' ');
      g_autoptr (GMenuItem) item = g_menu_item_new (one_line, NULL);
      g_menu_item_set_action_and_target_value (item, "query.saved", g_variant_new_uint32 (i));
      g_menu_append_item (saved, item);
    }
  g_menu_append_section (menu, NULL, G_MENU_MODEL (actions));
  g_menu_append_section (menu, _ ("Ready"), G_MENU_MODEL (ready));
  if (self->saved->len)
    g_menu_append_section (menu, _ ("Saved"), G_MENU_MODEL (saved));
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->library_button), G_MENU_MODEL (menu));
}

static void
action_save (GtkWidget *w, const char *name, GVariant *param)
{
  HsQueryView *self = HS_QUERY_VIEW (w);
  g_autofree char *text = hs_query_view_get_text (self);
  for (guint i = 0; i < self->saved->len; i++)
    if (g_str_equal (g_ptr_array_index (self->saved, i), text))
      return;
  if (self->saved->len >= 200)
    g_ptr_array_remove_index (self->saved, 0);
  g_ptr_array_add (self->saved, g_steal_pointer (&text));
  store_list (self, "saved-queries", self->saved);
  library_rebuild (self);
}

static void
action_forget_saved (GtkWidget *w, const char *name, GVariant *param)
{
  HsQueryView *self = HS_QUERY_VIEW (w);
  g_ptr_array_set_size (self->saved, 0);
  store_list (self, "saved-queries", self->saved);
  library_rebuild (self);
}

static void
action_saved (GtkWidget *w, const char *name, GVariant *param)
{
  HsQueryView *self = HS_QUERY_VIEW (w);
  guint i = g_variant_get_uint32 (param);
  if (i < self->saved->len)
    {
      g_autofree char *q = g_strdup (g_ptr_array_index (self->saved, i));
      hs_query_view_set_text (self, q);
    }
}

static void
hs_query_view_init (HsQueryView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  hs_view_add_export_button (HS_VIEW (self), gtk_widget_get_parent (GTK_WIDGET (self->status)));
  self->titles = g_ptr_array_new_with_free_func (g_free);
  self->history = g_ptr_array_new_with_free_func (g_free);
  self->cancellable = g_cancellable_new ();
  self->store = g_list_store_new (HS_TYPE_QUERY_ROW);
  self->sorted
      = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                 g_object_ref (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->table))));
  /* Several rows at a time: the bar below computes what the objects of
   * the rows selected retain together. */
  self->selection = gtk_multi_selection_new (G_LIST_MODEL (self->sorted));
  g_signal_connect_object (self->selection, "selection-changed", G_CALLBACK (on_selection_changed), self, 0);
  hs_selection_bar_set_collect_func (self->selection_bar, collect_selection, self);
  gtk_column_view_set_model (GTK_COLUMN_VIEW (self->table), GTK_SELECTION_MODEL (self->selection));
  self->saved = g_ptr_array_new_with_free_func (g_free);
  self->settings = hs_settings_new_if_installed ();
  load_list (self, "query-history", self->history, HISTORY_MAX);
  load_list (self, "saved-queries", self->saved, 200);
  setup_editor (self);
  library_rebuild (self);
  history_rebuild (self);
  update_status (self);
}

/* ---- the API ------------------------------------------------------------------ */

void
hs_query_view_set_text (HsQueryView *self, const char *text)
{
  g_return_if_fail (HS_IS_QUERY_VIEW (self));
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor)), text, -1);
}

char *
hs_query_view_get_text (HsQueryView *self)
{
  GtkTextIter s, e;
  GtkTextBuffer *buf = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor));
  gtk_text_buffer_get_bounds (buf, &s, &e);
  return gtk_text_buffer_get_text (buf, &s, &e, FALSE);
}

void
hs_query_view_set_unreachable (HsQueryView *self, gboolean unreachable)
{
  gtk_check_button_set_active (GTK_CHECK_BUTTON (self->unreachable_check), unreachable);
}

gboolean
hs_query_view_is_running (HsQueryView *self)
{
  return self->running;
}

guint
hs_query_view_get_n_columns (HsQueryView *self)
{
  return self->titles->len;
}

const char *
hs_query_view_get_column_title (HsQueryView *self, guint column)
{
  return column < self->titles->len ? g_ptr_array_index (self->titles, column) : NULL;
}

guint
hs_query_view_get_n_rows (HsQueryView *self)
{
  return g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
}

const char *
hs_query_view_get_cell (HsQueryView *self, guint row, guint column)
{
  g_autoptr (HsQueryRow) r = g_list_model_get_item (G_LIST_MODEL (self->sorted), row);
  /* The store keeps the row alive after the local reference goes. */
  return r ? hs_query_row_cell (r, column) : NULL;
}

guint64
hs_query_view_get_total (HsQueryView *self)
{
  return self->total;
}

void
hs_query_view_sort_by (HsQueryView *self, guint column, GtkSortType order)
{
  g_autoptr (GtkColumnViewColumn) col
      = g_list_model_get_item (gtk_column_view_get_columns (GTK_COLUMN_VIEW (self->table)), column);
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->table), col, order);
}

gboolean
hs_query_view_activate_row (HsQueryView *self, guint row)
{
  g_autoptr (HsQueryRow) r = g_list_model_get_item (G_LIST_MODEL (self->sorted), row);
  if (!r || r->object == HS_OBJ_NONE)
    return FALSE;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.inspect", "u", (guint32)r->object);
  return TRUE;
}

const char *
hs_query_view_get_error (HsQueryView *self)
{
  return self->error;
}

void
hs_query_view_get_cursor (HsQueryView *self, guint *line, guint *column)
{
  GtkTextBuffer *buf = gtk_text_view_get_buffer (GTK_TEXT_VIEW (self->editor));
  GtkTextIter it;
  gtk_text_buffer_get_iter_at_mark (buf, &it, gtk_text_buffer_get_insert (buf));
  *line = (guint)gtk_text_iter_get_line (&it) + 1;
  *column = (guint)gtk_text_iter_get_line_offset (&it) + 1;
}

char *
hs_query_view_get_csv (HsQueryView *self)
{
  GString *out = g_string_new (NULL);

  hs_view_write_csv (HS_VIEW (self), out);
  return g_string_free (out, FALSE);
}

guint
hs_query_view_get_n_library (void)
{
  return G_N_ELEMENTS (library);
}

const char *
hs_query_view_get_library_title (guint index)
{
  return index < G_N_ELEMENTS (library) ? _ (library[index].title) : NULL;
}

const char *
hs_query_view_get_library_query (guint index)
{
  return index < G_N_ELEMENTS (library) ? library[index].query : NULL;
}

guint
hs_query_view_get_n_saved (HsQueryView *self)
{
  return self->saved->len;
}

const char *
hs_query_view_get_saved (HsQueryView *self, guint index)
{
  return index < self->saved->len ? g_ptr_array_index (self->saved, index) : NULL;
}

guint
hs_query_view_get_n_history (HsQueryView *self)
{
  return self->history->len;
}

const char *
hs_query_view_get_history (HsQueryView *self, guint index)
{
  return index < self->history->len ? g_ptr_array_index (self->history, index) : NULL;
}
