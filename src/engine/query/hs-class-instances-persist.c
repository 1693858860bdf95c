/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-instances-persist.c: every class's instances as two index
 * sections (hs-class-instances.h): the offsets, n_classes + 1 guint64, and
 * the objects, one HsObj each. Read in place from the mapped index. */
#include "config.h"

#include "hs-class-instances-private.h"
#include "hs-types.h"

gboolean
hs_class_instances_persist_write (const HsClassInstances *ci, HsIndexWriter *w, GError **error)
{
  g_return_val_if_fail (ci != NULL && w != NULL, FALSE);

  return hs_index_writer_add (w, HS_INDEX_SECTION_CLASS_INSTANCE_OFFSETS, ci->offsets,
                              sizeof (guint64) * ((guint64)ci->n_classes + 1), error)
         && hs_index_writer_add (w, HS_INDEX_SECTION_CLASS_INSTANCE_OBJECTS, ci->objs, sizeof (HsObj) * ci->n,
                                 error);
}

HsClassInstances *
hs_class_instances_persist_read (HsIndexFile *f, guint n_classes, guint64 n_objects, GError **error)
{
  guint64 off_len = 0, objs_len = 0;
  const guint64 *offsets = hs_index_file_section (f, HS_INDEX_SECTION_CLASS_INSTANCE_OFFSETS, &off_len);
  const HsObj *objs = hs_index_file_section (f, HS_INDEX_SECTION_CLASS_INSTANCE_OBJECTS, &objs_len);

  if (offsets == NULL && objs == NULL)
    return NULL;
  if (offsets == NULL || objs == NULL || off_len != sizeof (guint64) * ((guint64)n_classes + 1)
      || objs_len % sizeof (HsObj) != 0 || objs_len / sizeof (HsObj) > n_objects)
    goto bad;
  guint64 n = objs_len / sizeof (HsObj);
  /* Every range inside the list, none backwards: the lookup trusts them. */
  if (offsets[0] != 0 || offsets[n_classes] != n)
    goto bad;
  for (guint c = 0; c < n_classes; c++)
    if (offsets[c + 1] < offsets[c])
      goto bad;

  HsClassInstances *ci = g_new0 (HsClassInstances, 1);
  ci->n_classes = n_classes;
  ci->n = n;
  ci->offsets = offsets;
  ci->objs = objs;
  ci->index = hs_index_file_ref (f);
  return ci;

bad:
  g_set_error (error, HS_ERROR, HS_ERROR_INDEX,
               "%s: the instances of each class are not whole or not of this heap", hs_index_file_path (f));
  return NULL;
}
