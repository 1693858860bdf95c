/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-threads-view.c: the Threads view (see hs-threads-view.h). The table's
 * rows are small HsThreadItem objects (hs-thread-item.c: one per thread,
 * hundreds at most), its columns, cells and sorters are declared in the
 * template over their properties; the stack below is a list box rebuilt
 * for each selected thread. */
#include "config.h"
#include "hs-threads-view.h"
#include "hs-thread-item.h"
#include "hs-threads.h"
#include "hs-timing.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

/* ---- the view ------------------------------------------------------------ */

struct _HsThreadsView
{
  HsView parent_instance;

  GtkBox *box;
  GtkLabel *status;
  GtkColumnView *table;
  GtkColumnViewColumn *retained_column;
  GtkColumnViewColumn *stack_retained_column;
  GtkListBox *stack_list;

  HsThreads *threads;
  GListStore *store;
  GtkSingleSelection *selection;
  gboolean ready;
  HsObj pending_thread; /* to select once the threads are read */
  guint scroll_to;      /* the row to bring into sight */
  guint scroll_source;
  /* The size column the table is sorted by (NULL: another), and the
   * one a size sorter saw first while armed (see on_sort_changed). */
  GtkColumnViewColumn *sort_column;
  GtkColumnViewColumn *spy_column;
  gboolean spy_armed;
};

G_DEFINE_FINAL_TYPE (HsThreadsView, hs_threads_view, HS_TYPE_VIEW)

typedef struct
{
  HsAnalysis *analysis; /* borrowed: the loader (held by the task's view) keeps it */
} ReadJob;

static void
read_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  ReadJob *job = data;
  if (g_task_return_error_if_cancelled (task))
    return;
  HsThreads *ts = hs_threads_read (job->analysis->heap, job->analysis->dom);
  hs_threads_compute_stack_retained (ts, job->analysis->heap);
  g_task_return_pointer (task, ts, (GDestroyNotify)hs_threads_free);
}

/* The table's cells are templates (ui/hs-threads-view.ui); these are the
 * closures they call. A size as text. */
static char *
thread_cell_bytes (GtkListItem *item, guint64 bytes)
{
  return hs_format_bytes (bytes);
}

/* Numbers in tabular figures; the thread holding the most stands out. */
static GStrv
thread_cell_classes (GtkListItem *item, gboolean top, gboolean numeric)
{
  g_autoptr (GStrvBuilder) classes = g_strv_builder_new ();

  if (numeric)
    g_strv_builder_add (classes, "numeric");
  if (top)
    g_strv_builder_add (classes, "heading");
  return g_strv_builder_end (classes);
}

static void
clear_stack (HsThreadsView *self)
{
  GtkWidget *c;
  while ((c = gtk_widget_get_first_child (GTK_WIDGET (self->stack_list))) != NULL)
    gtk_list_box_remove (self->stack_list, c);
}

static void
add_stack_row (HsThreadsView *self, const char *text, HsObj obj, gboolean frame)
{
  g_autofree char *shown = hs_name_breakable (text);
  GtkWidget *label = gtk_label_new (shown);
  g_autoptr (PangoAttrList) attrs = pango_attr_list_new ();

  /* A line wider than the pane wraps between words and a name's parts,
   * never hyphenated: a frame or a local is read whole at any width. */
  pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
  gtk_label_set_attributes (GTK_LABEL (label), attrs);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  g_object_set_data_full (G_OBJECT (label), "hs-text", g_strdup (text), g_free);
  gtk_widget_add_css_class (label, "monospace");
  gtk_widget_set_margin_start (label, frame ? 12 : 36);
  gtk_widget_set_margin_top (label, 2);
  gtk_widget_set_margin_bottom (label, 2);
  GtkWidget *row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), label);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), obj != HS_OBJ_NONE);
  if (obj != HS_OBJ_NONE)
    {
      g_object_set_data (G_OBJECT (row), "hs-obj", GUINT_TO_POINTER (obj + 1));
      gtk_widget_set_tooltip_text (row, _ ("Open in the inspector"));
    }
  else if (!frame)
    gtk_widget_add_css_class (label, "dim-label");
  gtk_list_box_append (self->stack_list, row);
}

