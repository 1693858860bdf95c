/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-ui-util.c: small widget helpers shared by the window and its views
 * (see hs-ui-util-private.h). */
#include "config.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

GtkWidget *
hs_label_new (const char *text, const char *css_class, float xalign)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), xalign);
  if (css_class != NULL)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

void
hs_clear_box (GtkWidget *box)
{
  GtkWidget *child;

  g_return_if_fail (GTK_IS_BOX (box) || GTK_IS_LIST_BOX (box));

  if (GTK_IS_LIST_BOX (box))
    {
      GtkListBoxRow *row;
      while ((row = gtk_list_box_get_row_at_index (GTK_LIST_BOX (box), 0)) != NULL)
        gtk_list_box_remove (GTK_LIST_BOX (box), GTK_WIDGET (row));
      return;
    }
  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
}

char *
hs_format_count (guint64 n)
{
  /* The locale's separator; a comma where it has none (C, C.UTF-8: what
   * a desktop session without a language, CI and the tests run in), as
   * MAT and Android Studio group counts everywhere. */
  const struct lconv *lc = localeconv ();
  const char *sep
      = lc != NULL && lc->thousands_sep != NULL && *lc->thousands_sep != '\0' ? lc->thousands_sep : ",";
  char digits[24];
  GString *s = g_string_new (NULL);
  int len = g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, n);

  for (int i = 0; i < len; i++)
    {
      g_string_append_c (s, digits[i]);
      if (i < len - 1 && (len - 1 - i) % 3 == 0)
        g_string_append (s, sep);
    }
  return g_string_free (s, FALSE);
}

char *
hs_describe_object (HsHeap *heap, HsObj o)
{
  HsKind k;
  guint32 n;
  g_autofree char *count = NULL;

  g_return_val_if_fail (heap != NULL, NULL);
  k = hs_heap_object_kind (heap, o);
  if (k != HS_KIND_OBJ_ARRAY && k != HS_KIND_PRIM_ARRAY)
    return hs_heap_describe (heap, o);
  n = hs_heap_array_length (heap, o);
  count = hs_format_count (n);
  if (k == HS_KIND_PRIM_ARRAY && hs_heap_array_elem_type (heap, o) == HS_TYPE_CHAR)
    {
      g_autofree char *text = hs_heap_read_string (heap, o, 60);
      if (text != NULL)
        return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s item: \"%s\"", "%s items: \"%s\"", n),
                                count, text);
    }
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s item", "%s items", n), count);
}

const char *
hs_retained_size_tooltip (void)
{
  return _ ("Retained size: the memory freed if this were collected: the object itself and every object "
            "that only it keeps alive (its dominator subtree). Shallow size counts the object alone.");
}

/* The label below w showing text (depth first), or NULL. */
static GtkWidget *
find_title_label (GtkWidget *w, const char *text)
{
  for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found;
      if (GTK_IS_LABEL (c) && g_strcmp0 (gtk_label_get_label (GTK_LABEL (c)), text) == 0)
        return c;
      if ((found = find_title_label (c, text)) != NULL)
        return found;
    }
  return NULL;
}

/* Through the rows' list view's "list.scroll-to-item": it anchors the
 * view on the row, where moving the adjustment looks for rows by their
 * place, which rows in the middle of a new order do not have yet (GTK
 * warns "failed to scroll to given position"). */
static void
scroll_top (GtkSorter *sorter, GtkSorterChange change, GtkColumnView *view)
{
  GtkSelectionModel *model = gtk_column_view_get_model (view);

  if (model == NULL || g_list_model_get_n_items (G_LIST_MODEL (model)) == 0)
    return;
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (view)); c != NULL;
       c = gtk_widget_get_next_sibling (c))
    if (GTK_IS_LIST_VIEW (c))
      gtk_widget_activate_action (c, "list.scroll-to-item", "u", 0);
}

void
hs_column_view_scroll_top_on_sort (GtkColumnView *view)
{
  g_return_if_fail (GTK_IS_COLUMN_VIEW (view));

  /* After the sort list model's own handler: the rows are in their new
   * order when the view goes to its top. */
  g_signal_connect_object (gtk_column_view_get_sorter (view), "changed", G_CALLBACK (scroll_top), view,
                           G_CONNECT_AFTER);
}

