/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-thread-item.h: one row of the Threads view's table: a thread's
 * columns as text and numbers, with properties the table's sorters read.
 * A plain row the view fills (its fields are public to it). */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

#define HS_TYPE_THREAD_ITEM (hs_thread_item_get_type ())
G_DECLARE_FINAL_TYPE (HsThreadItem, hs_thread_item, HS, THREAD_ITEM, GObject)

struct _HsThreadItem
{
  GObject parent_instance;
  guint index;
  char *name, *id, *daemon, *state;
  guint64 retained, stack_retained;
  gboolean top;
};

G_END_DECLS
