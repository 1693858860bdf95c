/* hs-window-legacy.c: the Classes, Dominator Tree and Treemap pages as
 * they were built in hs-window.c, kept working until their HsView
 * subclasses (branch r-views) replace them. Temporary. */
#include "config.h"
#include "hs-window-private.h"
#include "hs-window-legacy.h"
#include "hs-inspector.h"
#include "hs-timing.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>
#include <string.h>

typedef struct _HsWindowLegacy Legacy;

struct _HsWindowLegacy
{
  HsWindow *win;
  guint stale_views;

  /* classes */
  GtkWidget *classes_page;
  GtkWidget *class_search;
  GtkWidget *class_status;
  GtkWidget *class_view;
  GtkColumnViewColumn *class_columns[HS_CLASS_N_COLUMNS];
  GtkCustomFilter *class_filter;
  GtkFilterListModel *class_filter_model;
  GtkSortListModel *class_sort_model;
  char *class_query;
  HsClassColumn sort_column;
  GtkSortType sort_order;
  GtkWidget *instances_box;
  GtkWidget *instances_label;
  GtkWidget *instances_view;
  guint instances_serial;
  gboolean instances_pending;
  HsClass instances_class;

  /* dominators */
  GtkWidget *dom_page;
  GtkWidget *dom_view;
  GtkWidget *dom_label;
  GtkTreeListModel *dom_model;

  /* treemap */
  GtkWidget *treemap_page;
  GtkWidget *treemap;
  GtkWidget *breadcrumbs;
};

static void legacy_ensure (Legacy *self, const char *name);
static void hs_legacy_set_class_filter (Legacy *self, const char *text);
static void hs_legacy_sort_classes (Legacy *self, HsClassColumn column, GtkSortType order);
static void hs_legacy_show_instances (Legacy *self, guint position);

/* ---------------------------------------------------------------------- */
/* classes                                                                */

static const char *
class_column_title (HsClassColumn c)
{
  switch (c)
    {
    case HS_CLASS_COLUMN_NAME: return _("Class");
    case HS_CLASS_COLUMN_COUNT: return _("Objects");
    case HS_CLASS_COLUMN_REACHABLE: return _("Reachable");
    case HS_CLASS_COLUMN_UNREACHABLE: return _("Unreachable");
    case HS_CLASS_COLUMN_SHALLOW: return _("Shallow Size");
    case HS_CLASS_COLUMN_RETAINED: return _("Retained Size");
    case HS_CLASS_N_COLUMNS:
    default: return "";
    }
}

static void
setup_text_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *cell = gtk_inscription_new (NULL);
  gboolean numeric = GPOINTER_TO_INT (data);

  gtk_inscription_set_xalign (GTK_INSCRIPTION (cell), numeric ? 1.0 : 0.0);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell),
                                     numeric ? GTK_INSCRIPTION_OVERFLOW_CLIP
                                             : GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_START);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), numeric ? 8 : 20);
  if (numeric)
    gtk_widget_add_css_class (cell, "hs-numeric");
  gtk_list_item_set_child (item, cell);
}

static void
bind_class_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  HsClassColumn column = GPOINTER_TO_UINT (data);
  HsClassRow *row = gtk_list_item_get_item (item);
  GtkInscription *cell = GTK_INSCRIPTION (gtk_list_item_get_child (item));
  g_autofree char *text = NULL;
  guint64 v;

  switch (column)
    {
    case HS_CLASS_COLUMN_NAME:
      gtk_inscription_set_text (cell, hs_class_row_get_name (row));
      gtk_widget_set_tooltip_text (GTK_WIDGET (cell), hs_class_row_get_name (row));
      return;
    case HS_CLASS_COLUMN_SHALLOW:
    case HS_CLASS_COLUMN_RETAINED:
      v = hs_class_row_get_value (row, column);
      text = hs_format_bytes (v);
      break;
    case HS_CLASS_COLUMN_COUNT:
    case HS_CLASS_COLUMN_REACHABLE:
    case HS_CLASS_COLUMN_UNREACHABLE:
    case HS_CLASS_N_COLUMNS:
    default:
      v = hs_class_row_get_value (row, column);
      text = hs_format_count (v);
      break;
    }
  gtk_inscription_set_text (cell, text);
  if (column == HS_CLASS_COLUMN_UNREACHABLE)
    gtk_widget_set_opacity (GTK_WIDGET (cell), v > 0 ? 1.0 : 0.45);
}

