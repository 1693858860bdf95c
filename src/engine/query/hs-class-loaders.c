/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-class-loaders.c: the class loaders of a dump and the duplicate
 * classes (hs-class-loaders.h; docs/semantics.md "Class loaders"). */
#include "config.h"

#include <string.h>

#include "hs-class-loaders.h"
#include "hs-loader-label.h"

typedef struct
{
  HsHeap *heap;
  const HsClassLoader *loaders;
  const guint *loader_of; /* class -> loader index */
} SortCtx;

static int
cmp_loaders (gconstpointer pa, gconstpointer pb)
{
  const HsClassLoader *a = pa, *b = pb;
  gboolean ba = a->id == HS_BOOTSTRAP_LOADER_ID, bb = b->id == HS_BOOTSTRAP_LOADER_ID;

  if (ba != bb)
    return ba ? -1 : 1;
  if (a->retained != b->retained)
    return a->retained > b->retained ? -1 : 1;
  if (a->n_classes != b->n_classes)
    return a->n_classes > b->n_classes ? -1 : 1;
  return a->id < b->id ? -1 : a->id > b->id;
}

/* Classes by name, then loader id, then index: the classes of one name are
 * a run, their loaders in order within it. */
static int
cmp_classes_by_name (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const SortCtx *ctx = data;
  HsClass a = *(const HsClass *)pa, b = *(const HsClass *)pb;
  int c = strcmp (hs_class_name (ctx->heap, a), hs_class_name (ctx->heap, b));

  if (c != 0)
    return c;
  guint64 la = hs_class_loader_id (ctx->heap, a), lb = hs_class_loader_id (ctx->heap, b);
  if (la != lb)
    return la < lb ? -1 : 1;
  return a < b ? -1 : a > b;
}

static int
cmp_defs (gconstpointer pa, gconstpointer pb, gpointer data)
{
  const SortCtx *ctx = data;
  const HsDuplicateDef *a = pa, *b = pb;

  if (a->instances != b->instances)
    return a->instances > b->instances ? -1 : 1;
  guint64 la = ctx->loaders[a->loader].id, lb = ctx->loaders[b->loader].id;
  if (la != lb)
    return la < lb ? -1 : 1;
  return a->klass < b->klass ? -1 : a->klass > b->klass;
}

static int
cmp_duplicates (gconstpointer pa, gconstpointer pb)
{
  const HsDuplicateClass *a = pa, *b = pb;

  if (a->n_loaders != b->n_loaders)
    return a->n_loaders > b->n_loaders ? -1 : 1;
  if (a->instances != b->instances)
    return a->instances > b->instances ? -1 : 1;
  return strcmp (a->name, b->name);
}

/* One row per loader id that defines a class; loader_of[c] its index
 * (G_MAXUINT for classes without a class object). */
static GArray *
collect_loaders (HsAnalysis *a, GArray *classes, guint *loader_of)
{
  HsHeap *heap = a->heap;
  GArray *loaders = g_array_new (FALSE, TRUE, sizeof (HsClassLoader));
  g_autoptr (GHashTable) index = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint i = 0; i < classes->len; i++)
    {
      HsClass c = g_array_index (classes, HsClass, i);
      guint64 id = hs_class_loader_id (heap, c);
      gpointer found;
      guint k;

      if (g_hash_table_lookup_extended (index, &id, NULL, &found))
        k = GPOINTER_TO_UINT (found);
      else
        {
          HsClassLoader row = { .id = id, .obj = HS_OBJ_NONE };
          k = loaders->len;
          g_array_append_val (loaders, row);
          guint64 *key = g_new (guint64, 1);
          *key = id;
          g_hash_table_insert (index, key, GUINT_TO_POINTER (k));
        }
      loader_of[c] = k;
      HsClassLoader *row = &g_array_index (loaders, HsClassLoader, k);
      row->n_classes++;
      row->instances += hs_class_count (heap, c);
    }
  return loaders;
}

/* Each loader named as the grouped class table names it (hs-loader-label:
 * Eclipse MAT's names, web servers' and OSGi bundles' included). */
