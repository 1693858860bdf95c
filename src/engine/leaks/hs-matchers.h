/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-matchers.h: the table of known reference patterns (LeakCanary's
 * "reference matchers"): library leaks that are beyond the app's control, and
 * references that must never be followed when looking for paths. The table is
 * a text file (data/leak-matchers.txt, compiled in as a GResource; its format
 * is documented at its top). Engine layer: GLib only. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  HS_MATCHER_INSTANCE_FIELD, /* class + field: an instance field of that class (or a subclass) */
  HS_MATCHER_STATIC_FIELD,   /* class + field: a static field of that class */
  HS_MATCHER_JAVA_LOCAL,     /* thread name: any local of a Java frame of that thread */
  HS_MATCHER_JNI_GLOBAL,     /* class: a JNI global reference to an object of that class */
} HsMatcherKind;

typedef struct
{
  HsMatcherKind kind;
  gboolean ignored;      /* never followed (else: a library leak) */
  char *class_name;      /* INSTANCE/STATIC/JNI: Java source name */
  char *field_name;      /* INSTANCE/STATIC */
  char *thread_name;     /* JAVA_LOCAL */
  gboolean android_only; /* the line had an "api" segment */
  int api_min, api_max;  /* inclusive; 0 = unbounded */
  char *manufacturer;    /* only on this android.os.Build.MANUFACTURER, or NULL */
  char *description;     /* shown as the library leak's description */
  char *pattern;         /* "instance field android.view.Foo#mBar" (display) */
  guint line;            /* line in the file */
} HsMatcher;

typedef struct
{
  GPtrArray *matchers; /* HsMatcher*, in file order */
  char *source;        /* file name, for messages */
} HsMatcherTable;

/* Parses the table text. Errors (HS_ERROR_FORMAT) name the source and line. */
HsMatcherTable *hs_matchers_parse (const char *text, gssize len, const char *source_name, GError **error);
/* The biggest table hs_matchers_load reads from a file (16 MiB: a table is
 * a few kB); the CLI checks --matchers against it before any dump is read. */
#define HS_MATCHERS_MAX_BYTES ((guint64)16 << 20)

/* Loads a table from a file, or the built-in one when path is NULL. */
HsMatcherTable *hs_matchers_load (const char *path, GError **error);
void hs_matchers_free (HsMatcherTable *table);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsMatcherTable, hs_matchers_free)

/* Whether the matcher applies to a dump of that API level and manufacturer.
 * api_level < 0: not an Android dump (matchers with an api range do not
 * apply); 0: Android, level unknown (every range applies). manufacturer
 * NULL = unknown: every manufacturer applies. */
gboolean hs_matcher_applies (const HsMatcher *m, int api_level, const char *manufacturer);

G_END_DECLS
