/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-instance-filter.c: the instance list's filter (see the header). */
#include "config.h"
#include "hs-instance-filter.h"
#include "hs-search.h"

#include <string.h>

/* At most this much of a value is compared (a String of megabytes). */
#define MAX_TEXT 4096

typedef enum
{
  BY_TEXT,     /* display value contains text */
  BY_REGEX,    /* display value matches regex */
  BY_FIELD_EQ, /* field's text == text */
  BY_FIELD_RE, /* field's text matches regex */
  BY_RETAINED, /* retained size op bytes */
} Kind;

struct _HsInstanceFilter
{
  Kind kind;
  char *field;
  char *text;
  GRegex *regex;
  char op[3]; /* ">=", ">", "<=", "<", "=" */
  guint64 bytes;
};

void
hs_instance_filter_free (HsInstanceFilter *f)
{
  if (f == NULL)
    return;
  g_free (f->field);
  g_free (f->text);
  g_clear_pointer (&f->regex, g_regex_unref);
  g_free (f);
}

static gboolean
parse_size (const char *s, guint64 *out)
{
  static const struct
  {
    const char *unit;
    guint64 factor;
  } units[] = {
    { "", 1 },          { "b", 1 },         { "kb", 1000 },     { "mb", 1000000 }, { "gb", 1000000000 },
    { "kib", 1 << 10 }, { "mib", 1 << 20 }, { "gib", 1 << 30 },
  };
  char *end = NULL;
  double v;

  while (g_ascii_isspace (*s))
    s++;
  if (!g_ascii_isdigit (*s))
    return FALSE;
  v = g_ascii_strtod (s, &end);
  while (g_ascii_isspace (*end))
    end++;
  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (g_ascii_strcasecmp (end, units[i].unit) == 0)
      {
        double b = v * (double)units[i].factor;
        if (!(b >= 0) || b > 1.8e19)
          return FALSE;
        *out = (guint64)b;
        return TRUE;
      }
  return FALSE;
}

/* A field name: a Java identifier (letters, digits, _ and $). */
static gsize
field_length (const char *s)
{
  gsize i = 0;
  if (!(g_ascii_isalpha (s[0]) || s[0] == '_' || s[0] == '$'))
    return 0;
  while (g_ascii_isalnum (s[i]) || s[i] == '_' || s[i] == '$')
    i++;
  return i;
}

HsInstanceFilter *
hs_instance_filter_new (const char *text, GError **error)
{
  g_autofree char *t = g_strstrip (g_strdup (text != NULL ? text : ""));
  g_autoptr (HsInstanceFilter) f = g_new0 (HsInstanceFilter, 1);
  gsize len = strlen (t), k;

  if (len == 0)
    return NULL;
  if (g_ascii_strncasecmp (t, "retained", 8) == 0 && strchr ("<>=", t[8 + strspn (t + 8, " ")]) != NULL)
    {
      const char *p = t + 8 + strspn (t + 8, " ");
      gsize n = (p[0] != '=' && p[1] == '=') ? 2 : 1;
      memcpy (f->op, p, n);
      if (!parse_size (p + n, &f->bytes))
        {
          g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT,
                       "“%s” is no size: write it as 1048576, 500kB, 1MB or 2MiB", p + n);
          return NULL;
        }
      f->kind = BY_RETAINED;
      return g_steal_pointer (&f);
    }
  if (len >= 2 && t[0] == '/' && t[len - 1] == '/')
    {
      t[len - 1] = '\0';
      if (!(f->regex = g_regex_new (t + 1, G_REGEX_OPTIMIZE, 0, error)))
        return NULL;
      f->kind = BY_REGEX;
      return g_steal_pointer (&f);
    }
  k = field_length (t);
  if (k > 0 && (t[k] == '=' || t[k] == '~'))
    {
      f->field = g_strndup (t, k);
      f->text = g_strdup (t + k + 1);
      if (t[k] == '=')
        f->kind = BY_FIELD_EQ;
      else
        {
          if (!(f->regex = g_regex_new (f->text, G_REGEX_OPTIMIZE, 0, error)))
            return NULL;
          f->kind = BY_FIELD_RE;
        }
      return g_steal_pointer (&f);
    }
  f->kind = BY_TEXT;
  f->text = g_steal_pointer (&t);
  return g_steal_pointer (&f);
}

