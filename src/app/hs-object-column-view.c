/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-object-column-view.c: the table of heap objects (see the header). The
 * layout is the template ui/hs-object-column-view.ui; the columns are made
 * here, one factory each, the cells built by setup and filled by bind. */
#include "config.h"
#include "hs-object-column-view.h"
#include "hs-ui-util-private.h"
#include "hs-object-menu.h"
#include "hs-more-row.h"
#include "hs-dom-group-row.h"
#include "hs-selection-bar.h"

#include <glib/gi18n.h>

struct _HsObjectColumnView
{
  GtkWidget parent_instance;

  /* template (the box is bound so that dispose_template unparents it) */
  GtkBox *box;
  GtkScrolledWindow *scrolled;
  GtkColumnView *view;
  HsSelectionBar *selection_bar;

  GtkColumnViewColumn *percent_column;
  GtkColumnViewColumn *depth_column;
  GListModel *model;
  gboolean tree;
  /* The Depth column's list items bound while the heap's depths were not
   * known (empty cells), filled by hs_object_column_view_show_depths. */
  GHashTable *depth_waiting;
};

G_DEFINE_FINAL_TYPE (HsObjectColumnView, hs_object_column_view, GTK_TYPE_WIDGET)

enum
{
  PROP_0,
  PROP_TREE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum
{
  OBJ_COL_NAME,
  OBJ_COL_DEPTH,
  OBJ_COL_NATIVE,
  OBJ_COL_SHALLOW,
  OBJ_COL_RETAINED,
  OBJ_COL_PERCENT
};

static HsObjectRow *item_object_row (gpointer item);

/* The object of the row a cell shows, for its context menu ("Copy id",
 * "Copy path to GC root"). The cell lives inside its list item. */
static HsObj
cell_object (GtkWidget *cell, double x, double y, gpointer data)
{
  GtkListItem *item = data;
  gpointer it = gtk_list_item_get_item (item);
  g_autoptr (HsObjectRow) row = it != NULL ? item_object_row (it) : NULL;

  return row != NULL ? hs_object_row_get_obj (row) : HS_OBJ_NONE;
}

static void
set_cell (GtkListItem *item, GtkWidget *cell)
{
  gtk_list_item_set_child (item, cell);
  hs_object_menu_attach (cell, cell_object, item);
}

static void
setup_text_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  GtkWidget *cell = gtk_inscription_new (NULL);

  gtk_inscription_set_xalign (GTK_INSCRIPTION (cell), 1.0);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), GTK_INSCRIPTION_OVERFLOW_CLIP);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 8);
  gtk_widget_add_css_class (cell, "hs-numeric");
  set_cell (item, cell);
}

/* The first column: in a tree, an expander around the text. */
static void
setup_name_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  HsObjectColumnView *self = data;
  GtkWidget *cell = gtk_inscription_new (NULL);

  if (self->tree)
    {
      GtkWidget *expander = gtk_tree_expander_new ();
      gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_END);
      gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 30);
      gtk_widget_set_hexpand (cell, TRUE);
      gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), cell);
      set_cell (item, expander);
      return;
    }
  gtk_inscription_set_xalign (GTK_INSCRIPTION (cell), 0.0);
  gtk_inscription_set_text_overflow (GTK_INSCRIPTION (cell), GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_MIDDLE);
  gtk_inscription_set_min_chars (GTK_INSCRIPTION (cell), 20);
  set_cell (item, cell);
}

/* Object label with its short description: HashMap@0x12 "value". */
static char *
object_text (HsAnalysis *a, HsObj o)
{
  g_autofree char *label = hs_heap_object_label (a->heap, o);
  g_autofree char *desc = hs_describe_object (a->heap, o);
  if (desc != NULL)
    return g_strdup_printf ("%s  %s", label, desc);
  return g_steal_pointer (&label);
}

/* The row's own item: an HsObjectRow, or an HsMoreRow (a long list shown
 * a page at a time, hs-paged-list.h). */
static GObject *
item_row (gpointer item)
{
  if (GTK_IS_TREE_LIST_ROW (item))
    return gtk_tree_list_row_get_item (GTK_TREE_LIST_ROW (item));
  return g_object_ref (item);
}

/* NULL for a row that is no object (an HsMoreRow). */
static HsObjectRow *
item_object_row (gpointer item)
{
  GObject *row = item_row (item);

  if (HS_IS_OBJECT_ROW (row))
    return HS_OBJECT_ROW (row);
  g_clear_object (&row);
  return NULL;
}

