/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-groups.c: the class table grouped by package, class loader or
 * superclass (see the header). */
#include "config.h"

#include "hs-class-groups.h"
#include "hs-loader-label.h"
#include "hs-strhash.h"

#include <string.h>

gboolean
hs_class_grouping_from_string (const char *name, HsClassGrouping *grouping)
{
  static const char *const names[] = { "package", "loader", "superclass" };

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i]))
      {
        *grouping = (HsClassGrouping)i;
        return TRUE;
      }
  return FALSE;
}

const char *
hs_class_grouping_to_string (HsClassGrouping grouping)
{
  switch (grouping)
    {
      case HS_CLASS_GROUP_PACKAGE: return "package";
      case HS_CLASS_GROUP_LOADER: return "loader";
      case HS_CLASS_GROUP_SUPERCLASS: return "superclass";
      default: return "";
    }
}

HsClassFigures *
hs_class_figures_new (HsAnalysis *analysis, const HsHeapClasses *hc)
{
  HsHeap *h;
  HsClassFigures *fig;
  guint64 *cols;
  guint8 *include;
  guint n;

  g_return_val_if_fail (analysis != NULL, NULL);
  h = analysis->heap;
  n = hs_heap_n_classes (h);
  /* One block: the struct, three columns (every heap: the heap keeps its
   * per-class totals behind accessors, not in arrays), the include mask. */
  fig = g_malloc0 (sizeof (HsClassFigures) + (hc == NULL ? 3 * sizeof (guint64) * ((gsize)n + 1) : 0) + n
                   + 1);
  cols = (guint64 *)(fig + 1);
  include = hc == NULL ? (guint8 *)(cols + 3 * ((gsize)n + 1)) : (guint8 *)cols;
  fig->n_classes = n;
  fig->include = include;
  if (hc != NULL)
    {
      fig->count = hc->count;
      fig->reachable = hc->reachable;
      fig->shallow = hc->shallow;
      fig->retained = hc->retained;
      for (HsClass c = 0; c < n; c++)
        include[c] = hc->count[c] > 0;
      return fig;
    }
  fig->count = cols;
  fig->reachable = cols + (n + 1);
  fig->shallow = cols + 2 * ((gsize)n + 1);
  fig->retained = analysis->class_retained;
  for (HsClass c = 0; c < n; c++)
    {
      cols[c] = hs_class_count (h, c);
      cols[(n + 1) + c] = hs_class_reachable_count (h, c);
      cols[2 * ((gsize)n + 1) + c] = hs_class_shallow (h, c);
      include[c] = cols[c] > 0 || hs_class_object (h, c) != HS_OBJ_NONE;
    }
  return fig;
}

/* --- building ------------------------------------------------------------- */

/* A package level: its parent node and its segment. */
typedef struct
{
  guint32 parent;
  const char *segment; /* NUL-terminated */
} PackageKey;

static guint
package_key_hash (gconstpointer p)
{
  const PackageKey *k = p;
  return hs_str_hash (k->segment) ^ (k->parent * 0x9E3779B1u);
}

static gboolean
package_key_equal (gconstpointer a, gconstpointer b)
{
  const PackageKey *x = a, *y = b;
  return x->parent == y->parent && strcmp (x->segment, y->segment) == 0;
}

typedef struct
{
  HsClassGroups *g;
  GArray *nodes; /* HsClassNode */
} Build;

static guint32
add_node (Build *b, HsClassNodeKind kind, HsClass c, const char *name, guint32 parent)
{
  HsClassNode node = { 0 };

  node.kind = kind;
  node.klass = c;
  node.name = name;
  node.parent = parent;
  g_array_append_val (b->nodes, node);
  return b->nodes->len - 1;
}

static guint32
add_class_node (Build *b, HsHeap *heap, const HsClassFigures *fig, HsClass c, guint32 parent)
{
  const char *name = hs_class_name (heap, c);
  guint32 v = add_node (b, HS_CLASS_NODE_CLASS, c,
                        g_string_chunk_insert_const (b->g->strings, name ? name : ""), parent);
  HsClassNode *node = &g_array_index (b->nodes, HsClassNode, v);

  node->own_count = fig->count[c];
  node->own_reachable = fig->reachable[c];
  node->own_shallow = fig->shallow[c];
  node->own_retained = fig->retained != NULL ? fig->retained[c] : 0;
  node->own_native = fig->native != NULL ? fig->native[c] : 0;
  node->n_classes = 1;
  return v;
}

