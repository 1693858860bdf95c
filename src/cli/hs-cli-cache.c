/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-cache.c: heapscope-cli cache [--list | --clear] [--limit SIZE]:
 * the folder of persistent indexes (hs-index-cache.h): what is in it, its
 * size limit, emptying it. No DUMP argument. */
#include "config.h"

#include <string.h>

#include "hs-cli.h"
#include "hs-index-cache.h"

/* SIZE: a number of bytes with an optional binary unit (500M, 2G, 1.5G is
 * not taken: whole numbers only), 0 for no index kept, "default" for the
 * default limit (*is_default). */
gboolean
hs_cli_parse_size (const char *text, guint64 *bytes, gboolean *is_default, GError **error)
{
  static const char units[] = "KMGT";
  const char *p = text;
  guint64 v = 0;
  guint shift = 0;

  *is_default = FALSE;
  *bytes = 0;
  if (g_ascii_strcasecmp (text, "default") == 0)
    {
      *is_default = TRUE;
      return TRUE;
    }
  if (!g_ascii_isdigit (*p))
    goto bad;
  for (; g_ascii_isdigit (*p); p++)
    {
      guint d = (guint)(*p - '0');
      if (v > (G_MAXUINT64 - d) / 10)
        goto bad;
      v = v * 10 + d;
    }
  if (*p)
    {
      const char *u = strchr (units, g_ascii_toupper (*p));
      if (u == NULL)
        goto bad;
      shift = 10 * (guint)(u - units + 1);
      p++;
      /* 2G, 2GB, 2GiB: all binary. */
      if (g_ascii_strcasecmp (p, "B") == 0 || g_ascii_strcasecmp (p, "iB") == 0)
        p += strlen (p);
    }
  if (*p || (shift && v > (G_MAXUINT64 >> shift)))
    goto bad;
  *bytes = v << shift;
  return TRUE;

bad:
  g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
               "cache --limit takes a size (500M, 2G, 0 to keep no index) or \"default\", not \"%s\"", text);
  return FALSE;
}

static char *
date_text (gint64 unix_seconds)
{
  g_autoptr (GDateTime) t = NULL;

  if (unix_seconds <= 0)
    return g_strdup ("?");
  t = g_date_time_new_from_unix_local (unix_seconds);
  return t ? g_date_time_format (t, "%Y-%m-%d %H:%M") : g_strdup ("?");
}

static void
list_json (GString *out, GPtrArray *list, const char *dir, guint64 total, guint64 limit)
{
  g_string_append (out, "{\"folder\": ");
  hs_json_string (out, dir);
  g_string_append (out, ", \"indexes\": [");
  for (guint i = 0; i < list->len; i++)
    {
      const HsIndexCacheEntry *e = g_ptr_array_index (list, i);

      g_string_append (out, i ? ",\n  {\"path\": " : "\n  {\"path\": ");
      hs_json_string (out, e->path);
      g_string_append (out, ", \"dump_path\": ");
      if (e->dump_path)
        hs_json_string (out, e->dump_path);
      else
        g_string_append (out, "null");
      g_string_append_printf (out,
                              ", \"size\": %" G_GUINT64_FORMAT ", \"dump_size\": %" G_GUINT64_FORMAT
                              ", \"created\": %" G_GINT64_FORMAT ", \"last_used\": %" G_GINT64_FORMAT
                              ", \"usable\": %s}",
                              e->size, e->dump_size, e->created, e->last_used, e->usable ? "true" : "false");
    }
  g_string_append_printf (
      out,
      "%s], \"total\": %" G_GUINT64_FORMAT ", \"limit\": %" G_GUINT64_FORMAT ", \"limit_is_default\": %s}\n",
      list->len ? "\n" : "", total, limit, hs_index_cache_limit_is_set () ? "false" : "true");
}

