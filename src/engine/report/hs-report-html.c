/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-report-html.c: the report's one HTML escaper and its small cell and
 * row writers (locale-independent). */
#include "config.h"

#include "hs-report-private.h"

static gboolean
is_forbidden (guchar c)
{
  return (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f;
}

void
hs_html_escape (GString *out, const char *s)
{
  g_autofree char *valid = NULL;

  g_return_if_fail (out != NULL);

  if (s == NULL)
    return;
  if (!g_utf8_validate (s, -1, NULL))
    s = valid = g_utf8_make_valid (s, -1);
  for (const guchar *p = (const guchar *)s; *p; p++)
    switch (*p)
      {
        case '&': g_string_append (out, "&amp;"); break;
        case '<': g_string_append (out, "&lt;"); break;
        case '>': g_string_append (out, "&gt;"); break;
        case '"': g_string_append (out, "&quot;"); break;
        case '\'': g_string_append (out, "&#39;"); break;
        default:
          if (is_forbidden (*p))
            g_string_append (out, "\xef\xbf\xbd");
          else
            g_string_append_c (out, (char)*p);
      }
}

void
hs_html_append_u64 (GString *out, guint64 v)
{
  g_string_append_printf (out, "%" G_GUINT64_FORMAT, v);
}

void
hs_html_append_bytes (GString *out, guint64 v)
{
  g_autofree char *h = hs_format_bytes (v);
  hs_html_escape (out, h);
}

void
hs_html_append_id (GString *out, guint64 id)
{
  g_string_append_printf (out, "0x%" G_GINT64_MODIFIER "x", id);
}

void
hs_html_append_double (GString *out, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.1f", v));
}

void
hs_html_append_duration (GString *out, gint64 ms)
{
  g_string_append_printf (out, "<span title=\"%" G_GINT64_FORMAT " ms\">", ms);
  if (ms < 1000)
    g_string_append_printf (out, "%" G_GINT64_FORMAT " ms", ms);
  else
    {
      hs_html_append_double (out, (double)ms / 1000.0);
      g_string_append (out, " s");
    }
  g_string_append (out, "</span>");
}

void
hs_html_td_bytes (GString *out, guint64 v)
{
  g_string_append (out, "<td class=\"num\" data-v=\"");
  hs_html_append_u64 (out, v);
  g_string_append (out, "\" title=\"");
  hs_format_append_grouped (out, v);
  g_string_append (out, " bytes\">");
  hs_html_append_bytes (out, v);
  g_string_append (out, "</td>");
}

void
hs_html_td_count (GString *out, guint64 v)
{
  g_string_append (out, "<td class=\"num\" data-v=\"");
  hs_html_append_u64 (out, v);
  g_string_append (out, "\">");
  hs_format_append_grouped (out, v);
  g_string_append (out, "</td>");
}

void
hs_html_kv_text (GString *out, const char *key, const char *value)
{
  g_string_append_printf (out, "<tr><th scope=\"row\">%s</th><td>", key);
  hs_html_escape (out, value);
  g_string_append (out, "</td></tr>\n");
}

void
hs_html_kv_count (GString *out, const char *key, guint64 v)
{
  g_string_append_printf (out, "<tr><th scope=\"row\">%s</th><td class=\"num\">", key);
  hs_format_append_grouped (out, v);
  g_string_append (out, "</td></tr>\n");
}

void
hs_html_kv_bytes (GString *out, const char *key, guint64 v)
{
  g_string_append_printf (out, "<tr><th scope=\"row\">%s</th><td class=\"num\">", key);
  hs_html_append_bytes (out, v);
  g_string_append (out, " <span class=\"exact\">(");
  hs_format_append_grouped (out, v);
  g_string_append (out, " bytes)</span></td></tr>\n");
}