static void
show_thread (HsThreadsView *self, const HsThread *t)
{
  clear_stack (self);
  if (t == NULL)
    return;
  if (!t->has_stack)
    add_stack_row (self, _ ("No stack trace in the dump for this thread; its roots:"), HS_OBJ_NONE, TRUE);
  for (guint k = 0; k < t->n_frames; k++)
    {
      const HsThreadFrame *f = &t->frames[k];
      g_autofree char *text = hs_thread_frame_text (f);
      g_autofree char *line = g_strdup_printf ("at %s", text);
      add_stack_row (self, line, HS_OBJ_NONE, TRUE);
      for (guint j = 0; j < f->n_locals; j++)
        {
          const HsThreadLocal *l = &f->locals[j];
          g_autofree char *ret = hs_format_bytes (l->retained);
          g_autofree char *sh = hs_format_bytes (l->shallow);
          g_autofree char *who
              = g_strdup_printf ("%s@0x%" G_GINT64_MODIFIER "x", l->class_name ? l->class_name : "?", l->id);
          /* Translators: a local of a stack frame: class@id, its shallow and retained sizes */
          g_autofree char *s = g_strdup_printf (_ ("local %s  shallow %s, retained %s"), who, sh, ret);
          add_stack_row (self, s, l->obj, FALSE);
        }
    }
  if (t->n_frames == 0)
    add_stack_row (self, _ ("No frames and no locals"), HS_OBJ_NONE, FALSE);
}

static void
on_selected (GtkSingleSelection *sel, GParamSpec *pspec, HsThreadsView *self)
{
  HsThreadItem *it = gtk_single_selection_get_selected_item (sel);
  show_thread (self, it && self->threads ? &self->threads->threads[it->index] : NULL);
}

static void
on_local_activated (GtkListBox *box, GtkListBoxRow *row, HsThreadsView *self)
{
  guint obj = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "hs-obj"));
  if (obj == 0)
    return;
  gtk_widget_activate_action (GTK_WIDGET (self), "win.inspect", "u", (guint32)(obj - 1));
}

/* GTK 4.8's column view cannot scroll to a row: the table's own list view
 * scrolls to a row with its "list.scroll-to-item" action, once its rows
 * are laid out (asked before, with rows just added, it stays where it
 * is): after the next frame. */
static gboolean
scroll_idle (gpointer data)
{
  HsThreadsView *self = data;

  self->scroll_source = 0;
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->table)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LIST_VIEW (c))
      gtk_widget_activate_action (c, "list.scroll-to-item", "u", self->scroll_to);
  return G_SOURCE_REMOVE;
}

/* Selects a row of the table and brings it into sight. */
static void
select_position (HsThreadsView *self, guint pos)
{
  gtk_single_selection_set_selected (self->selection, pos);
  self->scroll_to = pos;
  if (self->scroll_source == 0)
    self->scroll_source = g_idle_add (scroll_idle, self);
}

