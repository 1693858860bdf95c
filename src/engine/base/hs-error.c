/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-error.c: the engine's error domain (HS_ERROR, see hs-types.h). */
#include "config.h"

#include "hs-types.h"

GQuark
hs_error_quark (void)
{
  return g_quark_from_static_string ("hs-error-quark");
}
