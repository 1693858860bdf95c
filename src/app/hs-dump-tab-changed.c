/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-changed.c: "the dump changed on disk". The file of the dump
 * shown may be rewritten or cut short while it is open (a new dump taken
 * over it, a copy still being written). The window then keeps what it
 * shows (a mapped dump's cut pages read as zeros, hs-guard.h; a dump read
 * into memory is unaffected) and says so once in a toast with a Reload
 * button. Checked at natural moments (hs-window.c): when the window
 * becomes active, when a tab is shown, before the inspector reads an
 * object. */
#include "config.h"
#include "hs-dump-tab-private.h"

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
  *size = (guint64)st.st_size;
  *mtime = (gint64)st.st_mtime;
  return TRUE;
}

void
_hs_dump_tab_changed_remember (HsDumpTab *self)
{
  self->file_noticed = FALSE;
  self->file_known = self->loader != NULL && file_stat (self->loader, &self->file_size, &self->file_mtime);
}

gboolean
hs_dump_tab_check_changed (HsDumpTab *self)
{
  HsAnalysis *a;
  guint64 size = 0;
  gint64 mtime = 0;
  gboolean changed;

  g_return_val_if_fail (HS_IS_DUMP_TAB (self), FALSE);

  a = _hs_dump_tab_get_analysis (self);
  if (a == NULL)
    return FALSE;
  /* A read of the mapping already hit the cut part, or the file is not
   * what was read any more. */
  changed = hs_heap_changed (a->heap);
  if (!changed && self->file_known)
    changed
        = !file_stat (self->loader, &size, &mtime) || size != self->file_size || mtime != self->file_mtime;
  if (changed && !self->file_noticed)
    {
      g_autofree char *text = g_strdup_printf (_ ("%s changed on disk; reload to see it as it is now"),
                                               hs_loader_get_file_name (self->loader));
      self->file_noticed = TRUE;
      _hs_dump_tab_show_toast_button (self, text, _ ("_Reload"), "win.reload");
    }
  return changed;
}