static gboolean
class_filter_func (gpointer item, gpointer data)
{
  Legacy *self = data;
  const char *name;

  if (self->class_query == NULL || self->class_query[0] == '\0')
    return TRUE;
  name = hs_class_row_get_name (HS_CLASS_ROW (item));
  /* Case-insensitive substring; the query is already casefolded. */
  {
    g_autofree char *folded = g_utf8_casefold (name, -1);
    return strstr (folded, self->class_query) != NULL;
  }
}

static void
update_class_status (Legacy *self)
{
  HsAnalysis *a = _hs_window_get_analysis (self->win);
  g_autofree char *text = NULL;
  guint shown, total;

  if (a == NULL)
    {
      gtk_label_set_text (GTK_LABEL (self->class_status), "");
      return;
    }
  shown = g_list_model_get_n_items (G_LIST_MODEL (self->class_sort_model));
  total = hs_heap_n_classes (a->heap);
  {
    const HsSummary *s = hs_heap_summary (a->heap);
    g_autofree char *un = hs_format_count (s->unreachable_objects);
    g_autofree char *ub = hs_format_bytes (s->unreachable_bytes);
    if (shown == total)
      text = g_strdup_printf (_("%u classes · %s unreachable objects (%s)"), total, un, ub);
    else
      text = g_strdup_printf (_("%u of %u classes · %s unreachable objects (%s)"), shown, total, un, ub);
  }
  gtk_label_set_text (GTK_LABEL (self->class_status), text);
}

static void
on_class_search_changed (GtkSearchEntry *entry, Legacy *self)
{
  hs_legacy_set_class_filter (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

static void
hs_legacy_set_class_filter (Legacy *self, const char *text)
{
  g_free (self->class_query);
  self->class_query = text != NULL ? g_utf8_casefold (text, -1) : NULL;
  gtk_filter_changed (GTK_FILTER (self->class_filter), GTK_FILTER_CHANGE_DIFFERENT);
  update_class_status (self);
}

static void
setup_object_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  setup_text_cell (factory, item, data);
}

/* Object label with its short description: HashMap@0x12 "value". */
static char *
object_text (HsAnalysis *a, HsObj o)
{
  g_autofree char *label = hs_heap_object_label (a->heap, o);
  g_autofree char *desc = hs_heap_describe (a->heap, o);
  if (desc != NULL)
    return g_strdup_printf ("%s  %s", label, desc);
  return g_steal_pointer (&label);
}

enum { OBJ_COL_NAME, OBJ_COL_SHALLOW, OBJ_COL_RETAINED, OBJ_COL_PERCENT };

static HsObjectRow *
item_object_row (GtkListItem *item)
{
  gpointer it = gtk_list_item_get_item (item);
  if (GTK_IS_TREE_LIST_ROW (it))
    return HS_OBJECT_ROW (gtk_tree_list_row_get_item (GTK_TREE_LIST_ROW (it)));
  return g_object_ref (HS_OBJECT_ROW (it));
}

static void
bind_object_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  guint column = GPOINTER_TO_UINT (data);
  g_autoptr(HsObjectRow) row = item_object_row (item);
  HsAnalysis *a = hs_loader_get_analysis (hs_object_row_get_loader (row));
  GtkWidget *child = gtk_list_item_get_child (item);
  GtkInscription *cell;
  g_autofree char *text = NULL;
  HsObj o = hs_object_row_get_obj (row);

  if (GTK_IS_TREE_EXPANDER (child))
    {
      gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (child), gtk_list_item_get_item (item));
      cell = GTK_INSCRIPTION (gtk_tree_expander_get_child (GTK_TREE_EXPANDER (child)));
    }
  else
    cell = GTK_INSCRIPTION (child);

  switch (column)
    {
    case OBJ_COL_NAME:
      text = object_text (a, o);
      gtk_widget_set_tooltip_text (GTK_WIDGET (cell), text);
      break;
    case OBJ_COL_SHALLOW:
      text = hs_format_bytes (hs_object_row_get_shallow (row));
      break;
    case OBJ_COL_RETAINED:
      text = hs_format_bytes (hs_object_row_get_retained (row));
      break;
    case OBJ_COL_PERCENT:
    default:
      {
        guint64 total = a->dom != NULL ? a->dom->retained[a->dom->n] : 0;
        text = g_strdup_printf ("%.2f%%", total > 0 ? 100.0 * hs_object_row_get_retained (row) / total : 0.0);
      }
      break;
    }
  gtk_inscription_set_text (cell, text);
}

