/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-suspects.c: the report's "Problem suspects" section
 * (docs/semantics.md "Problem suspects"): each object suspect with its
 * sentence, the path from a GC root to its accumulation point (drawn by
 * the leak section's renderer, the references into the accumulation point
 * marked) and the classes retained below it; each class suspect with its
 * members' count and total, its biggest members and their common path.
 * Written only when there are suspects; the headline links to it. */
#include "config.h"

#include "hs-report-private.h"

static void
append_object (GString *out, HsAnalysis *a, HsObj o)
{
  g_string_append (out, "<code>");
  if (o < hs_heap_n_objects (a->heap))
    {
      hs_html_escape (out, hs_heap_object_class_name (a->heap, o));
      g_string_append (out, "@");
      hs_html_append_id (out, hs_heap_object_id (a->heap, o));
    }
  g_string_append (out, "</code>");
}

/* The engine's sentence, its `names` as code; every part escaped. */
static void
append_description (GString *out, const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text != NULL ? text : "", "`", -1);
  guint n = g_strv_length (parts);

  for (guint i = 0; i < n; i++)
    {
      /* An odd number of parts: the backticks pair up. */
      gboolean code = (i % 2 == 1) && (n % 2 == 1);
      if (code)
        g_string_append (out, "<code>");
      else if (i > 0 && n % 2 == 0)
        g_string_append_c (out, '`');
      hs_html_escape (out, parts[i]);
      if (code)
        g_string_append (out, "</code>");
    }
}

/* " (45%)" */
static void
append_in_parens (GString *out, double percent)
{
  g_string_append (out, " (");
  hs_format_append_percent (out, percent);
  g_string_append_c (out, ')');
}

static void
append_path (GString *out, HsAnalysis *a, const HsLeakTrace *path, const char *heading, const char *none)
{
  g_string_append_printf (out, "<h4>%s</h4>\n", heading);
  if (path != NULL && path->nodes != NULL && path->nodes->len > 0)
    hs_report_append_trace_path (out, a, path, HS_REPORT_PATH_SUSPECT);
  else
    g_string_append_printf (out, "<p class=\"none\">%s</p>\n", none);
}

static void
append_object_suspect (GString *out, HsAnalysis *a, const HsObjectSuspect *s, guint number)
{
  GArray *classes = s->retained_classes;

  g_string_append_printf (out, "<div class=\"suspect-card object-suspect\" id=\"suspect-%u\" data-id=\"",
                          number);
  hs_html_append_id (out, s->id);
  g_string_append_printf (out, "\" data-retained=\"%" G_GUINT64_FORMAT "\" data-accumulation=\"",
                          s->retained);
  hs_html_append_id (out, s->accumulation_id);
  g_string_append_printf (out, "\">\n<h3>Suspect %u</h3>\n<p class=\"suspect-desc\">", number);
  append_description (out, s->description);
  g_string_append (out, "</p>\n<p class=\"meta\">");
  append_object (out, a, s->obj);
  g_string_append (out, " retains ");
  hs_html_append_bytes (out, s->retained);
  append_in_parens (out, s->percent);
  g_string_append (out, " in ");
  hs_format_append_grouped (out, s->retained_count);
  g_string_append (out, s->retained_count == 1 ? " object" : " objects");
  g_string_append (out, ". Accumulation point: <span class=\"accumulation-point\">");
  append_object (out, a, s->accumulation);
  g_string_append (out, "</span>, retaining ");
  hs_html_append_bytes (out, s->accumulation_retained);
  g_string_append (out, ".</p>\n");

  append_path (out, a, s->path, "Shortest path from a GC root to the accumulation point",
               "No strong path from a GC root.");

  g_string_append (out, "<h4>Retained below the accumulation point</h4>\n");
  if (classes == NULL || classes->len == 0)
    {
      g_string_append (
          out, "<p class=\"none\">Nothing: the accumulation point holds no other object.</p>\n</div>\n");
      return;
    }
  g_string_append_printf (out,
                          "<table class=\"data sortable\" id=\"suspect-%u-classes\">\n<thead><tr>"
                          "<th>Class</th><th class=\"num\">Objects</th><th class=\"num\">Retained</th>"
                          "</tr></thead>\n<tbody>\n",
                          number);
  for (guint i = 0; i < classes->len; i++)
    {
      const HsSuspectClass *c = &g_array_index (classes, HsSuspectClass, i);
      g_string_append (out, "<tr><td class=\"name\">");
      hs_html_escape (out, c->class_name);
      g_string_append (out, "</td>");
      hs_html_td_count (out, c->count);
      hs_html_td_bytes (out, c->retained);
      g_string_append (out, "</tr>\n");
    }
  g_string_append (out, "</tbody>\n</table>\n");
  /* Where the bytes are, one level further down (outside the sortable
   * table, which would scatter nested rows). */
  for (guint i = 0; i < classes->len; i++)
    {
      const HsSuspectClass *c = &g_array_index (classes, HsSuspectClass, i);
      if (c->below == NULL || c->below->len == 0)
        continue;
      g_string_append (out, "<p class=\"below\">Under the ");
      hs_format_append_grouped (out, c->count);
      g_string_append (out, " <code>");
      hs_html_escape (out, c->class_name);
      g_string_append (out, "</code>:");
      for (guint j = 0; j < c->below->len; j++)
        {
          const HsSuspectClass *b = &g_array_index (c->below, HsSuspectClass, j);
          g_string_append (out, j ? ", " : " ");
          hs_format_append_grouped (out, b->count);
          g_string_append (out, " <code>");
          hs_html_escape (out, b->class_name);
          g_string_append (out, "</code> (");
          hs_html_append_bytes (out, b->retained);
          g_string_append (out, ")");
        }
      g_string_append (out, "</p>\n");
    }
  g_string_append (out, "</div>\n");
}

