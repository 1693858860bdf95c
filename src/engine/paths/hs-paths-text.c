/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-paths-text.c: merged paths and path sets as text and JSON. Trees are
 * walked with an explicit stack (a chain of a million steps is a tree a
 * million deep). */
#include "config.h"

#include "hs-paths.h"
#include "hs-json.h"
#include "hs-csv.h"

typedef struct
{
  guint32 node, depth;
  guint32 more; /* > 0: a line "… N more" instead of a node */
  guint32 next; /* JSON: the next child to write */
} Entry;

static guint
shown (const HsPathsNode *nd, guint max_children)
{
  return max_children && nd->n_children > max_children ? max_children : nd->n_children;
}

static void
append_stats (GString *out, const HsPathsNode *nd)
{
  g_autofree char *sh = hs_format_bytes (nd->shallow);
  g_autofree char *rt = hs_format_bytes (nd->retained);
  g_string_append (out, " (");
  hs_format_append_grouped (out, nd->objects);
  g_string_append (out, nd->objects == 1 ? " object, " : " objects, ");
  hs_format_append_grouped (out, nd->reached);
  g_string_append_printf (out, " reached, %s shallow, %s retained)\n", sh, rt);
}

static void
push_children (GArray *stack, const HsMergedPaths *m, guint first, guint n, guint total, guint depth)
{
  if (total > n)
    {
      Entry e = { 0, depth, total - n, 0 };
      g_array_append_val (stack, e);
    }
  for (guint i = n; i-- > 0;)
    {
      Entry e = { first + i, depth, 0, 0 };
      g_array_append_val (stack, e);
    }
  (void)m;
}

void
hs_merged_paths_to_text (const HsMergedPaths *m, guint max_children, GString *out)
{
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Entry));
  guint tops = max_children && m->n_tops > max_children ? max_children : m->n_tops;
  hs_format_append_grouped (out, m->n_targets);
  g_string_append (out, m->n_targets == 1 ? " object: " : " objects: ");
  hs_format_append_grouped (out, m->n_targets - m->n_unreached);
  g_string_append (out, " with a path to a GC root, ");
  hs_format_append_grouped (out, m->n_unreached);
  g_string_append (out, " without\n");
  if (m->n_freed > 0)
    {
      g_string_append (out, "No other path: ");
      hs_format_append_grouped (out, (guint64)m->n_freed);
      g_string_append (out, m->n_freed == 1 ? " object would be freed\n" : " objects would be freed\n");
    }
  else if (m->n_freed == 0)
    g_string_append (out, "Every object reached before the exclusions still has a path\n");
  push_children (stack, m, 0, tops, m->n_tops, 0);
  while (stack->len > 0)
    {
      Entry e = g_array_index (stack, Entry, stack->len - 1);
      const HsPathsNode *nd;
      g_array_set_size (stack, stack->len - 1);
      for (guint d = 1; d < e.depth; d++)
        g_string_append (out, "│  ");
      if (e.more)
        {
          g_string_append (out, e.depth ? "├─ … " : "… ");
          hs_format_append_grouped (out, e.more);
          g_string_append (out, " more\n");
          continue;
        }
      nd = &m->nodes[e.node];
      if (e.depth == 0)
        g_string_append_printf (out, "┬ GC root %s: %s", hs_root_type_name ((guint8)nd->root_kind),
                                nd->class_name);
      else
        g_string_append_printf (out, "├─ %s → %s", nd->reference, nd->class_name);
      append_stats (out, nd);
      push_children (stack, m, nd->first_child, shown (nd, max_children), nd->n_children, e.depth + 1);
    }
}

static void
node_open_json (GString *out, const HsPathsNode *nd)
{
  g_string_append (out, "{\"class\": ");
  hs_json_string (out, nd->class_name);
  g_string_append (out, ", \"reference\": ");
  if (nd->reference)
    hs_json_string (out, nd->reference);
  else
    g_string_append (out, "null");
  g_string_append (out, ", \"root_kind\": ");
  if (nd->root_kind >= 0)
    hs_json_string (out, hs_root_type_name ((guint8)nd->root_kind));
  else
    g_string_append (out, "null");
  g_string_append_printf (out,
                          ", \"objects\": %" G_GUINT64_FORMAT ", \"reached\": %" G_GUINT64_FORMAT
                          ", \"shallow\": %" G_GUINT64_FORMAT ", \"retained\": %" G_GUINT64_FORMAT
                          ", \"children\": [",
                          nd->objects, nd->reached, nd->shallow, nd->retained);
}

void
hs_merged_paths_to_json (const HsMergedPaths *m, guint max_children, GString *out)
{
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Entry));
  guint tops = max_children && m->n_tops > max_children ? max_children : m->n_tops;
  g_string_append_printf (out, "{\"targets\": %" G_GUINT64_FORMAT ", \"unreached\": %" G_GUINT64_FORMAT,
                          m->n_targets, m->n_unreached);
  if (m->n_freed >= 0)
    g_string_append_printf (out, ", \"freed\": %" G_GINT64_FORMAT, m->n_freed);
  else
    g_string_append (out, ", \"freed\": null");
  g_string_append (out, ", \"roots\": [");
  for (guint t = 0; t < tops; t++)
    {
      Entry root = { t, 0, 0, 0 };
      if (t)
        g_string_append (out, ", ");
      node_open_json (out, &m->nodes[t]);
      g_array_append_val (stack, root);
      while (stack->len > 0)
        {
          Entry *e = &g_array_index (stack, Entry, stack->len - 1);
          const HsPathsNode *nd = &m->nodes[e->node];
          if (e->next < shown (nd, max_children))
            {
              Entry child = { nd->first_child + e->next, e->depth + 1, 0, 0 };
              if (e->next++)
                g_string_append (out, ", ");
              node_open_json (out, &m->nodes[child.node]);
              g_array_append_val (stack, child);
            }
          else
            {
              g_string_append (out, "]}");
              g_array_set_size (stack, stack->len - 1);
            }
        }
    }
  g_string_append (out, "]}\n");
}

