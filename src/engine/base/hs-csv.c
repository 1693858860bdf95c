/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-csv.c: the one CSV row writer (see hs-csv.h). */
#include "config.h"

#include "hs-csv.h"
#include "hs-format.h"

void
hs_csv_init (HsCsv *csv, GString *out)
{
  g_return_if_fail (csv != NULL && out != NULL);
  csv->out = out;
  csv->col = 0;
}

static void
next_cell (HsCsv *csv)
{
  if (csv->col++ > 0)
    g_string_append_c (csv->out, ',');
}

void
hs_csv_header (HsCsv *csv, const char *const *names, guint n)
{
  for (guint i = 0; i < n; i++)
    hs_csv_text (csv, names[i]);
  hs_csv_end_row (csv);
}

void
hs_csv_text (HsCsv *csv, const char *s)
{
  next_cell (csv);
  if (s != NULL)
    hs_format_append_csv_cell (csv->out, s);
}

/* Digits without printf: a table of millions of rows is mostly numbers. */
static void
append_uint (GString *out, guint64 v, guint base)
{
  static const char digits[] = "0123456789abcdef";
  char buf[24];
  guint i = sizeof buf;

  do
    {
      buf[--i] = digits[v % base];
      v /= base;
    }
  while (v != 0);
  g_string_append_len (out, buf + i, sizeof buf - i);
}

void
hs_csv_uint (HsCsv *csv, guint64 v)
{
  next_cell (csv);
  append_uint (csv->out, v, 10);
}

void
hs_csv_int (HsCsv *csv, gint64 v)
{
  next_cell (csv);
  if (v < 0)
    g_string_append_c (csv->out, '-');
  append_uint (csv->out, v < 0 ? -(guint64)v : (guint64)v, 10);
}

void
hs_csv_double (HsCsv *csv, double v)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  next_cell (csv);
  g_string_append (csv->out, g_ascii_dtostr (buf, sizeof buf, v));
}

void
hs_csv_id (HsCsv *csv, guint64 id)
{
  next_cell (csv);
  g_string_append (csv->out, "0x");
  append_uint (csv->out, id, 16);
}

void
hs_csv_empty (HsCsv *csv)
{
  next_cell (csv);
}

void
hs_csv_end_row (HsCsv *csv)
{
  g_string_append_c (csv->out, '\n');
  csv->col = 0;
}
