/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loaders-view.c: the Class Loaders view (see hs-loaders-view.h). The
 * engine's tables (hs-class-loaders) are computed on a worker holding
 * the analysis; the rows are small HsLoaderRow objects (one per loader
 * or duplicate class, hundreds at most) holding their cells' text, which
 * the tables' list item templates bind. */
#include "config.h"
#include "hs-loaders-view.h"

#include "hs-class-loaders.h"
#include "hs-loader-row.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

struct _HsLoadersView
{
  HsView parent_instance;

  GtkBox *box;
  GtkWidget *header;
  GtkLabel *status;
  GtkLabel *duplicates_status;
  GtkColumnView *loaders_table;
  GtkColumnViewColumn *loader_column;
  GtkColumnViewColumn *classes_column;
  GtkColumnViewColumn *instances_column;
  GtkColumnViewColumn *retained_column;
  GtkColumnView *duplicates_table;
  GtkColumnViewColumn *dup_name_column;
  GtkColumnViewColumn *dup_loaders_column;
  GtkColumnViewColumn *dup_instances_column;
  GtkListBox *defs_list;

  HsClassLoaders *loaders;
  GListStore *loader_store;
  GListStore *duplicate_store;
  GtkSingleSelection *duplicate_selection;
  guint generation;
  gboolean ready;
};

G_DEFINE_FINAL_TYPE (HsLoadersView, hs_loaders_view, HS_TYPE_VIEW)

enum
{
  COL_LOADER,
  COL_CLASSES,
  COL_INSTANCES,
  COL_RETAINED,
  COL_DUP_NAME = 16,
  COL_DUP_LOADERS,
  COL_DUP_INSTANCES,
};

/* The bootstrap loader's label, translated (the engine's is English). */
static const char *
loader_label (const HsClassLoader *l)
{
  return l->id == HS_BOOTSTRAP_LOADER_ID ? _ ("<system class loader>") : l->label;
}

static char *
cell_text (HsLoadersView *self, guint column, guint index)
{
  const HsClassLoaders *cl = self->loaders;

  if (cl == NULL)
    return NULL;
  if (column < COL_DUP_NAME)
    {
      if (index >= cl->n_loaders)
        return NULL;
      const HsClassLoader *l = &cl->loaders[index];
      switch (column)
        {
          case COL_LOADER: return g_strdup (loader_label (l));
          case COL_CLASSES: return hs_format_count (l->n_classes);
          case COL_INSTANCES: return hs_format_count (l->instances);
          case COL_RETAINED: return l->has_retained ? hs_format_bytes (l->retained) : g_strdup ("—");
          default: return NULL;
        }
    }
  if (index >= cl->n_duplicates)
    return NULL;
  const HsDuplicateClass *d = &cl->duplicates[index];
  switch (column)
    {
      case COL_DUP_NAME: return g_strdup (d->name);
      case COL_DUP_LOADERS: return hs_format_count (d->n_loaders);
      case COL_DUP_INSTANCES: return hs_format_count (d->instances);
      default: return NULL;
    }
}

/* A row with its cells' text (its table's columns). */
static HsLoaderRow *
row_new (HsLoadersView *self, guint index, gboolean duplicate)
{
  HsLoaderRow *row = hs_loader_row_new (index, G_MAXUINT);

  if (duplicate)
    {
      row->name = cell_text (self, COL_DUP_NAME, index);
      row->loaders = cell_text (self, COL_DUP_LOADERS, index);
      row->instances = cell_text (self, COL_DUP_INSTANCES, index);
    }
  else
    {
      row->name = cell_text (self, COL_LOADER, index);
      row->classes = cell_text (self, COL_CLASSES, index);
      row->instances = cell_text (self, COL_INSTANCES, index);
      row->retained = cell_text (self, COL_RETAINED, index);
    }
  return row;
}

/* ---- the worker ------------------------------------------------------------ */

static void
compute_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  HsAnalysis *a = data;
  GError *error = NULL;

  hs_analysis_hold (a);
  HsClassLoaders *cl = hs_class_loaders_compute (a, cancellable, &error);
  hs_analysis_release (a);
  if (cl == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, cl, (GDestroyNotify)hs_class_loaders_free);
}

