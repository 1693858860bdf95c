/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-oql-select.c: one select: its source walked, WHERE applied, rows
 * made (SELECT *, SELECT OBJECTS, columns), DISTINCT and AS RETAINED SET,
 * then the selects of its UNION chain into the same sink. */
#include "config.h"

#include <string.h>

#include "hs-oql-select-private.h"
#include "hs-query.h"
#include "hs-strhash.h"

typedef struct
{
  HsOqlEval *ev;
  const HsOqlSelect *s;
  const HsOqlEnv *parent;
  HsOqlSink *sink;
  gboolean objects_result; /* decided by the first row for SELECT * */
  guint8 *seen;            /* DISTINCT objects / RETAINED SET members: a bit per object */
  GHashTable *seen_rows;   /* DISTINCT table rows: their text */
  GPtrArray *names;
} Run;

static gboolean
visible (HsOqlEval *ev, HsObj o)
{
  return (ev->flags & HS_OQL_UNREACHABLE) || hs_heap_object_reachable (ev->h, o);
}

static guint8 *
bits_new (HsOqlEval *ev)
{
  return g_malloc0 (hs_heap_n_objects (ev->h) / 8 + 1);
}

static gboolean
bit_test_set (guint8 *bits, HsObj o)
{
  gboolean was = (bits[o >> 3] >> (o & 7)) & 1;
  bits[o >> 3] |= (guint8)(1u << (o & 7));
  return was;
}

static void
announce (Run *r, gboolean objects)
{
  if (r->sink->announced)
    return;
  r->sink->announced = TRUE;
  r->sink->objects = objects;
  r->objects_result = objects;
  if (r->sink->columns)
    r->sink->columns (r->sink, objects, objects ? NULL : (const char *const *)r->names->pdata,
                      objects ? 0 : r->names->len);
}

static gboolean
emit_object (Run *r, HsObj o)
{
  if (r->s->retained)
    {
      bit_test_set (r->seen, o);
      return TRUE;
    }
  if (r->s->distinct && bit_test_set (r->seen, o))
    return TRUE;
  announce (r, TRUE);
  if (!r->objects_result)
    {
      HsOqlValue v = hs_oql_value_object (o);
      return r->sink->row (r->sink, HS_OBJ_NONE, &v, 1);
    }
  return r->sink->row (r->sink, o, NULL, 0);
}

static gboolean
emit_values (Run *r, HsOqlValue *vals, guint n)
{
  if (r->s->retained)
    {
      for (guint i = 0; i < n; i++)
        if (vals[i].kind == HS_OQL_OBJECT)
          bit_test_set (r->seen, vals[i].o);
      return TRUE;
    }
  if (r->s->distinct)
    {
      GString *key = g_string_new (NULL);
      for (guint i = 0; i < n; i++)
        {
          /* Objects by index, values by kind and text. */
          if (vals[i].kind == HS_OQL_OBJECT)
            g_string_append_printf (key, "o%u", vals[i].o);
          else
            {
              g_string_append_printf (key, "%d:", vals[i].kind);
              hs_oql_value_append_text (r->ev->a, &vals[i], key);
            }
          g_string_append_c (key, '\x1f');
        }
      if (g_hash_table_contains (r->seen_rows, key->str))
        {
          g_string_free (key, TRUE);
          return TRUE;
        }
      /* The rows seen are held: bounded, as a list is. */
      if (g_hash_table_size (r->seen_rows) >= HS_OQL_MAX_LIST)
        {
          g_string_free (key, TRUE);
          return hs_oql_eval_fail (r->ev, NULL, "DISTINCT over more than %u different rows", HS_OQL_MAX_LIST);
        }
      g_hash_table_add (r->seen_rows, g_string_free (key, FALSE));
    }
  announce (r, FALSE);
  if (r->objects_result)
    {
      /* A value in an object list: its objects are rows, the rest has no place. */
      for (guint i = 0; i < n; i++)
        if (vals[i].kind == HS_OQL_OBJECT && !r->sink->row (r->sink, vals[i].o, NULL, 0))
          return FALSE;
      return TRUE;
    }
  return r->sink->row (r->sink, HS_OBJ_NONE, vals, n);
}

