/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-groups-csv.c: the grouped class table's CSV rows (see the
 * header). */
#include "config.h"
#include "hs-class-groups-csv.h"

static const char *const columns[] = { "depth",
                                       "kind",
                                       "name",
                                       "package",
                                       "id",
                                       "loader",
                                       "count",
                                       "reachable_count",
                                       "unreachable_count",
                                       "shallow",
                                       "retained",
                                       "native_size",
                                       "classes",
                                       "own_count",
                                       "own_reachable_count",
                                       "own_unreachable_count",
                                       "own_shallow",
                                       "own_retained",
                                       "own_native_size",
                                       "more",
                                       "obfuscated_name" };

void
hs_class_groups_csv_header (HsCsv *csv)
{
  hs_csv_header (csv, columns, G_N_ELEMENTS (columns));
}

void
hs_class_groups_csv_row (HsCsv *csv, HsHeap *heap, const HsClassGroups *groups, guint32 v, guint depth,
                         guint32 more)
{
  const HsClassNode *node;
  guint32 n_children;

  g_return_if_fail (csv != NULL && heap != NULL && groups != NULL && v < groups->n_nodes);
  node = &groups->nodes[v];
  hs_class_groups_children (groups, v, &n_children);
  hs_csv_uint (csv, depth);
  switch (node->kind)
    {
      case HS_CLASS_NODE_PACKAGE:
        {
          g_autofree char *path = hs_class_groups_node_path (groups, v);
          hs_csv_text (csv, "package");
          hs_csv_text (csv, node->name);
          hs_csv_text (csv, path);
          hs_csv_empty (csv);
          hs_csv_empty (csv);
        }
        break;
      case HS_CLASS_NODE_LOADER:
        hs_csv_text (csv, "loader");
        hs_csv_text (csv, node->name);
        hs_csv_empty (csv);
        hs_csv_id (csv, node->loader_id);
        hs_csv_empty (csv);
        break;
      case HS_CLASS_NODE_CLASS:
      default:
        hs_csv_text (csv, "class");
        hs_csv_text (csv, node->name);
        hs_csv_empty (csv);
        hs_csv_id (csv, hs_class_id (heap, node->klass));
        hs_csv_id (csv, hs_class_loader_id (heap, node->klass));
        break;
    }
  hs_csv_uint (csv, node->count);
  hs_csv_uint (csv, node->reachable);
  hs_csv_uint (csv, node->count - node->reachable);
  hs_csv_uint (csv, node->shallow);
  hs_csv_uint (csv, node->retained);
  hs_csv_uint (csv, node->native);
  hs_csv_uint (csv, node->n_classes);
  /* A class's own row, when classes are under it (by superclass). */
  if (node->kind == HS_CLASS_NODE_CLASS && n_children > 0)
    {
      hs_csv_uint (csv, node->own_count);
      hs_csv_uint (csv, node->own_reachable);
      hs_csv_uint (csv, node->own_count - node->own_reachable);
      hs_csv_uint (csv, node->own_shallow);
      hs_csv_uint (csv, node->own_retained);
      hs_csv_uint (csv, node->own_native);
    }
  else
    for (guint i = 0; i < 6; i++)
      hs_csv_empty (csv);
  hs_csv_uint (csv, more);
  hs_csv_text (csv, node->kind == HS_CLASS_NODE_CLASS ? hs_class_obfuscated_name (heap, node->klass) : NULL);
  hs_csv_end_row (csv);
}
