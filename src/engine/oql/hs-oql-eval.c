/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-eval.c: expressions and selects evaluated over the heap.
 *
 * A select walks its source (a scan of the object indexes against a
 * per-class mask for class sources: INSTANCEOF is the mask closed over
 * subclasses once, never a superclass walk per object), filters with
 * WHERE and hands each row to a sink as it is found. Only DISTINCT and
 * AS RETAINED SET keep state: one bit per object, or the rows' text.
 * Recursion follows the query's nesting and its expressions' depth,
 * which the parser limits (HS_OQL_MAX_DEPTH, HS_OQL_MAX_EXPR_DEPTH) and
 * evaluation checks again. */
#include "config.h"

#include <math.h>
#include <string.h>

#include "hs-oql-eval-private.h"
#include "hs-oql-select-private.h"
#include "hs-strhash.h"

gboolean
hs_oql_eval_tick (HsOqlEval *ev)
{
  if (ev->error || ev->stopped)
    return FALSE;
  if (++ev->ticks % 4096 == 0 && g_cancellable_set_error_if_cancelled (ev->cancellable, &ev->error))
    return FALSE;
  return TRUE;
}

gboolean
hs_oql_eval_fail (HsOqlEval *ev, const HsOqlNode *at, const char *format, ...)
{
  if (!ev->error)
    {
      va_list ap;
      va_start (ap, format);
      g_autofree char *msg = g_strdup_vprintf (format, ap);
      va_end (ap);
      if (at)
        g_set_error (&ev->error, HS_OQL_ERROR, HS_OQL_ERROR_EVAL, "line %u, column %u: %s", at->line,
                     at->column, msg);
      else
        g_set_error_literal (&ev->error, HS_OQL_ERROR, HS_OQL_ERROR_EVAL, msg);
    }
  return FALSE;
}

gboolean
hs_oql_truthy (const HsOqlValue *v)
{
  switch (v->kind)
    {
      case HS_OQL_BOOL: return v->b;
      case HS_OQL_INT:
      case HS_OQL_LONG:
      case HS_OQL_CHAR: return v->i != 0;
      case HS_OQL_DOUBLE: return v->d != 0 && !isnan (v->d);
      case HS_OQL_NULL: return FALSE;
      default: return TRUE;
    }
}

/* -1, 0, 1, or 2 when the two are not ordered (null, NaN, unlike kinds). */
static int
compare (HsOqlEval *ev, const HsOqlValue *x, const HsOqlValue *y)
{
  if (hs_oql_value_is_number (x) && hs_oql_value_is_number (y))
    {
      if (x->kind != HS_OQL_DOUBLE && y->kind != HS_OQL_DOUBLE)
        return x->i < y->i ? -1 : x->i > y->i;
      double a = hs_oql_value_as_double (x), b = hs_oql_value_as_double (y);
      if (isnan (a) || isnan (b))
        return 2;
      return a < b ? -1 : a > b;
    }
  if (x->kind == HS_OQL_BOOL && y->kind == HS_OQL_BOOL)
    return (int)x->b - (int)y->b;
  if (x->kind == HS_OQL_OBJECT && y->kind == HS_OQL_OBJECT)
    return x->o < y->o ? -1 : x->o > y->o;
  if ((x->kind == HS_OQL_STRING || y->kind == HS_OQL_STRING) && x->kind != HS_OQL_NULL
      && y->kind != HS_OQL_NULL)
    {
      /* A string against a String object compares the text. */
      g_autofree char *a = hs_oql_string_of (ev, x);
      g_autofree char *b = hs_oql_string_of (ev, y);
      if (!a || !b)
        return 2;
      int c = strcmp (a, b);
      return c < 0 ? -1 : c > 0;
    }
  return 2;
}

gboolean
hs_oql_values_equal (HsOqlEval *ev, const HsOqlValue *x, const HsOqlValue *y)
{
  if (x->kind == HS_OQL_NULL || y->kind == HS_OQL_NULL)
    return x->kind == y->kind;
  if (x->kind == HS_OQL_LIST || y->kind == HS_OQL_LIST)
    return x->kind == y->kind && x->list == y->list;
  return compare (ev, x, y) == 0;
}