static GtkColumnViewColumn *
add_column (GtkWidget *view, const char *title, GCallback setup, GCallback bind,
            gpointer setup_data, gpointer bind_data, gboolean expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_signal_connect (factory, "setup", setup, setup_data);
  g_signal_connect (factory, "bind", bind, bind_data);
  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (column, expand);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (view), column);
  g_object_unref (column);
  return column;
}

static GtkWidget *
object_column_view_new (void)
{
  GtkWidget *view = gtk_column_view_new (NULL);
  gtk_column_view_set_show_column_separators (GTK_COLUMN_VIEW (view), FALSE);
  gtk_widget_add_css_class (view, "data-table");
  add_column (view, _("Object"), G_CALLBACK (setup_object_cell), G_CALLBACK (bind_object_cell),
              GINT_TO_POINTER (FALSE), GUINT_TO_POINTER (OBJ_COL_NAME), TRUE);
  add_column (view, _("Shallow Size"), G_CALLBACK (setup_object_cell), G_CALLBACK (bind_object_cell),
              GINT_TO_POINTER (TRUE), GUINT_TO_POINTER (OBJ_COL_SHALLOW), FALSE);
  add_column (view, _("Retained Size"), G_CALLBACK (setup_object_cell), G_CALLBACK (bind_object_cell),
              GINT_TO_POINTER (TRUE), GUINT_TO_POINTER (OBJ_COL_RETAINED), FALSE);
  return view;
}

static HsObj
selection_object (GtkSingleSelection *selection)
{
  gpointer item = gtk_single_selection_get_selected_item (selection);
  if (item == NULL)
    return HS_OBJ_NONE;
  if (GTK_IS_TREE_LIST_ROW (item))
    {
      g_autoptr(HsObjectRow) row = gtk_tree_list_row_get_item (item);
      return hs_object_row_get_obj (row);
    }
  return hs_object_row_get_obj (HS_OBJECT_ROW (item));
}

static void
on_object_selection_changed (GtkSingleSelection *selection, GParamSpec *pspec, Legacy *self)
{
  /* Follow the selection only while the inspector is open. */
  if (gtk_widget_get_visible (self->win->inspector))
    hs_window_inspect (self->win, selection_object (selection));
}

static void
on_object_activate (GtkColumnView *view, guint position, Legacy *self)
{
  GtkSelectionModel *model = gtk_column_view_get_model (view);
  hs_window_inspect (self->win, selection_object (GTK_SINGLE_SELECTION (model)));
}

static void
set_object_model (Legacy *self, GtkWidget *view, GListModel *model)
{
  GtkSingleSelection *selection = NULL;

  if (model != NULL)
    {
      selection = gtk_single_selection_new (g_object_ref (model));
      gtk_single_selection_set_autoselect (selection, FALSE);
      gtk_single_selection_set_can_unselect (selection, TRUE);
      gtk_single_selection_set_selected (selection, GTK_INVALID_LIST_POSITION);
      g_signal_connect (selection, "notify::selected", G_CALLBACK (on_object_selection_changed), self);
    }
  gtk_column_view_set_model (GTK_COLUMN_VIEW (view), GTK_SELECTION_MODEL (selection));
  g_clear_object (&selection);
}

/* Empties the instances list; a search still running is ignored. */
static void
forget_instances (Legacy *self)
{
  set_object_model (self, self->instances_view, NULL);
  self->instances_serial++;
  self->instances_pending = FALSE;
  self->instances_class = HS_CLASS_NONE;
}

/* The instances of a class come from a scan over every object and a sort
 * by retained size (seconds for a class with millions of instances): on a
 * worker, the list shows them when done. */
typedef struct {
  HsLoader *loader;
  HsClass klass;
  guint serial;
} InstancesJob;

static void
instances_job_free (InstancesJob *job)
{
  g_clear_object (&job->loader);
  g_free (job);
}

static void
instances_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  InstancesJob *job = data;
  HsAnalysis *a = hs_loader_get_analysis (job->loader);
  gint64 start = g_get_monotonic_time ();
  GArray *instances = hs_instances_of_class (a, job->klass);

  hs_timing_mark ("worker: %u instances found and sorted in %.3f s", instances->len,
                  (g_get_monotonic_time () - start) / 1e6);
  g_task_return_pointer (task, instances, (GDestroyNotify) g_array_unref);
}

