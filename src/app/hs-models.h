/* hs-models.h: list models that build tiny row objects on demand from
 * object or class indexes (never one GObject per heap object up front). */
#pragma once

#include <gtk/gtk.h>
#include "hs-loader.h"

G_BEGIN_DECLS

/* --- one object --------------------------------------------------------- */
#define HS_TYPE_OBJECT_ROW (hs_object_row_get_type ())
G_DECLARE_FINAL_TYPE (HsObjectRow, hs_object_row, HS, OBJECT_ROW, GObject)

HsObjectRow *hs_object_row_new          (HsLoader *loader, HsObj obj);
HsObj        hs_object_row_get_obj      (HsObjectRow *self);
HsLoader    *hs_object_row_get_loader   (HsObjectRow *self);
guint64      hs_object_row_get_retained (HsObjectRow *self);
guint64      hs_object_row_get_shallow  (HsObjectRow *self);

/* --- a list of objects -------------------------------------------------- */
#define HS_TYPE_OBJECT_LIST (hs_object_list_get_type ())
G_DECLARE_FINAL_TYPE (HsObjectList, hs_object_list, HS, OBJECT_LIST, GObject)

/* Borrows items (they must live as long as the loader's analysis, e.g. the
 * dominator tree's child lists). */
HsObjectList *hs_object_list_new_borrowed (HsLoader *loader, const HsObj *items, gsize n);
/* Takes ownership of the array of HsObj. */
HsObjectList *hs_object_list_new_take     (HsLoader *loader, GArray *items);
HsObj         hs_object_list_get_obj      (HsObjectList *self, guint position);

/* Instances of a class, largest retained size first (then shallow). */
GArray       *hs_instances_of_class       (HsAnalysis *analysis, HsClass c);

/* --- classes ------------------------------------------------------------ */
typedef enum {
  HS_CLASS_COLUMN_NAME,
  HS_CLASS_COLUMN_COUNT,
  HS_CLASS_COLUMN_REACHABLE,
  HS_CLASS_COLUMN_UNREACHABLE,
  HS_CLASS_COLUMN_SHALLOW,
  HS_CLASS_COLUMN_RETAINED,
  HS_CLASS_N_COLUMNS
} HsClassColumn;

#define HS_TYPE_CLASS_ROW (hs_class_row_get_type ())
G_DECLARE_FINAL_TYPE (HsClassRow, hs_class_row, HS, CLASS_ROW, GObject)

HsClass      hs_class_row_get_class  (HsClassRow *self);
const char  *hs_class_row_get_name   (HsClassRow *self);
/* Numeric value of a column (not NAME). */
guint64      hs_class_row_get_value  (HsClassRow *self, HsClassColumn column);

#define HS_TYPE_CLASS_MODEL (hs_class_model_get_type ())
G_DECLARE_FINAL_TYPE (HsClassModel, hs_class_model, HS, CLASS_MODEL, GObject)

HsClassModel *hs_class_model_new (HsLoader *loader);

/* A sorter for one column: ascending order of that column, ties broken by
 * name then class index so every order is total. */
GtkSorter    *hs_class_sorter_new (HsClassColumn column);

G_END_DECLS
