/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-parser.c: the grammar of Eclipse MAT's OQL, one function per rule:
 *
 *   select  := SELECT [DISTINCT | AS RETAINED SET] (* | OBJECTS expr | column {, column})
 *              FROM [OBJECTS] [INSTANCEOF] source [alias] [WHERE expr] {UNION ( select )}
 *   column  := expr [AS name]
 *   source  := ( select ) | ( expr ) | "regex" | class name | number {, number}
 *   expr    := and {OR and};  and := cmp {AND cmp}
 *   cmp     := sum [op sum | [NOT] LIKE "regex" | [NOT] IN sum | IMPLEMENTS class]
 *   sum     := prod {(+|-) prod};  prod := unary {(*|/) unary}
 *   unary   := - unary | NOT unary | postfix
 *   postfix := primary {. name [( args )] | . @name | [ expr [: expr] ]}
 *   primary := literal | ( select ) | ( expr ) | name ( args ) | name | @name */
#include "config.h"

#include <string.h>

#include "hs-oql-lexer.h"
#include "hs-oql-parser.h"
#include "hs-oql.h"

typedef struct
{
  const char *text;
  GArray *tokens;
  guint pos;
  guint depth;
  HsOqlQuery *q;
  GError **error;
} Parser;

static const char *const keywords[] = {
  "select", "from", "where", "union", "objects", "instanceof", "distinct", "as",    "retained", "set",
  "and",    "or",   "not",   "like",  "in",      "implements", "true",     "false", "null",
};

static HsOqlToken *
peek (Parser *p)
{
  return &g_array_index (p->tokens, HsOqlToken, p->pos);
}

static HsOqlToken *
peek_at (Parser *p, guint ahead)
{
  guint i = MIN (p->pos + ahead, p->tokens->len - 1);
  return &g_array_index (p->tokens, HsOqlToken, i);
}

static void
advance (Parser *p)
{
  if (peek (p)->kind != HS_OQL_TOK_END)
    p->pos++;
}

static gboolean
is_keyword (const HsOqlToken *t, const char *kw)
{
  return t->kind == HS_OQL_TOK_IDENT && g_ascii_strcasecmp (t->text, kw) == 0;
}

static gboolean
is_any_keyword (const HsOqlToken *t)
{
  for (guint i = 0; i < G_N_ELEMENTS (keywords); i++)
    if (is_keyword (t, keywords[i]))
      return TRUE;
  return FALSE;
}

static gboolean
is_punct (const HsOqlToken *t, const char *s)
{
  return t->kind == HS_OQL_TOK_PUNCT && g_str_equal (t->text, s);
}

/* Sets the error once: "line L, column C: expected WHAT, found X". */
static gboolean
expected (Parser *p, const char *what)
{
  if (p->error && *p->error)
    return FALSE;
  HsOqlToken *t = peek (p);
  g_autofree char *found = NULL;
  if (t->kind == HS_OQL_TOK_END)
    found = g_strdup ("the end of the query");
  else
    {
      /* At most 40 characters, cut between characters (the text is UTF-8). */
      g_autofree char *raw = g_strndup (p->text + t->start, t->len);
      g_autofree char *cut = g_utf8_substring (raw, 0, MIN (g_utf8_strlen (raw, -1), 40));
      found = g_strdup_printf ("\"%s\"", cut);
    }
  g_set_error (p->error, HS_OQL_ERROR, HS_OQL_ERROR_SYNTAX, "line %u, column %u: expected %s, found %s",
               t->line, t->column, what, found);
  return FALSE;
}

static gboolean
accept_keyword (Parser *p, const char *kw)
{
  if (!is_keyword (peek (p), kw))
    return FALSE;
  advance (p);
  return TRUE;
}

static gboolean
accept_punct (Parser *p, const char *s)
{
  if (!is_punct (peek (p), s))
    return FALSE;
  advance (p);
  return TRUE;
}

static gboolean
expect_punct (Parser *p, const char *s)
{
  if (accept_punct (p, s))
    return TRUE;
  g_autofree char *what = g_strdup_printf ("\"%s\"", s);
  return expected (p, what);
}