static void
read_done (GObject *source, GAsyncResult *res, gpointer data)
{
  HsThreadsView *self = HS_THREADS_VIEW (source);
  g_autoptr (GError) error = NULL;
  /* The view's cancellable is cancelled when it is cleared or goes: a
   * result for an older loader comes back cancelled. */
  HsThreads *ts = g_task_propagate_pointer (G_TASK (res), &error);
  if (hs_task_failed (GTK_WIDGET (self), error, _ ("Could not read the threads")))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (self->status, _ ("The threads could not be read."));
      return;
    }
  gint64 start = g_get_monotonic_time ();
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);
  self->threads = ts;
  int top = hs_threads_top (ts);
  /* Sorted by stack retained, largest first, before the rows arrive: the
   * top thread is row 0. */
  gtk_column_view_sort_by_column (self->table, self->stack_retained_column, GTK_SORT_DESCENDING);
  self->sort_column = self->stack_retained_column;
  for (guint i = 0; i < ts->n_threads; i++)
    {
      const HsThread *t = &ts->threads[i];
      HsThreadItem *it = g_object_new (HS_TYPE_THREAD_ITEM, NULL);
      it->index = i;
      it->name = g_strdup (t->name ? t->name : _ ("(no name)"));
      it->id = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", t->id);
      it->daemon = g_strdup (t->daemon < 0 ? "" : t->daemon ? _ ("daemon") : "");
      it->state = g_strdup (t->state ? t->state : "");
      it->retained = t->retained;
      it->stack_retained = t->stack_retained;
      it->top = (int)i == top && t->stack_retained > 0;
      g_ptr_array_add (items, it);
    }
  /* All at once: appended one by one, the table followed the last row and
   * opened scrolled to the bottom, away from the selected thread. */
  g_list_store_splice (self->store, 0, 0, items->pdata, items->len);
  if (ts->n_threads == 0)
    gtk_label_set_text (self->status, _ ("This dump holds no threads."));
  else
    {
      g_autofree char *s = g_strdup_printf (
          g_dngettext (
              GETTEXT_PACKAGE, "%u thread; the one whose stack holds the most is in bold and selected.",
              "%u threads; the one whose stack holds the most is in bold and selected.", ts->n_threads),
          ts->n_threads);
      gtk_label_set_text (self->status, s);
    }
  if (ts->n_threads > 0)
    select_position (self, 0);
  on_selected (self->selection, NULL, self);
  self->ready = TRUE;
  if (self->pending_thread != HS_OBJ_NONE)
    hs_threads_view_show_thread (self, self->pending_thread);
  if (hs_timing_enabled ())
    hs_timing_span (start, "threads shown (%u)", ts->n_threads);
}

static void
hs_threads_view_fill (HsView *view, HsLoader *loader)
{
  HsThreadsView *self = HS_THREADS_VIEW (view);
  HsAnalysis *a = hs_loader_get_analysis (loader);
  if (a == NULL)
    return;
  gtk_label_set_text (self->status, _ ("Reading the threads…"));
  g_autoptr (GTask) task = g_task_new (self, hs_view_get_cancellable (view), read_done, NULL);
  ReadJob *job = g_new0 (ReadJob, 1);
  job->analysis = a;
  g_task_set_task_data (task, job, g_free);
  /* The loader must outlive the worker's use of its analysis. */
  g_object_set_data_full (G_OBJECT (task), "hs-loader", g_object_ref (loader), g_object_unref);
  g_task_run_in_thread (task, read_thread);
}

static void
hs_threads_view_clear (HsView *view)
{
  HsThreadsView *self = HS_THREADS_VIEW (view);
  self->ready = FALSE;
  self->pending_thread = HS_OBJ_NONE;
  clear_stack (self);
  g_list_store_remove_all (self->store);
  g_clear_pointer (&self->threads, hs_threads_free);
  gtk_label_set_text (self->status, "");
}

static void
hs_threads_view_dispose (GObject *object)
{
  HsThreadsView *self = HS_THREADS_VIEW (object);
  if (self->table != NULL)
    g_signal_handlers_disconnect_by_data (gtk_column_view_get_sorter (self->table), self);
  g_clear_handle_id (&self->scroll_source, g_source_remove);
  g_clear_pointer (&self->threads, hs_threads_free);
  g_clear_object (&self->selection);
  g_clear_object (&self->store);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_THREADS_VIEW);
  G_OBJECT_CLASS (hs_threads_view_parent_class)->dispose (object);
}

/* Export: one row per frame (hs_thread_to_csv), the threads in the
 * table's order. */
static gboolean
hs_threads_view_write_csv (HsView *view, GString *out)
{
  HsThreadsView *self = HS_THREADS_VIEW (view);
  GListModel *rows = G_LIST_MODEL (self->selection);
  HsCsv csv;

  if (self->threads == NULL || !self->ready)
    return FALSE;
  hs_csv_init (&csv, out);
  hs_threads_csv_header (&csv);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (HsThreadItem) it = g_list_model_get_item (rows, i);
      hs_thread_to_csv (&self->threads->threads[it->index], &csv);
    }
  return TRUE;
}

/* ---- sorting ------------------------------------------------------------- */

