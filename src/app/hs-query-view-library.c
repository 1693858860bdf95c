/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-query-view-library.c: the Query view's library and history, a part of
 * HsQueryView (hs-query-view-private.h): the ready queries, the queries
 * the user saved and the last HISTORY_MAX queries run, each list in its
 * settings key (per user) when there are settings, offered in the header's
 * menus; the query last run, in the editor on the next start; and their
 * part of the API. */
#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "hs-query-view-private.h"
#include "hs-settings.h"

#define HISTORY_MAX 30
#define QUERY_MAX_BYTES (64 * 1024)

static const struct
{
  const char *title, *query;
} library[] = {
  { N_ ("Big hash maps (over 10,000 entries)"),
    "SELECT m AS map, m.size() AS size, m.@retainedHeapSize AS retained\n"
    "FROM INSTANCEOF java.util.HashMap m\nWHERE m.size() > 10000" },
  { N_ ("Big lists (over 10,000 elements)"),
    "SELECT l AS list, l.size() AS size, l.@retainedHeapSize AS retained\n"
    "FROM INSTANCEOF java.util.ArrayList l\nWHERE l.size() > 10000" },
  { N_ ("Strings and who holds them (sort by text: duplicates side by side)"),
    "SELECT toString(s) AS text, s.@retainedHeapSize AS retained, inbounds(s) AS holders\n"
    "FROM java.lang.String s\nWHERE s.value.@length > 100" },
  { N_ ("Empty arrays"), "SELECT * FROM \".*\\[\\]\" a WHERE a.@length = 0" },
  { N_ ("Threads by retained size"),
    "SELECT t AS thread, toString(t.name) AS name, t.@retainedHeapSize AS retained\n"
    "FROM INSTANCEOF java.lang.Thread t" },
  { N_ ("Class loaders and their classes"),
    "SELECT c.@classLoader AS loader, c.@name AS class\nFROM OBJECTS \".*\" c" },
};

/* ---- the lists in the settings, the history ------------------------------- */

/* A list of queries into its settings key (per user), when there are settings. */
static void
store_list (HsQueryView *self, const char *key, GPtrArray *list)
{
  if (!self->settings)
    return;
  g_ptr_array_add (list, NULL);
  g_settings_set_strv (self->settings, key, (const char *const *)list->pdata);
  g_ptr_array_set_size (list, list->len - 1);
}

static void
load_list (HsQueryView *self, const char *key, GPtrArray *list, guint max)
{
  if (!self->settings)
    return;
  g_auto (GStrv) v = g_settings_get_strv (self->settings, key);
  for (guint i = 0; v[i] && i < max; i++)
    g_ptr_array_add (list, g_strdup (v[i]));
}

static void
history_rebuild (HsQueryView *self)
{
  g_autoptr (GMenu) menu = g_menu_new ();
  for (guint i = 0; i < self->history->len; i++)
    {
      const char *q = g_ptr_array_index (self->history, i);
      g_autofree char *one_line = g_strndup (q, 80);
      g_strdelimit (one_line, "\n\r\t", ' ');
      g_autoptr (GMenuItem) item = g_menu_item_new (one_line, NULL);
      g_menu_item_set_action_and_target_value (item, "query.history", g_variant_new_uint32 (i));
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->history_button), G_MENU_MODEL (menu));
  gtk_widget_set_sensitive (self->history_button, self->history->len > 0);
}

void
_hs_query_view_history_add (HsQueryView *self, const char *text)
{
  /* A query past QUERY_MAX_BYTES (pasted data, most likely) is run but
   * neither kept in the history nor saved as the editor's text. */
  if (strlen (text) > QUERY_MAX_BYTES)
    return;
  if (self->settings)
    g_settings_set_string (self->settings, "query-text", text);
  for (guint i = 0; i < self->history->len; i++)
    if (g_str_equal (g_ptr_array_index (self->history, i), text))
      {
        g_ptr_array_remove_index (self->history, i);
        break;
      }
  g_ptr_array_insert (self->history, 0, g_strdup (text));
  if (self->history->len > HISTORY_MAX)
    g_ptr_array_set_size (self->history, HISTORY_MAX);
  history_rebuild (self);
  store_list (self, "query-history", self->history);
}

/* ---- the library ---------------------------------------------------------- */