static gboolean
enter (Parser *p)
{
  if (++p->depth <= HS_OQL_MAX_DEPTH)
    return TRUE;
  if (p->error && !*p->error)
    {
      HsOqlToken *t = peek (p);
      g_set_error (p->error, HS_OQL_ERROR, HS_OQL_ERROR_LIMIT,
                   "line %u, column %u: the query nests deeper than %d brackets or sub-selects", t->line,
                   t->column, HS_OQL_MAX_DEPTH);
    }
  return FALSE;
}

static guint32
new_node (Parser *p, HsOqlNodeKind kind, const HsOqlToken *at)
{
  HsOqlNode n = { .kind = kind,
                  .a = HS_OQL_NONE,
                  .b = HS_OQL_NONE,
                  .c = HS_OQL_NONE,
                  .select = HS_OQL_NONE,
                  .line = at->line,
                  .column = at->column,
                  .height = 1 };
  g_array_append_val (p->q->nodes, n);
  return p->q->nodes->len - 1;
}

static guint
height_of (Parser *p, guint32 n)
{
  return n == HS_OQL_NONE ? 0 : hs_oql_node (p->q, n)->height;
}

/* Node n's height once its parts are set; FALSE (the error set at n) past
 * HS_OQL_MAX_EXPR_DEPTH. Chains are read by loops here, but evaluated
 * by recursion: their length is what this bounds. */
static gboolean
grown (Parser *p, guint32 n)
{
  HsOqlNode *node = hs_oql_node (p->q, n);
  guint h = MAX (height_of (p, node->a), MAX (height_of (p, node->b), height_of (p, node->c)));

  if (node->kind == HS_OQL_N_CALL || node->kind == HS_OQL_N_METHOD)
    for (guint i = 0; i < node->n_args; i++)
      h = MAX (h, height_of (p, hs_oql_arg (p->q, node->args_start + i)));
  if (node->kind == HS_OQL_N_SUBSELECT)
    {
      /* Its expressions are evaluated inside this one's. */
      const HsOqlSelect *s = hs_oql_select (p->q, node->select);
      for (guint32 i = s->node_start; i < s->node_end; i++)
        h = MAX (h, hs_oql_node (p->q, i)->height);
    }
  node->height = h + 1;
  if (node->height <= HS_OQL_MAX_EXPR_DEPTH)
    return TRUE;
  if (p->error && !*p->error)
    g_set_error (p->error, HS_OQL_ERROR, HS_OQL_ERROR_LIMIT,
                 "line %u, column %u: the expression is deeper than %d operators, fields, calls or indexes",
                 node->line, node->column, HS_OQL_MAX_EXPR_DEPTH);
  return FALSE;
}

static guint32
args_append (Parser *p, GArray *list)
{
  guint32 start = p->q->args->len;
  g_array_append_vals (p->q->args, list->data, list->len);
  return start;
}

static guint32 parse_expr (Parser *p);
static guint32 parse_select (Parser *p);

static gboolean
parse_args (Parser *p, guint32 node)
{
  g_autoptr (GArray) list = g_array_new (FALSE, FALSE, sizeof (guint32));
  if (!accept_punct (p, ")"))
    {
      do
        {
          guint32 a = parse_expr (p);
          if (a == HS_OQL_NONE)
            return FALSE;
          g_array_append_val (list, a);
        }
      while (accept_punct (p, ","));
      if (!expect_punct (p, ")"))
        return FALSE;
    }
  HsOqlNode *n = hs_oql_node (p->q, node);
  n->args_start = args_append (p, list);
  n->n_args = list->len;
  return TRUE;
}

static guint32
literal (Parser *p, HsOqlValue v)
{
  guint32 n = new_node (p, HS_OQL_N_LITERAL, peek (p));
  hs_oql_node (p->q, n)->value = v;
  advance (p);
  return n;
}

/* ( select ) or ( expr ), the "(" already read. */
static guint32
parse_paren (Parser *p)
{
  guint32 r;
  if (is_keyword (peek (p), "select"))
    {
      HsOqlToken *at = peek (p);
      guint32 s = parse_select (p);
      if (s == HS_OQL_NONE)
        return HS_OQL_NONE;
      r = new_node (p, HS_OQL_N_SUBSELECT, at);
      hs_oql_node (p->q, r)->select = s;
      if (!grown (p, r))
        return HS_OQL_NONE;
    }
  else if ((r = parse_expr (p)) == HS_OQL_NONE)
    return HS_OQL_NONE;
  if (!expect_punct (p, ")"))
    return HS_OQL_NONE;
  return r;
}