/* One item of the source: WHERE, then the row. FALSE to stop. */
static gboolean
item (Run *r, const HsOqlValue *current)
{
  HsOqlEval *ev = r->ev;
  const HsOqlSelect *s = r->s;
  HsOqlEnv env = { .alias = s->alias, .current = *current, .parent = r->parent };

  if (!hs_oql_eval_tick (ev))
    return FALSE;
  if (s->where != HS_OQL_NONE)
    {
      HsOqlValue w;
      if (!hs_oql_eval_expr (ev, s->where, &env, &w))
        return FALSE;
      gboolean pass = hs_oql_truthy (&w);
      hs_oql_value_clear (&w);
      if (!pass)
        return TRUE;
    }
  if (s->star)
    {
      if (current->kind == HS_OQL_OBJECT)
        return emit_object (r, current->o);
      HsOqlValue v;
      hs_oql_value_copy (&v, current);
      gboolean go = emit_values (r, &v, 1);
      hs_oql_value_clear (&v);
      return go;
    }
  if (s->objects)
    {
      HsOqlValue v;
      gboolean go = TRUE;
      if (!hs_oql_eval_expr (ev, hs_oql_arg (ev->q, s->cols_start), &env, &v))
        return FALSE;
      if (v.kind == HS_OQL_OBJECT)
        go = emit_object (r, v.o);
      else if (v.kind == HS_OQL_LIST)
        for (guint i = 0; go && i < hs_oql_list_len (v.list); i++)
          {
            const HsOqlValue *e = hs_oql_list_get (v.list, i);
            if (e->kind == HS_OQL_OBJECT)
              go = emit_object (r, e->o);
          }
      else if (v.kind != HS_OQL_NULL)
        go = emit_values (r, &v, 1);
      hs_oql_value_clear (&v);
      return go && !ev->error;
    }
  HsOqlValue *vals = g_new0 (HsOqlValue, s->n_cols);
  gboolean go = TRUE;
  for (guint i = 0; go && i < s->n_cols; i++)
    go = hs_oql_eval_expr (ev, hs_oql_arg (ev->q, s->cols_start + i), &env, &vals[i]);
  if (go)
    go = emit_values (r, vals, s->n_cols);
  for (guint i = 0; i < s->n_cols; i++)
    hs_oql_value_clear (&vals[i]);
  g_free (vals);
  return go && !ev->error;
}

static gboolean
object_item (Run *r, HsObj o)
{
  HsOqlValue v = hs_oql_value_object (o);
  return item (r, &v);
}

/* --- class sources ------------------------------------------------------ */

/* mask[c] set for the classes chosen; with INSTANCEOF closed over their
 * subclasses: each class's chain is walked once, every class on it
 * remembered (0 unknown, 1 in, 2 out), so the whole closure is linear. */
static void
close_over_subclasses (HsHeap *h, guint8 *mask)
{
  guint n = hs_heap_n_classes (h);
  g_autoptr (GArray) chain = g_array_new (FALSE, FALSE, sizeof (HsClass));
  guint8 *state = g_malloc0 (n ? n : 1);

  for (HsClass c = 0; c < n; c++)
    if (mask[c])
      state[c] = 1;
  for (HsClass c = 0; c < n; c++)
    {
      guint8 result = 2;
      g_array_set_size (chain, 0);
      for (HsClass x = c; x != HS_CLASS_NONE && x < n && chain->len <= n; x = hs_class_super (h, x))
        {
          if (state[x])
            {
              result = state[x];
              break;
            }
          g_array_append_val (chain, x);
        }
      for (guint i = 0; i < chain->len; i++)
        state[g_array_index (chain, HsClass, i)] = result;
    }
  for (HsClass c = 0; c < n; c++)
    mask[c] = state[c] == 1;
  g_free (state);
}

