/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-preferences-window.c: the preferences window (see
 * hs-preferences-window.h). The switches are actionables of the boolean
 * actions; the threshold and the folder follow their actions' state
 * ("action-state-changed") and activate them. */
#include "config.h"
#include "hs-preferences-window.h"
#include "hs-index-cache-group.h"
#include "hs-settings.h"
#include "hs-style-setting.h"

#include <glib/gi18n.h>

struct _HsPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GtkApplication *app; /* weak: the application outlives its windows */
  GtkSwitch *weak_switch;
  GtkSwitch *inspectors_switch;
  GtkSpinButton *percent_spin;
  AdwActionRow *folder_row;
  GtkButton *clear_button;
  HsIndexCacheGroup *cache_group;
  GtkWidget *style_row; /* System / Light / Dark, NULL without settings */
  gboolean syncing;     /* the action changed: no activation back */
};

G_DEFINE_FINAL_TYPE (HsPreferencesWindow, hs_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

static GActionGroup *
group (HsPreferencesWindow *self)
{
  return self->app != NULL ? G_ACTION_GROUP (self->app) : NULL;
}

static void
sync_percent (HsPreferencesWindow *self)
{
  g_autoptr (GVariant) v = NULL;

  if (group (self) == NULL || !g_action_group_has_action (group (self), "suspects-percent"))
    return;
  v = g_action_group_get_action_state (group (self), "suspects-percent");
  if (v == NULL || !g_variant_is_of_type (v, G_VARIANT_TYPE_INT32))
    return;
  self->syncing = TRUE;
  gtk_spin_button_set_value (self->percent_spin, g_variant_get_int32 (v));
  self->syncing = FALSE;
}

static void
sync_folder (HsPreferencesWindow *self)
{
  g_autoptr (GVariant) v = NULL;
  const char *path = NULL;

  if (group (self) != NULL && g_action_group_has_action (group (self), "mapping-folder"))
    v = g_action_group_get_action_state (group (self), "mapping-folder");
  if (v != NULL && g_variant_is_of_type (v, G_VARIANT_TYPE_STRING))
    path = g_variant_get_string (v, NULL);
  if (path != NULL && *path != '\0')
    {
      g_autofree char *shown = g_filename_display_name (path);
      adw_action_row_set_subtitle (self->folder_row, shown);
    }
  else
    adw_action_row_set_subtitle (self->folder_row, _ ("None"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->clear_button), path != NULL && *path != '\0');
}

static void
on_action_state_changed (GActionGroup *g, const char *name, GVariant *state, HsPreferencesWindow *self)
{
  if (g_str_equal (name, "suspects-percent"))
    sync_percent (self);
  else if (g_str_equal (name, "mapping-folder"))
    sync_folder (self);
}

static void
on_percent_changed (GtkSpinButton *spin, HsPreferencesWindow *self)
{
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autoptr (GVariant) old = NULL;

  if (self->syncing || group (self) == NULL || !g_action_group_has_action (group (self), "suspects-percent"))
    return;
  old = g_action_group_get_action_state (group (self), "suspects-percent");
  if (old != NULL && g_variant_is_of_type (old, G_VARIANT_TYPE_INT32) && g_variant_get_int32 (old) == value)
    return;
  g_action_group_activate_action (group (self), "suspects-percent", g_variant_new_int32 (value));
}

void
hs_preferences_window_set_mapping_folder (HsPreferencesWindow *self, GFile *folder)
{
  g_autofree char *path = NULL;

  g_return_if_fail (HS_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (folder == NULL || G_IS_FILE (folder));

  if (folder != NULL)
    path = g_file_get_path (folder);
  if (group (self) != NULL && g_action_group_has_action (group (self), "mapping-folder"))
    g_action_group_change_action_state (group (self), "mapping-folder",
                                        g_variant_new_string (path != NULL ? path : ""));
}

static void
folder_response (GtkNativeDialog *dialog, int response, HsPreferencesWindow *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr (GFile) folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (dialog));
      if (folder != NULL)
        hs_preferences_window_set_mapping_folder (self, folder);
    }
  g_object_unref (dialog);
}

