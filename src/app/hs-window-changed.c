/* hs-window-changed.c: "the dump changed on disk". The file of the dump
 * shown may be rewritten or cut short while it is open (a new dump taken
 * over it, a copy still being written). The window then keeps what it
 * shows (a mapped dump's cut pages read as zeros, hs-guard.h; a dump read
 * into memory is unaffected) and says so once in a toast with a Reload
 * button. Checked at natural moments: when the window becomes active,
 * before the inspector reads an object, when a tab is shown. */
#include "config.h"
#include "hs-window-private.h"

#include <glib/gi18n.h>
#include <glib/gstdio.h>

/* Size and modification time of the dump's file now; FALSE if it is gone. */
static gboolean
file_stat (HsLoader *loader, guint64 *size, gint64 *mtime)
{
  g_autofree char *path = g_file_get_path (hs_loader_get_file (loader));
  GStatBuf st;

  if (path == NULL || g_stat (path, &st) != 0)
    return FALSE;
  *size = (guint64) st.st_size;
  *mtime = (gint64) st.st_mtime;
  return TRUE;
}

void
_hs_window_changed_remember (HsWindow *self)
{
  self->file_noticed = FALSE;
  self->file_known = self->loader != NULL
                     && file_stat (self->loader, &self->file_size, &self->file_mtime);
}

gboolean
hs_window_check_changed (HsWindow *self)
{
  HsAnalysis *a;
  guint64 size = 0;
  gint64 mtime = 0;
  gboolean changed;

  g_return_val_if_fail (HS_IS_WINDOW (self), FALSE);

  a = _hs_window_get_analysis (self);
  if (a == NULL)
    return FALSE;
  /* A read of the mapping already hit the cut part, or the file is not
   * what was read any more. */
  changed = hs_heap_changed (a->heap);
  if (!changed && self->file_known)
    changed = !file_stat (self->loader, &size, &mtime)
              || size != self->file_size || mtime != self->file_mtime;
  if (changed && !self->file_noticed)
    {
      g_autofree char *text = g_strdup_printf (_("%s changed on disk; reload to see it as it is now"),
                                               hs_loader_get_file_name (self->loader));
      self->file_noticed = TRUE;
      _hs_window_show_toast_action (self, text, _("_Reload"), "win.reload", NULL);
    }
  return changed;
}

static void
on_active (GtkWindow *window, GParamSpec *pspec, HsWindow *self)
{
  if (gtk_window_is_active (window))
    hs_window_check_changed (self);
}

static void
reload_action (GtkWidget *widget, const char *action_name, GVariant *param)
{
  hs_window_reload (HS_WINDOW (widget));
}

void
_hs_window_changed_init (HsWindow *self)
{
  g_signal_connect (self, "notify::is-active", G_CALLBACK (on_active), self);
}

void
_hs_window_class_changed_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
}
