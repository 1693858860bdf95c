/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window-goto.c: "Go to" (Ctrl+L): a popover under the header button
 * with an entry. An object id as shown everywhere ("0x1a2b", also without
 * 0x) opens the object in the inspector; a class name opens the classes
 * view on that class; anything else is said inline, under the entry. */
#include "config.h"
#include "hs-window-private.h"
#include "hs-classes-view.h"
#include "hs-query.h"

#include <glib/gi18n.h>
#include <inttypes.h>
#include <string.h>

gboolean
hs_window_go_to (HsWindow *self, const char *text, char **message)
{
  HsAnalysis *a;
  g_autofree char *query = NULL;
  guint64 id = 0;
  gboolean is_id;

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

  is_id = hs_query_parse_id (query, &id);
  if (is_id)
    {
      HsObj obj = hs_heap_find (a->heap, id);
      if (obj != HS_OBJ_NONE)
        {
          hs_window_inspect (self, obj);
          return TRUE;
        }
    }
  if (hs_heap_find_class (a->heap, query) != HS_CLASS_NONE)
    {
      HsView *classes = hs_window_get_view_by_name (self, "classes");
      hs_window_set_view (self, "classes");
      if (classes != NULL && hs_classes_view_show_class (HS_CLASSES_VIEW (classes), query))
        return TRUE;
    }
  if (message != NULL)
    *message = is_id ? g_strdup_printf (_ ("No object with id 0x%" PRIx64 " in this dump"), (uint64_t)id)
                     : g_strdup_printf (_ ("No class named “%s” in this dump"), query);
  return FALSE;
}

static void
on_goto_activate (GtkEntry *entry, HsWindow *self)
{
  g_autofree char *message = NULL;

  if (hs_window_go_to (self, gtk_editable_get_text (GTK_EDITABLE (entry)), &message))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->goto_message), FALSE);
      gtk_menu_button_popdown (self->goto_button);
      return;
    }
  gtk_label_set_text (self->goto_message, message != NULL ? message : "");
  gtk_widget_set_visible (GTK_WIDGET (self->goto_message), message != NULL);
}

static void
on_goto_changed (GtkEditable *entry, HsWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->goto_message), FALSE);
}

void
_hs_window_goto_popup (HsWindow *self)
{
  if (_hs_window_get_analysis (self) == NULL)
    return;
  gtk_menu_button_popup (self->goto_button);
  gtk_widget_grab_focus (GTK_WIDGET (self->goto_entry));
  gtk_editable_select_region (GTK_EDITABLE (self->goto_entry), 0, -1);
}

void
_hs_window_class_goto_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, HsWindow, nav_box);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, goto_button);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, goto_entry);
  gtk_widget_class_bind_template_child (widget_class, HsWindow, goto_message);
  gtk_widget_class_bind_template_callback (widget_class, on_goto_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_goto_changed);
}
