/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-mcp-json.c: JSON text read with json-glib, its nesting bounded
 * first: json-glib's parser and writer recurse once per level, so a line
 * of 100,000 '[' (or a command's answer that deep) must be refused
 * before either sees it. */
#include "config.h"

#include "hs-mcp.h"

guint
hs_mcp_json_depth (const char *text, gsize len)
{
  guint depth = 0, deepest = 0;
  gboolean in_string = FALSE;

  for (gsize i = 0; i < len; i++)
    {
      char c = text[i];
      if (in_string)
        {
          if (c == '\\')
            i++; /* the escaped character, whatever it is */
          else if (c == '"')
            in_string = FALSE;
          continue;
        }
      if (c == '"')
        in_string = TRUE;
      else if (c == '[' || c == '{')
        {
          depth++;
          deepest = MAX (deepest, depth);
        }
      else if ((c == ']' || c == '}') && depth > 0)
        depth--;
    }
  return deepest;
}

JsonNode *
hs_mcp_json_parse (const char *text, gsize len, guint max_depth, GError **error)
{
  g_autoptr (JsonParser) parser = NULL;
  guint depth = hs_mcp_json_depth (text, len);

  if (depth > max_depth)
    {
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE, "nested %u levels deep (at most %u)",
                   depth, max_depth);
      return NULL;
    }
  if (len > G_MAXSSIZE)
    {
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE, "too long");
      return NULL;
    }
  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, text, (gssize)len, error))
    return NULL;
  if (!json_parser_get_root (parser))
    {
      g_set_error (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE, "no value");
      return NULL;
    }
  return json_node_copy (json_parser_get_root (parser));
}