static void
describe_loaders (HsAnalysis *a, GArray *loaders)
{
  g_autoptr (HsLoaderNamer) namer = hs_loader_namer_new (a->heap);
  for (guint k = 0; k < loaders->len; k++)
    {
      HsClassLoader *row = &g_array_index (loaders, HsClassLoader, k);
      if (row->id != HS_BOOTSTRAP_LOADER_ID)
        row->obj = hs_heap_find (a->heap, row->id);
      row->label = hs_loader_namer_label (namer, row->id);
      row->has_retained = row->obj != HS_OBJ_NONE && a->dom != NULL;
      if (row->has_retained && a->dom->idom[row->obj] != HS_OBJ_NONE)
        row->retained = hs_dom_tree_retained (a->dom, row->obj);
    }
}

/* The runs of one name with two loaders or more. */
static void
find_duplicates (HsAnalysis *a, HsClassLoaders *out, GArray *classes, const guint *loader_of)
{
  HsHeap *heap = a->heap;
  SortCtx ctx = { heap, out->loaders, loader_of };
  GArray *dups = g_array_new (FALSE, TRUE, sizeof (HsDuplicateClass));
  GArray *defs = g_array_new (FALSE, TRUE, sizeof (HsDuplicateDef));
  GArray *starts = g_array_new (FALSE, FALSE, sizeof (guint));

  g_array_sort_with_data (classes, cmp_classes_by_name, &ctx);
  for (guint i = 0; i < classes->len;)
    {
      HsClass first = g_array_index (classes, HsClass, i);
      const char *name = hs_class_name (heap, first);
      guint j = i + 1, n_loaders = 1;

      while (j < classes->len
             && strcmp (hs_class_name (heap, g_array_index (classes, HsClass, j)), name) == 0)
        {
          if (hs_class_loader_id (heap, g_array_index (classes, HsClass, j))
              != hs_class_loader_id (heap, g_array_index (classes, HsClass, j - 1)))
            n_loaders++;
          j++;
        }
      if (n_loaders >= 2)
        {
          HsDuplicateClass d = { .name = name, .n_loaders = n_loaders, .n_defs = j - i };
          guint start = defs->len;
          for (guint k = i; k < j; k++)
            {
              HsClass c = g_array_index (classes, HsClass, k);
              HsDuplicateDef def = { c, loader_of[c], hs_class_count (heap, c) };
              d.instances += def.instances;
              g_array_append_val (defs, def);
            }
          g_array_append_val (dups, d);
          g_array_append_val (starts, start);
        }
      i = j;
    }
  out->defs = (HsDuplicateDef *)g_array_free (defs, FALSE);
  for (guint k = 0; k < dups->len; k++)
    {
      HsDuplicateClass *d = &g_array_index (dups, HsDuplicateClass, k);
      HsDuplicateDef *own = out->defs + g_array_index (starts, guint, k);
      g_qsort_with_data (own, d->n_defs, sizeof *own, cmp_defs, &ctx);
      d->defs = own;
    }
  g_array_free (starts, TRUE);
  g_array_sort (dups, cmp_duplicates);
  out->n_duplicates = dups->len;
  out->duplicates = (HsDuplicateClass *)g_array_free (dups, FALSE);
}

