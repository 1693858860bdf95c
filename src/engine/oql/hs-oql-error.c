/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-error.c: the OQL error domain, shared by the lexer, the parser,
 * the evaluator and the entry points (hs-oql.h). */
#include "config.h"

#include "hs-oql.h"

GQuark
hs_oql_error_quark (void)
{
  return g_quark_from_static_string ("hs-oql-error-quark");
}
