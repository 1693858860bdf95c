/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-objects.c: `heapscope-cli dominators`, `objects` and `retained-set`: objects
 * by retained size (the biggest, or the instances of --class NAME) and the
 * precise retained size of a set: all instances of a class, the objects of
 * a query's result, or the ids named. */
#include "config.h"

#include "hs-cli.h"
#include "hs-class-instances.h"
#include "hs-object-id.h"
#include "hs-oql.h"
#include "hs-retained-selection.h"
#include "hs-timing.h"
#include "hs-dominator-groups.h"

/* --csv: the JSON's keys, every row with all of them. */
static const char *const csv_columns[]
    = { "id",        "class",       "shallow",         "retained", "retained_count",
        "dominator", "native_size", "retained_native", "reachable" };

static void
object_csv (HsCsv *csv, HsAnalysis *a, HsObj obj, gboolean reach, HsObj dom, gboolean with_reachable)
{
  HsHeap *h = a->heap;

  hs_csv_id (csv, hs_heap_object_id (h, obj));
  hs_csv_text (csv, hs_heap_object_class_name (h, obj));
  hs_csv_uint (csv, hs_heap_object_shallow (h, obj));
  hs_csv_uint (csv, reach ? hs_dom_tree_retained (a->dom, obj) : 0);
  hs_csv_uint (csv, reach ? (guint64)hs_dom_tree_retained_count (a->dom, obj) : 0);
  if (dom == HS_OBJ_NONE)
    hs_csv_empty (csv);
  else if ((guint64)dom == a->dom->n)
    hs_csv_text (csv, "root");
  else
    hs_csv_id (csv, hs_heap_object_id (h, dom));
  hs_csv_uint (csv, hs_analysis_native_size (a, obj));
  hs_csv_uint (csv, hs_analysis_retained_native (a, obj));
  if (with_reachable)
    hs_csv_text (csv, reach ? "true" : "false");
  hs_csv_end_row (csv);
}

static void
object_row (const HsCliOptions *o, HsCsv *csv, GString *out, HsAnalysis *a, HsObj obj,
            gboolean with_reachable)
{
  HsHeap *h = a->heap;
  gboolean reach = hs_heap_object_reachable (h, obj);
  HsObj dom = a->dom->idom[obj];
  if (o->csv)
    object_csv (csv, a, obj, reach, dom, with_reachable);
  else if (o->json)
    {
      g_string_append (out, "{\"id\": ");
      hs_json_id (out, hs_heap_object_id (h, obj));
      g_string_append (out, ", \"class\": ");
      hs_json_string (out, hs_heap_object_class_name (h, obj));
      hs_cli_append_obfuscated (out, h,
                                hs_heap_object_kind (h, obj) == HS_KIND_CLASS
                                    ? hs_heap_object_as_class (h, obj)
                                    : hs_heap_object_class (h, obj));
      g_string_append_printf (out,
                              ", \"shallow\": %u, \"retained\": %" G_GUINT64_FORMAT
                              ", \"retained_count\": %" G_GUINT64_FORMAT,
                              hs_heap_object_shallow (h, obj), reach ? hs_dom_tree_retained (a->dom, obj) : 0,
                              reach ? (guint64)hs_dom_tree_retained_count (a->dom, obj) : 0);
      g_string_append (out, ", \"dominator\": ");
      if (dom == HS_OBJ_NONE)
        g_string_append (out, "null");
      else if ((guint64)dom == a->dom->n)
        g_string_append (out, "\"root\"");
      else
        hs_json_id (out, hs_heap_object_id (h, dom));
      guint64 native = hs_analysis_retained_native (a, obj);
      if (native)
        g_string_append_printf (
            out, ", \"native_size\": %" G_GUINT64_FORMAT ", \"retained_native\": %" G_GUINT64_FORMAT,
            hs_analysis_native_size (a, obj), native);
      if (with_reachable)
        g_string_append_printf (out, ", \"reachable\": %s", reach ? "true" : "false");
      g_string_append (out, "}");
    }
  else
    {
      g_autofree char *raw_label = hs_heap_object_label (h, obj);
      g_autofree char *raw_desc = hs_heap_describe (h, obj);
      g_autofree char *label = hs_cli_visible (raw_label, -1, FALSE);
      g_autofree char *desc = raw_desc ? hs_cli_visible (raw_desc, -1, FALSE) : NULL;
      g_string_append_printf (out, "%12u %14" G_GUINT64_FORMAT " %10" G_GUINT64_FORMAT "  %s%s%s%s\n",
                              hs_heap_object_shallow (h, obj), reach ? hs_dom_tree_retained (a->dom, obj) : 0,
                              reach ? (guint64)hs_dom_tree_retained_count (a->dom, obj) : 0, label,
                              desc ? "  " : "", desc ? desc : "", reach ? "" : "  (unreachable)");
    }
}