static void
instances_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Legacy *self = HS_WINDOW (source)->legacy;
  InstancesJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr(GArray) instances = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autoptr(HsObjectList) list = NULL;
  g_autofree char *text = NULL;
  HsAnalysis *a;

  /* Another class was asked for since, or another dump opened. */
  if (self->win->disposed || instances == NULL || job->serial != self->instances_serial
      || job->loader != self->win->loader || (a = _hs_window_get_analysis (self->win)) == NULL)
    return;
  self->instances_pending = FALSE;
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u instance of %s, largest retained size first",
                                       "%u instances of %s, largest retained size first", instances->len),
                          instances->len, hs_class_name (a->heap, job->klass));
  gtk_label_set_text (GTK_LABEL (self->instances_label), text);
  list = hs_object_list_new_take (self->win->loader, g_steal_pointer (&instances));
  set_object_model (self, self->instances_view, G_LIST_MODEL (list));
}

static void
hs_legacy_show_instances (Legacy *self, guint position)
{
  HsAnalysis *a = _hs_window_get_analysis (self->win);
  g_autoptr(HsClassRow) row = NULL;
  g_autoptr(GTask) task = NULL;
  g_autofree char *text = NULL;
  InstancesJob *job;

  if (a == NULL)
    return;
  legacy_ensure (self, "classes");
  row = g_list_model_get_item (G_LIST_MODEL (self->class_sort_model), position);
  if (row == NULL)
    return;
  /* Listed or being found already: a double click selects the row (which
   * lists its instances) and then activates it. */
  if (gtk_widget_get_visible (self->instances_box) && hs_class_row_get_class (row) == self->instances_class)
    return;
  job = g_new0 (InstancesJob, 1);
  job->loader = g_object_ref (self->win->loader);
  job->klass = self->instances_class = hs_class_row_get_class (row);
  job->serial = ++self->instances_serial;
  self->instances_pending = TRUE;
  text = g_strdup_printf (_("Finding the instances of %s…"), hs_class_row_get_name (row));
  gtk_label_set_text (GTK_LABEL (self->instances_label), text);
  set_object_model (self, self->instances_view, NULL);
  gtk_widget_set_visible (self->instances_box, TRUE);

  task = g_task_new (self->win, NULL, instances_done, NULL);
  g_task_set_name (task, "[heapscope] instances of a class");
  g_task_set_task_data (task, job, (GDestroyNotify) instances_job_free);
  g_task_run_in_thread (task, instances_thread);
}

static void
on_class_activate (GtkColumnView *view, guint position, Legacy *self)
{
  hs_legacy_show_instances (self, position);
}

/* Selecting a class lists its instances below, as activating it does. */
static void
on_class_selected (GtkSingleSelection *selection, GParamSpec *pspec, Legacy *self)
{
  guint position = gtk_single_selection_get_selected (selection);
  if (position != GTK_INVALID_LIST_POSITION)
    hs_legacy_show_instances (self, position);
}

static void
on_instances_close (GtkButton *button, Legacy *self)
{
  gtk_widget_set_visible (self->instances_box, FALSE);
}

