/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-leaks.c: the report's leak section: application and library
 * leak groups, each with its traces as LeakCanary shows them; and the
 * trace renderer the suspects section shares (hs_report_append_trace_path). */
#include "config.h"

#include "hs-report-private.h"
#include "hs-leaks.h"

/* What the section prints at most (a dump can hold any number of leaks);
 * each cap says what it left out. Traces are already abridged by the
 * engine (HS_LEAK_TRACE_MAX_NODES): the gap is one line; a trace made
 * elsewhere with more nodes shows its first and last ones. */
#define MAX_GROUPS 100
#define MAX_TRACES_PER_GROUP 50
#define MAX_NODES_SHOWN HS_LEAK_TRACE_MAX_NODES
#define MAX_ALSO_LEAKING 20
#define MAX_WITHOUT_PATH 100

static void
append_elided (GString *out, guint64 n)
{
  g_string_append (out, "<li class=\"elided\">\xe2\x80\xa6 ");
  hs_format_append_grouped (out, n);
  g_string_append (out, " more</li>\n");
}

/* How a path's marked references look: a leak's suspects, or a problem
 * suspect's references into its accumulation point. */
typedef struct
{
  const char *mark_class; /* on the marked name */
  const char *mark_note;  /* the visible note after it */
  const char *mark_title;
  const char *last_class; /* on the last node's <li> */
} PathStyle;

static const PathStyle path_styles[] = {
  [HS_REPORT_PATH_LEAK] = { "suspect", "(suspect)", "suspect reference", "leaking-obj" },
  [HS_REPORT_PATH_SUSPECT] = { "into", "(into the accumulation point)",
                               "a reference on the way into the accumulation point", "accumulation" },
};

/* The reference from a trace node to the next, as LeakCanary writes it,
 * with the referring name marked when it is a suspect. */
static void
append_reference (GString *out, const HsLeakNode *node, const PathStyle *style)
{
  const char *mark = node->suspect ? style->mark_class : NULL;
  const char *owner = node->ref_owner_class ? node->ref_owner_class : node->class_name;

  g_string_append (out, "<div class=\"ref\">\xe2\x86\x93 ");
  switch (node->ref_kind)
    {
      case HS_PATH_REF_STATIC:
      case HS_PATH_REF_FIELD:
        if (node->ref_kind == HS_PATH_REF_STATIC)
          g_string_append (out, "<span class=\"kw\">static</span> ");
        g_string_append (out, "<span class=\"owner\" title=\"");
        hs_html_escape (out, owner);
        g_string_append (out, "\">");
        hs_html_escape (out, hs_format_simple_name (owner));
        g_string_append (out, "</span>.");
        g_string_append_printf (out, "<span class=\"field%s%s\">", mark ? " " : "", mark ? mark : "");
        hs_html_escape (out, node->ref_name ? node->ref_name : "?");
        g_string_append (out, "</span>");
        break;
      case HS_PATH_REF_ELEMENT:
        g_string_append (out, "<span class=\"owner\" title=\"");
        hs_html_escape (out, owner);
        g_string_append (out, "\">");
        hs_html_escape (out, hs_format_simple_name (owner));
        g_string_append_printf (out, "</span><span class=\"field%s%s\">[%u]</span>", mark ? " " : "",
                                mark ? mark : "", node->ref_index);
        break;
      case HS_PATH_REF_LOCAL:
      default:
        g_string_append_printf (out, "<span class=\"field%s%s\">&lt;Java Local&gt;</span>", mark ? " " : "",
                                mark ? mark : "");
        break;
    }
  if (node->suspect)
    g_string_append_printf (out, " <span class=\"sr\" title=\"%s\">%s</span>", style->mark_title,
                            style->mark_note);
  g_string_append (out, "</div>\n");
}

/* A trace's path as an ordered list: the GC root, then each node (class,
 * kind, id, description, status and reasons, retained size) with its
 * reference to the next. Leak traces and suspects' paths alike. */
