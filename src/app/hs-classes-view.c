/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-classes-view.c: the "classes" view (see the header). The layout is
 * the template ui/hs-classes-view.ui; the class columns, each with its own
 * sorter, are made here. The instances of a class are listed in the
 * pane below (HsInstancesPane, which finds them on a worker), as are the
 * objects a search finds on a worker here (hs-search: class names and
 * String contents; Enter in the filter entry). With a grouping (the
 * header's drop-down), the table is a tree of HsClassGroupRow
 * (hs-class-groups.h, grouped on a worker) with the same columns, sorted
 * within each level by the column sorted (hs_class_tree_sort, the same
 * comparison as the plain table's sorters). */
#include "config.h"
#include "hs-classes-view-private.h"
#include "hs-csv-export.h"
#include "hs-class-group-list.h"
#include "hs-paths-menu.h"
#include "hs-instances-pane.h"
#include "hs-ui-util-private.h"
#include "hs-search.h"
#include "hs-selection-bar.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

G_DEFINE_FINAL_TYPE (HsClassesView, hs_classes_view, HS_TYPE_VIEW)

static void regroup (HsClassesView *self);
static void resort_tree (HsClassesView *self);

static const char *
class_column_title (HsClassColumn c)
{
  switch (c)
    {
      case HS_CLASS_COLUMN_NAME: return _ ("Class");
      /* Android Studio's names: what it calls allocations are the
       * objects in the dump. */
      case HS_CLASS_COLUMN_COUNT: return _ ("Allocations");
      case HS_CLASS_COLUMN_REACHABLE: return _ ("Reachable");
      case HS_CLASS_COLUMN_UNREACHABLE: return _ ("Unreachable");
      case HS_CLASS_COLUMN_NATIVE: return _ ("Native Size");
      case HS_CLASS_COLUMN_SHALLOW: return _ ("Shallow Size");
      case HS_CLASS_COLUMN_RETAINED: return _ ("Retained Size");
      case HS_CLASS_N_COLUMNS:
      default: return "";
    }
}

static void
setup_class_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *cell = gtk_inscription_new (NULL);
  gboolean numeric = GPOINTER_TO_UINT (data) != HS_CLASS_COLUMN_NAME;

  gtk_inscription_set_xalign (GTK_INSCRIPTION (cell), numeric ? 1.0 : 0.0);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), numeric
                                                                 ? GTK_INSCRIPTION_OVERFLOW_CLIP
                                                                 : GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_START);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), numeric ? 8 : 20);
  if (numeric)
    {
      gtk_widget_add_css_class (cell, "hs-numeric");
      gtk_list_item_set_child (item, cell);
      return;
    }
  hs_paths_menu_attach_class (cell, item); /* "Merged Paths to GC Roots" */
  /* The expander of the grouped table (none in the plain one). */
  {
    GtkWidget *expander = gtk_tree_expander_new ();
    gtk_widget_set_hexpand (cell, TRUE);
    gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), cell);
    gtk_list_item_set_child (item, expander);
  }
}

/* A grouped row's name cell: its label, and as tooltip its full name and
 * what it holds. */
static void
bind_group_name (GtkInscription *cell, HsClassGroupRow *row)
{
  guint32 n = hs_class_group_row_get_n_children (row);
  g_autofree char *full = hs_class_group_row_get_full_name (row);
  g_autofree char *tip = NULL;

  gtk_inscription_set_text (cell, hs_class_group_row_get_name (row));
  if (hs_class_group_row_get_class (row) == HS_CLASS_NONE || n > 0)
    {
      const HsClassGroups *g = hs_class_tree_get_groups (hs_class_group_row_get_tree (row));
      g_autofree char *count = hs_format_count (g->nodes[hs_class_group_row_get_node (row)].n_classes);
      /* Translators: a package, class loader or class, then how many
       * classes its row adds up. */
      tip = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s: %s class", "%s: %s classes",
                                          g->nodes[hs_class_group_row_get_node (row)].n_classes),
                             full, count);
    }
  gtk_widget_set_tooltip_text (GTK_WIDGET (cell), tip != NULL ? tip : full);
}

static void
bind_class_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  HsClassColumn column = GPOINTER_TO_UINT (data);
  gpointer it = gtk_list_item_get_item (item);
  GtkWidget *child = gtk_list_item_get_child (item);
  g_autoptr (GObject) inner = NULL;
  HsClassRow *row = NULL;
  HsClassGroupRow *group = NULL;
  GtkInscription *cell;
  g_autofree char *text = NULL;
  guint64 v;

  if (GTK_IS_TREE_EXPANDER (child))
    {
      gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (child), GTK_IS_TREE_LIST_ROW (it) ? it : NULL);
      cell = GTK_INSCRIPTION (gtk_tree_expander_get_child (GTK_TREE_EXPANDER (child)));
    }
  else
    cell = GTK_INSCRIPTION (child);
  inner = GTK_IS_TREE_LIST_ROW (it) ? gtk_tree_list_row_get_item (it) : g_object_ref (it);
  if (HS_IS_CLASS_GROUP_ROW (inner))
    group = HS_CLASS_GROUP_ROW (inner);
  else
    row = HS_CLASS_ROW (inner);

  if (group != NULL)
    {
      if (column == HS_CLASS_COLUMN_NAME)
        {
          bind_group_name (cell, group);
          return;
        }
      v = hs_class_group_row_get_value (group, column);
      text = column == HS_CLASS_COLUMN_SHALLOW || column == HS_CLASS_COLUMN_RETAINED
                     || column == HS_CLASS_COLUMN_NATIVE
                 ? hs_format_bytes (v)
                 : hs_format_count (v);
      gtk_inscription_set_text (cell, text);
      if (column == HS_CLASS_COLUMN_UNREACHABLE || column == HS_CLASS_COLUMN_NATIVE)
        gtk_widget_set_opacity (GTK_WIDGET (cell), v > 0 ? 1.0 : 0.45);
      return;
    }
  switch (column)
    {
      case HS_CLASS_COLUMN_NAME:
        hs_cell_set_name (cell, hs_class_row_get_name (row));
        if (hs_class_row_get_obfuscated_name (row) != NULL)
          {
            /* Renamed by a mapping: the dump's own name in the tooltip. */
            g_autofree char *tip = g_strdup_printf (_ ("%s (obfuscated: %s)"), hs_class_row_get_name (row),
                                                    hs_class_row_get_obfuscated_name (row));
            gtk_widget_set_tooltip_text (GTK_WIDGET (cell), tip);
          }
        return;
      case HS_CLASS_COLUMN_SHALLOW:
      case HS_CLASS_COLUMN_RETAINED:
      case HS_CLASS_COLUMN_NATIVE:
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
  if (column == HS_CLASS_COLUMN_UNREACHABLE || column == HS_CLASS_COLUMN_NATIVE)
    gtk_widget_set_opacity (GTK_WIDGET (cell), v > 0 ? 1.0 : 0.45);
}

