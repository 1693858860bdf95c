/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report.c: the self-contained HTML leak report: the page skeleton
 * (head, navigation, footer), the list of its sections and the write
 * (hs-file-save: atomic).
 *
 * One file, no network: inline CSS, an inline SVG treemap and one small
 * inline script (table sorting) that the page does not need to be read;
 * both come from the engine's GResource (report/report.css, report.js). A
 * Content-Security-Policy allows nothing but that script (by its hash,
 * computed from the resource) and inline styles, as a second line of
 * defence behind escaping: every string that comes from the dump goes
 * through hs_html_escape() (text and attribute values alike).
 *
 * Deterministic: the output depends only on the analysis (and the options);
 * the file is named by its base name, never its full path, and the only
 * clock read is the optional generation time.
 *
 * The sections (hs-report-private.h) are listed in `sections` below, in
 * page order; the navigation is made from the same table.
 */
#include "config.h"

#include "hs-report-private.h"
#include "hs-file-save.h"

#include <string.h>

#define DEFAULT_TOP_CLASSES 50
#define DEFAULT_TOP_OBJECTS 25

#define RESOURCE_CSS "/org/heapscope/engine/report/report.css"
#define RESOURCE_JS "/org/heapscope/engine/report/report.js"

static const HsReportSection sections[] = {
  { "suspects", NULL, hs_report_section_suspects }, /* only when there are: linked from the headline */
  { "dump", "Dump", hs_report_section_dump },
  { "totals", "Totals", hs_report_section_totals },
  { "heaps", "Heaps", hs_report_section_heaps, hs_report_heaps_shown }, /* Android: app, image, zygote */
  { "growth", "Growth", hs_report_section_growth, hs_report_growth_shown },
  { "growing", "Growing", hs_report_section_growing, hs_report_growing_shown },
  { "leaks", "Leaks", hs_report_section_leaks },
  { "classes", "Classes", hs_report_section_classes },
  { "duplicates", "Duplicate classes", hs_report_section_duplicates, hs_report_duplicates_shown },
  { "objects", "Biggest objects", hs_report_section_objects },
  { "insights", "Insights", hs_report_section_insights },
  { "treemap", "Treemap", hs_report_section_treemap },
  { "threads", NULL, hs_report_section_threads }, /* only with stacks: not in the nav */
  { "props", "System properties", hs_report_section_props, hs_report_props_shown },
  { "queries", "Queries", hs_report_section_queries, hs_report_queries_shown },
};

/* A fixed asset as text. The script's file ends with a newline an editor
 * may add or not: it is not part of the script (nor of its hash). */
static char *
load_asset (const char *path, gboolean chomp)
{
  g_autoptr (GBytes) bytes = g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  gsize len = 0;
  const char *data;

  /* A binary linked without the engine's resources is a build bug. */
  g_return_val_if_fail (bytes != NULL, g_strdup (""));
  data = g_bytes_get_data (bytes, &len);
  while (chomp && len > 0 && (data[len - 1] == '\n' || data[len - 1] == '\r'))
    len--;
  return g_strndup (data, len);
}

/* base64 SHA-256 of the inline script, for the Content-Security-Policy. */
static char *
script_hash (const char *script)
{
  guint8 digest[32];
  gsize len = sizeof digest;
  g_autoptr (GChecksum) ck = g_checksum_new (G_CHECKSUM_SHA256);
  g_checksum_update (ck, (const guchar *)script, strlen (script));
  g_checksum_get_digest (ck, digest, &len);
  return g_base64_encode (digest, len);
}

