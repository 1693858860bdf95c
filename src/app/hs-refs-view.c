/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-refs-view.c: the "refs" view (see the header), in the template
 * ui/hs-refs-view.ui: a GtkColumnView over a GtkTreeListModel whose child
 * lists are HsRefsList (a page at a time, on workers). */
#include "config.h"
#include "hs-refs-view.h"
#include "hs-refs-list.h"
#include "hs-more-row.h"
#include "hs-object-menu.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

struct _HsRefsView
{
  HsView parent_instance;

  /* template */
  GtkWidget *header;
  GtkSpinner *spinner;
  GtkLabel *title_label;
  GtkToggleButton *outgoing_button;
  GtkToggleButton *incoming_button;
  GtkColumnView *tree_view;

  HsObj obj;
  gboolean incoming;
  gboolean asked;       /* a question since the dump was given */
  gboolean index_ready; /* the referrers index is built: counts are O(1) */
  GtkTreeListModel *model;
  GCancellable *cancel; /* the current tree's workers: older trees' are cancelled */
  guint n_loading;
  gboolean syncing;
};

G_DEFINE_FINAL_TYPE (HsRefsView, hs_refs_view, HS_TYPE_VIEW)

enum
{
  COL_OBJECT,
  COL_SHALLOW,
  COL_RETAINED,
};

static HsRefsDirection
direction (HsRefsView *self)
{
  return self->incoming ? HS_REFS_INCOMING : HS_REFS_OUTGOING;
}

static void
update_busy (HsRefsView *self)
{
  gboolean busy = self->n_loading > 0;
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  gtk_spinner_set_spinning (self->spinner, busy);
}

static void
on_loading (HsRefsList *list, GParamSpec *pspec, HsRefsView *self)
{
  if (g_cancellable_is_cancelled (hs_refs_list_get_cancellable (list)))
    return; /* an older tree's */
  if (hs_refs_list_is_loading (list))
    self->n_loading++;
  else
    {
      if (self->n_loading > 0)
        self->n_loading--;
      if (self->incoming && !g_cancellable_is_cancelled (self->cancel))
        self->index_ready = TRUE;
    }
  update_busy (self);
}

static void
on_list_error (HsRefsList *list, GParamSpec *pspec, HsRefsView *self)
{
  hs_task_failed (GTK_WIDGET (self), hs_refs_list_get_error (list), _ ("Could not read the references"));
}

/* A row's references: none for a cycle, nor for an object known to have
 * none (outgoing counts are the graph's offsets; incoming ones too once
 * the referrers index exists: before that only a worker may count). */
static GListModel *
create_children (gpointer item, gpointer data)
{
  HsRefsView *self = data;
  HsLoader *loader = hs_view_get_loader (HS_VIEW (self));
  HsAnalysis *a = hs_view_get_analysis (HS_VIEW (self));
  HsRefsItem *ri;
  HsRefsList *list;

  if (!HS_IS_REFS_ITEM (item) || a == NULL || hs_refs_item_is_cycle (HS_REFS_ITEM (item))
      || hs_refs_item_get_obj (HS_REFS_ITEM (item)) == HS_OBJ_NONE) /* a GC root's row */
    return NULL;
  ri = HS_REFS_ITEM (item);
  /* A GC root's incoming rows start with its roots (hs-refs-list.c),
   * referrers or not. */
  if ((!self->incoming || self->index_ready)
      && hs_refs_count (a->heap, hs_refs_item_get_obj (ri), direction (self)) == 0
      && !(self->incoming && hs_heap_object_is_root (a->heap, hs_refs_item_get_obj (ri))))
    return NULL;
  list = hs_refs_list_new (loader, ri, direction (self), self->cancel);
  g_signal_connect_object (list, "notify::loading", G_CALLBACK (on_loading), self, 0);
  g_signal_connect_object (list, "notify::error", G_CALLBACK (on_list_error), self, 0);
  return G_LIST_MODEL (list);
}

