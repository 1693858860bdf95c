/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-window-series.c: a series opened together (see the header). The
 * older dumps wait on the newest's tab until its analysis is done; a tab
 * given another dump meanwhile drops them. */
#include "config.h"

#include "hs-window-series.h"
#include "hs-growth-order.h"
#include "hs-growth-view.h"

#define PENDING_KEY "hs-series-pending"

typedef struct
{
  GFile *newest;
  GPtrArray *older; /* GFile, oldest first */
} Pending;

static void
pending_free (Pending *p)
{
  g_object_unref (p->newest);
  g_ptr_array_unref (p->older);
  g_free (p);
}

static char *
file_key (GFile *file)
{
  char *path = g_file_get_path (file);
  return path != NULL ? path : g_file_get_uri (file);
}

void
_hs_window_series_order (GPtrArray *files)
{
  /* key (owned by keys) -> file (owned by files until the end) */
  g_autoptr (GHashTable) by_key = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) keys = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) old = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < files->len; i++)
    g_ptr_array_add (old, g_object_ref (files->pdata[i]));
  for (guint i = 0; i < old->len; i++)
    {
      char *key = file_key (old->pdata[i]);
      if (g_hash_table_contains (by_key, key))
        {
          g_free (key); /* a file named twice is one dump of the series */
          continue;
        }
      g_ptr_array_add (keys, key);
      g_hash_table_insert (by_key, key, old->pdata[i]);
    }
  hs_growth_order_paths ((char **)keys->pdata, keys->len);
  g_ptr_array_set_size (files, 0);
  for (guint i = 0; i < keys->len; i++)
    g_ptr_array_add (files, g_object_ref (g_hash_table_lookup (by_key, keys->pdata[i])));
}

static void
start_growth (HsDumpTab *tab, GPtrArray *older)
{
  HsView *view = hs_dump_tab_get_view_by_name (tab, "growth");

  if (view != NULL
      && hs_growth_view_set_series (HS_GROWTH_VIEW (view), (GFile *const *)older->pdata, older->len))
    hs_dump_tab_set_view (tab, "growth");
}

static void
on_analysed (HsDumpTab *tab, GParamSpec *pspec, gpointer data)
{
  Pending *p;
  GFile *file;
  (void)pspec;
  (void)data;

  if (hs_dump_tab_get_analysis (tab) == NULL)
    return;
  g_signal_handlers_disconnect_by_func (tab, on_analysed, NULL);
  p = g_object_steal_data (G_OBJECT (tab), PENDING_KEY);
  if (p == NULL)
    return;
  file = hs_dump_tab_get_file (tab);
  if (file != NULL && g_file_equal (file, p->newest))
    start_growth (tab, p->older);
  pending_free (p);
}

HsDumpTab *
_hs_window_series_open (HsWindow *self, GFile *const *files, guint n)
{
  g_autoptr (GPtrArray) sorted = g_ptr_array_new_with_free_func (g_object_unref);
  HsDumpTab *tab;
  Pending *p;

  g_return_val_if_fail (HS_IS_WINDOW (self), NULL);
  g_return_val_if_fail (files != NULL && n >= 1, NULL);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (sorted, g_object_ref (files[i]));
  _hs_window_series_order (sorted);
  tab = hs_window_open_file (self, sorted->pdata[sorted->len - 1]);
  if (sorted->len < 2 || tab == NULL)
    return tab;

  p = g_new0 (Pending, 1);
  p->newest = g_object_ref (sorted->pdata[sorted->len - 1]);
  p->older = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i + 1 < sorted->len; i++)
    g_ptr_array_add (p->older, g_object_ref (sorted->pdata[i]));
  g_signal_handlers_disconnect_by_func (tab, on_analysed, NULL);
  if (hs_dump_tab_get_analysis (tab) != NULL)
    {
      /* Open already (its tab shown again): the series at once. */
      start_growth (tab, p->older);
      pending_free (p);
      return tab;
    }
  g_object_set_data_full (G_OBJECT (tab), PENDING_KEY, p, (GDestroyNotify)pending_free);
  g_signal_connect (tab, "notify::analysed", G_CALLBACK (on_analysed), NULL);
  return tab;
}