/* ---------------------------------------------------------------------- */
/* sorting                                                                */

/* Each column's sorter: the column's own order (hs_class_sorter_new); when
 * armed, it also notes that it was asked, and its answer. */
static int
column_compare (gconstpointer a, gconstpointer b, gpointer data)
{
  ColumnSpy *spy = data;
  HsClassesView *self = spy->self;
  int r = gtk_sorter_compare (self->base_sorters[spy->column], (gpointer)a, (gpointer)b);

  if (self->spy_armed)
    {
      self->spy_armed = FALSE;
      self->spy_column = spy->column;
      self->spy_result = r;
    }
  return r;
}

/* A header was clicked (or sort_by_column called): the column view's
 * sorter asks its primary column first, and inverts that column's answer
 * when descending. Comparing two distinct classes (every column's order is
 * total) tells which column it is and in which direction. */
static void
on_sorter_changed (GtkSorter *sorter, GtkSorterChange change, HsClassesView *self)
{
  g_autoptr (GObject) a = NULL;
  g_autoptr (GObject) b = NULL;
  int r;

  if (self->class_model == NULL || g_list_model_get_n_items (G_LIST_MODEL (self->class_model)) < 2)
    return;
  a = g_list_model_get_item (G_LIST_MODEL (self->class_model), 0);
  b = g_list_model_get_item (G_LIST_MODEL (self->class_model), 1);
  self->spy_armed = TRUE;
  r = gtk_sorter_compare (sorter, a, b);
  if (!self->spy_armed && self->spy_result != 0)
    {
      HsClassColumn was = self->sort_column;
      self->sort_column = self->spy_column;
      self->sort_order = r == self->spy_result ? GTK_SORT_ASCENDING : GTK_SORT_DESCENDING;
      /* A numeric header clicked first sorts biggest first (GTK starts a
       * column ascending), as MAT and Android Studio do; the next click
       * turns it. */
      self->spy_armed = FALSE;
      if (self->sort_column != was && self->sort_column != HS_CLASS_COLUMN_NAME
          && self->sort_order == GTK_SORT_ASCENDING)
        hs_classes_view_sort_by_column (self, self->sort_column, GTK_SORT_DESCENDING);
    }
  self->spy_armed = FALSE;
  _hs_classes_view_order_rows (self);
  resort_tree (self);
}

void
hs_classes_view_sort_by_column (HsClassesView *self, HsClassColumn column, GtkSortType order)
{
  g_return_if_fail (HS_IS_CLASSES_VIEW (self));
  g_return_if_fail (column < HS_CLASS_N_COLUMNS);

  self->sort_column = column;
  self->sort_order = order;
  gtk_column_view_sort_by_column (self->class_view, self->class_columns[column], order);
}

void
hs_classes_view_get_sort (HsClassesView *self, HsClassColumn *column, GtkSortType *order)
{
  g_return_if_fail (HS_IS_CLASSES_VIEW (self));

  if (column != NULL)
    *column = self->sort_column;
  if (order != NULL)
    *order = self->sort_order;
}

/* ---------------------------------------------------------------------- */
/* filter and status                                                      */

static gboolean
class_filter_func (gpointer item, gpointer data)
{
  HsClassesView *self = data;
  g_autofree char *folded = NULL;

  /* One heap: only the classes with objects in it. */
  if (hs_view_get_heap (HS_VIEW (self)) >= 0
      && hs_class_row_get_value (HS_CLASS_ROW (item), HS_CLASS_COLUMN_COUNT) == 0)
    return FALSE;
  if (self->class_query == NULL || self->class_query[0] == '\0')
    return TRUE;
  /* Case-insensitive substring; the query is already casefolded. */
  folded = g_utf8_casefold (hs_class_row_get_name (HS_CLASS_ROW (item)), -1);
  return strstr (folded, self->class_query) != NULL;
}

/* The filter only when it drops rows: without one, a new order of the
 * rows makes no row object per class. */
static void
update_filter (HsClassesView *self)
{
  gboolean needed
      = hs_view_get_heap (HS_VIEW (self)) >= 0 || (self->class_query != NULL && self->class_query[0] != '\0');

  gtk_filter_list_model_set_filter (self->class_filter_model,
                                    needed ? GTK_FILTER (self->class_filter) : NULL);
}

void
_hs_classes_view_update_status (HsClassesView *self)
{
  HsAnalysis *a = hs_view_get_analysis (HS_VIEW (self));
  const HsSummary *s;
  g_autofree char *text = NULL;
  g_autofree char *un = NULL;
  g_autofree char *ub = NULL;
  g_autofree char *n_shown = NULL, *n_total = NULL;
  guint shown, total;

  if (a == NULL || self->class_model == NULL)
    {
      gtk_label_set_text (self->class_status, "");
      return;
    }
  shown = g_list_model_get_n_items (G_LIST_MODEL (self->class_filter_model));
  total = hs_heap_n_classes (a->heap);
  s = hs_heap_summary (a->heap);
  if (hs_view_get_heap (HS_VIEW (self)) >= 0)
    {
      /* One heap: its own unreachable objects. */
      const HsHeapTotals *t = hs_heap_heap_totals (a->heap, (guint)hs_view_get_heap (HS_VIEW (self)));
      un = hs_format_count (t->objects - t->reachable);
      ub = hs_format_bytes (t->shallow - t->reachable_shallow);
    }
  else
    {
      un = hs_format_count (s->unreachable_objects);
      ub = hs_format_bytes (s->unreachable_bytes);
    }
  n_shown = hs_format_count (shown);
  n_total = hs_format_count (total);
  if (self->grouping != HS_CLASSES_GROUP_NONE)
    {
      if (self->class_tree == NULL)
        text = g_strdup (_ ("Grouping the classes…"));
      else
        {
          const HsClassGroups *g = hs_class_tree_get_groups (self->class_tree);
          guint32 n_top;
          g_autofree char *in = hs_format_count (g->n_classes);
          g_autofree char *groups = NULL;
          hs_class_groups_children (g, g->n_nodes, &n_top);
          groups = hs_format_count (n_top);
          /* Translators: classes grouped, top-level rows, unreachable
           * objects, their size. */
          text = g_strdup_printf (
              g_dngettext (GETTEXT_PACKAGE, "%s classes in %s top-level row · %s unreachable objects (%s)",
                           "%s classes in %s top-level rows · %s unreachable objects (%s)", n_top),
              in, groups, un, ub);
        }
    }
  else if (self->sort_cancellable != NULL
           && gtk_filter_list_model_get_model (self->class_filter_model) == NULL)
    text = g_strdup_printf (_ ("Sorting %s classes…"), n_total);
  else if (shown == total)
    text = g_strdup_printf (_ ("%s classes · %s unreachable objects (%s)"), n_total, un, ub);
  else
    text = g_strdup_printf (_ ("%s of %s classes · %s unreachable objects (%s)"), n_shown, n_total, un, ub);
  gtk_label_set_text (self->class_status, text);
}