/* The loaders of the selected duplicate class, most instances first. */
static void
show_definitions (HsLoadersView *self, const HsDuplicateClass *d)
{
  hs_clear_box (GTK_WIDGET (self->defs_list));
  if (d == NULL)
    return;
  for (guint j = 0; j < d->n_defs; j++)
    {
      const HsClassLoader *l = &self->loaders->loaders[d->defs[j].loader];
      g_autofree char *count = hs_format_count (d->defs[j].instances);
      g_autofree char *n = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%s instance", "%s instances", d->defs[j].instances), count);
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *name = hs_label_new (loader_label (l), NULL, 0);
      GtkWidget *row = gtk_list_box_row_new ();

      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_MIDDLE);
      gtk_widget_set_tooltip_text (name, loader_label (l));
      gtk_box_append (GTK_BOX (box), name);
      gtk_box_append (GTK_BOX (box), hs_label_new (n, "dim-label", 0));
      gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), l->obj != HS_OBJ_NONE);
      g_object_set_data (G_OBJECT (row), "hs-obj", GUINT_TO_POINTER (l->obj + 1));
      gtk_list_box_append (self->defs_list, row);
    }
}

static void
on_duplicate_selected (GtkSingleSelection *sel, GParamSpec *pspec, HsLoadersView *self)
{
  HsLoaderRow *row = gtk_single_selection_get_selected_item (sel);

  show_definitions (self,
                    row != NULL && self->loaders != NULL ? &self->loaders->duplicates[row->index] : NULL);
}

static void
compute_done (GObject *source, GAsyncResult *res, gpointer data)
{
  HsLoadersView *self = HS_LOADERS_VIEW (source);
  guint generation = GPOINTER_TO_UINT (data);
  g_autoptr (GError) error = NULL;
  HsClassLoaders *cl = g_task_propagate_pointer (G_TASK (res), &error);

  if (generation != self->generation || cl == NULL)
    {
      if (cl == NULL && generation == self->generation
          && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        gtk_label_set_text (self->status, error->message);
      hs_class_loaders_free (cl);
      return;
    }
  self->loaders = cl;

  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint k = 0; k < cl->n_loaders; k++)
    g_ptr_array_add (rows, row_new (self, k, FALSE));
  g_list_store_splice (self->loader_store, 0, 0, rows->pdata, rows->len);
  g_ptr_array_set_size (rows, 0);
  for (guint i = 0; i < cl->n_duplicates; i++)
    g_ptr_array_add (rows, row_new (self, i, TRUE));
  g_list_store_splice (self->duplicate_store, 0, 0, rows->pdata, rows->len);

  g_autofree char *status = g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE,
                   "%u class loader defines the classes of this dump. Activate a row to inspect the loader.",
                   "%u class loaders define the classes of this dump. Activate a row to inspect the loader.",
                   cl->n_loaders),
      cl->n_loaders);
  gtk_label_set_text (self->status, status);
  if (cl->n_duplicates == 0)
    gtk_label_set_text (self->duplicates_status, _ ("No class is defined by more than one loader."));
  else
    {
      g_autofree char *s = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%u class name is defined by several loaders (a redeployment leak?)",
                       "%u class names are defined by several loaders (a redeployment leak?)",
                       cl->n_duplicates),
          cl->n_duplicates);
      gtk_label_set_text (self->duplicates_status, s);
      gtk_single_selection_set_selected (self->duplicate_selection, 0);
    }
  on_duplicate_selected (self->duplicate_selection, NULL, self);
  self->ready = TRUE;
}

static void
hs_loaders_view_fill (HsView *view, HsLoader *loader)
{
  HsLoadersView *self = HS_LOADERS_VIEW (view);
  HsAnalysis *a = hs_loader_get_analysis (loader);

  if (a == NULL)
    return;
  gtk_label_set_text (self->status, _ ("Reading the class loaders…"));
  g_autoptr (GTask) task
      = g_task_new (self, hs_view_get_cancellable (view), compute_done, GUINT_TO_POINTER (self->generation));
  g_task_set_task_data (task, a, NULL);
  /* The loader must outlive the worker's use of its analysis. */
  g_object_set_data_full (G_OBJECT (task), "hs-loader", g_object_ref (loader), g_object_unref);
  g_task_run_in_thread (task, compute_thread);
}

