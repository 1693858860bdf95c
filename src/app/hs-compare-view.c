/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-compare-view.c: the "compare" view (see the header). The layout is
 * the template ui/hs-compare-view.ui; the columns, each with its own
 * sorter, are made here, their cells in hs-compare-cells.c. The table is
 * not a GtkSortListModel: the list (HsCompareList) orders an array of row
 * indexes itself, so no row object exists until it is shown; the column
 * view's sorter only tells which header was clicked. The instances of the
 * class selected are listed by the pane below (HsInstancesPane). */
#include "config.h"
#include "hs-compare-view.h"
#include "hs-compare-item.h"
#include "hs-csv-export.h"
#include "hs-compare-cells-private.h"
#include "hs-instances-pane.h"
#include "hs-format.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

typedef struct
{
  HsCompareView *self;
  guint column;
} ColumnSpy;

struct _HsCompareView
{
  HsView parent_instance;

  /* template */
  GtkStack *stack;
  GtkLabel *empty_message;
  GtkLabel *loading_title;
  GtkLabel *loading_phase;
  GtkProgressBar *loading_progress;
  GtkLabel *error_message;
  GtkBox *box;
  GtkSearchEntry *search;
  GtkToggleButton *unchanged_toggle;
  GtkLabel *summary;
  GtkLabel *sides;
  GtkLabel *warning;
  GtkColumnView *column_view;
  GtkColumnView *name_view; /* the class column, pinned beside column_view */
  GtkScrolledWindow *name_scroller;
  GtkScrolledWindow *table_scroller;
  HsInstancesPane *instances_pane;

  GtkColumnViewColumn *view_columns[HS_COMPARE_N_COLUMNS];
  GtkSorter *sorters[HS_COMPARE_N_COLUMNS];
  ColumnSpy spies[HS_COMPARE_N_COLUMNS];
  GtkSingleSelection *selection;

  HsLoader *baseline; /* while the baseline is analysed */
  GBinding *bindings[2];
  HsCompareList *list; /* the comparison shown */

  /* GTK 4.8 has no getters on GtkColumnViewSorter: the sort is kept here
   * (see on_sorter_changed). */
  HsCompareField sort_field;
  GtkSortType sort_order;
  gboolean spy_armed;
  gboolean resetting; /* the other columns' sorters are being reset */
  guint spy_column;
  int spy_result;
  char *query;
  gboolean show_unchanged; /* the toggle: every row, not only those that changed */

  gboolean disposed;
};

G_DEFINE_FINAL_TYPE (HsCompareView, hs_compare_view, HS_TYPE_VIEW)

/* ---------------------------------------------------------------------- */
/* sorting                                                                */

/* A column's own ("ascending") order; when armed, it also notes that it
 * was asked, and its answer. */
static int
column_compare (gconstpointer a, gconstpointer b, gpointer data)
{
  ColumnSpy *spy = data;
  HsCompareView *self = spy->self;
  int r = hs_compare_row_cmp_ascending (hs_compare_item_get_row ((HsCompareItem *)a),
                                        hs_compare_item_get_row ((HsCompareItem *)b),
                                        hs_compare_column_field (spy->column));

  if (self->spy_armed)
    {
      self->spy_armed = FALSE;
      self->spy_column = spy->column;
      self->spy_result = r;
    }
  return r;
}

/* The column view column c is in: the class column's own, or the table. */
static GtkColumnView *
view_of (HsCompareView *self, guint c)
{
  return hs_compare_column_field (c) == HS_COMPARE_NAME ? self->name_view
                                                        : GTK_COLUMN_VIEW (self->column_view);
}

static void
apply_sort (HsCompareView *self)
{
  if (self->list != NULL)
    hs_compare_list_set_sort (self->list, self->sort_field, self->sort_order == GTK_SORT_DESCENDING);
}

/* GTK 4.8 redraws the sort arrow of the column clicked only: the one
 * clicked before keeps its arrow. The column view's sorter is taken back
 * to the primary column alone (the order is ours anyway), which updates
 * the others' headers. */