/* A "show more" row: its text in the first column, nothing in the others. */
static void
bind_more_cell (GtkInscription *cell, guint column, HsMoreRow *more)
{
  g_autofree char *text = column == OBJ_COL_NAME ? hs_more_row_get_text (more) : NULL;

  gtk_widget_add_css_class (GTK_WIDGET (cell), "accent");
  if (column == OBJ_COL_NAME)
    hs_cell_set_name (cell, text);
  else
    gtk_inscription_set_text (cell, NULL);
}

/* A group of the dominator tree grouped by class: its class and count, its
 * sums. */
static void
bind_group_cell (GtkInscription *cell, guint column, HsDomGroupRow *row)
{
  const HsDomGroup *g = hs_dom_group_row_get_group (row);
  HsAnalysis *a = hs_loader_get_analysis (hs_dom_group_row_get_loader (row));
  g_autofree char *text = NULL;

  gtk_widget_remove_css_class (GTK_WIDGET (cell), "accent");
  switch (column)
    {
      case OBJ_COL_NAME:
        text = hs_dom_group_row_get_label (row);
        hs_cell_set_name (cell, text);
        return;
      case OBJ_COL_SHALLOW: text = hs_format_bytes (g->shallow); break;
      case OBJ_COL_RETAINED: text = hs_format_bytes (g->retained); break;
      case OBJ_COL_PERCENT:
        {
          guint64 total = a != NULL && a->dom != NULL ? hs_dom_tree_retained (a->dom, a->dom->n) : 0;
          text = g_strdup_printf ("%.2f%%", total > 0 ? 100.0 * g->retained / total : 0.0);
        }
        break;
      default: break;
    }
  gtk_inscription_set_text (cell, text);
}

static void
bind_object_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  guint column = GPOINTER_TO_UINT (data);
  g_autoptr (GObject) it = item_row (gtk_list_item_get_item (item));
  HsObjectRow *row = HS_IS_OBJECT_ROW (it) ? HS_OBJECT_ROW (it) : NULL;
  HsAnalysis *a = row != NULL ? hs_loader_get_analysis (hs_object_row_get_loader (row)) : NULL;
  GtkWidget *child = gtk_list_item_get_child (item);
  GtkInscription *cell;
  g_autofree char *text = NULL;
  HsObj o = row != NULL ? hs_object_row_get_obj (row) : HS_OBJ_NONE;

  if (GTK_IS_TREE_EXPANDER (child))
    {
      gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (child), gtk_list_item_get_item (item));
      cell = GTK_INSCRIPTION (gtk_tree_expander_get_child (GTK_TREE_EXPANDER (child)));
    }
  else
    cell = GTK_INSCRIPTION (child);

  if (row == NULL)
    {
      if (HS_IS_MORE_ROW (it))
        bind_more_cell (cell, column, HS_MORE_ROW (it));
      else if (HS_IS_DOM_GROUP_ROW (it))
        bind_group_cell (cell, column, HS_DOM_GROUP_ROW (it));
      return;
    }
  gtk_widget_remove_css_class (GTK_WIDGET (cell), "accent");
  switch (column)
    {
      case OBJ_COL_NAME:
        text = object_text (a, o);
        hs_cell_set_name (cell, text);
        return;
      case OBJ_COL_DEPTH:
        {
          /* Known from a persistent index, or once a worker computed them
           * for the list shown (bind_depth_cell); never computed here on
           * the UI thread. */
          guint32 d = hs_heap_depths_known (a->heap) ? hs_heap_object_depth (a->heap, o) : G_MAXUINT32;
          text = d != G_MAXUINT32 ? g_strdup_printf ("%u", d) : g_strdup ("");
        }
        break;
      case OBJ_COL_NATIVE:
        {
          guint64 native = hs_analysis_native_size (a, o);
          text = native > 0 ? hs_format_bytes (native) : g_strdup ("");
        }
        break;
      case OBJ_COL_SHALLOW: text = hs_format_bytes (hs_object_row_get_shallow (row)); break;
      case OBJ_COL_RETAINED: text = hs_format_bytes (hs_object_row_get_retained (row)); break;
      case OBJ_COL_PERCENT:
      default:
        {
          guint64 total = a->dom != NULL ? hs_dom_tree_retained (a->dom, a->dom->n) : 0;
          text = g_strdup_printf ("%.2f%%",
                                  total > 0 ? 100.0 * hs_object_row_get_retained (row) / total : 0.0);
        }
        break;
    }
  gtk_inscription_set_text (cell, text);
}

/* The Depth column: as the others, and a cell left empty because the
 * depths are not known yet is kept, to be filled once they are. */