void
hs_classes_view_set_filter (HsClassesView *self, const char *text)
{
  g_return_if_fail (HS_IS_CLASSES_VIEW (self));

  g_free (self->class_query);
  self->class_query = text != NULL ? g_utf8_casefold (text, -1) : NULL;
  update_filter (self);
  gtk_filter_changed (GTK_FILTER (self->class_filter), GTK_FILTER_CHANGE_DIFFERENT);
  if (self->grouping != HS_CLASSES_GROUP_NONE && self->class_model != NULL)
    regroup (self); /* the groups of the classes that match */
  _hs_classes_view_update_status (self);
}

static void
on_class_search_changed (GtkSearchEntry *entry, HsClassesView *self)
{
  hs_classes_view_set_filter (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

void
hs_classes_view_focus_filter (HsClassesView *self)
{
  g_return_if_fail (HS_IS_CLASSES_VIEW (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->class_search));
}

const char *
hs_classes_view_get_status (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), NULL);
  return gtk_label_get_text (self->class_status);
}

/* ---------------------------------------------------------------------- */
/* instances                                                              */

#define PANE(self) HS_INSTANCES_PANE ((self)->instances_pane)

/* Empties and hides the instances pane; a search still running is
 * ignored. */
static void
forget_instances (HsClassesView *self)
{
  hs_instances_pane_forget (PANE (self));
  self->instances_class = HS_CLASS_NONE;
}

/* The analysis a search's answer belongs to, or NULL when it came too
 * late: the view went away, another list was asked for since (the
 * pane's serial), or another dump was opened (the loader). */
static HsAnalysis *
current_analysis (HsClassesView *self, guint serial, HsLoader *loader)
{
  if (self->disposed || !hs_instances_pane_is_current (PANE (self), serial)
      || loader != hs_view_get_loader (HS_VIEW (self)))
    return NULL;
  return hs_view_get_analysis (HS_VIEW (self));
}

/* The row at position of the table as shown: its class (HS_CLASS_NONE
 * for a package or a loader) and its full name (g_free it); *list_row,
 * optional, the tree's row (NULL in the plain table). */
static HsClass
class_at (HsClassesView *self, guint position, char **name, GtkTreeListRow **list_row)
{
  GtkSelectionModel *model = gtk_column_view_get_model (self->class_view);
  g_autoptr (GObject) item = model != NULL ? g_list_model_get_item (G_LIST_MODEL (model), position) : NULL;
  g_autoptr (GObject) inner = NULL;
  HsClass klass = HS_CLASS_NONE;

  if (name != NULL)
    *name = NULL;
  if (list_row != NULL)
    *list_row = GTK_IS_TREE_LIST_ROW (item) ? g_object_ref (GTK_TREE_LIST_ROW (item)) : NULL;
  if (item == NULL)
    return HS_CLASS_NONE;
  inner = GTK_IS_TREE_LIST_ROW (item) ? gtk_tree_list_row_get_item (GTK_TREE_LIST_ROW (item))
                                      : g_object_ref (item);
  if (HS_IS_CLASS_GROUP_ROW (inner))
    {
      klass = hs_class_group_row_get_class (HS_CLASS_GROUP_ROW (inner));
      if (name != NULL && klass != HS_CLASS_NONE)
        *name = hs_class_group_row_get_full_name (HS_CLASS_GROUP_ROW (inner));
    }
  else if (HS_IS_CLASS_ROW (inner))
    {
      klass = hs_class_row_get_class (HS_CLASS_ROW (inner));
      if (name != NULL)
        *name = g_strdup (hs_class_row_get_name (HS_CLASS_ROW (inner)));
    }
  return klass;
}

void
hs_classes_view_show_instances (HsClassesView *self, guint position)
{
  g_autofree char *name = NULL;
  HsClass klass;

  g_return_if_fail (HS_IS_CLASSES_VIEW (self));

  hs_view_ensure_filled (HS_VIEW (self));
  if (hs_view_get_analysis (HS_VIEW (self)) == NULL)
    return;
  klass = class_at (self, position, &name, NULL);
  if (klass == HS_CLASS_NONE) /* no such row, or a package or a loader */
    return;
  /* Listed or being found already: a double click selects the row (which
   * lists its instances) and then activates it. */
  if (gtk_widget_get_visible (GTK_WIDGET (self->instances_pane)) && klass == self->instances_class)
    return;
  hs_instances_pane_list_classes (PANE (self), hs_view_get_loader (HS_VIEW (self)), &klass, 1, name,
                                  HS_INSTANCES_PANE_FIRST_PAGE);
  self->instances_class = klass;
  _hs_classes_view_timing_start (self); /* hs-classes-timing.c */
}

/* Activating a class (a double click, Enter) lists its instances, as
 * selecting it does, and opens its class object (its static fields) in
 * the inspector. */