/* The size columns' sorters: smaller first (ascending, the order GTK's
 * arrow says); each notes that it was asked first while the view is
 * armed, which tells on_sort_changed the column the table sorts by. */
static int
compare_sizes (HsThreadsView *self, GtkColumnViewColumn *column, guint64 x, guint64 y)
{
  if (self->spy_armed)
    {
      self->spy_armed = FALSE;
      self->spy_column = column;
    }
  return x < y ? -1 : x > y;
}

static int
compare_retained (gconstpointer a, gconstpointer b, gpointer data)
{
  HsThreadsView *self = data;
  return compare_sizes (self, self->retained_column, ((const HsThreadItem *)a)->retained,
                        ((const HsThreadItem *)b)->retained);
}

static int
compare_stack_retained (gconstpointer a, gconstpointer b, gpointer data)
{
  HsThreadsView *self = data;
  return compare_sizes (self, self->stack_retained_column, ((const HsThreadItem *)a)->stack_retained,
                        ((const HsThreadItem *)b)->stack_retained);
}

/* A header was clicked (or the view sorted): a size column clicked first
 * sorts biggest first (GTK starts a column ascending), as MAT does, with
 * GTK's descending arrow; the next click turns it (any new order shows
 * its first rows: hs_column_view_scroll_top_on_sort). Two rows compared by the table's sorter tell its
 * column (the first sorter asked) and, against that column's own
 * answer, its direction. */
static void
on_sort_changed (GtkSorter *sorter, GtkSorterChange change, HsThreadsView *self)
{
  GListModel *rows = G_LIST_MODEL (self->store);
  guint n = rows != NULL ? g_list_model_get_n_items (rows) : 0;
  GtkColumnViewColumn *was = self->sort_column;
  GtkSortType order = GTK_SORT_ASCENDING;

  self->sort_column = NULL;
  for (guint i = 1; i < n; i++)
    {
      g_autoptr (HsThreadItem) a = g_list_model_get_item (rows, 0);
      g_autoptr (HsThreadItem) b = g_list_model_get_item (rows, i);
      int r, own;

      self->spy_column = NULL;
      self->spy_armed = TRUE;
      r = gtk_sorter_compare (sorter, a, b);
      self->spy_armed = FALSE;
      if (self->spy_column == NULL)
        break;
      own = self->spy_column == self->retained_column
                ? compare_sizes (self, NULL, a->retained, b->retained)
                : compare_sizes (self, NULL, a->stack_retained, b->stack_retained);
      if (own == 0)
        continue;
      self->sort_column = self->spy_column;
      order = r == own ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING;
      break;
    }
  if (self->sort_column != NULL && self->sort_column != was && order == GTK_SORT_ASCENDING)
    gtk_column_view_sort_by_column (self->table, self->sort_column, GTK_SORT_DESCENDING);
}

static void
hs_threads_view_class_init (HsThreadsViewClass *klass)
{
  GObjectClass *oc = G_OBJECT_CLASS (klass);
  GtkWidgetClass *wc = GTK_WIDGET_CLASS (klass);
  HsViewClass *vc = HS_VIEW_CLASS (klass);
  oc->dispose = hs_threads_view_dispose;
  vc->fill = hs_threads_view_fill;
  vc->clear = hs_threads_view_clear;
  vc->write_csv = hs_threads_view_write_csv;
  hs_view_class_set_page (vc, "threads", _ ("Threads"), NULL, TRUE, "threads filled");
  g_type_ensure (HS_TYPE_THREAD_ITEM);
  gtk_widget_class_set_template_from_resource (wc, "/org/heapscope/Heapscope/ui/hs-threads-view.ui");
  gtk_widget_class_bind_template_child (wc, HsThreadsView, box);
  gtk_widget_class_bind_template_child (wc, HsThreadsView, status);
  gtk_widget_class_bind_template_child (wc, HsThreadsView, table);
  gtk_widget_class_bind_template_child (wc, HsThreadsView, stack_list);
  gtk_widget_class_bind_template_child (wc, HsThreadsView, retained_column);
  gtk_widget_class_bind_template_child (wc, HsThreadsView, stack_retained_column);
  gtk_widget_class_bind_template_callback (wc, thread_cell_bytes);
  gtk_widget_class_bind_template_callback (wc, thread_cell_classes);
  gtk_widget_class_bind_template_callback (wc, on_local_activated);
}