static void
set_title (HsRefsView *self, HsAnalysis *a)
{
  g_autofree char *label = hs_heap_object_label (a->heap, self->obj);
  g_autofree char *text = g_strdup_printf (
      self->incoming ? _ ("Incoming references of %s") : _ ("Outgoing references of %s"), label);
  gtk_label_set_text (self->title_label, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->title_label), text);
}

/* The tree of the question asked, its root row expanded. */
static void
build (HsRefsView *self)
{
  HsAnalysis *a = hs_view_get_analysis (HS_VIEW (self));
  g_autoptr (GListStore) top = NULL;
  g_autoptr (HsRefsItem) root = NULL;
  g_autoptr (GtkTreeListRow) row = NULL;
  GtkSingleSelection *sel;

  if (a == NULL || self->obj == HS_OBJ_NONE || self->obj >= hs_heap_n_objects (a->heap))
    return;
  if (self->cancel != NULL)
    g_cancellable_cancel (self->cancel);
  g_clear_object (&self->cancel);
  self->cancel = g_cancellable_new ();
  self->n_loading = 0;
  update_busy (self);
  set_title (self, a);
  self->syncing = TRUE;
  gtk_toggle_button_set_active (self->incoming ? self->incoming_button : self->outgoing_button, TRUE);
  self->syncing = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->outgoing_button), TRUE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->incoming_button), TRUE);

  top = g_list_store_new (G_TYPE_OBJECT);
  root = hs_refs_item_new (NULL, self->obj, NULL);
  g_list_store_append (top, root);
  gtk_column_view_set_model (self->tree_view, NULL);
  g_clear_object (&self->model);
  self->model = gtk_tree_list_model_new (G_LIST_MODEL (g_object_ref (top)), FALSE, FALSE, create_children,
                                         self, NULL);
  row = gtk_tree_list_model_get_row (self->model, 0);
  if (row != NULL)
    gtk_tree_list_row_set_expanded (row, TRUE);
  sel = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->model)));
  gtk_single_selection_set_autoselect (sel, FALSE);
  gtk_single_selection_set_selected (sel, GTK_INVALID_LIST_POSITION);
  gtk_column_view_set_model (self->tree_view, GTK_SELECTION_MODEL (sel));
  g_object_unref (sel);
}

void
hs_refs_view_show (HsRefsView *self, HsObj obj, gboolean incoming)
{
  g_return_if_fail (HS_IS_REFS_VIEW (self));
  self->obj = obj;
  self->incoming = incoming;
  self->asked = TRUE;
  if (hs_view_is_filled (HS_VIEW (self)))
    build (self);
}

static void
on_direction_toggled (GtkToggleButton *button, HsRefsView *self)
{
  if (self->syncing || !gtk_toggle_button_get_active (button) || self->obj == HS_OBJ_NONE)
    return;
  hs_refs_view_show (self, self->obj, button == self->incoming_button);
}

/* --- the cells ------------------------------------------------------------ */

/* What the Object column shows: "field  class@0xid  value", the root
 * without a reference, a cycle marked; a more row's text. */
