/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-parser.h: recursive descent over the tokens into a flat query.
 * Recursion follows the query's nesting, which is limited
 * (HS_OQL_MAX_DEPTH), as is its length (HS_OQL_MAX_LENGTH). */
#pragma once

#include "hs-oql-ast.h"

G_BEGIN_DECLS

HsOqlQuery *hs_oql_parse (const char *text, GError **error);

G_END_DECLS
