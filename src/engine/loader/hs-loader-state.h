/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loader-state.h: the states of a loader (HsLoader's "state" property)
 * and their GEnum type. */
#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

typedef enum
{
  HS_LOADER_IDLE,
  HS_LOADER_LOADING,
  HS_LOADER_DONE,
  HS_LOADER_FAILED,
  HS_LOADER_CANCELLED,
} HsLoaderState;

#define HS_TYPE_LOADER_STATE (hs_loader_state_get_type ())
GType hs_loader_state_get_type (void);

G_END_DECLS
