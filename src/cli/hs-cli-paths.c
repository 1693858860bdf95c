/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-paths.c: `heapscope-cli paths DUMP (--class NAME | ID...)`: why
 * objects are still alive. The instances of a class (or the ids named,
 * with --merged) as one tree of merged shortest paths from the GC roots;
 * each id named alone: its shortest path and the next ones (--max N).
 * --exclude CLASS.FIELD and --exclude-kind KIND change which references
 * are followed, and the output says what that freed. */
#include "config.h"

#include "hs-cli.h"
#include "hs-paths.h"
#include "hs-oql.h"

#define DEFAULT_MAX_PATHS 3

static gboolean
paths_options (const HsCliOptions *o, HsPathsOptions *po, HsLeakOptions *lo, GError **error)
{
  lo->matchers_path = o->matchers;
  lo->android_inspectors_as_leaks = FALSE;
  po->leaks = lo;
  po->exclude_kinds = HS_PATHS_EXCLUDE_DEFAULT;
  po->exclude_refs = (const char *const *)o->exclude;
  if (o->exclude_kind && o->exclude_kind[0])
    {
      po->exclude_kinds = 0;
      for (guint i = 0; o->exclude_kind[i]; i++)
        {
          guint bit = hs_paths_kind_from_name (o->exclude_kind[i]);
          if (bit == 0 && !g_str_equal (o->exclude_kind[i], "none"))
            {
              g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                           "--exclude-kind takes weak, soft, phantom, finalizer or none, not \"%s\"",
                           o->exclude_kind[i]);
              return FALSE;
            }
          po->exclude_kinds |= bit;
        }
    }
  for (guint i = 0; o->exclude && o->exclude[i]; i++)
    if (!hs_paths_check_ref (o->exclude[i], error))
      return FALSE;
  return TRUE;
}

/* The objects named: the instances of --class, the objects of --query's
 * result, else the ids. */
static GArray *
targets_of (const HsCliOptions *o, HsAnalysis *a, GError **error)
{
  GArray *t = g_array_new (FALSE, FALSE, sizeof (HsObj));
  if (o->queries != NULL && o->queries[0] != NULL)
    {
      g_array_unref (t);
      return hs_oql_collect_objects (a, o->queries[0],
                                     o->unreachable ? HS_OQL_UNREACHABLE : HS_OQL_FLAGS_NONE, NULL, error);
    }
  if (o->class_name)
    {
      g_autoptr (GArray) cs = hs_query_classes_named (a->heap, o->class_name);
      if (cs->len == 0)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s has no class named %s", hs_heap_path (a->heap),
                       o->class_name);
          g_array_unref (t);
          return NULL;
        }
      g_array_unref (t);
      return hs_query_instances_unsorted (a, (const HsClass *)cs->data, cs->len);
    }
  for (int i = 0; i < o->n_args; i++)
    {
      guint64 id;
      HsObj obj;
      if (!hs_query_parse_id (o->args[i], &id) || (obj = hs_heap_find (a->heap, id)) == HS_OBJ_NONE)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s: no object with id \"%s\"",
                       hs_heap_path (a->heap), o->args[i]);
          g_array_unref (t);
          return NULL;
        }
      g_array_append_val (t, obj);
    }
  return t;
}

/* The arguments, checked (before the dump is read) and read into po and
 * lo. */
static gboolean
paths_check (const HsCliOptions *o, HsPathsOptions *po, HsLeakOptions *lo, GError **error)
{
  gboolean query = o->queries != NULL && o->queries[0] != NULL;

  if (!o->class_name && !query && o->n_args == 0)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "paths needs --class NAME, --query QUERY or one or more object ids");
      return FALSE;
    }
  if ((o->class_name != NULL) + query + (o->n_args > 0) > 1)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "paths takes one of --class NAME, --query QUERY or object ids");
      return FALSE;
    }
  if (query && !hs_oql_check (o->queries[0], error))
    return FALSE;
  return paths_options (o, po, lo, error);
}

int
hs_cli_paths_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error)
{
  HsPathsOptions po = { 0 };
  HsLeakOptions lo = { 0 };
  g_autoptr (GArray) targets = NULL;
  GString *out;
  gint64 start;
  gboolean query = o->queries != NULL && o->queries[0] != NULL;

  (void)path;
  if (!paths_check (o, &po, &lo, error) || !(targets = targets_of (o, a, error)))
    return 2;
  out = g_string_new (NULL);
  start = g_get_monotonic_time ();
  if (o->merged || o->class_name || query)
    {
      g_autoptr (HsMergedPaths) m
          = hs_paths_merged (a->heap, a->dom, &po, (const HsObj *)targets->data, targets->len, NULL, error);
      guint max = o->max > 0 ? (guint)o->max : 0;
      if (!m)
        {
          g_string_free (out, TRUE);
          return 2;
        }
      if (o->csv)
        hs_merged_paths_to_csv (m, max, out);
      else if (o->json)
        hs_merged_paths_to_json (m, max, out);
      else
        hs_merged_paths_to_text (m, max, out);
    }
  else
    {
      guint max = o->max >= 0 ? (guint)MIN (o->max, 1000) : DEFAULT_MAX_PATHS;
      HsCsv csv;
      hs_csv_init (&csv, out);
      if (o->csv)
        hs_path_set_csv_header (&csv);
      else if (o->json)
        g_string_append (out, targets->len > 1 ? "[" : "");
      for (guint i = 0; i < targets->len; i++)
        {
          HsObj obj = g_array_index (targets, HsObj, i);
          g_autoptr (HsPathSet) s = hs_paths_all (a->heap, a->dom, &po, obj, max, NULL, error);
          if (!s)
            {
              g_string_free (out, TRUE);
              return 2;
            }
          if (o->csv)
            hs_path_set_to_csv (a->heap, obj, s, &csv);
          else if (o->json)
            {
              if (i)
                g_string_append (out, ", ");
              hs_path_set_to_json (a->heap, s, out);
            }
          else
            {
              g_autofree char *label = hs_heap_object_label (a->heap, obj);
              g_string_append_printf (out, "%s%s\n", i ? "\n" : "", label);
              hs_path_set_to_text (a->heap, s, out);
            }
        }
      if (o->json && targets->len > 1)
        g_string_append (out, "]\n");
    }
  if (o->timings) /* the paths alone, the dump's analysis left out */
    g_printerr ("paths: %u objects, %.3f s\n", targets->len, (g_get_monotonic_time () - start) / 1e6);
  hs_cli_write (out);
  g_string_free (out, TRUE);
  return 0;
}

int
hs_cli_paths (const HsCliOptions *o, const char *path, GError **error)
{
  HsPathsOptions po = { 0 };
  HsLeakOptions lo = { 0 };

  if (!paths_check (o, &po, &lo, error))
    return 2;
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, TRUE, FALSE, error);
  if (!a)
    return 2;
  return hs_cli_paths_emit (o, a, path, error);
}