static void
reset_other_columns (HsCompareView *self)
{
  if (self->resetting)
    return;
  self->resetting = TRUE;
  for (guint c = 0; c < HS_COMPARE_N_COLUMNS; c++)
    if (hs_compare_column_field (c) != self->sort_field)
      {
        gtk_column_view_column_set_sorter (self->view_columns[c], NULL);
        gtk_column_view_column_set_sorter (self->view_columns[c], self->sorters[c]);
      }
  self->resetting = FALSE;
}

/* A header was clicked: the column view's sorter asks its primary column
 * first and inverts its answer when descending; comparing two rows of
 * different names (every column's order is total) tells which column and
 * which direction. */
static void
on_sorter_changed (GtkSorter *sorter, GtkSorterChange change, HsCompareView *self)
{
  g_autoptr (GObject) a = NULL;
  g_autoptr (GObject) b = NULL;
  int r;

  if (self->resetting || self->list == NULL || g_list_model_get_n_items (G_LIST_MODEL (self->list)) < 2)
    return;
  a = g_list_model_get_item (G_LIST_MODEL (self->list), 0);
  b = g_list_model_get_item (G_LIST_MODEL (self->list), 1);
  self->spy_armed = TRUE;
  r = gtk_sorter_compare (sorter, a, b);
  if (!self->spy_armed && self->spy_result != 0)
    {
      self->sort_field = hs_compare_column_field (self->spy_column);
      self->sort_order = r == self->spy_result ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING;
    }
  self->spy_armed = FALSE;
  g_clear_object (&a);
  g_clear_object (&b);
  apply_sort (self);
  reset_other_columns (self);
}

void
hs_compare_view_sort_by_column (HsCompareView *self, HsCompareField field, GtkSortType order)
{
  g_return_if_fail (HS_IS_COMPARE_VIEW (self));

  for (guint c = 0; c < HS_COMPARE_N_COLUMNS; c++)
    if (hs_compare_column_field (c) == field)
      {
        self->sort_field = field;
        self->sort_order = order;
        gtk_column_view_sort_by_column (view_of (self, c), self->view_columns[c], order);
        apply_sort (self);
        reset_other_columns (self);
        return;
      }
  g_return_if_reached ();
}

void
hs_compare_view_get_sort (HsCompareView *self, HsCompareField *field, GtkSortType *order)
{
  g_return_if_fail (HS_IS_COMPARE_VIEW (self));
  if (field != NULL)
    *field = self->sort_field;
  if (order != NULL)
    *order = self->sort_order;
}

void
hs_compare_view_set_filter (HsCompareView *self, const char *text)
{
  g_return_if_fail (HS_IS_COMPARE_VIEW (self));

  g_free (self->query);
  self->query = g_strdup (text);
  if (self->list != NULL)
    hs_compare_list_set_filter (self->list, text);
}