/* dominators --group class --csv: the JSON's keys, one row per group
 * shown, after the depth (0: the top level) and kind of classes --group's
 * rows. */
static const char *const group_csv_columns[]
    = { "depth",   "kind",    "name",     "id",      "loader",
        "objects", "shallow", "retained", "largest", "obfuscated_name" };

static void
group_csv (HsCsv *csv, HsHeap *h, const HsDomGroups *g, const HsDomGroup *grp)
{
  hs_csv_uint (csv, 0);
  hs_csv_text (csv, "class");
  hs_csv_text (csv, hs_dom_group_name (h, grp));
  if (grp->klass != HS_CLASS_NONE)
    {
      hs_csv_id (csv, hs_class_id (h, grp->klass));
      hs_csv_id (csv, hs_class_loader_id (h, grp->klass));
    }
  else
    {
      hs_csv_empty (csv);
      hs_csv_empty (csv);
    }
  hs_csv_uint (csv, grp->objects);
  hs_csv_uint (csv, grp->shallow);
  hs_csv_uint (csv, grp->retained);
  hs_csv_id (csv, hs_heap_object_id (h, g->objs[grp->first]));
  hs_csv_text (csv, grp->klass != HS_CLASS_NONE ? hs_class_obfuscated_name (h, grp->klass) : NULL);
  hs_csv_end_row (csv);
}

/* dominators --group class: the top-level dominators grouped by class
 * (hs-dominator-groups.h), the --top N biggest groups. */
static int
dominators_grouped (const HsCliOptions *o, HsAnalysis *a, int heap, guint want, GError **error)
{
  HsHeap *h = a->heap;
  g_autoptr (HsDomGroups) g = NULL;

  if (heap >= 0)
    {
      g_autoptr (GArray) tops
          = hs_query_top_level_objects_in_heap (a, (guint)MIN (a->dom->n, (guint64)G_MAXUINT), heap);
      g = hs_dom_groups_new_for (a, (const HsObj *)tops->data, tops->len, hs_cli_cancellable (), error);
    }
  else
    g = hs_dom_groups_new (a, a->dom->n, hs_cli_cancellable (), error);
  if (g == NULL)
    return 2;
  guint n = MIN (want, g->n_groups);
  GString *out = g_string_new (NULL);
  HsCsv csv;
  if (o->csv)
    hs_cli_csv_begin (&csv, out, group_csv_columns, G_N_ELEMENTS (group_csv_columns));
  else if (o->json)
    g_string_append_printf (out,
                            "{\"group\": \"class\", \"objects\": %" G_GUINT64_FORMAT
                            ", \"shallow\": %" G_GUINT64_FORMAT ", \"retained\": %" G_GUINT64_FORMAT
                            ", \"groups\": %u, \"children\": [",
                            g->objects, g->shallow, g->retained, g->n_groups);
  else
    g_string_append_printf (out, "%12s %14s %14s  %s\n", "objects", "shallow", "retained", "class");
  for (guint i = 0; i < n; i++)
    {
      const HsDomGroup *grp = &g->groups[i];
      if (o->csv)
        group_csv (&csv, h, g, grp);
      else if (o->json)
        {
          g_string_append (out, i ? ",\n {\"class\": " : "\n {\"class\": ");
          hs_json_string (out, hs_dom_group_name (h, grp));
          if (grp->klass != HS_CLASS_NONE)
            {
              hs_cli_append_obfuscated (out, h, grp->klass);
              g_string_append (out, ", \"id\": ");
              hs_json_id (out, hs_class_id (h, grp->klass));
              g_string_append (out, ", \"loader\": ");
              hs_json_id (out, hs_class_loader_id (h, grp->klass));
            }
          g_string_append_printf (out,
                                  ", \"objects\": %" G_GUINT64_FORMAT ", \"shallow\": %" G_GUINT64_FORMAT
                                  ", \"retained\": %" G_GUINT64_FORMAT ", \"largest\": ",
                                  grp->objects, grp->shallow, grp->retained);
          hs_json_id (out, hs_heap_object_id (h, g->objs[grp->first]));
          g_string_append (out, "}");
        }
      else
        {
          g_autofree char *name = hs_cli_visible (hs_dom_group_name (h, grp), -1, FALSE);
          g_string_append_printf (
              out, "%12" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT "  %s\n",
              grp->objects, grp->shallow, grp->retained, name);
        }
      hs_cli_flush_big (out);
    }
  if (o->json)
    g_string_append_printf (out, "%s], \"more\": %u}\n", n > 0 ? "\n" : "", g->n_groups - n);
  else if (!o->csv)
    {
      if (n < g->n_groups)
        g_string_append_printf (out, "%43s… %u more groups\n", "", g->n_groups - n);
      g_string_append_printf (out,
                              "%12" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT
                              "  (all %u groups: every top-level dominator)\n",
                              g->objects, g->shallow, g->retained, g->n_groups);
    }
  hs_cli_write (out);
  g_string_free (out, TRUE);
  return 0;
}