static gboolean
int_kind (const HsOqlValue *v)
{
  return v->kind == HS_OQL_INT || v->kind == HS_OQL_CHAR;
}

static gboolean
arithmetic (HsOqlEval *ev, const HsOqlNode *n, const HsOqlValue *x, const HsOqlValue *y, HsOqlValue *out)
{
  *out = HS_OQL_VALUE_NULL;
  if (n->op == HS_OQL_OP_ADD && (x->kind == HS_OQL_STRING || y->kind == HS_OQL_STRING))
    {
      GString *s = g_string_new (NULL);
      hs_oql_value_append_text (ev->a, x, s);
      hs_oql_value_append_text (ev->a, y, s);
      if (s->len > HS_OQL_STRING_MAX_CHARS * 4)
        {
          g_string_free (s, TRUE);
          return hs_oql_eval_fail (ev, n, "a string longer than %u bytes", HS_OQL_STRING_MAX_CHARS * 4);
        }
      *out = hs_oql_value_string_take (g_string_free (s, FALSE));
      return TRUE;
    }
  if (!hs_oql_value_is_number (x) || !hs_oql_value_is_number (y))
    return TRUE;
  if (x->kind == HS_OQL_DOUBLE || y->kind == HS_OQL_DOUBLE)
    {
      double a = hs_oql_value_as_double (x), b = hs_oql_value_as_double (y);
      double r = n->op == HS_OQL_OP_ADD   ? a + b
                 : n->op == HS_OQL_OP_SUB ? a - b
                 : n->op == HS_OQL_OP_MUL ? a * b
                                          : a / b;
      *out = hs_oql_value_double (r);
      return TRUE;
    }
  /* Java's wrap-around arithmetic, in int unless a long takes part. */
  gboolean is_int = int_kind (x) && int_kind (y);
  guint64 a = (guint64)x->i, b = (guint64)y->i, r;
  switch (n->op)
    {
      case HS_OQL_OP_ADD: r = a + b; break;
      case HS_OQL_OP_SUB: r = a - b; break;
      case HS_OQL_OP_MUL: r = a * b; break;
      default:
        if (y->i == 0)
          return TRUE; /* null, as MAT's division by zero gives no value */
        if (is_int)
          r = (x->i == G_MININT32 && y->i == -1) ? (guint64)(gint64)G_MININT32
                                                 : (guint64)((gint32)x->i / (gint32)y->i);
        else
          r = (x->i == G_MININT64 && y->i == -1) ? (guint64)G_MININT64 : (guint64)(x->i / y->i);
    }
  *out = is_int ? hs_oql_value_int ((gint32)(guint32)r) : hs_oql_value_long ((gint64)r);
  return TRUE;
}

static const HsOqlEnv *
find_alias (const HsOqlEnv *env, const char *name)
{
  for (; env; env = env->parent)
    if (env->alias && g_str_equal (env->alias, name))
      return env;
  return NULL;
}

static gboolean
eval_args (HsOqlEval *ev, const HsOqlNode *n, const HsOqlEnv *env, HsOqlValue *args)
{
  for (guint i = 0; i < n->n_args; i++)
    if (!hs_oql_eval_expr (ev, hs_oql_arg (ev->q, n->args_start + i), env, &args[i]))
      return FALSE;
  return TRUE;
}

/* x IN a sub-select found once (its list is the same for every row): by
 * the list's bitmap of objects, made on first use. FALSE when that does
 * not apply (then the list is searched). */
