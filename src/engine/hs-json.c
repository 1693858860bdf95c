/* hs-json.c: escaping for JSON and HTML output. */
#include "config.h"

#include "hs-json.h"

void
hs_json_string (GString *out, const char *s)
{
  g_autofree char *valid = g_utf8_make_valid (s ? s : "", -1);
  g_string_append_c (out, '"');
  for (const unsigned char *p = (const unsigned char *) valid; *p; p++) {
    switch (*p) {
    case '"': g_string_append (out, "\\\""); break;
    case '\\': g_string_append (out, "\\\\"); break;
    case '\n': g_string_append (out, "\\n"); break;
    case '\r': g_string_append (out, "\\r"); break;
    case '\t': g_string_append (out, "\\t"); break;
    default:
      if (*p < 0x20)
        g_string_append_printf (out, "\\u%04x", *p);
      else
        g_string_append_c (out, (char) *p);
    }
  }
  g_string_append_c (out, '"');
}

void
hs_html_escape (GString *out, const char *s)
{
  g_autofree char *valid = g_utf8_make_valid (s ? s : "", -1);
  for (const unsigned char *p = (const unsigned char *) valid; *p; p++) {
    switch (*p) {
    case '&': g_string_append (out, "&amp;"); break;
    case '<': g_string_append (out, "&lt;"); break;
    case '>': g_string_append (out, "&gt;"); break;
    case '"': g_string_append (out, "&quot;"); break;
    case '\'': g_string_append (out, "&#39;"); break;
    default:
      if (*p < 0x20 && *p != '\n' && *p != '\t')
        g_string_append_printf (out, "&#x%x;", 0x2400 + *p); /* control pictures */
      else
        g_string_append_c (out, (char) *p);
    }
  }
}
