/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-row.c: HsClassRow, one class of the loader's analysis; its
 * columns are read from the engine's class table when asked. */
#include "config.h"
#include "hs-class-row.h"

struct _HsClassRow
{
  GObject parent_instance;
  HsLoader *loader;
  HsClass klass;
  HsClassTable *table;
};

G_DEFINE_FINAL_TYPE (HsClassRow, hs_class_row, G_TYPE_OBJECT)

static void
hs_class_row_finalize (GObject *object)
{
  g_clear_object (&HS_CLASS_ROW (object)->loader);
  g_clear_pointer (&HS_CLASS_ROW (object)->table, hs_class_table_unref);
  G_OBJECT_CLASS (hs_class_row_parent_class)->finalize (object);
}

static void
hs_class_row_class_init (HsClassRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hs_class_row_finalize;
}

static void
hs_class_row_init (HsClassRow *self)
{
}

HsClassRow *
hs_class_row_new (HsLoader *loader, HsClass klass, HsClassTable *table)
{
  HsClassRow *self;

  g_return_val_if_fail (HS_IS_LOADER (loader), NULL);

  self = g_object_new (HS_TYPE_CLASS_ROW, NULL);
  self->loader = g_object_ref (loader);
  self->klass = klass;
  self->table = table != NULL ? hs_class_table_ref (table) : NULL;
  return self;
}

HsClass
hs_class_row_get_class (HsClassRow *self)
{
  g_return_val_if_fail (HS_IS_CLASS_ROW (self), 0);
  return self->klass;
}

const char *
hs_class_row_get_name (HsClassRow *self)
{
  HsAnalysis *a;
  const char *name;

  g_return_val_if_fail (HS_IS_CLASS_ROW (self), "");
  a = hs_loader_get_analysis (self->loader);
  name = a != NULL ? hs_class_name (a->heap, self->klass) : NULL;
  return name != NULL ? name : "";
}

const char *
hs_class_row_get_obfuscated_name (HsClassRow *self)
{
  HsAnalysis *a;

  g_return_val_if_fail (HS_IS_CLASS_ROW (self), NULL);
  a = hs_loader_get_analysis (self->loader);
  return a != NULL ? hs_class_obfuscated_name (a->heap, self->klass) : NULL;
}

guint64
hs_class_row_get_value (HsClassRow *self, HsClassColumn column)
{
  HsAnalysis *a;
  HsHeap *heap;

  g_return_val_if_fail (HS_IS_CLASS_ROW (self), 0);
  a = hs_loader_get_analysis (self->loader);
  if (a == NULL)
    return 0;
  heap = a->heap;
  if (self->table != NULL)
    {
      HsClassTable *t = self->table;
      switch (column)
        {
          case HS_CLASS_COLUMN_COUNT: return hs_class_table_count (t, self->klass);
          case HS_CLASS_COLUMN_REACHABLE: return hs_class_table_reachable (t, self->klass);
          case HS_CLASS_COLUMN_UNREACHABLE:
            return hs_class_table_count (t, self->klass) - hs_class_table_reachable (t, self->klass);
          case HS_CLASS_COLUMN_NATIVE: return hs_class_table_native (t, self->klass);
          case HS_CLASS_COLUMN_SHALLOW: return hs_class_table_shallow (t, self->klass);
          case HS_CLASS_COLUMN_RETAINED: return hs_class_table_retained (t, self->klass);
          case HS_CLASS_COLUMN_NAME:
          case HS_CLASS_N_COLUMNS:
          default: return 0;
        }
    }
  switch (column)
    {
      case HS_CLASS_COLUMN_COUNT: return hs_class_count (heap, self->klass);
      case HS_CLASS_COLUMN_REACHABLE: return hs_class_reachable_count (heap, self->klass);
      case HS_CLASS_COLUMN_UNREACHABLE:
        return hs_class_count (heap, self->klass) - hs_class_reachable_count (heap, self->klass);
      case HS_CLASS_COLUMN_SHALLOW: return hs_class_shallow (heap, self->klass);
      case HS_CLASS_COLUMN_NATIVE: return 0;
      case HS_CLASS_COLUMN_RETAINED: return a->class_retained != NULL ? a->class_retained[self->klass] : 0;
      case HS_CLASS_COLUMN_NAME:
      case HS_CLASS_N_COLUMNS:
      default: return 0;
    }
}
