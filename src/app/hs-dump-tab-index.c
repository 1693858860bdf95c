/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-index.c: the dump's saved index as the tab shows it. A dump
 * opened again is read from the index its first analysis left in the
 * cache (hs-index.h): the banner over the views says so, with the date of
 * that analysis, and offers Re-analyse (win.reanalyse), which loads the
 * dump again analysed afresh and replaces the index. An index that could
 * not be used (the dump changed, another version wrote it, it is
 * damaged) is said once in a toast; the dump was analysed anyway.
 * An index beside the dump (DUMP.hsindex) came with it from whoever wrote
 * it and is not read unasked: the banner asks "Use the index that came
 * with this dump?", and Use Index opens the dump again from it (as the
 * CLI's --index does); the banner then names that file. */
#include "config.h"
#include "hs-dump-tab-private.h"

#include <glib/gi18n.h>

#include "hs-index-cache.h"

/* "Opened from the index (analysed 02/12/2026 07:45:10)", in the
 * locale's date and time (as the Overview shows the dump's date). */
static char *
banner_text (gint64 analysed, const char *named)
{
  g_autoptr (GDateTime) dt = analysed > 0 ? g_date_time_new_from_unix_local (analysed) : NULL;
  g_autofree char *date = dt != NULL ? g_date_time_format (dt, "%x %X") : NULL;

  if (named != NULL && date != NULL)
    return g_strdup_printf (_ ("Opened from the index %s (analysed %s)"), named, date);
  if (named != NULL)
    return g_strdup_printf (_ ("Opened from the index %s"), named);
  if (date == NULL)
    return g_strdup (_ ("Opened from the index"));
  return g_strdup_printf (_ ("Opened from the index (analysed %s)"), date);
}

/* The index file as the banner names it: NULL for one in this user's
 * cache (the usual case, said without a name), else its path for
 * display. */
static char *
named_index (const char *path)
{
  g_autofree char *dir = NULL, *cache = NULL;

  if (path == NULL)
    return NULL;
  dir = g_path_get_dirname (path);
  cache = hs_index_cache_dir ();
  if (cache != NULL && g_str_equal (dir, cache))
    return NULL;
  return g_filename_display_name (path);
}

/* The question (an offer: Use Index, or dismissed) or what was opened
 * (Re-analyse, through win.reanalyse). */
static void
show_banner (HsDumpTab *self, const char *text, gboolean question)
{
  HsBanner *banner = self->index_banner;

  hs_banner_set_title (banner, text);
  hs_banner_set_kind (banner, question ? HS_BANNER_OFFER : HS_BANNER_INFO);
  g_object_set (banner, "button-label", question ? _ ("_Use Index") : _ ("_Re-analyse"), "button-tooltip",
                question ? _ ("Open the heap dump again from the index that came with it")
                         : _ ("Analyse the heap dump afresh and replace its saved index"),
                "action-name", question ? NULL : "win.reanalyse", NULL);
}

void
_hs_dump_tab_index_dump_done (HsDumpTab *self)
{
  gboolean from_index = hs_loader_get_from_index (self->loader);
  const char *note = hs_loader_get_index_note (self->loader);
  const char *beside = hs_loader_get_index_beside (self->loader);

  if (from_index)
    {
      g_autofree char *named = named_index (hs_loader_get_index_path (self->loader));
      g_autofree char *text = banner_text (hs_loader_get_analysed (self->loader), named);
      show_banner (self, text, FALSE);
    }
  else if (beside != NULL)
    {
      g_autofree char *shown = g_filename_display_basename (beside);
      g_autofree char *text = g_strdup_printf (_ ("Use the index that came with this dump? (%s)"), shown);
      show_banner (self, text, TRUE);
    }
  hs_banner_set_revealed (self->index_banner, from_index || beside != NULL);
  /* The engine's note is English, like its other messages; the sentence
   * around it is ours. */
  if (note != NULL)
    {
      g_autofree char *text = g_strdup_printf (_ ("The saved index could not be used: %s"), note);
      _hs_dump_tab_show_toast (self, text);
    }
}

void
_hs_dump_tab_index_button_clicked (HsDumpTab *self)
{
  /* Re-analyse is the button's action. */
  if (hs_banner_get_kind (self->index_banner) == HS_BANNER_OFFER)
    hs_dump_tab_use_index (self);
}

void
_hs_dump_tab_index_dump_closed (HsDumpTab *self)
{
  hs_banner_set_revealed (self->index_banner, FALSE);
}

const char *
hs_dump_tab_get_index_banner (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), NULL);
  return hs_banner_get_revealed (self->index_banner) ? hs_banner_get_title (self->index_banner) : NULL;
}

void
hs_dump_tab_reanalyse (HsDumpTab *self)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));

  /* Where the user is stays (the view, the object inspected, the
   * history): the same dump, analysed afresh. The policy is for this
   * reload's open only. */
  self->index_policy = HS_INDEX_REANALYSE;
  hs_dump_tab_reload_in_place (self);
  self->index_policy = HS_INDEX_USE_CACHE;
}

void
hs_dump_tab_use_index (HsDumpTab *self)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));

  if (self->loader == NULL || hs_loader_get_index_beside (self->loader) == NULL)
    return;
  /* For this reload's open only, like Re-analyse's policy. */
  self->index_path = g_strdup (hs_loader_get_index_beside (self->loader));
  hs_dump_tab_reload_in_place (self);
  g_clear_pointer (&self->index_path, g_free);
}
