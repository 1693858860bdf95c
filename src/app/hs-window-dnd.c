/* hs-window-dnd.c: a file dropped on the window (from a file manager)
 * opens, as Open does. */
#include "config.h"
#include "hs-window-private.h"

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, HsWindow *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = g_value_get_boxed (value);
  if (files == NULL)
    return FALSE;
  hs_window_open (self, G_FILE (files->data), 0);
  return TRUE;
}

void
_hs_window_dnd_init (HsWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
