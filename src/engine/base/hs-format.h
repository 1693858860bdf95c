/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-format.h: human text shared by the CLI, the report and the window:
 * byte sizes, digit grouping, simple class names, packages and the one
 * package colour. Engine layer, GLib only, locale-independent except
 * hs_format_bytes (g_format_size). */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Human-readable byte size ("950 B", "94.5 kB": SI like LeakCanary).
 * Caller frees. */
char *hs_format_bytes (guint64 bytes);
/* 1234567 -> "1,234,567", appended to out. */
void hs_format_append_grouped (GString *out, guint64 value);
/* The same as a new string. Caller frees. */
char *hs_format_grouped (guint64 value);
/* A share of something for people, appended to out: the whole percent
 * ("45%", "100%" for 99.96), "<1%" when above 0 and below 1. */
void hs_format_append_percent (GString *out, double percent);
/* "com.example.Foo$Bar" -> "Foo$Bar"; arrays keep their brackets; NULL ->
 * "". Points into name. */
const char *hs_format_simple_name (const char *class_name);
/* Length of the package of a class name: "java.util.HashMap" -> 9
 * ("java.util"), "int[]" -> 0 (primitives, default package),
 * "java.lang.String[]" -> 9. */
gsize hs_format_package_len (const char *class_name);
/* The package as a new string ("" when none). Caller frees. */
char *hs_format_package (const char *class_name);
/* The one package colour, "#rrggbb" from a fixed palette (FNV-1a of the
 * package: stable across runs and platforms). Static string. */
const char *hs_format_package_colour (const char *class_name);
/* The same colour as red, green, blue in [0, 1] (for cairo). */
void hs_format_package_rgb (const char *class_name, double *red, double *green, double *blue);

/* One CSV cell (RFC 4180): as it is, or between double quotes (doubled
 * inside) when it holds a comma, a quote or a line break. A cell a
 * spreadsheet would run as a formula (it starts with = + - @, a tab or a
 * carriage return, and is not a plain number like "-12" or "1.5E3") gets
 * a leading apostrophe and quotes: "'=cmd()". Rows: hs-csv.h. */
void hs_format_append_csv_cell (GString *out, const char *s);

G_END_DECLS