static void
on_search_changed (GtkSearchEntry *entry, HsCompareView *self)
{
  hs_compare_view_set_filter (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

void
hs_compare_view_set_show_unchanged (HsCompareView *self, gboolean show)
{
  g_return_if_fail (HS_IS_COMPARE_VIEW (self));

  self->show_unchanged = !!show;
  if (self->list != NULL)
    hs_compare_list_set_changed_only (self->list, !show);
  if (gtk_toggle_button_get_active (self->unchanged_toggle) != self->show_unchanged)
    gtk_toggle_button_set_active (self->unchanged_toggle, self->show_unchanged);
}

static void
on_unchanged_toggled (GtkToggleButton *toggle, HsCompareView *self)
{
  hs_compare_view_set_show_unchanged (self, gtk_toggle_button_get_active (toggle));
}

/* ---------------------------------------------------------------------- */
/* instances                                                              */

#define PANE(self) HS_INSTANCES_PANE ((self)->instances_pane)

/* Every class of that name (one per class loader), as the row sums them,
 * "in this dump"; a long list's first page while the rest is sorted, as
 * in the classes view. */
static void
show_instances (HsCompareView *self, const char *name)
{
  if (hs_view_get_analysis (HS_VIEW (self)) == NULL)
    return;
  /* The classes of the name are looked up on the worker. */
  hs_instances_pane_list_classes (PANE (self), hs_view_get_loader (HS_VIEW (self)), NULL, 0, name,
                                  HS_INSTANCES_PANE_IN_THIS_DUMP | HS_INSTANCES_PANE_FIRST_PAGE
                                      | HS_INSTANCES_PANE_ALL_NAMED);
}

static void
on_selected (GtkSingleSelection *selection, GParamSpec *pspec, HsCompareView *self)
{
  HsCompareItem *item = gtk_single_selection_get_selected_item (selection);

  if (item != NULL)
    show_instances (self, hs_compare_item_get_name (item));
}

void
hs_compare_view_select_class (HsCompareView *self, guint position)
{
  g_return_if_fail (HS_IS_COMPARE_VIEW (self));
  gtk_selection_model_select_item (GTK_SELECTION_MODEL (self->selection), position, TRUE);
}

GListModel *
hs_compare_view_get_instances (HsCompareView *self)
{
  g_return_val_if_fail (HS_IS_COMPARE_VIEW (self), NULL);
  return hs_instances_pane_get_instances (PANE (self));
}

/* ---------------------------------------------------------------------- */
/* the baseline                                                           */

static void
set_page (HsCompareView *self, const char *page)
{
  gtk_stack_set_visible_child_name (self->stack, page);
}

static void
stop_baseline (HsCompareView *self)
{
  g_clear_object (&self->bindings[0]);
  g_clear_object (&self->bindings[1]);
  if (self->baseline == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->baseline, self);
  hs_loader_cancel (self->baseline);
  g_clear_object (&self->baseline);
}

static void
forget_comparison (HsCompareView *self)
{
  hs_instances_pane_forget (PANE (self));
  gtk_single_selection_set_model (self->selection, NULL);
  g_clear_object (&self->list);
  gtk_label_set_text (self->summary, "");
  gtk_label_set_text (self->sides, "");
  gtk_label_set_text (self->warning, "");
  gtk_widget_set_visible (GTK_WIDGET (self->warning), FALSE);
}

static char *
side_text (const HsClassHistogram *h)
{
  g_autofree char *base = g_path_get_basename (h->file != NULL ? h->file : "");
  g_autofree char *objects = hs_format_count (h->objects);
  g_autofree char *bytes = hs_format_bytes (h->reachable_bytes);

  if (h->n_dumps > 1)
    return g_strdup_printf (_ ("%s (dump %u: %s objects, %s)"), base, h->dump + 1, objects, bytes);
  return g_strdup_printf (_ ("%s (%s objects, %s)"), base, objects, bytes);
}

/* Both histograms are made on the UI thread: one pass over the classes
 * and a sort of their names (milliseconds for tens of thousands). */
static void
show_comparison (HsCompareView *self, HsClassHistogram *baseline)
{
  HsAnalysis *a = hs_view_get_analysis (HS_VIEW (self));
  g_autofree char *summary = NULL, *rules = NULL, *before = NULL, *now = NULL, *sides = NULL;
  GString *warning = g_string_new (NULL);
  const HsCompare *cmp;

  self->list = hs_compare_list_new (hs_compare_new (baseline, hs_class_histogram_new (a)));
  cmp = hs_compare_list_get_compare (self->list);
  if (self->query != NULL)
    hs_compare_list_set_filter (self->list, self->query);
  hs_compare_list_set_changed_only (self->list, !self->show_unchanged);
  apply_sort (self);
  gtk_single_selection_set_model (self->selection, G_LIST_MODEL (self->list));
  gtk_single_selection_set_selected (self->selection, GTK_INVALID_LIST_POSITION);

  summary = hs_compare_summary (cmp);
  gtk_label_set_text (self->summary, summary);
  before = side_text (cmp->baseline);
  now = side_text (cmp->current);
  sides = g_strdup_printf (_ ("%s → now %s"), before, now);
  gtk_label_set_text (self->sides, sides);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->sides), sides);

  rules = hs_compare_warning (cmp);
  if (rules != NULL)
    g_string_append_printf (warning, _ ("Sizes follow different rules: %s."), rules);
  if (cmp->baseline->warning != NULL)
    g_string_append_printf (warning, "%s%s %s", warning->len ? "\n" : "", _ ("Baseline:"),
                            cmp->baseline->warning);
  gtk_label_set_text (self->warning, warning->str);
  gtk_widget_set_visible (GTK_WIDGET (self->warning), warning->len > 0);
  g_string_free (warning, TRUE);
  set_page (self, "table");
}