static char *
row_text (HsAnalysis *a, GObject *item)
{
  if (HS_IS_MORE_ROW (item))
    return hs_more_row_get_text (HS_MORE_ROW (item));
  if (!HS_IS_REFS_ITEM (item) || a == NULL)
    return NULL;
  HsRefsItem *ri = HS_REFS_ITEM (item);
  HsObj o = hs_refs_item_get_obj (ri);
  /* A GC root that holds its parent row's object: no object of its own. */
  if (o == HS_OBJ_NONE)
    return g_strdup_printf (_ ("GC root: %s"), hs_refs_item_get_reference (ri));
  g_autofree char *label = hs_heap_object_label (a->heap, o);
  /* A class object's description is its name, which the label has. */
  g_autofree char *desc
      = hs_heap_object_kind (a->heap, o) != HS_KIND_CLASS ? hs_describe_object (a->heap, o) : NULL;
  const char *ref = hs_refs_item_get_reference (ri);
  g_autoptr (GString) s = g_string_new (NULL);
  if (ref != NULL)
    g_string_append_printf (s, "%s  ", ref);
  g_string_append (s, label);
  if (desc != NULL)
    g_string_append_printf (s, "  %s", desc);
  if (hs_refs_item_is_cycle (ri))
    {
      g_string_append (s, "  ");
      /* Translators: a row of the References view whose object is already above it */
      g_string_append (s, _ ("(cycle)"));
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static GObject *
list_item_object (GtkListItem *li)
{
  GtkTreeListRow *row = li != NULL ? gtk_list_item_get_item (li) : NULL;
  return row != NULL ? gtk_tree_list_row_get_item (row) : NULL;
}

/* The object of a row's cell, for its context menu. */
static HsObj
cell_object (GtkWidget *widget, double x, double y, gpointer data)
{
  g_autoptr (GObject) item = list_item_object (g_object_get_data (G_OBJECT (widget), "hs-list-item"));
  return item != NULL && HS_IS_REFS_ITEM (item) ? hs_refs_item_get_obj (HS_REFS_ITEM (item)) : HS_OBJ_NONE;
}

static void
setup_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  guint col = GPOINTER_TO_UINT (data);
  GtkWidget *label = gtk_inscription_new (NULL);
  GtkWidget *cell = label;

  gtk_inscription_set_min_chars (GTK_INSCRIPTION (label), col == COL_OBJECT ? 50 : 10);
  if (col == COL_OBJECT)
    {
      /* A row wider than the column ends with an ellipsis, whole in the
       * tooltip (hs_cell_set_name). */
      gtk_inscription_set_text_overflow (GTK_INSCRIPTION (label), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
      cell = gtk_tree_expander_new ();
      gtk_tree_expander_set_child (GTK_TREE_EXPANDER (cell), label);
    }
  else
    {
      gtk_inscription_set_xalign (GTK_INSCRIPTION (label), 1.0);
      gtk_widget_add_css_class (label, "hs-numeric");
    }
  g_object_set_data (G_OBJECT (cell), "hs-list-item", item);
  hs_object_menu_attach (cell, cell_object, NULL);
  gtk_list_item_set_child (item, cell);
}

static void
bind_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  guint col = GPOINTER_TO_UINT (data);
  HsRefsView *self = g_object_get_data (G_OBJECT (factory), "hs-view");
  HsAnalysis *a = hs_view_get_analysis (HS_VIEW (self));
  g_autoptr (GObject) it = list_item_object (item);
  GtkWidget *child = gtk_list_item_get_child (item);
  GtkInscription *cell;
  g_autofree char *text = NULL;

  if (col == COL_OBJECT)
    {
      gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (child), gtk_list_item_get_item (item));
      cell = GTK_INSCRIPTION (gtk_tree_expander_get_child (GTK_TREE_EXPANDER (child)));
    }
  else
    cell = GTK_INSCRIPTION (child);
  if (it != NULL && HS_IS_MORE_ROW (it))
    gtk_widget_add_css_class (GTK_WIDGET (cell), "accent");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (cell), "accent");
  if (a == NULL || it == NULL || !HS_IS_REFS_ITEM (it))
    {
      text = col == COL_OBJECT ? row_text (a, it) : NULL;
      gtk_inscription_set_text (cell, text);
      gtk_widget_set_tooltip_text (GTK_WIDGET (cell), NULL);
      return;
    }
  HsObj o = hs_refs_item_get_obj (HS_REFS_ITEM (it));
  if (col != COL_OBJECT && o == HS_OBJ_NONE)
    {
      gtk_inscription_set_text (cell, NULL);
      return;
    }
  switch (col)
    {
      case COL_OBJECT:
        text = row_text (a, it);
        hs_cell_set_name (cell, text);
        return;
      case COL_SHALLOW: text = hs_format_bytes (hs_heap_object_shallow (a->heap, o)); break;
      case COL_RETAINED:
      default:
        text = a->dom != NULL && hs_heap_object_reachable (a->heap, o)
                   ? hs_format_bytes (hs_dom_tree_retained (a->dom, o))
                   : g_strdup ("");
        break;
    }
  gtk_inscription_set_text (cell, text);
}