static void
append_head (GString *out, const char *base, const char *script)
{
  g_autofree char *hash = script_hash (script);
  g_autofree char *css = load_asset (RESOURCE_CSS, FALSE);

  g_string_append (out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
  g_string_append_printf (out,
                          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                          "style-src 'unsafe-inline'; img-src data:; script-src 'sha256-%s'\">\n",
                          hash);
  g_string_append (out, "<meta name=\"generator\" content=\"Heapscope " PACKAGE_VERSION
                        "\">\n<title>Heap report: ");
  hs_html_escape (out, base);
  g_string_append (out, "</title>\n<style>\n");
  g_string_append (out, css);
  g_string_append (out, "</style>\n</head>\n");
}

/* Whether a section is on this page (and in its navigation). */
static gboolean
section_shown (const HsReportSection *section, const HsReportContext *ctx)
{
  return section->shown == NULL || section->shown (ctx);
}

/* The title, the headline (leaks, suspects and reachable size) and the
 * navigation. */
static void
append_header (GString *out, const HsReportContext *ctx, const char *base)
{
  HsAnalysis *a = ctx->analysis;
  const HsLeakReport *r = a->leaks;
  const HsSummary *s = hs_heap_summary (a->heap);
  guint na = r && r->application_leaks ? r->application_leaks->len : 0;
  guint nl = r && r->library_leaks ? r->library_leaks->len : 0;

  g_string_append (out, "<body>\n<header>\n<h1>Heap report: <span class=\"file\">");
  hs_html_escape (out, base);
  g_string_append_printf (out,
                          "</span></h1>\n<p class=\"headline\"><strong>%u</strong> application leak%s, "
                          "<strong>%u</strong> library leak%s; ",
                          na, na == 1 ? "" : "s", nl, nl == 1 ? "" : "s");
  if (a->suspects != NULL)
    {
      guint ns = a->suspects->objects->len + a->suspects->classes->len;
      if (ns > 0)
        g_string_append_printf (out, "<a href=\"#suspects\"><strong>%u</strong> problem suspect%s</a>; ", ns,
                                ns == 1 ? "" : "s");
      else
        {
          g_string_append (out, "no problem suspects above ");
          hs_html_append_double (out, a->suspects->percent);
          g_string_append (out, "%; ");
        }
    }
  hs_html_append_bytes (out, s->reachable_bytes);
  g_string_append (out, " reachable in ");
  hs_format_append_grouped (out, s->reachable_objects);
  g_string_append (out, " objects.</p>\n<nav>");
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    if (sections[i].title != NULL && section_shown (&sections[i], ctx))
      g_string_append_printf (out, "<a href=\"#%s\">%s</a>", sections[i].id, sections[i].title);
  g_string_append (out, "</nav>\n</header>\n");
}

static void
append_footer (GString *out, const HsReportOptions *opts, const char *script)
{
  g_string_append (out, "<footer>Made by Heapscope " PACKAGE_VERSION);
  if (opts->include_generation_time)
    {
      g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
      g_autofree char *s = g_date_time_format (now, "%Y-%m-%d %H:%M:%S UTC");
      g_string_append (out, " on <time class=\"generated\">");
      hs_html_escape (out, s);
      g_string_append (out, "</time>");
    }
  g_string_append (
      out, ". Sizes in SI units (1 kB = 1000 bytes); exact byte counts in the tooltips.</footer>\n<script>");
  g_string_append (out, script);
  g_string_append (out, "</script>\n</body>\n</html>\n");
}

GString *
hs_report_build (HsAnalysis *analysis, const HsReportOptions *opts)
{
  HsReportOptions defaults = { FALSE, 0, 0, NULL };
  HsReportContext ctx;
  GString *out;

  g_return_val_if_fail (analysis != NULL && analysis->heap != NULL, NULL);
  if (opts == NULL)
    opts = &defaults;

  g_autofree char *base = g_path_get_basename (hs_heap_path (analysis->heap));
  g_autofree char *script = load_asset (RESOURCE_JS, TRUE);

  ctx.analysis = analysis;
  ctx.opts = opts;
  ctx.top_classes = opts->top_classes ? opts->top_classes : DEFAULT_TOP_CLASSES;
  ctx.top_objects = opts->top_objects ? opts->top_objects : DEFAULT_TOP_OBJECTS;

  out = g_string_sized_new (64 * 1024);
  append_head (out, base, script);
  append_header (out, &ctx, base);
  g_string_append (out, "<main>\n");
  for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
    if (section_shown (&sections[i], &ctx))
      sections[i].build (out, &ctx);
  g_string_append (out, "</main>\n");
  append_footer (out, opts, script);
  return out;
}

/* --- writing ------------------------------------------------------------ */

gboolean
hs_report_write (HsAnalysis *analysis, const HsReportOptions *opts, const char *path, GError **error)
{
  const char *dump;

  g_return_val_if_fail (analysis != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Checked before the report is built, and again as it is written. */
  dump = analysis->heap ? hs_heap_path (analysis->heap) : NULL;
  if (!hs_file_save_check (path, dump, "the report", error))
    return FALSE;
  /* Build first: nothing touches the disk until the report exists. */
  g_autoptr (GString) html = hs_report_build (analysis, opts);
  if (html == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "Cannot build the report for “%s”", path);
      return FALSE;
    }
  /* The dump may have changed under a mapping while the report was built:
   * the report would show zeros for what was cut, so it is not written. */
  if (analysis->heap && !hs_heap_check_unchanged (analysis->heap, error))
    return FALSE;
  return hs_file_save (path, html->str, html->len, dump, "the report", error);
}