static void
on_baseline_state (HsLoader *loader, GParamSpec *pspec, HsCompareView *self)
{
  g_autoptr (HsLoader) done = NULL;
  g_autofree char *text = NULL;
  const GError *error;

  if (loader != self->baseline)
    return;
  switch (hs_loader_get_state (loader))
    {
      case HS_LOADER_DONE:
        {
          /* Only the class table is kept: the baseline's analysis goes with
         * its loader. */
          HsClassHistogram *h = hs_class_histogram_new (hs_loader_get_analysis (loader));
          done = g_object_ref (loader);
          stop_baseline (self);
          show_comparison (self, h);
        }
        break;
      case HS_LOADER_FAILED:
        error = hs_loader_get_error (loader);
        text = g_strdup_printf (_ ("The baseline %s could not be read: %s"), hs_loader_get_file_name (loader),
                                error != NULL ? error->message : _ ("Unknown error"));
        stop_baseline (self);
        gtk_label_set_text (self->error_message, text);
        set_page (self, "error");
        break;
      case HS_LOADER_CANCELLED:
        stop_baseline (self);
        set_page (self, "empty");
        break;
      case HS_LOADER_IDLE:
      case HS_LOADER_LOADING:
      default: break;
    }
}

gboolean
hs_compare_view_set_baseline (HsCompareView *self, GFile *file, int dump)
{
  HsAnalysis *a;
  HsAnalysisOptions opts = { 0 };
  g_autofree char *title = NULL;

  g_return_val_if_fail (HS_IS_COMPARE_VIEW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  hs_view_ensure_filled (HS_VIEW (self));
  a = hs_view_get_analysis (HS_VIEW (self));
  if (a == NULL)
    return FALSE;
  stop_baseline (self);
  forget_comparison (self);

  /* The numbers of both sides under the same options (docs/semantics.md); no
   * leak search: the comparison shows none of it. */
  opts.open.dump = MAX (dump, 0);
  opts.open.follow_weak = hs_heap_follow_weak (a->heap);
  opts.skip_leaks = TRUE;
  self->baseline = hs_loader_new (file, &opts);
  g_signal_connect (self->baseline, "notify::state", G_CALLBACK (on_baseline_state), self);
  self->bindings[0] = g_object_ref (g_object_bind_property (
      self->baseline, "fraction", self->loading_progress, "fraction", G_BINDING_SYNC_CREATE));
  self->bindings[1] = g_object_ref (
      g_object_bind_property (self->baseline, "phase", self->loading_phase, "label", G_BINDING_SYNC_CREATE));
  title = g_strdup_printf (_ ("Analysing the baseline %s"), hs_loader_get_file_name (self->baseline));
  gtk_label_set_text (self->loading_title, title);
  set_page (self, "loading");
  hs_loader_start (self->baseline);
  return TRUE;
}

gboolean
hs_compare_view_set_baseline_analysis (HsCompareView *self, HsAnalysis *baseline)
{
  HsAnalysis *a;

  g_return_val_if_fail (HS_IS_COMPARE_VIEW (self), FALSE);
  g_return_val_if_fail (baseline != NULL, FALSE);

  hs_view_ensure_filled (HS_VIEW (self));
  a = hs_view_get_analysis (HS_VIEW (self));
  if (a == NULL || a == baseline)
    return FALSE;
  stop_baseline (self);
  forget_comparison (self);
  /* Its class table, made now: the other tab may close later. */
  show_comparison (self, hs_class_histogram_new (baseline));
  return TRUE;
}

void
hs_compare_view_cancel (HsCompareView *self)
{
  g_return_if_fail (HS_IS_COMPARE_VIEW (self));
  if (self->baseline != NULL)
    hs_loader_cancel (self->baseline);
}

static void
on_cancel_clicked (GtkButton *button, HsCompareView *self)
{
  hs_compare_view_cancel (self);
}

void
hs_compare_view_drop_baseline (HsCompareView *self)
{
  g_return_if_fail (HS_IS_COMPARE_VIEW (self));
  stop_baseline (self);
  forget_comparison (self);
  set_page (self, "empty");
}

static void
on_drop_clicked (GtkButton *button, HsCompareView *self)
{
  hs_compare_view_drop_baseline (self);
}

/* A dump dropped on the view is the baseline (on the rest of the window
 * it opens instead). */
static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, HsCompareView *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST) || (files = g_value_get_boxed (value)) == NULL)
    return FALSE;
  if (!hs_compare_view_set_baseline (self, G_FILE (files->data), 0))
    return FALSE;
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* getters                                                                */