static void
on_class_activate (GtkColumnView *view, guint position, HsClassesView *self)
{
  g_autoptr (GtkTreeListRow) list_row = NULL;
  HsAnalysis *a;
  HsObj class_obj;
  HsClass klass;

  hs_classes_view_show_instances (self, position);
  a = hs_view_get_analysis (HS_VIEW (self));
  klass = class_at (self, position, NULL, &list_row);
  /* A package or a loader (or a superclass) opens and closes; a loader's
   * object opens in the inspector. */
  if (list_row != NULL && gtk_tree_list_row_is_expandable (list_row)
      && (klass == HS_CLASS_NONE || self->grouping == HS_CLASSES_GROUP_SUPERCLASS))
    gtk_tree_list_row_set_expanded (list_row, !gtk_tree_list_row_get_expanded (list_row));
  if (a != NULL && list_row != NULL && klass == HS_CLASS_NONE)
    {
      g_autoptr (GObject) inner = gtk_tree_list_row_get_item (list_row);
      const HsClassGroups *g
          = hs_class_tree_get_groups (hs_class_group_row_get_tree (HS_CLASS_GROUP_ROW (inner)));
      const HsClassNode *node = &g->nodes[hs_class_group_row_get_node (HS_CLASS_GROUP_ROW (inner))];
      HsObj loader = node->kind == HS_CLASS_NODE_LOADER && node->loader_id != 0
                         ? hs_heap_find (a->heap, node->loader_id)
                         : HS_OBJ_NONE;
      if (loader != HS_OBJ_NONE)
        gtk_widget_activate_action (GTK_WIDGET (self), "win.inspect", "u", (guint32)loader);
      return;
    }
  if (a == NULL || klass == HS_CLASS_NONE)
    return;
  class_obj = hs_class_object (a->heap, klass);
  if (class_obj != HS_OBJ_NONE)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.inspect", "u", (guint32)class_obj);
}

/* Selecting a class lists its instances below, as activating it does;
 * several classes selected: the bar below offers their instances'
 * retained size together. */
static void
on_class_selected (GtkSelectionModel *selection, guint position, guint n_items, HsClassesView *self)
{
  g_autoptr (GtkBitset) selected = gtk_selection_model_get_selection (selection);
  guint64 n = gtk_bitset_get_size (selected);

  hs_selection_bar_set_n_selected (self->class_selection_bar, (guint)MIN (n, G_MAXUINT));
  if (n == 1)
    hs_classes_view_show_instances (self, gtk_bitset_get_minimum (selected));
}

/* The bar's set: every instance of each class selected. */
static HsLoader *
collect_classes (HsSelectionBar *bar, GArray *objs, GArray *classes, gpointer data)
{
  HsClassesView *self = data;
  GtkSelectionModel *model = gtk_column_view_get_model (self->class_view);
  g_autoptr (GtkBitset) selected = gtk_selection_model_get_selection (model);
  GtkBitsetIter iter;
  guint position;

  for (gboolean ok = gtk_bitset_iter_init_first (&iter, selected, &position); ok;
       ok = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr (GObject) item = g_list_model_get_item (G_LIST_MODEL (model), position);
      g_autoptr (GObject) row = GTK_IS_TREE_LIST_ROW (item)
                                    ? gtk_tree_list_row_get_item (GTK_TREE_LIST_ROW (item))
                                    : g_object_ref (item);
      if (HS_IS_CLASS_ROW (row))
        {
          HsClass c = hs_class_row_get_class (HS_CLASS_ROW (row));
          g_array_append_val (classes, c);
        }
    }
  return hs_view_get_analysis (HS_VIEW (self)) != NULL ? hs_view_get_loader (HS_VIEW (self)) : NULL;
}

void
hs_classes_view_select_class (HsClassesView *self, guint position)
{
  g_return_if_fail (HS_IS_CLASSES_VIEW (self));

  hs_view_ensure_filled (HS_VIEW (self));
  gtk_selection_model_select_item (gtk_column_view_get_model (self->class_view), position, TRUE);
}

GListModel *
hs_classes_view_get_instances (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), NULL);
  return hs_instances_pane_get_instances (PANE (self));
}

GListModel *
hs_classes_view_get_instances_shown (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), NULL);
  return hs_instances_pane_get_shown (PANE (self));
}

gboolean
hs_classes_view_instances_pending (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), FALSE);
  return hs_instances_pane_get_pending (PANE (self));
}

HsClass
hs_classes_view_get_instances_class (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), HS_CLASS_NONE);
  return self->instances_class;
}

/* ---------------------------------------------------------------------- */
/* search                                                                 */

#define MAX_SEARCH_RESULTS 1000

typedef struct
{
  HsLoader *loader;
  char *text;
  guint serial;
} SearchJob;

static void
search_job_free (SearchJob *job)
{
  g_clear_object (&job->loader);
  g_free (job->text);
  g_free (job);
}

static void
search_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  SearchJob *job = data;
  GError *error = NULL;
  HsSearchResult *r = hs_search (hs_loader_get_analysis (job->loader)->heap, job->text, MAX_SEARCH_RESULTS,
                                 cancellable, &error);

  if (r == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, r, (GDestroyNotify)hs_search_result_free);
}

static void
search_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsClassesView *self = HS_CLASSES_VIEW (source);
  SearchJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (HsSearchResult) r = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autofree char *text = NULL;
  GArray *objs;
  HsAnalysis *a;

  /* NULL when cancelled by a newer search. */
  if (r == NULL || (a = current_analysis (self, job->serial, job->loader)) == NULL)
    return;
  g_clear_object (&self->search_cancellable);
  /* Results as objects: the class objects of the classes named, then the
   * strings. */
  objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (guint i = 0; i < r->classes->len; i++)
    {
      HsObj o = hs_class_object (a->heap, g_array_index (r->classes, HsClass, i));
      if (o != HS_OBJ_NONE)
        g_array_append_val (objs, o);
    }
  g_array_append_vals (objs, r->strings->data, r->strings->len);
  if (r->n_strings > r->strings->len)
    text = g_strdup_printf (_ ("%" PRIu64 " classes · first %u of %" PRIu64 " strings containing “%s”"),
                            (uint64_t)r->n_classes, r->strings->len, (uint64_t)r->n_strings, job->text);
  else
    text = g_strdup_printf (_ ("%" PRIu64 " classes · %" PRIu64 " strings containing “%s”"),
                            (uint64_t)r->n_classes, (uint64_t)r->n_strings, job->text);
  hs_instances_pane_show_objects (PANE (self), text, job->loader, objs);
}