static gboolean
scan_classes (Run *r, guint8 *mask)
{
  HsOqlEval *ev = r->ev;
  HsHeap *h = ev->h;
  guint n_classes = hs_heap_n_classes (h);
  gboolean any = FALSE;

  if (r->s->instanceof)
    close_over_subclasses (h, mask);
  for (HsClass c = 0; c < n_classes && !any; c++)
    any = mask[c] != 0;
  if (!any)
    return TRUE; /* an unknown class: an empty result, as in MAT */
  if (r->s->from_objects)
    {
      for (HsClass c = 0; c < n_classes; c++)
        {
          HsObj co = mask[c] ? hs_class_object (h, c) : HS_OBJ_NONE;
          if (co != HS_OBJ_NONE && visible (ev, co) && !object_item (r, co))
            return FALSE;
        }
      return TRUE;
    }
  guint64 n = hs_heap_n_objects (h);
  for (guint64 o = 0; o < n; o++)
    {
      if ((o & 0xfff) == 0 && g_cancellable_set_error_if_cancelled (ev->cancellable, &ev->error))
        return FALSE;
      HsClass c = hs_heap_object_class (h, (HsObj)o);
      if (c != HS_CLASS_NONE && c < n_classes && mask[c] && visible (ev, (HsObj)o)
          && !object_item (r, (HsObj)o))
        return FALSE;
    }
  return TRUE;
}

/* Whether the elements of l, a sub-select of one column, are read back as
 * rows of that column: when it has a name (MAT's row maps; one named ""
 * gives its values, rows among them as they are). */
static gboolean
rows_of_one (const HsOqlList *l)
{
  return l->columns && l->columns->len == 1 && *(const char *)g_ptr_array_index (l->columns, 0);
}

/* A list a row's column holds (a sub-select's rows, an array's values),
 * not a row itself. */
static gboolean
is_list_column (const HsOqlValue *v)
{
  return v->kind == HS_OQL_LIST && !v->list->names;
}

/* Whether v is a row of a table with a column holding a list. */
static gboolean
joins (const HsOqlValue *v)
{
  if (v->kind != HS_OQL_LIST || !v->list->names)
    return FALSE;
  for (guint i = 0; i < hs_oql_list_len (v->list); i++)
    if (is_list_column (hs_oql_list_get (v->list, i)))
      return TRUE;
  return FALSE;
}

/* Element k of a list column: a row read back by name for a sub-select of
 * columns (one column too), else the element; null past its end. */
static void
list_element (const HsOqlList *l, guint k, HsOqlValue *out)
{
  *out = HS_OQL_VALUE_NULL;
  if (k >= hs_oql_list_len (l))
    return;
  const HsOqlValue *e = hs_oql_list_get (l, k);
  if (!rows_of_one (l))
    {
      hs_oql_value_copy (out, e);
      return;
    }
  HsOqlList *row = hs_oql_list_new ();
  HsOqlValue copy;
  row->names = g_ptr_array_ref (l->columns);
  hs_oql_value_copy (&copy, e);
  hs_oql_list_append (row, &copy);
  *out = hs_oql_value_list_take (row);
}

/* FROM OBJECTS over rows whose columns hold lists, sub-selects of several
 * rows among them (MAT's joins): as MAT flattens them, row i of the
 * longest list takes element i of every list column (null past a shorter
 * one's end) and the other columns as they are. */
static gboolean
join_items (Run *r, const HsOqlValue *row)
{
  const HsOqlList *l = row->list;
  guint n = hs_oql_list_len (l), longest = 1;

  for (guint i = 0; i < n; i++)
    {
      const HsOqlValue *v = hs_oql_list_get (l, i);
      if (is_list_column (v))
        longest = MAX (longest, hs_oql_list_len (v->list));
    }
  for (guint k = 0; k < longest; k++)
    {
      HsOqlList *joined = hs_oql_list_new ();
      joined->names = g_ptr_array_ref (l->names);
      for (guint i = 0; i < n; i++)
        {
          const HsOqlValue *v = hs_oql_list_get (l, i);
          HsOqlValue e;
          if (is_list_column (v))
            list_element (v->list, k, &e);
          else
            hs_oql_value_copy (&e, v);
          hs_oql_list_append (joined, &e);
        }
      HsOqlValue value = hs_oql_value_list_take (joined);
      gboolean go = item (r, &value);
      hs_oql_value_clear (&value);
      if (!go)
        return FALSE;
    }
  return TRUE;
}

