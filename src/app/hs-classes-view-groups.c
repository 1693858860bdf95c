/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-classes-view-groups.c: the classes view grouped by package, loader or
 * superclass (the header's drop-down), a part of HsClassesView
 * (hs-classes-view-private.h): the classes grouped on a worker
 * (hs-class-groups.h) into an HsClassTree, shown as a GtkTreeListModel of
 * HsClassGroupRow sorted within each level by the column sorted
 * (hs_class_tree_sort, the same comparison as the plain table's sorters),
 * the grouped rows' name cells and the tree's CSV. */
#include "config.h"
#include "hs-classes-view-private.h"
#include "hs-class-group-list.h"
#include "hs-class-groups-csv.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>
#include <string.h>

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
  fig = hs_class_table_figures (job->table);
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
      HsClassTree *tree = hs_class_tree_new (groups);
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
  g_signal_connect_object (self->tree_selection, "selection-changed",
                           G_CALLBACK (_hs_classes_view_on_class_selected), self, 0);
  gtk_column_view_set_model (self->class_view, GTK_SELECTION_MODEL (self->tree_selection));
}

/* A header clicked while grouped: every level sorted by that column, the
 * tree shown again with the same nodes open. */
void
_hs_classes_view_resort_tree (HsClassesView *self)
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
  g_autoptr (GError) error = NULL;
  HsClassTree *tree = g_task_propagate_pointer (G_TASK (result), &error);

  /* Cancelled: another grouping, filter or dump since, or the view went. */
  if (hs_task_failed (GTK_WIDGET (self), error, _ ("Could not group the classes")))
    return;
  g_clear_object (&self->group_cancellable);
  g_clear_pointer (&self->class_tree, hs_class_tree_unref);
  self->class_tree = tree;
  hs_class_tree_sort (tree, self->sort_column, self->sort_order);
  show_tree (self, NULL);
  _hs_classes_view_update_status (self);
}

/* Drops the tree shown and a grouping running. */
void
_hs_classes_view_forget_groups (HsClassesView *self)
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
void
_hs_classes_view_regroup (HsClassesView *self)
{
  static const HsClassGrouping by[]
      = { HS_CLASS_GROUP_PACKAGE, HS_CLASS_GROUP_PACKAGE, HS_CLASS_GROUP_LOADER, HS_CLASS_GROUP_SUPERCLASS };
  g_autoptr (GTask) task = NULL;
  GroupJob *job;

  _hs_classes_view_forget_groups (self);
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
  _hs_classes_view_forget_instances (self);
  _hs_classes_view_regroup (self);
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

void
_hs_classes_view_on_group_by_changed (GtkDropDown *drop_down, GParamSpec *pspec, HsClassesView *self)
{
  guint selected = gtk_drop_down_get_selected (drop_down);

  if (selected <= HS_CLASSES_GROUP_SUPERCLASS)
    hs_classes_view_set_grouping (self, (HsClassesGrouping)selected);
}

/* ---------------------------------------------------------------------- */
/* the rows and their export                                              */

/* A grouped row's name cell: its label, and as tooltip its full name and
 * what it holds. */
void
_hs_classes_view_bind_group_name (GtkInscription *cell, HsClassGroupRow *row)
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

/* Grouped: the tree's rows as shown (the top level and the nodes
 * expanded), in the columns of classes --group --csv
 * (hs-class-groups-csv.h); no children are left out of a node expanded. */
void
_hs_classes_view_write_group_csv (HsClassesView *self, HsHeap *heap, GString *out)
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