static void
add_column (HsRefsView *self, guint col, const char *title)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *column;

  g_object_set_data (G_OBJECT (factory), "hs-view", self);
  g_signal_connect (factory, "setup", G_CALLBACK (setup_cell), GUINT_TO_POINTER (col));
  g_signal_connect (factory, "bind", G_CALLBACK (bind_cell), GUINT_TO_POINTER (col));
  column = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (column, col == COL_OBJECT);
  gtk_column_view_column_set_resizable (column, TRUE);
  gtk_column_view_append_column (self->tree_view, column);
  if (col == COL_RETAINED)
    hs_column_view_set_header_tooltip (self->tree_view, column, hs_retained_size_tooltip ());
  g_object_unref (column);
}

/* A row activated: "show more" reads the next page; an object is
 * inspected. */
static void
on_activate (GtkColumnView *view, guint position, HsRefsView *self)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr (GtkTreeListRow) row = g_list_model_get_item (model, position);
  g_autoptr (GObject) item = row != NULL ? gtk_tree_list_row_get_item (row) : NULL;

  if (item != NULL && HS_IS_MORE_ROW (item))
    hs_more_row_activate (HS_MORE_ROW (item));
  else if (item != NULL && HS_IS_REFS_ITEM (item)
           && hs_refs_item_get_obj (HS_REFS_ITEM (item)) != HS_OBJ_NONE)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.inspect", "u",
                                (guint32)hs_refs_item_get_obj (HS_REFS_ITEM (item)));
}

/* --- the view ------------------------------------------------------------- */

static void
hs_refs_view_fill (HsView *view, HsLoader *loader)
{
  HsRefsView *self = HS_REFS_VIEW (view);
  if (self->asked)
    build (self);
}

static void
hs_refs_view_clear (HsView *view)
{
  HsRefsView *self = HS_REFS_VIEW (view);

  if (self->cancel)
    g_cancellable_cancel (self->cancel);
  g_clear_object (&self->cancel);
  self->n_loading = 0;
  self->obj = HS_OBJ_NONE;
  self->asked = FALSE;
  self->index_ready = FALSE;
  gtk_column_view_set_model (self->tree_view, NULL);
  g_clear_object (&self->model);
  gtk_widget_set_sensitive (GTK_WIDGET (self->outgoing_button), FALSE);
  gtk_widget_set_sensitive (GTK_WIDGET (self->incoming_button), FALSE);
  gtk_label_set_text (self->title_label,
                      _ ("Choose “List Outgoing References” or “List Incoming References” on an object."));
  update_busy (self);
}

/* The tree's rows as shown (the root, then the rows of every expanded
 * node; no "show more" row): the columns of `heapscope-cli refs --csv`
 * (hs_refs_csv_row), depth 0 for the root. */
static gboolean
hs_refs_view_write_csv (HsView *view, GString *out)
{
  HsRefsView *self = HS_REFS_VIEW (view);
  HsAnalysis *a = hs_view_get_analysis (view);
  GListModel *rows = G_LIST_MODEL (self->model);
  HsCsv csv;
  guint n;

  if (a == NULL || rows == NULL)
    return FALSE;
  hs_csv_init (&csv, out);
  hs_refs_csv_header (&csv);
  n = g_list_model_get_n_items (rows);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GtkTreeListRow) row = g_list_model_get_item (rows, i);
      g_autoptr (GObject) item = row != NULL ? gtk_tree_list_row_get_item (row) : NULL;
      HsRef ref;

      if (item == NULL || !HS_IS_REFS_ITEM (item))
        continue;
      HsRefsItem *ri = HS_REFS_ITEM (item);
      gboolean has_ref = hs_refs_item_get_ref (ri, &ref);
      hs_refs_csv_row (&csv, a, gtk_tree_list_row_get_depth (row), has_ref ? &ref : NULL,
                       hs_refs_item_get_reference (ri), hs_refs_item_get_obj (ri),
                       hs_refs_item_is_cycle (ri));
    }
  return TRUE;
}

