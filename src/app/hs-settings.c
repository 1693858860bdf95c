/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-settings.c: the app's settings (see hs-settings.h). */
#include "config.h"
#include "hs-settings.h"

GSettings *
hs_settings_new_if_installed (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  /* Tests and uninstalled runs may have no compiled schema: do without. */
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APP_ID, TRUE);
  return schema != NULL ? g_settings_new (APP_ID) : NULL;
}