static gboolean
dominators_check (const HsCliOptions *o, GError **error)
{
  if (o->group && !g_str_equal (o->group, "class"))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "dominators --group takes class, not \"%s\"",
                   o->group);
      return FALSE;
    }
  return TRUE;
}

int
hs_cli_dominators_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error)
{
  (void)path;
  if (!dominators_check (o, error))
    return 2;
  /* Never more rows than objects: the query sizes a table from the count. */
  guint want = o->top > 0 ? (guint)o->top : 25;
  int heap = -1;
  if (!hs_cli_resolve_heap (o, a->heap, &heap, error))
    return 2;
  if (o->group)
    return dominators_grouped (o, a, heap, want, error);
  g_autoptr (GArray) top
      = hs_query_top_objects_in_heap (a, (guint)MIN ((guint64)want, hs_heap_n_objects (a->heap)), heap);
  GString *out = g_string_new (o->json ? "[" : NULL);
  HsCsv csv;
  if (o->csv)
    hs_cli_csv_begin (&csv, out, csv_columns, G_N_ELEMENTS (csv_columns) - 1);
  else if (!o->json)
    g_string_append_printf (out, "%12s %14s %10s  %s\n", "shallow", "retained", "objects", "object");
  for (guint i = 0; i < top->len; i++)
    {
      if (o->json)
        g_string_append (out, i ? ",\n " : "\n ");
      object_row (o, &csv, out, a, g_array_index (top, HsObj, i), FALSE);
    }
  hs_cli_finish_list (o, out);
  return 0;
}

int
hs_cli_dominators (const HsCliOptions *o, const char *path, GError **error)
{
  /* The argument is checked before the dump is read. */
  if (!dominators_check (o, error))
    return 2;
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, TRUE, FALSE, error);
  if (!a)
    return 2;
  return hs_cli_dominators_emit (o, a, path, error);
}

/* The commands that take --class: the analysis and the classes of that
 * name (several loaders may define one), or NULL with error set. */
static GArray *
load_class_set (const HsCliOptions *o, const char *path, const char *command, HsAnalysis **analysis,
                GError **error)
{
  if (!o->class_name)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s needs --class NAME", command);
      return NULL;
    }
  *analysis = hs_cli_load (o, path, TRUE, FALSE, error);
  if (!*analysis)
    return NULL;
  GArray *cs = hs_query_classes_named ((*analysis)->heap, o->class_name);
  if (cs->len == 0)
    {
      g_array_unref (cs);
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s: no class named \"%s\"",
                   hs_heap_path ((*analysis)->heap), o->class_name);
      return NULL;
    }
  return cs;
}

int
hs_cli_objects (const HsCliOptions *o, const char *path, GError **error)
{
  g_autoptr (HsAnalysis) a = NULL;
  g_autoptr (GArray) cs = load_class_set (o, path, "objects", &a, error);
  if (!cs)
    return 2;
  int heap = -1;
  if (!hs_cli_resolve_heap (o, a->heap, &heap, error))
    return 2;
  g_autoptr (GArray) objs = hs_class_instances_query (a, (const HsClass *)cs->data, cs->len);
  if (heap >= 0)
    hs_query_keep_heap (a->heap, objs, (guint)heap);
  guint lim = o->limit >= 0 ? MIN ((guint)o->limit, objs->len) : objs->len;
  GString *out = g_string_new (o->json ? "[" : NULL);
  HsCsv csv;
  if (o->csv)
    hs_cli_csv_begin (&csv, out, csv_columns, G_N_ELEMENTS (csv_columns));
  for (guint i = 0; i < lim; i++)
    {
      if (o->json)
        g_string_append (out, i ? ",\n " : "\n ");
      object_row (o, &csv, out, a, g_array_index (objs, HsObj, i), TRUE);
      hs_cli_flush_big (out);
    }
  hs_cli_finish_list (o, out);
  return 0;
}

/* retained-set's objects: the ids named after DUMP (o->args), or the
 * objects of --query's result; NULL with error set. */
