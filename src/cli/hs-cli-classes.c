/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-classes.c: `heapscope-cli classes`: one row per class, sorted by
 * hs_query_sorted_classes (--sort count, shallow or retained); with
 * --group package|loader|superclass, the classes as a tree with the sums
 * per node (hs-class-groups.h), sorted and limited within each level;
 * --csv writes that tree one row per node shown, its depth first, as the
 * window exports its grouped table (hs-class-groups-csv.h). */
#include "config.h"

#include "hs-cli.h"
#include "hs-class-groups.h"
#include "hs-class-groups-csv.h"
#include "hs-class-table.h"

/* Text: two spaces per level, at most this many; deeper nodes say their
 * depth (a 50,000-deep hierarchy must not print quadratic spaces). */
#define MAX_INDENT 64

static void
group_line (GString *out, const HsClassGroups *g, guint32 v, guint64 count, guint64 reachable,
            guint64 shallow, guint64 retained, const char *label)
{
  guint depth = v < g->n_nodes ? g->nodes[v].depth : 0;
  g_autofree char *visible = hs_cli_visible (label, -1, FALSE);

  g_string_append_printf (out,
                          "%12" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT
                          " %14" G_GUINT64_FORMAT "  ",
                          count, reachable, shallow, retained);
  if (2 * depth <= MAX_INDENT)
    g_string_append_printf (out, "%*s", (int)(2 * depth), "");
  else
    g_string_append_printf (out, "%*s(depth %u) ", MAX_INDENT, "", depth);
  g_string_append_printf (out, "%s\n", visible);
}

static void
json_figures (GString *out, guint64 count, guint64 reachable, guint64 shallow, guint64 retained)
{
  g_string_append_printf (out,
                          "\"count\": %" G_GUINT64_FORMAT ", \"reachable_count\": %" G_GUINT64_FORMAT
                          ", \"shallow\": %" G_GUINT64_FORMAT ", \"retained\": %" G_GUINT64_FORMAT,
                          count, reachable, shallow, retained);
}

/* Opens node v: its line (text), its row (CSV), or its object up to its
 * children (JSON). */
static void
open_node (const HsCliOptions *o, HsCsv *csv, GString *out, HsHeap *h, const HsClassGroups *g, guint32 v)
{
  const HsClassNode *node = &g->nodes[v];
  guint32 n_children;

  hs_class_groups_children (g, v, &n_children);
  if (o->csv)
    {
      /* What close_node will say: the children past --limit. */
      hs_class_groups_csv_row (
          csv, h, g, v, node->depth,
          o->limit >= 0 && (guint32)o->limit < n_children ? n_children - (guint32)o->limit : 0);
      return;
    }
  if (!o->json)
    {
      const char *label = node->name;
      if (node->kind == HS_CLASS_NODE_CLASS && g->by == HS_CLASS_GROUP_PACKAGE)
        label = hs_format_simple_name (node->name);
      group_line (out, g, v, node->count, node->reachable, node->shallow, node->retained, label);
      return;
    }
  g_string_append (out, "{\"kind\": ");
  switch (node->kind)
    {
      case HS_CLASS_NODE_PACKAGE:
        {
          g_autofree char *path = hs_class_groups_node_path (g, v);
          g_string_append (out, "\"package\", \"name\": ");
          hs_json_string (out, node->name);
          g_string_append (out, ", \"package\": ");
          hs_json_string (out, path);
        }
        break;
      case HS_CLASS_NODE_LOADER:
        g_string_append (out, "\"loader\", \"name\": ");
        hs_json_string (out, node->name);
        g_string_append (out, ", \"id\": ");
        hs_json_id (out, node->loader_id);
        break;
      case HS_CLASS_NODE_CLASS:
      default:
        g_string_append (out, "\"class\", \"name\": ");
        hs_json_string (out, node->name);
        hs_cli_append_obfuscated (out, h, node->klass);
        g_string_append (out, ", \"id\": ");
        hs_json_id (out, hs_class_id (h, node->klass));
        g_string_append (out, ", \"loader\": ");
        hs_json_id (out, hs_class_loader_id (h, node->klass));
        break;
    }
  g_string_append (out, ", ");
  json_figures (out, node->count, node->reachable, node->shallow, node->retained);
  g_string_append_printf (out, ", \"classes\": %u", node->n_classes);
  if (node->kind == HS_CLASS_NODE_CLASS && n_children > 0)
    {
      g_string_append (out, ", \"own\": {");
      json_figures (out, node->own_count, node->own_reachable, node->own_shallow, node->own_retained);
      g_string_append (out, "}");
    }
  if (n_children > 0)
    g_string_append (out, ", \"children\": [");
}