static void
append_class_suspect (GString *out, HsAnalysis *a, const HsClassSuspect *s, guint number)
{
  GArray *biggest = s->biggest;

  g_string_append_printf (
      out, "<div class=\"suspect-card class-suspect\" id=\"class-suspect-%u\" data-class=\"", number);
  hs_html_escape (out, s->class_name);
  g_string_append_printf (out,
                          "\" data-count=\"%" G_GUINT64_FORMAT "\" data-retained=\"%" G_GUINT64_FORMAT
                          "\">\n<h3>Class suspect %u</h3>\n<p class=\"suspect-desc\">",
                          s->count, s->retained, number);
  append_description (out, s->description);
  g_string_append (out, "</p>\n<p class=\"meta\">");
  hs_format_append_grouped (out, s->count);
  g_string_append (out, " objects of class <code>");
  hs_html_escape (out, s->class_name);
  g_string_append (out, "</code> retain ");
  hs_html_append_bytes (out, s->retained);
  append_in_parens (out, s->percent);
  g_string_append (out, " in all.</p>\n");

  g_string_append (out, "<h4>Biggest members</h4>\n<ol class=\"members\">\n");
  for (guint i = 0; biggest != NULL && i < biggest->len; i++)
    {
      HsObj o = g_array_index (biggest, HsObj, i);
      g_string_append (out, "<li>");
      append_object (out, a, o);
      if (a->dom != NULL && o < a->dom->n)
        {
          g_string_append (out, " retaining ");
          hs_html_append_bytes (out, hs_dom_tree_retained (a->dom, o));
        }
      g_string_append (out, "</li>\n");
    }
  g_string_append (out, "</ol>\n");
  if (s->threads != NULL && s->threads->len > 0)
    {
      /* Members held in locals: which thread and frame holds them. */
      g_string_append (out, "<h4>Held in locals of</h4>\n<ul class=\"threads\">\n");
      for (guint i = 0; i < s->threads->len; i++)
        {
          const HsSuspectThread *t = &g_array_index (s->threads, HsSuspectThread, i);
          g_string_append (out, "<li><code>");
          hs_html_escape (out, t->name != NULL ? t->name : "?");
          g_string_append (out, "</code>");
          if (t->frame != NULL)
            {
              g_string_append (out, " in <code>");
              hs_html_escape (out, t->frame);
              g_string_append (out, "</code>");
            }
          g_string_append (out, "</li>\n");
        }
      if (s->n_threads > s->threads->len)
        g_string_append_printf (out, "<li class=\"elided\">… %u more</li>\n", s->n_threads - s->threads->len);
      g_string_append (out, "</ul>\n");
    }
  append_path (out, a, s->common_path, "Common path of the biggest members",
               "Their paths from the GC roots share no object.");
  g_string_append (out, "</div>\n");
}