/* The display value of o into s: a String's contents, else its short
 * description (an array's length, a class's name, ...), else nothing. */
static void
display_value (HsHeap *heap, HsObj o, GString *s)
{
  g_string_truncate (s, 0);
  if (!hs_heap_append_string (heap, o, MAX_TEXT, s))
    {
      g_autofree char *desc = hs_heap_describe (heap, o);
      if (desc != NULL)
        g_string_append (s, desc);
    }
}

/* The field's value as text into s; FALSE when o has no such field. */
static gboolean
field_text (HsHeap *heap, HsObj o, const char *field, GString *s)
{
  HsValue v;

  g_string_truncate (s, 0);
  if (!hs_heap_read_field (heap, o, field, &v))
    return FALSE;
  switch (v.type)
    {
      case HS_TYPE_OBJECT:
        {
          HsObj target = v.id != 0 ? hs_heap_find (heap, v.id) : HS_OBJ_NONE;
          if (v.id == 0)
            g_string_append (s, "null");
          else if (target == HS_OBJ_NONE || !hs_heap_append_string (heap, target, MAX_TEXT, s))
            g_string_append_printf (s, "0x%" G_GINT64_MODIFIER "x", v.id);
        }
        break;
      case HS_TYPE_BOOLEAN: g_string_append (s, v.z ? "true" : "false"); break;
      case HS_TYPE_CHAR: g_string_append_unichar (s, v.c); break;
      case HS_TYPE_FLOAT: g_string_append_printf (s, "%g", v.f); break;
      case HS_TYPE_DOUBLE: g_string_append_printf (s, "%g", v.d); break;
      case HS_TYPE_BYTE: g_string_append_printf (s, "%d", v.b); break;
      case HS_TYPE_SHORT: g_string_append_printf (s, "%d", v.s); break;
      case HS_TYPE_INT: g_string_append_printf (s, "%d", v.i); break;
      case HS_TYPE_LONG: g_string_append_printf (s, "%" G_GINT64_FORMAT, v.j); break;
      default: return FALSE;
    }
  return TRUE;
}

static gboolean
match_with (const HsInstanceFilter *f, HsAnalysis *a, HsObj o, GString *s)
{
  HsHeap *heap = a->heap;

  switch (f->kind)
    {
      case BY_RETAINED:
        {
          guint64 r
              = a->dom != NULL && hs_heap_object_reachable (heap, o) ? hs_dom_tree_retained (a->dom, o) : 0;
          if (g_str_equal (f->op, ">="))
            return r >= f->bytes;
          if (g_str_equal (f->op, ">"))
            return r > f->bytes;
          if (g_str_equal (f->op, "<="))
            return r <= f->bytes;
          if (g_str_equal (f->op, "<"))
            return r < f->bytes;
          return r == f->bytes;
        }
      case BY_REGEX:
        display_value (heap, o, s);
        return g_regex_match_full (f->regex, s->str, s->len, 0, 0, NULL, NULL);
      case BY_FIELD_EQ: return field_text (heap, o, f->field, s) && g_str_equal (s->str, f->text);
      case BY_FIELD_RE:
        return field_text (heap, o, f->field, s)
               && g_regex_match_full (f->regex, s->str, s->len, 0, 0, NULL, NULL);
      case BY_TEXT:
      default:
        display_value (heap, o, s);
        return hs_search_contains (s->str, s->len, f->text, strlen (f->text));
    }
}

GArray *
hs_instance_filter_apply (const HsInstanceFilter *f, HsAnalysis *a, const HsObj *objs, gsize n,
                          GCancellable *cancellable, GError **error)
{
  g_autoptr (GString) s = g_string_new (NULL);
  GArray *out;

  g_return_val_if_fail (f != NULL && a != NULL, NULL);
  g_return_val_if_fail (objs != NULL || n == 0, NULL);
  out = g_array_new (FALSE, FALSE, sizeof (HsObj));
  for (gsize i = 0; i < n; i++)
    {
      if ((i & 0xfff) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        {
          g_array_unref (out);
          return NULL;
        }
      if (match_with (f, a, objs[i], s))
        g_array_append_val (out, objs[i]);
    }
  return out;
}
