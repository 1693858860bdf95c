/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-classes-view.c: the "classes" view (see the header). The layout is
 * the template ui/hs-classes-view.ui; the class columns, each with its own
 * sorter, are made by hs-classes-columns.c. The instances of a class are
 * listed in the pane below (HsInstancesPane, which finds them on a
 * worker), as are the objects a search finds (hs-classes-search.c). With a
 * grouping (the header's drop-down), the table is a tree of
 * HsClassGroupRow with the same columns over an HsClassGroupModel, which
 * groups the classes itself. Here: the filter, the status line, the sort
 * shown, the grouping shown and its open nodes, the instances and the
 * selection, the table's rows from one heap or all, the table's CSV. */
#include "config.h"
#include "hs-classes-view-private.h"
#include "hs-class-groups-csv.h"
#include "hs-csv-export.h"
#include "hs-instances-pane.h"
#include "hs-selection-bar.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>
#include <string.h>

G_DEFINE_FINAL_TYPE (HsClassesView, hs_classes_view, HS_TYPE_VIEW)

/* The grouped classes under the tree shown. */
#define GROUPS(self) HS_CLASS_GROUP_MODEL (gtk_tree_list_model_get_model ((self)->tree_model))

static HsClassesGrouping
grouping_of (HsClassesView *self)
{
  static const HsClassesGrouping shown[] = {
    [HS_CLASS_GROUP_MODEL_NONE] = HS_CLASSES_GROUP_NONE,
    [HS_CLASS_GROUP_MODEL_BY (HS_CLASS_GROUP_PACKAGE)] = HS_CLASSES_GROUP_PACKAGE,
    [HS_CLASS_GROUP_MODEL_BY (HS_CLASS_GROUP_LOADER)] = HS_CLASSES_GROUP_LOADER,
    [HS_CLASS_GROUP_MODEL_BY (HS_CLASS_GROUP_SUPERCLASS)] = HS_CLASSES_GROUP_SUPERCLASS,
  };

  return shown[hs_class_group_model_get_grouping (GROUPS (self))];
}

/* Sorts the grouped tree by the column sorted, with the same nodes open
 * after (the model's new order changes every row, which closes them). */
static void
resort_tree (HsClassesView *self)
{
  g_autoptr (GHashTable) expanded = g_hash_table_new (NULL, NULL);
  GListModel *rows = G_LIST_MODEL (self->tree_model);

  for (guint i = 0; i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (self->tree_model, i);
      if (gtk_tree_list_row_get_expanded (row))
        {
          g_autoptr (HsClassGroupRow) item = gtk_tree_list_row_get_item (row);
          g_hash_table_add (expanded, GUINT_TO_POINTER (hs_class_group_row_get_node (item) + 1));
        }
    }
  hs_class_group_model_set_sort (GROUPS (self), self->sort_column, self->sort_order);
  /* In the order shown: a node opened shows its children, looked at next. */
  for (guint i = 0; g_hash_table_size (expanded) > 0 && i < g_list_model_get_n_items (rows); i++)
    {
      g_autoptr (GtkTreeListRow) row = gtk_tree_list_model_get_row (self->tree_model, i);
      g_autoptr (HsClassGroupRow) item = gtk_tree_list_row_get_item (row);
      gpointer key = GUINT_TO_POINTER (hs_class_group_row_get_node (item) + 1);
      if (g_hash_table_remove (expanded, key))
        gtk_tree_list_row_set_expanded (row, TRUE);
    }
}

/* ---------------------------------------------------------------------- */
/* sorting                                                                */

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
  if (self->class_model != NULL)
    hs_class_model_set_sort (self->class_model, self->sort_column, self->sort_order);
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
  if (grouping_of (self) != HS_CLASSES_GROUP_NONE)
    {
      HsClassTree *tree = hs_class_group_model_get_tree (GROUPS (self));
      if (!hs_class_group_model_get_busy (GROUPS (self))
          && hs_class_group_model_get_error (GROUPS (self)) != NULL)
        text = g_strdup (_ ("Could not group the classes"));
      else if (hs_class_group_model_get_busy (GROUPS (self)) || tree == NULL)
        text = g_strdup (_ ("Grouping the classes…"));
      else
        {
          const HsClassGroups *g = hs_class_tree_get_groups (tree);
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
  else if (hs_class_model_get_busy (self->class_model)
           && g_list_model_get_n_items (G_LIST_MODEL (self->class_model)) == 0)
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
  hs_class_group_model_set_filter (GROUPS (self),
                                   self->class_query); /* the groups of the classes that match */
  _hs_classes_view_update_status (self);
}

static void
on_class_search_changed (GtkSearchEntry *entry, HsClassesView *self)
{
  hs_classes_view_set_filter (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
}

/* Enter: the search (hs-classes-search.c). */
static void
on_class_search_activate (GtkSearchEntry *entry, HsClassesView *self)
{
  hs_classes_view_search (self, gtk_editable_get_text (GTK_EDITABLE (entry)));
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
void
_hs_classes_view_forget_instances (HsClassesView *self)
{
  hs_instances_pane_forget (PANE (self));
  self->instances_class = HS_CLASS_NONE;
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
}

void
hs_classes_view_show_objects (HsClassesView *self, const char *label, GArray *objs)
{
  g_return_if_fail (HS_IS_CLASSES_VIEW (self));
  g_return_if_fail (objs != NULL);

  hs_view_ensure_filled (HS_VIEW (self));
  if (hs_view_get_analysis (HS_VIEW (self)) == NULL)
    {
      g_array_unref (objs);
      return;
    }
  _hs_classes_view_cancel_search (self);
  hs_instances_pane_begin (PANE (self), label);
  hs_instances_pane_show_objects (PANE (self), label, hs_view_get_loader (HS_VIEW (self)), objs);
  self->instances_class = HS_CLASS_NONE;
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
      && (klass == HS_CLASS_NONE || grouping_of (self) == HS_CLASSES_GROUP_SUPERCLASS))
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
void
_hs_classes_view_on_class_selected (GtkSelectionModel *selection, guint position, guint n_items,
                                    HsClassesView *self)
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

gboolean
hs_classes_view_show_class (HsClassesView *self, const char *name)
{
  GListModel *model;

  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);

  hs_view_ensure_filled (HS_VIEW (self));
  /* The class is found among the rows: a big table's order is not waited
   * for. */
  if (self->class_model != NULL)
    hs_class_model_sort_now (self->class_model);
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

static void
on_group_model_busy (HsClassGroupModel *groups, GParamSpec *pspec, HsClassesView *self)
{
  _hs_classes_view_update_status (self);
}

static void
on_group_model_error (HsClassGroupModel *groups, GParamSpec *pspec, HsClassesView *self)
{
  const GError *error = hs_class_group_model_get_error (groups);

  if (error != NULL)
    hs_task_failed (GTK_WIDGET (self), error, _ ("Could not group the classes"));
}

void
hs_classes_view_set_grouping (HsClassesView *self, HsClassesGrouping grouping)
{
  static const guint by[] = { HS_CLASS_GROUP_MODEL_NONE, HS_CLASS_GROUP_MODEL_BY (HS_CLASS_GROUP_PACKAGE),
                              HS_CLASS_GROUP_MODEL_BY (HS_CLASS_GROUP_LOADER),
                              HS_CLASS_GROUP_MODEL_BY (HS_CLASS_GROUP_SUPERCLASS) };

  g_return_if_fail (HS_IS_CLASSES_VIEW (self));
  g_return_if_fail (grouping <= HS_CLASSES_GROUP_SUPERCLASS);

  if (gtk_drop_down_get_selected (self->group_by) != (guint)grouping)
    gtk_drop_down_set_selected (self->group_by, grouping); /* calls back here */
  if (grouping_of (self) == grouping)
    return;
  _hs_classes_view_forget_instances (self);
  hs_class_group_model_set_grouping (GROUPS (self), by[grouping]);
  gtk_column_view_set_model (self->class_view, grouping == HS_CLASSES_GROUP_NONE
                                                   ? GTK_SELECTION_MODEL (self->plain_selection)
                                                   : GTK_SELECTION_MODEL (self->tree_selection));
  _hs_classes_view_update_status (self);
}

gboolean
hs_classes_view_is_grouping (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), FALSE);
  return hs_class_group_model_get_busy (GROUPS (self));
}

GtkTreeListModel *
hs_classes_view_get_tree_model (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), NULL);
  if (grouping_of (self) == HS_CLASSES_GROUP_NONE || hs_class_group_model_get_busy (GROUPS (self))
      || hs_class_group_model_get_tree (GROUPS (self)) == NULL)
    return NULL;
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

/* Grouped: the tree's rows as shown (the top level and the nodes
 * expanded), in the columns of classes --group --csv
 * (hs-class-groups-csv.h); no children are left out of a node expanded. */
static void
write_group_csv (HsClassesView *self, HsHeap *heap, GString *out)
{
  GListModel *model = G_LIST_MODEL (self->tree_model);
  guint n = g_list_model_get_n_items (model);
  HsCsv csv;

  hs_csv_init (&csv, out);
  hs_class_groups_csv_header (&csv);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (model, i);
      g_autoptr (HsClassGroupRow) item = gtk_tree_list_row_get_item (row);
      const HsClassGroups *g = hs_class_tree_get_groups (hs_class_group_row_get_tree (item));

      hs_class_groups_csv_row (&csv, heap, g, hs_class_group_row_get_node (item),
                               gtk_tree_list_row_get_depth (row), 0);
    }
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

static void
on_class_model_busy (HsClassModel *model, GParamSpec *pspec, HsClassesView *self)
{
  _hs_classes_view_update_status (self);
}

/* Drops the rows shown and their model (and the sort it runs). */
static void
forget_class_model (HsClassesView *self)
{
  gtk_filter_list_model_set_model (self->class_filter_model, NULL);
  if (self->class_model != NULL)
    g_signal_handlers_disconnect_by_func (self->class_model, on_class_model_busy, self);
  if (self->class_model != NULL)
    g_object_run_dispose (G_OBJECT (self->class_model));
  g_clear_object (&self->class_model);
}

/* The rows from table (one heap's, or every heap's), in the order of the
 * column sorted (the model's first rows come with it: at once when
 * small). */
static void
show_table (HsClassesView *self, HsLoader *loader, HsClassTable *table)
{
  forget_class_model (self);
  self->class_model = hs_class_model_new (loader, table, self->sort_column, self->sort_order);
  g_signal_connect_object (self->class_model, "notify::busy", G_CALLBACK (on_class_model_busy), self, 0);
  gtk_filter_list_model_set_model (self->class_filter_model, G_LIST_MODEL (self->class_model));
  hs_class_group_model_set_sort (GROUPS (self), self->sort_column, self->sort_order);
  hs_class_group_model_set_table (GROUPS (self), loader, table);
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
  g_autoptr (GError) error = NULL;
  g_autoptr (HsClassTable) t = g_task_propagate_pointer (G_TASK (result), &error);

  /* Cancelled: the view was cleared or went, or filled for another heap
   * since. */
  if (hs_task_failed (GTK_WIDGET (self), error, _ ("Could not count the classes"))
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

  _hs_classes_view_forget_instances (self);
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
hs_classes_view_is_sorting (HsClassesView *self)
{
  g_return_val_if_fail (HS_IS_CLASSES_VIEW (self), FALSE);
  return self->class_model != NULL && hs_class_model_get_busy (self->class_model);
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
  forget_class_model (self);
  hs_class_group_model_set_table (GROUPS (self), NULL, NULL);
  _hs_classes_view_forget_instances (self);
  hs_selection_bar_reset (self->class_selection_bar);
  gtk_label_set_text (self->class_status, "");
}

static void
hs_classes_view_dispose (GObject *object)
{
  HsClassesView *self = HS_CLASSES_VIEW (object);

  forget_class_model (self);
  if (self->table_cancellable != NULL)
    g_cancellable_cancel (self->table_cancellable);
  g_clear_object (&self->table_cancellable);
  _hs_classes_view_cancel_search (self);
  /* The grouping running (its task holds the model) stops now. */
  if (self->tree_model != NULL)
    g_object_run_dispose (G_OBJECT (GROUPS (self)));
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_CLASSES_VIEW);
  g_clear_object (&self->tree_selection);
  g_clear_object (&self->tree_model);
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
 * tree's rows as shown (write_group_csv). */
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

static gboolean
hs_classes_view_write_csv (HsView *view, GString *out)
{
  HsClassesView *self = HS_CLASSES_VIEW (view);
  HsAnalysis *a = hs_view_get_analysis (view);

  if (a == NULL || self->class_model == NULL)
    return FALSE;
  if (grouping_of (self) != HS_CLASSES_GROUP_NONE)
    {
      if (hs_classes_view_get_tree_model (self) == NULL)
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
  gtk_widget_class_bind_template_callback_full (widget_class, "on_group_by_changed",
                                                G_CALLBACK (on_group_by_changed));
}

static void
hs_classes_view_init (HsClassesView *self)
{
  GtkSorter *sorter;
  GtkMultiSelection *selection;
  HsClassGroupModel *groups;

  self->instances_class = HS_CLASS_NONE;
  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint c = 0; c < HS_CLASS_N_COLUMNS; c++)
    _hs_classes_view_add_column (self, c);
  /* A narrow window keeps the name, the count and the sizes in sight. */
  GtkColumnViewColumn *secondary[]
      = { self->class_columns[HS_CLASS_COLUMN_REACHABLE], self->class_columns[HS_CLASS_COLUMN_UNREACHABLE],
          self->class_columns[HS_CLASS_COLUMN_NATIVE] };
  hs_column_view_hide_when_narrow (self->class_view, 720, secondary, G_N_ELEMENTS (secondary));
  sorter = gtk_column_view_get_sorter (self->class_view);
  g_signal_connect_object (sorter, "changed", G_CALLBACK (on_sorter_changed), self, G_CONNECT_AFTER);
  hs_column_view_scroll_top_on_sort (self->class_view);

  self->class_filter = gtk_custom_filter_new (class_filter_func, self, NULL);
  self->class_filter_model = gtk_filter_list_model_new (NULL, NULL);
  selection = gtk_multi_selection_new (g_object_ref (G_LIST_MODEL (self->class_filter_model)));
  g_signal_connect_object (selection, "selection-changed", G_CALLBACK (_hs_classes_view_on_class_selected),
                           self, 0);
  hs_selection_bar_set_collect_func (self->class_selection_bar, collect_classes, self);
  gtk_column_view_set_model (self->class_view, GTK_SELECTION_MODEL (selection));
  self->plain_selection = selection;

  /* The grouped table (empty until grouped). */
  groups = hs_class_group_model_new ();
  g_signal_connect_object (groups, "notify::busy", G_CALLBACK (on_group_model_busy), self, 0);
  g_signal_connect_object (groups, "notify::error", G_CALLBACK (on_group_model_error), self, 0);
  self->tree_model = gtk_tree_list_model_new (G_LIST_MODEL (groups), FALSE, FALSE,
                                              hs_class_group_row_children, NULL, NULL);
  self->tree_selection = gtk_multi_selection_new (g_object_ref (G_LIST_MODEL (self->tree_model)));
  g_signal_connect_object (self->tree_selection, "selection-changed",
                           G_CALLBACK (_hs_classes_view_on_class_selected), self, 0);

  hs_classes_view_sort_by_column (self, HS_CLASS_COLUMN_RETAINED, GTK_SORT_DESCENDING);
  gtk_search_entry_set_key_capture_widget (self->class_search, GTK_WIDGET (self->box));
  hs_view_add_export_button (HS_VIEW (self), gtk_widget_get_parent (GTK_WIDGET (self->class_status)));
}

GtkWidget *
hs_classes_view_new (void)
{
  return g_object_new (HS_TYPE_CLASSES_VIEW, NULL);
}