static gboolean
build_packages (Build *b, HsHeap *heap, const HsClassFigures *fig, const guint8 *include,
                GCancellable *cancellable)
{
  g_autoptr (GHashTable) levels = g_hash_table_new_full (package_key_hash, package_key_equal, g_free, NULL);
  g_autoptr (GString) segment = g_string_new (NULL);

  for (HsClass c = 0; c < fig->n_classes; c++)
    {
      const char *name;
      gsize len, start = 0;
      guint32 at = HS_CLASS_NODE_TOP;

      if (!include[c])
        continue;
      if ((c & 4095) == 0 && g_cancellable_is_cancelled (cancellable))
        return FALSE;
      name = hs_class_name (heap, c);
      len = hs_format_package_len (name);
      /* Down the package's segments from the top: one hash of each
       * segment, so a name costs its length however many dots it has. */
      while (len > 0 && start <= len)
        {
          const char *dot = memchr (name + start, '.', len - start);
          gsize end = dot != NULL ? (gsize)(dot - name) : len;
          PackageKey probe;
          gpointer found;

          g_string_truncate (segment, 0);
          g_string_append_len (segment, name + start, end - start);
          probe.parent = at;
          probe.segment = segment->str;
          found = g_hash_table_lookup (levels, &probe);
          if (found != NULL)
            at = GPOINTER_TO_UINT (found) - 1;
          else
            {
              PackageKey *key = g_new (PackageKey, 1);
              key->parent = at;
              key->segment = g_string_chunk_insert_len (b->g->strings, segment->str, segment->len);
              at = add_node (b, HS_CLASS_NODE_PACKAGE, HS_CLASS_NONE, key->segment, at);
              g_hash_table_insert (levels, key, GUINT_TO_POINTER (at + 1));
            }
          start = end + 1;
        }
      add_class_node (b, heap, fig, c, at);
    }
  return TRUE;
}

typedef struct
{
  guint64 loader;
  HsClass c;
} LoaderKey;

static int
compare_loader_keys (gconstpointer pa, gconstpointer pb)
{
  const LoaderKey *a = pa, *b = pb;

  if (a->loader != b->loader)
    return a->loader < b->loader ? -1 : 1;
  return a->c < b->c ? -1 : a->c > b->c;
}

static gboolean
build_loaders (Build *b, HsHeap *heap, const HsClassFigures *fig, const guint8 *include,
               GCancellable *cancellable)
{
  g_autoptr (GArray) keys = g_array_new (FALSE, FALSE, sizeof (LoaderKey));
  g_autoptr (HsLoaderNamer) namer = hs_loader_namer_new (heap);
  guint32 at = HS_CLASS_NODE_TOP;

  for (HsClass c = 0; c < fig->n_classes; c++)
    if (include[c])
      {
        LoaderKey k = { hs_class_loader_id (heap, c), c };
        g_array_append_val (keys, k);
      }
  g_array_sort (keys, compare_loader_keys);
  for (guint i = 0; i < keys->len; i++)
    {
      const LoaderKey *k = &g_array_index (keys, LoaderKey, i);

      if ((i & 4095) == 0 && g_cancellable_is_cancelled (cancellable))
        return FALSE;
      if (i == 0 || k->loader != k[-1].loader)
        {
          g_autofree char *label = hs_loader_namer_label (namer, k->loader);
          at = add_node (b, HS_CLASS_NODE_LOADER, HS_CLASS_NONE, g_string_chunk_insert (b->g->strings, label),
                         HS_CLASS_NODE_TOP);
          g_array_index (b->nodes, HsClassNode, at).loader_id = k->loader;
        }
      add_class_node (b, heap, fig, k->c, at);
    }
  return TRUE;
}

static gboolean
build_superclasses (Build *b, HsHeap *heap, const HsClassFigures *fig, guint8 *include,
                    GCancellable *cancellable)
{
  g_autofree guint32 *node_of = g_new (guint32, fig->n_classes + 1);

  /* The superclasses of what is shown are shown: walk up from each class
   * until a class already in (each class is marked once: linear). */
  for (HsClass c = 0; c < fig->n_classes; c++)
    if (include[c] == 1)
      for (HsClass s = hs_class_super (heap, c); s != HS_CLASS_NONE && s < fig->n_classes && !include[s];
           s = hs_class_super (heap, s))
        include[s] = 2;
  for (HsClass c = 0; c < fig->n_classes; c++)
    {
      node_of[c] = HS_CLASS_NODE_TOP;
      if ((c & 4095) == 0 && g_cancellable_is_cancelled (cancellable))
        return FALSE;
      if (include[c])
        node_of[c] = add_class_node (b, heap, fig, c, HS_CLASS_NODE_TOP);
    }
  /* The superclass chain was made loop-free at load time. */
  for (guint32 v = 0; v < b->nodes->len; v++)
    {
      HsClassNode *node = &g_array_index (b->nodes, HsClassNode, v);
      HsClass s = hs_class_super (heap, node->klass);
      if (s != HS_CLASS_NONE && s < fig->n_classes)
        node->parent = node_of[s];
    }
  return TRUE;
}

