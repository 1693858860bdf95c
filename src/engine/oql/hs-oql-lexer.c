/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-lexer.c: the query text cut into tokens, one pass, no backtracking. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "hs-oql-lexer.h"
#include "hs-oql.h"

typedef struct
{
  const char *text;
  guint pos, line, line_start;
  /* The last column found: (col_pos, col) on the current line, so that
   * columns are counted once along a line, not from its start per token. */
  guint col_pos, col;
  GArray *tokens;
} Lexer;

/* Columns count characters from 1. Tokens come in order, so counting
 * goes on from the last one. */
static guint
column_of (Lexer *lx, guint pos)
{
  if (lx->col_pos < lx->line_start || lx->col_pos > pos)
    {
      lx->col_pos = lx->line_start;
      lx->col = 1;
    }
  lx->col += (guint)g_utf8_strlen (lx->text + lx->col_pos, pos - lx->col_pos);
  lx->col_pos = pos;
  return lx->col;
}

static gboolean
fail (Lexer *lx, guint pos, GError **error, const char *what)
{
  g_set_error (error, HS_OQL_ERROR, HS_OQL_ERROR_SYNTAX, "line %u, column %u: %s", lx->line,
               column_of (lx, pos), what);
  return FALSE;
}

static gboolean
ident_start (char c)
{
  return g_ascii_isalpha (c) || c == '_' || c == '$' || (guchar)c >= 0x80;
}

static gboolean
ident_char (char c)
{
  return ident_start (c) || g_ascii_isdigit (c);
}

static HsOqlToken *
push (Lexer *lx, HsOqlTokKind kind, guint start)
{
  HsOqlToken t = { .kind = kind, .start = start, .line = lx->line, .column = column_of (lx, start) };
  g_array_append_val (lx->tokens, t);
  return &g_array_index (lx->tokens, HsOqlToken, lx->tokens->len - 1);
}

static gboolean
lex_number (Lexer *lx, GError **error)
{
  const char *s = lx->text;
  guint start = lx->pos, p = lx->pos;
  gboolean is_double = FALSE;

  if (s[p] == '0' && (s[p + 1] == 'x' || s[p + 1] == 'X'))
    {
      p += 2;
      guint digits = p;
      while (g_ascii_isxdigit (s[p]))
        p++;
      if (p == digits || p - digits > 16)
        return fail (lx, start, error, "a hexadecimal number needs 1 to 16 digits");
      guint64 v = g_ascii_strtoull (s + digits, NULL, 16);
      gboolean is_long = s[p] == 'L' || s[p] == 'l';
      HsOqlToken *t = push (lx, is_long ? HS_OQL_TOK_LONG : HS_OQL_TOK_INT, start);
      t->hex = TRUE;
      t->i = (gint64)v;
      lx->pos = p + (is_long ? 1 : 0);
      t->len = lx->pos - start;
      return TRUE;
    }
  while (g_ascii_isdigit (s[p]))
    p++;
  if (s[p] == '.' && g_ascii_isdigit (s[p + 1]))
    {
      is_double = TRUE;
      p++;
      while (g_ascii_isdigit (s[p]))
        p++;
    }
  if ((s[p] == 'e' || s[p] == 'E')
      && (g_ascii_isdigit (s[p + 1]) || ((s[p + 1] == '-' || s[p + 1] == '+') && g_ascii_isdigit (s[p + 2]))))
    {
      is_double = TRUE;
      p += 2;
      while (g_ascii_isdigit (s[p]))
        p++;
    }
  g_autofree char *num = g_strndup (s + start, p - start);
  char c = s[p];
  if (c == 'd' || c == 'D' || c == 'f' || c == 'F' || is_double)
    {
      HsOqlToken *t = push (lx, HS_OQL_TOK_DOUBLE, start);
      t->d = g_ascii_strtod (num, NULL);
      if (c == 'f' || c == 'F')
        t->d = (float)t->d;
      lx->pos = p + ((c == 'd' || c == 'D' || c == 'f' || c == 'F') ? 1 : 0);
      t->len = lx->pos - start;
      return TRUE;
    }
  gboolean is_long = c == 'L' || c == 'l';
  errno = 0;
  guint64 v = g_ascii_strtoull (num, NULL, 10);
  /* Up to 2^31 (2^63) so that a minus sign in front reaches the minimum. */
  if (errno || v > (is_long ? (guint64)G_MAXINT64 + 1 : (guint64)G_MAXINT32 + 1))
    return fail (lx, start, error,
                 is_long ? "a long out of range" : "an int out of range (write L for a long)");
  HsOqlToken *t = push (lx, is_long ? HS_OQL_TOK_LONG : HS_OQL_TOK_INT, start);
  t->i = (gint64)v;
  lx->pos = p + (is_long ? 1 : 0);
  t->len = lx->pos - start;
  return TRUE;
}