/* The merged paths of each suspect (an object suspect's object, a class
 * suspect's members: the dominator tree's top-level objects of its class),
 * from one search; NULL when they could not be found. */
static GPtrArray *
suspect_paths (HsAnalysis *a, const HsSuspects *s)
{
  guint no = s->objects->len, nc = s->classes->len;
  g_autoptr (GPtrArray) sets = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  g_autoptr (GHashTable) by_name = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree gsize *lens = g_new0 (gsize, no + nc + 1);
  g_autofree const HsObj **data = g_new0 (const HsObj *, no + nc + 1);

  if (a->dom == NULL)
    return NULL;
  for (guint i = 0; i < no; i++)
    {
      GArray *set = g_array_new (FALSE, FALSE, sizeof (HsObj));
      g_array_append_val (set, ((const HsObjectSuspect *)g_ptr_array_index (s->objects, i))->obj);
      g_ptr_array_add (sets, set);
    }
  for (guint i = 0; i < nc; i++)
    {
      const HsClassSuspect *c = g_ptr_array_index (s->classes, i);
      g_ptr_array_add (sets, g_array_new (FALSE, FALSE, sizeof (HsObj)));
      g_hash_table_insert (by_name, c->class_name, GUINT_TO_POINTER (no + i + 1));
    }
  if (nc > 0) /* one pass over the objects for every class suspect */
    for (guint64 o = 0; o < a->dom->n; o++)
      if ((guint64)a->dom->idom[o] == a->dom->n)
        {
          guint k = GPOINTER_TO_UINT (
              g_hash_table_lookup (by_name, hs_heap_object_class_name (a->heap, (HsObj)o)));
          if (k > 0)
            {
              HsObj x = (HsObj)o;
              g_array_append_val ((GArray *)g_ptr_array_index (sets, k - 1), x);
            }
        }
  for (guint i = 0; i < sets->len; i++)
    {
      GArray *set = g_ptr_array_index (sets, i);
      lens[i] = set->len;
      data[i] = (const HsObj *)set->data;
    }
  return hs_paths_merged_many (a->heap, a->dom, data, lens, sets->len, NULL, NULL);
}

void
hs_report_section_suspects (GString *out, const HsReportContext *ctx)
{
  HsAnalysis *a = ctx->analysis;
  const HsSuspects *s = a->suspects;
  guint no = s != NULL ? s->objects->len : 0, nc = s != NULL ? s->classes->len : 0;
  g_autoptr (GPtrArray) paths = NULL;

  if (no + nc == 0)
    return;
  g_string_append_printf (
      out,
      "<section id=\"suspects\" data-threshold=\"%" G_GUINT64_FORMAT
      "\" data-objects=\"%u\" data-classes=\"%u\">\n<h2>Problem suspects</h2>\n"
      "<p class=\"suspects-summary\">The objects, and the classes of the objects, that retain at least ",
      s->threshold, no, nc);
  hs_html_append_double (out, s->percent);
  g_string_append (out, "% of the ");
  hs_html_append_bytes (out, s->reachable_bytes);
  g_string_append (out, " reachable (");
  hs_html_append_bytes (out, s->threshold);
  g_string_append (out, " or more), where their memory accumulates and the shortest path to it. "
                        "Marked references lead into the accumulation point.</p>\n");
  paths = suspect_paths (a, s);
  for (guint i = 0; i < no; i++)
    {
      append_object_suspect (out, a, g_ptr_array_index (s->objects, i), i + 1);
      if (paths)
        hs_report_append_merged_paths (out, g_ptr_array_index (paths, i));
    }
  for (guint i = 0; i < nc; i++)
    {
      append_class_suspect (out, a, g_ptr_array_index (s->classes, i), i + 1);
      if (paths)
        hs_report_append_merged_paths (out, g_ptr_array_index (paths, no + i));
    }
  g_string_append (out, "</section>\n");
}