static guint32
parse_primary (Parser *p)
{
  HsOqlToken *t = peek (p);

  switch (t->kind)
    {
      case HS_OQL_TOK_INT:
        /* 2147483648 is only valid after a minus (parse_unary). */
        if (t->i > G_MAXINT32 && !t->hex)
          return expected (p, "an int (2147483648 needs a minus sign or L)"), HS_OQL_NONE;
        return literal (p, t->hex && t->i > G_MAXINT32 ? hs_oql_value_long (t->i) : hs_oql_value_int (t->i));
      case HS_OQL_TOK_LONG:
        if ((guint64)t->i > (guint64)G_MAXINT64 && !t->hex)
          return expected (p, "a long (9223372036854775808L needs a minus sign)"), HS_OQL_NONE;
        return literal (p, hs_oql_value_long (t->i));
      case HS_OQL_TOK_DOUBLE: return literal (p, hs_oql_value_double (t->d));
      case HS_OQL_TOK_STRING: return literal (p, hs_oql_value_string (t->text));
      case HS_OQL_TOK_CHAR: return literal (p, (HsOqlValue){ .kind = HS_OQL_CHAR, .i = t->i });
      case HS_OQL_TOK_ATTR:
        {
          guint32 n = new_node (p, HS_OQL_N_ATTR, t);
          hs_oql_node (p->q, n)->name = g_strdup (t->text);
          advance (p);
          return n;
        }
      case HS_OQL_TOK_IDENT:
        if (is_keyword (t, "true") || is_keyword (t, "false"))
          return literal (p, hs_oql_value_bool (is_keyword (t, "true")));
        if (is_keyword (t, "null"))
          return literal (p, HS_OQL_VALUE_NULL);
        if (is_any_keyword (t))
          return expected (p, "a value, a name or \"(\""), HS_OQL_NONE;
        {
          guint32 n = new_node (p, HS_OQL_N_NAME, t);
          hs_oql_node (p->q, n)->name = g_strdup (t->text);
          advance (p);
          if (accept_punct (p, "("))
            {
              hs_oql_node (p->q, n)->kind = HS_OQL_N_CALL;
              if (!parse_args (p, n) || !grown (p, n))
                return HS_OQL_NONE;
            }
          return n;
        }
      case HS_OQL_TOK_PUNCT:
        if (is_punct (t, "("))
          {
            advance (p);
            return parse_paren (p);
          }
        /* fall through */
      default: return expected (p, "a value, a name or \"(\""), HS_OQL_NONE;
    }
}

static guint32
parse_postfix (Parser *p)
{
  guint32 e = parse_primary (p);
  while (e != HS_OQL_NONE)
    {
      HsOqlToken *t = peek (p);
      if (accept_punct (p, "."))
        {
          HsOqlToken *name = peek (p);
          if (name->kind == HS_OQL_TOK_ATTR)
            {
              guint32 n = new_node (p, HS_OQL_N_ATTR_OF, name);
              hs_oql_node (p->q, n)->name = g_strdup (name->text);
              hs_oql_node (p->q, n)->a = e;
              advance (p);
              if (!grown (p, n))
                return HS_OQL_NONE;
              e = n;
            }
          else if (name->kind == HS_OQL_TOK_IDENT)
            {
              guint32 n = new_node (p, HS_OQL_N_FIELD, name);
              hs_oql_node (p->q, n)->name = g_strdup (name->text);
              hs_oql_node (p->q, n)->a = e;
              advance (p);
              if (accept_punct (p, "("))
                {
                  hs_oql_node (p->q, n)->kind = HS_OQL_N_METHOD;
                  if (!parse_args (p, n))
                    return HS_OQL_NONE;
                }
              if (!grown (p, n))
                return HS_OQL_NONE;
              e = n;
            }
          else
            return expected (p, "a field, a method or an @attribute after \".\""), HS_OQL_NONE;
        }
      else if (accept_punct (p, "["))
        {
          if (!enter (p))
            return HS_OQL_NONE;
          guint32 n = new_node (p, HS_OQL_N_INDEX, t);
          guint32 from = parse_expr (p), to = HS_OQL_NONE;
          if (from == HS_OQL_NONE)
            return HS_OQL_NONE;
          if (accept_punct (p, ":"))
            {
              if ((to = parse_expr (p)) == HS_OQL_NONE)
                return HS_OQL_NONE;
              hs_oql_node (p->q, n)->kind = HS_OQL_N_SLICE;
            }
          if (!expect_punct (p, "]"))
            return HS_OQL_NONE;
          p->depth--;
          HsOqlNode *node = hs_oql_node (p->q, n);
          node->a = e;
          node->b = from;
          node->c = to;
          if (!grown (p, n))
            return HS_OQL_NONE;
          e = n;
        }
      else
        break;
    }
  return e;
}