const char *
hs_compare_view_get_page (HsCompareView *self)
{
  g_return_val_if_fail (HS_IS_COMPARE_VIEW (self), NULL);
  return gtk_stack_get_visible_child_name (self->stack);
}

HsLoader *
hs_compare_view_get_baseline_loader (HsCompareView *self)
{
  g_return_val_if_fail (HS_IS_COMPARE_VIEW (self), NULL);
  return self->baseline;
}

const char *
hs_compare_view_get_error_text (HsCompareView *self)
{
  g_return_val_if_fail (HS_IS_COMPARE_VIEW (self), NULL);
  if (g_strcmp0 (hs_compare_view_get_page (self), "error") != 0)
    return NULL;
  return gtk_label_get_text (self->error_message);
}

const char *
hs_compare_view_get_summary (HsCompareView *self)
{
  g_return_val_if_fail (HS_IS_COMPARE_VIEW (self), NULL);
  return gtk_label_get_text (self->summary);
}

const char *
hs_compare_view_get_warning (HsCompareView *self)
{
  g_return_val_if_fail (HS_IS_COMPARE_VIEW (self), NULL);
  if (!gtk_widget_get_visible (GTK_WIDGET (self->warning)))
    return NULL;
  return gtk_label_get_text (self->warning);
}

HsCompareList *
hs_compare_view_get_list (HsCompareView *self)
{
  g_return_val_if_fail (HS_IS_COMPARE_VIEW (self), NULL);
  return self->list;
}

/* ---------------------------------------------------------------------- */
/* the view                                                               */

static void
hs_compare_view_fill (HsView *view, HsLoader *loader)
{
  set_page (HS_COMPARE_VIEW (view), "empty");
}

/* Another dump (or none): its baseline is not this one's. */
static void
hs_compare_view_clear (HsView *view)
{
  /* After dispose the template's widgets are gone. */
  if (!HS_COMPARE_VIEW (view)->disposed)
    hs_compare_view_drop_baseline (HS_COMPARE_VIEW (view));
}

static void
hs_compare_view_dispose (GObject *object)
{
  HsCompareView *self = HS_COMPARE_VIEW (object);

  self->disposed = TRUE;
  stop_baseline (self);
  if (self->selection != NULL)
    gtk_single_selection_set_model (self->selection, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_COMPARE_VIEW);
  g_clear_object (&self->selection);
  g_clear_object (&self->list);
  G_OBJECT_CLASS (hs_compare_view_parent_class)->dispose (object);
}

static void
hs_compare_view_finalize (GObject *object)
{
  HsCompareView *self = HS_COMPARE_VIEW (object);

  for (guint c = 0; c < HS_COMPARE_N_COLUMNS; c++)
    g_clear_object (&self->sorters[c]);
  g_free (self->query);
  G_OBJECT_CLASS (hs_compare_view_parent_class)->finalize (object);
}

/* Export: the classes as the table shows them (filter, sort), every
 * figure of both dumps and the changes (hs_compare_row_to_csv). */
static gboolean
hs_compare_view_write_csv (HsView *view, GString *out)
{
  HsCompareView *self = HS_COMPARE_VIEW (view);
  GListModel *rows = gtk_single_selection_get_model (self->selection);
  HsCsv csv;

  if (self->list == NULL || rows == NULL)
    return FALSE;
  hs_csv_init (&csv, out);
  hs_compare_csv_header (&csv);
  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (HsCompareItem) item = g_list_model_get_item (rows, i);
      hs_compare_row_to_csv (hs_compare_item_get_row (item), &csv);
    }
  return TRUE;
}