void
hs_report_append_trace_path (GString *out, HsAnalysis *a, const HsLeakTrace *tr, HsReportPathStyle style)
{
  const PathStyle *st_style
      = &path_styles[style == HS_REPORT_PATH_SUSPECT ? HS_REPORT_PATH_SUSPECT : HS_REPORT_PATH_LEAK];
  guint n = tr->nodes ? tr->nodes->len : 0;
  guint64 n_obj = hs_heap_n_objects (a->heap);

  g_string_append (out, "<ol class=\"trace\">\n<li class=\"root\"><span class=\"gc-root\">GC Root: ");
  hs_html_escape (out, hs_root_type_name (tr->root_type));
  if (tr->root_thread_name)
    {
      g_string_append (out, " on thread \xe2\x80\x9c");
      hs_html_escape (out, tr->root_thread_name);
      g_string_append (out, "\xe2\x80\x9d");
    }
  g_string_append (out, "</span></li>\n");

  for (guint i = 0; i < n; i++)
    {
      const HsLeakNode *node = g_ptr_array_index (tr->nodes, i);
      if (tr->n_elided > 0 && i == MIN (tr->elided_at, n))
        append_elided (out, tr->n_elided);
      /* A trace made elsewhere (not abridged by the engine): its first
       * and last nodes. */
      if (n > MAX_NODES_SHOWN && i == HS_LEAK_TRACE_HEAD)
        {
          append_elided (out, n - HS_LEAK_TRACE_HEAD - HS_LEAK_TRACE_TAIL);
          i = n - HS_LEAK_TRACE_TAIL - 1;
          continue;
        }
      gboolean last = i + 1 == n;
      const char *st = node->leaking == HS_LEAKING_YES  ? "yes"
                       : node->leaking == HS_LEAKING_NO ? "no"
                                                        : "unknown";

      g_string_append_printf (out,
                              "<li class=\"node%s%s\" data-leaking=\"%s\">\n"
                              "<div class=\"node-head\"><span class=\"cls\">",
                              last ? " " : "", last ? st_style->last_class : "",
                              hs_leaking_name (node->leaking));
      hs_html_escape (out, node->class_name);
      g_string_append_printf (out, "</span> <span class=\"kind\">%s</span>", hs_leak_node_kind (node));
      if (node->obj != HS_OBJ_NONE && node->obj < n_obj)
        {
          g_string_append (out, " <span class=\"oid\">");
          hs_html_append_id (out, hs_heap_object_id (a->heap, node->obj));
          g_string_append (out, "</span>");
        }
      g_string_append (out, "</div>\n");
      if (node->description)
        {
          g_string_append (out, "<div class=\"desc\">");
          hs_html_escape (out, node->description);
          g_string_append (out, "</div>\n");
        }
      g_string_append_printf (out, "<div><span class=\"status %s\">Leaking: %s</span>", st,
                              hs_leaking_name (node->leaking));
      if (node->reasons && node->reasons->len > 0)
        {
          g_string_append (out, " <span class=\"reasons\">(");
          for (guint r = 0; r < node->reasons->len; r++)
            {
              if (r > 0)
                g_string_append (out, "; ");
              hs_html_escape (out, g_ptr_array_index (node->reasons, r));
            }
          g_string_append (out, ")</span>");
        }
      g_string_append (out, "</div>\n");

      if (a->dom && node->obj != HS_OBJ_NONE && node->obj < n_obj && node->obj < a->dom->n
          && a->dom->idom[node->obj] != HS_OBJ_NONE)
        {
          g_string_append (out, "<div class=\"retained\">Retaining ");
          hs_html_append_bytes (out, hs_dom_tree_retained (a->dom, node->obj));
          g_string_append (out, " in ");
          hs_format_append_grouped (out, hs_dom_tree_retained_count (a->dom, node->obj));
          g_string_append (out, hs_dom_tree_retained_count (a->dom, node->obj) == 1 ? " object" : " objects");
          g_string_append (out, "</div>\n");
        }
      if (!last)
        append_reference (out, node, st_style);
      g_string_append (out, "</li>\n");
    }
  g_string_append (out, "</ol>\n");
}

