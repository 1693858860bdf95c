/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-json.h: a minimal streaming JSON writer (engine layer). */
#pragma once
#include <glib.h>
G_BEGIN_DECLS
/* Appends s as a JSON string literal (quoted, escaped, invalid UTF-8 replaced). */
void hs_json_string (GString *out, const char *s);
G_END_DECLS