static guint32
parse_unary (Parser *p)
{
  HsOqlToken *t = peek (p);
  guint32 r;

  if (!enter (p))
    return HS_OQL_NONE;
  if (is_punct (t, "-"))
    {
      HsOqlToken *num = peek_at (p, 1);
      /* -2147483648 and -9223372036854775808L: the literal itself. */
      if ((num->kind == HS_OQL_TOK_INT || num->kind == HS_OQL_TOK_LONG) && !num->hex)
        {
          advance (p);
          r = literal (p, num->kind == HS_OQL_TOK_INT ? hs_oql_value_int (-num->i)
                                                      : hs_oql_value_long ((gint64)(0 - (guint64)num->i)));
          hs_oql_node (p->q, r)->line = t->line;
          hs_oql_node (p->q, r)->column = t->column;
          /* A postfix on the number (-1.x) has no meaning; arithmetic goes on above. */
        }
      else
        {
          advance (p);
          guint32 a = parse_unary (p);
          if (a == HS_OQL_NONE)
            return HS_OQL_NONE;
          r = new_node (p, HS_OQL_N_NEG, t);
          hs_oql_node (p->q, r)->a = a;
          if (!grown (p, r))
            return HS_OQL_NONE;
        }
    }
  else if (is_keyword (t, "not"))
    {
      advance (p);
      guint32 a = parse_unary (p);
      if (a == HS_OQL_NONE)
        return HS_OQL_NONE;
      r = new_node (p, HS_OQL_N_NOT, t);
      hs_oql_node (p->q, r)->a = a;
      if (!grown (p, r))
        return HS_OQL_NONE;
    }
  else
    r = parse_postfix (p);
  p->depth--;
  return r;
}

static guint32
binary (Parser *p, HsOqlOp op, guint32 a, guint32 b, const HsOqlToken *at)
{
  guint32 n = new_node (p, HS_OQL_N_BINARY, at);
  HsOqlNode *node = hs_oql_node (p->q, n);
  node->op = op;
  node->a = a;
  node->b = b;
  return grown (p, n) ? n : HS_OQL_NONE;
}

static guint32
parse_product (Parser *p)
{
  guint32 e = parse_unary (p);
  while (e != HS_OQL_NONE)
    {
      HsOqlToken t = *peek (p);
      HsOqlOp op;
      if (is_punct (&t, "*"))
        op = HS_OQL_OP_MUL;
      else if (is_punct (&t, "/"))
        op = HS_OQL_OP_DIV;
      else
        break;
      advance (p);
      guint32 b = parse_unary (p);
      if (b == HS_OQL_NONE)
        return HS_OQL_NONE;
      e = binary (p, op, e, b, &t);
    }
  return e;
}

static guint32
parse_sum (Parser *p)
{
  guint32 e = parse_product (p);
  while (e != HS_OQL_NONE)
    {
      HsOqlToken t = *peek (p);
      HsOqlOp op;
      if (is_punct (&t, "+"))
        op = HS_OQL_OP_ADD;
      else if (is_punct (&t, "-"))
        op = HS_OQL_OP_SUB;
      else
        break;
      advance (p);
      guint32 b = parse_product (p);
      if (b == HS_OQL_NONE)
        return HS_OQL_NONE;
      e = binary (p, op, e, b, &t);
    }
  return e;
}

