/* hs-cli.c: loading and printing helpers shared by heapscope-cli's
 * commands (see hs-cli.h). */
#include "config.h"

#include <errno.h>
#include <sys/stat.h>

#include <glib/gstdio.h>

#include "hs-cli.h"

/* Option files of more than this are refused (a mapping of a big app is
 * tens of MB). */
#define HS_CLI_MAX_OPTION_FILE ((goffset) 1 << 30)

gboolean
hs_cli_check_option_file (const char *option, const char *path, GError **error)
{
  GStatBuf st;

  g_return_val_if_fail (option != NULL && path != NULL, FALSE);

  if (g_stat (path, &st) != 0)
    {
      int e = errno;
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s %s: %s", option, path, g_strerror (e));
      return FALSE;
    }
  if (!S_ISREG (st.st_mode))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s %s: not a regular file%s", option, path,
                   S_ISDIR (st.st_mode) ? " (a directory)" : S_ISFIFO (st.st_mode) ? " (a pipe)" : "");
      return FALSE;
    }
  if (st.st_size > HS_CLI_MAX_OPTION_FILE)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s %s: too big (%" G_GINT64_FORMAT " bytes, at most 1 GiB)",
                   option, path, (gint64) st.st_size);
      return FALSE;
    }
  return TRUE;
}

HsMapping *
hs_cli_load_mapping (const HsCliOptions *o, GError **error)
{
  g_return_val_if_fail (o != NULL, NULL);
  if (!o->mapping || !hs_cli_check_option_file ("--mapping", o->mapping, error))
    return NULL;
  return hs_mapping_load (o->mapping, error);
}

void
hs_cli_append_obfuscated (GString *out, HsHeap *heap, HsClass c)
{
  const char *obf = c != HS_CLASS_NONE ? hs_class_obfuscated_name (heap, c) : NULL;

  if (!obf)
    return;
  g_string_append (out, ", \"obfuscated_name\": ");
  hs_json_string (out, obf);
}


HsAnalysis *
hs_cli_load (const HsCliOptions *o, const char *path, gboolean dominators, gboolean leaks, GError **error)
{
  HsAnalysisOptions opts = { 0 };
  g_autoptr (HsMapping) mapping = NULL;
  HsAnalysis *a;

  g_return_val_if_fail (o != NULL && path != NULL, NULL);

  /* Option files are checked before the dump is read. */
  if (o->matchers && !hs_cli_check_option_file ("--matchers", o->matchers, error))
    return NULL;
  if (o->mapping && !(mapping = hs_cli_load_mapping (o, error)))
    return NULL;
  opts.mapping = mapping;

  opts.open.dump = o->dump;
  opts.open.follow_weak = o->follow_weak;
  opts.skip_dominators = !dominators;
  opts.skip_leaks = !leaks;
  opts.leaks.android_inspectors_as_leaks = o->android_leaks;
  opts.leaks.matchers_path = o->matchers;
  opts.suspects_percent = o->threshold;
  a = hs_analysis_run (path, &opts, NULL, NULL, NULL, error);
  if (a && hs_heap_warning (a->heap) && !o->quiet)
    g_printerr ("warning: %s\n", hs_heap_warning (a->heap));
  if (a && mapping && !o->quiet)
    {
      g_autofree char *w = hs_mapping_stats_warning (&a->mapping_stats, o->mapping);
      if (w)
        g_printerr ("warning: %s\n", w);
    }
  return a;
}

void
hs_cli_append_hex (GString *out, guint64 id)
{
  g_string_append_printf (out, "\"0x%" G_GINT64_MODIFIER "x\"", id);
}

void
hs_cli_flush_big (GString *out)
{
  if (out->len > (1 << 20))
    {
      fputs (out->str, stdout);
      g_string_truncate (out, 0);
    }
}

void
hs_cli_finish_list (const HsCliOptions *o, GString *out)
{
  if (o->json)
    g_string_append (out, "\n]\n");
  fputs (out->str, stdout);
  g_string_free (out, TRUE);
}

guint
hs_cli_n_traces (GPtrArray *groups)
{
  guint n = 0;

  g_return_val_if_fail (groups != NULL, 0);

  for (guint g = 0; g < groups->len; g++)
    n += ((HsLeakGroup *) groups->pdata[g])->traces->len;
  return n;
}