static GtkWidget *
build_classes_page (Legacy *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *paned = gtk_paned_new (GTK_ORIENTATION_VERTICAL);
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *iscrolled = gtk_scrolled_window_new ();
  GtkWidget *iheader = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *close;

  gtk_widget_add_css_class (bar, "toolbar");
  self->class_search = gtk_search_entry_new ();
  g_object_set (self->class_search, "placeholder-text", _("Filter classes"), NULL);
  gtk_widget_set_size_request (self->class_search, 320, -1);
  g_signal_connect (self->class_search, "search-changed", G_CALLBACK (on_class_search_changed), self);
  gtk_box_append (GTK_BOX (bar), self->class_search);
  self->class_status = hs_label_new ("", "dim-label", 1);
  gtk_widget_set_hexpand (self->class_status, TRUE);
  gtk_box_append (GTK_BOX (bar), self->class_status);
  gtk_box_append (GTK_BOX (box), bar);

  self->class_view = gtk_column_view_new (NULL);
  gtk_widget_add_css_class (self->class_view, "data-table");
  for (guint c = 0; c < HS_CLASS_N_COLUMNS; c++)
    {
      g_autoptr(GtkSorter) sorter = hs_class_sorter_new (c);
      self->class_columns[c] = add_column (self->class_view, class_column_title (c),
                                           G_CALLBACK (setup_text_cell), G_CALLBACK (bind_class_cell),
                                           GINT_TO_POINTER (c != HS_CLASS_COLUMN_NAME),
                                           GUINT_TO_POINTER (c), c == HS_CLASS_COLUMN_NAME);
      gtk_column_view_column_set_sorter (self->class_columns[c], sorter);
    }
  g_signal_connect (self->class_view, "activate", G_CALLBACK (on_class_activate), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->class_view);
  gtk_widget_set_vexpand (scrolled, TRUE);

  self->class_filter = gtk_custom_filter_new (class_filter_func, self, NULL);
  self->class_filter_model = gtk_filter_list_model_new (NULL, g_object_ref (GTK_FILTER (self->class_filter)));
  self->class_sort_model = gtk_sort_list_model_new (g_object_ref (G_LIST_MODEL (self->class_filter_model)),
                                                    g_object_ref (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->class_view))));
  {
    GtkSingleSelection *selection = gtk_single_selection_new (g_object_ref (G_LIST_MODEL (self->class_sort_model)));
    gtk_single_selection_set_autoselect (selection, FALSE);
    gtk_single_selection_set_can_unselect (selection, TRUE);
    gtk_single_selection_set_selected (selection, GTK_INVALID_LIST_POSITION);
    g_signal_connect (selection, "notify::selected", G_CALLBACK (on_class_selected), self);
    gtk_column_view_set_model (GTK_COLUMN_VIEW (self->class_view), GTK_SELECTION_MODEL (selection));
    g_object_unref (selection);
  }
  hs_legacy_sort_classes (self, HS_CLASS_COLUMN_RETAINED, GTK_SORT_DESCENDING);
  gtk_search_entry_set_key_capture_widget (GTK_SEARCH_ENTRY (self->class_search), box);

  /* Instances of the activated class. */
  self->instances_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  gtk_widget_set_visible (self->instances_box, FALSE);
  gtk_widget_add_css_class (iheader, "toolbar");
  self->instances_label = hs_label_new ("", "heading", 0);
  gtk_label_set_ellipsize (GTK_LABEL (self->instances_label), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_set_hexpand (self->instances_label, TRUE);
  gtk_box_append (GTK_BOX (iheader), self->instances_label);
  close = gtk_button_new_from_icon_name ("window-close-symbolic");
  gtk_widget_add_css_class (close, "flat");
  gtk_widget_set_tooltip_text (close, _("Close the instance list"));
  g_signal_connect (close, "clicked", G_CALLBACK (on_instances_close), self);
  gtk_box_append (GTK_BOX (iheader), close);
  gtk_box_append (GTK_BOX (self->instances_box), iheader);
  self->instances_view = object_column_view_new ();
  g_signal_connect (self->instances_view, "activate", G_CALLBACK (on_object_activate), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (iscrolled), self->instances_view);
  gtk_widget_set_vexpand (iscrolled, TRUE);
  gtk_box_append (GTK_BOX (self->instances_box), iscrolled);

  gtk_paned_set_start_child (GTK_PANED (paned), scrolled);
  gtk_paned_set_end_child (GTK_PANED (paned), self->instances_box);
  gtk_paned_set_shrink_start_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_shrink_end_child (GTK_PANED (paned), FALSE);
  gtk_paned_set_position (GTK_PANED (paned), 380);
  gtk_widget_set_vexpand (paned, TRUE);
  gtk_box_append (GTK_BOX (box), paned);
  return box;
}

static void
build_classes (Legacy *self, HsAnalysis *a)
{
  g_autoptr(HsClassModel) model = a != NULL ? hs_class_model_new (self->win->loader) : NULL;

  gtk_filter_list_model_set_model (self->class_filter_model, G_LIST_MODEL (model));
  gtk_widget_set_visible (self->instances_box, FALSE);
  forget_instances (self);
  update_class_status (self);
}

static GListModel *
hs_legacy_get_class_model (Legacy *self)
{
  legacy_ensure (self, "classes");
  return G_LIST_MODEL (self->class_sort_model);
}

static void
hs_legacy_sort_classes (Legacy *self, HsClassColumn column, GtkSortType order)
{
  g_return_if_fail (column < HS_CLASS_N_COLUMNS);
  /* GTK 4.8 has no getters on GtkColumnViewSorter: keep the state here. */
  self->sort_column = column;
  self->sort_order = order;
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->class_view), self->class_columns[column], order);
}

static void
hs_legacy_get_class_sort (Legacy *self, HsClassColumn *column, GtkSortType *order)
{
  *column = self->sort_column;
  *order = self->sort_order;
}

/* ---------------------------------------------------------------------- */
/* dominator tree                                                         */

