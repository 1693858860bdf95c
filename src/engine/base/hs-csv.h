/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-csv.h: CSV as every table of Heapscope writes it: the CLI's --csv,
 * the window's Copy as CSV and Save as CSV (hs-csv-export), the Query
 * view. RFC 4180 cells (hs_format_append_csv_cell: quoted when they hold
 * a comma, a quote or a line break, and defused when a spreadsheet would
 * read them as a formula; docs/robustness.md), separated by commas, each
 * row ended by "\n", a header row first. Numbers are plain integers (no
 * digit grouping, no units), object ids 0x and lowercase hex as the CLI
 * prints them. Engine layer, GLib only. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A row being written: the cells go to out, commas between them. */
typedef struct
{
  GString *out;
  guint col; /* cells written in the current row */
} HsCsv;

void hs_csv_init (HsCsv *csv, GString *out);
/* One row of n column names. */
void hs_csv_header (HsCsv *csv, const char *const *names, guint n);
/* A text cell (NULL: an empty cell). */
void hs_csv_text (HsCsv *csv, const char *s);
/* Numbers, unformatted. */
void hs_csv_uint (HsCsv *csv, guint64 v);
void hs_csv_int (HsCsv *csv, gint64 v);
/* A double in the shortest text that reads back to it ("0.5", "12"). */
void hs_csv_double (HsCsv *csv, double v);
/* An object id: "0x1f2e". */
void hs_csv_id (HsCsv *csv, guint64 id);
/* An empty cell (a value the row does not have). */
void hs_csv_empty (HsCsv *csv);
void hs_csv_end_row (HsCsv *csv);

G_END_DECLS
