/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-cli-loaders.c: `heapscope-cli loaders`: every class loader (classes
 * it defines, their instances, its retained size), then the classes that
 * several loaders define (docs/semantics.md "Class loaders"). */
#include "config.h"

#include "hs-cli.h"
#include "hs-class-loaders.h"

static void
loaders_json (GString *out, HsHeap *h, const HsClassLoaders *cl)
{
  g_string_append (out, "{\"loaders\": [");
  for (guint k = 0; k < cl->n_loaders; k++)
    {
      const HsClassLoader *l = &cl->loaders[k];
      g_string_append (out, k ? ",\n  {\"id\": " : "\n  {\"id\": ");
      hs_json_id (out, l->id);
      g_string_append (out, ", \"label\": ");
      hs_json_string (out, l->label);
      g_string_append (out, ", \"class\": ");
      hs_json_string_or_null (out, l->obj != HS_OBJ_NONE ? hs_heap_object_class_name (h, l->obj) : NULL);
      g_string_append_printf (out, ", \"classes\": %u, \"instances\": %" G_GUINT64_FORMAT ", \"retained\": ",
                              l->n_classes, l->instances);
      if (l->has_retained)
        g_string_append_printf (out, "%" G_GUINT64_FORMAT "}", l->retained);
      else
        g_string_append (out, "null}");
      hs_cli_flush_big (out);
    }
  g_string_append (out, "\n ],\n \"duplicate_classes\": [");
  for (guint i = 0; i < cl->n_duplicates; i++)
    {
      const HsDuplicateClass *d = &cl->duplicates[i];
      g_string_append (out, i ? ",\n  {\"name\": " : "\n  {\"name\": ");
      hs_json_string (out, d->name);
      g_string_append_printf (out, ", \"loaders\": %u, \"instances\": %" G_GUINT64_FORMAT ", \"classes\": [",
                              d->n_loaders, d->instances);
      for (guint j = 0; j < d->n_defs; j++)
        {
          const HsDuplicateDef *def = &d->defs[j];
          g_string_append (out, j ? ", {\"id\": " : "{\"id\": ");
          hs_json_id (out, hs_class_id (h, def->klass));
          g_string_append (out, ", \"loader\": ");
          hs_json_id (out, cl->loaders[def->loader].id);
          g_string_append (out, ", \"loader_label\": ");
          hs_json_string (out, cl->loaders[def->loader].label);
          g_string_append_printf (out, ", \"instances\": %" G_GUINT64_FORMAT "}", def->instances);
        }
      g_string_append (out, "]}");
      hs_cli_flush_big (out);
    }
  g_string_append (out, "\n ]}\n");
}

static void
loaders_text (GString *out, const HsClassLoaders *cl)
{
  g_string_append_printf (out, "Class loaders: %u\n%10s %12s %14s  %s\n", cl->n_loaders, "classes",
                          "instances", "retained", "loader");
  for (guint k = 0; k < cl->n_loaders; k++)
    {
      const HsClassLoader *l = &cl->loaders[k];
      g_autofree char *label = hs_cli_visible (l->label, -1, FALSE);
      g_autofree char *retained
          = l->has_retained ? g_strdup_printf ("%" G_GUINT64_FORMAT, l->retained) : g_strdup ("-");
      g_string_append_printf (out, "%10u %12" G_GUINT64_FORMAT " %14s  %s\n", l->n_classes, l->instances,
                              retained, label);
      hs_cli_flush_big (out);
    }
  g_string_append_printf (out, "\nDuplicate classes: %u\n", cl->n_duplicates);
  for (guint i = 0; i < cl->n_duplicates; i++)
    {
      const HsDuplicateClass *d = &cl->duplicates[i];
      g_autofree char *name = hs_cli_visible (d->name, -1, FALSE);
      g_string_append_printf (out, "%s (%u loaders, %" G_GUINT64_FORMAT " instances)\n", name, d->n_loaders,
                              d->instances);
      for (guint j = 0; j < d->n_defs; j++)
        {
          g_autofree char *label = hs_cli_visible (cl->loaders[d->defs[j].loader].label, -1, FALSE);
          g_string_append_printf (out, "%12" G_GUINT64_FORMAT "  %s\n", d->defs[j].instances, label);
        }
      hs_cli_flush_big (out);
    }
}

int
hs_cli_loaders (const HsCliOptions *o, const char *path, GError **error)
{
  if (o->csv && o->json)
    {
      g_set_error (error, HS_ERROR, HS_ERROR_ARGUMENT, "--csv and --json: choose one");
      return 2;
    }
  g_autoptr (HsAnalysis) a = hs_cli_load (o, path, TRUE, FALSE, error);
  if (a == NULL)
    return 2;
  g_autoptr (HsClassLoaders) cl = hs_class_loaders_compute (a, hs_cli_cancellable (), error);
  if (cl == NULL)
    return 2;
  GString *out = g_string_new (NULL);
  if (o->csv)
    hs_class_loaders_append_csv (out, cl);
  else if (o->json)
    loaders_json (out, a->heap, cl);
  else
    loaders_text (out, cl);
  hs_cli_write (out);
  g_string_free (out, TRUE);
  return 0;
}