static GListModel *
dom_create_child_model (gpointer item, gpointer user_data)
{
  HsObjectRow *row = item;
  HsLoader *loader = hs_object_row_get_loader (row);
  HsAnalysis *a = hs_loader_get_analysis (loader);
  const HsObj *children;
  gsize n = 0;

  if (a == NULL || a->dom == NULL)
    return NULL;
  children = hs_dom_tree_children (a->dom, hs_object_row_get_obj (row), &n);
  if (n == 0)
    return NULL;
  /* Children lists live in the dominator tree: borrowed, never copied. */
  return G_LIST_MODEL (hs_object_list_new_borrowed (loader, children, n));
}

static void
setup_tree_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *cell = gtk_inscription_new (NULL);

  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 30);
  gtk_widget_set_hexpand (cell, TRUE);
  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), cell);
  gtk_list_item_set_child (item, expander);
}

static GtkWidget *
build_dominators_page (Legacy *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *scrolled = gtk_scrolled_window_new ();

  gtk_widget_add_css_class (bar, "toolbar");
  self->dom_label = hs_label_new ("", "dim-label", 0);
  gtk_widget_set_hexpand (self->dom_label, TRUE);
  gtk_box_append (GTK_BOX (bar), self->dom_label);
  gtk_box_append (GTK_BOX (box), bar);

  self->dom_view = gtk_column_view_new (NULL);
  gtk_widget_add_css_class (self->dom_view, "data-table");
  add_column (self->dom_view, _("Object"), G_CALLBACK (setup_tree_cell), G_CALLBACK (bind_object_cell),
              NULL, GUINT_TO_POINTER (OBJ_COL_NAME), TRUE);
  add_column (self->dom_view, _("Shallow Size"), G_CALLBACK (setup_text_cell), G_CALLBACK (bind_object_cell),
              GINT_TO_POINTER (TRUE), GUINT_TO_POINTER (OBJ_COL_SHALLOW), FALSE);
  add_column (self->dom_view, _("Retained Size"), G_CALLBACK (setup_text_cell), G_CALLBACK (bind_object_cell),
              GINT_TO_POINTER (TRUE), GUINT_TO_POINTER (OBJ_COL_RETAINED), FALSE);
  /* xgettext:no-c-format */
  add_column (self->dom_view, _("% of Heap"), G_CALLBACK (setup_text_cell), G_CALLBACK (bind_object_cell),
              GINT_TO_POINTER (TRUE), GUINT_TO_POINTER (OBJ_COL_PERCENT), FALSE);
  g_signal_connect (self->dom_view, "activate", G_CALLBACK (on_object_activate), self);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), self->dom_view);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (box), scrolled);
  return box;
}

static void
build_dominators (Legacy *self, HsAnalysis *a)
{
  g_autoptr(HsObjectList) roots = NULL;
  const HsObj *children;
  gsize n = 0;

  g_clear_object (&self->dom_model);
  if (a == NULL || a->dom == NULL)
    {
      set_object_model (self, self->dom_view, NULL);
      gtk_label_set_text (GTK_LABEL (self->dom_label), _("The dominator tree was not computed"));
      return;
    }
  children = hs_dom_tree_children (a->dom, a->dom->n, &n);
  roots = hs_object_list_new_borrowed (self->win->loader, children, n);
  self->dom_model = gtk_tree_list_model_new (G_LIST_MODEL (g_steal_pointer (&roots)), FALSE, FALSE,
                                             dom_create_child_model, NULL, NULL);
  set_object_model (self, self->dom_view, G_LIST_MODEL (self->dom_model));
  {
    g_autofree char *bytes = hs_format_bytes (a->dom->retained[a->dom->n]);
    g_autofree char *count = hs_format_count (a->dom->n_reachable);
    g_autofree char *tops = hs_format_count (n);
    g_autofree char *text = g_strdup_printf (_("All reachable objects: %s in %s objects, "
                                               "%s top-level dominators. "
                                               "Children are sorted by retained size."),
                                             bytes, count, tops);
    gtk_label_set_text (GTK_LABEL (self->dom_label), text);
  }
}

static GtkTreeListModel *
hs_legacy_get_dominator_model (Legacy *self)
{
  legacy_ensure (self, "dominators");
  return self->dom_model;
}

/* ---------------------------------------------------------------------- */
/* treemap                                                                */

static void
on_breadcrumb (GtkButton *button, Legacy *self)
{
  guint depth = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "hs-depth"));
  hs_treemap_widget_zoom_to (HS_TREEMAP_WIDGET (self->treemap), depth);
}

