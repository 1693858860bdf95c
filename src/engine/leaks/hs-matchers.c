/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-matchers.c: parsing the library-leak matcher table. */
#include "config.h"

#include "hs-matchers.h"
#include "hs-option-file.h"
#include "hs-heap.h" /* HS_ERROR only */

#include <string.h>
#include <stdlib.h>

#define BUILTIN_RESOURCE "/org/heapscope/engine/leak-matchers.txt"

static void
matcher_free (gpointer p)
{
  HsMatcher *m = p;
  if (m == NULL)
    return;
  g_free (m->class_name);
  g_free (m->field_name);
  g_free (m->thread_name);
  g_free (m->manufacturer);
  g_free (m->description);
  g_free (m->pattern);
  g_free (m);
}

void
hs_matchers_free (HsMatcherTable *table)
{
  if (table == NULL)
    return;
  g_ptr_array_unref (table->matchers);
  g_free (table->source);
  g_free (table);
}

static gboolean
parse_int (const char *s, int *out)
{
  char *end = NULL;
  long v;
  if (*s == '\0')
    return FALSE;
  v = strtol (s, &end, 10);
  if (end == s || *end != '\0' || v < 1 || v > 10000)
    return FALSE;
  *out = (int)v;
  return TRUE;
}

/* "15-28", "19-", "-22", "all", "21" */
static gboolean
parse_api_range (const char *s, int *min, int *max)
{
  const char *dash;
  *min = 0;
  *max = 0;
  if (g_str_equal (s, "all"))
    return TRUE;
  dash = strchr (s, '-');
  if (dash == NULL)
    {
      if (!parse_int (s, min))
        return FALSE;
      *max = *min;
      return TRUE;
    }
  {
    g_autofree char *lo = g_strndup (s, dash - s);
    const char *hi = dash + 1;
    if (*lo != '\0' && !parse_int (lo, min))
      return FALSE;
    if (*hi != '\0' && !parse_int (hi, max))
      return FALSE;
    if (*lo == '\0' && *hi == '\0')
      return FALSE;
    if (*min != 0 && *max != 0 && *min > *max)
      return FALSE;
  }
  return TRUE;
}

static gboolean
is_java_name (const char *s)
{
  if (s == NULL || *s == '\0')
    return FALSE;
  for (; *s; s++)
    if (g_ascii_isspace (*s) || *s == '|' || *s == '#')
      return FALSE;
  return TRUE;
}

/* Parses the first segment ("[ignored] KIND ARGS") into m. */
static gboolean
parse_head (char *head, HsMatcher *m, const char **why)
{
  g_auto (GStrv) words = NULL;
  guint n, i = 0;
  const char *kind;

  g_strstrip (head);
  words = g_strsplit_set (head, " \t", -1);
  /* squeeze empty words (several spaces) */
  {
    guint r, w = 0;
    for (r = 0; words[r] != NULL; r++)
      {
        if (*words[r] == '\0')
          {
            g_free (words[r]);
            continue;
          }
        words[w++] = words[r];
      }
    words[w] = NULL;
    n = w;
  }
  if (n > 0 && g_str_equal (words[0], "ignored"))
    {
      m->ignored = TRUE;
      i = 1;
    }
  if (i >= n)
    {
      *why = "missing matcher kind";
      return FALSE;
    }
  kind = words[i++];
  if (g_str_equal (kind, "instance_field") || g_str_equal (kind, "static_field"))
    {
      m->kind = g_str_equal (kind, "instance_field") ? HS_MATCHER_INSTANCE_FIELD : HS_MATCHER_STATIC_FIELD;
      if (n - i != 2 || !is_java_name (words[i]) || !is_java_name (words[i + 1]))
        {
          *why = "expected: CLASS FIELD";
          return FALSE;
        }
      m->class_name = g_strdup (words[i]);
      m->field_name = g_strdup (words[i + 1]);
      m->pattern = g_strdup_printf ("%s %s#%s",
                                    m->kind == HS_MATCHER_INSTANCE_FIELD ? "instance field" : "static field",
                                    m->class_name, m->field_name);
    }
  else if (g_str_equal (kind, "jni_global"))
    {
      m->kind = HS_MATCHER_JNI_GLOBAL;
      if (n - i != 1 || !is_java_name (words[i]))
        {
          *why = "expected: CLASS";
          return FALSE;
        }
      m->class_name = g_strdup (words[i]);
      m->pattern = g_strdup_printf ("native global variable referencing %s", m->class_name);
    }
  else if (g_str_equal (kind, "java_local"))
    {
      GString *name;
      m->kind = HS_MATCHER_JAVA_LOCAL;
      if (i >= n)
        {
          *why = "expected: THREAD_NAME";
          return FALSE;
        }
      /* The thread name is the rest of the segment (names may hold spaces). */
      name = g_string_new (NULL);
      for (; i < n; i++)
        {
          if (name->len > 0)
            g_string_append_c (name, ' ');
          g_string_append (name, words[i]);
        }
      m->thread_name = g_string_free (name, FALSE);
      m->pattern = g_strdup_printf ("local variable on thread %s", m->thread_name);
    }
  else
    {
      *why = "unknown matcher kind (instance_field, static_field, java_local, jni_global)";
      return FALSE;
    }
  return TRUE;
}