static gboolean
in_found_list (HsOqlEval *ev, const HsOqlValue *x, const HsOqlValue *list, gboolean *found)
{
  if (x->kind != HS_OQL_OBJECT || list->kind != HS_OQL_LIST)
    return FALSE;
  for (guint i = 0; i < ev->q->selects->len; i++)
    {
      if (ev->subselect_state[i] != 2 || ev->subselect_values[i].kind != HS_OQL_LIST
          || ev->subselect_values[i].list != list->list || ev->subselect_no_bits[i])
        continue;
      if (!ev->subselect_bits[i])
        {
          const HsOqlList *l = list->list;
          guint8 *bits = g_malloc0 (hs_heap_n_objects (ev->h) / 8 + 1);
          for (guint k = 0; k < hs_oql_list_len (l); k++)
            {
              const HsOqlValue *v = hs_oql_list_get (l, k);
              if (v->kind == HS_OQL_OBJECT)
                bits[v->o >> 3] |= (guint8)(1u << (v->o & 7));
              else if (v->kind != HS_OQL_NULL)
                {
                  g_free (bits);
                  ev->subselect_no_bits[i] = 1;
                  return FALSE;
                }
            }
          ev->subselect_bits[i] = bits;
        }
      *found = (ev->subselect_bits[i][x->o >> 3] >> (x->o & 7)) & 1;
      return TRUE;
    }
  return FALSE;
}

static gboolean
in_list (HsOqlEval *ev, const HsOqlNode *n, const HsOqlValue *x, const HsOqlValue *list, gboolean *found)
{
  *found = FALSE;
  if (list->kind == HS_OQL_NULL)
    return TRUE;
  if (in_found_list (ev, x, list, found))
    return TRUE;
  HsOqlList *l = hs_oql_as_list (ev, n, list);
  if (!l)
    {
      *found = hs_oql_values_equal (ev, x, list);
      return ev->error == NULL;
    }
  for (guint i = 0; i < hs_oql_list_len (l) && !*found; i++)
    *found = hs_oql_values_equal (ev, x, hs_oql_list_get (l, i));
  hs_oql_list_unref (l);
  return ev->error == NULL;
}

static gboolean
implements (HsOqlEval *ev, const HsOqlValue *x, const char *name)
{
  if (x->kind != HS_OQL_OBJECT)
    return FALSE;
  HsClass c = hs_heap_object_class (ev->h, x->o);
  return c != HS_CLASS_NONE && hs_class_is_subclass_of (ev->h, c, name);
}

/* Whether the select's nodes name an alias of the selects around it (then
 * its value depends on the row). */
static gboolean
correlated (HsOqlEval *ev, guint32 select, const HsOqlEnv *env)
{
  const HsOqlSelect *s = hs_oql_select (ev->q, select);
  for (guint32 i = s->node_start; i < s->node_end; i++)
    {
      const HsOqlNode *n = hs_oql_node (ev->q, i);
      if (n->kind == HS_OQL_N_NAME && find_alias (env, n->name))
        return TRUE;
    }
  return FALSE;
}

static gboolean
subselect_value (HsOqlEval *ev, guint32 select, const HsOqlEnv *env, HsOqlValue *out)
{
  guint8 *state = &ev->subselect_state[select];
  if (*state == 0)
    *state = correlated (ev, select, env) ? 1 : 3;
  if (*state == 1)
    return hs_oql_select_value (ev, select, env, out);
  if (*state == 3)
    {
      /* Uncorrelated: the outer rows are not in its environment. */
      if (!hs_oql_select_value (ev, select, NULL, &ev->subselect_values[select]))
        return FALSE;
      *state = 2;
    }
  hs_oql_value_copy (out, &ev->subselect_values[select]);
  return TRUE;
}

gboolean
hs_oql_regex_match (HsOqlEval *ev, const HsOqlNode *at, const char *what, guint32 regex, const char *text,
                    gboolean *matched)
{
  g_autoptr (GError) err = NULL;
  *matched = g_regex_match_full (g_ptr_array_index (ev->q->regexes, regex), text, -1, 0, 0, NULL, &err);
  if (!err)
    return TRUE;
  *matched = FALSE;
  return hs_oql_eval_fail (ev, at, "%s: the regular expression gave up (%s); write one that backtracks less",
                           what, err->message);
}