static void
hs_refs_view_dispose (GObject *object)
{
  HsRefsView *self = HS_REFS_VIEW (object);

  if (self->cancel)
    g_cancellable_cancel (self->cancel);
  g_clear_object (&self->cancel);
  if (self->tree_view)
    gtk_column_view_set_model (self->tree_view, NULL);
  g_clear_object (&self->model);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_REFS_VIEW);
  G_OBJECT_CLASS (hs_refs_view_parent_class)->dispose (object);
}

static void
hs_refs_view_class_init (HsRefsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  HsViewClass *view_class = HS_VIEW_CLASS (klass);

  object_class->dispose = hs_refs_view_dispose;
  view_class->fill = hs_refs_view_fill;
  view_class->clear = hs_refs_view_clear;
  view_class->write_csv = hs_refs_view_write_csv;
  hs_view_class_set_page (view_class, "refs", _ ("References"), NULL, TRUE, "refs filled");
  hs_view_class_set_revealed_on_demand (view_class);

  gtk_widget_class_set_template_from_resource (widget_class, "/org/heapscope/Heapscope/ui/hs-refs-view.ui");
  gtk_widget_class_bind_template_child (widget_class, HsRefsView, header);
  gtk_widget_class_bind_template_child (widget_class, HsRefsView, spinner);
  gtk_widget_class_bind_template_child (widget_class, HsRefsView, title_label);
  gtk_widget_class_bind_template_child (widget_class, HsRefsView, outgoing_button);
  gtk_widget_class_bind_template_child (widget_class, HsRefsView, incoming_button);
  gtk_widget_class_bind_template_child (widget_class, HsRefsView, tree_view);
}

static void
hs_refs_view_init (HsRefsView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->obj = HS_OBJ_NONE;
  add_column (self, COL_OBJECT, _ ("Object"));
  add_column (self, COL_SHALLOW, _ ("Shallow"));
  add_column (self, COL_RETAINED, _ ("Retained"));
  g_signal_connect (self->tree_view, "activate", G_CALLBACK (on_activate), self);
  g_signal_connect (self->outgoing_button, "toggled", G_CALLBACK (on_direction_toggled), self);
  g_signal_connect (self->incoming_button, "toggled", G_CALLBACK (on_direction_toggled), self);
  hs_view_add_export_button (HS_VIEW (self), self->header);
}

HsObj
hs_refs_view_get_obj (HsRefsView *self)
{
  g_return_val_if_fail (HS_IS_REFS_VIEW (self), HS_OBJ_NONE);
  return self->obj;
}

gboolean
hs_refs_view_get_incoming (HsRefsView *self)
{
  g_return_val_if_fail (HS_IS_REFS_VIEW (self), FALSE);
  return self->incoming;
}

gboolean
hs_refs_view_is_busy (HsRefsView *self)
{
  g_return_val_if_fail (HS_IS_REFS_VIEW (self), FALSE);
  return self->n_loading > 0;
}

GtkTreeListModel *
hs_refs_view_get_model (HsRefsView *self)
{
  g_return_val_if_fail (HS_IS_REFS_VIEW (self), NULL);
  return self->model;
}

const char *
hs_refs_view_get_title (HsRefsView *self)
{
  g_return_val_if_fail (HS_IS_REFS_VIEW (self), NULL);
  return gtk_label_get_text (self->title_label);
}

char *
hs_refs_view_get_row_text (HsRefsView *self, guint position)
{
  g_autoptr (GtkTreeListRow) row = NULL;
  g_autoptr (GObject) item = NULL;

  g_return_val_if_fail (HS_IS_REFS_VIEW (self), NULL);
  if (self->model == NULL || (row = gtk_tree_list_model_get_row (self->model, position)) == NULL)
    return NULL;
  item = gtk_tree_list_row_get_item (row);
  return row_text (hs_view_get_analysis (HS_VIEW (self)), item);
}