/* Children lists from the parents, the depths, and the sums, children
 * before parents (a breadth-first order from the top, read backwards). */
static void
finish (HsClassGroups *g)
{
  guint32 n = g->n_nodes;
  guint32 *fill = g_new0 (guint32, (gsize)n + 2);
  guint32 *order = g_new (guint32, MAX (n, 1));
  guint32 head = 0, tail = 0;

  g->child_offsets = g_new0 (guint32, (gsize)n + 2);
  g->children = g_new (guint32, MAX (n, 1));
  for (guint32 v = 0; v < n; v++)
    {
      guint32 p = g->nodes[v].parent == HS_CLASS_NODE_TOP ? n : g->nodes[v].parent;
      g->child_offsets[p + 1]++;
    }
  for (guint32 v = 0; v <= n; v++)
    g->child_offsets[v + 1] += g->child_offsets[v];
  for (guint32 v = 0; v < n; v++)
    {
      guint32 p = g->nodes[v].parent == HS_CLASS_NODE_TOP ? n : g->nodes[v].parent;
      g->children[g->child_offsets[p] + fill[p]++] = v;
    }
  g_free (fill);

  for (guint32 i = g->child_offsets[n]; i < g->child_offsets[n + 1]; i++)
    order[tail++] = g->children[i];
  while (head < tail)
    {
      guint32 v = order[head++];
      for (guint32 i = g->child_offsets[v]; i < g->child_offsets[v + 1]; i++)
        {
          guint32 c = g->children[i];
          g->nodes[c].depth = g->nodes[v].depth + 1;
          order[tail++] = c;
        }
    }
  /* Every node has a parent chain to the top (packages and loaders by
   * construction, classes by the loop-free superclass chains). */
  g_assert (tail == n);
  g->order = order;
  for (guint32 v = 0; v < n; v++)
    {
      HsClassNode *node = &g->nodes[v];
      node->count = node->own_count;
      node->reachable = node->own_reachable;
      node->shallow = node->own_shallow;
      node->retained = node->own_retained;
      node->native = node->own_native;
    }
  for (guint32 i = n; i-- > 0;)
    {
      HsClassNode *node = &g->nodes[order[i]];
      if (node->parent == HS_CLASS_NODE_TOP)
        {
          g->count += node->count;
          g->reachable += node->reachable;
          g->shallow += node->shallow;
          g->retained += node->retained;
          g->native += node->native;
          g->n_classes += node->n_classes;
          continue;
        }
      HsClassNode *parent = &g->nodes[node->parent];
      parent->count += node->count;
      parent->reachable += node->reachable;
      parent->shallow += node->shallow;
      parent->retained += node->retained;
      parent->native += node->native;
      parent->n_classes += node->n_classes;
    }
}

HsClassGroups *
hs_class_groups_new (HsHeap *heap, const HsClassFigures *fig, HsClassGrouping by, GCancellable *cancellable,
                     GError **error)
{
  g_autofree guint8 *include = NULL;
  HsClassGroups *g;
  Build b;
  gboolean ok;

  g_return_val_if_fail (heap != NULL && fig != NULL, NULL);
  include = g_new0 (guint8, (gsize)fig->n_classes + 1);
  for (HsClass c = 0; c < fig->n_classes; c++)
    include[c] = fig->include != NULL ? fig->include[c] != 0
                                      : fig->count[c] > 0 || hs_class_object (heap, c) != HS_OBJ_NONE;
  g = g_new0 (HsClassGroups, 1);
  g->by = by;
  g->strings = g_string_chunk_new (4096);
  b.g = g;
  b.nodes = g_array_new (FALSE, TRUE, sizeof (HsClassNode));
  switch (by)
    {
      case HS_CLASS_GROUP_PACKAGE: ok = build_packages (&b, heap, fig, include, cancellable); break;
      case HS_CLASS_GROUP_LOADER: ok = build_loaders (&b, heap, fig, include, cancellable); break;
      case HS_CLASS_GROUP_SUPERCLASS:
      default: ok = build_superclasses (&b, heap, fig, include, cancellable); break;
    }
  g->n_nodes = b.nodes->len;
  g->nodes = (HsClassNode *)g_array_free (b.nodes, FALSE);
  if (!ok)
    {
      g_cancellable_set_error_if_cancelled (cancellable, error);
      hs_class_groups_free (g);
      return NULL;
    }
  finish (g);
  hs_class_groups_sort (g, HS_CLASS_SORT_RETAINED);
  return g;
}

void
hs_class_groups_free (HsClassGroups *groups)
{
  if (groups == NULL)
    return;
  g_free (groups->nodes);
  g_free (groups->child_offsets);
  g_free (groups->children);
  g_free (groups->order);
  if (groups->strings != NULL)
    g_string_chunk_free (groups->strings);
  g_free (groups);
}

