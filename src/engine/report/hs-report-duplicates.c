/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-duplicates.c: the report's Duplicate classes section, when
 * several class loaders define a class of one name (a redeploy leak's
 * fingerprint; docs/semantics.md "Class loaders"): each name, how many
 * loaders define it, and each loader with its class's instances. */
#include "config.h"

#include "hs-report-private.h"
#include "hs-class-loaders.h"

/* Names shown; the rest are counted. */
#define MAX_DUPLICATES 100

gboolean
hs_report_duplicates_shown (const HsReportContext *ctx)
{
  g_autoptr (HsClassLoaders) cl = hs_class_loaders_compute (ctx->analysis, NULL, NULL);
  return cl != NULL && cl->n_duplicates > 0;
}

void
hs_report_section_duplicates (GString *out, const HsReportContext *ctx)
{
  g_autoptr (HsClassLoaders) cl = hs_class_loaders_compute (ctx->analysis, NULL, NULL);
  if (cl == NULL || cl->n_duplicates == 0)
    return;
  guint shown = MIN (cl->n_duplicates, MAX_DUPLICATES);

  g_string_append_printf (
      out,
      "<section id=\"duplicates\">\n<h2>Duplicate classes</h2>\n<p>%u class name%s defined "
      "by more than one class loader, most loaders first. Classes a web application or "
      "plug-in loads again at each redeployment while the old loader stays alive show "
      "here.</p>\n"
      "<table class=\"data sortable\" id=\"duplicate-table\">\n<thead><tr><th>Class</th>"
      "<th class=\"num\">Loaders</th><th class=\"num\">Instances</th>"
      "<th>Defined by (instances)</th></tr></thead>\n<tbody>\n",
      cl->n_duplicates, cl->n_duplicates == 1 ? "" : "s");
  for (guint i = 0; i < shown; i++)
    {
      const HsDuplicateClass *d = &cl->duplicates[i];
      g_string_append (out, "<tr><td class=\"name\"><code>");
      hs_html_escape (out, d->name);
      g_string_append (out, "</code></td>");
      hs_html_td_count (out, d->n_loaders);
      hs_html_td_count (out, d->instances);
      g_string_append (out, "<td><ul class=\"loaders\">");
      for (guint j = 0; j < d->n_defs; j++)
        {
          g_string_append (out, "<li>");
          hs_html_escape (out, cl->loaders[d->defs[j].loader].label);
          g_string_append (out, " (");
          hs_html_append_u64 (out, d->defs[j].instances);
          g_string_append (out, ")</li>");
        }
      g_string_append (out, "</ul></td></tr>\n");
    }
  g_string_append (out, "</tbody></table>\n");
  if (shown < cl->n_duplicates)
    g_string_append_printf (out, "<p class=\"more\">… %u more not shown.</p>\n", cl->n_duplicates - shown);
  g_string_append (out, "</section>\n");
}