static void
on_treemap_zoom (HsTreemapWidget *treemap, Legacy *self)
{
  HsAnalysis *a = _hs_window_get_analysis (self->win);
  const guint64 *path;
  guint n;

  hs_clear_box (self->breadcrumbs);
  if (a == NULL || a->dom == NULL)
    return;
  path = hs_treemap_widget_get_path (treemap, &n);
  /* Long paths show their first and last steps only. */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *text = NULL;
      GtkWidget *button;

      if (n > 8 && i == 2)
        {
          gtk_box_append (GTK_BOX (self->breadcrumbs), hs_label_new ("…", "dim-label", 0.5));
          i = n - 5;
          continue;
        }
      if (i > 0)
        gtk_box_append (GTK_BOX (self->breadcrumbs), hs_label_new ("›", "dim-label", 0.5));
      if (path[i] >= a->dom->n)
        text = g_strdup (_("All Objects"));
      else
        {
          const char *name = hs_heap_object_class_name (a->heap, (HsObj) path[i]);
          const char *dot = name != NULL ? strrchr (name, '.') : NULL;
          text = g_strdup (dot != NULL ? dot + 1 : (name != NULL ? name : "?"));
        }
      button = gtk_button_new_with_label (text);
      gtk_widget_add_css_class (button, "flat");
      if (i + 1 == n)
        gtk_widget_add_css_class (button, "hs-breadcrumb-current");
      if (path[i] < a->dom->n)
        {
          g_autofree char *tip = hs_heap_object_label (a->heap, (HsObj) path[i]);
          gtk_widget_set_tooltip_text (button, tip);
        }
      g_object_set_data (G_OBJECT (button), "hs-depth", GUINT_TO_POINTER (i));
      g_signal_connect (button, "clicked", G_CALLBACK (on_breadcrumb), self);
      gtk_box_append (GTK_BOX (self->breadcrumbs), button);
    }
}

static void
on_treemap_inspect (HsTreemapWidget *treemap, guint64 node, Legacy *self)
{
  hs_window_inspect (self->win, (HsObj) node);
}

static GtkWidget *
build_treemap_page (Legacy *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *bar = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *hint;

  gtk_widget_add_css_class (bar, "toolbar");
  self->breadcrumbs = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 2);
  gtk_widget_set_hexpand (self->breadcrumbs, TRUE);
  gtk_box_append (GTK_BOX (bar), self->breadcrumbs);
  hint = hs_label_new (_("Click to zoom in · Backspace to zoom out · Right-click to inspect"), "dim-label", 1);
  gtk_widget_add_css_class (hint, "caption");
  gtk_box_append (GTK_BOX (bar), hint);
  gtk_box_append (GTK_BOX (box), bar);

  self->treemap = hs_treemap_widget_new ();
  gtk_widget_set_vexpand (self->treemap, TRUE);
  gtk_widget_set_hexpand (self->treemap, TRUE);
  g_signal_connect (self->treemap, "zoom-changed", G_CALLBACK (on_treemap_zoom), self);
  g_signal_connect (self->treemap, "inspect", G_CALLBACK (on_treemap_inspect), self);
  gtk_box_append (GTK_BOX (box), self->treemap);
  return box;
}

static HsTreemapWidget *
hs_legacy_get_treemap (Legacy *self)
{
  return HS_TREEMAP_WIDGET (self->treemap);
}


/* ---------------------------------------------------------------------- */
/* hooks of the window                                                    */

static const struct {
  const char *name;
  void (*build) (Legacy *self, HsAnalysis *a);
  const char *timing;
} lazy_views[] = {
  { "classes", build_classes, "classes filled" },
  { "dominators", build_dominators, "dominator tree filled" },
};
#define ALL_LAZY_VIEWS ((1u << G_N_ELEMENTS (lazy_views)) - 1)

static void
legacy_ensure (Legacy *self, const char *name)
{
  HsAnalysis *a = _hs_window_get_analysis (self->win);
  gint64 start = g_get_monotonic_time ();

  if (a == NULL || name == NULL)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (lazy_views); i++)
    if ((self->stale_views & (1u << i)) && g_str_equal (name, lazy_views[i].name))
      {
        self->stale_views &= ~(1u << i);
        lazy_views[i].build (self, a);
        hs_timing_span (start, "%s", lazy_views[i].timing);
      }
}

static void
legacy_free (Legacy *self)
{
  g_free (self->class_query);
  g_free (self);
}