static void
list_text (GString *out, GPtrArray *list, const char *dir, guint64 total, guint64 limit)
{
  g_autofree char *dir_shown = hs_cli_visible (dir, -1, FALSE);
  g_autofree char *total_text = hs_format_bytes (total);
  g_autofree char *limit_text = g_format_size_full (limit, G_FORMAT_SIZE_IEC_UNITS);

  if (list->len)
    g_string_append_printf (out, "%-16s  %9s  %9s  %-16s  %s\n", "LAST USED", "SIZE", "DUMP SIZE", "ANALYSED",
                            "DUMP");
  for (guint i = 0; i < list->len; i++)
    {
      const HsIndexCacheEntry *e = g_ptr_array_index (list, i);
      g_autofree char *used = date_text (e->last_used);
      g_autofree char *size = hs_format_bytes (e->size);
      g_autofree char *dump_size = e->dump_size ? hs_format_bytes (e->dump_size) : g_strdup ("?");
      g_autofree char *created = date_text (e->created);
      g_autofree char *dump = hs_cli_visible (e->dump_path ? e->dump_path : "?", -1, FALSE);
      g_autofree char *index_name = g_path_get_basename (e->path);
      g_autofree char *index_shown = hs_cli_visible (index_name, -1, FALSE);

      g_string_append_printf (out, "%-16s  %9s  %9s  %-16s  %s", used, size, dump_size, created, dump);
      if (!e->usable)
        g_string_append_printf (out, "  (unusable: %s)", index_shown);
      g_string_append_c (out, '\n');
    }
  g_string_append_printf (out, "%u %s, %s in %s\n", list->len, list->len == 1 ? "index" : "indexes",
                          total_text, dir_shown);
  if (hs_index_cache_limit_is_set ())
    g_string_append_printf (out, "limit %s (set with cache --limit; \"default\" to go back)\n", limit_text);
  else
    g_string_append_printf (out, "limit %s (default: 4 x the biggest index, at least 1 GiB)\n", limit_text);
}

static int
list (const HsCliOptions *o, GError **error)
{
  g_autofree char *dir = hs_index_cache_dir ();
  g_autoptr (GPtrArray) entries = hs_index_cache_list (error);
  g_autoptr (GString) out = g_string_new (NULL);
  guint64 total = 0, biggest = 0;

  if (entries == NULL)
    return 2;
  for (guint i = 0; i < entries->len; i++)
    {
      const HsIndexCacheEntry *e = g_ptr_array_index (entries, i);
      total += e->size;
      biggest = MAX (biggest, e->size);
    }
  if (o->json)
    list_json (out, entries, dir, total, hs_index_cache_limit (biggest));
  else
    list_text (out, entries, dir, total, hs_index_cache_limit (biggest));
  hs_cli_write (out);
  return 0;
}

static int
clear (const HsCliOptions *o, GError **error)
{
  g_autofree char *dir = hs_index_cache_dir ();
  g_autoptr (GString) out = g_string_new (NULL);
  guint64 removed = 0;
  gboolean ok = hs_index_cache_clear (&removed, error);

  if (!ok && removed == 0)
    return 2; /* nothing done: the error says why */
  if (o->json)
    g_string_append_printf (out, "{\"removed\": %" G_GUINT64_FORMAT "}\n", removed);
  else
    {
      g_autofree char *removed_text = hs_format_bytes (removed);
      g_autofree char *dir_shown = hs_cli_visible (dir, -1, FALSE);

      g_string_append_printf (out, "removed %s from %s\n", removed_text, dir_shown);
    }
  hs_cli_write (out);
  return ok ? 0 : 2;
}

int
hs_cli_cache (const HsCliOptions *o, const char *path, GError **error)
{
  if (path != NULL)
    {
      g_autofree char *dir = hs_index_cache_dir ();
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "cache takes no file: it works on %s", dir);
      return 2;
    }
  if (o->list && o->clear)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "cache: --list or --clear, not both");
      return 2;
    }
  if (o->limit_text)
    {
      guint64 bytes;
      gboolean is_default;

      if (!hs_cli_parse_size (o->limit_text, &bytes, &is_default, error)
          || !hs_index_cache_set_limit (bytes, is_default, error))
        return 2;
    }
  return o->clear ? clear (o, error) : list (o, error);
}