static gboolean
list_items (Run *r, const HsOqlValue *values, guint n)
{
  HsHeap *h = r->ev->h;
  guint8 *mask = NULL;
  gboolean go = TRUE;

  for (guint i = 0; go && i < n; i++)
    {
      const HsOqlValue *v = &values[i];
      HsClass c;
      if (!r->s->from_objects && v->kind == HS_OQL_OBJECT
          && (c = hs_heap_object_as_class (h, v->o)) != HS_CLASS_NONE)
        {
          if (!mask)
            mask = g_malloc0 (hs_heap_n_classes (h) + 1);
          mask[c] = 1;
        }
      else if (r->s->from_objects && joins (v))
        go = join_items (r, v);
      else if (r->s->from_objects || v->kind == HS_OQL_OBJECT)
        go = item (r, v);
    }
  if (go && mask)
    {
      go = scan_classes (r, mask);
    }
  g_free (mask);
  return go;
}

/* FROM OBJECTS INSTANCEOF <classes>: the class objects of them and their subclasses. */
static gboolean
class_objects_of_list (Run *r, const HsOqlValue *values, guint n)
{
  HsHeap *h = r->ev->h;
  guint8 *mask = g_malloc0 (hs_heap_n_classes (h) + 1);
  gboolean go;
  for (guint i = 0; i < n; i++)
    {
      HsClass c;
      if (values[i].kind == HS_OQL_OBJECT && (c = hs_heap_object_as_class (h, values[i].o)) != HS_CLASS_NONE)
        mask[c] = 1;
    }
  go = scan_classes (r, mask);
  g_free (mask);
  return go;
}

static gboolean
from_list (Run *r, const HsOqlValue *values, guint n)
{
  if (r->s->from_objects && r->s->instanceof)
    return class_objects_of_list (r, values, n);
  return list_items (r, values, n);
}

/* --- the source --------------------------------------------------------- */