void
hs_path_set_to_text (HsHeap *heap, const HsPathSet *s, GString *out)
{
  if (s->paths->len == 0)
    {
      g_string_append (out, s->freed ? "No other path: the object would be freed\n"
                                     : "No path from a GC root reaches the object\n");
      return;
    }
  for (guint i = 0; i < s->paths->len; i++)
    {
      const HsPath *p = g_ptr_array_index (s->paths, i);
      if (i)
        g_string_append_c (out, '\n');
      g_string_append_printf (out, "Path %u of %u (%u %s)\n┬───\n│ GC Root: %s\n│\n", i + 1, s->paths->len,
                              p->n_steps ? p->n_steps - 1 : 0, p->n_steps == 2 ? "reference" : "references",
                              hs_root_type_name ((guint8)p->root_kind));
      for (guint j = 0; j < p->n_steps; j++)
        {
          const HsPathStep *st = &p->steps[j];
          g_string_append_printf (out, "%s %s @0x%" G_GINT64_MODIFIER "x\n",
                                  j + 1 == p->n_steps ? "╰→" : "├─", st->class_name,
                                  hs_heap_object_id (heap, st->obj));
          if (st->reference)
            g_string_append_printf (out, "│    ↓ %s\n", st->reference);
        }
    }
}

void
hs_path_set_to_json (HsHeap *heap, const HsPathSet *s, GString *out)
{
  g_string_append_printf (out, "{\"freed\": %s, \"paths\": [", s->freed ? "true" : "false");
  for (guint i = 0; i < s->paths->len; i++)
    {
      const HsPath *p = g_ptr_array_index (s->paths, i);
      g_string_append (out, i ? ", {\"root_kind\": " : "{\"root_kind\": ");
      hs_json_string (out, hs_root_type_name ((guint8)p->root_kind));
      g_string_append (out, ", \"nodes\": [");
      for (guint j = 0; j < p->n_steps; j++)
        {
          const HsPathStep *st = &p->steps[j];
          g_string_append_printf (out, "%s{\"id\": \"0x%" G_GINT64_MODIFIER "x\", \"class\": ", j ? ", " : "",
                                  hs_heap_object_id (heap, st->obj));
          hs_json_string (out, st->class_name);
          g_string_append (out, ", \"reference\": ");
          if (st->reference)
            hs_json_string (out, st->reference);
          else
            g_string_append (out, "null");
          g_string_append_c (out, '}');
        }
      g_string_append (out, "]}");
    }
  g_string_append (out, "]}\n");
}

void
hs_merged_paths_to_csv (const HsMergedPaths *m, guint max_children, GString *out)
{
  static const char *const columns[]
      = { "depth", "class", "reference", "root_kind", "objects", "reached", "shallow", "retained" };
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Entry));
  guint tops = max_children && m->n_tops > max_children ? max_children : m->n_tops;
  HsCsv csv;

  hs_csv_init (&csv, out);
  hs_csv_header (&csv, columns, G_N_ELEMENTS (columns));
  push_children (stack, m, 0, tops, 0, 0); /* no "… more" rows in CSV */
  while (stack->len > 0)
    {
      Entry e = g_array_index (stack, Entry, stack->len - 1);
      const HsPathsNode *nd = &m->nodes[e.node];
      g_array_set_size (stack, stack->len - 1);
      hs_csv_uint (&csv, e.depth);
      hs_csv_text (&csv, nd->class_name);
      hs_csv_text (&csv, nd->reference);
      hs_csv_text (&csv, nd->root_kind >= 0 ? hs_root_type_name ((guint8)nd->root_kind) : NULL);
      hs_csv_uint (&csv, nd->objects);
      hs_csv_uint (&csv, nd->reached);
      hs_csv_uint (&csv, nd->shallow);
      hs_csv_uint (&csv, nd->retained);
      hs_csv_end_row (&csv);
      push_children (stack, m, nd->first_child, shown (nd, max_children), 0, e.depth + 1);
    }
}

void
hs_path_set_csv_header (HsCsv *csv)
{
  static const char *const columns[] = { "target", "path", "root_kind", "step", "id", "class", "reference" };
  hs_csv_header (csv, columns, G_N_ELEMENTS (columns));
}

void
hs_path_set_to_csv (HsHeap *heap, HsObj target, const HsPathSet *s, HsCsv *csv)
{
  for (guint i = 0; i < s->paths->len; i++)
    {
      const HsPath *p = g_ptr_array_index (s->paths, i);
      for (guint j = 0; j < p->n_steps; j++)
        {
          const HsPathStep *st = &p->steps[j];
          hs_csv_id (csv, hs_heap_object_id (heap, target));
          hs_csv_uint (csv, i);
          hs_csv_text (csv, hs_root_type_name ((guint8)p->root_kind));
          hs_csv_uint (csv, j);
          hs_csv_id (csv, hs_heap_object_id (heap, st->obj));
          hs_csv_text (csv, st->class_name);
          hs_csv_text (csv, st->reference);
          hs_csv_end_row (csv);
        }
    }
}
