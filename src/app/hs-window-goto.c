/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window-goto.c: "Go to" (Ctrl+L): a popover under the header button
 * with an entry. An object id as shown everywhere ("0x1a2b", also without
 * 0x, or in decimal: hs-object-id.h) opens the object in the inspector; a
 * class name opens the classes view on that class. As the user types, the
 * class names that match (hs-fuzzy.h: prefix of the simple name, then
 * word starts, then substrings, then subsequences) are listed under the
 * entry with their instance counts, the best 20; Enter takes the exact
 * name, else the first of them; Down moves into the list. Anything else
 * is said inline, under the entry. */
#include "config.h"
#include "hs-window-private.h"
#include "hs-classes-view.h"
#include "hs-sentence.h"
#include "hs-fuzzy.h"
#include "hs-object-id.h"
#include "hs-query.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

/* The dump's class names, each once (a name several loaders define sums
 * their instances), made when the popover opens: ranking them is one pass
 * over 50,000 names per key, a few milliseconds. */
typedef struct
{
  HsAnalysis *analysis; /* what they were read from (not referenced) */
  GPtrArray *names;     /* char * */
  GArray *counts;       /* guint64, per name */
} GotoNames;

static void
goto_names_free (GotoNames *n)
{
  g_ptr_array_unref (n->names);
  g_array_unref (n->counts);
  g_free (n);
}

static GotoNames *
goto_names (HsWindow *self)
{
  HsAnalysis *a = _hs_window_get_analysis (self);
  GotoNames *n = g_object_get_data (G_OBJECT (self), "hs-goto-names");
  g_autoptr (GHashTable) seen = NULL;

  if (a == NULL)
    return NULL;
  if (n != NULL && n->analysis == a)
    return n;
  n = g_new0 (GotoNames, 1);
  n->analysis = a;
  n->names = g_ptr_array_new_with_free_func (g_free);
  n->counts = g_array_new (FALSE, FALSE, sizeof (guint64));
  seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint c = 0; c < hs_heap_n_classes (a->heap); c++)
    {
      const char *name = hs_class_name (a->heap, c);
      gpointer at;
      guint64 count = hs_class_count (a->heap, c);
      if (name == NULL)
        continue;
      if (g_hash_table_lookup_extended (seen, name, NULL, &at))
        {
          g_array_index (n->counts, guint64, GPOINTER_TO_UINT (at)) += count;
          continue;
        }
      g_hash_table_insert (seen, (gpointer)name, GUINT_TO_POINTER (n->names->len));
      g_ptr_array_add (n->names, g_strdup (name));
      g_array_append_val (n->counts, count);
    }
  g_object_set_data_full (G_OBJECT (self), "hs-goto-names", n, (GDestroyNotify)goto_names_free);
  return n;
}

/* The indexes into the names of the best matches of text. */
static GArray *
goto_rank (HsWindow *self, const char *text, GotoNames **names)
{
  g_autofree char *query = g_strstrip (g_strdup (text));

  *names = goto_names (self);
  if (*names == NULL || query[0] == '\0')
    return g_array_new (FALSE, FALSE, sizeof (guint));
  return hs_fuzzy_rank ((const char *const *)(*names)->names->pdata, (*names)->names->len, query,
                        HS_WINDOW_GOTO_COMPLETIONS);
}

char **
hs_window_get_goto_completions (HsWindow *self)
{
  g_autoptr (GStrvBuilder) b = g_strv_builder_new ();

  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->goto_list)); row != NULL;
       row = gtk_widget_get_next_sibling (row))
    {
      const char *name = g_object_get_data (G_OBJECT (row), "hs-class-name");
      if (name != NULL)
        {
          g_autofree char *line
              = g_strdup_printf ("%s\t%" G_GUINT64_FORMAT, name,
                                 *(guint64 *)g_object_get_data (G_OBJECT (row), "hs-class-count"));
          g_strv_builder_add (b, line);
        }
    }
  return g_strv_builder_end (b);
}

/* The class in the class table, its instances listed; a class with no
 * instance (a holder of statics: store.ReportCache) opens its class
 * object in the inspector, its static fields and what they retain. */
static gboolean
go_to_class (HsWindow *self, const char *name)
{
  HsView *classes = hs_window_get_view_by_name (self, "classes");
  HsAnalysis *a = _hs_window_get_analysis (self);
  HsClass c;

  hs_window_set_view (self, "classes");
  if (classes == NULL || !hs_classes_view_show_class (HS_CLASSES_VIEW (classes), name))
    return FALSE;
  c = a != NULL ? hs_heap_find_class (a->heap, name) : HS_CLASS_NONE;
  if (c != HS_CLASS_NONE && hs_class_count (a->heap, c) == 0 && hs_class_object (a->heap, c) != HS_OBJ_NONE)
    hs_window_inspect (self, hs_class_object (a->heap, c));
  return TRUE;
}