static void
hs_loaders_view_clear (HsView *view)
{
  HsLoadersView *self = HS_LOADERS_VIEW (view);

  self->generation++;
  self->ready = FALSE;
  hs_clear_box (GTK_WIDGET (self->defs_list));
  g_list_store_remove_all (self->loader_store);
  g_list_store_remove_all (self->duplicate_store);
  g_clear_pointer (&self->loaders, hs_class_loaders_free);
  gtk_label_set_text (self->status, "");
  gtk_label_set_text (self->duplicates_status, "");
}

/* ---- rows activated ---------------------------------------------------------- */

static void
on_loader_activated (GtkColumnView *table, guint position, HsLoadersView *self)
{
  g_autoptr (HsLoaderRow) row = g_list_model_get_item (G_LIST_MODEL (self->loader_store), position);

  if (row == NULL || self->loaders == NULL)
    return;
  HsObj o = self->loaders->loaders[row->index].obj;
  if (o != HS_OBJ_NONE)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.inspect", "u", (guint32)o);
  else
    gtk_widget_activate_action (
        GTK_WIDGET (self), "win.toast", "s",
        _ ("The bootstrap class loader is part of the virtual machine, not an object"));
}

static void
on_duplicate_activated (GtkColumnView *table, guint position, HsLoadersView *self)
{
  g_autoptr (HsLoaderRow) row = g_list_model_get_item (G_LIST_MODEL (self->duplicate_store), position);

  if (row != NULL && self->loaders != NULL)
    gtk_widget_activate_action (GTK_WIDGET (self), "tab.show-class", "s",
                                self->loaders->duplicates[row->index].name);
}

static void
on_def_activated (GtkListBox *box, GtkListBoxRow *row, HsLoadersView *self)
{
  guint obj = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "hs-obj"));

  if (obj != 0)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.inspect", "u", (guint32)(obj - 1));
}

/* ---- CSV ------------------------------------------------------------------------- */

/* Both tables, as `heapscope-cli loaders --csv` writes them (the
 * engine's one writer): the Export button's Copy as CSV and Save as CSV…. */
static gboolean
hs_loaders_view_write_csv (HsView *view, GString *out)
{
  HsLoadersView *self = HS_LOADERS_VIEW (view);

  if (self->loaders == NULL)
    return FALSE;
  hs_class_loaders_append_csv (out, self->loaders);
  return TRUE;
}

/* ---- the class --------------------------------------------------------------- */

static void
hs_loaders_view_dispose (GObject *object)
{
  HsLoadersView *self = HS_LOADERS_VIEW (object);

  self->generation++;
  g_clear_pointer (&self->loaders, hs_class_loaders_free);
  g_clear_object (&self->duplicate_selection);
  g_clear_object (&self->loader_store);
  g_clear_object (&self->duplicate_store);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_LOADERS_VIEW);
  G_OBJECT_CLASS (hs_loaders_view_parent_class)->dispose (object);
}