void
hs_classes_view_search (HsClassesView *self, const char *text)
{
  g_autoptr (GTask) task = NULL;
  g_autofree char *label = NULL;
  SearchJob *job;

  g_return_if_fail (HS_IS_CLASSES_VIEW (self));
  g_return_if_fail (text != NULL);

  hs_view_ensure_filled (HS_VIEW (self));
  if (hs_view_get_analysis (HS_VIEW (self)) == NULL)
    return;
  if (g_strcmp0 (gtk_editable_get_text (GTK_EDITABLE (self->class_search)), text) != 0)
    gtk_editable_set_text (GTK_EDITABLE (self->class_search), text);
  hs_classes_view_set_filter (self, text);
  if (self->search_cancellable != NULL)
    g_cancellable_cancel (self->search_cancellable);
  g_clear_object (&self->search_cancellable);
  if (text[0] == '\0')
    {
      forget_instances (self);
      return;
    }
  /* The results share the pane with a class's instances. */
  label = g_strdup_printf (_ ("Searching class names and strings for “%s”…"), text);
  self->instances_class = HS_CLASS_NONE;
  job = g_new0 (SearchJob, 1);
  job->loader = g_object_ref (hs_view_get_loader (HS_VIEW (self)));
  job->text = g_strdup (text);
  job->serial = hs_instances_pane_begin (PANE (self), label);
  self->search_cancellable = g_cancellable_new ();

  task = g_task_new (self, self->search_cancellable, search_done, NULL);
  g_task_set_name (task, "[heapscope] search classes and strings");
  g_task_set_task_data (task, job, (GDestroyNotify)search_job_free);
  g_task_run_in_thread (task, search_thread);
}

static void
on_class_search_activate (GtkSearchEntry *entry, HsClassesView *self)
{
  hs_classes_view_search (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

gboolean
hs_classes_view_show_class (HsClassesView *self, const char *name)
{
  GListModel *model;

  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  hs_view_ensure_filled (HS_VIEW (self));
  /* The class is found among the rows: a big table's first order is
   * not waited for. */
  if (gtk_filter_list_model_get_model (self->class_filter_model) == NULL)
    _hs_classes_view_order_now (self);
  /* The class is found in the plain table. */
  hs_classes_view_set_grouping (self, HS_CLASSES_GROUP_NONE);
  gtk_editable_set_text (GTK_EDITABLE (self->class_search), name);
  hs_classes_view_set_filter (self, name);
  model = G_LIST_MODEL (self->class_filter_model);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (HsClassRow) row = g_list_model_get_item (model, i);
      if (g_strcmp0 (hs_class_row_get_name (row), name) == 0)
        {
          hs_classes_view_select_class (self, i);
          return TRUE;
        }
    }
  return FALSE;
}

/* ---------------------------------------------------------------------- */
/* grouping                                                               */

typedef struct
{
  HsLoader *loader;
  HsClassTable *table;
  HsClassGrouping by;
  char *query; /* casefolded, or NULL */
} GroupJob;

static void
group_job_free (GroupJob *job)
{
  g_clear_object (&job->loader);
  g_clear_pointer (&job->table, hs_class_table_unref);
  g_free (job->query);
  g_free (job);
}

static void
group_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  GroupJob *job = data;
  HsAnalysis *a = hs_loader_get_analysis (job->loader);
  g_autofree HsClassFigures *fig = NULL;
  g_autofree guint8 *include = NULL;
  GError *error = NULL;
  HsClassGroups *groups;

  hs_analysis_hold (a);
  fig = hs_class_figures_new (a, hs_class_table_get_heap_classes (job->table));
  /* The classes the plain table shows with the same filter. */
  include = g_new0 (guint8, (gsize)fig->n_classes + 1);
  for (HsClass c = 0; c < fig->n_classes; c++)
    {
      g_autofree char *folded = NULL;
      if (!fig->include[c])
        continue;
      if (job->query != NULL && job->query[0] != '\0')
        {
          folded = g_utf8_casefold (hs_class_name (a->heap, c), -1);
          if (strstr (folded, job->query) == NULL)
            continue;
        }
      include[c] = 1;
    }
  fig->include = include;
  groups = hs_class_groups_new (a->heap, fig, job->by, cancellable, &error);
  if (groups != NULL)
    {
      HsClassTree *tree = hs_class_tree_new (groups, job->table);
      hs_analysis_release (a);
      g_task_return_pointer (task, tree, (GDestroyNotify)hs_class_tree_unref);
      return;
    }
  hs_analysis_release (a);
  g_task_return_error (task, error);
}

static GListModel *
create_group_children (gpointer item, gpointer user_data)
{
  HsClassGroupRow *row = item;

  if (hs_class_group_row_get_n_children (row) == 0)
    return NULL;
  return G_LIST_MODEL (
      hs_class_group_list_new (hs_class_group_row_get_tree (row), hs_class_group_row_get_node (row)));
}

/* Shows the tree's levels in their order now, as a new tree; the nodes in
 * expanded (optional) are expanded again, in the order shown (only rows
 * shown are looked at). */
static void
show_tree (HsClassesView *self, GHashTable *expanded)
{
  const HsClassGroups *g = hs_class_tree_get_groups (self->class_tree);
  GtkTreeListModel *model
      = gtk_tree_list_model_new (G_LIST_MODEL (hs_class_group_list_new (self->class_tree, g->n_nodes)), FALSE,
                                 FALSE, create_group_children, NULL, NULL);

  for (guint i = 0; expanded != NULL && g_hash_table_size (expanded) > 0
                    && i < g_list_model_get_n_items (G_LIST_MODEL (model));
       i++)
    {
      g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (model, i);
      g_autoptr (HsClassGroupRow) item = gtk_tree_list_row_get_item (row);
      gpointer key = GUINT_TO_POINTER (hs_class_group_row_get_node (item) + 1);
      if (g_hash_table_remove (expanded, key))
        gtk_tree_list_row_set_expanded (row, TRUE);
    }
  g_clear_object (&self->tree_model);
  self->tree_model = model;
  g_object_unref (self->tree_selection);
  self->tree_selection = gtk_multi_selection_new (g_object_ref (G_LIST_MODEL (model)));
  g_signal_connect_object (self->tree_selection, "selection-changed", G_CALLBACK (on_class_selected), self,
                           0);
  gtk_column_view_set_model (self->class_view, GTK_SELECTION_MODEL (self->tree_selection));
}