static void
append_trace (GString *out, HsAnalysis *a, const HsLeakTrace *tr, guint number, gboolean open)
{
  guint64 n_obj = hs_heap_n_objects (a->heap);

  g_string_append_printf (out,
                          "<details class=\"trace\" data-retained=\"%" G_GUINT64_FORMAT
                          "\" data-retained-count=\"%" G_GUINT64_FORMAT
                          "\"%s>\n<summary>Trace %u: retaining ",
                          tr->retained_bytes, tr->retained_count, open ? " open" : "", number);
  hs_html_append_bytes (out, tr->retained_bytes);
  g_string_append (out, " in ");
  hs_format_append_grouped (out, tr->retained_count);
  g_string_append (out, tr->retained_count == 1 ? " object" : " objects");
  g_string_append (out, "</summary>\n");

  gboolean has_desc = tr->watch_description && *tr->watch_description;
  gboolean has_key = tr->key && *tr->key;
  if (has_key || has_desc || tr->retained_duration_ms >= 0 || tr->watch_duration_ms >= 0)
    {
      g_string_append (out, "<p class=\"watch muted\">");
      if (has_desc)
        {
          g_string_append (out, "Watched: <span class=\"watch-desc\">");
          hs_html_escape (out, tr->watch_description);
          g_string_append (out, "</span>. ");
        }
      if (has_key)
        {
          g_string_append (out, "Key: <code>");
          hs_html_escape (out, tr->key);
          g_string_append (out, "</code>. ");
        }
      if (tr->watch_duration_ms >= 0)
        {
          g_string_append (out, "Watched ");
          hs_html_append_duration (out, tr->watch_duration_ms);
          g_string_append (out, " before the dump. ");
        }
      if (tr->retained_duration_ms >= 0)
        {
          g_string_append (out, "Retained for ");
          hs_html_append_duration (out, tr->retained_duration_ms);
          g_string_append (out, ". ");
        }
      g_string_append (out, "</p>\n");
    }

  hs_report_append_trace_path (out, a, tr, HS_REPORT_PATH_LEAK);

  if (tr->also_leaking && tr->also_leaking->len > 0)
    {
      g_string_append (out, "<p class=\"also\">Also retains leaking object");
      if (tr->also_leaking->len > 1)
        g_string_append_c (out, 's');
      g_string_append (out, ": ");
      for (guint i = 0; i < tr->also_leaking->len && i < MAX_ALSO_LEAKING; i++)
        {
          HsObj o = g_array_index (tr->also_leaking, HsObj, i);
          if (i > 0)
            g_string_append (out, ", ");
          if (o < n_obj)
            {
              g_string_append (out, "<code>");
              hs_html_escape (out, hs_heap_object_class_name (a->heap, o));
              g_string_append (out, "@");
              hs_html_append_id (out, hs_heap_object_id (a->heap, o));
              g_string_append (out, "</code>");
            }
        }
      if (tr->also_leaking->len > MAX_ALSO_LEAKING)
        {
          g_string_append (out, " and ");
          hs_format_append_grouped (out, tr->also_leaking->len - MAX_ALSO_LEAKING);
          g_string_append (out, " more (not shown)");
        }
      g_string_append (out, "</p>\n");
    }
  g_string_append (out, "</details>\n");
}

/* The merged paths of each group shown (its leaking objects), from one
 * search; NULL when they could not be found (no memory). */
static GPtrArray *
group_paths (HsAnalysis *a, GPtrArray *groups, guint n)
{
  g_autoptr (GPtrArray) sets = g_ptr_array_new_with_free_func ((GDestroyNotify)g_array_unref);
  g_autofree gsize *lens = g_new0 (gsize, MAX (n, 1));
  g_autofree const HsObj **data = g_new0 (const HsObj *, MAX (n, 1));

  for (guint g = 0; g < n; g++)
    {
      const HsLeakGroup *grp = g_ptr_array_index (groups, g);
      GArray *set = g_array_new (FALSE, FALSE, sizeof (HsObj));
      for (guint t = 0; grp->traces && t < grp->traces->len; t++)
        g_array_append_val (set, ((const HsLeakTrace *)g_ptr_array_index (grp->traces, t))->leaking_obj);
      g_ptr_array_add (sets, set);
      lens[g] = set->len;
      data[g] = (const HsObj *)set->data;
    }
  return hs_paths_merged_many (a->heap, a->dom, data, lens, n, NULL, NULL);
}

