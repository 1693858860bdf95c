/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-csv-export.h: the window's one CSV exporter. Every table and tree of
 * the window copies and saves as CSV through it (hs-csv.h in the engine
 * writes the cells: a header row, numbers unformatted, object ids 0x hex
 * as the CLI prints them, formulas defused).
 *
 * A view plugs in by setting HsViewClass.write_csv and calling
 * hs_view_add_export_button (hs-view.h); the view's actions
 * export.copy-csv and export.save-csv call the functions below. A widget
 * that is not a view (the instances pane) installs the two actions
 * itself, with the same button (hs_csv_export_button_new). */
#pragma once

#include <gtk/gtk.h>
#include "hs-analysis.h"
#include "hs-csv.h"

G_BEGIN_DECLS

/* Writes one row for item (header excluded) through csv. */
typedef void (*HsCsvRowFunc) (gpointer item, HsCsv *csv, gpointer data);

/* The header row of columns, then one row per item of model, in the
 * model's order (what the table shows: its filter and its sort). */
void hs_csv_export_model (GString *out, const char *const *columns, guint n_columns, GListModel *model,
                          HsCsvRowFunc row, gpointer data);

/* A table of heap objects (HsObjectRow items, or with tree GtkTreeListRow
 * items of them: the rows expanded, as shown): [depth,] id, class,
 * shallow, retained; the "more" rows of a paged list (HsMoreRow) have no
 * row. */
void hs_csv_export_objects (GString *out, GListModel *model, gboolean tree);
/* The dominator tree grouped by class (GtkTreeListRow items of
 * HsDomGroupRow and HsObjectRow, as shown): depth, kind ("class" for a
 * group, "object"), name (the class's), id (the class's or the object's),
 * loader (a group's class's), objects, shallow, retained (a group's:
 * sums over its objects), largest (a group's largest object); the columns
 * of dominators --group class --csv. */
void hs_csv_export_dom_groups (GString *out, GListModel *model);
/* The same for objects of a (loaded) analysis, any thread: id, class,
 * shallow, retained. */
void hs_csv_export_object_array (GString *out, HsAnalysis *analysis, const HsObj *objs, gsize n);

/* The "Export" menu button (Copy as CSV: export.copy-csv; Save as CSV…:
 * export.save-csv) that every view puts at the end of its header. */
GtkWidget *hs_csv_export_button_new (void);

/* Puts csv on widget's clipboard and says so (win.toast). */
void hs_csv_export_copy (GtkWidget *widget, const char *csv);
/* Asks for a file (GtkFileChooserNative, suggested name, e.g.
 * "dump-classes.csv") and writes csv there on a worker with
 * hs_csv_export_write; a toast says where, or why not. keep: the dump's
 * path, never written over (may be NULL). Takes csv. */
void hs_csv_export_save (GtkWidget *widget, const char *suggested_name, GString *csv, const char *keep);
/* The same for a table too big to write on the UI thread (every
 * instance of a class: millions of rows): build (data, out) writes it on
 * a worker, then free_data (data) (may be NULL), on either thread. */
typedef void (*HsCsvBuildFunc) (gpointer data, GString *out);
void hs_csv_export_copy_built (GtkWidget *widget, HsCsvBuildFunc build, gpointer data,
                               GDestroyNotify free_data);
void hs_csv_export_save_built (GtkWidget *widget, const char *suggested_name, HsCsvBuildFunc build,
                               gpointer data, GDestroyNotify free_data, const char *keep);
/* The file: written to a temporary file in path's folder and renamed
 * into place (hs-file-save.h); never over a folder, a device, a pipe or
 * keep. */
gboolean hs_csv_export_write (const char *path, const char *csv, gsize len, const char *keep, GError **error);
/* "dump.hprof.gz", "classes" -> "dump-classes.csv". */
char *hs_csv_export_file_name (const char *dump_name, const char *what);

G_END_DECLS