/* A class name: a.b.C$D, int[], java.lang.Object[][]. */
static char *
parse_class_name (Parser *p)
{
  HsOqlToken *t = peek (p);
  if (t->kind != HS_OQL_TOK_IDENT || is_any_keyword (t))
    {
      expected (p, "a class name");
      return NULL;
    }
  GString *name = g_string_new (t->text);
  advance (p);
  while (is_punct (peek (p), ".") && peek_at (p, 1)->kind == HS_OQL_TOK_IDENT)
    {
      advance (p);
      g_string_append_c (name, '.');
      g_string_append (name, peek (p)->text);
      advance (p);
    }
  while (is_punct (peek (p), "[") && is_punct (peek_at (p, 1), "]"))
    {
      advance (p);
      advance (p);
      g_string_append (name, "[]");
    }
  return g_string_free (name, FALSE);
}

static guint32
compile_regex (Parser *p, const char *pattern, const HsOqlToken *at)
{
  g_autoptr (GError) err = NULL;
  /* Whole-name match, as Java's String.matches. */
  g_autofree char *anchored = g_strdup_printf ("^(?:%s)$", pattern);
  GRegex *re = g_regex_new (anchored, G_REGEX_OPTIMIZE, 0, &err);
  if (!re)
    {
      if (p->error && !*p->error)
        g_set_error (p->error, HS_OQL_ERROR, HS_OQL_ERROR_SYNTAX,
                     "line %u, column %u: expected a regular expression: %s", at->line, at->column,
                     err->message);
      return HS_OQL_NONE;
    }
  g_ptr_array_add (p->q->regexes, re);
  return p->q->regexes->len - 1;
}