/* Closes node v's children: how many were left out (--limit), and the
 * brackets (JSON). */
static void
close_node (const HsCliOptions *o, GString *out, const HsClassGroups *g, guint32 v, guint32 shown)
{
  guint32 n_children;

  hs_class_groups_children (g, v, &n_children);
  if (o->csv)
    return; /* the row said how many more */
  if (!o->json)
    {
      if (shown < n_children)
        {
          g_autofree char *more = g_strdup_printf ("… %u more", n_children - shown);
          guint depth = v < g->n_nodes ? g->nodes[v].depth + 1 : 0;
          g_string_append_printf (out, "%*s%*s%s\n", 57, "", (int)MIN (2 * depth, MAX_INDENT), "", more);
        }
      return;
    }
  if (v == g->n_nodes || n_children > 0)
    g_string_append (out, "]");
  if (shown < n_children)
    g_string_append_printf (out, ", \"more\": %u", n_children - shown);
  g_string_append (out, "}");
}

typedef struct
{
  guint32 v, next, shown;
} Frame;

/* The tree depth first, without recursion (hierarchies can be 50,000
 * deep): a stack of the nodes open. */
static void
print_groups (const HsCliOptions *o, GString *out, HsHeap *h, const HsClassGroups *g)
{
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  Frame top = { g->n_nodes, 0, 0 };
  g_autofree char *all = g_strdup_printf ("(%u classes)", g->n_classes);
  HsCsv csv;

  if (o->csv)
    {
      hs_csv_init (&csv, out);
      hs_class_groups_csv_header (&csv);
    }
  else if (o->json)
    {
      g_string_append (out, "{\"group\": ");
      hs_json_string (out, hs_class_grouping_to_string (g->by));
      g_string_append (out, ", ");
      json_figures (out, g->count, g->reachable, g->shallow, g->retained);
      g_string_append_printf (out, ", \"classes\": %u, \"children\": [", g->n_classes);
    }
  else
    {
      g_string_append_printf (out, "%12s %12s %14s %14s  %s\n", "count", "reachable", "shallow", "retained",
                              g->by == HS_CLASS_GROUP_PACKAGE  ? "package / class"
                              : g->by == HS_CLASS_GROUP_LOADER ? "class loader / class"
                                                               : "class (under its superclass)");
      group_line (out, g, g->n_nodes, g->count, g->reachable, g->shallow, g->retained, all);
    }
  g_array_append_val (stack, top);
  while (stack->len > 0)
    {
      Frame *f = &g_array_index (stack, Frame, stack->len - 1);
      guint32 n_children;
      const guint32 *children = hs_class_groups_children (g, f->v, &n_children);
      guint32 limit = o->limit >= 0 ? MIN ((guint32)o->limit, n_children) : n_children;

      if (f->next < limit)
        {
          guint32 c = children[f->next++];
          Frame child = { c, 0, 0 };
          guint32 n_grand;

          f->shown++;
          if (o->json)
            g_string_append (out, f->next > 1 ? ",\n " : "\n ");
          open_node (o, &csv, out, h, g, c);
          hs_class_groups_children (g, c, &n_grand);
          if (n_grand > 0)
            g_array_append_val (stack, child); /* f is not used after this */
          else
            close_node (o, out, g, c, 0);
          hs_cli_flush_big (out);
          continue;
        }
      close_node (o, out, g, f->v, f->shown);
      g_array_set_size (stack, stack->len - 1);
    }
  if (o->json)
    g_string_append (out, "\n");
  hs_cli_write (out);
  g_string_free (out, TRUE);
}

/* The classes of heap (-1: every heap) grouped, with the window's class
 * table's figures (hs-class-table.h: native sizes too). */
static int
classes_grouped (const HsCliOptions *o, HsAnalysis *a, int heap, HsClassGrouping by, HsClassSort sort,
                 GError **error)
{
  g_autoptr (HsClassTable) table = hs_class_table_new (a, heap, hs_cli_cancellable ());
  g_autofree HsClassFigures *fig = NULL;
  g_autoptr (HsClassGroups) g = NULL;

  if (table == NULL)
    {
      if (!g_cancellable_set_error_if_cancelled (hs_cli_cancellable (), error))
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "could not count the classes of heap %d", heap);
      return 2;
    }
  fig = hs_class_table_figures (table);
  g = hs_class_groups_new (a->heap, fig, by, hs_cli_cancellable (), error);
  if (g == NULL)
    return 2;
  hs_class_groups_sort (g, sort);
  print_groups (o, g_string_new (NULL), a->heap, g);
  return 0;
}