/* --- reading -------------------------------------------------------------- */

guint64
hs_class_node_value (const HsClassNode *node, HsClassSort sort)
{
  switch (sort)
    {
      case HS_CLASS_SORT_COUNT: return node->count;
      case HS_CLASS_SORT_SHALLOW: return node->shallow;
      case HS_CLASS_SORT_RETAINED:
      default: return node->retained;
    }
}

typedef struct
{
  const HsClassGroups *g;
  HsClassSort sort;
} SortCtx;

guint64
hs_class_node_column (const HsClassNode *node, HsClassColumn column)
{
  switch (column)
    {
      case HS_CLASS_COLUMN_COUNT: return node->count;
      case HS_CLASS_COLUMN_REACHABLE: return node->reachable;
      case HS_CLASS_COLUMN_UNREACHABLE: return node->count - node->reachable;
      case HS_CLASS_COLUMN_NATIVE: return node->native;
      case HS_CLASS_COLUMN_SHALLOW: return node->shallow;
      case HS_CLASS_COLUMN_RETAINED: return node->retained;
      case HS_CLASS_COLUMN_NAME:
      case HS_CLASS_N_COLUMNS:
      default: return 0;
    }
}

const char *
hs_class_groups_node_label (const HsClassGroups *groups, guint32 v)
{
  const HsClassNode *node;

  g_return_val_if_fail (groups != NULL && v < groups->n_nodes, "");
  node = &groups->nodes[v];
  if (node->kind == HS_CLASS_NODE_CLASS && groups->by == HS_CLASS_GROUP_PACKAGE)
    return hs_format_simple_name (node->name);
  return node->name;
}

static int
compare_nodes (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const SortCtx *ctx = data;
  guint32 a = *(const guint32 *)pa, b = *(const guint32 *)pb;
  const HsClassNode *x = &ctx->g->nodes[a], *y = &ctx->g->nodes[b];

  return hs_class_compare (hs_class_node_value (x, ctx->sort), x->name, a, hs_class_node_value (y, ctx->sort),
                           y->name, b, HS_CLASS_BIGGEST_FIRST);
}

void
hs_class_groups_sort (HsClassGroups *groups, HsClassSort sort)
{
  SortCtx ctx = { groups, sort };

  g_return_if_fail (groups != NULL);
  for (guint32 v = 0; v <= groups->n_nodes; v++)
    {
      guint32 n = groups->child_offsets[v + 1] - groups->child_offsets[v];
      if (n > 1)
        g_qsort_with_data (groups->children + groups->child_offsets[v], (gint)n, sizeof (guint32),
                           compare_nodes, &ctx);
    }
}

typedef struct
{
  const HsClassGroups *g;
  HsClassColumn column;
  HsClassDirection direction;
} ColumnCtx;

static int
compare_nodes_by_column (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const ColumnCtx *ctx = data;
  guint32 a = *(const guint32 *)pa, b = *(const guint32 *)pb;

  return hs_class_compare (hs_class_node_column (&ctx->g->nodes[a], ctx->column),
                           hs_class_groups_node_label (ctx->g, a), a,
                           hs_class_node_column (&ctx->g->nodes[b], ctx->column),
                           hs_class_groups_node_label (ctx->g, b), b, ctx->direction);
}

void
hs_class_groups_sort_children (const HsClassGroups *groups, guint32 *children, HsClassColumn column,
                               HsClassDirection direction)
{
  ColumnCtx ctx = { groups, column, direction };

  g_return_if_fail (groups != NULL && children != NULL);
  for (guint32 v = 0; v <= groups->n_nodes; v++)
    {
      guint32 n = groups->child_offsets[v + 1] - groups->child_offsets[v];
      if (n > 1)
        g_qsort_with_data (children + groups->child_offsets[v], (gint)n, sizeof (guint32),
                           compare_nodes_by_column, &ctx);
    }
}

char *
hs_class_groups_node_path (const HsClassGroups *groups, guint32 v)
{
  GString *path;
  g_autoptr (GArray) parts = NULL;

  g_return_val_if_fail (groups != NULL && v < groups->n_nodes, NULL);
  if (groups->nodes[v].kind != HS_CLASS_NODE_PACKAGE)
    return g_strdup (groups->nodes[v].name);
  parts = g_array_new (FALSE, FALSE, sizeof (guint32));
  for (guint32 u = v; u != HS_CLASS_NODE_TOP; u = groups->nodes[u].parent)
    g_array_append_val (parts, u);
  path = g_string_new (NULL);
  for (guint i = parts->len; i-- > 0;)
    {
      if (path->len > 0)
        g_string_append_c (path, '.');
      g_string_append (path, groups->nodes[g_array_index (parts, guint32, i)].name);
    }
  return g_string_free (path, FALSE);
}
