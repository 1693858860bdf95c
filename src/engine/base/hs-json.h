/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-json.h: a minimal streaming JSON writer (engine layer). */
#pragma once
#include <glib.h>
G_BEGIN_DECLS
/* Appends s as a JSON string literal (quoted, escaped, invalid UTF-8
 * replaced): the C0 and C1 controls (U+0000..U+001F, U+0080..U+009F) as
 * \uXXXX, never raw. */
void hs_json_string (GString *out, const char *s);
/* The same, or null when s is NULL. */
void hs_json_string_or_null (GString *out, const char *s);
/* An object, class or thread id as a JSON string: "0x1a2b". */
void hs_json_id (GString *out, guint64 id);
/* A percentage as a JSON number with two decimals, whatever the locale. */
void hs_json_percent (GString *out, double percent);
G_END_DECLS
