/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-suspects.c: heapscope-cli suspects DUMP, what holds the memory:
 * the problem suspects and the path to each (docs/semantics.md
 * "Problem suspects"). */
#include "config.h"

#include "hs-cli.h"
#include "hs-suspects.h"

/* --csv: one row per suspect, the objects first ("object": a big object,
 * its count empty), then the classes ("class": many objects of one
 * class, no id nor accumulation point). The paths are in --json. */
static void
suspects_csv (const HsSuspects *s, GString *out)
{
  static const char *const columns[] = { "kind",
                                         "id",
                                         "class",
                                         "count",
                                         "retained",
                                         "retained_count",
                                         "percent",
                                         "holder_kind",
                                         "holder_name",
                                         "accumulation_id",
                                         "accumulation_class",
                                         "accumulation_retained",
                                         "description" };
  static const char *const holders[] = { NULL, "static", "local", "field" };
  HsCsv csv;

  hs_cli_csv_begin (&csv, out, columns, G_N_ELEMENTS (columns));
  for (guint i = 0; i < s->objects->len; i++)
    {
      const HsObjectSuspect *x = g_ptr_array_index (s->objects, i);
      hs_csv_text (&csv, "object");
      hs_csv_id (&csv, x->id);
      hs_csv_text (&csv, x->class_name);
      hs_csv_empty (&csv);
      hs_csv_uint (&csv, x->retained);
      hs_csv_uint (&csv, x->retained_count);
      hs_csv_double (&csv, x->percent);
      hs_csv_text (&csv, holders[x->holder.kind]);
      hs_csv_text (&csv, x->holder.name);
      hs_csv_id (&csv, x->accumulation_id);
      hs_csv_text (&csv, x->accumulation_class);
      hs_csv_uint (&csv, x->accumulation_retained);
      hs_csv_text (&csv, x->description);
      hs_csv_end_row (&csv);
    }
  for (guint i = 0; i < s->classes->len; i++)
    {
      const HsClassSuspect *x = g_ptr_array_index (s->classes, i);
      hs_csv_text (&csv, "class");
      hs_csv_empty (&csv);
      hs_csv_text (&csv, x->class_name);
      hs_csv_uint (&csv, x->count);
      hs_csv_uint (&csv, x->retained);
      hs_csv_empty (&csv);
      hs_csv_double (&csv, x->percent);
      for (guint k = 0; k < 5; k++)
        hs_csv_empty (&csv);
      hs_csv_text (&csv, x->description);
      hs_csv_end_row (&csv);
    }
}

static gboolean
suspects_check (const HsCliOptions *o, GError **error)
{
  if (!(o->threshold >= 0 && o->threshold <= 100))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "--threshold must be a percentage in (0, 100] (0: the default, 10)");
      return FALSE;
    }
  return TRUE;
}

/* a: loaded with the options' threshold (the suspects are found with
 * the analysis). */
int
hs_cli_suspects_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error)
{
  GString *out;

  (void)path;
  if (!suspects_check (o, error))
    return 2;
  out = g_string_new (NULL);
  if (o->csv)
    suspects_csv (a->suspects, out);
  else if (o->json)
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

int
hs_cli_suspects (const HsCliOptions *o, const char *path, GError **error)
{
  if (!suspects_check (o, error))
    return 2;
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, TRUE, TRUE, error);
  if (a == NULL)
    return 2;
  return hs_cli_suspects_emit (o, a, path, error);
}
