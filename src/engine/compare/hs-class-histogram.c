/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-histogram.c: the class table by name, detached from its analysis. */
#include "config.h"

#include <string.h>

#include "hs-class-histogram.h"

/* Length of a hidden class's address at the end of name[..end]: a '/',
 * '+' or '.' (the dump's '/' reads as '.') and "0x" with at least 8 hex
 * digits; 0 when there is none. */
static gsize
hex_address (const char *name, gsize end)
{
  gsize j = end;
  while (j > 0 && g_ascii_isxdigit (name[j - 1]))
    j--;
  if (j >= 3 && name[j - 1] == 'x' && name[j - 2] == '0' && strchr ("/+.", name[j - 3]) != NULL
      && end - j >= 8)
    return end - (j - 3);
  return 0;
}

/* Whether name[from..end] is what the JVM adds after "$$Lambda": an
 * optional "$N", then an address ("+0x...", "/0x...") or JDK 8's "/N". */
static gboolean
lambda_tail (const char *name, gsize from, gsize end)
{
  gsize j = from;
  if (j < end && name[j] == '$')
    {
      j++;
      while (j < end && g_ascii_isdigit (name[j]))
        j++;
    }
  if (j == end)
    return j > from;
  if (hex_address (name, end) == end - j)
    return TRUE;
  if (name[j] != '.' && name[j] != '/')
    return FALSE;
  for (j++; j < end; j++)
    if (!g_ascii_isdigit (name[j]))
      return FALSE;
  return TRUE;
}

char *
hs_class_histogram_stable_name (const char *name)
{
  static const char lambda[] = "$$Lambda";
  gsize len, base, cut;
  const char *l;
  GString *out;

  g_return_val_if_fail (name != NULL, NULL);
  len = strlen (name);
  base = len;
  while (base >= 2 && name[base - 2] == '[' && name[base - 1] == ']')
    base -= 2;
  l = g_strstr_len (name, base, lambda);
  /* D8's "-$$Lambda$MainActivity$..." carries no address and stays. */
  if (l != NULL && lambda_tail (name, (gsize)(l - name) + strlen (lambda), base))
    cut = (gsize)(l - name) + strlen (lambda);
  else
    cut = base - hex_address (name, base);
  if (cut == base)
    return NULL;
  out = g_string_new_len (name, (gssize)cut);
  g_string_append (out, name + base);
  return g_string_free (out, FALSE);
}

typedef struct
{
  const char *name;
  HsClass c;
} NamedClass;

static int
cmp_named (gconstpointer pa, gconstpointer pb)
{
  const NamedClass *a = pa, *b = pb;
  int r = strcmp (a->name, b->name);
  return r ? r : (a->c < b->c ? -1 : a->c > b->c);
}

HsClassHistogram *
hs_class_histogram_new (HsAnalysis *a)
{
  g_return_val_if_fail (a != NULL && a->heap != NULL, NULL);
  HsHeap *h = a->heap;
  const HsSummary *s = hs_heap_summary (h);
  HsClassHistogram *hist = g_new0 (HsClassHistogram, 1);
  hist->file = g_strdup (hs_heap_path (h));
  hist->dump = hs_heap_dump_index (h);
  hist->n_dumps = hs_heap_n_dumps (h);
  hist->android = hs_heap_is_android (h);
  hist->id_size = hs_heap_id_size (h);
  hist->follow_weak = hs_heap_follow_weak (h);
  hist->retained_known = a->class_retained != NULL;
  hist->warning = g_strdup (hs_heap_warning (h));
  hist->objects = s->objects;
  hist->reachable_objects = s->reachable_objects;
  hist->shallow_bytes = s->shallow_bytes;
  hist->reachable_bytes = s->reachable_bytes;

  /* The rows `classes` prints, grouped by name through one sort; hidden
   * and lambda classes under their names without addresses, which change
   * from run to run. */
  guint nc = hs_heap_n_classes (h), n = 0;
  NamedClass *v = g_new (NamedClass, MAX (nc, 1));
  hist->names = g_string_chunk_new (4096);
  for (HsClass c = 0; c < nc; c++)
    if (hs_class_count (h, c) > 0 || hs_class_object (h, c) != HS_OBJ_NONE)
      {
        g_autofree char *stable = hs_class_histogram_stable_name (hs_class_name (h, c));
        v[n].name = stable != NULL ? g_string_chunk_insert_const (hist->names, stable) : hs_class_name (h, c);
        v[n].c = c;
        n++;
      }
  qsort (v, n, sizeof *v, cmp_named);

  hist->rows = g_new0 (HsHistogramRow, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      HsClass c = v[i].c;
      if (hist->n_rows == 0 || strcmp (hist->rows[hist->n_rows - 1].name, v[i].name) != 0)
        hist->rows[hist->n_rows++].name = g_string_chunk_insert (hist->names, v[i].name);
      HsClassStats *st = &hist->rows[hist->n_rows - 1].stats;
      st->count += hs_class_count (h, c);
      st->shallow += hs_class_shallow (h, c);
      st->retained += a->class_retained ? a->class_retained[c] : 0;
    }
  g_free (v);
  return hist;
}

HsClassHistogram *
hs_class_histogram_load (const char *path, const HsAnalysisOptions *opts, HsProgressFunc progress,
                         gpointer progress_data, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (path != NULL, NULL);
  HsAnalysisOptions o = { 0 };
  if (opts)
    o = *opts;
  o.skip_dominators = FALSE; /* retained sizes are part of the table */
  o.skip_leaks = TRUE;
  o.leaks_ready = NULL;
  g_autoptr (HsAnalysis) a = hs_analysis_run (path, &o, progress, progress_data, cancellable, error);
  if (!a)
    return NULL;
  return hs_class_histogram_new (a);
}

void
hs_class_histogram_free (HsClassHistogram *hist)
{
  if (!hist)
    return;
  g_free (hist->file);
  g_free (hist->warning);
  g_free (hist->rows);
  if (hist->names)
    g_string_chunk_free (hist->names);
  g_free (hist);
}
