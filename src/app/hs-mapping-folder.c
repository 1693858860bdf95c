/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-mapping-folder.c: the default mapping folder (see hs-mapping-folder.h). */
#include "config.h"
#include "hs-mapping-folder.h"

#include <string.h>

/* Replaces a string slot (GLib 2.74 has no helper for it). */
static void
set_str (char **slot, const char *value)
{
  g_free (*slot);
  *slot = g_strdup (value);
}

char *
hs_mapping_folder_get (void)
{
  GApplication *app = g_application_get_default ();
  g_autoptr (GVariant) v = NULL;
  const char *path;

  if (app == NULL || !g_action_group_has_action (G_ACTION_GROUP (app), "mapping-folder"))
    return NULL;
  v = g_action_group_get_action_state (G_ACTION_GROUP (app), "mapping-folder");
  if (v == NULL || !g_variant_is_of_type (v, G_VARIANT_TYPE_STRING))
    return NULL;
  path = g_variant_get_string (v, NULL);
  if (*path == '\0' || !g_file_test (path, G_FILE_TEST_IS_DIR))
    return NULL;
  return g_strdup (path);
}

gboolean
hs_mapping_folder_set_on_chooser (GtkFileChooser *chooser)
{
  g_autofree char *path = hs_mapping_folder_get ();
  g_autoptr (GFile) folder = NULL;

  g_return_val_if_fail (GTK_IS_FILE_CHOOSER (chooser), FALSE);
  if (path == NULL)
    return FALSE;
  folder = g_file_new_for_path (path);
  return gtk_file_chooser_set_current_folder (chooser, folder, NULL);
}

/* The dump's name without .hprof, .hprof.gz or .gz. */
static char *
dump_stem (const char *dump_path)
{
  static const char *const suffixes[] = { ".hprof.gz", ".hprof", ".gz", NULL };
  char *stem = g_path_get_basename (dump_path);

  for (guint i = 0; suffixes[i] != NULL; i++)
    if (g_str_has_suffix (stem, suffixes[i]) && strlen (stem) > strlen (suffixes[i]))
      {
        stem[strlen (stem) - strlen (suffixes[i])] = '\0';
        break;
      }
  return stem;
}

#define BESIDE_MAX_ENTRIES 4096

char *
hs_mapping_find_beside (const char *dump_path)
{
  g_autofree char *dir = NULL, *stem = NULL, *exact = NULL, *lower_stem = NULL;
  g_autofree char *named_mapping = NULL, *named_dump = NULL;
  GDir *d;
  const char *name;
  guint n = 0;

  g_return_val_if_fail (dump_path != NULL, NULL);
  dir = g_path_get_dirname (dump_path);
  exact = g_build_filename (dir, "mapping.txt", NULL);
  if (g_file_test (exact, G_FILE_TEST_IS_REGULAR))
    return g_steal_pointer (&exact);
  stem = dump_stem (dump_path);
  if ((d = g_dir_open (dir, 0, NULL)) == NULL)
    return NULL;
  /* The first by name of "DUMPNAME*mapping*.txt", then "DUMPNAME*.txt". */
  while ((name = g_dir_read_name (d)) != NULL && n++ < BESIDE_MAX_ENTRIES)
    {
      g_autofree char *lower = g_ascii_strdown (name, -1);
      char **slot;
      if (!g_str_has_suffix (lower, ".txt") || !g_str_has_prefix (name, stem))
        continue;
      slot = strstr (lower, "mapping") != NULL ? &named_mapping : &named_dump;
      if (*slot == NULL || strcmp (name, *slot) < 0)
        set_str (slot, name);
    }
  g_dir_close (d);
  if (named_mapping != NULL)
    return g_build_filename (dir, named_mapping, NULL);
  if (named_dump != NULL)
    return g_build_filename (dir, named_dump, NULL);
  return NULL;
}

char *
hs_mapping_folder_find_for_dump (const char *dump_path)
{
  static const char *const suffixes[] = { ".hprof.gz", ".hprof", ".gz", NULL };
  g_autofree char *folder = hs_mapping_folder_get ();
  g_autofree char *base = NULL;
  g_autofree char *stem = NULL;
  const char *names[4];
  char *found = NULL;

  g_return_val_if_fail (dump_path != NULL, NULL);
  if (folder == NULL)
    return NULL;
  base = g_path_get_basename (dump_path);
  stem = g_strdup (base);
  for (guint i = 0; suffixes[i] != NULL; i++)
    if (g_str_has_suffix (stem, suffixes[i]) && strlen (stem) > strlen (suffixes[i]))
      {
        stem[strlen (stem) - strlen (suffixes[i])] = '\0';
        break;
      }
  {
    g_autofree char *a = g_strconcat (stem, ".txt", NULL);
    g_autofree char *b = g_strconcat (stem, "-mapping.txt", NULL);
    g_autofree char *c = g_strconcat (stem, ".map", NULL);
    g_autofree char *d = g_strconcat (base, ".txt", NULL);

    names[0] = a;
    names[1] = b;
    names[2] = c;
    names[3] = d;
    for (guint i = 0; i < G_N_ELEMENTS (names) && found == NULL; i++)
      {
        g_autofree char *p = g_build_filename (folder, names[i], NULL);
        if (g_file_test (p, G_FILE_TEST_IS_REGULAR))
          found = g_steal_pointer (&p);
      }
  }
  return found;
}
