/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-compare.h: the one comparison of two classes (or two nodes of
 * the grouped class table) that every class list uses: the CLI's
 * `classes`, the report, the window's class table and its tree. Engine
 * layer, no allocation.
 *
 * A class is compared by a value (a column: count, sizes; 0 for every
 * class when sorted by name), then its name in byte order, then its index
 * (the class index, or the node index in a tree), so every order is total
 * and every front end lists equal values the same way. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The class table's columns, which a class list is sorted by: the name,
 * then the figures (hs-class-table.h). */
typedef enum
{
  HS_CLASS_COLUMN_NAME,
  HS_CLASS_COLUMN_COUNT,
  HS_CLASS_COLUMN_REACHABLE,
  HS_CLASS_COLUMN_UNREACHABLE,
  HS_CLASS_COLUMN_NATIVE,
  HS_CLASS_COLUMN_SHALLOW,
  HS_CLASS_COLUMN_RETAINED,
  HS_CLASS_N_COLUMNS
} HsClassColumn;

typedef enum
{
  /* Value, name and index ascending. */
  HS_CLASS_ASCENDING,
  /* The ascending order turned whole (value, name and index descending):
   * the window's column header sorted descending, as GTK's column view
   * turns a column's sorter. */
  HS_CLASS_DESCENDING,
  /* Value descending, equal values by name and index ascending: the CLI's
   * `classes --sort`, the report, hs_query_sorted_classes. */
  HS_CLASS_BIGGEST_FIRST,
} HsClassDirection;

/* Class (or node) a, with value va and name na, against b: -1, 0 or 1.
 * A NULL name comes before every other. */
int hs_class_compare (guint64 va, const char *na, guint32 a, guint64 vb, const char *nb, guint32 b,
                      HsClassDirection direction);

G_END_DECLS
