/* SPDX-License-Identifier: GPL-3.0-or-later */
/* hs-system-props.h: the JVM's system properties and input arguments as
 * the dump holds them (Eclipse MAT's System Properties, VisualVM's
 * summary; docs/semantics.md "System properties and JVM arguments").
 * Engine layer.
 *
 * Reading is bounded whatever the dump holds: at most
 * HS_SYSTEM_PROPS_MAX entries and HS_SYSTEM_PROPS_MAX_ARGS arguments, each
 * map node read once (a chain that loops ends), at most
 * HS_SYSTEM_PROPS_MAX_SLOTS table slots looked at, each text cut at
 * HS_SYSTEM_PROPS_MAX_CHARS characters and HS_SYSTEM_PROPS_MAX_TEXT bytes
 * of text in all; `truncated` says when a bound was reached. */
#pragma once

#include "hs-heap.h"

G_BEGIN_DECLS

#define HS_SYSTEM_PROPS_MAX 100000
#define HS_SYSTEM_PROPS_MAX_ARGS 10000
#define HS_SYSTEM_PROPS_MAX_SLOTS (16u << 20)
#define HS_SYSTEM_PROPS_MAX_CHARS 65536
#define HS_SYSTEM_PROPS_MAX_TEXT (16u << 20)

typedef struct
{
  char *key;   /* UTF-8; a key that is no String reads "CLASS@0xID" */
  char *value; /* likewise */
} HsSystemProp;

typedef struct
{
  HsSystemProp *props; /* sorted by key (byte order), then value */
  guint n_props;
  /* Where they were read: "java.lang.System.props",
   * "jdk.internal.misc.VM.savedProps", "sun.misc.VM.savedProps"; NULL
   * when the dump has none. */
  const char *source;
  char **jvm_args; /* NULL-terminated, in order; never NULL */
  guint n_jvm_args;
  /* "sun.management.VMManagementImpl.vmArgs" or NULL. */
  const char *jvm_args_source;
  gboolean truncated;
} HsSystemProps;

/* Reads them. Thread-safe on a loaded heap; never fails (a dump without
 * them gives empty lists). */
HsSystemProps *hs_system_props_read (HsHeap *heap);
void hs_system_props_free (HsSystemProps *props);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HsSystemProps, hs_system_props_free)

/* The value of key, or NULL (the first when the dump has it twice). */
const char *hs_system_props_get (const HsSystemProps *props, const char *key);

/* As CSV (cells as RFC 4180 quotes them, a row a line): "key,value" and
 * a row per property, a blank line, then "jvm argument" and a row per
 * argument (`props --csv`). */
void hs_system_props_append_csv (GString *out, const HsSystemProps *props);

G_END_DECLS