static void
hs_compare_view_class_init (HsCompareViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  HsViewClass *view_class = HS_VIEW_CLASS (klass);

  object_class->dispose = hs_compare_view_dispose;
  object_class->finalize = hs_compare_view_finalize;
  view_class->fill = hs_compare_view_fill;
  view_class->clear = hs_compare_view_clear;
  view_class->write_csv = hs_compare_view_write_csv;
  hs_view_class_set_page (view_class, "compare", _ ("Compare"), NULL, TRUE, "compare filled");

  g_type_ensure (HS_TYPE_INSTANCES_PANE);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/heapscope/Heapscope/ui/hs-compare-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, stack);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, empty_message);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, loading_title);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, loading_phase);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, loading_progress);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, error_message);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, box);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, search);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, summary);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, sides);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, warning);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, column_view);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, name_view);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, name_scroller);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, table_scroller);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, instances_pane);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_unchanged_toggled);
  gtk_widget_class_bind_template_child (widget_class, HsCompareView, unchanged_toggle);
  gtk_widget_class_bind_template_callback (widget_class, on_cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_drop_clicked);
}

static void
add_column (HsCompareView *self, guint c)
{
  g_autoptr (GtkCustomSorter) sorter = NULL;
  GtkColumnViewColumn *column;
  gboolean name = hs_compare_column_field (c) == HS_COMPARE_NAME;

  column = gtk_column_view_column_new (hs_compare_column_title (c), hs_compare_cell_factory_new (c));
  /* The name wide enough to read, in its own view (pinned); the figures
   * share the rest. */
  if (name)
    gtk_column_view_column_set_fixed_width (column, 260);
  gtk_column_view_column_set_resizable (column, TRUE);
  self->spies[c].self = self;
  self->spies[c].column = c;
  sorter = gtk_custom_sorter_new (column_compare, &self->spies[c], NULL);
  self->sorters[c] = g_object_ref (GTK_SORTER (sorter));
  gtk_column_view_column_set_sorter (column, GTK_SORTER (sorter));
  gtk_column_view_append_column (view_of (self, c), column);
  self->view_columns[c] = column;
  g_object_unref (column);
}

static void
hs_compare_view_init (HsCompareView *self)
{
  GtkDropTarget *drop;

  gtk_widget_init_template (GTK_WIDGET (self));
  for (guint c = 0; c < HS_COMPARE_N_COLUMNS; c++)
    add_column (self, c);
  g_signal_connect_object (gtk_column_view_get_sorter (self->column_view), "changed",
                           G_CALLBACK (on_sorter_changed), self, G_CONNECT_AFTER);
  g_signal_connect_object (gtk_column_view_get_sorter (self->name_view), "changed",
                           G_CALLBACK (on_sorter_changed), self, G_CONNECT_AFTER);
  hs_column_view_scroll_top_on_sort (self->column_view);
  hs_column_view_scroll_top_on_sort (self->name_view);
  /* One vertical position for both: the rows stay side by side. */
  gtk_scrolled_window_set_vadjustment (self->name_scroller,
                                       gtk_scrolled_window_get_vadjustment (self->table_scroller));

  self->selection = gtk_single_selection_new (NULL);
  gtk_single_selection_set_autoselect (self->selection, FALSE);
  gtk_single_selection_set_can_unselect (self->selection, TRUE);
  g_signal_connect_object (self->selection, "notify::selected", G_CALLBACK (on_selected), self, 0);
  gtk_column_view_set_model (self->column_view, GTK_SELECTION_MODEL (self->selection));
  gtk_column_view_set_model (self->name_view, GTK_SELECTION_MODEL (self->selection));
  /* What grew first: shallow bytes (retained growth is beside it). */
  hs_compare_view_sort_by_column (self, HS_COMPARE_DELTA_SHALLOW, GTK_SORT_DESCENDING);
  gtk_search_entry_set_key_capture_widget (self->search, GTK_WIDGET (self->box));
  hs_view_add_export_button (HS_VIEW (self), gtk_widget_get_parent (GTK_WIDGET (self->search)));

  drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);
  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
  set_page (self, "empty");
}
