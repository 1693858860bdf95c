/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-refs.c: `heapscope-cli refs DUMP ID`: the references of one
 * object as a tree, Eclipse MAT's "List objects with outgoing / incoming
 * references": each row the reference (field, [index], <class>, ...), the
 * object at its other end, its shallow and retained size. --incoming lists
 * what refers to the object, --depth N the levels, --limit N the
 * references listed under each object ("... N more" after them). An object
 * already on its row's own path is marked (cycle) and not listed again.
 * The tree is walked with a stack of its own (--depth is the user's). */
#include "config.h"

#include "hs-cli.h"
#include "hs-refs.h"
#include "hs-timing.h"

#define DEFAULT_LIMIT 100

typedef struct
{
  HsObj obj;
  GArray *page; /* HsRef */
  guint next;
  guint64 total;
} Frame;

static guint64
retained_of (HsAnalysis *a, HsObj obj)
{
  return hs_heap_object_reachable (a->heap, obj) ? hs_dom_tree_retained (a->dom, obj) : 0;
}

/* "id", "class", "shallow", "retained" of a JSON node (no braces). */
static void
node_json (GString *out, HsAnalysis *a, HsObj obj)
{
  g_string_append (out, "\"id\": ");
  hs_json_id (out, hs_heap_object_id (a->heap, obj));
  g_string_append (out, ", \"class\": ");
  hs_json_string (out, hs_heap_object_class_name (a->heap, obj));
  g_string_append_printf (out, ", \"shallow\": %u, \"retained\": %" G_GUINT64_FORMAT,
                          hs_heap_object_shallow (a->heap, obj), retained_of (a, obj));
}

/* "class@0xid  shallow N  retained N" of a text row. */
static void
node_text (GString *out, HsAnalysis *a, HsObj obj)
{
  g_autofree char *raw = hs_heap_object_label (a->heap, obj);
  g_autofree char *label = hs_cli_visible (raw, -1, FALSE);
  g_string_append_printf (out, "%s  shallow %u  retained %" G_GUINT64_FORMAT, label,
                          hs_heap_object_shallow (a->heap, obj), retained_of (a, obj));
}

static void
push (GArray *stack, HsAnalysis *a, HsObj obj, HsRefsDirection dir, guint limit)
{
  Frame f = { obj, hs_refs_page (a->heap, obj, dir, 0, limit), 0, hs_refs_count (a->heap, obj, dir) };
  g_array_append_val (stack, f);
}

static gboolean
on_path (GArray *stack, HsObj obj)
{
  for (guint i = 0; i < stack->len; i++)
    if (g_array_index (stack, Frame, i).obj == obj)
      return TRUE;
  return FALSE;
}

static void
refs_tree (const HsCliOptions *o, GString *out, HsAnalysis *a, HsObj root)
{
  HsRefsDirection dir = o->incoming ? HS_REFS_INCOMING : HS_REFS_OUTGOING;
  guint limit = o->limit >= 0 ? (guint)o->limit : DEFAULT_LIMIT;
  guint depth = (guint)o->depth;
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (Frame));
  HsCsv csv;

  if (o->csv)
    {
      /* The rows the References view's Export writes (hs-refs.h). */
      hs_csv_init (&csv, out);
      hs_refs_csv_header (&csv);
      hs_refs_csv_row (&csv, a, 0, NULL, NULL, root, FALSE);
    }
  else if (o->json)
    {
      g_string_append (out, "{");
      node_json (out, a, root);
      g_string_append_printf (out, ", \"direction\": \"%s\", \"depth\": %u",
                              o->incoming ? "incoming" : "outgoing", depth);
    }
  else
    node_text (out, a, root);
  if (depth == 0)
    {
      if (!o->csv)
        g_string_append (out, o->json ? "}\n" : "\n");
      return;
    }
  {
    /* HEAPSCOPE_DEBUG_TIMES=1: what the root's first page cost (its count
     * builds the referrers index on first use). */
    gint64 t0 = g_get_monotonic_time (), c0 = hs_timing_thread_cpu ();
    guint64 total = hs_refs_count (a->heap, root, dir);
    hs_timing_span_cpu (t0, c0, "refs: count (%" G_GUINT64_FORMAT ")", total);
    t0 = g_get_monotonic_time (), c0 = hs_timing_thread_cpu ();
    Frame f = { root, hs_refs_page (a->heap, root, dir, 0, limit), 0, total };
    hs_timing_span_cpu (t0, c0, "refs: first page (%u)", f.page->len);
    g_array_append_val (stack, f);
  }
  if (o->json)
    g_string_append_printf (out, ", \"total\": %" G_GUINT64_FORMAT ", \"refs\": [",
                            g_array_index (stack, Frame, 0).total);
  else if (!o->csv)
    g_string_append_printf (out, "  %s %" G_GUINT64_FORMAT "\n", o->incoming ? "incoming" : "outgoing",
                            g_array_index (stack, Frame, 0).total);

  while (stack->len > 0)
    {
      Frame *f = &g_array_index (stack, Frame, stack->len - 1);
      guint level = stack->len;
      if (f->next >= f->page->len)
        {
          guint64 more = f->total - MIN (f->total, (guint64)f->page->len);
          if (o->json)
            g_string_append_printf (out, "%s], \"more\": %" G_GUINT64_FORMAT "}", f->page->len ? "\n" : "",
                                    more);
          else if (more > 0 && !o->csv)
            g_string_append_printf (out, "%*s... %" G_GUINT64_FORMAT " more\n", 2 * level, "", more);
          g_array_unref (f->page);
          g_array_set_size (stack, stack->len - 1);
          continue;
        }
      const HsRef *r = &g_array_index (f->page, HsRef, f->next);
      gboolean first = f->next++ == 0;
      gboolean cycle = on_path (stack, r->obj);
      g_autofree char *raw = hs_ref_name (r);
      g_autofree char *name = hs_cli_visible (raw, -1, FALSE);
      if (o->csv)
        hs_refs_csv_row (&csv, a, level, r, raw, r->obj, cycle);
      else if (o->json)
        {
          g_string_append_printf (out, "%s\n%*s{\"reference\": ", first ? "" : ",", 2 * level, "");
          hs_json_string (out, raw);
          g_string_append_printf (out, ", \"kind\": \"%s\", ", hs_ref_kind_name (r->kind));
          if (r->kind == HS_REF_ELEMENT)
            g_string_append_printf (out, "\"index\": %u, ", r->index);
          node_json (out, a, r->obj);
          if (cycle)
            g_string_append (out, ", \"cycle\": true");
        }
      else
        {
          g_string_append_printf (out, "%*s%s  ", 2 * level, "", name);
          node_text (out, a, r->obj);
          g_string_append (out, cycle ? "  (cycle)\n" : "\n");
        }
      if (!cycle && level < depth)
        {
          HsObj child = r->obj; /* push may move f */
          push (stack, a, child, dir, limit);
          if (o->json)
            g_string_append_printf (out, ", \"total\": %" G_GUINT64_FORMAT ", \"refs\": [",
                                    g_array_index (stack, Frame, stack->len - 1).total);
        }
      else if (o->json)
        g_string_append (out, "}");
      hs_cli_flush_big (out);
    }
  if (o->json)
    g_string_append (out, "\n");
}

int
hs_cli_refs_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error)
{
  (void)path;
  HsObj obj = hs_cli_find_object (o, a, "refs", error);
  if (obj == HS_OBJ_NONE)
    return 2;
  GString *out = g_string_new (NULL);
  refs_tree (o, out, a, obj);
  hs_cli_write (out);
  g_string_free (out, TRUE);
  return 0;
}

int
hs_cli_refs (const HsCliOptions *o, const char *path, GError **error)
{
  return hs_cli_object_command (o, path, "refs", hs_cli_refs_emit, error);
}
