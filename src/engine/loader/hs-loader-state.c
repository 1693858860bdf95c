/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loader-state.c: the GEnum type of HsLoaderState. */
#include "config.h"
#include "hs-loader-state.h"

G_DEFINE_ENUM_TYPE (HsLoaderState, hs_loader_state, G_DEFINE_ENUM_VALUE (HS_LOADER_IDLE, "idle"),
                    G_DEFINE_ENUM_VALUE (HS_LOADER_LOADING, "loading"),
                    G_DEFINE_ENUM_VALUE (HS_LOADER_DONE, "done"),
                    G_DEFINE_ENUM_VALUE (HS_LOADER_FAILED, "failed"),
                    G_DEFINE_ENUM_VALUE (HS_LOADER_CANCELLED, "cancelled"))
