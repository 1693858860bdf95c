/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-lexer.h: the tokens of an OQL query. Keywords are identifiers
 * (the parser compares them in any case); numbers carry their value. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  HS_OQL_TOK_END,
  HS_OQL_TOK_IDENT,  /* a Java identifier ($ allowed) */
  HS_OQL_TOK_ATTR,   /* @name: text without the @ */
  HS_OQL_TOK_INT,    /* decimal or 0x hex without suffix: value in i */
  HS_OQL_TOK_LONG,   /* with an L suffix */
  HS_OQL_TOK_DOUBLE, /* with a dot, an exponent or a D/F suffix: value in d */
  HS_OQL_TOK_STRING, /* "..." : text unescaped */
  HS_OQL_TOK_CHAR,   /* 'c' : value in i */
  HS_OQL_TOK_PUNCT,  /* ( ) [ ] , . * + - / = != <> < > <= >= : */
} HsOqlTokKind;

typedef struct
{
  HsOqlTokKind kind;
  guint start, len;   /* bytes of the query */
  guint line, column; /* 1-based; column in characters */
  gboolean hex;       /* an INT or LONG written 0x... */
  char *text;         /* IDENT, ATTR, STRING, PUNCT: owned by the token list */
  gint64 i;
  double d;
} HsOqlToken;

/* Splits text into tokens (ending with one HS_OQL_TOK_END). NULL with
 * error (HS_OQL_ERROR_SYNTAX, "line L, column C: ...") on a character
 * that starts no token, an unterminated string or a number out of range. */
GArray *hs_oql_lex (const char *text, GError **error);
void hs_oql_tokens_free (GArray *tokens);

G_END_DECLS