static void
bind_depth_cell (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer data)
{
  HsObjectColumnView *self = data;
  g_autoptr (GObject) it = item_row (gtk_list_item_get_item (item));

  bind_object_cell (factory, item, GUINT_TO_POINTER (OBJ_COL_DEPTH));
  if (HS_IS_OBJECT_ROW (it)
      && !hs_heap_depths_known (hs_loader_get_analysis (hs_object_row_get_loader (HS_OBJECT_ROW (it)))->heap))
    g_hash_table_add (self->depth_waiting, g_object_ref (item));
}

void
hs_object_column_view_show_depths (HsObjectColumnView *self)
{
  g_return_if_fail (HS_IS_OBJECT_COLUMN_VIEW (self));

  guint n = 0;
  /* The set's references become ours. */
  g_autofree gpointer *items = g_hash_table_get_keys_as_array (self->depth_waiting, &n);
  g_hash_table_steal_all (self->depth_waiting);
  for (guint i = 0; i < n; i++)
    {
      /* The item may show another row by now (of a dump whose depths are
       * still not known: kept again), or none. */
      if (gtk_list_item_get_item (items[i]) != NULL)
        bind_depth_cell (NULL, items[i], self);
      g_object_unref (items[i]);
    }
}

static GtkColumnViewColumn *
add_column (HsObjectColumnView *self, const char *title, GCallback setup, guint column, gboolean expand)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkColumnViewColumn *c;

  g_signal_connect (factory, "setup", setup, self);
  if (column == OBJ_COL_DEPTH)
    g_signal_connect (factory, "bind", G_CALLBACK (bind_depth_cell), self);
  else
    g_signal_connect (factory, "bind", G_CALLBACK (bind_object_cell), GUINT_TO_POINTER (column));
  c = gtk_column_view_column_new (title, factory);
  gtk_column_view_column_set_expand (c, expand);
  gtk_column_view_column_set_resizable (c, TRUE);
  gtk_column_view_append_column (self->view, c);
  g_object_unref (c);
  return c;
}

/* The object of the item at position of the selection model (HS_OBJ_NONE:
 * none, or a "show more" row). */
static HsObj
object_at (GtkSelectionModel *model, guint position)
{
  g_autoptr (GObject) item = g_list_model_get_item (G_LIST_MODEL (model), position);
  g_autoptr (HsObjectRow) row = item != NULL ? item_object_row (item) : NULL;

  return row != NULL ? hs_object_row_get_obj (row) : HS_OBJ_NONE;
}

/* The first selected row's object (HS_OBJ_NONE: none selected). */
static HsObj
selection_object (GtkSelectionModel *model)
{
  g_autoptr (GtkBitset) selected = gtk_selection_model_get_selection (model);

  if (gtk_bitset_is_empty (selected))
    return HS_OBJ_NONE;
  return object_at (model, gtk_bitset_get_minimum (selected));
}

static void
on_selection_changed (GtkSelectionModel *model, guint position, guint n_items, HsObjectColumnView *self)
{
  g_autoptr (GtkBitset) selected = gtk_selection_model_get_selection (model);
  guint64 n = gtk_bitset_get_size (selected);
  HsObj obj;

  hs_selection_bar_set_n_selected (self->selection_bar, (guint)MIN (n, G_MAXUINT));
  /* One row: the inspector follows it (several: it stays on the first). */
  if (n == 1 && (obj = object_at (model, gtk_bitset_get_minimum (selected))) != HS_OBJ_NONE)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.select-object", "u", (guint32)obj);
}

/* The bar's set: the objects of the rows selected. */
static HsLoader *
collect_selection (HsSelectionBar *bar, GArray *objs, GArray *classes, gpointer data)
{
  HsObjectColumnView *self = data;
  GtkSelectionModel *model = gtk_column_view_get_model (self->view);
  g_autoptr (GtkBitset) selected = NULL;
  GtkBitsetIter iter;
  guint position;
  HsLoader *loader = NULL;

  if (model == NULL)
    return NULL;
  selected = gtk_selection_model_get_selection (model);
  for (gboolean ok = gtk_bitset_iter_init_first (&iter, selected, &position); ok;
       ok = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr (GObject) item = g_list_model_get_item (G_LIST_MODEL (model), position);
      g_autoptr (HsObjectRow) row = item != NULL ? item_object_row (item) : NULL;
      if (row == NULL)
        continue;
      HsObj obj = hs_object_row_get_obj (row);
      g_array_append_val (objs, obj);
      loader = hs_object_row_get_loader (row);
    }
  return loader;
}

