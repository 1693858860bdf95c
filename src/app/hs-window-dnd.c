/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window-dnd.c: a file dropped on the window (from a file manager)
 * opens, as Open does; a .txt dropped is a ProGuard/R8 mapping for the
 * dump shown. A dump goes to its own tab (hs_window_open_file); several
 * dumps dropped at once are one series (hs-window-series.h). */
#include "config.h"
#include "hs-window-private.h"
#include "hs-window-mapping.h"
#include "hs-window-series.h"

static gboolean
on_drop (GtkDropTarget *target, const GValue *value, double x, double y, HsWindow *self)
{
  GSList *files;
  g_autoptr (GPtrArray) dumps = NULL;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;
  files = g_value_get_boxed (value);
  if (files == NULL)
    return FALSE;
  if (hs_file_is_mapping (G_FILE (files->data)))
    {
      hs_window_load_mapping (self, G_FILE (files->data));
      return TRUE;
    }
  dumps = g_ptr_array_new ();
  for (GSList *l = files; l != NULL; l = l->next)
    if (!hs_file_is_mapping (G_FILE (l->data)))
      g_ptr_array_add (dumps, l->data);
  _hs_window_series_open (self, (GFile *const *)dumps->pdata, dumps->len);
  return TRUE;
}

void
_hs_window_dnd_init (HsWindow *self)
{
  GtkDropTarget *drop = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect_object (drop, "drop", G_CALLBACK (on_drop), self, 0);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drop));
}
