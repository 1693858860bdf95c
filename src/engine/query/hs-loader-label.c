/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loader-label.c: class loaders named for people (see the header). */
#include "config.h"

#include "hs-loader-label.h"

#include <inttypes.h>
#include <string.h>

#define NAME_MAX_CHARS 200

typedef struct
{
  const char *loader_class; /* the loader's class or one of its superclasses */
  const char *path;         /* fields to follow, dot separated; NULL: fixed */
  const char *fixed;        /* the name when path is NULL */
} Resolver;

/* Most specific first: the first whose class matches and whose path leads
 * to a String wins (MAT's resolvers, see the header). */
static const Resolver resolvers[] = {
  { "org.apache.catalina.loader.WebappClassLoaderBase", "contextName", NULL },
  { "org.apache.catalina.loader.WebappClassLoaderBase", "resources.context.name", NULL },
  { "org.apache.catalina.loader.WebappClassLoader", "contextName", NULL },
  { "org.apache.catalina.loader.WebappClassLoader", "resources.context.name", NULL },
  { "org.mortbay.jetty.webapp.WebAppClassLoader", "_name", NULL },
  { "org.mortbay.jetty.webapp.WebAppClassLoader", "_context._contextPath", NULL },
  { "org.eclipse.jetty.webapp.WebAppClassLoader", "_name", NULL },
  { "org.eclipse.jetty.webapp.WebAppClassLoader", "_context._contextPath", NULL },
  { "org.eclipse.osgi.internal.loader.EquinoxClassLoader", "generation.revision.symbolicName", NULL },
  { "org.eclipse.osgi.internal.baseadaptor.DefaultClassLoader", "manager.data.symbolicName", NULL },
  { "org.eclipse.core.runtime.adaptor.EclipseClassLoader", "hostdata.symbolicName", NULL },
  { "org.eclipse.equinox.launcher.Main$StartupClassLoader", NULL, "Equinox Startup Class Loader" },
  { "java.lang.ClassLoader", "name", NULL },
};

/* The String at the end of path from o, or NULL. */
static char *
read_path (HsHeap *heap, HsObj o, const char *path)
{
  g_auto (GStrv) parts = g_strsplit (path, ".", -1);

  for (guint i = 0; parts[i] != NULL && o != HS_OBJ_NONE; i++)
    {
      if (hs_heap_object_kind (heap, o) != HS_KIND_INSTANCE)
        return NULL;
      o = hs_heap_read_ref (heap, o, parts[i]);
    }
  if (o == HS_OBJ_NONE || g_strcmp0 (hs_heap_object_class_name (heap, o), "java.lang.String") != 0)
    return NULL;
  return hs_heap_read_string (heap, o, NAME_MAX_CHARS);
}

struct _HsLoaderNamer
{
  HsHeap *heap;
  guint32 *bits; /* per class: bit i set when resolvers[i] applies */
};

G_STATIC_ASSERT (G_N_ELEMENTS (resolvers) <= 32);

/* Which resolvers apply to class c: one walk up its superclass chain. */
static guint32
chain_bits (HsHeap *heap, HsClass c)
{
  guint32 bits = 0;

  /* The superclass chain was made loop-free at load time. */
  for (; c != HS_CLASS_NONE; c = hs_class_super (heap, c))
    for (guint i = 0; i < G_N_ELEMENTS (resolvers); i++)
      if (g_strcmp0 (hs_class_name (heap, c), resolvers[i].loader_class) == 0)
        bits |= 1u << i;
  return bits;
}

static char *
loader_name (HsHeap *heap, const guint32 *bits, guint64 loader_id)
{
  HsObj o;
  HsClass c;
  guint32 applies;

  if (loader_id == 0 || (o = hs_heap_find (heap, loader_id)) == HS_OBJ_NONE
      || hs_heap_object_kind (heap, o) != HS_KIND_INSTANCE)
    return NULL;
  c = hs_heap_object_class (heap, o);
  if (c == HS_CLASS_NONE)
    return NULL;
  applies = bits != NULL ? bits[c] : chain_bits (heap, c);
  for (guint i = 0; i < G_N_ELEMENTS (resolvers); i++)
    {
      char *name;

      if ((applies & (1u << i)) == 0)
        continue;
      if (resolvers[i].path == NULL)
        return g_strdup (resolvers[i].fixed);
      name = read_path (heap, o, resolvers[i].path);
      if (name != NULL && name[0] != '\0')
        return name;
      g_free (name);
    }
  return NULL;
}

static char *
loader_label (HsHeap *heap, const guint32 *bits, guint64 loader_id)
{
  g_autofree char *name = NULL;
  HsObj o;

  if (loader_id == 0)
    return g_strdup (HS_LOADER_LABEL_SYSTEM);
  o = hs_heap_find (heap, loader_id);
  if (o == HS_OBJ_NONE)
    return g_strdup_printf ("<unknown class loader> @ 0x%" PRIx64, (uint64_t)loader_id);
  name = loader_name (heap, bits, loader_id);
  if (name != NULL)
    return g_strdup_printf ("%s @ 0x%" PRIx64 " (%s)", hs_heap_object_class_name (heap, o),
                            (uint64_t)loader_id, name);
  return g_strdup_printf ("%s @ 0x%" PRIx64, hs_heap_object_class_name (heap, o), (uint64_t)loader_id);
}

char *
hs_loader_label (HsHeap *heap, guint64 loader_id)
{
  g_return_val_if_fail (heap != NULL, NULL);
  return loader_label (heap, NULL, loader_id);
}

HsLoaderNamer *
hs_loader_namer_new (HsHeap *heap)
{
  const char *names[G_N_ELEMENTS (resolvers)];
  HsLoaderNamer *namer;

  g_return_val_if_fail (heap != NULL, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (resolvers); i++)
    names[i] = resolvers[i].loader_class;
  namer = g_new0 (HsLoaderNamer, 1);
  namer->heap = heap;
  namer->bits = hs_class_name_bits (heap, names, G_N_ELEMENTS (resolvers));
  return namer;
}

char *
hs_loader_namer_label (HsLoaderNamer *namer, guint64 loader_id)
{
  g_return_val_if_fail (namer != NULL, NULL);
  return loader_label (namer->heap, namer->bits, loader_id);
}

void
hs_loader_namer_free (HsLoaderNamer *namer)
{
  if (namer == NULL)
    return;
  g_free (namer->bits);
  g_free (namer);
}