static guint32
parse_comparison (Parser *p)
{
  guint32 e = parse_sum (p);
  if (e == HS_OQL_NONE)
    return HS_OQL_NONE;
  HsOqlToken t = *peek (p);
  static const struct
  {
    const char *s;
    HsOqlOp op;
  } ops[] = {
    { "=", HS_OQL_OP_EQ }, { "!=", HS_OQL_OP_NE }, { "<", HS_OQL_OP_LT },
    { ">", HS_OQL_OP_GT }, { "<=", HS_OQL_OP_LE }, { ">=", HS_OQL_OP_GE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (ops); i++)
    if (is_punct (&t, ops[i].s))
      {
        advance (p);
        guint32 b = parse_sum (p);
        return b == HS_OQL_NONE ? HS_OQL_NONE : binary (p, ops[i].op, e, b, &t);
      }
  gboolean negate = FALSE;
  if (is_keyword (&t, "not"))
    {
      negate = TRUE;
      advance (p);
      if (!is_keyword (peek (p), "like") && !is_keyword (peek (p), "in"))
        return expected (p, "LIKE or IN after NOT"), HS_OQL_NONE;
      t = *peek (p);
    }
  if (accept_keyword (p, "like"))
    {
      HsOqlToken *re = peek (p);
      if (re->kind != HS_OQL_TOK_STRING)
        return expected (p, "a regular expression in \"\" after LIKE"), HS_OQL_NONE;
      guint32 r = compile_regex (p, re->text, re);
      if (r == HS_OQL_NONE)
        return HS_OQL_NONE;
      advance (p);
      guint32 n = new_node (p, HS_OQL_N_LIKE, &t);
      HsOqlNode *node = hs_oql_node (p->q, n);
      node->a = e;
      node->regex = r;
      node->negate = negate;
      return grown (p, n) ? n : HS_OQL_NONE;
    }
  if (accept_keyword (p, "in"))
    {
      guint32 b = parse_sum (p);
      if (b == HS_OQL_NONE)
        return HS_OQL_NONE;
      guint32 n = new_node (p, HS_OQL_N_IN, &t);
      HsOqlNode *node = hs_oql_node (p->q, n);
      node->a = e;
      node->b = b;
      node->negate = negate;
      return grown (p, n) ? n : HS_OQL_NONE;
    }
  if (accept_keyword (p, "implements"))
    {
      char *name = parse_class_name (p);
      if (!name)
        return HS_OQL_NONE;
      guint32 n = new_node (p, HS_OQL_N_IMPLEMENTS, &t);
      hs_oql_node (p->q, n)->a = e;
      hs_oql_node (p->q, n)->name = name;
      return grown (p, n) ? n : HS_OQL_NONE;
    }
  return e;
}

static guint32
parse_and (Parser *p)
{
  guint32 e = parse_comparison (p);
  while (e != HS_OQL_NONE && is_keyword (peek (p), "and"))
    {
      HsOqlToken t = *peek (p);
      advance (p);
      guint32 b = parse_comparison (p);
      if (b == HS_OQL_NONE)
        return HS_OQL_NONE;
      e = binary (p, HS_OQL_OP_AND, e, b, &t);
    }
  return e;
}

static guint32
parse_expr (Parser *p)
{
  if (!enter (p))
    return HS_OQL_NONE;
  guint32 e = parse_and (p);
  while (e != HS_OQL_NONE && is_keyword (peek (p), "or"))
    {
      HsOqlToken t = *peek (p);
      advance (p);
      guint32 b = parse_and (p);
      if (b == HS_OQL_NONE)
        return HS_OQL_NONE;
      e = binary (p, HS_OQL_OP_OR, e, b, &t);
    }
  p->depth--;
  return e;
}

static char *
label_of (Parser *p, guint first_tok)
{
  HsOqlToken *a = &g_array_index (p->tokens, HsOqlToken, first_tok);
  HsOqlToken *b = &g_array_index (p->tokens, HsOqlToken, p->pos - 1);
  return g_strndup (p->text + a->start, b->start + b->len - a->start);
}

static gboolean
parse_columns (Parser *p, HsOqlSelect *s_copy, guint32 sel)
{
  g_autoptr (GArray) cols = g_array_new (FALSE, FALSE, sizeof (guint32));
  GPtrArray *labels = g_ptr_array_new_with_free_func (g_free);

  if (accept_punct (p, "*"))
    s_copy->star = TRUE;
  else if (accept_keyword (p, "objects"))
    {
      guint first = p->pos;
      guint32 e = parse_expr (p);
      if (e == HS_OQL_NONE)
        goto fail;
      s_copy->objects = TRUE;
      g_array_append_val (cols, e);
      g_ptr_array_add (labels, label_of (p, first));
    }
  else
    do
      {
        guint first = p->pos;
        guint32 e = parse_expr (p);
        if (e == HS_OQL_NONE)
          goto fail;
        g_array_append_val (cols, e);
        char *label = label_of (p, first);
        if (accept_keyword (p, "as"))
          {
            HsOqlToken *n = peek (p);
            if (n->kind != HS_OQL_TOK_IDENT && n->kind != HS_OQL_TOK_STRING)
              {
                g_free (label);
                expected (p, "a column name after AS");
                goto fail;
              }
            g_free (label);
            label = g_strdup (n->text);
            advance (p);
          }
        g_ptr_array_add (labels, label);
      }
    while (accept_punct (p, ","));
  s_copy->cols_start = args_append (p, cols);
  s_copy->n_cols = cols->len;
  s_copy->labels = labels;
  (void)sel;
  return TRUE;
fail:
  g_ptr_array_unref (labels);
  return FALSE;
}

static gboolean
parse_source (Parser *p, HsOqlSelect *s)
{
  HsOqlToken *t = peek (p);

  if (accept_punct (p, "("))
    {
      if (!enter (p))
        return FALSE;
      if (is_keyword (peek (p), "select"))
        {
          s->from = HS_OQL_FROM_SELECT;
          if ((s->sub_select = parse_select (p)) == HS_OQL_NONE)
            return FALSE;
        }
      else
        {
          s->from = HS_OQL_FROM_EXPR;
          if ((s->expr = parse_expr (p)) == HS_OQL_NONE)
            return FALSE;
        }
      p->depth--;
      return expect_punct (p, ")");
    }
  if (t->kind == HS_OQL_TOK_STRING)
    {
      s->from = HS_OQL_FROM_REGEX;
      s->class_regex = compile_regex (p, t->text, t);
      if (s->class_regex == HS_OQL_NONE)
        return FALSE;
      advance (p);
      return TRUE;
    }
  if (t->kind == HS_OQL_TOK_INT || t->kind == HS_OQL_TOK_LONG)
    {
      g_autoptr (GArray) list = g_array_new (FALSE, FALSE, sizeof (guint32));
      s->from = HS_OQL_FROM_ADDRESSES;
      do
        {
          HsOqlToken *n = peek (p);
          if (n->kind != HS_OQL_TOK_INT && n->kind != HS_OQL_TOK_LONG)
            return expected (p, "an object address (0x...) or index");
          guint32 node = new_node (p, HS_OQL_N_LITERAL, n);
          hs_oql_node (p->q, node)->value = hs_oql_value_long (n->i);
          /* hex: an address; decimal: an object index (MAT's object id). */
          hs_oql_node (p->q, node)->negate = n->hex;
          g_array_append_val (list, node);
          advance (p);
        }
      while (accept_punct (p, ","));
      s->addrs_start = args_append (p, list);
      s->n_addrs = list->len;
      return TRUE;
    }
  if (t->kind == HS_OQL_TOK_IDENT && !is_any_keyword (t))
    {
      s->from = HS_OQL_FROM_CLASS;
      return (s->class_name = parse_class_name (p)) != NULL;
    }
  return expected (p, "a class name, a \"regex\", an address, ( select ) or ( expression ) after FROM");
}

static guint32
parse_select (Parser *p)
{
  HsOqlSelect s = { .where = HS_OQL_NONE,
                    .union_next = HS_OQL_NONE,
                    .sub_select = HS_OQL_NONE,
                    .expr = HS_OQL_NONE,
                    .class_regex = HS_OQL_NONE };
  guint32 idx;

  if (!enter (p))
    return HS_OQL_NONE;
  if (!accept_keyword (p, "select"))
    return expected (p, "SELECT"), HS_OQL_NONE;
  /* Reserve the slot first: sub-selects are appended while this one is read. */
  s.node_start = p->q->nodes->len;
  g_array_append_val (p->q->selects, s);
  idx = p->q->selects->len - 1;
  if (accept_keyword (p, "distinct"))
    s.distinct = TRUE;
  else if (is_keyword (peek (p), "as") && is_keyword (peek_at (p, 1), "retained"))
    {
      advance (p);
      advance (p);
      if (!accept_keyword (p, "set"))
        return expected (p, "SET after AS RETAINED"), HS_OQL_NONE;
      s.retained = TRUE;
    }
  if (!parse_columns (p, &s, idx))
    goto fail;
  if (!accept_keyword (p, "from"))
    {
      expected (p, "FROM or \",\"");
      goto fail;
    }
  if (accept_keyword (p, "objects"))
    s.from_objects = TRUE;
  if (accept_keyword (p, "instanceof"))
    s.instanceof = TRUE;
  if (!parse_source (p, &s))
    goto fail;
  if (peek (p)->kind == HS_OQL_TOK_IDENT && !is_any_keyword (peek (p)))
    {
      s.alias = g_strdup (peek (p)->text);
      advance (p);
    }
  if (accept_keyword (p, "where"))
    {
      if ((s.where = parse_expr (p)) == HS_OQL_NONE)
        goto fail;
    }
  guint32 *link = &s.union_next;
  *hs_oql_select (p->q, idx) = s;
  while (accept_keyword (p, "union"))
    {
      if (!expect_punct (p, "("))
        goto fail_stored;
      guint32 next = parse_select (p);
      if (next == HS_OQL_NONE || !expect_punct (p, ")"))
        goto fail_stored;
      /* Chain at the end: the next select's own unions come first. */
      link = &hs_oql_select (p->q, idx)->union_next;
      while (*link != HS_OQL_NONE)
        link = &hs_oql_select (p->q, *link)->union_next;
      *link = next;
    }
  hs_oql_select (p->q, idx)->node_end = p->q->nodes->len;
  p->depth--;
  return idx;
fail:
  *hs_oql_select (p->q, idx) = s;
fail_stored:
  return HS_OQL_NONE;
}

HsOqlQuery *
hs_oql_parse (const char *text, GError **error)
{
  if (strlen (text) > HS_OQL_MAX_LENGTH)
    {
      g_set_error (error, HS_OQL_ERROR, HS_OQL_ERROR_LIMIT, "the query is longer than %d bytes",
                   HS_OQL_MAX_LENGTH);
      return NULL;
    }
  GArray *tokens = hs_oql_lex (text, error);
  if (!tokens)
    return NULL;
  g_autoptr (GError) local = NULL;
  Parser p = { .text = text, .tokens = tokens, .q = hs_oql_query_new (), .error = &local };
  p.q->top = parse_select (&p);
  if (p.q->top != HS_OQL_NONE && peek (&p)->kind != HS_OQL_TOK_END)
    expected (&p, "the end of the query or UNION");
  hs_oql_tokens_free (tokens);
  if (local)
    {
      g_propagate_error (error, g_steal_pointer (&local));
      hs_oql_query_free (p.q);
      return NULL;
    }
  return p.q;
}
