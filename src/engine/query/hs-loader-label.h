/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-loader-label.h: a class loader named for people, as Eclipse MAT
 * names it. Engine layer.
 *
 * - id 0, the bootstrap loader: "<system class loader>";
 * - a loader object: its class name, " @ 0x" and its id in lower-case
 *   hex, and when it has a name, " (NAME)":
 *   "org.apache.catalina.loader.ParallelWebappClassLoader @ 0x7f0 (myapp)".
 *   The name is what MAT's class loader name resolvers read, the first
 *   found of:
 *   - Tomcat (a subclass of org.apache.catalina.loader.WebappClassLoaderBase
 *     or of Tomcat 6/7's WebappClassLoader): `contextName`, else
 *     `resources.context.name` (the web application's context);
 *   - Jetty's WebAppClassLoader (org.mortbay and org.eclipse.jetty): `_name`,
 *     else `_context._contextPath`;
 *   - Equinox (OSGi) bundle loaders, the bundle's symbolic name:
 *     EquinoxClassLoader `generation.revision.symbolicName`,
 *     DefaultClassLoader `manager.data.symbolicName`, EclipseClassLoader
 *     `hostdata.symbolicName`; Equinox's launcher loader
 *     (Main$StartupClassLoader) is "Equinox Startup Class Loader";
 *   - any loader: java.lang.ClassLoader's `name` (Java 9 and later: "app",
 *     "platform", or what the program gave).
 *   A name is a String's value, cut to 200 characters with "…";
 * - an id naming no object of the dump: "<unknown class loader> @ 0xID".
 *
 * Reads a few fields of the dump. hs_loader_label walks the loader's
 * superclass chain once; to name many loaders, an HsLoaderNamer finds which
 * resolver applies to every class in one pass first (hs_class_name_bits),
 * so that naming n loaders never costs n times a chain's depth. */
#pragma once

#include "hs-heap.h"

G_BEGIN_DECLS

#define HS_LOADER_LABEL_SYSTEM "<system class loader>"

/* The label of the loader whose object id is loader_id (hs_class_loader_id).
 * Thread-safe (it only reads the heap). g_free it. */
char *hs_loader_label (HsHeap *heap, guint64 loader_id);

/* Many loaders of one heap: one pass over the classes, then each label
 * without walking a superclass chain. Read-only: one namer may be used by
 * one thread at a time; the heap must outlive it. */
typedef struct _HsLoaderNamer HsLoaderNamer;
HsLoaderNamer *hs_loader_namer_new (HsHeap *heap);
char *hs_loader_namer_label (HsLoaderNamer *namer, guint64 loader_id);
void hs_loader_namer_free (HsLoaderNamer *namer);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsLoaderNamer, hs_loader_namer_free)

G_END_DECLS