HsMatcherTable *
hs_matchers_parse (const char *text, gssize len, const char *source_name, GError **error)
{
  g_autoptr (GPtrArray) matchers = g_ptr_array_new_with_free_func (matcher_free);
  g_auto (GStrv) lines = NULL;
  g_autofree char *copy = NULL;
  HsMatcherTable *table;
  guint ln;

  if (source_name == NULL)
    source_name = "matchers";
  if (text == NULL)
    text = "";
  copy = len < 0 ? g_strdup (text) : g_strndup (text, (gsize)len);
  if (!g_utf8_validate (copy, -1, NULL))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_FORMAT, "%s: not valid UTF-8", source_name);
      return NULL;
    }
  lines = g_strsplit (copy, "\n", -1);
  for (ln = 0; lines[ln] != NULL; ln++)
    {
      g_autofree char *line = g_strstrip (g_strdup (lines[ln]));
      g_auto (GStrv) segs = NULL;
      HsMatcher *m;
      const char *why = NULL;
      guint s;

      if (*line == '\0' || *line == '#')
        continue;
      segs = g_strsplit (line, "|", -1);
      m = g_new0 (HsMatcher, 1);
      m->line = ln + 1;
      if (!parse_head (segs[0], m, &why))
        goto bad;
      for (s = 1; segs[s] != NULL; s++)
        {
          char *seg = g_strstrip (segs[s]);
          if (g_str_has_prefix (seg, "api ") || g_str_has_prefix (seg, "api\t"))
            {
              m->android_only = TRUE;
              if (!parse_api_range (g_strstrip (seg + 4), &m->api_min, &m->api_max))
                {
                  why = "bad API range (e.g. 15-28, 19-, -22, all)";
                  goto bad;
                }
            }
          else if (g_str_has_prefix (seg, "manufacturer "))
            {
              g_free (m->manufacturer);
              m->manufacturer = g_strdup (g_strstrip (seg + 13));
            }
          else
            {
              /* The description is the rest of the line, '|' included. */
              GString *d = g_string_new (seg);
              for (s = s + 1; segs[s] != NULL; s++)
                {
                  g_string_append (d, " |");
                  if (*segs[s] != '\0' && *segs[s] != ' ')
                    g_string_append_c (d, ' ');
                  g_string_append (d, segs[s]);
                }
              m->description = g_strstrip (g_string_free (d, FALSE));
              break;
            }
        }
      if (m->description == NULL || *m->description == '\0')
        {
          g_free (m->description);
          m->description = g_strdup (m->pattern);
        }
      g_ptr_array_add (matchers, m);
      continue;
    bad:
      g_set_error (error, HS_ERROR, HS_ERROR_FORMAT, "%s:%u: %s", source_name, ln + 1,
                   why ? why : "syntax error");
      matcher_free (m);
      return NULL;
    }

  table = g_new0 (HsMatcherTable, 1);
  table->matchers = g_steal_pointer (&matchers);
  table->source = g_strdup (source_name);
  return table;
}

HsMatcherTable *
hs_matchers_load (const char *path, GError **error)
{
  if (path == NULL)
    {
      g_autoptr (GError) local_error = NULL;
      g_autoptr (GBytes) bytes
          = g_resources_lookup_data (BUILTIN_RESOURCE, G_RESOURCE_LOOKUP_FLAGS_NONE, &local_error);
      gsize len = 0;
      const char *data;
      if (bytes == NULL)
        {
          /* A binary linked without the engine's resources (a build bug):
           * say so, and go on without library-leak patterns rather than
           * failing the whole analysis. */
          g_warning ("built-in leak matcher table missing: %s", local_error->message);
          return hs_matchers_parse ("", 0, "leak-matchers.txt (missing)", error);
        }
      data = g_bytes_get_data (bytes, &len);
      return hs_matchers_parse (data, (gssize)len, "leak-matchers.txt (built in)", error);
    }
  else
    {
      /* A table is a few kB: 16 MiB is room for any, and /dev/zero or a
       * pipe is refused before anything is read. */
      gsize len = 0;
      g_autofree char *contents
          = hs_option_file_read (path, HS_MATCHERS_MAX_BYTES, "leak matcher table", "16 MiB", &len, error);
      if (contents == NULL)
        return NULL;
      return hs_matchers_parse (contents, (gssize)len, path, error);
    }
}

gboolean
hs_matcher_applies (const HsMatcher *m, int api_level, const char *manufacturer)
{
  if (m->android_only && api_level < 0)
    return FALSE;
  if (api_level > 0)
    {
      if (m->api_min > 0 && api_level < m->api_min)
        return FALSE;
      if (m->api_max > 0 && api_level > m->api_max)
        return FALSE;
    }
  if (m->manufacturer != NULL && manufacturer != NULL
      && g_ascii_strcasecmp (m->manufacturer, manufacturer) != 0)
    return FALSE;
  return TRUE;
}