static gboolean
walk_source (Run *r)
{
  HsOqlEval *ev = r->ev;
  HsHeap *h = ev->h;
  const HsOqlSelect *s = r->s;

  switch (s->from)
    {
      case HS_OQL_FROM_CLASS:
        {
          g_autoptr (GArray) cs = hs_query_classes_named (h, s->class_name);
          guint8 *mask = g_malloc0 (hs_heap_n_classes (h) + 1);
          for (guint i = 0; i < cs->len; i++)
            mask[g_array_index (cs, HsClass, i)] = 1;
          gboolean go = scan_classes (r, mask);
          g_free (mask);
          return go;
        }
      case HS_OQL_FROM_REGEX:
        {
          guint n = hs_heap_n_classes (h);
          guint8 *mask = g_malloc0 (n + 1);
          for (HsClass c = 0; c < n; c++)
            {
              if ((c & 0xfff) == 0 && g_cancellable_set_error_if_cancelled (ev->cancellable, &ev->error))
                break;
              gboolean m;
              if (!hs_oql_regex_match (ev, NULL, "FROM \"regex\"", s->class_regex, hs_class_name (h, c), &m))
                break;
              mask[c] = m;
            }
          gboolean go = !ev->error && scan_classes (r, mask);
          g_free (mask);
          return go;
        }
      case HS_OQL_FROM_ADDRESSES:
        {
          g_autoptr (GArray) vals = g_array_new (FALSE, TRUE, sizeof (HsOqlValue));
          for (guint i = 0; i < s->n_addrs; i++)
            {
              const HsOqlNode *n = hs_oql_node (ev->q, hs_oql_arg (ev->q, s->addrs_start + i));
              guint64 num = (guint64)n->value.i;
              HsObj o = n->negate ? hs_heap_find (h, num)
                                  : (num < hs_heap_n_objects (h) ? (HsObj)num : HS_OBJ_NONE);
              if (o != HS_OBJ_NONE)
                {
                  HsOqlValue v = hs_oql_value_object (o);
                  g_array_append_val (vals, v);
                }
            }
          return from_list (r, (const HsOqlValue *)vals->data, vals->len);
        }
      case HS_OQL_FROM_EXPR:
      case HS_OQL_FROM_SELECT:
        {
          HsOqlValue v;
          gboolean go;
          if (s->from == HS_OQL_FROM_EXPR ? !hs_oql_eval_expr (ev, s->expr, r->parent, &v)
                                          : !hs_oql_select_value (ev, s->sub_select, r->parent, &v))
            return FALSE;
          if (v.kind == HS_OQL_LIST && s->from_objects && rows_of_one (v.list))
            {
              /* A sub-select of one named column gives rows read by name. */
              go = TRUE;
              for (guint k = 0; go && k < hs_oql_list_len (v.list); k++)
                {
                  HsOqlValue row;
                  list_element (v.list, k, &row);
                  go = from_list (r, &row, 1);
                  hs_oql_value_clear (&row);
                }
            }
          else if (v.kind == HS_OQL_LIST)
            /* data, not &[0]: an empty array has none. */
            go = from_list (r, (const HsOqlValue *)v.list->values->data, hs_oql_list_len (v.list));
          else if (v.kind == HS_OQL_NULL)
            go = TRUE;
          else
            go = from_list (r, &v, 1);
          hs_oql_value_clear (&v);
          return go;
        }
    }
  return TRUE;
}

/* The objects the members retain together (AS RETAINED SET): everything
 * reachable that a walk from the GC roots, stopping at the members, does
 * not reach. One bit per object and a queue; no recursion. */
static gboolean
retained_set (Run *r)
{
  HsOqlEval *ev = r->ev;
  HsHeap *h = ev->h;
  guint64 n = hs_heap_n_objects (h);
  guint8 *kept = bits_new (ev);
  g_autoptr (GArray) queue = g_array_new (FALSE, FALSE, sizeof (HsObj));
  gboolean any = FALSE;

  for (guint64 o = 0; o < n && !any; o++)
    any = (r->seen[o >> 3] >> (o & 7)) & 1;
  if (!any)
    {
      g_free (kept);
      return TRUE;
    }
  for (gsize i = 0; i < hs_heap_n_roots (h); i++)
    {
      HsObj o = hs_heap_root (h, i)->obj;
      if (o != HS_OBJ_NONE && !((r->seen[o >> 3] >> (o & 7)) & 1) && !bit_test_set (kept, o))
        g_array_append_val (queue, o);
    }
  for (guint64 head = 0; head < queue->len; head++)
    {
      if ((head & 0xffff) == 0 && g_cancellable_set_error_if_cancelled (ev->cancellable, &ev->error))
        break;
      HsObj o = g_array_index (queue, HsObj, head), first;
      gsize k;
      const HsObj *refs = hs_heap_refs (h, o, &first, &k);
      for (gsize j = 0; j <= k; j++)
        {
          HsObj t = j == 0 ? first : refs[j - 1];
          if (t == HS_OBJ_NONE || ((r->seen[t >> 3] >> (t & 7)) & 1) || bit_test_set (kept, t))
            continue;
          g_array_append_val (queue, t);
        }
    }
  gboolean go = !ev->error;
  for (guint64 o = 0; go && o < n; o++)
    {
      if ((kept[o >> 3] >> (o & 7)) & 1)
        continue;
      /* Members count even when no root reaches them; the rest only if reachable. */
      gboolean member = (r->seen[o >> 3] >> (o & 7)) & 1;
      if (!member && !hs_heap_object_reachable (h, (HsObj)o))
        continue;
      announce (r, TRUE);
      go = r->sink->row (r->sink, (HsObj)o, NULL, 0) && hs_oql_eval_tick (ev);
    }
  g_free (kept);
  return go;
}