/* --sort and --group, read. */
static gboolean
classes_args (const HsCliOptions *o, HsClassSort *sort, HsClassGrouping *by, GError **error)
{
  *sort = HS_CLASS_SORT_RETAINED;
  if (o->sort && !hs_class_sort_from_string (o->sort, sort))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "--sort takes count, shallow or retained, not \"%s\"",
                   o->sort);
      return FALSE;
    }
  *by = HS_CLASS_GROUP_PACKAGE;
  if (o->group && !hs_class_grouping_from_string (o->group, by))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                   "classes --group takes package, loader or superclass, not \"%s\"", o->group);
      return FALSE;
    }
  return TRUE;
}

int
hs_cli_classes_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error)
{
  HsClassSort sort;
  HsClassGrouping by;

  (void)path;
  if (!classes_args (o, &sort, &by, error))
    return 2;
  HsHeap *h = a->heap;
  int heap = -1;
  if (!hs_cli_resolve_heap (o, h, &heap, error))
    return 2;
  if (o->group)
    return classes_grouped (o, a, heap, by, sort, error);
  /* --heap: counted and sized over that heap's instances. */
  g_autoptr (HsHeapClasses) hc = heap >= 0 ? hs_query_heap_classes (a, (guint)heap, NULL, error) : NULL;
  if (heap >= 0 && !hc)
    return 2;
  g_autoptr (GArray) rows = hc ? hs_query_sorted_heap_classes (a, hc, sort)
                               : hs_query_sorted_classes (a, sort, HS_CLASS_FILTER_PRESENT);
  guint n = o->limit >= 0 ? MIN ((guint)o->limit, rows->len) : rows->len;
  static const char *const columns[]
      = { "name", "id", "loader", "count", "reachable_count", "shallow", "retained", "obfuscated_name" };
  GString *out = g_string_new (o->json ? "[" : NULL);
  HsCsv csv;
  if (o->csv)
    hs_cli_csv_begin (&csv, out, columns, G_N_ELEMENTS (columns));
  else if (!o->json)
    g_string_append_printf (out, "%12s %12s %14s %14s  %s\n", "count", "reachable", "shallow", "retained",
                            "class");
  for (guint i = 0; i < n; i++)
    {
      HsClass c = g_array_index (rows, HsClass, i);
      guint64 count = hc ? hc->count[c] : hs_class_count (h, c);
      guint64 reachable = hc ? hc->reachable[c] : hs_class_reachable_count (h, c);
      guint64 shallow = hc ? hc->shallow[c] : hs_class_shallow (h, c);
      guint64 retained = hc ? hc->retained[c] : a->class_retained[c];
      if (o->json)
        {
          g_string_append (out, i ? ",\n {\"name\": " : "\n {\"name\": ");
          hs_json_string (out, hs_class_name (h, c));
          hs_cli_append_obfuscated (out, h, c);
          g_string_append (out, ", \"id\": ");
          hs_json_id (out, hs_class_id (h, c));
          g_string_append (out, ", \"loader\": ");
          hs_json_id (out, hs_class_loader_id (h, c));
          g_string_append_printf (
              out,
              ", \"count\": %" G_GUINT64_FORMAT ", \"reachable_count\": %" G_GUINT64_FORMAT
              ", \"shallow\": %" G_GUINT64_FORMAT ", \"retained\": %" G_GUINT64_FORMAT "}",
              count, reachable, shallow, retained);
        }
      else if (o->csv)
        {
          hs_csv_text (&csv, hs_class_name (h, c));
          hs_csv_id (&csv, hs_class_id (h, c));
          hs_csv_id (&csv, hs_class_loader_id (h, c));
          hs_csv_uint (&csv, count);
          hs_csv_uint (&csv, reachable);
          hs_csv_uint (&csv, shallow);
          hs_csv_uint (&csv, retained);
          hs_csv_text (&csv, hs_class_obfuscated_name (h, c));
          hs_csv_end_row (&csv);
        }
      else
        {
          g_autofree char *name = hs_cli_visible (hs_class_name (h, c), -1, FALSE);
          g_string_append_printf (out,
                                  "%12" G_GUINT64_FORMAT " %12" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT
                                  " %14" G_GUINT64_FORMAT "  %s\n",
                                  count, reachable, shallow, retained, name);
        }
      hs_cli_flush_big (out);
    }
  hs_cli_finish_list (o, out);
  return 0;
}

int
hs_cli_classes (const HsCliOptions *o, const char *path, GError **error)
{
  HsClassSort sort;
  HsClassGrouping by;

  /* The arguments are checked before the dump is read. */
  if (!classes_args (o, &sort, &by, error))
    return 2;
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, TRUE, FALSE, error);
  if (!a)
    return 2;
  return hs_cli_classes_emit (o, a, path, error);
}
