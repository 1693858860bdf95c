/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-growth.c: heapscope-cli growth DUMP1 DUMP2 [DUMP3...], what keeps
 * growing over a series of dumps, by path (docs/semantics.md "Growth over
 * a series of dumps"). The dumps are analysed one after the other, each
 * through the persistent index, and only their trees of shortest paths
 * are kept. */
#include "config.h"

#include "hs-cli.h"
#include "hs-growth.h"

HsGrowth *
hs_cli_growth_begin (const HsCliOptions *o, guint n, GError **error)
{
  if (n < 2)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "growth needs at least two dumps, oldest first: growth DUMP1 DUMP2 [DUMP3...]");
      return NULL;
    }
  if (n > HS_GROWTH_MAX_DUMPS)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "growth takes at most %d dumps, not %u",
                   HS_GROWTH_MAX_DUMPS, n);
      return NULL;
    }
  if (o->min_growth < 1)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "--min-growth takes a number of objects from 1, not %d", o->min_growth);
      return NULL;
    }
  return hs_growth_new (n, (guint)o->min_growth);
}

gboolean
hs_cli_growth_add (const HsCliOptions *o, HsGrowth *g, const char *path, HsAnalysis *a, GError **error)
{
  g_autoptr (HsAnalysis) own = NULL;

  if (a == NULL && !(a = own = hs_cli_load (o, path, TRUE, FALSE, error)))
    return FALSE;
  if (!hs_growth_add_dump (g, a->heap, a->dom, path, hs_cli_cancellable (), error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  return TRUE;
}

gboolean
hs_cli_growth_end (const HsCliOptions *o, HsGrowth *g, GError **error)
{
  if (!hs_growth_finish (g, error))
    return FALSE;
  if (!o->quiet)
    for (const char *const *w = hs_growth_warnings (g); *w; w++)
      hs_cli_printerr ("warning: %s\n", *w);
  return TRUE;
}

int
hs_cli_growth (const HsCliOptions *o, const char *path, GError **error)
{
  g_autoptr (GPtrArray) paths = g_ptr_array_new ();
  g_autoptr (HsGrowth) g = NULL;
  g_autoptr (HsAnalysis) newest = NULL;
  GString *out;

  g_ptr_array_add (paths, (gpointer)path);
  for (int i = 0; i < o->n_args; i++)
    g_ptr_array_add (paths, o->args[i]);
  if (!(g = hs_cli_growth_begin (o, paths->len, error)))
    return 2;
  for (guint k = 0; k < paths->len; k++)
    {
      const char *p = paths->pdata[k];
      /* --newest-objects names objects of the newest dump: it stays loaded. */
      if (k + 1 == paths->len && o->json && o->newest_objects > 0
          && !(newest = hs_cli_load (o, p, TRUE, FALSE, error)))
        return 2;
      if (!hs_cli_growth_add (o, g, p, k + 1 == paths->len ? newest : NULL, error))
        return 2;
    }
  if (!hs_cli_growth_end (o, g, error))
    return 2;
  out = g_string_new (NULL);
  if (o->json && newest != NULL)
    hs_growth_to_json_with_objects (g, newest->heap, (guint)o->newest_objects, out);
  else if (o->json)
    hs_growth_to_json (g, out);
  else if (o->csv)
    hs_growth_to_csv (g, out);
  else
    hs_growth_to_text (g, out);
  hs_cli_write (out);
  g_string_free (out, TRUE);
  return 0;
}
