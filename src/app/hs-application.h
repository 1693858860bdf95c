/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-application.h: the AdwApplication (libadwaita 1.2: its style, dark
 * style following the system): app-wide actions and accelerators, opening
 * files. */
#pragma once

#include <adwaita.h>
#include "hs-settings.h"

G_BEGIN_DECLS

#define HS_TYPE_APPLICATION (hs_application_get_type ())
G_DECLARE_FINAL_TYPE (HsApplication, hs_application, HS, APPLICATION, AdwApplication)

HsApplication *hs_application_new (void);

G_END_DECLS