/* The library's menu: saving, the ready queries, the saved ones. */
static void
library_rebuild (HsQueryView *self)
{
  g_autoptr (GMenu) menu = g_menu_new ();
  g_autoptr (GMenu) actions = g_menu_new ();
  g_autoptr (GMenu) ready = g_menu_new ();
  g_autoptr (GMenu) saved = g_menu_new ();
  g_menu_append (actions, _ ("Save This Query"), "query.save");
  if (self->saved->len)
    g_menu_append (actions, _ ("Forget the Saved Queries"), "query.forget-saved");
  for (guint i = 0; i < G_N_ELEMENTS (library); i++)
    {
      g_autoptr (GMenuItem) item = g_menu_item_new (_ (library[i].title), NULL);
      g_menu_item_set_action_and_target_value (item, "query.library", g_variant_new_uint32 (i));
      g_menu_append_item (ready, item);
    }
  for (guint i = 0; i < self->saved->len; i++)
    {
      g_autofree char *one_line = g_strndup (g_ptr_array_index (self->saved, i), 80);
      g_strdelimit (one_line, "\n\r\t", ' ');
      g_autoptr (GMenuItem) item = g_menu_item_new (one_line, NULL);
      g_menu_item_set_action_and_target_value (item, "query.saved", g_variant_new_uint32 (i));
      g_menu_append_item (saved, item);
    }
  g_menu_append_section (menu, NULL, G_MENU_MODEL (actions));
  g_menu_append_section (menu, _ ("Ready"), G_MENU_MODEL (ready));
  if (self->saved->len)
    g_menu_append_section (menu, _ ("Saved"), G_MENU_MODEL (saved));
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (self->library_button), G_MENU_MODEL (menu));
}

static void
action_save (GtkWidget *w, const char *name, GVariant *param)
{
  HsQueryView *self = HS_QUERY_VIEW (w);
  g_autofree char *text = hs_query_view_get_text (self);
  for (guint i = 0; i < self->saved->len; i++)
    if (g_str_equal (g_ptr_array_index (self->saved, i), text))
      return;
  if (self->saved->len >= 200)
    g_ptr_array_remove_index (self->saved, 0);
  g_ptr_array_add (self->saved, g_steal_pointer (&text));
  store_list (self, "saved-queries", self->saved);
  library_rebuild (self);
}

static void
action_forget_saved (GtkWidget *w, const char *name, GVariant *param)
{
  HsQueryView *self = HS_QUERY_VIEW (w);
  g_ptr_array_set_size (self->saved, 0);
  store_list (self, "saved-queries", self->saved);
  library_rebuild (self);
}

static void
action_saved (GtkWidget *w, const char *name, GVariant *param)
{
  HsQueryView *self = HS_QUERY_VIEW (w);
  guint i = g_variant_get_uint32 (param);
  if (i < self->saved->len)
    {
      g_autofree char *q = g_strdup (g_ptr_array_index (self->saved, i));
      hs_query_view_set_text (self, q);
    }
}

static void
action_library (GtkWidget *w, const char *name, GVariant *param)
{
  guint i = g_variant_get_uint32 (param);
  if (i < G_N_ELEMENTS (library))
    hs_query_view_set_text (HS_QUERY_VIEW (w), library[i].query);
}

static void
action_history (GtkWidget *w, const char *name, GVariant *param)
{
  HsQueryView *self = HS_QUERY_VIEW (w);
  guint i = g_variant_get_uint32 (param);
  if (i < self->history->len)
    {
      g_autofree char *q = g_strdup (g_ptr_array_index (self->history, i));
      hs_query_view_set_text (self, q);
    }
}

void
_hs_query_view_library_class_init (HsQueryViewClass *klass)
{
  GtkWidgetClass *wc = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_install_action (wc, "query.library", "u", action_library);
  gtk_widget_class_install_action (wc, "query.history", "u", action_history);
  gtk_widget_class_install_action (wc, "query.save", NULL, action_save);
  gtk_widget_class_install_action (wc, "query.saved", "u", action_saved);
  gtk_widget_class_install_action (wc, "query.forget-saved", NULL, action_forget_saved);
}

void
_hs_query_view_library_init (HsQueryView *self)
{
  self->history = g_ptr_array_new_with_free_func (g_free);
  self->saved = g_ptr_array_new_with_free_func (g_free);
  self->settings = hs_settings_new_if_installed ();
  load_list (self, "query-history", self->history, HISTORY_MAX);
  load_list (self, "saved-queries", self->saved, 200);
  library_rebuild (self);
  history_rebuild (self);
}

/* The query last run, in the editor again (from the settings). */
void
_hs_query_view_restore_text (HsQueryView *self)
{
  g_autofree char *text = self->settings ? g_settings_get_string (self->settings, "query-text") : NULL;

  if (text != NULL && *text != '\0' && strlen (text) <= QUERY_MAX_BYTES)
    hs_query_view_set_text (self, text);
}

/* ---- the API ------------------------------------------------------------------ */

guint
hs_query_view_get_n_library (void)
{
  return G_N_ELEMENTS (library);
}

const char *
hs_query_view_get_library_query (guint index)
{
  return index < G_N_ELEMENTS (library) ? library[index].query : NULL;
}

guint
hs_query_view_get_n_saved (HsQueryView *self)
{
  return self->saved->len;
}

const char *
hs_query_view_get_saved (HsQueryView *self, guint index)
{
  return index < self->saved->len ? g_ptr_array_index (self->saved, index) : NULL;
}

guint
hs_query_view_get_n_history (HsQueryView *self)
{
  return self->history->len;
}

const char *
hs_query_view_get_history (HsQueryView *self, guint index)
{
  return index < self->history->len ? g_ptr_array_index (self->history, index) : NULL;
}