static GArray *
selection_of (const HsCliOptions *o, HsAnalysis *a, GError **error)
{
  if (o->queries != NULL && o->queries[0] != NULL)
    {
      GArray *objs
          = hs_oql_collect_objects (a, o->queries[0], o->unreachable ? HS_OQL_UNREACHABLE : HS_OQL_FLAGS_NONE,
                                    hs_cli_cancellable (), error);
      if (objs != NULL && objs->len == 0)
        {
          g_array_unref (objs);
          g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                       "retained-set: the query's result holds no objects");
          return NULL;
        }
      return objs;
    }
  GArray *objs = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (int i = 0; i < o->n_args; i++)
    {
      HsObj obj = hs_object_id_find (a->heap, o->args[i], NULL, NULL);
      if (obj == HS_OBJ_NONE)
        {
          g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s: no object with id \"%s\"",
                       hs_heap_path (a->heap), o->args[i]);
          g_array_unref (objs);
          return NULL;
        }
      g_array_append_val (objs, obj);
    }
  return objs;
}

int
hs_cli_retained_set (const HsCliOptions *o, const char *path, GError **error)
{
  gboolean query = o->queries != NULL && o->queries[0] != NULL;
  g_autoptr (HsAnalysis) a = NULL;
  g_autoptr (GArray) cs = NULL;
  g_autoptr (GArray) objs = NULL;
  HsRetainedSelection r;

  if ((o->class_name != NULL) + query + (o->n_args > 0) != 1)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "%s",
                   o->class_name || query || o->n_args > 0
                       ? "retained-set takes one of --class NAME, --query QUERY or object ids"
                       : "retained-set needs --class NAME, --query QUERY or one or more object ids");
      return 2;
    }
  if (query && !hs_oql_check (o->queries[0], error))
    return 2;
  gint64 start = 0, cpu = 0;
  if (o->class_name)
    {
      if (!(cs = load_class_set (o, path, "retained-set", &a, error)))
        return 2;
      start = g_get_monotonic_time (), cpu = hs_timing_process_cpu ();
    }
  else
    {
      if (!(a = hs_cli_load (o, path, TRUE, FALSE, error)))
        return 2;
      start = g_get_monotonic_time (), cpu = hs_timing_process_cpu ();
      if (!(objs = selection_of (o, a, error)))
        return 2;
    }
  if (!hs_retained_selection_compute (a, objs ? (const HsObj *)objs->data : NULL, objs ? objs->len : 0,
                                      cs ? (const HsClass *)cs->data : NULL, cs ? cs->len : 0, NULL, NULL,
                                      hs_cli_cancellable (), &r, error))
    return 2;
  if (o->timings) /* the set (the query run) and its walk, the dump's analysis left out */
    g_printerr ("retained-set: %" G_GUINT64_FORMAT " objects, %.3f s (%.3f s of CPU)\n", r.n_objects,
                (g_get_monotonic_time () - start) / 1e6, (hs_timing_process_cpu () - cpu) / 1e6);
  guint64 class_ret = 0;
  for (guint k = 0; cs != NULL && k < cs->len; k++)
    class_ret += a->class_retained[g_array_index (cs, HsClass, k)];

  GString *out = g_string_new (NULL);
  if (o->json)
    {
      g_string_append (out, "{");
      if (cs != NULL)
        {
          g_string_append (out, "\"class\": ");
          hs_json_string (out, o->class_name);
          g_string_append_printf (out, ", \"count\": %" G_GUINT64_FORMAT ", ", r.n_objects);
        }
      else if (query)
        {
          g_string_append (out, "\"query\": ");
          hs_json_string (out, o->queries[0]);
          g_string_append (out, ", ");
        }
      g_string_append_printf (out,
                              "\"objects\": %" G_GUINT64_FORMAT ", \"shallow\": %" G_GUINT64_FORMAT
                              ", \"retained\": %" G_GUINT64_FORMAT ", \"retained_count\": %" G_GUINT64_FORMAT,
                              r.n_objects, r.shallow, r.retained, r.retained_count);
      if (cs != NULL)
        g_string_append_printf (out, ", \"class_retained_lower_bound\": %" G_GUINT64_FORMAT, class_ret);
      g_string_append (out, "}\n");
    }
  else
    {
      if (cs != NULL)
        g_string_append_printf (out, "%s: ", o->class_name);
      g_string_append_printf (out,
                              "%" G_GUINT64_FORMAT " objects of %" G_GUINT64_FORMAT
                              " bytes (shallow) retain %" G_GUINT64_FORMAT " bytes in %" G_GUINT64_FORMAT
                              " objects",
                              r.n_objects, r.shallow, r.retained, r.retained_count);
      if (cs != NULL)
        g_string_append_printf (out, " (class table lower bound: %" G_GUINT64_FORMAT ")", class_ret);
      g_string_append (out, "\n");
    }
  hs_cli_write (out);
  g_string_free (out, TRUE);
  return 0;
}
