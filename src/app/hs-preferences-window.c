/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-preferences-window.c: the preferences window (see
 * hs-preferences-window.h). Each row is bound to its GSettings key
 * (g_settings_bind); the folder row shows the key, its buttons set it. */
#include "config.h"
#include "hs-preferences-window.h"
#include "hs-index-cache-group.h"
#include "hs-settings.h"

#include <glib/gi18n.h>

struct _HsPreferencesWindow
{
  AdwPreferencesWindow parent_instance;

  GSettings *settings; /* NULL when the schema is not installed */
  AdwActionRow *weak_row;
  AdwActionRow *inspectors_row;
  AdwActionRow *percent_row;
  AdwComboRow *style_row;
  GtkSwitch *weak_switch;
  GtkSwitch *inspectors_switch;
  GtkSpinButton *percent_spin;
  AdwActionRow *folder_row;
  GtkButton *clear_button;
};

G_DEFINE_FINAL_TYPE (HsPreferencesWindow, hs_preferences_window, ADW_TYPE_PREFERENCES_WINDOW)

/* The folder key as the row's subtitle: its display name, or "None". */
static gboolean
folder_to_subtitle (GValue *value, GVariant *variant, gpointer data)
{
  const char *path = g_variant_get_string (variant, NULL);

  if (*path == '\0')
    g_value_set_string (value, _ ("None"));
  else
    g_value_take_string (value, g_filename_display_name (path));
  return TRUE;
}

/* The folder key as the clear button's sensitivity: a folder to forget. */
static gboolean
folder_to_sensitive (GValue *value, GVariant *variant, gpointer data)
{
  g_value_set_boolean (value, *g_variant_get_string (variant, NULL) != '\0');
  return TRUE;
}

/* The "style" key and the style row's items (System, Light, Dark). */
static const char *const styles[] = { "system", "light", "dark" };

static gboolean
style_to_selected (GValue *value, GVariant *variant, gpointer data)
{
  const char *style = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    if (g_str_equal (style, styles[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  return FALSE;
}

static GVariant *
selected_to_style (const GValue *value, const GVariantType *type, gpointer data)
{
  guint i = g_value_get_uint (value);

  return i < G_N_ELEMENTS (styles) ? g_variant_new_string (styles[i]) : NULL;
}

void
hs_preferences_window_set_mapping_folder (HsPreferencesWindow *self, GFile *folder)
{
  g_autofree char *path = NULL;

  g_return_if_fail (HS_IS_PREFERENCES_WINDOW (self));
  g_return_if_fail (folder == NULL || G_IS_FILE (folder));

  if (folder != NULL)
    path = g_file_get_path (folder);
  if (self->settings != NULL)
    g_settings_set_string (self->settings, "mapping-folder", path != NULL ? path : "");
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

  g_clear_object (&self->settings);
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
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, weak_row);
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, inspectors_row);
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, percent_row);
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, style_row);
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, weak_switch);
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, inspectors_switch);
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, percent_spin);
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, folder_row);
  gtk_widget_class_bind_template_child (widget_class, HsPreferencesWindow, clear_button);
  gtk_widget_class_bind_template_callback (widget_class, on_folder_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_clear_clicked);
}

static void
hs_preferences_window_init (HsPreferencesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The rows show and set the keys; the application follows the keys
   * (its actions are made from them) and analyses again. */
  self->settings = hs_settings_new_if_installed ();
  if (self->settings == NULL)
    {
      /* Nowhere to keep a choice: the rows only show the defaults. */
      gtk_widget_set_sensitive (GTK_WIDGET (self->style_row), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->weak_row), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->inspectors_row), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->percent_row), FALSE);
      gtk_widget_set_sensitive (GTK_WIDGET (self->folder_row), FALSE);
      return;
    }
  g_settings_bind_with_mapping (self->settings, "style", self->style_row, "selected", G_SETTINGS_BIND_DEFAULT,
                                style_to_selected, selected_to_style, NULL, NULL);
  g_settings_bind (self->settings, "follow-weak", self->weak_switch, "active", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "android-inspectors-as-leaks", self->inspectors_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "suspects-percent", self->percent_spin, "value", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (self->settings, "mapping-folder", self->folder_row, "subtitle",
                                G_SETTINGS_BIND_GET, folder_to_subtitle, NULL, NULL, NULL);
  g_settings_bind_with_mapping (self->settings, "mapping-folder", self->clear_button, "sensitive",
                                G_SETTINGS_BIND_GET, folder_to_sensitive, NULL, NULL, NULL);
}

HsPreferencesWindow *
hs_preferences_window_new (GtkApplication *app, GtkWindow *parent)
{
  HsPreferencesWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (app), NULL);
  g_return_val_if_fail (parent == NULL || GTK_IS_WINDOW (parent), NULL);

  self = g_object_new (HS_TYPE_PREFERENCES_WINDOW, "application", app, "transient-for", parent, "modal",
                       parent != NULL, NULL);
  return self;
}

const char *
hs_preferences_window_get_folder_text (HsPreferencesWindow *self)
{
  g_return_val_if_fail (HS_IS_PREFERENCES_WINDOW (self), NULL);
  return adw_action_row_get_subtitle (self->folder_row);
}
