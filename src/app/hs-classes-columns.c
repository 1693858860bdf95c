/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-classes-columns.c: the classes view's columns, a part of
 * HsClassesView (hs-classes-view-private.h): their titles, their cells
 * (one GtkInscription each, the name's under a GtkTreeExpander for the
 * grouped table, and a grouped row's name and tooltip) and their sorters, each the column's own order
 * (hs_class_sorter_new) with a spy that tells the view's on_sorter_changed which
 * column the column view asked. */
#include "config.h"
#include "hs-classes-view-private.h"
#include "hs-paths-menu.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>

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
                                                                 : GTK_INSCRIPTION_OVERFLOW_ELLIPSIZE_MIDDLE);
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

/* A cell of the plain table (an HsClassRow) or of the grouped one (a
 * GtkTreeListRow of an HsClassGroupRow). */
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

void
_hs_classes_view_add_column (HsClassesView *self, HsClassColumn c)
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
