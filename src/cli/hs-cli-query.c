/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-query.c: `heapscope-cli query DUMP QUERY` (or -f FILE): an OQL
 * query (hs-oql.h), its rows written as they come: an aligned table (the
 * widths taken from the first rows), --csv, or --json
 * {"columns": [...], "rows": [[...]], "total": N}. Object rows have the
 * columns id, class, shallow, retained. total counts the rows before
 * --limit. A syntax error exits 2 before the dump is read. */
#include "config.h"

#include <math.h>
#include <string.h>
#include <time.h>

#include "hs-cli.h"
#include "hs-format.h"
#include "hs-oql.h"

/* Rows held to size the text table's columns before the first is printed:
 * at most this many, and no more text than ALIGN_BYTES (wide cells align
 * on the rows before them). */
#define ALIGN_ROWS 1000
#define ALIGN_BYTES (8u << 20)

typedef struct
{
  const HsCliOptions *o;
  HsAnalysis *a;
  GString *out;
  gboolean objects;
  GPtrArray *columns; /* char * */
  guint64 total, printed;
  GPtrArray *held; /* text mode: GPtrArray of char * cells per row, until aligned */
  gsize held_bytes;
  GArray *widths; /* guint */
  gboolean aligned;
} Query;

static const char *const object_columns[] = { "id", "class", "shallow", "retained" };

static void
on_columns (gboolean objects, const char *const *names, guint n, gpointer data)
{
  Query *q = data;
  q->objects = objects;
  if (objects)
    {
      names = object_columns;
      n = G_N_ELEMENTS (object_columns);
    }
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (q->columns, g_strdup (names[i]));
  if (q->o->json)
    {
      g_string_append (q->out, "{\"columns\": [");
      for (guint i = 0; i < n; i++)
        {
          if (i)
            g_string_append (q->out, ", ");
          hs_json_string (q->out, names[i]);
        }
      g_string_append (q->out, "], \"rows\": [");
    }
  else if (q->o->csv)
    {
      for (guint i = 0; i < n; i++)
        {
          if (i)
            g_string_append_c (q->out, ',');
          hs_format_append_csv_cell (q->out, names[i]);
        }
      g_string_append_c (q->out, '\n');
    }
}

static void
json_value (Query *q, const HsOqlValue *v, guint depth)
{
  GString *out = q->out;
  switch (v->kind)
    {
      case HS_OQL_NULL: g_string_append (out, "null"); break;
      case HS_OQL_BOOL: g_string_append (out, v->b ? "true" : "false"); break;
      case HS_OQL_INT:
      case HS_OQL_LONG: g_string_append_printf (out, "%" G_GINT64_FORMAT, v->i); break;
      case HS_OQL_DOUBLE:
      case HS_OQL_CHAR:
      case HS_OQL_STRING:
        {
          /* Numbers in the same digits as the text; NaN and infinities as strings. */
          g_autofree char *t = hs_oql_value_to_text (q->a, v);
          if (v->kind == HS_OQL_DOUBLE && isfinite (v->d))
            g_string_append (out, t);
          else
            hs_json_string (out, t);
        }
        break;
      case HS_OQL_OBJECT: hs_json_id (out, hs_heap_object_id (q->a->heap, v->o)); break;
      case HS_OQL_LIST:
        g_string_append_c (out, '[');
        for (guint i = 0; i < hs_oql_list_len (v->list); i++)
          {
            if (i)
              g_string_append (out, ", ");
            if (depth > 16)
              g_string_append (out, "null");
            else
              json_value (q, hs_oql_list_get (v->list, i), depth + 1);
          }
        g_string_append_c (out, ']');
        break;
    }
}