/* rows.retained-size (the rows' context menu, hs-object-menu.c): the
 * selection when the row clicked is in it, else that row alone. */
static void
retained_size_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  HsObjectColumnView *self = HS_OBJECT_COLUMN_VIEW (widget);
  GtkSelectionModel *model = gtk_column_view_get_model (self->view);
  HsObj clicked = g_variant_get_uint32 (param);
  g_autoptr (GArray) objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  HsLoader *loader;

  if (model == NULL)
    return;
  loader = collect_selection (self->selection_bar, objs, NULL, self);
  for (guint i = 0; i < objs->len; i++)
    if (g_array_index (objs, HsObj, i) == clicked)
      {
        hs_selection_bar_compute (self->selection_bar, loader, objs, NULL);
        return;
      }
  /* Not among the selected rows: that row alone (the loader of any row). */
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (model)); i++)
    {
      g_autoptr (GObject) item = g_list_model_get_item (G_LIST_MODEL (model), i);
      g_autoptr (HsObjectRow) row = item_object_row (item);
      if (row != NULL)
        {
          g_array_set_size (objs, 0);
          g_array_append_val (objs, clicked);
          hs_selection_bar_compute (self->selection_bar, hs_object_row_get_loader (row), objs, NULL);
          return;
        }
    }
}

static void
on_activate (GtkColumnView *view, guint position, HsObjectColumnView *self)
{
  GtkSelectionModel *model = gtk_column_view_get_model (view);
  g_autoptr (GObject) item = model != NULL ? g_list_model_get_item (G_LIST_MODEL (model), position) : NULL;
  g_autoptr (GObject) it = item != NULL ? item_row (item) : NULL;
  HsObj obj;

  /* "Show more" / "Show all": the list grows. */
  if (it != NULL && HS_IS_MORE_ROW (it))
    {
      hs_more_row_activate (HS_MORE_ROW (it));
      return;
    }
  /* A class's group (the dominator tree grouped by class) opens and
   * closes. */
  if (it != NULL && HS_IS_DOM_GROUP_ROW (it) && GTK_IS_TREE_LIST_ROW (item))
    {
      GtkTreeListRow *row = GTK_TREE_LIST_ROW (item);
      gtk_tree_list_row_set_expanded (row, !gtk_tree_list_row_get_expanded (row));
      return;
    }
  /* The row activated, not the selected one: after "show more" the
   * selection stays where it was while the focus moves on. */
  {
    g_autoptr (HsObjectRow) row = item != NULL ? item_object_row (item) : NULL;
    obj = row != NULL ? hs_object_row_get_obj (row) : HS_OBJ_NONE;
  }
  if (obj != HS_OBJ_NONE)
    gtk_widget_activate_action (GTK_WIDGET (self), "win.inspect", "u", (guint32)obj);
}

static void
hs_object_column_view_dispose (GObject *object)
{
  HsObjectColumnView *self = HS_OBJECT_COLUMN_VIEW (object);

  g_clear_object (&self->model);
  g_hash_table_remove_all (self->depth_waiting);
  gtk_widget_dispose_template (GTK_WIDGET (self), HS_TYPE_OBJECT_COLUMN_VIEW);
  G_OBJECT_CLASS (hs_object_column_view_parent_class)->dispose (object);
}

static void
hs_object_column_view_finalize (GObject *object)
{
  HsObjectColumnView *self = HS_OBJECT_COLUMN_VIEW (object);

  g_hash_table_unref (self->depth_waiting);
  G_OBJECT_CLASS (hs_object_column_view_parent_class)->finalize (object);
}

