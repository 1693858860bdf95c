/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-ui-util.c: small widget helpers shared by the window and its views
 * (see hs-ui-util-private.h). */
#include "config.h"
#include "hs-ui-util-private.h"

#include <glib/gi18n.h>
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
  /* Digit grouping by the user's locale. */
  return g_strdup_printf ("%'" G_GUINT64_FORMAT, n);
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
      if ((*p == '.' || *p == '$') && p[1] != '\0' && p[1] != '.')
        g_string_append (s, "\u200b");
    }
  return g_string_free (s, FALSE);
}

#define CELL_KEEP_CHARS 1000
#define TIP_KEEP_CHARS 2000

void
hs_cell_set_name (GtkInscription *cell, const char *name)
{
  glong n;

  g_return_if_fail (GTK_IS_INSCRIPTION (cell));
  if (name == NULL || strlen (name) <= 4 * TIP_KEEP_CHARS || (n = g_utf8_strlen (name, -1)) <= TIP_KEEP_CHARS)
    {
      gtk_inscription_set_text (cell, name);
      gtk_widget_set_tooltip_text (GTK_WIDGET (cell), name);
      return;
    }
  {
    const char *head_end = g_utf8_offset_to_pointer (name, CELL_KEEP_CHARS);
    const char *tail = g_utf8_offset_to_pointer (name, n - CELL_KEEP_CHARS);
    const char *tip_end = g_utf8_offset_to_pointer (name, TIP_KEEP_CHARS);
    g_autofree char *head = g_strndup (name, head_end - name);
    g_autofree char *shown = g_strconcat (head, "…", tail, NULL);
    g_autofree char *count = hs_format_count ((guint64)n);
    g_autofree char *tip_head = g_strndup (name, tip_end - name);
    /* Translators: a very long name cut in a tooltip; %s is its length. */
    g_autofree char *tip = g_strdup_printf (_ ("%s… (%s characters in all)"), tip_head, count);

    gtk_inscription_set_text (cell, shown);
    gtk_widget_set_tooltip_text (GTK_WIDGET (cell), tip);
  }
}

void
hs_run_niced (const char *name, GThreadFunc fn, gpointer data)
{
  hs_run_niced_by (name, 10, fn, data);
}