/* The cells of one row as text. */
static GPtrArray *
row_cells (Query *q, const HsOqlRow *row)
{
  GPtrArray *cells = g_ptr_array_new_with_free_func (g_free);
  HsHeap *h = q->a->heap;
  if (row->object != HS_OBJ_NONE)
    {
      HsObj o = row->object;
      guint64 retained
          = q->a->dom && hs_heap_object_reachable (h, o) ? hs_dom_tree_retained (q->a->dom, o) : 0;
      g_ptr_array_add (cells, g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", hs_heap_object_id (h, o)));
      g_ptr_array_add (cells, hs_cli_visible (hs_heap_object_class_name (h, o), -1, FALSE));
      g_ptr_array_add (cells, g_strdup_printf ("%u", hs_heap_object_shallow (h, o)));
      g_ptr_array_add (cells, g_strdup_printf ("%" G_GUINT64_FORMAT, retained));
      return cells;
    }
  for (guint i = 0; i < row->n_values; i++)
    {
      g_autofree char *t = hs_oql_value_to_text (q->a, &row->values[i]);
      g_ptr_array_add (cells, hs_cli_visible (t, -1, FALSE));
    }
  return cells;
}

static void
text_line (Query *q, GPtrArray *cells)
{
  for (guint i = 0; i < cells->len; i++)
    {
      const char *c = g_ptr_array_index (cells, i);
      guint w = i < q->widths->len ? g_array_index (q->widths, guint, i) : 0;
      glong len = g_utf8_strlen (c, -1);
      if (i)
        g_string_append (q->out, "  ");
      g_string_append (q->out, c);
      if (i + 1 < cells->len)
        for (glong k = len; k < (glong)w; k++)
          g_string_append_c (q->out, ' ');
    }
  g_string_append_c (q->out, '\n');
}

static void
widen (Query *q, GPtrArray *cells)
{
  for (guint i = 0; i < cells->len; i++)
    {
      if (i >= q->widths->len)
        {
          guint zero = 0;
          g_array_append_val (q->widths, zero);
        }
      guint len = (guint)g_utf8_strlen (g_ptr_array_index (cells, i), -1);
      guint *w = &g_array_index (q->widths, guint, i);
      *w = MAX (*w, MIN (len, 80u));
    }
}

static void
flush_held (Query *q)
{
  if (q->aligned)
    return;
  q->aligned = TRUE;
  widen (q, q->columns);
  for (guint i = 0; i < q->held->len; i++)
    widen (q, g_ptr_array_index (q->held, i));
  text_line (q, q->columns);
  for (guint i = 0; i < q->held->len; i++)
    {
      text_line (q, g_ptr_array_index (q->held, i));
      hs_cli_flush_big (q->out);
    }
  g_ptr_array_set_size (q->held, 0);
  q->held_bytes = 0;
}

static gboolean
on_row (const HsOqlRow *row, gpointer data)
{
  Query *q = data;
  q->total++;
  if (q->o->limit >= 0 && q->printed >= (guint64)q->o->limit)
    return TRUE; /* counted for total, not printed */
  q->printed++;
  if (q->o->json)
    {
      g_string_append (q->out, q->printed > 1 ? ",\n  [" : "\n  [");
      if (row->object != HS_OBJ_NONE)
        {
          g_autoptr (GPtrArray) cells = row_cells (q, row);
          hs_json_id (q->out, hs_heap_object_id (q->a->heap, row->object));
          g_string_append (q->out, ", ");
          hs_json_string (q->out, hs_heap_object_class_name (q->a->heap, row->object));
          g_string_append_printf (q->out, ", %s, %s", (char *)cells->pdata[2], (char *)cells->pdata[3]);
        }
      else
        for (guint i = 0; i < row->n_values; i++)
          {
            if (i)
              g_string_append (q->out, ", ");
            json_value (q, &row->values[i], 0);
          }
      g_string_append_c (q->out, ']');
    }
  else if (q->o->csv)
    {
      g_autoptr (GPtrArray) cells = row_cells (q, row);
      for (guint i = 0; i < cells->len; i++)
        {
          if (i)
            g_string_append_c (q->out, ',');
          hs_format_append_csv_cell (q->out, g_ptr_array_index (cells, i));
        }
      g_string_append_c (q->out, '\n');
    }
  else
    {
      GPtrArray *cells = row_cells (q, row);
      if (q->aligned)
        {
          text_line (q, cells);
          g_ptr_array_unref (cells);
        }
      else
        {
          g_ptr_array_add (q->held, cells);
          for (guint i = 0; i < cells->len; i++)
            q->held_bytes += strlen (g_ptr_array_index (cells, i));
          if (q->held->len >= ALIGN_ROWS || q->held_bytes >= ALIGN_BYTES)
            flush_held (q);
        }
    }
  hs_cli_flush_big (q->out);
  return TRUE;
}

static char *
query_text (const HsCliOptions *o, GError **error)
{
  char *text = NULL;
  gsize len = 0;
  if (o->query_file && o->second_path)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "query takes a QUERY or -f FILE, not both");
      return NULL;
    }
  if (o->second_path)
    return g_strdup (o->second_path);
  if (!o->query_file)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "query needs a QUERY after the dump, or -f FILE");
      return NULL;
    }
  if (!hs_cli_check_option_file ("-f", o->query_file, error)
      || !g_file_get_contents (o->query_file, &text, &len, error))
    return NULL;
  if (strlen (text) != len)
    {
      g_free (text);
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "-f %s: the file holds a NUL byte", o->query_file);
      return NULL;
    }
  return text;
}