static void
hs_loaders_view_class_init (HsLoadersViewClass *klass)
{
  GObjectClass *oc = G_OBJECT_CLASS (klass);
  GtkWidgetClass *wc = GTK_WIDGET_CLASS (klass);
  HsViewClass *vc = HS_VIEW_CLASS (klass);

  oc->dispose = hs_loaders_view_dispose;
  vc->fill = hs_loaders_view_fill;
  vc->clear = hs_loaders_view_clear;
  vc->write_csv = hs_loaders_view_write_csv;
  /* "Loaders": the switcher has ten views; "Class Lo…" at 600 px. */
  hs_view_class_set_page (vc, "loaders", _ ("Loaders"), NULL, TRUE, "loaders filled");
  hs_view_class_set_revealed_on_demand (vc);
  g_type_ensure (HS_TYPE_LOADER_ROW);
  gtk_widget_class_set_template_from_resource (wc, "/org/heapscope/Heapscope/ui/hs-loaders-view.ui");
  gtk_widget_class_bind_template_child (wc, HsLoadersView, box);
  gtk_widget_class_bind_template_child (wc, HsLoadersView, header);
  gtk_widget_class_bind_template_child (wc, HsLoadersView, status);
  gtk_widget_class_bind_template_child (wc, HsLoadersView, duplicates_status);
  gtk_widget_class_bind_template_child (wc, HsLoadersView, loaders_table);
  gtk_widget_class_bind_template_child (wc, HsLoadersView, loader_column);
  gtk_widget_class_bind_template_child (wc, HsLoadersView, classes_column);
  gtk_widget_class_bind_template_child (wc, HsLoadersView, instances_column);
  gtk_widget_class_bind_template_child (wc, HsLoadersView, retained_column);
  gtk_widget_class_bind_template_child (wc, HsLoadersView, duplicates_table);
  gtk_widget_class_bind_template_child (wc, HsLoadersView, dup_name_column);
  gtk_widget_class_bind_template_child (wc, HsLoadersView, dup_loaders_column);
  gtk_widget_class_bind_template_child (wc, HsLoadersView, dup_instances_column);
  gtk_widget_class_bind_template_child (wc, HsLoadersView, defs_list);
  gtk_widget_class_bind_template_callback (wc, on_loader_activated);
  gtk_widget_class_bind_template_callback (wc, on_duplicate_activated);
  gtk_widget_class_bind_template_callback (wc, on_def_activated);
  gtk_widget_class_bind_template_callback (wc, hs_cell_name_text);
  gtk_widget_class_bind_template_callback (wc, hs_cell_name_tip);
}

static void
hs_loaders_view_init (HsLoadersView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  hs_view_add_export_button (HS_VIEW (self), self->header);
  hs_column_view_set_header_tooltip (self->loaders_table, self->retained_column,
                                     _ ("What the loader object retains: itself and what only it keeps alive "
                                        "(its classes, their statics and instances, when nothing else holds "
                                        "them)"));
  self->loader_store = g_list_store_new (HS_TYPE_LOADER_ROW);
  g_autoptr (GtkSingleSelection) loader_selection
      = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->loader_store)));
  gtk_column_view_set_model (self->loaders_table, GTK_SELECTION_MODEL (loader_selection));
  self->duplicate_store = g_list_store_new (HS_TYPE_LOADER_ROW);
  self->duplicate_selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->duplicate_store)));
  gtk_single_selection_set_autoselect (self->duplicate_selection, FALSE);
  gtk_column_view_set_model (self->duplicates_table, GTK_SELECTION_MODEL (self->duplicate_selection));
  g_signal_connect (self->duplicate_selection, "notify::selected-item", G_CALLBACK (on_duplicate_selected),
                    self);
}

gboolean
hs_loaders_view_is_ready (HsLoadersView *self)
{
  g_return_val_if_fail (HS_IS_LOADERS_VIEW (self), FALSE);
  return self->ready;
}

guint
hs_loaders_view_get_n_loaders (HsLoadersView *self)
{
  g_return_val_if_fail (HS_IS_LOADERS_VIEW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->loader_store));
}

guint
hs_loaders_view_get_n_duplicates (HsLoadersView *self)
{
  g_return_val_if_fail (HS_IS_LOADERS_VIEW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->duplicate_store));
}

char *
hs_loaders_view_get_loader_cell (HsLoadersView *self, guint row, guint column)
{
  g_return_val_if_fail (HS_IS_LOADERS_VIEW (self), NULL);
  g_autoptr (HsLoaderRow) r = g_list_model_get_item (G_LIST_MODEL (self->loader_store), row);
  const char *cells[] = { r != NULL ? r->name : NULL, r != NULL ? r->classes : NULL,
                          r != NULL ? r->instances : NULL, r != NULL ? r->retained : NULL };

  return column < G_N_ELEMENTS (cells) ? g_strdup (cells[column]) : NULL;
}

char *
hs_loaders_view_get_duplicate_cell (HsLoadersView *self, guint row, guint column)
{
  g_return_val_if_fail (HS_IS_LOADERS_VIEW (self), NULL);
  g_autoptr (HsLoaderRow) r = g_list_model_get_item (G_LIST_MODEL (self->duplicate_store), row);
  const char *cells[]
      = { r != NULL ? r->name : NULL, r != NULL ? r->loaders : NULL, r != NULL ? r->instances : NULL };

  return column < G_N_ELEMENTS (cells) ? g_strdup (cells[column]) : NULL;
}
