/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-chooser.c: which of a file's heap dumps to analyse (see
 * hs-dump-chooser.h). */
#include "config.h"
#include "hs-dump-chooser.h"

#include <glib/gi18n.h>

#define ASKED_KEY "hs-dump-chooser-asked"   /* the file's URI, on the window */
#define DIALOG_KEY "hs-dump-chooser-dialog" /* the dialog shown, on the window */

static void
on_destroy (GtkWidget *dialog, GtkWindow *window)
{
  if (g_object_get_data (G_OBJECT (window), DIALOG_KEY) == dialog)
    g_object_set_data (G_OBJECT (window), DIALOG_KEY, NULL);
}

static void
on_response (AdwMessageDialog *dialog, const char *response, HsDumpTab *tab)
{
  GtkDropDown *dropdown = hs_dump_chooser_get_dropdown (dialog);
  guint chosen = gtk_drop_down_get_selected (dropdown);
  HsLoader *loader = hs_dump_tab_get_loader (tab);
  GtkWindow *window = gtk_window_get_transient_for (GTK_WINDOW (dialog));

  if (window != NULL)
    g_object_set_data (G_OBJECT (window), DIALOG_KEY, NULL);
  if (!g_str_equal (response, "analyse") || loader == NULL || chosen == GTK_INVALID_LIST_POSITION)
    return;
  if ((int)chosen != hs_loader_get_dump (loader))
    {
      g_autoptr (GFile) file = g_object_ref (hs_loader_get_file (loader));
      hs_dump_tab_open (tab, file, (int)chosen);
    }
}

void
hs_dump_chooser_ask (GtkWindow *window, HsDumpTab *tab)
{
  HsLoader *loader;
  HsAnalysis *a;
  g_autofree char *uri = NULL;
  g_autoptr (GtkStringList) items = NULL;
  GtkWidget *dialog, *dropdown;
  guint n;

  g_return_if_fail (GTK_IS_WINDOW (window));
  g_return_if_fail (HS_IS_DUMP_TAB (tab));
  loader = hs_dump_tab_get_loader (tab);
  a = loader != NULL ? hs_loader_get_analysis (loader) : NULL;
  if (a == NULL || a->heap == NULL || (n = hs_heap_n_dumps (a->heap)) <= 1)
    return;
  uri = g_file_get_uri (hs_loader_get_file (loader));
  if (g_strcmp0 (g_object_get_data (G_OBJECT (window), ASKED_KEY), uri) == 0)
    return;
  g_object_set_data_full (G_OBJECT (window), ASKED_KEY, g_strdup (uri), g_free);

  items = gtk_string_list_new (NULL);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *s = g_strdup_printf (_ ("Dump %u"), i + 1);
      gtk_string_list_append (items, s);
    }
  dropdown = gtk_drop_down_new (G_LIST_MODEL (g_object_ref (items)), NULL);
  gtk_drop_down_set_selected (GTK_DROP_DOWN (dropdown), hs_heap_dump_index (a->heap));
  gtk_widget_set_halign (dropdown, GTK_ALIGN_CENTER);
  gtk_accessible_update_property (GTK_ACCESSIBLE (dropdown), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _ ("Heap dump to analyse"), -1);

  dialog = adw_message_dialog_new (window, _ ("Several Heap Dumps"), NULL);
  adw_message_dialog_format_body (
      ADW_MESSAGE_DIALOG (dialog),
      g_dngettext (GETTEXT_PACKAGE, "This file holds %u heap dump. Which one do you want to analyse?",
                   "This file holds %u heap dumps. Which one do you want to analyse?", n),
      n);
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (dialog), dropdown);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog), "keep", _ ("_Keep This One"), "analyse",
                                    _ ("_Analyse"), NULL);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "analyse", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "analyse");
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "keep");
  g_object_set_data (G_OBJECT (dialog), "hs-dropdown", dropdown);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_response), tab, 0);
  g_signal_connect_object (dialog, "destroy", G_CALLBACK (on_destroy), window, 0);
  g_object_set_data (G_OBJECT (window), DIALOG_KEY, dialog);
  gtk_window_present (GTK_WINDOW (dialog));
}

AdwMessageDialog *
hs_dump_chooser_get_dialog (GtkWindow *window)
{
  g_return_val_if_fail (GTK_IS_WINDOW (window), NULL);
  return g_object_get_data (G_OBJECT (window), DIALOG_KEY);
}

GtkDropDown *
hs_dump_chooser_get_dropdown (AdwMessageDialog *dialog)
{
  g_return_val_if_fail (ADW_IS_MESSAGE_DIALOG (dialog), NULL);
  return g_object_get_data (G_OBJECT (dialog), "hs-dropdown");
}
