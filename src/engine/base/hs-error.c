/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-error.c: the engine's error domain (HS_ERROR, see hs-types.h). */
#include "config.h"

#include "hs-types.h"

G_DEFINE_QUARK (hs - error - quark, hs_error)