HsClassLoaders *
hs_class_loaders_compute (HsAnalysis *analysis, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (analysis != NULL, NULL);
  HsHeap *heap = analysis->heap;
  guint n = hs_heap_n_classes (heap);
  g_autoptr (GArray) classes = g_array_sized_new (FALSE, FALSE, sizeof (HsClass), n);
  g_autofree guint *loader_of = g_new (guint, MAX (n, 1));

  for (HsClass c = 0; c < n; c++)
    {
      loader_of[c] = G_MAXUINT;
      if (hs_class_object (heap, c) != HS_OBJ_NONE)
        g_array_append_val (classes, c);
    }
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;
  GArray *loaders = collect_loaders (analysis, classes, loader_of);
  describe_loaders (analysis, loaders);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      for (guint k = 0; k < loaders->len; k++)
        g_free (g_array_index (loaders, HsClassLoader, k).label);
      g_array_free (loaders, TRUE);
      return NULL;
    }

  /* Sorted, and each class's loader renumbered to its sorted row. */
  g_autofree guint *perm = g_new (guint, MAX (loaders->len, 1));
  {
    g_autofree guint64 *ids = g_new (guint64, MAX (loaders->len, 1));
    for (guint k = 0; k < loaders->len; k++)
      ids[k] = g_array_index (loaders, HsClassLoader, k).id;
    g_array_sort (loaders, cmp_loaders);
    g_autoptr (GHashTable) sorted = g_hash_table_new (g_int64_hash, g_int64_equal);
    for (guint k = 0; k < loaders->len; k++)
      g_hash_table_insert (sorted, &g_array_index (loaders, HsClassLoader, k).id, GUINT_TO_POINTER (k));
    for (guint k = 0; k < loaders->len; k++)
      perm[k] = GPOINTER_TO_UINT (g_hash_table_lookup (sorted, &ids[k]));
  }
  for (guint i = 0; i < classes->len; i++)
    {
      HsClass c = g_array_index (classes, HsClass, i);
      loader_of[c] = perm[loader_of[c]];
    }

  HsClassLoaders *out = g_new0 (HsClassLoaders, 1);
  out->n_loaders = loaders->len;
  out->loaders = (HsClassLoader *)g_array_free (loaders, FALSE);
  find_duplicates (analysis, out, classes, loader_of);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      hs_class_loaders_free (out);
      return NULL;
    }
  return out;
}

void
hs_class_loaders_free (HsClassLoaders *loaders)
{
  if (loaders == NULL)
    return;
  for (guint k = 0; k < loaders->n_loaders; k++)
    g_free (loaders->loaders[k].label);
  g_free (loaders->loaders);
  g_free (loaders->duplicates);
  g_free (loaders->defs);
  g_free (loaders);
}

static void
csv_row (GString *out, const char *const *cells, guint n)
{
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_c (out, ',');
      hs_format_append_csv_cell (out, cells[i]);
    }
  g_string_append (out, "\n");
}

void
hs_class_loaders_append_csv (GString *out, const HsClassLoaders *cl)
{
  g_return_if_fail (out != NULL && cl != NULL);
  const char *head[] = { "loader", "id", "classes", "instances", "retained" };
  csv_row (out, head, G_N_ELEMENTS (head));
  for (guint k = 0; k < cl->n_loaders; k++)
    {
      const HsClassLoader *l = &cl->loaders[k];
      g_autofree char *id = g_strdup_printf ("0x%" G_GINT64_MODIFIER "x", l->id);
      g_autofree char *classes = g_strdup_printf ("%u", l->n_classes);
      g_autofree char *instances = g_strdup_printf ("%" G_GUINT64_FORMAT, l->instances);
      g_autofree char *retained
          = l->has_retained ? g_strdup_printf ("%" G_GUINT64_FORMAT, l->retained) : g_strdup ("");
      const char *row[] = { l->label, id, classes, instances, retained };
      csv_row (out, row, G_N_ELEMENTS (row));
    }
  g_string_append (out, "\n");
  const char *dhead[] = { "duplicate class", "loaders", "loader", "instances" };
  csv_row (out, dhead, G_N_ELEMENTS (dhead));
  for (guint i = 0; i < cl->n_duplicates; i++)
    {
      const HsDuplicateClass *d = &cl->duplicates[i];
      g_autofree char *n = g_strdup_printf ("%u", d->n_loaders);
      for (guint j = 0; j < d->n_defs; j++)
        {
          g_autofree char *inst = g_strdup_printf ("%" G_GUINT64_FORMAT, d->defs[j].instances);
          const char *row[] = { d->name, n, cl->loaders[d->defs[j].loader].label, inst };
          csv_row (out, row, G_N_ELEMENTS (row));
        }
    }
}