static void
append_groups (GString *out, HsAnalysis *a, GPtrArray *groups, const char *kind)
{
  guint n = groups ? groups->len : 0;
  g_autoptr (GPtrArray) paths = n > 0 ? group_paths (a, groups, MIN (n, MAX_GROUPS)) : NULL;

  if (n == 0)
    {
      g_string_append_printf (out, "<p class=\"none\">No %s leaks.</p>\n", kind);
      return;
    }
  for (guint g = 0; g < n && g < MAX_GROUPS; g++)
    {
      const HsLeakGroup *grp = g_ptr_array_index (groups, g);
      guint nt = grp->traces ? grp->traces->len : 0;
      guint64 bytes = 0;

      for (guint t = 0; t < nt; t++)
        bytes += ((const HsLeakTrace *)g_ptr_array_index (grp->traces, t))->retained_bytes;

      g_string_append_printf (out, "<article class=\"leak-group %s\" id=\"leak-%s-%u\" data-fingerprint=\"",
                              kind, kind, g + 1);
      hs_html_escape (out, grp->fingerprint);
      g_string_append_printf (out, "\" data-count=\"%u\">\n<h4>", nt);
      hs_html_escape (out, grp->description ? grp->description : "(no description)");
      g_string_append (out, "</h4>\n<p class=\"meta\">");
      g_string_append_printf (out, "<span class=\"count\">%u</span> leak instance%s, retaining ", nt,
                              nt == 1 ? "" : "s");
      hs_html_append_bytes (out, bytes);
      g_string_append (out, " in all. Fingerprint <code class=\"fp\">");
      hs_html_escape (out, grp->fingerprint);
      g_string_append (out, "</code>");
      if (grp->library_pattern)
        {
          g_string_append (out, ". Known library leak, matched by <code>");
          hs_html_escape (out, grp->library_pattern);
          g_string_append (out, "</code>");
        }
      g_string_append (out, ".</p>\n");

      for (guint t = 0; t < nt && t < MAX_TRACES_PER_GROUP; t++)
        append_trace (out, a, g_ptr_array_index (grp->traces, t), t + 1, t == 0);
      if (nt > MAX_TRACES_PER_GROUP)
        g_string_append_printf (
            out, "<p class=\"muted\">%u more instances with the same suspect references are not shown.</p>\n",
            nt - MAX_TRACES_PER_GROUP);
      if (paths != NULL)
        hs_report_append_merged_paths (out, g_ptr_array_index (paths, g));
      g_string_append (out, "</article>\n");
    }
  if (n > MAX_GROUPS)
    g_string_append_printf (out,
                            "<p class=\"muted more-groups\">%u more %s leak groups (the ones "
                            "retaining least) are not shown.</p>\n",
                            n - MAX_GROUPS, kind);
}

void
hs_report_section_leaks (GString *out, const HsReportContext *ctx)
{
  HsAnalysis *a = ctx->analysis;
  const HsLeakReport *r = a->leaks;
  guint na = r && r->application_leaks ? r->application_leaks->len : 0;
  guint nl = r && r->library_leaks ? r->library_leaks->len : 0;

  g_string_append_printf (out,
                          "<section id=\"leaks\" data-application-groups=\"%u\" data-library-groups=\"%u\">\n"
                          "<h2>Leaks</h2>\n",
                          na, nl);
  if (r == NULL)
    {
      g_string_append (out,
                       "<p class=\"none\">Leak detection was not run for this report.</p>\n</section>\n");
      return;
    }
  g_string_append_printf (
      out,
      "<p class=\"leak-summary\"><strong>%u</strong> application leak%s and "
      "<strong>%u</strong> library leak%s (groups of instances with the same suspect references). ",
      na, na == 1 ? "" : "s", nl, nl == 1 ? "" : "s");
  g_string_append (out, "Watched references seen: ");
  hs_format_append_grouped (out, r->n_watched);
  g_string_append (out, "; leaking objects found: ");
  hs_format_append_grouped (out, r->n_leaking_objects);
  g_string_append (out, ".</p>\n");
  g_string_append_printf (out, "<h3 id=\"application-leaks\">Application leaks (%u)</h3>\n", na);
  append_groups (out, a, r->application_leaks, "application");
  g_string_append_printf (out, "<h3 id=\"library-leaks\">Library leaks (%u)</h3>\n", nl);
  append_groups (out, a, r->library_leaks, "library");

  if (r->unreachable_leaking && r->unreachable_leaking->len > 0)
    {
      g_string_append (
          out, "<h3 id=\"unreachable-leaking\">Watched objects with no path from a GC root</h3>\n<ul>\n");
      for (guint i = 0; i < r->unreachable_leaking->len && i < MAX_WITHOUT_PATH; i++)
        {
          g_string_append (out, "<li>");
          hs_html_escape (out, g_ptr_array_index (r->unreachable_leaking, i));
          g_string_append (out, "</li>\n");
        }
      if (r->unreachable_leaking->len > MAX_WITHOUT_PATH)
        g_string_append_printf (out, "<li class=\"muted\">%u more not shown</li>\n",
                                r->unreachable_leaking->len - MAX_WITHOUT_PATH);
      g_string_append (out, "</ul>\n");
    }
  g_string_append (out, "</section>\n");
}