static void
on_folder_clicked (GtkButton *button, HsPreferencesWindow *self)
{
  GtkFileChooserNative *dialog;

  dialog = gtk_file_chooser_native_new (_ ("Default Mapping Folder"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, _ ("_Select"), _ ("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (dialog), TRUE);
  g_signal_connect_object (dialog, "response", G_CALLBACK (folder_response), self, 0);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (dialog));
}

static void
on_clear_clicked (GtkButton *button, HsPreferencesWindow *self)
{
  hs_preferences_window_set_mapping_folder (self, NULL);
}

static void
hs_preferences_window_dispose (GObject *object)
{
  HsPreferencesWindow *self = HS_PREFERENCES_WINDOW (object);

  if (self->app != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->app, self);
      g_object_remove_weak_pointer (G_OBJECT (self->app), (gpointer *)&self->app);
      self->app = NULL;
    }
  G_OBJECT_CLASS (hs_preferences_window_parent_class)->dispose (object);
}

static void
hs_preferences_window_class_init (HsPreferencesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = hs_preferences_window_dispose;
  g_type_ensure (HS_TYPE_INDEX_CACHE_GROUP);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/heapscope/Heapscope/ui/hs-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, weak_switch);
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, inspectors_switch);
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, percent_spin);
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, folder_row);
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, clear_button);
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, cache_group);
  gtk_widget_class_bind_template_callback (widget_class, on_percent_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_folder_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_clear_clicked);
}

static void
hs_preferences_window_init (HsPreferencesWindow *self)
{
  g_autoptr (GSettings) settings = hs_settings_new_if_installed ();

  gtk_widget_init_template (GTK_WIDGET (self));
  /* The style, on the first page (when the schema is installed). */
  if (settings != NULL)
    {
      GtkWidget *group = adw_preferences_group_new ();
      GtkWidget *page = gtk_widget_get_ancestor (GTK_WIDGET (self->weak_switch), ADW_TYPE_PREFERENCES_PAGE);
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), _ ("Appearance"));
      self->style_row = hs_style_row_new (settings);
      adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), self->style_row);
      if (page != NULL)
        adw_preferences_page_add (ADW_PREFERENCES_PAGE (page), ADW_PREFERENCES_GROUP (group));
    }
}

HsPreferencesWindow *
hs_preferences_window_new (GtkApplication *app, GtkWindow *parent)
{
  HsPreferencesWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (app), NULL);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  self = g_object_new (HS_TYPE_PREFERENCES_WINDOW, "application", app, "transient-for", parent, "modal",
                       parent != NULL, NULL);
  self->app = app;
  g_object_add_weak_pointer (G_OBJECT (app), (gpointer *)&self->app);
  g_signal_connect (app, "action-state-changed", G_CALLBACK (on_action_state_changed), self);
  sync_percent (self);
  sync_folder (self);
  return self;
}

GtkSwitch *
hs_preferences_window_get_weak_switch (HsPreferencesWindow *self)
{
  g_return_val_if_fail (HS_IS_PREFERENCES_WINDOW (self), NULL);
  return self->weak_switch;
}

GtkSwitch *
hs_preferences_window_get_inspectors_switch (HsPreferencesWindow *self)
{
  g_return_val_if_fail (HS_IS_PREFERENCES_WINDOW (self), NULL);
  return self->inspectors_switch;
}

GtkSpinButton *
hs_preferences_window_get_percent_spin (HsPreferencesWindow *self)
{
  g_return_val_if_fail (HS_IS_PREFERENCES_WINDOW (self), NULL);
  return self->percent_spin;
}

const char *
hs_preferences_window_get_folder_text (HsPreferencesWindow *self)
{
  g_return_val_if_fail (HS_IS_PREFERENCES_WINDOW (self), NULL);
  return adw_action_row_get_subtitle (self->folder_row);
}

HsIndexCacheGroup *
hs_preferences_window_get_cache_group (HsPreferencesWindow *self)
{
  g_return_val_if_fail (HS_IS_PREFERENCES_WINDOW (self), NULL);
  return self->cache_group;
}

AdwComboRow *
hs_preferences_window_get_style_row (HsPreferencesWindow *self)
{
  g_return_val_if_fail (HS_IS_PREFERENCES_WINDOW (self), NULL);
  return self->style_row != NULL ? ADW_COMBO_ROW (self->style_row) : NULL;
}
