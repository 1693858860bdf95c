/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-heaps.c: the heap selector of a dump's tab. A dump with
 * several heaps (Android's app, image and zygote) gets a dropdown, "All
 * heaps" and one item per heap; it opens on the app heap, as Android
 * Studio does. The views that show one heap (hs_view_get_uses_heap) are
 * told the choice. */
#include "config.h"
#include "hs-dump-tab-private.h"
#include "hs-view.h"

#include <glib/gi18n.h>

/* "App", "Image", "Zygote", "Default"; other names as the dump spells them. */
static const char *
heap_title (const char *name)
{
  if (g_strcmp0 (name, "app") == 0)
    return _ ("App");
  if (g_strcmp0 (name, "image") == 0)
    return _ ("Image");
  if (g_strcmp0 (name, "zygote") == 0)
    return _ ("Zygote");
  if (g_strcmp0 (name, "default") == 0)
    return _ ("Default");
  return name;
}

static void
tell_views (HsDumpTab *self, int heap)
{
  for (guint i = 0; i < self->views->len; i++)
    {
      HsView *view = g_ptr_array_index (self->views, i);
      if (hs_view_get_uses_heap (view))
        hs_view_set_heap (view, heap);
    }
}

static void
update_label (HsDumpTab *self, HsAnalysis *a, int heap)
{
  if (a == NULL || heap < 0)
    {
      hs_banner_set_title (self->heaps_banner, NULL);
      return;
    }
  const HsHeapTotals *t = hs_heap_heap_totals (a->heap, (guint)heap);
  const HsSummary *s = hs_heap_summary (a->heap);
  g_autofree char *objects = g_strdup_printf ("%'" G_GUINT64_FORMAT, t->objects);
  g_autofree char *all = g_strdup_printf ("%'" G_GUINT64_FORMAT, s->objects);
  g_autofree char *bytes = hs_format_bytes (t->shallow);
  /* Translators: "1,444 of 43,687 objects (214 KB)" */
  g_autofree char *text = g_strdup_printf (_ ("%s of %s objects (%s)"), objects, all, bytes);
  hs_banner_set_title (self->heaps_banner, text);
}

void
_hs_dump_tab_heaps_update (HsDumpTab *self, HsAnalysis *a)
{
  HsHeap *heap = a->heap;
  guint n = hs_heap_n_heaps (heap);
  gboolean shown = n > 1;

  hs_banner_set_revealed (self->heaps_banner, shown);
  if (!shown)
    {
      tell_views (self, -1);
      return;
    }
  g_autoptr (GtkStringList) items = gtk_string_list_new (NULL);
  gtk_string_list_append (items, _ ("All Heaps"));
  for (guint h = 0; h < n; h++)
    gtk_string_list_append (items, heap_title (hs_heap_heap_name (heap, h)));
  int app = hs_heap_app_heap (heap);
  self->setting_heap = TRUE;
  gtk_drop_down_set_model (self->heap_dropdown, G_LIST_MODEL (items));
  gtk_drop_down_set_selected (self->heap_dropdown, (guint)(app + 1));
  self->setting_heap = FALSE;
  update_label (self, a, app);
  tell_views (self, app);
}

void
_hs_dump_tab_heaps_clear (HsDumpTab *self)
{
  hs_banner_set_revealed (self->heaps_banner, FALSE);
}

void
_hs_dump_tab_on_heap_selected (GtkDropDown *dropdown, GParamSpec *pspec, HsDumpTab *self)
{
  HsAnalysis *a = _hs_dump_tab_get_analysis (self);
  guint sel = gtk_drop_down_get_selected (dropdown);

  if (self->setting_heap || a == NULL || sel == GTK_INVALID_LIST_POSITION)
    return;
  int heap = (int)sel - 1;
  update_label (self, a, heap);
  tell_views (self, heap);
}

gboolean
hs_dump_tab_get_heap_selector_shown (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), FALSE);
  return hs_banner_get_revealed (self->heaps_banner);
}

int
hs_dump_tab_get_heap (HsDumpTab *self)
{
  g_return_val_if_fail (HS_IS_DUMP_TAB (self), -1);
  if (!hs_dump_tab_get_heap_selector_shown (self))
    return -1;
  guint sel = gtk_drop_down_get_selected (self->heap_dropdown);
  return sel == GTK_INVALID_LIST_POSITION ? -1 : (int)sel - 1;
}

void
hs_dump_tab_set_heap (HsDumpTab *self, int heap)
{
  g_return_if_fail (HS_IS_DUMP_TAB (self));
  GListModel *model = gtk_drop_down_get_model (self->heap_dropdown);
  if (!hs_dump_tab_get_heap_selector_shown (self) || model == NULL || heap < -1
      || heap + 1 >= (int)g_list_model_get_n_items (model))
    return;
  gtk_drop_down_set_selected (self->heap_dropdown, (guint)(heap + 1));
}