/* A header clicked while grouped: every level sorted by that column, the
 * tree shown again with the same nodes open. */
static void
resort_tree (HsClassesView *self)
{
  g_autoptr (GHashTable) expanded = NULL;

  if (self->class_tree == NULL || self->tree_model == NULL)
    return;
  expanded = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (self->tree_model)); i++)
    {
      g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (self->tree_model, i);
      if (gtk_tree_list_row_get_expanded (row))
        {
          g_autoptr (HsClassGroupRow) item = gtk_tree_list_row_get_item (row);
          g_hash_table_add (expanded, GUINT_TO_POINTER (hs_class_group_row_get_node (item) + 1));
        }
    }
  hs_class_tree_sort (self->class_tree, self->sort_column, self->sort_order);
  show_tree (self, expanded);
}

static void
group_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsClassesView *self = HS_CLASSES_VIEW (source);
  HsClassTree *tree = g_task_propagate_pointer (G_TASK (result), NULL);

  /* Cancelled: another grouping, filter or dump since, or the view went. */
  if (tree == NULL || g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))) || self->disposed)
    {
      g_clear_pointer (&tree, hs_class_tree_unref);
      return;
    }
  g_clear_object (&self->group_cancellable);
  g_clear_pointer (&self->class_tree, hs_class_tree_unref);
  self->class_tree = tree;
  hs_class_tree_sort (tree, self->sort_column, self->sort_order);
  show_tree (self, NULL);
  _hs_classes_view_update_status (self);
}

/* Drops the tree shown and a grouping running. */
static void
forget_groups (HsClassesView *self)
{
  if (self->group_cancellable != NULL)
    g_cancellable_cancel (self->group_cancellable);
  g_clear_object (&self->group_cancellable);
  if (self->tree_selection != NULL)
    gtk_multi_selection_set_model (self->tree_selection, NULL);
  g_clear_object (&self->tree_model);
  g_clear_pointer (&self->class_tree, hs_class_tree_unref);
}

/* Groups the classes shown (filter, heap) again on a worker, for the
 * grouping chosen; with none, shows the plain table. */
static void
regroup (HsClassesView *self)
{
  static const HsClassGrouping by[]
      = { HS_CLASS_GROUP_PACKAGE, HS_CLASS_GROUP_PACKAGE, HS_CLASS_GROUP_LOADER, HS_CLASS_GROUP_SUPERCLASS };
  g_autoptr (GTask) task = NULL;
  GroupJob *job;

  forget_groups (self);
  if (self->grouping == HS_CLASSES_GROUP_NONE || self->class_model == NULL)
    {
      if (self->plain_selection != NULL)
        gtk_column_view_set_model (self->class_view, GTK_SELECTION_MODEL (self->plain_selection));
      _hs_classes_view_update_status (self);
      return;
    }
  gtk_column_view_set_model (self->class_view, GTK_SELECTION_MODEL (self->tree_selection));
  job = g_new0 (GroupJob, 1);
  job->loader = g_object_ref (hs_view_get_loader (HS_VIEW (self)));
  job->table = hs_class_table_ref (hs_class_model_get_table (self->class_model));
  job->by = by[self->grouping];
  job->query = g_strdup (self->class_query);
  self->group_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->group_cancellable, group_done, NULL);
  g_task_set_name (task, "[heapscope] group the classes");
  g_task_set_task_data (task, job, (GDestroyNotify)group_job_free);
  g_task_run_in_thread (task, group_thread);
  _hs_classes_view_update_status (self);
}

void
hs_classes_view_set_grouping (HsClassesView *self, HsClassesGrouping grouping)
{
  g_return_if_fail (HS_IS_CLASSES_VIEW (self));
  g_return_if_fail (grouping <= HS_CLASSES_GROUP_SUPERCLASS);

  if (gtk_drop_down_get_selected (self->group_by) != (guint)grouping)
    gtk_drop_down_set_selected (self->group_by, grouping); /* calls back here */
  if (self->grouping == grouping)
    return;
  self->grouping = grouping;
  forget_instances (self);
  regroup (self);
}

HsClassesGrouping
hs_classes_view_get_grouping (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), HS_CLASSES_GROUP_NONE);
  return self->grouping;
}

gboolean
hs_classes_view_is_grouping (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), FALSE);
  return self->group_cancellable != NULL;
}

GtkTreeListModel *
hs_classes_view_get_tree_model (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), NULL);
  return self->tree_model;
}

GListModel *
hs_classes_view_get_shown_model (HsClassesView *self)
{
  GtkSelectionModel *model;

  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), NULL);
  model = gtk_column_view_get_model (self->class_view);
  return model != NULL ? gtk_multi_selection_get_model (GTK_MULTI_SELECTION (model)) : NULL;
}

static void
on_group_by_changed (GtkDropDown *drop_down, GParamSpec *pspec, HsClassesView *self)
{
  guint selected = gtk_drop_down_get_selected (drop_down);

  if (selected <= HS_CLASSES_GROUP_SUPERCLASS)
    hs_classes_view_set_grouping (self, (HsClassesGrouping)selected);
}

/* ---------------------------------------------------------------------- */
/* the view                                                               */

GListModel *
hs_classes_view_get_class_model (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), NULL);

  hs_view_ensure_filled (HS_VIEW (self));
  return G_LIST_MODEL (self->class_filter_model);
}

/* The rows from table (one heap's, or every heap's). */
static void
show_table (HsClassesView *self, HsLoader *loader, HsClassTable *table)
{
  g_clear_object (&self->class_model);
  self->class_model = hs_class_model_new (loader, table);
  /* Shown once in order (at once when small). */
  gtk_filter_list_model_set_model (self->class_filter_model, NULL);
  self->ordered = FALSE;
  _hs_classes_view_order_rows (self);
  regroup (self);
  _hs_classes_view_update_status (self);
}

typedef struct
{
  HsLoader *loader;
  int heap;
} TableJob;

static void
table_job_free (TableJob *job)
{
  g_clear_object (&job->loader);
  g_free (job);
}

static void
table_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  TableJob *job = data;
  HsClassTable *t = hs_class_table_new (hs_loader_get_analysis (job->loader), job->heap, cancellable);

  if (t == NULL)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "cancelled");
  else
    g_task_return_pointer (task, t, (GDestroyNotify)hs_class_table_unref);
}