void
hs_column_view_set_header_tooltip (GtkColumnView *view, GtkColumnViewColumn *column, const char *tooltip)
{
  GtkWidget *header = gtk_widget_get_first_child (GTK_WIDGET (view));
  GtkWidget *label;

  /* GTK 4.8 has no tooltip for a column's header: its title (a label in a
   * box in the title widget, in the view's first child, the header row)
   * is found by its text; the title widget (the child of the header row)
   * gets the tooltip. */
  if (header == NULL
      || (label = find_title_label (header, gtk_column_view_column_get_title (column))) == NULL)
    return;
  while (gtk_widget_get_parent (label) != header)
    label = gtk_widget_get_parent (label);
  gtk_widget_set_tooltip_text (label, tooltip);
}

/* Through win.inspect, which is disabled (the buttons insensitive) until
 * the analysis is done: leaks are shown before. */
GtkWidget *
hs_inspect_button_new (HsObj obj)
{
  GtkWidget *button = gtk_button_new_from_icon_name ("edit-find-symbolic");

  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_set_tooltip_text (button, _ ("Inspect this object"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Inspect this object"), -1);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "win.inspect");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (button), g_variant_new_uint32 (obj));
  return button;
}

#define BREAKABLE_KEEP_CHARS 2000

char *
hs_name_breakable (const char *text)
{
  GString *s = g_string_new (NULL);
  guint n = 0;

  for (const char *p = text; p != NULL && *p != '\0'; p = g_utf8_next_char (p), n++)
    {
      if (n == BREAKABLE_KEEP_CHARS)
        {
          g_string_append (s, "…");
          break;
        }
      g_string_append_unichar (s, g_utf8_get_char (p));
      if ((*p == '.' || *p == '$' || *p == '@') && p[1] != '\0' && p[1] != '.')
        g_string_append (s, "\u200b");
    }
  return g_string_free (s, FALSE);
}

void
hs_label_no_hyphens (GtkLabel *label)
{
  PangoAttrList *old = gtk_label_get_attributes (label);
  PangoAttrList *attrs = old != NULL ? pango_attr_list_copy (old) : pango_attr_list_new ();

  pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
  gtk_label_set_attributes (label, attrs);
  pango_attr_list_unref (attrs);
}

char *
hs_text_cut_chars (char *text, glong max_chars)
{
  char *cut;

  g_return_val_if_fail (text != NULL && max_chars > 0, text);
  if (!g_utf8_validate (text, -1, NULL))
    {
      char *valid = g_utf8_make_valid (text, -1);
      g_free (text);
      text = valid;
    }
  if (g_utf8_strlen (text, -1) <= max_chars)
    return text;
  *g_utf8_offset_to_pointer (text, max_chars - 1) = '\0';
  cut = g_strconcat (text, "…", NULL);
  g_free (text);
  return cut;
}

gboolean
hs_task_failed (GtkWidget *widget, const GError *error, const char *what)
{
  g_autofree char *text = NULL;

  if (error == NULL)
    return FALSE;
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return TRUE;
  text = g_strdup_printf ("%s: %s", what, error->message);
  gtk_widget_activate_action (widget, "win.toast", "s", text);
  return TRUE;
}

static void
unparent_popover (gpointer data)
{
  GtkWidget *popover = data;

  if (gtk_widget_get_parent (popover) != NULL)
    gtk_widget_unparent (popover);
  g_object_unref (popover);
}

static void
on_popover_closed (GtkPopover *popover, gpointer data)
{
  g_idle_add_once (unparent_popover, g_object_ref (popover));
}

/* The parent goes first (a list row recycled while the menu is open, or
 * before the idle): a widget is not to be finalized with children. */
static void
on_parent_destroy (GtkWidget *popover)
{
  if (gtk_widget_get_parent (popover) != NULL)
    gtk_widget_unparent (popover);
}

void
hs_popover_unparent_after_close (GtkPopover *popover)
{
  GtkWidget *parent;

  g_return_if_fail (GTK_IS_POPOVER (popover));
  parent = gtk_widget_get_parent (GTK_WIDGET (popover));
  g_return_if_fail (parent != NULL);
  g_signal_connect (popover, "closed", G_CALLBACK (on_popover_closed), NULL);
  g_signal_connect_object (parent, "destroy", G_CALLBACK (on_parent_destroy), popover, G_CONNECT_SWAPPED);
}

#define CELL_KEEP_CHARS 1000
#define TIP_KEEP_CHARS 2000

/* Whole up to TIP_KEEP_CHARS characters (bytes counted first: a
 * short string is not walked). */
static gboolean
name_is_short (const char *name, glong *n)
{
  return name == NULL || strlen (name) <= 4 * TIP_KEEP_CHARS
         || (*n = g_utf8_strlen (name, -1)) <= TIP_KEEP_CHARS;
}

char *
hs_cell_name_text (gpointer unused, const char *name)
{
  glong n = 0;

  if (name_is_short (name, &n))
    return g_strdup (name);
  {
    const char *head_end = g_utf8_offset_to_pointer (name, CELL_KEEP_CHARS);
    const char *tail = g_utf8_offset_to_pointer (name, n - CELL_KEEP_CHARS);
    g_autofree char *head = g_strndup (name, head_end - name);
    return g_strconcat (head, "…", tail, NULL);
  }
}

char *
hs_cell_name_tip (gpointer unused, const char *name)
{
  glong n = 0;

  if (name_is_short (name, &n))
    return g_strdup (name);
  {
    const char *tip_end = g_utf8_offset_to_pointer (name, TIP_KEEP_CHARS);
    g_autofree char *count = hs_format_count ((guint64)n);
    g_autofree char *tip_head = g_strndup (name, tip_end - name);
    /* Translators: a very long name cut in a tooltip; %s is its length. */
    return g_strdup_printf (_ ("%s… (%s characters in all)"), tip_head, count);
  }
}

void
hs_cell_set_name (GtkInscription *cell, const char *name)
{
  g_autofree char *text = hs_cell_name_text (NULL, name);
  g_autofree char *tip = hs_cell_name_tip (NULL, name);

  g_return_if_fail (GTK_IS_INSCRIPTION (cell));
  gtk_inscription_set_text (cell, text);
  gtk_widget_set_tooltip_text (GTK_WIDGET (cell), tip);
}

void
hs_run_niced (const char *name, GThreadFunc fn, gpointer data)
{
  hs_run_niced_by (name, 10, fn, data);
}

/* --- columns hidden in a narrow window ------------------------------------ */

typedef struct
{
  GPtrArray *columns; /* GtkColumnViewColumn, held */
  int min_width;
  gboolean narrow;
  guint idle;
} NarrowColumns;

static void
narrow_columns_free (NarrowColumns *nc)
{
  g_clear_handle_id (&nc->idle, g_source_remove);
  g_ptr_array_unref (nc->columns);
  g_free (nc);
}

/* In an idle, not during the allocation that changed the width. */
static gboolean
apply_narrow (gpointer data)
{
  NarrowColumns *nc = data;

  nc->idle = 0;
  for (guint i = 0; i < nc->columns->len; i++)
    gtk_column_view_column_set_visible (g_ptr_array_index (nc->columns, i), !nc->narrow);
  return G_SOURCE_REMOVE;
}

static void
on_page_size (GtkAdjustment *adj, GParamSpec *pspec, GtkColumnView *view)
{
  NarrowColumns *nc = g_object_get_data (G_OBJECT (view), "hs-narrow-columns");
  double width = gtk_adjustment_get_page_size (adj);
  gboolean narrow = width > 0 && width < nc->min_width;

  if (narrow == nc->narrow)
    return;
  nc->narrow = narrow;
  if (nc->idle == 0)
    nc->idle = g_idle_add (apply_narrow, nc);
}

void
hs_column_view_hide_when_narrow (GtkColumnView *view, int min_width, GtkColumnViewColumn *const *columns,
                                 guint n)
{
  GtkAdjustment *adj = gtk_scrollable_get_hadjustment (GTK_SCROLLABLE (view));
  NarrowColumns *nc = g_new0 (NarrowColumns, 1);

  g_return_if_fail (adj != NULL);
  nc->columns = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (nc->columns, g_object_ref (columns[i]));
  nc->min_width = min_width;
  g_object_set_data_full (G_OBJECT (view), "hs-narrow-columns", nc, (GDestroyNotify)narrow_columns_free);
  g_signal_connect_object (adj, "notify::page-size", G_CALLBACK (on_page_size), view, 0);
}