static gboolean
lex_quoted (Lexer *lx, GError **error)
{
  const char *s = lx->text;
  char q = s[lx->pos];
  guint start = lx->pos, p = lx->pos + 1;
  GString *out = g_string_new (NULL);

  while (s[p] && s[p] != q)
    {
      if (s[p] == '\n')
        break;
      if (s[p] == '\\' && s[p + 1])
        {
          char e = s[p + 1];
          g_string_append_c (out, e == 'n' ? '\n' : e == 't' ? '\t' : e == 'r' ? '\r' : e);
          /* A regex keeps its backslashes: \. means a dot there. */
          if (e != q && e != '\\' && e != 'n' && e != 't' && e != 'r')
            g_string_insert_c (out, out->len - 1, '\\');
          p += 2;
          continue;
        }
      g_string_append_c (out, s[p]);
      p++;
    }
  if (s[p] != q)
    {
      g_string_free (out, TRUE);
      return fail (lx, start, error,
                   q == '"' ? "a string with no closing \"" : "a character with no closing '");
    }
  if (q == '\'')
    {
      if (g_utf8_strlen (out->str, -1) != 1 || !g_utf8_validate (out->str, -1, NULL))
        {
          g_string_free (out, TRUE);
          return fail (lx, start, error, "a character literal holds one character ('c'); strings take \"\"");
        }
      HsOqlToken *t = push (lx, HS_OQL_TOK_CHAR, start);
      t->i = g_utf8_get_char (out->str);
      g_string_free (out, TRUE);
    }
  else
    {
      HsOqlToken *t = push (lx, HS_OQL_TOK_STRING, start);
      t->text = g_string_free (out, FALSE);
    }
  lx->pos = p + 1;
  g_array_index (lx->tokens, HsOqlToken, lx->tokens->len - 1).len = lx->pos - start;
  return TRUE;
}

GArray *
hs_oql_lex (const char *text, GError **error)
{
  Lexer lx = { .text = text, .line = 1, .col = 1 };
  static const char *const two[] = { "!=", "<>", "<=", ">=" };

  lx.tokens = g_array_new (FALSE, TRUE, sizeof (HsOqlToken));
  if (!g_utf8_validate (text, -1, NULL))
    {
      g_set_error (error, HS_OQL_ERROR, HS_OQL_ERROR_SYNTAX,
                   "line 1, column 1: the query is not valid UTF-8");
      hs_oql_tokens_free (lx.tokens);
      return NULL;
    }
  for (;;)
    {
      char c = text[lx.pos];
      if (c == '\n')
        {
          lx.pos++;
          lx.line++;
          lx.line_start = lx.pos;
          continue;
        }
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f')
        {
          lx.pos++;
          continue;
        }
      if (c == '/' && text[lx.pos + 1] == '/')
        {
          while (text[lx.pos] && text[lx.pos] != '\n')
            lx.pos++;
          continue;
        }
      if (c == '/' && text[lx.pos + 1] == '*')
        {
          guint start = lx.pos;
          lx.pos += 2;
          while (text[lx.pos] && !(text[lx.pos] == '*' && text[lx.pos + 1] == '/'))
            {
              if (text[lx.pos] == '\n')
                {
                  lx.line++;
                  lx.line_start = lx.pos + 1;
                }
              lx.pos++;
            }
          if (!text[lx.pos])
            {
              fail (&lx, start, error, "a comment with no closing */");
              goto failed;
            }
          lx.pos += 2;
          continue;
        }
      if (!c)
        {
          push (&lx, HS_OQL_TOK_END, lx.pos);
          return lx.tokens;
        }
      if (g_ascii_isdigit (c) || (c == '.' && g_ascii_isdigit (text[lx.pos + 1])))
        {
          if (!lex_number (&lx, error))
            goto failed;
          continue;
        }
      if (c == '"' || c == '\'')
        {
          if (!lex_quoted (&lx, error))
            goto failed;
          continue;
        }
      if (ident_start (c) || (c == '@' && ident_start (text[lx.pos + 1])))
        {
          guint start = lx.pos;
          gboolean attr = c == '@';
          lx.pos += attr ? 1 : 0;
          guint from = lx.pos;
          while (ident_char (text[lx.pos]))
            lx.pos++;
          HsOqlToken *t = push (&lx, attr ? HS_OQL_TOK_ATTR : HS_OQL_TOK_IDENT, start);
          t->text = g_strndup (text + from, lx.pos - from);
          t->len = lx.pos - start;
          continue;
        }
      gboolean matched = FALSE;
      for (guint i = 0; i < G_N_ELEMENTS (two); i++)
        if (strncmp (text + lx.pos, two[i], 2) == 0)
          {
            HsOqlToken *t = push (&lx, HS_OQL_TOK_PUNCT, lx.pos);
            t->text = g_strdup (g_str_equal (two[i], "<>") ? "!=" : two[i]);
            t->len = 2;
            lx.pos += 2;
            matched = TRUE;
            break;
          }
      if (matched)
        continue;
      if (strchr ("()[],.*+-/=<>:", c))
        {
          HsOqlToken *t = push (&lx, HS_OQL_TOK_PUNCT, lx.pos);
          t->text = g_strndup (&c, 1);
          t->len = 1;
          lx.pos++;
          continue;
        }
      if (c == '$' || (c == '@'))
        fail (&lx, lx.pos, error, "this OQL has no ${...} or @ without a name");
      else
        {
          char what[64];
          g_snprintf (what, sizeof what, "unexpected character '%c'", g_ascii_isprint (c) ? c : '?');
          fail (&lx, lx.pos, error, what);
        }
      goto failed;
    }
failed:
  hs_oql_tokens_free (lx.tokens);
  return NULL;
}

void
hs_oql_tokens_free (GArray *tokens)
{
  if (!tokens)
    return;
  for (guint i = 0; i < tokens->len; i++)
    g_free (g_array_index (tokens, HsOqlToken, i).text);
  g_array_unref (tokens);
}