static void
table_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HsClassesView *self = HS_CLASSES_VIEW (source);
  TableJob *job = g_task_get_task_data (G_TASK (result));
  g_autoptr (HsClassTable) t = g_task_propagate_pointer (G_TASK (result), NULL);

  /* Cancelled: the view was cleared, or filled for another heap since. */
  if (t == NULL || g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))) || self->disposed
      || job->loader != hs_view_get_loader (HS_VIEW (self)) || job->heap != hs_view_get_heap (HS_VIEW (self)))
    return;
  g_clear_object (&self->table_cancellable);
  show_table (self, job->loader, t);
}

static void
hs_classes_view_fill (HsView *view, HsLoader *loader)
{
  HsClassesView *self = HS_CLASSES_VIEW (view);
  int heap = hs_view_get_heap (view);

  forget_instances (self);
  hs_instances_pane_set_heap (PANE (self), heap);
  update_filter (self);
  if (heap < 0)
    {
      g_autoptr (HsClassTable) table = hs_class_table_new (hs_view_get_analysis (view), -1, NULL);
      show_table (self, loader, table);
      return;
    }
  /* One heap: its figures are counted on a worker (a pass over the objects
   * and the dominator tree); the rows come when they are. */
  g_autoptr (GTask) task = NULL;
  TableJob *job = g_new0 (TableJob, 1);
  g_autofree char *text
      = g_strdup_printf (_ ("Counting the classes of heap %s…"),
                         hs_heap_heap_name (hs_view_get_analysis (view)->heap, (guint)heap));

  gtk_label_set_text (GTK_LABEL (self->class_status), text);
  job->loader = g_object_ref (loader);
  job->heap = heap;
  self->table_cancellable = g_cancellable_new ();
  task = g_task_new (self, self->table_cancellable, table_done, NULL);
  g_task_set_name (task, "[heapscope] class table of a heap");
  g_task_set_task_data (task, job, (GDestroyNotify)table_job_free);
  g_task_run_in_thread (task, table_thread);
}

gboolean
hs_classes_view_is_counting (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), FALSE);
  return self->table_cancellable != NULL;
}

static void
hs_classes_view_clear (HsView *view)
{
  HsClassesView *self = HS_CLASSES_VIEW (view);

  if (self->table_cancellable != NULL)
    g_cancellable_cancel (self->table_cancellable);
  g_clear_object (&self->table_cancellable);
  _hs_classes_view_cancel_order (self);
  gtk_filter_list_model_set_model (self->class_filter_model, NULL);
  g_clear_object (&self->class_model);
  forget_groups (self);
  forget_instances (self);
  hs_selection_bar_reset (self->class_selection_bar);
  gtk_label_set_text (self->class_status, "");
}

static void
hs_classes_view_dispose (GObject *object)
{
  HsClassesView *self = HS_CLASSES_VIEW (object);

  self->disposed = TRUE;
  _hs_classes_view_cancel_order (self);
  if (self->table_cancellable != NULL)
    g_cancellable_cancel (self->table_cancellable);
  g_clear_object (&self->table_cancellable);
  if (self->search_cancellable != NULL)
    g_cancellable_cancel (self->search_cancellable);
  g_clear_object (&self->search_cancellable);
  forget_groups (self);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_CLASSES_VIEW);
  g_clear_object (&self->tree_selection);
  g_clear_object (&self->plain_selection);
  g_clear_object (&self->class_filter_model);
  g_clear_object (&self->class_filter);
  g_clear_object (&self->class_model);
  G_OBJECT_CLASS (hs_classes_view_parent_class)->dispose (object);
}

static void
hs_classes_view_finalize (GObject *object)
{
  HsClassesView *self = HS_CLASSES_VIEW (object);

  for (guint c = 0; c < HS_CLASS_N_COLUMNS; c++)
    g_clear_object (&self->base_sorters[c]);
  g_free (self->class_query);
  G_OBJECT_CLASS (hs_classes_view_parent_class)->finalize (object);
}

/* Export: the rows as the table shows them (filter and sort), the CLI's
 * column names (classes --csv), the figures unformatted; grouped, the
 * tree (write_group_csv). */
static const char *const csv_columns[]
    = { "name",        "id",      "loader",  "count", "reachable_count", "unreachable_count",
        "native_size", "shallow", "retained" };

static void
class_csv_row (gpointer item, HsCsv *csv, gpointer data)
{
  HsHeap *heap = data;
  HsClassRow *row = item;
  HsClass c = hs_class_row_get_class (row);

  hs_csv_text (csv, hs_class_row_get_name (row));
  hs_csv_id (csv, hs_class_id (heap, c));
  hs_csv_id (csv, hs_class_loader_id (heap, c));
  for (HsClassColumn k = HS_CLASS_COLUMN_COUNT; k < HS_CLASS_N_COLUMNS; k++)
    hs_csv_uint (csv, hs_class_row_get_value (row, k));
  hs_csv_end_row (csv);
}

/* Grouped: the tree's rows as shown (the top level and the nodes
 * expanded), each with its depth (0: the top level) and kind, the CLI's
 * columns (classes --group --csv), a group's figures its sums. name: a
 * package's last segment, a loader's label, a class's full name;
 * package: a package's full name; id: a class's, or a loader's. */
static const char *const group_csv_columns[] = { "depth",
                                                 "kind",
                                                 "name",
                                                 "package",
                                                 "id",
                                                 "loader",
                                                 "count",
                                                 "reachable_count",
                                                 "unreachable_count",
                                                 "native_size",
                                                 "shallow",
                                                 "retained",
                                                 "classes" };

