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
hs_cli_load_growth (const HsCliOptions *o, const char *const *paths, guint n, GError **error)
{
  g_autoptr (HsGrowth) g = NULL;

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
  g = hs_growth_new (n, (guint)o->min_growth);
  for (guint k = 0; k < n; k++)
    {
      g_autoptr (HsAnalysis) a = hs_cli_load (o, paths[k], TRUE, FALSE, error);
      if (a == NULL)
        return NULL;
      if (!hs_growth_add_dump (g, a->heap, a->dom, paths[k], hs_cli_cancellable (), error))
        {
          g_prefix_error (error, "%s: ", paths[k]);
          return NULL;
        }
    }
  if (!hs_growth_finish (g, error))
    return NULL;
  if (!o->quiet)
    for (const char *const *w = hs_growth_warnings (g); *w; w++)
      hs_cli_printerr ("warning: %s\n", *w);
  return g_steal_pointer (&g);
}

int
hs_cli_growth (const HsCliOptions *o, const char *path, GError **error)
{
  g_autoptr (GPtrArray) paths = g_ptr_array_new ();
  g_autoptr (HsGrowth) g = NULL;
  GString *out;

  g_ptr_array_add (paths, (gpointer)path);
  for (int i = 0; i < o->n_args; i++)
    g_ptr_array_add (paths, o->args[i]);
  g = hs_cli_load_growth (o, (const char *const *)paths->pdata, paths->len, error);
  if (g == NULL)
    return 2;
  out = g_string_new (NULL);
  if (o->json)
    hs_growth_to_json (g, out);
  else if (o->csv)
    hs_growth_to_csv (g, out);
  else
    hs_growth_to_text (g, out);
  hs_cli_write (out);
  g_string_free (out, TRUE);
  return 0;
}
