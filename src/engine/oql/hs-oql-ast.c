/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-ast.c: the parsed query's arrays, made and freed. */
#include "config.h"

#include "hs-oql-ast.h"

HsOqlQuery *
hs_oql_query_new (void)
{
  HsOqlQuery *q = g_new0 (HsOqlQuery, 1);
  q->nodes = g_array_new (FALSE, TRUE, sizeof (HsOqlNode));
  q->selects = g_array_new (FALSE, TRUE, sizeof (HsOqlSelect));
  q->args = g_array_new (FALSE, FALSE, sizeof (guint32));
  q->regexes = g_ptr_array_new_with_free_func ((GDestroyNotify)g_regex_unref);
  q->top = HS_OQL_NONE;
  return q;
}

void
hs_oql_query_free (HsOqlQuery *q)
{
  if (!q)
    return;
  for (guint i = 0; i < q->nodes->len; i++)
    {
      HsOqlNode *n = hs_oql_node (q, i);
      g_free (n->name);
      hs_oql_value_clear (&n->value);
    }
  for (guint i = 0; i < q->selects->len; i++)
    {
      HsOqlSelect *s = hs_oql_select (q, i);
      if (s->labels)
        g_ptr_array_unref (s->labels);
      g_free (s->class_name);
      g_free (s->alias);
    }
  g_array_unref (q->nodes);
  g_array_unref (q->selects);
  g_array_unref (q->args);
  g_ptr_array_unref (q->regexes);
  g_free (q);
}