void
_hs_window_legacy_add (HsWindow *win)
{
  Legacy *self = g_new0 (Legacy, 1);

  self->win = win;
  self->instances_class = HS_CLASS_NONE;
  win->legacy = self;
  g_object_set_data_full (G_OBJECT (win), "hs-legacy", self, (GDestroyNotify) legacy_free);
  self->classes_page = build_classes_page (self);
  self->dom_page = build_dominators_page (self);
  self->treemap_page = build_treemap_page (self);
  gtk_stack_add_titled (GTK_STACK (win->view_stack), self->classes_page, "classes", _("Classes"));
  gtk_stack_add_titled (GTK_STACK (win->view_stack), self->dom_page, "dominators", _("Dominator Tree"));
  gtk_stack_add_titled (GTK_STACK (win->view_stack), self->treemap_page, "treemap", _("Treemap"));
}

void
_hs_window_legacy_set_visible (HsWindow *win, gboolean visible)
{
  Legacy *self = win->legacy;

  gtk_widget_set_visible (self->classes_page, visible);
  gtk_widget_set_visible (self->dom_page, visible);
  gtk_widget_set_visible (self->treemap_page, visible);
}

void
_hs_window_legacy_ensure (HsWindow *win, const char *name)
{
  legacy_ensure (win->legacy, name);
}

void
_hs_window_legacy_populate (HsWindow *win)
{
  Legacy *self = win->legacy;
  gint64 t = g_get_monotonic_time ();

  self->stale_views = ALL_LAZY_VIEWS;
  hs_treemap_widget_set_loader (HS_TREEMAP_WIDGET (self->treemap), win->loader);
  hs_timing_span (t, "treemap given the dump");
}

void
_hs_window_legacy_clear (HsWindow *win)
{
  Legacy *self = win->legacy;

  if (self == NULL)
    return;
  self->stale_views = 0;
  if (self->class_filter_model != NULL)
    gtk_filter_list_model_set_model (self->class_filter_model, NULL);
  forget_instances (self);
  g_clear_object (&self->dom_model);
  set_object_model (self, self->dom_view, NULL);
  hs_treemap_widget_set_loader (HS_TREEMAP_WIDGET (self->treemap), NULL);
}

void
_hs_window_legacy_dispose (HsWindow *win)
{
  Legacy *self = win->legacy;

  if (self == NULL)
    return;
  g_clear_object (&self->dom_model);
  g_clear_object (&self->class_sort_model);
  g_clear_object (&self->class_filter_model);
  g_clear_object (&self->class_filter);
}

void
_hs_window_legacy_focus_search (HsWindow *win)
{
  gtk_widget_grab_focus (win->legacy->class_search);
}

void
_hs_window_legacy_show_first_instances (HsWindow *win)
{
  hs_legacy_show_instances (win->legacy, 0);
}

/* ---------------------------------------------------------------------- */
/* for the tests, until the views have their own API                      */

GListModel *hs_window_get_class_model (HsWindow *win) { return hs_legacy_get_class_model (win->legacy); }
void hs_window_sort_classes (HsWindow *win, HsClassColumn c, GtkSortType o) { hs_legacy_sort_classes (win->legacy, c, o); }
void hs_window_get_class_sort (HsWindow *win, HsClassColumn *c, GtkSortType *o) { hs_legacy_get_class_sort (win->legacy, c, o); }
void hs_window_set_class_filter (HsWindow *win, const char *text) { hs_legacy_set_class_filter (win->legacy, text); }
void hs_window_show_instances (HsWindow *win, guint position) { hs_legacy_show_instances (win->legacy, position); }
GtkTreeListModel *hs_window_get_dominator_model (HsWindow *win) { return hs_legacy_get_dominator_model (win->legacy); }
HsTreemapWidget *hs_window_get_treemap (HsWindow *win) { return hs_legacy_get_treemap (win->legacy); }

void
hs_window_select_class (HsWindow *win, guint position)
{
  Legacy *self = win->legacy;
  GtkSelectionModel *model;

  legacy_ensure (self, "classes");
  model = gtk_column_view_get_model (GTK_COLUMN_VIEW (self->class_view));
  gtk_selection_model_select_item (model, position, TRUE);
}

GListModel *
hs_window_get_instances (HsWindow *win)
{
  Legacy *self = win->legacy;
  GtkSelectionModel *model = gtk_column_view_get_model (GTK_COLUMN_VIEW (self->instances_view));

  if (!gtk_widget_get_visible (self->instances_box) || model == NULL)
    return NULL;
  return G_LIST_MODEL (model);
}

gboolean
hs_window_instances_pending (HsWindow *win)
{
  return win->legacy->instances_pending;
}