static gboolean eval_node (HsOqlEval *ev, const HsOqlNode *n, const HsOqlEnv *env, HsOqlValue *out);

gboolean
hs_oql_eval_expr (HsOqlEval *ev, guint32 idx, const HsOqlEnv *env, HsOqlValue *out)
{
  const HsOqlNode *n = hs_oql_node (ev->q, idx);
  *out = HS_OQL_VALUE_NULL;
  /* The parser bounds every expression's height; this holds whatever the
   * tree (each recursion below is one of these calls). */
  if (ev->depth >= HS_OQL_MAX_EXPR_DEPTH)
    return hs_oql_eval_fail (ev, n, "the expression is deeper than %d operators, fields, calls or indexes",
                             HS_OQL_MAX_EXPR_DEPTH);
  ev->depth++;
  gboolean ok = eval_node (ev, n, env, out);
  ev->depth--;
  return ok;
}

static gboolean
eval_node (HsOqlEval *ev, const HsOqlNode *n, const HsOqlEnv *env, HsOqlValue *out)
{
  HsOqlValue x = HS_OQL_VALUE_NULL, y = HS_OQL_VALUE_NULL;
  gboolean ok = TRUE;

  *out = HS_OQL_VALUE_NULL;
  if (ev->error || ev->stopped)
    return FALSE;
  switch (n->kind)
    {
      case HS_OQL_N_LITERAL: hs_oql_value_copy (out, &n->value); return TRUE;
      case HS_OQL_N_NAME:
        {
          const HsOqlEnv *e = find_alias (env, n->name);
          if (e)
            hs_oql_value_copy (out, &e->current);
          else if (env)
            ok = hs_oql_field (ev, n, &env->current, n->name, out);
          return ok;
        }
      case HS_OQL_N_ATTR: return env ? hs_oql_attribute (ev, n, &env->current, n->name, out) : TRUE;
      case HS_OQL_N_FIELD:
      case HS_OQL_N_ATTR_OF:
        if (!hs_oql_eval_expr (ev, n->a, env, &x))
          return FALSE;
        ok = n->kind == HS_OQL_N_FIELD ? hs_oql_field (ev, n, &x, n->name, out)
                                       : hs_oql_attribute (ev, n, &x, n->name, out);
        break;
      case HS_OQL_N_INDEX:
      case HS_OQL_N_SLICE:
        {
          HsOqlValue z = HS_OQL_VALUE_NULL;
          gint64 from, to = -1;
          if (!hs_oql_eval_expr (ev, n->a, env, &x) || !hs_oql_eval_expr (ev, n->b, env, &y)
              || (n->c != HS_OQL_NONE && !hs_oql_eval_expr (ev, n->c, env, &z)))
            {
              ok = FALSE;
              hs_oql_value_clear (&z);
              break;
            }
          if ((y.kind == HS_OQL_INT || y.kind == HS_OQL_LONG)
              && (n->c == HS_OQL_NONE || z.kind == HS_OQL_INT || z.kind == HS_OQL_LONG))
            {
              from = y.i;
              to = n->c != HS_OQL_NONE ? z.i : 0;
              ok = n->kind == HS_OQL_N_INDEX ? hs_oql_index (ev, n, &x, from, out)
                                             : hs_oql_slice (ev, n, &x, from, to, out);
            }
          hs_oql_value_clear (&z);
          break;
        }
      case HS_OQL_N_CALL:
      case HS_OQL_N_METHOD:
        {
          HsOqlValue *args = g_new0 (HsOqlValue, n->n_args + 1);
          if ((n->kind == HS_OQL_N_METHOD && !hs_oql_eval_expr (ev, n->a, env, &x))
              || !eval_args (ev, n, env, args))
            ok = FALSE;
          else if (n->kind == HS_OQL_N_CALL)
            ok = hs_oql_function (ev, n, n->name, args, n->n_args, out);
          else
            ok = hs_oql_method (ev, n, &x, n->name, args, n->n_args, out);
          for (guint i = 0; i < n->n_args; i++)
            hs_oql_value_clear (&args[i]);
          g_free (args);
          break;
        }
      case HS_OQL_N_BINARY:
        if (!hs_oql_eval_expr (ev, n->a, env, &x))
          return FALSE;
        if (n->op == HS_OQL_OP_AND || n->op == HS_OQL_OP_OR)
          {
            gboolean l = hs_oql_truthy (&x);
            if (n->op == HS_OQL_OP_AND ? !l : l)
              *out = hs_oql_value_bool (l);
            else if ((ok = hs_oql_eval_expr (ev, n->b, env, &y)))
              *out = hs_oql_value_bool (hs_oql_truthy (&y));
            break;
          }
        if (!(ok = hs_oql_eval_expr (ev, n->b, env, &y)))
          break;
        switch (n->op)
          {
            case HS_OQL_OP_EQ: *out = hs_oql_value_bool (hs_oql_values_equal (ev, &x, &y)); break;
            case HS_OQL_OP_NE: *out = hs_oql_value_bool (!hs_oql_values_equal (ev, &x, &y)); break;
            case HS_OQL_OP_LT:
            case HS_OQL_OP_GT:
            case HS_OQL_OP_LE:
            case HS_OQL_OP_GE:
              {
                int c = compare (ev, &x, &y);
                gboolean r = c != 2
                             && (n->op == HS_OQL_OP_LT   ? c < 0
                                 : n->op == HS_OQL_OP_GT ? c > 0
                                 : n->op == HS_OQL_OP_LE ? c <= 0
                                                         : c >= 0);
                *out = hs_oql_value_bool (r);
                break;
              }
            default: ok = arithmetic (ev, n, &x, &y, out);
          }
        break;
      case HS_OQL_N_NEG:
        if (!hs_oql_eval_expr (ev, n->a, env, &x))
          return FALSE;
        if (x.kind == HS_OQL_DOUBLE)
          *out = hs_oql_value_double (-x.d);
        else if (int_kind (&x))
          *out = hs_oql_value_int ((gint32)(0u - (guint32)x.i));
        else if (x.kind == HS_OQL_LONG)
          *out = hs_oql_value_long ((gint64)(0 - (guint64)x.i));
        break;
      case HS_OQL_N_NOT:
        if (!hs_oql_eval_expr (ev, n->a, env, &x))
          return FALSE;
        *out = hs_oql_value_bool (!hs_oql_truthy (&x));
        break;
      case HS_OQL_N_LIKE:
        if (!hs_oql_eval_expr (ev, n->a, env, &x))
          return FALSE;
        {
          g_autofree char *text = x.kind == HS_OQL_NULL ? NULL : hs_oql_value_to_text (ev->a, &x);
          gboolean m = FALSE;
          if (text && !(ok = hs_oql_regex_match (ev, n, n->negate ? "NOT LIKE" : "LIKE", n->regex, text, &m)))
            break;
          *out = hs_oql_value_bool (text && (n->negate ? !m : m));
        }
        break;
      case HS_OQL_N_IN:
        if (!hs_oql_eval_expr (ev, n->a, env, &x) || !hs_oql_eval_expr (ev, n->b, env, &y))
          {
            ok = FALSE;
            break;
          }
        {
          gboolean found;
          if ((ok = in_list (ev, n, &x, &y, &found)))
            *out = hs_oql_value_bool (n->negate ? !found : found);
        }
        break;
      case HS_OQL_N_IMPLEMENTS:
        if (!hs_oql_eval_expr (ev, n->a, env, &x))
          return FALSE;
        *out = hs_oql_value_bool (implements (ev, &x, n->name));
        break;
      case HS_OQL_N_SUBSELECT: ok = subselect_value (ev, n->select, env, out); break;
    }
  hs_oql_value_clear (&x);
  hs_oql_value_clear (&y);
  if (!ok || ev->error)
    {
      hs_oql_value_clear (out);
      return FALSE;
    }
  return TRUE;
}