static void
hs_threads_view_init (HsThreadsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  hs_column_view_set_header_tooltip (self->table, self->retained_column, hs_retained_size_tooltip ());
  self->pending_thread = HS_OBJ_NONE;
  self->store = g_list_store_new (HS_TYPE_THREAD_ITEM);
  {
    g_autoptr (GtkSorter) retained = GTK_SORTER (gtk_custom_sorter_new (compare_retained, self, NULL));
    g_autoptr (GtkSorter) stack = GTK_SORTER (gtk_custom_sorter_new (compare_stack_retained, self, NULL));
    gtk_column_view_column_set_sorter (self->retained_column, retained);
    gtk_column_view_column_set_sorter (self->stack_retained_column, stack);
  }
  g_signal_connect (gtk_column_view_get_sorter (self->table), "changed", G_CALLBACK (on_sort_changed), self);
  hs_column_view_scroll_top_on_sort (self->table);
  GtkSortListModel *sorted = gtk_sort_list_model_new (
      G_LIST_MODEL (g_object_ref (self->store)), g_object_ref (gtk_column_view_get_sorter (self->table)));
  self->selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_column_view_set_model (self->table, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect (self->selection, "notify::selected-item", G_CALLBACK (on_selected), self);
  hs_view_add_export_button (HS_VIEW (self), gtk_widget_get_parent (GTK_WIDGET (self->status)));
}

gboolean
hs_threads_view_is_ready (HsThreadsView *self)
{
  g_return_val_if_fail (HS_IS_THREADS_VIEW (self), FALSE);
  return self->ready;
}

guint
hs_threads_view_get_n_rows (HsThreadsView *self)
{
  g_return_val_if_fail (HS_IS_THREADS_VIEW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->selection));
}

const char *
hs_threads_view_get_row_name (HsThreadsView *self, guint row)
{
  g_return_val_if_fail (HS_IS_THREADS_VIEW (self), NULL);
  g_autoptr (HsThreadItem) it = g_list_model_get_item (G_LIST_MODEL (self->selection), row);
  return it ? self->threads->threads[it->index].name : NULL;
}

void
hs_threads_view_select_row (HsThreadsView *self, guint row)
{
  g_return_if_fail (HS_IS_THREADS_VIEW (self));
  select_position (self, row);
}

char *
hs_threads_view_get_stack_text (HsThreadsView *self)
{
  g_return_val_if_fail (HS_IS_THREADS_VIEW (self), NULL);
  GString *s = g_string_new (NULL);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->stack_list)); row;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *label = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
      g_string_append_printf (s, "%s\n", (const char *)g_object_get_data (G_OBJECT (label), "hs-text"));
    }
  return g_string_free (s, FALSE);
}

gboolean
hs_threads_view_activate_local (HsThreadsView *self, guint n)
{
  g_return_val_if_fail (HS_IS_THREADS_VIEW (self), FALSE);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->stack_list)); row;
       row = gtk_widget_get_next_sibling (row))
    if (g_object_get_data (G_OBJECT (row), "hs-obj") && n-- == 0)
      {
        g_signal_emit_by_name (self->stack_list, "row-activated", row);
        return TRUE;
      }
  return FALSE;
}

gboolean
hs_threads_view_show_thread (HsThreadsView *self, HsObj thread_obj)
{
  GListModel *rows;

  g_return_val_if_fail (HS_IS_THREADS_VIEW (self), FALSE);
  if (!self->ready)
    {
      self->pending_thread = thread_obj;
      return FALSE;
    }
  self->pending_thread = HS_OBJ_NONE;
  rows = G_LIST_MODEL (self->selection);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (HsThreadItem) it = g_list_model_get_item (rows, i);
      if (self->threads->threads[it->index].obj == thread_obj)
        {
          select_position (self, i);
          return TRUE;
        }
    }
  return FALSE;
}
