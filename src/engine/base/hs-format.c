/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-format.c: byte sizes, digit grouping, percentages, class and package
 * names and the package colour, for every front end (see hs-format.h). */
#include "config.h"

#include "hs-format.h"

#include <math.h>
#include <string.h>

char *
hs_format_bytes (guint64 bytes)
{
  if (bytes < 1000)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " B", bytes);
  return g_format_size (bytes);
}

void
hs_format_append_grouped (GString *out, guint64 value)
{
  char buf[32];
  int len;

  g_return_if_fail (out != NULL);

  len = g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, value);
  for (int i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (out, ',');
      g_string_append_c (out, buf[i]);
    }
}

char *
hs_format_grouped (guint64 value)
{
  GString *s = g_string_sized_new (32);
  hs_format_append_grouped (s, value);
  return g_string_free (s, FALSE);
}

void
hs_format_append_percent (GString *out, double percent)
{
  g_return_if_fail (out != NULL);
  if (percent > 0 && percent < 1)
    g_string_append (out, "<1%");
  else
    g_string_append_printf (out, "%.0f%%", floor (percent + 0.5));
}

const char *
hs_format_simple_name (const char *class_name)
{
  const char *dot;

  if (class_name == NULL)
    return "";
  dot = strrchr (class_name, '.');
  return dot ? dot + 1 : class_name;
}

gsize
hs_format_package_len (const char *class_name)
{
  const char *dot = class_name ? strrchr (class_name, '.') : NULL;
  return dot ? (gsize)(dot - class_name) : 0;
}

char *
hs_format_package (const char *class_name)
{
  return g_strndup (class_name ? class_name : "", hs_format_package_len (class_name));
}

/* Light enough for dark text on top, distinct side by side. */
static const char *const palette[] = {
  "#8fb8de", "#f2b880", "#9bd3a8", "#e6a0c4", "#c3b1e1", "#f7dc6f",
  "#a3d9e0", "#f0a6a0", "#b5cf8a", "#d9b99b", "#a8b8f0", "#e8c3a0",
};

/* Not g_str_hash: its value is not promised to stay the same. */
static guint32
fnv1a (const char *s, gsize len)
{
  guint32 h = 2166136261u;
  for (gsize i = 0; i < len; i++)
    {
      h ^= (guchar)s[i];
      h *= 16777619u;
    }
  return h;
}

const char *
hs_format_package_colour (const char *class_name)
{
  gsize len = hs_format_package_len (class_name);
  return palette[fnv1a (class_name ? class_name : "", len) % G_N_ELEMENTS (palette)];
}

static double
hex_channel (const char *hex)
{
  return (double)(g_ascii_xdigit_value (hex[0]) * 16 + g_ascii_xdigit_value (hex[1])) / 255.0;
}

void
hs_format_package_rgb (const char *class_name, double *red, double *green, double *blue)
{
  const char *hex = hs_format_package_colour (class_name) + 1;

  g_return_if_fail (red != NULL && green != NULL && blue != NULL);

  *red = hex_channel (hex);
  *green = hex_channel (hex + 2);
  *blue = hex_channel (hex + 4);
}

/* A plain decimal number ("-12", "+3.5", "1.0E40"): what a spreadsheet
 * reads as a number, never as a formula. */
static gboolean
is_plain_number (const char *s)
{
  const char *p = s;
  gboolean digits = FALSE;

  if (*p == '-' || *p == '+')
    p++;
  for (; g_ascii_isdigit (*p); p++)
    digits = TRUE;
  if (*p == '.')
    for (p++; g_ascii_isdigit (*p); p++)
      digits = TRUE;
  if (!digits)
    return FALSE;
  if (*p == 'e' || *p == 'E')
    {
      p++;
      if (*p == '-' || *p == '+')
        p++;
      if (!g_ascii_isdigit (*p))
        return FALSE;
      while (g_ascii_isdigit (*p))
        p++;
    }
  return *p == '\0';
}

void
hs_format_append_csv_cell (GString *out, const char *s)
{
  /* A spreadsheet runs a cell starting with = + - @ (or a tab or carriage
   * return before one) as a formula: such a text from the dump is
   * written with a leading apostrophe, inside quotes (OWASP's advice),
   * unless it is a plain number. docs/robustness.md, "CSV". */
  gboolean formula
      = (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' || s[0] == '\r')
        && !is_plain_number (s);

  if (!formula && !strpbrk (s, ",\"\n\r"))
    {
      g_string_append (out, s);
      return;
    }
  g_string_append_c (out, '"');
  if (formula)
    g_string_append_c (out, '\'');
  for (const char *p = s; *p; p++)
    {
      if (*p == '"')
        g_string_append_c (out, '"');
      g_string_append_c (out, *p);
    }
  g_string_append_c (out, '"');
}