gboolean
hs_window_go_to (HsWindow *self, const char *text, char **message)
{
  HsAnalysis *a;
  g_autofree char *query = NULL;
  guint64 id = 0;
  gboolean is_id = FALSE;
  HsObj obj;

  g_return_val_if_fail (HS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  if (message != NULL)
    *message = NULL;
  a = _hs_window_get_analysis (self);
  if (a == NULL)
    return FALSE;
  query = g_strstrip (g_strdup (text));
  if (query[0] == '\0')
    return FALSE;

  obj = hs_object_id_find (a->heap, query, &id, &is_id);
  if (obj != HS_OBJ_NONE)
    {
      hs_window_inspect (self, obj);
      return TRUE;
    }
  if (hs_heap_find_class (a->heap, query) != HS_CLASS_NONE && go_to_class (self, query))
    return TRUE;
  if (message != NULL)
    *message = is_id ? g_strdup_printf (_ ("No object with id %s in this dump"), query)
                     : g_strdup_printf (_ ("No class named “%s” in this dump"), query);
  return FALSE;
}

static GtkWidget *
completion_row (const char *name, guint64 count)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *label = gtk_label_new (NULL);
  g_autofree char *quoted = g_strdup_printf ("`%s`", name);
  g_autofree char *n = hs_format_count (count);
  g_autofree char *count_text
      = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s instance", "%s instances", count), n);
  GtkWidget *count_label = gtk_label_new (count_text);
  guint64 *stored = g_new (guint64, 1);

  /* The name whole: on more lines if need be, broken after a '.' or '$'
   * (never cut at its start, never hyphenated). */
  hs_label_set_sentence (GTK_LABEL (label), quoted);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_widget_set_valign (count_label, GTK_ALIGN_START);
  gtk_widget_add_css_class (count_label, "dim-label");
  gtk_widget_add_css_class (count_label, "hs-numeric");
  gtk_box_append (GTK_BOX (box), label);
  gtk_box_append (GTK_BOX (box), count_label);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_tooltip_text (row, name);
  *stored = count;
  g_object_set_data_full (G_OBJECT (row), "hs-class-name", g_strdup (name), g_free);
  g_object_set_data_full (G_OBJECT (row), "hs-class-count", stored, g_free);
  return row;
}

static void
fill_completions (HsWindow *self, const char *text)
{
  GotoNames *names = NULL;
  g_autoptr (GArray) best = goto_rank (self, text, &names);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->goto_list))) != NULL)
    gtk_list_box_remove (self->goto_list, child);
  for (guint i = 0; i < best->len; i++)
    {
      guint k = g_array_index (best, guint, i);
      gtk_list_box_append (self->goto_list, completion_row (g_ptr_array_index (names->names, k),
                                                            g_array_index (names->counts, guint64, k)));
    }
  gtk_widget_set_visible (GTK_WIDGET (self->goto_scroller), best->len > 0);
}

static void
go_done (HsWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->goto_message), FALSE);
  gtk_menu_button_popdown (self->goto_button);
}

static void
on_goto_activate (GtkEntry *entry, HsWindow *self)
{
  g_autofree char *message = NULL;
  const char *text = gtk_editable_get_text (GTK_EDITABLE (entry));
  HsAnalysis *a = _hs_window_get_analysis (self);
  g_autofree char *query = g_strstrip (g_strdup (text));
  GtkWidget *first = gtk_widget_get_first_child (GTK_WIDGET (self->goto_list));
  gboolean is_id = FALSE;

  /* Not an id nor a class's whole name: the best completion, if any. */
  if (a != NULL && first != NULL && query[0] != '\0'
      && hs_object_id_find (a->heap, query, NULL, &is_id) == HS_OBJ_NONE && !is_id
      && hs_heap_find_class (a->heap, query) == HS_CLASS_NONE)
    {
      const char *name = g_object_get_data (G_OBJECT (first), "hs-class-name");
      if (name != NULL && go_to_class (self, name))
        {
          go_done (self);
          return;
        }
    }
  if (hs_window_go_to (self, text, &message))
    {
      go_done (self);
      return;
    }
  gtk_label_set_text (self->goto_message, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->goto_message), message != NULL);
}

static void
on_goto_row_activated (GtkListBox *list, GtkListBoxRow *row, HsWindow *self)
{
  const char *name = g_object_get_data (G_OBJECT (row), "hs-class-name");
  g_autofree char *copy = g_strdup (name); /* the rows go with the popover */

  if (copy != NULL && go_to_class (self, copy))
    go_done (self);
}

static void
on_goto_changed (GtkEditable *entry, HsWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->goto_message), FALSE);
  fill_completions (self, gtk_editable_get_text (entry));
}

/* Down in the entry: into the list of completions. */
static gboolean
on_goto_key (GtkEventControllerKey *keys, guint keyval, guint keycode, GdkModifierType state, HsWindow *self)
{
  GtkListBoxRow *first = gtk_list_box_get_row_at_index (self->goto_list, 0);

  if ((keyval != GDK_KEY_Down && keyval != GDK_KEY_KP_Down) || first == NULL)
    return FALSE;
  gtk_list_box_select_row (self->goto_list, first);
  gtk_widget_grab_focus (GTK_WIDGET (first));
  return TRUE;
}

void
_hs_window_goto_popup (HsWindow *self)
{
  if (_hs_window_get_analysis (self) == NULL)
    return;
  /* Names read again: a mapping may have renamed the classes since. */
  g_object_set_data (G_OBJECT (self), "hs-goto-names", NULL);
  gtk_menu_button_popup (self->goto_button);
  gtk_widget_grab_focus (GTK_WIDGET (self->goto_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->goto_entry), 0, -1);
  fill_completions (self, gtk_editable_get_text (GTK_EDITABLE (self->goto_entry)));
}

void
_hs_window_class_goto_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, HsWindow, nav_box);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, goto_button);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, goto_entry);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, goto_message);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, goto_scroller);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, goto_list);
  gtk_widget_class_bind_template_callback (widget_class, on_goto_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_goto_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_goto_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_goto_key);
}
