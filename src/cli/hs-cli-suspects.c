/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-suspects.c: heapscope-cli suspects DUMP, what holds the memory:
 * the problem suspects and the path to each (issue 13; docs/semantics.md
 * "Problem suspects"). */
#include "config.h"

#include "hs-cli.h"
#include "hs-suspects.h"

int
hs_cli_suspects (const HsCliOptions *o, const char *path, GError **error)
{
  g_autoptr (HsAnalysis) a = NULL;
  GString *out;

  if (!(o->threshold >= 0 && o->threshold <= 100))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "--threshold must be a percentage in (0, 100] (0: the default, 10)");
      return 2;
    }
  a = hs_cli_load (o, path, TRUE, TRUE, error);
  if (a == NULL)
    return 2;
  out = g_string_new (NULL);
  if (o->json)
    {
      hs_suspects_to_json (a->suspects, out);
      g_string_append_c (out, '\n');
    }
  else
    {
      g_autofree char *text = hs_suspects_to_text (a->suspects);
      g_string_append (out, text);
    }
  hs_cli_write (out);
  g_string_free (out, TRUE);
  return 0;
}