static gboolean
run_one (HsOqlEval *ev, guint32 idx, const HsOqlEnv *parent, HsOqlSink *sink)
{
  const HsOqlSelect *s = hs_oql_select (ev->q, idx);
  Run r = { .ev = ev, .s = s, .parent = parent, .sink = sink };
  gboolean go;

  if (s->star)
    {
      r.names = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (r.names, g_strdup ("*"));
    }
  else
    r.names = g_ptr_array_ref (s->labels);
  /* A UNION's later selects follow what the first announced. */
  r.objects_result = sink->objects;
  if (s->distinct || s->retained)
    r.seen = bits_new (ev);
  if (s->distinct)
    r.seen_rows = g_hash_table_new_full (hs_str_hash, g_str_equal, g_free, NULL);
  go = walk_source (&r);
  if (go && s->retained)
    go = retained_set (&r);
  g_free (r.seen);
  if (r.seen_rows)
    g_hash_table_unref (r.seen_rows);
  g_ptr_array_unref (r.names);
  return go && !ev->error;
}

gboolean
hs_oql_select_run (HsOqlEval *ev, guint32 idx, const HsOqlEnv *parent, HsOqlSink *sink)
{
  for (guint32 i = idx; i != HS_OQL_NONE; i = hs_oql_select (ev->q, i)->union_next)
    if (!run_one (ev, i, parent, sink))
      return FALSE;
  return TRUE;
}

/* --- a sub-select as a value -------------------------------------------- */

typedef struct
{
  HsOqlSink sink;
  HsOqlList *list;
  GPtrArray *names; /* the rows' names: two columns or more */
} Collect;

static void
collect_columns (HsOqlSink *sink, gboolean objects, const char *const *names, guint n)
{
  Collect *c = (Collect *)sink;
  if (objects || c->list->columns)
    return;
  c->list->columns = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (c->list->columns, g_strdup (names[i]));
  if (n >= 2)
    c->names = g_ptr_array_ref (c->list->columns);
}

static gboolean
collect_row (HsOqlSink *sink, HsObj obj, const HsOqlValue *values, guint n)
{
  Collect *c = (Collect *)sink;
  HsOqlValue v;
  if (hs_oql_list_len (c->list) >= HS_OQL_MAX_LIST)
    return FALSE;
  if (obj != HS_OBJ_NONE)
    v = hs_oql_value_object (obj);
  else if (n == 1 || !c->names)
    hs_oql_value_copy (&v, &values[0]);
  else
    {
      HsOqlList *row = hs_oql_list_new ();
      row->names = g_ptr_array_ref (c->names);
      for (guint i = 0; i < n; i++)
        {
          HsOqlValue e;
          hs_oql_value_copy (&e, &values[i]);
          hs_oql_list_append (row, &e);
        }
      v = hs_oql_value_list_take (row);
    }
  hs_oql_list_append (c->list, &v);
  return TRUE;
}

gboolean
hs_oql_select_value (HsOqlEval *ev, guint32 select, const HsOqlEnv *parent, HsOqlValue *out)
{
  Collect c = { .sink = { .columns = collect_columns, .row = collect_row }, .list = hs_oql_list_new () };
  gboolean ok = hs_oql_select_run (ev, select, parent, &c.sink);
  if (c.names)
    g_ptr_array_unref (c.names);
  if (ok && hs_oql_list_len (c.list) >= HS_OQL_MAX_LIST)
    ok = hs_oql_eval_fail (ev, NULL, "a sub-select of more than %u rows", HS_OQL_MAX_LIST);
  /* No rows: null, as in MAT ((SELECT ...) != null tests for rows). */
  if (!ok || hs_oql_list_len (c.list) == 0)
    {
      hs_oql_list_unref (c.list);
      *out = HS_OQL_VALUE_NULL;
      return ok;
    }
  *out = hs_oql_value_list_take (c.list);
  return TRUE;
}
