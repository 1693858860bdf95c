/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-props.c: the report's System properties section, when the
 * dump holds them: the JVM's input arguments, then every property by key
 * (docs/semantics.md "System properties and JVM arguments"). */
#include "config.h"

#include "hs-report-private.h"
#include "hs-system-props.h"

/* Properties shown; the rest are counted. */
#define MAX_PROPS 1000

gboolean
hs_report_props_shown (const HsReportContext *ctx)
{
  g_autoptr (HsSystemProps) p = hs_system_props_read (ctx->analysis->heap);
  return p->n_props > 0 || p->n_jvm_args > 0;
}

void
hs_report_section_props (GString *out, const HsReportContext *ctx)
{
  g_autoptr (HsSystemProps) p = hs_system_props_read (ctx->analysis->heap);
  if (p->n_props == 0 && p->n_jvm_args == 0)
    return;
  guint shown = MIN (p->n_props, MAX_PROPS);

  g_string_append (out, "<section id=\"props\">\n<h2>System properties</h2>\n");
  if (p->n_jvm_args > 0)
    {
      g_string_append (out, "<h3>JVM arguments</h3>\n<ol class=\"jvm-args\">");
      for (guint i = 0; i < p->n_jvm_args; i++)
        {
          g_string_append (out, "<li><code>");
          hs_html_escape (out, p->jvm_args[i]);
          g_string_append (out, "</code></li>");
        }
      g_string_append (out, "</ol>\n");
    }
  if (p->n_props > 0)
    {
      g_string_append (out, "<p>As <code>");
      hs_html_escape (out, p->source);
      g_string_append_printf (out, "</code> holds them: %u propert%s.</p>\n", p->n_props,
                              p->n_props == 1 ? "y" : "ies");
      g_string_append (out, "<table class=\"data sortable\" id=\"props-table\">\n<thead><tr><th>Key</th>"
                            "<th>Value</th></tr></thead>\n<tbody>\n");
      for (guint i = 0; i < shown; i++)
        {
          g_string_append (out, "<tr><td class=\"name\"><code>");
          hs_html_escape (out, p->props[i].key);
          g_string_append (out, "</code></td><td><code>");
          hs_html_escape (out, p->props[i].value);
          g_string_append (out, "</code></td></tr>\n");
        }
      g_string_append (out, "</tbody></table>\n");
      if (shown < p->n_props)
        g_string_append_printf (out, "<p class=\"more\">… %u more not shown.</p>\n", p->n_props - shown);
    }
  if (p->truncated)
    g_string_append (
        out, "<p class=\"more\">The dump holds more than was read (docs/semantics.md's bounds).</p>\n");
  g_string_append (out, "</section>\n");
}
