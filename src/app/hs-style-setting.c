/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-style-setting.c: the "color-scheme" key and the style manager (see
 * the header). The key's choices are the row's items, in its order. */
#include "config.h"
#include "hs-style-setting.h"

#include <glib/gi18n.h>

static const char *const schemes[] = { "system", "light", "dark" };

static AdwColorScheme
scheme_of (const char *value)
{
  if (g_strcmp0 (value, "light") == 0)
    return ADW_COLOR_SCHEME_FORCE_LIGHT;
  if (g_strcmp0 (value, "dark") == 0)
    return ADW_COLOR_SCHEME_FORCE_DARK;
  return ADW_COLOR_SCHEME_DEFAULT;
}

static void
on_scheme_changed (GSettings *settings, const char *key, gpointer data)
{
  g_autofree char *value = g_settings_get_string (settings, "color-scheme");

  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), scheme_of (value));
}

void
hs_style_setting_follow (GSettings *settings)
{
  g_return_if_fail (G_IS_SETTINGS (settings));
  g_signal_connect (settings, "changed::color-scheme", G_CALLBACK (on_scheme_changed), NULL);
  on_scheme_changed (settings, "color-scheme", NULL);
}

static gboolean
get_mapping (GValue *value, GVariant *variant, gpointer data)
{
  const char *s = g_variant_get_string (variant, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    if (g_str_equal (s, schemes[i]))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }
  g_value_set_uint (value, 0);
  return TRUE;
}

static GVariant *
set_mapping (const GValue *value, const GVariantType *type, gpointer data)
{
  guint i = g_value_get_uint (value);

  return g_variant_new_string (i < G_N_ELEMENTS (schemes) ? schemes[i] : schemes[0]);
}

GtkWidget *
hs_style_row_new (GSettings *settings)
{
  const char *const names[] = { _ ("System"), _ ("Light"), _ ("Dark"), NULL };
  g_autoptr (GtkStringList) items = gtk_string_list_new (names);
  GtkWidget *row = adw_combo_row_new ();

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _ ("_Style"));
  adw_preferences_row_set_use_underline (ADW_PREFERENCES_ROW (row), TRUE);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), _ ("Light or dark, or as the system prefers"));
  adw_combo_row_set_model (ADW_COMBO_ROW (row), G_LIST_MODEL (items));
  g_settings_bind_with_mapping (settings, "color-scheme", row, "selected", G_SETTINGS_BIND_DEFAULT,
                                get_mapping, set_mapping, NULL, NULL);
  return row;
}
