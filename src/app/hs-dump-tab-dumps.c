/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-dumps.c: the "several dumps" banner of a dump's tab. A file
 * that holds more than one heap dump gets a banner over the views saying
 * so, with a dropdown of its dumps: choosing another opens that one. */
#include "config.h"
#include "hs-dump-tab-private.h"

#include <glib/gi18n.h>

void
_hs_dump_tab_dumps_update (HsDumpTab *self, HsHeap *heap)
{
  g_autoptr (GtkStringList) items = NULL;
  g_autofree char *text = NULL;

  hs_banner_set_revealed (self->dumps_banner, hs_heap_n_dumps (heap) > 1);
  if (hs_heap_n_dumps (heap) <= 1)
    return;
  items = gtk_string_list_new (NULL);
  text = g_strdup_printf (_ ("This file holds %u heap dumps. Choose the one to analyse:"),
                          hs_heap_n_dumps (heap));
  for (guint i = 0; i < hs_heap_n_dumps (heap); i++)
    {
      g_autofree char *s = g_strdup_printf (_ ("Dump %u"), i + 1);
      gtk_string_list_append (items, s);
    }
  self->setting_dump = TRUE;
  gtk_drop_down_set_model (self->dumps_dropdown, G_LIST_MODEL (items));
  gtk_drop_down_set_selected (self->dumps_dropdown, hs_heap_dump_index (heap));
  self->setting_dump = FALSE;
  hs_banner_set_title (self->dumps_banner, text);
}

void
_hs_dump_tab_dumps_on_selected (GObject *dropdown, GParamSpec *pspec, HsDumpTab *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (dropdown));

  if (self->setting_dump || self->loader == NULL || selected == GTK_INVALID_LIST_POSITION)
    return;
  if ((int)selected != hs_loader_get_dump (self->loader))
    {
      g_autoptr (GFile) file = g_object_ref (hs_loader_get_file (self->loader));
      hs_dump_tab_open (self, file, selected);
    }
}

guint
hs_dump_tab_get_n_dumps_offered (HsDumpTab *self)
{
  GListModel *model;

  g_return_val_if_fail (HS_IS_DUMP_TAB (self), 0);
  model = gtk_drop_down_get_model (self->dumps_dropdown);
  if (!hs_banner_get_revealed (self->dumps_banner) || model == NULL)
    return 0;
  return g_list_model_get_n_items (model);
}

void
hs_dump_tab_choose_dump (HsDumpTab *self, guint index)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));
  gtk_drop_down_set_selected (self->dumps_dropdown, index);
}