static void
hs_object_column_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HsObjectColumnView *self = HS_OBJECT_COLUMN_VIEW (object);

  switch (prop_id)
    {
      case PROP_TREE: g_value_set_boolean (value, self->tree); break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_object_column_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HsObjectColumnView *self = HS_OBJECT_COLUMN_VIEW (object);

  switch (prop_id)
    {
      case PROP_TREE:
        /* Construct-only: before any row is set up. */
        self->tree = g_value_get_boolean (value);
        gtk_column_view_column_set_visible (self->percent_column, self->tree);
        /* Depth: for lists of instances, as Android Studio shows it. */
        gtk_column_view_column_set_visible (self->depth_column, !self->tree);
        break;
      default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hs_object_column_view_class_init (HsObjectColumnViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = hs_object_column_view_dispose;
  object_class->finalize = hs_object_column_view_finalize;
  object_class->get_property = hs_object_column_view_get_property;
  object_class->set_property = hs_object_column_view_set_property;

  properties[PROP_TREE] = g_param_spec_boolean (
      "tree", NULL, NULL, FALSE, G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/heapscope/Heapscope/ui/hs-object-column-view.ui");
  g_type_ensure (HS_TYPE_SELECTION_BAR);
  gtk_widget_class_bind_template_child (widget_class, HsObjectColumnView, box);
  gtk_widget_class_bind_template_child (widget_class, HsObjectColumnView, scrolled);
  gtk_widget_class_bind_template_child (widget_class, HsObjectColumnView, view);
  gtk_widget_class_bind_template_child (widget_class, HsObjectColumnView, selection_bar);
  gtk_widget_class_install_action (widget_class, "rows.retained-size", "u", retained_size_action);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
hs_object_column_view_init (HsObjectColumnView *self)
{
  self->depth_waiting = g_hash_table_new_full (NULL, NULL, g_object_unref, NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
  hs_selection_bar_set_collect_func (self->selection_bar, collect_selection, self);
  add_column (self, _ ("Object"), G_CALLBACK (setup_name_cell), OBJ_COL_NAME, TRUE);
  self->depth_column = add_column (self, _ ("Depth"), G_CALLBACK (setup_text_cell), OBJ_COL_DEPTH, FALSE);
  add_column (self, _ ("Native Size"), G_CALLBACK (setup_text_cell), OBJ_COL_NATIVE, FALSE);
  add_column (self, _ ("Shallow Size"), G_CALLBACK (setup_text_cell), OBJ_COL_SHALLOW, FALSE);
  hs_column_view_set_header_tooltip (
      GTK_COLUMN_VIEW (self->view),
      add_column (self, _ ("Retained Size"), G_CALLBACK (setup_text_cell), OBJ_COL_RETAINED, FALSE),
      hs_retained_size_tooltip ());
  /* Short enough for a 600 px window; the header's tooltip says it whole. */
  /* xgettext:no-c-format */
  self->percent_column
      = add_column (self, _ ("% Heap"), G_CALLBACK (setup_text_cell), OBJ_COL_PERCENT, FALSE);
  hs_column_view_set_header_tooltip (GTK_COLUMN_VIEW (self->view), self->percent_column,
                                     _ ("Retained size as a percentage of the whole heap"));
  gtk_column_view_column_set_visible (self->percent_column, FALSE);
}

void
hs_object_column_view_set_model (HsObjectColumnView *self, GListModel *model)
{
  GtkMultiSelection *selection = NULL;

  g_return_if_fail (HS_IS_OBJECT_COLUMN_VIEW (self));
  g_return_if_fail (model == NULL || G_IS_LIST_MODEL (model));

  g_set_object (&self->model, model);
  if (model != NULL)
    {
      /* Several rows at a time (Ctrl, Shift, dragging): their retained
       * size together in the bar below. */
      selection = gtk_multi_selection_new (g_object_ref (model));
      g_signal_connect_object (selection, "selection-changed", G_CALLBACK (on_selection_changed), self, 0);
    }
  gtk_column_view_set_model (self->view, GTK_SELECTION_MODEL (selection));
  hs_selection_bar_set_n_selected (self->selection_bar, 0);
  g_clear_object (&selection);
}

GListModel *
hs_object_column_view_get_model (HsObjectColumnView *self)
{
  g_return_val_if_fail (HS_IS_OBJECT_COLUMN_VIEW (self), NULL);
  return self->model;
}

void
hs_object_column_view_select (HsObjectColumnView *self, guint position)
{
  GtkSelectionModel *model;

  g_return_if_fail (HS_IS_OBJECT_COLUMN_VIEW (self));
  model = gtk_column_view_get_model (self->view);
  if (model == NULL)
    return;
  if (position == GTK_INVALID_LIST_POSITION)
    gtk_selection_model_unselect_all (model);
  else
    gtk_selection_model_select_item (model, position, TRUE);
}

void
hs_object_column_view_select_range (HsObjectColumnView *self, guint position, guint n)
{
  GtkSelectionModel *model;

  g_return_if_fail (HS_IS_OBJECT_COLUMN_VIEW (self));
  model = gtk_column_view_get_model (self->view);
  if (model != NULL)
    gtk_selection_model_select_range (model, position, n, TRUE);
}

HsObj
hs_object_column_view_get_selected (HsObjectColumnView *self)
{
  GtkSelectionModel *model;

  g_return_val_if_fail (HS_IS_OBJECT_COLUMN_VIEW (self), HS_OBJ_NONE);
  model = gtk_column_view_get_model (self->view);
  return model != NULL ? selection_object (model) : HS_OBJ_NONE;
}
