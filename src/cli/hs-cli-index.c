/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-index.c: `heapscope-cli index DUMP [-o FILE]`: analyses the dump
 * afresh, with the waste, and writes its persistent index to FILE (to
 * copy beside the dump, or to give with --index elsewhere) or to the
 * cache (docs/index.md). */
#include "config.h"

#include <glib/gstdio.h>

#include "hs-cli.h"
#include "hs-file-save.h"
#include "hs-format.h"
#include "hs-index.h"
#include "hs-index-cache.h"
#include "hs-index-key.h"
#include "hs-waste.h"

int
hs_cli_index (const HsCliOptions *o, const char *path, GError **error)
{
  HsAnalysisOptions opts;
  HsIndexIdentity id;
  guint64 options_hash;
  g_autofree char *target = NULL;
  g_autoptr (HsAnalysis) a = NULL;
  g_autoptr (HsWaste) waste = NULL;
  GStatBuf st;

  if (o->matchers && !hs_cli_check_option_file ("--matchers", o->matchers, error))
    return 2;
  hs_cli_analysis_options (o, &opts);
  opts.beside = &hs_waste_beside;
  if (!hs_index_options_hash (&opts, &options_hash, error)
      || !hs_index_identity_of_dump (path, options_hash, &id, error))
    return 2;
  if (o->output)
    {
      /* Never over the dump, a device, a pipe or a folder. */
      if (!hs_file_save_check (o->output, path, "the index", error))
        return 2;
      target = g_strdup (o->output);
    }
  else
    {
      g_autofree char *dir = hs_index_cache_dir ();
      g_autofree char *name = hs_index_cache_name (path, &id);
      target = g_build_filename (dir, name, NULL);
      /* The dump's size bounds its index's. */
      if (!hs_index_cache_make_room (id.size, target, error))
        return 2;
    }

  a = hs_analysis_run (path, &opts, hs_cli_progress_func (o), NULL, hs_cli_cancellable (), error);
  hs_cli_progress_end ();
  if (!a)
    return 2;
  waste = hs_waste_find (a, hs_cli_cancellable (), error);
  if (!waste)
    return 2;
  if (!hs_index_write (a, waste, &id, target, hs_cli_cancellable (), error))
    return 2;
  if (g_stat (target, &st) == 0)
    {
      g_autofree char *size = hs_format_bytes ((guint64)st.st_size);
      g_autofree char *shown = hs_cli_visible (target, -1, FALSE);
      g_print ("%s (%s)\n", shown, size);
    }
  return 0;
}
