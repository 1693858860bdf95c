/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-mapping-folder.h: the default mapping folder (app.mapping-folder, the
 * GSettings key "mapping-folder"): where the mapping chooser opens, and
 * where a mapping named like the dump is looked for when a dump opens. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* The folder's path, or NULL when none is set (or it is not a folder). */
char *hs_mapping_folder_get (void);
/* Opens the chooser in the folder, if one is set; TRUE if it did. */
gboolean hs_mapping_folder_set_on_chooser (GtkFileChooser *chooser);
/* The mapping in the folder named like the dump at dump_path (for
 * app.hprof or app.hprof.gz: app.txt, app-mapping.txt, app.map,
 * app.hprof.txt, first that is a regular file), or NULL. */
char *hs_mapping_folder_find_for_dump (const char *dump_path);

/* A mapping beside the dump at dump_path: mapping.txt, else the first by
 * name of the DUMPNAME*mapping*.txt (any case), else of the DUMPNAME*.txt
 * (for app.hprof: app-mapping.txt, then app.txt, app-r8.txt), in the dump's
 * folder; or NULL. Another dump's mapping in the same folder is not named
 * like this one. */
char *hs_mapping_find_beside (const char *dump_path);

G_END_DECLS
