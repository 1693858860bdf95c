/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-json.c: JSON string literals, ids and percentages (HTML escaping is
 * the report's: hs-report-html.c). */
#include "config.h"

#include "hs-json.h"

void
hs_json_string (GString *out, const char *s)
{
  g_return_if_fail (out != NULL);

  g_autofree char *valid = g_utf8_make_valid (s ? s : "", -1);

  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *)valid; *p; p++)
    switch (*p)
      {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        default:
          if (*p < 0x20)
            g_string_append_printf (out, "\\u%04x", *p);
          else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f)
            {
              /* U+0080..U+009F, the C1 controls (NEL, CSI...): escaped as
               * the C0 ones, never raw (valid UTF-8, so p[1] is there) */
              g_string_append_printf (out, "\\u%04x", p[1]);
              p++;
            }
          else
            g_string_append_c (out, (char)*p);
      }
  g_string_append_c (out, '"');
}

void
hs_json_string_or_null (GString *out, const char *s)
{
  if (s)
    hs_json_string (out, s);
  else
    g_string_append (out, "null");
}

void
hs_json_id (GString *out, guint64 id)
{
  g_string_append_printf (out, "\"0x%" G_GINT64_MODIFIER "x\"", id);
}

void
hs_json_percent (GString *out, double percent)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append (out, g_ascii_formatd (buf, sizeof buf, "%.2f", percent));
}