/* The query's text, its syntax checked (before the dump is read); NULL
 * with error set. */
static char *
query_checked (const HsCliOptions *o, GError **error)
{
  g_autofree char *text = query_text (o, error);
  if (!text)
    return NULL;
  if (o->json && o->csv)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "--json and --csv: choose one");
      return NULL;
    }
  g_autoptr (GError) syntax = NULL;
  if (!hs_oql_check (text, &syntax))
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "query: %s", syntax->message);
      return NULL;
    }
  return g_steal_pointer (&text);
}

int
hs_cli_query_emit (const HsCliOptions *o, HsAnalysis *a, const char *path, GError **error)
{
  (void)path;
  g_autofree char *text = query_checked (o, error);
  if (!text)
    return 2;
  Query q = { .o = o, .a = a, .out = g_string_new (NULL) };
  q.columns = g_ptr_array_new_with_free_func (g_free);
  q.held = g_ptr_array_new_with_free_func ((GDestroyNotify)g_ptr_array_unref);
  q.widths = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GError) local = NULL;
  gint64 start = g_get_monotonic_time ();
  struct timespec cpu0, cpu1;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &cpu0);
  gboolean ok = hs_oql_run (a, text, o->unreachable ? HS_OQL_UNREACHABLE : HS_OQL_FLAGS_NONE, on_columns,
                            on_row, &q, NULL, &local);
  if (ok)
    {
      if (o->json)
        g_string_append_printf (q.out, "%s], \"total\": %" G_GUINT64_FORMAT "}\n", q.printed ? "\n" : "",
                                q.total);
      else if (!o->csv)
        flush_held (&q);
    }
  if (ok)
    hs_cli_write (q.out);
  /* --timings: the query alone, after the analysis (docs/performance.md). */
  if (o->timings)
    {
      /* The CPU time of this thread too: the query runs on it alone, and
       * on a busy machine the wall time says more about the others. */
      clock_gettime (CLOCK_THREAD_CPUTIME_ID, &cpu1);
      g_printerr ("query: %.3f s (%.3f s CPU), %" G_GUINT64_FORMAT " rows\n",
                  (double)(g_get_monotonic_time () - start) / G_USEC_PER_SEC,
                  (double)(cpu1.tv_sec - cpu0.tv_sec) + (cpu1.tv_nsec - cpu0.tv_nsec) / 1e9, q.total);
    }
  g_string_free (q.out, TRUE);
  g_ptr_array_unref (q.columns);
  g_ptr_array_unref (q.held);
  g_array_unref (q.widths);
  if (!ok)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "query: %s", local->message);
      return 2;
    }
  return 0;
}

int
hs_cli_query (const HsCliOptions *o, const char *path, GError **error)
{
  g_autofree char *text = query_checked (o, error);
  if (!text)
    return 2;
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, TRUE, FALSE, error);
  if (!a)
    return 2;
  return hs_cli_query_emit (o, a, path, error);
}
