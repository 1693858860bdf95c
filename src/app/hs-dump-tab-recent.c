/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-dump-tab-recent.c: the recent dumps listed on the welcome page (from
 * GtkRecentManager, those of our group), and a dump added there once it
 * is analysed (never one that failed). */
#include "config.h"
#include "hs-dump-tab-private.h"
#include "hs-ui-util-private.h"

static gboolean
is_dump_uri (const char *uri, const char *mime)
{
  return (mime != NULL && g_str_equal (mime, "application/x-java-hprof")) || g_str_has_suffix (uri, ".hprof")
         || g_str_has_suffix (uri, ".hprof.gz");
}

static GtkWidget *
recent_row_new (GtkRecentInfo *info)
{
  const char *uri = gtk_recent_info_get_uri (info);
  g_autoptr (GFile) file = g_file_new_for_uri (uri);
  g_autofree char *path = g_file_get_parse_name (file);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *titles = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *name = hs_label_new (gtk_recent_info_get_display_name (info), NULL, 0);
  GtkWidget *where = hs_label_new (path, "dim-label", 0);

  gtk_widget_add_css_class (box, "hs-row");
  gtk_box_append (GTK_BOX (box), gtk_image_new_from_icon_name ("document-open-recent-symbolic"));
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_MIDDLE);
  gtk_widget_add_css_class (where, "caption");
  gtk_label_set_ellipsize (GTK_LABEL (where), PANGO_ELLIPSIZE_START);
  gtk_box_append (GTK_BOX (titles), name);
  gtk_box_append (GTK_BOX (titles), where);
  gtk_box_append (GTK_BOX (box), titles);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  g_object_set_data_full (G_OBJECT (row), "hs-uri", g_strdup (uri), g_free);
  return row;
}

void
_hs_dump_tab_recent_refresh (HsDumpTab *self)
{
  GList *items = gtk_recent_manager_get_items (gtk_recent_manager_get_default ());
  guint n = 0;

  hs_clear_box (GTK_WIDGET (self->recent_list));
  for (GList *l = items; l != NULL && n < 6; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      /* Only the dumps analysed here (our group): the file chooser adds
       * every file chosen, also one that then failed to open. */
      if (!is_dump_uri (gtk_recent_info_get_uri (info), gtk_recent_info_get_mime_type (info))
          || !gtk_recent_info_has_group (info, "heapscope") || !gtk_recent_info_exists (info))
        continue;
      gtk_list_box_append (self->recent_list, recent_row_new (info));
      n++;
    }
  g_list_free_full (items, (GDestroyNotify)gtk_recent_info_unref);
  gtk_widget_set_visible (GTK_WIDGET (self->recent_list), n > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->recent_label), n > 0);
}

void
_hs_dump_tab_recent_add (HsDumpTab *self, GFile *file)
{
  g_autofree char *uri = g_file_get_uri (file);
  GtkRecentData data = { 0 };
  static char *groups[] = { (char *)"heapscope", NULL };

  data.mime_type = (char *)"application/x-java-hprof";
  data.app_name = (char *)g_get_application_name ();
  data.app_exec = (char *)"heapscope %u";
  data.groups = groups;
  if (data.app_name == NULL)
    data.app_name = (char *)"Heapscope";
  gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data);
}

void
_hs_dump_tab_recent_activated (GtkListBox *list, GtkListBoxRow *row, HsDumpTab *self)
{
  const char *uri = g_object_get_data (G_OBJECT (row), "hs-uri");

  if (uri != NULL)
    {
      /* The window's: a file open in another tab shows that tab. */
      if (!gtk_widget_activate_action (GTK_WIDGET (self), "win.open-file", "s", uri))
        {
          g_autoptr (GFile) file = g_file_new_for_uri (uri);
          hs_dump_tab_open (self, file, 0);
        }
    }
}