static void
write_group_csv (HsClassesView *self, HsHeap *heap, GString *out)
{
  GListModel *model = G_LIST_MODEL (self->tree_model);
  guint n = g_list_model_get_n_items (model);
  HsCsv csv;

  hs_csv_init (&csv, out);
  hs_csv_header (&csv, group_csv_columns, G_N_ELEMENTS (group_csv_columns));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (model, i);
      g_autoptr (HsClassGroupRow) item = gtk_tree_list_row_get_item (row);
      const HsClassGroups *g = hs_class_tree_get_groups (hs_class_group_row_get_tree (item));
      guint32 v = hs_class_group_row_get_node (item);
      const HsClassNode *node = &g->nodes[v];

      hs_csv_uint (&csv, gtk_tree_list_row_get_depth (row));
      switch (node->kind)
        {
          case HS_CLASS_NODE_PACKAGE:
            {
              g_autofree char *path = hs_class_groups_node_path (g, v);
              hs_csv_text (&csv, "package");
              hs_csv_text (&csv, node->name);
              hs_csv_text (&csv, path);
              hs_csv_empty (&csv);
              hs_csv_empty (&csv);
            }
            break;
          case HS_CLASS_NODE_LOADER:
            hs_csv_text (&csv, "loader");
            hs_csv_text (&csv, node->name);
            hs_csv_empty (&csv);
            hs_csv_id (&csv, node->loader_id);
            hs_csv_empty (&csv);
            break;
          case HS_CLASS_NODE_CLASS:
          default:
            hs_csv_text (&csv, "class");
            hs_csv_text (&csv, node->name);
            hs_csv_empty (&csv);
            hs_csv_id (&csv, hs_class_id (heap, node->klass));
            hs_csv_id (&csv, hs_class_loader_id (heap, node->klass));
            break;
        }
      for (HsClassColumn k = HS_CLASS_COLUMN_COUNT; k < HS_CLASS_N_COLUMNS; k++)
        hs_csv_uint (&csv, hs_class_group_row_get_value (item, k));
      hs_csv_uint (&csv, node->n_classes);
      hs_csv_end_row (&csv);
    }
}

static gboolean
hs_classes_view_write_csv (HsView *view, GString *out)
{
  HsClassesView *self = HS_CLASSES_VIEW (view);
  HsAnalysis *a = hs_view_get_analysis (view);

  if (a == NULL || self->class_model == NULL)
    return FALSE;
  if (self->grouping != HS_CLASSES_GROUP_NONE)
    {
      if (self->tree_model == NULL)
        return FALSE; /* still being grouped */
      write_group_csv (self, a->heap, out);
      return TRUE;
    }
  hs_csv_export_model (out, csv_columns, G_N_ELEMENTS (csv_columns), G_LIST_MODEL (self->class_filter_model),
                       class_csv_row, a->heap);
  return TRUE;
}

static void
hs_classes_view_class_init (HsClassesViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  HsViewClass *view_class = HS_VIEW_CLASS (klass);

  object_class->dispose = hs_classes_view_dispose;
  object_class->finalize = hs_classes_view_finalize;
  view_class->fill = hs_classes_view_fill;
  view_class->clear = hs_classes_view_clear;
  view_class->write_csv = hs_classes_view_write_csv;
  hs_view_class_set_page (view_class, "classes", _ ("Classes"), NULL, TRUE, "classes filled");
  hs_view_class_set_uses_heap (view_class);

  g_type_ensure (HS_TYPE_INSTANCES_PANE);
  g_type_ensure (HS_TYPE_SELECTION_BAR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/heapscope/Heapscope/ui/hs-classes-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsClassesView, box);
  gtk_widget_class_bind_template_child (widget_class, HsClassesView, class_search);
  gtk_widget_class_bind_template_child (widget_class, HsClassesView, class_status);
  gtk_widget_class_bind_template_child (widget_class, HsClassesView, group_by);
  gtk_widget_class_bind_template_child (widget_class, HsClassesView, class_view);
  gtk_widget_class_bind_template_child (widget_class, HsClassesView, class_selection_bar);
  gtk_widget_class_bind_template_child (widget_class, HsClassesView, instances_pane);
  gtk_widget_class_bind_template_callback (widget_class, on_class_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_class_search_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_class_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_group_by_changed);
}

static void
add_class_column (HsClassesView *self, HsClassColumn c)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr (GtkCustomSorter) sorter = NULL;
  GtkColumnViewColumn *column;

  g_signal_connect (factory, "setup", G_CALLBACK (setup_class_cell), GUINT_TO_POINTER (c));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_class_cell), GUINT_TO_POINTER (c));
  column = gtk_column_view_column_new (class_column_title (c), factory);
  gtk_column_view_column_set_expand (column, c == HS_CLASS_COLUMN_NAME);
  gtk_column_view_column_set_resizable (column, TRUE);

  self->base_sorters[c] = hs_class_sorter_new (c);
  self->spies[c].self = self;
  self->spies[c].column = c;
  sorter = gtk_custom_sorter_new (column_compare, &self->spies[c], NULL);
  gtk_column_view_column_set_sorter (column, GTK_SORTER (sorter));
  gtk_column_view_append_column (self->class_view, column);
  if (c == HS_CLASS_COLUMN_RETAINED)
    hs_column_view_set_header_tooltip (self->class_view, column, hs_retained_size_tooltip ());
  self->class_columns[c] = column;
  g_object_unref (column);
}

static void
hs_classes_view_init (HsClassesView *self)
{
  GtkSorter *sorter;
  GtkMultiSelection *selection;

  self->instances_class = HS_CLASS_NONE;
  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint c = 0; c < HS_CLASS_N_COLUMNS; c++)
    add_class_column (self, c);
  sorter = gtk_column_view_get_sorter (self->class_view);
  g_signal_connect_object (sorter, "changed", G_CALLBACK (on_sorter_changed), self, G_CONNECT_AFTER);

  self->class_filter = gtk_custom_filter_new (class_filter_func, self, NULL);
  self->class_filter_model = gtk_filter_list_model_new (NULL, NULL);
  selection = gtk_multi_selection_new (g_object_ref (G_LIST_MODEL (self->class_filter_model)));
  g_signal_connect_object (selection, "selection-changed", G_CALLBACK (on_class_selected), self, 0);
  hs_selection_bar_set_collect_func (self->class_selection_bar, collect_classes, self);
  gtk_column_view_set_model (self->class_view, GTK_SELECTION_MODEL (selection));
  self->plain_selection = selection;

  /* The grouped table (empty until grouped: show_tree). */
  self->tree_selection = gtk_multi_selection_new (NULL);

  hs_classes_view_sort_by_column (self, HS_CLASS_COLUMN_RETAINED, GTK_SORT_DESCENDING);
  gtk_search_entry_set_key_capture_widget (self->class_search, GTK_WIDGET (self->box));
  hs_view_add_export_button (HS_VIEW (self), gtk_widget_get_parent (GTK_WIDGET (self->class_status)));
}

GtkWidget *
hs_classes_view_new (void)
{
  return g_object_new (HS_TYPE_CLASSES_VIEW, NULL);
}
